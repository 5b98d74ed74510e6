//! Everything the broker did, in order. Every state change is also an event.

use crate::error::ErrorKind;
use crate::message::{ClientId, Text};
use crate::time::Instant;
use alloc::string::String;

/// Why a client lost locks without settling or expiry.
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
#[non_exhaustive]
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
    },
    /// A lock was lost by close, disconnect or entity update; the message was released.
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
        /// `DeadLetterReason`.
        reason: Option<Text>,
        /// `DeadLetterErrorDescription`.
        description: Option<Text>,
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
    /// The session was given up by close (no delivery-count change), disconnect or entity update.
    SessionReleased {
        /// Session id.
        session_id: Text,
        /// The former holder.
        by: ClientId,
        /// Why.
        cause: LockLossCause,
    },
}
