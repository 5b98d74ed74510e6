//! The broker: one Service Bus queue with its dead-letter sub-queue, as a sans-IO state machine.
//!
//! The [`Queue`] type lives here with its getters and its availability indexes; each part of
//! its behaviour has a file of its own:
//! - `clock`: the drive loop: the next deadline, firing deadlines in order, the event queue
//!   (§1.4);
//! - `send`: sends, scheduling, duplicate detection, activation (T1–T4);
//! - `receive`: receives, receive by sequence number, peek (T5, T6, T13, T21, §2.2);
//! - `deliver`: the prefetch pump and deliveries: locking or removing a message (T5, T6, §2.3);
//! - `ttl`: time-to-live collection (T18);
//! - `settle`: settlement by lock token, lock release and requeue, dead-lettering (T7–T12,
//!   T14–T17, T22–T24);
//! - `session`: session locks and state (§2.4);
//! - `clients`: the client table and receive links (open, close, disconnect);
//! - `timers`: the deadline set and its tie-break rule (§1.4);
//! - `token`: lock tokens that name their message;
//! - `entity`: updating the entity's settings (§5.1, scenario-format rule 12).

mod clients;
mod clock;
mod deliver;
mod entity;
mod receive;
mod send;
mod session;
mod settle;
mod timers;
mod token;
mod ttl;

pub use clients::{LinkOptions, SessionHold};
pub(crate) use send::DupWindow;
pub use send::SendOutcome;
#[cfg(feature = "entities")]
pub(crate) use send::{check_message_size, quota_exceeded};

pub(crate) use clients::Clients;
pub(crate) use session::Session;
pub(crate) use timers::{Timer, Timers};
pub(crate) use token::token_seq;

use crate::config::QueueConfig;
use crate::event::{Event, LockLossCause};
use crate::message::{ClientId, LockToken, MessageState, MessageView, Msg, Place, SubQueue, Text};
use crate::rng::Rng;
use crate::store::{AvailQueue, MsgStore};
use crate::time::Instant;
use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::vec::Vec;

/// Adds one to a running total (saturating: a total never wraps, whatever the run's length).
fn bump(counter: &mut u64) {
    *counter = counter.saturating_add(1);
}

/// At most this many messages are returned by one peek (semantics.md §2.2).
pub const PEEK_MAX: usize = 250;

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
    pub(crate) timers: Timers,
    /// Messages under a lock (each lock's token names its message: see `new_token`).
    pub(crate) lock_count: usize,
    pub(crate) sessions: BTreeMap<Text, Session>,
    session_names: BTreeMap<u64, Text>,
    pub(crate) clients: Clients,
    prefetching: BTreeSet<(ClientId, SubQueue)>,
    dups: DupWindow,
    pub(crate) size_bytes: u64,
    events: VecDeque<Event>,
    pub(crate) counters: Counters,
    /// The highest MaxDeliveryCount the entity has had. Lowering it by an update leaves a
    /// message whose count already reached the new value where it is, until its next failed
    /// delivery dead-letters it; the invariant checker allows for that.
    pub(crate) max_delivery_count_peak: u32,
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
        let peak = config.max_delivery_count;
        Ok(Self {
            config,
            now,
            rng: Rng::new(seed),
            next_seq: 1,
            msgs: MsgStore::new(),
            avail_main: AvailQueue::default(),
            avail_dlq: BTreeSet::new(),
            ttl_index: BTreeSet::new(),
            timers: Timers::default(),
            lock_count: 0,
            sessions: BTreeMap::new(),
            session_names: BTreeMap::new(),
            clients: Clients::default(),
            prefetching: BTreeSet::new(),
            dups: DupWindow::default(),
            size_bytes: 0,
            events: VecDeque::new(),
            counters: Counters::default(),
            max_delivery_count_peak: peak,
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

    /// The lock on the message with this sequence number, if it is locked.
    #[must_use]
    pub fn lock_info(&self, seq: u64) -> Option<LockInfo> {
        self.msgs.get(&seq)?.lock.as_ref().map(|l| LockInfo {
            holder: l.holder,
            token: l.token,
            until: l.until,
            session: l.session,
            link_ended: l.orphaned,
        })
    }

    /// True when `token` is the current lock of a message and its holder can still use it.
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
            .filter(|(_, m)| which.holds(m))
            .map(|(seq, m)| self.listed_view(seq, m))
            .collect()
    }

    /// One message as a listing shows it, wherever it is (main, scheduled or dead-letter
    /// queue), found by sequence number in O(log n); `None` once it is gone.
    #[must_use]
    pub fn listed(&self, seq: u64) -> Option<MessageView> {
        self.msgs.get(&seq).map(|m| self.listed_view(seq, m))
    }

    fn listed_view(&self, seq: u64, m: &Msg) -> MessageView {
        let mut v = self.view_of(seq, m, false);
        if let Some(l) = &m.lock {
            v.locked_until = Some(l.until);
            v.locked_by = Some(l.holder);
        }
        v
    }

    /// The messages [`list`](Self::list) returns, borrowed instead of copied: what a picture
    /// of the queue needs about each, in sequence order, with nothing allocated (a page that
    /// draws a queue of 10,000 messages every frame cannot afford a copy of each).
    pub fn glance(&self, which: Listing) -> impl Iterator<Item = Glance<'_>> {
        self.msgs
            .iter()
            .filter(move |(_, m)| which.holds(m))
            .map(|(seq, m)| Glance {
                seq,
                id: &m.id,
                state: state_of(m),
                delivery_count: m.h,
                scheduled_enqueue: m.scheduled_for,
                locked_until: m.lock.as_ref().map(|l| l.until),
                locked_by: m.lock.as_ref().map(|l| l.holder),
                session_id: m.session.as_ref(),
                dead_letter_reason: m.dl_reason.as_ref(),
                dead_letter_description: m.dl_desc.as_ref(),
            })
    }

    // ---------------------------------------------------------------- availability indexes and views

    /// Puts an unlocked, not set-aside message into the index its receivers take from.
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

    /// Takes a message out of the index it was available in (locking, expiry, removal).
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

    /// Removes a message from the entity for good, and its size from the quota.
    fn remove_msg(&mut self, seq: u64) -> Msg {
        let m = self
            .msgs
            .remove(&seq)
            .expect("invariant: removing a message that exists");
        self.size_bytes = self
            .size_bytes
            .checked_sub(m.size)
            .expect("invariant: size_bytes is the sum of the sizes held");
        m
    }

    /// A message as a client sees it: delivery count h+1 when `received`, h otherwise.
    pub(crate) fn view_of(&self, seq: u64, m: &Msg, received: bool) -> MessageView {
        MessageView {
            id: m.id.clone(),
            seq,
            body: m.body.clone(),
            size_bytes: m.size,
            state: state_of(m),
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
            sub_queue: m.place.sub_queue(),
            meta: m.meta.clone(),
        }
    }
}

/// A message lock as the broker holds it ([`Queue::lock_info`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockInfo {
    /// The receiver it was delivered to (after its link ended: the former holder).
    pub holder: ClientId,
    /// The lock token of that delivery.
    pub token: LockToken,
    /// When it expires and the broker releases the message.
    pub until: Instant,
    /// Held under a session lock.
    pub session: bool,
    /// When and how the holder's link ended while it held the lock: the lock runs on until
    /// `until`, and the holder can no longer settle or renew it (scenario-format rule 6).
    pub link_ended: Option<(Instant, LockLossCause)>,
}

/// A message as [`Queue::glance`] shows it: the fields of its [`MessageView`] in a listing
/// that a picture of the queue needs, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glance<'a> {
    /// SequenceNumber.
    pub seq: u64,
    /// MessageId.
    pub id: &'a Text,
    /// The `State` property.
    pub state: MessageState,
    /// Delivery count as listings show it (h).
    pub delivery_count: u32,
    /// For scheduled messages: when they become active.
    pub scheduled_enqueue: Option<Instant>,
    /// Lock expiry, when locked.
    pub locked_until: Option<Instant>,
    /// Who holds the lock.
    pub locked_by: Option<ClientId>,
    /// Session id.
    pub session_id: Option<&'a Text>,
    /// `DeadLetterReason`.
    pub dead_letter_reason: Option<&'a Text>,
    /// `DeadLetterErrorDescription`.
    pub dead_letter_description: Option<&'a Text>,
}

impl MessageView {
    /// The same fields as [`Queue::glance`] shows them, borrowed from this view.
    #[must_use]
    pub fn glance(&self) -> Glance<'_> {
        Glance {
            seq: self.seq,
            id: &self.id,
            state: self.state,
            delivery_count: self.delivery_count,
            scheduled_enqueue: self.scheduled_enqueue,
            locked_until: self.locked_until,
            locked_by: self.locked_by,
            session_id: self.session_id.as_ref(),
            dead_letter_reason: self.dead_letter_reason.as_ref(),
            dead_letter_description: self.dead_letter_description.as_ref(),
        }
    }
}

/// The `State` property of a message as the broker holds it.
fn state_of(m: &Msg) -> MessageState {
    if m.place == Place::Scheduled {
        MessageState::Scheduled
    } else if m.label_deferred {
        MessageState::Deferred
    } else {
        MessageState::Active
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

impl Listing {
    /// Is this message in this listing?
    fn holds(self, m: &Msg) -> bool {
        m.place
            == match self {
                Self::Main => Place::Main,
                Self::DeadLetter => Place::DeadLetter,
                Self::Scheduled => Place::Scheduled,
            }
    }
}
