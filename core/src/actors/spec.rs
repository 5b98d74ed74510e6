//! What an actor is (its specification), what it does (an [`ActorAct`] for the trace and the
//! log) and its running totals; and the two helpers both kinds act through.

use crate::error::Error;
use crate::message::{ReceiveMode, SubQueue, Text};
use crate::time::{Duration, Instant};
use crate::world::{Op, Outcome, World};
use alloc::vec::Vec;

/// How a sender awaits its sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendMode {
    /// Await each send before starting the next.
    Sequential,
    /// Start them all; await them together.
    Pipelined,
    /// At most this many in flight (a semaphore).
    Throttled(u32),
    /// Start them all and never look at the results.
    FireAndForget,
    /// AMQP presettled transfers: the broker never answers.
    Presettled,
}

/// An automated sender.
#[derive(Clone, Debug, PartialEq)]
pub struct SenderSpec {
    /// Client name.
    pub name: Text,
    /// How sends are awaited.
    pub mode: SendMode,
    /// How many messages.
    pub count: u64,
    /// When the first send starts.
    pub start: Instant,
    /// Gap between starts when nothing else holds them back (0 = back to back).
    pub interval: Duration,
    /// Network round trip.
    pub rtt: Duration,
    /// Broker accept-and-store time.
    pub store: Duration,
    /// Extra seeded delay on the way in, 0..=jitter (makes completions arrive out of order).
    pub jitter: Duration,
    /// Chance (0..=1000 per mille) that the broker rejects a send as busy.
    pub reject_per_mille: u32,
    /// Message ids are `{prefix}{n}`, n from 1.
    pub id_prefix: Text,
    /// Message body; `{n}` is replaced by the message number.
    pub body: Text,
    /// Message TTL.
    pub ttl: Option<Duration>,
    /// Session ids to cycle through (empty: none).
    pub sessions: Vec<Text>,
}

/// What a receiver does with a message once processed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Complete it.
    Complete,
    /// Abandon it.
    Abandon,
    /// Dead-letter it with this reason.
    DeadLetter(Text),
    /// Defer it.
    Defer,
}

/// A receiver's reaction to a poison message (one whose body contains a marker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poison {
    /// The marker.
    pub contains: Text,
    /// What the handler does: throw (abandon) or dead-letter with a reason.
    pub then: Policy,
}

/// An automated receiver.
#[derive(Clone, Debug, PartialEq)]
pub struct ReceiverSpec {
    /// Client name.
    pub name: Text,
    /// Receive mode.
    pub mode: ReceiveMode,
    /// Sub-queue.
    pub from: SubQueue,
    /// Messages processed at once.
    pub concurrency: u32,
    /// Prefetch count.
    pub prefetch: u32,
    /// When it starts receiving.
    pub start: Instant,
    /// Wait before asking again when nothing was there.
    pub poll: Duration,
    /// Processing time, uniform in min..=max.
    pub work_min: Duration,
    /// See `work_min`.
    pub work_max: Duration,
    /// What it does after processing.
    pub policy: Policy,
    /// Poison handling.
    pub poison: Option<Poison>,
    /// Chance per mille that processing hangs for `hang`.
    pub hang_per_mille: u32,
    /// How long a hang lasts.
    pub hang: Duration,
    /// Renew locks while processing, up to this long after receiving (.NET auto-renew).
    pub auto_renew: Option<Duration>,
    /// Skip the work for a MessageId already processed (idempotent handler).
    pub idempotent: bool,
    /// The process dies here: its connection drops.
    pub crash_at: Option<Instant>,
    /// ... and comes back after this long.
    pub restart_after: Option<Duration>,
    /// Stops receiving here.
    pub stop_at: Option<Instant>,
    /// Receive through accepted sessions (a session processor) instead of plainly.
    pub sessions: Option<SessionOptions>,
}

/// How a receiver takes sessions (`sessions` in docs/actors.md), as the SDK's session
/// processor does: it accepts the next available session, up to `max_concurrent` at once, each
/// through its own session receiver that handles one message at a time, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionOptions {
    /// Sessions held at once (the SDK's `MaxConcurrentSessions`).
    pub max_concurrent: u32,
    /// How long a session receiver waits on an empty session before closing it (the SDK's
    /// `SessionIdleTimeout`): it looks once more after this long, then closes.
    pub idle: Duration,
}

/// An actor of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum ActorSpec {
    /// A sender.
    Sender(SenderSpec),
    /// A receiver.
    Receiver(ReceiverSpec),
}

/// One thing an actor did, for the trace and the log.
#[derive(Clone, Debug)]
pub struct ActorAct {
    /// When.
    pub at: Instant,
    /// Which actor.
    pub by: Text,
    /// The operation.
    pub op: Op,
    /// Its result as the actor saw it (`None` for results nobody observes).
    pub result: Option<Result<Outcome, Error>>,
    /// A word on why, for the log.
    pub note: Option<Note>,
}

/// An actor's word on why it did something (for the log and the trace). Data, not words: a
/// program shows each in its reader's language, and [`Note::english`] is the trace's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// The receiver's process crashed.
    Crashed,
    /// Renewing a message's lock while processing it.
    RenewingLock,
    /// A MessageId already processed: the work is skipped.
    Duplicate,
    /// Processing hung past the lock.
    Hung,
    /// The handler throws on this message.
    Poison,
    /// A presettled send: no answer will come.
    Presettled,
    /// Fire and forget: the sender never looks at the outcome.
    FireAndForget,
    /// The broker was busy.
    Busy,
    /// Renewing a session's lock.
    RenewingSession,
    /// The session's lock was lost.
    SessionLockLost,
    /// The receiver is stopping: it closes its session.
    Stopping,
    /// The session is idle: the receiver closes it.
    Idle,
}

impl Note {
    /// Every note.
    pub const ALL: [Self; 12] = [
        Self::Crashed,
        Self::RenewingLock,
        Self::Duplicate,
        Self::Hung,
        Self::Poison,
        Self::Presettled,
        Self::FireAndForget,
        Self::Busy,
        Self::RenewingSession,
        Self::SessionLockLost,
        Self::Stopping,
        Self::Idle,
    ];

    /// A stable name (what a program's message for it is named after).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Crashed => "crashed",
            Self::RenewingLock => "renewing-lock",
            Self::Duplicate => "duplicate",
            Self::Hung => "hung",
            Self::Poison => "poison",
            Self::Presettled => "presettled",
            Self::FireAndForget => "fire-and-forget",
            Self::Busy => "busy",
            Self::RenewingSession => "renewing-session",
            Self::SessionLockLost => "session-lock-lost",
            Self::Stopping => "stopping",
            Self::Idle => "idle",
        }
    }

    /// In English, as the trace writes it.
    #[must_use]
    pub const fn english(self) -> &'static str {
        match self {
            Self::Crashed => "the process crashed",
            Self::RenewingLock => "auto-renewing the lock while processing",
            Self::Duplicate => "already processed this MessageId: work skipped",
            Self::Hung => "processing hung past the lock",
            Self::Poison => "poison message",
            Self::Presettled => "presettled: no answer will come",
            Self::FireAndForget => "fire and forget: nobody looks at the outcome",
            Self::Busy => "the broker was busy",
            Self::RenewingSession => "auto-renewing the session lock",
            Self::SessionLockLost => "the session lock was lost",
            Self::Stopping => "stopping: closing the session",
            Self::Idle => "the session is idle: closing it",
        }
    }
}

/// Running totals of one actor, for display.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActorStats {
    /// Sends started / messages received.
    pub started: u64,
    /// Sends the sender knows succeeded / messages settled successfully.
    pub done: u64,
    /// Sends in flight or messages being processed.
    pub in_flight: u64,
    /// Failures the actor saw.
    pub failed: u64,
    /// Failures nobody saw (fire-and-forget, presettled).
    pub unobserved_failures: u64,
    /// Work skipped because the MessageId was already processed.
    pub duplicates_skipped: u64,
    /// Completion time of the last send (senders).
    pub last_completion: Option<Instant>,
}

/// `at + d`, or `None` (never) past the end of representable time.
pub(super) fn later(at: Instant, d: Duration) -> Option<Instant> {
    at.as_millis()
        .checked_add(d.as_millis())
        .filter(|&t| t < u64::MAX)
        .map(Instant::from_millis)
}

/// Hands one actor action to the caller.
pub(super) fn report(
    out: &mut impl FnMut(&World, ActorAct),
    world: &World,
    at: Instant,
    by: Text,
    op: Op,
    result: Option<Result<Outcome, Error>>,
    note: Option<Note>,
) {
    out(
        world,
        ActorAct {
            at,
            by,
            op,
            result,
            note,
        },
    );
}
