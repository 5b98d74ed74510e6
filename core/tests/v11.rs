//! The corrected rules of format v1.1 (scenario-format.md rules 6, 12, 13 and *Corrections*;
//! semantics.md §0.1, §2.4, §3): a closed or lost link does not unlock its messages; what an
//! entity update cannot change; the dead-letter queue of a session queue is not
//! session-enabled; tier basic caps every TTL at 14 days.

mod common;
use common::H;
use settle_core::{
    BASIC_MAX_TTL, Duration, ErrorKind, EventKind, LinkOptions, Listing, LockLossCause, NewMessage,
    Op, Outcome, QueuePatch, ReceiveMode, SessionHold, SubQueue, Target, Tier,
};

const LD: u64 = 30_000;

fn h() -> H {
    H::new(|c| c.lock_duration = Duration::from_millis(LD))
}

/// R received m1 at 1 s, so its lock runs until 31 s.
fn r_holds_m1() -> H {
    let mut h = h();
    h.send("m1");
    h.at(1_000);
    assert_eq!(h.recv1("R").delivery_count, 1);
    h
}

fn update(h: &mut H, patch: QueuePatch) -> Result<(), ErrorKind> {
    h.op("Admin", Op::UpdateQueue(patch))
        .map(|_| ())
        .map_err(|e| e.kind)
}

fn link_closed(h: &H) -> Vec<EventKind> {
    h.events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::LinkClosed { .. }))
        .map(|e| e.kind.clone())
        .collect()
}

// ---------------------------------------------------------------- rule 6: plain links

#[test]
fn close_and_disconnect_keep_the_lock_until_it_expires_then_it_comes_back_counting_one() {
    for (op, cause) in [
        (Op::Close, LockLossCause::Closed),
        (Op::Disconnect, LockLossCause::Disconnected),
    ] {
        let mut h = r_holds_m1();
        h.at(12_000);
        h.op("R", op.clone()).unwrap();
        // Nothing is released at the close.
        let m1 = h.find("m1");
        assert_eq!(
            (m1.delivery_count, m1.locked_until.map(|t| t.as_millis())),
            (0, Some(31_000)),
            "{op:?}"
        );
        assert!(!h.has_event(|e| matches!(e, EventKind::LockLost { .. })));
        let r = h.w.id_of("R").unwrap();
        assert_eq!(
            link_closed(&h),
            [EventKind::LinkClosed {
                by: r,
                cause,
                sub_queue: SubQueue::Main,
                session: None,
                still_locked: vec![settle_core::StillLocked {
                    seq: 1,
                    id: "m1".into(),
                    until: settle_core::Instant::from_millis(31_000),
                }],
            }],
            "{op:?}"
        );
        // Nobody can take it meanwhile, the former holder included.
        assert!(h.recv("R2").is_empty(), "{op:?}");
        assert!(h.recv("R").is_empty(), "{op:?}");
        h.at(30_999);
        assert!(h.recv("R2").is_empty(), "{op:?}");
        // At its own expiry it comes back, counting a failed delivery of R.
        h.at(31_000);
        assert!(h.has_event(|e| matches!(
            e,
            EventKind::LockExpired { seq: 1, by, delivery_count: 1, .. } if *by == r
        )));
        let again = h.recv1("R2");
        assert_eq!((&*again.id, again.delivery_count), ("m1", 2), "{op:?}");
        h.complete("R2", "m1").unwrap();
    }
}

#[test]
fn a_closed_client_can_no_longer_settle_or_renew_and_the_error_says_why() {
    for op in [Op::Close, Op::Disconnect] {
        for verb in ["complete", "abandon", "defer", "dead_letter", "renew"] {
            let mut h = r_holds_m1();
            h.at(12_000);
            h.op("R", op.clone()).unwrap();
            let target = Target::Id("m1".into());
            let step = match verb {
                "complete" => Op::Complete { target },
                "abandon" => Op::Abandon {
                    target,
                    properties: None,
                },
                "defer" => Op::Defer {
                    target,
                    properties: None,
                },
                "dead_letter" => Op::DeadLetter {
                    target,
                    reason: None,
                    description: None,
                    properties: None,
                },
                _ => Op::RenewLock { target },
            };
            let e = h.op("R", step).unwrap_err();
            assert_eq!(e.kind, ErrorKind::MessageLockLost, "{op:?} {verb}");
            let how = if op == Op::Close {
                "R's link was closed at 12.000 s"
            } else {
                "R's connection dropped at 12.000 s"
            };
            assert!(
                e.text().contains(&format!(
                    "(m1: {how}; the lock runs on until 31.000 s and only then does the broker release it.)"
                )),
                "{op:?} {verb}: {}",
                e.text()
            );
            // The refusal changed nothing.
            let m1 = h.find("m1");
            assert_eq!((m1.delivery_count, m1.locked_until.is_some()), (0, true));
            assert!(!h.in_dlq("m1"));
        }
    }
}

#[test]
fn the_queue_itself_refuses_the_old_token_so_no_client_library_can_bypass_it() {
    let mut q = settle_core::Queue::new(
        settle_core::QueueConfig {
            lock_duration: Duration::from_millis(LD),
            ..Default::default()
        },
        settle_core::Instant::ZERO,
        1,
    )
    .unwrap();
    let (s, r) = (settle_core::ClientId(0), settle_core::ClientId(1));
    let at = settle_core::Instant::from_millis;
    q.send(at(0), s, NewMessage::new("m1", "x")).unwrap();
    let got = q.receive(at(1_000), r, SubQueue::Main, None, 1).unwrap();
    let tok = got[0].lock_token.unwrap();
    q.close(at(2_000), r);
    assert!(!q.is_lock_valid(tok));
    let info = q.lock_info(1).unwrap();
    assert_eq!(
        (info.holder, info.token, info.until, info.link_ended),
        (r, tok, at(31_000), Some((at(2_000), LockLossCause::Closed)))
    );
    for res in [
        q.complete(at(3_000), tok),
        q.abandon(at(3_000), tok, None),
        q.defer(at(3_000), tok, None),
        q.dead_letter(at(3_000), tok, None, None, None),
        q.renew_lock(at(3_000), tok).map(|_| ()),
    ] {
        assert_eq!(res.unwrap_err().kind, ErrorKind::MessageLockLost);
    }
    assert_eq!(q.locked_until(1), Some(at(31_000)));
    // Nobody else gets it before its expiry; then it is back with delivery count 2.
    assert!(
        q.receive(at(30_999), s, SubQueue::Main, None, 1)
            .unwrap()
            .is_empty()
    );
    q.handle_timeout(at(31_000));
    assert_eq!(
        q.receive(at(31_000), s, SubQueue::Main, None, 1).unwrap()[0].delivery_count,
        2
    );
}

#[test]
fn the_next_receive_opens_a_new_link_that_does_not_regain_the_old_lock() {
    let mut h = r_holds_m1();
    h.send("m2");
    h.at(12_000);
    h.op("R", Op::Close).unwrap();
    // A new link: R gets the next free message, not m1 back.
    let m2 = h.recv1("R");
    assert_eq!(&*m2.id, "m2");
    h.complete("R", "m2").unwrap();
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    // Closing the new link lists only what it held: m1 was already out of reach.
    h.send("m3");
    h.recv1("R");
    h.take_events();
    h.op("R", Op::Close).unwrap();
    match &link_closed(&h)[..] {
        [EventKind::LinkClosed { still_locked, .. }] => {
            assert_eq!(
                still_locked.iter().map(|m| &*m.id).collect::<Vec<_>>(),
                ["m3"]
            );
        }
        other => panic!("{other:?}"),
    }
    h.at(31_000);
    assert_eq!(h.recv1("R").delivery_count, 2, "m1 is back at its expiry");
}

#[test]
fn re_opening_a_link_with_new_options_closes_the_old_one_the_same_way() {
    let mut h = r_holds_m1();
    h.op(
        "R",
        Op::Open(LinkOptions {
            prefetch: 1,
            ..Default::default()
        }),
    )
    .unwrap();
    assert_eq!(link_closed(&h).len(), 1);
    assert_eq!(h.find("m1").delivery_count, 0);
    assert_eq!(h.complete("R", "m1"), Err(ErrorKind::MessageLockLost));
    h.at(31_000);
    // The new link prefetches m1 as soon as it is back.
    assert_eq!(
        h.w.queue()
            .buffered(h.w.id_of("R").unwrap(), SubQueue::Main),
        1
    );
    assert_eq!(h.recv1("R").delivery_count, 2);
}

#[test]
fn a_close_with_nothing_locked_emits_no_event() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.complete("R", "m1").unwrap();
    h.op("R", Op::Close).unwrap();
    h.op("Nobody", Op::Disconnect).unwrap();
    assert!(link_closed(&h).is_empty());
}

#[test]
fn a_prefetch_buffer_is_discarded_on_close_and_its_messages_stay_locked_until_expiry() {
    let mut h = h();
    h.op(
        "R",
        Op::Open(LinkOptions {
            prefetch: 2,
            ..Default::default()
        }),
    )
    .unwrap();
    h.send("m1");
    h.send("m2");
    h.send("m3");
    let r = h.w.id_of("R").unwrap();
    assert_eq!(h.w.queue().buffered(r, SubQueue::Main), 2);
    h.at(5_000);
    // m1 is handed over; the buffer refills with m3 (its lock runs from 5 s).
    assert_eq!(&*h.recv1("R").id, "m1");
    h.op("R", Op::Close).unwrap();
    assert_eq!(
        h.w.queue().buffered(r, SubQueue::Main),
        0,
        "buffer discarded"
    );
    match &link_closed(&h)[..] {
        [EventKind::LinkClosed { still_locked, .. }] => assert_eq!(
            still_locked
                .iter()
                .map(|m| (&*m.id, m.until.as_millis()))
                .collect::<Vec<_>>(),
            [("m1", LD), ("m2", LD), ("m3", 5_000 + LD)]
        ),
        other => panic!("{other:?}"),
    }
    // Buffered or handed over, all three stay locked: nobody gets anything.
    assert!(
        h.recv_with("R2", 5, None, SubQueue::Main)
            .unwrap()
            .is_empty()
    );
    h.at(LD);
    let back = h.recv_with("R2", 5, None, SubQueue::Main).unwrap();
    assert_eq!(
        back.iter()
            .map(|m| (&*m.id, m.delivery_count))
            .collect::<Vec<_>>(),
        [("m1", 2), ("m2", 2)]
    );
    h.at(5_000 + LD);
    assert_eq!(h.recv1("R2").delivery_count, 2);
}

#[test]
fn in_the_dead_letter_queue_a_lock_outliving_its_link_comes_back_without_counting() {
    let mut h = h();
    h.send("m1");
    h.recv1("R");
    h.dead_letter("R", "m1", Some("Bad"), None).unwrap();
    let got = h.recv_dlq("D");
    assert_eq!(got[0].delivery_count, 1);
    h.op("D", Op::Disconnect).unwrap();
    assert!(matches!(
        &link_closed(&h)[..],
        [EventKind::LinkClosed {
            sub_queue: SubQueue::DeadLetter,
            ..
        }]
    ));
    assert!(h.recv_dlq("D2").is_empty());
    h.at(LD);
    assert_eq!(h.find("m1").delivery_count, 0, "no count in the DLQ (T23)");
    assert_eq!(h.recv_dlq("D2")[0].delivery_count, 1);
}

#[test]
fn an_entity_update_still_releases_locks_whose_link_ended() {
    let mut h = r_holds_m1();
    h.op("R", Op::Close).unwrap();
    update(
        &mut h,
        QueuePatch {
            max_delivery_count: Some(5),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::LockLost {
            seq: 1,
            cause: LockLossCause::EntityUpdated,
            delivery_count: 1,
            ..
        }
    )));
    assert_eq!(h.recv1("R2").delivery_count, 2);
}

// ---------------------------------------------------------------- rule 6: session receivers

fn sessions() -> H {
    H::new(|c| {
        c.requires_session = true;
        c.lock_duration = Duration::from_millis(LD);
    })
}

#[test]
fn closing_a_session_receiver_frees_the_session_at_once_without_counting() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("a2", "A");
    h.accept("R", Some("A")).unwrap();
    h.recv_with("R", 2, None, SubQueue::Main).unwrap();
    h.at(5_000);
    h.op("R", Op::Close).unwrap();
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::SessionReleased {
            cause: LockLossCause::Closed,
            ..
        }
    )));
    assert!(link_closed(&h).is_empty(), "nothing stays locked");
    assert_eq!(h.complete("R", "a1"), Err(ErrorKind::SessionLockLost));
    // Another receiver takes the session at once; nothing counted a failed delivery.
    assert_eq!(h.accept("R2", Some("A")), Ok(("A".into(), 5_000 + LD)));
    let got = h.recv_with("R2", 2, None, SubQueue::Main).unwrap();
    assert_eq!(
        got.iter()
            .map(|m| (&*m.id, m.delivery_count))
            .collect::<Vec<_>>(),
        [("a1", 1), ("a2", 1)]
    );
}

#[test]
fn a_disconnected_session_receiver_leaves_the_session_locked_until_it_expires_then_counts_one() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("a2", "A");
    assert_eq!(h.accept("R", Some("A")), Ok(("A".into(), LD)));
    h.recv1("R");
    h.at(5_000);
    h.op("R", Op::Disconnect).unwrap();
    let r = h.w.id_of("R").unwrap();
    assert!(!h.has_event(|e| matches!(e, EventKind::SessionReleased { .. })));
    match &link_closed(&h)[..] {
        [
            EventKind::LinkClosed {
                by,
                cause: LockLossCause::Disconnected,
                session: Some((sid, until)),
                still_locked,
                ..
            },
        ] => {
            assert_eq!((*by, &**sid, until.as_millis()), (r, "A", LD));
            assert_eq!(
                still_locked.iter().map(|m| &*m.id).collect::<Vec<_>>(),
                ["a1"]
            );
        }
        other => panic!("{other:?}"),
    }
    // Meanwhile: others cannot lock the session; R's session operations fail.
    assert_eq!(
        h.accept("R2", Some("A")),
        Err(ErrorKind::SessionCannotBeLocked)
    );
    assert_eq!(
        h.op("R2", Op::AcceptSession { session_id: None })
            .unwrap_err()
            .kind,
        ErrorKind::ServiceTimeout,
        "A is not free, so no session is"
    );
    assert_eq!(h.w.queue().session_of(r), SessionHold::Lost("A".into()));
    assert_eq!(h.complete("R", "a1"), Err(ErrorKind::SessionLockLost));
    assert_eq!(
        h.recv_with("R", 1, None, SubQueue::Main),
        Err(ErrorKind::SessionLockLost)
    );
    for op in [Op::RenewSessionLock, Op::GetSessionState] {
        assert_eq!(h.op("R", op).unwrap_err().kind, ErrorKind::SessionLockLost);
    }
    assert_eq!(h.find("a1").delivery_count, 0);
    // At the session lock's expiry: a1 counts a failed delivery; a2 was never delivered.
    h.at(LD);
    assert!(h.has_event(|e| matches!(
        e,
        EventKind::SessionLockExpired { by, .. } if *by == r
    )));
    assert_eq!(h.accept("R2", Some("A")), Ok(("A".into(), 2 * LD)));
    let got = h.recv_with("R2", 2, None, SubQueue::Main).unwrap();
    assert_eq!(
        got.iter()
            .map(|m| (&*m.id, m.delivery_count))
            .collect::<Vec<_>>(),
        [("a1", 2), ("a2", 1)]
    );
}

#[test]
fn a_disconnected_receiver_that_accepts_another_session_keeps_it_when_the_old_one_expires() {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("b1", "B");
    h.accept("R", Some("A")).unwrap();
    h.at(5_000);
    h.op("R", Op::Disconnect).unwrap();
    h.accept("R", Some("B")).unwrap();
    h.at(LD); // A's lock expires
    let r = h.w.id_of("R").unwrap();
    assert_eq!(h.w.queue().session_of(r), SessionHold::Held("B".into()));
    assert_eq!(&*h.recv1("R").id, "b1");
    h.complete("R", "b1").unwrap();
}

#[test]
fn re_opening_the_link_of_a_held_session_keeps_its_messages_under_the_session_lock() {
    let mut h = sessions();
    for id in ["a1", "a2", "a3"] {
        h.send_s(id, "A");
    }
    h.accept("R", Some("A")).unwrap();
    let prefetch = |n| {
        Op::Open(LinkOptions {
            prefetch: n,
            ..Default::default()
        })
    };
    h.op("R", prefetch(1)).unwrap();
    assert_eq!(&*h.recv1("R").id, "a1"); // a2 is buffered now
    h.op("R", prefetch(0)).unwrap();
    assert!(
        link_closed(&h).is_empty(),
        "the session, not the link, holds them"
    );
    h.complete("R", "a1").unwrap();
    assert_eq!(&*h.recv1("R").id, "a3", "a2 left with the old buffer");
    h.op("R", Op::Close).unwrap();
    h.accept("R2", Some("A")).unwrap();
    let a2 = h.recv1("R2");
    assert_eq!(
        (&*a2.id, a2.delivery_count),
        ("a2", 1),
        "a session close counts nothing"
    );
}

// ---------------------------------------------------------------- rule 12: entity updates

#[test]
fn an_update_may_not_change_what_is_fixed_at_creation_and_then_changes_nothing() {
    let on = Some(Some(Duration::from_millis(60_000)));
    type Setup = fn(&mut settle_core::QueueConfig);
    let cases: [(&str, Setup, QueuePatch); 5] = [
        (
            "switch duplicate detection on",
            |_| {},
            QueuePatch {
                duplicate_detection_window: on,
                ..Default::default()
            },
        ),
        (
            "switch duplicate detection off",
            |c| c.duplicate_detection_window = Some(Duration::from_millis(60_000)),
            QueuePatch {
                duplicate_detection_window: Some(None),
                ..Default::default()
            },
        ),
        (
            "change requires_session",
            |_| {},
            QueuePatch {
                requires_session: Some(true),
                ..Default::default()
            },
        ),
        (
            "change tier to premium",
            |_| {},
            QueuePatch {
                tier: Some(Tier::Premium),
                ..Default::default()
            },
        ),
        (
            "change tier to basic",
            |_| {},
            QueuePatch {
                tier: Some(Tier::Basic),
                ..Default::default()
            },
        ),
    ];
    for (what, setup, mut patch) in cases {
        let mut h = H::new(|c| {
            c.lock_duration = Duration::from_millis(LD);
            setup(c);
        });
        h.send("m1");
        h.recv1("R");
        let before = h.w.queue().config().clone();
        // Alongside an allowed change, which must not happen either.
        patch.max_delivery_count = Some(7);
        let e = h.op("Admin", Op::UpdateQueue(patch)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidOperation, "{what}");
        assert_eq!(h.w.queue().config(), &before, "{what}: nothing changed");
        assert!(
            !h.has_event(|e| matches!(e, EventKind::LockLost { .. })),
            "{what}: no lock lost"
        );
        h.complete("R", "m1")
            .unwrap_or_else(|e| panic!("{what}: the lock was kept, but {e:?}"));
    }
}

#[test]
fn setting_a_fixed_property_to_its_current_value_and_changing_the_window_are_allowed() {
    let mut h = H::new(|c| c.duplicate_detection_window = Some(Duration::from_millis(60_000)));
    update(
        &mut h,
        QueuePatch {
            duplicate_detection_window: Some(Some(Duration::from_millis(30_000))),
            requires_session: Some(false),
            tier: Some(Tier::Standard),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        h.w.queue().config().duplicate_detection_window,
        Some(Duration::from_millis(30_000))
    );
}

// ---------------------------------------------------------------- rule 13: DLQ of a session queue

/// A session queue whose dead-letter queue holds a1 (session A) and b1 (session B).
fn session_dlq() -> H {
    let mut h = sessions();
    h.send_s("a1", "A");
    h.send_s("b1", "B");
    for (sid, id) in [("A", "a1"), ("B", "b1")] {
        h.accept("W", Some(sid)).unwrap();
        h.recv1("W");
        h.dead_letter("W", id, Some("Bad"), None).unwrap();
        h.op("W", Op::Close).unwrap();
    }
    assert_eq!(h.dlq().len(), 2);
    h
}

#[test]
fn a_plain_receiver_reads_and_completes_the_dead_letter_queue_of_a_session_queue() {
    let mut h = session_dlq();
    let peeked = h.peek("D", 10, None, SubQueue::DeadLetter);
    assert_eq!(peeked.len(), 2);
    let got = h.recv_with("D", 5, None, SubQueue::DeadLetter).unwrap();
    assert_eq!(
        got.iter()
            .map(|m| (&*m.id, m.session_id.as_deref()))
            .collect::<Vec<_>>(),
        [("a1", Some("A")), ("b1", Some("B"))],
        "whatever their session id"
    );
    assert_eq!(got[0].locked_until.unwrap().as_millis(), LD, "its own lock");
    // Renewing a DLQ message's own lock is fine: it is not a session lock.
    h.at(10_000);
    assert_eq!(h.renew("D", "a1"), Ok(10_000 + LD));
    h.complete("D", "a1").unwrap();
    h.abandon("D", "b1").unwrap();
    // An abandon in the dead-letter queue does not count (format v1.2).
    assert_eq!(h.find("b1").delivery_count, 0);
    assert_eq!(h.recv_dlq("D")[0].delivery_count, 1);
    h.defer("D", "b1").unwrap();
    let back = h
        .op(
            "D",
            Op::ReceiveDeferred {
                seqs: vec![2],
                mode: None,
                from: SubQueue::DeadLetter,
            },
        )
        .unwrap();
    assert!(matches!(back, Outcome::Messages(ref m) if m.len() == 1));
    h.complete("D", "b1").unwrap();
    assert!(h.dlq().is_empty());
    // accept_session never reaches the dead-letter queue.
    assert_eq!(
        h.op("D", Op::AcceptSession { session_id: None })
            .unwrap_err()
            .kind,
        ErrorKind::ServiceTimeout
    );
}

#[test]
fn a_prefetching_plain_link_on_the_dead_letter_queue_of_a_session_queue() {
    let mut h = session_dlq();
    h.op(
        "D",
        Op::Open(LinkOptions {
            prefetch: 5,
            from: SubQueue::DeadLetter,
            ..Default::default()
        }),
    )
    .unwrap();
    let d = h.w.id_of("D").unwrap();
    assert_eq!(h.w.queue().buffered(d, SubQueue::DeadLetter), 2);
    let got = h.recv_with("D", 5, None, SubQueue::DeadLetter).unwrap();
    assert_eq!(got.len(), 2);
    h.complete("D", "a1").unwrap();
    h.complete("D", "b1").unwrap();
    assert!(h.dlq().is_empty());
}

#[test]
fn a_session_receiver_that_holds_the_session_settles_dlq_messages_of_other_sessions() {
    let mut h = session_dlq();
    // R holds session B, and works the DLQ too: a1 (session A) is settled by its own lock.
    h.accept("R", Some("B")).unwrap();
    h.recv_dlq("R");
    h.complete("R", "a1").unwrap();
    // Losing session B does not touch a DLQ message's lock.
    h.at(10_000);
    h.recv_dlq("R");
    h.at(LD);
    assert_eq!(
        h.w.queue().session_of(h.w.id_of("R").unwrap()),
        SessionHold::Lost("B".into())
    );
    assert!(h.in_dlq("b1"));
    assert_eq!(h.renew("R", "b1"), Ok(2 * LD));
    h.complete("R", "b1").unwrap();
}

// ---------------------------------------------------------------- §3: tier basic TTL

#[test]
fn tier_basic_caps_every_ttl_at_14_days() {
    const DAYS_14: u64 = 1_209_600_000;
    assert_eq!(BASIC_MAX_TTL.as_millis(), DAYS_14);
    for default_ttl in [None, Some(DAYS_14 * 2), Some(60_000)] {
        let mut h = H::new(|c| {
            c.tier = Tier::Basic;
            c.default_ttl = default_ttl.map(Duration::from_millis);
        });
        h.at(1_000);
        let mut long = NewMessage::new("long", "x");
        long.ttl = Some(Duration::from_millis(DAYS_14 * 3));
        h.send_msg("S", long).unwrap();
        h.send("none");
        let want = 1_000 + default_ttl.map_or(DAYS_14, |d| d.min(DAYS_14));
        for m in h.list(Listing::Main) {
            assert_eq!(
                m.expires_at.map(|t| t.as_millis()),
                Some(want),
                "{default_ttl:?}: {}",
                m.id
            );
        }
    }
    // Other tiers keep "never" as the default.
    let mut h = H::new(|_| {});
    h.send("m1");
    assert_eq!(h.find("m1").expires_at, None);
}

#[test]
fn receive_and_delete_links_hold_no_lock_so_a_close_leaves_nothing_locked() {
    let mut h = h();
    h.send("m1");
    h.recv_with("R", 1, Some(ReceiveMode::ReceiveAndDelete), SubQueue::Main)
        .unwrap();
    h.op("R", Op::Close).unwrap();
    assert!(link_closed(&h).is_empty());
    assert!(h.gone("m1"));
}
