//! Plain-words explanations of events, for the playground's log ("why did that happen?").
//!
//! The one place Settle's "why" sentences are made: the broker crate emits events as data and
//! writes no prose, and this module reads them (with the world's names and settings). A second
//! language plugs in here.

use settle_core::actors::ActorAct;
use settle_core::{
    DeadLetterCause, Event, EventKind, Instant, LockLossCause, Op, StillLocked, SubQueue, Text,
    World,
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
            } => match cause {
                DeadLetterCause::MaxDeliveryCountExceeded { max } => {
                    let how = events[..i]
                        .iter()
                        .rev()
                        .find_map(|p| failure(&p.kind).filter(|(s, _)| s == seq))
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
mod tests {
    use super::*;
    use settle_core::{ClientId, Error, ErrorKind, Outcome, QueueConfig};

    const S: ClientId = ClientId(0);
    const R1: ClientId = ClientId(1);

    /// A world whose clients are S (0), R1 (1), R2 (2); MaxDeliveryCount 3.
    fn world() -> World {
        let mut w = World::new(
            QueueConfig {
                max_delivery_count: 3,
                ..QueueConfig::default()
            },
            1,
        )
        .unwrap();
        for name in ["S", "R1", "R2"] {
            w.client(name);
        }
        w
    }

    fn t(ms: u64) -> Instant {
        Instant::from_millis(ms)
    }

    fn lines(kinds: Vec<EventKind>) -> Vec<String> {
        let events: Vec<Event> = kinds
            .into_iter()
            .map(|kind| Event { at: t(0), kind })
            .collect();
        narrate(&world(), &events)
    }

    fn line(kind: EventKind) -> String {
        lines(vec![kind]).remove(0)
    }

    fn id(s: &str) -> Text {
        s.into()
    }

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

    #[test]
    fn send_side_events() {
        assert_eq!(
            line(EventKind::Enqueued {
                seq: 1,
                id: id("m1"),
                by: S,
                scheduled_for: None
            }),
            "S sent m1: accepted and stored as seq 1."
        );
        assert_eq!(
            line(EventKind::Enqueued {
                seq: 2,
                id: id("r"),
                by: S,
                scheduled_for: Some(t(15_000))
            }),
            "S scheduled r for 15.000 s (seq 2 while scheduled; it gets a new one when it becomes active)."
        );
        assert_eq!(
            line(EventKind::DuplicateDropped {
                seq: None,
                id: id("m1"),
                by: S
            }),
            "S sent m1 again inside the duplicate detection window: the broker reported success and dropped it."
        );
        assert_eq!(
            line(EventKind::Rejected {
                id: id("m1"),
                by: S,
                error: ErrorKind::QuotaExceeded,
                message: "full".into()
            }),
            "S's presettled send of m1 was refused (QuotaExceeded), and nobody is told: the sender never waits for an answer."
        );
        assert_eq!(
            line(EventKind::Activated {
                seq: 3,
                scheduled_seq: 2,
                id: id("r")
            }),
            "r reached its scheduled time and became active with a new sequence number 3 (it was 2)."
        );
        assert_eq!(
            line(EventKind::Cancelled {
                seq: 2,
                id: id("r"),
                by: S
            }),
            "S cancelled scheduled r (seq 2): deleted."
        );
    }

    #[test]
    fn deliveries_and_lock_renewal() {
        assert_eq!(
            line(EventKind::Locked {
                seq: 1,
                id: id("m1"),
                by: R1,
                until: t(61_000),
                delivery_count: 1,
                prefetched: false
            }),
            "R1 received m1 (delivery 1); it is locked to R1 until 61.000 s."
        );
        assert_eq!(
            line(EventKind::Locked {
                seq: 1,
                id: id("m1"),
                by: R1,
                until: t(61_000),
                delivery_count: 2,
                prefetched: true
            }),
            "m1 was prefetched into R1's buffer (delivery 2); its lock clock is already running, until 61.000 s."
        );
        assert_eq!(
            line(EventKind::ReceivedAndDeleted {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 1
            }),
            "R1 received m1 in receive-and-delete mode: it is gone from the queue, whatever happens to R1 now."
        );
        assert_eq!(
            line(EventKind::LockRenewed {
                seq: 1,
                id: id("m1"),
                by: R1,
                until: t(90_000)
            }),
            "R1 renewed the lock on m1: locked until 90.000 s."
        );
    }

    #[test]
    fn settlements() {
        assert_eq!(
            line(EventKind::Completed {
                seq: 1,
                id: id("m1"),
                by: R1
            }),
            "R1 completed m1: removed from the queue for good."
        );
        assert_eq!(
            line(EventKind::Abandoned {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 1,
                sub_queue: SubQueue::Main,
            }),
            "R1 abandoned m1: delivery count 1 of 3. It is available again."
        );
        assert_eq!(
            line(EventKind::Deferred {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 1
            }),
            "R1 deferred m1: set aside until someone receives seq 1 by number (delivery count 1 of 3)."
        );
    }

    #[test]
    fn a_lock_expiry_says_whether_the_message_is_available_again() {
        let expired = EventKind::LockExpired {
            seq: 1,
            id: id("m1"),
            by: R1,
            delivery_count: 1,
            sub_queue: SubQueue::Main,
        };
        assert_eq!(
            line(expired.clone()),
            "m1's lock expired before R1 settled it; that counts as a failed delivery (1 of 3). It is available again."
        );
        let gone = lines(vec![
            expired,
            EventKind::Expired {
                seq: 1,
                id: id("m1"),
            },
        ]);
        assert_eq!(
            gone,
            [
                "m1's lock expired before R1 settled it; that counts as a failed delivery (1 of 3).",
                "m1 expired: its time-to-live ran out, and with dead-lettering on expiration off it was dropped."
            ]
        );
    }

    #[test]
    fn max_delivery_count_reads_as_cause_and_effect() {
        let out = lines(vec![
            EventKind::Abandoned {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 3,
                sub_queue: SubQueue::Main,
            },
            EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: None,
                cause: DeadLetterCause::MaxDeliveryCountExceeded { max: 3 },
                delivery_count: 3,
            },
        ]);
        assert_eq!(
            out,
            [
                "R1 abandoned m1: delivery count 3 of 3.",
                "m1 → dead-letter queue: its 3rd delivery was abandoned and MaxDeliveryCount is 3 (application property DeadLetterReason: MaxDeliveryCountExceeded)."
            ]
        );
        // After a lock expiry; and the count is the one in force when it happened.
        let out = lines(vec![
            EventKind::LockExpired {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 2,
                sub_queue: SubQueue::Main,
            },
            EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: None,
                cause: DeadLetterCause::MaxDeliveryCountExceeded { max: 2 },
                delivery_count: 2,
            },
        ]);
        assert_eq!(
            out[1],
            "m1 → dead-letter queue: its 2nd delivery ran out of lock time and MaxDeliveryCount is 2 (application property DeadLetterReason: MaxDeliveryCountExceeded)."
        );
    }

    #[test]
    fn other_dead_letter_causes() {
        assert_eq!(
            line(EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: None,
                cause: DeadLetterCause::TtlExpired,
                delivery_count: 0
            }),
            "m1 → dead-letter queue: its time-to-live ran out and dead-lettering on expiration is on (application property DeadLetterReason: TTLExpiredException)."
        );
        assert_eq!(
            line(EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: Some(R1),
                cause: DeadLetterCause::Explicit {
                    reason: Some(id("Bad")),
                    description: Some(id("no stock"))
                },
                delivery_count: 0
            }),
            "R1 dead-lettered m1; its application properties DeadLetterReason and DeadLetterErrorDescription say \"Bad\" and \"no stock\"."
        );
        // An explicit reason that reads like the broker's is still the receiver's.
        assert_eq!(
            line(EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: Some(R1),
                cause: DeadLetterCause::Explicit {
                    reason: Some(id("MaxDeliveryCountExceeded")),
                    description: None
                },
                delivery_count: 0
            }),
            "R1 dead-lettered m1; its application property DeadLetterReason says \"MaxDeliveryCountExceeded\"."
        );
        assert_eq!(
            line(EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: Some(R1),
                cause: DeadLetterCause::Explicit {
                    reason: None,
                    description: None
                },
                delivery_count: 0
            }),
            "R1 dead-lettered m1 without a reason."
        );
    }

    #[test]
    fn releases_in_the_dead_letter_queue_say_that_nothing_counts_there() {
        let dlq = SubQueue::DeadLetter;
        assert_eq!(
            line(EventKind::Abandoned {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 0,
                sub_queue: dlq,
            }),
            "R1 abandoned m1: it stays in the dead-letter queue with delivery count 0, as nothing there counts."
        );
        assert_eq!(
            line(EventKind::LockExpired {
                seq: 1,
                id: id("m1"),
                by: R1,
                delivery_count: 0,
                sub_queue: dlq,
            }),
            "m1's lock expired before R1 settled it; it stays in the dead-letter queue with delivery count 0, as nothing there counts."
        );
        assert_eq!(
            line(EventKind::LockLost {
                seq: 1,
                id: id("m1"),
                by: R1,
                cause: LockLossCause::EntityUpdated,
                delivery_count: 0,
                sub_queue: dlq,
            }),
            "R1 held it while the queue's settings changed, so its lock on m1 is gone; it stays in the dead-letter queue with delivery count 0, as nothing there counts."
        );
        assert_eq!(
            line(EventKind::DeadLettered {
                seq: 1,
                id: id("m1"),
                by: Some(R1),
                cause: DeadLetterCause::Explicit {
                    reason: None,
                    description: Some(id("why"))
                },
                delivery_count: 0
            }),
            "R1 dead-lettered m1; its application property DeadLetterErrorDescription says \"why\"."
        );
    }

    #[test]
    fn an_entity_update_loses_locks() {
        assert_eq!(
            line(EventKind::LockLost {
                seq: 1,
                id: id("m1"),
                by: R1,
                cause: LockLossCause::EntityUpdated,
                delivery_count: 1,
                sub_queue: SubQueue::Main,
            }),
            "R1 held it while the queue's settings changed, so its lock on m1 is gone; delivery count 1 of 3. It is available again."
        );
    }

    #[test]
    fn a_closed_link_keeps_its_locks_until_they_expire() {
        let closed = |cause, sub_queue, still_locked| EventKind::LinkClosed {
            by: R1,
            cause,
            sub_queue,
            session: None,
            still_locked,
        };
        let m = |seq, name: &str, ms| StillLocked {
            seq,
            id: id(name),
            until: t(ms),
        };
        assert_eq!(
            line(closed(
                LockLossCause::Closed,
                SubQueue::Main,
                vec![m(1, "m1", 42_000)]
            )),
            "R1 closed its receiver; m1 stays locked until 42.000 s: nobody can take it until then, and R1 can no longer settle it."
        );
        assert_eq!(
            line(closed(
                LockLossCause::Disconnected,
                SubQueue::Main,
                vec![m(1, "m1", 42_000), m(2, "m2", 43_500)]
            )),
            "R1 lost its connection; m1 (until 42.000 s), m2 (until 43.500 s) stay locked: nobody can take them until then, and R1 can no longer settle them."
        );
        assert_eq!(
            line(closed(
                LockLossCause::Closed,
                SubQueue::DeadLetter,
                vec![m(4, "d1", 30_000)]
            )),
            "R1 closed its dead-letter receiver; d1 stays locked until 30.000 s: nobody can take it until then, and R1 can no longer settle it."
        );
        let session = |still_locked| EventKind::LinkClosed {
            by: R1,
            cause: LockLossCause::Disconnected,
            sub_queue: SubQueue::Main,
            session: Some((id("A"), t(60_000))),
            still_locked,
        };
        assert_eq!(
            line(session(vec![])),
            "R1 lost its connection while holding session A: the session stays locked until 60.000 s, and nobody else can accept it until then."
        );
        assert_eq!(
            line(session(vec![m(1, "a1", 60_000)])),
            "R1 lost its connection while holding session A: the session stays locked until 60.000 s, and nobody else can accept it until then. Its unsettled message a1 comes back then, counting a failed delivery."
        );
        assert_eq!(
            line(session(vec![m(1, "a1", 60_000), m(2, "a2", 60_000)])),
            "R1 lost its connection while holding session A: the session stays locked until 60.000 s, and nobody else can accept it until then. Its unsettled messages a1, a2 come back then, each counting a failed delivery."
        );
    }

    #[test]
    fn sessions() {
        let a = || id("A");
        assert_eq!(
            line(EventKind::SessionLocked {
                session_id: a(),
                by: R1,
                until: t(60_000)
            }),
            "R1 accepted session A: every message of it is locked to R1 until 60.000 s."
        );
        assert_eq!(
            line(EventKind::SessionLockRenewed {
                session_id: a(),
                by: R1,
                until: t(90_000)
            }),
            "R1 renewed the lock on session A: until 90.000 s."
        );
        assert_eq!(
            line(EventKind::SessionLockExpired {
                session_id: a(),
                by: R1
            }),
            "R1's lock on session A expired; its unsettled messages count a failed delivery."
        );
        assert_eq!(
            line(EventKind::SessionReleased {
                session_id: a(),
                by: R1,
                cause: LockLossCause::Closed
            }),
            "R1 closed session A; its unsettled messages go back without counting a delivery."
        );
        assert_eq!(
            line(EventKind::SessionReleased {
                session_id: a(),
                by: R1,
                cause: LockLossCause::EntityUpdated
            }),
            "R1 lost session A (entity updated)."
        );
    }

    #[test]
    fn actor_lines() {
        let act = |op, result, note| ActorAct {
            at: t(0),
            by: id("Worker"),
            op,
            result,
            note,
        };
        assert_eq!(
            narrate_act(&act(Op::Disconnect, Some(Ok(Outcome::Done)), None)).unwrap(),
            "Worker crashed: its connection dropped, and it can no longer settle anything it held."
        );
        let send = || Op::Send {
            msg: settle_core::NewMessage::new("o1", ""),
            presettled: false,
        };
        assert_eq!(
            narrate_act(&act(send(), None, Some("fire and forget"))).unwrap(),
            "Worker sent o1 without waiting for an answer (fire and forget)."
        );
        assert_eq!(
            narrate_act(&act(send(), Some(Ok(Outcome::Done)), None)).unwrap(),
            "Worker: the send of o1 completed: the broker accepted it."
        );
        assert_eq!(
            narrate_act(&act(
                send(),
                Some(Err(Error {
                    kind: ErrorKind::ServiceBusy,
                    message: "busy".into()
                })),
                None
            ))
            .unwrap(),
            "Worker: the send of o1 failed: ServiceBusy: busy"
        );
        assert_eq!(
            narrate_act(&act(
                Op::Receive {
                    max: 1,
                    mode: None,
                    from: SubQueue::Main
                },
                Some(Ok(Outcome::Messages(vec![]))),
                None
            )),
            None,
            "the broker's events already say it"
        );
    }
}
