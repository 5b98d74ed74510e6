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
    /// (symbol id, colour class, legend text).
    pub(super) const fn style(self) -> (&'static str, &'static str, &'static str) {
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
    pub(super) const fn plural(self) -> &'static str {
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
