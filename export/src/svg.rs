//! The scenario's story as a static SVG: swimlanes over virtual time for the
//! senders, the queue, the receivers and the dead-letter queue, with every message's journey
//! between them: sends, waiting, lock spans with their deadlines, settlements, lock expiries and
//! redeliveries with their delivery counts, dead-lettering with its reason, scheduling, deferral,
//! duplicates and TTL expiry. For documentation hosts that allow no iframe and no script.
//!
//! The picture is deterministic (same scenario, same bytes), self-contained (no fonts, scripts
//! or references outside the document) and smaller than [`MAX_BYTES`]: busy lanes are drawn as a
//! count over time instead of one bar per message, marks that fall on the same pixel are drawn
//! once with a count, and a run that produces more than [`RECORD_BUDGET`] records is drawn up to
//! there, with a note saying so. Its colours follow the reader's light or dark scheme
//! (`prefers-color-scheme`), which GitHub keeps for images.

#[cfg(feature = "entities")]
use crate::artifact::drive_ns;
use crate::artifact::{ArtifactError, Ended, drive, secs, target_of, ttl_possible};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_core::Error;
use settle_core::SubQueue;
use settle_core::{Event, EventKind, LockLossCause};
use settle_core::{Op, Outcome, Target, World};
#[cfg(feature = "entities")]
use settle_scenario::NsRecord;
use settle_scenario::{Record, Scenario};

/// No rendered SVG is larger than this (bytes).
pub const MAX_BYTES: usize = 200 * 1024;
/// Records of the run drawn at most; the rest of a longer run is summarised by a note.
pub const RECORD_BUDGET: usize = 200_000;

/// The scenario's story as a static SVG.
///
/// # Errors
/// The scenario asks for more work than the run's budget allows ([`ArtifactError::budget`]),
/// exactly when `settle run` says so. Every other valid scenario renders (a huge one only in
/// part, and the picture says so).
pub fn svg(sc: &Scenario) -> Result<String, ArtifactError> {
    render(sc, false)
}

/// As [`svg`], with a cursor that sweeps the time axis and reveals the story as it goes (CSS
/// animation; still for readers who prefer reduced motion).
///
/// # Errors
/// As [`svg`].
pub fn svg_animated(sc: &Scenario) -> Result<String, ArtifactError> {
    render(sc, true)
}

// ---------------------------------------------------------------------------------------------
// What happened, as lanes, segments and marks.

/// Without `entities`: the queue's lanes, and its place.
const QUEUE: usize = 0;
const DLQ: usize = 1;

/// A queue, topic or subscription: where its messages are drawn.
#[derive(Clone, Debug)]
struct Place {
    /// The entity's name or subscription path (`"queue"` without `entities`).
    path: String,
    /// Its lane: the queue's or subscription's messages, or a topic's scheduled ones.
    main: usize,
    /// Its dead-letter queue's lane (none for a topic).
    dlq: Option<usize>,
    topic: bool,
    max_delivery: u32,
}

/// What a lane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Role {
    /// A client (sender, receiver or both).
    #[default]
    Client,
    /// A queue's or subscription's messages, or a topic (its place).
    Main(usize),
    /// A place's dead-letter queue.
    Dlq(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SegKind {
    Waiting,
    Scheduled,
    Deferred,
    Locked,
    Prefetched,
    DeadLetter,
    Session,
}

#[derive(Clone, Debug)]
struct Seg {
    t0: u64,
    t1: Option<u64>,
    kind: SegKind,
    msg: Option<usize>,
    label: String,
    /// Lock (or session lock) deadline, moved by renewals.
    deadline: Option<u64>,
    renewals: Vec<u64>,
    expired: bool,
    /// For a waiting message: when its time-to-live ran out while it waited.
    ttl_out: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Icon {
    Send,
    Duplicate,
    Rejected,
    Activated,
    Cancelled,
    Complete,
    Abandon,
    Defer,
    DeadLetter,
    LockExpired,
    LockLost,
    TtlExpired,
    ReceivedDeleted,
    Renew,
    Peek,
    Link,
    Admin,
    Refused,
    Published,
    Unrouted,
}

impl Icon {
    /// (symbol id, colour class, legend text).
    const fn style(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::Send => ("i-sn", "k-sn", "send (enqueued)"),
            Self::Duplicate => ("i-du", "k-mu", "duplicate dropped"),
            Self::Rejected => ("i-no", "k-no", "send refused"),
            Self::Activated => ("i-ac", "k-sn", "scheduled → active"),
            Self::Cancelled => ("i-no", "k-mu", "cancelled / dropped"),
            Self::Complete => ("i-ok", "k-ok", "complete"),
            Self::Abandon => ("i-ab", "k-ab", "abandon"),
            Self::Defer => ("i-df", "k-df", "defer"),
            Self::DeadLetter => ("i-dl", "k-dl", "dead-letter"),
            Self::LockExpired => ("i-ex", "k-ex", "lock expired"),
            Self::LockLost => ("i-ll", "k-ex", "lock lost"),
            Self::TtlExpired => ("i-tt", "k-ab", "time-to-live ran out"),
            Self::ReceivedDeleted => ("i-rd", "k-lk", "received and deleted"),
            Self::Renew => ("i-rn", "k-lk", "lock renewed"),
            Self::Peek => ("i-pk", "k-mu", "peek"),
            Self::Link => ("i-ln", "k-sn", "close / disconnect / crash"),
            Self::Admin => ("i-ad", "k-sn", "queue settings changed"),
            Self::Refused => ("i-no", "k-no", "step refused (error)"),
            Self::Published => ("i-pb", "k-sn", "published: a copy per subscription"),
            Self::Unrouted => ("i-no", "k-ab", "no subscription took it: dropped"),
        }
    }

    /// The word for a group of these at one spot ("×3 sent").
    const fn plural(self) -> &'static str {
        match self {
            Self::Send => "sent",
            Self::Duplicate => "duplicates",
            Self::Rejected | Self::Refused => "refused",
            Self::Activated => "activated",
            Self::Cancelled => "cancelled",
            Self::Complete => "completed",
            Self::Abandon => "abandoned",
            Self::Defer => "deferred",
            Self::DeadLetter => "dead-lettered",
            Self::LockExpired => "locks expired",
            Self::LockLost => "locks lost",
            Self::TtlExpired => "expired",
            Self::ReceivedDeleted => "received",
            Self::Renew => "renewed",
            Self::Peek => "peeks",
            Self::Link => "",
            Self::Admin => "changes",
            Self::Published => "published",
            Self::Unrouted => "dropped",
        }
    }
}

#[derive(Clone, Debug)]
struct Mark {
    t: u64,
    icon: Icon,
    /// The segment whose track the mark sits on.
    seg: Option<usize>,
    label: String,
    /// Belongs to one of the first messages, whose labels are drawn.
    detail: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ConnKind {
    Send,
    Take,
    Back,
    DeadLetter,
}

#[derive(Clone, Copy, Debug)]
struct Conn {
    t: u64,
    /// Pixels right of `t` (the copies of one fan-out side by side).
    dx: f64,
    from: (usize, Option<usize>),
    to: (usize, Option<usize>),
    kind: ConnKind,
}

#[derive(Clone, Debug, Default)]
struct Lane {
    name: String,
    segs: Vec<Seg>,
    marks: Vec<Mark>,
    sends: u64,
    refused: u64,
    received: u64,
    completed: u64,
    is_receiver: bool,
    role: Role,
    /// The place this client receives from (documents with `entities`).
    home: Option<usize>,
    /// A topic's lane: messages published, and of them taken by no subscription.
    published: u64,
    unrouted: u64,
}

#[derive(Clone, Debug)]
struct Msg {
    id: String,
    detail: bool,
    /// Where it is now: (lane, segment).
    at: Option<(usize, usize)>,
    /// Where it was before that.
    came_from: Option<(usize, usize)>,
    /// When its time-to-live runs out (known for the detailed messages).
    expires_at: Option<u64>,
    in_dlq: bool,
    deferred: bool,
    /// The queue, subscription or topic holding it.
    place: usize,
}

/// The first this many messages get labels and connectors; the rest are drawn without.
const DETAIL: usize = 40;
/// Lines of "what happened" at most.
const MOMENTS: usize = 10;

struct Story {
    lanes: Vec<Lane>,
    names: BTreeMap<String, usize>,
    msgs: Vec<Msg>,
    /// (place, sequence number) → message.
    by_seq: BTreeMap<(usize, u64), usize>,
    places: Vec<Place>,
    place_of: BTreeMap<String, usize>,
    entities: bool,
    /// The sender of the topic send whose events follow (its record comes first).
    pending_sender: Option<usize>,
    /// The topic lane of the fan-out whose copies follow, and how many were drawn.
    fanout: Option<(usize, usize)>,
    /// What the send whose events follow carries for its reader (`reply_to`, `correlation_id`).
    send_note: String,
    conns: Vec<Conn>,
    moments: Vec<(u64, String)>,
    moments_total: usize,
    last_t: u64,
    /// Any message may have a time-to-live (then expiries are looked up).
    ttl_possible: bool,
}

fn op_name(op: &Op) -> &'static str {
    match op {
        Op::Send { .. } => "send",
        Op::Schedule { .. } => "schedule",
        Op::CancelScheduled { .. } => "cancel",
        Op::Receive { .. } => "receive",
        Op::ReceiveDeferred { .. } => "receive deferred",
        Op::Peek { .. } => "peek",
        Op::Complete { .. } => "complete",
        Op::Abandon { .. } => "abandon",
        Op::DeadLetter { .. } => "dead-letter",
        Op::Defer { .. } => "defer",
        Op::RenewLock { .. } => "renew lock",
        Op::Open(_) => "open",
        Op::Close => "close",
        Op::AcceptSession { .. } => "accept session",
        Op::RenewSessionLock => "renew session lock",
        Op::SetSessionState { .. } => "set session state",
        Op::GetSessionState => "get session state",
        Op::Disconnect => "disconnect",
        Op::UpdateQueue(_) => "update queue",
        Op::Entity { .. } => "update entity",
    }
}

impl Story {
    fn new(sc: &Scenario) -> Self {
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
        let name = if self.entities { path } else { "Queue" };
        let main = self.lanes.len();
        self.lanes.push(Lane {
            name: name.into(),
            role: Role::Main(p),
            ..Lane::default()
        });
        let dlq = (!topic).then(|| {
            self.lanes.push(Lane {
                name: "Dead-letter queue".into(),
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

    /// " of billing", " in replies" for a moment's words (nothing for the one queue).
    fn of_place(&self, p: usize, word: &str) -> String {
        if !self.entities {
            return String::new();
        }
        let path = &self.places[p].path;
        format!(
            " {word} {}",
            path.rsplit_once('/').map_or(path.as_str(), |x| x.1)
        )
    }

    /// A place's dead-letter lane (a topic has none: its own lane).
    fn dlq_of(&self, p: usize) -> usize {
        self.places[p].dlq.unwrap_or(self.places[p].main)
    }

    fn lane(&mut self, name: &str) -> usize {
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

    fn moment(&mut self, t: u64, text: String) {
        self.moments_total += 1;
        if self.moments.len() < MOMENTS {
            self.moments.push((t, text));
        }
    }

    fn mark(&mut self, lane: usize, t: u64, icon: Icon, seg: Option<usize>, label: String) {
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
    fn close(&mut self, m: usize, t: u64) -> Option<(usize, usize)> {
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
    fn open(
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

    fn conn(
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
    fn release(&mut self, m: usize, t: u64, from: Option<(usize, usize)>) {
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
    fn learn_expiry(&mut self, world: &World, m: usize, seq: u64) {
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
    fn finish(&mut self, t: u64) {
        for m in 0..self.msgs.len() {
            if let Some(at) = self.msgs[m].at {
                self.ttl_check(m, at, t);
            }
        }
    }

    fn msg_of(&self, p: usize, seq: u64) -> Option<usize> {
        self.by_seq.get(&(p, seq)).copied()
    }

    /// A client receives from place `p` (it is drawn beside that place).
    fn receives_from(&mut self, lane: usize, p: Option<usize>) {
        self.lanes[lane].is_receiver = true;
        if self.lanes[lane].home.is_none() {
            self.lanes[lane].home = p;
        }
    }

    #[allow(clippy::too_many_lines)]
    fn on_event(&mut self, world: &World, ev: &Event, p: usize, copy: bool) {
        let t = ev.at.as_millis();
        self.last_t = self.last_t.max(t);
        let name = |c| String::from(world.name(c));
        let (queue, dlq) = (self.places[p].main, self.dlq_of(p));
        match &ev.kind {
            EventKind::Enqueued {
                seq,
                id,
                by,
                scheduled_for,
            } => {
                let m = self.msgs.len();
                self.msgs.push(Msg {
                    id: id.to_string(),
                    detail: m < DETAIL,
                    at: None,
                    came_from: None,
                    expires_at: None,
                    in_dlq: false,
                    deferred: false,
                    place: p,
                });
                self.by_seq.insert((p, *seq), m);
                let (kind, label) = match scheduled_for {
                    Some(at) => (
                        SegKind::Scheduled,
                        format!("{id} · scheduled for {}", secs(at.as_millis())),
                    ),
                    None => (SegKind::Waiting, id.to_string()),
                };
                let s = self.open(queue, t, kind, Some(m), label, None);
                if scheduled_for.is_none() {
                    self.learn_expiry(world, m, *seq);
                }
                // A subscription's copy comes from its topic's lane, the copies side by side.
                if copy && let Some((topic, k)) = self.fanout {
                    self.fanout = Some((topic, k + 1));
                    if self.msgs[m].detail {
                        self.conns.push(Conn {
                            t,
                            dx: 4.0 * k as f64,
                            from: (topic, None),
                            to: (queue, Some(s)),
                            kind: ConnKind::Send,
                        });
                    }
                    return;
                }
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                let label = format!("{id}{}", core::mem::take(&mut self.send_note));
                self.mark(sender, t, Icon::Send, None, label);
                self.conn(m, t, (sender, None), (queue, Some(s)), ConnKind::Send);
            }
            EventKind::Published {
                seq,
                id,
                subscriptions,
            } => {
                let sender = self.pending_sender.take();
                self.lanes[queue].published += 1;
                // An activation publishes from the topic's own scheduled message.
                let from = self.msg_of(p, *seq).and_then(|m| self.close(m, t));
                if let Some(sl) = sender {
                    self.lanes[sl].sends += 1;
                    let label = format!("{id}{}", core::mem::take(&mut self.send_note));
                    self.mark(sl, t, Icon::Send, None, label);
                }
                if subscriptions.is_empty() {
                    self.lanes[queue].unrouted += 1;
                    self.mark(
                        queue,
                        t,
                        Icon::Unrouted,
                        from.map(|f| f.1),
                        format!("{id}: no subscription, dropped"),
                    );
                    self.moment(
                        t,
                        format!(
                            "{id} matched no subscription of {}: accepted, then dropped.",
                            self.places[p].path
                        ),
                    );
                } else {
                    let names: Vec<&str> = subscriptions.iter().map(|x| &**x).collect();
                    self.mark(
                        queue,
                        t,
                        Icon::Published,
                        from.map(|f| f.1),
                        format!("{id} → {}", names.join(", ")),
                    );
                }
                if let Some(sl) = sender
                    && self.msgs.len() < DETAIL
                {
                    self.conns.push(Conn {
                        t,
                        dx: 0.0,
                        from: (sl, None),
                        to: (queue, None),
                        kind: ConnKind::Send,
                    });
                }
                self.fanout = Some((queue, 0));
            }
            EventKind::DuplicateDropped { id, by, .. } => {
                self.pending_sender = None;
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                self.mark(
                    sender,
                    t,
                    Icon::Duplicate,
                    None,
                    format!("{id} duplicate, dropped"),
                );
                self.moment(
                    t,
                    format!("{} sent {id} again inside the duplicate detection window: reported as accepted, dropped.", name(*by)),
                );
            }
            EventKind::Rejected { id, by, error, .. } => {
                self.pending_sender = None;
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                self.lanes[sender].refused += 1;
                self.mark(
                    sender,
                    t,
                    Icon::Rejected,
                    None,
                    format!("{id} {}", error.name()),
                );
                self.moment(
                    t,
                    format!(
                        "{}'s presettled send of {id} was refused ({}); the sender is never told.",
                        name(*by),
                        error.name()
                    ),
                );
            }
            EventKind::Activated {
                seq, scheduled_seq, ..
            } => {
                if let Some(m) = self.by_seq.remove(&(p, *scheduled_seq)) {
                    self.by_seq.insert((p, *seq), m);
                    let from = self.close(m, t);
                    let label = self.msgs[m].id.clone();
                    // A topic's message is published at once (its `published` follows).
                    if !self.places[p].topic {
                        self.open(queue, t, SegKind::Waiting, Some(m), label, None);
                        self.learn_expiry(world, m, *seq);
                    }
                    self.mark(
                        queue,
                        t,
                        Icon::Activated,
                        from.map(|f| f.1),
                        format!("active as seq {seq}"),
                    );
                }
            }
            EventKind::Cancelled { seq, .. } => {
                if let Some(m) = self.msg_of(p, *seq) {
                    let from = self.close(m, t);
                    self.mark(
                        queue,
                        t,
                        Icon::Cancelled,
                        from.map(|f| f.1),
                        "cancelled".into(),
                    );
                }
            }
            EventKind::Locked {
                seq,
                id,
                by,
                until,
                delivery_count,
                prefetched,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                self.lanes[r].received += 1;
                let kind = if *prefetched {
                    SegKind::Prefetched
                } else {
                    SegKind::Locked
                };
                let label = if *delivery_count > 1 {
                    format!("{id} · DC {delivery_count}")
                } else {
                    id.to_string()
                };
                let s = self.open(r, t, kind, Some(m), label, Some(until.as_millis()));
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (r, Some(s)), ConnKind::Take);
                }
            }
            EventKind::ReceivedAndDeleted {
                seq,
                id,
                by,
                delivery_count,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                self.lanes[r].received += 1;
                let label = if *delivery_count > 1 {
                    format!("{id} · DC {delivery_count}")
                } else {
                    id.to_string()
                };
                self.mark(r, t, Icon::ReceivedDeleted, None, label);
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (r, None), ConnKind::Take);
                }
            }
            EventKind::LockRenewed { seq, until, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                if let Some((l, s)) = self.msgs[m].at {
                    let seg = &mut self.lanes[l].segs[s];
                    seg.renewals.push(t);
                    seg.deadline = Some(until.as_millis());
                    self.mark(l, t, Icon::Renew, Some(s), String::new());
                }
            }
            EventKind::LockExpired {
                seq,
                id,
                by,
                delivery_count,
                sub_queue,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.lanes[l].segs[s].expired = true;
                    self.mark(l, t, Icon::LockExpired, Some(s), String::new());
                }
                let n = self.places[p].max_delivery;
                let counted = match sub_queue {
                    SubQueue::Main => format!("a failed delivery ({delivery_count} of {n})"),
                    SubQueue::DeadLetter => {
                        format!("in the dead-letter queue nothing counts ({delivery_count})")
                    }
                };
                self.moment(
                    t,
                    format!(
                        "{id}{}: {}'s lock expired before it settled; {counted}.",
                        self.of_place(p, "in"),
                        name(*by)
                    ),
                );
                self.release(m, t, from);
            }
            EventKind::LockLost {
                seq, id, by, cause, ..
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let why = match cause {
                    LockLossCause::Closed => "closed",
                    LockLossCause::Disconnected => "disconnected",
                    LockLossCause::EntityUpdated => "queue updated",
                };
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::LockLost, Some(s), format!("lock lost: {why}"));
                }
                self.moment(t, format!("{id}: {} lost its lock ({why}).", name(*by)));
                self.release(m, t, from);
            }
            EventKind::Completed { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                if let Some((l, s)) = self.close(m, t) {
                    self.lanes[l].completed += 1;
                    self.mark(l, t, Icon::Complete, Some(s), String::new());
                }
            }
            EventKind::Abandoned { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::Abandon, Some(s), String::new());
                }
                self.release(m, t, from);
            }
            EventKind::Deferred { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::Defer, Some(s), String::new());
                }
                self.msgs[m].deferred = true;
                self.release(m, t, from);
            }
            EventKind::DeadLettered {
                seq, id, by, cause, ..
            } => {
                let (reason, description) = (cause.reason(), cause.description());
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if by.is_some()
                    && let Some((l, s)) = from
                {
                    self.mark(l, t, Icon::DeadLetter, Some(s), String::new());
                }
                self.msgs[m].in_dlq = true;
                self.msgs[m].deferred = false;
                let label = match reason {
                    Some(r) => format!("{id} · {r}"),
                    None => format!("{id} · (no reason)"),
                };
                let s = self.open(dlq, t, SegKind::DeadLetter, Some(m), label, None);
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (dlq, Some(s)), ConnKind::DeadLetter);
                }
                let mut line = format!(
                    "{id} → dead-letter queue{}, reason {}",
                    self.of_place(p, "of"),
                    reason.unwrap_or("(none)")
                );
                if let Some(d) = description {
                    line.push_str(&format!(": {d}"));
                }
                if let Some(b) = by {
                    line.push_str(&format!(" (by {})", name(*b)));
                }
                self.moment(t, line);
            }
            EventKind::Expired { seq, id } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                self.mark(
                    from.map_or(queue, |f| f.0),
                    t,
                    Icon::Cancelled,
                    from.map(|f| f.1),
                    "expired, dropped".into(),
                );
                self.moment(t, format!("{id}'s time-to-live ran out: dropped."));
            }
            EventKind::SessionLocked {
                session_id,
                by,
                until,
            } => {
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                self.open(
                    r,
                    t,
                    SegKind::Session,
                    None,
                    format!("session {session_id}"),
                    Some(until.as_millis()),
                );
            }
            EventKind::SessionLockRenewed { by, until, .. } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.renewals.push(t);
                    seg.deadline = Some(until.as_millis());
                }
            }
            EventKind::SessionLockExpired { session_id, by } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.t1 = Some(t);
                    seg.expired = true;
                }
                let s = self.lanes[r].segs.len().checked_sub(1);
                let s = s.filter(|&i| self.lanes[r].segs[i].kind == SegKind::Session);
                self.mark(r, t, Icon::LockExpired, s, "session lock expired".into());
                self.moment(
                    t,
                    format!("{}'s lock on session {session_id} expired.", name(*by)),
                );
            }
            EventKind::SessionReleased { by, .. } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.t1 = Some(t);
                }
            }
            // `EventKind` is non-exhaustive: kinds added to the core later (such as v1.1's
            // `link_closed`) are not drawn until this picture learns them.
            #[allow(unreachable_patterns)]
            _ => {}
        }
    }

    fn open_session(&mut self, lane: usize) -> Option<&mut Seg> {
        self.lanes[lane]
            .segs
            .iter_mut()
            .rev()
            .find(|s| s.kind == SegKind::Session && s.t1.is_none())
    }

    /// A client's operation (script step or actor), for what the events do not show.
    fn on_op(
        &mut self,
        t: u64,
        by: &str,
        op: &Op,
        result: Option<&Result<Outcome, Error>>,
        actor: bool,
        place: Option<usize>,
    ) {
        self.last_t = self.last_t.max(t);
        let lane = self.lane(by);
        self.pending_sender = None;
        self.fanout = None;
        self.send_note = match op {
            Op::Send { msg, .. } | Op::Schedule { msg } => send_note(msg),
            _ => String::new(),
        };
        let p = place.unwrap_or(0);
        match (op, result) {
            (_, Some(Err(e))) => {
                if matches!(op, Op::Send { .. } | Op::Schedule { .. }) {
                    self.lanes[lane].sends += 1;
                }
                self.lanes[lane].refused += 1;
                let target = target_of(op).map(|tg| match tg {
                    Target::Id(id) => id.to_string(),
                    Target::Seq(s) => self
                        .msg_of(p, *s)
                        .map_or_else(|| format!("seq {s}"), |m| self.msgs[m].id.clone()),
                });
                let target = target.or_else(|| match op {
                    Op::Send { msg, .. } | Op::Schedule { msg } => Some(msg.id.to_string()),
                    _ => None,
                });
                // On the track of the delivery it tried to settle, where that is this lane's.
                let seg = target_of(op).and_then(|tg| {
                    let ls = &self.lanes[lane].segs;
                    (0..ls.len()).rev().find(|&i| {
                        ls[i].msg.is_some_and(|m| match tg {
                            Target::Id(id) => self.msgs[m].id == **id,
                            Target::Seq(s) => self.by_seq.get(&(p, *s)) == Some(&m),
                        })
                    })
                });
                let what = match &target {
                    Some(x) => format!("{} {x}", op_name(op)),
                    None => op_name(op).to_string(),
                };
                self.mark(
                    lane,
                    t,
                    Icon::Refused,
                    seg,
                    format!("{what} → {}", e.kind.name()),
                );
                self.moment(
                    t,
                    format!(
                        "{by}: {what} refused with {}{}",
                        e.kind.name(),
                        why(&e.message)
                    ),
                );
            }
            // A send to a topic: its `published` (next) draws it from this sender.
            (Op::Send { .. }, _) if place.is_some_and(|p| self.places[p].topic) => {
                self.pending_sender = Some(lane);
            }
            (Op::Peek { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                self.receives_from(lane, place);
                self.mark(lane, t, Icon::Peek, None, format!("peek: {}", ms.len()));
            }
            (Op::Close, _) => self.mark(lane, t, Icon::Link, None, "close".into()),
            (Op::Disconnect, _) => {
                let word = if actor { "crash" } else { "disconnect" };
                self.mark(lane, t, Icon::Link, None, word.into());
            }
            (Op::UpdateQueue(_), Some(Ok(_))) => {
                self.mark(lane, t, Icon::Admin, None, "queue settings changed".into());
            }
            (Op::Entity { entity, op: eop }, Some(Ok(_))) => {
                let name = entity.rsplit_once('/').map_or(&**entity, |x| x.1);
                let what = match eop {
                    settle_core::namespace::EntityOp::Update { .. } => {
                        format!("{name}: settings changed")
                    }
                    settle_core::namespace::EntityOp::AddRule { name: r, .. } => {
                        format!("{name}: rule {r} added")
                    }
                    settle_core::namespace::EntityOp::RemoveRule { name: r } => {
                        format!("{name}: rule {r} removed")
                    }
                };
                self.mark(lane, t, Icon::Admin, None, what);
            }
            (
                Op::Receive { .. }
                | Op::ReceiveDeferred { .. }
                | Op::Open(_)
                | Op::AcceptSession { .. },
                _,
            ) => {
                self.receives_from(lane, place);
            }
            _ => {}
        }
    }

    /// Runs the scenario (with or without `entities`) and follows its records.
    fn run(&mut self, sc: &Scenario) -> Result<Ended, ArtifactError> {
        #[cfg(feature = "entities")]
        if sc.entities.is_some() {
            return Ok(drive_ns(sc, RECORD_BUDGET, &mut |r: NsRecord<'_>| {
                let place = r.entity.and_then(|e| self.place_of.get(&**e).copied());
                self.on_record(r.world, &r.record, place, r.copy.is_some());
            })?);
        }
        if sc.entities.is_some() {
            // Without the feature no document declares entities (the parser refuses the key).
            return Err(ArtifactError {
                message: settle_scenario::ONLY_RUN_HAS_ENTITIES.into(),
                budget: None,
            });
        }
        Ok(drive(
            sc,
            RECORD_BUDGET,
            &mut |w: &World, r: Record<'_>| {
                self.on_record(w, &r, None, false);
            },
        )?)
    }

    /// A record at `place` (the one queue's is 0); `copy`: a subscription copy's `enqueued`.
    fn on_record(&mut self, world: &World, r: &Record<'_>, place: Option<usize>, copy: bool) {
        match r {
            Record::Step { step, result, .. } => {
                self.on_op(
                    step.at.as_millis(),
                    &step.by,
                    &step.op,
                    Some(result),
                    false,
                    place,
                );
            }
            Record::Actor { act } => {
                self.on_op(
                    act.at.as_millis(),
                    &act.by,
                    &act.op,
                    act.result.as_ref(),
                    true,
                    place,
                );
            }
            Record::Event { event, .. } => {
                self.on_event(world, event, place.unwrap_or(0), copy);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

/// The reason Settle appends to a broker error in parentheses ("(m1: the lock expired 9 s
/// ago.)"), else the whole message: as ": …".
fn why(message: &str) -> String {
    let m = message.trim_end();
    if m.ends_with(')') {
        // The outermost parenthesis that closes at the end (it may hold others).
        let mut depth = 0i32;
        for (i, c) in m.char_indices().rev() {
            match c {
                ')' => depth += 1,
                '(' => {
                    depth -= 1;
                    if depth == 0 {
                        let inner = m[i + 1..m.len() - 1].trim_end_matches('.');
                        return format!(" ({inner})");
                    }
                }
                _ => {}
            }
        }
    }
    // Else the first sentence.
    let first = m.find(". ").map_or(m, |i| &m[..=i]);
    format!(": {first}")
}

/// Seconds with one decimal at most, for prose: "26.4 s".
fn secs_round(ms: u64) -> String {
    format!("{} s", num(ms as f64 / 1000.0))
}

/// Escapes text for XML content and attribute values. Characters XML 1.0 cannot carry at all
/// (C0 controls other than tab, newline and carriage return; U+FFFE and U+FFFF) become visible
/// stand-ins; tab, newline and carriage return become spaces (every label is one line).
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            // U+2400.. "control pictures": a visible stand-in for each C0 control.
            '\0'..='\u{1f}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}')),
            '\u{7f}' => out.push('\u{2421}'),
            '\u{80}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// At most `n` characters, with an ellipsis when cut.
fn short(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.into();
    }
    let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Estimated width of a label in pixels (system sans-serif; a little generous).
fn text_w(s: &str, size: f64) -> f64 {
    s.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'I' | 'f' | 't'
            | 'r' => 0.36,
            'm' | 'w' | 'M' | 'W' | '@' => 0.92,
            'A'..='Z' | '0'..='9' => 0.68,
            c if c.is_ascii() => 0.6,
            _ => 0.95,
        })
        .sum::<f64>()
        * size
}

/// A number with at most one decimal, no trailing ".0" (deterministic).
fn num(v: f64) -> String {
    let r = round(v * 10.0) / 10.0;
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map_or(s.clone(), String::from)
}

fn duration_words(ms: u64) -> String {
    if ms >= 86_400_000 && ms.is_multiple_of(86_400_000) {
        format!("{} d", ms / 86_400_000)
    } else if ms >= 3_600_000 && ms.is_multiple_of(3_600_000) {
        format!("{} h", ms / 3_600_000)
    } else if ms >= 60_000 && ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else {
        secs(ms)
    }
}

/// Greedy word wrap to lines of at most `width` pixels; at most `max` lines (the last cut
/// with an ellipsis).
fn wrap(s: &str, width: f64, size: f64, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        let cand = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if text_w(&cand, size) <= width || cur.is_empty() {
            cur = cand;
        } else {
            lines.push(core::mem::take(&mut cur));
            cur = word.to_string();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    if lines.len() > max {
        lines.truncate(max);
        if let Some(l) = lines.last_mut() {
            l.push('…');
        }
    }
    for l in &mut lines {
        let room = (width / (0.55 * size)) as usize;
        if text_w(l, size) > width {
            *l = short(l, room);
        }
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// Layout and drawing.

const W: f64 = 960.0;
const X0: f64 = 168.0;
const X1: f64 = 936.0;
const TRACK_H: f64 = 22.0;
const MAX_TRACKS: usize = 6;
/// Segments or marks per lane drawn one by one at most; a busier lane becomes a count.
const LANE_ITEMS: usize = 700;
const DENSE_H: f64 = 44.0;
/// Bars narrower than this end in a small dot instead of a full icon.
const NARROW: f64 = 22.0;

const STYLE: &str = "\
svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}\
text{fill:#1f2328;font-size:11px}\
.mu{fill:#59636e}.h1{font-size:19px;font-weight:600}.b{font-weight:600;font-size:12px}\
.sm{font-size:10.5px}.in{fill:#fff;font-size:10.5px}.iw{fill:#1f2328;font-size:10px}\
.bg{fill:#fff;stroke:#d0d7de}.ln{fill:#f6f8fa}.gr{stroke:#eaeef2}.ax{stroke:#8c959f}\
.w{fill:#eaeef2;stroke:#afb8c1}.xp{fill:#fff8c5;stroke:#9a6700;stroke-dasharray:2 2}.sc{fill:none;stroke:#6e7781;stroke-dasharray:3 2}\
.dq{fill:#f3ecff;stroke:#8250df}.lk{fill:#0969da}.pf{fill:#54aeff}\
.dlq{fill:#ffebe9;stroke:#cf222e}.ss{fill:none;stroke:#bf8700;stroke-width:1.5;stroke-dasharray:5 2}\
.dd{stroke:#0550ae;stroke-width:2}.tl{stroke:#0969da;stroke-dasharray:2 2;opacity:.55}\
.den{fill:#afb8c1}.den1{fill:#54aeff}.den2{fill:#ff8182}\
.c{fill:none;stroke-width:1.2}.c-sn{stroke:#6e7781}.c-lk{stroke:#0969da}.c-bk{stroke:#bc4c00}.c-dl{stroke:#cf222e}\
.k-sn{color:#1f2328}.k-mu{color:#6e7781}.k-no{color:#cf222e}.k-ok{color:#1a7f37}.k-ab{color:#9a6700}\
.k-df{color:#8250df}.k-dl{color:#cf222e}.k-ex{color:#bc4c00}.k-lk{color:#0969da}\
.gl{fill:#fff;stroke:#fff}\
@media (prefers-color-scheme:dark){\
text{fill:#e6edf3}.mu{fill:#9198a1}.in{fill:#fff}.iw{fill:#e6edf3}\
.bg{fill:#0d1117;stroke:#3d444d}.ln{fill:#151b23}.gr{stroke:#262c36}.ax{stroke:#656c76}\
.w{fill:#262c36;stroke:#656c76}.xp{fill:#2e2a1a;stroke:#d29922}.sc{stroke:#9198a1}.dq{fill:#271b47;stroke:#ab7df8}.lk{fill:#1f6feb}.pf{fill:#388bfd}\
.dlq{fill:#3c1618;stroke:#f85149}.ss{stroke:#d29922}.dd{stroke:#79c0ff}.tl{stroke:#4493f8}\
.den{fill:#656c76}.den1{fill:#388bfd}.den2{fill:#f85149}\
.c-sn{stroke:#9198a1}.c-lk{stroke:#4493f8}.c-bk{stroke:#db6d28}.c-dl{stroke:#f85149}\
.k-sn{color:#e6edf3}.k-mu{color:#9198a1}.k-no{color:#f85149}.k-ok{color:#3fb950}.k-ab{color:#d29922}\
.k-df{color:#ab7df8}.k-dl{color:#f85149}.k-ex{color:#db6d28}.k-lk{color:#4493f8}\
.gl{fill:#0d1117;stroke:#0d1117}}";

const ANIM_STYLE: &str = "\
.rv{transform-origin:168px 0;animation:rv 14s linear infinite}\
.cur{stroke:#cf222e;stroke-width:1.5;animation:cu 14s linear infinite}\
@keyframes rv{0%{transform:scaleX(0)}80%,100%{transform:scaleX(1)}}\
@keyframes cu{0%{transform:translateX(0)}80%,100%{transform:translateX(792px)}}\
@media (prefers-color-scheme:dark){.cur{stroke:#f85149}}\
@media (prefers-reduced-motion:reduce){.rv{animation:none}.cur{display:none}}";

/// Icons, centred on the origin, coloured by `currentColor`.
const DEFS: &str = "<defs>\
<g id=\"i-sn\"><circle r=\"4\" fill=\"currentColor\"/></g>\
<g id=\"i-du\"><circle r=\"4\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/></g>\
<g id=\"i-no\"><path d=\"M-4-4l8 8M4-4l-8 8\" stroke=\"currentColor\" stroke-width=\"2.2\" stroke-linecap=\"round\"/></g>\
<g id=\"i-ac\"><path d=\"M-4-5v10l8-5z\" fill=\"currentColor\"/></g>\
<g id=\"i-ok\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-3.2 .2l2.2 2.2 4.2-4.4\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.7\"/></g>\
<g id=\"i-ab\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M2.8-1.2A3 3 0 1 0 1.6 2.6M3.4-3.8v2.8h-2.8\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.4\"/></g>\
<g id=\"i-df\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-1.8-3v6M1.8-3v6\" stroke=\"#fff\" stroke-width=\"1.7\"/></g>\
<g id=\"i-dl\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M0-3.6v5.4M-2.6-.6L0 2l2.6-2.6M-3 3.6h6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.4\"/></g>\
<g id=\"i-ex\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M0-3.8V0l2.4 1.6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.5\"/></g>\
<g id=\"i-ll\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M.8-4.2L-2.2.6h2.2l-.8 3.6 3-4.8H0z\" fill=\"#fff\"/></g>\
<g id=\"i-tt\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-2.6-3.6h5.2L-2.6 3.6h5.2z\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.2\"/></g>\
<g id=\"i-rd\"><path d=\"M0-5.5L5.5 0 0 5.5-5.5 0z\" fill=\"currentColor\"/></g>\
<g id=\"i-rn\"><path d=\"M0-8v16\" stroke=\"currentColor\" stroke-width=\"1.5\"/><circle cy=\"-8\" r=\"2\" fill=\"currentColor\"/></g>\
<g id=\"i-pk\"><path d=\"M-6 0q6-6 12 0q-6 6-12 0z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\"/><circle r=\"1.8\" fill=\"currentColor\"/></g>\
<g id=\"i-ln\"><path d=\"M0-7v14M-3-7h6M-3 7h6\" stroke=\"currentColor\" stroke-width=\"1.6\"/></g>\
<g id=\"i-ad\"><rect x=\"-4.5\" y=\"-4.5\" width=\"9\" height=\"9\" rx=\"2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/><circle r=\"1.6\" fill=\"currentColor\"/></g>\
<marker id=\"a-sn\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-mu\" fill=\"currentColor\"/></marker>\
<marker id=\"a-lk\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-lk\" fill=\"currentColor\"/></marker>\
<marker id=\"a-bk\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-ex\" fill=\"currentColor\"/></marker>\
<marker id=\"a-dl\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-dl\" fill=\"currentColor\"/></marker>\
</defs>";

/// The icon of a topic's publication: one message branching into copies (documents with
/// `entities` only, so that one-queue pictures stay as they were).
const ENTITY_DEFS: &str = "<style>.gb{fill:#8c959f}.gb2{fill:#d0d7de}\
@media (prefers-color-scheme:dark){.gb{fill:#656c76}.gb2{fill:#3d444d}}</style><defs>\
<g id=\"i-pb\"><circle cx=\"-3\" r=\"3\" fill=\"currentColor\"/><path d=\"M-3 0L4-5M-3 0L4 5M-3 0h8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-linecap=\"round\"/></g>\
</defs>";

/// Level of detail: 0 full; each further level drops detail to stay under [`MAX_BYTES`].
#[derive(Clone, Copy)]
struct Detail {
    labels: bool,
    lane_items: usize,
    force_dense: bool,
}

struct Scale {
    end: u64,
}

impl Scale {
    fn x(&self, t: u64) -> f64 {
        let t = t.min(self.end) as f64;
        X0 + t / self.end as f64 * (X1 - X0)
    }
}

/// A row's occupied spans, to keep labels from overlapping.
#[derive(Default)]
struct Row(Vec<(f64, f64)>);

impl Row {
    fn free(&self, a: f64, b: f64) -> bool {
        self.0.iter().all(|&(x, y)| b + 2.0 <= x || a >= y + 2.0)
    }
    fn take(&mut self, a: f64, b: f64) {
        self.0.push((a, b));
    }
}

struct LaneLayout {
    /// Track of each segment (`None`: not drawn as a bar).
    track: Vec<Option<usize>>,
    tracks: usize,
    dense: bool,
    y: f64,
    h: f64,
}

impl LaneLayout {
    fn track_y(&self, track: usize) -> f64 {
        self.y + 8.0 + TRACK_H * track as f64 + TRACK_H / 2.0
    }
}

fn seg_end(seg: &Seg, end: u64) -> u64 {
    seg.t1.unwrap_or(end).min(end)
}

fn layout_lane(lane: &Lane, sc: &Scale, d: Detail) -> LaneLayout {
    let mut order: Vec<usize> = (0..lane.segs.len())
        .filter(|&i| {
            let s = &lane.segs[i];
            s.t0 <= sc.end && s.t1.is_none_or(|t1| t1 > s.t0)
        })
        .collect();
    order.sort_by_key(|&i| (lane.segs[i].t0, i));
    let mut ends: Vec<f64> = Vec::new();
    let mut track = vec![None; lane.segs.len()];
    let mut dense = d.force_dense || order.len() > d.lane_items;
    if !dense {
        for &i in &order {
            let s = &lane.segs[i];
            let a = sc.x(s.t0);
            let b = sc.x(seg_end(s, sc.end)).max(a + 3.0);
            // A wide bar ends in a full-size icon, which needs room before the next bar.
            let b = if b - a >= NARROW { b + 7.0 } else { b };
            match ends.iter().position(|&e| e <= a + 0.5) {
                Some(k) => {
                    ends[k] = b;
                    track[i] = Some(k);
                }
                None => {
                    ends.push(b);
                    track[i] = Some(ends.len() - 1);
                }
            }
            if ends.len() > MAX_TRACKS {
                dense = true;
                break;
            }
        }
    }
    if dense {
        return LaneLayout {
            track: vec![None; lane.segs.len()],
            tracks: 1,
            dense: true,
            y: 0.0,
            h: DENSE_H + 22.0,
        };
    }
    let tracks = ends.len().max(1);
    LaneLayout {
        track,
        tracks,
        dense: false,
        y: 0.0,
        h: 16.0 + TRACK_H * tracks as f64 + 12.0,
    }
}

fn nice_step(span: u64) -> u64 {
    let raw = (span / 8).max(1);
    let mut p = 1u64;
    loop {
        for m in [1, 2, 5] {
            if p.saturating_mul(m) >= raw {
                return p * m;
            }
        }
        p = p.saturating_mul(10);
    }
}

struct Out {
    s: String,
}

impl Out {
    fn text(&mut self, x: f64, y: f64, class: &str, s: &str) {
        let _ = write!(
            self.s,
            "<text x=\"{}\" y=\"{}\" class=\"{class}\">{}</text>",
            num(x),
            num(y),
            esc(s)
        );
    }
    fn text_end(&mut self, x: f64, y: f64, class: &str, s: &str) {
        let _ = write!(
            self.s,
            "<text x=\"{}\" y=\"{}\" class=\"{class}\" text-anchor=\"end\">{}</text>",
            num(x),
            num(y),
            esc(s)
        );
    }
    fn icon(&mut self, icon: Icon, x: f64, y: f64) {
        let (id, class, _) = icon.style();
        let _ = write!(
            self.s,
            "<use href=\"#{id}\" x=\"{}\" y=\"{}\" class=\"{class}\"/>",
            num(x),
            num(y)
        );
    }
}

fn settings_line(sc: &Scenario) -> String {
    if let Some(ents) = &sc.entities {
        return entities_line(ents);
    }
    format!("Queue: {}", setting_words(&sc.queue, true).join(" · "))
}

/// A queue's settings in words: with `always`, its lock duration and max delivery count even
/// when they are the defaults; the others only where they differ from the defaults.
fn setting_words(q: &settle_core::QueueConfig, always: bool) -> Vec<String> {
    let d = settle_core::QueueConfig::default();
    let mut parts = Vec::new();
    if always || q.lock_duration != d.lock_duration {
        parts.push(format!(
            "lock duration {}",
            duration_words(q.lock_duration.as_millis())
        ));
    }
    if always || q.max_delivery_count != d.max_delivery_count {
        parts.push(format!("max delivery count {}", q.max_delivery_count));
    }
    if let Some(t) = q.default_ttl {
        parts.push(format!("default TTL {}", duration_words(t.as_millis())));
    }
    if q.dead_letter_on_expiration {
        parts.push("dead-letter on expiration".into());
    }
    if let Some(w) = q.duplicate_detection_window {
        parts.push(format!(
            "duplicate detection {}",
            duration_words(w.as_millis())
        ));
    }
    if q.requires_session {
        parts.push("sessions".into());
    }
    if q.tier != settle_core::Tier::Standard {
        parts.push(format!("tier {}", q.tier.name()));
    }
    if q.max_size_bytes != 1_073_741_824 {
        parts.push(format!("max size {} bytes", q.max_size_bytes));
    }
    parts
}

/// The entities of a document, in words: each queue and topic, a topic's subscriptions with
/// their rules, and what differs from the defaults.
fn entities_line(ents: &settle_core::namespace::Entities) -> String {
    use settle_core::namespace::EntitySpec;
    let with = |head: String, parts: Vec<String>| {
        if parts.is_empty() {
            head
        } else {
            format!("{head} ({})", parts.join(", "))
        }
    };
    let mut items = Vec::new();
    for (name, e) in ents.iter() {
        match e {
            EntitySpec::Queue(c) => {
                items.push(with(format!("queue {name}"), setting_words(c, false)))
            }
            EntitySpec::Topic(t) => {
                let subs: Vec<String> = t
                    .subscriptions
                    .iter()
                    .map(|(sub, x)| {
                        let mut parts = setting_words(&x.config, false);
                        let default = x.rules.len() == 1
                            && x.rules
                                .contains_key(settle_core::filter::Rule::DEFAULT_NAME);
                        if x.rules.is_empty() {
                            parts.push("no rules".into());
                        } else if !default {
                            let names: Vec<&str> = x.rules.keys().map(String::as_str).collect();
                            parts.push(format!("rules {}", names.join(", ")));
                        }
                        with(sub.clone(), parts)
                    })
                    .collect();
                let mut head = with(format!("topic {name}"), setting_words(&t.config, false));
                if subs.is_empty() {
                    head.push_str(": no subscriptions");
                } else {
                    head.push_str(&format!(" → {}", subs.join(", ")));
                }
                items.push(head);
            }
        }
    }
    format!("Entities: {}", items.join(" · "))
}

fn render(sc: &Scenario, animate: bool) -> Result<String, ArtifactError> {
    let mut story = Story::new(sc);
    let ended = story.run(sc)?;
    story.finish(match ended {
        Ended::Finished => sc.run_until.as_millis(),
        Ended::Cut(t) => t.as_millis(),
    });
    let levels = [
        Detail {
            labels: true,
            lane_items: LANE_ITEMS,
            force_dense: false,
        },
        Detail {
            labels: false,
            lane_items: LANE_ITEMS / 3,
            force_dense: false,
        },
        Detail {
            labels: false,
            lane_items: 0,
            force_dense: true,
        },
    ];
    let mut out = String::new();
    for d in levels {
        out = draw(sc, &story, ended, d, animate);
        if out.len() <= MAX_BYTES {
            break;
        }
    }
    Ok(out)
}

#[allow(clippy::too_many_lines)]
fn draw(sc: &Scenario, st: &Story, ended: Ended, d: Detail, animate: bool) -> String {
    // Time axis: the whole run, unless everything happens early in a long run.
    let run_end = match ended {
        Ended::Finished => sc.run_until.as_millis(),
        Ended::Cut(t) => t.as_millis(),
    };
    let active = st.last_t.max(1);
    let mut end = if run_end <= active.saturating_mul(5) / 4 || run_end <= 2_000 {
        run_end.max(active)
    } else {
        active + (active / 10).max(500)
    };
    // A lock deadline a little past the end is worth showing.
    let reach = end.saturating_mul(8) / 5;
    for lane in &st.lanes {
        for s in &lane.segs {
            if let Some(dl) = s.deadline
                && dl > end
                && dl <= reach
                && dl <= run_end
                && s.msg.is_none_or(|m| st.msgs[m].detail)
            {
                end = dl;
            }
        }
    }
    let end = end.max(1);
    let sc_ = Scale { end };
    let cropped = end < run_end;

    let mut o = Out { s: String::new() };
    let mut y = 38.0;
    o.text(24.0, y, "h1", &short(&sc.title, 80));
    y += 22.0;
    for line in wrap(&sc.description, W - 48.0, 12.0, 3) {
        let _ = write!(
            o.s,
            "<text x=\"24\" y=\"{}\" class=\"mu\" style=\"font-size:12px\">{}</text>",
            num(y),
            esc(&line)
        );
        y += 16.0;
    }
    if st.entities {
        // Several entities take more words: up to two lines.
        for line in wrap(&settings_line(sc), W - 48.0, 10.5, 2) {
            o.text(24.0, y + 2.0, "mu sm", &line);
            y += 14.0;
        }
        y += 12.0;
    } else {
        o.text(24.0, y + 2.0, "mu sm", &settings_line(sc));
        y += 26.0;
    }

    // Lanes in display order: senders, the queue, receivers and others, the dead-letter queue;
    // with entities, each entity's lane, its receivers and its dead-letter queue, in path order
    // (a topic then its subscriptions).
    let mut order: Vec<usize> = Vec::new();
    let clients: Vec<usize> = (0..st.lanes.len())
        .filter(|&i| st.lanes[i].role == Role::Client)
        .filter(|&i| !st.lanes[i].segs.is_empty() || !st.lanes[i].marks.is_empty())
        .collect();
    let sender_only = |i: &usize| !st.lanes[*i].is_receiver && st.lanes[*i].sends > 0;
    order.extend(clients.iter().copied().filter(sender_only));
    // With entities: each place's first and last position in `order`.
    let mut spans: Vec<(usize, usize, usize)> = Vec::new();
    if st.entities {
        for (p, place) in st.places.iter().enumerate() {
            let start = order.len();
            order.push(place.main);
            order.extend(
                clients
                    .iter()
                    .copied()
                    .filter(|&i| st.lanes[i].is_receiver && st.lanes[i].home == Some(p)),
            );
            order.extend(place.dlq);
            spans.push((p, start, order.len() - 1));
        }
        let rest: Vec<usize> = clients
            .iter()
            .copied()
            .filter(|i| !order.contains(i))
            .collect();
        order.extend(rest);
    } else {
        order.push(QUEUE);
        order.extend(clients.iter().copied().filter(|i| !sender_only(i)));
        order.push(DLQ);
    }

    // Axis labels.
    let axis_y = y + 6.0;
    let step = nice_step(end);
    let mut ticks = Vec::new();
    let mut t = 0u64;
    while t <= end {
        ticks.push(t);
        t = match t.checked_add(step) {
            Some(n) => n,
            None => break,
        };
    }
    let lanes_top = axis_y + 8.0;

    let mut layouts: BTreeMap<usize, LaneLayout> = BTreeMap::new();
    let mut ly = lanes_top;
    for &i in &order {
        let mut l = layout_lane(&st.lanes[i], &sc_, d);
        l.y = ly;
        ly += l.h;
        layouts.insert(i, l);
    }
    let lanes_bottom = ly;

    // Lane backgrounds and names.
    for (k, &i) in order.iter().enumerate() {
        let l = &layouts[&i];
        let lane = &st.lanes[i];
        if k % 2 == 0 {
            let _ = write!(
                o.s,
                "<rect class=\"ln\" x=\"1\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                num(l.y),
                num(W - 2.0),
                num(l.h)
            );
        }
        let role = match lane.role {
            Role::Main(p) if st.places[p].topic => {
                let mut r = format!("{} published", lane.published);
                if lane.unrouted > 0 {
                    r.push_str(&format!(", {} dropped", lane.unrouted));
                }
                r
            }
            Role::Main(p) => {
                let n = match st.msgs.iter().filter(|m| m.place == p).count() {
                    1 => "1 message".to_string(),
                    n => format!("{n} messages"),
                };
                match settle_core::namespace::split_subscription(&st.places[p].path) {
                    _ if !st.entities => n,
                    Some((topic, _)) => format!("of {topic} · {n}"),
                    None => format!("queue · {n}"),
                }
            }
            Role::Dlq(_) => {
                let n = st.lanes[i]
                    .segs
                    .iter()
                    .filter(|s| s.t0 <= end)
                    .filter_map(|s| s.msg)
                    .collect::<alloc::collections::BTreeSet<_>>()
                    .len();
                match lane.role {
                    Role::Dlq(p) if st.entities => {
                        let path = &st.places[p].path;
                        let name = path.rsplit_once('/').map_or(path.as_str(), |x| x.1);
                        if n == 0 {
                            format!("of {name} · empty")
                        } else {
                            format!("of {name} · {n} dead-lettered")
                        }
                    }
                    _ if n == 0 => "none dead-lettered".to_string(),
                    _ => format!("{n} dead-lettered"),
                }
            }
            _ if lane.is_receiver => {
                let mut r = format!("receiver · {} received", lane.received);
                if lane.completed > 0 {
                    r.push_str(&format!(", {} ✓", lane.completed));
                }
                r
            }
            _ if lane.sends > 0 => {
                let mut r = format!("sender · {} sent", lane.sends);
                if lane.refused > 0 {
                    r.push_str(&format!(", {} refused", lane.refused));
                }
                r
            }
            _ => "client".to_string(),
        };
        let title = match lane.role {
            Role::Client => short(&lane.name, 22),
            Role::Main(p) => short(&lane_title(st, p), 22),
            Role::Dlq(_) => "Dead-letter queue".to_string(),
        };
        o.text(16.0, l.y + 20.0, "b", &title);
        o.text(16.0, l.y + 34.0, "mu sm", &short(&role, 30));
    }

    // Entity groups: a bar beside a queue's or topic's lanes (a topic's spans its
    // subscriptions'), and a lighter one beside each subscription's.
    for (k, &(p, a, b)) in spans.iter().enumerate() {
        let sub = settle_core::namespace::is_subscription(&st.places[p].path);
        let b = if sub {
            b
        } else {
            spans[k + 1..]
                .iter()
                .take_while(|x| st.places[x.0].path.contains("/subscriptions/"))
                .last()
                .map_or(b, |x| x.2)
        };
        let (top, bottom) = (&layouts[&order[a]], &layouts[&order[b]]);
        let _ = write!(
            o.s,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"3\" height=\"{}\" rx=\"1.5\"/>",
            if sub { "gb2" } else { "gb" },
            if sub { 9 } else { 4 },
            num(top.y + 5.0),
            num(bottom.y + bottom.h - top.y - 10.0)
        );
    }

    // Grid and axis.
    for &t in &ticks {
        let x = sc_.x(t);
        let _ = write!(
            o.s,
            "<path class=\"gr\" d=\"M{} {}V{}\"/>",
            num(x),
            num(lanes_top),
            num(lanes_bottom)
        );
        let _ = write!(
            o.s,
            "<text x=\"{}\" y=\"{}\" class=\"mu sm\" text-anchor=\"middle\">{}</text>",
            num(x),
            num(axis_y),
            esc(&secs(t))
        );
    }
    let _ = write!(
        o.s,
        "<path class=\"ax\" d=\"M{} {}H{}\"/>",
        num(X0),
        num(lanes_top),
        num(X1)
    );
    o.text(16.0, axis_y, "mu sm", "virtual time");

    let mut used: Vec<Icon> = Vec::new();
    let mut used_seg: Vec<SegKind> = Vec::new();
    let mut dropped = 0usize;
    let mut deadlines = false;
    let mut expired_waits = false;

    // Lanes' contents (revealed over time when animated).
    let content_start = o.s.len();
    for &i in &order {
        let lane = &st.lanes[i];
        let l = &layouts[&i];
        let mut rows: Vec<Row> = (0..l.tracks).map(|_| Row::default()).collect();
        let mut note_row = Row::default();
        if l.dense {
            draw_dense(&mut o, lane, l, &sc_);
            let kind = match st.lanes[i].role {
                Role::Dlq(_) => SegKind::DeadLetter,
                Role::Main(_) => SegKind::Waiting,
                Role::Client => SegKind::Locked,
            };
            if !used_seg.contains(&kind) {
                used_seg.push(kind);
            }
        } else {
            for (si, seg) in lane.segs.iter().enumerate() {
                let Some(tr) = l.track[si] else { continue };
                let yc = l.track_y(tr);
                let a = sc_.x(seg.t0);
                let e = seg_end(seg, end);
                let b = sc_.x(e).max(a + 3.0);
                if !used_seg.contains(&seg.kind) {
                    used_seg.push(seg.kind);
                }
                expired_waits |= seg.ttl_out.is_some();
                deadlines |= draw_seg(&mut o, seg, a, b, yc, &sc_, run_end, d, st);
                rows[tr].take(a, b);
            }
        }
        // Marks: grouped by spot, so a burst is one mark with a count.
        let mut groups: BTreeMap<(i64, i64, Icon), (usize, &Mark)> = BTreeMap::new();
        for mk in &lane.marks {
            if mk.t > end {
                continue;
            }
            let tr = if l.dense {
                0
            } else {
                mk.seg.and_then(|s| l.track[s]).unwrap_or(0)
            };
            let x = sc_.x(mk.t);
            let key = (round(x * 0.5) as i64, tr as i64, mk.icon);
            groups.entry(key).or_insert((0, mk)).0 += 1;
        }
        // Icons first (each takes its room on its track), then the labels that still fit.
        let mut prev_x: BTreeMap<usize, f64> = BTreeMap::new();
        let mut labels: Vec<(f64, f64, usize, String)> = Vec::new();
        for (n, ((_, tr, icon), (count, mk))) in groups.iter().enumerate() {
            if n >= d.lane_items.max(60) {
                dropped += groups.len() - n;
                break;
            }
            let tr = *tr as usize;
            let x = sc_.x(mk.t);
            let yc = if l.dense {
                l.y + 14.0 + DENSE_H
            } else {
                l.track_y(tr)
            };
            if !used.contains(icon) {
                used.push(*icon);
            }
            let crowded = prev_x.get(&tr).is_some_and(|&p| x - p < 9.0);
            prev_x.insert(tr, x);
            let narrow_bar = !l.dense
                && mk.seg.is_some_and(|si| {
                    let sg = &lane.segs[si];
                    sc_.x(seg_end(sg, end)) - sc_.x(sg.t0) < NARROW
                });
            let minor = matches!(
                icon,
                Icon::Complete
                    | Icon::Abandon
                    | Icon::Defer
                    | Icon::Send
                    | Icon::Renew
                    | Icon::ReceivedDeleted
            );
            if (crowded || narrow_bar) && minor {
                let (_, class, _) = icon.style();
                let _ = write!(
                    o.s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.4\" fill=\"currentColor\" class=\"{class}\"/>",
                    num(x),
                    num(yc)
                );
                if let Some(r) = rows.get_mut(tr) {
                    r.take(x - 3.0, x + 3.0);
                }
                continue;
            }
            o.icon(*icon, x, yc);
            if let Some(r) = rows.get_mut(tr) {
                r.take(x - 6.5, x + 6.5);
            }
            let label = if *count > 1 {
                format!("×{count} {}", icon.plural())
            } else {
                mk.label.clone()
            };
            if !label.is_empty() && d.labels && (mk.detail || *count > 1) && !l.dense {
                labels.push((x, yc, tr, short(&label, 48)));
            }
        }
        // A label goes right of its mark on the mark's own track, else left of it, else on the
        // lane's note row; where none is free it is left out.
        for (x, yc, tr, label) in labels {
            let w = text_w(&label, 10.5);
            let right = (x + 9.0, x + 9.0 + w);
            let left = (x - 9.0 - w, x - 9.0);
            let row = &mut rows[tr];
            if right.1 <= W - 8.0 && row.free(right.0, right.1) {
                o.text(right.0, yc + 3.5, "sm", &label);
                row.take(right.0, right.1);
            } else if left.0 >= X0 && row.free(left.0, left.1) {
                o.text_end(left.1, yc + 3.5, "sm", &label);
                row.take(left.0, left.1);
            } else {
                let ny = l.y + l.h - 6.0;
                let a = (x - 4.0).min(W - 8.0 - w);
                if a >= X0 && note_row.free(a, a + w) {
                    o.text(a, ny, "mu sm", &label);
                    note_row.take(a, a + w);
                }
            }
        }
    }

    // Connectors: each detailed message's moves between lanes.
    for c in &st.conns {
        if c.t > end {
            continue;
        }
        let (Some(fl), Some(tl)) = (layouts.get(&c.from.0), layouts.get(&c.to.0)) else {
            continue;
        };
        if fl.dense || tl.dense {
            continue;
        }
        let y_of = |l: &LaneLayout, s: Option<usize>| match s {
            Some(s) => l.track[s].map(|t| l.track_y(t)),
            None => Some(l.track_y(0)),
        };
        let (Some(y1), Some(y2)) = (y_of(fl, c.from.1), y_of(tl, c.to.1)) else {
            continue;
        };
        let x = sc_.x(c.t) + c.dx;
        let dir = if y2 > y1 { 1.0 } else { -1.0 };
        let (y1, y2) = (y1 + dir * 8.0, y2 - dir * 8.0);
        if (y2 - y1) * dir < 4.0 {
            continue;
        }
        let k = match c.kind {
            ConnKind::Send => "sn",
            ConnKind::Take => "lk",
            ConnKind::Back => "bk",
            ConnKind::DeadLetter => "dl",
        };
        let _ = write!(
            o.s,
            "<path class=\"c c-{k}\" d=\"M{} {}V{}\" marker-end=\"url(#a-{k})\"/>",
            num(x),
            num(y1),
            num(y2)
        );
    }

    if animate {
        o.s.insert_str(content_start, "<g clip-path=\"url(#rv)\">");
        let _ = write!(
            o.s,
            "</g><clipPath id=\"rv\"><rect class=\"rv\" x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\"/></clipPath>\
             <path class=\"cur\" d=\"M{x0} {y0}v{h}\"/>",
            x0 = num(X0),
            y0 = num(lanes_top),
            w = num(W - X0),
            h = num(lanes_bottom - lanes_top)
        );
    }

    let mut y = lanes_bottom + 18.0;
    let mut notes: Vec<String> = Vec::new();
    if cropped {
        notes.push(format!(
            "Nothing happens after {}; the run ends at {}.",
            secs_round(st.last_t),
            secs_round(run_end)
        ));
    }
    if let Ended::Cut(t) = ended {
        notes.push(format!(
            "This run is too long to draw whole: shown up to {} (the first {} records).",
            secs_round(t.as_millis()),
            RECORD_BUDGET
        ));
    }
    for &i in &order {
        if layouts[&i].dense {
            let n = st.lanes[i].segs.len();
            notes.push(format!(
                "{}: too many at once to draw one by one ({n} spans); the band shows how many over time.",
                match st.lanes[i].role {
                    Role::Main(p) => lane_title(st, p),
                    Role::Dlq(p) if st.entities => {
                        format!("Dead-letter queue of {}", st.places[p].path)
                    }
                    Role::Dlq(_) => "Dead-letter queue".to_string(),
                    Role::Client => st.lanes[i].name.clone(),
                }
            ));
        }
    }
    if dropped > 0 {
        notes.push(format!("{dropped} more marks not drawn."));
    }
    if st.msgs.len() > DETAIL {
        notes.push(format!(
            "{} messages: the first {DETAIL} carry labels and arrows between lanes.",
            st.msgs.len()
        ));
    }
    for n in &notes {
        o.text(24.0, y, "mu sm", &short(n, 150));
        y += 15.0;
    }

    // Legend: only what the picture uses.
    y += 8.0;
    let mut x = 24.0;
    o.s.push_str("<g class=\"legend\">");
    let mut items: Vec<(Swatch, &str)> = Vec::new();
    for k in [
        SegKind::Waiting,
        SegKind::Scheduled,
        SegKind::Deferred,
        SegKind::Locked,
        SegKind::Prefetched,
        SegKind::DeadLetter,
        SegKind::Session,
    ] {
        if used_seg.contains(&k) {
            let text = match k {
                SegKind::Waiting => "waiting in the queue",
                SegKind::Scheduled => "scheduled",
                SegKind::Deferred => "deferred",
                SegKind::Locked => "locked (peek-lock)",
                SegKind::Prefetched => "locked in the prefetch buffer",
                SegKind::DeadLetter => "in the dead-letter queue",
                SegKind::Session => "session lock",
            };
            items.push((Swatch::Seg(seg_class(k), k == SegKind::Waiting), text));
        }
    }
    if expired_waits {
        items.push((Swatch::Seg("xp", true), "expired, not yet collected"));
    }
    if deadlines {
        items.push((Swatch::Deadline, "lock deadline"));
    }
    used.sort();
    for ic in &used {
        let text = match ic {
            Icon::Admin if st.entities => "settings or rules changed",
            _ => ic.style().2,
        };
        items.push((Swatch::Icon(*ic), text));
    }
    for (sw, text) in items {
        let w = 22.0 + text_w(text, 10.5) + 16.0;
        if x + w > W - 16.0 {
            x = 24.0;
            y += 20.0;
        }
        if let Swatch::Seg(class, thin) = sw {
            let h = if thin { 8.0 } else { 12.0 };
            let _ = write!(
                o.s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"16\" height=\"{}\" rx=\"2\"/>",
                num(x),
                num(y - 6.0 - h / 2.0 + 2.0),
                num(h)
            );
        }
        if let Swatch::Icon(ic) = sw {
            o.icon(ic, x + 8.0, y - 4.0);
        }
        if let Swatch::Deadline = sw {
            let _ = write!(
                o.s,
                "<path class=\"dd\" d=\"M{} {}v14\"/>",
                num(x + 8.0),
                num(y - 11.0)
            );
        }
        o.text(x + 22.0, y, "sm", text);
        x += w;
    }
    o.s.push_str("</g>");
    y += 12.0;

    // What happened: the moments worth a sentence.
    if !st.moments.is_empty() {
        y += 14.0;
        o.text(24.0, y, "b", "What happened");
        y += 17.0;
        for (t, line) in &st.moments {
            o.text_end(78.0, y, "mu sm", &secs(*t));
            o.text(88.0, y, "sm", &short(line, 150));
            y += 15.0;
        }
        if st.moments_total > st.moments.len() {
            o.text(
                88.0,
                y,
                "mu sm",
                &format!("… and {} more.", st.moments_total - st.moments.len()),
            );
            y += 15.0;
        }
    }
    y += 10.0;
    let _ = write!(
        o.s,
        "<text x=\"{}\" y=\"{}\" class=\"mu\" style=\"font-size:9.5px\" text-anchor=\"end\">Settle · a deterministic simulation of Azure Service Bus (seed {}) · times are virtual</text>",
        num(W - 16.0),
        num(y),
        sc.seed
    );
    let h = y + 14.0;

    let mut s = String::with_capacity(o.s.len() + 6000);
    let desc = if sc.description.is_empty() {
        String::from("A scenario run in Settle, drawn as swimlanes over virtual time.")
    } else {
        short(&sc.description, 600)
    };
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"st-t st-d\">\
         <title id=\"st-t\">{}</title><desc id=\"st-d\">{}</desc><style>{STYLE}{}</style>{DEFS}{}\
         <rect class=\"bg\" x=\".5\" y=\".5\" width=\"{}\" height=\"{}\" rx=\"10\"/>",
        esc(&sc.title),
        esc(&desc),
        if animate { ANIM_STYLE } else { "" },
        if st.entities { ENTITY_DEFS } else { "" },
        num(W - 1.0),
        num(h - 1.0),
        w = num(W),
        h = num(h),
    );
    s.push_str(&o.s);
    s.push_str("</svg>\n");
    s
}

/// What a sent message carries for the application that reads it: " · reply_to replies",
/// " · correlation_id req-1" (the broker never acts on them).
fn send_note(msg: &settle_core::NewMessage) -> String {
    let mut out = String::new();
    if let Some(m) = msg.meta.as_deref() {
        for (k, v) in [
            ("reply_to", m.reply_to.as_ref()),
            ("correlation_id", m.correlation_id.as_ref()),
        ] {
            if let Some(v) = v {
                out.push_str(&format!(" · {k} {v}"));
            }
        }
    }
    out
}

/// A queue's, topic's or subscription's lane title ("Queue" without `entities`).
fn lane_title(st: &Story, p: usize) -> String {
    let place = &st.places[p];
    if !st.entities {
        return "Queue".into();
    }
    match place.path.split_once("/subscriptions/") {
        Some((_, sub)) => format!("Subscription {sub}"),
        None if place.topic => format!("Topic {}", place.path),
        None => format!("Queue {}", place.path),
    }
}

/// What a legend entry shows.
#[derive(Clone, Copy)]
enum Swatch {
    Seg(&'static str, bool),
    Icon(Icon),
    Deadline,
}

fn seg_class(k: SegKind) -> &'static str {
    match k {
        SegKind::Waiting => "w",
        SegKind::Scheduled => "sc",
        SegKind::Deferred => "dq",
        SegKind::Locked => "lk",
        SegKind::Prefetched => "pf",
        SegKind::DeadLetter => "dlq",
        SegKind::Session => "ss",
    }
}

#[allow(clippy::too_many_arguments)]
/// Draws one segment; true when it drew a lock deadline.
fn draw_seg(
    o: &mut Out,
    seg: &Seg,
    a: f64,
    b: f64,
    yc: f64,
    sc: &Scale,
    run_end: u64,
    d: Detail,
    st: &Story,
) -> bool {
    let class = seg_class(seg.kind);
    let h: f64 = match seg.kind {
        SegKind::Waiting => 10.0,
        SegKind::Session => 20.0,
        _ => 14.0,
    };
    let detail = seg.msg.is_none_or(|m| st.msgs[m].detail);
    let _ = write!(
        o.s,
        "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"",
        num(a),
        num(yc - h / 2.0),
        num(b - a),
        num(h)
    );
    if d.labels && detail && seg.msg.is_some() {
        let mut tip = seg.label.clone();
        tip.push_str(&format!(", {} – ", secs(seg.t0)));
        tip.push_str(&seg.t1.map_or("end".into(), secs));
        if let Some(dl) = seg.deadline {
            tip.push_str(&format!(", lock until {}", secs(dl)));
        }
        let _ = write!(o.s, "><title>{}</title></rect>", esc(&tip));
    } else {
        o.s.push_str("/>");
    }
    // A waiting message whose time-to-live ran out: the rest of its wait is drawn expired.
    if let Some(x) = seg.ttl_out {
        let xa = sc.x(x).max(a);
        if xa < b {
            let _ = write!(
                o.s,
                "<rect class=\"xp\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>",
                num(xa),
                num(yc - h / 2.0),
                num(b - xa),
                num(h)
            );
        }
    }
    // Renewals: a tick inside the bar where the lock was renewed.
    for &r in &seg.renewals {
        let x = sc.x(r);
        if x > a + 1.0 && x < b - 1.0 {
            let _ = write!(
                o.s,
                "<path class=\"gl\" d=\"M{} {}v{}\" stroke-width=\"1.2\"/>",
                num(x),
                num(yc - h / 2.0 + 2.0),
                num(h - 4.0)
            );
        }
    }
    // The lock's deadline: a tick, with a dotted tail when it was settled earlier.
    let lock = matches!(
        seg.kind,
        SegKind::Locked | SegKind::Prefetched | SegKind::Session
    );
    let mut drawn = false;
    if let Some(dl) = seg.deadline
        && lock
        && dl <= sc.end
        && dl <= run_end
    {
        drawn = true;
        let xd = sc.x(dl);
        if !seg.expired && xd > b + 1.0 {
            let _ = write!(
                o.s,
                "<path class=\"tl\" d=\"M{} {}H{}\"/>",
                num(b),
                num(yc),
                num(xd)
            );
        }
        let _ = write!(
            o.s,
            "<path class=\"dd\" d=\"M{} {}v{}\"/>",
            num(xd),
            num(yc - h / 2.0 - 3.0),
            num(h + 6.0)
        );
    }
    if !d.labels || !detail {
        return drawn;
    }
    let (tclass, size, inside) = match seg.kind {
        SegKind::Locked | SegKind::Prefetched => ("in", 10.5, true),
        SegKind::Session => ("mu sm", 10.5, false),
        SegKind::Waiting => ("iw", 10.0, true),
        _ => ("iw", 10.0, true),
    };
    if !inside {
        let mut label = short(&seg.label, 40);
        if let Some(dl) = seg.deadline.filter(|_| !drawn) {
            label.push_str(&format!(" · until {}", secs(dl)));
        }
        o.text(a + 4.0, yc - h / 2.0 - 3.0, tclass, &label);
        return drawn;
    }
    let room = b - a - 8.0;
    let full = short(&seg.label, 60);
    // Where the deadline is off the axis, the bar says it.
    let with_deadline = match seg.deadline {
        Some(dl) if lock && !drawn => format!("{full} · lock until {}", secs(dl)),
        _ => String::new(),
    };
    let id = seg
        .msg
        .map(|m| short(&st.msgs[m].id, 30))
        .unwrap_or_default();
    for cand in [with_deadline, full, id] {
        if !cand.is_empty() && text_w(&cand, size) <= room {
            o.text(a + 4.0, yc + size * 0.36, tclass, &cand);
            break;
        }
    }
    drawn
}

fn draw_dense(o: &mut Out, lane: &Lane, l: &LaneLayout, sc: &Scale) {
    // How many segments are open at each pixel column (the most within the column).
    let cols = ceil(X1 - X0) as usize;
    let mut deltas: BTreeMap<u64, i64> = BTreeMap::new();
    for s in &lane.segs {
        if s.kind == SegKind::Session {
            continue;
        }
        let e = seg_end(s, sc.end);
        if e <= s.t0 && s.t1.is_some() {
            continue;
        }
        *deltas.entry(s.t0).or_default() += 1;
        *deltas.entry(e.max(s.t0 + 1)).or_default() -= 1;
    }
    let mut peak = vec![0i64; cols + 1];
    let mut cur = 0i64;
    let mut last_col = 0usize;
    for (&t, &dv) in &deltas {
        let col = ((sc.x(t) - X0) as usize).min(cols);
        for p in peak.iter_mut().take(col + 1).skip(last_col) {
            *p = (*p).max(cur);
        }
        cur += dv;
        peak[col] = peak[col].max(cur);
        last_col = col;
    }
    let max = peak.iter().copied().max().unwrap_or(0).max(1);
    let base = l.y + 10.0 + DENSE_H;
    let mut path = format!("M{} {}", num(X0), num(base));
    let mut prev = 0i64;
    for (c, &v) in peak.iter().enumerate() {
        if v != prev {
            let x = num(X0 + c as f64);
            let _ = write!(path, "H{x}V{}", num(base - DENSE_H * v as f64 / max as f64));
            prev = v;
        }
    }
    let _ = write!(path, "L{} {}Z", num(X0 + cols as f64), num(base));
    let class = match lane.role {
        Role::Main(_) => "den",
        Role::Dlq(_) => "den2",
        Role::Client => "den1",
    };
    let _ = write!(o.s, "<path class=\"{class}\" d=\"{path}\"/>");
    o.text(
        X0 + 4.0,
        l.y + 10.0,
        "mu sm",
        &format!("up to {max} at once"),
    );
}

/// `f64::round` for coordinates (no float rounding in `core` without std): half away from zero.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "drawing coordinates are far inside i64"
)]
fn round(v: f64) -> f64 {
    let t = v as i64 as f64;
    if v - t >= 0.5 {
        t + 1.0
    } else if t - v >= 0.5 {
        t - 1.0
    } else {
        t
    }
}

/// `f64::ceil` for coordinates (see [`round`]).
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "drawing coordinates are far inside i64"
)]
fn ceil(v: f64) -> f64 {
    let t = v as i64 as f64;
    if t < v { t + 1.0 } else { t }
}

#[cfg(test)]
mod float_tests {
    #[test]
    fn round_and_ceil_match_std() {
        for v in [
            0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.4, -0.5, -0.6, -1.5, 123.456, -7.0, 792.0001,
        ] {
            assert_eq!(super::round(v), v.round(), "round {v}");
            assert_eq!(super::ceil(v), v.ceil(), "ceil {v}");
        }
    }
}
