//! Story tests through the scenario format: run a JSON document and read its trace.
#![allow(dead_code, unreachable_pub)]

use serde_json::Value;
use settle_scenario::{parse, trace};

/// Runs a document; the trace as JSON values.
pub fn run(doc: &Value) -> Vec<Value> {
    let sc = parse(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    trace(&sc)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a trace line is JSON"))
        .collect()
}

/// The validation error of a document, as `settle run` prints it (without `error: `).
pub fn refused(doc: &Value) -> String {
    parse(&doc.to_string())
        .expect_err("the document must be refused")
        .to_string()
}

/// The trace's events of one kind.
pub fn events<'a>(tr: &'a [Value], kind: &str) -> Vec<&'a Value> {
    tr.iter().filter(|r| r["event"] == kind).collect()
}
