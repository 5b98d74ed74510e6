//! Sessions (semantics.md §2.4) and prefetch (§2.3).

mod common;
use common::H;
use settle_core::{
    Duration, ErrorKind, EventKind, LinkOptions, Op, Outcome, ReceiveMode, SubQueue,
};

const LD: u64 = 30_000;

fn sessions() -> H {
    H::new(|c| {
        c.requires_session = true;
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 3;
    })
}

#[test]
fn a_session_is_exclusive_and_a_second_accept_cannot_lock_it() {
    let mut h = sessions();
    h.send_s("a1", "A");
    assert_eq!(h.accept("R1", Some("A")), Ok(("A".into(), LD)));
    assert_eq!(
        h.accept("R2", Some("A")),
        Err(ErrorKind::SessionCannotBeLocked)
    );
}

#[test]
fn accept_next_takes_the_free_session_with_the_oldest_message_or_times_out() {
    let mut h = sessions();
    h.send_s("b1", "B");
    h.send_s("a1", "A");
    assert_eq!(h.accept("R1", None).unwrap().0, "B");
    assert_eq!(h.accept("R2", None).unwrap().0, "A");
    assert_eq!(h.accept("R3", None), Err(ErrorKind::ServiceTimeout));
}

#[test]
fn a_plain_receive_on_a_session_queue_is_invalid_operation() {
    let mut h = sessions();
    h.send_s("a1", "A");
    assert_eq!(
        h.recv_with("R", 1, None, SubQueue::Main),
        Err(ErrorKind::InvalidOperation)
    );
}

#[test]
fn messages_of_a_session_come_in_order_under_the_session_lock() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("b1", "B");
    h.send_s("a2", "A");
    h.accept("R", Some("A")).unwrap();
    let got = h.recv_with("R", 10, None, SubQueue::Main).unwrap();
    assert_eq!(got.iter().map(|m| &*m.id).collect::<Vec<_>>(), ["a1", "a2"]);
    assert!(
        got.iter()
            .all(|m| m.locked_until.unwrap().as_millis() == LD)
    );
    h.abandon("R", "a1").unwrap();
    assert_eq!(
        &*h.recv1("R").id,
        "a1",
        "an abandoned session message is served again next"
    );
}

#[test]
fn renewing_the_session_lock_extends_its_messages_and_message_renew_is_refused() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.accept("R", Some("A")).unwrap();
    h.recv1("R");
    assert_eq!(h.renew("R", "a1"), Err(ErrorKind::InvalidOperation));
    h.at(20_000);
    assert_eq!(
        h.op("R", Op::RenewSessionLock).unwrap(),
        Outcome::LockedUntil(settle_core::Instant::from_millis(50_000))
    );
    assert_eq!(h.find("a1").locked_until.unwrap().as_millis(), 50_000);
    h.at(49_999);
    h.complete("R", "a1").unwrap();
}

#[test]
fn session_lock_expiry_counts_a_delivery_and_later_operations_are_session_lock_lost() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.accept("R", Some("A")).unwrap();
    h.recv1("R");
    h.at(LD);
    assert!(h.has_event(|e| matches!(e, EventKind::SessionLockExpired { .. })));
    assert_eq!(h.find("a1").delivery_count, 1);
    assert_eq!(h.complete("R", "a1"), Err(ErrorKind::SessionLockLost));
    assert_eq!(
        h.recv_with("R", 1, None, SubQueue::Main),
        Err(ErrorKind::SessionLockLost)
    );
    assert_eq!(
        h.op("R", Op::RenewSessionLock).unwrap_err().kind,
        ErrorKind::SessionLockLost
    );
    // Anyone may take the session now.
    h.accept("R2", Some("A")).unwrap();
    assert_eq!(h.recv1("R2").delivery_count, 2);
}

#[test]
fn closing_a_session_releases_its_messages_without_counting() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.accept("R", Some("A")).unwrap();
    h.recv1("R");
    h.op("R", Op::Close).unwrap();
    assert_eq!(h.find("a1").delivery_count, 0);
    assert_eq!(h.complete("R", "a1"), Err(ErrorKind::SessionLockLost));
}

#[test]
fn max_delivery_count_applies_inside_a_session_and_the_session_goes_on() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("a2", "A");
    h.accept("R", Some("A")).unwrap();
    for _ in 0..3 {
        assert_eq!(&*h.recv1("R").id, "a1");
        h.abandon("R", "a1").unwrap();
    }
    assert!(h.in_dlq("a1"));
    assert_eq!(&*h.recv1("R").id, "a2");
}

#[test]
fn session_state_is_null_until_set_and_can_be_cleared() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.accept("R", Some("A")).unwrap();
    assert_eq!(
        h.op("R", Op::GetSessionState).unwrap(),
        Outcome::State(None)
    );
    h.op(
        "R",
        Op::SetSessionState {
            state: Some("step 2".into()),
        },
    )
    .unwrap();
    assert_eq!(
        h.op("R", Op::GetSessionState).unwrap(),
        Outcome::State(Some("step 2".into()))
    );
    assert_eq!(h.w.queue().size_bytes(), 2 + 6);
    h.op("R", Op::SetSessionState { state: None }).unwrap();
    assert_eq!(
        h.op("R", Op::GetSessionState).unwrap(),
        Outcome::State(None)
    );
}

fn prefetching(h: &mut H, n: u32) {
    h.op(
        "R",
        Op::Open(LinkOptions {
            prefetch: n,
            ..Default::default()
        }),
    )
    .unwrap();
}

#[test]
fn prefetch_locks_messages_in_the_buffer_and_their_lock_clock_starts_there() {
    let mut h = H::new(|c| c.lock_duration = Duration::from_millis(LD));
    prefetching(&mut h, 2);
    h.send("m1");
    h.send("m2");
    h.send("m3");
    let r = h.w.client("R");
    assert_eq!(h.w.queue().buffered(r, SubQueue::Main), 2);
    assert_eq!(h.find("m1").locked_until.unwrap().as_millis(), LD);
    h.at(10_000);
    let m = h.recv1("R");
    assert_eq!(&*m.id, "m1");
    assert_eq!(
        m.locked_until.unwrap().as_millis(),
        LD,
        "the lock started at prefetch time, not at receive"
    );
    // Handing one over refills the buffer: m3 is now locked too.
    assert_eq!(h.find("m3").locked_until.unwrap().as_millis(), 10_000 + LD);
}

#[test]
fn a_lock_expiring_in_the_prefetch_buffer_counts_and_the_stale_copy_is_still_handed_over() {
    let mut h = H::new(|c| {
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 10;
    });
    prefetching(&mut h, 1);
    h.send("m1");
    h.at(LD); // expires in the buffer (h=1), is re-prefetched at the end
    assert_eq!(h.find("m1").delivery_count, 1);
    let stale = h.recv1("R");
    assert_eq!(stale.delivery_count, 1, "handed over as it was buffered");
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    let fresh = h.recv1("R");
    assert_eq!(fresh.delivery_count, 2);
    h.complete("R", "m1").unwrap();
}

#[test]
fn receive_and_delete_prefetch_loses_buffered_messages_on_close() {
    let mut h = H::new(|_| {});
    h.op(
        "R",
        Op::Open(LinkOptions {
            prefetch: 5,
            mode: ReceiveMode::ReceiveAndDelete,
            from: SubQueue::Main,
        }),
    )
    .unwrap();
    h.send("m1");
    h.send("m2");
    assert!(
        h.gone("m1") && h.gone("m2"),
        "already taken off the queue into the buffer"
    );
    h.op("R", Op::Close).unwrap();
    assert!(
        h.recv_with("R", 5, None, SubQueue::Main)
            .unwrap()
            .is_empty()
    );
}
