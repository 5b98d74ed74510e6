//! Messages as the broker holds them and as clients see them.

use crate::time::{Duration, Instant};
use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use core::fmt;

/// Shared immutable text: ids and bodies are cloned into every delivery and event,
/// so a reference count keeps that free of allocation.
pub type Text = Rc<str>;

/// One application property value (the scenario format allows string, number, bool).
#[derive(Clone, Debug, PartialEq)]
pub enum PropValue {
    /// A string.
    Str(Text),
    /// An integer.
    Int(i64),
    /// A non-integer number.
    Float(f64),
    /// A boolean.
    Bool(bool),
}

/// The application property the broker writes on every message it dead-letters: why.
pub const DEAD_LETTER_REASON: &str = "DeadLetterReason";
/// The application property the broker writes on a dead-lettered message that has a description.
pub const DEAD_LETTER_ERROR_DESCRIPTION: &str = "DeadLetterErrorDescription";

/// Application properties, in key order (deterministic).
pub type Properties = Rc<BTreeMap<Text, PropValue>>;

/// A client (sender or receiver) of the queue. Ids are handed out by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClientId(pub u32);

/// A lock token: the AMQP delivery tag, a UUID drawn from the seeded generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LockToken(pub u128);

impl fmt::Display for LockToken {
    /// The canonical 8-4-4-4-12 lowercase UUID form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        write!(
            f,
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            (v >> 96) as u32,
            (v >> 80) as u16,
            (v >> 64) as u16,
            (v >> 48) as u16,
            (v & 0xFFFF_FFFF_FFFF) as u64
        )
    }
}

/// Why a client's link ended, or why it lost locks without settling or expiry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockLossCause {
    /// The client closed its receiver.
    Closed,
    /// The client's connection dropped.
    Disconnected,
    /// The entity's settings changed while the lock was held.
    EntityUpdated,
}

impl LockLossCause {
    /// Scenario-format name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Closed => "closed",
            Self::Disconnected => "disconnected",
            Self::EntityUpdated => "entity_updated",
        }
    }
}

/// Which sub-queue of the entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum SubQueue {
    /// The queue itself.
    #[default]
    Main,
    /// `<queue>/$deadletterqueue`.
    DeadLetter,
}

impl SubQueue {
    /// Scenario-format name: `main` or `dead_letter`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Main => "main",
            Self::DeadLetter => "dead_letter",
        }
    }
}

/// How a receiver takes messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReceiveMode {
    /// The message is locked and must be settled.
    #[default]
    PeekLock,
    /// The message is removed as it is handed over; nothing to settle.
    ReceiveAndDelete,
}

impl ReceiveMode {
    /// Scenario-format name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::PeekLock => "peek_lock",
            Self::ReceiveAndDelete => "receive_and_delete",
        }
    }
}

/// The `State` property (.NET `ServiceBusMessageState`). A dead-lettered message keeps its prior value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageState {
    /// Active (0): available or locked.
    Active,
    /// Deferred (1).
    Deferred,
    /// Scheduled (2).
    Scheduled,
}

impl MessageState {
    /// Scenario-format name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Deferred => "deferred",
            Self::Scheduled => "scheduled",
        }
    }
}

/// The message's system properties that the broker stores and returns but never acts on
/// (`scenario-format-entities.md` §3, `topics.md` §10), and, on a subscription's copy, the
/// topic's sequence number. Absent (`None` on the message) when none is set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `CorrelationId`.
    pub correlation_id: Option<Text>,
    /// `ReplyTo`.
    pub reply_to: Option<Text>,
    /// `ReplyToSessionId`.
    pub reply_to_session_id: Option<Text>,
    /// `Subject` (`Label`).
    pub subject: Option<Text>,
    /// `ContentType`.
    pub content_type: Option<Text>,
    /// `To` (an application-level address; the broker never routes by it).
    pub to_address: Option<Text>,
    /// On a subscription's copy: the topic's sequence number of the routed message.
    pub topic_seq: Option<u64>,
}

impl Meta {
    /// The string-valued keys with their scenario-format names, in the order records print them.
    #[must_use]
    pub fn texts(&self) -> [(&'static str, Option<&Text>); 6] {
        [
            ("correlation_id", self.correlation_id.as_ref()),
            ("reply_to", self.reply_to.as_ref()),
            ("reply_to_session_id", self.reply_to_session_id.as_ref()),
            ("subject", self.subject.as_ref()),
            ("content_type", self.content_type.as_ref()),
            ("to_address", self.to_address.as_ref()),
        ]
    }

    /// Whether nothing is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// What a sender hands the broker.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMessage {
    /// MessageId (duplicate detection compares only this).
    pub id: Text,
    /// Payload.
    pub body: Text,
    /// Size counted against the tier limit and the entity quota.
    pub size_bytes: u64,
    /// The message's own time-to-live (capped by the entity's).
    pub ttl: Option<Duration>,
    /// Session id; required on a session queue.
    pub session_id: Option<Text>,
    /// Application properties.
    pub properties: Properties,
    /// Makes it a scheduled message that becomes active at this instant.
    pub scheduled_enqueue: Option<Instant>,
    /// Correlation and reply system properties; `None` when none is set.
    pub meta: Option<Rc<Meta>>,
}

impl NewMessage {
    /// A message with this id and body and nothing else set.
    #[must_use]
    pub fn new(id: &str, body: &str) -> Self {
        Self {
            id: id.into(),
            body: body.into(),
            size_bytes: body.len() as u64,
            ttl: None,
            session_id: None,
            properties: Properties::default(),
            scheduled_enqueue: None,
            meta: None,
        }
    }
}

/// A message as a client or a listing sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageView {
    /// MessageId.
    pub id: Text,
    /// SequenceNumber.
    pub seq: u64,
    /// Payload.
    pub body: Text,
    /// Size in bytes.
    pub size_bytes: u64,
    /// The `State` property.
    pub state: MessageState,
    /// .NET `DeliveryCount`: h+1 when received, h when peeked or listed (semantics.md §0).
    pub delivery_count: u32,
    /// When it was accepted (scheduled: when it became active).
    pub enqueued_at: Instant,
    /// When it expires, if ever.
    pub expires_at: Option<Instant>,
    /// For scheduled messages: when they become active.
    pub scheduled_enqueue: Option<Instant>,
    /// Lock expiry: set on received deliveries and on listings of locked messages.
    pub locked_until: Option<Instant>,
    /// The lock token: only on a peek-lock delivery.
    pub lock_token: Option<LockToken>,
    /// Who holds the lock (listings only).
    pub locked_by: Option<ClientId>,
    /// Session id.
    pub session_id: Option<Text>,
    /// `DeadLetterReason`.
    pub dead_letter_reason: Option<Text>,
    /// `DeadLetterErrorDescription`.
    pub dead_letter_description: Option<Text>,
    /// Application properties.
    pub properties: Properties,
    /// Where it is.
    pub sub_queue: SubQueue,
    /// Correlation and reply system properties, topic sequence number; `None` when none is set.
    pub meta: Option<Rc<Meta>>,
}

// ---------------------------------------------------------------- as the broker holds them

/// Where a message lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Main,
    DeadLetter,
    Scheduled,
}

impl Place {
    /// The sub-queue a message here is received from (a scheduled one is the main queue's).
    pub(crate) fn sub_queue(self) -> SubQueue {
        match self {
            Self::DeadLetter => SubQueue::DeadLetter,
            Self::Main | Self::Scheduled => SubQueue::Main,
        }
    }
}

/// A message lock as the broker holds it.
#[derive(Clone, Debug)]
pub(crate) struct Lock {
    pub(crate) token: LockToken,
    pub(crate) holder: ClientId,
    pub(crate) until: Instant,
    /// Delivered into a prefetch buffer and not yet handed to the application.
    pub(crate) buffered: bool,
    /// Held under a session lock (no timer of its own).
    pub(crate) session: bool,
    /// When and how the holder's link ended while it held this lock. The lock runs on until
    /// `until` (nobody else can take the message), but the holder can no longer settle or
    /// renew it (scenario-format rule 6, v1.1).
    pub(crate) orphaned: Option<(Instant, LockLossCause)>,
}

/// A message as the broker holds it.
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
    pub(crate) meta: Option<Rc<Meta>>,
}

impl Msg {
    pub(crate) fn is_available(&self) -> bool {
        self.place != Place::Scheduled && self.lock.is_none() && !self.set_aside
    }
}
