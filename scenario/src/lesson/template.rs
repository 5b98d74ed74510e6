//! A lesson's text templates: placeholders such as `{t:lock_expired m1}` parsed into terms,
//! with the vocabulary they may name, and the numbers' formats.

use crate::read::{R, err_said, excerpt};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// Every broker event name of the trace format (`docs/trace-events.md`; `published` only in
/// documents with `entities`).
pub const EVENTS: [&str; 21] = [
    "enqueued",
    "published",
    "duplicate_dropped",
    "rejected",
    "activated",
    "cancelled",
    "locked",
    "received_and_deleted",
    "lock_renewed",
    "lock_expired",
    "lock_lost",
    "completed",
    "abandoned",
    "deferred",
    "dead_lettered",
    "expired",
    "session_locked",
    "session_lock_renewed",
    "session_lock_expired",
    "session_released",
    "link_closed",
];

/// `config:` keys a placeholder may read (the numeric `queue` keys).
const CONFIG_KEYS: [&str; 5] = [
    "lock_duration_ms",
    "max_delivery_count",
    "default_ttl_ms",
    "duplicate_detection_window_ms",
    "max_size_bytes",
];

/// Numeric record keys a placeholder may read (`{delivery_count:locked m1 #2}`).
const FIELDS: [&str; 5] = [
    "delivery_count",
    "seq",
    "scheduled_seq",
    "locked_until_ms",
    "scheduled_enqueue_ms",
];

const FINAL_LISTS: [&str; 3] = ["main", "dead_letter", "scheduled"];

/// `config:` keys a topic has (the others are its subscriptions').
pub(super) const TOPIC_CONFIG_KEYS: [&str; 3] = [
    "default_ttl_ms",
    "duplicate_detection_window_ms",
    "max_size_bytes",
];

const VOCABULARY: &str = "t:KIND, count:KIND, rate:KIND, delivery_count ID, \
     FIELD:KIND (delivery_count, seq, scheduled_seq, locked_until_ms, scheduled_enqueue_ms), \
     elapsed NAME, \
     config:KEY [ENTITY], final:LIST [ENTITY], receivers, senders";

/// Longest caption, summary line or figure, in characters.
const MAX_TEXT: usize = 600;

/// Text with placeholders, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub(super) pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Piece {
    Lit(String),
    Hole(alloc::boxed::Box<Hole>),
}

/// One `{…}` placeholder.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Hole {
    pub(super) src: String,
    pub(super) variant: Option<String>,
    pub(super) a: Term,
    pub(super) minus: Option<Term>,
    pub(super) fmt: Fmt,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Term {
    T(Matcher),
    Count(Matcher),
    Rate(Matcher),
    DeliveryCount(String),
    Field(&'static str, Matcher),
    Elapsed(String),
    /// A numeric setting, of the named entity (`None`: the one queue).
    Config(&'static str, Option<String>),
    /// A final list's length, of the named entity (`None`: the one queue, or every entity).
    Final(&'static str, Option<String>),
    Receivers,
    Senders,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Fmt {
    Plain,
    Secs,
    Mins,
    Raw,
}

/// Which trace records: a kind (a broker event such as `lock_expired`, or an operation such as
/// `send`), optionally a message id, `key=value` filters on the record, and which one.
#[derive(Clone, Debug, PartialEq)]
pub struct Matcher {
    /// Event or operation name.
    pub kind: String,
    /// Message id.
    pub id: Option<String>,
    /// Other keys the record must have, compared as text (`by=R1`, `ok=false`); a value
    /// starting with `~` only has to be contained (`note~skipped`).
    pub filters: Vec<(String, String)>,
    /// 1-based; `None` is the last one.
    pub nth: Option<usize>,
}

/// A resolved number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// Whole.
    I(i64),
    /// Fractional (rates).
    F(f64),
}

impl Num {
    pub(super) fn as_f64(self) -> f64 {
        match self {
            Self::I(i) => i as f64,
            Self::F(f) => f,
        }
    }
}

pub(super) fn known_kind(k: &str) -> bool {
    EVENTS.contains(&k) || crate::OPS.contains(&k)
}

fn matcher(kind: &str, args: &[&str], path: &str, src: &str) -> R<Matcher> {
    if !known_kind(kind) {
        return err_said(
            path,
            format!("{{{src}}}: \"{kind}\" is neither a trace event nor an operation"),
            "placeholder-not-event",
            &[("src", &src), ("kind", &kind)],
        );
    }
    let mut m = Matcher {
        kind: kind.into(),
        id: None,
        filters: Vec::new(),
        nth: Some(1),
    };
    for a in args {
        if let Some(n) = a.strip_prefix('#') {
            m.nth = match n {
                "last" => None,
                _ => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => Some(n),
                    _ => {
                        return err_said(
                            path,
                            format!("{{{src}}}: \"#{n}\" is not #1, #2, … or #last"),
                            "placeholder-nth",
                            &[("src", &src), ("n", &n)],
                        );
                    }
                },
            };
        } else if let Some((k, v)) = a.split_once('~') {
            m.filters.push((k.into(), format!("~{v}")));
        } else if let Some((k, v)) = a.split_once('=') {
            m.filters.push((k.into(), v.into()));
        } else if m.id.is_none() {
            m.id = Some((*a).into());
        } else {
            return err_said(
                path,
                format!("{{{src}}}: more than one message id"),
                "placeholder-two-ids",
                &[("src", &src)],
            );
        }
    }
    Ok(m)
}

/// What a placeholder's argument should be, as a message's variable: `record-key`,
/// `queue-key`, `final-list`, `message-id` or `client-name`.
fn what_key(what: &str) -> &'static str {
    match what {
        "a record key" => "record-key",
        "a numeric queue key" => "queue-key",
        "a final list" => "final-list",
        "message id" => "message-id",
        _ => "client-name",
    }
}

fn one_of(list: &[&'static str], arg: &str, path: &str, src: &str, what: &str) -> R<&'static str> {
    list.iter().find(|k| **k == arg).copied().map_or_else(
        || {
            err_said(
                path,
                format!("{{{src}}}: \"{arg}\" is not {what} ({})", list.join(", ")),
                "placeholder-not-one-of",
                &[
                    ("src", &src),
                    ("arg", &arg),
                    ("what", &what_key(what)),
                    ("list", &list.join(", ")),
                ],
            )
        },
        Ok,
    )
}

/// The optional entity of `config:` and `final:` (a queue, topic or subscription path).
fn entity_arg(args: &[&str], head: &str, path: &str, src: &str) -> R<Option<String>> {
    match args {
        [] => Ok(None),
        [e] => Ok(Some((*e).into())),
        _ => err_said(
            path,
            format!(
                "{{{src}}}: {head} takes at most one entity (a queue, topic or subscription path)"
            ),
            "placeholder-one-entity",
            &[("src", &src), ("head", &head)],
        ),
    }
}

fn term(src_term: &str, path: &str, src: &str) -> R<Term> {
    let words: Vec<&str> = src_term.split_whitespace().collect();
    let Some((head, args)) = words.split_first() else {
        return err_said(
            path,
            format!("{{{src}}}: empty placeholder"),
            "placeholder-empty",
            &[("src", &src)],
        );
    };
    let one_arg = |what: &str| -> R<String> {
        match args {
            [a] => Ok((*a).into()),
            _ => err_said(
                path,
                format!("{{{src}}}: {head} takes one {what}"),
                "placeholder-one-arg",
                &[("src", &src), ("head", &head), ("what", &what_key(what))],
            ),
        }
    };
    let no_args = || -> R<()> {
        if args.is_empty() {
            Ok(())
        } else {
            err_said(
                path,
                format!("{{{src}}}: {head} takes no arguments"),
                "placeholder-no-args",
                &[("src", &src), ("head", &head)],
            )
        }
    };
    if let Some((name, arg)) = head.split_once(':') {
        return match name {
            "t" => matcher(arg, args, path, src).map(Term::T),
            "count" => matcher(arg, args, path, src).map(Term::Count),
            "rate" => matcher(arg, args, path, src).map(Term::Rate),
            f if FIELDS.contains(&f) => {
                let key = one_of(&FIELDS, f, path, src, "a record key")?;
                matcher(arg, args, path, src).map(|m| Term::Field(key, m))
            }
            "config" => {
                let entity = entity_arg(args, head, path, src)?;
                one_of(&CONFIG_KEYS, arg, path, src, "a numeric queue key")
                    .map(|k| Term::Config(k, entity))
            }
            "final" => {
                let entity = entity_arg(args, head, path, src)?;
                one_of(&FINAL_LISTS, arg, path, src, "a final list").map(|k| Term::Final(k, entity))
            }
            _ => err_said(
                path,
                format!(
                    "unknown placeholder {{{}}} (known: {VOCABULARY})",
                    excerpt(src)
                ),
                "unknown-placeholder",
                &[("src", &src), ("known", &VOCABULARY)],
            ),
        };
    }
    match *head {
        "delivery_count" => one_arg("message id").map(Term::DeliveryCount),
        "elapsed" => one_arg("client name").map(Term::Elapsed),
        "receivers" => no_args().map(|()| Term::Receivers),
        "senders" => no_args().map(|()| Term::Senders),
        _ => err_said(
            path,
            format!(
                "unknown placeholder {{{}}} (known: {VOCABULARY})",
                excerpt(src)
            ),
            "unknown-placeholder",
            &[("src", &src), ("known", &VOCABULARY)],
        ),
    }
}

fn hole(src: &str, path: &str, variants: &[&str]) -> R<Hole> {
    let (body, fmt) = match src.rsplit_once('|') {
        None => (src, Fmt::Plain),
        Some((b, f)) => (
            b,
            match f.trim() {
                "s" => Fmt::Secs,
                "min" => Fmt::Mins,
                "raw" => Fmt::Raw,
                other => {
                    return err_said(
                        path,
                        format!("{{{src}}}: unknown format \"|{other}\" (|s, |min, |raw)"),
                        "placeholder-format",
                        &[("src", &src), ("format", &other)],
                    );
                }
            },
        ),
    };
    let body = body.trim();
    let (variant, body) = match body.split_once('.') {
        Some((v, rest)) if variants.contains(&v) => (Some(v.to_string()), rest),
        _ if !variants.is_empty() => {
            return err_said(
                path,
                format!(
                    "{{{src}}}: say which variant it reads, e.g. {{{}.{body}}} (variants: {})",
                    variants[0],
                    variants.join(", ")
                ),
                "placeholder-variant",
                &[
                    ("src", &src),
                    ("first", &variants[0]),
                    ("body", &body),
                    ("variants", &variants.join(", ")),
                ],
            );
        }
        _ => (None, body),
    };
    let (a, minus) = match body.split_once(" - ") {
        None => (term(body, path, src)?, None),
        Some((x, y)) => (term(x, path, src)?, Some(term(y, path, src)?)),
    };
    Ok(Hole {
        src: src.into(),
        variant,
        a,
        minus,
        fmt,
    })
}

impl Template {
    /// Parses text with `{…}` placeholders (`{{` and `}}` are literal braces). In a comparison
    /// every placeholder names its variant (`{a.t:locked m1}`); `variants` lists their keys.
    ///
    /// # Errors
    /// An unknown or malformed placeholder, at `path`.
    pub fn parse(text: &str, path: &str, variants: &[&str]) -> R<Self> {
        if text.chars().count() > MAX_TEXT {
            return err_said(
                path,
                format!("longer than {MAX_TEXT} characters"),
                "too-long",
                &[("max", &MAX_TEXT)],
            );
        }
        let mut pieces = Vec::new();
        let mut lit = String::new();
        let mut rest = text;
        while let Some(i) = rest.find(['{', '}']) {
            lit.push_str(&rest[..i]);
            let tail = &rest[i..];
            if tail.starts_with("{{") || tail.starts_with("}}") {
                lit.push_str(&tail[..1]);
                rest = &tail[2..];
                continue;
            }
            if tail.starts_with('}') {
                return err_said(
                    path,
                    "a lone \"}\" (write \"}}\" for a brace)",
                    "lone-close",
                    &[],
                );
            }
            let Some(end) = tail.find('}') else {
                return err_said(path, "a \"{\" without its \"}\"", "unclosed", &[]);
            };
            if !lit.is_empty() {
                pieces.push(Piece::Lit(core::mem::take(&mut lit)));
            }
            pieces.push(Piece::Hole(alloc::boxed::Box::new(hole(
                &tail[1..end],
                path,
                variants,
            )?)));
            rest = &tail[end + 1..];
        }
        lit.push_str(rest);
        if !lit.is_empty() {
            pieces.push(Piece::Lit(lit));
        }
        Ok(Self { pieces })
    }

    /// The text with its literal pieces written by `lit` and its `i`th placeholder (from 1)
    /// by `hole`: how a translation file writes the text as a message.
    pub fn rewrite(&self, lit: impl Fn(&str) -> String, hole: impl Fn(usize) -> String) -> String {
        let mut n = 0;
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => lit(s),
                Piece::Hole(_) => {
                    n += 1;
                    hole(n)
                }
            })
            .collect()
    }

    /// The text with every placeholder removed (what a person typed).
    #[must_use]
    pub fn literal_text(&self) -> String {
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => s.as_str(),
                Piece::Hole(_) => " ",
            })
            .collect()
    }

    /// The entities its `config:` and `final:` placeholders name.
    pub(super) fn entities(&self) -> impl Iterator<Item = &str> {
        self.holes()
            .flat_map(|h| [Some(&h.a), h.minus.as_ref()])
            .flatten()
            .filter_map(|t| match t {
                Term::Config(_, Some(e)) | Term::Final(_, Some(e)) => Some(e.as_str()),
                _ => None,
            })
    }

    pub(super) fn holes(&self) -> impl Iterator<Item = &Hole> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Hole(h) => Some(&**h),
            Piece::Lit(_) => None,
        })
    }
}

fn group(digits: &str) -> String {
    let mut out = String::new();
    let n = digits.len();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Words in another language for a document's texts: given a text's kind and place (`note`
/// and 3 for the third caption, `title` and `None`; `settle_i18n::lesson_id` makes message ids
/// of them) and the numbers it shows, the text to show instead; `None` keeps the document's.
pub type Words<'a> = &'a dyn Fn(&str, Option<usize>, &[Number]) -> Option<String>;

/// The document's own words.
pub fn own_words(_: &str, _: Option<usize>, _: &[Number]) -> Option<String> {
    None
}

/// A placeholder's number as a caption shows it: in its unit (seconds for `|s`, minutes for
/// `|min`), rounded half away from zero to one decimal, which shows only when it is not 0, and
/// with thousands grouped unless `|raw`. A translation gets this number and writes it in its
/// own language (`3,5` in Czech); [`Number::text`] is how English writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number {
    /// The value in tenths (rounded).
    pub tenths: i64,
    /// Thousands are grouped (`8,000`).
    pub grouped: bool,
}

impl Number {
    pub(super) fn of(n: Num, fmt: Fmt) -> Self {
        let x = match fmt {
            Fmt::Plain | Fmt::Raw => n.as_f64(),
            Fmt::Secs => n.as_f64() / 1000.0,
            Fmt::Mins => n.as_f64() / 60_000.0,
        };
        // Half away from zero, without `f64::round` (not in `core`).
        let y = x * 10.0;
        let tenths = if y >= 0.0 {
            (y + 0.5) as i64
        } else {
            (y - 0.5) as i64
        };
        Self {
            tenths,
            grouped: fmt != Fmt::Raw,
        }
    }

    /// The value.
    #[must_use]
    pub fn value(self) -> f64 {
        self.tenths as f64 / 10.0
    }

    /// It shows one decimal (its tenths are not 0).
    #[must_use]
    pub const fn decimal(self) -> bool {
        self.tenths % 10 != 0
    }

    /// As English writes it: 8000 → "8,000", 7.46 → "7.5", 30.0 → "30".
    #[must_use]
    pub fn text(self) -> String {
        let sign = if self.tenths < 0 { "-" } else { "" };
        let tenths = self.tenths.abs();
        let whole = format!("{}", tenths / 10);
        let whole = if self.grouped { group(&whole) } else { whole };
        match tenths % 10 {
            0 => format!("{sign}{whole}"),
            d => format!("{sign}{whole}.{d}"),
        }
    }
}

pub(super) fn format_num(n: Num, fmt: Fmt) -> String {
    Number::of(n, fmt).text()
}
