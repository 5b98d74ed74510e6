//! Unit tests of the picture's helpers: the float rounding `core` lacks without std, and the
//! widths of text and its wrapping.

use super::svg;
use super::text::{ceil, round, short, text_w, wide, wrap};
use super::words::Words;
use alloc::rc::Rc;
use alloc::vec::Vec;
use settle_i18n::{Part, Tr};
use settle_scenario::parse;

#[test]
fn round_and_ceil_match_std() {
    for v in [
        0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.4, -0.5, -0.6, -1.5, 123.456, -7.0, 792.0001,
    ] {
        assert_eq!(round(v), v.round(), "round {v}");
        assert_eq!(ceil(v), v.ceil(), "ceil {v}");
    }
}

#[test]
fn a_chinese_label_is_at_least_a_full_em_a_character() {
    let size = 10.5;
    for label in [
        "死信队列",
        "在队列中等待",
        "已锁定（扫视锁定）",
        "锁定过期",
        "：，。",
    ] {
        let n = label.chars().count() as f64;
        assert!(
            text_w(label, size) >= n * size,
            "{label}: {} < {}",
            text_w(label, size),
            n * size
        );
        assert!(label.chars().all(wide), "{label}");
    }
}

#[test]
fn cyrillic_and_czech_letters_are_measured_like_letters() {
    // A Cyrillic word is a little wider than a Latin one of as many lower-case letters, and far
    // narrower than as many full-width characters.
    let ru = "недоставленные";
    let n = ru.chars().count() as f64;
    assert!(text_w(ru, 10.0) > text_w(&"a".repeat(ru.chars().count()), 10.0));
    assert!(text_w(ru, 10.0) < 0.8 * n * 10.0);
    assert!(text_w("ОЧЕРЕДЬ", 10.0) > text_w("очередь", 10.0));
    // Czech letters with diacritics as their base letters.
    assert_eq!(text_w("příjemce", 10.0), text_w("prijemce", 10.0));
    assert_eq!(text_w("ŘEŠENÍ", 10.0), text_w("RESENI", 10.0));
}

#[test]
fn a_chinese_line_is_cut_and_wrapped_by_its_width() {
    // Cut to columns: a full-width character takes two.
    assert_eq!(short("死信队列中的消息", 6), "死信…");
    assert_eq!(short("dead-letter", 6), "dead-…");
    // Chinese has no spaces: a line breaks between its characters.
    let w = Words::installed();
    let text = "在死信队列中等待的消息".repeat(4);
    let lines = wrap(&w, &text, 200.0, 10.0, 5);
    assert!(lines.len() > 1, "{lines:?}");
    for l in &lines {
        assert!(text_w(l, 10.0) <= 200.0, "{l}");
    }
    assert_eq!(lines.concat(), text);
    // Other words stay whole.
    let text = "lock duration 30 s · max delivery count 10";
    let lines = wrap(&w, text, 60.0, 10.0, 9);
    assert!(lines.len() > 1, "{lines:?}");
    let words: Vec<&str> = lines.iter().flat_map(|l| l.split(' ')).collect();
    assert_eq!(words, text.split(' ').collect::<Vec<_>>());
}

/// A program that installed no `print` messages (the artifacts worker) draws in English, as
/// natively.
#[test]
fn without_print_messages_the_story_is_english() {
    let sc = parse(settle_scenario::presets::preset("lock-expiry").unwrap()).unwrap();
    let english = svg(&sc).unwrap();
    settle_i18n::install(Rc::new(Tr::english(&[Part::Page])));
    let got = svg(&sc);
    settle_i18n::install(Rc::new(Tr::english(&Part::ALL)));
    assert_eq!(got.unwrap(), english);
    assert!(english.contains(">Dead-letter queue<"));
}
