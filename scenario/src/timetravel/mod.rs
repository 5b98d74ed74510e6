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

mod observer;
mod timeline;

pub use observer::{Observer, Phase, Policy};
pub use timeline::{Checkpoints, Timeline, merge, record};

/// At most this many snapshots (plus the first) are kept; past it they are thinned out.
pub const MAX_SNAPSHOTS: usize = 128;

/// Default snapshot interval in trace records: a seek replays at most this many.
pub const EVERY_RECORDS: u64 = 500;
/// Default snapshot interval in virtual milliseconds (quiet stretches of a run).
pub const EVERY_MS: u64 = 60_000;
