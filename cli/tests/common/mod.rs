//! What more than one of the CLI's test files uses.

/// A scenario over the trace-bytes budget (512 MiB): one 1 MB message (premium tier) peeked
/// 600 times, each peek's record carrying its body.
pub(crate) fn over_the_trace_budget() -> String {
    let body = "x".repeat(1_000_000);
    let peeks: Vec<String> = (0..600)
        .map(|i| {
            format!(
                r#"{{"at_ms":{},"do":"peek","by":"P","from_seq":1}}"#,
                10 + i
            )
        })
        .collect();
    format!(
        r#"{{"settle":1,"run_until_ms":1000,"queue":{{"tier":"premium"}},"script":[{{"at_ms":0,"do":"send","by":"S","id":"big","body":"{body}"}},{}]}}"#,
        peeks.join(",")
    )
}
