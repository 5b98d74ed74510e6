//! `en/lessons.ftl` is made from the built-in lessons and comparisons themselves: the file
//! translators translate, which must follow every change of a document's text.
//! `SETTLE_BLESS=1 cargo test -p settle-i18n --test lessons` writes it again.

mod common;

use settle_i18n::lesson_id;
use settle_scenario::lesson::Template;
use settle_scenario::{compare, presets};

/// The documents with entities the page offers beside the presets.
const ENTITY_PRESETS: [(&str, &str); 4] = [
    (
        "topic-fan-out",
        include_str!("../../examples/entities/topic-fan-out.json"),
    ),
    (
        "poison-copy",
        include_str!("../../examples/entities/poison-copy.json"),
    ),
    (
        "request-reply",
        include_str!("../../examples/entities/request-reply.json"),
    ),
    (
        "competing-consumers-subscription",
        include_str!("../../examples/entities/competing-consumers-subscription.json"),
    ),
];

/// Literal text as a Fluent pattern: braces are written as string literals, and a line break
/// goes on an indented line.
fn literal(s: &str) -> String {
    s.replace('{', "{\"{\"}")
        .replace('}', "{\"}\"}")
        .replace('\n', "\n    ")
}

fn template(t: &Template) -> String {
    t.rewrite(literal, |i| format!("{{ $n{i} }}"))
}

struct Out(String);

impl Out {
    fn message(&mut self, id: String, value: &str) {
        if !value.trim().is_empty() {
            self.0.push_str(&format!("{id} = {value}\n"));
        }
    }
}

fn english() -> String {
    let mut out = Out(String::from(
        "# The built-in lessons and comparisons, made from the documents themselves\n\
         # (i18n/tests/lessons.rs); do not edit by hand. A caption's numbers are $n1, $n2, …\n\
         # in order; each language writes them with its own plural forms and separators.\n",
    ));
    for (name, text) in presets::PRESETS.iter().chain(&ENTITY_PRESETS) {
        let sc = settle_scenario::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        out.0.push_str(&format!("\n## {name}\n\n"));
        out.message(lesson_id(name, "title", None), &literal(&sc.title));
        out.message(
            lesson_id(name, "description", None),
            &literal(&sc.description),
        );
        let Some(lesson) = &sc.lesson else { continue };
        for (i, n) in lesson.notes.iter().enumerate() {
            out.message(lesson_id(name, "note", Some(i + 1)), &template(&n.text));
        }
        for (i, s) in lesson.summary.iter().enumerate() {
            out.message(lesson_id(name, "summary", Some(i + 1)), &template(s));
        }
        for (i, f) in lesson.figures.iter().enumerate() {
            out.message(lesson_id(name, "figure", Some(i + 1)), &literal(&f.label));
            out.message(
                lesson_id(name, "figure-value", Some(i + 1)),
                &template(&f.value),
            );
        }
    }
    for (name, text) in compare::COMPARISONS {
        let c = compare::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        out.0.push_str(&format!("\n## {name}\n\n"));
        out.message(lesson_id(name, "title", None), &literal(&c.title));
        out.message(
            lesson_id(name, "description", None),
            &literal(&c.description),
        );
        for (i, v) in c.variants.iter().enumerate() {
            out.message(lesson_id(name, "variant", Some(i + 1)), &literal(&v.label));
        }
        for (i, f) in c.facts.iter().enumerate() {
            out.message(lesson_id(name, "fact", Some(i + 1)), &literal(&f.label));
            out.message(
                lesson_id(name, "fact-value", Some(i + 1)),
                &template(&f.value),
            );
        }
        out.message(
            lesson_id(name, "difference", None),
            &template(&c.difference),
        );
    }
    out.0
}

#[test]
fn english_lessons_are_made_from_the_documents() {
    let want = english();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ftl/en/lessons.ftl");
    if std::env::var_os("SETTLE_BLESS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "{path} does not follow the documents: run SETTLE_BLESS=1 cargo test -p settle-i18n \
         --test lessons, then update every language's lessons.ftl"
    );
}

#[test]
fn ids_name_the_document_the_text_and_its_place() {
    assert_eq!(lesson_id("abandon", "title", None), "abandon-title");
    assert_eq!(lesson_id("abandon", "note", Some(3)), "abandon-note-3");
    assert_eq!(
        lesson_id("abandon", "figure-value", Some(2)),
        "abandon-figure-2-value"
    );
}

#[test]
fn a_translated_caption_writes_the_runs_numbers_in_its_own_language() {
    use settle_i18n::{Lang, Part, Tr, install, lesson_words};
    use std::rc::Rc;
    let english = Rc::new(Tr::english(&[Part::Play.english()]));
    let cs = "poison-message-note-1 = S1 odešle { $n1 } { $n1 ->\n        [one] objednávku\n        [few] objednávky\n       *[other] objednávek\n    }.\n\
              poison-message-figure-1 = doba\n";
    install(Rc::new(
        common::tr(Lang::Cs, &[cs], Rc::clone(&english)).unwrap(),
    ));
    let sc = settle_scenario::parse(presets::preset("poison-message").unwrap()).unwrap();
    let lesson = sc.lesson.as_ref().unwrap();
    let facts = settle_scenario::lesson::Facts::of(&sc);
    let words = lesson_words("poison-message");
    let shown = lesson.show_in(&facts, &words).unwrap();
    let own = lesson.show(&facts).unwrap();
    install(english);
    assert!(
        own.notes[0].text.starts_with("S1 sends 4 orders."),
        "{}",
        own.notes[0].text
    );
    assert_eq!(shown.notes[0].text, "S1 odešle 4 objednávky.");
    // What the language does not have stays the document's own.
    assert_eq!(shown.notes[1..], own.notes[1..]);
    assert_eq!(shown.summary, own.summary);
    assert_eq!(shown.figures[0].0, "doba");
    assert_eq!(shown.figures[0].1, own.figures[0].1);
    assert_eq!(shown.figures[1..], own.figures[1..]);
    // Another document's messages are not this one's.
    let other = lesson_words("abandon");
    assert_eq!(other("note", Some(1), &[]), None);
}

#[test]
fn a_built_in_document_is_found_by_its_english_title() {
    use settle_i18n::lesson_named;
    for (name, text) in presets::PRESETS.iter().chain(&ENTITY_PRESETS) {
        let sc = settle_scenario::parse(text).unwrap();
        assert_eq!(lesson_named(&sc.title).as_deref(), Some(*name));
    }
    for (name, text) in compare::COMPARISONS {
        let c = compare::parse(text).unwrap();
        assert_eq!(lesson_named(&c.title).as_deref(), Some(*name));
    }
    assert_eq!(lesson_named("My own scenario"), None);
    assert_eq!(lesson_named(""), None);
}
