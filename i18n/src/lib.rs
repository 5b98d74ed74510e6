//! Every word Settle writes, in English, Simplified Chinese, Czech and Russian.
//!
//! The words are Project Fluent messages (`ftl/<lang>/<part>.ftl`), which programs read
//! compiled ([`compiled`]); plural forms follow the CLDR's rules. A [`Tr`] holds one language's messages over English ones, which answer
//! for anything missing. The page, the viewer and the CLI install one with [`install`] and ask
//! for words with [`t`] and [`tf`]. API and protocol names (Complete, PeekLock,
//! MaxDeliveryCount, …) stay as they are in every language, as Microsoft's translations keep
//! them; `docs/glossary.md` gives each concept's term in each language and its source.

pub mod compiled;
mod lang;
mod plural;

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use compiled::{Elem, Key, Message, Pattern};
use settle_scenario::lesson::Number;

pub use lang::Lang;

/// Whether `c` is full-width, one em wide in every font that has it: the CJK ideographs and
/// their punctuation (，。：（）), kana, Hangul, and the full-width forms. What Settle's width
/// estimates (the stage, the SVG story, the clock's readouts) count as wide.
#[must_use]
pub const fn is_wide(c: char) -> bool {
    matches!(
        c as u32,
        0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x20000..=0x3FFFD
    )
}

/// A part of Settle's words, one `.ftl` file per language: what one program needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The playground's page: buttons, labels, headings, notices, the help.
    Page,
    /// What every player of a scenario shows: the stage's labels, the clock, the log and the
    /// inspector.
    Play,
    /// The "why" narration: one sentence for each thing the broker does.
    Narrate,
    /// The built-in lessons and comparisons: titles, descriptions, captions, summaries and
    /// figures. English comes from the documents themselves (`en/lessons.ftl` is made from
    /// them, for translators), so an English page never loads it.
    Lessons,
    /// What Settle prints outside the page: the SVG story (`settle render`, the page's
    /// download) and the CLI's lesson and comparison.
    Print,
    /// Why a document was refused (`settle_scenario::FormatError`): what a program that reads
    /// documents says about one it refuses. The film player, which plays a film, has no need.
    Format,
}

impl Part {
    /// Every part.
    pub const ALL: [Self; 6] = [
        Self::Page,
        Self::Play,
        Self::Narrate,
        Self::Lessons,
        Self::Print,
        Self::Format,
    ];

    /// The file's name without `.ftl`, as served under `i18n/<lang>/`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Page => "page",
            Self::Play => "play",
            Self::Narrate => "narrate",
            Self::Lessons => "lessons",
            Self::Print => "print",
            Self::Format => "format",
        }
    }

    /// The English messages, compiled in (English is what a first visit needs).
    #[must_use]
    pub const fn english(self) -> &'static [u8] {
        match self {
            Self::Page => include_bytes!("../compiled/en/page.txt"),
            Self::Play => include_bytes!("../compiled/en/play.txt"),
            Self::Narrate => include_bytes!("../compiled/en/narrate.txt"),
            Self::Lessons => include_bytes!("../compiled/en/lessons.txt"),
            Self::Print => include_bytes!("../compiled/en/print.txt"),
            Self::Format => include_bytes!("../compiled/en/format.txt"),
        }
    }

    /// A language's messages, compiled in: what the CLI and the tests use. The page fetches
    /// them instead (`compiled/<lang>/<part>.txt`), so that only the chosen language travels.
    #[must_use]
    pub const fn source(self, lang: Lang) -> &'static [u8] {
        match (lang, self) {
            (Lang::En, _) => self.english(),
            (Lang::ZhHans, Self::Page) => include_bytes!("../compiled/zh-Hans/page.txt"),
            (Lang::ZhHans, Self::Play) => include_bytes!("../compiled/zh-Hans/play.txt"),
            (Lang::ZhHans, Self::Narrate) => include_bytes!("../compiled/zh-Hans/narrate.txt"),
            (Lang::ZhHans, Self::Lessons) => include_bytes!("../compiled/zh-Hans/lessons.txt"),
            (Lang::ZhHans, Self::Print) => include_bytes!("../compiled/zh-Hans/print.txt"),
            (Lang::ZhHans, Self::Format) => include_bytes!("../compiled/zh-Hans/format.txt"),
            (Lang::Cs, Self::Page) => include_bytes!("../compiled/cs/page.txt"),
            (Lang::Cs, Self::Play) => include_bytes!("../compiled/cs/play.txt"),
            (Lang::Cs, Self::Narrate) => include_bytes!("../compiled/cs/narrate.txt"),
            (Lang::Cs, Self::Lessons) => include_bytes!("../compiled/cs/lessons.txt"),
            (Lang::Cs, Self::Print) => include_bytes!("../compiled/cs/print.txt"),
            (Lang::Cs, Self::Format) => include_bytes!("../compiled/cs/format.txt"),
            (Lang::Ru, Self::Page) => include_bytes!("../compiled/ru/page.txt"),
            (Lang::Ru, Self::Play) => include_bytes!("../compiled/ru/play.txt"),
            (Lang::Ru, Self::Narrate) => include_bytes!("../compiled/ru/narrate.txt"),
            (Lang::Ru, Self::Lessons) => include_bytes!("../compiled/ru/lessons.txt"),
            (Lang::Ru, Self::Print) => include_bytes!("../compiled/ru/print.txt"),
            (Lang::Ru, Self::Format) => include_bytes!("../compiled/ru/format.txt"),
        }
    }
}

/// The message id of one text of a built-in lesson or comparison `doc` (its name):
/// `what` is `title`, `description`, `note`, `summary`, `figure`, `figure-value`, `variant`,
/// `fact`, `fact-value` or `difference`, and `i` counts from 1 where the document has a list.
/// A caption's placeholders are the message's `$n1`, `$n2`, … in order.
#[must_use]
pub fn lesson_id(doc: &str, what: &str, i: Option<usize>) -> String {
    match (i, what.split_once('-')) {
        (None, _) => format!("{doc}-{what}"),
        (Some(i), Some((list, rest))) => format!("{doc}-{list}-{i}-{rest}"),
        (Some(i), None) => format!("{doc}-{what}-{i}"),
    }
}

/// The built-in lesson or comparison whose English title is `title`, by its name (read from
/// `en/lessons.ftl`, which is made from the documents): a copy of a built-in document is
/// told in the same words.
#[must_use]
pub fn lesson_named(title: &str) -> Option<String> {
    let messages = compiled::read(Part::Lessons.english()).ok()?;
    messages.into_iter().find_map(|m| {
        let name = m.id.strip_suffix("-title")?;
        matches!(&*m.pattern, [Elem::Text(t)] if **t == *title).then(|| name.to_owned())
    })
}

/// The installed language's words for the texts of the built-in document `name`, as a
/// document's [`settle_scenario::lesson::Words`]: none in English (the documents are English)
/// or where the language has no message ([`lesson_id`]) for a text.
pub fn lesson_words(name: &str) -> impl Fn(&str, Option<usize>, &[Number]) -> Option<String> + '_ {
    let tr = current();
    move |what, i, numbers| {
        if tr.lang == Lang::En {
            return None;
        }
        let id = lesson_id(name, what, i);
        if !tr.has(&id) {
            return None;
        }
        let names: Vec<String> = (1..=numbers.len()).map(|k| format!("n{k}")).collect();
        let args: Vec<(&str, Arg<'_>)> = names
            .iter()
            .zip(numbers)
            .map(|(name, n)| {
                let value = Arg::Num {
                    value: n.value(),
                    digits: None,
                    grouped: n.grouped,
                };
                (name.as_str(), value)
            })
            .collect();
        Some(tr.format(&id, &args))
    }
}

/// One language's messages, with English behind them.
pub struct Tr {
    lang: Lang,
    /// Each part's messages, sorted by id as its compiled file is.
    parts: Vec<Box<[Message]>>,
    english: Option<Rc<Self>>,
}

impl Tr {
    /// English, from the compiled messages of the parts a program speaks (`Part::english`,
    /// compiled in). A wasm program names them in a `const` so that only those parts are
    /// linked: `const EN: [&[u8]; 2] = [Part::Page.english(), Part::Play.english()];`.
    #[must_use]
    pub fn english(parts: &[&[u8]]) -> Self {
        Self::build(Lang::En, parts, None).unwrap_or_else(|_| Self::empty(Lang::En))
    }

    /// A language's messages from compiled files ([`compiled`]), over English (`english`),
    /// which answers for any message they lack.
    ///
    /// # Errors
    /// A file that is not compiled messages, or whose ids are not in order (one defined
    /// twice): the error names the language and what is wrong.
    pub fn new(lang: Lang, parts: &[&[u8]], english: Rc<Self>) -> Result<Self, String> {
        Self::build(lang, parts, Some(english))
    }

    fn empty(lang: Lang) -> Self {
        Self {
            lang,
            parts: Vec::new(),
            english: None,
        }
    }

    fn build(lang: Lang, parts: &[&[u8]], english: Option<Rc<Self>>) -> Result<Self, String> {
        // Each part is looked up by itself: its file is sorted, so a page links no sorting.
        let mut read = Vec::with_capacity(parts.len());
        for part in parts {
            let messages = compiled::read(part).map_err(|e| format!("{lang}: {e}"))?;
            if let Some(w) = messages.windows(2).find(|w| w[0].id >= w[1].id) {
                return Err(format!(
                    "{lang}: {} is out of order or defined twice",
                    w[1].id
                ));
            }
            if let Some(m) = messages.iter().find(|m| find(&read, &m.id).is_some()) {
                return Err(format!("{lang}: {} is defined twice", m.id));
            }
            read.push(messages.into_boxed_slice());
        }
        Ok(Self {
            lang,
            parts: read,
            english,
        })
    }

    /// The language.
    #[must_use]
    pub const fn lang(&self) -> Lang {
        self.lang
    }

    fn own(&self, id: &str) -> Option<&Pattern> {
        find(&self.parts, id).map(|m| &m.pattern)
    }

    /// Whether the message `id` exists in this language itself (not through English).
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        self.own(id).is_some()
    }

    /// Whether the message `id` exists in this language or in its English.
    fn knows(&self, id: &str) -> bool {
        self.has(id) || self.english.as_ref().is_some_and(|en| en.knows(id))
    }

    /// The message `id` with `args`; English if this language lacks it, the id itself if
    /// English lacks it too (a defect the tests catch).
    #[must_use]
    pub fn format(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.own(id) else {
            return self
                .english
                .as_ref()
                .map_or_else(|| id.to_owned(), |en| en.format(id, args));
        };
        let mut out = String::new();
        self.write(&mut out, pattern, args, 0);
        out
    }

    /// `pattern` as Fluent writes it without isolation marks: a variable or a message that is
    /// missing as `{$name}` or `{id}`.
    fn write(&self, out: &mut String, pattern: &[Elem], args: &[(&str, Arg<'_>)], depth: u8) {
        // A name given twice means its last value, as in Fluent's arguments.
        let arg = |name: &str| args.iter().rev().find(|(n, _)| *n == name).map(|(_, a)| a);
        for elem in pattern {
            match elem {
                Elem::Text(s) => out.push_str(s),
                Elem::Var(name) => match arg(name) {
                    Some(a) => self.write_arg(out, a),
                    None => {
                        out.push_str("{$");
                        out.push_str(name);
                        out.push('}');
                    }
                },
                Elem::Ref(id) => match self.own(id) {
                    Some(p) if depth < 8 => self.write(out, p, args, depth + 1),
                    _ => {
                        out.push('{');
                        out.push_str(id);
                        out.push('}');
                    }
                },
                Elem::Select(select) => {
                    let value = arg(&select.var);
                    let chosen = select
                        .variants
                        .iter()
                        .find(|(key, _)| self.matches(key, value, select.ordinal))
                        .unwrap_or(&select.variants[select.default]);
                    self.write(out, &chosen.1, args, depth);
                }
            }
        }
    }

    /// Whether a variant's `key` matches the selector's `value`, as Fluent decides: a name
    /// equals a text (not a text made an ordinal, which is no number), or is the plural
    /// category of a number; a number literal equals a number given with no options (not
    /// fixed, not grouped, not ordinal).
    fn matches(&self, key: &Key, value: Option<&Arg<'_>>, ordinal: bool) -> bool {
        match (key, value) {
            (Key::Name(k), Some(Arg::Text(t))) => !ordinal && **k == **t,
            (Key::Name(k), Some(Arg::Num { value, digits, .. })) => {
                plural::category(self.lang, ordinal, finite(*value), *digits) == Some(&**k)
            }
            (
                Key::Number(k),
                Some(Arg::Num {
                    value,
                    digits,
                    grouped,
                }),
            ) => {
                // Integer keys only (a key with a fraction never matches, as in Fluent), read
                // as an integer: `as f64` rounds as parsing a float would, and the page links
                // no float parser for it.
                !ordinal
                    && digits.is_none()
                    && !grouped
                    && !k.contains('.')
                    && k.parse::<i64>().is_ok_and(|k| k as f64 == finite(*value))
            }
            _ => false,
        }
    }

    fn write_arg(&self, out: &mut String, arg: &Arg<'_>) {
        match arg {
            Arg::Text(t) => out.push_str(t),
            Arg::Num {
                value,
                digits,
                grouped,
            } => {
                out.push_str(&written_number(self.lang, *value, *digits, *grouped));
            }
        }
    }
}

/// The message `id` in the first of `parts` (each sorted by id) that has it.
fn find<'a>(parts: &'a [Box<[Message]>], id: &str) -> Option<&'a Message> {
    parts.iter().find_map(|messages| {
        let i = messages.binary_search_by(|m| (*m.id).cmp(id)).ok()?;
        Some(&messages[i])
    })
}

/// Fluent's plural operands cannot be made from a NaN or an infinity.
const fn finite(v: f64) -> f64 {
    if v.is_finite() { v } else { 0.0 }
}

/// A number as `lang` writes it: with its fixed fraction digits, if it has any, the
/// language's decimal separator and, if asked, its thousands grouped (`1,000`; in Czech and
/// Russian `1 000`, with a no-break space). A NaN or an infinity is written as 0.
#[must_use]
pub fn written_number(lang: Lang, value: f64, digits: Option<u8>, grouped: bool) -> String {
    let (decimal, thousands) = match lang.decimal_separator() {
        ',' => (',', "\u{a0}"),
        _ => ('.', ","),
    };
    let value = finite(value);
    let text = match digits {
        Some(d) => format!("{:.*}", usize::from(d), value),
        None => value.to_string(),
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let (sign, digits) = whole.strip_prefix('-').map_or(("", whole), |d| ("-", d));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if grouped && i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(thousands);
        }
        out.push(c);
    }
    if !fraction.is_empty() {
        out.push(decimal);
        out.push_str(fraction);
    }
    out
}

/// A value for a message's variable.
#[derive(Clone, Debug)]
pub enum Arg<'a> {
    /// Text, shown as it is (a name, an id, an already formatted phrase).
    Text(Cow<'a, str>),
    /// A number, with a fixed number of fraction digits if given (`1.0 s`), and its thousands
    /// grouped as the language groups them if asked (`1,000`, `1 000`). The digits take part in
    /// choosing the plural form: "1,0 sekundy", "1 sekunda".
    Num {
        /// The value.
        value: f64,
        /// Fraction digits shown, if fixed.
        digits: Option<u8>,
        /// Thousands are grouped.
        grouped: bool,
    },
}

impl Arg<'_> {
    /// `value` with exactly `digits` fraction digits.
    #[must_use]
    pub fn fixed(value: f64, digits: u8) -> Self {
        Arg::Num {
            value,
            digits: Some(digits),
            grouped: false,
        }
    }

    /// `value` with its thousands grouped, and `digits` fraction digits if given.
    #[must_use]
    pub fn grouped(value: f64, digits: Option<u8>) -> Self {
        Arg::Num {
            value,
            digits,
            grouped: true,
        }
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(n: $t) -> Self {
                Arg::Num { value: n as f64, digits: None, grouped: false }
            }
        }
    )*};
}
num_arg!(u8, u16, u32, u64, usize, i32, i64, f64);

/// Items listed in a sentence in `tr`'s language: `a, b, c`; in Chinese `a、b、c` (the
/// narration's `list-separator`).
#[must_use]
pub fn list_in<S: AsRef<str>>(tr: &Tr, items: impl IntoIterator<Item = S>) -> String {
    let sep = tr.format("list-separator", &[]);
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(item.as_ref());
    }
    out
}

/// Items listed in a sentence in the installed language ([`list_in`]).
#[must_use]
pub fn list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    CURRENT.with(|c| list_in(&c.borrow(), items))
}

/// An error as a person reads it: its code and the broker's text as they are (the real broker
/// answers in English), and Settle's explanation of a lost lock in `tr`'s language after them.
/// In English it is the error's `Display`.
#[must_use]
pub fn error_text(tr: &Tr, e: &settle_core::Error) -> String {
    let error = format!("{}: {}", e.kind.name(), e.message);
    match &e.why {
        Some(why) => tr.format(
            "error-explained",
            &[
                ("error", Arg::from(error)),
                ("why", Arg::from(explanation(tr, why))),
            ],
        ),
        None => error,
    }
}

/// Why a document was refused, in `tr`'s language: its JSON path, and the problem in words
/// (`format-<id>` of the `format` part; in English as the format's reader wrote it where an
/// error carries no message), a problem within it in words too. In English it is the error's
/// display.
#[must_use]
pub fn format_error(tr: &Tr, e: &settle_scenario::FormatError) -> String {
    let problem = match &e.said {
        // Where the messages have none (English's, which a program need not compile in: the
        // error's display is its English), as the reader wrote it.
        Some(said) if tr.knows(&format!("format-{}", said.id)) => {
            let within = said.within.as_deref().map(|w| format_error(tr, w));
            let args: Vec<(&str, Arg<'_>)> = said
                .args
                .iter()
                .map(|(k, v)| match (*k, v.parse::<u64>(), &within) {
                    ("error", _, Some(w)) => (*k, Arg::from(w.as_str())),
                    // A whole number is a number (its plural form), as the document wrote it;
                    // one too big to be exact as a float is written as it is.
                    (_, Ok(n), _) if (!v.starts_with('0') || v == "0") && n <= 1 << 53 => {
                        (*k, Arg::from(n))
                    }
                    _ => (*k, Arg::from(v.as_str())),
                })
                .collect();
            let mut problem = tr.format(&format!("format-{}", said.id), &args);
            // Cut as short as the English was (`MAX_ERROR_CHARS`, and an ellipsis).
            if e.problem.ends_with('…') {
                let max = settle_scenario::limits::MAX_ERROR_CHARS;
                if let Some((i, _)) = problem.char_indices().nth(max) {
                    problem.truncate(i);
                    problem.push('…');
                }
            }
            problem
        }
        _ => e.problem.clone(),
    };
    if e.path.is_empty() {
        problem
    } else {
        format!("{}: {problem}", e.path)
    }
}

/// A duration as `Duration`'s display writes it, in its unit (`ms`, `s`, `min`) and number:
/// 250 ms, 30 s, 1.5 s (to the nearest tenth), 2 min. The one rounding of a duration in words.
#[must_use]
pub fn duration_parts(d: settle_core::Duration) -> (&'static str, Arg<'static>) {
    let ms = d.as_millis();
    if ms < 1000 {
        ("ms", Arg::from(ms))
    } else if ms.is_multiple_of(60_000) {
        ("min", Arg::from(ms / 60_000))
    } else if ms.is_multiple_of(1000) {
        ("s", Arg::from(ms / 1000))
    } else {
        let tenths = ms / 100 + u64::from(ms % 100 >= 50);
        ("s", Arg::fixed(tenths as f64 / 10.0, 1))
    }
}

/// Settle's explanation of a lost lock in `tr`'s language: "m1: the lock expired 9 s ago".
#[must_use]
pub fn explanation(tr: &Tr, why: &settle_core::Why) -> String {
    use settle_core::Why as W;
    let secs = |at: settle_core::Instant| Arg::fixed(at.as_millis() as f64 / 1000.0, 3);
    match why {
        W::LinkEnded {
            id,
            holder,
            dropped,
            at,
            until,
        } => tr.format(
            "explain-link-ended",
            &[
                ("id", Arg::from(&**id)),
                ("holder", Arg::from(&**holder)),
                ("dropped", Arg::from(if *dropped { "yes" } else { "no" })),
                ("at", secs(*at)),
                ("until", secs(*until)),
            ],
        ),
        W::Expired { id, ago } => {
            let (unit, n) = duration_parts(*ago);
            let ago = tr.format("explain-ago", &[("unit", Arg::from(unit)), ("n", n)]);
            tr.format(
                "explain-expired",
                &[("id", Arg::from(&**id)), ("ago", Arg::from(ago))],
            )
        }
        W::Removed { id } => tr.format("explain-removed", &[("id", Arg::from(&**id))]),
        W::Released { id } => tr.format("explain-released", &[("id", Arg::from(&**id))]),
        W::SessionNotHeld { session, by } => tr.format(
            "explain-session-not-held",
            &[("session", Arg::from(&**session)), ("by", Arg::from(&**by))],
        ),
    }
}

thread_local! {
    static CURRENT: RefCell<Rc<Tr>> = RefCell::new(Rc::new(default_tr()));
}

/// Natively (the CLI, the tests) every English part is there from the start; a wasm program
/// installs the parts it carries.
fn default_tr() -> Tr {
    #[cfg(target_arch = "wasm32")]
    let tr = Tr::empty(Lang::En);
    #[cfg(not(target_arch = "wasm32"))]
    let tr = Tr::english(&Part::ALL.map(Part::english));
    tr
}

/// Every part of `lang`, over every English part: what a native program (the CLI, a test)
/// speaks, all compiled in.
///
/// # Panics
/// Never for the compiled-in messages: a test reads each of them.
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn whole(lang: Lang) -> Rc<Tr> {
    let english = Rc::new(default_tr());
    if lang == Lang::En {
        return english;
    }
    let texts = Part::ALL.map(|p| p.source(lang));
    Rc::new(Tr::new(lang, &texts, english).expect("the compiled-in messages are read by a test"))
}

/// While it lives, [`whole`] `lang` is installed on this thread; English again once it is
/// dropped, as a native program starts (a test's thread is reused, even after a panic).
#[cfg(not(target_arch = "wasm32"))]
pub struct Speaking(());

/// Installs [`whole`] `lang` on this thread until the guard is dropped.
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn speak(lang: Lang) -> Speaking {
    install(whole(lang));
    Speaking(())
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Speaking {
    fn drop(&mut self) {
        install(whole(Lang::En));
    }
}

/// Makes `tr` the language of everything [`t`] and [`tf`] answer from now on.
pub fn install(tr: Rc<Tr>) {
    CURRENT.with(|c| *c.borrow_mut() = tr);
}

/// The installed messages.
#[must_use]
pub fn current() -> Rc<Tr> {
    CURRENT.with(|c| Rc::clone(&c.borrow()))
}

/// The installed language.
#[must_use]
pub fn lang() -> Lang {
    CURRENT.with(|c| c.borrow().lang)
}

/// The message `id`, in the installed language.
#[must_use]
pub fn t(id: &str) -> String {
    CURRENT.with(|c| c.borrow().format(id, &[]))
}

/// The message `id` with its variables, in the installed language.
#[must_use]
pub fn tf(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    CURRENT.with(|c| c.borrow().format(id, args))
}
