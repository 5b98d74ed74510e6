//! Random filters, predicates and property values for property tests: the broker's filter
//! tests and the scenario crate's tests of the rules' JSON form share them.
#![allow(dead_code, unreachable_pub)]

use proptest::prelude::*;
use settle_core::PropValue;
use settle_core::filter::{CmpOp, Const, Operand, Predicate, Prop, SysProp};

/// Identifier-shaped names, keywords included (they print with `user.`).
pub fn any_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Zé][a-zA-Z0-9_é]{0,6}",
        prop::sample::select(vec![
            "AND", "or", "Not", "null", "like", "In", "is", "exists", "true", "FALSE", "escape",
            "sys", "user", "set", "remove"
        ])
        .prop_map(String::from),
    ]
}

pub fn any_sys() -> impl Strategy<Value = SysProp> {
    prop::sample::select(SysProp::ALL.to_vec())
}

pub fn any_prop(name: BoxedStrategy<String>) -> impl Strategy<Value = Prop> {
    prop_oneof![3 => name.prop_map(Prop::User), 1 => any_sys().prop_map(Prop::Sys)]
}

pub fn any_decimal() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |d| d.is_finite()),
        (-1000i32..1000).prop_map(|i| f64::from(i) / 8.0),
    ]
}

pub fn any_const() -> impl Strategy<Value = Const> {
    prop_oneof![
        any::<i64>().prop_map(Const::Int),
        any_decimal().prop_map(Const::Decimal),
        ".{0,6}".prop_map(Const::Str),
        any::<bool>().prop_map(Const::Bool),
        Just(Const::Null),
    ]
}

pub fn any_operand(
    name: BoxedStrategy<String>,
    c: BoxedStrategy<Const>,
) -> impl Strategy<Value = Operand> {
    prop_oneof![
        any_prop(name).prop_map(Operand::Prop),
        c.prop_map(Operand::Const)
    ]
}

/// Predicates over the given names and constants.
pub fn predicates(
    name: BoxedStrategy<String>,
    c: BoxedStrategy<Const>,
    pattern: BoxedStrategy<String>,
) -> impl Strategy<Value = Predicate> {
    let operand = any_operand(name.clone(), c.clone()).boxed();
    let leaf = prop_oneof![
        (
            operand.clone(),
            prop::sample::select(CmpOp::ALL.to_vec()),
            operand.clone()
        )
            .prop_map(|(a, op, b)| Predicate::Cmp(a, op, b)),
        (any_prop(name.clone()), any::<bool>())
            .prop_map(|(prop, negated)| Predicate::IsNull { prop, negated }),
        any_prop(name).prop_map(Predicate::Exists),
        (
            operand.clone(),
            prop::collection::vec(c, 1..4),
            any::<bool>()
        )
            .prop_map(|(operand, list, negated)| Predicate::In {
                operand,
                list,
                negated
            }),
        (operand, pattern, any::<bool>()).prop_map(|(operand, pattern, negated)| Predicate::Like {
            operand,
            pattern,
            negated
        }),
        any::<bool>().prop_map(Predicate::Bool),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Predicate::Or(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Predicate::And(Box::new(a), Box::new(b))),
            inner.prop_map(|a| Predicate::Not(Box::new(a))),
        ]
    })
}

pub fn any_predicate() -> impl Strategy<Value = Predicate> {
    predicates(any_name().boxed(), any_const().boxed(), ".{0,6}".boxed())
}

// Evaluation works on a small universe so that names and values meet often.

pub fn small_name() -> BoxedStrategy<String> {
    prop::sample::select(vec!["a", "b", "A", "missing"])
        .prop_map(String::from)
        .boxed()
}

pub fn small_const() -> BoxedStrategy<Const> {
    prop_oneof![
        (-1i64..3).prop_map(Const::Int),
        prop::sample::select(vec![0.5, 1.0, 2.0]).prop_map(Const::Decimal),
        prop::sample::select(vec!["", "a", "b", "A", "ab"]).prop_map(|s| Const::Str(s.into())),
        any::<bool>().prop_map(Const::Bool),
        Just(Const::Null),
    ]
    .boxed()
}

pub fn small_pattern() -> BoxedStrategy<String> {
    "[ab%_]{0,3}".boxed()
}

pub fn small_predicate() -> impl Strategy<Value = Predicate> {
    predicates(small_name(), small_const(), small_pattern())
}

pub fn small_value() -> impl Strategy<Value = PropValue> {
    prop_oneof![
        (-1i64..3).prop_map(PropValue::Int),
        prop::sample::select(vec![0.5, 1.0, 2.0]).prop_map(PropValue::Float),
        prop::sample::select(vec!["", "a", "b", "A", "ab"]).prop_map(|s| PropValue::Str(s.into())),
        any::<bool>().prop_map(PropValue::Bool),
    ]
}
