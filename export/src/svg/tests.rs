//! Unit tests of the picture's helpers (the float rounding `core` lacks without std, text widths
//! and wrapping) and of the picture in another language.

extern crate std;

use super::lanes::TITLE_ROOM;
use super::text::{ceil, round, short, text_w, wide, wrap};
use super::words::Words;
use super::{svg, svg_animated};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_i18n::{Lang, Part, Tr};
use settle_scenario::{Scenario, parse};

#[test]
fn round_and_ceil_match_std() {
    for v in [
        0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.4, -0.5, -0.6, -1.5, 123.456, -7.0, 792.0001,
    ] {
        assert_eq!(round(v), v.round(), "round {v}");
        assert_eq!(ceil(v), v.ceil(), "ceil {v}");
    }
}

fn preset(name: &str) -> Scenario {
    parse(settle_scenario::presets::preset(name).unwrap()).unwrap()
}

/// Every preset, and every example with several entities.
fn scenarios() -> Vec<(String, Scenario)> {
    let mut out: Vec<(String, Scenario)> = settle_scenario::presets::PRESETS
        .iter()
        .map(|(n, t)| ((*n).to_string(), parse(t).unwrap()))
        .collect();
    #[cfg(feature = "entities")]
    {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/entities");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            out.push((f.display().to_string(), parse(&text).unwrap()));
        }
    }
    out
}

/// A picture's texts, each with its element's attributes: `x`, `class`, and whether it is in
/// the legend.
struct Text {
    x: String,
    class: String,
    legend: bool,
    text: String,
}

fn texts(svg: &str) -> Vec<Text> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| Text {
            x: n.attribute("x").unwrap_or_default().to_string(),
            class: n.attribute("class").unwrap_or_default().to_string(),
            legend: n
                .ancestors()
                .any(|a| a.attribute("class") == Some("legend")),
            text: n.text().unwrap_or_default().to_string(),
        })
        .collect()
}

impl Text {
    /// A lane's name (bold, left of the axis).
    fn lane_title(&self) -> bool {
        self.x == "16" && self.class == "b"
    }
    /// The line under a lane's name (the axis's label is there too).
    fn lane_role(&self) -> bool {
        self.x == "16" && self.class == "mu sm"
    }
}

fn cyrillic(s: &str) -> bool {
    s.chars().any(|c| matches!(c, 'А'..='я' | 'Ё' | 'ё'))
}

fn chinese(s: &str) -> bool {
    s.chars().any(|c| matches!(c, '\u{4e00}'..='\u{9fff}'))
}

/// The settlement operations, which keep their API names in every language.
const API_NAMES: [&str; 4] = ["Complete", "Abandon", "Defer", "DeadLetter"];

/// The words of `sc`'s lanes and legend in English, and its picture in `lang`, where every
/// lane's role, the legend (but the API names) and the axis must be in `script`, and none of
/// the English words may be left.
fn check_translated(sc: &Scenario, lang: Lang, script: impl Fn(&str) -> bool) {
    let english: Vec<String> = {
        let _en = settle_i18n::speak(Lang::En);
        texts(&svg(sc).unwrap())
            .into_iter()
            .filter(|t| t.legend || t.lane_role() || (t.lane_title() && place(&t.text)))
            .map(|t| t.text)
            .chain(["What happened".to_string()])
            .collect()
    };
    assert!(
        english.iter().any(|t| t == "Dead-letter queue"),
        "{english:?}"
    );
    assert!(english.iter().any(|t| t == "virtual time"), "{english:?}");
    let _lang = settle_i18n::speak(lang);
    let text = svg(sc).unwrap();
    assert!(
        text.starts_with(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:lang=\"{0}\" lang=\"{0}\" ",
            lang.tag()
        )),
        "{}",
        &text[..200]
    );
    let drawn = texts(&text);
    for t in &drawn {
        assert!(
            !english.contains(&t.text),
            "{lang}: English left: {:?}",
            t.text
        );
    }
    let legend: Vec<&Text> = drawn.iter().filter(|t| t.legend).collect();
    assert!(legend.len() >= 5, "{lang}: a legend of {}", legend.len());
    for t in legend {
        assert!(
            script(&t.text) || API_NAMES.contains(&t.text.as_str()),
            "{lang}: legend {:?}",
            t.text
        );
    }
    let roles: Vec<&Text> = drawn.iter().filter(|t| t.lane_role()).collect();
    assert!(roles.len() >= 4, "{lang}: {} lanes", roles.len());
    for t in roles {
        assert!(script(&t.text), "{lang}: lane {:?}", t.text);
    }
    // The dead-letter queue's lane is named in the language.
    assert!(
        drawn.iter().any(|t| t.lane_title() && script(&t.text)),
        "{lang}"
    );
}

/// Whether an English lane's name is a place's (a client's is its own name in any language).
fn place(title: &str) -> bool {
    ["Queue", "Topic ", "Subscription ", "Dead-letter queue"]
        .iter()
        .any(|p| title.starts_with(p))
}

#[test]
fn the_lock_expiry_story_in_russian_has_no_english_lane_or_legend_words() {
    check_translated(&preset("lock-expiry"), Lang::Ru, cyrillic);
    let _ru = settle_i18n::speak(Lang::Ru);
    let t: Vec<String> = texts(&svg(&preset("lock-expiry")).unwrap())
        .into_iter()
        .map(|t| t.text)
        .collect();
    // A redelivery's label, the refused Complete (the API's name, the broker's code) and the
    // seconds with a decimal comma.
    assert!(t.iter().any(|s| s.starts_with("m1 · доставка 2")), "{t:?}");
    assert!(
        t.iter().any(|s| s == "Complete m1 → MessageLockLost"),
        "{t:?}"
    );
    assert!(t.iter().any(|s| s == "Недоставленные"), "{t:?}");
    assert!(t.iter().any(|s| s == "31 с"), "{t:?}");
}

#[test]
fn the_poison_message_story_in_chinese_has_no_english_lane_or_legend_words() {
    check_translated(&preset("poison-message"), Lang::ZhHans, chinese);
    let _zh = settle_i18n::speak(Lang::ZhHans);
    let t: Vec<String> = texts(&svg(&preset("poison-message")).unwrap())
        .into_iter()
        .map(|t| t.text)
        .collect();
    assert!(t.iter().any(|s| s == "死信队列"), "{t:?}");
    assert!(t.iter().any(|s| s == "发生了什么"), "{t:?}");
    // The broker's reason stays as the broker has it.
    assert!(
        t.iter().any(|s| s == "order-2 · MaxDeliveryCountExceeded"),
        "{t:?}"
    );
}

#[test]
fn the_lock_expiry_story_in_czech_and_chinese_has_no_english_lane_or_legend_words() {
    let czech = |s: &str| {
        // Czech words without diacritics are Czech too: the ones this picture uses.
        s.chars().any(|c| "áčďéěíňóřšťúůýž".contains(c))
            || [
                "fronta",
                "klient",
                "zpráva",
                "naplánováno",
                "odloženo",
                "pád",
            ]
            .iter()
            .any(|w| s.contains(w))
    };
    check_translated(&preset("lock-expiry"), Lang::Cs, czech);
    check_translated(&preset("lock-expiry"), Lang::ZhHans, chinese);
}

/// Every preset and entity example in every language: well-formed, every word a message's (no
/// id, no unresolved variable), lane names and the lines under them within their room, uncut.
#[test]
fn every_story_renders_in_every_language_within_its_room() {
    let all = scenarios();
    let mut problems = Vec::new();
    for lang in [Lang::ZhHans, Lang::Cs, Lang::Ru] {
        let _lang = settle_i18n::speak(lang);
        for (name, sc) in &all {
            for text in [svg(sc).unwrap(), svg_animated(sc).unwrap()] {
                assert!(text.len() <= super::MAX_BYTES, "{lang} {name}");
                for t in texts(&text) {
                    let s = &t.text;
                    if s.contains("story-") || s.contains('{') {
                        problems.push(format!("{lang} {name}: {s:?}"));
                    }
                    let cut = s.ends_with('…');
                    if t.lane_title() && (cut || text_w(s, 12.0) > TITLE_ROOM) {
                        problems.push(format!("{lang} {name}: lane {s:?}"));
                    }
                    if t.lane_role() && cut {
                        problems.push(format!("{lang} {name}: under a lane {s:?}"));
                    }
                }
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A program that installed no `print` messages (the artifacts worker) draws in English, as
/// natively.
#[test]
fn without_print_messages_the_story_is_english() {
    let sc = preset("lock-expiry");
    let english = svg(&sc).unwrap();
    settle_i18n::install(Rc::new(Tr::english(&[Part::Page.english()])));
    let got = svg(&sc);
    settle_i18n::install(settle_i18n::whole(Lang::En));
    assert_eq!(got.unwrap(), english);
    assert!(english.contains(">Dead-letter queue<"));
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
    // Every legend word in Chinese, with the Latin in it.
    let _zh = settle_i18n::speak(Lang::ZhHans);
    let w = Words::installed();
    for id in [
        "story-legend-waiting",
        "story-legend-locked",
        "story-lane-dead-letter",
    ] {
        let label = w.t(id);
        let wide_n = label.chars().filter(|&c| wide(c)).count() as f64;
        assert!(wide_n >= 2.0, "{label}");
        assert!(text_w(&label, size) >= wide_n * size, "{label}");
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
    let _zh = settle_i18n::speak(Lang::ZhHans);
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
