//! The JSON form of rules and filters (docs/topics.md, docs/filters.md): parse
//! with JSON paths in every error, and print back.

use crate::FormatError;
use crate::props::{properties, props};
use crate::read::{err_said, err_within, problem, wrong_type};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use serde_json::{Map, Value};
use settle_core::filter::{
    Action, CorrelationFilter, Filter, MAX_DEPTH, MAX_LEN, Rule, RuleError, SqlError, SqlErrorKind,
    SysProp,
};

type R<T> = Result<T, FormatError>;

/// The path of `key` inside the object at `base`: `base.key`, or `base["key"]` (JSON-escaped)
/// when the key is empty or has a character outside `A–Z a–z 0–9 _ $ -`.
#[must_use]
pub fn key_path(base: &str, key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-'));
    if plain {
        format!("{base}.{key}")
    } else {
        format!("{base}[{}]", Value::String(key.into()))
    }
}

/// The object at `path`, else `expected an object, found …`.
pub(crate) fn object<'v>(path: &str, v: &'v Value) -> R<&'v Map<String, Value>> {
    match v {
        Value::Object(m) => Ok(m),
        other => wrong_type(path, "object", other),
    }
}

fn string<'v>(path: &str, v: &'v Value) -> R<&'v str> {
    match v {
        Value::String(s) => Ok(s),
        other => wrong_type(path, "string", other),
    }
}

/// The correlation keys of the format and the system property each names.
const CORRELATION_KEYS: [(&str, SysProp); 8] = [
    ("correlation_id", SysProp::CorrelationId),
    ("message_id", SysProp::MessageId),
    ("to_address", SysProp::To),
    ("reply_to", SysProp::ReplyTo),
    ("subject", SysProp::Subject),
    ("session_id", SysProp::SessionId),
    ("reply_to_session_id", SysProp::ReplyToSessionId),
    ("content_type", SysProp::ContentType),
];

fn correlation(path: &str, v: &Value) -> R<CorrelationFilter> {
    let mut out = CorrelationFilter::default();
    for (k, v) in object(path, v)? {
        let at = key_path(path, k);
        if k == "properties" {
            // Read as a send's properties are, so both accept the same values.
            out.properties = properties(&at, v)?;
        } else if let Some((_, p)) = CORRELATION_KEYS.iter().find(|(key, _)| key == k) {
            out.system.insert(*p, string(&at, v)?.into());
        } else {
            return err_said(&at, "unknown key", "unknown-key-here", &[]);
        }
    }
    if out.is_empty() {
        return err_said(
            path,
            RuleError::EmptyCorrelation.to_string(),
            "empty-correlation",
            &[],
        );
    }
    Ok(out)
}

/// A `FILTER` object: exactly one of `true`, `false`, `sql`, `correlation`.
///
/// # Errors
/// A [`FormatError`] at the offending path, e.g.
/// `<path>.sql: unsupported: arithmetic at column 10`.
pub fn filter_from_value(path: &str, v: &Value) -> R<Filter> {
    let map = object(path, v)?;
    let mut entries = map.iter();
    let (Some((kind, inner)), None) = (entries.next(), entries.next()) else {
        return err_said(
            path,
            "exactly one of true, false, sql, correlation",
            "one-filter",
            &[],
        );
    };
    let at = key_path(path, kind);
    match kind.as_str() {
        "true" | "false" => {
            if !object(&at, inner)?.is_empty() {
                return err_said(&at, "expected {}", "expected-empty-object", &[]);
            }
            Ok(if kind == "true" {
                Filter::True
            } else {
                Filter::False
            })
        }
        "sql" => Filter::sql(string(&at, inner)?)
            .or_else(|e| err_within(&at, e.to_string(), "sql-filter", &[], sql_problem(&e))),
        "correlation" => Ok(Filter::Correlation(correlation(&at, inner)?)),
        _ => err_said(
            path,
            "exactly one of true, false, sql, correlation",
            "one-filter",
            &[],
        ),
    }
}

/// A rule action string (`SET …; REMOVE …`).
///
/// # Errors
/// Not a string, or outside the action subset.
pub fn action_from_value(path: &str, v: &Value) -> R<Action> {
    Action::parse(string(path, v)?)
        .or_else(|e| err_within(path, e.to_string(), "sql-action", &[], sql_problem(&e)))
}

/// What is wrong with a filter's or an action's text, said in words (`sql-<kind>`).
fn sql_problem(e: &SqlError) -> FormatError {
    use SqlErrorKind as K;
    let text = e.to_string();
    let column = &e.column;
    match &e.kind {
        K::Unsupported(c) => problem(
            text,
            "sql-unsupported",
            &[("what", &c.words().0), ("column", column)],
        ),
        K::Expected(w) => problem(
            text,
            "sql-expected",
            &[("what", &w.words().0), ("column", column)],
        ),
        K::UnknownSystemProperty(name) => problem(
            text,
            "sql-unknown-system-property",
            &[("name", &format!("sys.{name}"))],
        ),
        K::UnknownScope(scope) => problem(
            text,
            "sql-unknown-scope",
            &[("scope", scope), ("column", column)],
        ),
        K::UnterminatedString => problem(text, "sql-unterminated-string", &[("column", column)]),
        K::UnexpectedCharacter(c) => problem(
            text,
            "sql-unexpected-character",
            &[("char", &format!("{c:?}")), ("column", column)],
        ),
        K::NumberOutOfRange => problem(text, "sql-number-out-of-range", &[("column", column)]),
        K::TooLong => problem(text, "sql-too-long", &[("max", &MAX_LEN)]),
        K::TooDeep => problem(
            text,
            "sql-too-deep",
            &[("max", &MAX_DEPTH), ("column", column)],
        ),
    }
}

/// A rule from its parts: `filter` at `<base>.filter`, `action` (optional) at `<base>.action`.
/// Serves both a rule object and the `add_rule` step, whose keys sit in the step itself.
///
/// # Errors
/// Either part invalid, or an action with a correlation filter.
pub fn rule_from_parts(base: &str, filter: &Value, action: Option<&Value>) -> R<Rule> {
    let f = filter_from_value(&format!("{base}.filter"), filter)?;
    let action_path = format!("{base}.action");
    let a = action
        .map(|a| action_from_value(&action_path, a))
        .transpose()?;
    Rule::new(f, a).or_else(|e| {
        let id = match e {
            RuleError::EmptyCorrelation => "empty-correlation",
            RuleError::ActionWithCorrelation => "action-with-correlation",
        };
        err_said(&action_path, e.to_string(), id, &[])
    })
}

/// A rule object `{"filter": FILTER, "action": "…"}`.
///
/// # Errors
/// Unknown key, missing filter, or an invalid part.
pub fn rule_from_value(path: &str, v: &Value) -> R<Rule> {
    let map = object(path, v)?;
    if let Some(k) = map.keys().find(|k| *k != "filter" && *k != "action") {
        return err_said(&key_path(path, k), "unknown key", "unknown-key-here", &[]);
    }
    let Some(filter) = map.get("filter") else {
        return err_said(&format!("{path}.filter"), "missing", "missing", &[]);
    };
    rule_from_parts(path, filter, map.get("action"))
}

/// Checks a rule name: 1–50 characters from `A–Z a–z 0–9 . - _`, or exactly `$Default`.
///
/// # Errors
/// `invalid rule name` at `path`.
pub fn rule_name(path: &str, name: &str) -> R<()> {
    let ok = name == Rule::DEFAULT_NAME
        || ((1..=50).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')));
    if ok {
        Ok(())
    } else {
        err_said(path, "invalid rule name", "rule-name", &[])
    }
}

/// Two keys of `map` equal ignoring ASCII case are an error, standing at the one that sorts
/// first: `<path>.R1: same name as <path>.r1`.
///
/// # Errors
/// As said.
pub(crate) fn same_names(path: &str, map: &Map<String, Value>) -> R<()> {
    for name in map.keys() {
        if let Some(other) = map
            .keys()
            .find(|o| *o != name && o.eq_ignore_ascii_case(name))
        {
            let (first, second) = if name < other {
                (name, other)
            } else {
                (other, name)
            };
            return err_said(
                &key_path(path, first),
                format!("same name as {}", key_path(path, second)),
                "same-name",
                &[("other", &key_path(path, second))],
            );
        }
    }
    Ok(())
}

/// A subscription's `rules` object, name → rule, names checked and unique ignoring ASCII case.
///
/// # Errors
/// The first invalid name or rule; for two names equal ignoring case, the error stands at the
/// name that sorts first: `<path>.R1: same name as <path>.r1`.
pub fn rules_from_value(path: &str, v: &Value) -> R<BTreeMap<String, Rule>> {
    let map = object(path, v)?;
    let mut out = BTreeMap::new();
    for name in map.keys() {
        rule_name(&key_path(path, name), name)?;
    }
    same_names(path, map)?;
    for (name, rule) in map {
        out.insert(name.clone(), rule_from_value(&key_path(path, name), rule)?);
    }
    Ok(out)
}

fn filter_to_value(f: &Filter) -> Value {
    let (kind, inner) = match f {
        Filter::True => ("true", Value::Object(Map::new())),
        Filter::False => ("false", Value::Object(Map::new())),
        Filter::Sql(s) => ("sql", Value::String(s.text.clone())),
        Filter::Correlation(c) => {
            let mut m = Map::new();
            for (key, p) in CORRELATION_KEYS {
                if let Some(v) = c.system.get(&p) {
                    m.insert(key.into(), Value::String(v.clone()));
                }
            }
            if !c.properties.is_empty() {
                m.insert("properties".into(), props(&c.properties));
            }
            ("correlation", Value::Object(m))
        }
    };
    let mut m = Map::new();
    m.insert(kind.into(), inner);
    Value::Object(m)
}

/// A rule as the format writes it (texts as written): what [`rule_from_value`] reads back.
#[must_use]
pub fn rule_to_value(rule: &Rule) -> Value {
    let mut m = Map::new();
    m.insert("filter".into(), filter_to_value(rule.filter()));
    if let Some(a) = rule.action() {
        m.insert("action".into(), Value::String(a.text.clone()));
    }
    Value::Object(m)
}

#[cfg(test)]
mod tests;
