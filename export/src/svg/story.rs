//! The story: what the run did, followed record by record into places, lanes, segments, marks
//! and connectors ([`model`](super::model)). Here: the story's state and the moves every part of
//! it makes (a message's segment opened and closed, a mark, a connector, a moment worth a
//! sentence); what each broker event does is in `events` and `deliveries`, each client's
//! operation in `record`.

use super::model::{Conn, ConnKind, Icon, Lane, MOMENTS, Mark, Msg, Place, Role, Seg, SegKind};
use super::words::Words;
use crate::artifact::ttl_possible;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::World;
use settle_scenario::Scenario;

pub(super) struct Story {
    pub(super) lanes: Vec<Lane>,
    pub(super) names: BTreeMap<String, usize>,
    pub(super) msgs: Vec<Msg>,
    /// (place, sequence number) → message.
    pub(super) by_seq: BTreeMap<(usize, u64), usize>,
    pub(super) places: Vec<Place>,
    pub(super) place_of: BTreeMap<String, usize>,
    pub(super) entities: bool,
    /// The sender of the topic send whose events follow (its record comes first).
    pub(super) pending_sender: Option<usize>,
    /// The topic lane of the fan-out whose copies follow, and how many were drawn.
    pub(super) fanout: Option<(usize, usize)>,
    /// What the send whose events follow carries for its reader (`reply_to`, `correlation_id`).
    pub(super) send_note: String,
    pub(super) conns: Vec<Conn>,
    pub(super) moments: Vec<(u64, String)>,
    pub(super) moments_total: usize,
    pub(super) last_t: u64,
    /// Any message may have a time-to-live (then expiries are looked up).
    pub(super) ttl_possible: bool,
    /// The words the story is told in.
    pub(super) words: Words,
}

impl Story {
    pub(super) fn new(sc: &Scenario) -> Self {
        let mut st = Self {
            lanes: Vec::new(),
            names: BTreeMap::new(),
            msgs: Vec::new(),
            by_seq: BTreeMap::new(),
            places: Vec::new(),
            place_of: BTreeMap::new(),
            entities: sc.entities.is_some(),
            pending_sender: None,
            fanout: None,
            send_note: String::new(),
            conns: Vec::new(),
            moments: Vec::new(),
            moments_total: 0,
            last_t: 0,
            ttl_possible: ttl_possible(sc),
            words: Words::installed(),
        };
        match &sc.entities {
            None => st.place("queue", false, sc.queue.max_delivery_count),
            Some(ents) => {
                use settle_core::namespace::{EntitySpec, subscription_path, topic_of};
                // Queues and topics in the order the story first uses them (a request queue
                // before its reply queue), then the others by name; a topic's subscriptions
                // follow it.
                let mut names: Vec<&str> = Vec::new();
                for e in sc
                    .script
                    .iter()
                    .filter_map(|s| s.entity.as_deref())
                    .chain(sc.actor_entities.iter().map(|e| &**e))
                    .map(topic_of)
                    .chain(ents.keys().map(String::as_str))
                {
                    if !names.contains(&e) {
                        names.push(e);
                    }
                }
                for (name, e) in names.into_iter().filter_map(|n| ents.get_key_value(n)) {
                    match e {
                        EntitySpec::Queue(c) => st.place(name, false, c.max_delivery_count),
                        EntitySpec::Topic(t) => {
                            st.place(name, true, 0);
                            for (sub, x) in &t.subscriptions {
                                st.place(
                                    &subscription_path(name, sub),
                                    false,
                                    x.config.max_delivery_count,
                                );
                            }
                        }
                    }
                }
            }
        }
        st
    }

    /// Adds a queue, topic or subscription and its lanes (the one queue's are lanes 0 and 1).
    fn place(&mut self, path: &str, topic: bool, max_delivery: u32) {
        let p = self.places.len();
        let main = self.lanes.len();
        self.lanes.push(Lane {
            name: path.into(),
            role: Role::Main(p),
            ..Lane::default()
        });
        let dlq = (!topic).then(|| {
            self.lanes.push(Lane {
                name: alloc::format!("{path}/$deadletterqueue"),
                role: Role::Dlq(p),
                ..Lane::default()
            });
            main + 1
        });
        self.places.push(Place {
            path: path.into(),
            main,
            dlq,
            topic,
            max_delivery,
        });
        self.place_of.insert(path.into(), p);
    }

    /// A place's name for a moment's words: its last path segment ("billing" of
    /// "orders/subscriptions/billing"); none for the one queue.
    pub(super) fn place_name(&self, p: usize) -> Option<&str> {
        if !self.entities {
            return None;
        }
        let path = &self.places[p].path;
        Some(path.rsplit_once('/').map_or(path.as_str(), |x| x.1))
    }

    /// A place's dead-letter lane (a topic has none: its own lane).
    pub(super) fn dlq_of(&self, p: usize) -> usize {
        self.places[p].dlq.unwrap_or(self.places[p].main)
    }

    pub(super) fn lane(&mut self, name: &str) -> usize {
        if let Some(&i) = self.names.get(name) {
            return i;
        }
        let i = self.lanes.len();
        self.lanes.push(Lane {
            name: name.into(),
            ..Lane::default()
        });
        self.names.insert(name.into(), i);
        i
    }

    pub(super) fn moment(&mut self, t: u64, text: String) {
        self.moments_total += 1;
        if self.moments.len() < MOMENTS {
            self.moments.push((t, text));
        }
    }

    pub(super) fn mark(
        &mut self,
        lane: usize,
        t: u64,
        icon: Icon,
        seg: Option<usize>,
        label: String,
    ) {
        let detail = seg
            .and_then(|s| self.lanes[lane].segs[s].msg)
            .is_none_or(|m| self.msgs[m].detail);
        self.lanes[lane].marks.push(Mark {
            t,
            icon,
            seg,
            label,
            detail,
        });
    }

    /// Ends the message's current segment at `t`; returns where it was (where it came from,
    /// when it spent no time at all there: a release followed at once by a redelivery or a
    /// dead-lettering draws as one move).
    pub(super) fn close(&mut self, m: usize, t: u64) -> Option<(usize, usize)> {
        let at = self.msgs[m].at.take()?;
        self.ttl_check(m, at, t);
        let seg = &mut self.lanes[at.0].segs[at.1];
        seg.t1 = Some(t);
        if seg.t0 == t
            && let Some(prev) = self.msgs[m].came_from
        {
            return Some(prev);
        }
        self.msgs[m].came_from = Some(at);
        Some(at)
    }

    /// Starts a segment for message `m` (or a session when `m` is `None`).
    pub(super) fn open(
        &mut self,
        lane: usize,
        t: u64,
        kind: SegKind,
        m: Option<usize>,
        label: String,
        deadline: Option<u64>,
    ) -> usize {
        let segs = &mut self.lanes[lane].segs;
        segs.push(Seg {
            t0: t,
            t1: None,
            kind,
            msg: m,
            label,
            deadline,
            renewals: Vec::new(),
            expired: false,
            ttl_out: None,
        });
        let s = segs.len() - 1;
        if let Some(m) = m {
            let prev = self.msgs[m].at.replace((lane, s));
            debug_assert!(prev.is_none(), "a message is in one place at a time");
        }
        s
    }

    pub(super) fn conn(
        &mut self,
        m: usize,
        t: u64,
        from: (usize, Option<usize>),
        to: (usize, Option<usize>),
        kind: ConnKind,
    ) {
        if self.msgs[m].detail && from.0 != to.0 {
            self.conns.push(Conn {
                t,
                dx: 0.0,
                from,
                to,
                kind,
            });
        }
    }

    /// The message goes back where it waits: the dead-letter queue, deferred, or available.
    pub(super) fn release(&mut self, m: usize, t: u64, from: Option<(usize, usize)>) {
        let p = self.msgs[m].place;
        let (lane, kind) = if self.msgs[m].in_dlq {
            (self.dlq_of(p), SegKind::DeadLetter)
        } else if self.msgs[m].deferred {
            (self.places[p].main, SegKind::Deferred)
        } else {
            (self.places[p].main, SegKind::Waiting)
        };
        let label = self.msgs[m].id.clone();
        let s = self.open(lane, t, kind, Some(m), label, None);
        if let Some(f) = from {
            self.conn(m, t, (f.0, Some(f.1)), (lane, Some(s)), ConnKind::Back);
        }
    }

    /// Marks where a waiting message's time-to-live ran out before `t` (it is collected only
    /// when someone receives: semantics.md §1.4).
    fn ttl_check(&mut self, m: usize, at: (usize, usize), t: u64) {
        let seg = &mut self.lanes[at.0].segs[at.1];
        if let Some(x) = self.msgs[m].expires_at
            && seg.kind == SegKind::Waiting
            && x > seg.t0
            && x < t
            && seg.ttl_out.is_none()
        {
            seg.ttl_out = Some(x);
            self.mark(at.0, x, Icon::TtlExpired, Some(at.1), String::new());
        }
    }

    /// The expiry of a message the broker just stored or activated.
    pub(super) fn learn_expiry(&mut self, world: &World, m: usize, seq: u64) {
        if self.msgs[m].detail && self.ttl_possible {
            self.msgs[m].expires_at = world
                .queue()
                .list(settle_core::Listing::Main)
                .iter()
                .find(|v| v.seq == seq)
                .and_then(|v| v.expires_at)
                .map(settle_core::Instant::as_millis);
        }
    }

    /// At the end of what was run: waiting messages whose time-to-live ran out.
    pub(super) fn finish(&mut self, t: u64) {
        for m in 0..self.msgs.len() {
            if let Some(at) = self.msgs[m].at {
                self.ttl_check(m, at, t);
            }
        }
    }

    pub(super) fn msg_of(&self, p: usize, seq: u64) -> Option<usize> {
        self.by_seq.get(&(p, seq)).copied()
    }

    /// A client receives from place `p` (it is drawn beside that place).
    pub(super) fn receives_from(&mut self, lane: usize, p: Option<usize>) {
        self.lanes[lane].is_receiver = true;
        if self.lanes[lane].home.is_none() {
            self.lanes[lane].home = p;
        }
    }

    /// The session segment open on a receiver's lane.
    pub(super) fn open_session(&mut self, lane: usize) -> Option<&mut Seg> {
        self.lanes[lane]
            .segs
            .iter_mut()
            .rev()
            .find(|s| s.kind == SegKind::Session && s.t1.is_none())
    }
}
