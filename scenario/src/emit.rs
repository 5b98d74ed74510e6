//! Writing scenarios: an operation as a script step, and a whole scenario document.
//! The playground records what a person does through these, so a recording replays exactly.

use crate::props::props;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{Map, Value};
use settle_core::LinkOptions;
use settle_core::namespace::EntityOp;
use settle_core::{NewMessage, ReceiveMode, SubQueue};
use settle_core::{Op, Target};
use settle_core::{QueueConfig, QueuePatch};

fn put(m: &mut Map<String, Value>, k: &str, v: impl Into<Value>) {
    m.insert(k.into(), v.into());
}

fn message(m: &mut Map<String, Value>, msg: &NewMessage) {
    put(m, "id", msg.id.to_string());
    put(m, "body", msg.body.to_string());
    if msg.size_bytes != msg.body.len() as u64 {
        put(m, "size_bytes", msg.size_bytes);
    }
    if let Some(t) = msg.ttl {
        put(m, "ttl_ms", t.as_millis());
    }
    if let Some(s) = &msg.session_id {
        put(m, "session_id", s.to_string());
    }
    if !msg.properties.is_empty() {
        m.insert("properties".into(), props(&msg.properties));
    }
    if let Some(t) = msg.scheduled_enqueue {
        put(m, "scheduled_enqueue_ms", t.as_millis());
    }
    if let Some(meta) = &msg.meta {
        for (k, v) in meta.texts() {
            if let Some(v) = v {
                put(m, k, v.to_string());
            }
        }
    }
}

fn mode(m: &mut Map<String, Value>, mode: Option<ReceiveMode>) {
    if let Some(x) = mode {
        put(m, "mode", x.name());
    }
}

fn from(m: &mut Map<String, Value>, sub: SubQueue) {
    if sub == SubQueue::DeadLetter {
        put(m, "from", sub.name());
    }
}

fn target(m: &mut Map<String, Value>, t: &Target) {
    match t {
        Target::Id(id) => put(m, "msg", id.to_string()),
        Target::Seq(s) => put(m, "seq", *s),
    }
}

/// The `queue` keys of a patch (only the keys it sets).
#[must_use]
pub fn patch_value(p: &QueuePatch) -> Value {
    let mut m = Map::new();
    let opt =
        |d: Option<settle_core::Duration>| d.map_or(Value::Null, |d| Value::from(d.as_millis()));
    if let Some(d) = p.lock_duration {
        put(&mut m, "lock_duration_ms", d.as_millis());
    }
    if let Some(n) = p.max_delivery_count {
        put(&mut m, "max_delivery_count", n);
    }
    if let Some(t) = p.default_ttl {
        m.insert("default_ttl_ms".into(), opt(t));
    }
    if let Some(b) = p.dead_letter_on_expiration {
        put(&mut m, "dead_letter_on_expiration", b);
    }
    if let Some(w) = p.duplicate_detection_window {
        m.insert("duplicate_detection_window_ms".into(), opt(w));
    }
    if let Some(b) = p.requires_session {
        put(&mut m, "requires_session", b);
    }
    if let Some(t) = p.tier {
        put(&mut m, "tier", t.name());
    }
    if let Some(n) = p.max_size_bytes {
        put(&mut m, "max_size_bytes", n);
    }
    Value::Object(m)
}

/// Every `queue` key of a configuration.
#[must_use]
pub fn config_value(c: &QueueConfig) -> Value {
    patch_value(&QueuePatch {
        lock_duration: Some(c.lock_duration),
        max_delivery_count: Some(c.max_delivery_count),
        default_ttl: Some(c.default_ttl),
        dead_letter_on_expiration: Some(c.dead_letter_on_expiration),
        duplicate_detection_window: Some(c.duplicate_detection_window),
        requires_session: Some(c.requires_session),
        tier: Some(c.tier),
        max_size_bytes: Some(c.max_size_bytes),
    })
}

/// The scenario format's name of an operation (a step's `do`).
#[must_use]
pub fn op_name(op: &Op) -> &'static str {
    match op {
        Op::Send { .. } => "send",
        Op::Schedule { .. } => "schedule",
        Op::CancelScheduled { .. } => "cancel_scheduled",
        Op::Receive { .. } => "receive",
        Op::ReceiveDeferred { .. } => "receive_deferred",
        Op::Peek { .. } => "peek",
        Op::Complete { .. } => "complete",
        Op::Abandon { .. } => "abandon",
        Op::DeadLetter { .. } => "dead_letter",
        Op::Defer { .. } => "defer",
        Op::RenewLock { .. } => "renew_lock",
        Op::Open(_) => "open",
        Op::Close => "close",
        Op::AcceptSession { .. } => "accept_session",
        Op::RenewSessionLock => "renew_session_lock",
        Op::SetSessionState { .. } => "set_session_state",
        Op::GetSessionState => "get_session_state",
        Op::Disconnect => "disconnect",
        Op::UpdateQueue(_) => "update_queue",
        Op::Entity { op, .. } => match op {
            EntityOp::Update { .. } => "update_entity",
            EntityOp::AddRule { .. } => "add_rule",
            EntityOp::RemoveRule { .. } => "remove_rule",
        },
    }
}

/// One script step: `{"at_ms", "do", "by", …}`; parsing it gives back the same operation.
#[must_use]
pub fn step_value(at_ms: u64, by: &str, op: &Op) -> Value {
    let mut m = Map::new();
    put(&mut m, "at_ms", at_ms);
    let name = op_name(op);
    put(&mut m, "do", name);
    put(&mut m, "by", by);
    match op {
        Op::Send { msg, presettled } => {
            message(&mut m, msg);
            if *presettled {
                put(&mut m, "presettled", true);
            }
        }
        Op::Schedule { msg } => message(&mut m, msg),
        Op::CancelScheduled { seq } => put(&mut m, "seq", *seq),
        Op::Receive {
            max,
            mode: md,
            from: f,
        } => {
            if *max != 1 {
                put(&mut m, "max", *max);
            }
            mode(&mut m, *md);
            from(&mut m, *f);
        }
        Op::ReceiveDeferred {
            seqs,
            mode: md,
            from: f,
        } => {
            m.insert(
                "seqs".into(),
                Value::Array(seqs.iter().map(|&s| Value::from(s)).collect()),
            );
            mode(&mut m, *md);
            from(&mut m, *f);
        }
        Op::Peek {
            max,
            from_seq,
            from: f,
        } => {
            if *max != 1 {
                put(&mut m, "max", *max);
            }
            if let Some(s) = from_seq {
                put(&mut m, "from_seq", *s);
            }
            from(&mut m, *f);
        }
        Op::Complete { target: t } | Op::RenewLock { target: t } => target(&mut m, t),
        Op::Abandon {
            target: t,
            properties,
        }
        | Op::Defer {
            target: t,
            properties,
        } => {
            target(&mut m, t);
            if let Some(p) = properties {
                m.insert("properties".into(), props(p));
            }
        }
        Op::DeadLetter {
            target: t,
            reason,
            description,
            properties,
        } => {
            target(&mut m, t);
            if let Some(r) = reason {
                put(&mut m, "reason", r.to_string());
            }
            if let Some(d) = description {
                put(&mut m, "description", d.to_string());
            }
            if let Some(p) = properties {
                m.insert("properties".into(), props(p));
            }
        }
        Op::Open(LinkOptions {
            mode: md,
            from: f,
            prefetch,
        }) => {
            if *prefetch != 0 {
                put(&mut m, "prefetch", *prefetch);
            }
            if *md != ReceiveMode::PeekLock {
                put(&mut m, "mode", md.name());
            }
            from(&mut m, *f);
        }
        Op::AcceptSession { session_id } => {
            if let Some(s) = session_id {
                put(&mut m, "session_id", s.to_string());
            }
        }
        Op::SetSessionState { state } => {
            m.insert(
                "state".into(),
                state
                    .as_ref()
                    .map_or(Value::Null, |s| Value::String(s.to_string())),
            );
        }
        Op::UpdateQueue(p) => {
            m.insert("set".into(), patch_value(p));
        }
        Op::Entity { entity, op } => {
            put(&mut m, "entity", entity.to_string());
            match op {
                EntityOp::Update {
                    patch,
                    filter_exceptions,
                } => {
                    let mut set = patch_value(patch);
                    if let (Some(f), Value::Object(s)) = (filter_exceptions, &mut set) {
                        s.insert(
                            "dead_letter_on_filter_evaluation_exceptions".into(),
                            (*f).into(),
                        );
                    }
                    m.insert("set".into(), set);
                }
                EntityOp::AddRule { name, rule } => {
                    put(&mut m, "rule", name.to_string());
                    if let Value::Object(r) = crate::rules::rule_to_value(rule) {
                        m.extend(r);
                    }
                }
                EntityOp::RemoveRule { name } => put(&mut m, "rule", name.to_string()),
            }
        }
        Op::Close | Op::Disconnect | Op::RenewSessionLock | Op::GetSessionState => {}
    }
    Value::Object(m)
}

/// The sub-queue a receive-side operation names with its receive path (`from`), for the ops
/// that take one (`scenario-format-entities.md` §2); `None` for the others (sends, and the
/// settlement, `close` and `disconnect` that act on the client's receive entity).
#[must_use]
pub fn receive_path(op: &Op) -> Option<SubQueue> {
    match op {
        Op::Receive { from, .. } | Op::ReceiveDeferred { from, .. } | Op::Peek { from, .. } => {
            Some(*from)
        }
        Op::Open(LinkOptions { from, .. }) => Some(*from),
        Op::AcceptSession { .. }
        | Op::RenewSessionLock
        | Op::SetSessionState { .. }
        | Op::GetSessionState => Some(SubQueue::Main),
        _ => None,
    }
}

/// One script step of a document with `entities` (`scenario-format-entities.md` §2): as
/// [`step_value`], addressed to `entity`. A send-side step names it in `to`; a receive-side
/// step that takes a receive path names it in `from` (with `/$deadletterqueue` for the
/// dead-letter sub-queue); settlement, `close` and `disconnect` take no address (they act on
/// the client's receive entity). Without an entity it is [`step_value`].
#[must_use]
pub fn addressed_step_value(at_ms: u64, by: &str, op: &Op, entity: Option<&str>) -> Value {
    let mut v = step_value(at_ms, by, op);
    let (Some(e), Value::Object(m)) = (entity, &mut v) else {
        return v;
    };
    if matches!(
        op,
        Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. }
    ) {
        put(m, "to", e);
        return v;
    }
    let Some(sub) = receive_path(op) else {
        return v;
    };
    let path = match sub {
        SubQueue::Main => e.to_string(),
        SubQueue::DeadLetter => alloc::format!("{e}/$deadletterqueue"),
    };
    put(m, "from", path);
    v
}

/// A whole scenario document (pretty-printed JSON).
#[must_use]
pub fn scenario_text(
    title: &str,
    description: &str,
    seed: u64,
    queue: &QueueConfig,
    run_until_ms: u64,
    script: Vec<Value>,
    actors: &Value,
) -> String {
    document_text(
        title,
        description,
        seed,
        Err(queue),
        run_until_ms,
        script,
        actors,
    )
}

/// As [`scenario_text`], with either the `entities` object as written or the queue.
pub(crate) fn document_text(
    title: &str,
    description: &str,
    seed: u64,
    entities_or_queue: Result<&Value, &QueueConfig>,
    run_until_ms: u64,
    script: Vec<Value>,
    actors: &Value,
) -> String {
    let mut m = Map::new();
    put(&mut m, "settle", 1);
    put(&mut m, "title", title);
    if !description.is_empty() {
        put(&mut m, "description", description);
    }
    put(&mut m, "seed", seed);
    match entities_or_queue {
        Ok(entities) => m.insert("entities".into(), entities.clone()),
        Err(queue) => m.insert("queue".into(), config_value(queue)),
    };
    put(&mut m, "run_until_ms", run_until_ms);
    m.insert("script".into(), Value::Array(script));
    if actors.as_array().is_some_and(|a| !a.is_empty()) {
        m.insert("actors".into(), actors.clone());
    }
    serde_json::to_string_pretty(&Value::Object(m))
        .expect("invariant: a JSON value always serializes")
}
