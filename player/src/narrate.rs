//! Plain-words explanations of events, for the playground's log ("why did that happen?").
//!
//! The one place Settle's "why" sentences are made: the broker crate emits events as data and
//! writes no prose, and this module reads them (with the world's names and settings). A second
//! language plugs in here.

use settle_core::actors::ActorAct;
use settle_core::{
    ClientId, DeadLetterCause, Event, EventKind, Instant, LockLossCause, Op, StillLocked, SubQueue,
    Text, World,
};

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What happened to a message just before it was moved on by the broker.
fn failure(kind: &EventKind) -> Option<(u64, &'static str)> {
    match kind {
        EventKind::Abandoned { seq, .. } => Some((*seq, "was abandoned")),
        EventKind::LockExpired { seq, .. } => Some((*seq, "ran out of lock time")),
        EventKind::Deferred { seq, .. } => Some((*seq, "was deferred")),
        EventKind::LockLost { seq, .. } => Some((*seq, "lost its lock")),
        _ => None,
    }
}

/// Where a message released in the main queue went, looking ahead in the same batch (in the
/// dead-letter queue, [`count_after`] says it).
fn fate(sub_queue: SubQueue, events: &[Event], seq: u64) -> &'static str {
    if sub_queue == SubQueue::DeadLetter {
        return "";
    }
    for e in events {
        match &e.kind {
            EventKind::DeadLettered { seq: s, .. } if *s == seq => return "",
            EventKind::Expired { seq: s, .. } if *s == seq => return "",
            _ => {}
        }
    }
    " It is available again."
}

/// How a release left the delivery count: in the main queue it counts towards
/// MaxDeliveryCount; in the dead-letter queue nothing counts (format v1.2).
fn count_after(sub_queue: SubQueue, delivery_count: u32, n: u32) -> String {
    match sub_queue {
        SubQueue::Main => format!("delivery count {delivery_count} of {n}"),
        SubQueue::DeadLetter => format!(
            "it stays in the dead-letter queue with delivery count {delivery_count}, as nothing there counts"
        ),
    }
}

/// A link ended while the broker held locks for it: nothing is released yet (format v1.1).
fn link_closed(
    who: &str,
    cause: LockLossCause,
    sub: SubQueue,
    session: Option<&(Text, Instant)>,
    still: &[StillLocked],
) -> String {
    let what = match (cause, sub) {
        (LockLossCause::Disconnected, _) => "lost its connection",
        (_, SubQueue::Main) => "closed its receiver",
        (_, SubQueue::DeadLetter) => "closed its dead-letter receiver",
    };
    match (session, still) {
        (Some((sid, until)), _) => {
            let mut s = format!(
                "{who} {what} while holding session {sid}: the session stays locked until {until}, and nobody else can accept it until then."
            );
            let ids: Vec<&str> = still.iter().map(|m| &*m.id).collect();
            match &ids[..] {
                [] => {}
                [one] => s.push_str(&format!(
                    " Its unsettled message {one} comes back then, counting a failed delivery."
                )),
                many => s.push_str(&format!(
                    " Its unsettled messages {} come back then, each counting a failed delivery.",
                    many.join(", ")
                )),
            }
            s
        }
        (None, [one]) => format!(
            "{who} {what}; {} stays locked until {}: nobody can take it until then, and {who} can no longer settle it.",
            one.id, one.until
        ),
        (None, many) => {
            let each: Vec<String> = many
                .iter()
                .map(|m| format!("{} (until {})", m.id, m.until))
                .collect();
            format!(
                "{who} {what}; {} stay locked: nobody can take them until then, and {who} can no longer settle them.",
                each.join(", ")
            )
        }
    }
}

/// The line for `id` (seq `seq`) dead-lettered by `by` (the broker when `None`) for `cause`;
/// `before` is the batch's events before it, where the delivery that failed last is.
fn dead_lettered(
    world: &World,
    before: &[Event],
    seq: u64,
    id: &Text,
    by: Option<ClientId>,
    cause: &DeadLetterCause,
) -> String {
    let name = |c| world.name(c);
    match cause {
        DeadLetterCause::MaxDeliveryCountExceeded { max } => {
            let how = before
                .iter()
                .rev()
                .find_map(|p| failure(&p.kind).filter(|(s, _)| *s == seq))
                .map_or("failed", |(_, how)| how);
            format!(
                "{id} → dead-letter queue: its {} delivery {how} and MaxDeliveryCount is {max} (application property DeadLetterReason: MaxDeliveryCountExceeded).",
                ordinal(*max)
            )
        }
        DeadLetterCause::TtlExpired => format!(
            "{id} → dead-letter queue: its time-to-live ran out and dead-lettering on expiration is on (application property DeadLetterReason: TTLExpiredException)."
        ),
        DeadLetterCause::Explicit {
            reason,
            description,
        } => {
            let who = by.map_or("The broker", name);
            match (reason, description) {
                (None, None) => format!("{who} dead-lettered {id} without a reason."),
                (Some(r), None) => format!(
                    "{who} dead-lettered {id}; its application property DeadLetterReason says \"{r}\"."
                ),
                (None, Some(d)) => format!(
                    "{who} dead-lettered {id}; its application property DeadLetterErrorDescription says \"{d}\"."
                ),
                (Some(r), Some(d)) => format!(
                    "{who} dead-lettered {id}; its application properties DeadLetterReason and DeadLetterErrorDescription say \"{r}\" and \"{d}\"."
                ),
            }
        }
    }
}

/// The line for `id` received (or prefetched) by `who`.
fn locked(who: &str, id: &Text, until: Instant, delivery_count: u32, prefetched: bool) -> String {
    if prefetched {
        format!(
            "{id} was prefetched into {who}'s buffer (delivery {delivery_count}); its lock clock is already running, until {until}."
        )
    } else {
        format!(
            "{who} received {id} (delivery {delivery_count}); it is locked to {who} until {until}."
        )
    }
}

/// The line for session `session_id` released by `who` for `cause`.
fn session_released(who: &str, session_id: &Text, cause: LockLossCause) -> String {
    match cause {
        LockLossCause::Closed => format!(
            "{} closed session {session_id}; its unsettled messages go back without counting a delivery.",
            who
        ),
        _ => format!(
            "{} lost session {session_id} ({}).",
            who,
            cause.name().replace('_', " ")
        ),
    }
}

/// One line per event, in order. `events` should be one drained batch, so that a release
/// followed by a dead-lettering reads as cause and effect.
#[must_use]
pub fn narrate(world: &World, events: &[Event]) -> Vec<String> {
    let n = world.queue().config().max_delivery_count;
    let name = |c| world.name(c);
    let mut out = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        let later = &events[i + 1..];
        let line = match &e.kind {
            EventKind::Enqueued {
                seq,
                id,
                by,
                scheduled_for: None,
            } => format!("{} sent {id}: accepted and stored as seq {seq}.", name(*by)),
            EventKind::Enqueued {
                seq,
                id,
                by,
                scheduled_for: Some(at),
            } => format!(
                "{} scheduled {id} for {at} (seq {seq} while scheduled; it gets a new one when it becomes active).",
                name(*by)
            ),
            EventKind::DuplicateDropped { id, by, .. } => format!(
                "{} sent {id} again inside the duplicate detection window: the broker reported success and dropped it.",
                name(*by)
            ),
            EventKind::Rejected { id, by, error, .. } => format!(
                "{}'s presettled send of {id} was refused ({}), and nobody is told: the sender never waits for an answer.",
                name(*by),
                error.name()
            ),
            EventKind::Activated {
                seq,
                scheduled_seq,
                id,
            } => format!(
                "{id} reached its scheduled time and became active with a new sequence number {seq} (it was {scheduled_seq})."
            ),
            EventKind::Published {
                id, subscriptions, ..
            } => {
                if subscriptions.is_empty() {
                    format!("{id} reached the topic, but no subscription takes it: dropped.")
                } else {
                    format!(
                        "{id} reached the topic: one copy each for {}.",
                        subscriptions.join(", ")
                    )
                }
            }
            EventKind::Cancelled { seq, id, by } => {
                format!(
                    "{} cancelled scheduled {id} (seq {seq}): deleted.",
                    name(*by)
                )
            }
            EventKind::Locked {
                id,
                by,
                until,
                delivery_count,
                prefetched,
                ..
            } => locked(name(*by), id, *until, *delivery_count, *prefetched),
            EventKind::ReceivedAndDeleted { id, by, .. } => format!(
                "{} received {id} in receive-and-delete mode: it is gone from the queue, whatever happens to {} now.",
                name(*by),
                name(*by)
            ),
            EventKind::LockRenewed { id, by, until, .. } => {
                format!(
                    "{} renewed the lock on {id}: locked until {until}.",
                    name(*by)
                )
            }
            EventKind::LockExpired {
                seq,
                id,
                by,
                delivery_count,
                sub_queue: SubQueue::Main,
            } => format!(
                "{id}'s lock expired before {} settled it; that counts as a failed delivery ({delivery_count} of {n}).{}",
                name(*by),
                fate(SubQueue::Main, later, *seq)
            ),
            EventKind::LockExpired {
                id,
                by,
                delivery_count,
                sub_queue: SubQueue::DeadLetter,
                ..
            } => format!(
                "{id}'s lock expired before {} settled it; {}.",
                name(*by),
                count_after(SubQueue::DeadLetter, *delivery_count, n)
            ),
            EventKind::LockLost {
                seq,
                id,
                by,
                cause,
                delivery_count,
                sub_queue,
            } => {
                let how = match cause {
                    LockLossCause::Closed => "closed its receiver",
                    LockLossCause::Disconnected => "lost its connection",
                    LockLossCause::EntityUpdated => "held it while the queue's settings changed",
                };
                format!(
                    "{} {how}, so its lock on {id} is gone; {}.{}",
                    name(*by),
                    count_after(*sub_queue, *delivery_count, n),
                    fate(*sub_queue, later, *seq)
                )
            }
            EventKind::Completed { id, by, .. } => {
                format!(
                    "{} completed {id}: removed from the queue for good.",
                    name(*by)
                )
            }
            EventKind::Abandoned {
                seq,
                id,
                by,
                delivery_count,
                sub_queue,
            } => format!(
                "{} abandoned {id}: {}.{}",
                name(*by),
                count_after(*sub_queue, *delivery_count, n),
                fate(*sub_queue, later, *seq)
            ),
            EventKind::Deferred {
                seq,
                id,
                by,
                delivery_count,
            } => format!(
                "{} deferred {id}: set aside until someone receives seq {seq} by number (delivery count {delivery_count} of {n}).",
                name(*by)
            ),
            EventKind::DeadLettered {
                seq, id, by, cause, ..
            } => dead_lettered(world, &events[..i], *seq, id, *by, cause),
            EventKind::Expired { id, .. } => format!(
                "{id} expired: its time-to-live ran out, and with dead-lettering on expiration off it was dropped."
            ),
            EventKind::SessionLocked {
                session_id,
                by,
                until,
            } => format!(
                "{} accepted session {session_id}: every message of it is locked to {} until {until}.",
                name(*by),
                name(*by)
            ),
            EventKind::SessionLockRenewed {
                session_id,
                by,
                until,
            } => format!(
                "{} renewed the lock on session {session_id}: until {until}.",
                name(*by)
            ),
            EventKind::SessionLockExpired { session_id, by } => format!(
                "{}'s lock on session {session_id} expired; its unsettled messages count a failed delivery.",
                name(*by)
            ),
            EventKind::LinkClosed {
                by,
                cause,
                sub_queue,
                session,
                still_locked,
            } => link_closed(
                name(*by),
                *cause,
                *sub_queue,
                session.as_ref(),
                still_locked,
            ),
            EventKind::SessionReleased {
                session_id,
                by,
                cause,
            } => session_released(name(*by), session_id, *cause),
        };
        out.push(line);
    }
    out
}

/// A line for what an automated actor did, where the broker's events do not already say it:
/// send outcomes as the sender sees them, refusals, crashes and skipped work.
#[must_use]
pub fn narrate_act(act: &ActorAct) -> Option<String> {
    let by = &act.by;
    match (&act.op, &act.result) {
        (Op::Send { msg, .. }, None) => Some(format!(
            "{by} sent {} without waiting for an answer ({}).",
            msg.id,
            act.note.unwrap_or("unobserved")
        )),
        (Op::Send { msg, .. }, Some(Ok(_))) => Some(format!(
            "{by}: the send of {} completed: the broker accepted it.",
            msg.id
        )),
        (Op::Send { msg, .. }, Some(Err(e))) => {
            Some(format!("{by}: the send of {} failed: {e}", msg.id))
        }
        (Op::Disconnect, _) => Some(format!(
            "{by} crashed: its connection dropped, and it can no longer settle anything it held."
        )),
        (Op::Receive { .. } | Op::Open(_) | Op::RenewLock { .. }, Some(Ok(_))) => None,
        (_, Some(Err(e))) => Some(format!(
            "{by}: {e}{}",
            act.note.map_or(String::new(), |n| format!(" ({n})"))
        )),
        (_, Some(Ok(_))) => act.note.map(|n| format!("{by}: {n}.")),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
