//! Plain-words explanations of events, for the playground's log ("why did that happen?").

use crate::event::{DeadLetterCause, Event, EventKind, LockLossCause};
use crate::world::World;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

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

/// Where a released message went, looking ahead in the same batch.
fn fate(events: &[Event], seq: u64) -> &'static str {
    for e in events {
        match &e.kind {
            EventKind::DeadLettered { seq: s, .. } if *s == seq => return "",
            EventKind::Expired { seq: s, .. } if *s == seq => return "",
            _ => {}
        }
    }
    " It is available again."
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
            } => {
                let who = name(*by);
                if *prefetched {
                    format!(
                        "{id} was prefetched into {who}'s buffer (delivery {delivery_count}); its lock clock is already running, until {until}."
                    )
                } else {
                    format!(
                        "{who} received {id} (delivery {delivery_count}); it is locked to {who} until {until}."
                    )
                }
            }
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
            } => format!(
                "{id}'s lock expired before {} settled it; that counts as a failed delivery ({delivery_count} of {n}).{}",
                name(*by),
                fate(later, *seq)
            ),
            EventKind::LockLost {
                seq,
                id,
                by,
                cause,
                delivery_count,
            } => {
                let how = match cause {
                    LockLossCause::Closed => "closed its receiver",
                    LockLossCause::Disconnected => "lost its connection",
                    LockLossCause::EntityUpdated => "held it while the queue's settings changed",
                };
                format!(
                    "{} {how}, so its lock on {id} is gone; delivery count {delivery_count} of {n}.{}",
                    name(*by),
                    fate(later, *seq)
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
            } => format!(
                "{} abandoned {id}: delivery count {delivery_count} of {n}.{}",
                name(*by),
                fate(later, *seq)
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
            } => match cause {
                DeadLetterCause::MaxDeliveryCountExceeded { max } => {
                    let how = events[..i]
                        .iter()
                        .rev()
                        .find_map(|p| failure(&p.kind).filter(|(s, _)| s == seq))
                        .map_or("failed", |(_, how)| how);
                    format!(
                        "{id} → dead-letter queue: its {} delivery {how} and MaxDeliveryCount is {max} (reason MaxDeliveryCountExceeded).",
                        ordinal(*max)
                    )
                }
                DeadLetterCause::TtlExpired => format!(
                    "{id} → dead-letter queue: its time-to-live ran out and dead-lettering on expiration is on (reason TTLExpiredException)."
                ),
                DeadLetterCause::Explicit {
                    reason,
                    description,
                } => {
                    let who = by.map_or("The broker", name);
                    let mut s = format!("{who} dead-lettered {id}");
                    match reason {
                        Some(r) => s.push_str(&format!(" with reason \"{r}\"")),
                        None => s.push_str(" without a reason"),
                    }
                    if let Some(d) = description {
                        s.push_str(&format!(" (\"{d}\")"));
                    }
                    s.push('.');
                    s
                }
            },
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
            EventKind::SessionReleased {
                session_id,
                by,
                cause,
            } => match cause {
                LockLossCause::Closed => format!(
                    "{} closed session {session_id}; its unsettled messages go back without counting a delivery.",
                    name(*by)
                ),
                _ => format!(
                    "{} lost session {session_id} ({}).",
                    name(*by),
                    cause.name().replace('_', " ")
                ),
            },
        };
        out.push(line);
    }
    out
}

/// A line for what an automated actor did, where the broker's events do not already say it:
/// send outcomes as the sender sees them, refusals, crashes and skipped work.
#[must_use]
pub fn narrate_act(act: &crate::actors::ActorAct) -> Option<String> {
    use crate::world::Op;
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
            "{by} crashed: its connection dropped with everything it held."
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
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(4), "4th");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
        assert_eq!(ordinal(101), "101st");
    }
}
