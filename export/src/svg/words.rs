//! The picture's words: the `story-` messages of `print.ftl` (Fluent, through `settle-i18n`) in
//! the language installed when the drawing starts, and the numbers they carry.
//!
//! A program that installed no `print` part (a wasm program installs the parts it carries, and
//! the artifacts worker has none in English) gets the English messages, compiled in, with the
//! narration's (an error's explanation): the picture never shows a message's id.

use alloc::rc::Rc;
use alloc::string::{String, ToString};
use settle_i18n::{Arg, Lang, Part, Tr};

/// A message every language's `print.ftl` has: the installed words are the picture's too.
const PROBE: &str = "story-lane-queue";

/// The messages a picture is drawn with.
pub(super) struct Words(Rc<Tr>);

impl Words {
    /// The installed language's, else English.
    pub(super) fn installed() -> Self {
        let tr = settle_i18n::current();
        if tr.has(PROBE) {
            Self(tr)
        } else {
            Self(Rc::new(Tr::english(&[
                Part::Print.english(),
                Part::Narrate.english(),
            ])))
        }
    }

    /// The message `id`.
    pub(super) fn t(&self, id: &str) -> String {
        self.0.format(id, &[])
    }

    /// The message `id` with its variables.
    pub(super) fn tf(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.0.format(id, args)
    }

    /// An error's explanation of a lost lock (the narration's words, `settle_i18n::explanation`).
    pub(super) fn explanation(&self, why: &settle_core::Why) -> String {
        settle_i18n::explanation(&self.0, why)
    }

    /// Items listed in a sentence (`a, b, c`; in Chinese `a、b、c`).
    pub(super) fn list<S: AsRef<str>>(&self, items: impl IntoIterator<Item = S>) -> String {
        settle_i18n::list_in(&self.0, items)
    }

    /// The language the words are in.
    pub(super) fn lang(&self) -> Lang {
        self.0.lang()
    }

    /// The words are English (their lengths are what the picture's limits were made for).
    pub(super) fn english(&self) -> bool {
        self.lang() == Lang::En
    }
}

/// Virtual milliseconds as seconds with the decimals they need (none to three): 31, 0.08, 1.25.
#[allow(
    clippy::cast_precision_loss,
    reason = "virtual times are far below 2^53 ms"
)]
pub(super) fn secs(ms: u64) -> Arg<'static> {
    let frac = ms % 1000;
    let digits = match frac {
        0 => 0,
        f if f % 100 == 0 => 1,
        f if f % 10 == 0 => 2,
        _ => 3,
    };
    Arg::fixed(ms as f64 / 1000.0, digits)
}

/// Virtual milliseconds as seconds with one decimal at most: 26.4, 30.
#[allow(
    clippy::cast_precision_loss,
    reason = "virtual times are far below 2^53 ms"
)]
pub(super) fn secs_round(ms: u64) -> Arg<'static> {
    // As `text::num` rounds.
    let r = super::text::round(ms as f64 / 1000.0 * 10.0) / 10.0;
    let whole = super::text::round(r) == r;
    Arg::fixed(r, if whole { 0 } else { 1 })
}

/// A whole number as a number (for its plural form) where a float holds it exactly, else as its
/// digits (a byte count may be as large as `u64::MAX`).
pub(super) fn whole(n: u64) -> Arg<'static> {
    if n <= 1 << 53 {
        Arg::from(n)
    } else {
        Arg::from(n.to_string())
    }
}

/// A duration's `$n` and `$unit` (story-duration): whole days, hours or minutes where it is
/// one, else seconds.
pub(super) fn duration(ms: u64) -> [(&'static str, Arg<'static>); 2] {
    const MIN: u64 = 60_000;
    const H: u64 = 60 * MIN;
    const D: u64 = 24 * H;
    let (n, unit) = if ms >= D && ms.is_multiple_of(D) {
        (Arg::from(ms / D), "d")
    } else if ms >= H && ms.is_multiple_of(H) {
        (Arg::from(ms / H), "h")
    } else if ms >= MIN && ms.is_multiple_of(MIN) {
        (Arg::from(ms / MIN), "min")
    } else {
        (secs(ms), "s")
    };
    [("n", n), ("unit", Arg::from(unit))]
}
