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

/// The line for m1 dead-lettered after its `max`th delivery, abandoned.
fn dead_lettered_after(max: u32) -> String {
    let (seq, m1) = (1, id("m1"));
    lines(vec![
        EventKind::Abandoned {
            seq,
            id: m1.clone(),
            by: R1,
            delivery_count: max,
            sub_queue: SubQueue::Main,
        },
        EventKind::DeadLettered {
            seq,
            id: m1,
            by: None,
            cause: DeadLetterCause::MaxDeliveryCountExceeded { max },
            delivery_count: max,
        },
    ])
    .remove(1)
}

#[test]
fn ordinals() {
    for (n, nth) in [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
    ] {
        assert_eq!(
            dead_lettered_after(n),
            format!(
                "m1 → dead-letter queue: its {nth} delivery was abandoned and MaxDeliveryCount is {n} (application property DeadLetterReason: MaxDeliveryCountExceeded)."
            )
        );
    }
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
        narrate_act(&act(send(), None, Some(Note::FireAndForget))).unwrap(),
        "Worker sent o1 without waiting for an answer (fire and forget: nobody looks at the outcome)."
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
                message: "busy".into(),
                why: None
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

mod languages;
