//! The trace format v1 (scenario-format.md, "Trace"): each record a run produces (a step's
//! result, an actor's act, a broker event) as ordered JSON, and the final record.

#[cfg(feature = "entities")]
pub(crate) mod entities;

use crate::Step;
use crate::emit::step_value;
use crate::json::J;
use alloc::string::{String, ToString};
use settle_core::Error;
use settle_core::Instant;
use settle_core::Listing;
use settle_core::actors::ActorAct;
use settle_core::namespace::CopyOf;
use settle_core::{Event, EventKind};
use settle_core::{MessageView, Meta, PropValue, Text};
use settle_core::{Outcome, World};

/// A record as its trace line's JSON.
#[must_use]
pub fn record_json(w: &World, r: &Record<'_>) -> J {
    match *r {
        Record::Step {
            index,
            step,
            result,
        } => step_record(w, index, step, result),
        Record::Actor { act } => actor_record(w, act),
        Record::Event { event, step } => event_record(w, event, step),
    }
}

/// One thing a run produced, with the world that names its clients and, in a document with
/// `entities`, where it happened.
#[derive(Debug)]
pub struct Rec<'a> {
    /// The world of the entity (its clients' names; a topic's client table).
    pub world: &'a World,
    /// The step, actor action or broker event.
    pub record: Record<'a>,
    /// The queue, topic or subscription path; `None` in a document without `entities`, and for
    /// a step that addresses none.
    pub entity: Option<&'a Text>,
    /// On the `enqueued` of a subscription's copy: the topic's number and the action rule.
    pub copy: Option<&'a CopyOf>,
}

/// One thing a run produced, before it becomes a trace line.
#[derive(Debug)]
pub enum Record<'a> {
    /// A script step ran.
    Step {
        /// Its index in the script.
        index: usize,
        /// The step.
        step: &'a Step,
        /// What it returned.
        result: &'a Result<Outcome, Error>,
    },
    /// An automated actor did something.
    Actor {
        /// What.
        act: &'a ActorAct,
    },
    /// The broker did something.
    Event {
        /// What.
        event: &'a Event,
        /// The step that caused it, if any.
        step: Option<usize>,
    },
}

pub(crate) fn ms(t: Instant) -> J {
    J::U(t.as_millis())
}

fn opt_ms(t: Option<Instant>) -> J {
    t.map_or(J::Null, ms)
}

fn text(t: Option<&Text>) -> J {
    t.map_or(J::Null, |s| J::S(s.to_string()))
}

fn prop(v: &PropValue) -> J {
    match v {
        PropValue::Str(s) => J::S(s.to_string()),
        PropValue::Int(i) => J::I(*i),
        PropValue::Float(f) => J::F(*f),
        PropValue::Bool(b) => J::Bool(*b),
    }
}

/// A message record; `listed` adds `locked_by` (listings of the final record). The
/// correlation and reply keys appear only when set (a document without `entities`).
#[must_use]
pub fn message_record(world: &World, m: &MessageView, listed: bool) -> J {
    message_record_in(world, m, listed, false)
}

/// A message record; with `entities` every correlation and reply key and `topic_seq` appear,
/// null when not set (`scenario-format-entities.md` §5).
#[must_use]
pub fn message_record_in(world: &World, m: &MessageView, listed: bool, entities: bool) -> J {
    let mut j = J::obj()
        .with("id", &*m.id)
        .with("seq", m.seq)
        .with("body", J::T(m.body.clone()))
        .with("state", m.state.name())
        .with("delivery_count", m.delivery_count)
        .with("enqueued_at_ms", ms(m.enqueued_at))
        .with("expires_at_ms", opt_ms(m.expires_at))
        .with("locked_until_ms", opt_ms(m.locked_until))
        .with("lock_token", m.lock_token.map(|t| t.to_string()))
        .with("session_id", text(m.session_id.as_ref()))
        .with("dead_letter_reason", text(m.dead_letter_reason.as_ref()))
        .with(
            "dead_letter_description",
            text(m.dead_letter_description.as_ref()),
        )
        .with(
            "properties",
            J::O(
                m.properties
                    .iter()
                    .map(|(k, v)| (k.to_string(), prop(v)))
                    .collect(),
            ),
        );
    let none = Meta::default();
    let meta = m.meta.as_deref();
    for (k, v) in meta.unwrap_or(&none).texts() {
        if entities || v.is_some() {
            j.push(k, text(v));
        }
    }
    if entities {
        j.push("topic_seq", meta.and_then(|x| x.topic_seq));
    }
    if listed {
        j.push("locked_by", m.locked_by.map(|c| world.name(c)));
    }
    j
}

pub(crate) fn step_record(
    world: &World,
    idx: usize,
    step: &Step,
    result: &Result<Outcome, Error>,
) -> J {
    step_record_in(world, idx, step, result, false)
}

/// A step's record; with `entities`, an `entity` key after `by` when the step addresses one
/// (`to`, `from`, `entity`), and message records with every key.
pub(crate) fn step_record_in(
    world: &World,
    idx: usize,
    step: &Step,
    result: &Result<Outcome, Error>,
    entities: bool,
) -> J {
    let name = step.raw.get("do").and_then(|v| v.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(step.at))
        .with("step", idx)
        .with("do", name)
        .with("by", &*step.by);
    if entities
        && ["to", "from", "entity"]
            .iter()
            .any(|k| step.raw.get(k).is_some())
    {
        j.push("entity", step.entity.as_ref().map(|e| J::T(e.clone())));
    }
    match result {
        Ok(o) => {
            j.push("ok", true);
            match o {
                Outcome::Done => {}
                Outcome::Seq(s) => j.push("seq", *s),
                Outcome::Messages(ms) => j.push(
                    "messages",
                    J::A(
                        ms.iter()
                            .map(|m| message_record_in(world, m, false, entities))
                            .collect(),
                    ),
                ),
                Outcome::LockedUntil(t) => j.push("locked_until_ms", ms(*t)),
                Outcome::Session { id, locked_until } => {
                    j.push("session_id", &**id);
                    j.push("locked_until_ms", ms(*locked_until));
                }
                Outcome::State(s) => j.push("state", text(s.as_ref())),
            }
        }
        Err(e) => {
            j.push("ok", false);
            j.push("error", e.kind.name());
            j.push("message", e.text());
        }
    }
    j
}

/// The trace record of an automated actor's operation: like a step record, without `step`,
/// with `"actor": true`; a result nobody observes (fire-and-forget, presettled) is
/// `"observed": false` instead of `ok`.
#[must_use]
pub fn actor_record(world: &World, act: &ActorAct) -> J {
    actor_record_in(world, act, None)
}

/// An actor's record; in a document with `entities`, `entity` after `by` and message records
/// with every key.
pub(crate) fn actor_record_in(world: &World, act: &ActorAct, entity: Option<&Text>) -> J {
    let v = step_value(act.at.as_millis(), &act.by, &act.op);
    let name = v.get("do").and_then(|d| d.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(act.at))
        .with("actor", true)
        .with("do", name)
        .with("by", &*act.by);
    if let Some(e) = entity {
        j.push("entity", J::T(e.clone()));
    }
    if let Some(id) = v.get("id").and_then(|d| d.as_str()) {
        j.push("id", id);
    }
    if let Some(seq) = v.get("seq").and_then(serde_json::Value::as_u64) {
        j.push("seq", seq);
    }
    match &act.result {
        None => j.push("observed", false),
        Some(Ok(o)) => {
            j.push("ok", true);
            if let Outcome::Messages(ms) = o {
                j.push(
                    "messages",
                    J::A(
                        ms.iter()
                            .map(|m| message_record_in(world, m, false, entity.is_some()))
                            .collect(),
                    ),
                );
            }
            if let Outcome::LockedUntil(t) = o {
                j.push("locked_until_ms", ms(*t));
            }
            if let Outcome::Session { id, locked_until } = o {
                j.push("session_id", J::T(id.clone()));
                j.push("locked_until_ms", ms(*locked_until));
            }
        }
        Some(Err(e)) => {
            j.push("ok", false);
            j.push("error", e.kind.name());
            j.push("message", e.text());
        }
    }
    if let Some(n) = act.note {
        j.push("note", n.english());
    }
    j
}

/// The trace record of one broker event: `t`, `step` when a step caused it, `event`; then, as
/// far as the event has them, `seq` and `id` (`seq` is null on a message event without one),
/// `session_id` (null on a `link_closed` without a session), `by` (null on a dead-lettering by
/// the broker); then the event's own keys (`docs/trace-events.md`).
#[must_use]
pub fn event_record(world: &World, ev: &Event, step: Option<usize>) -> J {
    let k = &ev.kind;
    let mut j = J::obj().with("t", ms(ev.at));
    if let Some(s) = step {
        j.push("step", s);
    }
    j.push("event", k.name());
    if let Some(id) = k.id() {
        j.push("seq", k.seq());
        j.push("id", &**id);
    }
    match k.session_id() {
        Some(sid) => j.push("session_id", &**sid),
        None if matches!(k, EventKind::LinkClosed { .. }) => j.push("session_id", J::Null),
        None => {}
    }
    match k.by() {
        Some(c) => j.push("by", world.name(c)),
        None if matches!(k, EventKind::DeadLettered { .. }) => j.push("by", J::Null),
        None => {}
    }
    match k {
        EventKind::Enqueued {
            scheduled_for: Some(t),
            ..
        } => j.push("scheduled_enqueue_ms", ms(*t)),
        EventKind::Rejected { error, message, .. } => {
            j.push("error", error.name());
            j.push("message", message.as_str());
        }
        EventKind::Activated { scheduled_seq, .. } => j.push("scheduled_seq", *scheduled_seq),
        EventKind::Locked {
            until,
            delivery_count,
            prefetched,
            ..
        } => {
            j.push("locked_until_ms", ms(*until));
            j.push("delivery_count", *delivery_count);
            if *prefetched {
                j.push("prefetched", true);
            }
        }
        EventKind::LockRenewed { until, .. }
        | EventKind::SessionLocked { until, .. }
        | EventKind::SessionLockRenewed { until, .. } => j.push("locked_until_ms", ms(*until)),
        EventKind::LockLost {
            cause,
            delivery_count,
            ..
        } => {
            j.push("cause", cause.name());
            j.push("delivery_count", *delivery_count);
        }
        EventKind::ReceivedAndDeleted { delivery_count, .. }
        | EventKind::LockExpired { delivery_count, .. }
        | EventKind::Abandoned { delivery_count, .. }
        | EventKind::Deferred { delivery_count, .. } => j.push("delivery_count", *delivery_count),
        EventKind::DeadLettered {
            cause,
            delivery_count,
            ..
        } => {
            j.push("reason", cause.reason());
            j.push("description", cause.description().as_deref());
            j.push("delivery_count", *delivery_count);
        }
        EventKind::SessionReleased { cause, .. } => j.push("cause", cause.name()),
        EventKind::LinkClosed {
            cause,
            sub_queue,
            session,
            still_locked,
            ..
        } => {
            j.push("cause", cause.name());
            j.push("sub_queue", sub_queue.name());
            if let Some((_, until)) = session {
                j.push("session_locked_until_ms", ms(*until));
            }
            j.push(
                "still_locked",
                J::A(
                    still_locked
                        .iter()
                        .map(|m| {
                            J::obj()
                                .with("seq", m.seq)
                                .with("id", &*m.id)
                                .with("locked_until_ms", ms(m.until))
                        })
                        .collect(),
                ),
            );
        }
        EventKind::Published { subscriptions, .. } => j.push(
            "subscriptions",
            J::A(subscriptions.iter().map(|s| J::T(s.clone())).collect()),
        ),
        EventKind::Enqueued { .. }
        | EventKind::DuplicateDropped { .. }
        | EventKind::Cancelled { .. }
        | EventKind::Completed { .. }
        | EventKind::Expired { .. }
        | EventKind::SessionLockExpired { .. } => {}
    }
    j
}

/// The final record: every message still held, per place, in sequence-number order.
#[must_use]
pub fn final_record(world: &World) -> J {
    let q = world.queue();
    let list = |l| {
        J::A(
            q.list(l)
                .iter()
                .map(|m| message_record(world, m, true))
                .collect(),
        )
    };
    J::obj().with(
        "final",
        J::obj()
            .with("t", ms(q.now()))
            .with("main", list(Listing::Main))
            .with("dead_letter", list(Listing::DeadLetter))
            .with("scheduled", list(Listing::Scheduled)),
    )
}

/// Writes [`final_record`] (without the line's `\n`) in pieces, one message at a time, so
/// that no copy of the whole listing is ever built.
pub fn write_final(world: &World, out: &mut impl FnMut(&str)) {
    let q = world.queue();
    let mut buf = String::new();
    buf.push_str("{\"final\":{\"t\":");
    ms(q.now()).write(&mut buf);
    for (key, l) in [
        ("main", Listing::Main),
        ("dead_letter", Listing::DeadLetter),
        ("scheduled", Listing::Scheduled),
    ] {
        buf.push_str(",\"");
        buf.push_str(key);
        buf.push_str("\":[");
        for (i, m) in q.list(l).iter().enumerate() {
            if i > 0 {
                buf.push(',');
            }
            message_record(world, m, true).write(&mut buf);
            out(&buf);
            buf.clear();
        }
        buf.push(']');
    }
    buf.push_str("}}");
    out(&buf);
}
