//! What the picture is made of: places (queues, topics, subscriptions) and their lanes, each
//! lane's segments (a message waiting, locked, deferred... over a span of time) and marks (what
//! happened at an instant), the connectors of a message's moves between lanes, and the messages.

use alloc::string::String;
use alloc::vec::Vec;

/// Without `entities`: the queue's lanes, and its place.
pub(super) const QUEUE: usize = 0;
pub(super) const DLQ: usize = 1;

/// A queue, topic or subscription: where its messages are drawn.
#[derive(Clone, Debug)]
pub(super) struct Place {
    /// The entity's name or subscription path (`"queue"` without `entities`).
    pub(super) path: String,
    /// Its lane: the queue's or subscription's messages, or a topic's scheduled ones.
    pub(super) main: usize,
    /// Its dead-letter queue's lane (none for a topic).
    pub(super) dlq: Option<usize>,
    pub(super) topic: bool,
    pub(super) max_delivery: u32,
}

/// What a lane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Role {
    /// A client (sender, receiver or both).
    #[default]
    Client,
    /// A queue's or subscription's messages, or a topic (its place).
    Main(usize),
    /// A place's dead-letter queue.
    Dlq(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SegKind {
    Waiting,
    Scheduled,
    Deferred,
    Locked,
    Prefetched,
    DeadLetter,
    Session,
}

#[derive(Clone, Debug)]
pub(super) struct Seg {
    pub(super) t0: u64,
    pub(super) t1: Option<u64>,
    pub(super) kind: SegKind,
    pub(super) msg: Option<usize>,
    pub(super) label: String,
    /// Lock (or session lock) deadline, moved by renewals.
    pub(super) deadline: Option<u64>,
    pub(super) renewals: Vec<u64>,
    pub(super) expired: bool,
    /// For a waiting message: when its time-to-live ran out while it waited.
    pub(super) ttl_out: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Icon {
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
    /// (symbol id, colour class, the legend's message).
    pub(super) const fn style(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::Send => ("i-sn", "k-sn", "story-legend-send"),
            Self::Duplicate => ("i-du", "k-mu", "story-legend-duplicate"),
            Self::Rejected => ("i-no", "k-no", "story-legend-rejected"),
            Self::Activated => ("i-ac", "k-sn", "story-legend-activated"),
            Self::Cancelled => ("i-no", "k-mu", "story-legend-cancelled"),
            Self::Complete => ("i-ok", "k-ok", "story-legend-complete"),
            Self::Abandon => ("i-ab", "k-ab", "story-legend-abandon"),
            Self::Defer => ("i-df", "k-df", "story-legend-defer"),
            Self::DeadLetter => ("i-dl", "k-dl", "story-legend-dead-letter"),
            Self::LockExpired => ("i-ex", "k-ex", "story-legend-lock-expired"),
            Self::LockLost => ("i-ll", "k-ex", "story-legend-lock-lost"),
            Self::TtlExpired => ("i-tt", "k-ab", "story-legend-ttl-expired"),
            Self::ReceivedDeleted => ("i-rd", "k-lk", "story-legend-received-deleted"),
            Self::Renew => ("i-rn", "k-lk", "story-legend-renew"),
            Self::Peek => ("i-pk", "k-mu", "story-legend-peek"),
            Self::Link => ("i-ln", "k-sn", "story-legend-link"),
            Self::Admin => ("i-ad", "k-sn", "story-legend-queue-updated"),
            Self::Refused => ("i-no", "k-no", "story-legend-refused"),
            Self::Published => ("i-pb", "k-sn", "story-legend-published"),
            Self::Unrouted => ("i-no", "k-ab", "story-legend-unrouted"),
        }
    }

    /// The message of a group of these at one spot, with their `$count` ("×3 sent").
    pub(super) const fn group(self) -> &'static str {
        match self {
            Self::Send => "story-group-send",
            Self::Duplicate => "story-group-duplicate",
            Self::Rejected | Self::Refused => "story-group-refused",
            Self::Activated => "story-group-activated",
            Self::Cancelled => "story-group-cancelled",
            Self::Complete => "story-group-complete",
            Self::Abandon => "story-group-abandon",
            Self::Defer => "story-group-defer",
            Self::DeadLetter => "story-group-dead-letter",
            Self::LockExpired => "story-group-lock-expired",
            Self::LockLost => "story-group-lock-lost",
            Self::TtlExpired => "story-group-ttl-expired",
            Self::ReceivedDeleted => "story-group-received-deleted",
            Self::Renew => "story-group-renew",
            Self::Peek => "story-group-peek",
            Self::Link => "story-group-link",
            Self::Admin => "story-group-admin",
            Self::Published => "story-group-published",
            Self::Unrouted => "story-group-unrouted",
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct Mark {
    pub(super) t: u64,
    pub(super) icon: Icon,
    /// The segment whose track the mark sits on.
    pub(super) seg: Option<usize>,
    pub(super) label: String,
    /// Belongs to one of the first messages, whose labels are drawn.
    pub(super) detail: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ConnKind {
    Send,
    Take,
    Back,
    DeadLetter,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Conn {
    pub(super) t: u64,
    /// Pixels right of `t` (the copies of one fan-out side by side).
    pub(super) dx: f64,
    pub(super) from: (usize, Option<usize>),
    pub(super) to: (usize, Option<usize>),
    pub(super) kind: ConnKind,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Lane {
    /// A client's name (its lane's title); a place's path, never shown (its lane's title is
    /// `lanes::lane_title`'s).
    pub(super) name: String,
    pub(super) segs: Vec<Seg>,
    pub(super) marks: Vec<Mark>,
    pub(super) sends: u64,
    pub(super) refused: u64,
    pub(super) received: u64,
    pub(super) completed: u64,
    pub(super) is_receiver: bool,
    pub(super) role: Role,
    /// The place this client receives from (documents with `entities`).
    pub(super) home: Option<usize>,
    /// A topic's lane: messages published, and of them taken by no subscription.
    pub(super) published: u64,
    pub(super) unrouted: u64,
}

#[derive(Clone, Debug)]
pub(super) struct Msg {
    pub(super) id: String,
    pub(super) detail: bool,
    /// Where it is now: (lane, segment).
    pub(super) at: Option<(usize, usize)>,
    /// Where it was before that.
    pub(super) came_from: Option<(usize, usize)>,
    /// When its time-to-live runs out (known for the detailed messages).
    pub(super) expires_at: Option<u64>,
    pub(super) in_dlq: bool,
    pub(super) deferred: bool,
    /// The queue, subscription or topic holding it.
    pub(super) place: usize,
}

/// The first this many messages get labels and connectors; the rest are drawn without.
pub(super) const DETAIL: usize = 40;
/// Lines of "what happened" at most.
pub(super) const MOMENTS: usize = 10;
