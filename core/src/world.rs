//! Named clients on top of the broker, doing what a Service Bus client library does:
//! it remembers what each client received or peeked (so a step can name a message by id or
//! sequence number and settle with that delivery's lock token), keeps peek cursors, and refuses
//! client-side what the SDK refuses before anything reaches the broker.

use crate::config::{ConfigError, QueueConfig, QueuePatch};
use crate::error::{Error, ErrorKind, text};
use crate::event::{EventKind, LockLossCause};
use crate::filter::Rule;
use crate::message::{
    ClientId, LockToken, MessageView, NewMessage, Properties, ReceiveMode, SubQueue, Text,
};
use crate::queue::{LinkOptions, LockInfo, Queue, SendOutcome, SessionHold};
use crate::time::Instant;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
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

    /// Runs one operation of client `by` at `now`.
    ///
    /// # Errors
    /// What the broker or the client library refuses; state is unchanged by a refusal
    /// (except what the broker itself does on the way, such as TTL collection).
    pub fn apply(&mut self, now: Instant, by: &str, op: Op) -> Result<Outcome, Error> {
        self.run(now, by, op, None)
    }

    /// Runs a settlement or lock renewal of client `by` on one particular delivery, named by
    /// its sequence number and lock token (what the SDK's message object carries), instead of
    /// the latest delivery that the op's target names: a handler still working on an earlier
    /// delivery settles that one, and learns its lock is gone. Other ops run as [`Self::apply`].
    ///
    /// # Errors
    /// As [`Self::apply`].
    pub fn apply_held(
        &mut self,
        now: Instant,
        by: &str,
        seq: u64,
        token: LockToken,
        op: Op,
    ) -> Result<Outcome, Error> {
        self.run(now, by, op, Some((seq, token)))
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

    fn run(
        &mut self,
        now: Instant,
        by: &str,
        op: Op,
        delivery: Option<(u64, LockToken)>,
    ) -> Result<Outcome, Error> {
        let id = self.client(by);
        let q = &mut self.queue;
        match op {
            Op::Send { msg, presettled } => {
                let mid = msg.id.clone();
                let (out, rejected) = send_outcome(q.send(now, id, msg), presettled, mid, id);
                if let Some(ev) = rejected {
                    q.push_event(ev);
                }
                out
            }
            Op::Schedule { msg } => match q.send(now, id, msg)? {
                SendOutcome::Scheduled(s) | SendOutcome::Enqueued(s) => Ok(Outcome::Seq(s)),
                SendOutcome::Duplicate(s) => Ok(s.map_or(Outcome::Done, Outcome::Seq)),
            },
            Op::CancelScheduled { seq } => {
                q.cancel_scheduled(now, id, seq);
                Ok(Outcome::Done)
            }
            Op::Receive { max, mode, from } => {
                let got = q.receive(now, id, from, mode, max)?;
                self.remember(id, &got, from, false);
                Ok(Outcome::Messages(got))
            }
            Op::ReceiveDeferred { seqs, mode, from } => {
                let got = q.receive_deferred(now, id, from, mode, &seqs)?;
                self.remember(id, &got, from, false);
                Ok(Outcome::Messages(got))
            }
            Op::Peek {
                max,
                from_seq,
                from,
            } => {
                let i = usize::from(from == SubQueue::DeadLetter);
                let start = from_seq.unwrap_or(self.clients[id.0 as usize].cursor[i]);
                let got = self.queue.peek(now, id, from, start, max)?;
                if let Some(last) = got.last() {
                    self.clients[id.0 as usize].cursor[i] = last.seq + 1;
                }
                self.remember(id, &got, from, true);
                Ok(Outcome::Messages(got))
            }
            Op::Complete { target } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "complete", |q, _, tok| q.complete(now, tok))
            }
            Op::Abandon { target, properties } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "abandon", |q, _, tok| {
                    q.abandon(now, tok, properties)
                })
            }
            Op::DeadLetter {
                target,
                reason,
                description,
                properties,
            } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "dead-letter", |q, h, tok| {
                    if h.sub == SubQueue::DeadLetter {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "A message received from the dead-letter queue cannot be dead-lettered again.",
                        ));
                    }
                    q.dead_letter(now, tok, reason, description, properties)
                })
            }
            Op::Defer { target, properties } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "defer", |q, _, tok| {
                    q.defer(now, tok, properties)
                })
            }
            Op::RenewLock { target } => {
                let pick = Pick::new(&target, delivery);
                let h = self.lookup(id, pick)?;
                if self.session_locked(&h).is_some() && h.kind == HeldKind::PeekLock {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        text::RENEW_ON_SESSION,
                    ));
                }
                let (h, until) =
                    self.settle_by(now, id, pick, "renew the lock of", |q, _, tok| {
                        q.renew_lock(now, tok)
                    })?;
                let c = &mut self.clients[id.0 as usize];
                let token = h.view.lock_token;
                for v in [
                    c.in_hand.get_mut(&h.view.seq).map(|x| &mut x.view),
                    c.by_seq.get_mut(&h.view.seq).map(|x| &mut x.view),
                ]
                .into_iter()
                .flatten()
                .filter(|v| v.lock_token == token)
                {
                    v.locked_until = Some(until);
                }
                Ok(Outcome::LockedUntil(until))
            }
            Op::Open(opts) => {
                q.open(now, id, opts);
                Ok(Outcome::Done)
            }
            Op::Close => {
                q.close(now, id);
                Ok(Outcome::Done)
            }
            Op::Disconnect => {
                q.disconnect(now, id);
                Ok(Outcome::Done)
            }
            Op::AcceptSession { session_id } => {
                let (sid, until) = q.accept_session(now, id, session_id)?;
                Ok(Outcome::Session {
                    id: sid,
                    locked_until: until,
                })
            }
            Op::RenewSessionLock => Ok(Outcome::LockedUntil(q.renew_session_lock(now, id)?)),
            Op::SetSessionState { state } => {
                q.set_session_state(now, id, state)?;
                Ok(Outcome::Done)
            }
            Op::GetSessionState => Ok(Outcome::State(q.session_state(now, id)?)),
            Op::UpdateQueue(patch) => {
                let cfg = patch.apply(q.config());
                q.update_config(now, cfg)?;
                Ok(Outcome::Done)
            }
            Op::Entity { .. } => Err(Error::new(
                ErrorKind::InvalidOperation,
                "Entity operations need a namespace with entities.",
            )),
        }
    }

    fn remember(&mut self, id: ClientId, got: &[MessageView], from: SubQueue, peeked: bool) {
        let c = &mut self.clients[id.0 as usize];
        for v in got {
            let kind = if peeked {
                HeldKind::Peeked
            } else if v.lock_token.is_some() {
                HeldKind::PeekLock
            } else {
                HeldKind::ReceiveAndDelete
            };
            if kind == HeldKind::PeekLock {
                c.in_hand.insert(
                    v.seq,
                    InHand {
                        view: v.clone(),
                        from,
                    },
                );
            }
            c.by_id.insert(v.id.clone(), v.seq);
            c.by_seq.insert(
                v.seq,
                Held {
                    view: v.clone(),
                    kind,
                    sub: from,
                },
            );
        }
    }

    fn lookup(&self, id: ClientId, pick: Pick<'_>) -> Result<Held, Error> {
        let c = &self.clients[id.0 as usize];
        let found = match pick {
            Pick::Latest(Target::Id(m)) => c.by_id.get(m).and_then(|s| c.by_seq.get(s)).cloned(),
            Pick::Latest(Target::Seq(s)) => c.by_seq.get(s).cloned(),
            // That very delivery: in hand, or (settled or replaced since) as last seen, with
            // its own token, so the broker answers for that token.
            Pick::Delivery(seq, token) => match c.in_hand.get(&seq) {
                Some(h) if h.view.lock_token == Some(token) => Some(Held {
                    view: h.view.clone(),
                    kind: HeldKind::PeekLock,
                    sub: h.from,
                }),
                _ => c.by_seq.get(&seq).map(|h| {
                    let mut h = h.clone();
                    h.view.lock_token = Some(token);
                    h.kind = HeldKind::PeekLock;
                    h
                }),
            },
        };
        found.ok_or_else(|| {
            let what = match pick {
                Pick::Latest(Target::Id(m)) => format!("id '{m}'"),
                Pick::Latest(Target::Seq(s)) => format!("sequence number {s}"),
                Pick::Delivery(s, _) => format!("sequence number {s}"),
            };
            Error::new(
                ErrorKind::InvalidOperation,
                format!("{} never received a message with {what}.", c.name),
            )
        })
    }

    /// Settles (or renews) the delivery `pick` names with its own lock token, after the
    /// client-side checks; a lost lock's error says why.
    fn settle_by<T>(
        &mut self,
        now: Instant,
        id: ClientId,
        pick: Pick<'_>,
        verb: &str,
        act: impl FnOnce(&mut Queue, &Held, LockToken) -> Result<T, Error>,
    ) -> Result<(Held, T), Error> {
        let h = self.settleable(id, pick, verb)?;
        let token = h
            .view
            .lock_token
            .expect("invariant: peek-lock deliveries have a token");
        match act(&mut self.queue, &h, token) {
            Ok(v) => Ok((h, v)),
            Err(e) => Err(self.explain(now, &h, e)),
        }
    }

    /// Settles the delivery `pick` names (complete, abandon, dead-letter, defer): on success it
    /// is no longer in the client's hand.
    fn settle(
        &mut self,
        now: Instant,
        id: ClientId,
        pick: Pick<'_>,
        verb: &str,
        act: impl FnOnce(&mut Queue, &Held, LockToken) -> Result<(), Error>,
    ) -> Result<Outcome, Error> {
        let (h, ()) = self.settle_by(now, id, pick, verb, act)?;
        let c = &mut self.clients[id.0 as usize];
        if c.in_hand.get(&h.view.seq).map(|x| x.view.lock_token) == Some(h.view.lock_token) {
            c.in_hand.remove(&h.view.seq);
        }
        Ok(Outcome::Done)
    }

    /// The delivery a settlement would use, after the client-side checks.
    fn settleable(&self, id: ClientId, pick: Pick<'_>, verb: &str) -> Result<Held, Error> {
        let h = self.lookup(id, pick)?;
        match h.kind {
            HeldKind::Peeked => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "Cannot {verb} {}: it was peeked, and a peeked message has no lock token to settle with.",
                    h.view.id
                ),
            )),
            HeldKind::ReceiveAndDelete => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "{} Cannot {verb} {}: it was received in receive-and-delete mode and is already gone from the queue.",
                    text::PEEK_LOCK_ONLY,
                    h.view.id
                ),
            )),
            HeldKind::PeekLock => {
                if let Some(sid) = self.session_locked(&h)
                    && self.queue.session_of(id) != SessionHold::Held(sid.clone())
                {
                    return Err(Error::new(
                        ErrorKind::SessionLockLost,
                        format!(
                            "{} (session '{sid}' is no longer held by {}.)",
                            text::SESSION_LOCK_LOST,
                            self.clients[id.0 as usize].name
                        ),
                    ));
                }
                Ok(h)
            }
        }
    }

    /// The session a delivery is locked under: a message received from the main queue of a
    /// session queue. The dead-letter queue is not session-enabled (scenario-format rule 13):
    /// its messages keep their session id but are locked one by one.
    fn session_locked<'a>(&self, h: &'a Held) -> Option<&'a Text> {
        h.view
            .session_id
            .as_ref()
            .filter(|_| h.sub == SubQueue::Main && self.queue.config().requires_session)
    }

    /// Adds why a lock was lost, where the client can know it.
    fn explain(&self, now: Instant, h: &Held, e: Error) -> Error {
        if e.kind != ErrorKind::MessageLockLost {
            return e;
        }
        let lock = self
            .queue
            .lock_info(h.view.seq)
            .filter(|l| Some(l.token) == h.view.lock_token);
        if let Some(LockInfo {
            holder,
            until,
            link_ended: Some((at, cause)),
            ..
        }) = lock
        {
            let what = match cause {
                LockLossCause::Disconnected => "connection dropped",
                _ => "link was closed",
            };
            return Error::new(
                ErrorKind::MessageLockLost,
                format!(
                    "{} ({}: {}'s {what} at {at}; the lock runs on until {until} and only then does the broker release it.)",
                    e.message,
                    h.view.id,
                    self.name(holder)
                ),
            );
        }
        let why: String = match h.view.locked_until {
            Some(until) if now >= until => {
                format!("the lock expired {} ago", now.saturating_since(until))
            }
            _ if !self.queue.contains(h.view.seq) => {
                "the message was already settled and removed".into()
            }
            _ => "the lock was released (settled, abandoned, or lost)".into(),
        };
        Error::new(
            ErrorKind::MessageLockLost,
            format!("{} ({}: {why}.)", e.message, h.view.id),
        )
    }
}
