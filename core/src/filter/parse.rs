//! A hand-written lexer and recursive-descent parser for the SQL filter subset (`topics.md` §7.4)
//! and the rule-action subset (§7.5). Every construct outside the subset is an error carrying the
//! 1-based character column where it starts.

use super::ast::{CmpOp, Const, Operand, Predicate, Prop, Statement, SysProp, is_keyword};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// What is wrong with a filter or action text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SqlErrorKind {
    /// A construct of the broker's grammar (or of SQL) that the simulator refuses.
    Unsupported(Construct),
    /// `sys.` with a name that is not one of the supported system properties.
    UnknownSystemProperty(String),
    /// A scope other than `sys` or `user` before a `.`.
    UnknownScope(String),
    /// Something else was expected here.
    Expected(Want),
    /// A string constant without its closing quote.
    UnterminatedString,
    /// A character that starts no token.
    UnexpectedCharacter(char),
    /// An integer beyond 64 bits, or a decimal beyond `f64`.
    NumberOutOfRange,
    /// More than [`MAX_LEN`] characters.
    TooLong,
    /// Parentheses and `NOT`s nested deeper than [`MAX_DEPTH`].
    TooDeep,
}

/// A construct of the broker's grammar (or of SQL) outside the subset the simulator runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// arithmetic
    Arithmetic,
    /// comments
    Comments,
    /// parameters
    Parameters,
    /// delimited identifiers
    DelimitedIdentifiers,
    /// quoted identifiers
    QuotedIdentifiers,
    /// scientific notation
    ScientificNotation,
    /// a property in an IN list
    PropertyInInList,
    /// a LIKE pattern that is not a string constant
    LikePatternNotString,
    /// ESCAPE
    Escape,
    /// functions
    Functions,
    /// system properties in an action
    SysInAction,
    /// a property on the right of SET
    PropertyRightOfSet,
    /// SET to NULL (properties cannot hold null; use REMOVE)
    SetToNull,
}

impl Construct {
    /// Its name (`arithmetic`) and its English words (`arithmetic`).
    #[must_use]
    pub const fn words(self) -> (&'static str, &'static str) {
        match self {
            Self::Arithmetic => ("arithmetic", "arithmetic"),
            Self::Comments => ("comments", "comments"),
            Self::Parameters => ("parameters", "parameters"),
            Self::DelimitedIdentifiers => ("delimited-identifiers", "delimited identifiers"),
            Self::QuotedIdentifiers => ("quoted-identifiers", "quoted identifiers"),
            Self::ScientificNotation => ("scientific-notation", "scientific notation"),
            Self::PropertyInInList => ("property-in-in-list", "a property in an IN list"),
            Self::LikePatternNotString => (
                "like-pattern-not-string",
                "a LIKE pattern that is not a string constant",
            ),
            Self::Escape => ("escape", "ESCAPE"),
            Self::Functions => ("functions", "functions"),
            Self::SysInAction => ("sys-in-action", "system properties in an action"),
            Self::PropertyRightOfSet => ("property-right-of-set", "a property on the right of SET"),
            Self::SetToNull => (
                "set-to-null",
                "SET to NULL (properties cannot hold null; use REMOVE)",
            ),
        }
    }
}

/// What the parser expected where it found something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// a digit before '.'
    DigitBeforeDot,
    /// a digit after '.'
    DigitAfterDot,
    /// ')'
    CloseParen,
    /// '(' after EXISTS
    OpenParenAfterExists,
    /// a property before IS
    PropertyBeforeIs,
    /// NULL
    Null,
    /// an operator
    Operator,
    /// '(' after IN
    OpenParenAfterIn,
    /// ',' or ')'
    CommaOrCloseParen,
    /// a string pattern after LIKE
    StringPatternAfterLike,
    /// IN or LIKE after NOT
    InOrLikeAfterNot,
    /// a property or a constant
    PropertyOrConstant,
    /// a property
    Property,
    /// a property name after '.'
    PropertyNameAfterDot,
    /// a predicate
    Predicate,
    /// a '(' before this ')'
    OpenParenBeforeClose,
    /// AND, OR or the end of the filter
    AndOrOrEnd,
    /// SET or REMOVE
    SetOrRemove,
    /// '='
    Equals,
    /// ';' or the end of the action
    SemicolonOrEnd,
}

impl Want {
    /// Its name (`digit-before-dot`) and its English words (`a digit before '.'`).
    #[must_use]
    pub const fn words(self) -> (&'static str, &'static str) {
        match self {
            Self::DigitBeforeDot => ("digit-before-dot", "a digit before '.'"),
            Self::DigitAfterDot => ("digit-after-dot", "a digit after '.'"),
            Self::CloseParen => ("close-paren", "')'"),
            Self::OpenParenAfterExists => ("open-paren-after-exists", "'(' after EXISTS"),
            Self::PropertyBeforeIs => ("property-before-is", "a property before IS"),
            Self::Null => ("null", "NULL"),
            Self::Operator => ("operator", "an operator"),
            Self::OpenParenAfterIn => ("open-paren-after-in", "'(' after IN"),
            Self::CommaOrCloseParen => ("comma-or-close-paren", "',' or ')'"),
            Self::StringPatternAfterLike => {
                ("string-pattern-after-like", "a string pattern after LIKE")
            }
            Self::InOrLikeAfterNot => ("in-or-like-after-not", "IN or LIKE after NOT"),
            Self::PropertyOrConstant => ("property-or-constant", "a property or a constant"),
            Self::Property => ("property", "a property"),
            Self::PropertyNameAfterDot => ("property-name-after-dot", "a property name after '.'"),
            Self::Predicate => ("predicate", "a predicate"),
            Self::OpenParenBeforeClose => ("open-paren-before-close", "a '(' before this ')'"),
            Self::AndOrOrEnd => ("and-or-or-end", "AND, OR or the end of the filter"),
            Self::SetOrRemove => ("set-or-remove", "SET or REMOVE"),
            Self::Equals => ("equals", "'='"),
            Self::SemicolonOrEnd => ("semicolon-or-end", "';' or the end of the action"),
        }
    }
}

/// The longest filter or action text, in characters: the broker's limit for a SQL expression
/// (.NET `SqlRuleFilter(String)`: "Max allowed length of sql expression is 1024 chars").
pub const MAX_LEN: usize = 1024;

/// How deep parentheses and `NOT`s may nest: bounds the recursion of the parser and of
/// evaluation, printing and dropping of the tree (our limit; the broker documents none).
pub const MAX_DEPTH: usize = 64;

/// A filter or action text outside the supported subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqlError {
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What is wrong.
    pub kind: SqlErrorKind,
}

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            SqlErrorKind::Unsupported(what) => write!(f, "unsupported: {}", what.words().1)?,
            // The format's example text names the property and no column (format §7).
            SqlErrorKind::UnknownSystemProperty(name) => {
                return write!(f, "unknown system property sys.{name}");
            }
            SqlErrorKind::UnknownScope(s) => write!(f, "unknown scope {s} (sys or user)")?,
            SqlErrorKind::Expected(what) => write!(f, "expected {}", what.words().1)?,
            SqlErrorKind::UnterminatedString => f.write_str("string not closed by a quote")?,
            SqlErrorKind::UnexpectedCharacter(c) => write!(f, "unexpected character {c:?}")?,
            SqlErrorKind::NumberOutOfRange => f.write_str("number out of range")?,
            SqlErrorKind::TooLong => {
                return write!(f, "longer than {MAX_LEN} characters (the broker's limit)");
            }
            SqlErrorKind::TooDeep => write!(f, "nested deeper than {MAX_DEPTH} levels")?,
        }
        write!(f, " at column {}", self.column)
    }
}

impl core::error::Error for SqlError {}

type R<T> = Result<T, SqlError>;

const fn error<T>(column: usize, kind: SqlErrorKind) -> R<T> {
    Err(SqlError { column, kind })
}

// ------------------------------------------------------------------------------------- lexer

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A word: identifier or keyword.
    Word(String),
    /// Digits, with `.digits` when `decimal`.
    Number(String, bool),
    Str(String),
    LParen,
    RParen,
    Comma,
    Dot,
    Semicolon,
    Cmp(CmpOp),
    Plus,
    Minus,
    /// `*`, `/` or `%`.
    Arith,
    End,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    column: usize,
}

fn is_letter(c: char) -> bool {
    c.is_alphabetic()
}

fn is_word_char(c: char) -> bool {
    c.is_alphabetic() || c.is_numeric() || c == '_'
}

fn lex(text: &str) -> R<Vec<Token>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        let next = chars.get(i + 1).copied();
        let mut push = |tok, len: usize, i: &mut usize| {
            out.push(Token { tok, column });
            *i += len;
        };
        match c {
            c if c.is_whitespace() => i += 1,
            '(' => push(Tok::LParen, 1, &mut i),
            ')' => push(Tok::RParen, 1, &mut i),
            ',' => push(Tok::Comma, 1, &mut i),
            '.' if next.is_some_and(|n| n.is_ascii_digit()) => {
                return error(column, SqlErrorKind::Expected(Want::DigitBeforeDot));
            }
            '.' => push(Tok::Dot, 1, &mut i),
            ';' => push(Tok::Semicolon, 1, &mut i),
            '+' => push(Tok::Plus, 1, &mut i),
            '-' if next == Some('-') => {
                return error(column, SqlErrorKind::Unsupported(Construct::Comments));
            }
            '-' => push(Tok::Minus, 1, &mut i),
            '/' if next == Some('*') => {
                return error(column, SqlErrorKind::Unsupported(Construct::Comments));
            }
            '*' | '/' | '%' => push(Tok::Arith, 1, &mut i),
            '=' => push(Tok::Cmp(CmpOp::Eq), 1, &mut i),
            '<' if next == Some('>') => push(Tok::Cmp(CmpOp::Ne), 2, &mut i),
            '<' if next == Some('=') => push(Tok::Cmp(CmpOp::Le), 2, &mut i),
            '<' => push(Tok::Cmp(CmpOp::Lt), 1, &mut i),
            '>' if next == Some('=') => push(Tok::Cmp(CmpOp::Ge), 2, &mut i),
            '>' => push(Tok::Cmp(CmpOp::Gt), 1, &mut i),
            '!' if next == Some('=') => push(Tok::Cmp(CmpOp::Ne), 2, &mut i),
            '@' => return error(column, SqlErrorKind::Unsupported(Construct::Parameters)),
            '[' => {
                return error(
                    column,
                    SqlErrorKind::Unsupported(Construct::DelimitedIdentifiers),
                );
            }
            '"' => {
                return error(
                    column,
                    SqlErrorKind::Unsupported(Construct::QuotedIdentifiers),
                );
            }
            '\'' => {
                let mut s = String::new();
                let mut j = i + 1;
                loop {
                    match chars.get(j) {
                        None => return error(column, SqlErrorKind::UnterminatedString),
                        Some('\'') if chars.get(j + 1) == Some(&'\'') => {
                            s.push('\'');
                            j += 2;
                        }
                        Some('\'') => break,
                        Some(&c) => {
                            s.push(c);
                            j += 1;
                        }
                    }
                }
                push(Tok::Str(s), j + 1 - i, &mut i);
            }
            c if c.is_ascii_digit() => {
                let mut j = i;
                while chars.get(j).is_some_and(char::is_ascii_digit) {
                    j += 1;
                }
                let mut decimal = false;
                if chars.get(j) == Some(&'.') {
                    if !chars.get(j + 1).is_some_and(char::is_ascii_digit) {
                        return error(j + 1, SqlErrorKind::Expected(Want::DigitAfterDot));
                    }
                    decimal = true;
                    j += 1;
                    while chars.get(j).is_some_and(char::is_ascii_digit) {
                        j += 1;
                    }
                }
                if matches!(chars.get(j), Some('e' | 'E')) {
                    let k = if matches!(chars.get(j + 1), Some('+' | '-')) {
                        j + 2
                    } else {
                        j + 1
                    };
                    if chars.get(k).is_some_and(char::is_ascii_digit) {
                        return error(
                            column,
                            SqlErrorKind::Unsupported(Construct::ScientificNotation),
                        );
                    }
                }
                let digits: String = chars[i..j].iter().collect();
                push(Tok::Number(digits, decimal), j - i, &mut i);
            }
            c if is_letter(c) => {
                let mut j = i;
                while chars.get(j).copied().is_some_and(is_word_char) {
                    j += 1;
                }
                let word: String = chars[i..j].iter().collect();
                push(Tok::Word(word), j - i, &mut i);
            }
            c => return error(column, SqlErrorKind::UnexpectedCharacter(c)),
        }
    }
    out.push(Token {
        tok: Tok::End,
        column: chars.len() + 1,
    });
    Ok(out)
}

// ------------------------------------------------------------------------------------ parser

struct Parser {
    toks: Vec<Token>,
    at: usize,
    /// Open parentheses and `NOT`s around the current position.
    depth: usize,
}

fn is_word(tok: &Tok, keyword: &str) -> bool {
    matches!(tok, Tok::Word(w) if w.eq_ignore_ascii_case(keyword))
}

impl Parser {
    fn new(text: &str) -> R<Self> {
        if text.chars().count() > MAX_LEN {
            return error(MAX_LEN + 1, SqlErrorKind::TooLong);
        }
        Ok(Self {
            toks: lex(text)?,
            at: 0,
            depth: 0,
        })
    }

    /// Enters one nesting level (a `(` or a `NOT` just consumed).
    fn deeper(&mut self, column: usize) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return error(column, SqlErrorKind::TooDeep);
        }
        Ok(())
    }

    fn peek(&self) -> &Token {
        &self.toks[self.at]
    }

    fn peek2(&self) -> &Tok {
        &self.toks[(self.at + 1).min(self.toks.len() - 1)].tok
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }

    fn eat_word(&mut self, keyword: &str) -> bool {
        let hit = is_word(&self.peek().tok, keyword);
        if hit {
            self.bump();
        }
        hit
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        let hit = &self.peek().tok == tok;
        if hit {
            self.bump();
        }
        hit
    }

    /// The error for the next token when `what` was expected there; arithmetic operators are
    /// reported as such wherever they stand.
    fn unexpected<T>(&self, what: Want) -> R<T> {
        let t = self.peek();
        match t.tok {
            Tok::Plus | Tok::Minus | Tok::Arith => {
                error(t.column, SqlErrorKind::Unsupported(Construct::Arithmetic))
            }
            _ => error(t.column, SqlErrorKind::Expected(what)),
        }
    }

    fn expect(&mut self, tok: &Tok, what: Want) -> R<()> {
        if self.eat(tok) {
            Ok(())
        } else {
            self.unexpected(what)
        }
    }

    fn or(&mut self) -> R<Predicate> {
        let mut left = self.and()?;
        while self.eat_word("OR") {
            let right = self.and()?;
            left = Predicate::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> R<Predicate> {
        let mut left = self.not()?;
        while self.eat_word("AND") {
            let right = self.not()?;
            left = Predicate::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn not(&mut self) -> R<Predicate> {
        let column = self.peek().column;
        if self.eat_word("NOT") {
            self.deeper(column)?;
            let p = Predicate::Not(Box::new(self.not()?));
            self.depth -= 1;
            Ok(p)
        } else {
            self.primary()
        }
    }

    fn primary(&mut self) -> R<Predicate> {
        let column = self.peek().column;
        if self.eat(&Tok::LParen) {
            self.deeper(column)?;
            let p = self.or()?;
            self.expect(&Tok::RParen, Want::CloseParen)?;
            self.depth -= 1;
            return Ok(p);
        }
        let t = &self.peek().tok;
        if is_word(t, "EXISTS") {
            self.bump();
            self.expect(&Tok::LParen, Want::OpenParenAfterExists)?;
            let p = self.property()?;
            self.expect(&Tok::RParen, Want::CloseParen)?;
            return Ok(Predicate::Exists(p));
        }
        for (word, b) in [("TRUE", true), ("FALSE", false)] {
            if is_word(t, word) && !self.starts_tail(self.peek2()) {
                self.bump();
                return Ok(Predicate::Bool(b));
            }
        }
        let column = self.peek().column;
        let left = self.operand()?;
        let t = self.peek().clone();
        match &t.tok {
            Tok::Cmp(op) => {
                self.bump();
                Ok(Predicate::Cmp(left, *op, self.operand()?))
            }
            Tok::Word(w) if w.eq_ignore_ascii_case("IS") => {
                self.bump();
                let Operand::Prop(prop) = left else {
                    return error(column, SqlErrorKind::Expected(Want::PropertyBeforeIs));
                };
                let negated = self.eat_word("NOT");
                if !self.eat_word("NULL") {
                    return self.unexpected(Want::Null);
                }
                Ok(Predicate::IsNull { prop, negated })
            }
            Tok::Word(w) if w.eq_ignore_ascii_case("NOT") => {
                self.bump();
                self.in_or_like(left, true)
            }
            Tok::Word(w) if w.eq_ignore_ascii_case("IN") || w.eq_ignore_ascii_case("LIKE") => {
                self.in_or_like(left, false)
            }
            _ => self.unexpected(Want::Operator),
        }
    }

    /// Whether a token can follow an operand inside a predicate.
    fn starts_tail(&self, t: &Tok) -> bool {
        matches!(t, Tok::Cmp(_)) || ["IS", "NOT", "IN", "LIKE"].iter().any(|k| is_word(t, k))
    }

    /// After `x [NOT]`: `IN (…)` or `LIKE 'pattern'`.
    fn in_or_like(&mut self, operand: Operand, negated: bool) -> R<Predicate> {
        if self.eat_word("IN") {
            self.expect(&Tok::LParen, Want::OpenParenAfterIn)?;
            let mut list = Vec::new();
            loop {
                let column = self.peek().column;
                match self.operand()? {
                    Operand::Const(c) => list.push(c),
                    Operand::Prop(_) => {
                        return error(
                            column,
                            SqlErrorKind::Unsupported(Construct::PropertyInInList),
                        );
                    }
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen, Want::CommaOrCloseParen)?;
            Ok(Predicate::In {
                operand,
                list,
                negated,
            })
        } else if self.eat_word("LIKE") {
            let p = self.peek().clone();
            let Tok::Str(pattern) = p.tok else {
                return match p.tok {
                    Tok::Word(_) | Tok::Number(..) | Tok::Minus | Tok::Plus => error(
                        p.column,
                        SqlErrorKind::Unsupported(Construct::LikePatternNotString),
                    ),
                    _ => self.unexpected(Want::StringPatternAfterLike),
                };
            };
            self.bump();
            if is_word(&self.peek().tok, "ESCAPE") {
                return error(
                    self.peek().column,
                    SqlErrorKind::Unsupported(Construct::Escape),
                );
            }
            Ok(Predicate::Like {
                operand,
                pattern,
                negated,
            })
        } else {
            self.unexpected(Want::InOrLikeAfterNot)
        }
    }

    /// A property or a constant, not followed by an arithmetic operator.
    fn operand(&mut self) -> R<Operand> {
        let t = self.peek().clone();
        let o = match &t.tok {
            Tok::Word(w) if w.eq_ignore_ascii_case("TRUE") => Operand::Const(Const::Bool(true)),
            Tok::Word(w) if w.eq_ignore_ascii_case("FALSE") => Operand::Const(Const::Bool(false)),
            Tok::Word(w) if w.eq_ignore_ascii_case("NULL") => Operand::Const(Const::Null),
            Tok::Word(w) if !is_keyword(w) => {
                let p = self.property()?;
                return self.no_arithmetic(Operand::Prop(p));
            }
            Tok::Number(digits, decimal) => Operand::Const(number(t.column, "", digits, *decimal)?),
            Tok::Str(s) => Operand::Const(Const::Str(s.clone())),
            Tok::Minus | Tok::Plus => {
                let sign = if t.tok == Tok::Minus { "-" } else { "" };
                match self.peek2().clone() {
                    Tok::Number(digits, decimal) => {
                        self.bump();
                        Operand::Const(number(t.column, sign, &digits, decimal)?)
                    }
                    _ => return error(t.column, SqlErrorKind::Unsupported(Construct::Arithmetic)),
                }
            }
            _ => return self.unexpected(Want::PropertyOrConstant),
        };
        self.bump();
        self.no_arithmetic(o)
    }

    fn no_arithmetic(&self, o: Operand) -> R<Operand> {
        let t = self.peek();
        match t.tok {
            Tok::Plus | Tok::Minus | Tok::Arith => {
                error(t.column, SqlErrorKind::Unsupported(Construct::Arithmetic))
            }
            _ => Ok(o),
        }
    }

    /// `[sys. | user.] identifier`, not followed by `(`.
    fn property(&mut self) -> R<Prop> {
        let t = self.peek().clone();
        let Tok::Word(first) = t.tok else {
            return self.unexpected(Want::Property);
        };
        self.bump();
        let prop = if self.eat(&Tok::Dot) {
            let n = self.peek().clone();
            let Tok::Word(name) = n.tok else {
                return self.unexpected(Want::PropertyNameAfterDot);
            };
            self.bump();
            if first.eq_ignore_ascii_case("sys") {
                match SysProp::from_name(&name) {
                    Some(p) => Prop::Sys(p),
                    None => {
                        return error(n.column, SqlErrorKind::UnknownSystemProperty(name));
                    }
                }
            } else if first.eq_ignore_ascii_case("user") {
                Prop::User(name)
            } else {
                return error(t.column, SqlErrorKind::UnknownScope(first));
            }
        } else if is_keyword(&first) {
            return error(t.column, SqlErrorKind::Expected(Want::Property));
        } else {
            Prop::User(first)
        };
        if self.peek().tok == Tok::LParen {
            return error(t.column, SqlErrorKind::Unsupported(Construct::Functions));
        }
        Ok(prop)
    }
}

fn number(column: usize, sign: &str, digits: &str, decimal: bool) -> R<Const> {
    let text = alloc::format!("{sign}{digits}");
    if decimal {
        match text.parse::<f64>() {
            Ok(d) if d.is_finite() => Ok(Const::Decimal(d)),
            _ => error(column, SqlErrorKind::NumberOutOfRange),
        }
    } else {
        text.parse::<i64>()
            .map(Const::Int)
            .or_else(|_| error(column, SqlErrorKind::NumberOutOfRange))
    }
}

/// Parses a SQL filter expression of the supported subset (`topics.md` §7.4).
///
/// # Errors
/// The first construct outside the subset, with its column.
pub fn parse_sql(text: &str) -> R<Predicate> {
    let mut p = Parser::new(text)?;
    if p.peek().tok == Tok::End {
        return p.unexpected(Want::Predicate);
    }
    let pred = p.or()?;
    if p.peek().tok == Tok::RParen {
        return error(
            p.peek().column,
            SqlErrorKind::Expected(Want::OpenParenBeforeClose),
        );
    }
    if p.peek().tok != Tok::End {
        return p.unexpected(Want::AndOrOrEnd);
    }
    Ok(pred)
}

/// Parses a rule action of the supported subset (`topics.md` §7.5): `SET name = constant` and
/// `REMOVE name` statements separated by `;`, on application properties only.
///
/// # Errors
/// The first construct outside the subset, with its column.
pub fn parse_action(text: &str) -> R<Vec<Statement>> {
    let mut p = Parser::new(text)?;
    let mut out = Vec::new();
    loop {
        let set = p.eat_word("SET");
        if !set && !p.eat_word("REMOVE") {
            return p.unexpected(Want::SetOrRemove);
        }
        let column = p.peek().column;
        let name = match p.property()? {
            Prop::User(name) => name,
            Prop::Sys(_) => {
                return error(column, SqlErrorKind::Unsupported(Construct::SysInAction));
            }
        };
        if set {
            p.expect(&Tok::Cmp(CmpOp::Eq), Want::Equals)?;
            let column = p.peek().column;
            match p.operand()? {
                Operand::Prop(_) => {
                    return error(
                        column,
                        SqlErrorKind::Unsupported(Construct::PropertyRightOfSet),
                    );
                }
                Operand::Const(Const::Null) => {
                    return error(column, SqlErrorKind::Unsupported(Construct::SetToNull));
                }
                Operand::Const(c) => out.push(Statement::Set(name, c)),
            }
        } else {
            out.push(Statement::Remove(name));
        }
        if p.peek().tok == Tok::End {
            return Ok(out);
        }
        if !p.eat(&Tok::Semicolon) {
            return p.unexpected(Want::SemicolonOrEnd);
        }
        if p.peek().tok == Tok::End {
            return Ok(out);
        }
    }
}
