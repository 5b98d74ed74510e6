//! The broker: one Service Bus queue with its dead-letter sub-queue, as a sans-IO state machine.

use crate::config::QueueConfig;
use crate::error::{Error, ErrorKind, text};
use crate::event::{Event, EventKind, LockLossCause};
use crate::message::{
    ClientId, LockToken, MessageState, MessageView, NewMessage, Properties, ReceiveMode, SubQueue,
    Text,
};
use crate::rng::Rng;
use crate::store::{AvailQueue, MsgStore};
use crate::time::{Duration, Instant};
use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;

/// At most this many messages are returned by one peek (semantics.md §2.2).
pub const PEEK_MAX: usize = 250;

/// Where a message lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Main,
    DeadLetter,
    Scheduled,
}

#[derive(Clone, Debug)]
pub(crate) struct Lock {
    pub(crate) token: LockToken,
    pub(crate) holder: ClientId,
    pub(crate) until: Instant,
    /// Delivered into a prefetch buffer and not yet handed to the application.
    pub(crate) buffered: bool,
    /// Held under a session lock (no timer of its own).
    pub(crate) session: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Msg {
    pub(crate) id: Text,
    pub(crate) body: Text,
    pub(crate) size: u64,
    /// Effective TTL: min(message TTL, entity default).
    pub(crate) ttl: Option<Duration>,
    pub(crate) session: Option<Text>,
    pub(crate) props: Properties,
    pub(crate) enqueued: Instant,
    pub(crate) expires: Option<Instant>,
    /// Scheduled messages: the instant their activation timer fires.
    pub(crate) activate_at: Option<Instant>,
    pub(crate) scheduled_for: Option<Instant>,
    /// AMQP header.delivery-count: prior unsuccessful deliveries.
    pub(crate) h: u32,
    pub(crate) place: Place,
    /// Set aside by Defer: only ReceiveDeferred can take it.
    pub(crate) set_aside: bool,
    /// The `State` property reads Deferred (kept after dead-lettering).
    pub(crate) label_deferred: bool,
    pub(crate) lock: Option<Lock>,
    pub(crate) dl_reason: Option<Text>,
    pub(crate) dl_desc: Option<Text>,
}

impl Msg {
    pub(crate) fn is_available(&self) -> bool {
        self.place != Place::Scheduled && self.lock.is_none() && !self.set_aside
    }
}

/// Deadlines, ordered so that at one instant activations fire before lock expiries
/// (semantics.md §1.4 rule 2), each group in sequence-number order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Timer {
    Activate(u64),
    Lock(u64),
    Session(u64),
}

#[derive(Clone, Debug)]
pub(crate) struct Link {
    pub(crate) mode: ReceiveMode,
    pub(crate) prefetch: u32,
    pub(crate) buffer: VecDeque<MessageView>,
    /// Buffered deliveries that still count against the prefetch credit.
    pub(crate) live: u32,
}

/// A client's hold on a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionHold {
    /// No session accepted.
    None,
    /// Holds this session's lock.
    Held(Text),
    /// Had this session, and its lock expired or was given up: session operations fail.
    Lost(Text),
}

#[derive(Clone, Debug)]
pub(crate) struct ClientState {
    pub(crate) links: [Option<Link>; 2],
    pub(crate) session: SessionHold,
    /// Every message this client holds a lock on, unordered. A receiver holds a handful at a
    /// time, where a linear scan beats a tree (two tree operations per delivery showed in the
    /// profile).
    pub(crate) locks: Vec<u64>,
}

/// Client states in a vector, found through a small id index: a receive or settlement looks
/// its client up twice, and a map of large values was the hottest lookup in the profile.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clients {
    /// Slot + 1 (0 = none) for small ids: the World hands out dense ids from 0.
    direct: Vec<u32>,
    /// Slots of ids at or past `DIRECT_IDS`.
    sparse: BTreeMap<ClientId, u32>,
    ids: Vec<ClientId>,
    states: Vec<ClientState>,
}

/// Ids below this are found by direct indexing.
const DIRECT_IDS: u32 = 1 << 16;

impl Clients {
    fn slot(&self, id: ClientId) -> Option<usize> {
        if id.0 < DIRECT_IDS {
            match self.direct.get(id.0 as usize) {
                Some(&s) if s != 0 => Some(s as usize - 1),
                _ => None,
            }
        } else {
            self.sparse.get(&id).map(|&s| s as usize)
        }
    }

    pub(crate) fn get(&self, id: &ClientId) -> Option<&ClientState> {
        self.slot(*id).map(|i| &self.states[i])
    }

    pub(crate) fn get_mut(&mut self, id: &ClientId) -> Option<&mut ClientState> {
        self.slot(*id).map(|i| &mut self.states[i])
    }

    pub(crate) fn contains_key(&self, id: &ClientId) -> bool {
        self.slot(*id).is_some()
    }

    pub(crate) fn get_or_insert(&mut self, id: ClientId) -> &mut ClientState {
        if let Some(i) = self.slot(id) {
            return &mut self.states[i];
        }
        let slot = u32::try_from(self.states.len()).expect("invariant: fewer than 4e9 clients");
        if id.0 < DIRECT_IDS {
            let at = id.0 as usize;
            if self.direct.len() <= at {
                self.direct.resize(at + 1, 0);
            }
            self.direct[at] = slot + 1;
        } else {
            self.sparse.insert(id, slot);
        }
        self.ids.push(id);
        self.states.push(ClientState {
            links: [None, None],
            session: SessionHold::None,
            locks: Vec::new(),
        });
        &mut self.states[slot as usize]
    }

    /// In client-id order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (ClientId, &ClientState)> {
        let mut order: Vec<(ClientId, usize)> = self
            .ids
            .iter()
            .copied()
            .enumerate()
            .map(|(i, c)| (c, i))
            .collect();
        order.sort_unstable();
        order.into_iter().map(move |(c, i)| (c, &self.states[i]))
    }

    pub(crate) fn values(&self) -> impl Iterator<Item = &ClientState> {
        self.states.iter()
    }
}

impl core::ops::Index<&ClientId> for Clients {
    type Output = ClientState;
    fn index(&self, id: &ClientId) -> &ClientState {
        self.get(id).expect("invariant: indexing a known client")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Session {
    pub(crate) num: u64,
    pub(crate) avail: BTreeSet<u64>,
    pub(crate) locked: BTreeSet<u64>,
    pub(crate) holder: Option<ClientId>,
    pub(crate) until: Instant,
    pub(crate) state: Option<Text>,
}

/// Options of a receive link (the scenario's `open`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LinkOptions {
    /// Receive mode.
    pub mode: ReceiveMode,
    /// Sub-queue.
    pub from: SubQueue,
    /// Prefetch count (0 = off).
    pub prefetch: u32,
}

/// What a successful send did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendOutcome {
    /// Stored as an active message with this sequence number.
    Enqueued(u64),
    /// Stored as a scheduled message with this sequence number.
    Scheduled(u64),
    /// Inside the duplicate detection window: reported accepted, dropped.
    /// Scheduled duplicates still get a sequence number back (semantics.md §6).
    Duplicate(Option<u64>),
}

/// Running totals, for the conservation invariant and summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Messages stored (active or scheduled).
    pub accepted: u64,
    /// Removed by Complete.
    pub completed: u64,
    /// Removed by a receive-and-delete delivery.
    pub received_and_deleted: u64,
    /// Dropped at TTL expiry.
    pub expired: u64,
    /// Scheduled messages cancelled.
    pub cancelled: u64,
    /// Duplicates dropped.
    pub duplicates: u64,
    /// Moves to the dead-letter queue.
    pub dead_lettered: u64,
    /// Events emitted.
    pub events: u64,
}

#[derive(Clone, Copy)]
enum Release {
    Abandon,
    Expire,
    Lost(LockLossCause),
    /// Session closed gracefully: no delivery-count change (semantics.md §2.4).
    SessionClose,
}

/// One Service Bus queue: a deterministic, sans-IO state machine.
///
/// It performs no I/O and never reads a clock. Drive it like this, repeatedly:
///
/// 1. [`poll_timeout`](Self::poll_timeout): when the next scheduled activation, lock or
///    session-lock expiry is due.
/// 2. [`handle_timeout(now)`](Self::handle_timeout): fire every deadline `<= now`. Early or
///    repeated calls are harmless.
/// 3. Commands (`send`, `receive`, `complete`, …), each taking `now` first. Each command fires
///    due deadlines itself before it acts, so the order at one instant is always: activations,
///    lock expiries, TTL collection, the command (semantics.md §1.4).
/// 4. [`poll_event`](Self::poll_event) until `None`: everything that happened, in order.
///
/// Time MUST NOT go backwards: an earlier `now` is clamped to the latest seen (and
/// debug-asserted).
#[derive(Clone, Debug)]
pub struct Queue {
    pub(crate) config: QueueConfig,
    pub(crate) now: Instant,
    rng: Rng,
    pub(crate) next_seq: u64,
    pub(crate) msgs: MsgStore,
    pub(crate) avail_main: AvailQueue,
    pub(crate) avail_dlq: BTreeSet<u64>,
    /// Available main messages that can expire, by expiry.
    pub(crate) ttl_index: BTreeSet<(Instant, u64)>,
    pub(crate) timers: BTreeSet<(Instant, Timer)>,
    /// Messages under a lock (each lock's token names its message: see `new_token`).
    pub(crate) lock_count: usize,
    pub(crate) sessions: BTreeMap<Text, Session>,
    session_names: BTreeMap<u64, Text>,
    pub(crate) clients: Clients,
    prefetching: BTreeSet<(ClientId, SubQueue)>,
    dup_first: BTreeMap<Text, Instant>,
    dup_order: VecDeque<(Instant, Text)>,
    pub(crate) size_bytes: u64,
    events: VecDeque<Event>,
    pub(crate) counters: Counters,
}

fn sub_index(sub: SubQueue) -> usize {
    match sub {
        SubQueue::Main => 0,
        SubQueue::DeadLetter => 1,
    }
}

const LOW62: u64 = (1 << 62) - 1;

/// SplitMix64's finalizer: spreads the random high half over the low half.
fn token_mask(hi: u64) -> u64 {
    let mut z = hi;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The sequence number a token was made for (see `Queue::new_token`).
pub(crate) fn token_seq(t: LockToken) -> u64 {
    let hi = (t.0 >> 64) as u64;
    ((t.0 as u64) ^ token_mask(hi)) & LOW62
}

fn lock_lost() -> Error {
    Error::new(ErrorKind::MessageLockLost, text::LOCK_LOST)
}

impl Queue {
    /// A new, empty queue at `now`. `seed` drives lock-token generation.
    ///
    /// # Errors
    /// A configuration value out of range.
    pub fn new(
        config: QueueConfig,
        now: Instant,
        seed: u64,
    ) -> Result<Self, crate::config::ConfigError> {
        config.validate()?;
        Ok(Self {
            config,
            now,
            rng: Rng::new(seed),
            next_seq: 1,
            msgs: MsgStore::new(),
            avail_main: AvailQueue::default(),
            avail_dlq: BTreeSet::new(),
            ttl_index: BTreeSet::new(),
            timers: BTreeSet::new(),
            lock_count: 0,
            sessions: BTreeMap::new(),
            session_names: BTreeMap::new(),
            clients: Clients::default(),
            prefetching: BTreeSet::new(),
            dup_first: BTreeMap::new(),
            dup_order: VecDeque::new(),
            size_bytes: 0,
            events: VecDeque::new(),
            counters: Counters::default(),
        })
    }

    // ---------------------------------------------------------------- getters

    /// The latest virtual time seen.
    #[must_use]
    pub fn now(&self) -> Instant {
        self.now
    }

    /// The entity settings.
    #[must_use]
    pub fn config(&self) -> &QueueConfig {
        &self.config
    }

    /// Running totals.
    #[must_use]
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Bytes held against the quota (every message, plus session state).
    #[must_use]
    pub fn size_bytes(&self) -> u64 {
        self.size_bytes
    }

    /// Number of messages the broker holds (all sub-queues, scheduled included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.msgs.len()
    }

    /// True when the broker holds no message.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.msgs.is_empty()
    }

    /// The session a client holds or lost.
    #[must_use]
    pub fn session_of(&self, by: ClientId) -> SessionHold {
        self.clients
            .get(&by)
            .map_or(SessionHold::None, |c| c.session.clone())
    }

    /// Messages sitting in a client's prefetch buffer, oldest first.
    #[must_use]
    pub fn buffered(&self, by: ClientId, sub: SubQueue) -> usize {
        self.link(by, sub).map_or(0, |l| l.buffer.len())
    }

    /// Messages under a lock right now (all sub-queues). O(1).
    #[must_use]
    pub fn locked_count(&self) -> usize {
        self.lock_count
    }

    /// Messages a plain receive could take right now from `sub` (before TTL collection;
    /// session queues count every session). O(sessions).
    #[must_use]
    pub fn available_count(&self, sub: SubQueue) -> usize {
        match sub {
            SubQueue::DeadLetter => self.avail_dlq.len(),
            SubQueue::Main => {
                self.avail_main.len() + self.sessions.values().map(|s| s.avail.len()).sum::<usize>()
            }
        }
    }

    /// The lock expiry of the message with this sequence number, if it is locked.
    #[must_use]
    pub fn locked_until(&self, seq: u64) -> Option<Instant> {
        self.msgs.get(&seq)?.lock.as_ref().map(|l| l.until)
    }

    /// True when `token` is the current, valid lock of a message.
    #[must_use]
    pub fn is_lock_valid(&self, token: LockToken) -> bool {
        self.locked_seq(token).is_ok()
    }

    /// Is a message with this sequence number still held by the broker?
    #[must_use]
    pub fn contains(&self, seq: u64) -> bool {
        self.msgs.contains_key(&seq)
    }

    /// Every message in one place, in sequence-number order, as a listing shows it
    /// (delivery count h, lock holder and expiry where locked, no token).
    #[must_use]
    pub fn list(&self, which: Listing) -> Vec<MessageView> {
        self.msgs
            .iter()
            .filter(|(_, m)| match which {
                Listing::Main => m.place == Place::Main,
                Listing::DeadLetter => m.place == Place::DeadLetter,
                Listing::Scheduled => m.place == Place::Scheduled,
            })
            .map(|(seq, m)| {
                let mut v = self.view_of(seq, m, false);
                if let Some(l) = &m.lock {
                    v.locked_until = Some(l.until);
                    v.locked_by = Some(l.holder);
                }
                v
            })
            .collect()
    }

    // ---------------------------------------------------------------- time

    /// The next instant at which [`handle_timeout`](Self::handle_timeout) has work: the earliest
    /// scheduled activation, message-lock or session-lock expiry. `None` when nothing is pending.
    /// The value may change after any command or `handle_timeout`.
    #[must_use]
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.timers.first().map(|&(t, _)| t)
    }

    /// The earliest message-lock or session-lock expiry, if any lock is held (activations of
    /// scheduled messages are not lock expiries). For "jump to the next lock expiry".
    #[must_use]
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        self.timers
            .iter()
            .find(|(_, t)| !matches!(t, Timer::Activate(_)))
            .map(|&(t, _)| t)
    }

    /// Fires every deadline `<= now`, each at its own instant, then moves the clock to `now`.
    pub fn handle_timeout(&mut self, now: Instant) {
        self.fire_due(now);
        self.pump();
    }

    /// Drains one event; call until `None` after every command or timeout.
    #[must_use]
    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    fn set_now(&mut self, now: Instant) {
        debug_assert!(now >= self.now, "time does not go backwards");
        if now > self.now {
            self.now = now;
        }
    }

    fn fire_due(&mut self, now: Instant) {
        let now = now.max(self.now);
        while let Some(&(t, timer)) = self.timers.first() {
            if t > now {
                break;
            }
            self.timers.pop_first();
            self.set_now(t);
            match timer {
                Timer::Activate(seq) => self.activate(seq),
                Timer::Lock(seq) => {
                    let holder = self.msgs[&seq]
                        .lock
                        .as_ref()
                        .map(|l| l.holder)
                        .expect("invariant: a lock timer belongs to a locked message");
                    self.release(seq, holder, Release::Expire);
                }
                Timer::Session(num) => self.expire_session(num),
            }
            self.pump();
        }
        self.set_now(now);
    }

    fn emit(&mut self, kind: EventKind) {
        self.counters.events += 1;
        self.events.push_back(Event { at: self.now, kind });
    }

    pub(crate) fn push_event(&mut self, kind: EventKind) {
        self.emit(kind);
    }

    // ---------------------------------------------------------------- availability indexes

    fn make_available(&mut self, seq: u64) {
        let m = &self.msgs[&seq];
        debug_assert!(m.is_available());
        match m.place {
            Place::DeadLetter => {
                self.avail_dlq.insert(seq);
            }
            Place::Main => {
                if let Some(t) = m.expires {
                    self.ttl_index.insert((t, seq));
                }
                if self.config.requires_session {
                    let sid = m
                        .session
                        .clone()
                        .expect("invariant: every message of a session queue has a session id");
                    self.session_mut(&sid).avail.insert(seq);
                } else {
                    self.avail_main.insert(seq);
                }
            }
            Place::Scheduled => unreachable!("scheduled messages are never available"),
        }
    }

    fn make_unavailable(&mut self, seq: u64) {
        let m = &self.msgs[&seq];
        match m.place {
            Place::DeadLetter => {
                self.avail_dlq.remove(&seq);
            }
            Place::Main => {
                if let Some(t) = m.expires {
                    self.ttl_index.remove(&(t, seq));
                }
                if self.config.requires_session {
                    if let Some(sid) = &m.session
                        && let Some(s) = self.sessions.get_mut(sid)
                    {
                        s.avail.remove(&seq);
                    }
                } else {
                    // Only available messages are made unavailable (callers check).
                    self.avail_main.remove(seq);
                }
            }
            Place::Scheduled => {}
        }
    }

    fn session_mut(&mut self, sid: &Text) -> &mut Session {
        if !self.sessions.contains_key(sid) {
            let num = self.session_names.len() as u64;
            self.session_names.insert(num, sid.clone());
            self.sessions.insert(
                sid.clone(),
                Session {
                    num,
                    avail: BTreeSet::new(),
                    locked: BTreeSet::new(),
                    holder: None,
                    until: Instant::ZERO,
                    state: None,
                },
            );
        }
        self.sessions
            .get_mut(sid)
            .expect("invariant: inserted just above")
    }

    fn remove_msg(&mut self, seq: u64) -> Msg {
        let m = self
            .msgs
            .remove(&seq)
            .expect("invariant: removing a message that exists");
        self.size_bytes -= m.size;
        m
    }

    // ---------------------------------------------------------------- send side

    /// Sends (or schedules, when `msg.scheduled_enqueue` is set) one message (T1, T2).
    ///
    /// # Errors
    /// `InvalidOperation` (no session id on a session queue), `MessageSizeExceeded`,
    /// `QuotaExceeded`. Nothing is stored on error.
    pub fn send(
        &mut self,
        now: Instant,
        by: ClientId,
        msg: NewMessage,
    ) -> Result<SendOutcome, Error> {
        self.fire_due(now);
        let r = self.send_inner(by, msg);
        self.pump();
        r
    }

    fn send_inner(&mut self, by: ClientId, msg: NewMessage) -> Result<SendOutcome, Error> {
        if self.config.requires_session && msg.session_id.is_none() {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                text::MISSING_SESSION_ID,
            ));
        }
        let limit = self.config.tier.max_message_bytes();
        if msg.size_bytes > limit {
            return Err(Error::new(
                ErrorKind::MessageSizeExceeded,
                format!(
                    "The received message (size: {} bytes) exceeds the limit ({limit} bytes) currently allowed on the link.",
                    msg.size_bytes
                ),
            ));
        }
        if self.size_bytes.saturating_add(msg.size_bytes) > self.config.max_size_bytes {
            return Err(Error::new(
                ErrorKind::QuotaExceeded,
                format!(
                    "The maximum entity size has been reached or exceeded for Queue. Size of entity in bytes: {}, Max entity size in bytes: {}.",
                    self.size_bytes, self.config.max_size_bytes
                ),
            ));
        }
        if let Some(window) = self.config.duplicate_detection_window {
            self.prune_duplicates(window);
            if self.dup_first.contains_key(&msg.id) {
                self.counters.duplicates += 1;
                let seq = msg.scheduled_enqueue.map(|_| self.take_seq());
                self.emit(EventKind::DuplicateDropped {
                    seq,
                    id: msg.id.clone(),
                    by,
                });
                return Ok(SendOutcome::Duplicate(seq));
            }
            self.dup_first.insert(msg.id.clone(), self.now);
            self.dup_order.push_back((self.now, msg.id.clone()));
        }
        let seq = self.take_seq();
        let ttl = match (msg.ttl, self.config.default_ttl) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let now = self.now;
        let activate_at = msg.scheduled_enqueue.map(|t| t.max(now));
        let m = Msg {
            id: msg.id.clone(),
            body: msg.body,
            size: msg.size_bytes,
            ttl,
            session: msg.session_id,
            props: msg.properties,
            enqueued: now,
            expires: if activate_at.is_some() {
                None
            } else {
                ttl.map(|d| now + d)
            },
            activate_at,
            scheduled_for: msg.scheduled_enqueue,
            h: 0,
            place: if activate_at.is_some() {
                Place::Scheduled
            } else {
                Place::Main
            },
            set_aside: false,
            label_deferred: false,
            lock: None,
            dl_reason: None,
            dl_desc: None,
        };
        self.size_bytes += m.size;
        self.counters.accepted += 1;
        if let Some(sid) = &m.session
            && self.config.requires_session
        {
            let sid = sid.clone();
            self.session_mut(&sid);
        }
        self.msgs.insert(seq, m);
        self.emit(EventKind::Enqueued {
            seq,
            id: msg.id,
            by,
            scheduled_for: msg.scheduled_enqueue,
        });
        if let Some(t) = activate_at {
            self.timers.insert((t, Timer::Activate(seq)));
            Ok(SendOutcome::Scheduled(seq))
        } else {
            self.make_available(seq);
            Ok(SendOutcome::Enqueued(seq))
        }
    }

    fn take_seq(&mut self) -> u64 {
        let s = self.next_seq;
        self.next_seq += 1;
        s
    }

    fn prune_duplicates(&mut self, window: Duration) {
        while let Some((t, _)) = self.dup_order.front() {
            if *t + window > self.now {
                break;
            }
            let (t, id) = self.dup_order.pop_front().expect("invariant: front exists");
            if self.dup_first.get(&id) == Some(&t) {
                self.dup_first.remove(&id);
            }
        }
    }

    /// T3: a scheduled message becomes active with a new sequence number.
    fn activate(&mut self, old: u64) {
        let mut m = self
            .msgs
            .remove(&old)
            .expect("invariant: an activation timer belongs to a scheduled message");
        let seq = self.take_seq();
        m.place = Place::Main;
        m.activate_at = None;
        m.enqueued = self.now;
        m.expires = m.ttl.map(|d| self.now + d);
        let id = m.id.clone();
        self.msgs.insert(seq, m);
        self.emit(EventKind::Activated {
            seq,
            scheduled_seq: old,
            id,
        });
        self.make_available(seq);
    }

    /// T4: cancels a scheduled message. An unknown or already active sequence number is a
    /// successful no-op (semantics.md T4, [I]).
    pub fn cancel_scheduled(&mut self, now: Instant, by: ClientId, seq: u64) {
        self.fire_due(now);
        if let Some(m) = self.msgs.get(&seq)
            && m.place == Place::Scheduled
        {
            let at = m
                .activate_at
                .expect("invariant: scheduled messages have an activation time");
            self.timers.remove(&(at, Timer::Activate(seq)));
            let m = self.remove_msg(seq);
            self.counters.cancelled += 1;
            self.emit(EventKind::Cancelled { seq, id: m.id, by });
        }
    }

    // ---------------------------------------------------------------- links

    fn link(&self, by: ClientId, sub: SubQueue) -> Option<&Link> {
        self.clients.get(&by)?.links[sub_index(sub)].as_ref()
    }

    fn client_mut(&mut self, by: ClientId) -> &mut ClientState {
        self.clients.get_or_insert(by)
    }

    /// Opens (or re-opens with new options) a client's receive link on one sub-queue.
    /// Re-opening first closes the old link, releasing what it held.
    pub fn open(&mut self, now: Instant, by: ClientId, opts: LinkOptions) {
        self.fire_due(now);
        if self.link(by, opts.from).is_some() {
            self.close_link(by, opts.from, LockLossCause::Closed);
        }
        self.client_mut(by).links[sub_index(opts.from)] = Some(Link {
            mode: opts.mode,
            prefetch: opts.prefetch,
            buffer: VecDeque::new(),
            live: 0,
        });
        if opts.prefetch > 0 {
            self.prefetching.insert((by, opts.from));
        }
        self.pump();
    }

    /// Opens a link implicitly (prefetch 0). Its default mode is peek-lock whatever the first
    /// call asked for: only an explicit `open` sets a link's default mode.
    fn ensure_link(&mut self, by: ClientId, sub: SubQueue) {
        if self.link(by, sub).is_none() {
            self.client_mut(by).links[sub_index(sub)] = Some(Link {
                mode: ReceiveMode::PeekLock,
                prefetch: 0,
                buffer: VecDeque::new(),
                live: 0,
            });
        }
    }

    /// Closes every link of a client (the scenario's `close`): its message locks are released
    /// (delivery count +1, as an expiry would); an accepted session is closed without changing
    /// delivery counts (semantics.md §0.1, §2.4).
    pub fn close(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        self.drop_client(by, LockLossCause::Closed);
        self.pump();
    }

    /// The client's connection drops: every lock it holds is lost (delivery count +1), its
    /// session lock too.
    pub fn disconnect(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        self.drop_client(by, LockLossCause::Disconnected);
        self.pump();
    }

    fn drop_client(&mut self, by: ClientId, cause: LockLossCause) {
        if !self.clients.contains_key(&by) {
            return;
        }
        if let SessionHold::Held(sid) = self.clients[&by].session.clone() {
            self.give_up_session(&sid, by, cause);
        }
        for sub in [SubQueue::Main, SubQueue::DeadLetter] {
            if self.link(by, sub).is_some() {
                self.close_link(by, sub, cause);
            }
        }
    }

    fn close_link(&mut self, by: ClientId, sub: SubQueue, cause: LockLossCause) {
        let mut held: Vec<u64> = self.clients[&by]
            .locks
            .iter()
            .copied()
            .filter(|s| {
                let m = &self.msgs[s];
                (m.place == Place::DeadLetter) == (sub == SubQueue::DeadLetter)
            })
            .collect();
        // Released in sequence-number order, so the events read in a stable, natural order.
        held.sort_unstable();
        for seq in held {
            self.release(seq, by, Release::Lost(cause));
        }
        self.client_mut(by).links[sub_index(sub)] = None;
        self.prefetching.remove(&(by, sub));
    }

    /// Hands messages to links with standing prefetch credit.
    fn pump(&mut self) {
        if self.prefetching.is_empty() {
            return;
        }
        let links: Vec<(ClientId, SubQueue)> = self.prefetching.iter().copied().collect();
        for (by, sub) in links {
            self.fill(by, sub);
        }
    }

    fn fill(&mut self, by: ClientId, sub: SubQueue) {
        if sub == SubQueue::Main {
            self.collect_expired();
        }
        loop {
            let Some(link) = self.link(by, sub) else {
                return;
            };
            if link.live >= link.prefetch {
                return;
            }
            let mode = link.mode;
            let Some(seq) = self.next_available(by, sub) else {
                return;
            };
            let v = self.deliver(seq, by, mode, true);
            let link = self
                .clients
                .get_mut(&by)
                .expect("invariant: link exists")
                .links[sub_index(sub)]
            .as_mut()
            .expect("invariant: link exists");
            link.buffer.push_back(v);
            link.live += 1;
        }
    }

    fn next_available(&self, by: ClientId, sub: SubQueue) -> Option<u64> {
        match sub {
            SubQueue::DeadLetter => self.avail_dlq.first().copied(),
            SubQueue::Main if self.config.requires_session => match &self.clients.get(&by)?.session
            {
                SessionHold::Held(sid) => self.sessions.get(sid)?.avail.first().copied(),
                _ => None,
            },
            SubQueue::Main => self.avail_main.first(),
        }
    }

    /// Locks (peek-lock) or removes (receive-and-delete) one message for `by`.
    fn deliver(
        &mut self,
        seq: u64,
        by: ClientId,
        mode: ReceiveMode,
        buffered: bool,
    ) -> MessageView {
        if self.msgs[&seq].is_available() {
            self.make_unavailable(seq);
        }
        let m = &self.msgs[&seq];
        let shown = m.h.saturating_add(1);
        let id = m.id.clone();
        match mode {
            ReceiveMode::ReceiveAndDelete => {
                let m = self.remove_msg(seq);
                let mut v = self.view_of(seq, &m, true);
                v.delivery_count = shown;
                self.counters.received_and_deleted += 1;
                self.emit(EventKind::ReceivedAndDeleted {
                    seq,
                    id,
                    by,
                    delivery_count: shown,
                });
                v
            }
            ReceiveMode::PeekLock => {
                let session_lock = if self.config.requires_session && m.place == Place::Main {
                    m.session.clone()
                } else {
                    None
                };
                let until = match &session_lock {
                    Some(sid) => {
                        let s = self
                            .sessions
                            .get_mut(sid)
                            .expect("invariant: session exists");
                        s.locked.insert(seq);
                        s.until
                    }
                    None => self.now + self.config.lock_duration,
                };
                let token = self.new_token(seq);
                self.lock_count += 1;
                if session_lock.is_none() {
                    self.timers.insert((until, Timer::Lock(seq)));
                }
                self.client_mut(by).locks.push(seq);
                let m = self.msgs.get_mut(&seq).expect("invariant: exists");
                m.lock = Some(Lock {
                    token,
                    holder: by,
                    until,
                    buffered,
                    session: session_lock.is_some(),
                });
                let m = &self.msgs[&seq];
                let mut v = self.view_of(seq, m, true);
                v.lock_token = Some(token);
                v.locked_until = Some(until);
                self.emit(EventKind::Locked {
                    seq,
                    id,
                    by,
                    until,
                    delivery_count: shown,
                    prefetched: buffered,
                });
                v
            }
        }
    }

    /// A fresh lock token: a random-looking RFC 4122 version-4 UUID whose low 62 bits are the
    /// sequence number masked by a mix of its 60 random high bits. The token names its message,
    /// so settling needs no token index: decode, then compare with the message's current token.
    fn new_token(&mut self, seq: u64) -> LockToken {
        let hi = (self.rng.next_u64() & !(0xF << 12)) | (0x4 << 12);
        let lo = ((seq ^ token_mask(hi)) & LOW62) | (0b10 << 62);
        LockToken((u128::from(hi) << 64) | u128::from(lo))
    }

    pub(crate) fn view_of(&self, seq: u64, m: &Msg, received: bool) -> MessageView {
        MessageView {
            id: m.id.clone(),
            seq,
            body: m.body.clone(),
            size_bytes: m.size,
            state: if m.place == Place::Scheduled {
                MessageState::Scheduled
            } else if m.label_deferred {
                MessageState::Deferred
            } else {
                MessageState::Active
            },
            delivery_count: if received { m.h.saturating_add(1) } else { m.h },
            enqueued_at: m.enqueued,
            expires_at: m.expires,
            scheduled_enqueue: m.scheduled_for,
            locked_until: None,
            lock_token: None,
            locked_by: None,
            session_id: m.session.clone(),
            dead_letter_reason: m.dl_reason.clone(),
            dead_letter_description: m.dl_desc.clone(),
            properties: m.props.clone(),
            sub_queue: if m.place == Place::DeadLetter {
                SubQueue::DeadLetter
            } else {
                SubQueue::Main
            },
        }
    }

    // ---------------------------------------------------------------- receive side

    fn require_session(&self, by: ClientId) -> Result<Option<Text>, Error> {
        if !self.config.requires_session {
            return Ok(None);
        }
        match self.session_of(by) {
            SessionHold::Held(sid) => Ok(Some(sid)),
            SessionHold::Lost(_) => Err(Error::new(
                ErrorKind::SessionLockLost,
                text::SESSION_LOCK_LOST,
            )),
            SessionHold::None => Err(Error::new(
                ErrorKind::InvalidOperation,
                text::NON_SESSION_RECEIVER,
            )),
        }
    }

    /// T18: collects every available main message whose TTL has passed (run by receives).
    fn collect_expired(&mut self) {
        while let Some(&(t, seq)) = self.ttl_index.first() {
            if t > self.now {
                break;
            }
            self.make_unavailable(seq);
            self.expire(seq);
        }
    }

    fn expire(&mut self, seq: u64) {
        if self.config.dead_letter_on_expiration {
            self.move_to_dead_letter(
                seq,
                None,
                Some(text::TTL_REASON.into()),
                Some(text::TTL_DESCRIPTION.into()),
            );
        } else {
            let m = self.remove_msg(seq);
            self.counters.expired += 1;
            self.emit(EventKind::Expired { seq, id: m.id });
        }
    }

    /// Receives up to `max` messages from `sub` (T5, T6, T21). Receives never wait: an empty
    /// result means nothing was available at `now`. A link is opened implicitly (prefetch 0)
    /// if the client has none on `sub`; `mode` defaults to the link's.
    ///
    /// # Errors
    /// `InvalidOperation` on a session queue without an accepted session, or a mode that
    /// differs from a prefetching link's; `SessionLockLost` after the session lock was lost.
    pub fn receive(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        max: u32,
    ) -> Result<Vec<MessageView>, Error> {
        let mut out = Vec::new();
        self.receive_into(now, by, sub, mode, max, &mut out)?;
        Ok(out)
    }

    /// [`receive`](Self::receive) into a buffer the caller reuses (cleared first): the same
    /// behaviour without an allocation per call, for hot loops.
    ///
    /// # Errors
    /// As [`receive`](Self::receive).
    pub fn receive_into(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        max: u32,
        out: &mut Vec<MessageView>,
    ) -> Result<(), Error> {
        out.clear();
        self.fire_due(now);
        if sub == SubQueue::Main {
            self.require_session(by)?;
        }
        self.ensure_link(by, sub);
        let link = self.link(by, sub).expect("invariant: ensured above");
        let (link_mode, prefetch) = (link.mode, link.prefetch);
        let mode = mode.unwrap_or(link_mode);
        if prefetch > 0 && mode != link_mode {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "This receiver was opened in {} mode with prefetch; it cannot receive in {} mode.",
                    link_mode.name(),
                    mode.name()
                ),
            ));
        }
        if sub == SubQueue::Main {
            self.collect_expired();
        }
        while out.len() < max as usize {
            if prefetch > 0 {
                if self.link(by, sub).is_some_and(|l| l.buffer.is_empty()) {
                    self.fill(by, sub);
                }
                let link = self
                    .clients
                    .get_mut(&by)
                    .expect("invariant: client exists")
                    .links[sub_index(sub)]
                .as_mut()
                .expect("invariant: link exists");
                let Some(v) = link.buffer.pop_front() else {
                    break;
                };
                // A buffered message is handed over as it is, even with an expired lock.
                let still_ours = match v.lock_token {
                    None => true,
                    Some(tok) => self
                        .msgs
                        .get(&v.seq)
                        .and_then(|m| m.lock.as_ref())
                        .is_some_and(|l| l.token == tok),
                };
                if still_ours {
                    link.live -= 1;
                    if let Some(l) = self.msgs.get_mut(&v.seq).and_then(|m| m.lock.as_mut()) {
                        l.buffered = false;
                    }
                }
                out.push(v);
            } else {
                let Some(seq) = self.next_available(by, sub) else {
                    break;
                };
                out.push(self.deliver(seq, by, mode, false));
            }
        }
        self.pump();
        Ok(())
    }

    /// T13/T13b: receives deferred messages by sequence number. All or nothing: if any is not a
    /// free deferred message, nothing is received. An expired deferred message is collected now
    /// (dead-lettered or dropped) and reported as not found (azure-sdk-for-net#30252).
    ///
    /// # Errors
    /// `MessageNotFound`; session errors as for [`receive`](Self::receive).
    pub fn receive_deferred(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        seqs: &[u64],
    ) -> Result<Vec<MessageView>, Error> {
        self.fire_due(now);
        let session = if sub == SubQueue::Main {
            self.require_session(by)?
        } else {
            None
        };
        self.ensure_link(by, sub);
        let mode = mode.unwrap_or(self.link(by, sub).expect("invariant: ensured").mode);
        let want_place = if sub == SubQueue::Main {
            Place::Main
        } else {
            Place::DeadLetter
        };
        let mut missing = false;
        let mut expired = Vec::new();
        for seq in seqs {
            match self.msgs.get(seq) {
                Some(m)
                    if m.place == want_place
                        && m.set_aside
                        && m.lock.is_none()
                        && (session.is_none() || m.session == session) =>
                {
                    if want_place == Place::Main && m.expires.is_some_and(|t| t <= self.now) {
                        expired.push(*seq);
                        missing = true;
                    }
                }
                _ => missing = true,
            }
        }
        for seq in expired {
            self.msgs
                .get_mut(&seq)
                .expect("invariant: checked above")
                .set_aside = false;
            self.expire(seq);
        }
        if missing {
            self.pump();
            return Err(Error::new(
                ErrorKind::MessageNotFound,
                text::DEFERRED_NOT_FOUND,
            ));
        }
        let mut out = Vec::with_capacity(seqs.len());
        let mut seen = BTreeSet::new();
        for &seq in seqs {
            if seen.insert(seq) {
                out.push(self.deliver(seq, by, mode, false));
            }
        }
        Ok(out)
    }

    /// Peeks up to `min(max, 250)` messages from `from_seq` on, in sequence-number order, without
    /// locking or collecting anything (semantics.md §2.2). Main includes locked, deferred and
    /// scheduled messages. The cursor is the caller's (see `World`).
    ///
    /// # Errors
    /// Session errors on a session queue, as for [`receive`](Self::receive).
    pub fn peek(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        from_seq: u64,
        max: u32,
    ) -> Result<Vec<MessageView>, Error> {
        self.fire_due(now);
        let session = if sub == SubQueue::Main {
            self.require_session(by)?
        } else {
            None
        };
        let limit = (max as usize).min(PEEK_MAX);
        Ok(self
            .msgs
            .range(from_seq)
            .filter(|(_, m)| match sub {
                SubQueue::Main => m.place != Place::DeadLetter,
                SubQueue::DeadLetter => m.place == Place::DeadLetter,
            })
            .filter(|(_, m)| session.is_none() || m.session == session)
            .take(limit)
            .map(|(seq, m)| self.view_of(seq, m, false))
            .collect())
    }

    // ---------------------------------------------------------------- settlement

    /// The message a token currently locks, or `MessageLockLost`.
    pub(crate) fn locked_seq(&self, token: LockToken) -> Result<u64, Error> {
        let seq = token_seq(token);
        match self.msgs.get(&seq).and_then(|m| m.lock.as_ref()) {
            Some(l) if l.token == token => {
                debug_assert!(self.now < l.until, "expired locks are released first");
                Ok(seq)
            }
            _ => Err(lock_lost()),
        }
    }

    /// Removes the lock from a message and from every index that knows it.
    fn unlock(&mut self, seq: u64) -> Lock {
        let lock = self
            .msgs
            .get_mut(&seq)
            .expect("invariant: unlocking a message that exists")
            .lock
            .take()
            .expect("invariant: unlocking a locked message");
        self.lock_count -= 1;
        if lock.session {
            let sid = self.msgs[&seq]
                .session
                .clone()
                .expect("invariant: session lock has session");
            if let Some(s) = self.sessions.get_mut(&sid) {
                s.locked.remove(&seq);
            }
        } else {
            self.timers.remove(&(lock.until, Timer::Lock(seq)));
        }
        let sub = if self.msgs[&seq].place == Place::DeadLetter {
            SubQueue::DeadLetter
        } else {
            SubQueue::Main
        };
        let c = self.client_mut(lock.holder);
        if let Some(i) = c.locks.iter().position(|&s| s == seq) {
            c.locks.swap_remove(i);
        }
        if lock.buffered
            && let Some(link) = c.links[sub_index(sub)].as_mut()
        {
            link.live -= 1;
        }
        lock
    }

    fn merge(&mut self, seq: u64, props: Option<Properties>) {
        if let Some(p) = props
            && !p.is_empty()
        {
            let m = self.msgs.get_mut(&seq).expect("invariant: exists");
            let target = Rc::make_mut(&mut m.props);
            for (k, v) in p.iter() {
                target.insert(k.clone(), v.clone());
            }
        }
    }

    fn release(&mut self, seq: u64, by: ClientId, how: Release) {
        self.unlock(seq);
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        let in_dlq = m.place == Place::DeadLetter;
        // Explicit abandon always counts; expiry and loss do not count inside the DLQ
        // (azure-sdk-for-net#53437); a graceful session close never counts (§2.4).
        let counts = match how {
            Release::Abandon => true,
            Release::Expire | Release::Lost(_) => !in_dlq,
            Release::SessionClose => false,
        };
        if counts {
            m.h = m.h.saturating_add(1);
        }
        let (id, h) = (m.id.clone(), m.h);
        match how {
            Release::Abandon => self.emit(EventKind::Abandoned {
                seq,
                id,
                by,
                delivery_count: h,
            }),
            Release::Expire => self.emit(EventKind::LockExpired {
                seq,
                id,
                by,
                delivery_count: h,
            }),
            Release::Lost(cause) => self.emit(EventKind::LockLost {
                seq,
                id,
                by,
                cause,
                delivery_count: h,
            }),
            Release::SessionClose => {}
        }
        self.requeue(seq);
    }

    /// Where a released message goes: back into the queue, or to its end by TTL or
    /// MaxDeliveryCount (semantics.md §0.2, §1.4 rule 3: TTL wins).
    fn requeue(&mut self, seq: u64) {
        let m = &self.msgs[&seq];
        if m.place == Place::DeadLetter {
            if !m.set_aside {
                self.make_available(seq);
            }
            return;
        }
        let over = m.h >= self.config.max_delivery_count;
        if m.set_aside {
            if over {
                self.dead_letter_max(seq);
            }
            return;
        }
        if m.expires.is_some_and(|t| t <= self.now) {
            self.expire(seq);
        } else if over {
            self.dead_letter_max(seq);
        } else {
            self.make_available(seq);
        }
    }

    fn dead_letter_max(&mut self, seq: u64) {
        let n = self.config.max_delivery_count;
        self.move_to_dead_letter(
            seq,
            None,
            Some(text::MAX_DELIVERY_REASON.into()),
            Some(format!("Message could not be consumed after {n} delivery attempts.").into()),
        );
    }

    fn move_to_dead_letter(
        &mut self,
        seq: u64,
        by: Option<ClientId>,
        reason: Option<Text>,
        description: Option<Text>,
    ) {
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        debug_assert!(m.lock.is_none());
        m.place = Place::DeadLetter;
        m.set_aside = false;
        m.dl_reason = reason.clone();
        m.dl_desc = description.clone();
        let (id, h) = (m.id.clone(), m.h);
        self.counters.dead_lettered += 1;
        self.emit(EventKind::DeadLettered {
            seq,
            id,
            by,
            reason,
            description,
            delivery_count: h,
        });
        self.make_available(seq);
    }

    /// T7/T14/T22: completes (removes) the message locked by `token`.
    ///
    /// # Errors
    /// `MessageLockLost` when the token is not the message's current valid lock.
    pub fn complete(&mut self, now: Instant, token: LockToken) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let lock = self.unlock(seq);
        let m = self.remove_msg(seq);
        self.counters.completed += 1;
        self.emit(EventKind::Completed {
            seq,
            id: m.id,
            by: lock.holder,
        });
        self.pump();
        Ok(())
    }

    /// T8/T15/T23: abandons: the lock is released, the delivery count goes up by one, and the
    /// message returns (or is dead-lettered by MaxDeliveryCount, or expires).
    ///
    /// # Errors
    /// `MessageLockLost`.
    pub fn abandon(
        &mut self,
        now: Instant,
        token: LockToken,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let by = self.msgs[&seq].lock.as_ref().expect("invariant").holder;
        self.merge(seq, props);
        self.release(seq, by, Release::Abandon);
        self.pump();
        Ok(())
    }

    /// T10/T17: moves the message to the dead-letter queue with the given reason and
    /// description (absent when not given). The delivery count is unchanged.
    ///
    /// # Errors
    /// `MessageLockLost`; `InvalidOperation` for a message already in the dead-letter queue (T24).
    pub fn dead_letter(
        &mut self,
        now: Instant,
        token: LockToken,
        reason: Option<Text>,
        description: Option<Text>,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        if self.msgs[&seq].place == Place::DeadLetter {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "A message in the dead-letter queue cannot be dead-lettered again.",
            ));
        }
        let lock = self.unlock(seq);
        self.merge(seq, props);
        self.move_to_dead_letter(seq, Some(lock.holder), reason, description);
        self.pump();
        Ok(())
    }

    /// T11/T16: defers: set aside for [`receive_deferred`](Self::receive_deferred); the delivery
    /// count goes up by one, and MaxDeliveryCount applies (azure-service-bus#375).
    ///
    /// # Errors
    /// `MessageLockLost`.
    pub fn defer(
        &mut self,
        now: Instant,
        token: LockToken,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let lock = self.unlock(seq);
        self.merge(seq, props);
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        m.h = m.h.saturating_add(1);
        m.set_aside = true;
        m.label_deferred = true;
        let (id, h, place) = (m.id.clone(), m.h, m.place);
        self.emit(EventKind::Deferred {
            seq,
            id,
            by: lock.holder,
            delivery_count: h,
        });
        if place == Place::Main && h >= self.config.max_delivery_count {
            self.dead_letter_max(seq);
        }
        self.pump();
        Ok(())
    }

    /// T12/T17b: renews a message lock to `now + LockDuration`; returns the new expiry.
    ///
    /// # Errors
    /// `MessageLockLost`; `InvalidOperation` for a message held under a session lock.
    pub fn renew_lock(&mut self, now: Instant, token: LockToken) -> Result<Instant, Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let until = self.now + self.config.lock_duration;
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        let lock = m.lock.as_mut().expect("invariant: locked");
        if lock.session {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                text::RENEW_ON_SESSION,
            ));
        }
        let old = lock.until;
        lock.until = until;
        let (id, by) = (m.id.clone(), lock.holder);
        self.timers.remove(&(old, Timer::Lock(seq)));
        self.timers.insert((until, Timer::Lock(seq)));
        self.emit(EventKind::LockRenewed { seq, id, by, until });
        Ok(until)
    }

    // ---------------------------------------------------------------- sessions

    /// Accepts a session: the named one, or the free session whose next message is oldest.
    /// Returns the session id and the session lock expiry.
    ///
    /// # Errors
    /// `SessionCannotBeLocked` (held by another receiver), `ServiceTimeout` (no free session
    /// with messages), `InvalidOperation` (not a session queue, or this client already holds one).
    pub fn accept_session(
        &mut self,
        now: Instant,
        by: ClientId,
        session_id: Option<Text>,
    ) -> Result<(Text, Instant), Error> {
        self.fire_due(now);
        if !self.config.requires_session {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "This queue does not require sessions; use a plain receiver.",
            ));
        }
        if let SessionHold::Held(sid) = self.session_of(by) {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("This receiver already holds session '{sid}'; close it first."),
            ));
        }
        self.collect_expired();
        let sid = match session_id {
            Some(sid) => {
                if let Some(s) = self.sessions.get(&sid)
                    && s.holder.is_some()
                {
                    return Err(Error::new(
                        ErrorKind::SessionCannotBeLocked,
                        format!(
                            "The requested session '{sid}' cannot be accepted. It may be locked by another receiver."
                        ),
                    ));
                }
                sid
            }
            None => self
                .sessions
                .iter()
                .filter(|(_, s)| s.holder.is_none())
                .filter_map(|(k, s)| s.avail.first().map(|&f| (f, k.clone())))
                .min()
                .map(|(_, k)| k)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::ServiceTimeout,
                        "The operation did not complete within the allocated time: no unlocked session with available messages.",
                    )
                })?,
        };
        let until = self.now + self.config.lock_duration;
        let s = self.session_mut(&sid);
        s.holder = Some(by);
        s.until = until;
        let num = s.num;
        self.timers.insert((until, Timer::Session(num)));
        self.client_mut(by).session = SessionHold::Held(sid.clone());
        self.ensure_link(by, SubQueue::Main);
        self.emit(EventKind::SessionLocked {
            session_id: sid.clone(),
            by,
            until,
        });
        self.pump();
        Ok((sid, until))
    }

    fn held_session(&self, by: ClientId) -> Result<Text, Error> {
        match self.session_of(by) {
            SessionHold::Held(sid) => Ok(sid),
            SessionHold::Lost(_) => Err(Error::new(
                ErrorKind::SessionLockLost,
                text::SESSION_LOCK_LOST,
            )),
            SessionHold::None => Err(Error::new(
                ErrorKind::InvalidOperation,
                "This receiver has not accepted a session.",
            )),
        }
    }

    /// Renews the client's session lock and the locks of the messages it holds in it.
    ///
    /// # Errors
    /// `SessionLockLost`, or `InvalidOperation` without a session.
    pub fn renew_session_lock(&mut self, now: Instant, by: ClientId) -> Result<Instant, Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        let until = self.now + self.config.lock_duration;
        let s = self
            .sessions
            .get_mut(&sid)
            .expect("invariant: held session exists");
        let (old, num) = (s.until, s.num);
        s.until = until;
        let locked: Vec<u64> = s.locked.iter().copied().collect();
        self.timers.remove(&(old, Timer::Session(num)));
        self.timers.insert((until, Timer::Session(num)));
        for seq in locked {
            if let Some(l) = self.msgs.get_mut(&seq).and_then(|m| m.lock.as_mut()) {
                l.until = until;
            }
        }
        self.emit(EventKind::SessionLockRenewed {
            session_id: sid,
            by,
            until,
        });
        Ok(until)
    }

    /// Sets (or clears, with `None`) the state of the client's session. Counts toward the quota.
    ///
    /// # Errors
    /// As [`renew_session_lock`](Self::renew_session_lock), or `QuotaExceeded`.
    pub fn set_session_state(
        &mut self,
        now: Instant,
        by: ClientId,
        state: Option<Text>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        let old = self.sessions[&sid]
            .state
            .as_ref()
            .map_or(0, |s| s.len() as u64);
        let new = state.as_ref().map_or(0, |s| s.len() as u64);
        let size = self.size_bytes - old + new;
        if size > self.config.max_size_bytes {
            return Err(Error::new(
                ErrorKind::QuotaExceeded,
                "The maximum entity size has been reached or exceeded for Queue.",
            ));
        }
        self.size_bytes = size;
        self.sessions.get_mut(&sid).expect("invariant").state = state;
        Ok(())
    }

    /// The state of the client's session (`None` until set).
    ///
    /// # Errors
    /// As [`renew_session_lock`](Self::renew_session_lock).
    pub fn session_state(&mut self, now: Instant, by: ClientId) -> Result<Option<Text>, Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        Ok(self.sessions[&sid].state.clone())
    }

    fn expire_session(&mut self, num: u64) {
        let sid = self.session_names[&num].clone();
        let s = self
            .sessions
            .get_mut(&sid)
            .expect("invariant: timer of a known session");
        let by = s
            .holder
            .take()
            .expect("invariant: a session timer belongs to a held session");
        self.client_mut(by).session = SessionHold::Lost(sid.clone());
        self.emit(EventKind::SessionLockExpired {
            session_id: sid.clone(),
            by,
        });
        let locked: Vec<u64> = self.sessions[&sid].locked.iter().copied().collect();
        for seq in locked {
            self.release(seq, by, Release::Expire);
        }
    }

    fn give_up_session(&mut self, sid: &Text, by: ClientId, cause: LockLossCause) {
        let s = self
            .sessions
            .get_mut(sid)
            .expect("invariant: held session exists");
        s.holder = None;
        self.timers.remove(&(s.until, Timer::Session(s.num)));
        let locked: Vec<u64> = s.locked.iter().copied().collect();
        self.client_mut(by).session = SessionHold::Lost(sid.clone());
        self.emit(EventKind::SessionReleased {
            session_id: sid.clone(),
            by,
            cause,
        });
        let how = if cause == LockLossCause::Closed {
            Release::SessionClose
        } else {
            Release::Lost(cause)
        };
        for seq in locked {
            self.release(seq, by, how);
        }
    }

    // ---------------------------------------------------------------- entity

    /// Changes the entity's settings. Every lock held, message or session, is lost
    /// (delivery count +1), as the broker does on an entity update (semantics.md §5.1).
    ///
    /// # Errors
    /// `InvalidOperation` for a value out of range or a change of `requires_session`, which
    /// cannot change on an existing entity. Nothing changes on error.
    pub fn update_config(&mut self, now: Instant, config: QueueConfig) -> Result<(), Error> {
        self.fire_due(now);
        config
            .validate()
            .map_err(|e| Error::new(ErrorKind::InvalidOperation, format!("{e}")))?;
        if config.requires_session != self.config.requires_session {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "RequiresSession cannot be changed on an existing queue.",
            ));
        }
        self.config = config;
        let held: Vec<(Text, ClientId)> = self
            .sessions
            .iter()
            .filter_map(|(k, s)| s.holder.map(|h| (k.clone(), h)))
            .collect();
        for (sid, by) in held {
            self.give_up_session(&sid, by, LockLossCause::EntityUpdated);
        }
        let locked: Vec<(u64, ClientId)> = self
            .clients
            .iter()
            .flat_map(|(c, st)| st.locks.iter().map(move |&seq| (seq, c)))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        for (seq, by) in locked {
            self.release(seq, by, Release::Lost(LockLossCause::EntityUpdated));
        }
        self.pump();
        Ok(())
    }
}

/// Which messages [`Queue::list`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Active and deferred messages, locked or not.
    Main,
    /// The dead-letter sub-queue.
    DeadLetter,
    /// Scheduled messages.
    Scheduled,
}
