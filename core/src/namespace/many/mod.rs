//! A namespace of several entities: the queues and subscriptions as worlds of their own, the
//! topics with their scheduled messages, duplicate window and subscriptions' rules. Each part of
//! its behaviour has a file of its own:
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

use super::{
    CopyOf, Entities, EntitySpec, NsEvent, SESSION_NULL_DESCRIPTION, SESSION_NULL_REASON,
    not_found, subscription_path,
};
use crate::config::QueueConfig;

use crate::filter::Rule;
use crate::message::{ClientId, MessageState, MessageView, NewMessage, SubQueue, Text};
use crate::queue::DupWindow;
use crate::time::Instant;
use crate::world::{EntityOp, World};
use alloc::collections::{BTreeMap, BTreeSet, VecDeque};

use alloc::string::String;
use alloc::vec::Vec;

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
pub(super) struct Many {
    now: Instant,
    /// Queues and subscriptions by path.
    worlds: BTreeMap<Text, World>,
    topics: BTreeMap<Text, Topic>,
    events: VecDeque<NsEvent>,
}

impl Many {
    /// A namespace with these entities, empty, at time zero.
    ///
    /// # Errors
    /// A configuration out of range (a validated scenario has none).
    pub(crate) fn new(entities: &Entities, seed: u64) -> Result<Self, crate::ConfigError> {
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
    pub(crate) fn now(&self) -> Instant {
        self.now
    }

    /// The world (clients and queue) of a queue or subscription, or the client table of a
    /// topic (its queue is always empty): what resolves the client ids of its events.
    #[must_use]
    pub(crate) fn world(&self, entity: &str) -> Option<&World> {
        self.worlds
            .get(entity)
            .or_else(|| self.topics.get(entity).map(|t| &t.clients))
    }

    /// The world of a queue or subscription, mutably.
    pub(crate) fn world_mut(&mut self, entity: &str) -> Option<&mut World> {
        self.worlds.get_mut(entity)
    }

    /// How many messages its queues and subscriptions hold.
    pub(crate) fn held(&self) -> usize {
        self.worlds.values().map(|w| w.queue().len()).sum()
    }

    /// Every entity path (queues, topics, subscriptions), in ascending byte order.
    #[must_use]
    pub(crate) fn paths(&self) -> Vec<Text> {
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
    pub(crate) fn is_topic(&self, entity: &str) -> bool {
        self.topics.contains_key(entity)
    }

    /// The scheduled messages a topic holds, in sequence-number order.
    #[must_use]
    pub(crate) fn topic_scheduled(&self, topic: &str) -> Vec<MessageView> {
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

    fn size_of(&self, t: &Topic) -> u64 {
        t.subs.iter().fold(t.scheduled_bytes, |acc, s| {
            acc.saturating_add(self.worlds[&s.path].queue().size_bytes())
        })
    }
}
