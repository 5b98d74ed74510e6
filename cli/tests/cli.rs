//! The `settle` binary, run for real: traces, determinism, and malformed input.

mod common;

use common::over_the_trace_budget;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn settle(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("settle runs");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(input);
    child.wait_with_output().expect("settle finishes")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8 output")
}

#[test]
fn run_prints_the_reviewed_golden_traces() {
    for name in ["lock-expiry", "tour"] {
        let out = settle(&["run", &format!("examples/{name}.json")], None);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty());
        let golden = std::fs::read_to_string(root().join(format!("examples/{name}.trace.jsonl")))
            .expect("golden trace");
        assert_eq!(
            text(&out.stdout),
            golden,
            "{name}: trace differs from the reviewed golden file"
        );
    }
}

#[test]
fn the_same_scenario_twice_gives_byte_identical_traces() {
    let a = settle(&["run", "examples/tour.json"], None);
    let b = settle(&["run", "examples/tour.json"], None);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn a_different_seed_changes_only_the_lock_tokens() {
    let doc = std::fs::read_to_string(root().join("examples/tour.json")).unwrap();
    let reseeded = doc.replace("\"seed\": 11", "\"seed\": 12");
    assert_ne!(doc, reseeded);
    let a = text(&settle(&["run", "-"], Some(&doc)).stdout);
    let b = text(&settle(&["run", "-"], Some(&reseeded)).stdout);
    assert_ne!(a, b);
    let strip = |s: &str| {
        s.split("\"lock_token\":\"")
            .map(|part| part.get(36..).unwrap_or(part))
            .collect::<Vec<_>>()
            .join("")
    };
    assert_eq!(strip(&a), strip(&b));
}

#[test]
fn stdin_is_read_with_a_dash() {
    let doc = std::fs::read_to_string(root().join("examples/lock-expiry.json")).unwrap();
    let out = settle(&["run", "-"], Some(&doc));
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        std::fs::read_to_string(root().join("examples/lock-expiry.trace.jsonl")).unwrap()
    );
}

#[test]
fn check_validates_without_running() {
    let out = settle(&["check", "examples/tour.json"], None);
    assert!(out.status.success());
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    // A document may name its JSON Schema for an editor; nothing reads it.
    let named = r#"{"$schema": "./docs/settle.schema.json", "settle": 1}"#;
    let out = settle(&["check", "-"], Some(named));
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Malformed scenarios: exit 4, `error: <json path>: <problem>` on stderr, nothing on stdout.
#[test]
fn malformed_scenarios_are_rejected_with_a_json_path_and_exit_4() {
    let cases: &[(&str, &str)] = &[
        (
            "{",
            "error: $: not valid JSON: EOF while parsing an object at line 1 column 1",
        ),
        ("[]", "error: $: expected an object, found an array"),
        ("{}", "error: $: missing required key \"settle\""),
        (
            r#"{"settle":2}"#,
            "error: $.settle: unsupported format version 2 (this runner reads version 1)",
        ),
        (
            r#"{"settle":1,"sede":3}"#,
            "error: $: unknown key \"sede\" (did you mean \"seed\"?)",
        ),
        (
            r#"{"settle":1,"queue":{"lock_duration_ms":1000}}"#,
            "error: $.queue.lock_duration_ms: 1000 is out of range 5000..=300000",
        ),
        (
            r#"{"settle":1,"queue":{"tier":"gold"}}"#,
            "error: $.queue.tier: \"gold\" is not a tier (basic, standard, premium)",
        ),
        (
            r#"{"settle":1,"queue":{"tier":"basic","requires_session":true}}"#,
            "error: $.queue.requires_session: the basic tier has no sessions",
        ),
        (
            r#"{"settle":1,"queue":{"default_ttl_ms":10}}"#,
            "error: $.queue.default_ttl_ms: must be at least 1000 (or null)",
        ),
        (
            r#"{"settle":1,"script":{}}"#,
            "error: $.script: expected an array, found an object",
        ),
        (
            r#"{"settle":1,"script":[{"do":"send","by":"a"}]}"#,
            "error: $.script[0]: missing required key \"at_ms\"",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":-1,"do":"send","by":"a"}]}"#,
            "error: $.script[0].at_ms: expected a whole number ≥ 0, found -1",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":5,"do":"send","by":"a"},{"at_ms":4,"do":"send","by":"a"}]}"#,
            "error: $.script[1].at_ms: 4 is earlier than the step before it (5); at_ms must not decrease",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"fly","by":"a"}]}"#,
            "error: $.script[0].do: unknown op \"fly\" (one of: send, schedule, cancel_scheduled, receive, receive_deferred, peek, complete, abandon, dead_letter, defer, renew_lock, open, close, accept_session, renew_session_lock, set_session_state, get_session_state, disconnect, update_queue, update_entity, add_rule, remove_rule)",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"send","by":""}]}"#,
            "error: $.script[0].by: a client name is 1 to 64 characters",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"send","by":"a","boddy":"x"}]}"#,
            "error: $.script[0]: unknown key \"boddy\" (did you mean \"body\"?)",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"receive","by":"a","max":0}]}"#,
            "error: $.script[0].max: 0 is out of range 1..=4294967295",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"receive","by":"a","mode":"peek"}]}"#,
            "error: $.script[0].mode: \"peek\" is not a mode (peek_lock, receive_and_delete)",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"complete","by":"a"}]}"#,
            "error: $.script[0]: missing the message: \"msg\" (an id) or \"seq\"",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"complete","by":"a","msg":"m1","seq":1}]}"#,
            "error: $.script[0]: give either \"msg\" or \"seq\", not both",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"schedule","by":"a"}]}"#,
            "error: $.script[0]: missing required key \"scheduled_enqueue_ms\"",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"send","by":"a","properties":{"x":[1]}}]}"#,
            "error: $.script[0].properties.x: a property is a string, number or boolean, found an array",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"receive_deferred","by":"a","seqs":[]}]}"#,
            "error: $.script[0].seqs: must name at least one sequence number",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"update_queue","by":"a","set":{"lock_duration_ms":1}}]}"#,
            "error: $.script[0].set.lock_duration_ms: 1 is out of range 5000..=300000",
        ),
        (
            r#"{"settle":1,"run_until_ms":3,"script":[{"at_ms":5,"do":"send","by":"a"}]}"#,
            "error: $.run_until_ms: 3 is before the last step at 5",
        ),
        (
            r#"{"settle":1,"$schema":1}"#,
            "error: $.$schema: expected a string, found a number",
        ),
        // A time past the limit is said to be past it, however it is written.
        (
            r#"{"settle":1,"run_until_ms":1e30}"#,
            "error: $.run_until_ms: 1e+30 ms is more than 315360000000 ms (10 years), the longest time a scenario may name",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":315360000001,"do":"send","by":"a"}]}"#,
            "error: $.script[0].at_ms: 315360000001 ms is more than 315360000000 ms (10 years)",
        ),
        (
            r#"{"settle":1,"script":[{"at_ms":0,"do":"receive","by":"a","max":1e30}]}"#,
            "error: $.script[0].max: 1e+30 is out of range 1..=4294967295",
        ),
        (
            r#"{"settle":1,"actors":[{"kind":"receiver","name":"R","processing_ms":[0,1e20]}]}"#,
            "error: $.actors[0].processing_ms[1]: 1e+20 ms is more than 315360000000 ms (10 years)",
        ),
        (
            r#"{"settle":1,"actors":[{"kind":"sender","name":"S","max_in_flight":4}]}"#,
            "error: $.actors[0].max_in_flight: only a throttled sender (\"mode\": \"throttled\") has \"max_in_flight\"",
        ),
    ];
    for (doc, want) in cases {
        for cmd in ["run", "check"] {
            let out = settle(&[cmd, "-"], Some(doc));
            assert_eq!(out.status.code(), Some(4), "{cmd} {doc}");
            assert!(out.stdout.is_empty(), "{cmd} {doc}: printed a trace");
            let err = text(&out.stderr);
            assert!(
                err.starts_with(want),
                "{cmd} {doc}\n got: {err}\nwant: {want}"
            );
            assert_eq!(err.lines().count(), 1, "one line: {err}");
        }
    }
}

/// `run` and `check` say why they refuse a scenario in `--lang`; a trace is the same in every
/// language.
#[test]
fn run_and_check_refuse_in_the_language_asked() {
    for (lang, want) in [
        ("cs", "error: $: chybí povinný klíč „settle“"),
        ("ru", "error: $: отсутствует обязательный ключ «settle»"),
        ("zh-Hans", "error: $: 缺少必需的键“settle”"),
        ("en", "error: $: missing required key \"settle\""),
    ] {
        for cmd in ["run", "check"] {
            let out = settle(&[cmd, "--lang", lang, "-"], Some("{}"));
            assert_eq!(out.status.code(), Some(4), "{cmd} {lang}");
            assert_eq!(text(&out.stderr).trim_end(), want, "{cmd} {lang}");
        }
    }
    let english = settle(&["run", "examples/lock-expiry.json"], None);
    let russian = settle(&["run", "--lang", "ru", "examples/lock-expiry.json"], None);
    assert!(english.status.success() && russian.status.success());
    assert_eq!(english.stdout, russian.stdout);
}

#[test]
fn a_missing_file_exits_5_and_bad_usage_2_with_a_message() {
    let out = settle(&["run", "no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(5));
    assert!(text(&out.stderr).starts_with("error: no/such/file.json: cannot read:"));
    let out = settle(&["fly"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: unrecognized subcommand 'fly'\n"),
        "{err}"
    );
    assert!(err.contains("Usage: settle [OPTIONS] <COMMAND>"), "{err}");
}

#[test]
fn a_refused_step_does_not_stop_the_run() {
    // Rule 9: default ids count send and schedule steps (not other steps), failed or not.
    let doc = r#"{"settle":1,"queue":{"max_size_bytes":3},"script":[
        {"at_ms":0,"do":"send","by":"S","body":"too big"},
        {"at_ms":0,"do":"complete","by":"R","msg":"ghost"},
        {"at_ms":1,"do":"send","by":"S"}]}"#;
    let out = settle(&["run", "-"], Some(doc));
    assert!(out.status.success());
    let t = text(&out.stdout);
    let lines: Vec<&str> = t.lines().collect();
    assert!(
        lines[0].contains(r#""ok":false,"error":"QuotaExceeded""#),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains(r#""ok":false,"error":"InvalidOperation","message":"R never received a message with id 'ghost'."#), "{}", lines[1]);
    assert!(
        lines[2].contains(r#""do":"send","by":"S","ok":true"#),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains(r#""event":"enqueued","seq":1,"id":"m2""#),
        "{}",
        lines[3]
    );
}

#[test]
fn export_writes_the_core_program_for_each_language_and_refuses_bad_arguments() {
    use settle_export::sdk::{Lang, export};
    let sc = settle_scenario::parse(
        &std::fs::read_to_string(root().join("examples/lock-expiry.json")).expect("example"),
    )
    .expect("valid");
    for (arg, lang) in [("python", Lang::Python), ("ts", Lang::TypeScript)] {
        let out = settle(
            &["export", "--lang", arg, "examples/lock-expiry.json"],
            None,
        );
        assert!(out.status.success(), "{arg}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), export(&sc, lang).expect("exports"));
    }
    let out = settle(&["export", "--lang=typescript", "preset:abandon"], None);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("@azure/service-bus"));
    for (args, says) in [
        (
            &["export", "--lang", "rust", "preset:abandon"][..],
            "unknown language 'rust'",
        ),
        (
            &["export", "preset:abandon"][..],
            "the following required arguments were not provided:\n  --lang <LANG>\n",
        ),
        (
            &["export", "--lang", "python"][..],
            "the following required arguments were not provided:\n  <FILE>\n",
        ),
        (&["export", "--lang", "python", "preset:nope"][..], "nope"),
    ] {
        let out = settle(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn lesson_prints_captions_at_their_times_and_the_summary() {
    let out = settle(&["lesson", "preset:poison-message"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("0:02.500  Handler takes order-2 (delivery 1)."),
        "{s}"
    );
    assert!(
        s.contains("0:07.500  Delivery 3 of 3: the last attempt allowed.  [pause]"),
        "{s}"
    );
    assert!(
        s.contains("What you saw\n  - order-2 was delivered 3 times"),
        "{s}"
    );
    // A scenario without a lesson, and a lesson the run cannot answer.
    let out = settle(&["lesson", "-"], Some(r#"{"settle":1}"#));
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).contains("has no lesson"));
    let doc = r#"{"settle":1,"lesson":{"summary":["{t:completed m1}"]}}"#;
    let out = settle(&["lesson", "-"], Some(doc));
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        text(&out.stderr),
        "error: $.lesson.summary[0]: {t:completed m1}: the run has 0 matching records\n"
    );
    // `check` validates placeholders too.
    let doc = r#"{"settle":1,"lesson":{"summary":["{t:complet m1}"]}}"#;
    let out = settle(&["check", "-"], Some(doc));
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).starts_with("error: $.lesson.summary[0]: {t:complet m1}"));
}

#[test]
fn compare_prints_both_sides_and_checks_the_difference() {
    let out = settle(&["compare", "preset:send-modes-side-by-side"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let row: Vec<&str> = s
        .lines()
        .find(|l| l.starts_with("all answers back after"))
        .unwrap()
        .split_whitespace()
        .skip(4)
        .collect();
    assert_eq!(row, ["8,000", "ms", "80", "ms", "800", "ms"], "{s}");
    assert!(
        s.contains("Difference: The same 100 messages took 8,000 ms"),
        "{s}"
    );
    assert_eq!(s.matches("  holds: ").count(), 4, "{s}");
    let out = settle(&["presets"], None);
    assert!(text(&out.stdout).contains("crash-short-vs-long-lock"));
    // A stated difference the runs contradict fails with exit 1.
    let doc = r#"{"settle":1,"compare":{"variants":[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}],
      "difference":"{a.count:locked} vs {b.count:locked}","expect":["{a.count:locked} > {b.count:locked}"]}}"#;
    let out = settle(&["compare", "-"], Some(doc));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("FAILS: {a.count:locked} > {b.count:locked}  (2 vs 3)"));
    let out = settle(&["compare", "preset:nope"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `settle args...` on `doc` (a file in a fresh temp dir), stdout discarded.
fn settle_quiet(args: &[&str], doc: &str) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("settle-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.json", args.join("-").replace(' ', "")));
    std::fs::write(&file, doc).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .arg(&file)
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("settle runs");
    let _ = std::fs::remove_file(&file);
    (out.status.code(), text(&out.stderr))
}

#[test]
fn render_and_export_stop_over_the_work_budget_exactly_as_run_does() {
    let doc = over_the_trace_budget();
    let (code, run_err) = settle_quiet(&["run"], &doc);
    assert_eq!(code, Some(3), "{run_err}");
    assert!(
        run_err.starts_with("error: work budget exceeded: the trace bytes budget"),
        "{run_err}"
    );
    for args in [
        &["render", "--svg"][..],
        &["render", "--svg", "--animate"],
        &["export", "--lang", "python"],
    ] {
        let (code, err) = settle_quiet(args, &doc);
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert_eq!(err, run_err, "{args:?}: not the message of settle run");
    }
    // Within the budget the same shape renders (exit 0).
    let small = doc.replacen(&"x".repeat(1_000_000), "x", 1);
    let (code, err) = settle_quiet(&["render", "--svg"], &small);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn run_prints_the_reviewed_golden_traces_of_documents_with_entities() {
    for name in [
        "topic-fan-out",
        "request-reply",
        "poison-copy",
        "competing-consumers-subscription",
    ] {
        let file = format!("examples/entities/{name}.json");
        let out = settle(&["run", &file], None);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty());
        let golden =
            std::fs::read_to_string(root().join(format!("examples/entities/{name}.trace.jsonl")))
                .expect("golden trace");
        assert_eq!(
            text(&out.stdout),
            golden,
            "{name}: trace differs from the reviewed golden file"
        );
        assert!(settle(&["check", &file], None).status.success());
    }
}

#[test]
fn lesson_tells_every_entity_lesson() {
    let out = settle(&["lesson", "examples/entities/poison-copy.json"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "A poison copy dead-letters in one subscription while the other completes its own
speed 0.5x

  0:00.000  Shop publishes order-7 to the topic orders: 2 copies, one in audit and one in billing, each with its own lock and delivery count.  [pause]
  0:00.600  Audit completes its copy at 0.6 s. Only audit's copy is gone: billing's still waits.  [pause]
  0:01.000  Billing takes its copy (delivery 1); its handler throws on the body and abandons it.
  0:02.100  Delivery 2 of 3: abandoned again.
  0:03.100  Delivery 3 was billing's last (MaxDeliveryCount 3): the broker moves billing's copy to billing's dead-letter queue.  [pause]
  0:04.000  billing's dead-letter queue holds 1 message; audit's holds 0. The poison copy never touched audit's.

What you saw
  - audit completed its copy at 0.6 s, on its first delivery, before billing's trouble began.
  - billing's copy was delivered 3 times, abandoned each time, and dead-lettered at 3.1 s (MaxDeliveryCountExceeded) in billing's dead-letter queue alone.
             1  deliveries of audit's copy
             3  deliveries of billing's copy
             1  in billing's dead-letter queue
"
    );
    for name in [
        "topic-fan-out",
        "request-reply",
        "competing-consumers-subscription",
    ] {
        let out = settle(&["lesson", &format!("examples/entities/{name}.json")], None);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("What you saw"), "{name}");
    }
}

#[test]
fn render_draws_documents_with_entities() {
    for name in [
        "topic-fan-out",
        "poison-copy",
        "request-reply",
        "competing-consumers-subscription",
    ] {
        let file = format!("examples/entities/{name}.json");
        for args in [
            &["render", &file, "--svg"][..],
            &["render", &file, "--svg", "--animate"],
        ] {
            let out = settle(args, None);
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
            let svg = text(&out.stdout);
            assert!(svg.starts_with("<svg "), "{args:?}");
            assert!(
                svg.contains(">Topic orders<") || svg.contains(">Queue requests<"),
                "{args:?}"
            );
        }
    }
    let out = settle(
        &["render", "examples/entities/topic-fan-out.json", "--svg"],
        None,
    );
    assert_eq!(
        text(&out.stdout),
        std::fs::read_to_string(root().join("docs/topic-fan-out.svg")).unwrap()
    );
}

#[test]
fn entity_documents_are_validated_with_json_paths_and_exported() {
    let bad = r#"{"settle": 1, "queue": {}, "entities": {"q": {"type": "queue"}}}"#;
    for cmd in ["run", "check"] {
        let out = settle(&[cmd, "-"], Some(bad));
        assert_eq!(out.status.code(), Some(4));
        assert!(out.stdout.is_empty());
        assert_eq!(
            text(&out.stderr),
            "error: $.entities: not allowed together with $.queue\n"
        );
    }
    let receive_on_topic = r#"{"settle": 1, "entities": {"orders": {"type": "topic"}},
        "script": [{"at_ms": 0, "do": "receive", "by": "R", "from": "orders"}]}"#;
    let out = settle(&["run", "-"], Some(receive_on_topic));
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        text(&out.stderr),
        "error: $.script[0].from: \"orders\" is a topic; receive from \"orders/subscriptions/<name>\"\n"
    );
    // Export writes a program for the entities (what it says is tested in the core).
    for lang in ["python", "typescript"] {
        let out = settle(
            &[
                "export",
                "--lang",
                lang,
                "examples/entities/topic-fan-out.json",
            ],
            None,
        );
        assert!(out.status.success(), "{lang}: {}", text(&out.stderr));
        let program = text(&out.stdout);
        assert!(program.contains("SETTLE_ENTITY_PREFIX"), "{lang}");
        assert!(program.contains("--create-entities"), "{lang}");
    }
}

#[test]
fn lang_chooses_the_language_of_lessons_comparisons_and_stories() {
    let ru = settle(&["lesson", "preset:poison-message", "--lang", "ru"], None);
    assert_eq!(ru.status.code(), Some(0), "{}", text(&ru.stderr));
    let out = text(&ru.stdout);
    assert!(
        out.starts_with(
            "Подозрительное сообщение попадает в очередь недоставленных сообщений\nскорость 1×\n"
        ),
        "{out}"
    );
    assert!(out.contains("S1 отправляет 4 заказа"), "{out}");
    // A copy of a built-in lesson, read from standard input, is told in the same words.
    let copy = settle_scenario::presets::preset("abandon").unwrap();
    let cs = settle(&["lesson", "--lang=cs", "-"], Some(copy));
    assert!(
        text(&cs.stdout).contains("Co jste viděli"),
        "{}",
        text(&cs.stdout)
    );
    let zh = settle(
        &[
            "compare",
            "preset:crash-short-vs-long-lock",
            "--lang",
            "zh-CN",
        ],
        None,
    );
    assert!(text(&zh.stdout).contains("差异："), "{}", text(&zh.stdout));
    let svg = settle(
        &["render", "--svg", "preset:lock-expiry", "--lang", "ru"],
        None,
    );
    let svg = text(&svg.stdout);
    assert!(
        svg.contains("xml:lang=\"ru\"") && svg.contains("Недоставленные"),
        "{svg}"
    );
    // A refused document is refused in the language, the problem within the problem too.
    let unplaced = r#"{"settle":1,"lesson":{"summary":["{t:completed m1}"]}}"#;
    let ru = settle(&["lesson", "--lang", "ru", "-"], Some(unplaced));
    assert_eq!(ru.status.code(), Some(4));
    assert_eq!(
        text(&ru.stderr).trim_end(),
        "error: $.lesson.summary[0]: заполнитель {t:completed m1}: в прогоне 0 подходящих записей"
    );
    let cs = settle(&["compare", "--lang", "cs", "-"], Some(r#"{"settle":1,"#));
    assert_eq!(
        text(&cs.stderr).trim_end(),
        "error: $: není to JSON: text skončil, chybí hodnota na řádku 1, ve sloupci 12"
    );
    // English stays the default; an unknown language is refused.
    let en = settle(&["lesson", "preset:poison-message"], None);
    assert!(text(&en.stdout).contains("speed 1x"));
    let bad = settle(&["lesson", "preset:poison-message", "--lang", "de"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("--lang de: not a language Settle speaks"));
}

/// `settle sweep`'s rows as (values, throughput, p95) of its CSV.
fn sweep_rows(csv: &str) -> Vec<(Vec<u64>, f64, Option<u64>)> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (tp, p95) = (at("throughput_per_s"), at("latency_p95_ms"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let values = f[..tp]
                .iter()
                .map(|v| v.parse().expect("a value"))
                .collect();
            (
                values,
                f[tp].parse().expect("a throughput"),
                f[p95].parse().ok(),
            )
        })
        .collect()
}

#[test]
fn sweep_prints_the_reviewed_golden_csv() {
    let out = settle(
        &[
            "sweep",
            "preset:load-levelling",
            "--vary",
            "receivers=1..6",
            "--seeds",
            "2",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let golden =
        std::fs::read_to_string(root().join("examples/sweeps/load-levelling-receivers.csv"))
            .expect("golden CSV");
    assert_eq!(text(&out.stdout), golden);
}

#[test]
fn a_sweep_gives_the_same_bytes_each_time_in_each_format() {
    for format in ["csv", "json", "svg"] {
        let args = [
            "--format",
            format,
            "sweep",
            "preset:load-levelling",
            "--vary",
            "receivers=1..4",
            "--vary",
            "prefetch=0..10:10",
            "--seeds",
            "2",
        ];
        let (a, b) = (settle(&args, None), settle(&args, None));
        assert!(a.status.success(), "{format}: {}", text(&a.stderr));
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{format}");
    }
}

#[test]
fn sweep_load_levelling_more_receivers_never_lower_throughput_and_lower_the_p95() {
    let out = settle(
        &["sweep", "preset:load-levelling", "--vary", "receivers=1..6"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = sweep_rows(&text(&out.stdout));
    assert_eq!(
        rows.iter().map(|r| r.0[0]).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    for w in rows.windows(2) {
        assert!(w[1].1 >= w[0].1, "throughput fell: {w:?}");
        assert!(w[1].2 < w[0].2, "the p95 did not fall: {w:?}");
    }
}

#[test]
fn sweep_refuses_bad_ranges_clearly() {
    let refused = |vary: &[&str], code: i32, said: &str| {
        let mut args = vec!["sweep", "preset:load-levelling"];
        for v in vary {
            args.extend(["--vary", v]);
        }
        let out = settle(&args, None);
        assert_eq!(out.status.code(), Some(code), "{vary:?}");
        assert!(out.stdout.is_empty(), "{vary:?}");
        let err = text(&out.stderr);
        assert!(err.contains(said), "{vary:?}: {err}");
    };
    refused(
        &["consumers=1..8"],
        2,
        "error: --vary consumers=1..8: unknown parameter \"consumers\"; one of receivers,",
    );
    refused(&["receivers=8..1"], 2, "the range is empty (8 is above 1)");
    refused(&["receivers=1..8:0"], 2, "the step must be at least 1");
    refused(
        &["processing_ms=1..2001"],
        2,
        "2001 points: a sweep has at most 2000",
    );
    refused(&["receivers=1..50", "prefetch=0..40"], 2, "2050 points");
    refused(
        &["receivers=1..2", "receivers=3"],
        2,
        "--vary receivers is given twice",
    );
    // A value the format refuses: the point, then the refusal as `settle check` words it.
    refused(
        &["lock_ms=1000"],
        4,
        "error: lock_ms=1000: $.queue.lock_duration_ms: 1000 is out of range 5000..=300000",
    );
    // No --vary at all is clap's usage error.
    let out = settle(&["sweep", "preset:load-levelling"], None);
    assert_eq!(out.status.code(), Some(2));
    // An SVG of three parameters is refused before anything runs; csv and svg are sweep's.
    let out = settle(
        &[
            "--format",
            "svg",
            "sweep",
            "preset:load-levelling",
            "--vary",
            "receivers=1",
            "--vary",
            "prefetch=1",
            "--vary",
            "lock_ms=9000",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("an SVG draws one or two varied parameters, not 3"));
    let out = settle(&["--format", "csv", "run", "preset:load-levelling"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // In JSON, the error is one object.
    let out = settle(
        &[
            "--format",
            "json",
            "sweep",
            "preset:load-levelling",
            "--vary",
            "receivers=3..1",
        ],
        None,
    );
    let err: serde_json::Value = serde_json::from_slice(&out.stderr).expect("a JSON error");
    assert_eq!(err["kind"], "usage");
}

#[test]
fn sweep_json_and_svg_carry_the_same_figures_as_the_csv() {
    let args = |f: &'static str| {
        [
            "--format",
            f,
            "sweep",
            "preset:lock-too-short",
            "--vary",
            "lock_ms=5000..60000:5000",
        ]
    };
    let csv = text(&settle(&args("csv"), None).stdout);
    let json: serde_json::Value =
        serde_json::from_slice(&settle(&args("json"), None).stdout).expect("JSON");
    let rows = sweep_rows(&csv);
    assert_eq!(json["rows"].as_array().expect("rows").len(), rows.len());
    for (r, j) in rows.iter().zip(json["rows"].as_array().unwrap()) {
        assert_eq!(j["lock_ms"], r.0[0]);
        assert_eq!(j["throughput_per_s"].as_f64(), Some(r.1));
        assert_eq!(j["latency_p95_ms"].as_u64(), r.2);
    }
    // A short lock under long work: locks expire and messages are dead-lettered until the lock
    // outlasts the work.
    assert!(
        csv.lines().nth(1).unwrap().split(',').nth(4).unwrap() != "0",
        "{csv}"
    );
    assert!(csv.lines().last().unwrap().contains(",0,0,"), "{csv}");
    let svg = text(&settle(&args("svg"), None).stdout);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("lock duration (ms)"), "the axis is labelled");
    // A point for each row in three series, and for each row with completions in two more
    // (the median and the 95th percentile); no point where there is no value.
    let timed = rows.iter().filter(|r| r.2.is_some()).count();
    assert!(timed > 0 && timed < rows.len());
    assert_eq!(
        svg.matches("<title>lock duration (ms) = ").count(),
        rows.len() * 3 + timed * 2
    );
}
