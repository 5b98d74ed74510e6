//! The compiled messages (`i18n/compiled/<lang>/<part>.bin`) are the `.ftl` files, and say
//! what Fluent says: `fluent-bundle` formats every message of every language with many
//! values of its variables, and `Tr` must write the same text.
//!
//! After a change to a `.ftl` file, `SETTLE_BLESS=1 cargo test -p settle-i18n --test compiled`
//! compiles them again.

mod common;

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::rc::Rc;

use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use settle_i18n::compiled::{self, Elem, Key, Message};
use settle_i18n::{Arg, Lang, Part, Tr, written_number};

#[test]
fn the_compiled_messages_are_the_ftl_files() {
    let bless = std::env::var_os("SETTLE_BLESS").is_some();
    let mut stale = Vec::new();
    for lang in Lang::ALL {
        for part in Part::ALL {
            let fresh = common::compile(&common::ftl(lang, part))
                .unwrap_or_else(|e| panic!("{lang}/{}.ftl: {e}", part.name()));
            let path = common::compiled_path(lang, part);
            if std::fs::read(&path).ok().as_deref() == Some(&fresh[..]) {
                continue;
            }
            if bless {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &fresh).unwrap();
            } else {
                stale.push(format!("{lang}/{}", part.name()));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "compiled messages older than their .ftl: {stale:?}; \
         SETTLE_BLESS=1 cargo test -p settle-i18n --test compiled writes them again \
         (and Part::source compiles them in, so build again)"
    );
    // What the programs compile in is what is on disk.
    for lang in Lang::ALL {
        for part in Part::ALL {
            let on_disk = std::fs::read(common::compiled_path(lang, part)).unwrap();
            assert!(part.source(lang) == &on_disk[..], "{lang}/{}", part.name());
        }
    }
}

#[test]
fn a_damaged_file_is_an_error_not_a_panic() {
    let good = Part::Play.english();
    assert!(compiled::read(good).is_ok());
    // Cut anywhere but after a whole message: an error.
    for cut in (0..good.len())
        .step_by(3)
        .filter(|&c| c < 5 || good[c - 1] != b'\n')
    {
        assert!(compiled::read(&good[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = good.to_vec();
    longer.push(0);
    assert!(compiled::read(&longer).is_err());
    assert!(compiled::read(b"# a .ftl file\nm = text\n").is_err());
    // Every byte of the first 400 changed in turn to what means something in the file, or to
    // a byte that is no UTF-8: an error or other messages, never a panic.
    let mut bytes = good[..400].to_vec();
    for i in 0..bytes.len() {
        let was = bytes[i];
        for b in [0x1f, 0x1e, 0x1d, b'\n', b'*', b's', b't', b'n', 0xff] {
            bytes[i] = b;
            let _ = compiled::read(&bytes);
        }
        bytes[i] = was;
    }
    let english = Rc::new(Tr::english(&[]));
    let e = Tr::new(Lang::Ru, &[b"SFM1\nm\x1ft"], english)
        .err()
        .unwrap();
    assert!(
        e.starts_with("ru: compiled messages damaged at byte"),
        "{e}"
    );
    // Ids out of order, or one twice: a lookup would miss, so the file is refused.
    for file in [
        &b"SFM1\nb\x1ftB\x1f\x1e\na\x1ftA\x1f\x1e\n"[..],
        &b"SFM1\na\x1ftA\x1f\x1e\na\x1ftB\x1f\x1e\n"[..],
    ] {
        let e = Tr::new(Lang::Ru, &[file], Rc::new(Tr::english(&[])))
            .err()
            .unwrap();
        assert_eq!(e, "ru: a is out of order or defined twice");
    }
    let sorted = &b"SFM1\na\x1ftA\x1f\x1e\nb\x1ftB\x1f\x1e\n"[..];
    let tr = Tr::new(Lang::Ru, &[sorted], Rc::new(Tr::english(&[]))).unwrap();
    assert_eq!(
        (tr.format("a", &[]), tr.format("b", &[])),
        ("A".into(), "B".into())
    );
}

type Bundle = FluentBundle<FluentResource>;

/// The reference: a Fluent bundle of `lang`'s `.ftl` files, set up as Settle formats (no
/// isolation marks, NUMBER(), numbers written as `written_number` writes them).
fn bundle(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.tag().parse().unwrap();
    let mut bundle = FluentBundle::new(vec![id]);
    bundle.add_builtins().unwrap();
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match lang.decimal_separator() {
        ',' => |v, _| number(Lang::Cs, v),
        _ => |v, _| number(Lang::En, v),
    }));
    for part in Part::ALL {
        let res = FluentResource::try_new(common::ftl(lang, part)).unwrap();
        bundle.add_resource(res).unwrap();
    }
    bundle
}

fn number(lang: Lang, v: &FluentValue<'_>) -> Option<String> {
    let FluentValue::Number(n) = v else {
        return None;
    };
    let digits = n.options.minimum_fraction_digits.map(|d| d as u8);
    Some(written_number(
        lang,
        n.value,
        digits,
        n.options.minimum_integer_digits.is_some(),
    ))
}

/// `arg` as Fluent takes it: a NaN or an infinity as 0 (Fluent's plural operands cannot be
/// made from them), grouping asked by `minimum_integer_digits: 1`, fixed digits by both
/// fraction-digit options, so that only a plain number equals a key such as `[0]`.
fn value<'a>(arg: &'a Arg<'_>) -> FluentValue<'a> {
    match arg {
        Arg::Text(s) => FluentValue::String(Cow::Borrowed(s)),
        Arg::Num {
            value,
            digits,
            grouped,
        } => {
            let mut options = FluentNumberOptions::default();
            if *grouped {
                options.minimum_integer_digits = Some(1);
            }
            if let Some(d) = digits {
                options.minimum_fraction_digits = Some(usize::from(*d));
                options.maximum_fraction_digits = Some(usize::from(*d));
            }
            let value = if value.is_finite() { *value } else { 0.0 };
            FluentValue::Number(FluentNumber::new(value, options))
        }
    }
}

fn fluent(bundle: &Bundle, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let pattern = bundle.get_message(id).unwrap().value().unwrap();
    let mut fargs = FluentArgs::new();
    for (name, arg) in args {
        fargs.set(*name, value(arg));
    }
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, (!args.is_empty()).then_some(&fargs), &mut errors)
        .into_owned()
}

/// The variables a message uses, through the messages it refers to, with the names its
/// selects on each variable match.
fn variables(all: &[Message], pattern: &[Elem], out: &mut Vec<(String, BTreeSet<String>)>) {
    for e in pattern {
        match e {
            Elem::Text(_) => {}
            Elem::Var(v) => add(out, v, None),
            Elem::Ref(id) => {
                if let Some(m) = all.iter().find(|m| m.id == *id) {
                    variables(all, &m.pattern, out);
                }
            }
            Elem::Select(s) => {
                add(out, &s.var, None);
                for (key, p) in &s.variants {
                    if let Key::Name(k) = key {
                        add(out, &s.var, Some(k));
                    }
                    variables(all, p, out);
                }
            }
        }
    }
}

fn add(out: &mut Vec<(String, BTreeSet<String>)>, var: &str, name: Option<&str>) {
    let i = out.iter().position(|(v, _)| v == var).unwrap_or_else(|| {
        out.push((var.to_owned(), BTreeSet::new()));
        out.len() - 1
    });
    if let Some(n) = name {
        out[i].1.insert(n.to_owned());
    }
}

/// Values to try for a variable: numbers of every plural form in each language, with fixed
/// digits and grouped, and texts, the select's names among them.
fn samples(names: &BTreeSet<String>) -> Vec<Arg<'static>> {
    let mut out: Vec<Arg<'static>> = [0u64, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 1000]
        .into_iter()
        .map(Arg::from)
        .collect();
    out.extend([
        Arg::fixed(0.5, 1),
        Arg::fixed(1.0, 1),
        Arg::fixed(1.5, 1),
        Arg::fixed(2.0, 3),
        Arg::fixed(12.5, 3),
        Arg::fixed(-3.25, 2),
        Arg::grouped(1.0, None),
        Arg::grouped(1_234_567.0, None),
        Arg::grouped(2_000.0, Some(1)),
        Arg::from(f64::NAN),
        Arg::from("x"),
        Arg::from(""),
    ]);
    out.extend(names.iter().map(|n| Arg::from(n.clone())));
    out
}

#[test]
fn compiled_messages_say_what_fluent_says() {
    let english = Rc::new(Tr::english(&Part::ALL.map(Part::english)));
    let mut checked = 0usize;
    let mut differ = Vec::new();
    for lang in Lang::ALL {
        let reference = bundle(lang);
        let tr = match lang {
            Lang::En => Rc::clone(&english),
            _ => Rc::new(
                Tr::new(
                    lang,
                    &Part::ALL.map(|p| p.source(lang)),
                    Rc::clone(&english),
                )
                .unwrap(),
            ),
        };
        let all: Vec<Message> = Part::ALL
            .iter()
            .flat_map(|p| compiled::read(p.source(lang)).unwrap())
            .collect();
        for m in &all {
            let mut vars = Vec::new();
            variables(&all, &m.pattern, &mut vars);
            let base: Vec<(&str, Arg<'_>)> = vars
                .iter()
                .map(|(v, _)| (v.as_str(), Arg::from(2u64)))
                .collect();
            let mut cases = vec![Vec::new(), base.clone()];
            // A name given twice: its last value counts.
            if let Some((first, _)) = vars.first() {
                let mut twice = base.clone();
                twice.push((first.as_str(), Arg::from("later")));
                cases.push(twice);
            }
            for (i, (_, names)) in vars.iter().enumerate() {
                for sample in samples(names) {
                    let mut args = base.clone();
                    args[i].1 = sample;
                    cases.push(args);
                }
            }
            for args in cases {
                let want = fluent(&reference, &m.id, &args);
                let got = tr.format(&m.id, &args);
                checked += 1;
                if got != want {
                    differ.push(format!(
                        "{lang} {} {args:?}:\n  fluent: {want:?}\n  compiled: {got:?}",
                        m.id
                    ));
                }
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {checked} differ:\n{}",
        differ.len(),
        differ[..differ.len().min(20)].join("\n")
    );
    assert!(checked > 50_000, "{checked}");
}
