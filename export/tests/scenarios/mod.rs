//! Every preset and every example scenario, for the tests of the artifacts made from them
//! (the SVG story, the SDK programs).
#![allow(unreachable_pub)]

use settle_scenario::presets::PRESETS;
use settle_scenario::{Scenario, parse};
use std::path::PathBuf;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every preset by name, then every `examples/*.json` by path (and, with the `entities`
/// feature, every `examples/entities/*.json`).
pub fn all_scenarios() -> Vec<(String, Scenario)> {
    let mut out: Vec<(String, Scenario)> = PRESETS
        .iter()
        .map(|(n, t)| ((*n).to_string(), parse(t).unwrap()))
        .collect();
    let mut files: Vec<_> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    // Documents with several entities (topics, subscriptions, rules, reply queues).
    #[cfg(feature = "entities")]
    {
        let mut more: Vec<_> = std::fs::read_dir(root().join("examples/entities"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        more.sort();
        files.extend(more);
    }
    assert!(!files.is_empty());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        out.push((f.display().to_string(), parse(&text).unwrap()));
    }
    out
}
