//! Failures of an operation, named as Service Bus names them (semantics.md §5).

use crate::message::Text;
use crate::time::{Duration, Instant};
use alloc::format;
use alloc::string::String;
use core::fmt;

/// The failure reason; the names are the scenario format's `error` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The lock token is not (or no longer) valid.
    MessageLockLost,
    /// The session receiver lost its session lock.
    SessionLockLost,
    /// Another receiver holds the requested session.
    SessionCannotBeLocked,
    /// ReceiveDeferred for a sequence number that is not a free deferred message.
    MessageNotFound,
    /// The message is larger than the tier allows.
    MessageSizeExceeded,
    /// The entity is full.
    QuotaExceeded,
    /// No session was available to accept.
    ServiceTimeout,
    /// The broker is throttling; retrying after a back-off can succeed (automated senders).
    ServiceBusy,
    /// A client-side refusal (or `amqp:not-allowed`).
    InvalidOperation,
    /// An entity or rule of that name exists already (`add_rule`).
    MessagingEntityAlreadyExists,
    /// No entity or rule of that name (`remove_rule`).
    MessagingEntityNotFound,
}

impl ErrorKind {
    /// The scenario-format name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::MessageLockLost => "MessageLockLost",
            Self::SessionLockLost => "SessionLockLost",
            Self::SessionCannotBeLocked => "SessionCannotBeLocked",
            Self::MessageNotFound => "MessageNotFound",
            Self::MessageSizeExceeded => "MessageSizeExceeded",
            Self::QuotaExceeded => "QuotaExceeded",
            Self::ServiceTimeout => "ServiceTimeout",
            Self::ServiceBusy => "ServiceBusy",
            Self::InvalidOperation => "InvalidOperation",
            Self::MessagingEntityAlreadyExists => "MessagingEntityAlreadyExists",
            Self::MessagingEntityNotFound => "MessagingEntityNotFound",
        }
    }
}

/// An operation the broker or the client library refused. State is unchanged by the refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The failure reason.
    pub kind: ErrorKind,
    /// The broker's or SDK's text, as they write it (in English).
    pub message: String,
    /// Why, where the simulator knows (Settle's explanation, beside the broker's text).
    pub why: Option<Why>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            why: None,
        }
    }

    /// The broker's text with the explanation in English after it, in parentheses: what the
    /// trace and the CLI write.
    #[must_use]
    pub fn text(&self) -> String {
        match &self.why {
            Some(why) => format!("{} ({why}.)", self.message),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)?;
        match &self.why {
            Some(why) => write!(f, " ({why}.)"),
            None => Ok(()),
        }
    }
}

/// Why a lock was lost, as far as the simulator knows: data, which a program says in its
/// reader's language (its `Display` is English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The holder's connection dropped (`dropped`) or its link was closed at `at`; the lock
    /// runs on until `until`, and only then does the broker release the message.
    LinkEnded {
        /// MessageId.
        id: Text,
        /// The receiver that held the lock.
        holder: Text,
        /// The connection dropped (else the link was closed).
        dropped: bool,
        /// When the link ended.
        at: Instant,
        /// When the lock runs out.
        until: Instant,
    },
    /// The lock expired `ago` before.
    Expired {
        /// MessageId.
        id: Text,
        /// How long ago.
        ago: Duration,
    },
    /// The message was already settled and removed.
    Removed {
        /// MessageId.
        id: Text,
    },
    /// The lock was released (settled, abandoned, or lost).
    Released {
        /// MessageId.
        id: Text,
    },
    /// The receiver no longer holds the session it received the message under.
    SessionNotHeld {
        /// SessionId.
        session: Text,
        /// The receiver.
        by: Text,
    },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LinkEnded {
                id,
                holder,
                dropped,
                at,
                until,
            } => {
                let what = if *dropped {
                    "connection dropped"
                } else {
                    "link was closed"
                };
                write!(
                    f,
                    "{id}: {holder}'s {what} at {at}; the lock runs on until {until} and only then does the broker release it"
                )
            }
            Self::Expired { id, ago } => write!(f, "{id}: the lock expired {ago} ago"),
            Self::Removed { id } => write!(f, "{id}: the message was already settled and removed"),
            Self::Released { id } => write!(
                f,
                "{id}: the lock was released (settled, abandoned, or lost)"
            ),
            Self::SessionNotHeld { session, by } => {
                write!(f, "session '{session}' is no longer held by {by}")
            }
        }
    }
}

impl core::error::Error for Error {}

/// Literal texts (semantics.md §5.2).
pub mod text {
    /// .NET client text for a lost message lock.
    pub const LOCK_LOST: &str = "The lock supplied is invalid. Either the lock expired, or the message has already been removed from the queue, or was received by a different receiver instance.";
    /// Session lock lost.
    pub const SESSION_LOCK_LOST: &str =
        "The session lock has expired on the MessageSession. Accept a new MessageSession.";
    /// ReceiveDeferred that finds nothing.
    pub const DEFERRED_NOT_FOUND: &str = "Failed to lock one or more specified messages. Either the message is already locked or does not exist.";
    /// Send without SessionId to a session queue.
    pub const MISSING_SESSION_ID: &str = "The SessionId was not set on a message, and it cannot be sent to the entity. Entities that have session support enabled can only receive messages that have the SessionId set to a valid value.";
    /// A plain receiver on a session queue.
    pub const NON_SESSION_RECEIVER: &str = "It is not possible for an entity that requires sessions to create a non-sessionful message receiver.";
    /// Settling in receive-and-delete mode (legacy SDK literal).
    pub const PEEK_LOCK_ONLY: &str = "The operation is only supported in 'PeekLock' receive mode.";
    /// Message-level renew on a session receiver.
    pub const RENEW_ON_SESSION: &str = "RenewLockAsync is not supported for Session. Use RenewSessionLockAsync to renew sessions instead";
    /// Dead-letter reason for MaxDeliveryCount.
    pub const MAX_DELIVERY_REASON: &str = "MaxDeliveryCountExceeded";
    /// Dead-letter reason for TTL expiry.
    pub const TTL_REASON: &str = "TTLExpiredException";
    /// Dead-letter description for TTL expiry.
    pub const TTL_DESCRIPTION: &str = "The message expired and was dead lettered.";
}
