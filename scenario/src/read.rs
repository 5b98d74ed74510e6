//! Reading a JSON document with an exact JSON path in every error: the error type, an object
//! reader that refuses unknown keys (with a "did you mean" hint) and reports every key's path,
//! and the small checks every part of the format shares. The format's parts (`parse` for the
//! document and its script and actors, `entities`, `lesson`, `compare`) all read through it.

use super::limits::{EXCERPT_CHARS, MAX_ERROR_CHARS, MAX_TIME_MS};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use serde_json::{Map, Value};

/// Why a scenario was rejected: where (a JSON path such as `$.script[2].at_ms`) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// JSON path of the offending value (`$` for the document).
    pub path: String,
    /// What is wrong, in English.
    pub problem: String,
    /// The same as a message a program can say in its reader's language: every problem the
    /// format's reader finds has one.
    pub said: Option<Said>,
}

/// A problem as a message: its name (`format-<id>` in a program's messages) and its
/// variables, each a word of the document (a key, a number) or a [`type_key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The message's name, without `format-`.
    pub id: &'static str,
    /// Its variables.
    pub args: Vec<(&'static str, String)>,
    /// The problem inside this one (a variant's scenario, a placeholder the run cannot answer),
    /// said in words too: the message's `error` variable. Its path is empty when it has none.
    pub within: Option<alloc::boxed::Box<FormatError>>,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            return f.write_str(&self.problem);
        }
        write!(f, "{}: {}", self.path, self.problem)
    }
}

impl core::error::Error for FormatError {}

pub(super) type R<T> = Result<T, FormatError>;

/// A refused document's problem: `problem` in English, and the same as the message `id`
/// (`format-<id>` in a program's messages) with its variables, written here (one place, not
/// at each call).
pub(crate) fn err_said<T>(
    path: &str,
    problem: impl Into<String>,
    id: &'static str,
    args: &[(&'static str, &dyn fmt::Display)],
) -> R<T> {
    Err(said(path, problem.into(), id, args))
}

/// As [`err_said`], for a problem with another inside it (`within`, said in words too): the
/// message's `error` variable is `within`'s words.
pub(crate) fn err_within<T>(
    path: &str,
    problem: impl Into<String>,
    id: &'static str,
    args: &[(&'static str, &dyn fmt::Display)],
    within: FormatError,
) -> R<T> {
    let mut e = said(path, problem.into(), id, args);
    if let Some(s) = &mut e.said {
        s.args.push(("error", within.to_string()));
        s.within = Some(alloc::boxed::Box::new(within));
    }
    Err(e)
}

/// What serde_json found wrong with a text that is not JSON, said in words: its problem (one
/// of serde_json's, by name) at a line and column.
pub(crate) fn json_problem(e: &serde_json::Error) -> FormatError {
    const WHAT: [(&str, &str); 21] = [
        ("EOF while parsing a list", "eof-list"),
        ("EOF while parsing an object", "eof-object"),
        ("EOF while parsing a string", "eof-string"),
        ("EOF while parsing a value", "eof-value"),
        ("expected `:`", "expected-colon"),
        ("expected `,` or `]`", "expected-comma-or-bracket"),
        ("expected `,` or `}`", "expected-comma-or-brace"),
        ("expected ident", "expected-ident"),
        ("expected value", "expected-value"),
        ("expected `\"`", "expected-quote"),
        ("invalid escape", "invalid-escape"),
        ("invalid number", "invalid-number"),
        ("number out of range", "number-out-of-range"),
        ("invalid unicode code point", "invalid-code-point"),
        (
            "control character (\\u0000-\\u001F) found while parsing a string",
            "control-character",
        ),
        ("key must be a string", "key-not-string"),
        ("lone leading surrogate in hex escape", "lone-surrogate"),
        ("trailing comma", "trailing-comma"),
        ("trailing characters", "trailing-characters"),
        ("unexpected end of hex escape", "end-of-hex-escape"),
        ("recursion limit exceeded", "too-deep"),
    ];
    let text = e.to_string();
    let (line, column) = (e.line(), e.column());
    let detail = text
        .strip_suffix(&format!(" at line {line} column {column}"))
        .unwrap_or(&text);
    // A problem a later serde_json adds is said as it writes it.
    let what = WHAT
        .iter()
        .find(|(english, _)| *english == detail)
        .map_or("other", |(_, key)| key);
    problem(
        text.clone(),
        "json-syntax",
        &[
            ("what", &what),
            ("detail", &detail),
            ("line", &line),
            ("column", &column),
        ],
    )
}

/// A problem without a place of its own, to be said inside another (`err_within`): what a
/// lesson's run cannot answer, for one.
pub(crate) fn problem(
    text: impl Into<String>,
    id: &'static str,
    args: &[(&'static str, &dyn fmt::Display)],
) -> FormatError {
    said("", text.into(), id, args)
}

fn said(
    path: &str,
    problem: String,
    id: &'static str,
    args: &[(&'static str, &dyn fmt::Display)],
) -> FormatError {
    // A problem cut short is cut as short in every language (`settle_i18n::format_error`).
    let max = match id {
        "unknown-op" | "unknown-placeholder" => 2 * MAX_ERROR_CHARS,
        _ => MAX_ERROR_CHARS,
    };
    FormatError {
        path: cap(path.into(), MAX_ERROR_CHARS / 2),
        problem: cap(problem, max),
        said: Some(Said {
            id,
            args: args.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            within: None,
        }),
    }
}

/// A queue's or entity's settings refused by `settle_core` (`QueueConfig::validate`), at
/// `path.<key>`, as a message: each of its problems has one.
pub(crate) fn config_error(path: &str, e: settle_core::ConfigError) -> FormatError {
    let at = format!("{path}.{}", e.key);
    let p = e.problem.as_str();
    let words: Vec<&str> = p.split(' ').collect();
    let english = || e.problem.clone();
    match (words.as_slice(), p) {
        ([n, "is", "out", "of", "range", range], _) if range.contains("..=") => {
            let (lo, hi) = range.split_once("..=").unwrap_or_default();
            said(
                &at,
                english(),
                "out-of-range",
                &[("n", n), ("lo", &lo), ("hi", &hi)],
            )
        }
        ([n, "is", "below", "the", "minimum", min], _) => {
            said(&at, english(), "below-minimum", &[("n", n), ("min", min)])
        }
        (_, "the basic tier has no duplicate detection") => {
            said(&at, english(), "basic-no-duplicate-detection", &[])
        }
        (_, "the basic tier has no sessions") => said(&at, english(), "basic-no-sessions", &[]),
        (_, "must be at least 1") => said(&at, english(), "at-least-one", &[]),
        _ => said(&at, english(), "config", &[("error", &p)]),
    }
}

/// "expected `want`, found `v`'s type": `want` is a [`type_key`] (or `whole`, `string-or-null`).
pub(crate) fn wrong_type<T>(path: &str, want: &'static str, v: &Value) -> R<T> {
    let english = match want {
        "whole" => "a whole number",
        "string-or-null" => "a string or null",
        "array" => "an array",
        "object" => "an object",
        "boolean" => "a boolean",
        "number" => "a number",
        "null" => "null",
        _ => "a string",
    };
    err_said(
        path,
        format!("expected {english}, found {}", type_name(v)),
        "expected",
        &[("want", &want), ("found", &type_key(v))],
    )
}

/// A value's type as a message's variable: `null`, `boolean`, `number`, `string`, `array`,
/// `object`.
pub fn type_key(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// `s` cut to at most `max` characters (an ellipsis marks the cut): an error line never
/// repeats a long stretch of the input.
fn cap(s: String, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s,
        Some((i, _)) => {
            let mut t = String::from(&s[..i]);
            t.push('…');
            t
        }
    }
}

/// A short excerpt of user text, for quoting in an error.
pub(super) fn excerpt(s: &str) -> String {
    cap(s.into(), EXCERPT_CHARS)
}

pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Edit distance, for "did you mean" hints on misspelt keys.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// An object being read: tracks which keys were used so that unknown ones are reported.
pub(super) struct Obj<'a> {
    /// The object's own JSON path.
    pub(super) path: String,
    map: &'a Map<String, Value>,
    allowed: Vec<&'static str>,
}

impl<'a> Obj<'a> {
    pub(super) fn new(path: &str, v: &'a Value) -> R<Self> {
        match v {
            Value::Object(map) => Ok(Self {
                path: path.into(),
                map,
                allowed: Vec::new(),
            }),
            other => wrong_type(path, "object", other),
        }
    }

    pub(super) fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// The value of an allowed key, `None` when absent.
    pub(super) fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.allowed.push(key);
        self.map.get(key)
    }

    /// Present and not null.
    pub(super) fn opt(&mut self, key: &'static str) -> Option<&'a Value> {
        self.get(key).filter(|v| !v.is_null())
    }

    pub(super) fn req(&mut self, key: &'static str) -> R<&'a Value> {
        match self.get(key) {
            Some(v) => Ok(v),
            None => err_said(
                &self.path,
                format!("missing required key \"{key}\""),
                "missing-key",
                &[("key", &key)],
            ),
        }
    }

    pub(super) fn u64(&mut self, key: &'static str) -> R<Option<u64>> {
        match self.opt(key) {
            None => Ok(None),
            Some(v) => as_u64(&self.at(key), v).map(Some),
        }
    }

    pub(super) fn u64_in(&mut self, key: &'static str, lo: u64, hi: u64) -> R<Option<u64>> {
        // A number past the range however it is written (`1e30` is no u64) is out of range.
        if let Some(Value::Number(n)) = self.opt(key)
            && above(n, hi)
        {
            return err_said(
                &self.at(key),
                format!("{n} is out of range {lo}..={hi}"),
                "out-of-range",
                &[("n", &n), ("lo", &lo), ("hi", &hi)],
            );
        }
        let v = self.u64(key)?;
        if let Some(n) = v
            && !(lo..=hi).contains(&n)
        {
            return err_said(
                &self.at(key),
                format!("{n} is out of range {lo}..={hi}"),
                "out-of-range",
                &[("n", &n), ("lo", &lo), ("hi", &hi)],
            );
        }
        Ok(v)
    }

    /// A time (an instant or a duration) in milliseconds, at most [`MAX_TIME_MS`].
    pub(super) fn time(&mut self, key: &'static str) -> R<Option<u64>> {
        match self.opt(key) {
            None => Ok(None),
            Some(v) => as_time(&self.at(key), v).map(Some),
        }
    }

    pub(super) fn bool(&mut self, key: &'static str) -> R<Option<bool>> {
        match self.opt(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => wrong_type(&self.at(key), "boolean", v),
        }
    }

    pub(super) fn str(&mut self, key: &'static str) -> R<Option<&'a str>> {
        match self.opt(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => wrong_type(&self.at(key), "string", v),
        }
    }

    pub(super) fn str_max(&mut self, key: &'static str, max_chars: usize) -> R<Option<&'a str>> {
        let s = self.str(key)?;
        if let Some(s) = s
            && s.chars().count() > max_chars
        {
            return err_said(
                &self.at(key),
                format!("longer than {max_chars} characters"),
                "too-long",
                &[("max", &max_chars)],
            );
        }
        Ok(s)
    }

    /// Reports the first key that was never asked for.
    pub(super) fn finish(self) -> R<()> {
        for k in self.map.keys() {
            if !self.allowed.contains(&k.as_str()) {
                // The hint costs |k|·|allowed key| per candidate: only short keys get one.
                let near = (k.chars().count() <= HINT_MAX_CHARS)
                    .then(|| {
                        self.allowed
                            .iter()
                            .map(|a| (distance(a, k), *a))
                            .filter(|&(d, _)| d <= 2)
                            .min_by_key(|&(d, a)| (d, a.len().abs_diff(k.len())))
                            .map(|(_, a)| a)
                    })
                    .flatten();
                let key = excerpt(k);
                return match near {
                    Some(a) => err_said(
                        &self.path,
                        format!("unknown key \"{key}\" (did you mean \"{a}\"?)"),
                        "unknown-key-near",
                        &[("key", &key), ("near", &a)],
                    ),
                    None => err_said(
                        &self.path,
                        format!("unknown key \"{key}\""),
                        "unknown-key",
                        &[("key", &key)],
                    ),
                };
            }
        }
        Ok(())
    }
}

/// A time in milliseconds, a whole number ≥ 0. A time past [`MAX_TIME_MS`], however it is
/// written (`1e30` too), is refused as such: it cannot make sense in a run, and keeping times
/// small keeps every sum of times inside `u64`.
pub(super) fn as_time(path: &str, v: &Value) -> R<u64> {
    let too_late = |n: &dyn fmt::Display| {
        err_said(
            path,
            format!(
                "{n} ms is more than {MAX_TIME_MS} ms (10 years), the longest time a scenario may name"
            ),
            "too-late",
            &[("n", n), ("max", &MAX_TIME_MS)],
        )
    };
    match v {
        Value::Number(n) if above(n, MAX_TIME_MS) => too_late(n),
        _ => as_u64(path, v),
    }
}

/// A number greater than `max`: a whole one, or any other (a fraction, an exponent) past it.
fn above(n: &serde_json::Number, max: u64) -> bool {
    #[allow(
        clippy::cast_precision_loss,
        reason = "a bound far below 2^53 or a huge number"
    )]
    n.as_u64()
        .map_or_else(|| n.as_f64().is_some_and(|x| x > max as f64), |u| u > max)
}

/// Keys longer than this get no "did you mean" hint.
const HINT_MAX_CHARS: usize = 40;

pub(super) fn as_u64(path: &str, v: &Value) -> R<u64> {
    match v {
        Value::Number(n) => n.as_u64().map_or_else(
            || {
                err_said(
                    path,
                    format!("expected a whole number ≥ 0, found {n}"),
                    "not-whole",
                    &[("n", &n)],
                )
            },
            Ok,
        ),
        other => wrong_type(path, "whole", other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use settle_core::{QueueConfig, Tier};

    /// Each of `settle_core`'s problems with a queue's settings is a message of its own.
    #[test]
    fn a_queue_setting_refused_by_the_core_is_said_in_words() {
        let base = QueueConfig::default;
        let cases = [
            (
                QueueConfig {
                    lock_duration: settle_core::Duration::from_millis(1),
                    ..base()
                },
                "out-of-range",
            ),
            (
                QueueConfig {
                    default_ttl: Some(settle_core::Duration::from_millis(1)),
                    ..base()
                },
                "below-minimum",
            ),
            (
                QueueConfig {
                    tier: Tier::Basic,
                    requires_session: true,
                    ..base()
                },
                "basic-no-sessions",
            ),
            (
                QueueConfig {
                    tier: Tier::Basic,
                    duplicate_detection_window: Some(settle_core::Duration::from_millis(60_000)),
                    ..base()
                },
                "basic-no-duplicate-detection",
            ),
            (
                QueueConfig {
                    max_size_bytes: 0,
                    ..base()
                },
                "at-least-one",
            ),
        ];
        for (cfg, id) in cases {
            let e = config_error("$.queue", cfg.validate().unwrap_err());
            assert_eq!(e.said.map(|s| s.id), Some(id), "{}", e.problem);
        }
        let odd = settle_core::ConfigError {
            key: "tier",
            problem: "a new problem".into(),
        };
        let e = config_error("$.queue", odd);
        assert_eq!(e.to_string(), "$.queue.tier: a new problem");
        assert_eq!(e.said.map(|s| s.id), Some("config"));
    }
}
