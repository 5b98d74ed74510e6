//! Lessons: the optional `lesson` key of a scenario (docs/lessons.md), a compatible extension
//! of the scenario format v1.1.
//!
//! A lesson adds a default playback speed, captions shown at virtual times (`at_ms`) or when
//! something happens in the run (`on`), a closing summary and a few big figures. Numbers in
//! the text are never typed in: placeholders such as `{t:lock_expired m1}` or
//! `{elapsed one-at-a-time}` are resolved from the run's own trace ([`Facts`]), so a caption
//! cannot disagree with what the run shows.

use super::read::{Obj, R, as_u64, err, type_name};
use super::{J, Run, Scenario};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::actors::ActorSpec;

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
const TOPIC_CONFIG_KEYS: [&str; 3] = [
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

/// A scenario's lesson, as parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Default playback speed: virtual milliseconds per real millisecond (1 = real time).
    pub speed: f64,
    /// Captions, in document order.
    pub notes: Vec<Note>,
    /// The closing "what you saw" lines.
    pub summary: Vec<Template>,
    /// Big numbers for the summary.
    pub figures: Vec<Figure>,
    /// The `lesson` object as written (export writes it back unchanged).
    pub raw: Value,
}

/// One caption.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    /// When it appears.
    pub when: When,
    /// What it says.
    pub text: Template,
    /// The playground pauses when it appears (a moment to talk about).
    pub pause: bool,
}

/// When a caption appears.
#[derive(Clone, Debug, PartialEq)]
pub enum When {
    /// At a virtual time.
    At(u64),
    /// When a trace record matching `on` happens, plus `after_ms`.
    On {
        /// Which record.
        on: Matcher,
        /// Delay after it.
        after_ms: u64,
    },
}

/// A labelled big number.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// What it measures.
    pub label: String,
    /// The value, usually one placeholder and a unit.
    pub value: Template,
}

/// Text with placeholders, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Lit(String),
    Hole(alloc::boxed::Box<Hole>),
}

/// One `{…}` placeholder.
#[derive(Clone, Debug, PartialEq)]
struct Hole {
    src: String,
    variant: Option<String>,
    a: Term,
    minus: Option<Term>,
    fmt: Fmt,
}

#[derive(Clone, Debug, PartialEq)]
enum Term {
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
enum Fmt {
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
    fn as_f64(self) -> f64 {
        match self {
            Self::I(i) => i as f64,
            Self::F(f) => f,
        }
    }
}

fn known_kind(k: &str) -> bool {
    EVENTS.contains(&k) || super::OPS.contains(&k)
}

fn matcher(kind: &str, args: &[&str], path: &str, src: &str) -> R<Matcher> {
    if !known_kind(kind) {
        return err(
            path,
            format!("{{{src}}}: \"{kind}\" is neither a trace event nor an operation"),
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
                        return err(
                            path,
                            format!("{{{src}}}: \"#{n}\" is not #1, #2, … or #last"),
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
            return err(path, format!("{{{src}}}: more than one message id"));
        }
    }
    Ok(m)
}

fn one_of(list: &[&'static str], arg: &str, path: &str, src: &str, what: &str) -> R<&'static str> {
    list.iter().find(|k| **k == arg).copied().map_or_else(
        || {
            err(
                path,
                format!("{{{src}}}: \"{arg}\" is not {what} ({})", list.join(", ")),
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
        _ => err(
            path,
            format!(
                "{{{src}}}: {head} takes at most one entity (a queue, topic or subscription path)"
            ),
        ),
    }
}

fn term(src_term: &str, path: &str, src: &str) -> R<Term> {
    let words: Vec<&str> = src_term.split_whitespace().collect();
    let Some((head, args)) = words.split_first() else {
        return err(path, format!("{{{src}}}: empty placeholder"));
    };
    let one_arg = |what: &str| -> R<String> {
        match args {
            [a] => Ok((*a).into()),
            _ => err(path, format!("{{{src}}}: {head} takes one {what}")),
        }
    };
    let no_args = || -> R<()> {
        if args.is_empty() {
            Ok(())
        } else {
            err(path, format!("{{{src}}}: {head} takes no arguments"))
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
            _ => err(
                path,
                format!("unknown placeholder {{{src}}} (known: {VOCABULARY})"),
            ),
        };
    }
    match *head {
        "delivery_count" => one_arg("message id").map(Term::DeliveryCount),
        "elapsed" => one_arg("client name").map(Term::Elapsed),
        "receivers" => no_args().map(|()| Term::Receivers),
        "senders" => no_args().map(|()| Term::Senders),
        _ => err(
            path,
            format!("unknown placeholder {{{src}}} (known: {VOCABULARY})"),
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
                    return err(
                        path,
                        format!("{{{src}}}: unknown format \"|{other}\" (|s, |min, |raw)"),
                    );
                }
            },
        ),
    };
    let body = body.trim();
    let (variant, body) = match body.split_once('.') {
        Some((v, rest)) if variants.contains(&v) => (Some(v.to_string()), rest),
        _ if !variants.is_empty() => {
            return err(
                path,
                format!(
                    "{{{src}}}: say which variant it reads, e.g. {{{}.{body}}} (variants: {})",
                    variants[0],
                    variants.join(", ")
                ),
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
            return err(path, format!("longer than {MAX_TEXT} characters"));
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
                return err(path, "a lone \"}\" (write \"}}\" for a brace)");
            }
            let Some(end) = tail.find('}') else {
                return err(path, "a \"{\" without its \"}\"");
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

    /// Each placeholder's source (between the braces) and its value in the run(s).
    #[must_use]
    pub fn values(&self, facts: &[(&str, &Facts)]) -> Vec<(String, Result<Num, String>)> {
        self.holes()
            .map(|h| (h.src.clone(), h.value(facts)))
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

    fn holes(&self) -> impl Iterator<Item = &Hole> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Hole(h) => Some(&**h),
            Piece::Lit(_) => None,
        })
    }

    /// The text with every placeholder resolved from the run(s): `facts` pairs a variant key
    /// with its run (`""` for a lesson's own run).
    ///
    /// # Errors
    /// A placeholder the run cannot answer (no such record), at `path`.
    pub fn render(&self, facts: &[(&str, &Facts)], path: &str) -> R<String> {
        let mut out = String::new();
        for p in &self.pieces {
            match p {
                Piece::Lit(s) => out.push_str(s),
                Piece::Hole(h) => match h.value(facts) {
                    Ok(n) => out.push_str(&format_num(n, h.fmt)),
                    Err(e) => return err(path, format!("{{{}}}: {e}", h.src)),
                },
            }
        }
        Ok(out)
    }
}

impl Hole {
    fn value(&self, facts: &[(&str, &Facts)]) -> Result<Num, String> {
        let f = match &self.variant {
            None => facts.first().map(|(_, f)| *f),
            Some(v) => facts.iter().find(|(k, _)| k == v).map(|(_, f)| *f),
        }
        .ok_or_else(|| "no run to read it from".to_string())?;
        let a = f.term(&self.a)?;
        Ok(match &self.minus {
            None => a,
            Some(b) => match (a, f.term(b)?) {
                (Num::I(x), Num::I(y)) => Num::I(x - y),
                (x, y) => Num::F(x.as_f64() - y.as_f64()),
            },
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

/// One decimal at most, thousands grouped: 8000 → "8,000", 7.46 → "7.5", 30.0 → "30".
fn decimal(x: f64, grouped: bool) -> String {
    // Half away from zero, without `f64::round` (not in `core`).
    let y = x * 10.0;
    let tenths = if y >= 0.0 {
        (y + 0.5) as i64
    } else {
        (y - 0.5) as i64
    };
    let (sign, tenths) = if tenths < 0 {
        ("-", -tenths)
    } else {
        ("", tenths)
    };
    let whole = format!("{}", tenths / 10);
    let whole = if grouped { group(&whole) } else { whole };
    match tenths % 10 {
        0 => format!("{sign}{whole}"),
        d => format!("{sign}{whole}.{d}"),
    }
}

fn format_num(n: Num, fmt: Fmt) -> String {
    match fmt {
        Fmt::Plain => decimal(n.as_f64(), true),
        Fmt::Raw => decimal(n.as_f64(), false),
        Fmt::Secs => decimal(n.as_f64() / 1000.0, true),
        Fmt::Mins => decimal(n.as_f64() / 60_000.0, true),
    }
}

fn text_of(v: &J) -> Option<String> {
    Some(match v {
        J::S(s) => s.clone(),
        J::T(s) => s.to_string(),
        J::U(n) => format!("{n}"),
        J::I(n) => format!("{n}"),
        J::Bool(b) => format!("{b}"),
        J::Null => "null".into(),
        J::F(_) | J::A(_) | J::O(_) => return None,
    })
}

fn field<'a>(j: &'a J, key: &str) -> Option<&'a J> {
    match j {
        J::O(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

fn u64_field(j: &J, key: &str) -> Option<u64> {
    match field(j, key)? {
        J::U(n) => Some(*n),
        _ => None,
    }
}

/// The trace events a timeline marks: sends stored, lock expiries and losses, abandons,
/// dead-letter moves and settlements.
pub const MARKER_KINDS: [&str; 8] = [
    "enqueued",
    "lock_expired",
    "lock_lost",
    "abandoned",
    "dead_lettered",
    "completed",
    "received_and_deleted",
    "deferred",
];

/// A moment on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// Virtual time.
    pub t: u64,
    /// One of [`MARKER_KINDS`].
    pub kind: &'static str,
    /// The message.
    pub id: Option<String>,
}

/// What a whole run produced, to resolve placeholders from: its trace records, its final
/// record, the configuration of its queue (or of each entity) and the actors.
#[derive(Clone, Debug)]
pub struct Facts {
    records: Vec<J>,
    last: J,
    /// Each entity's settings by path, as the format writes them, and whether it is a topic;
    /// one entry, `"queue"`, without `entities`.
    configs: Vec<(String, Value, bool)>,
    /// The document declares `entities`.
    entities: bool,
    actors: Vec<(String, bool, u64)>,
}

/// Each entity's settings (`"queue"` without `entities`), and whether it is a topic.
fn configs(sc: &Scenario) -> Vec<(String, Value, bool)> {
    use settle_core::namespace::{EntitySpec, subscription_path};
    let Some(ents) = &sc.entities else {
        return alloc::vec![("queue".into(), super::config_value(&sc.queue), false)];
    };
    let mut out = Vec::new();
    for (name, e) in ents.iter() {
        match e {
            EntitySpec::Queue(c) => out.push((name.clone(), super::config_value(c), false)),
            EntitySpec::Topic(t) => {
                out.push((name.clone(), super::config_value(&t.config), true));
                for (sub, s) in &t.subscriptions {
                    out.push((
                        subscription_path(name, sub),
                        super::config_value(&s.config),
                        false,
                    ));
                }
            }
        }
    }
    out
}

/// The scenario's trace records and its final record (`J::Null` when the work budget ran out).
fn run_records(sc: &Scenario) -> (Vec<J>, J) {
    let mut records = Vec::new();
    #[cfg(feature = "entities")]
    if sc.entities.is_some() {
        let last = super::NsRun::new(sc)
            .finish_records(&mut |_: super::NsRecord<'_>, r: &J, _: &str| {
                records.push(r.clone());
            })
            .unwrap_or(J::Null);
        return (records, last);
    }
    let mut run = Run::new(sc);
    run.finish(&mut |r: J| records.push(r));
    let last = if run.exceeded().is_none() {
        records.pop().unwrap_or(J::Null)
    } else {
        J::Null
    };
    (records, last)
}

impl Facts {
    /// Runs the scenario (with or without `entities`) to its end and keeps what it produced.
    #[must_use]
    pub fn of(sc: &Scenario) -> Self {
        let (records, last) = run_records(sc);
        Self {
            records,
            last,
            configs: configs(sc),
            entities: sc.entities.is_some(),
            actors: sc
                .actors
                .iter()
                .map(|a| match a {
                    ActorSpec::Sender(s) => (s.name.to_string(), true, s.start.as_millis()),
                    ActorSpec::Receiver(r) => (r.name.to_string(), false, r.start.as_millis()),
                })
                .collect(),
        }
    }

    /// The trace records, in order (without the final record).
    #[must_use]
    pub fn records(&self) -> &[J] {
        &self.records
    }

    /// The moments a timeline marks, in time order.
    #[must_use]
    pub fn markers(&self) -> Vec<Marker> {
        self.records
            .iter()
            .filter_map(|r| {
                let J::S(kind) = field(r, "event")? else {
                    return None;
                };
                let kind = MARKER_KINDS.iter().find(|k| **k == kind.as_str())?;
                Some(Marker {
                    t: u64_field(r, "t")?,
                    kind,
                    id: match field(r, "id") {
                        Some(J::S(id)) => Some(id.clone()),
                        _ => None,
                    },
                })
            })
            .collect()
    }

    /// The queue, topic or subscription a placeholder names (`None`: the one queue).
    fn entity(&self, name: Option<&str>) -> Result<&(String, Value, bool), String> {
        match name {
            None if self.entities => {
                Err("say which entity: the document declares several (config:KEY ENTITY)".into())
            }
            None => self
                .configs
                .first()
                .ok_or_else(|| "the run has no queue".into()),
            Some(n) => self
                .configs
                .iter()
                .find(|(p, _, _)| p == n)
                .ok_or_else(|| format!("no queue, topic or subscription named \"{n}\"")),
        }
    }

    fn matching<'a>(&'a self, m: &'a Matcher) -> impl Iterator<Item = &'a J> + 'a {
        self.records.iter().filter(move |r| {
            let kind = field(r, "event").or_else(|| field(r, "do"));
            kind == Some(&J::S(m.kind.clone()))
                && m.id
                    .as_ref()
                    .is_none_or(|id| field(r, "id") == Some(&J::S(id.clone())))
                && m.filters.iter().all(|(k, v)| {
                    let have = field(r, k).and_then(text_of);
                    match v.strip_prefix('~') {
                        Some(part) => have.is_some_and(|h| h.contains(part)),
                        None => have.as_ref() == Some(v),
                    }
                })
        })
    }

    /// The record a matcher picks.
    ///
    /// # Errors
    /// When the run has no such record.
    pub fn pick<'a>(&'a self, m: &'a Matcher) -> Result<&'a J, String> {
        let all: Vec<&J> = self.matching(m).collect();
        let pick = match m.nth {
            None => all.last(),
            Some(n) => all.get(n - 1),
        };
        pick.copied().ok_or_else(|| {
            format!(
                "the run has {} matching record{}",
                all.len(),
                if all.len() == 1 { "" } else { "s" }
            )
        })
    }

    /// The time of the record a matcher picks.
    ///
    /// # Errors
    /// When the run has no such record.
    pub fn time_of(&self, m: &Matcher) -> Result<u64, String> {
        self.pick(m)
            .and_then(|r| u64_field(r, "t").ok_or_else(|| "the record has no time".into()))
    }

    fn term(&self, t: &Term) -> Result<Num, String> {
        let int = |n: u64| Num::I(i64::try_from(n).unwrap_or(i64::MAX));
        Ok(match t {
            Term::T(m) => int(self.time_of(m)?),
            Term::Count(m) => int(self.matching(m).count() as u64),
            Term::Rate(m) => {
                let ts: Vec<u64> = self.matching(m).filter_map(|r| u64_field(r, "t")).collect();
                match (ts.first(), ts.last()) {
                    (Some(a), Some(b)) if b > a => {
                        Num::F((ts.len() - 1) as f64 * 1000.0 / (b - a) as f64)
                    }
                    _ => return Err("a rate needs matching records at two different times".into()),
                }
            }
            Term::DeliveryCount(id) => int(self
                .records
                .iter()
                .filter(|r| field(r, "id") == Some(&J::S(id.clone())))
                .filter_map(|r| u64_field(r, "delivery_count"))
                .max()
                .ok_or_else(|| format!("no record of \"{id}\" carries a delivery count"))?),
            Term::Field(key, m) => int(u64_field(self.pick(m)?, key)
                .ok_or_else(|| format!("that {} record has no {key}", m.kind))?),
            Term::Elapsed(name) => {
                let start = self
                    .actors
                    .iter()
                    .find(|(n, _, _)| n == name)
                    .map_or(0, |a| a.2);
                let end = self
                    .records
                    .iter()
                    .rev()
                    .find(|r| field(r, "by") == Some(&J::S(name.clone())))
                    .and_then(|r| u64_field(r, "t"))
                    .ok_or_else(|| format!("\"{name}\" does nothing in the run"))?;
                int(end.saturating_sub(start))
            }
            Term::Config(k, entity) => {
                let (name, cfg, topic) = self.entity(entity.as_deref())?;
                if *topic && !TOPIC_CONFIG_KEYS.contains(k) {
                    return Err(format!(
                        "\"{name}\" is a topic; its subscriptions have the {k}"
                    ));
                }
                match cfg.get(*k).and_then(Value::as_u64) {
                    Some(n) => int(n),
                    None if self.entities => return Err(format!("{name}'s {k} is not set")),
                    None => return Err(format!("the queue's {k} is not set")),
                }
            }
            Term::Final(list, entity) => {
                let len = |e: &J| match field(e, list) {
                    Some(J::A(a)) => Some(a.len() as u64),
                    _ => None,
                };
                let fin = field(&self.last, "final");
                if !self.entities {
                    self.entity(entity.as_deref())?;
                    return Ok(int(fin.and_then(len).unwrap_or(0)));
                }
                let ents = fin.and_then(|f| field(f, "entities"));
                match entity {
                    // Every entity's list of that name, together.
                    None => int(match ents {
                        Some(J::O(all)) => all.iter().filter_map(|(_, e)| len(e)).sum(),
                        _ => 0,
                    }),
                    Some(name) => {
                        self.entity(Some(name))?;
                        match ents.and_then(|e| field(e, name)) {
                            None => int(0),
                            Some(e) => int(len(e).ok_or_else(|| {
                                format!("\"{name}\" has no {list} list in the final record")
                            })?),
                        }
                    }
                }
            }
            Term::Receivers => int(self.actors.iter().filter(|a| !a.1).count() as u64),
            Term::Senders => int(self.actors.iter().filter(|a| a.1).count() as u64),
        })
    }
}

/// An optional array of strings, each read by `read(text, path)`.
pub(super) fn strings<T>(
    o: &mut Obj<'_>,
    key: &'static str,
    read: impl Fn(&str, &str) -> R<T>,
) -> R<Vec<T>> {
    let path = o.at(key);
    match o.opt(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let p = format!("{path}[{i}]");
                match v {
                    Value::String(s) => read(s, &p),
                    other => err(&p, format!("expected a string, found {}", type_name(other))),
                }
            })
            .collect(),
        Some(v) => err(&path, format!("expected an array, found {}", type_name(v))),
    }
}

pub(super) fn req_text(o: &mut Obj<'_>, key: &'static str, variants: &[&str]) -> R<Template> {
    let path = o.at(key);
    match o.req(key)? {
        Value::String(s) if !s.trim().is_empty() => Template::parse(s, &path, variants),
        Value::String(_) => err(&path, "is empty"),
        other => err(
            &path,
            format!("expected a string, found {}", type_name(other)),
        ),
    }
}

/// `figures` (or another `key`): `[{"label": …, "value": …}]`.
pub(super) fn figures(o: &mut Obj<'_>, key: &'static str, variants: &[&str]) -> R<Vec<Figure>> {
    let path = o.at(key);
    let Some(v) = o.opt(key) else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = v else {
        return err(&path, format!("expected an array, found {}", type_name(v)));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut f = Obj::new(&format!("{path}[{i}]"), v)?;
            let label = f.str_max("label", 80)?.unwrap_or("").to_string();
            let value = req_text(&mut f, "value", variants)?;
            f.finish()?;
            Ok(Figure { label, value })
        })
        .collect()
}

fn on(path: &str, v: &Value) -> R<Matcher> {
    let mut o = Obj::new(path, v)?;
    let Some(kind) = o.str("event")? else {
        return err(path, "missing required key \"event\"");
    };
    if !known_kind(kind) {
        return err(
            &o.at("event"),
            format!("\"{kind}\" is neither a trace event nor an operation"),
        );
    }
    let id = o.str("id")?.map(String::from);
    let mut filters = Vec::new();
    for key in ["by", "error", "entity"] {
        if let Some(v) = o.str(key)? {
            filters.push((key.into(), v.into()));
        }
    }
    if let Some(ok) = o.bool("ok")? {
        filters.push(("ok".into(), format!("{ok}")));
    }
    let nth = match o.opt("nth") {
        None => Some(1),
        Some(Value::String(s)) if s == "last" => None,
        Some(v) => match as_u64(&o.at("nth"), v)? {
            0 => return err(&o.at("nth"), "counts from 1 (or \"last\")"),
            n => Some(usize::try_from(n).unwrap_or(usize::MAX)),
        },
    };
    o.finish()?;
    Ok(Matcher {
        kind: kind.into(),
        id,
        filters,
        nth,
    })
}

/// Parses `$.lesson`.
pub(super) fn parse(path: &str, v: &Value) -> R<Lesson> {
    let mut o = Obj::new(path, v)?;
    let speed = match o.opt("speed") {
        None => 1.0,
        Some(Value::Number(n)) => match n.as_f64() {
            Some(x) if x > 0.0 && x <= 10_000.0 => x,
            _ => return err(&o.at("speed"), format!("{n} is out of range (0, 10000]")),
        },
        Some(v) => {
            return err(
                &o.at("speed"),
                format!("expected a number, found {}", type_name(v)),
            );
        }
    };
    let notes_path = o.at("notes");
    let mut notes = Vec::new();
    match o.opt("notes") {
        None => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let p = format!("{notes_path}[{i}]");
                let mut n = Obj::new(&p, item)?;
                let at = n.u64("at_ms")?;
                let on_path = n.at("on");
                let when = match (at, n.opt("on")) {
                    (Some(_), Some(_)) => return err(&p, "give \"at_ms\" or \"on\", not both"),
                    (None, None) => return err(&p, "missing \"at_ms\" or \"on\""),
                    (Some(t), None) => When::At(t),
                    (None, Some(v)) => When::On {
                        on: on(&on_path, v)?,
                        after_ms: 0,
                    },
                };
                let after = n.u64("after_ms")?;
                let when = match (when, after) {
                    (When::On { on, .. }, Some(a)) => When::On { on, after_ms: a },
                    (When::At(_), Some(_)) => {
                        return err(&n.at("after_ms"), "only with \"on\"");
                    }
                    (w, None) => w,
                };
                let text = req_text(&mut n, "text", &[])?;
                let pause = n.bool("pause")?.unwrap_or(false);
                n.finish()?;
                notes.push(Note { when, text, pause });
            }
        }
        Some(v) => {
            return err(
                &notes_path,
                format!("expected an array, found {}", type_name(v)),
            );
        }
    }
    let summary = strings(&mut o, "summary", |s, p| Template::parse(s, p, &[]))?;
    let figures = figures(&mut o, "figures", &[])?;
    o.finish()?;
    Ok(Lesson {
        speed,
        notes,
        summary,
        figures,
        raw: v.clone(),
    })
}

/// A caption with its time and text resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownNote {
    /// Virtual time it appears at.
    pub at_ms: u64,
    /// Its text, numbers filled in.
    pub text: String,
    /// Pause playback here.
    pub pause: bool,
}

/// A lesson with every time and number resolved from its run: what the playground shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Default playback speed.
    pub speed: f64,
    /// Captions in time order (document order at one instant).
    pub notes: Vec<ShownNote>,
    /// Summary lines.
    pub summary: Vec<String>,
    /// (label, value) big figures.
    pub figures: Vec<(String, String)>,
}

impl Lesson {
    /// Resolves every caption time and placeholder from `facts` (the run of this scenario).
    ///
    /// # Errors
    /// A caption anchored to a record that never happens, or a placeholder the run cannot
    /// answer, with the JSON path of the text.
    pub fn show(&self, facts: &Facts) -> R<Shown> {
        let f = [("", facts)];
        let mut notes = Vec::new();
        for (i, n) in self.notes.iter().enumerate() {
            let path = format!("$.lesson.notes[{i}]");
            let at_ms = match &n.when {
                When::At(t) => *t,
                When::On { on, after_ms } => match facts.time_of(on) {
                    Ok(t) => t.saturating_add(*after_ms),
                    Err(e) => return err(&format!("{path}.on"), e),
                },
            };
            notes.push(ShownNote {
                at_ms,
                text: n.text.render(&f, &format!("{path}.text"))?,
                pause: n.pause,
            });
        }
        settle_core::order::sort_by_key(&mut notes, |n| n.at_ms);
        let summary = self
            .summary
            .iter()
            .enumerate()
            .map(|(i, s)| s.render(&f, &format!("$.lesson.summary[{i}]")))
            .collect::<R<_>>()?;
        let figures = self
            .figures
            .iter()
            .enumerate()
            .map(|(i, g)| {
                Ok((
                    g.label.clone(),
                    g.value
                        .render(&f, &format!("$.lesson.figures[{i}].value"))?,
                ))
            })
            .collect::<R<_>>()?;
        Ok(Shown {
            speed: self.speed,
            notes,
            summary,
            figures,
        })
    }

    /// Every entity its placeholders name exists: `known` says which do.
    ///
    /// # Errors
    /// The first text naming an unknown entity, with its JSON path.
    pub(super) fn check_entities(&self, known: impl Fn(&str) -> bool) -> R<()> {
        for (path, t) in self.texts() {
            if let Some(e) = t.entities().find(|e| !known(e)) {
                return err(
                    &path,
                    format!("no queue, topic or subscription named \"{e}\""),
                );
            }
        }
        Ok(())
    }

    /// Every text of the lesson with its JSON path (captions, summary, figures).
    #[must_use]
    pub fn texts(&self) -> Vec<(String, &Template)> {
        let mut out = Vec::new();
        for (i, n) in self.notes.iter().enumerate() {
            out.push((format!("$.lesson.notes[{i}].text"), &n.text));
        }
        for (i, s) in self.summary.iter().enumerate() {
            out.push((format!("$.lesson.summary[{i}]"), s));
        }
        for (i, g) in self.figures.iter().enumerate() {
            out.push((format!("$.lesson.figures[{i}].value"), &g.value));
        }
        out
    }
}

/// Runs the scenario and resolves its lesson; `Ok(None)` when it has none.
///
/// # Errors
/// As [`Lesson::show`].
pub fn show(sc: &Scenario) -> R<Option<Shown>> {
    match &sc.lesson {
        None => Ok(None),
        Some(l) => l.show(&Facts::of(sc)).map(Some),
    }
}

/// `text` (a scenario document) with the lesson written back in.
pub(super) fn with_lesson(text: String, lesson: Option<&Lesson>) -> String {
    let Some(l) = lesson else {
        return text;
    };
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(mut m)) => {
            m.insert("lesson".into(), l.raw.clone());
            serde_json::to_string_pretty(&Value::Object(m))
                .expect("invariant: a JSON value always serializes")
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_and_rounded() {
        assert_eq!(format_num(Num::I(8000), Fmt::Plain), "8,000");
        assert_eq!(format_num(Num::I(80), Fmt::Plain), "80");
        assert_eq!(format_num(Num::I(1_234_567), Fmt::Plain), "1,234,567");
        assert_eq!(format_num(Num::I(8000), Fmt::Raw), "8000");
        assert_eq!(format_num(Num::I(30_500), Fmt::Secs), "30.5");
        assert_eq!(format_num(Num::I(300_000), Fmt::Mins), "5");
        assert_eq!(format_num(Num::F(7.46), Fmt::Plain), "7.5");
        assert_eq!(format_num(Num::I(-2000), Fmt::Secs), "-2");
    }

    #[test]
    fn braces_and_errors() {
        let t = Template::parse("a {{b}} c", "$.x", &[]).unwrap();
        assert_eq!(t.literal_text(), "a {b} c");
        for (bad, want) in [
            ("{nope}", "unknown placeholder {nope}"),
            ("{t:lock_expird m1}", "neither a trace event"),
            ("{t:locked m1 #0}", "#1, #2"),
            ("{config:tier}", "not a numeric queue key"),
            ("{elapsed}", "takes one client name"),
            ("{receivers x}", "takes no arguments"),
            ("{t:locked|hours}", "unknown format"),
            ("open {", "without its"),
            ("close }", "lone"),
        ] {
            let e = Template::parse(bad, "$.p", &[]).unwrap_err();
            assert_eq!(e.path, "$.p");
            assert!(e.problem.contains(want), "{bad}: {}", e.problem);
        }
        let e = Template::parse("{t:locked}", "$.d", &["a", "b"]).unwrap_err();
        assert!(e.problem.contains("say which variant"), "{}", e.problem);
        assert!(Template::parse("{b.t:locked}", "$.d", &["a", "b"]).is_ok());
    }
}
