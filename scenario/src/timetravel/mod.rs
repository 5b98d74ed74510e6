//! Time travel: go to any virtual time of a run, step back as well as forward, and fork.
//!
//! The core is deterministic, so the state at time `t` is whatever playing from zero to `t`
//! gives. [`Checkpoints`] keeps clones of the [`Run`](crate::Run) taken while playing (every N
//! trace records or every M virtual milliseconds, as a [`Policy`] says); [`Timeline::seek`]
//! restores the nearest one at or before `t` and replays the rest. A clone is cheap apart from
//! the live state: the script is shared (`Rc`), and the queue holds only the messages alive at
//! that moment.
//!
//! Acting (a person's operation through [`Timeline::act`]) records a script step at the
//! current time. Acting after going back *forks* the story: the person's recorded steps
//! after that time are dropped, the new one is recorded, and everything after it is played
//! again from there. The scenario's own script and actors carry on as written. The recorded
//! steps become ordinary script steps: [`Timeline::export`] writes the scenario with them, and
//! that document replays to exactly the same state. (At one instant script steps run before
//! actors, so an action taken at a moment when an actor also acts is replayed, live too,
//! before the actor: what you see after acting is what the exported document shows.)
//!
//! A caller that shows the run (the playground) passes an [`Observer`] to each call: it sees
//! every record, told by the [`Phase`] whether it is live or replayed, and keeps state beside
//! the run ([`Observer::Saved`], the `S` of [`Timeline<S>`]) that snapshots hold too, so that a
//! seek restores what it shows with the run.

mod checkpoints;
mod observer;
mod timeline;

pub use checkpoints::Checkpoints;
pub use observer::{Observer, Phase, Policy};
pub use timeline::Timeline;

use super::{Step, addressed_step_value};
use alloc::rc::Rc;
use alloc::vec::Vec;
use settle_core::{Instant, Op, Text};

/// At most this many snapshots (plus the first) are kept; past it they are thinned out.
pub const MAX_SNAPSHOTS: usize = 128;

/// Default snapshot interval in trace records: a seek replays at most this many.
pub const EVERY_RECORDS: u64 = 500;
/// Default snapshot interval in virtual milliseconds (quiet stretches of a run).
pub const EVERY_MS: u64 = 60_000;

/// Records a person's operation at `t` as a script step, after dropping the recorded steps
/// later than `t` (a fork), and [`merge`]s. The page and [`Timeline`] both record this way,
/// so an action is replayed, live too, before the actors of its instant, as the exported
/// document plays in `settle run`. The new step is the last of the person's indices. In a
/// document with `entities` the step addresses `entity` (its `to`, or the client's receive
/// entity: [`addressed_step_value`] writes what the format asks of the step).
pub fn record(
    script: &[Step],
    recorded: &mut Vec<Step>,
    t: Instant,
    (by, entity): (&str, Option<Text>),
    op: Op,
) -> (Rc<[Step]>, Vec<usize>) {
    recorded.retain(|s| s.at <= t);
    recorded.push(Step {
        at: t,
        by: Text::from(by),
        raw: addressed_step_value(t.as_millis(), by, &op, entity.as_deref()),
        op,
        entity,
    });
    merge(script, recorded)
}

/// The scenario's `script` and the person's `recorded` steps as one script: at one instant
/// the scenario's steps first, then the person's, each in order. Returns it with the indices
/// of the person's steps in it.
#[must_use]
pub fn merge(script: &[Step], recorded: &[Step]) -> (Rc<[Step]>, Vec<usize>) {
    let mut merged: Vec<(Instant, u8, &Step)> = script
        .iter()
        .map(|s| (s.at, 0, s))
        .chain(recorded.iter().map(|s| (s.at, 1, s)))
        .collect();
    settle_core::order::sort_by_key(&mut merged, |(at, who, _)| (*at, *who));
    let person = merged
        .iter()
        .enumerate()
        .filter(|(_, (_, who, _))| *who == 1)
        .map(|(i, _)| i)
        .collect();
    (
        merged.into_iter().map(|(_, _, s)| s.clone()).collect(),
        person,
    )
}
