//! Every language has exactly English's messages, each using exactly English's variables; the
//! plural forms and decimal separators come out as each language writes them.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement, Resource};
use settle_i18n::{Arg, Lang, Part, Tr};

mod common;

/// Message id → the variables its value and attributes use.
fn messages(lang: Lang, part: Part) -> BTreeMap<String, BTreeSet<String>> {
    let text = common::ftl(lang, part);
    let res: Resource<&str> =
        fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, errs)| {
            panic!("{lang}/{}.ftl: {errs:?}", part.name());
        });
    let mut out = BTreeMap::new();
    for entry in res.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            for a in &m.attributes {
                pattern_vars(&a.value, &mut vars);
            }
            let id = m.id.name.to_owned();
            assert!(
                out.insert(id.clone(), vars).is_none(),
                "{lang}/{}.ftl defines {id} twice",
                part.name()
            );
        }
    }
    out
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_language_has_exactly_the_english_messages_with_their_variables() {
    let mut problems = Vec::new();
    for part in Part::ALL {
        let english = messages(Lang::En, part);
        assert!(!english.is_empty(), "en/{}.ftl is empty", part.name());
        for lang in Lang::ALL {
            let theirs = messages(lang, part);
            for (id, vars) in &english {
                match theirs.get(id) {
                    None => problems.push(format!("{lang}/{}: {id} is missing", part.name())),
                    Some(v) if v != vars => problems.push(format!(
                        "{lang}/{}: {id} uses {v:?}, English uses {vars:?}",
                        part.name()
                    )),
                    Some(_) => {}
                }
            }
            for id in theirs.keys().filter(|id| !english.contains_key(*id)) {
                problems.push(format!("{lang}/{}: {id} is not in English", part.name()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_language_loads_without_an_error() {
    let english = Rc::new(Tr::english(&Part::ALL.map(Part::english)));
    for lang in Lang::ALL {
        Tr::new(
            lang,
            &Part::ALL.map(|p| p.source(lang)),
            Rc::clone(&english),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The CLDR's plural rules as Fluent applies them, for a message written the way Settle's are.
fn plural(lang: Lang, n: Arg<'_>) -> String {
    let ftl = match lang {
        Lang::Cs => {
            "m = { $n } { $n ->\n    [one] zpráva\n    [few] zprávy\n    [many] zprávy\n   *[other] zpráv\n}\n"
        }
        Lang::Ru => {
            "m = { $n } { $n ->\n    [one] сообщение\n    [few] сообщения\n    [many] сообщений\n   *[other] сообщения\n}\n"
        }
        _ => "m = { $n } { $n ->\n    [one] message\n   *[other] messages\n}\n",
    };
    let english = Rc::new(Tr::english(&[]));
    let tr = common::tr(lang, &[ftl], english).unwrap();
    tr.format("m", &[("n", n)])
}

#[test]
fn plural_forms_follow_the_cldr_rules() {
    let cs = [
        (Arg::from(0u32), "0 zpráv"),
        (Arg::from(1u32), "1 zpráva"),
        (Arg::from(2u32), "2 zprávy"),
        (Arg::from(5u32), "5 zpráv"),
        (Arg::from(21u32), "21 zpráv"),
        (Arg::fixed(0.5, 1), "0,5 zprávy"),
    ];
    for (n, want) in cs {
        assert_eq!(plural(Lang::Cs, n), want);
    }
    let ru = [
        (Arg::from(0u32), "0 сообщений"),
        (Arg::from(1u32), "1 сообщение"),
        (Arg::from(2u32), "2 сообщения"),
        (Arg::from(5u32), "5 сообщений"),
        (Arg::from(21u32), "21 сообщение"),
        (Arg::fixed(0.5, 1), "0,5 сообщения"),
    ];
    for (n, want) in ru {
        assert_eq!(plural(Lang::Ru, n), want);
    }
    assert_eq!(plural(Lang::En, Arg::from(1u32)), "1 message");
    assert_eq!(plural(Lang::En, Arg::fixed(1.0, 1)), "1.0 messages");
}

#[test]
fn numbers_use_the_language_decimal_separator() {
    let english = Rc::new(Tr::english(&[]));
    for (lang, want) in [
        (Lang::En, "3.5 s"),
        (Lang::ZhHans, "3.5 s"),
        (Lang::Cs, "3,5 s"),
        (Lang::Ru, "3,5 s"),
    ] {
        let tr = common::tr(lang, &["m = { $s } s\n"], Rc::clone(&english)).unwrap();
        assert_eq!(tr.format("m", &[("s", Arg::fixed(3.5, 1))]), want);
        assert_eq!(tr.format("m", &[("s", Arg::from(12u32))]), "12 s");
        assert_eq!(tr.format("m", &[("s", Arg::from(f64::NAN))]), "0 s");
        assert_eq!(tr.format("m", &[("s", Arg::from(12345u32))]), "12345 s");
        let grouped = tr.format("m", &[("s", Arg::grouped(-1_234_567.5, Some(1)))]);
        let want = match lang.decimal_separator() {
            ',' => "-1\u{a0}234\u{a0}567,5 s",
            _ => "-1,234,567.5 s",
        };
        assert_eq!(grouped, want, "{lang}");
    }
}

#[test]
fn a_missing_message_falls_back_to_english_and_bad_text_is_an_error() {
    let english = Rc::new(
        common::tr(
            Lang::En,
            &["a = A
b = B { $x }
"],
            Rc::new(Tr::english(&[])),
        )
        .unwrap(),
    );
    let cs = common::tr(Lang::Cs, &["a = Á\n"], Rc::clone(&english)).unwrap();
    assert_eq!(cs.format("a", &[]), "Á");
    assert_eq!(cs.format("b", &[("x", Arg::from("y"))]), "B y");
    assert_eq!(cs.format("nope", &[]), "nope");
    let err = common::tr(Lang::Ru, &["a = { $x"], Rc::clone(&english))
        .err()
        .unwrap();
    assert!(err.starts_with("ru: "), "{err}");
    let err = common::tr(Lang::Ru, &["a = A\n", "a = B\n"], english)
        .err()
        .unwrap();
    assert!(err.starts_with("ru: "), "{err}");
}

#[test]
fn a_number_matches_a_translations_exact_key() {
    let english = Rc::new(Tr::english(&[]));
    let ftl = "m = { $n ->\n    [0] none\n    [one] one\n   *[other] { $n }\n}\n";
    let tr = common::tr(Lang::Cs, &[ftl], english).unwrap();
    assert_eq!(tr.format("m", &[("n", Arg::from(0u32))]), "none");
    assert_eq!(tr.format("m", &[("n", Arg::from(1usize))]), "one");
    assert_eq!(tr.format("m", &[("n", Arg::from(7u64))]), "7");
    assert_eq!(
        tr.format("m", &[("n", Arg::grouped(7000.0, None))]),
        "7\u{a0}000"
    );
}

/// A list in a sentence: `a, b, c`, in Chinese with the enumeration comma `a、b、c`.
#[test]
fn a_list_is_written_with_each_language_s_separator() {
    for (lang, want) in [
        (Lang::En, "a, b, c"),
        (Lang::Cs, "a, b, c"),
        (Lang::Ru, "a, b, c"),
        (Lang::ZhHans, "a、b、c"),
    ] {
        assert_eq!(
            settle_i18n::list_in(&settle_i18n::whole(lang), ["a", "b", "c"]),
            want
        );
    }
    assert_eq!(
        settle_i18n::list_in(&settle_i18n::whole(Lang::ZhHans), ["a"]),
        "a"
    );
    assert_eq!(
        settle_i18n::list_in(&settle_i18n::whole(Lang::En), Vec::<&str>::new()),
        ""
    );
}

/// A refused document's problem is in the reader's language where every part of the format
/// shares it, with the document's own keys and numbers; in English it is the error's display.
#[test]
fn a_refused_document_is_explained_in_each_language() {
    let refused = |doc: &str| settle_scenario::parse(doc).unwrap_err();
    let cases = [
        r#"{"settle": 1, "queue": {"lock_duration_ms": 10}}"#,
        r#"{"settle": 1, "queue": {"lock_duration_ms": "10"}}"#,
        r#"{"settle": 1, "queue": {"lock_duraton_ms": 10}}"#,
        r#"{"settle": 1, "zzz": 1}"#,
        r#"{"settle": 1, "script": [{"at_ms": -1, "do": "send", "by": "S1"}]}"#,
        r#"{"settle": 1, "script": [{"do": "send", "by": "S1"}]}"#,
        r#"{"settle": 1, "script": {}}"#,
        r#"{"settle": 1, "run_until_ms": 999999999999999}"#,
        "{ not json",
    ];
    for doc in cases {
        let e = refused(doc);
        assert!(e.said.is_some(), "{e}: said in words");
        assert_eq!(
            settle_i18n::format_error(&settle_i18n::whole(Lang::En), &e),
            e.to_string()
        );
        for lang in [Lang::ZhHans, Lang::Cs, Lang::Ru] {
            let said = settle_i18n::format_error(&settle_i18n::whole(lang), &e);
            assert!(said.starts_with(&format!("{}: ", e.path)), "{said}");
            assert_ne!(said, e.to_string(), "{lang}: {said}");
            for english in [
                "expected", "found", "missing", "unknown", "range", "longer", "valid",
            ] {
                let problem = &said[e.path.len()..];
                assert!(!problem.contains(english), "{lang}: {said}");
            }
        }
    }
    let cs = settle_i18n::format_error(&settle_i18n::whole(Lang::Cs), &refused(cases[0]));
    assert_eq!(
        cs,
        "$.queue.lock_duration_ms: 10 je mimo rozsah 5000..=300000"
    );
    let ru = settle_i18n::format_error(&settle_i18n::whole(Lang::Ru), &refused(cases[2]));
    assert_eq!(
        ru,
        "$.queue: неизвестный ключ «lock_duraton_ms» (возможно, имелся в виду «lock_duration_ms»?)"
    );
    let zh = settle_i18n::format_error(&settle_i18n::whole(Lang::ZhHans), &refused(cases[1]));
    assert_eq!(zh, "$.queue.lock_duration_ms: 应为整数，实际为字符串");
}
