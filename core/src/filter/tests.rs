//! Unit tests: one per construct and per error, and the examples of `topics.md` §7 and §4.2.

use super::*;
use Truth::{False as F, True as T, Unknown as U};
use alloc::string::ToString;
use alloc::vec;

/// The message most cases run against.
fn props() -> BTreeMap<Text, PropValue> {
    let mut m = BTreeMap::new();
    for (k, v) in [
        ("color", PropValue::Str("blue".into())),
        ("quantity", PropValue::Int(7)),
        ("price", PropValue::Float(2.5)),
        ("urgent", PropValue::Bool(true)),
        ("Region", PropValue::Str("eu".into())),
        ("note", PropValue::Str("it's".into())),
        ("big", PropValue::Int(9_007_199_254_740_993)),
    ] {
        m.insert(Text::from(k), v);
    }
    m
}

fn fields(p: &BTreeMap<Text, PropValue>) -> Fields<'_> {
    Fields {
        correlation_id: Some("req-1"),
        subject: Some("Order"),
        reply_to: Some("replies"),
        ..Fields::new("m1", p)
    }
}

/// Every system property set: `MessageId` "m", `CorrelationId` "c", `To` "t", `ReplyTo` "r",
/// `ReplyToSessionId` "rs", `Subject` "s", `SessionId` "ss", `ContentType` "ct".
fn every_system_property(p: &BTreeMap<Text, PropValue>) -> Fields<'_> {
    Fields {
        correlation_id: Some("c"),
        to_address: Some("t"),
        reply_to: Some("r"),
        reply_to_session_id: Some("rs"),
        subject: Some("s"),
        session_id: Some("ss"),
        content_type: Some("ct"),
        ..Fields::new("m", p)
    }
}

fn eval_text(sql: &str) -> Result<Truth, EvalError> {
    let p = props();
    let pred = parse_sql(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    evaluate(&pred, &fields(&p))
}

fn truth(sql: &str) -> Truth {
    eval_text(sql).unwrap_or_else(|e| panic!("{sql}: {e}"))
}

fn sql_error(sql: &str) -> String {
    match parse_sql(sql) {
        Ok(p) => panic!("{sql} parsed as {p:?}"),
        Err(e) => e.to_string(),
    }
}

fn action_error(text: &str) -> String {
    match parse_action(text) {
        Ok(p) => panic!("{text} parsed as {p:?}"),
        Err(e) => e.to_string(),
    }
}

// ----------------------------------------------------------------- §7.2 boolean filters

#[test]
fn true_and_false_filters() {
    let p = props();
    assert_eq!(Filter::True.matches(&fields(&p)), Ok(true));
    assert_eq!(Filter::False.matches(&fields(&p)), Ok(false));
    // SQL `1=1` is a TrueFilter; `1=0` selects nothing.
    assert_eq!(Filter::sql("1=1").unwrap().matches(&fields(&p)), Ok(true));
    assert_eq!(Filter::sql("1=0").unwrap().matches(&fields(&p)), Ok(false));
    let empty = BTreeMap::new();
    assert_eq!(
        Filter::sql("1=1")
            .unwrap()
            .matches(&Fields::new("x", &empty)),
        Ok(true)
    );
}

// ----------------------------------------------------------------- §7.4 the subset, by construct

#[test]
fn comparisons_on_numbers_strings_and_booleans() {
    for (sql, want) in [
        ("quantity = 7", T),
        ("quantity <> 7", F),
        ("quantity != 7", F),
        ("quantity < 8", T),
        ("quantity <= 7", T),
        ("quantity > 7", F),
        ("quantity >= 7", T),
        // integer with decimal: numerically
        ("quantity = 7.0", T),
        ("price > 2", T),
        ("price = 2.5", T),
        ("2.5 = price", T),
        // the constant side may be negative
        ("quantity > -5", T),
        ("price > - 3.25", T),
        ("quantity > +6", T),
        // strings: ordinal, case-sensitive
        ("color = 'blue'", T),
        ("color = 'Blue'", F),
        ("color > 'Blue'", T),
        ("color < 'bluf'", T),
        ("'a' < 'b'", T),
        ("'Z' < 'a'", T),
        ("note = 'it''s'", T),
        ("'é' > 'z'", T),
        // booleans with = <> !=
        ("urgent = TRUE", T),
        ("urgent <> true", F),
        ("urgent != FALSE", T),
        ("TRUE = TRUE", T),
        // constants only
        ("1 = 1", T),
        ("1 < 2", T),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
}

#[test]
fn big_integers_compare_exactly_with_integers_and_as_doubles_with_decimals() {
    // 2^53 + 1: exact against an integer, rounded (as C# does) against a decimal.
    assert_eq!(truth("big = 9007199254740993"), T);
    assert_eq!(truth("big = 9007199254740992"), F);
    assert_eq!(truth("big = 9007199254740992.0"), T);
}

#[test]
fn type_mismatches_are_evaluation_errors() {
    for (sql, detail) in [
        (
            "color = 1",
            "cannot compare a string with a number (color = 1)",
        ),
        (
            "quantity = '7'",
            "cannot compare a number with a string (quantity = '7')",
        ),
        (
            "urgent = 1",
            "cannot compare a boolean with a number (urgent = 1)",
        ),
        ("urgent < TRUE", "booleans have no order (urgent < TRUE)"),
        (
            "'x' = FALSE",
            "cannot compare a string with a boolean ('x' = FALSE)",
        ),
        (
            "quantity LIKE '7'",
            "LIKE needs a string, found a number (quantity LIKE '7')",
        ),
        (
            "urgent IN (1)",
            "cannot compare a boolean with a number (urgent IN (1))",
        ),
    ] {
        assert_eq!(
            eval_text(sql).map_err(|e| e.detail),
            Err(detail.into()),
            "{sql}"
        );
    }
}

#[test]
fn an_error_anywhere_fails_the_whole_predicate() {
    // No short-circuit: the other operand deciding the result does not save it.
    for sql in [
        "quantity = 7 OR color = 1",
        "color = 1 OR quantity = 7",
        "quantity = 8 AND color = 1",
        "NOT (color = 1)",
        "missing = 1 OR color = 1",
        "color IN ('blue', 1)",
    ] {
        assert!(eval_text(sql).is_err(), "{sql}");
    }
    // An unknown operand is checked first: no type error with a missing property or NULL.
    assert_eq!(truth("missing = 'x'"), U);
    assert_eq!(truth("NULL = 1"), U);
    assert_eq!(truth("missing IN ('a', 1)"), U);
}

#[test]
fn missing_and_unset_properties_are_unknown() {
    for (sql, want) in [
        ("missing = 1", U),
        ("missing <> 1", U),
        ("1 = missing", U),
        ("missing IN (1, 2)", U),
        ("missing NOT IN (1, 2)", U),
        ("missing LIKE '%'", U),
        ("missing NOT LIKE '%'", U),
        ("NOT missing = 1", U),
        ("NULL = NULL", U),
        ("quantity = NULL", U),
        // a system property with no value
        ("sys.SessionId = 's'", U),
        ("sys.ContentType LIKE '%'", U),
        // only TRUE selects
        ("quantity IN (7, NULL)", T),
        ("quantity IN (8, NULL)", U),
        ("quantity NOT IN (8, NULL)", U),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
    let p = props();
    assert_eq!(
        Filter::sql("missing <> 1").unwrap().matches(&fields(&p)),
        Ok(false)
    );
    assert_eq!(
        Filter::sql("NOT (missing = 1)")
            .unwrap()
            .matches(&fields(&p)),
        Ok(false)
    );
}

#[test]
fn and_or_not_follow_the_three_valued_tables() {
    // U is `missing = 1`.
    for (sql, want) in [
        ("1=1 AND 1=1", T),
        ("1=1 AND 1=0", F),
        ("1=0 AND missing = 1", F),
        ("missing = 1 AND 1=0", F),
        ("1=1 AND missing = 1", U),
        ("missing = 1 AND missing = 1", U),
        ("1=1 OR missing = 1", T),
        ("missing = 1 OR 1=1", T),
        ("1=0 OR missing = 1", U),
        ("missing = 1 OR missing = 1", U),
        ("1=0 OR 1=0", F),
        ("NOT 1=1", F),
        ("NOT 1=0", T),
        ("NOT missing = 1", U),
        ("NOT NOT 1=1", T),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
}

#[test]
fn precedence_not_then_and_then_or() {
    // NOT binds tighter than AND, AND tighter than OR.
    let p = parse_sql("a = 1 OR b = 2 AND NOT c = 3").unwrap();
    assert_eq!(p.to_string(), "a = 1 OR b = 2 AND NOT c = 3");
    let Predicate::Or(_, right) = &p else {
        panic!("{p:?}")
    };
    let Predicate::And(_, not) = &**right else {
        panic!("{right:?}")
    };
    assert!(matches!(**not, Predicate::Not(_)));
    // With these values, OR-first grouping would give false instead of true.
    assert_eq!(truth("1=1 OR 1=1 AND 1=0"), T);
    assert_eq!(truth("(1=1 OR 1=1) AND 1=0"), F);
    assert_eq!(truth("NOT 1=0 AND 1=0"), F);
    assert_eq!(truth("NOT (1=0 AND 1=0)"), T);
    // AND and OR are left-associative.
    let p = parse_sql("a=1 AND b=2 AND c=3").unwrap();
    assert!(matches!(&p, Predicate::And(l, _) if matches!(**l, Predicate::And(..))));
}

#[test]
fn keywords_are_case_insensitive() {
    assert_eq!(truth("quantity in (7) and not color like 'r%' Or FaLsE"), T);
    assert_eq!(truth("missing is null"), T);
    assert_eq!(truth("exists (color)"), T);
    assert_eq!(
        parse_sql("a Is Not Null").unwrap(),
        parse_sql("a IS NOT NULL").unwrap()
    );
}

#[test]
fn property_names_are_case_insensitive_with_user_scope_or_none() {
    for (sql, want) in [
        ("Color = 'blue'", T),
        ("COLOR = 'blue'", T),
        ("user.color = 'blue'", T),
        ("USER.Color = 'blue'", T),
        ("region = 'eu'", T),
        ("user.REGION = 'eu'", T),
        ("EXISTS (REGION)", T),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
    assert_eq!(
        parse_sql("user.x = 1").unwrap(),
        parse_sql("x = 1").unwrap()
    );
}

#[test]
fn exact_name_wins_over_a_name_equal_ignoring_case() {
    let mut p = BTreeMap::new();
    p.insert(Text::from("a"), PropValue::Int(1));
    p.insert(Text::from("A"), PropValue::Int(2));
    let f = Fields::new("m", &p);
    let t = |sql: &str| evaluate(&parse_sql(sql).unwrap(), &f).unwrap();
    assert_eq!(t("a = 1"), T);
    assert_eq!(t("A = 2"), T);
    // Neither spelt as written: the first in byte order ("A" < "a").
    let mut p = BTreeMap::new();
    p.insert(Text::from("Ab"), PropValue::Int(1));
    p.insert(Text::from("aB"), PropValue::Int(2));
    let f = Fields::new("m", &p);
    assert_eq!(evaluate(&parse_sql("ab = 1").unwrap(), &f), Ok(T));
}

#[test]
fn system_properties_and_label_as_subject() {
    for (sql, want) in [
        ("sys.MessageId = 'm1'", T),
        ("sys.messageid = 'm1'", T),
        ("sys.CorrelationId = 'req-1'", T),
        ("sys.Label = 'Order'", T),
        ("sys.Subject = 'Order'", T),
        ("sys.subject = 'order'", F),
        ("sys.ReplyTo = 'replies'", T),
        ("SYS.ReplyTo = 'replies'", T),
        ("sys.To IS NULL", T),
        ("sys.ReplyToSessionId IS NULL", T),
        ("EXISTS (sys.CorrelationId)", T),
        ("EXISTS (sys.SessionId)", F),
        ("sys.CorrelationId IS NOT NULL", T),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
    assert_eq!(
        parse_sql("sys.Label = 'x'").unwrap(),
        parse_sql("sys.Subject = 'x'").unwrap()
    );
    // Every system property reads its own field.
    let empty = BTreeMap::new();
    let f = every_system_property(&empty);
    for (p, want) in [
        ("MessageId", "m"),
        ("CorrelationId", "c"),
        ("To", "t"),
        ("ReplyTo", "r"),
        ("ReplyToSessionId", "rs"),
        ("Label", "s"),
        ("Subject", "s"),
        ("SessionId", "ss"),
        ("ContentType", "ct"),
    ] {
        let sql = format!("sys.{p} = '{want}'");
        assert_eq!(evaluate(&parse_sql(&sql).unwrap(), &f), Ok(T), "{sql}");
    }
}

#[test]
fn is_null_and_exists() {
    for (sql, want) in [
        ("missing IS NULL", T),
        ("missing IS NOT NULL", F),
        ("color IS NULL", F),
        ("color IS NOT NULL", T),
        ("EXISTS (missing)", F),
        ("EXISTS (color)", T),
        ("EXISTS(user.color)", T),
        ("NOT EXISTS (missing)", T),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
}

/// A subject with a property present with a null value (the format has none today).
struct WithNull;

impl Subject for WithNull {
    fn system(&self, p: SysProp) -> Option<&str> {
        (p == SysProp::MessageId).then_some("m")
    }
    fn property(&self, name: &str) -> Option<Value<'_>> {
        (name == "n").then_some(Value::Null)
    }
    fn property_names(&self) -> impl Iterator<Item = &str> {
        ["n"].into_iter()
    }
}

#[test]
fn a_null_valued_property_exists_and_is_null() {
    let t = |sql: &str| evaluate(&parse_sql(sql).unwrap(), &WithNull).unwrap();
    assert_eq!(t("EXISTS (n)"), T);
    assert_eq!(t("EXISTS (N)"), T);
    assert_eq!(t("n IS NULL"), T);
    assert_eq!(t("n = 1"), U);
    assert_eq!(t("EXISTS (other)"), F);
}

#[test]
fn in_lists() {
    for (sql, want) in [
        ("color IN ('red', 'blue')", T),
        ("color IN ('red')", F),
        ("color NOT IN ('red')", T),
        ("color NOT IN ('blue', 'red')", F),
        ("quantity IN (1, 7.0)", T),
        ("urgent IN (FALSE, TRUE)", T),
        ("'a' IN ('a')", T),
        ("color IN ('Blue')", F),
    ] {
        assert_eq!(truth(sql), want, "{sql}");
    }
}

#[test]
fn like_patterns() {
    for (text, pattern, want) in [
        ("blue", "blue", true),
        ("blue", "b%", true),
        ("blue", "%e", true),
        ("blue", "%", true),
        ("", "%", true),
        ("", "", true),
        ("", "_", false),
        ("blue", "b_ue", true),
        ("blue", "b_e", false),
        ("blue", "____", true),
        ("blue", "___", false),
        ("blue", "Blue", false),
        ("blue", "%l%", true),
        ("blue", "%x%", false),
        ("aXbXc", "a%b%c", true),
        ("abcabd", "%abd", true),
        ("mississippi", "m%iss%pi", true),
        ("mississippi", "m%iss%pix", false),
        ("été", "_t_", true),
        ("a%b", "a%b", true),
        ("ab", "a%%b", true),
    ] {
        assert_eq!(like(text, pattern), want, "{text:?} LIKE {pattern:?}");
    }
    assert_eq!(truth("color LIKE 'bl%'"), T);
    assert_eq!(truth("color NOT LIKE 'bl%'"), F);
    assert_eq!(truth("note LIKE 'it''%'"), T);
}

#[test]
fn true_false_as_predicates_and_as_constants() {
    assert_eq!(parse_sql("TRUE").unwrap(), Predicate::Bool(true));
    assert_eq!(parse_sql("false").unwrap(), Predicate::Bool(false));
    assert_eq!(truth("TRUE AND NOT FALSE"), T);
    assert_eq!(
        parse_sql("TRUE = urgent").unwrap(),
        Predicate::Cmp(
            Operand::Const(Const::Bool(true)),
            CmpOp::Eq,
            Operand::Prop(Prop::User("urgent".into()))
        )
    );
    assert_eq!(truth("FALSE IN (FALSE)"), T);
}

#[test]
fn constants_parse_to_their_types() {
    let c = |sql: &str| match parse_sql(&format!("x = {sql}")).unwrap() {
        Predicate::Cmp(_, _, Operand::Const(c)) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c("42"), Const::Int(42));
    assert_eq!(c("-42"), Const::Int(-42));
    assert_eq!(c("-9223372036854775808"), Const::Int(i64::MIN));
    assert_eq!(c("9223372036854775807"), Const::Int(i64::MAX));
    assert_eq!(c("1.5"), Const::Decimal(1.5));
    assert_eq!(c("-0.25"), Const::Decimal(-0.25));
    assert_eq!(c("'a''b'"), Const::Str("a'b".into()));
    assert_eq!(c("''"), Const::Str(String::new()));
    assert_eq!(c("NULL"), Const::Null);
    assert_eq!(c("true"), Const::Bool(true));
}

// ----------------------------------------------------------------- errors, each with its column

#[test]
fn refused_constructs_name_the_construct_and_column() {
    for (sql, want) in [
        // arithmetic, including a sign on a property (format §7 example: column 10)
        ("quantity + 1 > 5", "unsupported: arithmetic at column 10"),
        ("a - 1 = 0", "unsupported: arithmetic at column 3"),
        ("a * 2 = 4", "unsupported: arithmetic at column 3"),
        ("a / 2 = 4", "unsupported: arithmetic at column 3"),
        ("a % 2 = 0", "unsupported: arithmetic at column 3"),
        ("a = 1 + 1", "unsupported: arithmetic at column 7"),
        ("-a = 1", "unsupported: arithmetic at column 1"),
        ("a = -b", "unsupported: arithmetic at column 5"),
        ("a = +b", "unsupported: arithmetic at column 5"),
        ("(a = 1) + 2", "unsupported: arithmetic at column 9"),
        // functions
        ("newid() = 'x'", "unsupported: functions at column 1"),
        ("property('a') = 1", "unsupported: functions at column 1"),
        ("p('a') = 1", "unsupported: functions at column 1"),
        ("a = sys.p('x')", "unknown system property sys.p"),
        ("a = user.f(1)", "unsupported: functions at column 5"),
        // ESCAPE
        (
            "a LIKE 'x!%' ESCAPE '!'",
            "unsupported: ESCAPE at column 14",
        ),
        // parameters, delimited and quoted identifiers
        ("a = @p", "unsupported: parameters at column 5"),
        (
            "[my prop] = 1",
            "unsupported: delimited identifiers at column 1",
        ),
        (
            "\"my prop\" = 1",
            "unsupported: quoted identifiers at column 1",
        ),
        // scientific notation
        ("a = 1e5", "unsupported: scientific notation at column 5"),
        ("a = 1.5E-3", "unsupported: scientific notation at column 5"),
        // outside the subset's shapes
        (
            "a IN (b)",
            "unsupported: a property in an IN list at column 7",
        ),
        (
            "a LIKE b",
            "unsupported: a LIKE pattern that is not a string constant at column 8",
        ),
        (
            "a LIKE 5",
            "unsupported: a LIKE pattern that is not a string constant at column 8",
        ),
        ("a = 1 -- note", "unsupported: comments at column 7"),
        ("a = 1 /* note */", "unsupported: comments at column 7"),
    ] {
        assert_eq!(sql_error(sql), want, "{sql}");
    }
}

#[test]
fn syntax_errors_say_what_was_expected_where() {
    for (sql, want) in [
        ("", "expected a predicate at column 1"),
        ("   ", "expected a predicate at column 4"),
        ("color", "expected an operator at column 6"),
        ("color 'blue'", "expected an operator at column 7"),
        (
            "color = 'blue' quantity",
            "expected AND, OR or the end of the filter at column 16",
        ),
        ("color = ", "expected a property or a constant at column 9"),
        ("color = 'blue", "string not closed by a quote at column 9"),
        ("(a = 1", "expected ')' at column 7"),
        ("a = 1)", "expected a '(' before this ')' at column 6"),
        ("a IS 1", "expected NULL at column 6"),
        ("1 IS NULL", "expected a property before IS at column 1"),
        ("a NOT = 1", "expected IN or LIKE after NOT at column 7"),
        ("a IN 1", "expected '(' after IN at column 6"),
        ("a IN ()", "expected a property or a constant at column 7"),
        ("a IN (1 2)", "expected ',' or ')' at column 9"),
        ("a LIKE", "expected a string pattern after LIKE at column 7"),
        ("EXISTS a", "expected '(' after EXISTS at column 8"),
        ("EXISTS (1)", "expected a property at column 9"),
        ("EXISTS (a", "expected ')' at column 10"),
        (
            "a = 1 AND",
            "expected a property or a constant at column 10",
        ),
        ("AND a = 1", "expected a property or a constant at column 1"),
        ("a == 1", "expected a property or a constant at column 4"),
        ("a = 1.", "expected a digit after '.' at column 6"),
        ("a = .5", "expected a digit before '.' at column 5"),
        ("a ! 1", "unexpected character '!' at column 3"),
        (
            "a = 1 ; b = 2",
            "expected AND, OR or the end of the filter at column 7",
        ),
        (
            "a = 99999999999999999999",
            "number out of range at column 5",
        ),
        (
            "a = -9223372036854775809",
            "number out of range at column 5",
        ),
        (
            "a = 1e",
            "expected AND, OR or the end of the filter at column 6",
        ),
        ("foo.a = 1", "unknown scope foo (sys or user) at column 1"),
        (
            "user. = 1",
            "expected a property name after '.' at column 7",
        ),
        ("in = 1", "expected a property or a constant at column 1"),
        ("a = €", "unexpected character '€' at column 5"),
        (
            "a = 'x' ESCAPE",
            "expected AND, OR or the end of the filter at column 9",
        ),
    ] {
        assert_eq!(sql_error(sql), want, "{sql}");
    }
}

#[test]
fn unknown_system_properties_are_refused_statically() {
    assert_eq!(sql_error("sys.Foo = 1"), "unknown system property sys.Foo");
    let e = parse_sql("a = 1 OR sys.EnqueuedTimeUtc > 5").unwrap_err();
    assert_eq!(e.column, 14);
    assert_eq!(
        e.kind,
        SqlErrorKind::UnknownSystemProperty("EnqueuedTimeUtc".into())
    );
}

#[test]
fn keywords_need_the_user_scope_as_property_names() {
    assert_eq!(
        sql_error("like = 1"),
        "expected a property or a constant at column 1"
    );
    assert_eq!(truth("user.like IS NULL"), T);
    let p = parse_sql("user.AND = 1 AND user.set = 2").unwrap();
    assert_eq!(p.to_string(), "user.AND = 1 AND set = 2");
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(
        sql_error("'ééé' = a +"),
        "unsupported: arithmetic at column 11"
    );
}

#[test]
fn identifiers_are_unicode_letters_digits_and_underscores() {
    assert_eq!(truth("façade_2 IS NULL"), T);
    assert_eq!(sql_error("_a = 1"), "unexpected character '_' at column 1");
    assert_eq!(sql_error("2a = 1"), "expected an operator at column 2");
}

// ----------------------------------------------------------------- printing

#[test]
fn printing_is_canonical() {
    for (sql, printed) in [
        ("a=1", "a = 1"),
        ("a != 1", "a <> 1"),
        ("sys.label = 'x'", "sys.Subject = 'x'"),
        ("user.a = 1", "a = 1"),
        ("(a = 1 OR b = 2) AND c = 3", "(a = 1 OR b = 2) AND c = 3"),
        ("a = 1 OR (b = 2 OR c = 3)", "a = 1 OR (b = 2 OR c = 3)"),
        ("((a = 1))", "a = 1"),
        ("NOT (a = 1 AND b = 2)", "NOT (a = 1 AND b = 2)"),
        (
            "a not in (1,2.5,'x''y',null,true)",
            "a NOT IN (1, 2.5, 'x''y', NULL, TRUE)",
        ),
        ("exists(a)", "EXISTS (a)"),
        ("a is not null", "a IS NOT NULL"),
        ("a like '%''_'", "a LIKE '%''_'"),
        ("a = 2.0", "a = 2.0"),
        ("a = -0.5", "a = -0.5"),
    ] {
        assert_eq!(parse_sql(sql).unwrap().to_string(), printed, "{sql}");
    }
}

// ----------------------------------------------------------------- §7.3 correlation filters

fn corr(system: &[(SysProp, &str)], p: &[(&str, PropValue)]) -> Filter {
    Filter::Correlation(CorrelationFilter {
        system: system.iter().map(|(k, v)| (*k, (*v).into())).collect(),
        properties: Rc::new(p.iter().map(|(k, v)| ((*k).into(), v.clone())).collect()),
    })
}

#[test]
fn correlation_filters_test_equality_on_every_key() {
    let p = props();
    let m = fields(&p);
    let yes = |f: Filter| assert_eq!(f.matches(&m), Ok(true), "{f:?}");
    let no = |f: Filter| assert_eq!(f.matches(&m), Ok(false), "{f:?}");
    yes(corr(&[(SysProp::CorrelationId, "req-1")], &[]));
    no(corr(&[(SysProp::CorrelationId, "REQ-1")], &[])); // case-sensitive
    yes(corr(&[(SysProp::MessageId, "m1")], &[]));
    yes(corr(&[(SysProp::Subject, "Order")], &[]));
    yes(corr(&[(SysProp::ReplyTo, "replies")], &[]));
    // a condition on a property the message lacks fails
    no(corr(&[(SysProp::SessionId, "s")], &[]));
    no(corr(&[(SysProp::To, "t")], &[]));
    no(corr(&[], &[("missing", PropValue::Int(1))]));
    // all conditions must hold (AND)
    yes(corr(
        &[(SysProp::CorrelationId, "req-1")],
        &[("color", PropValue::Str("blue".into()))],
    ));
    no(corr(
        &[(SysProp::CorrelationId, "req-1")],
        &[("color", PropValue::Str("red".into()))],
    ));
    // same JSON type required: "7" is not 7; 7 matches 7.0; names are case-sensitive
    no(corr(&[], &[("quantity", PropValue::Str("7".into()))]));
    yes(corr(&[], &[("quantity", PropValue::Float(7.0))]));
    yes(corr(&[], &[("price", PropValue::Float(2.5))]));
    no(corr(&[], &[("price", PropValue::Int(2))]));
    yes(corr(&[], &[("urgent", PropValue::Bool(true))]));
    no(corr(&[], &[("urgent", PropValue::Str("true".into()))]));
    no(corr(&[], &[("urgent", PropValue::Int(1))]));
    no(corr(&[], &[("region", PropValue::Str("eu".into()))]));
    yes(corr(&[], &[("Region", PropValue::Str("eu".into()))]));
    // every system key reads its own field
    let empty = BTreeMap::new();
    let f = every_system_property(&empty);
    for (p, v) in [
        (SysProp::MessageId, "m"),
        (SysProp::CorrelationId, "c"),
        (SysProp::To, "t"),
        (SysProp::ReplyTo, "r"),
        (SysProp::ReplyToSessionId, "rs"),
        (SysProp::Subject, "s"),
        (SysProp::SessionId, "ss"),
        (SysProp::ContentType, "ct"),
    ] {
        assert_eq!(corr(&[(p, v)], &[]).matches(&f), Ok(true), "{p:?}");
        assert_eq!(corr(&[(p, "other")], &[]).matches(&f), Ok(false), "{p:?}");
    }
}

#[test]
fn rules_refuse_an_empty_correlation_and_an_action_on_correlation() {
    assert_eq!(
        Rule::new(Filter::Correlation(CorrelationFilter::default()), None),
        Err(RuleError::EmptyCorrelation)
    );
    let action = Action::parse("SET a = 1").unwrap();
    assert_eq!(
        Rule::new(
            corr(&[(SysProp::MessageId, "m")], &[]),
            Some(action.clone())
        ),
        Err(RuleError::ActionWithCorrelation)
    );
    for f in [Filter::True, Filter::False, Filter::sql("a = 1").unwrap()] {
        assert!(Rule::new(f, Some(action.clone())).is_ok());
    }
}

// ----------------------------------------------------------------- §7.5 actions

fn applied(action: &str, p: &BTreeMap<Text, PropValue>) -> BTreeMap<Text, PropValue> {
    let mut out = p.clone();
    Action::parse(action).unwrap().apply_to(&mut out);
    out
}

#[test]
fn actions_set_and_remove_application_properties() {
    let p = props();
    let out = applied(
        "SET color = 'red'; SET level = 3; SET ratio = 0.5; SET ok = FALSE; REMOVE quantity",
        &p,
    );
    assert_eq!(out.get("color"), Some(&PropValue::Str("red".into())));
    assert_eq!(out.get("level"), Some(&PropValue::Int(3)));
    assert_eq!(out.get("ratio"), Some(&PropValue::Float(0.5)));
    assert_eq!(out.get("ok"), Some(&PropValue::Bool(false)));
    assert_eq!(out.get("quantity"), None);
    assert_eq!(out.len(), p.len() + 3 - 1);
    // statements run in order; a trailing `;` is allowed; keywords ignore case
    let out = applied("set x = 1; remove X; SET x = 2;", &p);
    assert_eq!(out.get("x"), Some(&PropValue::Int(2)));
    // names ignore case: SET keeps the stored spelling, REMOVE takes every spelling
    let out = applied("SET region = 'us'", &p);
    assert_eq!(out.get("Region"), Some(&PropValue::Str("us".into())));
    assert_eq!(out.get("region"), None);
    let out = applied("REMOVE user.REGION", &p);
    assert!(!out.contains_key("Region"));
}

#[test]
fn an_action_changes_only_the_copy() {
    let original: Properties = Rc::new(props());
    let a = Action::parse("SET color = 'red'").unwrap();
    let copy = a.copy_properties("recolor", &original);
    assert_eq!(original.get("color"), Some(&PropValue::Str("blue".into())));
    assert_eq!(copy.get("color"), Some(&PropValue::Str("red".into())));
    // §4.2: the action copy carries RuleName among its application properties
    assert_eq!(
        copy.get("RuleName"),
        Some(&PropValue::Str("recolor".into()))
    );
    assert!(!original.contains_key("RuleName"));
}

#[test]
fn action_errors() {
    for (text, want) in [
        ("", "expected SET or REMOVE at column 1"),
        ("UPDATE a = 1", "expected SET or REMOVE at column 1"),
        (
            "SET sys.Label = 'x'",
            "unsupported: system properties in an action at column 5",
        ),
        (
            "REMOVE sys.CorrelationId",
            "unsupported: system properties in an action at column 8",
        ),
        ("SET sys.Foo = 1", "unknown system property sys.Foo"),
        (
            "SET a = b",
            "unsupported: a property on the right of SET at column 9",
        ),
        ("SET a = 1 + 1", "unsupported: arithmetic at column 11"),
        ("SET a = -b", "unsupported: arithmetic at column 9"),
        ("SET a = newid()", "unsupported: functions at column 9"),
        (
            "SET a = NULL",
            "unsupported: SET to NULL (properties cannot hold null; use REMOVE) at column 9",
        ),
        ("SET a 1", "expected '=' at column 7"),
        ("SET a =", "expected a property or a constant at column 8"),
        ("SET = 1", "expected a property at column 5"),
        (
            "SET a = 1 SET b = 2",
            "expected ';' or the end of the action at column 11",
        ),
        ("SET a = 1;;", "expected SET or REMOVE at column 11"),
        (";", "expected SET or REMOVE at column 1"),
        (
            "REMOVE a b",
            "expected ';' or the end of the action at column 10",
        ),
    ] {
        assert_eq!(action_error(text), want, "{text}");
    }
}

#[test]
fn actions_print_and_parse_back() {
    let s = parse_action("set a = 'x''y'; remove user.b; SET user.in = 1.5").unwrap();
    let printed: Vec<String> = s.iter().map(ToString::to_string).collect();
    assert_eq!(printed, ["SET a = 'x''y'", "REMOVE b", "SET user.in = 1.5"]);
    assert_eq!(parse_action(&printed.join("; ")).unwrap(), s);
}

// ----------------------------------------------------------------- §7.1, §4.2, §7.6 routing

fn rule(sql: &str, action: Option<&str>) -> Rule {
    Rule::new(
        Filter::sql(sql).unwrap(),
        action.map(|a| Action::parse(a).unwrap()),
    )
    .unwrap()
}

fn route_over<'r>(rules: &'r [(&'r str, Rule)], p: &BTreeMap<Text, PropValue>) -> Routing<'r> {
    route(rules.iter().map(|(n, r)| (*n, r)), &fields(p))
}

#[test]
fn default_rule_takes_everything_and_no_rules_take_nothing() {
    let p = props();
    let default = [(Rule::DEFAULT_NAME, Rule::default_rule())];
    assert_eq!(
        route_over(&default, &p),
        Routing {
            plain: true,
            ..Routing::default()
        }
    );
    assert_eq!(Rule::default_rule().filter(), &Filter::True);
    assert!(Rule::default_rule().action().is_none());
    let none: [(&str, Rule); 0] = [];
    let r = route_over(&none, &p);
    assert!(!r.matched());
    assert_eq!(r.failed, None);
}

#[test]
fn five_rules_two_with_actions_all_matching_give_three_copies() {
    // TF26's example: action-less rules are OR-ed into one copy; one copy per action rule.
    let p = props();
    let rules = [
        ("a", rule("1=1", None)),
        ("b", rule("color = 'blue'", None)),
        ("c", rule("quantity > 1", None)),
        ("z-act", rule("1=1", Some("SET z = 1"))),
        ("m-act", rule("EXISTS(color)", Some("REMOVE color"))),
    ];
    let r = route_over(&rules, &p);
    assert!(r.plain);
    assert_eq!(r.actions, ["m-act", "z-act"]);
    assert_eq!(usize::from(r.plain) + r.actions.len(), 3);
}

#[test]
fn an_erring_rule_does_not_match_and_is_reported_once_when_nothing_matched() {
    let p = props();
    // Erring rule beside a matching one: no dead-lettering.
    let rules = [
        ("bad", rule("color = 1", None)),
        ("good", rule("1=1", None)),
    ];
    let r = route_over(&rules, &p);
    assert_eq!((r.plain, r.failed), (true, None));
    let rules = [
        ("bad", rule("color = 1", None)),
        ("act", rule("1=1", Some("SET a = 1"))),
    ];
    let r = route_over(&rules, &p);
    assert_eq!((r.plain, r.actions, r.failed), (false, vec!["act"], None));
    // Only erring or false rules: one failure, naming the first erring rule by name.
    let rules = [
        ("z", rule("quantity = 'x'", None)),
        ("no", rule("1=0", None)),
        ("b", rule("urgent > FALSE", Some("SET a = 1"))),
    ];
    let r = route_over(&rules, &p);
    assert!(!r.matched());
    assert_eq!(r.failed, Some("b"));
    assert_eq!(FILTER_EXCEPTION_REASON, "FilterException");
    assert_eq!(
        filter_exception_description("b"),
        "Filter evaluation failed on rule 'b'."
    );
    // Nothing erred, nothing matched: no failure.
    let rules = [("no", rule("1=0", None))];
    assert_eq!(route_over(&rules, &p), Routing::default());
}

#[test]
fn filters_never_see_the_body() {
    // A property called "body" is an application property like any other; there is no way to
    // name the message body.
    assert_eq!(truth("body IS NULL"), T);
    assert_eq!(
        sql_error("sys.Body = 'x'"),
        "unknown system property sys.Body"
    );
}

// ----------------------------------------------------------------- limits

#[test]
fn texts_longer_than_the_broker_allows_are_refused() {
    let at_limit = format!("a = '{}'", "x".repeat(MAX_LEN - 6));
    assert_eq!(at_limit.chars().count(), MAX_LEN);
    assert!(parse_sql(&at_limit).is_ok());
    let over = format!("a = '{}'", "é".repeat(MAX_LEN - 5));
    assert_eq!(
        sql_error(&over),
        "longer than 1024 characters (the broker's limit)"
    );
    assert_eq!(parse_sql(&over).unwrap_err().column, MAX_LEN + 1);
    let action = format!("SET a = '{}'", "x".repeat(MAX_LEN));
    assert_eq!(
        action_error(&action),
        "longer than 1024 characters (the broker's limit)"
    );
}

#[test]
fn nesting_is_bounded_and_the_deepest_allowed_tree_evaluates() {
    let parens = |n: usize| format!("{}a = 1{}", "(".repeat(n), ")".repeat(n));
    let nots = |n: usize| format!("{}a = 1", "NOT ".repeat(n));
    assert!(parse_sql(&parens(MAX_DEPTH)).is_ok());
    assert_eq!(
        sql_error(&parens(MAX_DEPTH + 1)),
        "nested deeper than 64 levels at column 65"
    );
    assert_eq!(
        sql_error(&nots(MAX_DEPTH + 1)),
        "nested deeper than 64 levels at column 257"
    );
    // Mixed: each level counts once; closing a parenthesis gives the level back.
    let mixed = format!("{} OR {}", parens(MAX_DEPTH), nots(MAX_DEPTH));
    let p = parse_sql(&mixed).unwrap();
    assert_eq!(parse_sql(&p.to_string()), Ok(p.clone()));
    assert_eq!(evaluate(&p, &fields(&props())), Ok(U));
    // The longest chain the length limit lets through evaluates.
    let chain = format!("1=1{}", " OR 1=1".repeat((MAX_LEN - 3) / 7));
    assert_eq!(truth(&chain), T);
}
