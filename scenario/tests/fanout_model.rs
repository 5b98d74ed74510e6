//! Model-based property test of fan-out (`topics.md` §4, §8.2): random sends to a topic with
//! four subscriptions (a TrueFilter, a correlation filter, a SQL filter with an action rule,
//! no rules at all) and random receives, settlements and time advances on the subscriptions,
//! run against the [`Namespace`] and against a reference of **independent queues, one per
//! subscription** (each a [`World`]: a queue with the client library's checks), fed the copies
//! a naive routing written from the spec says each should get.
//! After every step:
//! - the results agree (ok/error kind; ids, sequence numbers and delivery counts received);
//! - every subscription holds the same messages as its reference queue, in the same place, with
//!   the same delivery count, lock expiry, state and properties (so no settlement, expiry or
//!   dead-lettering in one subscription ever touches another: no copy is shared);
//! - each send published to exactly the subscriptions with a matching rule, one copy per plain
//!   match and one per matching action rule;
//! - every subscription's queue passes the invariant checker, and the copies accepted by all
//!   subscriptions are the copies routed (counts conserved).
//!
//! Cases: `PROPTEST_CASES` (the test command sets 10,000).
#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use settle_core::check::check_invariants;
use settle_core::namespace::Namespace;
use settle_core::{
    Duration, EventKind, Instant, Listing, MessageView, NewMessage, Op, Outcome, PropValue,
    QueueConfig, SubQueue, Target, Text, World,
};
use settle_scenario::parse;
use std::collections::BTreeMap;
use std::rc::Rc;

const LD: u64 = 10_000;
const SUBS: [&str; 4] = ["a", "b", "c", "d"];
const COLORS: [Option<&str>; 3] = [None, Some("blue"), Some("red")];

fn namespace() -> Namespace {
    let doc = serde_json::json!({"settle": 1, "entities": {"t": {"type": "topic", "subscriptions": {
        "a": {"lock_duration_ms": LD, "max_delivery_count": 3},
        "b": {"lock_duration_ms": LD, "max_delivery_count": 3,
              "rules": {"blue": {"filter": {"correlation": {"properties": {"color": "blue"}}}}}},
        "c": {"lock_duration_ms": LD, "max_delivery_count": 3, "rules": {
              "big": {"filter": {"sql": "n > 2"}},
              "tag": {"filter": {"sql": "color = 'red'"}, "action": "SET tagged = TRUE"}}},
        "d": {"lock_duration_ms": LD, "max_delivery_count": 3, "rules": {}}
    }}}});
    let sc = parse(&doc.to_string()).expect("valid");
    Namespace::new(sc.entities.as_ref().expect("entities"), 1).expect("valid")
}

fn path(sub: &str) -> String {
    format!("t/subscriptions/{sub}")
}

/// The copies a message makes, written from `topics.md` §4 for these four subscriptions:
/// (subscription, action rule).
fn expected(color: Option<&str>, n: i64) -> Vec<(&'static str, Option<&'static str>)> {
    let mut v = vec![("a", None)];
    if color == Some("blue") {
        v.push(("b", None));
    }
    if n > 2 {
        v.push(("c", None));
    }
    if color == Some("red") {
        v.push(("c", Some("tag")));
    }
    v
}

#[derive(Clone, Debug)]
enum Step {
    Send {
        color: usize,
        n: i64,
    },
    Receive {
        sub: usize,
        by: u8,
        max: u32,
        dlq: bool,
    },
    Settle {
        sub: usize,
        by: u8,
        pick: usize,
        how: u8,
    },
    Advance {
        ms: u64,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..3usize, 0..5i64).prop_map(|(color, n)| Step::Send { color, n }),
        3 => (0..4usize, 0..2u8, 1..3u32, prop::bool::weighted(0.2))
            .prop_map(|(sub, by, max, dlq)| Step::Receive { sub, by, max, dlq }),
        3 => (0..4usize, 0..2u8, 0..4usize, 0..4u8)
            .prop_map(|(sub, by, pick, how)| Step::Settle { sub, by, pick, how }),
        2 => (0..12_000u64).prop_map(|ms| Step::Advance { ms }),
    ]
}

fn name(by: u8) -> String {
    format!("R{by}")
}

/// What is compared of a message: id, seq, delivery count, lock expiry, state, properties,
/// enqueued and expiry instants.
type View = (
    Text,
    u64,
    u32,
    Option<Instant>,
    &'static str,
    Vec<(Text, PropValue)>,
    [Option<Instant>; 2],
);

fn view(m: &MessageView) -> View {
    (
        m.id.clone(),
        m.seq,
        m.delivery_count,
        m.locked_until,
        m.state.name(),
        m.properties
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        [Some(m.enqueued_at), m.expires_at],
    )
}

fn run(steps: &[Step]) -> Result<(), TestCaseError> {
    let mut ns = namespace();
    let cfg = QueueConfig {
        lock_duration: Duration::from_millis(LD),
        max_delivery_count: 3,
        ..QueueConfig::default()
    };
    // The reference: one independent queue per subscription.
    let mut r: BTreeMap<&str, World> = SUBS
        .iter()
        .map(|s| (*s, World::new(cfg.clone(), 9).expect("valid")))
        .collect();
    let mut now = 0u64;
    let mut routed = 0u64;
    for (k, st) in steps.iter().enumerate() {
        let t = Instant::from_millis(now);
        match st {
            Step::Send { color, n } => {
                let color = COLORS[*color];
                let mut props = BTreeMap::new();
                if let Some(c) = color {
                    props.insert(Text::from("color"), PropValue::Str(c.into()));
                }
                props.insert(Text::from("n"), PropValue::Int(*n));
                let mut msg = NewMessage::new(&format!("m{k}"), "x");
                msg.properties = Rc::new(props);
                let send = |msg: NewMessage| Op::Send {
                    msg,
                    presettled: false,
                };
                prop_assert_eq!(ns.apply(t, "t", "S", send(msg.clone())), Ok(Outcome::Done));
                let want = expected(color, *n);
                let mut published = None;
                let mut copies: Vec<(String, Option<Text>)> = Vec::new();
                while let Some(e) = ns.poll_event() {
                    match &e.event.kind {
                        EventKind::Published { subscriptions, .. } => {
                            published = Some(subscriptions.clone());
                        }
                        EventKind::Enqueued { .. } => copies.push((
                            e.entity.to_string(),
                            e.copy.as_ref().and_then(|c| c.rule.clone()),
                        )),
                        other => prop_assert!(false, "unexpected event {other:?}"),
                    }
                }
                let mut names: Vec<Text> = want.iter().map(|(s, _)| Text::from(*s)).collect();
                names.dedup();
                prop_assert_eq!(published, Some(names));
                let want_copies: Vec<(String, Option<Text>)> = want
                    .iter()
                    .map(|(s, rule)| (path(s), rule.map(Text::from)))
                    .collect();
                prop_assert_eq!(&copies, &want_copies);
                routed += want.len() as u64;
                for (s, rule) in want {
                    let mut copy = msg.clone();
                    if let Some(rule) = rule {
                        let mut p = (*msg.properties).clone();
                        p.insert("tagged".into(), PropValue::Bool(true));
                        p.insert("RuleName".into(), PropValue::Str(rule.into()));
                        copy.properties = Rc::new(p);
                    }
                    let w = r.get_mut(s).expect("a subscription");
                    prop_assert_eq!(w.apply(t, "S", send(copy)), Ok(Outcome::Done));
                }
            }
            Step::Receive { sub, by, max, dlq } => {
                let s = SUBS[*sub];
                let from = if *dlq {
                    SubQueue::DeadLetter
                } else {
                    SubQueue::Main
                };
                let op = Op::Receive {
                    max: *max,
                    mode: None,
                    from,
                };
                let got = ns.apply(t, &path(s), &name(*by), op.clone());
                let want = r.get_mut(s).expect("exists").apply(t, &name(*by), op);
                match (got, want) {
                    (Ok(Outcome::Messages(g)), Ok(Outcome::Messages(w))) => {
                        let g: Vec<_> = g.iter().map(view).collect();
                        let w: Vec<_> = w.iter().map(view).collect();
                        prop_assert_eq!(g, w);
                    }
                    (Err(g), Err(w)) => prop_assert_eq!(g.kind, w.kind),
                    (g, w) => prop_assert!(false, "receive differs: {g:?} vs {w:?}"),
                }
            }
            Step::Settle { sub, by, pick, how } => {
                let s = SUBS[*sub];
                let w = r.get_mut(s).expect("exists");
                let held: Vec<u64> = w.in_hand(&name(*by)).map(|h| h.view.seq).collect();
                let Some(&seq) = held.get(pick % held.len().max(1)) else {
                    continue;
                };
                let target = Target::Seq(seq);
                let op = match how {
                    0 => Op::Complete { target },
                    1 => Op::Abandon {
                        target,
                        properties: None,
                    },
                    2 => Op::DeadLetter {
                        target,
                        reason: None,
                        description: None,
                        properties: None,
                    },
                    _ => Op::Defer {
                        target,
                        properties: None,
                    },
                };
                let want = w.apply(t, &name(*by), op.clone());
                let got = ns.apply(t, &path(s), &name(*by), op);
                prop_assert_eq!(got.map_err(|e| e.kind), want.map_err(|e| e.kind));
            }
            Step::Advance { ms } => {
                now += ms;
                let t = Instant::from_millis(now);
                ns.advance_to(t);
                for w in r.values_mut() {
                    w.advance_to(t);
                }
            }
        }
        while ns.poll_event().is_some() {}
        let mut accepted = 0;
        for s in SUBS {
            let q = ns.world(&path(s)).expect("exists").queue();
            let rq = r[s].queue();
            for l in [Listing::Main, Listing::DeadLetter] {
                let got: Vec<_> = q.list(l).iter().map(view).collect();
                let want: Vec<_> = rq.list(l).iter().map(view).collect();
                prop_assert_eq!(got, want, "subscription {} {:?} after step {}", s, l, k);
            }
            check_invariants(q).map_err(TestCaseError::fail)?;
            accepted += q.counters().accepted;
        }
        prop_assert_eq!(accepted, routed, "copies accepted = copies routed");
    }
    Ok(())
}

/// A fifth of `PROPTEST_CASES` (each case runs up to 60 steps over five entities), at least 256.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .map_or(256, |n| (n / 5).max(256))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]
    #[test]
    fn fan_out_matches_independent_queues_per_subscription(steps in prop::collection::vec(step(), 1..60)) {
        run(&steps)?;
    }
}
