//! The SDK export (`settle export`): every preset and example exports in both languages,
//! deterministically, with every script step performed and checked, every actor's summary and
//! the end state checked; a huge run exports in part and says so. (That the programs type-check
//! against the real SDKs is scripts/sdk-check.sh, in the test command.)

mod scenarios;

use scenarios::{all_scenarios, root};
use settle_export::sdk::{Lang, export};
use settle_scenario::parse;

#[test]
fn every_preset_and_example_exports_whole_in_both_languages() {
    for (name, sc) in all_scenarios() {
        for lang in Lang::ALL {
            let text = export(&sc, lang).unwrap_or_else(|e| panic!("{name} {lang:?}: {e}"));
            assert_eq!(
                export(&sc, lang).unwrap(),
                text,
                "{name} {lang:?}: not deterministic"
            );
            // Each script step is performed at its time and checked against its prediction.
            for i in 0..sc.script.len() {
                let at = format!("at({})", sc.script[i].at.as_millis());
                assert!(text.contains(&at), "{name} {lang:?}: no wait for step {i}");
                assert!(
                    text.contains(&format!("report({i}, ")),
                    "{name} {lang:?}: step {i} is not checked"
                );
            }
            assert_eq!(
                text.matches("report(").count(),
                sc.script.len() + 1,
                "{name} {lang:?}: one check per step (and the helper's definition)"
            );
            // Every actor runs as a loop whose summary is checked; the end state is checked.
            assert_eq!(
                text.matches("check(\"actor ").count(),
                sc.actors.len(),
                "{name} {lang:?}"
            );
            assert!(
                text.contains("check(\"end: what is left\""),
                "{name} {lang:?}"
            );
            // Presets are small: Settle predicts everything.
            assert!(!text.contains("not predicted"), "{name} {lang:?}");
            // The connection comes from the environment, never from the document.
            assert!(
                text.contains("SERVICEBUS_CONNECTION_STRING"),
                "{name} {lang:?}"
            );
        }
    }
}

#[test]
fn a_huge_run_exports_with_predictions_up_to_where_settle_stopped() {
    let json = r#"{"settle":1,"title":"Flood","run_until_ms":600000,
      "script":[{"at_ms":500000,"do":"receive","by":"R9"}],
      "actors":[{"kind":"sender","name":"Flood","mode":"pipelined","count":120000,"interval_ms":1},
                {"kind":"receiver","name":"W","concurrency":50,"processing_ms":[10,30]}]}"#;
    let sc = parse(json).unwrap();
    for lang in Lang::ALL {
        let text = export(&sc, lang).unwrap();
        assert!(text.contains("too long to predict whole"), "{lang:?}");
        assert!(text.contains("Settle: not predicted"), "{lang:?}");
        assert!(text.contains("what is left: "), "{lang:?}");
        assert!(text.len() < 200_000, "{lang:?}: {} bytes", text.len());
    }
}

#[test]
fn the_programs_in_docs_and_the_readme_excerpt_are_what_export_writes_today() {
    let root = root();
    let sc = parse(settle_scenario::presets::preset("lock-expiry").unwrap()).unwrap();
    for (lang, file) in [
        (Lang::Python, "docs/export/lock-expiry.py"),
        (Lang::TypeScript, "docs/export/lock-expiry.ts"),
    ] {
        let checked_in = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(
            checked_in == export(&sc, lang).unwrap(),
            "{file} is stale: cargo run -q -p settle-cli -- export --lang {} preset:lock-expiry > {file}",
            lang.name()
        );
    }
    // Every line of the README's excerpt (but the elisions) is a line of that program.
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let program = std::fs::read_to_string(root.join("docs/export/lock-expiry.py")).unwrap();
    let start = readme
        .find("```python\n    # Step 1 at 1 s")
        .expect("the README shows the exported program");
    let block = &readme[start + "```python\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let mut lines = 0;
    for line in block.lines() {
        if line.trim() == "..." || line.contains("[...]") {
            continue;
        }
        assert!(
            program.lines().any(|l| l == line),
            "README line not in the program: {line:?}"
        );
        lines += 1;
    }
    assert!(lines > 10);
}

/// A session processor's clients (`Workers#1`, `Workers#2`) add up to the actor's summary.
#[cfg(feature = "entities")]
#[test]
fn a_session_receivers_summary_adds_up_its_session_clients() {
    let text =
        std::fs::read_to_string(root().join("examples/entities/session-workers.json")).unwrap();
    let sc = parse(&text).unwrap();
    let py = export(&sc, Lang::Python).unwrap();
    assert!(
        py.contains(r#"check("actor Workers", "9 received, 9 completed, 0 abandoned, 0 deferred, 0 dead-lettered, 0 settlements failed", done[1])"#),
        "{py}"
    );
    assert!(py.contains(", sessions=(2, 500))"));
    let ts = export(&sc, Lang::TypeScript).unwrap();
    assert!(ts.contains(r#"check("actor Workers", "9 received, 9 completed, 0 abandoned, 0 deferred, 0 dead-lettered, 0 settlements failed", done[1]);"#));
}
