//! Subscription rules and filters (docs/filters.md): TrueFilter and FalseFilter,
//! correlation filters, the SQL filter subset, SQL rule actions and filter evaluation errors.
//!
//! The module is pure: it parses filter and action text, decides whether a message matches a
//! rule, and rewrites a copy's application properties. Routing copies into subscriptions is the
//! caller's business; [`route`] gives it the decision for one subscription (§4.1, §4.2, §7.6).
//!
//! ```
//! use settle_core::filter::{Fields, Filter, Rule, Action, route};
//! use settle_core::{PropValue, Text};
//! use std::collections::BTreeMap;
//! let mut props = BTreeMap::new();
//! props.insert(Text::from("color"), PropValue::Str("blue".into()));
//! props.insert(Text::from("quantity"), PropValue::Int(7));
//! let msg = Fields::new("m1", &props);
//! let blue = Filter::sql("color = 'blue' AND quantity > 5").unwrap();
//! assert_eq!(blue.matches(&msg), Ok(true));
//! let rules = [("big", Rule::new(blue, Some(Action::parse("SET big = TRUE").unwrap())).unwrap())];
//! let r = route(rules.iter().map(|(n, r)| (*n, r)), &msg);
//! assert_eq!((r.plain, r.actions), (false, vec!["big"]));
//! ```

mod ast;
mod eval;
mod parse;

pub use ast::{CmpOp, Const, Operand, Predicate, Prop, Statement, SysProp};
pub use eval::{EvalError, Truth, evaluate, like};
pub use parse::{
    Construct, MAX_DEPTH, MAX_LEN, SqlError, SqlErrorKind, Want, parse_action, parse_sql,
};

use crate::message::{PropValue, Properties, Text};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A property value as a filter sees it. `Null` is a property present with a null value (the
/// scenario format has none today; a [`Subject`] may still report one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// Present, null.
    Null,
    /// A string.
    Str(&'a str),
    /// An integer.
    Int(i64),
    /// A non-integer number.
    Decimal(f64),
    /// A boolean.
    Bool(bool),
}

/// What a filter can see of a message: its system properties and application properties,
/// never its body (`topics.md` §4.5).
pub trait Subject {
    /// A system property's value; `None` when the message has none.
    fn system(&self, p: SysProp) -> Option<&str>;
    /// The application property named exactly `name`.
    fn property(&self, name: &str) -> Option<Value<'_>>;
    /// Every application property name, in ascending byte order.
    fn property_names(&self) -> impl Iterator<Item = &str>;
}

/// A message's filterable fields, borrowed: the ordinary [`Subject`].
#[derive(Clone, Copy, Debug)]
pub struct Fields<'a> {
    /// `id` (`sys.MessageId`; always set).
    pub message_id: &'a str,
    /// `correlation_id`.
    pub correlation_id: Option<&'a str>,
    /// `to_address` (`sys.To`).
    pub to_address: Option<&'a str>,
    /// `reply_to`.
    pub reply_to: Option<&'a str>,
    /// `reply_to_session_id`.
    pub reply_to_session_id: Option<&'a str>,
    /// `subject` (`sys.Subject`, `sys.Label`).
    pub subject: Option<&'a str>,
    /// `session_id`.
    pub session_id: Option<&'a str>,
    /// `content_type`.
    pub content_type: Option<&'a str>,
    /// Application properties.
    pub properties: &'a BTreeMap<Text, PropValue>,
}

impl<'a> Fields<'a> {
    /// A message with this id and these properties, every other system property unset.
    #[must_use]
    pub const fn new(message_id: &'a str, properties: &'a BTreeMap<Text, PropValue>) -> Self {
        Self {
            message_id,
            correlation_id: None,
            to_address: None,
            reply_to: None,
            reply_to_session_id: None,
            subject: None,
            session_id: None,
            content_type: None,
            properties,
        }
    }
}

impl Subject for Fields<'_> {
    fn system(&self, p: SysProp) -> Option<&str> {
        match p {
            SysProp::MessageId => Some(self.message_id),
            SysProp::CorrelationId => self.correlation_id,
            SysProp::To => self.to_address,
            SysProp::ReplyTo => self.reply_to,
            SysProp::ReplyToSessionId => self.reply_to_session_id,
            SysProp::Subject => self.subject,
            SysProp::SessionId => self.session_id,
            SysProp::ContentType => self.content_type,
        }
    }

    fn property(&self, name: &str) -> Option<Value<'_>> {
        self.properties.get(name).map(eval::prop_value_view)
    }

    fn property_names(&self) -> impl Iterator<Item = &str> {
        self.properties.keys().map(|k| &**k)
    }
}

/// A correlation filter (`topics.md` §7.3): equality on system and application properties, all
/// of which must hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CorrelationFilter {
    /// Conditions on system properties.
    pub system: BTreeMap<SysProp, String>,
    /// Conditions on application properties (names matched exactly).
    pub properties: Properties,
}

impl CorrelationFilter {
    /// Whether the filter has no condition (refused by the format).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.system.is_empty() && self.properties.is_empty()
    }
}

/// A SQL filter: its text as written and the parsed predicate.
#[derive(Clone, Debug, PartialEq)]
pub struct SqlFilter {
    /// The expression as written.
    pub text: String,
    /// The parsed expression.
    pub predicate: Predicate,
}

/// The filter of a rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    /// Selects every message.
    True,
    /// Selects none.
    False,
    /// A SQL expression; selects a message when it evaluates to true.
    Sql(SqlFilter),
    /// Equality conditions.
    Correlation(CorrelationFilter),
}

impl Filter {
    /// A SQL filter from its text.
    ///
    /// # Errors
    /// The text is outside the supported subset (§7.4).
    pub fn sql(text: &str) -> Result<Self, SqlError> {
        Ok(Self::Sql(SqlFilter {
            text: text.into(),
            predicate: parse_sql(text)?,
        }))
    }

    /// Whether the filter selects the message.
    ///
    /// # Errors
    /// A SQL filter whose evaluation fails (§7.6): the rule does not match.
    pub fn matches<S: Subject + ?Sized>(&self, subject: &S) -> Result<bool, EvalError> {
        match self {
            Self::True => Ok(true),
            Self::False => Ok(false),
            Self::Sql(f) => Ok(evaluate(&f.predicate, subject)? == Truth::True),
            Self::Correlation(f) => Ok(eval::correlation_matches(f, subject)),
        }
    }
}

/// A rule action: its text as written and the parsed statements.
#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    /// The action as written.
    pub text: String,
    /// The statements, run in order.
    pub statements: Vec<Statement>,
}

impl Action {
    /// An action from its text.
    ///
    /// # Errors
    /// The text is outside the supported subset (§7.5).
    pub fn parse(text: &str) -> Result<Self, SqlError> {
        Ok(Self {
            text: text.into(),
            statements: parse_action(text)?,
        })
    }

    /// Runs the statements on a property map.
    pub fn apply_to(&self, props: &mut BTreeMap<Text, PropValue>) {
        eval::apply(&self.statements, props);
    }

    /// The properties of the copy the action makes: `props` changed by the statements and, as
    /// the broker marks an action copy (§4.2), `RuleName` = `rule`. `props` is left untouched.
    #[must_use]
    pub fn copy_properties(&self, rule: &str, props: &Properties) -> Properties {
        let mut out = Rc::clone(props);
        let map = Rc::make_mut(&mut out);
        self.apply_to(map);
        map.insert("RuleName".into(), PropValue::Str(rule.into()));
        out
    }
}

/// Why a rule cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A correlation filter with no condition (§7.3).
    EmptyCorrelation,
    /// An action on a correlation rule (§7.5).
    ActionWithCorrelation,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::EmptyCorrelation => "needs at least one condition",
            Self::ActionWithCorrelation => "not allowed with a correlation filter",
        })
    }
}

impl core::error::Error for RuleError {}

/// A subscription rule: a filter and an optional action.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    filter: Filter,
    action: Option<Action>,
}

impl Rule {
    /// The rule `$Default` of a new subscription: TrueFilter, no action.
    pub const DEFAULT_NAME: &'static str = "$Default";

    /// A rule.
    ///
    /// # Errors
    /// An empty correlation filter, or an action with a correlation filter.
    pub fn new(filter: Filter, action: Option<Action>) -> Result<Self, RuleError> {
        if let Filter::Correlation(c) = &filter {
            if c.is_empty() {
                return Err(RuleError::EmptyCorrelation);
            }
            if action.is_some() {
                return Err(RuleError::ActionWithCorrelation);
            }
        }
        Ok(Self { filter, action })
    }

    /// `$Default`'s rule: a TrueFilter without action.
    #[must_use]
    pub const fn default_rule() -> Self {
        Self {
            filter: Filter::True,
            action: None,
        }
    }

    /// The filter.
    #[must_use]
    pub const fn filter(&self) -> &Filter {
        &self.filter
    }

    /// The action, if any.
    #[must_use]
    pub const fn action(&self) -> Option<&Action> {
        self.action.as_ref()
    }
}

/// What one subscription does with a message (`topics.md` §4.1, §4.2, §7.6).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Routing<'r> {
    /// An action-less rule matched: one plain copy.
    pub plain: bool,
    /// The action rules that matched, in ascending byte order: one copy each.
    pub actions: Vec<&'r str>,
    /// No rule matched and this rule (the first in byte order whose evaluation failed) erred:
    /// the subscription dead-letters one copy when its
    /// `dead_letter_on_filter_evaluation_exceptions` is on, else takes nothing.
    pub failed: Option<&'r str>,
}

impl Routing<'_> {
    /// Whether the subscription takes at least one copy into its main queue.
    #[must_use]
    pub fn matched(&self) -> bool {
        self.plain || !self.actions.is_empty()
    }
}

/// Evaluates every rule of a subscription against a message.
pub fn route<'r, S: Subject + ?Sized>(
    rules: impl IntoIterator<Item = (&'r str, &'r Rule)>,
    subject: &S,
) -> Routing<'r> {
    let mut out = Routing::default();
    let mut failed: Vec<&'r str> = Vec::new();
    for (name, rule) in rules {
        match rule.filter.matches(subject) {
            Ok(true) if rule.action.is_some() => out.actions.push(name),
            Ok(true) => out.plain = true,
            Ok(false) => {}
            Err(_) => failed.push(name),
        }
    }
    out.actions.sort_unstable();
    if !out.matched() {
        out.failed = failed.into_iter().min();
    }
    out
}

/// `dead_letter_reason` of a copy dead-lettered for a filter evaluation error (§7.6).
pub const FILTER_EXCEPTION_REASON: &str = "FilterException";

/// `dead_letter_description` of such a copy (§7.6).
#[must_use]
pub fn filter_exception_description(rule: &str) -> String {
    format!("Filter evaluation failed on rule '{rule}'.")
}

#[cfg(test)]
mod tests;
