//! Unit tests of the JSON form of rules and filters (format §1, §4, §7).

use super::*;
use alloc::rc::Rc;
use alloc::string::ToString;
use alloc::vec::Vec;
use serde_json::{Value, json};
use settle_core::filter::Fields;
use settle_core::{PropValue, Properties, Text};

/// A message with every system property a correlation filter can name set.
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

const SUB: &str = "$.entities.orders.subscriptions.audit.rules";

fn rules_error(v: &Value) -> String {
    match rules_from_value(SUB, v) {
        Ok(r) => panic!("{v} read as {r:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_format_examples_read() {
    // format §1: a correlation rule on a property, and §1's SQL example.
    let rules = rules_from_value(
        SUB,
        &json!({
            "eu-only": {"filter": {"correlation": {"properties": {"region": "eu"}}}},
            "blue": {"filter": {"sql": "color = 'blue' AND quantity > 5"}, "action": "SET big = TRUE"},
            "$Default": {"filter": {"true": {}}},
            "never": {"filter": {"false": {}}}
        }),
    )
    .unwrap();
    assert_eq!(
        rules.keys().map(String::as_str).collect::<Vec<_>>(),
        ["$Default", "blue", "eu-only", "never"]
    );
    assert_eq!(rules["$Default"], Rule::default_rule());
    assert_eq!(rules["never"].filter(), &Filter::False);
    let mut region = BTreeMap::new();
    region.insert(Text::from("region"), PropValue::Str("eu".into()));
    assert_eq!(
        rules["eu-only"].filter(),
        &Filter::Correlation(CorrelationFilter {
            system: BTreeMap::new(),
            properties: Rc::new(region)
        })
    );
    let Filter::Sql(sql) = rules["blue"].filter() else {
        panic!()
    };
    assert_eq!(sql.text, "color = 'blue' AND quantity > 5");
    assert_eq!(sql.predicate.to_string(), "color = 'blue' AND quantity > 5");
    assert_eq!(rules["blue"].action().unwrap().text, "SET big = TRUE");
    // `rules: {}`: no rules.
    assert!(rules_from_value(SUB, &json!({})).unwrap().is_empty());
}

#[test]
fn every_correlation_key_reads() {
    let f = filter_from_value(
        "$.f",
        &json!({"correlation": {
            "correlation_id": "c", "message_id": "m", "to_address": "t", "reply_to": "r",
            "subject": "s", "session_id": "ss", "reply_to_session_id": "rs", "content_type": "ct",
            "properties": {"n": 1, "d": 1.5, "b": false, "s": "x"}}}),
    )
    .unwrap();
    let Filter::Correlation(c) = &f else { panic!() };
    assert_eq!(c.system.len(), 8);
    assert_eq!(c.system[&SysProp::To], "t");
    assert_eq!(c.system[&SysProp::Subject], "s");
    assert_eq!(c.properties["n"], PropValue::Int(1));
    assert_eq!(c.properties["d"], PropValue::Float(1.5));
    assert_eq!(c.properties["b"], PropValue::Bool(false));
    let empty = BTreeMap::new();
    let m = every_system_property(&empty);
    // The properties are missing from `m`: the filter fails on them alone.
    assert_eq!(f.matches(&m), Ok(false));
    let only_system = Filter::Correlation(CorrelationFilter {
        system: c.system.clone(),
        properties: Properties::default(),
    });
    assert_eq!(only_system.matches(&m), Ok(true));
}

#[test]
fn errors_carry_the_json_path() {
    let r1 = |rule: Value| rules_error(&json!({ "r1": rule }));
    for (rule, want) in [
        // format §7's examples
        (
            json!({"filter": {}}),
            "rules.r1.filter: exactly one of true, false, sql, correlation",
        ),
        (
            json!({"filter": {"true": {}, "false": {}}}),
            "rules.r1.filter: exactly one of true, false, sql, correlation",
        ),
        (
            json!({"filter": {"sql": "quantity + 1 > 5"}}),
            "rules.r1.filter.sql: unsupported: arithmetic at column 10",
        ),
        (
            json!({"filter": {"sql": "sys.Foo = 1"}}),
            "rules.r1.filter.sql: unknown system property sys.Foo",
        ),
        (
            json!({"filter": {"correlation": {}}}),
            "rules.r1.filter.correlation: needs at least one condition",
        ),
        (
            json!({"filter": {"correlation": {"properties": {}}}}),
            "rules.r1.filter.correlation: needs at least one condition",
        ),
        (
            json!({"filter": {"correlation": {"subject": "x"}}, "action": "SET a = 1"}),
            "rules.r1.action: not allowed with a correlation filter",
        ),
        // the rest
        (
            json!({"filter": {"sql": "color ="}}),
            "rules.r1.filter.sql: expected a property or a constant at column 8",
        ),
        (
            json!({"filter": {"sql": 5}}),
            "rules.r1.filter.sql: expected a string, found a number",
        ),
        (
            json!({"filter": {"maybe": {}}}),
            "rules.r1.filter: exactly one of true, false, sql, correlation",
        ),
        (
            json!({"filter": {"true": {"x": 1}}}),
            "rules.r1.filter.true: expected {}",
        ),
        (
            json!({"filter": {"false": true}}),
            "rules.r1.filter.false: expected an object, found a boolean",
        ),
        (
            json!({"filter": "1=1"}),
            "rules.r1.filter: expected an object, found a string",
        ),
        (json!({}), "rules.r1.filter: missing"),
        (
            json!({"filter": {"true": {}}, "forward_to": "x"}),
            "rules.r1.forward_to: unknown key",
        ),
        (
            json!({"filter": {"true": {}}, "action": "SET sys.To = 'x'"}),
            "rules.r1.action: unsupported: system properties in an action at column 5",
        ),
        (
            json!({"filter": {"true": {}}, "action": 1}),
            "rules.r1.action: expected a string, found a number",
        ),
        (
            json!({"filter": {"correlation": {"label": "x"}}}),
            "rules.r1.filter.correlation.label: unknown key",
        ),
        (
            json!({"filter": {"correlation": {"subject": 1}}}),
            "rules.r1.filter.correlation.subject: expected a string, found a number",
        ),
        (
            json!({"filter": {"correlation": {"subject": null}}}),
            "rules.r1.filter.correlation.subject: expected a string, found null",
        ),
        (
            json!({"filter": {"correlation": {"properties": {"a": null}}}}),
            "rules.r1.filter.correlation.properties.a: a property is a string, number or boolean, found null",
        ),
        (
            json!({"filter": {"correlation": {"properties": []}}}),
            "rules.r1.filter.correlation.properties: expected an object, found an array",
        ),
        (json!(true), "rules.r1: expected an object, found a boolean"),
    ] {
        assert_eq!(
            r1(rule.clone()),
            format!("{SUB}{}", &want["rules".len()..]),
            "{rule}"
        );
    }
}

#[test]
fn rule_names_are_checked_and_unique_ignoring_case() {
    let t = json!({"filter": {"true": {}}});
    for (name, ok) in [
        ("$Default", true),
        ("a", true),
        ("A.b-c_9", true),
        (&"x".repeat(50), true),
        (&"x".repeat(51), false),
        ("", false),
        ("a/b", false),
        ("a b", false),
        ("$default", false),
        ("$Other", false),
        ("é", false),
    ] {
        let mut m = Map::new();
        m.insert(name.into(), t.clone());
        let r = rules_from_value(SUB, &Value::Object(m));
        assert_eq!(r.is_ok(), ok, "{name:?}: {r:?}");
        if !ok {
            assert_eq!(
                r.unwrap_err().to_string(),
                format!("{}: invalid rule name", key_path(SUB, name))
            );
        }
    }
    assert_eq!(
        rules_error(&json!({"r1": t, "R1": t})),
        format!("{SUB}.R1: same name as {SUB}.r1")
    );
    assert_eq!(
        rules_error(&json!({"a/b": t})),
        format!("{SUB}[\"a/b\"]: invalid rule name")
    );
    assert_eq!(
        rules_error(&json!([])),
        format!("{SUB}: expected an object, found an array")
    );
}

#[test]
fn key_paths_use_brackets_when_needed() {
    assert_eq!(key_path("$", "orders"), "$.orders");
    assert_eq!(key_path("$", "$Default"), "$.$Default");
    assert_eq!(key_path("$", "eu-only"), "$.eu-only");
    assert_eq!(key_path("$", "a/b"), "$[\"a/b\"]");
    assert_eq!(key_path("$", "a.b"), "$[\"a.b\"]");
    assert_eq!(key_path("$", ""), "$[\"\"]");
    assert_eq!(key_path("$", "q\""), "$[\"q\\\"\"]");
}

#[test]
fn add_rule_parts_read_from_a_step() {
    // add_rule carries `filter` and `action` in the step itself.
    let step = json!({"at_ms": 0, "do": "add_rule", "entity": "orders/subscriptions/audit",
                      "rule": "big", "filter": {"sql": "quantity > 100"}, "action": "SET big = TRUE"});
    let rule = rule_from_parts("$.script[3]", &step["filter"], step.get("action")).unwrap();
    assert_eq!(rule.action().unwrap().statements.len(), 1);
    let e = rule_from_parts("$.script[3]", &json!({"sql": "quantity >"}), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "$.script[3].filter.sql: expected a property or a constant at column 11"
    );
    let e = rule_from_parts("$.script[3]", &json!({"true": {}}), Some(&json!("SET"))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "$.script[3].action: expected a property at column 4"
    );
    assert_eq!(rule_name("$.script[3].rule", "big"), Ok(()));
    assert_eq!(
        rule_name("$.script[3].rule", "no good")
            .unwrap_err()
            .to_string(),
        "$.script[3].rule: invalid rule name"
    );
}

#[test]
fn rules_print_as_the_format_writes_them() {
    let v = json!({"filter": {"correlation": {"correlation_id": "c", "subject": "s", "properties": {"n": 1}}}});
    let rule = rule_from_value("$.r", &v).unwrap();
    assert_eq!(rule_to_value(&rule), v);
    let v = json!({"filter": {"sql": "a=1"}, "action": "set b = 2"});
    assert_eq!(rule_to_value(&rule_from_value("$.r", &v).unwrap()), v);
    let v = json!({"filter": {"false": {}}});
    assert_eq!(rule_to_value(&rule_from_value("$.r", &v).unwrap()), v);
}
