//! Words the player writes again and again: times in the installed language (`12.500 s` on
//! the clock, `12.3 s` of a lock, `1.5 s` or `250 ms` of a setting), and a memo of the labels
//! the stage paints every frame.
//!
//! The memo keeps each label it formatted, by message and value (a number or a name), so that
//! a picture asks Fluent only for words it has not written yet; it forgets them all when the
//! installed language changes, or when it holds [`MEMO_CAP`] of them.

use settle_core::{Duration, Instant};
use settle_i18n::{Arg, Tr, t, tf};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// An instant on the clock, to the millisecond: `12.500 s`.
#[must_use]
pub fn instant(at: Instant) -> String {
    tf(
        "clock-instant",
        &[("s", Arg::fixed(at.as_millis() as f64 / 1000.0, 3))],
    )
}

/// Time left or due, to the tenth of a second below (`12.3 s`), as a lock's seconds.
#[must_use]
pub fn seconds(ms: u64) -> Rc<str> {
    tenths("clock-seconds", ms)
}

/// A setting's duration, as [`Duration`]'s display writes it: `250 ms`, `30 s`, `1.5 s`
/// (to the nearest tenth), `2 min`.
#[must_use]
pub fn duration(d: Duration) -> String {
    match settle_i18n::duration_parts(d) {
        ("ms", n) => tf("clock-ms", &[("ms", n)]),
        ("min", n) => tf("clock-minutes", &[("min", n)]),
        (_, n) => tf("clock-seconds", &[("s", n)]),
    }
}

/// A refused document, in the installed language: `error: $.path: the problem`.
#[must_use]
pub fn doc_error(e: &settle_scenario::FormatError) -> String {
    let said = settle_i18n::format_error(&settle_i18n::current(), e);
    tf("doc-error", &[("error", Arg::from(said))])
}

/// Message `id` without variables, from the memo.
#[must_use]
pub fn label(id: &'static str) -> Rc<str> {
    memo(id, Value::Num(0), || t(id))
}

/// Message `id` with its number `$n`, from the memo.
#[must_use]
pub fn counted(id: &'static str, n: u64) -> Rc<str> {
    memo(id, Value::Num(n), || tf(id, &[("n", Arg::from(n))]))
}

/// Message `id` with `$s`, the seconds in `ms` to the tenth below (`4.0`), from the memo.
#[must_use]
pub fn tenths(id: &'static str, ms: u64) -> Rc<str> {
    let tenths = ms / 100;
    memo(id, Value::Num(tenths), || {
        tf(id, &[("s", Arg::fixed(tenths as f64 / 10.0, 1))])
    })
}

/// Message `id` with the name `$name`, from the memo.
#[must_use]
pub fn named(id: &'static str, name: &Rc<str>) -> Rc<str> {
    memo(id, Value::Name(Rc::clone(name)), || {
        tf(id, &[("name", Arg::from(&**name))])
    })
}

/// Message `id` formatted by `make` for the number `key` (a value it is made from), from the
/// memo.
#[must_use]
pub fn keyed(id: &'static str, key: u64, make: impl FnOnce() -> String) -> Rc<str> {
    memo(id, Value::Num(key), make)
}

/// How many labels the memo keeps before it starts afresh (a running clock makes new ones).
const MEMO_CAP: usize = 4096;

/// What a memoised label was made from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Value {
    Num(u64),
    Name(Rc<str>),
}

/// The labels, and the messages they were made from.
#[derive(Default)]
struct Memo {
    tr: Option<Rc<Tr>>,
    words: HashMap<(&'static str, Value), Rc<str>>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

fn memo(id: &'static str, value: Value, make: impl FnOnce() -> String) -> Rc<str> {
    let tr = settle_i18n::current();
    let key = (id, value);
    let known = MEMO.with_borrow_mut(|m| {
        if !m.tr.as_ref().is_some_and(|x| Rc::ptr_eq(x, &tr)) {
            m.words.clear();
            m.tr = Some(tr);
        }
        m.words.get(&key).cloned()
    });
    if let Some(w) = known {
        return w;
    }
    // Made outside the memo's borrow (formatting reads the installed messages).
    let word: Rc<str> = make().into();
    MEMO.with_borrow_mut(|m| {
        if m.words.len() >= MEMO_CAP {
            m.words.clear();
        }
        m.words.insert(key, Rc::clone(&word));
    });
    word
}

#[cfg(test)]
pub(crate) use settle_i18n::speak;

#[cfg(test)]
mod tests {
    use super::*;
    use settle_i18n::Lang;

    /// English times are written exactly as settle-core's `Display` writes them (the films
    /// and the golden texts hold them byte for byte), whatever the rounding.
    #[test]
    fn english_times_are_settle_cores() {
        for ms in (0..200_000).step_by(7).chain([
            999, 1_000, 1_049, 1_050, 1_250, 59_950, 60_000, 3_600_000, 86_400_123,
        ]) {
            let (t, d) = (Instant::from_millis(ms), Duration::from_millis(ms));
            assert_eq!(instant(t), t.to_string(), "{ms}");
            assert_eq!(duration(d), d.to_string(), "{ms}");
            assert_eq!(
                &*seconds(ms),
                format!("{}.{} s", ms / 1000, (ms % 1000) / 100),
                "{ms}"
            );
        }
    }

    /// Czech and Russian write a decimal comma, and their own unit where it differs.
    #[test]
    fn czech_and_russian_times_have_a_decimal_comma() {
        let t = Instant::from_millis(61_500);
        {
            let _cs = speak(Lang::Cs);
            assert_eq!(instant(t), "61,500 s");
            assert_eq!(&*seconds(61_549), "61,5 s");
            assert_eq!(duration(Duration::from_millis(1_250)), "1,3 s");
            assert_eq!(duration(Duration::from_millis(30_000)), "30 s");
            assert_eq!(duration(Duration::from_millis(120_000)), "2 min");
        }
        {
            let _ru = speak(Lang::Ru);
            assert_eq!(instant(t), "61,500 с");
            assert_eq!(&*seconds(4_000), "4,0 с");
            assert_eq!(duration(Duration::from_millis(250)), "250 мс");
        }
        assert_eq!(&*seconds(61_549), "61.5 s");
    }

    /// Counted labels take the language's plural form (the CLDR's: Czech one, few, other;
    /// Russian one, few, many), and the memo forgets a language's labels when another is
    /// installed.
    #[test]
    fn counted_labels_take_the_plural_form_of_their_number() {
        let forms = |id| [1, 2, 5, 21].map(|n| counted(id, n).to_string());
        assert_eq!(
            forms("queue-settings-queues"),
            ["1 queue", "2 queues", "5 queues", "21 queues"]
        );
        {
            let _cs = speak(Lang::Cs);
            assert_eq!(
                forms("queue-settings-queues"),
                ["1 fronta", "2 fronty", "5 front", "21 front"]
            );
            assert_eq!(
                forms("stage-more-completed"),
                [
                    "ještě 1 dokončena",
                    "ještě 2 dokončeny",
                    "ještě 5 dokončeno",
                    "ještě 21 dokončeno"
                ]
            );
        }
        {
            let _ru = speak(Lang::Ru);
            assert_eq!(
                forms("queue-settings-queues"),
                ["1 очередь", "2 очереди", "5 очередей", "21 очередь"]
            );
            assert_eq!(
                forms("stage-more-expired"),
                [
                    "ещё 1 блокировка истекла",
                    "ещё 2 блокировки истекли",
                    "ещё 5 блокировок истекло",
                    "ещё 21 блокировка истекла"
                ]
            );
        }
        assert_eq!(&*counted("stage-moving", 21), "21 moving");
    }

    /// The string literals of the player's sources (but the narration's, which has its own
    /// messages) that look like one of play.ftl's ids: `stage-moving`, `clock-instant`, ….
    fn ids_in_sources() -> Vec<String> {
        const AREAS: [&str; 19] = [
            "clock-",
            "stage-",
            "lock-",
            "lane-",
            "queue-settings-",
            "mark-",
            "inspect-",
            "auto-",
            "log-",
            "form-",
            "welcome-",
            "doc-",
            "notice-",
            "link-",
            "lesson-",
            "film-",
            "artifact-",
            "crash-",
            "view-",
        ];
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        let mut ids = Vec::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).expect("the sources").flatten() {
                let path = entry.path();
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or_default();
                // The narration and the What-if page speak other parts (narrate, print).
                if name.starts_with("narrate") || name == "whatif" {
                    continue;
                }
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                // Every other piece between double quotes is a literal's text.
                for piece in text.split('"').skip(1).step_by(2) {
                    let is_id = piece
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                    // (Not the areas themselves, above.)
                    if is_id && !piece.ends_with('-') && AREAS.iter().any(|a| piece.starts_with(a))
                    {
                        ids.push(piece.to_string());
                    }
                }
            }
        }
        ids.sort();
        ids.dedup();
        ids
    }

    /// Every message the player asks for is in English's play.ftl (a missing one would show
    /// its id), and every message there is asked for.
    #[test]
    fn the_player_asks_for_exactly_play_ftls_messages() {
        // Literals that look like ids and are not messages: classes, presets, a worker's kind.
        const NOT_MESSAGES: [&str; 16] = [
            "auto-renew",
            "clock-face",
            "clock-readout",
            "clock-time",
            "crash-actions",
            "crash-long-lock",
            "crash-peek-lock-vs-receive-and-delete",
            "crash-short-lock",
            "crash-short-vs-long-lock",
            "film-link",
            "lock-expiry",
            "lock-expiry-and-redelivery",
            "lock-too-short",
            "stage-area",
            "stage-box",
            "stage-canvas",
        ];
        let english = Tr::english(&[settle_i18n::Part::Play.english()]);
        let used = ids_in_sources();
        let missing: Vec<&String> = used
            .iter()
            .filter(|id| !english.has(id) && !NOT_MESSAGES.contains(&id.as_str()))
            .collect();
        assert!(missing.is_empty(), "not in en/play.ftl: {missing:?}");
        let defined = ids(settle_i18n::Part::Play);
        let unused: Vec<&String> = defined
            .iter()
            .filter(|id| !used.iter().any(|u| u == *id))
            .collect();
        assert!(unused.is_empty(), "asked for by nothing: {unused:?}");
    }

    /// The ids of `part`'s English messages.
    fn ids(part: settle_i18n::Part) -> Vec<String> {
        settle_i18n::compiled::read(part.english())
            .expect("the compiled English messages")
            .into_iter()
            .map(|m| m.id.into())
            .collect()
    }

    /// Every word of the scenario crate's sources: a `Said`'s id is one of them, as `"<id>",`.
    fn scenario_sources() -> String {
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../scenario/src"
        ))];
        let mut text = String::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir)
                .expect("the scenario's sources")
                .flatten()
            {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    text.push_str(&std::fs::read_to_string(&path).expect("a source"));
                }
            }
        }
        text
    }

    /// A refused document's problem (`settle_i18n::format_error`) is asked for by the name the
    /// scenario crate's reader gives it, `format-<name>`: every message of en/format.ftl is one,
    /// and play.ftl, which the film player carries, holds none.
    #[test]
    fn every_format_message_is_one_the_scenario_reader_gives() {
        let reader = scenario_sources();
        let defined = ids(settle_i18n::Part::Format);
        assert!(defined.len() > 5, "{defined:?}");
        let unsaid: Vec<&String> = defined
            .iter()
            .filter(|id| {
                !id.strip_prefix("format-")
                    .is_some_and(|name| reader.contains(&format!("\"{name}\",")))
            })
            .collect();
        assert!(unsaid.is_empty(), "given by no reader: {unsaid:?}");
        let in_play: Vec<String> = ids(settle_i18n::Part::Play)
            .into_iter()
            .filter(|id| id.starts_with("format-"))
            .collect();
        assert!(in_play.is_empty(), "in play.ftl: {in_play:?}");
    }
}
