//! The `lesson` extension (docs/lessons.md): parsing, errors with JSON paths, export round trip,
//! documents without a lesson unchanged, and every number resolved from the run.

use serde_json::Value;
use settle_scenario::lesson::Template;
use settle_scenario::presets::PRESETS;
use settle_scenario::{lesson, parse, trace};

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
    let mut v: Value = serde_json::from_str(doc).unwrap();
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
    for (name, t) in PRESETS {
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

// ---------------------------------------------------------------- every preset is a lesson

fn preset(name: &str) -> settle_scenario::Scenario {
    parse(settle_scenario::presets::preset(name).unwrap()).unwrap()
}

/// The lesson scenarios of several entities (`examples/entities/`), by name.
const ENTITY_LESSONS: [&str; 4] = [
    "topic-fan-out",
    "poison-copy",
    "request-reply",
    "competing-consumers-subscription",
];

fn entity_lesson(name: &str) -> settle_scenario::Scenario {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../examples/entities/{name}.json"));
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every lesson: the presets, then the lessons of several entities.
fn all_lessons() -> Vec<(String, settle_scenario::Scenario)> {
    PRESETS
        .iter()
        .map(|(n, _)| ((*n).to_string(), preset(n)))
        .chain(
            ENTITY_LESSONS
                .iter()
                .map(|n| (format!("examples/entities/{n}"), entity_lesson(n))),
        )
        .collect()
}

/// Digits a person typed into a caption: a run of digits not continuing an identifier
/// (`m1`, `order-2`, `Worker_1` are names, `30 s`, `#3`, `8,000` are numbers), and number
/// words from two up.
fn typed_numbers(text: &str) -> Vec<String> {
    const WORDS: [&str; 13] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty",
        "hundred", "thousand", "million",
    ];
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_digit() || chars[i] == ',' || chars[i] == '.')
            {
                i += 1;
            }
            let before = start.checked_sub(1).map(|j| chars[j]);
            if !before.is_some_and(|c| c.is_alphabetic() || c == '-' || c == '_') {
                found.push(chars[start..i].iter().collect());
            }
        } else {
            i += 1;
        }
    }
    for (k, w) in text
        .split(|c: char| !c.is_alphanumeric() && c != '-' && c != '_')
        .enumerate()
    {
        if WORDS.contains(&w.to_lowercase().as_str()) {
            found.push(format!("{w} (word {k})"));
        }
    }
    found
}

#[test]
fn the_digit_scanner_finds_typed_numbers() {
    assert_eq!(
        typed_numbers("m1, order-2, Worker_1 and R2"),
        Vec::<String>::new()
    );
    assert_eq!(
        typed_numbers("after 30 s, delivery #3 of 8,000"),
        ["30", "3", "8,000"]
    );
    assert_eq!(
        typed_numbers("Two workers, ten-in-flight"),
        ["Two (word 0)"]
    );
}

#[test]
fn every_preset_is_a_lesson_without_typed_numbers() {
    let mut typed = Vec::new();
    for (name, sc) in all_lessons() {
        let l = sc
            .lesson
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no lesson"));
        assert!(!l.notes.is_empty() && !l.summary.is_empty(), "{name}");
        for (path, t) in l.texts() {
            for n in typed_numbers(&t.literal_text()) {
                typed.push(format!("{name} {path}: {n}"));
            }
        }
        for f in &l.figures {
            for n in typed_numbers(&f.label) {
                typed.push(format!("{name} figure label {}: {n}", f.label));
            }
        }
    }
    assert!(
        typed.is_empty(),
        "numbers typed into captions:\n{}",
        typed.join("\n")
    );
}

#[test]
fn every_preset_lesson_can_be_followed_at_its_speed() {
    for (name, sc) in all_lessons() {
        let shown = lesson::show(&sc)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .unwrap();
        let real_s = sc.run_until.as_millis() as f64 / shown.speed / 1000.0;
        assert!(
            (3.0..=60.0).contains(&real_s),
            "{name}: lasts {real_s:.1} s at its speed"
        );
        for w in shown.notes.windows(2) {
            let gap_s = (w[1].at_ms - w[0].at_ms) as f64 / shown.speed / 1000.0;
            assert!(
                gap_s >= 1.0 || w[0].pause,
                "{name}: \"{}\" shows for only {gap_s:.2} s before \"{}\"",
                w[0].text,
                w[1].text
            );
            assert!(
                w[1].at_ms <= sc.run_until.as_millis(),
                "{name}: caption after the end"
            );
        }
    }
}

/// An independent reading of the trace (`settle run`'s JSON Lines), to check the resolver.
struct Oracle {
    recs: Vec<Value>,
    fin: Value,
    doc: Value,
}

impl Oracle {
    fn of(sc: &settle_scenario::Scenario) -> Self {
        let mut recs: Vec<Value> = trace(sc)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let fin = recs.pop().unwrap()["final"].clone();
        Self {
            recs,
            fin,
            doc: serde_json::from_str(&sc.to_text()).unwrap(),
        }
    }

    fn matching(&self, kind: &str, args: &[&str]) -> Vec<&Value> {
        self.recs
            .iter()
            .filter(|r| r["event"] == kind || (r.get("event").is_none() && r["do"] == kind))
            .filter(|r| {
                args.iter().filter(|a| !a.starts_with('#')).all(|a| {
                    match (a.split_once('~'), a.split_once('=')) {
                        (Some((k, part)), _) => r[k].as_str().is_some_and(|s| s.contains(part)),
                        (None, Some((k, v))) => match &r[k] {
                            Value::String(s) => s == v,
                            other => serde_json::from_str::<Value>(v).is_ok_and(|x| &x == other),
                        },
                        (None, None) => r["id"] == *a,
                    }
                })
            })
            .collect()
    }

    fn pick(&self, kind: &str, args: &[&str]) -> &Value {
        let all = self.matching(kind, args);
        match args.iter().find_map(|a| a.strip_prefix('#')) {
            Some("last") => all.last().unwrap(),
            Some(n) => all[n.parse::<usize>().unwrap() - 1],
            None => all[0],
        }
    }

    fn term(&self, src: &str) -> f64 {
        let words: Vec<&str> = src.split_whitespace().collect();
        let (head, args) = words.split_first().unwrap();
        let t = |r: &Value| r["t"].as_f64().unwrap();
        match head.split_once(':') {
            Some(("t", k)) => t(self.pick(k, args)),
            Some(("count", k)) => self.matching(k, args).len() as f64,
            Some(("rate", k)) => {
                let m = self.matching(k, args);
                (m.len() - 1) as f64 * 1000.0 / (t(m[m.len() - 1]) - t(m[0]))
            }
            Some(("config", k)) => {
                // The one queue, or the named entity (a subscription path is
                // "<topic>/subscriptions/<name>" in the document's `entities`).
                let q = match args.first() {
                    None => &self.doc["queue"][k],
                    Some(e) => match settle_core::namespace::split_subscription(e) {
                        Some((t, sub)) => &self.doc["entities"][t]["subscriptions"][sub][k],
                        None => &self.doc["entities"][e][k],
                    },
                };
                q.as_f64().unwrap_or_else(|| match k {
                    "lock_duration_ms" => 60_000.0,
                    "max_delivery_count" => 10.0,
                    other => panic!("no default for {other}"),
                })
            }
            Some(("final", k)) => match args.first() {
                Some(e) => self.fin["entities"][e][k].as_array().unwrap().len() as f64,
                None => self.fin[k].as_array().unwrap().len() as f64,
            },
            Some((field, k)) => self.pick(k, args)[field].as_f64().unwrap(),
            None => match *head {
                "delivery_count" => self
                    .recs
                    .iter()
                    .filter(|r| r["id"] == args[0])
                    .filter_map(|r| r["delivery_count"].as_f64())
                    .fold(0.0, f64::max),
                "elapsed" => {
                    let last = self.recs.iter().rev().find(|r| r["by"] == args[0]).unwrap();
                    let start = self.doc["actors"]
                        .as_array()
                        .and_then(|a| a.iter().find(|x| x["name"] == args[0]))
                        .and_then(|x| x["start_ms"].as_f64())
                        .unwrap_or(0.0);
                    t(last) - start
                }
                "receivers" | "senders" => self.doc["actors"].as_array().map_or(0, |a| {
                    a.iter()
                        .filter(|x| x["kind"] == head.trim_end_matches('s'))
                        .count()
                }) as f64,
                other => panic!("oracle does not know {other}"),
            },
        }
    }

    fn value(&self, src: &str) -> f64 {
        let body = src.rsplit_once('|').map_or(src, |(b, _)| b);
        match body.split_once(" - ") {
            Some((a, b)) => self.term(a) - self.term(b),
            None => self.term(body),
        }
    }
}

#[test]
fn every_number_in_every_lesson_is_the_runs_figure() {
    let mut checked = 0;
    for (name, sc) in all_lessons() {
        let facts = lesson::Facts::of(&sc);
        let oracle = Oracle::of(&sc);
        for (path, t) in sc.lesson.as_ref().unwrap().texts() {
            for (src, got) in t.values(&[("", &facts)]) {
                let got = got.unwrap_or_else(|e| panic!("{name} {path} {{{src}}}: {e}"));
                let want = oracle.value(&src);
                let got = match got {
                    lesson::Num::I(i) => i as f64,
                    lesson::Num::F(f) => f,
                };
                assert!(
                    (got - want).abs() < 1e-9,
                    "{name} {path} {{{src}}}: resolver says {got}, the trace says {want}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} placeholders checked");
}

#[test]
fn the_lessons_state_what_the_issue_asked_for() {
    let s = |n: &str| lesson::show(&preset(n)).unwrap().unwrap();
    // send-modes: 8,000 / 80 / 800 ms, big.
    let figs: Vec<String> = s("send-modes").figures.into_iter().map(|f| f.1).collect();
    assert_eq!(figs, ["8,000 ms", "80 ms", "800 ms"]);
    // poison-message: long enough to watch the deliveries count up at 1x.
    let p = s("poison-message");
    let deliveries: Vec<u64> = p
        .notes
        .iter()
        .filter(|n| n.text.contains("order-2") || n.text.starts_with("Delivery"))
        .map(|n| n.at_ms)
        .collect();
    assert!(p.speed <= 1.0);
    assert!(
        deliveries.windows(2).all(|w| w[1] - w[0] >= 2000),
        "{deliveries:?}"
    );
    // load-levelling: the description's "about eight a second" is what the workers do.
    let l = s("load-levelling");
    assert_eq!(l.figures[0].1, "8");
    assert!(
        preset("load-levelling")
            .description
            .contains("about eight a second")
    );
}

#[test]
fn the_entity_lessons_tell_what_their_runs_show() {
    let s = |n: &str| lesson::show(&entity_lesson(n)).unwrap().unwrap();
    let figures = |sh: &lesson::Shown| -> Vec<(String, String)> { sh.figures.clone() };
    let pair = |l: &str, v: &str| (l.to_string(), v.to_string());
    let at = |sh: &lesson::Shown| -> Vec<u64> { sh.notes.iter().map(|n| n.at_ms).collect() };

    // Fan-out with a filter: o1 to both subscriptions, o2 to audit only.
    let f = s("topic-fan-out");
    assert_eq!(at(&f), [0, 500, 1000, 2000]);
    assert_eq!(
        f.notes[1].text,
        "o1 fans out into 2 copies, one per subscription; o2 matches only audit's rule: 1 copy. \
         Each subscription numbers its own copies: o2 is seq 2 in audit."
    );
    assert_eq!(
        f.notes[2].text,
        "A1 receives 2 messages from audit; B1 receives 1 from billing, o1's other copy. \
         Each copy is locked on its own, by its own receiver."
    );
    assert_eq!(
        figures(&f),
        [pair("copies of o1", "2"), pair("copies of o2", "1")]
    );
    assert_eq!(
        f.summary[1],
        "Completing billing's copy of o1 did nothing to audit's: 2 messages are still in audit, 0 in billing."
    );

    // A poison copy: billing's copy dead-lettered after 3 deliveries, audit's completed at once.
    let p = s("poison-copy");
    assert_eq!(at(&p), [0, 600, 1000, 2100, 3100, 4000]);
    assert_eq!(
        p.notes[4].text,
        "Delivery 3 was billing's last (MaxDeliveryCount 3): the broker moves billing's copy to \
         billing's dead-letter queue."
    );
    assert_eq!(
        p.notes[5].text,
        "billing's dead-letter queue holds 1 message; audit's holds 0. The poison copy never touched audit's."
    );
    assert_eq!(
        figures(&p),
        [
            pair("deliveries of audit's copy", "1"),
            pair("deliveries of billing's copy", "3"),
            pair("in billing's dead-letter queue", "1"),
        ]
    );

    // Request/reply: 1 s waits in each queue, 3 s round trip.
    let r = s("request-reply");
    assert_eq!(at(&r), [0, 1000, 2000, 3000, 3500]);
    assert_eq!(
        r.summary[0],
        "req-1 waited 1 s in requests for the Server; rep-1 waited 1 s in replies for the Client."
    );
    assert_eq!(figures(&r), [pair("seconds from request to reply", "3")]);
    assert_eq!(
        r.notes[4].text,
        "Client completes the reply: 0 messages left in requests, 0 in replies."
    );

    // Competing consumers on one subscription: W1's lock runs out, W2 completes all three.
    let c = s("competing-consumers-subscription");
    assert_eq!(at(&c), [0, 100, 1000, 5100, 6000, 6500, 7000]);
    assert_eq!(
        c.notes[0].text,
        "Shop publishes 3 orders. Each subscription gets its own copy of each: 3 in audit, 3 in work."
    );
    assert_eq!(
        c.notes[3].text,
        "W1 has not settled o1: its lock on work's copy runs out at 5.1 s (work's lock duration is 5 s). \
         The copy is available again."
    );
    assert_eq!(c.notes[4].text, "W2 takes o1: delivery 2.");
    assert_eq!(
        figures(&c),
        [
            pair("completed by W2", "3"),
            pair("completed by W1", "0"),
            pair("copies still in audit", "3"),
        ]
    );
}

#[test]
fn lesson_placeholders_name_entities_and_unknown_ones_are_errors_with_paths() {
    let doc = |lesson: &str| {
        format!(
            r#"{{"settle":1,"entities":{{"orders":{{"type":"topic","subscriptions":{{"a":{{}},"b":{{"max_delivery_count":4}}}}}},"q":{{"type":"queue","lock_duration_ms":5000}}}},
            "script":[{{"at_ms":0,"do":"send","by":"S","to":"orders","id":"m1"}}],"lesson":{lesson}}}"#
        )
    };
    // Settings and final lists of a named entity; every entity's list without a name.
    let sc = parse(&doc(
        r#"{"summary":["{config:max_delivery_count orders/subscriptions/b} {config:lock_duration_ms q|s} {final:main orders/subscriptions/a} {final:main} {count:enqueued entity=orders/subscriptions/b}"],
            "notes":[{"on":{"event":"enqueued","entity":"orders/subscriptions/b"},"text":"b {t:published m1}"}]}"#,
    ))
    .unwrap();
    let shown = lesson::show(&sc).unwrap().unwrap();
    assert_eq!(shown.summary, ["4 5 1 2 1"]);
    assert_eq!(shown.notes[0].text, "b 0");
    // Validation names the text: an entity the document does not declare.
    let e = parse(&doc(
        r#"{"summary":["ok","{final:main orders/subscriptions/zz}"]}"#,
    ))
    .unwrap_err();
    assert_eq!(e.path, "$.lesson.summary[1]");
    assert_eq!(
        e.problem,
        "no queue, topic or subscription named \"orders/subscriptions/zz\""
    );
    let e = parse(r#"{"settle":1,"lesson":{"summary":["{config:lock_duration_ms orders}"]}}"#)
        .unwrap_err();
    assert_eq!(e.path, "$.lesson.summary[0]");
    assert!(e.problem.contains("named \"orders\""), "{e}");
    let e = Template::parse("{final:main a b}", "$.x", &[]).unwrap_err();
    assert!(e.problem.contains("at most one entity"), "{e}");
    // When shown: a setting without its entity, and settings a topic does not have.
    for (text, want) in [
        (
            "{config:lock_duration_ms}",
            "say which entity: the document declares several",
        ),
        (
            "{config:max_delivery_count orders}",
            "\"orders\" is a topic; its subscriptions have the max_delivery_count",
        ),
        (
            "{final:scheduled orders/subscriptions/a}",
            "has no scheduled list in the final record",
        ),
    ] {
        let sc = parse(&doc(&format!(r#"{{"summary":["{text}"]}}"#))).unwrap();
        let e = lesson::show(&sc).unwrap_err();
        assert_eq!(e.path, "$.lesson.summary[0]", "{text}");
        assert!(e.problem.contains(want), "{text}: {e}");
    }
    // Without entities, "queue" names the one queue.
    let sc = parse(
        r#"{"settle":1,"queue":{"max_delivery_count":7},"lesson":{"summary":["{config:max_delivery_count queue} {final:main queue}"]}}"#,
    )
    .unwrap();
    assert_eq!(lesson::show(&sc).unwrap().unwrap().summary, ["7 0"]);
}

// ---------------------------------------------------------------- comparisons

use settle_scenario::compare::{self, COMPARISONS, merge_patch};

fn num(n: lesson::Num) -> f64 {
    match n {
        lesson::Num::I(i) => i as f64,
        lesson::Num::F(f) => f,
    }
}

#[test]
fn every_comparison_states_a_difference_the_runs_confirm() {
    let mut checked = 0;
    for (name, text) in COMPARISONS {
        let c = compare::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!c.title.is_empty() && c.description.len() > 40, "{name}");
        let shown = c.show().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            !c.expect.is_empty(),
            "{name}: the difference is not checked"
        );
        for (text, l, r, ok) in &shown.checks {
            assert!(ok, "{name}: {text} fails ({l} vs {r})");
        }
        let typed: Vec<String> = typed_numbers(&c.difference.literal_text())
            .into_iter()
            .chain(
                c.facts
                    .iter()
                    .flat_map(|f| typed_numbers(&f.value.literal_text())),
            )
            .collect();
        assert!(typed.is_empty(), "{name}: numbers typed in: {typed:?}");
        // Every number of the difference and the facts, read again from each trace.
        let oracles: Vec<Oracle> = c.variants.iter().map(|v| Oracle::of(&v.scenario)).collect();
        let facts: Vec<lesson::Facts> = c
            .variants
            .iter()
            .map(|v| lesson::Facts::of(&v.scenario))
            .collect();
        let keyed: Vec<(&str, &lesson::Facts)> =
            c.variants.iter().map(|v| v.key).zip(&facts).collect();
        for (src, got) in c.difference.values(&keyed) {
            let (key, rest) = src.split_once('.').unwrap();
            let i = c.variants.iter().position(|v| v.key == key).unwrap();
            let got = num(got.unwrap());
            let want = oracles[i].value(rest);
            assert!(
                (got - want).abs() < 1e-9,
                "{name} {{{src}}}: {got} vs the trace's {want}"
            );
            checked += 1;
        }
        for f in &c.facts {
            for (i, x) in facts.iter().enumerate() {
                for (src, got) in f.value.values(&[("", x)]) {
                    let want = oracles[i].value(&src);
                    assert!((num(got.unwrap()) - want).abs() < 1e-9, "{name} {{{src}}}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn the_requested_comparisons_exist() {
    let c = |n: &str| compare::parse(compare::comparison(n).unwrap()).unwrap();
    let modes = |c: &compare::Comparison| -> Vec<String> {
        c.variants
            .iter()
            .map(|v| format!("{:?}", v.scenario.actors))
            .collect()
    };
    // Peek-lock vs receive-and-delete, one crash.
    let pl = c("crash-peek-lock-vs-receive-and-delete");
    assert!(
        modes(&pl)[1].contains("ReceiveAndDelete") && !modes(&pl)[0].contains("ReceiveAndDelete")
    );
    // 30 s vs 5 min lock.
    let locks: Vec<u64> = c("crash-short-vs-long-lock")
        .variants
        .iter()
        .map(|v| v.scenario.queue.lock_duration.as_millis())
        .collect();
    assert_eq!(locks, [30_000, 300_000]);
    // Three-way send modes, otherwise identical.
    let sm = c("send-modes-side-by-side");
    assert_eq!(sm.variants.len(), 3);
    let m = modes(&sm);
    assert!(
        m[0].contains("Sequential") && m[1].contains("Pipelined") && m[2].contains("Throttled")
    );
    // With and without idempotence, otherwise identical.
    let id = c("idempotent-vs-not");
    let m = modes(&id);
    assert!(m[0].contains("idempotent: true") && m[1].contains("idempotent: false"));
    assert_eq!(m[0].replace("idempotent: true", "idempotent: false"), m[1]);
}

#[test]
fn merge_patch_follows_rfc_7386() {
    let j = |s: &str| serde_json::from_str::<Value>(s).unwrap();
    for (target, patch, want) in [
        (r#"{"a":"b"}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"b":"c"}"#, r#"{"a":"b","b":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"a":null}"#, r#"{}"#),
        (r#"{"a":[{"b":"c"}]}"#, r#"{"a":[1]}"#, r#"{"a":[1]}"#),
        (
            r#"{"a":{"b":"c"}}"#,
            r#"{"a":{"b":"d","c":null}}"#,
            r#"{"a":{"b":"d"}}"#,
        ),
        (r#"["a"]"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"e":null}"#, r#"{"a":1}"#, r#"{"e":null,"a":1}"#),
    ] {
        assert_eq!(
            merge_patch(&j(target), &j(patch)),
            j(want),
            "{target} + {patch}"
        );
    }
}

#[test]
fn bad_comparisons_are_rejected_with_json_paths() {
    let ok_variants = r#"[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}]"#;
    let doc = |variants: &str, rest: &str| {
        format!(r#"{{"settle":1,"compare":{{"variants":{variants},"difference":"d"{rest}}}}}"#)
    };
    let cases = [
        (
            doc(r#"[{"label":"x","preset":"abandon"}]"#, ""),
            "$.compare.variants",
            "two to four",
        ),
        (
            doc(
                r#"[{"label":"x","preset":"nope"},{"label":"y","preset":"defer"}]"#,
                "",
            ),
            "$.compare.variants[0].preset",
            "not a preset",
        ),
        (
            doc(r#"[{"label":"x"},{"label":"y","preset":"defer"}]"#, ""),
            "$.compare.variants[0]",
            "no \"scenario\"",
        ),
        (
            doc(
                r#"[{"preset":"abandon"},{"label":"y","preset":"defer"}]"#,
                "",
            ),
            "$.compare.variants[0]",
            "label",
        ),
        (
            doc(
                r#"[{"label":"x","preset":"abandon","patch":{"queue":{"lock_duration_ms":1}}},{"label":"y","preset":"defer"}]"#,
                "",
            ),
            "$.compare.variants[0]",
            "$.queue.lock_duration_ms",
        ),
        (
            doc(
                ok_variants,
                r#","facts":[{"label":"f","value":"{a.count:locked}"}]"#,
            ),
            "$.compare.facts[0].value",
            "unknown placeholder",
        ),
        (
            doc(
                ok_variants,
                r#","expect":["{a.count:locked} < {c.count:locked}"]"#,
            ),
            "$.compare.expect[0]",
            "say which variant",
        ),
        (
            doc(
                ok_variants,
                r#","expect":["{a.count:locked} ~ {b.count:locked}"]"#,
            ),
            "$.compare.expect[0]",
            "OP one of",
        ),
        (
            doc(ok_variants, r#","expect":["{a.count:locked} < 3"]"#),
            "$.compare.expect[0]",
            "not one placeholder",
        ),
        (
            doc(ok_variants, r#","diff":"x""#),
            "$.compare",
            "unknown key \"diff\"",
        ),
        (
            r#"{"settle":1,"title":"a scenario"}"#.to_string(),
            "$",
            "not a comparison",
        ),
    ];
    for (text, path, want) in cases {
        let e = compare::parse(&text).unwrap_err();
        assert_eq!(e.path, path, "{text}: {e}");
        assert!(e.problem.contains(want), "{text}: {e}");
    }
    // The difference must say which variant each number comes from.
    let e =
        compare::parse(&doc(ok_variants, "").replace(r#""d""#, r#""{count:locked}""#)).unwrap_err();
    assert_eq!(e.path, "$.compare.difference");
}

#[test]
fn a_difference_the_runs_contradict_is_reported() {
    let text = r#"{"settle":1,"compare":{"variants":[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}],
      "difference":"{a.count:locked} and {b.count:locked}","expect":["{a.count:locked} > {b.count:locked}"]}}"#;
    let shown = compare::parse(text).unwrap().show().unwrap();
    assert_eq!(shown.difference, "2 and 3");
    assert!(!shown.checks[0].3);
}

#[test]
fn markers_are_the_moments_a_timeline_shows() {
    let facts = lesson::Facts::of(&preset("poison-message"));
    let m = facts.markers();
    let of = |k: &str| m.iter().filter(|x| x.kind == k).count();
    assert_eq!(
        (
            of("enqueued"),
            of("abandoned"),
            of("dead_lettered"),
            of("completed")
        ),
        (4, 3, 1, 3)
    );
    assert!(m.windows(2).all(|w| w[0].t <= w[1].t));
    let dl = m.iter().find(|x| x.kind == "dead_lettered").unwrap();
    assert_eq!((dl.t, dl.id.as_deref()), (10_000, Some("order-2")));
    let f = lesson::Facts::of(&preset("crash-short-lock")).markers();
    assert_eq!(
        f.iter()
            .filter(|x| x.kind == "lock_expired")
            .map(|x| x.t)
            .collect::<Vec<_>>(),
        [31_000]
    );
}
