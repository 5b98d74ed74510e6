//! Named clients on top of the broker, doing what a Service Bus client library does:
//! it remembers what each client received or peeked (so a step can name a message by id or
//! sequence number and settle with that delivery's lock token), keeps peek cursors, and refuses
//! client-side what the SDK refuses before anything reaches the broker.
//!
//! The [`World`] type lives here with the operations it runs, its client table and its getters;
//! each part of its behaviour has a file of its own:
//! - `run`: one client operation, dispatched to the broker (format's `do`);
//! - `memory`: what each client received or peeked, and which delivery a step names;
//! - `settle`: settlement and lock renewal through the client library: its client-side
//!   refusals, and why a lock was lost (semantics.md §2.1, §2.2, §2.4, §5.3).

mod memory;
mod run;
mod settle;

use crate::config::{ConfigError, QueueConfig, QueuePatch};
use crate::error::Error;
use crate::event::EventKind;
use crate::filter::Rule;
use crate::message::{
    ClientId, LockToken, MessageView, NewMessage, Properties, ReceiveMode, SubQueue, Text,
};
use crate::queue::{LinkOptions, Queue};
use crate::time::Instant;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// An operation on an entity rather than on messages (`scenario-format-entities.md` §4).
#[derive(Clone, Debug, PartialEq)]
pub enum EntityOp {
    /// `update_entity`: the keys of the entity that change.
    Update {
        /// Queue-like keys.
        patch: QueuePatch,
        /// `dead_letter_on_filter_evaluation_exceptions` (subscriptions).
        filter_exceptions: Option<bool>,
    },
    /// `add_rule`.
    AddRule {
        /// Its name.
        name: Text,
        /// The rule.
        rule: Rule,
    },
    /// `remove_rule`.
    RemoveRule {
        /// Its name.
        name: Text,
    },
}

/// Names a message a client received or peeked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// By MessageId.
    Id(Text),
    /// By SequenceNumber.
    Seq(u64),
}

/// One operation of one client (the scenario format's `do`).
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Send a message (scheduled when `msg.scheduled_enqueue` is set).
    Send {
        /// The message.
        msg: NewMessage,
        /// Fire-and-forget at the AMQP level: the sender never hears back.
        presettled: bool,
    },
    /// Schedule a message; returns its sequence number.
    Schedule {
        /// The message; `scheduled_enqueue` is set.
        msg: NewMessage,
    },
    /// Cancel a scheduled message.
    CancelScheduled {
        /// Its sequence number.
        seq: u64,
    },
    /// Receive up to `max` messages.
    Receive {
        /// How many at most.
        max: u32,
        /// Mode; defaults to the link's.
        mode: Option<ReceiveMode>,
        /// Sub-queue.
        from: SubQueue,
    },
    /// Receive deferred messages by sequence number.
    ReceiveDeferred {
        /// Sequence numbers.
        seqs: Vec<u64>,
        /// Mode; defaults to the link's.
        mode: Option<ReceiveMode>,
        /// Sub-queue (extension; default main).
        from: SubQueue,
    },
    /// Peek without locking.
    Peek {
        /// How many at most (250 returned at most).
        max: u32,
        /// Start here instead of the client's cursor.
        from_seq: Option<u64>,
        /// Sub-queue.
        from: SubQueue,
    },
    /// Complete a held message.
    Complete {
        /// Which.
        target: Target,
    },
    /// Abandon a held message.
    Abandon {
        /// Which.
        target: Target,
        /// Properties to merge.
        properties: Option<Properties>,
    },
    /// Dead-letter a held message.
    DeadLetter {
        /// Which.
        target: Target,
        /// `DeadLetterReason`.
        reason: Option<Text>,
        /// `DeadLetterErrorDescription`.
        description: Option<Text>,
        /// Properties to merge.
        properties: Option<Properties>,
    },
    /// Defer a held message.
    Defer {
        /// Which.
        target: Target,
        /// Properties to merge.
        properties: Option<Properties>,
    },
    /// Renew a held message's lock.
    RenewLock {
        /// Which.
        target: Target,
    },
    /// Open the receive link with explicit options.
    Open(LinkOptions),
    /// Close the client's links (and session).
    Close,
    /// Accept a session (the next available one when `None`).
    AcceptSession {
        /// Session id.
        session_id: Option<Text>,
    },
    /// Renew the session lock.
    RenewSessionLock,
    /// Set the session state.
    SetSessionState {
        /// New state (`None` clears).
        state: Option<Text>,
    },
    /// Read the session state.
    GetSessionState,
    /// Drop the client's connection.
    Disconnect,
    /// Change the entity's settings.
    UpdateQueue(QueuePatch),
    /// An operation on an entity of a namespace (`update_entity`, `add_rule`, `remove_rule`):
    /// run by a namespace of several entities; a lone queue refuses it.
    Entity {
        /// The queue or topic name, or the subscription path.
        entity: Text,
        /// What.
        op: EntityOp,
    },
}

/// The direct result of a successful operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing to return.
    Done,
    /// A sequence number (`schedule`).
    Seq(u64),
    /// Messages (`receive`, `receive_deferred`, `peek`).
    Messages(Vec<MessageView>),
    /// A new lock expiry (`renew_lock`, `renew_session_lock`).
    LockedUntil(Instant),
    /// The accepted session.
    Session {
        /// Its id.
        id: Text,
        /// Its lock expiry.
        locked_until: Instant,
    },
    /// Session state (`get_session_state`).
    State(Option<Text>),
}

/// A send's outcome as its sender sees it. A presettled send never hears back: a refusal is
/// only a `rejected` event (returned, for the caller to record where the send went) and the
/// send is done.
pub(crate) fn send_outcome<T>(
    r: Result<T, Error>,
    presettled: bool,
    id: Text,
    by: ClientId,
) -> (Result<Outcome, Error>, Option<EventKind>) {
    match r {
        Ok(_) => (Ok(Outcome::Done), None),
        Err(e) if presettled => (
            Ok(Outcome::Done),
            Some(EventKind::Rejected {
                id,
                by,
                error: e.kind,
                message: e.message,
            }),
        ),
        Err(e) => (Err(e), None),
    }
}

/// Which delivery a settlement acts on.
#[derive(Clone, Copy, Debug)]
enum Pick<'a> {
    /// The latest delivery of the message a step names.
    Latest(&'a Target),
    /// One delivery: sequence number and lock token.
    Delivery(u64, LockToken),
}

impl<'a> Pick<'a> {
    fn new(target: &'a Target, delivery: Option<(u64, LockToken)>) -> Self {
        delivery.map_or(Pick::Latest(target), |(seq, token)| {
            Pick::Delivery(seq, token)
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HeldKind {
    PeekLock,
    ReceiveAndDelete,
    Peeked,
}

#[derive(Clone, Debug)]
struct Held {
    view: MessageView,
    kind: HeldKind,
    sub: SubQueue,
}

/// A peek-lock delivery a client has in hand: received and not yet settled by that client.
/// Its lock may since have been lost (expired, or the link ended): the client learns that
/// only when it tries to settle or renew, as with the SDK's message object.
#[derive(Clone, Debug)]
pub struct InHand {
    /// The delivery as the client received it (lock token, delivery count, `locked_until`
    /// as last renewed by this client).
    pub view: MessageView,
    /// The sub-queue it was received from.
    pub from: SubQueue,
}

#[derive(Clone, Debug)]
struct ClientRec {
    name: Text,
    /// The last delivery or peek of each message, for steps that name a message by its
    /// sequence number.
    by_seq: BTreeMap<u64, Held>,
    /// The sequence number a MessageId last named for this client.
    by_id: BTreeMap<Text, u64>,
    /// Peek-lock deliveries in hand, by sequence number: the latest delivery of each message
    /// (a new delivery of a message replaces the one before, whose lock is gone by then).
    in_hand: BTreeMap<u64, InHand>,
    cursor: [u64; 2],
}

/// The queue plus its named clients.
#[derive(Clone, Debug)]
pub struct World {
    queue: Queue,
    names: BTreeMap<Text, ClientId>,
    clients: Vec<ClientRec>,
}

impl World {
    /// A world with an empty queue at time zero.
    ///
    /// # Errors
    /// A configuration value out of range.
    pub fn new(config: QueueConfig, seed: u64) -> Result<Self, ConfigError> {
        Ok(Self {
            queue: Queue::new(config, Instant::ZERO, seed)?,
            names: BTreeMap::new(),
            clients: Vec::new(),
        })
    }

    /// The broker.
    #[must_use]
    pub fn queue(&self) -> &Queue {
        &self.queue
    }

    /// The broker, mutably (to drain events or drive time).
    pub fn queue_mut(&mut self) -> &mut Queue {
        &mut self.queue
    }

    /// The id of a named client, creating it on first use.
    pub fn client(&mut self, name: &str) -> ClientId {
        if let Some(&id) = self.names.get(name) {
            return id;
        }
        let id = ClientId(self.clients.len() as u32);
        let name: Text = name.into();
        self.names.insert(name.clone(), id);
        self.clients.push(ClientRec {
            name,
            by_seq: BTreeMap::new(),
            by_id: BTreeMap::new(),
            in_hand: BTreeMap::new(),
            cursor: [1, 1],
        });
        id
    }

    /// The id of a named client, if it has appeared.
    #[must_use]
    pub fn id_of(&self, name: &str) -> Option<ClientId> {
        self.names.get(name).copied()
    }

    /// The name of a client.
    #[must_use]
    pub fn name(&self, id: ClientId) -> &str {
        self.clients.get(id.0 as usize).map_or("?", |c| &*c.name)
    }

    /// Fires every deadline up to `now`.
    pub fn advance_to(&mut self, now: Instant) {
        self.queue.handle_timeout(now);
    }

    /// The peek-lock deliveries client `by` has in hand, by sequence number: received and not
    /// settled by it, their locks possibly lost since.
    pub fn in_hand(&self, by: &str) -> impl DoubleEndedIterator<Item = &InHand> + Clone + '_ {
        self.rec(by)
            .map(|c| c.in_hand.values())
            .into_iter()
            .flatten()
    }

    /// Client `by`'s delivery of message `seq`, if it has one in hand.
    #[must_use]
    pub fn in_hand_of(&self, by: &str, seq: u64) -> Option<&InHand> {
        self.rec(by).and_then(|c| c.in_hand.get(&seq))
    }

    /// How many deliveries client `by` has in hand.
    #[must_use]
    pub fn in_hand_count(&self, by: &str) -> usize {
        self.rec(by).map_or(0, |c| c.in_hand.len())
    }

    fn rec(&self, by: &str) -> Option<&ClientRec> {
        self.id_of(by)
            .and_then(|id| self.clients.get(id.0 as usize))
    }
}
