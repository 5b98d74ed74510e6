//! Several entities in one namespace (docs/topics.md): queues, topics and their
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
//! A document without `entities` is a namespace of one queue: exactly that queue's [`World`],
//! driven as the world drives itself (its own order of deadlines at one instant). Several
//! entities (`many`) need the `entities` feature; without it their code is not compiled (the
//! embeds' viewer runs one queue only).

#[cfg(feature = "entities")]
mod many;

use crate::config::{ConfigError, QueueConfig};
use crate::error::Error;
use crate::event::Event;
use crate::filter::Rule;
use crate::message::{MessageView, Text};
use crate::time::Instant;
pub use crate::world::EntityOp;
use crate::world::{Op, Outcome, World};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
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

/// The broker of one document: its one queue, or (feature `entities`) its queues, topics and
/// subscriptions, driven as one (the drive loop of [`Queue`](crate::Queue): `poll_timeout`,
/// `advance_to`, commands, `poll_event`).
#[derive(Clone, Debug)]
pub struct Namespace(Space);

#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "entities",
    expect(
        clippy::large_enum_variant,
        reason = "a run holds one namespace; boxing the common one-queue case would only add an indirection"
    )
)]
enum Space {
    /// One queue: its world, and its path (empty) for the events.
    One { world: World, path: Text },
    #[cfg(feature = "entities")]
    Many(many::Many),
}

impl Namespace {
    /// A namespace of one queue of this configuration, its world seeded with `seed`: the same
    /// queue as `World::new(config, seed)`, whose events name the entity `""`.
    ///
    /// # Errors
    /// A configuration out of range.
    pub fn one_queue(config: QueueConfig, seed: u64) -> Result<Self, ConfigError> {
        Ok(Self(Space::One {
            world: World::new(config, seed)?,
            path: Text::from(""),
        }))
    }

    /// A namespace with these entities, empty, at time zero.
    ///
    /// # Errors
    /// A configuration out of range (a validated scenario has none).
    #[cfg(feature = "entities")]
    pub fn new(entities: &Entities, seed: u64) -> Result<Self, ConfigError> {
        Ok(Self(Space::Many(many::Many::new(entities, seed)?)))
    }

    /// The one queue's world, when this is a namespace of one queue.
    #[must_use]
    pub fn the_queue(&self) -> Option<&World> {
        match &self.0 {
            Space::One { world, .. } => Some(world),
            #[cfg(feature = "entities")]
            Space::Many(_) => None,
        }
    }

    /// The latest instant seen.
    #[must_use]
    pub fn now(&self) -> Instant {
        match &self.0 {
            Space::One { world, .. } => world.queue().now(),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.now(),
        }
    }

    /// The world (clients and queue) of a queue or subscription, or the client table of a
    /// topic (its queue is always empty): what resolves the client ids of its events. The one
    /// queue's path is `""`.
    #[must_use]
    pub fn world(&self, entity: &str) -> Option<&World> {
        match &self.0 {
            Space::One { world, path } => (**path == *entity).then_some(world),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.world(entity),
        }
    }

    /// The world of a queue or subscription, mutably.
    pub fn world_mut(&mut self, entity: &str) -> Option<&mut World> {
        match &mut self.0 {
            Space::One { world, path } => (**path == *entity).then_some(world),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.world_mut(entity),
        }
    }

    /// Every entity path (queues, topics, subscriptions), in ascending byte order.
    #[must_use]
    pub fn paths(&self) -> Vec<Text> {
        match &self.0 {
            Space::One { path, .. } => vec![path.clone()],
            #[cfg(feature = "entities")]
            Space::Many(m) => m.paths(),
        }
    }

    /// Whether `entity` names a topic.
    #[must_use]
    pub fn is_topic(&self, entity: &str) -> bool {
        match &self.0 {
            Space::One { .. } => {
                let _ = entity;
                false
            }
            #[cfg(feature = "entities")]
            Space::Many(m) => m.is_topic(entity),
        }
    }

    /// The scheduled messages a topic holds, in sequence-number order.
    #[must_use]
    pub fn topic_scheduled(&self, topic: &str) -> Vec<MessageView> {
        match &self.0 {
            Space::One { .. } => {
                let _ = topic;
                Vec::new()
            }
            #[cfg(feature = "entities")]
            Space::Many(m) => m.topic_scheduled(topic),
        }
    }

    /// How many messages its queues and subscriptions hold (all sub-queues, scheduled
    /// included, as [`Queue::len`](crate::Queue::len)); a topic's own scheduled messages aside.
    #[must_use]
    pub fn held(&self) -> usize {
        match &self.0 {
            Space::One { world, .. } => world.queue().len(),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.held(),
        }
    }

    /// The next instant a deadline is due anywhere.
    #[must_use]
    pub fn poll_timeout(&self) -> Option<Instant> {
        match &self.0 {
            Space::One { world, .. } => world.queue().poll_timeout(),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.poll_timeout(),
        }
    }

    /// Fires every deadline up to `now`: one queue as [`World::advance_to`]; several entities
    /// instant by instant in the order of the module docs.
    pub fn advance_to(&mut self, now: Instant) {
        match &mut self.0 {
            Space::One { world, .. } => world.advance_to(now),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.advance_to(now),
        }
    }

    /// The next event, if any.
    pub fn poll_event(&mut self) -> Option<NsEvent> {
        match &mut self.0 {
            Space::One { world, path } => world.queue_mut().poll_event().map(|event| NsEvent {
                entity: path.clone(),
                event,
                copy: None,
            }),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.poll_event(),
        }
    }

    /// Moves what happened in a queue or subscription's world, driven from outside through
    /// [`world_mut`](Self::world_mut), into this namespace's events (the one queue's events
    /// are its world's already).
    pub fn collect(&mut self, entity: &str) {
        match &mut self.0 {
            Space::One { .. } => {
                let _ = entity;
            }
            #[cfg(feature = "entities")]
            Space::Many(m) => m.collect(entity),
        }
    }

    /// Runs one client operation on an entity at `now`: on the one queue exactly
    /// [`World::apply`]; with several entities, sends and cancels may name a queue or a topic,
    /// everything else a queue or a subscription (the scenario validates this).
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
        match &mut self.0 {
            Space::One { world, path } if **path == *entity => world.apply(now, by, op),
            Space::One { .. } => Err(not_found(entity)),
            #[cfg(feature = "entities")]
            Space::Many(m) => m.apply(now, entity, by, op),
        }
    }

    /// `update_entity`, `add_rule`, `remove_rule` on an entity (format §4, `topics.md` §7.1, §9).
    ///
    /// # Errors
    /// `InvalidOperation` for a refused update, `MessagingEntityAlreadyExists` /
    /// `MessagingEntityNotFound` for rules.
    #[cfg(feature = "entities")]
    pub fn entity_op(
        &mut self,
        now: Instant,
        entity: &str,
        by: &str,
        op: EntityOp,
    ) -> Result<Outcome, Error> {
        match &mut self.0 {
            Space::One { .. } => Err(not_found(entity)),
            Space::Many(m) => m.entity_op(now, entity, by, op),
        }
    }
}

fn not_found(entity: &str) -> Error {
    Error::new(
        crate::error::ErrorKind::MessagingEntityNotFound,
        format!("The messaging entity '{entity}' could not be found."),
    )
}
