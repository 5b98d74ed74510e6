//! Model-based property test: random operation sequences with random time advances, run
//! against the real `Queue` and against a deliberately naive reference model written from
//! semantics.md (linear scans, no indexes). After every step:
//! - the results agree (ok/error kind, which messages with which delivery counts);
//! - every message is in the same place with the same h and lock expiry in both;
//! - the queue's own invariant checker passes (one timer per lock, `poll_timeout` is the
//!   earliest deadline, conservation, indexes);
//! - delivery counts never decrease.
//!
//! Close and disconnect follow format v1.1 (rule 6): the model marks the receiver's locks as
//! out of its reach and releases nothing; each comes back when its own lock expires.
//!
//! Cases: `PROPTEST_CASES` (the test command sets 10,000).
#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use settle_core::check::check_invariants;
use settle_core::{
    ClientId, Duration, ErrorKind, Instant, Listing, LockToken, NewMessage, Queue, QueueConfig,
    ReceiveMode, SubQueue,
};
use std::collections::{BTreeMap, BTreeSet};

const LD: u64 = 10_000;
const RECEIVERS: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum P {
    Avail,
    Locked {
        by: u8,
        until: u64,
        g: u64,
    },
    Deferred,
    DeferredLocked {
        by: u8,
        until: u64,
        g: u64,
    },
    Dlq,
    DlqLocked {
        by: u8,
        until: u64,
        g: u64,
    },
    DlqDeferred,
    /// Scheduled: becomes available at `at` with a new sequence number.
    Scheduled {
        at: u64,
    },
}

impl P {
    fn lock(self) -> Option<(u8, u64, u64)> {
        match self {
            Self::Locked { by, until, g }
            | Self::DeferredLocked { by, until, g }
            | Self::DlqLocked { by, until, g } => Some((by, until, g)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
struct M {
    p: P,
    h: u32,
    expires: Option<u64>,
}

#[derive(Clone, Debug)]
struct Model {
    now: u64,
    next_seq: u64,
    generation: u64,
    n: u32,
    ttl: Option<u64>,
    dlq_on_exp: bool,
    msgs: BTreeMap<u64, M>,
    /// Lock generations whose receiver closed or lost its link: still locked, unusable.
    link_gone: BTreeSet<u64>,
}

impl Model {
    fn ttl_expire(&mut self, seq: u64) {
        if self.dlq_on_exp {
            self.msgs.get_mut(&seq).unwrap().p = P::Dlq;
        } else {
            self.msgs.remove(&seq);
        }
    }

    /// A lock ends without settlement.
    fn release(&mut self, seq: u64) {
        let m = self.msgs.get_mut(&seq).unwrap();
        match m.p {
            P::Locked { .. } => {
                m.h += 1;
                if m.expires.is_some_and(|e| e <= self.now) {
                    self.ttl_expire(seq);
                } else if m.h >= self.n {
                    m.p = P::Dlq;
                } else {
                    m.p = P::Avail;
                }
            }
            P::DeferredLocked { .. } => {
                m.h += 1;
                m.p = if m.h >= self.n { P::Dlq } else { P::Deferred };
            }
            // Nothing in the dead-letter queue counts: neither an abandon (format v1.2) nor
            // an expiry.
            P::DlqLocked { .. } => m.p = P::Dlq,
            _ => unreachable!("release of an unlocked message"),
        }
    }

    fn advance(&mut self, t: u64) {
        loop {
            // At one instant activations come before lock expiries (semantics.md §1.4), each
            // group in sequence-number order: (time, kind, seq) with activation = 0.
            let due = self
                .msgs
                .iter()
                .filter_map(|(&s, m)| match m.p {
                    P::Scheduled { at } => Some((at, 0, s)),
                    p => p.lock().map(|(_, until, _)| (until, 1, s)),
                })
                .filter(|&(when, _, _)| when <= t)
                .min();
            let Some((when, kind, seq)) = due else { break };
            self.now = when;
            if kind == 0 {
                let mut m = self.msgs.remove(&seq).unwrap();
                let new = self.next_seq;
                self.next_seq += 1;
                m.p = P::Avail;
                m.expires = self.ttl.map(|ttl| when + ttl);
                self.msgs.insert(new, m);
            } else {
                self.release(seq);
            }
        }
        self.now = t;
    }

    fn collect(&mut self) {
        let expired: Vec<u64> = self
            .msgs
            .iter()
            .filter(|(_, m)| m.p == P::Avail && m.expires.is_some_and(|e| e <= self.now))
            .map(|(&s, _)| s)
            .collect();
        for s in expired {
            self.ttl_expire(s);
        }
    }

    fn lock(&mut self, seq: u64, by: u8, place: fn(u8, u64, u64) -> P) -> (u64, u32, u64) {
        self.generation += 1;
        let until = self.now + LD;
        let g = self.generation;
        let m = self.msgs.get_mut(&seq).unwrap();
        m.p = place(by, until, g);
        (seq, m.h + 1, g)
    }

    fn valid(&self, seq: u64, g: u64) -> bool {
        self.msgs
            .get(&seq)
            .and_then(|m| m.p.lock())
            .is_some_and(|(_, until, mg)| mg == g && self.now < until)
            && !self.link_gone.contains(&g)
    }
}

#[derive(Clone, Debug)]
enum Action {
    Send,
    Receive { r: u8, delete: bool },
    ReceiveDlq { r: u8 },
    ReceiveDeferred { r: u8, pick: usize },
    Complete { r: u8, pick: usize },
    Abandon { r: u8, pick: usize },
    DeadLetter { r: u8, pick: usize },
    Defer { r: u8, pick: usize },
    Renew { r: u8, pick: usize },
    Close { r: u8 },
    Disconnect { r: u8 },
    Advance { ms: u64 },
    Schedule { delay_ms: u64 },
    Cancel { pick: usize },
}

fn action() -> impl Strategy<Value = Action> {
    let r = 0..RECEIVERS;
    let pick = 0usize..8;
    prop_oneof![
        4 => Just(Action::Send),
        4 => (r.clone(), proptest::bool::weighted(0.15)).prop_map(|(r, delete)| Action::Receive { r, delete }),
        1 => r.clone().prop_map(|r| Action::ReceiveDlq { r }),
        1 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::ReceiveDeferred { r, pick }),
        2 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::Complete { r, pick }),
        2 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::Abandon { r, pick }),
        1 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::DeadLetter { r, pick }),
        1 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::Defer { r, pick }),
        1 => (r.clone(), pick.clone()).prop_map(|(r, pick)| Action::Renew { r, pick }),
        1 => r.clone().prop_map(|r| Action::Close { r }),
        1 => r.prop_map(|r| Action::Disconnect { r }),
        1 => (1u64..20_000).prop_map(|delay_ms| Action::Schedule { delay_ms }),
        1 => (0usize..8).prop_map(|pick| Action::Cancel { pick }),
        3 => prop_oneof![0u64..3_000, Just(LD), 5_000u64..25_000].prop_map(|ms| Action::Advance { ms }),
    ]
}

/// A delivery a receiver got: the real token and the model's lock generation.
#[derive(Clone, Debug)]
struct Delivery {
    seq: u64,
    token: LockToken,
    g: u64,
}

fn place_of(q: &Queue, seq: u64) -> Option<(&'static str, u32, Option<u64>)> {
    for (l, name) in [
        (Listing::Main, "main"),
        (Listing::DeadLetter, "dlq"),
        (Listing::Scheduled, "scheduled"),
    ] {
        if let Some(m) = q.list(l).into_iter().find(|m| m.seq == seq) {
            let kind = match (name, m.state, m.locked_until.is_some()) {
                ("main", settle_core::MessageState::Deferred, false) => "deferred",
                ("main", _, false) => "avail",
                ("main", settle_core::MessageState::Deferred, true) => "deferred-locked",
                ("main", _, true) => "locked",
                ("dlq", _, true) => "dlq-locked",
                ("dlq", _, false) => "dlq",
                _ => "scheduled",
            };
            return Some((
                kind,
                m.delivery_count,
                m.locked_until.map(Instant::as_millis),
            ));
        }
    }
    None
}

fn model_place(m: &M) -> (&'static str, u32, Option<u64>) {
    let until = m.p.lock().map(|(_, u, _)| u);
    let kind = match m.p {
        P::Avail => "avail",
        P::Locked { .. } => "locked",
        P::Deferred => "deferred",
        P::DeferredLocked { .. } => "deferred-locked",
        P::Dlq => "dlq",
        P::DlqLocked { .. } => "dlq-locked",
        // In the listing a deferred DLQ message reads as an unlocked DLQ message.
        P::DlqDeferred => "dlq",
        P::Scheduled { .. } => "scheduled",
    };
    (kind, m.h, until)
}

fn run(
    actions: Vec<Action>,
    n: u32,
    ttl: Option<u64>,
    dlq_on_exp: bool,
) -> Result<(), TestCaseError> {
    let cfg = QueueConfig {
        lock_duration: Duration::from_millis(LD),
        max_delivery_count: n,
        default_ttl: ttl.map(Duration::from_millis),
        dead_letter_on_expiration: dlq_on_exp,
        ..QueueConfig::default()
    };
    let mut q = Queue::new(cfg, Instant::ZERO, 1).unwrap();
    let mut m = Model {
        now: 0,
        next_seq: 1,
        generation: 0,
        n,
        ttl,
        dlq_on_exp,
        msgs: BTreeMap::new(),
        link_gone: BTreeSet::new(),
    };
    let mut held: Vec<Vec<Delivery>> = vec![Vec::new(); RECEIVERS as usize];
    let mut max_h: BTreeMap<u64, u32> = BTreeMap::new();
    let sender = ClientId(99);
    let rid = |r: u8| ClientId(u32::from(r));

    for (i, a) in actions.into_iter().enumerate() {
        let now = Instant::from_millis(m.now);
        // Picks a delivery the receiver got: valid or stale, as happens in real code.
        let pick = |held: &Vec<Vec<Delivery>>, r: u8, k: usize| -> Option<Delivery> {
            let h = &held[r as usize];
            (!h.is_empty()).then(|| h[k % h.len()].clone())
        };
        match a.clone() {
            Action::Send => {
                let seq = m.next_seq;
                m.next_seq += 1;
                m.msgs.insert(
                    seq,
                    M {
                        p: P::Avail,
                        h: 0,
                        expires: m.ttl.map(|t| m.now + t),
                    },
                );
                q.send(now, sender, NewMessage::new(&format!("m{seq}"), "x"))
                    .unwrap();
            }
            Action::Receive { r, delete } => {
                m.collect();
                let want = m
                    .msgs
                    .iter()
                    .find(|(_, x)| x.p == P::Avail)
                    .map(|(&s, _)| s);
                let mode = if delete {
                    ReceiveMode::ReceiveAndDelete
                } else {
                    ReceiveMode::PeekLock
                };
                let got = q
                    .receive(now, rid(r), SubQueue::Main, Some(mode), 1)
                    .unwrap();
                match want {
                    None => prop_assert!(
                        got.is_empty(),
                        "step {i}: model has nothing, queue gave {got:?}"
                    ),
                    Some(seq) if delete => {
                        let h = m.msgs.remove(&seq).unwrap().h;
                        prop_assert_eq!((got[0].seq, got[0].delivery_count), (seq, h + 1));
                    }
                    Some(seq) => {
                        let (s, dc, g) = m.lock(seq, r, |by, until, g| P::Locked { by, until, g });
                        prop_assert_eq!((got[0].seq, got[0].delivery_count), (s, dc), "step {}", i);
                        held[r as usize].push(Delivery {
                            seq,
                            token: got[0].lock_token.unwrap(),
                            g,
                        });
                    }
                }
            }
            Action::ReceiveDlq { r } => {
                let want = m.msgs.iter().find(|(_, x)| x.p == P::Dlq).map(|(&s, _)| s);
                let got = q
                    .receive(now, rid(r), SubQueue::DeadLetter, None, 1)
                    .unwrap();
                match want {
                    None => prop_assert!(got.is_empty()),
                    Some(seq) => {
                        let (s, dc, g) =
                            m.lock(seq, r, |by, until, g| P::DlqLocked { by, until, g });
                        prop_assert_eq!((got[0].seq, got[0].delivery_count), (s, dc));
                        held[r as usize].push(Delivery {
                            seq,
                            token: got[0].lock_token.unwrap(),
                            g,
                        });
                    }
                }
            }
            Action::ReceiveDeferred { r, pick: k } => {
                let deferred: Vec<u64> = m
                    .msgs
                    .iter()
                    .filter(|(_, x)| x.p == P::Deferred)
                    .map(|(&s, _)| s)
                    .collect();
                // Sometimes a seq that is not deferred, to exercise MessageNotFound.
                let seq = if deferred.is_empty() || k == 7 {
                    m.next_seq + 5
                } else {
                    deferred[k % deferred.len()]
                };
                let res = q.receive_deferred(now, rid(r), SubQueue::Main, None, &[seq]);
                let live = m.msgs.get(&seq).is_some_and(|x| x.p == P::Deferred);
                if !live {
                    prop_assert_eq!(
                        res.map(|_| ()).unwrap_err().kind,
                        ErrorKind::MessageNotFound
                    );
                } else if m.msgs[&seq].expires.is_some_and(|e| e <= m.now) {
                    m.ttl_expire(seq);
                    prop_assert_eq!(
                        res.map(|_| ()).unwrap_err().kind,
                        ErrorKind::MessageNotFound
                    );
                } else {
                    let got = res.unwrap();
                    let (s, dc, g) =
                        m.lock(seq, r, |by, until, g| P::DeferredLocked { by, until, g });
                    prop_assert_eq!((got[0].seq, got[0].delivery_count), (s, dc));
                    held[r as usize].push(Delivery {
                        seq,
                        token: got[0].lock_token.unwrap(),
                        g,
                    });
                }
            }
            Action::Complete { r, pick: k }
            | Action::Abandon { r, pick: k }
            | Action::DeadLetter { r, pick: k }
            | Action::Defer { r, pick: k }
            | Action::Renew { r, pick: k } => {
                let Some(d) = pick(&held, r, k) else { continue };
                let valid = m.valid(d.seq, d.g);
                let in_dlq = valid && matches!(m.msgs[&d.seq].p, P::DlqLocked { .. });
                let res: Result<(), ErrorKind> = match a {
                    Action::Complete { .. } => q.complete(now, d.token).map_err(|e| e.kind),
                    Action::Abandon { .. } => q.abandon(now, d.token, None).map_err(|e| e.kind),
                    Action::DeadLetter { .. } => q
                        .dead_letter(now, d.token, None, None, None)
                        .map_err(|e| e.kind),
                    Action::Defer { .. } => q.defer(now, d.token, None).map_err(|e| e.kind),
                    _ => q.renew_lock(now, d.token).map(|_| ()).map_err(|e| e.kind),
                };
                if !valid {
                    prop_assert_eq!(
                        res,
                        Err(ErrorKind::MessageLockLost),
                        "step {}: stale token accepted",
                        i
                    );
                    continue;
                }
                match a {
                    Action::Complete { .. } => {
                        prop_assert_eq!(res, Ok(()));
                        m.msgs.remove(&d.seq);
                    }
                    Action::Abandon { .. } => {
                        prop_assert_eq!(res, Ok(()));
                        m.release(d.seq);
                    }
                    Action::DeadLetter { .. } if in_dlq => {
                        prop_assert_eq!(res, Err(ErrorKind::InvalidOperation));
                    }
                    Action::DeadLetter { .. } => {
                        prop_assert_eq!(res, Ok(()));
                        m.msgs.get_mut(&d.seq).unwrap().p = P::Dlq;
                    }
                    Action::Defer { .. } => {
                        prop_assert_eq!(res, Ok(()));
                        let n = m.n;
                        let x = m.msgs.get_mut(&d.seq).unwrap();
                        x.h += 1;
                        x.p = if in_dlq {
                            P::DlqDeferred
                        } else if x.h >= n {
                            P::Dlq
                        } else {
                            P::Deferred
                        };
                    }
                    _ => {
                        prop_assert_eq!(res, Ok(()));
                        let until = m.now + LD;
                        let x = m.msgs.get_mut(&d.seq).unwrap();
                        x.p = match x.p {
                            P::Locked { by, g, .. } => P::Locked { by, until, g },
                            P::DeferredLocked { by, g, .. } => P::DeferredLocked { by, until, g },
                            P::DlqLocked { by, g, .. } => P::DlqLocked { by, until, g },
                            p => p,
                        };
                    }
                }
            }
            Action::Schedule { delay_ms } => {
                let seq = m.next_seq;
                m.next_seq += 1;
                let at = m.now + delay_ms;
                m.msgs.insert(
                    seq,
                    M {
                        p: P::Scheduled { at },
                        h: 0,
                        expires: None,
                    },
                );
                let mut msg = NewMessage::new(&format!("s{seq}"), "x");
                msg.scheduled_enqueue = Some(Instant::from_millis(at));
                let r = q.send(now, sender, msg).unwrap();
                prop_assert_eq!(r, settle_core::SendOutcome::Scheduled(seq));
            }
            Action::Cancel { pick: k } => {
                let scheduled: Vec<u64> = m
                    .msgs
                    .iter()
                    .filter(|(_, x)| matches!(x.p, P::Scheduled { .. }))
                    .map(|(&s, _)| s)
                    .collect();
                // Sometimes a number that is not scheduled: a successful no-op (T4).
                let seq = if scheduled.is_empty() || k == 7 {
                    m.next_seq + 3
                } else {
                    scheduled[k % scheduled.len()]
                };
                if scheduled.contains(&seq) {
                    m.msgs.remove(&seq);
                }
                q.cancel_scheduled(now, sender, seq);
            }
            Action::Close { r } | Action::Disconnect { r } => {
                if matches!(a, Action::Close { .. }) {
                    q.close(now, rid(r));
                } else {
                    q.disconnect(now, rid(r));
                }
                // Nothing is released: r's locks run on until they expire, out of r's reach.
                let mine: Vec<u64> = m
                    .msgs
                    .values()
                    .filter_map(|x| x.p.lock().filter(|&(by, _, _)| by == r))
                    .map(|(_, _, g)| g)
                    .collect();
                m.link_gone.extend(mine);
            }
            Action::Advance { ms } => {
                let t = m.now + ms;
                m.advance(t);
                q.handle_timeout(Instant::from_millis(t));
            }
        }
        while q.poll_event().is_some() {}
        if let Err(e) = check_invariants(&q) {
            return Err(TestCaseError::fail(format!("step {i} {a:?}: {e}")));
        }
        // Same messages, same places, same counts, same lock expiries.
        let all: Vec<u64> = [Listing::Main, Listing::DeadLetter, Listing::Scheduled]
            .into_iter()
            .flat_map(|l| q.list(l))
            .map(|x| x.seq)
            .collect();
        let mut sorted = all.clone();
        sorted.sort_unstable();
        prop_assert_eq!(
            sorted,
            m.msgs.keys().copied().collect::<Vec<_>>(),
            "step {} {:?}",
            i,
            a
        );
        for (&seq, x) in &m.msgs {
            let real = place_of(&q, seq).unwrap();
            prop_assert_eq!(real, model_place(x), "step {} {:?}: seq {}", i, a, seq);
            let prev = max_h.entry(seq).or_insert(0);
            prop_assert!(x.h >= *prev, "delivery count decreased");
            *prev = x.h;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        // The test command sets PROPTEST_CASES=10000; a plain `cargo test` runs 512.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(512),
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn queue_agrees_with_the_reference_model(
        actions in proptest::collection::vec(action(), 1..80),
        n in 1u32..5,
        ttl in proptest::option::weighted(0.3, 4_000u64..40_000),
        dlq_on_exp in any::<bool>(),
    ) {
        run(actions, n, ttl, dlq_on_exp)?;
    }
}
