//! The syntax tree of SQL filters and rule actions, and its canonical printing.
//!
//! Printing gives text that parses back to the same tree (parentheses only where precedence needs
//! them, `sys.Label` printed as `sys.Subject`, a bare name when it is not a keyword).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A system property a filter can name with `sys.` (`topics.md` §7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SysProp {
    /// `sys.MessageId`: the message `id`.
    MessageId,
    /// `sys.CorrelationId`.
    CorrelationId,
    /// `sys.To`: the message's `to_address`.
    To,
    /// `sys.ReplyTo`.
    ReplyTo,
    /// `sys.ReplyToSessionId`.
    ReplyToSessionId,
    /// `sys.Subject`, also spelt `sys.Label`.
    Subject,
    /// `sys.SessionId`.
    SessionId,
    /// `sys.ContentType`.
    ContentType,
}

impl SysProp {
    /// Every system property, in declaration order.
    pub const ALL: [Self; 8] = [
        Self::MessageId,
        Self::CorrelationId,
        Self::To,
        Self::ReplyTo,
        Self::ReplyToSessionId,
        Self::Subject,
        Self::SessionId,
        Self::ContentType,
    ];

    /// The canonical name after `sys.`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::MessageId => "MessageId",
            Self::CorrelationId => "CorrelationId",
            Self::To => "To",
            Self::ReplyTo => "ReplyTo",
            Self::ReplyToSessionId => "ReplyToSessionId",
            Self::Subject => "Subject",
            Self::SessionId => "SessionId",
            Self::ContentType => "ContentType",
        }
    }

    /// The property a `sys.` name denotes; names are case-insensitive, `Label` is `Subject`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        if name.eq_ignore_ascii_case("Label") {
            return Some(Self::Subject);
        }
        Self::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

/// A property named in a filter.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Prop {
    /// An application property: bare `x` or `user.x`; looked up ignoring case.
    User(String),
    /// A system property: `sys.X`.
    Sys(SysProp),
}

/// A constant of the SQL subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    /// An integer (64-bit, as the broker's `System.Int64`).
    Int(i64),
    /// A decimal (`System.Double`); always finite.
    Decimal(f64),
    /// A string.
    Str(String),
    /// `TRUE` or `FALSE`.
    Bool(bool),
    /// `NULL`.
    Null,
}

/// A side of a comparison, `IN` or `LIKE`.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A property's value.
    Prop(Prop),
    /// A constant.
    Const(Const),
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `<>` (and `!=`, which parses to the same).
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Every operator.
    pub const ALL: [Self; 6] = [Self::Eq, Self::Ne, Self::Lt, Self::Le, Self::Gt, Self::Ge];

    /// How it is printed.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Ne => "<>",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
        }
    }
}

/// A predicate of the SQL subset (`topics.md` §7.4).
#[derive(Clone, Debug, PartialEq)]
pub enum Predicate {
    /// `a OR b`
    Or(Box<Self>, Box<Self>),
    /// `a AND b`
    And(Box<Self>, Box<Self>),
    /// `NOT a`
    Not(Box<Self>),
    /// `x = y` and the other comparisons.
    Cmp(Operand, CmpOp, Operand),
    /// `p IS NULL`, or `p IS NOT NULL` when `negated`.
    IsNull {
        /// The property.
        prop: Prop,
        /// `IS NOT NULL`.
        negated: bool,
    },
    /// `EXISTS (p)`
    Exists(Prop),
    /// `x IN (c, …)`, or `x NOT IN (…)` when `negated`.
    In {
        /// The tested value.
        operand: Operand,
        /// The constants (at least one).
        list: Vec<Const>,
        /// `NOT IN`.
        negated: bool,
    },
    /// `x LIKE 'pattern'`, or `x NOT LIKE …` when `negated`.
    Like {
        /// The tested value.
        operand: Operand,
        /// The pattern (`%` any run of characters, `_` one character).
        pattern: String,
        /// `NOT LIKE`.
        negated: bool,
    },
    /// `TRUE` or `FALSE` as a predicate.
    Bool(bool),
}

/// One statement of a rule action (`topics.md` §7.5).
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// `SET name = constant` (never `NULL`).
    Set(String, Const),
    /// `REMOVE name`
    Remove(String),
}

/// The words that cannot be a bare property name (they need `user.`).
pub(crate) const KEYWORDS: [&str; 11] = [
    "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "EXISTS", "TRUE", "FALSE", "ESCAPE",
];

pub(crate) fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

fn write_user_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    if is_keyword(name) {
        write!(f, "user.{name}")
    } else {
        f.write_str(name)
    }
}

impl fmt::Display for Prop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::User(name) => write_user_name(f, name),
            Self::Sys(p) => write!(f, "sys.{}", p.name()),
        }
    }
}

/// `'text'` with every quote doubled.
fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("'")?;
    for (i, part) in s.split('\'').enumerate() {
        if i > 0 {
            f.write_str("''")?;
        }
        f.write_str(part)?;
    }
    f.write_str("'")
}

impl fmt::Display for Const {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Decimal(d) => {
                // Rust prints the shortest text that reads back to the same f64, never with an
                // exponent; a whole number needs ".0" to stay a decimal.
                let mut s = alloc::format!("{d}");
                if !s.contains('.') {
                    s.push_str(".0");
                }
                f.write_str(&s)
            }
            Self::Str(s) => write_quoted(f, s),
            Self::Bool(true) => f.write_str("TRUE"),
            Self::Bool(false) => f.write_str("FALSE"),
            Self::Null => f.write_str("NULL"),
        }
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Prop(p) => fmt::Display::fmt(p, f),
            Self::Const(c) => fmt::Display::fmt(c, f),
        }
    }
}

/// Binding strength: OR 1, AND 2, NOT 3, everything else 4.
const fn strength(p: &Predicate) -> u8 {
    match p {
        Predicate::Or(..) => 1,
        Predicate::And(..) => 2,
        Predicate::Not(_) => 3,
        _ => 4,
    }
}

/// Prints `p`, in parentheses when it binds less tightly than `min`.
fn write_at(f: &mut fmt::Formatter<'_>, p: &Predicate, min: u8) -> fmt::Result {
    if strength(p) < min {
        write!(f, "({p})")
    } else {
        fmt::Display::fmt(p, f)
    }
}

impl fmt::Display for Predicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Left-associative: a right operand of the same strength needs parentheses.
            Self::Or(a, b) => {
                write_at(f, a, 1)?;
                f.write_str(" OR ")?;
                write_at(f, b, 2)
            }
            Self::And(a, b) => {
                write_at(f, a, 2)?;
                f.write_str(" AND ")?;
                write_at(f, b, 3)
            }
            Self::Not(a) => {
                f.write_str("NOT ")?;
                write_at(f, a, 3)
            }
            Self::Cmp(a, op, b) => write!(f, "{a} {} {b}", op.symbol()),
            Self::IsNull { prop, negated } => {
                write!(f, "{prop} IS {}NULL", if *negated { "NOT " } else { "" })
            }
            Self::Exists(p) => write!(f, "EXISTS ({p})"),
            Self::In {
                operand,
                list,
                negated,
            } => {
                write!(f, "{operand} {}IN (", if *negated { "NOT " } else { "" })?;
                for (i, c) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(c, f)?;
                }
                f.write_str(")")
            }
            Self::Like {
                operand,
                pattern,
                negated,
            } => write!(f, "{operand} {}LIKE ", if *negated { "NOT " } else { "" })
                .and_then(|()| write_quoted(f, pattern)),
            Self::Bool(true) => f.write_str("TRUE"),
            Self::Bool(false) => f.write_str("FALSE"),
        }
    }
}

impl fmt::Display for Statement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Set(name, c) => {
                f.write_str("SET ")?;
                write_user_name(f, name)?;
                write!(f, " = {c}")
            }
            Self::Remove(name) => {
                f.write_str("REMOVE ")?;
                write_user_name(f, name)
            }
        }
    }
}
