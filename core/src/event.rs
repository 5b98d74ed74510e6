//! Everything the broker did, in order. Every state change is also an event.

use crate::error::{ErrorKind, text};
pub use crate::message::LockLossCause;
use crate::message::{ClientId, SubQueue, Text};
use crate::time::Instant;
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A message that stays locked after its holder's link ended (see [`EventKind::LinkClosed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StillLocked {
    /// Sequence number.
    pub seq: u64,
    /// MessageId.
    pub id: Text,
    /// When its lock (or its session's lock) expires and the broker releases it.
    pub until: Instant,
}

/// Why a message was moved to the dead-letter queue. The literal `DeadLetterReason` and
/// `DeadLetterErrorDescription` the broker writes (semantics.md §4) are derived from it, so
/// nothing needs to read reason text back to learn why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadLetterCause {
    /// A failed delivery brought its delivery count to MaxDeliveryCount (semantics.md §0.2).
    MaxDeliveryCountExceeded {
        /// The entity's MaxDeliveryCount when it happened.
        max: u32,
    },
    /// Its time-to-live ran out and dead-lettering on expiration is on (T18).
    TtlExpired,
    /// A receiver dead-lettered it (T10, T17), with the reason and description it gave.
    Explicit {
        /// The reason given, if any.
        reason: Option<Text>,
        /// The description given, if any.
        description: Option<Text>,
    },
}

impl DeadLetterCause {
    /// `DeadLetterReason` as the broker writes it (absent after a bare explicit dead-letter).
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Self::MaxDeliveryCountExceeded { .. } => Some(text::MAX_DELIVERY_REASON),
            Self::TtlExpired => Some(text::TTL_REASON),
            Self::Explicit { reason, .. } => reason.as_deref(),
        }
    }

    /// `DeadLetterErrorDescription` as the broker writes it.
    #[must_use]
    pub fn description(&self) -> Option<Cow<'_, str>> {
        match self {
            Self::MaxDeliveryCountExceeded { max } => Some(Cow::Owned(format!(
                "Message could not be consumed after {max} delivery attempts."
            ))),
            Self::TtlExpired => Some(Cow::Borrowed(text::TTL_DESCRIPTION)),
            Self::Explicit { description, .. } => description.as_deref().map(Cow::Borrowed),
        }
    }
}

/// One thing that happened, and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Virtual time of the event.
    pub at: Instant,
    /// What happened.
    pub kind: EventKind,
}

/// What happened. `delivery_count` fields carry the count as a peek would now show it (h).
#[derive(Clone, Debug, PartialEq)]
pub enum EventKind {
    /// A send was accepted and stored (active, or scheduled when `scheduled_for` is set).
    Enqueued {
        /// New sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Sender.
        by: ClientId,
        /// Activation time of a scheduled message.
        scheduled_for: Option<Instant>,
    },
    /// A send inside the duplicate detection window: reported accepted, dropped.
    DuplicateDropped {
        /// Sequence number consumed (scheduled duplicates only, semantics.md §6).
        seq: Option<u64>,
        /// MessageId.
        id: Text,
        /// Sender.
        by: ClientId,
    },
    /// A presettled send the broker refused; the sender never hears of it.
    Rejected {
        /// MessageId.
        id: Text,
        /// Sender.
        by: ClientId,
        /// The refusal.
        error: ErrorKind,
        /// Its text.
        message: String,
    },
    /// A scheduled message became active with a new sequence number.
    Activated {
        /// New sequence number.
        seq: u64,
        /// The number it had while scheduled.
        scheduled_seq: u64,
        /// MessageId.
        id: Text,
    },
    /// A scheduled message was cancelled (deleted).
    Cancelled {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Who cancelled it.
        by: ClientId,
    },
    /// A message was locked for a receiver (peek-lock delivery, or prefetch into its buffer).
    Locked {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Receiver.
        by: ClientId,
        /// Lock expiry.
        until: Instant,
        /// Delivery count the receiver sees (h+1).
        delivery_count: u32,
        /// Delivered into the prefetch buffer rather than to a receive call.
        prefetched: bool,
    },
    /// A receive-and-delete delivery removed the message.
    ReceivedAndDeleted {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Receiver.
        by: ClientId,
        /// Delivery count the receiver sees (h+1).
        delivery_count: u32,
    },
    /// RenewLock extended a message lock.
    LockRenewed {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Lock holder.
        by: ClientId,
        /// New expiry.
        until: Instant,
    },
    /// A message lock expired unsettled; the message was released (h+1).
    LockExpired {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// The former holder.
        by: ClientId,
        /// h after the release.
        delivery_count: u32,
        /// Where it was locked: the dead-letter queue's releases never count.
        sub_queue: SubQueue,
    },
    /// A lock was lost by an entity update; the message was released. (Before v1.1 of the
    /// format a close or disconnect also released locks; now see [`Self::LinkClosed`].)
    LockLost {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// The former holder.
        by: ClientId,
        /// Why.
        cause: LockLossCause,
        /// h after the release.
        delivery_count: u32,
        /// Where it was locked: the dead-letter queue's releases never count.
        sub_queue: SubQueue,
    },
    /// Completed: removed from the entity.
    Completed {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Receiver.
        by: ClientId,
    },
    /// Abandoned: lock released, h+1.
    Abandoned {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Receiver.
        by: ClientId,
        /// h after the abandon.
        delivery_count: u32,
        /// Where it was locked: the dead-letter queue's releases never count.
        sub_queue: SubQueue,
    },
    /// Deferred: set aside for ReceiveDeferred, h+1.
    Deferred {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Receiver.
        by: ClientId,
        /// h after the defer.
        delivery_count: u32,
    },
    /// Moved to the dead-letter queue.
    DeadLettered {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// The receiver that dead-lettered it explicitly; `None` when the broker did.
        by: Option<ClientId>,
        /// Why; `DeadLetterReason` and `DeadLetterErrorDescription` derive from it.
        cause: DeadLetterCause,
        /// h of the dead-lettered message.
        delivery_count: u32,
    },
    /// Expired and dropped (dead-lettering on expiration is off).
    Expired {
        /// Sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
    },
    /// A receiver accepted a session.
    SessionLocked {
        /// Session id.
        session_id: Text,
        /// Receiver.
        by: ClientId,
        /// Session lock expiry.
        until: Instant,
    },
    /// The session lock was renewed.
    SessionLockRenewed {
        /// Session id.
        session_id: Text,
        /// Receiver.
        by: ClientId,
        /// New expiry.
        until: Instant,
    },
    /// The session lock expired; its locked messages were released (h+1 each).
    SessionLockExpired {
        /// Session id.
        session_id: Text,
        /// The former holder.
        by: ClientId,
    },
    /// The session was given up by close (no delivery-count change) or entity update.
    SessionReleased {
        /// Session id.
        session_id: Text,
        /// The former holder.
        by: ClientId,
        /// Why.
        cause: LockLossCause,
    },
    /// A client's receive link ended (close, disconnect, or re-opening it with new options)
    /// while the broker held locks for it. Nothing is released at that moment (scenario-format
    /// rule 6, v1.1): each message stays locked until its own lock expires, then comes back
    /// with [`Self::LockExpired`]; the client can no longer settle or renew it. A disconnected
    /// session receiver leaves its session locked until the session lock expires.
    LinkClosed {
        /// The client.
        by: ClientId,
        /// `Closed` or `Disconnected`.
        cause: LockLossCause,
        /// The sub-queue of the link.
        sub_queue: SubQueue,
        /// The session that stays locked, and until when (a disconnected session receiver).
        session: Option<(Text, Instant)>,
        /// The messages that stay locked, in sequence-number order.
        still_locked: Vec<StillLocked>,
    },
    /// A topic routed a message, sent or activated (`scenario-format-entities.md` §5): the
    /// subscriptions that took at least one copy, in fan-out order; none means it was dropped.
    Published {
        /// The topic's sequence number.
        seq: u64,
        /// MessageId.
        id: Text,
        /// Subscription names, in fan-out order.
        subscriptions: Vec<Text>,
    },
}

impl EventKind {
    /// The trace's `event` name (scenario-format.md, *Trace*).
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Enqueued { .. } => "enqueued",
            Self::DuplicateDropped { .. } => "duplicate_dropped",
            Self::Rejected { .. } => "rejected",
            Self::Activated { .. } => "activated",
            Self::Cancelled { .. } => "cancelled",
            Self::Locked { .. } => "locked",
            Self::ReceivedAndDeleted { .. } => "received_and_deleted",
            Self::LockRenewed { .. } => "lock_renewed",
            Self::LockExpired { .. } => "lock_expired",
            Self::LockLost { .. } => "lock_lost",
            Self::Completed { .. } => "completed",
            Self::Abandoned { .. } => "abandoned",
            Self::Deferred { .. } => "deferred",
            Self::DeadLettered { .. } => "dead_lettered",
            Self::Expired { .. } => "expired",
            Self::SessionLocked { .. } => "session_locked",
            Self::SessionLockRenewed { .. } => "session_lock_renewed",
            Self::SessionLockExpired { .. } => "session_lock_expired",
            Self::SessionReleased { .. } => "session_released",
            Self::LinkClosed { .. } => "link_closed",
            Self::Published { .. } => "published",
        }
    }

    /// The sequence number of the message concerned: `None` for events about no message, a
    /// refused presettled send, and a duplicate that consumed no number.
    #[must_use]
    pub const fn seq(&self) -> Option<u64> {
        match self {
            Self::Enqueued { seq, .. }
            | Self::Activated { seq, .. }
            | Self::Cancelled { seq, .. }
            | Self::Locked { seq, .. }
            | Self::ReceivedAndDeleted { seq, .. }
            | Self::LockRenewed { seq, .. }
            | Self::LockExpired { seq, .. }
            | Self::LockLost { seq, .. }
            | Self::Completed { seq, .. }
            | Self::Abandoned { seq, .. }
            | Self::Deferred { seq, .. }
            | Self::DeadLettered { seq, .. }
            | Self::Expired { seq, .. }
            | Self::Published { seq, .. } => Some(*seq),
            Self::DuplicateDropped { seq, .. } => *seq,
            Self::Rejected { .. }
            | Self::SessionLocked { .. }
            | Self::SessionLockRenewed { .. }
            | Self::SessionLockExpired { .. }
            | Self::SessionReleased { .. }
            | Self::LinkClosed { .. } => None,
        }
    }

    /// The MessageId of the message concerned; `None` for events about no message.
    #[must_use]
    pub const fn id(&self) -> Option<&Text> {
        match self {
            Self::Enqueued { id, .. }
            | Self::DuplicateDropped { id, .. }
            | Self::Rejected { id, .. }
            | Self::Activated { id, .. }
            | Self::Cancelled { id, .. }
            | Self::Locked { id, .. }
            | Self::ReceivedAndDeleted { id, .. }
            | Self::LockRenewed { id, .. }
            | Self::LockExpired { id, .. }
            | Self::LockLost { id, .. }
            | Self::Completed { id, .. }
            | Self::Abandoned { id, .. }
            | Self::Deferred { id, .. }
            | Self::DeadLettered { id, .. }
            | Self::Expired { id, .. }
            | Self::Published { id, .. } => Some(id),
            Self::SessionLocked { .. }
            | Self::SessionLockRenewed { .. }
            | Self::SessionLockExpired { .. }
            | Self::SessionReleased { .. }
            | Self::LinkClosed { .. } => None,
        }
    }

    /// The client involved (sender, receiver, lock holder or former holder); `None` when the
    /// broker acted on its own (activation, expiry, dead-lettering by the broker).
    #[must_use]
    pub const fn by(&self) -> Option<ClientId> {
        match self {
            Self::Enqueued { by, .. }
            | Self::DuplicateDropped { by, .. }
            | Self::Rejected { by, .. }
            | Self::Cancelled { by, .. }
            | Self::Locked { by, .. }
            | Self::ReceivedAndDeleted { by, .. }
            | Self::LockRenewed { by, .. }
            | Self::LockExpired { by, .. }
            | Self::LockLost { by, .. }
            | Self::Completed { by, .. }
            | Self::Abandoned { by, .. }
            | Self::Deferred { by, .. }
            | Self::SessionLocked { by, .. }
            | Self::SessionLockRenewed { by, .. }
            | Self::SessionLockExpired { by, .. }
            | Self::SessionReleased { by, .. }
            | Self::LinkClosed { by, .. } => Some(*by),
            Self::DeadLettered { by, .. } => *by,
            Self::Activated { .. } | Self::Expired { .. } | Self::Published { .. } => None,
        }
    }

    /// The session concerned, for session events.
    #[must_use]
    pub const fn session_id(&self) -> Option<&Text> {
        match self {
            Self::SessionLocked { session_id, .. }
            | Self::SessionLockRenewed { session_id, .. }
            | Self::SessionLockExpired { session_id, .. }
            | Self::SessionReleased { session_id, .. } => Some(session_id),
            Self::LinkClosed {
                session: Some((session_id, _)),
                ..
            } => Some(session_id),
            _ => None,
        }
    }
}
