//! What the generated artifacts (the SVG story, the SDK programs) share: the error type and a
//! run of the scenario that stops once it has produced too much to draw or to write down.

use alloc::string::String;
use core::fmt;
use settle_core::Instant;
use settle_core::{Op, Target};
use settle_scenario::{BudgetError, Rec, Run, Scenario};

/// A scenario that cannot become this artifact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtifactError {
    /// What is wrong, in words.
    pub message: String,
    /// Set when the scenario asks for more work than the run's budget allows (`settle render`
    /// and `export` then exit 3, as `settle run` does); `message` is its text.
    pub budget: Option<BudgetError>,
}

impl From<BudgetError> for ArtifactError {
    fn from(e: BudgetError) -> Self {
        Self {
            message: alloc::format!("{e}"),
            budget: Some(e),
        }
    }
}

impl fmt::Display for ArtifactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl core::error::Error for ArtifactError {}

/// How a budgeted run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Everything up to `run_until_ms` ran.
    Finished,
    /// The run was stopped after this instant: `max_records` were reached.
    Cut(Instant),
}

/// Runs `sc` as `settle run` does, under the same work budget, one instant at a time, handing
/// every record (with its entity in a document with `entities`) to `out`; stops handing records
/// over after the instant in which their count reaches `max_records`, but runs on to the end
/// (counting only) so that a scenario over the budget fails here exactly as `settle run` fails
/// it.
///
/// # Errors
/// The run's [`Budget`](settle_scenario::Budget) ran out: the same error `settle run` reports.
pub(crate) fn drive(
    sc: &Scenario,
    max_records: usize,
    out: &mut impl FnMut(Rec<'_>),
) -> Result<Ended, BudgetError> {
    let mut run = Run::new(sc);
    let end = run.end();
    let mut advance = |run: &mut Run, t: Instant, deliver: bool| {
        let mut count = 0usize;
        run.advance_measured(t, u64::MAX, &mut |r: Rec<'_>| {
            if deliver {
                count += 1;
                out(r);
            }
        })
        .map(|_| count)
    };
    let mut count = 0usize;
    let mut last: Option<Instant> = None;
    let ended = loop {
        // Progress is guaranteed: everything due at or before `t` runs now, so a next instant
        // never repeats; the guard only makes that independent of the core's internals.
        let next = run.next_due().map(|t| match last {
            Some(l) if t <= l => Instant::from_millis(l.as_millis().saturating_add(1)),
            _ => t,
        });
        let Some(t) = next.filter(|&t| t <= end) else {
            advance(&mut run, end, true)?;
            break Ended::Finished;
        };
        count += advance(&mut run, t, true)?;
        last = Some(t);
        if count >= max_records && t < end {
            // Not drawn, but within the budget or not, as `settle run` would find.
            advance(&mut run, end, false)?;
            break Ended::Cut(t);
        }
    };
    run.account_final()?;
    Ok(ended)
}

/// Virtual milliseconds as seconds: "0 s", "0.08 s", "31 s".
pub(crate) fn secs(ms: u64) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        return alloc::format!("{whole} s");
    }
    let f = alloc::format!("{frac:03}");
    alloc::format!("{whole}.{} s", f.trim_end_matches('0'))
}

/// The message a settlement or lock renewal names.
pub(crate) fn target_of(op: &Op) -> Option<&Target> {
    match op {
        Op::Complete { target }
        | Op::Abandon { target, .. }
        | Op::DeadLetter { target, .. }
        | Op::Defer { target, .. }
        | Op::RenewLock { target } => Some(target),
        _ => None,
    }
}

/// Whether any message of the scenario can expire: a queue (or entity) default TTL, the basic
/// tier's 14-day ceiling, or a TTL on a message the script or an automated sender sends.
pub(crate) fn ttl_possible(sc: &Scenario) -> bool {
    let entity_ttl = sc.entities.as_ref().is_some_and(|ents| {
        ents.values().any(|e| match e {
            settle_core::namespace::EntitySpec::Queue(c) => {
                c.default_ttl.is_some() || c.tier == settle_core::Tier::Basic
            }
            settle_core::namespace::EntitySpec::Topic(t) => {
                t.config.default_ttl.is_some()
                    || t.subscriptions
                        .values()
                        .any(|s| s.config.default_ttl.is_some())
            }
        })
    });
    entity_ttl
        || sc.queue.default_ttl.is_some()
        || sc.queue.tier == settle_core::Tier::Basic
        || sc.script.iter().any(|s| match &s.op {
            Op::Send { msg, .. } | Op::Schedule { msg } => msg.ttl.is_some(),
            _ => false,
        })
        || sc
            .actors
            .iter()
            .any(|a| matches!(a, settle_core::actors::ActorSpec::Sender(s) if s.ttl.is_some()))
}
