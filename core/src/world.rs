//! Named clients on top of the broker, doing what a Service Bus client library does:
//! it remembers what each client received or peeked (so a step can name a message by id or
//! sequence number and settle with that delivery's lock token), keeps peek cursors, and refuses
//! client-side what the SDK refuses before anything reaches the broker.

use crate::config::{ConfigError, QueueConfig, QueuePatch};
use crate::error::{Error, ErrorKind, text};
use crate::event::{EventKind, LockLossCause};
use crate::message::{
    ClientId, LockToken, MessageView, NewMessage, Properties, ReceiveMode, SubQueue, Text,
};
use crate::queue::{LinkOptions, LockInfo, Queue, SendOutcome, SessionHold};
use crate::time::Instant;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

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
    /// run by [`Namespace`](crate::namespace::Namespace); a lone queue refuses it.
    Entity {
        /// The queue or topic name, or the subscription path.
        entity: Text,
        /// What.
        op: crate::namespace::EntityOp,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HeldKind {
    PeekLock,
    ReceiveAndDelete,
    Peeked,
}

#[derive(Clone, Debug)]
struct Held {
    seq: u64,
    id: Text,
    token: Option<LockToken>,
    kind: HeldKind,
    locked_until: Option<Instant>,
    session: Option<Text>,
    sub: SubQueue,
}

#[derive(Clone, Debug)]
struct ClientRec {
    name: Text,
    by_id: BTreeMap<Text, Held>,
    by_seq: BTreeMap<u64, Held>,
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
            by_id: BTreeMap::new(),
            by_seq: BTreeMap::new(),
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
        let id = self.client(by);
        let q = &mut self.queue;
        match op {
            Op::Send { msg, presettled } => {
                let mid = msg.id.clone();
                match q.send(now, id, msg) {
                    Ok(_) => Ok(Outcome::Done),
                    Err(e) if presettled => {
                        q.push_event(EventKind::Rejected {
                            id: mid,
                            by: id,
                            error: e.kind,
                            message: e.message,
                        });
                        Ok(Outcome::Done)
                    }
                    Err(e) => Err(e),
                }
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
            Op::Complete { target } => self
                .settle_by(now, id, &target, "complete", |q, _, tok| q.complete(now, tok))
                .map(|_| Outcome::Done),
            Op::Abandon { target, properties } => self
                .settle_by(now, id, &target, "abandon", |q, _, tok| {
                    q.abandon(now, tok, properties)
                })
                .map(|_| Outcome::Done),
            Op::DeadLetter {
                target,
                reason,
                description,
                properties,
            } => self
                .settle_by(now, id, &target, "dead-letter", |q, h, tok| {
                    if h.sub == SubQueue::DeadLetter {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "A message received from the dead-letter queue cannot be dead-lettered again.",
                        ));
                    }
                    q.dead_letter(now, tok, reason, description, properties)
                })
                .map(|_| Outcome::Done),
            Op::Defer { target, properties } => self
                .settle_by(now, id, &target, "defer", |q, _, tok| {
                    q.defer(now, tok, properties)
                })
                .map(|_| Outcome::Done),
            Op::RenewLock { target } => {
                let h = self.lookup(id, &target)?;
                if self.session_locked(&h).is_some() && h.kind == HeldKind::PeekLock {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        text::RENEW_ON_SESSION,
                    ));
                }
                let (h, until) = self.settle_by(now, id, &target, "renew the lock of", |q, _, tok| {
                    q.renew_lock(now, tok)
                })?;
                let c = &mut self.clients[id.0 as usize];
                for held in [c.by_id.get_mut(&h.id), c.by_seq.get_mut(&h.seq)]
                    .into_iter()
                    .flatten()
                {
                    if held.token == h.token {
                        held.locked_until = Some(until);
                    }
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
            let held = Held {
                seq: v.seq,
                id: v.id.clone(),
                token: v.lock_token,
                kind,
                locked_until: v.locked_until,
                session: v.session_id.clone(),
                sub: from,
            };
            c.by_id.insert(v.id.clone(), held.clone());
            c.by_seq.insert(v.seq, held);
        }
    }

    fn lookup(&self, id: ClientId, target: &Target) -> Result<Held, Error> {
        let c = &self.clients[id.0 as usize];
        let found = match target {
            Target::Id(m) => c.by_id.get(m),
            Target::Seq(s) => c.by_seq.get(s),
        };
        found.cloned().ok_or_else(|| {
            let what = match target {
                Target::Id(m) => format!("id '{m}'"),
                Target::Seq(s) => format!("sequence number {s}"),
            };
            Error::new(
                ErrorKind::InvalidOperation,
                format!("{} never received a message with {what}.", c.name),
            )
        })
    }

    /// Settles (or renews) the delivery `target` names with its own lock token, after the
    /// client-side checks; a lost lock's error says why.
    fn settle_by<T>(
        &mut self,
        now: Instant,
        id: ClientId,
        target: &Target,
        verb: &str,
        act: impl FnOnce(&mut Queue, &Held, LockToken) -> Result<T, Error>,
    ) -> Result<(Held, T), Error> {
        let h = self.settleable(id, target, verb)?;
        let token = h
            .token
            .expect("invariant: peek-lock deliveries have a token");
        match act(&mut self.queue, &h, token) {
            Ok(v) => Ok((h, v)),
            Err(e) => Err(self.explain(now, &h, e)),
        }
    }

    /// The delivery a settlement would use, after the client-side checks.
    fn settleable(&self, id: ClientId, target: &Target, verb: &str) -> Result<Held, Error> {
        let h = self.lookup(id, target)?;
        match h.kind {
            HeldKind::Peeked => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "Cannot {verb} {}: it was peeked, and a peeked message has no lock token to settle with.",
                    h.id
                ),
            )),
            HeldKind::ReceiveAndDelete => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "{} Cannot {verb} {}: it was received in receive-and-delete mode and is already gone from the queue.",
                    text::PEEK_LOCK_ONLY,
                    h.id
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
        h.session
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
            .lock_info(h.seq)
            .filter(|l| Some(l.token) == h.token);
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
                    h.id,
                    self.name(holder)
                ),
            );
        }
        let why: String = match h.locked_until {
            Some(until) if now >= until => {
                format!("the lock expired {} ago", now.saturating_since(until))
            }
            _ if !self.queue.contains(h.seq) => {
                "the message was already settled and removed".into()
            }
            _ => "the lock was released (settled, abandoned, or lost)".into(),
        };
        Error::new(
            ErrorKind::MessageLockLost,
            format!("{} ({}: {why}.)", e.message, h.id),
        )
    }
}
