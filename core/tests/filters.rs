//! Property tests of the filter module (`topics.md` §7):
//! - printing a predicate or an action and parsing it back gives the same tree;
//! - evaluation invariants on random messages: NOT flips true/false and keeps unknown, AND/OR
//!   follow the three-valued tables (written out here, independently of the code), both are
//!   commutative, an evaluation error anywhere fails the whole predicate, IN equals a chain of
//!   ORs, NOT IN / NOT LIKE / IS NOT NULL are the negations, comparisons are consistent with
//!   each other, LIKE without wildcards is equality;
//! - actions: after `SET x = c`, `x = c` holds; after `REMOVE x`, `x IS NULL` holds; the
//!   original properties are untouched;
//!
//! The strategies live in `filter_strategies/` (the scenario crate's rule tests use them too).
//!
//! Cases: `PROPTEST_CASES` (default 256).
#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use settle_core::filter::{
    Action, CmpOp, Const, Fields, Filter, MAX_LEN, Operand, Predicate, Prop, SqlErrorKind,
    Statement, SysProp, Truth, evaluate, like, parse_action, parse_sql,
};
use settle_core::{PropValue, Text};
use std::collections::BTreeMap;
use std::rc::Rc;

mod filter_strategies;
use filter_strategies::*;

#[derive(Clone, Debug)]
struct Msg {
    props: BTreeMap<Text, PropValue>,
    sys: BTreeMap<SysProp, String>,
}

impl Msg {
    fn fields(&self) -> Fields<'_> {
        let s = |p| self.sys.get(&p).map(String::as_str);
        Fields {
            correlation_id: s(SysProp::CorrelationId),
            to_address: s(SysProp::To),
            reply_to: s(SysProp::ReplyTo),
            reply_to_session_id: s(SysProp::ReplyToSessionId),
            subject: s(SysProp::Subject),
            session_id: s(SysProp::SessionId),
            content_type: s(SysProp::ContentType),
            ..Fields::new(
                self.sys
                    .get(&SysProp::MessageId)
                    .map_or("m", String::as_str),
                &self.props,
            )
        }
    }

    /// The result, `None` for an evaluation error (whose detail text names the failing part).
    fn eval(&self, p: &Predicate) -> Option<Truth> {
        evaluate(p, &self.fields()).ok()
    }
}

fn any_msg() -> impl Strategy<Value = Msg> {
    (
        prop::collection::btree_map(
            prop::sample::select(vec!["a", "b", "A"]),
            small_value(),
            0..3,
        ),
        prop::collection::btree_map(any_sys(), prop::sample::select(vec!["", "a", "b"]), 0..4),
    )
        .prop_map(|(props, sys)| Msg {
            props: props.into_iter().map(|(k, v)| (Text::from(k), v)).collect(),
            sys: sys.into_iter().map(|(k, v)| (k, v.to_string())).collect(),
        })
}

// ------------------------------------------------------------------------------- the tables

use Truth::{False as F, True as T, Unknown as U};

/// SQLF20's AND and OR tables, written out.
const AND: [(Truth, Truth, Truth); 9] = [
    (T, T, T),
    (T, F, F),
    (T, U, U),
    (F, T, F),
    (F, F, F),
    (F, U, F),
    (U, T, U),
    (U, F, F),
    (U, U, U),
];
const OR: [(Truth, Truth, Truth); 9] = [
    (T, T, T),
    (T, F, T),
    (T, U, T),
    (F, T, T),
    (F, F, F),
    (F, U, U),
    (U, T, T),
    (U, F, U),
    (U, U, U),
];

fn table(t: &[(Truth, Truth, Truth); 9], a: Truth, b: Truth) -> Truth {
    t.iter().find(|(x, y, _)| *x == a && *y == b).unwrap().2
}

fn bx(p: Predicate) -> Box<Predicate> {
    Box::new(p)
}

proptest! {
    #[test]
    fn printed_predicates_parse_back_to_the_same_tree(p in any_predicate()) {
        let text = p.to_string();
        if text.chars().count() > MAX_LEN {
            // Huge decimals print with all their digits; the broker's length limit refuses them.
            prop_assert_eq!(parse_sql(&text).map_err(|e| e.kind), Err(SqlErrorKind::TooLong));
        } else {
            prop_assert_eq!(parse_sql(&text), Ok(p), "{}", text);
        }
    }

    #[test]
    fn printed_actions_parse_back_to_the_same_statements(
        s in prop::collection::vec(
            prop_oneof![
                (any_name(), any_const().prop_filter("not null", |c| *c != Const::Null))
                    .prop_map(|(n, c)| Statement::Set(n, c)),
                any_name().prop_map(Statement::Remove),
            ],
            1..4,
        ),
        trailing in any::<bool>(),
    ) {
        let mut text = s.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
        if trailing {
            text.push(';');
        }
        if text.chars().count() > MAX_LEN {
            prop_assert_eq!(parse_action(&text).map_err(|e| e.kind), Err(SqlErrorKind::TooLong));
        } else {
            prop_assert_eq!(parse_action(&text), Ok(s), "{}", text);
        }
    }

    #[test]
    fn not_flips_true_and_false_and_keeps_unknown(m in any_msg(), p in small_predicate()) {
        let want = m.eval(&p).map(|t| match t { T => F, F => T, U => U });
        prop_assert_eq!(m.eval(&Predicate::Not(bx(p))), want);
    }

    #[test]
    fn and_or_follow_the_three_valued_tables(m in any_msg(), a in small_predicate(), b in small_predicate()) {
        let (x, y) = (m.eval(&a), m.eval(&b));
        let and = m.eval(&Predicate::And(bx(a.clone()), bx(b.clone())));
        let or = m.eval(&Predicate::Or(bx(a.clone()), bx(b.clone())));
        match (&x, &y) {
            (Some(x), Some(y)) => {
                prop_assert_eq!(and, Some(table(&AND, *x, *y)));
                prop_assert_eq!(or, Some(table(&OR, *x, *y)));
            }
            // An error on either side fails the whole predicate, whatever the other gives.
            _ => {
                prop_assert!(and.is_none());
                prop_assert!(or.is_none());
            }
        }
        prop_assert_eq!(and, m.eval(&Predicate::And(bx(b.clone()), bx(a.clone()))));
        prop_assert_eq!(or, m.eval(&Predicate::Or(bx(b), bx(a))));
    }

    #[test]
    fn in_is_a_chain_of_ors_and_not_in_its_negation(m in any_msg(), x in any_operand(small_name(), small_const()), list in prop::collection::vec(small_const(), 1..4)) {
        let chain = list
            .iter()
            .map(|c| Predicate::Cmp(x.clone(), CmpOp::Eq, Operand::Const(c.clone())))
            .reduce(|a, b| Predicate::Or(bx(a), bx(b)))
            .unwrap();
        let r#in = Predicate::In { operand: x.clone(), list: list.clone(), negated: false };
        let not_in = Predicate::In { operand: x, list, negated: true };
        prop_assert_eq!(m.eval(&r#in), m.eval(&chain));
        prop_assert_eq!(m.eval(&not_in), m.eval(&Predicate::Not(bx(chain))));
    }

    #[test]
    fn negated_forms_are_negations(m in any_msg(), x in any_operand(small_name(), small_const()), pattern in small_pattern(), prop in any_prop(small_name())) {
        let like_p = Predicate::Like { operand: x.clone(), pattern: pattern.clone(), negated: false };
        let not_like = Predicate::Like { operand: x, pattern, negated: true };
        prop_assert_eq!(m.eval(&not_like), m.eval(&Predicate::Not(bx(like_p))));
        let is_null = Predicate::IsNull { prop: prop.clone(), negated: false };
        let not_null = Predicate::IsNull { prop: prop.clone(), negated: true };
        prop_assert_eq!(m.eval(&not_null), m.eval(&Predicate::Not(bx(is_null.clone()))));
        // Never unknown, never an error; without null values EXISTS is IS NOT NULL.
        prop_assert!(matches!(m.eval(&is_null), Some(T | F)));
        prop_assert_eq!(m.eval(&Predicate::Exists(prop)), m.eval(&not_null));
    }

    #[test]
    fn comparisons_agree_with_each_other(m in any_msg(), a in any_operand(small_name(), small_const()), b in any_operand(small_name(), small_const())) {
        let c = |x: &Operand, op, y: &Operand| m.eval(&Predicate::Cmp(x.clone(), op, y.clone()));
        let eq = c(&a, CmpOp::Eq, &b);
        // symmetric, and <> is NOT =
        prop_assert_eq!(&eq, &c(&b, CmpOp::Eq, &a));
        prop_assert_eq!(c(&a, CmpOp::Ne, &b), eq.map(Truth::not));
        // x = x holds for every value that is not unknown
        if let Some(T | F) = &eq {
            prop_assert_eq!(c(&a, CmpOp::Eq, &a), Some(T));
        }
        // orderings: a < b is b > a; a <= b is a < b OR a = b (when they have an order)
        let lt = c(&a, CmpOp::Lt, &b);
        prop_assert_eq!(&lt, &c(&b, CmpOp::Gt, &a));
        prop_assert_eq!(c(&a, CmpOp::Le, &b), c(&b, CmpOp::Ge, &a));
        if let (Some(l), Some(e)) = (&lt, &eq) {
            prop_assert_eq!(c(&a, CmpOp::Le, &b), Some(l.or(*e)));
        }
        // unknown operands give unknown, never an error
        let unknown = |o: &Operand| matches!(o, Operand::Const(Const::Null))
            || matches!(o, Operand::Prop(Prop::User(n)) if n == "missing");
        if unknown(&a) || unknown(&b) {
            for op in CmpOp::ALL {
                prop_assert_eq!(c(&a, op, &b), Some(U));
            }
        }
    }

    #[test]
    fn like_without_wildcards_is_equality(s in "[abc]{0,4}", p in "[abc]{0,4}") {
        prop_assert_eq!(like(&s, &p), s == p);
        prop_assert!(like(&s, "%"));
        prop_assert_eq!(like(&s, &"_".repeat(s.chars().count())), true);
        let (prefixed, starts) = (format!("{p}{s}"), format!("{p}%"));
        let (suffixed, ends) = (format!("{s}{p}"), format!("%{p}"));
        prop_assert!(like(&prefixed, &starts));
        prop_assert!(like(&suffixed, &ends));
    }

    #[test]
    fn matches_is_true_only_for_true(m in any_msg(), p in small_predicate()) {
        let f = Filter::sql(&p.to_string()).unwrap();
        prop_assert_eq!(f.matches(&m.fields()).ok(), m.eval(&p).map(|t| t == T));
    }

    #[test]
    fn set_then_equal_and_remove_then_null(m in any_msg(), name in small_name(), c in small_const()) {
        let original = Rc::new(m.props.clone());
        if c != Const::Null {
            let set = Action::parse(&format!("SET user.{name} = {c}")).unwrap();
            let copy = set.copy_properties("r", &original);
            let after = Msg { props: (*copy).clone(), sys: m.sys.clone() };
            let check = Predicate::Cmp(Operand::Prop(Prop::User(name.clone())), CmpOp::Eq, Operand::Const(c.clone()));
            prop_assert_eq!(after.eval(&check), Some(T), "{}", c);
        }
        let remove = Action::parse(&format!("REMOVE {name}")).unwrap();
        let copy = remove.copy_properties("r", &original);
        let after = Msg { props: (*copy).clone(), sys: m.sys.clone() };
        prop_assert_eq!(after.eval(&parse_sql(&format!("{name} IS NULL")).unwrap()), Some(T));
        prop_assert_eq!(&*original, &m.props);
    }
}
