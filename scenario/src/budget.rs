//! The work budget of a run: how many trace records and how many bytes of trace one scenario
//! may produce. The CLI (`settle run`, `check`), the artifacts (`render`, `export`) and the
//! playground all run scenarios through [`Run`](super::Run), which enforces it.
//!
//! Every limit of the format ([`limits`](super::limits)) keeps a document small, but a small
//! document can still describe a lot of work (a thousand receivers abandoning a thousand
//! messages for ten years). The budget bounds that work: a run that would exceed it stops with
//! a [`BudgetError`] naming the budget and where it was hit, with everything before kept.

use core::fmt;
use settle_core::Instant;

/// Limits on the work of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most trace records (steps, actor actions, broker events; not the final record).
    pub max_records: u64,
    /// The most bytes of JSON Lines trace, counted where the trace is written
    /// ([`Run::advance_trace`](super::Run::advance_trace)), final record included.
    pub max_trace_bytes: u64,
}

impl Budget {
    /// The default: 4,000,000 records and 512 MiB of trace (a few seconds of work on one core
    /// of a 2026 laptop).
    pub const DEFAULT: Self = Self {
        max_records: 4_000_000,
        max_trace_bytes: 512 * 1024 * 1024,
    };

    /// No limit (for callers that bound the work themselves).
    pub const UNLIMITED: Self = Self {
        max_records: u64::MAX,
        max_trace_bytes: u64::MAX,
    };
}

impl Budget {
    /// The error of a run that hit this budget's `exhausted` limit at `at`, after `records`
    /// records and `trace_bytes` bytes.
    #[must_use]
    pub fn exceeded(
        &self,
        exhausted: Exhausted,
        at: Instant,
        records: u64,
        trace_bytes: u64,
    ) -> BudgetError {
        BudgetError {
            exhausted,
            limit: match exhausted {
                Exhausted::Records => self.max_records,
                Exhausted::TraceBytes => self.max_trace_bytes,
            },
            at,
            records,
            trace_bytes,
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Which part of the [`Budget`] ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// [`Budget::max_records`].
    Records,
    /// [`Budget::max_trace_bytes`].
    TraceBytes,
}

/// A run stopped because it would exceed its work budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetError {
    /// Which budget.
    pub exhausted: Exhausted,
    /// Its limit.
    pub limit: u64,
    /// Virtual time at which it was hit.
    pub at: Instant,
    /// Records produced until then.
    pub records: u64,
    /// Trace bytes produced until then (0 where no trace is written).
    pub trace_bytes: u64,
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.exhausted {
            Exhausted::Records => "records budget",
            Exhausted::TraceBytes => "trace bytes budget",
        };
        write!(
            f,
            "work budget exceeded: the {what} ({} {}) ran out at t={} ms of virtual time, after {} records and {} bytes of trace; the run stopped there (docs/limits.md)",
            self.limit,
            match self.exhausted {
                Exhausted::Records => "records",
                Exhausted::TraceBytes => "bytes",
            },
            self.at.as_millis(),
            self.records,
            self.trace_bytes
        )
    }
}

impl core::error::Error for BudgetError {}

/// How far a call to [`Run::advance_until`](super::Run::advance_until) got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Everything due at or before the target instant ran.
    Reached,
    /// The call's own `max_records` were produced first; virtual time is at `now`, and some
    /// work due at or before the target is left. Call again to go on.
    Paused {
        /// Where the run is.
        now: Instant,
    },
}
