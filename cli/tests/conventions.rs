//! The command line's conventions (docs/cli.md): help and version, usage errors, one exit
//! status per kind of failure, `--`, `-o FILE` written whole or not at all, and no panic on a
//! closed pipe or a full disk.

mod common;

use common::over_the_trace_budget;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn settle_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("settle runs");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(text) = stdin {
        // A command that fails before reading its input closes it: that is no error here.
        if let Err(e) = input.write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
        }
    }
    drop(input);
    child.wait_with_output().expect("settle finishes")
}

fn settle(args: &[&str], stdin: Option<&str>) -> Output {
    settle_in(&root(), args, stdin)
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8 output")
}

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("settle-conv-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names of the files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const SUBCOMMANDS: [&str; 9] = [
    "run", "check", "render", "export", "lesson", "compare", "presets", "preset", "embed",
];

#[test]
fn every_subcommand_has_help_and_the_program_a_version() {
    for sub in SUBCOMMANDS {
        for args in [&[sub, "--help"][..], &[sub, "-h"], &["help", sub]] {
            let out = settle(args, None);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&out.stderr)
            );
            assert!(out.stderr.is_empty(), "{args:?}");
            let help = text(&out.stdout);
            assert!(
                help.contains(&format!("Usage: settle {sub}")),
                "{args:?}: {help}"
            );
        }
    }
    let out = settle(&["--help"], None);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for sub in SUBCOMMANDS {
        assert!(help.contains(&format!("\n  {sub} ")), "{sub}: {help}");
    }
    // The exit statuses are documented where `settle --help` ends.
    for line in [
        "  1  a check failed",
        "  2  bad usage",
        "  3  the run exceeded the work budget",
        "  4  invalid scenario",
        "  5  input or output failed",
    ] {
        assert!(help.contains(line), "{line}: {help}");
    }
    for flag in ["--version", "-V"] {
        let out = settle(&[flag], None);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout),
            format!("settle {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn unknown_commands_flags_and_missing_arguments_exit_2_with_an_error_line() {
    for (args, says) in [
        (&["fly"][..], "error: unrecognized subcommand 'fly'"),
        (
            &["run", "--fast", "x.json"],
            "error: unexpected argument '--fast'",
        ),
        (&["--fast"], "error: unexpected argument '--fast'"),
        (
            &["run"],
            "error: the following required arguments were not provided:",
        ),
        (
            &["render", "preset:abandon"],
            "error: the following required arguments were not provided:",
        ),
        (
            &["run", "a.json", "b.json"],
            "error: unexpected argument 'b.json'",
        ),
        (
            &["check", "-o", "x", "a.json"],
            "error: unexpected argument '-o'",
        ),
        (
            &["preset", "nope"],
            "error: nope: no such preset (see `settle presets`)",
        ),
        (
            &["run", "preset:nope"],
            "error: preset:nope: no such preset (see `settle presets`)",
        ),
        (
            &["run", "comparison:idempotent-vs-not"],
            "error: comparison:idempotent-vs-not: a comparison is read by `settle compare",
        ),
        (
            &["compare", "comparison:nope"],
            "error: comparison:nope: no such comparison",
        ),
    ] {
        let out = settle(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with(says), "{args:?}: {err}");
        assert!(err.contains("\nUsage: settle"), "{args:?}: {err}");
    }
    // No command at all: the help, on standard error, exit 2.
    let out = settle(&[], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("Usage: settle [OPTIONS] <COMMAND>"));
}

#[test]
fn each_exit_status_has_its_cause() {
    let dir = scratch("codes");
    let contradicted = r#"{"settle":1,"compare":{"variants":[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}],
      "difference":"{a.count:locked} vs {b.count:locked}","expect":["{a.count:locked} > {b.count:locked}"]}}"#;
    for (args, stdin, code, says) in [
        (&["check", "preset:abandon"][..], None, 0, ""),
        (&["compare", "-"], Some(contradicted), 1, "error: "),
        (
            &["lesson", "--speed", "2", "-"],
            None,
            2,
            "error: unexpected argument",
        ),
        (
            &["check", "-"],
            Some("{}"),
            4,
            "error: $: missing required key",
        ),
        (
            &["run", "no-such-file.json"],
            None,
            5,
            "error: no-such-file.json: cannot read:",
        ),
        (
            &["preset", "abandon", "-o", "no/such/dir/x.json"],
            None,
            5,
            "error: no/such/dir/x.json: cannot write:",
        ),
    ] {
        let out = settle_in(&dir, args, stdin);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        assert!(err.starts_with(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // Exit 3 (the work budget), with `-o`: no file is left, not even a part of the trace.
    std::fs::write(dir.join("huge.json"), over_the_trace_budget()).unwrap();
    let out = settle_in(&dir, &["run", "huge.json", "-o", "trace.jsonl"], None);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stderr).starts_with("error: work budget exceeded:"));
    assert_eq!(listing(&dir), ["huge.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_to_a_file_is_written_whole_or_not_at_all() {
    let dir = scratch("output");
    // Success: the file holds exactly what standard output would.
    for args in [
        &["run", "preset:abandon"][..],
        &["render", "--svg", "preset:abandon"],
        &["export", "--lang", "python", "preset:abandon"],
        &["lesson", "preset:poison-message"],
        &["compare", "comparison:idempotent-vs-not"],
        &["preset", "abandon"],
    ] {
        let printed = settle(args, None);
        assert!(printed.status.success(), "{args:?}");
        for flag in ["-o", "--output"] {
            let mut with_o = args.to_vec();
            with_o.extend([flag, "out.txt"]);
            let out = settle_in(&dir, &with_o, None);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{with_o:?}: {}",
                text(&out.stderr)
            );
            assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{with_o:?}");
            assert_eq!(std::fs::read(dir.join("out.txt")).unwrap(), printed.stdout);
            assert_eq!(
                listing(&dir),
                ["out.txt"],
                "{with_o:?}: a temporary file is left"
            );
            std::fs::remove_file(dir.join("out.txt")).unwrap();
        }
    }
    // `--output=FILE` and `-o -` (standard output) too.
    let out = settle_in(&dir, &["preset", "--output=p.json", "abandon"], None);
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(dir.join("p.json"))
            .unwrap()
            .contains("\"settle\"")
    );
    let out = settle_in(&dir, &["preset", "abandon", "-o", "-"], None);
    assert!(text(&out.stdout).contains("\"settle\""));
    std::fs::remove_file(dir.join("p.json")).unwrap();
    // Failure: no file, no temporary file, and a file already there is left as it was.
    for (args, code) in [
        (&["run", "-", "-o", "out.txt"][..], 4),
        (&["render", "--svg", "-", "-o", "out.txt"], 4),
        (&["export", "--lang", "ts", "-", "-o", "out.txt"], 4),
        (&["lesson", "-", "-o", "out.txt"], 4),
        (&["run", "missing.json", "-o", "out.txt"], 5),
    ] {
        let out = settle_in(&dir, args, Some(r#"{"settle":1,"sede":3}"#));
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(listing(&dir).is_empty(), "{args:?}: {:?}", listing(&dir));
        std::fs::write(dir.join("out.txt"), "before").unwrap();
        let out = settle_in(&dir, args, Some(r#"{"settle":1,"sede":3}"#));
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert_eq!(
            std::fs::read_to_string(dir.join("out.txt")).unwrap(),
            "before"
        );
        assert_eq!(listing(&dir), ["out.txt"], "{args:?}");
        std::fs::remove_file(dir.join("out.txt")).unwrap();
    }
    // A comparison the runs contradict is still written (the answer is the table), exit 1.
    let contradicted = r#"{"settle":1,"compare":{"variants":[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}],
      "difference":"{a.count:locked} vs {b.count:locked}","expect":["{a.count:locked} > {b.count:locked}"]}}"#;
    let out = settle_in(&dir, &["compare", "-", "-o", "c.txt"], Some(contradicted));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        std::fs::read_to_string(dir.join("c.txt"))
            .unwrap()
            .contains("FAILS: ")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_double_dash_ends_the_options() {
    let dir = scratch("dashdash");
    std::fs::write(
        dir.join("-odd.json"),
        settle_scenario::presets::preset("abandon").unwrap(),
    )
    .unwrap();
    let out = settle_in(&dir, &["check", "--", "-odd.json"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = settle_in(&dir, &["check", "-odd.json"], None);
    assert_eq!(
        out.status.code(),
        Some(2),
        "without --, -odd.json is a flag"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `settle args` with its standard output a pipe nobody reads: the reading end is closed
/// before it starts, so its first write fails with a broken pipe.
fn into_a_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("settle runs")
}

/// `settle args… | head -1`: the first line settle writes, and how settle ended once its reader
/// left.
fn first_line_then_leave(args: &[&str]) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("settle runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (first, child.wait_with_output().unwrap())
}

#[test]
fn a_closed_pipe_ends_the_command_quietly_with_exit_0() {
    for args in [
        &["presets"][..],
        &["preset", "abandon"],
        &["run", "preset:load-levelling"],
        &["render", "--svg", "preset:abandon"],
        &["lesson", "preset:poison-message"],
        &["compare", "comparison:idempotent-vs-not"],
        &["export", "--lang", "python", "preset:abandon"],
        &["--help"],
    ] {
        let out = into_a_closed_pipe(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
    // `settle run preset:load-levelling | head -1`: the trace (155 KB) is more than the pipe
    // holds, so the reader leaves while settle is still writing.
    let (first, out) = first_line_then_leave(&["run", "preset:load-levelling"]);
    assert!(first.starts_with('{'), "{first}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    // `settle presets | head -1`.
    let (first, out) = first_line_then_leave(&["presets"]);
    assert!(first.starts_with("send-settlement "), "{first}");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_output_error_exit_5_not_a_panic() {
    for args in [
        &["presets"][..],
        &["preset", "abandon"],
        &["run", "preset:abandon"],
        &["render", "--svg", "preset:abandon"],
        &["lesson", "preset:poison-message"],
        &["--help"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_settle"))
            .args(args)
            .current_dir(root())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("settle runs");
        assert_eq!(
            out.status.code(),
            Some(5),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(
            text(&out.stderr),
            "error: writing the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

fn json(b: &[u8]) -> serde_json::Value {
    serde_json::from_slice(b).unwrap_or_else(|e| panic!("{e}: {}", text(b)))
}

#[test]
fn format_json_prints_presets_lessons_comparisons_and_errors_as_json() {
    let out = settle(&["presets", "--format", "json"], None);
    assert!(out.status.success());
    let v = json(&out.stdout);
    let names: Vec<&str> = v["presets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let want: Vec<&str> = settle_scenario::presets::PRESETS
        .iter()
        .map(|p| p.0)
        .collect();
    assert_eq!(names, want);
    assert_eq!(
        v["presets"][0]["title"],
        "Send settlement: accepted or rejected"
    );
    assert_eq!(
        v["comparisons"].as_array().unwrap().len(),
        settle_scenario::compare::COMPARISONS.len()
    );
    assert!(v["comparisons"][0]["title"].as_str().unwrap().len() > 10);

    // The lesson: the same captions, times and figures the text shows.
    let out = settle(
        &["--format", "json", "lesson", "preset:poison-message"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!(v["title"], "A poison message goes to the dead-letter queue");
    assert_eq!(v["speed"], 1.0);
    let notes = v["notes"].as_array().unwrap();
    assert!(notes.iter().any(|n| {
        n["at_ms"] == 2500
            && n["text"]
                .as_str()
                .unwrap()
                .starts_with("Handler takes order-2 (delivery 1).")
            && n["pause"] == true
    }));
    assert!(
        notes
            .iter()
            .any(|n| n["at_ms"] == 7500 && n["pause"] == true)
    );
    assert!(
        v["summary"][0]
            .as_str()
            .unwrap()
            .starts_with("order-2 was delivered 3 times")
    );
    // In Russian, as the text would be.
    let out = settle(
        &[
            "lesson",
            "preset:poison-message",
            "--lang",
            "ru",
            "--format=json",
        ],
        None,
    );
    assert!(
        json(&out.stdout)["title"]
            .as_str()
            .unwrap()
            .starts_with("Подозрительное сообщение")
    );

    // The comparison: labels, rows, the difference and each check.
    let out = settle(
        &[
            "compare",
            "comparison:send-modes-side-by-side",
            "--format",
            "json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!(v["labels"].as_array().unwrap().len(), 3);
    let row = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["label"] == "all answers back after")
        .unwrap();
    assert_eq!(
        row["values"],
        serde_json::json!(["8,000 ms", "80 ms", "800 ms"])
    );
    assert!(
        v["difference"]
            .as_str()
            .unwrap()
            .starts_with("The same 100 messages took 8,000 ms")
    );
    assert_eq!(v["checks"].as_array().unwrap().len(), 4);
    assert_eq!(v["all_hold"], true);
    let contradicted = r#"{"settle":1,"compare":{"variants":[{"label":"x","preset":"abandon"},{"label":"y","preset":"defer"}],
      "difference":"{a.count:locked} vs {b.count:locked}","expect":["{a.count:locked} > {b.count:locked}"]}}"#;
    let out = settle(&["compare", "-", "--format", "json"], Some(contradicted));
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out.stdout);
    assert_eq!(v["all_hold"], false);
    assert_eq!(
        v["checks"][0],
        serde_json::json!({"text": "{a.count:locked} > {b.count:locked}", "left": "2", "right": "3", "holds": false})
    );
    let e = json(&out.stderr);
    assert_eq!(
        (&e["kind"], &e["exit_code"]),
        (&"check_failed".into(), &1.into())
    );

    // Errors: one JSON object on standard error, its exit code the status.
    for (args, stdin, kind, code, message) in [
        (
            &["--format", "json", "fly"][..],
            None,
            "usage",
            2,
            "unrecognized subcommand 'fly'",
        ),
        (
            &["run", "--format=json", "--fast", "x"],
            None,
            "usage",
            2,
            "unexpected argument '--fast' found",
        ),
        (
            &["preset", "nope", "--format", "json"],
            None,
            "usage",
            2,
            "nope: no such preset (see `settle presets`)",
        ),
        (
            &["check", "-", "--format", "json"],
            Some("{}"),
            "invalid_scenario",
            4,
            "$: missing required key \"settle\"",
        ),
        (
            &["run", "--format", "json", "no/such.json"],
            None,
            "io",
            5,
            "no/such.json: cannot read: ",
        ),
    ] {
        let out = settle(args, stdin);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{args:?}");
        let e = json(&out.stderr);
        assert_eq!(e["kind"], kind, "{args:?}");
        assert_eq!(e["exit_code"], code, "{args:?}");
        assert!(
            e["message"].as_str().unwrap().starts_with(message),
            "{args:?}: {e}"
        );
    }
}

#[test]
fn completions_and_man_pages_are_generated_for_every_command() {
    let all = [&SUBCOMMANDS[..], &["completions", "man", "help"]].concat();
    // How each shell's script offers a command.
    type Offer = fn(&str) -> String;
    let offers: [(&str, Offer); 5] = [
        ("bash", |sub| format!("settle,{sub})")),
        ("zsh", |sub| format!("\n'{sub}:")),
        ("fish", |sub| format!("-a \"{sub}\"")),
        ("elvish", |sub| format!("cand {sub} '")),
        ("powershell", |sub| format!("'settle;{sub}'")),
    ];
    for (shell, offer) in offers {
        let out = settle(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for sub in &all {
            assert!(script.contains(&offer(sub)), "{shell}: no {sub}\n{script}");
        }
        assert!(script.contains("output"), "{shell}: no --output");
    }
    let out = settle(&["completions", "tcsh"], None);
    assert_eq!(out.status.code(), Some(2));

    let out = settle(&["man"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(
        page.contains(&format!(
            ".TH settle 1  \"settle {}\"",
            env!("CARGO_PKG_VERSION")
        )),
        "{page}"
    );
    for sub in &all {
        assert!(
            page.contains(&format!("settle\\-{sub}(1)")),
            "settle(1): no {sub}"
        );
    }
    // The exit statuses are in the page too.
    assert!(page.contains("4  invalid scenario"), "{page}");
    for sub in &all {
        let out = settle(&["man", sub], None);
        assert_eq!(out.status.code(), Some(0), "{sub}: {}", text(&out.stderr));
        let page = text(&out.stdout);
        assert!(
            page.contains(&format!(".TH settle-{sub} 1")),
            "{sub}: {page}"
        );
        assert!(
            page.contains(&format!("\\fBsettle {sub}\\fR")),
            "{sub}: {page}"
        );
    }
    let out = settle(&["man", "fly"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: fly: not a command of settle"));
    // Written to a file with -o, as other output is.
    let dir = scratch("man");
    let out = settle_in(&dir, &["man", "-o", "settle.1"], None);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("settle.1")).unwrap(),
        page_of_settle()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn page_of_settle() -> String {
    text(&settle(&["man"], None).stdout)
}
