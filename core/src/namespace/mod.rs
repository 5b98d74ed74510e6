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
//!
//! The [`Namespace`] type lives here with its declarations, its construction and its getters;
//! each part of its behaviour has a file of its own:
//! - `drive`: the clock and the event queue: deadlines instant by instant, topic activations,
//!   draining each world's events (`topics.md` §2.3, format E2, E3);
//! - `ops`: client operations on an entity; sends, schedules and cancels on a topic
//!   (`topics.md` §2, §2.5, §5);
//! - `fan_out`: routing by the subscriptions' rules, action copies and dead-letter copies
//!   (`topics.md` §4, §8.3, format E1);
//! - `entities`: `update_entity`, `add_rule`, `remove_rule` (`topics.md` §7.1, §9).

mod drive;
mod entities;
mod fan_out;
mod ops;

use crate::config::QueueConfig;
use crate::error::{Error, ErrorKind};
use crate::event::Event;
use crate::filter::Rule;
use crate::message::{ClientId, MessageState, MessageView, NewMessage, SubQueue, Text};
use crate::queue::DupWindow;
use crate::time::Instant;
pub use crate::world::EntityOp;
use crate::world::World;
use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::format;
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
