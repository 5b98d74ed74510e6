//! The `lesson` extension (docs/lessons.md): parsing, errors with JSON paths, export round trip,
//! documents without a lesson unchanged, and every number resolved from the run.

use settle_core::scenario::{lesson, parse, trace};

const DOC: &str = r#"{"settle":1,"title":"Lock expiry","seed":7,"queue":{"lock_duration_ms":30000},
 "run_until_ms":120000,
 "script":[{"at_ms":0,"do":"send","by":"S1","id":"m1"},{"at_ms":1000,"do":"receive","by":"R1"},
           {"at_ms":40000,"do":"complete","by":"R1","msg":"m1"}],
 "lesson":{"speed":2,
   "notes":[{"at_ms":0,"text":"S1 sends m1."},
            {"on":{"event":"lock_expired","id":"m1"},"after_ms":500,"pause":true,
             "text":"Expired at {t:lock_expired m1|s} s, {t:lock_expired m1 - t:locked m1|s} s after it was taken."},
            {"on":{"event":"complete","by":"R1","nth":"last"},"text":"R1 tries to complete: {count:complete ok=false} refusal."}],
   "summary":["Lock {config:lock_duration_ms|s} s, delivery count {delivery_count m1}, {final:main} left, {count:locked} lock taken."],
   "figures":[{"label":"lock","value":"{config:lock_duration_ms} ms"}]}}"#;

fn without_lesson(doc: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(doc).unwrap();
    v.as_object_mut().unwrap().remove("lesson");
    v.to_string()
}

#[test]
fn a_lesson_resolves_times_and_numbers_from_the_run() {
    let sc = parse(DOC).unwrap();
    let shown = lesson::show(&sc).unwrap().unwrap();
    assert!((shown.speed - 2.0).abs() < f64::EPSILON);
    let notes: Vec<(u64, &str, bool)> = shown
        .notes
        .iter()
        .map(|n| (n.at_ms, n.text.as_str(), n.pause))
        .collect();
    assert_eq!(
        notes,
        [
            (0, "S1 sends m1.", false),
            (31_500, "Expired at 31 s, 30 s after it was taken.", true),
            (40_000, "R1 tries to complete: 1 refusal.", false),
        ]
    );
    assert_eq!(
        shown.summary,
        ["Lock 30 s, delivery count 1, 1 left, 1 lock taken."]
    );
    assert_eq!(
        shown.figures,
        [("lock".to_string(), "30,000 ms".to_string())]
    );
}

#[test]
fn a_lesson_does_not_change_the_run_and_no_lesson_prints_as_before() {
    let with = parse(DOC).unwrap();
    let plain = parse(&without_lesson(DOC)).unwrap();
    assert_eq!(plain.lesson, None);
    assert_eq!(trace(&with), trace(&plain));
    assert!(!plain.to_text().contains("lesson"));
    assert_eq!(lesson::show(&plain).unwrap(), None);
}

#[test]
fn export_round_trip_keeps_the_lesson() {
    let sc = parse(DOC).unwrap();
    let text = sc.to_text();
    let again = parse(&text).unwrap();
    assert_eq!(again, sc);
    assert_eq!(again.to_text(), text);
    // Every preset too.
    for (name, t) in settle_core::scenario::presets::PRESETS {
        let sc = parse(t).unwrap();
        assert_eq!(parse(&sc.to_text()).unwrap(), sc, "{name}");
    }
}

#[test]
fn bad_lessons_are_rejected_with_json_paths() {
    let cases = [
        (
            r#"{"notes":[{"at_ms":1,"text":"{t:lock_expird m1}"}]}"#,
            "$.lesson.notes[0].text",
            "neither a trace event",
        ),
        (
            r#"{"notes":[{"at_ms":1,"text":"ok"},{"text":"x"}]}"#,
            "$.lesson.notes[1]",
            "missing \"at_ms\" or \"on\"",
        ),
        (
            r#"{"notes":[{"at_ms":1,"on":{"event":"locked"},"text":"x"}]}"#,
            "$.lesson.notes[0]",
            "not both",
        ),
        (
            r#"{"notes":[{"on":{"event":"lockd"},"text":"x"}]}"#,
            "$.lesson.notes[0].on.event",
            "neither",
        ),
        (
            r#"{"notes":[{"on":{"event":"locked","nth":0},"text":"x"}]}"#,
            "$.lesson.notes[0].on.nth",
            "counts from 1",
        ),
        (
            r#"{"notes":[{"at_ms":1,"after_ms":3,"text":"x"}]}"#,
            "$.lesson.notes[0].after_ms",
            "only with",
        ),
        (
            r#"{"notes":[{"at_ms":1,"text":""}]}"#,
            "$.lesson.notes[0].text",
            "empty",
        ),
        (
            r#"{"summary":["fine","{elapsed}"]}"#,
            "$.lesson.summary[1]",
            "takes one client name",
        ),
        (
            r#"{"summary":["{wat m1}"]}"#,
            "$.lesson.summary[0]",
            "unknown placeholder {wat m1}",
        ),
        (
            r#"{"figures":[{"label":"x","value":"{config:tier}"}]}"#,
            "$.lesson.figures[0].value",
            "not a numeric queue key",
        ),
        (r#"{"speed":0}"#, "$.lesson.speed", "out of range"),
        (r#"{"sped":1}"#, "$.lesson", "did you mean \"speed\""),
        (r#"[]"#, "$.lesson", "expected an object"),
    ];
    for (lesson, path, want) in cases {
        let doc = format!(r#"{{"settle":1,"lesson":{lesson}}}"#);
        let e = parse(&doc).unwrap_err();
        assert_eq!(e.path, path, "{lesson}: {e}");
        assert!(e.problem.contains(want), "{lesson}: {e}");
    }
}

#[test]
fn a_placeholder_the_run_cannot_answer_is_an_error_with_its_path() {
    let doc = DOC.replace("{delivery_count m1}", "{t:dead_lettered m1}");
    let sc = parse(&doc).unwrap();
    let e = lesson::show(&sc).unwrap_err();
    assert_eq!(e.path, "$.lesson.summary[0]");
    assert!(e.problem.contains("0 matching records"), "{e}");
    let doc = DOC.replace(r#""id":"m1"},"after_ms""#, r#""id":"m9"},"after_ms""#);
    let e = lesson::show(&parse(&doc).unwrap()).unwrap_err();
    assert_eq!(e.path, "$.lesson.notes[1].on");
}
