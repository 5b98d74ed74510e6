//! Several entities in one namespace (`shared/spec/topics.md`): queues, topics and their
//! subscriptions, as one deterministic, sans-IO state machine.
//!
//! Every queue and every subscription is a [`World`] of its own (a [`Queue`](crate::Queue) with
//! the clients that use it), so a subscription has exactly a queue's locks, delivery counts,
//! dead-letter queue, deferral, TTL and sessions. A topic holds only its scheduled messages, its
//! duplicate detection window, its sequence counter and its subscriptions' rules; a send to it
//! fans out one copy per matching subscription (`topics.md` §4), each entering its
//! subscription's queue.
//!
//! Events carry the entity they happened on ([`NsEvent`]); at one instant the order is: topic
//! activations (ascending topic name, then seq), then each queue and subscription in ascending
//! path order with its own deadlines (activations, lock expiries, TTL collection), then the
//! command.

use crate::config::QueueConfig;
use crate::error::{Error, ErrorKind};
use crate::event::{DeadLetterCause, Event, EventKind};
use crate::filter::{FILTER_EXCEPTION_REASON, Fields, Rule, filter_exception_description, route};
use crate::message::{ClientId, MessageState, MessageView, NewMessage, SubQueue, Text};
use crate::queue::{DupWindow, check_message_size, quota_exceeded};
use crate::time::Instant;
pub use crate::world::EntityOp;
use crate::world::{Op, Outcome, World};
use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

/// `dead_letter_reason` of a copy without session id entering a session-enabled subscription
/// (`topics.md` §8.3).
pub const SESSION_NULL_REASON: &str = "Session id is null.";
/// Its `dead_letter_description`.
pub const SESSION_NULL_DESCRIPTION: &str =
    "Session enabled entity doesn't allow a message whose session identifier is null.";

/// One subscription as declared.
#[derive(Clone, Debug, PartialEq)]
pub struct SubscriptionSpec {
    /// Its settings as a queue's (duplicate detection off; tier and size quota are the topic's).
    pub config: QueueConfig,
    /// `dead_letter_on_filter_evaluation_exceptions` (default true).
    pub dead_letter_on_filter_evaluation_exceptions: bool,
    /// Its rules by name.
    pub rules: BTreeMap<String, Rule>,
}

/// One topic as declared.
#[derive(Clone, Debug, PartialEq)]
pub struct TopicSpec {
    /// Its settings: only `default_ttl`, `duplicate_detection_window`, `tier` and
    /// `max_size_bytes` mean anything for a topic.
    pub config: QueueConfig,
    /// Its subscriptions by name.
    pub subscriptions: BTreeMap<String, SubscriptionSpec>,
}

/// One entity as declared.
#[derive(Clone, Debug, PartialEq)]
pub enum EntitySpec {
    /// A queue.
    Queue(QueueConfig),
    /// A topic.
    Topic(TopicSpec),
}

/// The `entities` of a scenario: name → entity.
pub type Entities = BTreeMap<String, EntitySpec>;

/// The path of a subscription: `<topic>/subscriptions/<name>`.
#[must_use]
pub fn subscription_path(topic: &str, sub: &str) -> String {
    format!("{topic}/subscriptions/{sub}")
}

/// Whether `path` names a subscription (`<topic>/subscriptions/<name>`, [`subscription_path`]).
#[must_use]
pub fn is_subscription(path: &str) -> bool {
    split_subscription(path).is_some()
}

/// A subscription's path as its topic and its name ([`subscription_path`] undone); `None` for
/// any other path.
#[must_use]
pub fn split_subscription(path: &str) -> Option<(&str, &str)> {
    path.split_once("/subscriptions/")
}

/// The topic of a subscription's path; any other path itself.
#[must_use]
pub fn topic_of(path: &str) -> &str {
    split_subscription(path).map_or(path, |(topic, _)| topic)
}

/// A copy's origin, on the `enqueued` event of a subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyOf {
    /// The topic's sequence number of the routed message.
    pub topic_seq: u64,
    /// The action rule that made this copy (`None`: the plain copy).
    pub rule: Option<Text>,
}

/// An event and the entity it happened on.
#[derive(Clone, Debug, PartialEq)]
pub struct NsEvent {
    /// The queue or topic name, or the subscription path.
    pub entity: Text,
    /// What happened (client ids are those of the entity's [`World`]).
    pub event: Event,
    /// On the `enqueued` of a subscription's copy: where it came from.
    pub copy: Option<CopyOf>,
}

#[derive(Clone, Debug)]
struct Sub {
    name: Text,
    path: Text,
    rules: BTreeMap<String, Rule>,
    dead_letter_on_filter_exceptions: bool,
}

#[derive(Clone, Debug)]
struct Held {
    msg: NewMessage,
    enqueued: Instant,
    by: ClientId,
}

#[derive(Clone, Debug)]
struct Topic {
    config: QueueConfig,
    /// The clients that used the topic (names of the event records); its queue stays empty.
    clients: World,
    next_seq: u64,
    dups: DupWindow,
    scheduled: BTreeMap<u64, Held>,
    timers: BTreeSet<(Instant, u64)>,
    scheduled_bytes: u64,
    subs: Vec<Sub>,
}

impl Topic {
    fn take_seq(&mut self) -> u64 {
        let s = self.next_seq;
        self.next_seq += 1;
        s
    }
}

/// Queues, topics and subscriptions, driven as one (the drive loop of [`Queue`](crate::Queue):
/// `poll_timeout`, `advance_to`, commands, `poll_event`).
#[derive(Clone, Debug)]
pub struct Namespace {
    now: Instant,
    /// Queues and subscriptions by path.
    worlds: BTreeMap<Text, World>,
    topics: BTreeMap<Text, Topic>,
    events: VecDeque<NsEvent>,
}

impl Namespace {
    /// A namespace with these entities, empty, at time zero.
    ///
    /// # Errors
    /// A configuration out of range (a validated scenario has none).
    pub fn new(entities: &Entities, seed: u64) -> Result<Self, crate::ConfigError> {
        let mut worlds = BTreeMap::new();
        let mut topics = BTreeMap::new();
        // Each queue and subscription draws its lock tokens from a seed of its own.
        let mut n = 0u64;
        let root = crate::rng::Rng::new(seed);
        let mut next_seed = || {
            n += 1;
            root.fork(n).next_u64()
        };
        for (name, e) in entities {
            match e {
                EntitySpec::Queue(cfg) => {
                    worlds.insert(
                        Text::from(name.as_str()),
                        World::new(cfg.clone(), next_seed())?,
                    );
                }
                EntitySpec::Topic(t) => {
                    let mut subs = Vec::new();
                    for (sname, s) in &t.subscriptions {
                        let path: Text = subscription_path(name, sname).as_str().into();
                        let cfg = QueueConfig {
                            duplicate_detection_window: None,
                            tier: t.config.tier,
                            max_size_bytes: t.config.max_size_bytes,
                            ..s.config.clone()
                        };
                        worlds.insert(path.clone(), World::new(cfg, next_seed())?);
                        subs.push(Sub {
                            name: sname.as_str().into(),
                            path,
                            rules: s.rules.clone(),
                            dead_letter_on_filter_exceptions: s
                                .dead_letter_on_filter_evaluation_exceptions,
                        });
                    }
                    topics.insert(
                        Text::from(name.as_str()),
                        Topic {
                            config: t.config.clone(),
                            clients: World::new(QueueConfig::default(), 0)?,
                            next_seq: 1,
                            dups: DupWindow::default(),
                            scheduled: BTreeMap::new(),
                            timers: BTreeSet::new(),
                            scheduled_bytes: 0,
                            subs,
                        },
                    );
                }
            }
        }
        Ok(Self {
            now: Instant::ZERO,
            worlds,
            topics,
            events: VecDeque::new(),
        })
    }

    /// The latest instant seen.
    #[must_use]
    pub fn now(&self) -> Instant {
        self.now
    }

    /// The world (clients and queue) of a queue or subscription, or the client table of a
    /// topic (its queue is always empty): what resolves the client ids of its events.
    #[must_use]
    pub fn world(&self, entity: &str) -> Option<&World> {
        self.worlds
            .get(entity)
            .or_else(|| self.topics.get(entity).map(|t| &t.clients))
    }

    /// The world of a queue or subscription, mutably.
    pub fn world_mut(&mut self, entity: &str) -> Option<&mut World> {
        self.worlds.get_mut(entity)
    }

    /// Every queue and subscription, by path.
    pub fn worlds(&self) -> impl Iterator<Item = (&Text, &World)> {
        self.worlds.iter()
    }

    /// Every entity path (queues, topics, subscriptions), in ascending byte order.
    #[must_use]
    pub fn paths(&self) -> Vec<Text> {
        let mut v: Vec<Text> = self
            .worlds
            .keys()
            .chain(self.topics.keys())
            .cloned()
            .collect();
        v.sort_unstable();
        v
    }

    /// Whether `entity` names a topic.
    #[must_use]
    pub fn is_topic(&self, entity: &str) -> bool {
        self.topics.contains_key(entity)
    }

    /// The scheduled messages a topic holds, in sequence-number order.
    #[must_use]
    pub fn topic_scheduled(&self, topic: &str) -> Vec<MessageView> {
        self.topics.get(topic).map_or_else(Vec::new, |t| {
            t.scheduled
                .iter()
                .map(|(&seq, h)| MessageView {
                    id: h.msg.id.clone(),
                    seq,
                    body: h.msg.body.clone(),
                    size_bytes: h.msg.size_bytes,
                    state: MessageState::Scheduled,
                    delivery_count: 0,
                    enqueued_at: h.enqueued,
                    expires_at: None,
                    scheduled_enqueue: h.msg.scheduled_enqueue,
                    locked_until: None,
                    lock_token: None,
                    locked_by: None,
                    session_id: h.msg.session_id.clone(),
                    dead_letter_reason: None,
                    dead_letter_description: None,
                    properties: h.msg.properties.clone(),
                    sub_queue: SubQueue::Main,
                    meta: h.msg.meta.clone(),
                })
                .collect()
        })
    }

    /// A topic's size against its quota: its scheduled messages and every copy its
    /// subscriptions hold (`topics.md` §2.5).
    #[must_use]
    pub fn topic_size(&self, topic: &str) -> u64 {
        self.topics.get(topic).map_or(0, |t| self.size_of(t))
    }

    fn size_of(&self, t: &Topic) -> u64 {
        t.subs.iter().fold(t.scheduled_bytes, |acc, s| {
            acc.saturating_add(self.worlds[&s.path].queue().size_bytes())
        })
    }

    /// The next instant a deadline is due anywhere.
    #[must_use]
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.topics
            .values()
            .filter_map(|t| t.timers.first().map(|&(at, _)| at))
            .chain(
                self.worlds
                    .values()
                    .filter_map(|w| w.queue().poll_timeout()),
            )
            .min()
    }

    /// Fires every deadline up to `now`, instant by instant (module docs for the order).
    pub fn advance_to(&mut self, now: Instant) {
        let now = now.max(self.now);
        while let Some(d) = self.poll_timeout().filter(|&d| d <= now) {
            self.fire_at(d);
        }
        self.fire_at(now);
    }

    /// Everything due at `d` (nothing is due before it): activations of every entity in
    /// ascending name order, then every queue and subscription's lock expiries in ascending path
    /// order, then their time-to-live collections in the same order (format E3).
    fn fire_at(&mut self, d: Instant) {
        self.now = self.now.max(d);
        for name in self.paths() {
            if self.topics.contains_key(&name) {
                self.activate_topic(&name, d);
            } else if let Some(w) = self.worlds.get_mut(&name) {
                w.queue_mut().activate_due(d);
                self.drain(&name, None);
            }
        }
        let paths: Vec<Text> = self.worlds.keys().cloned().collect();
        for p in &paths {
            let w = self.worlds.get_mut(p).expect("invariant: exists");
            w.queue_mut().expire_due(d);
            self.drain(p, None);
        }
        for p in paths {
            let w = self.worlds.get_mut(&p).expect("invariant: exists");
            w.advance_to(d);
            self.drain(&p, None);
        }
    }

    /// A topic's scheduled messages due at or before `d`: each gets a new topic number and fans
    /// out by the rules in force now (`topics.md` §2.3, format E2).
    fn activate_topic(&mut self, name: &Text, d: Instant) {
        loop {
            let t = self.topics.get_mut(name).expect("invariant: topic exists");
            let Some(&(at, seq)) = t.timers.first().filter(|&&(at, _)| at <= d) else {
                break;
            };
            t.timers.remove(&(at, seq));
            let held = t
                .scheduled
                .remove(&seq)
                .expect("invariant: a timer belongs to a scheduled message");
            t.scheduled_bytes -= held.msg.size_bytes;
            let new = t.take_seq();
            let by: Text = t.clients.name(held.by).into();
            self.events.push_back(NsEvent {
                entity: name.clone(),
                event: Event {
                    at: d,
                    kind: EventKind::Activated {
                        seq: new,
                        scheduled_seq: seq,
                        id: held.msg.id.clone(),
                    },
                },
                copy: None,
            });
            self.fan_out(d, name, new, &by, held.msg);
        }
    }

    /// The next event, if any.
    pub fn poll_event(&mut self) -> Option<NsEvent> {
        self.events.pop_front()
    }

    /// Moves what happened in a queue or subscription's world, driven from outside through
    /// [`world_mut`](Self::world_mut), into this namespace's events.
    pub fn collect(&mut self, entity: &str) {
        if self.worlds.contains_key(entity) {
            self.drain(&Text::from(entity), None);
        }
    }

    fn drain(&mut self, path: &Text, copy: Option<&CopyOf>) {
        let w = self.worlds.get_mut(path).expect("invariant: exists");
        while let Some(ev) = w.queue_mut().poll_event() {
            let copy = match ev.kind {
                EventKind::Enqueued { .. } => copy.cloned(),
                _ => None,
            };
            self.events.push_back(NsEvent {
                entity: path.clone(),
                event: ev,
                copy,
            });
        }
    }

    /// Runs one client operation on an entity at `now`. Sends and cancels may name a queue or
    /// a topic; everything else a queue or a subscription (the scenario validates this).
    ///
    /// # Errors
    /// What the entity refuses; `MessagingEntityNotFound` for an unknown entity.
    pub fn apply(
        &mut self,
        now: Instant,
        entity: &str,
        by: &str,
        op: Op,
    ) -> Result<Outcome, Error> {
        self.advance_to(now);
        let path: Text = entity.into();
        if let Some(w) = self.worlds.get_mut(entity) {
            let r = w.apply(now, by, op);
            self.drain(&path, None);
            r
        } else if self.topics.contains_key(entity) {
            self.topic_op(now, &path, by, op)
        } else {
            Err(not_found(entity))
        }
    }

    fn topic_op(&mut self, now: Instant, topic: &Text, by: &str, op: Op) -> Result<Outcome, Error> {
        let t = self.topics.get_mut(topic).expect("invariant: a topic");
        let id = t.clients.client(by);
        match op {
            Op::Send { msg, presettled } => {
                let mid = msg.id.clone();
                let sent = self.topic_send(now, topic, id, by, msg);
                let (out, rejected) = crate::world::send_outcome(sent, presettled, mid, id);
                if let Some(ev) = rejected {
                    self.push(topic, ev);
                }
                out
            }
            Op::Schedule { msg } => Ok(self
                .topic_send(now, topic, id, by, msg)?
                .map_or(Outcome::Done, Outcome::Seq)),
            Op::CancelScheduled { seq } => {
                let t = self.topics.get_mut(topic).expect("invariant: a topic");
                if let Some(h) = t.scheduled.remove(&seq) {
                    let at = h
                        .msg
                        .scheduled_enqueue
                        .expect("invariant: a held message is scheduled")
                        .max(h.enqueued);
                    t.timers.remove(&(at, seq));
                    t.scheduled_bytes -= h.msg.size_bytes;
                    self.push(
                        topic,
                        EventKind::Cancelled {
                            seq,
                            id: h.msg.id,
                            by: id,
                        },
                    );
                }
                Ok(Outcome::Done)
            }
            _ => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("'{topic}' is a topic: receive from one of its subscriptions."),
            )),
        }
    }

    fn push(&mut self, entity: &Text, kind: EventKind) {
        self.events.push_back(NsEvent {
            entity: entity.clone(),
            event: Event { at: self.now, kind },
            copy: None,
        });
    }

    /// A send or schedule to a topic (`topics.md` §2, §5): the checks, duplicate detection,
    /// then holding (scheduled) or fan-out. Returns the topic seq of a scheduled message.
    fn topic_send(
        &mut self,
        now: Instant,
        topic: &Text,
        id: ClientId,
        by: &str,
        msg: NewMessage,
    ) -> Result<Option<u64>, Error> {
        let t = &self.topics[topic];
        check_message_size(t.config.tier, msg.size_bytes)?;
        let copies = if msg.scheduled_enqueue.is_some() {
            1
        } else {
            self.copies(t, &msg).len() as u64
        };
        let size = self.size_of(t);
        if size.saturating_add(msg.size_bytes.saturating_mul(copies)) > t.config.max_size_bytes {
            return Err(quota_exceeded("Topic", size, t.config.max_size_bytes));
        }
        let t = self.topics.get_mut(topic).expect("invariant: a topic");
        if let Some(window) = t.config.duplicate_detection_window
            && t.dups.seen(now, window, &msg.id)
        {
            let seq = msg.scheduled_enqueue.map(|_| t.take_seq());
            self.push(
                topic,
                EventKind::DuplicateDropped {
                    seq,
                    id: msg.id.clone(),
                    by: id,
                },
            );
            return Ok(seq);
        }
        let seq = t.take_seq();
        if let Some(at) = msg.scheduled_enqueue {
            t.timers.insert((at.max(now), seq));
            t.scheduled_bytes += msg.size_bytes;
            let mid = msg.id.clone();
            t.scheduled.insert(
                seq,
                Held {
                    msg,
                    enqueued: now,
                    by: id,
                },
            );
            self.push(
                topic,
                EventKind::Enqueued {
                    seq,
                    id: mid,
                    by: id,
                    scheduled_for: Some(at),
                },
            );
            return Ok(Some(seq));
        }
        self.fan_out(now, topic, seq, by, msg);
        Ok(None)
    }

    /// The copies a message makes, in fan-out order (`topics.md` §4.7): (subscription index,
    /// action rule, dead-letter cause).
    fn copies(
        &self,
        t: &Topic,
        msg: &NewMessage,
    ) -> Vec<(usize, Option<Text>, Option<DeadLetterCause>)> {
        let meta = msg.meta.as_deref();
        let fields = Fields {
            message_id: &msg.id,
            correlation_id: meta.and_then(|m| m.correlation_id.as_deref()),
            to_address: meta.and_then(|m| m.to_address.as_deref()),
            reply_to: meta.and_then(|m| m.reply_to.as_deref()),
            reply_to_session_id: meta.and_then(|m| m.reply_to_session_id.as_deref()),
            subject: meta.and_then(|m| m.subject.as_deref()),
            session_id: msg.session_id.as_deref(),
            content_type: meta.and_then(|m| m.content_type.as_deref()),
            properties: &msg.properties,
        };
        let mut out = Vec::new();
        for (i, s) in t.subs.iter().enumerate() {
            let r = route(s.rules.iter().map(|(n, r)| (n.as_str(), r)), &fields);
            let needs_session =
                self.worlds[&s.path].queue().config().requires_session && msg.session_id.is_none();
            let session_dl = || {
                needs_session.then(|| DeadLetterCause::Explicit {
                    reason: Some(SESSION_NULL_REASON.into()),
                    description: Some(SESSION_NULL_DESCRIPTION.into()),
                })
            };
            if r.plain {
                out.push((i, None, session_dl()));
            }
            for a in &r.actions {
                out.push((i, Some(Text::from(*a)), session_dl()));
            }
            if let Some(rule) = r.failed
                && s.dead_letter_on_filter_exceptions
            {
                out.push((
                    i,
                    None,
                    Some(DeadLetterCause::Explicit {
                        reason: Some(FILTER_EXCEPTION_REASON.into()),
                        description: Some(filter_exception_description(rule).as_str().into()),
                    }),
                ));
            }
        }
        out
    }

    /// Routes an accepted message (`topics.md` §4, format E1): `published`, then each copy.
    fn fan_out(&mut self, now: Instant, topic: &Text, seq: u64, by: &str, msg: NewMessage) {
        let t = &self.topics[topic];
        let copies = self.copies(t, &msg);
        let mut names: Vec<Text> = Vec::new();
        for (i, _, _) in &copies {
            let n = &t.subs[*i].name;
            if names.last() != Some(n) {
                names.push(n.clone());
            }
        }
        let ttl = match (msg.ttl, t.config.default_ttl) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let paths: Vec<Text> = t.subs.iter().map(|s| s.path.clone()).collect();
        self.push(
            topic,
            EventKind::Published {
                seq,
                id: msg.id.clone(),
                subscriptions: names,
            },
        );
        for (i, rule, dl) in copies {
            let path = &paths[i];
            let props = match &rule {
                None => msg.properties.clone(),
                Some(r) => {
                    let action = self.topics[topic].subs[i].rules[&**r]
                        .action()
                        .expect("invariant: an action copy's rule has an action");
                    Rc::new(action.copy_properties(r, &msg.properties).as_ref().clone())
                }
            };
            let mut meta = msg.meta.as_deref().cloned().unwrap_or_default();
            meta.topic_seq = Some(seq);
            let copy = NewMessage {
                id: msg.id.clone(),
                body: msg.body.clone(),
                size_bytes: msg.size_bytes,
                ttl,
                session_id: msg.session_id.clone(),
                properties: props,
                scheduled_enqueue: None,
                meta: Some(Rc::new(meta)),
            };
            let w = self.worlds.get_mut(path).expect("invariant: exists");
            let client = w.client(by);
            w.queue_mut().enqueue_copy(now, client, copy, dl);
            let of = CopyOf {
                topic_seq: seq,
                rule,
            };
            let path = path.clone();
            self.drain(&path, Some(&of));
        }
    }

    /// `update_entity`, `add_rule`, `remove_rule` on an entity (format §4, `topics.md` §7.1, §9).
    ///
    /// # Errors
    /// `InvalidOperation` for a refused update, `MessagingEntityAlreadyExists` /
    /// `MessagingEntityNotFound` for rules.
    pub fn entity_op(
        &mut self,
        now: Instant,
        entity: &str,
        by: &str,
        op: EntityOp,
    ) -> Result<Outcome, Error> {
        self.advance_to(now);
        let path: Text = entity.into();
        match op {
            EntityOp::Update {
                patch,
                filter_exceptions,
            } => {
                if let Some(t) = self.topics.get_mut(entity) {
                    let cfg = patch.apply(&t.config);
                    if cfg.duplicate_detection_window.is_some()
                        != t.config.duplicate_detection_window.is_some()
                    {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "Duplicate detection cannot be enabled or disabled after the topic is created; only its window can change.",
                        ));
                    }
                    if cfg.tier != t.config.tier {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "The tier of a topic cannot change.",
                        ));
                    }
                    t.config = cfg;
                    return Ok(Outcome::Done);
                }
                let r = self.apply(now, entity, by, Op::UpdateQueue(patch));
                if r.is_ok()
                    && let Some(f) = filter_exceptions
                    && let Some(s) = self.sub_mut(entity)
                {
                    s.dead_letter_on_filter_exceptions = f;
                }
                r
            }
            EntityOp::AddRule { name, rule } => {
                let s = self.sub_mut(&path).ok_or_else(|| not_found(entity))?;
                if s.rules.keys().any(|k| k.eq_ignore_ascii_case(&name)) {
                    return Err(Error::new(
                        ErrorKind::MessagingEntityAlreadyExists,
                        format!("The rule '{name}' already exists on '{entity}'."),
                    ));
                }
                s.rules.insert(String::from(&*name), rule);
                Ok(Outcome::Done)
            }
            EntityOp::RemoveRule { name } => {
                let s = self.sub_mut(&path).ok_or_else(|| not_found(entity))?;
                let key = s
                    .rules
                    .keys()
                    .find(|k| k.eq_ignore_ascii_case(&name))
                    .cloned()
                    .ok_or_else(|| {
                        Error::new(
                            ErrorKind::MessagingEntityNotFound,
                            format!("The rule '{name}' could not be found on '{entity}'."),
                        )
                    })?;
                s.rules.remove(&key);
                Ok(Outcome::Done)
            }
        }
    }

    fn sub_mut(&mut self, path: &str) -> Option<&mut Sub> {
        self.topics
            .values_mut()
            .flat_map(|t| t.subs.iter_mut())
            .find(|s| &*s.path == path)
    }

    /// The rules of a subscription, by name.
    #[must_use]
    pub fn rules(&self, path: &str) -> Option<&BTreeMap<String, Rule>> {
        self.topics
            .values()
            .flat_map(|t| t.subs.iter())
            .find(|s| &*s.path == path)
            .map(|s| &s.rules)
    }
}

fn not_found(entity: &str) -> Error {
    Error::new(
        ErrorKind::MessagingEntityNotFound,
        format!("The messaging entity '{entity}' could not be found."),
    )
}
