//! One script step of a document (scenario-format.md, "Steps"), the message and the queue
//! settings it may carry, each error at its JSON path.

use super::queue::queue_patch;
use crate::limits::{
    MAX_BODY_BYTES, MAX_DEFERRED_SEQS, MAX_ID_CHARS, MAX_NAME_CHARS, MAX_PREFETCH, MAX_REASON_CHARS,
};
use crate::props::properties;
use crate::read::{Obj, R, as_time, as_u64, err_said, excerpt, wrong_type};
use crate::{Step, entities};
use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::LinkOptions;
use settle_core::QueueConfig;
use settle_core::namespace::Entities;
#[cfg(feature = "entities")]
use settle_core::namespace::EntityOp;
use settle_core::{Duration, Instant};
use settle_core::{Meta, NewMessage, Properties, ReceiveMode, SubQueue, Text};
use settle_core::{Op, Target};

pub(super) fn mode(o: &mut Obj<'_>) -> R<Option<ReceiveMode>> {
    match o.str("mode")? {
        None => Ok(None),
        Some("peek_lock") => Ok(Some(ReceiveMode::PeekLock)),
        Some("receive_and_delete") => Ok(Some(ReceiveMode::ReceiveAndDelete)),
        Some(s) => err_said(
            &o.at("mode"),
            format!("\"{s}\" is not a mode (peek_lock, receive_and_delete)"),
            "not-receive-mode",
            &[("value", &s)],
        ),
    }
}

/// A step's `from`: the sub-queue, and the entity into `entity` (documents with `entities`).
pub(super) fn from(
    o: &mut Obj<'_>,
    ents: Option<&Entities>,
    entity: &mut Option<Text>,
) -> R<SubQueue> {
    let (e, sub) = entities::from(o, ents, true)?;
    *entity = e;
    Ok(sub)
}

fn max(o: &mut Obj<'_>) -> R<u32> {
    Ok(o.u64_in("max", 1, u64::from(u32::MAX))?
        .map_or(1, |n| n as u32))
}

fn target(o: &mut Obj<'_>) -> R<Target> {
    let id = o.str("msg")?;
    let seq = o.u64("seq")?;
    match (id, seq) {
        (Some(id), None) => Ok(Target::Id(id.into())),
        (None, Some(s)) => Ok(Target::Seq(s)),
        (Some(_), Some(_)) => err_said(
            &o.path,
            "give either \"msg\" or \"seq\", not both",
            "msg-and-seq",
            &[],
        ),
        (None, None) => err_said(
            &o.path,
            "missing the message: \"msg\" (an id) or \"seq\"",
            "msg-or-seq",
            &[],
        ),
    }
}

fn opt_props(o: &mut Obj<'_>) -> R<Option<Properties>> {
    match o.opt("properties") {
        None => Ok(None),
        Some(v) => properties(&o.at("properties"), v).map(Some),
    }
}

fn new_message(o: &mut Obj<'_>, default_id: &str, scheduled_required: bool) -> R<NewMessage> {
    let id = o.str_max("id", MAX_ID_CHARS)?.unwrap_or(default_id);
    if id.is_empty() {
        return err_said(&o.at("id"), "must not be empty", "must-not-be-empty", &[]);
    }
    let body = o.str("body")?.unwrap_or("");
    if body.len() > MAX_BODY_BYTES {
        return err_said(
            &o.at("body"),
            format!(
                "a body is at most {MAX_BODY_BYTES} bytes (size_bytes can declare a bigger message)"
            ),
            "send-body-too-big",
            &[("max", &MAX_BODY_BYTES)],
        );
    }
    let size = o.u64("size_bytes")?.unwrap_or(body.len() as u64);
    let ttl = o.u64_in("ttl_ms", 1, u64::MAX)?.map(Duration::from_millis);
    let session_id = o.str_max("session_id", MAX_ID_CHARS)?.map(Text::from);
    let props = opt_props(o)?.unwrap_or_default();
    let sched = o.time("scheduled_enqueue_ms")?.map(Instant::from_millis);
    if scheduled_required && sched.is_none() {
        return err_said(
            &o.path,
            "missing required key \"scheduled_enqueue_ms\"",
            "missing-key",
            &[("key", &"scheduled_enqueue_ms")],
        );
    }
    let mut meta = Meta::default();
    for (key, slot) in [
        ("correlation_id", &mut meta.correlation_id),
        ("reply_to", &mut meta.reply_to),
        ("reply_to_session_id", &mut meta.reply_to_session_id),
        ("subject", &mut meta.subject),
        ("content_type", &mut meta.content_type),
        ("to_address", &mut meta.to_address),
    ] {
        *slot = o.str_max(key, MAX_ID_CHARS)?.map(Text::from);
    }
    Ok(NewMessage {
        id: id.into(),
        body: body.into(),
        size_bytes: size,
        ttl,
        session_id,
        properties: props,
        scheduled_enqueue: sched,
        meta: (!meta.is_empty()).then(|| Rc::new(meta)),
    })
}

pub(super) fn check_config(path: &str, cfg: &QueueConfig) -> R<()> {
    cfg.validate()
        .map_err(|e| crate::read::config_error(path, e))
}

pub(super) fn step(
    v: &Value,
    path: &str,
    n_sends: &mut u64,
    payload: &mut u64,
    ents: Option<&Entities>,
) -> R<Step> {
    let mut o = Obj::new(path, v)?;
    let at = as_time(&o.at("at_ms"), o.req("at_ms")?)?;
    let by = match o.req("by")? {
        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_NAME_CHARS => s.clone(),
        Value::String(_) => return err_said(&o.at("by"), NAME_PROBLEM, "client-name", &[]),
        other => {
            return wrong_type(&o.at("by"), "string", other);
        }
    };
    let op_name = match o.req("do")? {
        Value::String(s) => s.as_str(),
        other => {
            return wrong_type(&o.at("do"), "string", other);
        }
    };
    let mut entity = None;
    let op = match op_name {
        "send" | "schedule" => {
            entity = entities::to(&mut o, ents)?;
            *n_sends += 1;
            let default_id = format!("m{n_sends}");
            let schedule = op_name == "schedule";
            let msg = new_message(&mut o, &default_id, schedule)?;
            *payload = payload.saturating_add(msg.body.len() as u64);
            if schedule {
                Op::Schedule { msg }
            } else {
                let presettled = o.bool("presettled")?.unwrap_or(false);
                Op::Send { msg, presettled }
            }
        }
        "cancel_scheduled" => {
            entity = entities::to(&mut o, ents)?;
            Op::CancelScheduled {
                seq: as_u64(&o.at("seq"), o.req("seq")?)?,
            }
        }
        "receive" => Op::Receive {
            max: max(&mut o)?,
            mode: mode(&mut o)?,
            from: from(&mut o, ents, &mut entity)?,
        },
        "receive_deferred" => {
            let p = o.at("seqs");
            let seqs = match o.req("seqs")? {
                Value::Array(a) if a.len() > MAX_DEFERRED_SEQS => {
                    return err_said(
                        &p,
                        format!("names more than {MAX_DEFERRED_SEQS} sequence numbers"),
                        "too-many-seqs",
                        &[("max", &MAX_DEFERRED_SEQS)],
                    );
                }
                Value::Array(a) if !a.is_empty() => a
                    .iter()
                    .enumerate()
                    .map(|(i, v)| as_u64(&format!("{p}[{i}]"), v))
                    .collect::<R<Vec<u64>>>()?,
                Value::Array(_) => {
                    return err_said(&p, "must name at least one sequence number", "no-seqs", &[]);
                }
                other => return wrong_type(&p, "array", other),
            };
            Op::ReceiveDeferred {
                seqs,
                mode: mode(&mut o)?,
                from: from(&mut o, ents, &mut entity)?,
            }
        }
        "peek" => Op::Peek {
            max: max(&mut o)?,
            from_seq: o.u64("from_seq")?,
            from: from(&mut o, ents, &mut entity)?,
        },
        "complete" => Op::Complete {
            target: target(&mut o)?,
        },
        "abandon" => Op::Abandon {
            target: target(&mut o)?,
            properties: opt_props(&mut o)?,
        },
        "dead_letter" => Op::DeadLetter {
            target: target(&mut o)?,
            reason: o.str_max("reason", MAX_REASON_CHARS)?.map(Text::from),
            description: o.str_max("description", MAX_REASON_CHARS)?.map(Text::from),
            properties: opt_props(&mut o)?,
        },
        "defer" => Op::Defer {
            target: target(&mut o)?,
            properties: opt_props(&mut o)?,
        },
        "renew_lock" => Op::RenewLock {
            target: target(&mut o)?,
        },
        "open" => Op::Open(LinkOptions {
            prefetch: o
                .u64_in("prefetch", 0, MAX_PREFETCH)?
                .map_or(0, |n| n as u32),
            mode: mode(&mut o)?.unwrap_or_default(),
            from: from(&mut o, ents, &mut entity)?,
        }),
        "close" => Op::Close,
        "disconnect" => Op::Disconnect,
        "accept_session" => {
            entity = entities::from(&mut o, ents, false)?.0;
            Op::AcceptSession {
                session_id: o.str_max("session_id", MAX_ID_CHARS)?.map(Text::from),
            }
        }
        "renew_session_lock" => {
            entity = entities::from(&mut o, ents, false)?.0;
            Op::RenewSessionLock
        }
        "set_session_state" => {
            entity = entities::from(&mut o, ents, false)?.0;
            let p = o.at("state");
            let state = match o.req("state")? {
                Value::Null => None,
                Value::String(s) => Some(Text::from(s.as_str())),
                other => {
                    return wrong_type(&p, "string-or-null", other);
                }
            };
            Op::SetSessionState { state }
        }
        "get_session_state" => {
            entity = entities::from(&mut o, ents, false)?.0;
            Op::GetSessionState
        }
        #[cfg(feature = "entities")]
        "update_entity" => {
            let (name, _) = entities::entity(&mut o, ents, op_name, false)?;
            let set = o.req("set")?;
            let ents = ents.expect("invariant: entity() refuses a document without entities");
            let (patch, filter_exceptions) = entities::update_set(&o.at("set"), set, ents, &name)?;
            entity = Some(name.clone());
            Op::Entity {
                entity: name,
                op: EntityOp::Update {
                    patch,
                    filter_exceptions,
                },
            }
        }
        #[cfg(not(feature = "entities"))]
        "update_entity" | "add_rule" | "remove_rule" => {
            // Refused: without the feature no document declares entities.
            entities::entity(&mut o, ents, op_name, false)?;
            return err_said(
                &o.at("do"),
                crate::ONLY_RUN_HAS_ENTITIES,
                "entities-only-run",
                &[],
            );
        }
        #[cfg(feature = "entities")]
        "add_rule" | "remove_rule" => {
            let (name, _) = entities::entity(&mut o, ents, op_name, true)?;
            let rule_at = o.at("rule");
            let rule = match o.req("rule")? {
                Value::String(s) => s.as_str(),
                other => {
                    return wrong_type(&rule_at, "string", other);
                }
            };
            crate::rules::rule_name(&rule_at, rule)?;
            let op = if op_name == "add_rule" {
                let filter = o.req("filter")?;
                let action = o.get("action");
                EntityOp::AddRule {
                    name: rule.into(),
                    rule: crate::rules::rule_from_parts(&o.path, filter, action)?,
                }
            } else {
                EntityOp::RemoveRule { name: rule.into() }
            };
            entity = Some(name.clone());
            Op::Entity { entity: name, op }
        }
        "update_queue" if ents.is_some() => {
            return err_said(
                &o.at("do"),
                "update_queue is only valid without $.entities; use update_entity",
                "update-queue-with-entities",
                &[],
            );
        }
        "update_queue" => {
            let p = o.at("set");
            let mut q = Obj::new(&p, o.req("set")?)?;
            let patch = queue_patch(&mut q)?;
            q.finish()?;
            Op::UpdateQueue(patch)
        }
        other => {
            let other = excerpt(other);
            return err_said(
                &o.at("do"),
                format!("unknown op \"{other}\" (one of: {})", OPS.join(", ")),
                "unknown-op",
                &[("op", &other), ("ops", &OPS.join(", "))],
            );
        }
    };
    o.finish()?;
    Ok(Step {
        at: Instant::from_millis(at),
        by: by.as_str().into(),
        op,
        raw: v.clone(),
        entity,
    })
}

/// What a client's name must be: said by the step and actor readers alike.
pub(super) const NAME_PROBLEM: &str = "a client name is 1 to 64 characters";

/// Every op of the format: v1's, then the three of the entities extension.
pub const OPS: [&str; 22] = [
    "send",
    "schedule",
    "cancel_scheduled",
    "receive",
    "receive_deferred",
    "peek",
    "complete",
    "abandon",
    "dead_letter",
    "defer",
    "renew_lock",
    "open",
    "close",
    "accept_session",
    "renew_session_lock",
    "set_session_state",
    "get_session_state",
    "disconnect",
    "update_queue",
    "update_entity",
    "add_rule",
    "remove_rule",
];
