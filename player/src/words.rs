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
    let ms = d.as_millis();
    if ms < 1000 {
        tf("clock-ms", &[("ms", Arg::from(ms))])
    } else if ms.is_multiple_of(60_000) {
        tf("clock-minutes", &[("min", Arg::from(ms / 60_000))])
    } else if ms.is_multiple_of(1000) {
        tf("clock-seconds", &[("s", Arg::from(ms / 1000))])
    } else {
        let tenths = ms / 100 + u64::from(ms % 100 >= 50);
        tf(
            "clock-seconds",
            &[("s", Arg::fixed(tenths as f64 / 10.0, 1))],
        )
    }
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
