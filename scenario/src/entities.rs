//! The `entities` extension of the scenario format (`scenario-format-entities.md`): the
//! declaration of queues, topics, subscriptions and rules, and the addresses steps give
//! (`to`, `from`, `entity`).
//!
//! Without the `entities` feature no document declares entities (the parser refuses the key),
//! so only the address checks run, and the declaration's parsing is left out.
#![cfg_attr(not(feature = "entities"), allow(dead_code, unused_imports))]

use super::parse::queue::queue_patch;
use super::read::{Obj, R, err_said, wrong_type};
use crate::rules::{key_path, object, rules_from_value, same_names};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use serde_json::{Map, Value};
use settle_core::filter::Rule;
use settle_core::namespace::{Entities, EntitySpec, SubscriptionSpec, TopicSpec};
use settle_core::{QueueConfig, QueuePatch, Tier};
use settle_core::{SubQueue, Text};

/// The keys of a queue entity (besides `type`).
const QUEUE_KEYS: [&str; 8] = [
    "lock_duration_ms",
    "max_delivery_count",
    "default_ttl_ms",
    "dead_letter_on_expiration",
    "duplicate_detection_window_ms",
    "requires_session",
    "tier",
    "max_size_bytes",
];
/// The settings of a topic.
const TOPIC_KEYS: [&str; 4] = [
    "default_ttl_ms",
    "duplicate_detection_window_ms",
    "tier",
    "max_size_bytes",
];
/// The settings of a subscription that a queue has too.
const SUBSCRIPTION_KEYS: [&str; 5] = [
    "lock_duration_ms",
    "max_delivery_count",
    "default_ttl_ms",
    "dead_letter_on_expiration",
    "requires_session",
];
const FILTER_EXCEPTIONS: &str = "dead_letter_on_filter_evaluation_exceptions";

/// Every key of the object at `path` is one of `allowed`, else `<path>.<key>: unknown key`.
fn only_keys(path: &str, map: &Map<String, Value>, allowed: &[&str]) -> R<()> {
    match map.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => err_said(&key_path(path, k), "unknown key", "unknown-key-here", &[]),
        None => Ok(()),
    }
}

fn name_chars(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// A queue or topic name: 1–260 characters from `A–Z a–z 0–9 . - _`, starting with a letter
/// or digit; not `main` or `dead_letter`.
fn entity_name(path: &str, name: &str) -> R<()> {
    let ok = (1..=260).contains(&name.chars().count())
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name_chars(name);
    if !ok {
        return err_said(path, "invalid entity name", "entity-name", &[]);
    }
    if name == "main" || name == "dead_letter" {
        return err_said(
            path,
            format!("\"{name}\" is a reserved name"),
            "reserved-name",
            &[("name", &name)],
        );
    }
    Ok(())
}

/// A subscription name: 1–50 characters from `A–Z a–z 0–9 . - _`.
fn subscription_name(path: &str, name: &str) -> R<()> {
    if (1..=50).contains(&name.chars().count()) && name_chars(name) {
        Ok(())
    } else {
        err_said(path, "invalid subscription name", "subscription-name", &[])
    }
}

fn config(path: &str, v: &Value, base: &QueueConfig) -> R<QueueConfig> {
    let mut o = Obj::new(path, v)?;
    let patch = queue_patch(&mut o)?;
    let cfg = patch.apply(base);
    cfg.validate()
        .map_err(|e| crate::read::config_error(path, e))?;
    Ok(cfg)
}

fn bool_key(path: &str, map: &Map<String, Value>, key: &str) -> R<Option<bool>> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(v) => wrong_type(&key_path(path, key), "boolean", v),
    }
}

fn subscription(path: &str, v: &Value, topic: &QueueConfig) -> R<SubscriptionSpec> {
    let map = object(path, v)?;
    let mut allowed = SUBSCRIPTION_KEYS.to_vec();
    allowed.extend([FILTER_EXCEPTIONS, "rules"]);
    only_keys(path, map, &allowed)?;
    let base = QueueConfig {
        tier: topic.tier,
        ..QueueConfig::default()
    };
    let config = config(path, v, &base)?;
    let rules = match map.get("rules") {
        None => {
            let mut r = BTreeMap::new();
            r.insert(Rule::DEFAULT_NAME.to_string(), Rule::default_rule());
            r
        }
        Some(v) => rules_from_value(&format!("{path}.rules"), v)?,
    };
    Ok(SubscriptionSpec {
        config,
        dead_letter_on_filter_evaluation_exceptions: bool_key(path, map, FILTER_EXCEPTIONS)?
            .unwrap_or(true),
        rules,
    })
}

/// Reads `$.entities`.
///
/// # Errors
/// The first problem, with its JSON path (`scenario-format-entities.md` §7).
pub(super) fn entities(v: &Value) -> R<Entities> {
    let path = "$.entities";
    let map = object(path, v)?;
    if map.is_empty() {
        return err_said(path, "declares no entity", "no-entities", &[]);
    }
    for name in map.keys() {
        entity_name(&key_path(path, name), name)?;
    }
    same_names(path, map)?;
    let mut out = Entities::new();
    for (name, e) in map {
        let at = key_path(path, name);
        let emap = object(&at, e)?;
        let kind = match emap.get("type") {
            None => return err_said(&format!("{at}.type"), "missing", "missing", &[]),
            Some(Value::String(s)) => s.as_str(),
            Some(other) => {
                return wrong_type(&format!("{at}.type"), "string", other);
            }
        };
        let spec = match kind {
            "queue" => {
                let mut allowed = QUEUE_KEYS.to_vec();
                allowed.push("type");
                only_keys(&at, emap, &allowed)?;
                EntitySpec::Queue(config(&at, e, &QueueConfig::default())?)
            }
            "topic" => {
                let mut allowed = TOPIC_KEYS.to_vec();
                allowed.extend(["type", "subscriptions"]);
                only_keys(&at, emap, &allowed)?;
                if emap.get("tier").and_then(Value::as_str) == Some("basic") {
                    return err_said(
                        &format!("{at}.tier"),
                        "\"basic\" has no topics",
                        "basic-no-topics",
                        &[],
                    );
                }
                let cfg = config(&at, e, &QueueConfig::default())?;
                let mut subscriptions = BTreeMap::new();
                if let Some(subs) = emap.get("subscriptions") {
                    let sp = format!("{at}.subscriptions");
                    let smap = object(&sp, subs)?;
                    for sname in smap.keys() {
                        subscription_name(&key_path(&sp, sname), sname)?;
                    }
                    same_names(&sp, smap)?;
                    for (sname, s) in smap {
                        subscriptions
                            .insert(sname.clone(), subscription(&key_path(&sp, sname), s, &cfg)?);
                    }
                }
                EntitySpec::Topic(TopicSpec {
                    config: cfg,
                    subscriptions,
                })
            }
            other => {
                return err_said(
                    &format!("{at}.type"),
                    format!("\"{other}\" is not an entity type (queue, topic)"),
                    "not-entity-type",
                    &[("value", &other)],
                );
            }
        };
        out.insert(name.clone(), spec);
    }
    Ok(out)
}

/// The settings `update_entity` may name for this entity, and the patch they make
/// (`topics.md` §9).
pub(super) fn update_set(
    path: &str,
    v: &Value,
    ents: &Entities,
    entity: &str,
) -> R<(QueuePatch, Option<bool>)> {
    let map = object(path, v)?;
    let (allowed, subscription): (&[&str], bool) = match kind_of(ents, entity) {
        Some(Kind::Queue) => (&QUEUE_KEYS, false),
        Some(Kind::Topic) => (&TOPIC_KEYS, false),
        Some(Kind::Subscription) => (&SUBSCRIPTION_KEYS, true),
        None => return err_said(path, "no such entity", "no-such-entity", &[]),
    };
    let mut keys = allowed.to_vec();
    if subscription {
        keys.push(FILTER_EXCEPTIONS);
    }
    only_keys(path, map, &keys)?;
    let mut o = Obj::new(path, v)?;
    let patch = queue_patch(&mut o)?;
    if patch.tier == Some(Tier::Basic) && matches!(kind_of(ents, entity), Some(Kind::Topic)) {
        return err_said(
            &format!("{path}.tier"),
            "\"basic\" has no topics",
            "basic-no-topics",
            &[],
        );
    }
    let f = if subscription {
        bool_key(path, map, FILTER_EXCEPTIONS)?
    } else {
        None
    };
    Ok((patch, f))
}

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Queue,
    Topic,
    Subscription,
}

/// What `path` (without `/$deadletterqueue`) names among `ents`.
pub(super) fn kind_of(ents: &Entities, path: &str) -> Option<Kind> {
    if let Some(e) = ents.get(path) {
        return Some(match e {
            EntitySpec::Queue(_) => Kind::Queue,
            EntitySpec::Topic(_) => Kind::Topic,
        });
    }
    let (topic, sub) = settle_core::namespace::split_subscription(path)?;
    match ents.get(topic) {
        Some(EntitySpec::Topic(t)) if t.subscriptions.contains_key(sub) => Some(Kind::Subscription),
        _ => None,
    }
}

/// The settings of the queue or subscription at `path`, if it names one.
pub(super) fn receive_config<'a>(ents: &'a Entities, path: &str) -> Option<&'a QueueConfig> {
    if let Some(EntitySpec::Queue(c)) = ents.get(path) {
        return Some(c);
    }
    let (topic, sub) = settle_core::namespace::split_subscription(path)?;
    match ents.get(topic) {
        Some(EntitySpec::Topic(t)) => t.subscriptions.get(sub).map(|s| &s.config),
        _ => None,
    }
}

const DLQ: &str = "/$deadletterqueue";

/// A step's `to` (`send`, `schedule`, `cancel_scheduled`): the entity, `None` without
/// `entities`.
pub(super) fn to(o: &mut Obj<'_>, ents: Option<&Entities>) -> R<Option<Text>> {
    let at = o.at("to");
    let v = o.str("to")?;
    match (ents, v) {
        (None, None | Some("queue")) => Ok(None),
        (None, Some(s)) => err_said(
            &at,
            format!("no queue or topic named \"{s}\""),
            "no-queue-or-topic",
            &[("name", &s)],
        ),
        (Some(_), None) => err_said(&at, "missing", "missing", &[]),
        (Some(e), Some(s)) => match kind_of(e, s) {
            Some(Kind::Queue | Kind::Topic) => Ok(Some(s.into())),
            Some(Kind::Subscription) => err_said(
                &at,
                format!("\"{s}\" is a subscription; send to its topic"),
                "send-to-subscription",
                &[("name", &s)],
            ),
            None => err_said(
                &at,
                format!("no queue or topic named \"{s}\""),
                "no-queue-or-topic",
                &[("name", &s)],
            ),
        },
    }
}

/// A step's `from` (a receive path): the entity (`None` without `entities`) and sub-queue.
/// `dlq_allowed` is false on the session steps.
pub(super) fn from(
    o: &mut Obj<'_>,
    ents: Option<&Entities>,
    dlq_allowed: bool,
) -> R<(Option<Text>, SubQueue)> {
    let at = o.at("from");
    let v = o.str("from")?;
    let Some(e) = ents else {
        return match v {
            None | Some("main" | "queue") => Ok((None, SubQueue::Main)),
            Some("dead_letter") if dlq_allowed => Ok((None, SubQueue::DeadLetter)),
            Some("queue/$deadletterqueue") if dlq_allowed => Ok((None, SubQueue::DeadLetter)),
            Some(s) if dlq_allowed => err_said(
                &at,
                format!("\"{s}\" is not a sub-queue (main, dead_letter)"),
                "not-sub-queue",
                &[("value", &s)],
            ),
            Some(s) => err_said(
                &at,
                format!("\"{s}\" is not a session entity (queue)"),
                "not-session-entity",
                &[("value", &s)],
            ),
        };
    };
    let Some(s) = v else {
        return err_said(&at, "missing", "missing", &[]);
    };
    if s == "main" || s == "dead_letter" {
        return err_said(
            &at,
            format!("\"{s}\" is only valid without $.entities"),
            "only-without-entities",
            &[("name", &s)],
        );
    }
    let (path, sub) = match s.strip_suffix(DLQ) {
        Some(p) if dlq_allowed => (p, SubQueue::DeadLetter),
        Some(_) => {
            return err_said(
                &at,
                format!("\"{s}\": sessions are not read from a dead-letter queue"),
                "sessions-not-from-dlq",
                &[("name", &s)],
            );
        }
        None => (s, SubQueue::Main),
    };
    match kind_of(e, path) {
        Some(Kind::Queue | Kind::Subscription) => Ok((Some(path.into()), sub)),
        Some(Kind::Topic) => err_said(
            &at,
            format!("\"{path}\" is a topic; receive from \"{path}/subscriptions/<name>\""),
            "receive-from-topic",
            &[("topic", &path)],
        ),
        None => err_said(
            &at,
            format!("no queue or subscription named \"{path}\""),
            "no-queue-or-subscription",
            &[("name", &path)],
        ),
    }
}

/// A step's `entity` (`update_entity`, `add_rule`, `remove_rule`); `subscription_only` for
/// the rule ops.
pub(super) fn entity(
    o: &mut Obj<'_>,
    ents: Option<&Entities>,
    op: &str,
    subscription_only: bool,
) -> R<(Text, Kind)> {
    let Some(e) = ents else {
        return err_said(
            &o.at("do"),
            format!("{op} is only valid with $.entities"),
            "only-with-entities",
            &[("op", &op)],
        );
    };
    let at = o.at("entity");
    let Some(s) = o.str("entity")? else {
        return err_said(&at, "missing", "missing", &[]);
    };
    match kind_of(e, s) {
        Some(Kind::Subscription) => Ok((s.into(), Kind::Subscription)),
        Some(_) if subscription_only => err_said(
            &at,
            format!("\"{s}\" is not a subscription (\"<topic>/subscriptions/<name>\")"),
            "not-subscription",
            &[("name", &s)],
        ),
        Some(k) => Ok((s.into(), k)),
        None => err_said(
            &at,
            format!("no entity named \"{s}\""),
            "no-entity",
            &[("name", &s)],
        ),
    }
}
