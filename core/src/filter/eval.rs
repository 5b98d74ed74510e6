//! Evaluation of SQL predicates (three-valued), correlation filters and rule actions.

use super::ast::{CmpOp, Const, Operand, Predicate, Prop, Statement};
use super::{CorrelationFilter, Subject, Value};
use crate::message::{PropValue, Text};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

/// A truth value of SQL's three-valued logic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Truth {
    /// True.
    True,
    /// False.
    False,
    /// Unknown: a missing property or a null took part.
    Unknown,
}

impl Truth {
    /// `a AND b`: false wins, then unknown.
    #[must_use]
    pub const fn and(self, other: Self) -> Self {
        match (self, other) {
            (Self::False, _) | (_, Self::False) => Self::False,
            (Self::True, Self::True) => Self::True,
            _ => Self::Unknown,
        }
    }

    /// `a OR b`: true wins, then unknown.
    #[must_use]
    pub const fn or(self, other: Self) -> Self {
        match (self, other) {
            (Self::True, _) | (_, Self::True) => Self::True,
            (Self::False, Self::False) => Self::False,
            _ => Self::Unknown,
        }
    }

    /// `NOT a`: unknown stays unknown.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub const fn not(self) -> Self {
        match self {
            Self::True => Self::False,
            Self::False => Self::True,
            Self::Unknown => Self::Unknown,
        }
    }

    const fn of(b: bool) -> Self {
        if b { Self::True } else { Self::False }
    }
}

/// A filter whose evaluation failed (`topics.md` §7.6): the broker's `FilterException`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What failed, e.g. `cannot compare a string with a number (quantity > 5)`.
    pub detail: String,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl core::error::Error for EvalError {}

/// The application property a SQL name denotes: the exact name if the message has it, else the
/// first name in ascending byte order that is equal ignoring case.
pub(crate) fn find_property<'s, S: Subject + ?Sized>(
    subject: &'s S,
    name: &str,
) -> Option<Value<'s>> {
    if let Some(v) = subject.property(name) {
        return Some(v);
    }
    let found = subject
        .property_names()
        .find(|n| same_ignoring_case(n, name))?;
    subject.property(found)
}

/// Equal under Unicode simple lower-casing, character by character (no allocation).
pub(crate) fn same_ignoring_case(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// A value during evaluation.
fn operand_value<'s, S: Subject + ?Sized>(subject: &'s S, o: &'s Operand) -> Value<'s> {
    match o {
        Operand::Const(c) => const_value(c),
        Operand::Prop(p) => prop_value(subject, p),
    }
}

fn const_value(c: &Const) -> Value<'_> {
    match c {
        Const::Int(i) => Value::Int(*i),
        Const::Decimal(d) => Value::Decimal(*d),
        Const::Str(s) => Value::Str(s),
        Const::Bool(b) => Value::Bool(*b),
        Const::Null => Value::Null,
    }
}

/// A property's value; `Null` when missing, unset or null.
fn prop_value<'s, S: Subject + ?Sized>(subject: &'s S, p: &Prop) -> Value<'s> {
    match p {
        Prop::Sys(p) => subject.system(*p).map_or(Value::Null, Value::Str),
        Prop::User(name) => find_property(subject, name).unwrap_or(Value::Null),
    }
}

const fn type_name(v: &Value<'_>) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Str(_) => "a string",
        Value::Int(_) | Value::Decimal(_) => "a number",
        Value::Bool(_) => "a boolean",
    }
}

/// Numbers compare as C# does: two integers exactly, otherwise both as `double`.
/// `None` only when a NaN takes part.
pub(crate) fn compare_numbers(a: &Value<'_>, b: &Value<'_>) -> Option<Option<Ordering>> {
    #[allow(clippy::cast_precision_loss)]
    let f = |v: &Value<'_>| match *v {
        Value::Int(i) => Some(i as f64),
        Value::Decimal(d) => Some(d),
        _ => None,
    };
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(Some(x.cmp(y))),
        _ => Some(f(a)?.partial_cmp(&f(b)?)),
    }
}

fn mismatch<T>(
    what: &str,
    a: &Value<'_>,
    b: &Value<'_>,
    shown: &dyn fmt::Display,
) -> Result<T, EvalError> {
    Err(EvalError {
        detail: format!(
            "cannot {what} {} with {} ({shown})",
            type_name(a),
            type_name(b)
        ),
    })
}

/// `a op b` with SQLF20's rules: null → unknown; numbers numerically; strings by byte order;
/// booleans only with `=` and `<>`; anything else is an evaluation error.
fn compare(
    a: &Value<'_>,
    op: CmpOp,
    b: &Value<'_>,
    shown: &dyn fmt::Display,
) -> Result<Truth, EvalError> {
    let ord = match (a, b) {
        (Value::Null, _) | (_, Value::Null) => return Ok(Truth::Unknown),
        (Value::Str(x), Value::Str(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Bool(x), Value::Bool(y)) => match op {
            CmpOp::Eq => return Ok(Truth::of(x == y)),
            CmpOp::Ne => return Ok(Truth::of(x != y)),
            _ => {
                return Err(EvalError {
                    detail: format!("booleans have no order ({shown})"),
                });
            }
        },
        _ => match compare_numbers(a, b) {
            Some(ord) => ord,
            None => return mismatch("compare", a, b, shown),
        },
    };
    // A NaN (never from the format, possibly from a caller) compares as IEEE: only <> holds.
    let Some(ord) = ord else {
        return Ok(Truth::of(op == CmpOp::Ne));
    };
    Ok(Truth::of(match op {
        CmpOp::Eq => ord.is_eq(),
        CmpOp::Ne => ord.is_ne(),
        CmpOp::Lt => ord.is_lt(),
        CmpOp::Le => ord.is_le(),
        CmpOp::Gt => ord.is_gt(),
        CmpOp::Ge => ord.is_ge(),
    }))
}

/// SQL `LIKE`: `%` matches any run of characters (also none), `_` exactly one; case-sensitive.
#[must_use]
pub fn like(text: &str, pattern: &str) -> bool {
    let t: Vec<char> = text.chars().collect();
    let p: Vec<char> = pattern.chars().collect();
    let (mut i, mut j) = (0, 0);
    // Where the last `%` was and how much text it has taken: backtrack there on a mismatch.
    let mut star: Option<(usize, usize)> = None;
    while i < t.len() {
        if j < p.len() && (p[j] == '_' || (p[j] != '%' && p[j] == t[i])) {
            i += 1;
            j += 1;
        } else if j < p.len() && p[j] == '%' {
            star = Some((j, i));
            j += 1;
        } else if let Some((sj, si)) = star {
            j = sj + 1;
            i = si + 1;
            star = Some((sj, si + 1));
        } else {
            return false;
        }
    }
    p[j..].iter().all(|c| *c == '%')
}

/// Evaluates a predicate. Every part is evaluated (no short-circuit), so a type error anywhere
/// makes the whole evaluation fail, whatever the other operands give (implementation decision,
/// see `docs/filters.md`).
///
/// # Errors
/// A comparison between values of different types, an ordering of booleans, `LIKE` on a
/// non-string.
pub fn evaluate<S: Subject + ?Sized>(p: &Predicate, subject: &S) -> Result<Truth, EvalError> {
    Ok(match p {
        Predicate::Or(a, b) => {
            let (x, y) = (evaluate(a, subject)?, evaluate(b, subject)?);
            x.or(y)
        }
        Predicate::And(a, b) => {
            let (x, y) = (evaluate(a, subject)?, evaluate(b, subject)?);
            x.and(y)
        }
        Predicate::Not(a) => evaluate(a, subject)?.not(),
        Predicate::Bool(b) => Truth::of(*b),
        Predicate::Cmp(a, op, b) => compare(
            &operand_value(subject, a),
            *op,
            &operand_value(subject, b),
            p,
        )?,
        Predicate::IsNull { prop, negated } => {
            Truth::of((prop_value(subject, prop) == Value::Null) != *negated)
        }
        Predicate::Exists(prop) => Truth::of(match prop {
            Prop::Sys(s) => subject.system(*s).is_some(),
            Prop::User(name) => find_property(subject, name).is_some(),
        }),
        Predicate::In {
            operand,
            list,
            negated,
        } => {
            // An unknown operand makes every equality unknown, hence the whole list.
            let v = operand_value(subject, operand);
            let mut any = Truth::False;
            for c in list {
                any = any.or(compare(&v, CmpOp::Eq, &const_value(c), p)?);
            }
            if *negated { any.not() } else { any }
        }
        Predicate::Like {
            operand,
            pattern,
            negated,
        } => match operand_value(subject, operand) {
            Value::Null => Truth::Unknown,
            Value::Str(s) => Truth::of(like(s, pattern) != *negated),
            other => {
                return Err(EvalError {
                    detail: format!("LIKE needs a string, found {} ({p})", type_name(&other)),
                });
            }
        },
    })
}

/// Correlation-filter equality (`topics.md` §7.3): same JSON type and value; numbers equal
/// numerically (`1` matches `1.0`); strings case-sensitively.
fn correlation_equal(filter: &PropValue, message: &Value<'_>) -> bool {
    match (filter, message) {
        (PropValue::Str(a), Value::Str(b)) => **a == **b,
        (PropValue::Bool(a), Value::Bool(b)) => a == b,
        (PropValue::Int(_) | PropValue::Float(_), Value::Int(_) | Value::Decimal(_)) => {
            compare_numbers(&prop_value_view(filter), message) == Some(Some(Ordering::Equal))
        }
        _ => false,
    }
}

/// A stored property value as the evaluator sees it.
pub(crate) fn prop_value_view(v: &PropValue) -> Value<'_> {
    match v {
        PropValue::Str(s) => Value::Str(s),
        PropValue::Int(i) => Value::Int(*i),
        PropValue::Float(f) => Value::Decimal(*f),
        PropValue::Bool(b) => Value::Bool(*b),
    }
}

/// Whether every condition of a correlation filter holds (names matched exactly).
pub(crate) fn correlation_matches<S: Subject + ?Sized>(f: &CorrelationFilter, subject: &S) -> bool {
    f.system
        .iter()
        .all(|(p, want)| subject.system(*p) == Some(want.as_str()))
        && f.properties.iter().all(|(name, want)| {
            subject
                .property(name)
                .is_some_and(|got| correlation_equal(want, &got))
        })
}

fn const_prop(c: &Const) -> Option<PropValue> {
    match c {
        Const::Int(i) => Some(PropValue::Int(*i)),
        Const::Decimal(d) => Some(PropValue::Float(*d)),
        Const::Str(s) => Some(PropValue::Str(s.as_str().into())),
        Const::Bool(b) => Some(PropValue::Bool(*b)),
        Const::Null => None,
    }
}

/// The stored name a SQL name denotes in `props` (exact first, then ignoring case).
fn stored_name(props: &BTreeMap<Text, PropValue>, name: &str) -> Option<Text> {
    if let Some((k, _)) = props.get_key_value(name) {
        return Some(k.clone());
    }
    props.keys().find(|k| same_ignoring_case(k, name)).cloned()
}

/// Runs action statements on a property map, in order. `SET` writes to the property a filter
/// would read under that name (keeping its stored spelling) or adds it; `REMOVE` removes every
/// property equal to the name ignoring case.
pub(crate) fn apply(statements: &[Statement], props: &mut BTreeMap<Text, PropValue>) {
    for s in statements {
        match s {
            Statement::Set(name, c) => {
                // The parser refuses SET to NULL; skipping keeps a hand-built AST harmless.
                let Some(v) = const_prop(c) else { continue };
                let key = stored_name(props, name).unwrap_or_else(|| name.as_str().into());
                props.insert(key, v);
            }
            Statement::Remove(name) => props.retain(|k, _| !same_ignoring_case(k, name)),
        }
    }
}
