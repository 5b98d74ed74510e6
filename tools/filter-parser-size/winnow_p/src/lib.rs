include!("../../common.rs");
// The same grammar (topics.md §7.4) written with winnow 1.0 combinators, producing the same AST.
use settle_core::filter::{CmpOp, Const, Operand, Prop, SysProp};
use winnow::ascii::{digit1, multispace0};
use winnow::combinator::{alt, cut_err, delimited, not, opt, peek, preceded, repeat, separated};
use winnow::error::{ContextError, ErrMode};
use winnow::prelude::*;
use winnow::token::{none_of, one_of, take_while};

type In<'a> = &'a str;
type E = ErrMode<ContextError>;

const KEYWORDS: [&str; 11] = [
    "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "EXISTS", "TRUE", "FALSE", "ESCAPE",
];

fn ws<'a, O>(p: impl Parser<In<'a>, O, E>) -> impl Parser<In<'a>, O, E> {
    delimited(multispace0, p, multispace0)
}

fn word<'a>(i: &mut In<'a>) -> ModalResult<&'a str> {
    (
        one_of(|c: char| c.is_alphabetic()),
        take_while(0.., |c: char| {
            c.is_alphabetic() || c.is_numeric() || c == '_'
        }),
    )
        .take()
        .parse_next(i)
}

fn kw<'a>(k: &'static str) -> impl Parser<In<'a>, &'a str, E> {
    ws(word.verify(move |w: &str| w.eq_ignore_ascii_case(k)))
}

fn property(i: &mut In<'_>) -> ModalResult<Prop> {
    let p = ws(alt((
        preceded(
            (word.verify(|w: &str| w.eq_ignore_ascii_case("sys")), '.'),
            cut_err(word.verify_map(SysProp::from_name)),
        )
        .map(Prop::Sys),
        preceded(
            (word.verify(|w: &str| w.eq_ignore_ascii_case("user")), '.'),
            cut_err(word),
        )
        .map(|w: &str| Prop::User(w.into())),
        word.verify(|w: &str| !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(w)))
            .map(|w: &str| Prop::User(w.into())),
    )))
    .parse_next(i)?;
    not('(').parse_next(i)?;
    Ok(p)
}

fn number(i: &mut In<'_>) -> ModalResult<Const> {
    let sign = opt(ws(one_of(['+', '-']))).parse_next(i)?;
    let text = (digit1, opt(('.', digit1))).take().parse_next(i)?;
    let neg = sign == Some('-');
    let mut s = String::with_capacity(text.len() + 1);
    if neg {
        s.push('-');
    }
    s.push_str(text);
    if text.contains('.') {
        s.parse::<f64>()
            .ok()
            .filter(|d| d.is_finite())
            .map(Const::Decimal)
    } else {
        s.parse::<i64>().ok().map(Const::Int)
    }
    .ok_or_else(|| ErrMode::Cut(ContextError::new()))
}

fn string(i: &mut In<'_>) -> ModalResult<String> {
    ws(delimited(
        '\'',
        repeat(0.., alt(("''".value('\''), none_of('\'')))),
        cut_err('\''),
    ))
    .parse_next(i)
}

fn constant(i: &mut In<'_>) -> ModalResult<Const> {
    ws(alt((
        number,
        string.map(Const::Str),
        kw("TRUE").value(Const::Bool(true)),
        kw("FALSE").value(Const::Bool(false)),
        kw("NULL").value(Const::Null),
    )))
    .parse_next(i)
}

fn operand(i: &mut In<'_>) -> ModalResult<Operand> {
    alt((constant.map(Operand::Const), property.map(Operand::Prop))).parse_next(i)
}

fn cmp_op(i: &mut In<'_>) -> ModalResult<CmpOp> {
    ws(alt((
        "<>".value(CmpOp::Ne),
        "!=".value(CmpOp::Ne),
        "<=".value(CmpOp::Le),
        ">=".value(CmpOp::Ge),
        "=".value(CmpOp::Eq),
        "<".value(CmpOp::Lt),
        ">".value(CmpOp::Gt),
    )))
    .parse_next(i)
}

fn tail_start(i: &mut In<'_>) -> ModalResult<()> {
    alt((
        cmp_op.void(),
        kw("IS").void(),
        kw("NOT").void(),
        kw("IN").void(),
        kw("LIKE").void(),
    ))
    .parse_next(i)
}

fn test(i: &mut In<'_>) -> ModalResult<Predicate> {
    let left = operand.parse_next(i)?;
    if let Some(op) = opt(cmp_op).parse_next(i)? {
        return Ok(Predicate::Cmp(left, op, cut_err(operand).parse_next(i)?));
    }
    if opt(kw("IS")).parse_next(i)?.is_some() {
        let negated = opt(kw("NOT")).parse_next(i)?.is_some();
        cut_err(kw("NULL")).parse_next(i)?;
        let Operand::Prop(prop) = left else {
            return Err(ErrMode::Cut(ContextError::new()));
        };
        return Ok(Predicate::IsNull { prop, negated });
    }
    let negated = opt(kw("NOT")).parse_next(i)?.is_some();
    if opt(kw("IN")).parse_next(i)?.is_some() {
        let list = cut_err(delimited(
            ws('('),
            separated(1.., constant, ws(',')),
            ws(')'),
        ))
        .parse_next(i)?;
        return Ok(Predicate::In {
            operand: left,
            list,
            negated,
        });
    }
    cut_err(kw("LIKE")).parse_next(i)?;
    let pattern = cut_err(string).parse_next(i)?;
    Ok(Predicate::Like {
        operand: left,
        pattern,
        negated,
    })
}

fn primary(i: &mut In<'_>) -> ModalResult<Predicate> {
    alt((
        delimited(ws('('), cut_err(or), cut_err(ws(')'))),
        preceded(kw("EXISTS"), cut_err(delimited(ws('('), property, ws(')'))))
            .map(Predicate::Exists),
        (kw("TRUE"), not(peek(tail_start))).value(Predicate::Bool(true)),
        (kw("FALSE"), not(peek(tail_start))).value(Predicate::Bool(false)),
        test,
    ))
    .parse_next(i)
}

fn not_(i: &mut In<'_>) -> ModalResult<Predicate> {
    alt((
        preceded(kw("NOT"), cut_err(not_)).map(|p| Predicate::Not(Box::new(p))),
        primary,
    ))
    .parse_next(i)
}

fn and(i: &mut In<'_>) -> ModalResult<Predicate> {
    let first = not_.parse_next(i)?;
    let rest: Vec<Predicate> = repeat(0.., preceded(kw("AND"), cut_err(not_))).parse_next(i)?;
    Ok(rest
        .into_iter()
        .fold(first, |a, b| Predicate::And(Box::new(a), Box::new(b))))
}

fn or(i: &mut In<'_>) -> ModalResult<Predicate> {
    let first = and.parse_next(i)?;
    let rest: Vec<Predicate> = repeat(0.., preceded(kw("OR"), cut_err(and))).parse_next(i)?;
    Ok(rest
        .into_iter()
        .fold(first, |a, b| Predicate::Or(Box::new(a), Box::new(b))))
}

pub fn parse(text: &str) -> Result<Predicate, usize> {
    or.parse(text)
        .map_err(|e| text[..e.offset()].chars().count() + 1)
}

/// Parses and evaluates the text in the buffer: 0/1/2/3, or -column for a parse error.
#[unsafe(no_mangle)]
pub extern "C" fn filter_run(len: usize) -> i32 {
    match parse(input(len)) {
        Ok(p) => run(&p),
        Err(column) => -(column as i32),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_trees_as_the_hand_written_parser() {
        for t in [
            "color = 'blue' AND quantity > 5",
            "a = 1 OR b = 2 AND NOT c = 3",
            "NOT (a IN (1, 2.5, 'x''y', NULL, TRUE)) OR b NOT LIKE 'a%'",
            "sys.Label IS NOT NULL AND EXISTS (user.x) OR TRUE",
            "TRUE = x AND -5 < q",
        ] {
            assert_eq!(
                super::parse(t).unwrap(),
                settle_core::filter::parse_sql(t).unwrap(),
                "{t}"
            );
        }
        assert!(super::parse("a + 1 = 2").is_err());
    }
}
