//! What each client has in hand (`World::in_hand`): the one record of received, unsettled
//! peek-lock deliveries that the runner's actors and the page both read.

mod common;
use common::H;
use settle_core::{Duration, ErrorKind, Instant, Op, Outcome, ReceiveMode, SubQueue, Target};

const LD: u64 = 30_000;

fn h() -> H {
    H::new(|c| {
        c.lock_duration = Duration::from_millis(LD);
        c.max_delivery_count = 5;
    })
}

fn held(h: &H, by: &str) -> Vec<(String, u32, Option<u64>)> {
    h.w.in_hand(by)
        .map(|d| {
            (
                d.view.id.to_string(),
                d.view.delivery_count,
                d.view.locked_until.map(Instant::as_millis),
            )
        })
        .collect()
}

#[test]
fn a_settled_delivery_leaves_the_hand_and_a_renewed_one_keeps_its_new_expiry() {
    let mut h = h();
    h.send("m1");
    h.send("m2");
    h.send("m3");
    h.send("m4");
    h.at(1_000);
    for _ in 0..4 {
        h.recv1("R");
    }
    assert_eq!(h.w.in_hand_count("R"), 4);
    h.at(2_000);
    h.complete("R", "m1").unwrap();
    h.abandon("R", "m2").unwrap();
    h.defer("R", "m3").unwrap();
    assert_eq!(held(&h, "R"), vec![("m4".into(), 1, Some(31_000))]);
    h.at(10_000);
    assert_eq!(h.renew("R", "m4").unwrap(), 40_000);
    assert_eq!(held(&h, "R"), vec![("m4".into(), 1, Some(40_000))]);
    h.dead_letter("R", "m4", Some("Bad"), None).unwrap();
    assert_eq!(h.w.in_hand_count("R"), 0);
    assert_eq!(h.w.in_hand_count("nobody"), 0);
}

#[test]
fn a_lost_lock_stays_in_hand_until_the_same_client_gets_the_message_again() {
    let mut h = h();
    h.send("m1");
    h.at(1_000);
    h.recv1("R");
    h.at(31_000);
    // The lock expired: the client does not know yet, and still holds the delivery.
    assert_eq!(held(&h, "R"), vec![("m1".into(), 1, Some(31_000))]);
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    assert_eq!(
        h.w.in_hand_count("R"),
        1,
        "a failed settlement leaves it in hand"
    );
    // Someone else takes it: both have it in hand, only one with a valid lock.
    h.recv1("R2");
    assert_eq!(held(&h, "R2"), vec![("m1".into(), 2, Some(61_000))]);
    assert_eq!(h.w.in_hand_count("R"), 1);
    h.at(61_000);
    // R gets it again: the new delivery replaces the old one in R's hand.
    h.recv1("R");
    assert_eq!(held(&h, "R"), vec![("m1".into(), 3, Some(91_000))]);
    h.complete("R", "m1").unwrap();
    assert_eq!(h.w.in_hand_count("R"), 0);
    assert_eq!(h.w.in_hand_count("R2"), 1);
}

#[test]
fn a_handler_settles_its_own_delivery_not_a_later_one_of_the_same_message() {
    let mut h = h();
    h.send("m1");
    h.at(1_000);
    let first = h.recv1("R");
    let old = first.lock_token.unwrap();
    h.at(31_000);
    let second = h.recv1("R");
    assert_ne!(second.lock_token, first.lock_token);
    h.at(32_000);
    // The first handler finishes late and completes with its own token: refused, and the new
    // delivery is untouched.
    let t = Instant::from_millis(32_000);
    let e =
        h.w.apply_held(
            t,
            "R",
            first.seq,
            old,
            Op::Complete {
                target: Target::Seq(first.seq),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::MessageLockLost);
    assert!(e.text().contains("m1"), "{}", e.text());
    assert_eq!(held(&h, "R"), vec![("m1".into(), 2, Some(61_000))]);
    // Renewing by the new token updates what is in hand.
    let r = h.w.apply_held(
        t,
        "R",
        second.seq,
        second.lock_token.unwrap(),
        Op::RenewLock {
            target: Target::Seq(second.seq),
        },
    );
    assert_eq!(
        r.unwrap(),
        Outcome::LockedUntil(Instant::from_millis(62_000))
    );
    assert_eq!(held(&h, "R"), vec![("m1".into(), 2, Some(62_000))]);
    h.complete("R", "m1").unwrap();
    assert_eq!(h.w.in_hand_count("R"), 0);
}

#[test]
fn received_and_deleted_and_peeked_messages_are_never_in_hand() {
    let mut h = h();
    h.send("m1");
    h.send("m2");
    h.at(1_000);
    h.peek("R", 10, None, SubQueue::Main);
    assert_eq!(h.w.in_hand_count("R"), 0);
    h.recv_with("R", 1, Some(ReceiveMode::ReceiveAndDelete), SubQueue::Main)
        .unwrap();
    assert_eq!(h.w.in_hand_count("R"), 0);
}
