//! A namespace of one queue is that queue: for any sequence of operations and advances, its
//! events, outcomes, deadlines and final listing equal those of a `World` of the same
//! configuration and seed.

use proptest::prelude::*;
use settle_core::namespace::Namespace;
use settle_core::{
    Instant, Listing, NewMessage, Op, QueueConfig, ReceiveMode, SubQueue, Target, World,
};

#[derive(Clone, Debug)]
enum Act {
    Advance(u64),
    Send(u8),
    Receive(u8, u32, bool),
    Complete(u8, u64),
    Abandon(u8, u64),
    Defer(u8, u64),
    DeadLetter(u8, u64),
    Renew(u8, u64),
    Close(u8),
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        (0u64..90_000).prop_map(Act::Advance),
        (0u8..20).prop_map(Act::Send),
        (0u8..3, 1u32..4, any::<bool>()).prop_map(|(c, n, d)| Act::Receive(c, n, d)),
        (0u8..3, 1u64..20).prop_map(|(c, s)| Act::Complete(c, s)),
        (0u8..3, 1u64..20).prop_map(|(c, s)| Act::Abandon(c, s)),
        (0u8..3, 1u64..20).prop_map(|(c, s)| Act::Defer(c, s)),
        (0u8..3, 1u64..20).prop_map(|(c, s)| Act::DeadLetter(c, s)),
        (0u8..3, 1u64..20).prop_map(|(c, s)| Act::Renew(c, s)),
        (0u8..3).prop_map(Act::Close),
    ]
}

fn op(a: &Act) -> Option<(String, Op)> {
    let who = |c: u8| format!("r{c}");
    let seq = |s: u64| Target::Seq(s);
    Some(match a {
        Act::Advance(_) => return None,
        Act::Send(i) => {
            let mut msg = NewMessage::new(&format!("m{i}"), "body");
            if i % 5 == 0 {
                msg.ttl = Some(settle_core::Duration::from_millis(20_000));
            }
            (
                "sender".into(),
                Op::Send {
                    msg,
                    presettled: false,
                },
            )
        }
        Act::Receive(c, max, dl) => (
            who(*c),
            Op::Receive {
                max: *max,
                mode: Some(ReceiveMode::PeekLock),
                from: if *dl {
                    SubQueue::DeadLetter
                } else {
                    SubQueue::Main
                },
            },
        ),
        Act::Complete(c, s) => (who(*c), Op::Complete { target: seq(*s) }),
        Act::Abandon(c, s) => (
            who(*c),
            Op::Abandon {
                target: seq(*s),
                properties: None,
            },
        ),
        Act::Defer(c, s) => (
            who(*c),
            Op::Defer {
                target: seq(*s),
                properties: None,
            },
        ),
        Act::DeadLetter(c, s) => (
            who(*c),
            Op::DeadLetter {
                target: seq(*s),
                reason: None,
                description: None,
                properties: None,
            },
        ),
        Act::Renew(c, s) => (who(*c), Op::RenewLock { target: seq(*s) }),
        Act::Close(c) => (who(*c), Op::Close),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn a_namespace_of_one_queue_is_that_queue(
        seed in any::<u64>(),
        lock_ms in 5_000u64..60_000,
        max_delivery_count in 1u32..5,
        acts in prop::collection::vec(act(), 1..80),
    ) {
        let config = QueueConfig {
            lock_duration: settle_core::Duration::from_millis(lock_ms),
            max_delivery_count,
            ..QueueConfig::default()
        };
        let mut world = World::new(config.clone(), seed).unwrap();
        let mut ns = Namespace::one_queue(config, seed).unwrap();
        let mut now = Instant::ZERO;
        for a in &acts {
            match op(a) {
                None => {
                    let Act::Advance(ms) = a else { unreachable!() };
                    now = now + settle_core::Duration::from_millis(*ms);
                    world.advance_to(now);
                    ns.advance_to(now);
                }
                Some((by, op)) => {
                    let w = world.apply(now, &by, op.clone());
                    let n = ns.apply(now, "", &by, op);
                    prop_assert_eq!(format!("{w:?}"), format!("{n:?}"));
                }
            }
            while let Some(ev) = world.queue_mut().poll_event() {
                let got = ns.poll_event();
                prop_assert!(got.as_ref().is_some_and(|g| g.event == ev && g.entity.is_empty() && g.copy.is_none()), "{:?} vs {:?}", ev, got);
            }
            prop_assert!(ns.poll_event().is_none());
            prop_assert_eq!(world.queue().poll_timeout(), ns.poll_timeout());
            prop_assert_eq!(world.queue().now(), ns.now());
        }
        let q = ns.world("").unwrap().queue();
        for l in [Listing::Main, Listing::DeadLetter, Listing::Scheduled] {
            prop_assert_eq!(world.queue().list(l), q.list(l));
        }
        prop_assert!(ns.world("other").is_none());
        prop_assert!(ns.apply(now, "other", "x", Op::Close).is_err());
    }
}
