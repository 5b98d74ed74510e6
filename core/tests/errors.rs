//! Every row of semantics.md §5.3 (scenario → error), plus send-side rules (§6).

mod common;
use common::H;
use settle_core::{
    Duration, ErrorKind, EventKind, Instant, NewMessage, Op, QueuePatch, ReceiveMode, SubQueue,
    Tier,
};

const LD: u64 = 30_000;

fn locked(h: &mut H) {
    h.send("m1");
    h.recv1("R");
}

fn h() -> H {
    H::new(|c| c.lock_duration = Duration::from_millis(LD))
}

#[test]
fn every_settlement_after_lock_expiry_is_lock_lost_and_changes_nothing() {
    for verb in ["complete", "abandon", "defer", "dead_letter", "renew"] {
        let mut h = h();
        locked(&mut h);
        h.at(LD); // expired: released by T9 (h = 1)
        let before = h.find("m1");
        let r = match verb {
            "complete" => h.complete("R", "m1"),
            "abandon" => h.abandon("R", "m1"),
            "defer" => h.defer("R", "m1"),
            "dead_letter" => h.dead_letter("R", "m1", None, None),
            _ => h.renew("R", "m1").map(|_| ()),
        };
        assert_eq!(r, Err(ErrorKind::MessageLockLost), "{verb}");
        assert_eq!(
            h.find("m1"),
            before,
            "{verb} after expiry must not change the message"
        );
    }
}

#[test]
fn lock_lost_message_says_how_long_ago_the_lock_expired() {
    let mut h = h();
    locked(&mut h);
    h.at(LD + 4_200);
    let e = h
        .op(
            "R",
            Op::Complete {
                target: settle_core::Target::Id("m1".into()),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::MessageLockLost);
    assert!(
        e.text().contains("the lock expired 4.2 s ago"),
        "{}",
        e.text()
    );
    assert_eq!(
        e.why,
        Some(settle_core::Why::Expired {
            id: "m1".into(),
            ago: Duration::from_millis(4_200)
        })
    );
}

#[test]
fn settling_the_same_lock_twice_is_lock_lost() {
    let mut h = h();
    locked(&mut h);
    h.complete("R", "m1").unwrap();
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    let mut h2 = h_with_two();
    h2.abandon("R", "m1").unwrap();
    assert_eq!(h2.abandon("R", "m1"), Err(ErrorKind::MessageLockLost));
}

fn h_with_two() -> H {
    let mut h = h();
    locked(&mut h);
    h
}

#[test]
fn settling_after_someone_else_received_it_again_is_lock_lost() {
    let mut h = h();
    locked(&mut h);
    h.at(LD);
    h.recv1("R2");
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    h.complete("R2", "m1").unwrap();
}

#[test]
fn renew_after_expiry_or_after_settlement_is_lock_lost() {
    let mut h = h();
    locked(&mut h);
    h.complete("R", "m1").unwrap();
    assert_eq!(h.renew("R", "m1"), Err(ErrorKind::MessageLockLost));
    let mut h = h_with_two();
    h.at(LD + 1);
    assert_eq!(h.renew("R", "m1"), Err(ErrorKind::MessageLockLost));
}

#[test]
fn settling_a_receive_and_delete_message_is_a_client_side_invalid_operation() {
    let mut h = h();
    h.send("m1");
    h.recv_with("R", 1, Some(ReceiveMode::ReceiveAndDelete), SubQueue::Main)
        .unwrap();
    for r in [
        h.complete("R", "m1"),
        h.abandon("R", "m1"),
        h.defer("R", "m1"),
    ] {
        assert_eq!(r, Err(ErrorKind::InvalidOperation));
    }
}

#[test]
fn settling_a_peeked_message_is_a_client_side_invalid_operation() {
    let mut h = h();
    h.send("m1");
    h.peek("R", 1, None, SubQueue::Main);
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::InvalidOperation));
    assert_eq!(h.find("m1").delivery_count, 0);
    assert!(
        h.recv1("R2").lock_token.is_some(),
        "the message was never locked by the peek"
    );
}

#[test]
fn settling_a_message_the_client_never_received_is_invalid_operation() {
    let mut h = h();
    locked(&mut h);
    assert_eq!(h.complete("Other", "m1"), Err(ErrorKind::InvalidOperation));
    assert_eq!(h.complete("R", "nope"), Err(ErrorKind::InvalidOperation));
}

#[test]
fn send_over_the_tier_size_limit_is_message_size_exceeded_and_nothing_is_stored() {
    let mut h = h();
    let mut ok = NewMessage::new("ok", "");
    ok.size_bytes = 262_144;
    let mut big = NewMessage::new("big", "");
    big.size_bytes = 262_145;
    h.send_msg("S", ok).unwrap();
    assert_eq!(
        h.send_msg("S", big.clone()),
        Err(ErrorKind::MessageSizeExceeded)
    );
    assert!(h.gone("big"));
    let mut p = H::new(|c| c.tier = Tier::Premium);
    p.send_msg("S", big).unwrap();
    let mut huge = NewMessage::new("huge", "");
    huge.size_bytes = 100 * 1024 * 1024 + 1;
    assert_eq!(p.send_msg("S", huge), Err(ErrorKind::MessageSizeExceeded));
}

#[test]
fn send_that_would_pass_the_quota_is_quota_exceeded_reaching_it_exactly_is_fine() {
    let mut h = H::new(|c| c.max_size_bytes = 10);
    let mut m = NewMessage::new("a", "123456");
    h.send_msg("S", m.clone()).unwrap();
    m.id = "b".into();
    assert_eq!(h.send_msg("S", m), Err(ErrorKind::QuotaExceeded));
    h.send_msg("S", NewMessage::new("c", "1234")).unwrap();
    assert_eq!(h.w.queue().size_bytes(), 10);
    // Dead-lettered messages still count.
    h.recv1("R");
    h.dead_letter("R", "a", None, None).unwrap();
    assert_eq!(
        h.send_msg("S", NewMessage::new("d", "x")),
        Err(ErrorKind::QuotaExceeded)
    );
}

#[test]
fn send_without_session_id_to_a_session_queue_is_invalid_operation() {
    let mut h = H::new(|c| c.requires_session = true);
    assert_eq!(
        h.send_msg("S", NewMessage::new("m1", "")),
        Err(ErrorKind::InvalidOperation)
    );
    assert!(h.gone("m1"));
}

#[test]
fn a_duplicate_inside_the_window_is_reported_accepted_and_dropped() {
    let mut h = H::new(|c| c.duplicate_detection_window = Some(Duration::from_secs(60)));
    h.send("m1");
    h.at(59_999);
    h.send("m1"); // accepted, dropped
    assert!(h.has_event(|e| matches!(e, EventKind::DuplicateDropped { seq: None, .. })));
    assert_eq!(h.main().len(), 1);
    h.send("m2");
    assert_eq!(
        h.find("m2").seq,
        2,
        "a dropped duplicate does not consume a sequence number"
    );
    h.at(60_000);
    h.send("m1");
    assert_eq!(h.main().len(), 3, "outside the window the id is new again");
}

#[test]
fn scheduled_duplicates_get_a_sequence_number_but_only_the_first_survives() {
    let mut h = H::new(|c| c.duplicate_detection_window = Some(Duration::from_secs(600)));
    let a = h.schedule("m1", 5_000);
    let b = h.schedule("m1", 6_000);
    assert_ne!(a, b);
    h.send("m1"); // a plain send dedupes against the scheduled one
    h.at(10_000);
    let all: Vec<_> = h.main().into_iter().filter(|m| &*m.id == "m1").collect();
    assert_eq!(all.len(), 1);
}

#[test]
fn presettled_send_refusal_is_only_an_event() {
    let mut h = H::new(|c| c.requires_session = true);
    let r = h.op(
        "S",
        Op::Send {
            msg: NewMessage::new("m1", ""),
            presettled: true,
        },
    );
    assert!(r.is_ok());
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::Rejected {
            error: ErrorKind::InvalidOperation,
            ..
        }
    )));
    assert!(h.gone("m1"));
}

#[test]
fn changing_the_entity_loses_every_lock() {
    let mut h = h();
    locked(&mut h);
    h.op(
        "Admin",
        Op::UpdateQueue(QueuePatch {
            max_delivery_count: Some(5),
            ..Default::default()
        }),
    )
    .unwrap();
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::LockLost {
            seq: 1,
            delivery_count: 1,
            ..
        }
    )));
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    assert_eq!(h.w.queue().config().max_delivery_count, 5);
}

#[test]
fn lowering_max_delivery_count_dead_letters_at_the_next_failed_delivery() {
    let mut h = h();
    h.send("m1");
    for _ in 0..2 {
        h.recv1("R");
        h.abandon("R", "m1").unwrap();
    }
    h.op(
        "Admin",
        Op::UpdateQueue(QueuePatch {
            max_delivery_count: Some(2),
            ..Default::default()
        }),
    )
    .unwrap();
    // Its count (2) already reached the new limit: it stays until it fails once more.
    assert!(!h.in_dlq("m1"));
    assert_eq!(h.recv1("R").delivery_count, 3);
    h.abandon("R", "m1").unwrap();
    assert!(h.in_dlq("m1"));
    assert_eq!(
        h.dlq()[0].dead_letter_description.as_deref(),
        Some("Message could not be consumed after 2 delivery attempts.")
    );
}

#[test]
fn an_invalid_entity_update_changes_nothing() {
    let mut h = h();
    locked(&mut h);
    let bad = QueuePatch {
        requires_session: Some(true),
        ..Default::default()
    };
    assert_eq!(
        h.op("Admin", Op::UpdateQueue(bad)).unwrap_err().kind,
        ErrorKind::InvalidOperation
    );
    h.complete("R", "m1").unwrap();
}

#[test]
fn peek_uses_a_cursor_per_client_and_returns_at_most_250() {
    let mut h = h();
    for i in 0..300 {
        h.send(&format!("m{i}"));
    }
    let a = h.peek("P", 1000, None, SubQueue::Main);
    assert_eq!((a.len(), a[0].seq, a[249].seq), (250, 1, 250));
    let b = h.peek("P", 1000, None, SubQueue::Main);
    assert_eq!((b.len(), b[0].seq), (50, 251));
    assert!(h.peek("P", 10, None, SubQueue::Main).is_empty());
    let c = h.peek("P", 2, Some(7), SubQueue::Main);
    assert_eq!(c.iter().map(|m| m.seq).collect::<Vec<_>>(), [7, 8]);
    assert_eq!(
        h.peek("P", 1, None, SubQueue::Main)[0].seq,
        9,
        "from_seq moves the cursor too"
    );
    assert_eq!(
        h.peek("Q", 1, None, SubQueue::Main)[0].seq,
        1,
        "cursors are per client"
    );
    assert!(
        h.main()
            .iter()
            .all(|m| m.delivery_count == 0 && m.locked_by.is_none())
    );
}

#[test]
fn peek_never_collects_expired_messages() {
    let mut h = H::new(|c| c.default_ttl = Some(Duration::from_secs(1)));
    h.send("m1");
    h.at(5_000);
    assert_eq!(h.peek("P", 5, None, SubQueue::Main).len(), 1);
    assert!(!h.gone("m1"));
}

#[test]
fn time_never_goes_backwards_and_queue_rejects_bad_config() {
    assert!(
        settle_core::Queue::new(
            settle_core::QueueConfig {
                max_delivery_count: 0,
                ..Default::default()
            },
            Instant::ZERO,
            0
        )
        .is_err()
    );
}
