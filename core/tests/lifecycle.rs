//! One story per transition row T1–T24 of semantics.md §1.3, plus §0.2 and §1.4.
//! Each asserts the delivery count, the sequence number, the lock expiry and where the message
//! ended up. Delivery counts: `received.delivery_count` is .NET's (h+1); listings show h.

mod common;
use common::H;
use settle_core::{
    Duration, ErrorKind, EventKind, Listing, MessageState, NewMessage, Op, Outcome, ReceiveMode,
    SubQueue, text,
};

const LD: u64 = 30_000;

fn h() -> H {
    H::new(|c| {
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 3;
    })
}

#[test]
fn t1_send_gives_gap_free_sequence_numbers_from_1_and_no_deliveries() {
    let mut h = h();
    h.at(500);
    h.send("m1");
    h.send("m2");
    let main = h.main();
    assert_eq!(main.iter().map(|m| m.seq).collect::<Vec<_>>(), [1, 2]);
    assert!(
        main.iter()
            .all(|m| m.delivery_count == 0 && m.enqueued_at.as_millis() == 500)
    );
    assert!(
        main.iter()
            .all(|m| m.expires_at.is_none() && m.state == MessageState::Active)
    );
}

#[test]
fn t1_message_ttl_is_capped_by_the_entity_default_ttl() {
    let mut h = H::new(|c| c.default_ttl = Some(Duration::from_secs(10)));
    let mut long = NewMessage::new("long", "");
    long.ttl = Some(Duration::from_secs(60));
    let mut short = NewMessage::new("short", "");
    short.ttl = Some(Duration::from_secs(5));
    h.at(1_000);
    h.send_msg("S", long).unwrap();
    h.send_msg("S", short).unwrap();
    h.send("none");
    assert_eq!(h.find("long").expires_at.unwrap().as_millis(), 11_000);
    assert_eq!(h.find("short").expires_at.unwrap().as_millis(), 6_000);
    assert_eq!(h.find("none").expires_at.unwrap().as_millis(), 11_000);
}

#[test]
fn t2_schedule_returns_a_sequence_number_and_the_message_waits_unreceivable() {
    let mut h = h();
    h.send("before");
    let seq = h.schedule("later", 5_000);
    assert_eq!(seq, 2);
    let s = h.list(Listing::Scheduled);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].seq, s[0].state), (2, MessageState::Scheduled));
    h.at(1_000);
    assert_eq!(&*h.recv1("R").id, "before");
    assert!(
        h.recv("R").is_empty(),
        "a scheduled message is not receivable"
    );
    let peeked = h.peek("P", 10, None, SubQueue::Main);
    assert!(
        peeked
            .iter()
            .any(|m| m.seq == 2 && m.state == MessageState::Scheduled)
    );
}

#[test]
fn t3_activation_gives_a_new_sequence_number_and_enqueued_time() {
    let mut h = H::new(|c| c.default_ttl = Some(Duration::from_secs(60)));
    let old = h.schedule("later", 5_000);
    h.send("other"); // seq 2
    h.at(4_999);
    assert!(h.list(Listing::Scheduled).len() == 1);
    h.at(5_000);
    assert!(h.has_event(
        |e| matches!(e, EventKind::Activated { seq: 3, scheduled_seq, .. } if *scheduled_seq == old)
    ));
    let m = h.find("later");
    assert_eq!(
        (m.seq, m.state, m.delivery_count),
        (3, MessageState::Active, 0)
    );
    assert_eq!(m.enqueued_at.as_millis(), 5_000);
    assert_eq!(m.expires_at.unwrap().as_millis(), 65_000);
}

#[test]
fn t4_cancel_deletes_a_scheduled_message_and_unknown_is_a_no_op() {
    let mut h = h();
    let seq = h.schedule("later", 5_000);
    h.op("S", Op::CancelScheduled { seq }).unwrap();
    assert!(h.gone("later"));
    h.op("S", Op::CancelScheduled { seq: 99 }).unwrap();
    h.at(10_000);
    assert!(!h.has_event(|e| matches!(e, EventKind::Activated { .. })));
}

#[test]
fn t5_peek_lock_receive_locks_for_the_lock_duration_with_delivery_count_1() {
    let mut h = h();
    h.send("m1");
    h.at(1_000);
    let m = h.recv1("R");
    assert_eq!((m.seq, m.delivery_count), (1, 1));
    assert_eq!(m.locked_until.unwrap().as_millis(), 1_000 + LD);
    assert!(m.lock_token.is_some());
    let listed = h.find("m1");
    assert_eq!(listed.delivery_count, 0, "h is unchanged by a receive");
    assert_eq!(listed.locked_until.unwrap().as_millis(), 31_000);
    assert!(listed.locked_by.is_some());
    assert!(
        h.recv("R2").is_empty(),
        "a locked message is skipped by other receivers"
    );
}

#[test]
fn t6_receive_and_delete_removes_the_message_as_it_is_handed_over() {
    let mut h = h();
    h.send("m1");
    let got = h
        .recv_with("R", 1, Some(ReceiveMode::ReceiveAndDelete), SubQueue::Main)
        .unwrap();
    assert_eq!((got[0].seq, got[0].delivery_count), (1, 1));
    assert!(got[0].lock_token.is_none() && got[0].locked_until.is_none());
    assert!(h.gone("m1"));
}

#[test]
fn t7_complete_removes_the_message_for_good() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.at(29_999);
    h.complete("R", "m1").unwrap();
    assert!(h.gone("m1"));
    h.at(100_000);
    assert!(h.recv("R").is_empty());
}

#[test]
fn t8_abandon_counts_a_delivery_and_the_message_is_served_next() {
    let mut h = h();
    h.send("m1");
    h.send("m2");
    h.recv1("R");
    h.abandon("R", "m1").unwrap();
    assert_eq!(h.find("m1").delivery_count, 1);
    let again = h.recv1("R");
    assert_eq!((&*again.id, again.seq, again.delivery_count), ("m1", 1, 2));
}

#[test]
fn t9_lock_expiry_redelivers_with_delivery_count_2_and_late_settlement_is_lock_lost() {
    let mut h = h();
    h.send("m1");
    h.at(1_000);
    h.recv1("R1");
    h.at(30_999);
    assert!(h.recv("R2").is_empty());
    // Half-open: at now == LockedUntil the lock has expired.
    h.at(31_000);
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::LockExpired {
            seq: 1,
            delivery_count: 1,
            ..
        }
    )));
    let again = h.recv1("R2");
    assert_eq!((again.seq, again.delivery_count), (1, 2));
    assert_eq!(again.locked_until.unwrap().as_millis(), 31_000 + LD);
    assert_eq!(h.complete("R1", "m1"), Err(ErrorKind::MessageLockLost));
    h.complete("R2", "m1").unwrap();
    assert!(h.gone("m1"));
}

#[test]
fn t10_dead_letter_keeps_the_delivery_count_and_records_reason_and_description() {
    let mut h = h();
    h.send("m1");
    h.send("m2");
    h.recv1("R");
    h.dead_letter("R", "m1", Some("BadFormat"), Some("field x missing"))
        .unwrap();
    h.recv1("R");
    h.dead_letter("R", "m2", None, None).unwrap();
    let d = h.dlq();
    assert_eq!(d.len(), 2);
    assert_eq!((d[0].seq, d[0].delivery_count), (1, 0));
    assert_eq!(d[0].dead_letter_reason.as_deref(), Some("BadFormat"));
    assert_eq!(
        d[0].dead_letter_description.as_deref(),
        Some("field x missing")
    );
    assert_eq!(
        (
            d[1].dead_letter_reason.clone(),
            d[1].dead_letter_description.clone()
        ),
        (None, None)
    );
    assert!(h.main().is_empty());
}

#[test]
fn t11_defer_counts_a_delivery_and_hides_the_message_from_receive() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    let m = h.find("m1");
    assert_eq!(
        (m.seq, m.delivery_count, m.state),
        (1, 1, MessageState::Deferred)
    );
    assert!(h.recv("R").is_empty());
    assert_eq!(
        h.peek("P", 5, None, SubQueue::Main).len(),
        1,
        "deferred messages can be browsed"
    );
}

#[test]
fn t11_defer_with_max_delivery_count_1_dead_letters() {
    let mut h = H::new(|c| c.max_delivery_count = 1);
    h.send("m1");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    let d = h.dlq();
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].dead_letter_reason.as_deref(),
        Some("MaxDeliveryCountExceeded")
    );
    assert_eq!(d[0].delivery_count, 1);
}

#[test]
fn t12_renew_lock_resets_the_lock_to_now_plus_lock_duration_any_number_of_times() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    for k in 1..=5u64 {
        h.at(k * 20_000);
        assert_eq!(h.renew("R", "m1"), Ok(k * 20_000 + LD));
    }
    assert_eq!(h.find("m1").locked_until.unwrap().as_millis(), 130_000);
    h.at(129_999);
    h.complete("R", "m1").unwrap();
}

#[test]
fn t13_receive_deferred_by_sequence_number_locks_it_with_the_next_delivery_count() {
    let mut h = h();
    h.send("m1");
    h.send("m2");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    h.at(1_000);
    let got = h.recv_deferred("R", &[1]).unwrap();
    assert_eq!((got[0].seq, got[0].delivery_count), (1, 2));
    assert_eq!(got[0].locked_until.unwrap().as_millis(), 1_000 + LD);
    assert_eq!(got[0].state, MessageState::Deferred);
    // Unknown, active, and currently locked sequence numbers: MessageNotFound.
    assert_eq!(h.recv_deferred("R", &[99]), Err(ErrorKind::MessageNotFound));
    assert_eq!(h.recv_deferred("R", &[2]), Err(ErrorKind::MessageNotFound));
    assert_eq!(h.recv_deferred("R2", &[1]), Err(ErrorKind::MessageNotFound));
}

#[test]
fn t13b_receive_deferred_in_receive_and_delete_mode_removes_it() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    let r = h.op(
        "R",
        Op::ReceiveDeferred {
            seqs: vec![1],
            mode: Some(ReceiveMode::ReceiveAndDelete),
            from: SubQueue::Main,
        },
    );
    let Ok(Outcome::Messages(got)) = r else {
        panic!("{r:?}")
    };
    assert_eq!((got[0].delivery_count, got[0].lock_token), (2, None));
    assert!(h.gone("m1"));
}

fn deferred_and_received(h: &mut H) {
    h.send("m1");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    h.recv_deferred("R", &[1]).unwrap();
}

#[test]
fn t14_complete_of_a_deferred_message_removes_it() {
    let mut h = h();
    deferred_and_received(&mut h);
    h.complete("R", "m1").unwrap();
    assert!(h.gone("m1"));
}

#[test]
fn t15_abandon_of_a_deferred_message_counts_and_it_stays_deferred() {
    let mut h = H::new(|c| c.max_delivery_count = 10);
    deferred_and_received(&mut h);
    h.abandon("R", "m1").unwrap();
    let m = h.find("m1");
    assert_eq!((m.delivery_count, m.state), (2, MessageState::Deferred));
    assert!(
        h.recv("R").is_empty(),
        "still deferred, not back in the queue"
    );
    assert_eq!(h.recv_deferred("R", &[1]).unwrap()[0].delivery_count, 3);
}

#[test]
fn t16_defer_of_a_deferred_message_counts_again() {
    let mut h = H::new(|c| c.max_delivery_count = 10);
    deferred_and_received(&mut h);
    h.defer("R", "m1").unwrap();
    assert_eq!(h.find("m1").delivery_count, 2);
}

#[test]
fn t17_dead_letter_of_a_deferred_message_keeps_count_and_deferred_state() {
    let mut h = H::new(|c| c.max_delivery_count = 10);
    deferred_and_received(&mut h);
    h.dead_letter("R", "m1", Some("Poison"), None).unwrap();
    let d = h.dlq();
    assert_eq!(
        (d[0].delivery_count, d[0].state),
        (1, MessageState::Deferred)
    );
    // In the DLQ it is an ordinary message again: a plain receive gets it.
    assert_eq!(h.recv_dlq("D")[0].delivery_count, 2);
}

#[test]
fn t17b_renew_lock_on_a_deferred_message() {
    let mut h = h();
    deferred_and_received(&mut h);
    h.at(20_000);
    assert_eq!(h.renew("R", "m1"), Ok(20_000 + LD));
}

#[test]
fn t17c_lock_expiry_of_a_deferred_message_counts_and_it_stays_deferred() {
    let mut h = H::new(|c| {
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 10;
    });
    deferred_and_received(&mut h);
    h.at(LD);
    let m = h.find("m1");
    assert_eq!(
        (m.delivery_count, m.state, m.locked_until),
        (2, MessageState::Deferred, None)
    );
    assert!(h.recv("R").is_empty());
}

#[test]
fn t18_an_expired_message_is_collected_by_the_next_receive_into_the_dlq() {
    let mut h = H::new(|c| {
        c.dead_letter_on_expiration = true;
        c.default_ttl = Some(Duration::from_secs(10));
    });
    h.send("m1");
    h.at(60_000);
    // Nobody received: not collected, peek still shows it.
    assert_eq!(h.peek("P", 10, None, SubQueue::Main).len(), 1);
    assert!(h.dlq().is_empty());
    assert!(h.recv("R").is_empty());
    let d = h.dlq();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].dead_letter_reason.as_deref(), Some(text::TTL_REASON));
    assert_eq!(
        d[0].dead_letter_description.as_deref(),
        Some("The message expired and was dead lettered.")
    );
    assert_eq!(d[0].delivery_count, 0);
}

#[test]
fn t18_without_dead_lettering_on_expiration_an_expired_message_is_dropped() {
    let mut h = H::new(|c| c.default_ttl = Some(Duration::from_secs(10)));
    h.send("m1");
    h.at(10_000);
    assert!(h.recv("R").is_empty());
    assert!(h.gone("m1"));
    assert!(h.has_event(|e| matches!(e, EventKind::Expired { seq: 1, .. })));
}

#[test]
fn t19_a_locked_message_ignores_its_ttl_and_completes() {
    let mut h = H::new(|c| {
        c.dead_letter_on_expiration = true;
        c.default_ttl = Some(Duration::from_secs(10));
    });
    h.send("m1");
    h.recv1("R");
    h.at(20_000);
    assert!(h.recv("R2").is_empty());
    h.complete("R", "m1").unwrap();
    assert!(h.gone("m1"));
}

#[test]
fn t20_deferred_messages_are_not_expired_until_received_by_sequence_number() {
    let mut h = H::new(|c| {
        c.dead_letter_on_expiration = true;
        c.default_ttl = Some(Duration::from_secs(10));
    });
    h.send("m1");
    h.recv1("R");
    h.defer("R", "m1").unwrap();
    h.at(50_000);
    assert!(h.recv("R").is_empty());
    assert_eq!(
        h.find("m1").state,
        MessageState::Deferred,
        "not purged by receives"
    );
    assert_eq!(h.recv_deferred("R", &[1]), Err(ErrorKind::MessageNotFound));
    let d = h.dlq();
    assert_eq!(d[0].dead_letter_reason.as_deref(), Some(text::TTL_REASON));
}

#[test]
fn t21_receive_from_the_dlq_locks_with_h_plus_1_and_ignores_ttl() {
    let mut h = H::new(|c| {
        c.max_delivery_count = 2;
        c.default_ttl = Some(Duration::from_secs(100));
    });
    h.send("m1");
    h.recv1("R");
    h.abandon("R", "m1").unwrap();
    h.recv1("R");
    h.abandon("R", "m1").unwrap();
    assert!(h.in_dlq("m1"));
    h.at(1_000_000);
    let got = h.recv_dlq("D");
    assert_eq!((got[0].seq, got[0].delivery_count), (1, 3));
}

#[test]
fn t22_complete_from_the_dlq_is_the_way_to_remove_it() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.dead_letter("R", "m1", None, None).unwrap();
    h.recv_dlq("D");
    h.complete("D", "m1").unwrap();
    assert!(h.gone("m1"));
}

#[test]
fn t23_abandon_and_lock_expiry_in_the_dlq_return_it_there_without_counting() {
    let mut h = H::new(|c| {
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 1;
    });
    h.send("m1");
    h.recv1("R");
    h.dead_letter("R", "m1", None, None).unwrap();
    h.recv_dlq("D");
    h.abandon("D", "m1").unwrap();
    assert!(h.in_dlq("m1"));
    assert_eq!(
        h.find("m1").delivery_count,
        0,
        "an abandon in the DLQ does not count (format v1.2)"
    );
    h.recv_dlq("D");
    h.at(LD);
    assert!(h.in_dlq("m1"));
    assert_eq!(
        h.find("m1").delivery_count,
        0,
        "lock expiry in the DLQ does not count (azure-sdk-for-net#53437)"
    );
}

#[test]
fn t24_dead_lettering_from_the_dlq_is_an_invalid_operation() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.dead_letter("R", "m1", None, None).unwrap();
    h.recv_dlq("D");
    assert_eq!(
        h.dead_letter("D", "m1", Some("again"), None),
        Err(ErrorKind::InvalidOperation)
    );
    // The lock survives the refusal.
    h.complete("D", "m1").unwrap();
}

#[test]
fn max_delivery_count_n_means_exactly_n_deliveries_then_the_dlq() {
    let mut h = h(); // N = 3
    h.send("m1");
    for k in 1..=3 {
        let m = h.recv1("R");
        assert_eq!(m.delivery_count, k);
        h.abandon("R", "m1").unwrap();
    }
    assert!(h.recv("R").is_empty());
    let d = h.dlq();
    assert_eq!((d[0].seq, d[0].delivery_count), (1, 3));
    assert_eq!(
        d[0].dead_letter_reason.as_deref(),
        Some("MaxDeliveryCountExceeded")
    );
    assert_eq!(
        d[0].dead_letter_description.as_deref(),
        Some("Message could not be consumed after 3 delivery attempts.")
    );
    assert_eq!(h.recv_dlq("D")[0].delivery_count, 4);
}

#[test]
fn lock_expiries_count_toward_max_delivery_count_too() {
    let mut h = h();
    h.send("m1");
    for k in 0..3 {
        h.at(k * LD);
        h.recv1("R");
    }
    h.at(3 * LD);
    assert!(h.in_dlq("m1"));
}

#[test]
fn ttl_wins_over_max_delivery_count_when_both_apply_on_release() {
    let mut h = H::new(|c| {
        c.max_delivery_count = 1;
        c.dead_letter_on_expiration = true;
        c.default_ttl = Some(Duration::from_secs(5));
    });
    h.send("m1");
    h.recv1("R");
    h.at(6_000);
    h.abandon("R", "m1").unwrap();
    let d = h.dlq();
    assert_eq!(d[0].dead_letter_reason.as_deref(), Some(text::TTL_REASON));
    assert_eq!(d[0].delivery_count, 1, "h is still incremented first");
}

#[test]
fn at_one_instant_activation_precedes_lock_expiry_which_precedes_the_operation() {
    let mut h = H::new(|c| c.lock_duration = Duration::from_millis(LD));
    h.send("m1");
    h.recv1("R");
    h.schedule("s1", LD);
    h.take_events();
    h.at(LD);
    let kinds: Vec<&str> = h
        .events
        .iter()
        .map(|e| match e.kind {
            EventKind::Activated { .. } => "activated",
            EventKind::LockExpired { .. } => "lock_expired",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["activated", "lock_expired"]);
    // Lowest sequence number first: m1 (seq 1) comes back before s1 (new seq 3).
    assert_eq!(&*h.recv1("R").id, "m1");
}
