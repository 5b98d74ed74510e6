//! Scenario format v1: parsing and validation with JSON paths in every error.

use super::limits::{
    MAX_ACTORS, MAX_BODY_BYTES, MAX_CONCURRENCY, MAX_DEFERRED_SEQS, MAX_DOCUMENT_BYTES,
    MAX_ID_CHARS, MAX_IN_FLIGHT, MAX_NAME_CHARS, MAX_PAYLOAD_BYTES, MAX_PREFETCH, MAX_REASON_CHARS,
    MAX_SENDS, MAX_SESSION_IDS, MAX_STEPS, MAX_TIME_MS,
};
use super::read::{FormatError, Obj, R, as_u64, check_time, err, excerpt, type_name};
use super::{Scenario, Step, entities};
use crate::props::properties;
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::LinkOptions;
use settle_core::actors::{
    ActorSpec, Poison, Policy, ReceiverSpec, SendMode, SenderSpec, SessionOptions,
};
use settle_core::namespace::Entities;
#[cfg(feature = "entities")]
use settle_core::namespace::EntityOp;
use settle_core::{Duration, Instant};
use settle_core::{Meta, NewMessage, Properties, ReceiveMode, SubQueue, Text};
use settle_core::{Op, Target};
use settle_core::{QueueConfig, QueuePatch, Tier};

fn mode(o: &mut Obj<'_>) -> R<Option<ReceiveMode>> {
    match o.str("mode")? {
        None => Ok(None),
        Some("peek_lock") => Ok(Some(ReceiveMode::PeekLock)),
        Some("receive_and_delete") => Ok(Some(ReceiveMode::ReceiveAndDelete)),
        Some(s) => err(
            &o.at("mode"),
            format!("\"{s}\" is not a mode (peek_lock, receive_and_delete)"),
        ),
    }
}

/// A step's `from`: the sub-queue, and the entity into `entity` (documents with `entities`).
fn from(o: &mut Obj<'_>, ents: Option<&Entities>, entity: &mut Option<Text>) -> R<SubQueue> {
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
        (Some(_), Some(_)) => err(&o.path, "give either \"msg\" or \"seq\", not both"),
        (None, None) => err(&o.path, "missing the message: \"msg\" (an id) or \"seq\""),
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
        return err(&o.at("id"), "must not be empty");
    }
    let body = o.str("body")?.unwrap_or("");
    if body.len() > MAX_BODY_BYTES {
        return err(
            &o.at("body"),
            format!(
                "a body is at most {MAX_BODY_BYTES} bytes (size_bytes can declare a bigger message)"
            ),
        );
    }
    let size = o.u64("size_bytes")?.unwrap_or(body.len() as u64);
    let ttl = o.u64_in("ttl_ms", 1, u64::MAX)?.map(Duration::from_millis);
    let session_id = o.str_max("session_id", MAX_ID_CHARS)?.map(Text::from);
    let props = opt_props(o)?.unwrap_or_default();
    let sched = o.time("scheduled_enqueue_ms")?.map(Instant::from_millis);
    if scheduled_required && sched.is_none() {
        return err(&o.path, "missing required key \"scheduled_enqueue_ms\"");
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

/// Reads the `queue` keys (all optional) into a patch.
pub(super) fn queue_patch(o: &mut Obj<'_>) -> R<QueuePatch> {
    let nullable =
        |o: &mut Obj<'_>, key: &'static str, lo: u64, hi: u64| -> R<Option<Option<Duration>>> {
            match o.get(key) {
                None => Ok(None),
                Some(Value::Null) => Ok(Some(None)),
                Some(v) => {
                    let n = as_u64(&o.at(key), v)?;
                    if !(lo..=hi).contains(&n) {
                        let range = if hi == u64::MAX {
                            format!("must be at least {lo} (or null)")
                        } else {
                            format!("{n} is out of range {lo}..={hi} (or null)")
                        };
                        return err(&o.at(key), range);
                    }
                    Ok(Some(Some(Duration::from_millis(n))))
                }
            }
        };
    let tier = match o.str("tier")? {
        None => None,
        Some(s) => Some(Tier::from_name(s).ok_or_else(|| FormatError {
            path: o.at("tier"),
            problem: format!("\"{s}\" is not a tier (basic, standard, premium)"),
        })?),
    };
    Ok(QueuePatch {
        lock_duration: o
            .u64_in("lock_duration_ms", 5_000, 300_000)?
            .map(Duration::from_millis),
        max_delivery_count: o
            .u64_in("max_delivery_count", 1, 2_000_000_000)?
            .map(|n| n as u32),
        default_ttl: nullable(o, "default_ttl_ms", 1_000, u64::MAX)?,
        dead_letter_on_expiration: o.bool("dead_letter_on_expiration")?,
        duplicate_detection_window: nullable(
            o,
            "duplicate_detection_window_ms",
            20_000,
            604_800_000,
        )?,
        requires_session: o.bool("requires_session")?,
        tier,
        max_size_bytes: o.u64_in("max_size_bytes", 1, u64::MAX)?,
    })
}

fn check_config(path: &str, cfg: &QueueConfig) -> R<()> {
    cfg.validate().map_err(|e| FormatError {
        path: format!("{path}.{}", e.key),
        problem: e.problem,
    })
}

fn step(
    v: &Value,
    path: &str,
    n_sends: &mut u64,
    payload: &mut u64,
    ents: Option<&Entities>,
) -> R<Step> {
    let mut o = Obj::new(path, v)?;
    let at = as_u64(&o.at("at_ms"), o.req("at_ms")?)?;
    check_time(&o.at("at_ms"), at)?;
    let by = match o.req("by")? {
        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_NAME_CHARS => s.clone(),
        Value::String(_) => return err(&o.at("by"), NAME_PROBLEM),
        other => {
            return err(
                &o.at("by"),
                format!("expected a string, found {}", type_name(other)),
            );
        }
    };
    let op_name = match o.req("do")? {
        Value::String(s) => s.as_str(),
        other => {
            return err(
                &o.at("do"),
                format!("expected a string, found {}", type_name(other)),
            );
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
                    return err(
                        &p,
                        format!("names more than {MAX_DEFERRED_SEQS} sequence numbers"),
                    );
                }
                Value::Array(a) if !a.is_empty() => a
                    .iter()
                    .enumerate()
                    .map(|(i, v)| as_u64(&format!("{p}[{i}]"), v))
                    .collect::<R<Vec<u64>>>()?,
                Value::Array(_) => return err(&p, "must name at least one sequence number"),
                other => return err(&p, format!("expected an array, found {}", type_name(other))),
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
                    return err(
                        &p,
                        format!("expected a string or null, found {}", type_name(other)),
                    );
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
            return err(&o.at("do"), super::ONLY_RUN_HAS_ENTITIES);
        }
        #[cfg(feature = "entities")]
        "add_rule" | "remove_rule" => {
            let (name, _) = entities::entity(&mut o, ents, op_name, true)?;
            let rule_at = o.at("rule");
            let rule = match o.req("rule")? {
                Value::String(s) => s.as_str(),
                other => {
                    return err(
                        &rule_at,
                        format!("expected a string, found {}", type_name(other)),
                    );
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
            return err(
                &o.at("do"),
                "update_queue is only valid without $.entities; use update_entity",
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
            return err(
                &o.at("do"),
                format!("unknown op \"{other}\" (one of: {})", OPS.join(", ")),
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

fn o_raw_actors(doc: &Value) -> Value {
    doc.get("actors")
        .cloned()
        .unwrap_or(Value::Array(Vec::new()))
}

fn probability(o: &mut Obj<'_>, key: &'static str) -> R<u32> {
    match o.opt(key) {
        None => Ok(0),
        Some(Value::Number(n)) => match n.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Ok((p * 1000.0 + 0.5) as u32),
            _ => err(&o.at(key), format!("{n} is not a probability (0 to 1)")),
        },
        Some(v) => err(
            &o.at(key),
            format!("expected a number, found {}", type_name(v)),
        ),
    }
}

fn ms_key(o: &mut Obj<'_>, key: &'static str, default: u64) -> R<Duration> {
    Ok(Duration::from_millis(o.time(key)?.unwrap_or(default)))
}

const NAME_PROBLEM: &str = "a client name is 1 to 64 characters";

fn policy(o: &mut Obj<'_>, key: &'static str, default: &str) -> R<Policy> {
    let reason = o
        .str_max("reason", MAX_REASON_CHARS)?
        .unwrap_or("ProcessingFailed");
    match o.str(key)?.unwrap_or(default) {
        "complete" => Ok(Policy::Complete),
        "abandon" => Ok(Policy::Abandon),
        "dead_letter" => Ok(Policy::DeadLetter(reason.into())),
        "defer" => Ok(Policy::Defer),
        other => err(
            &o.at(key),
            format!("\"{other}\" is not an outcome (complete, abandon, dead_letter, defer)"),
        ),
    }
}

/// One automated actor (format documented in docs/actors.md) and, in a document with
/// `entities`, the entity it addresses: a sender's `to` (a queue or topic), a receiver's `from`
/// (a queue or subscription; its sub-queue goes into the spec).
fn actor(v: &Value, path: &str, ents: Option<&Entities>) -> R<(ActorSpec, Option<Text>)> {
    let mut o = Obj::new(path, v)?;
    let mut entity = None;
    let name = match o.req("name")? {
        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_NAME_CHARS => s.clone(),
        _ => return err(&o.at("name"), NAME_PROBLEM),
    };
    let kind = match o.req("kind")? {
        Value::String(s) => s.clone(),
        other => {
            return err(
                &o.at("kind"),
                format!("expected a string, found {}", type_name(other)),
            );
        }
    };
    let spec = match kind.as_str() {
        "sender" => {
            entity = entities::to(&mut o, ents)?;
            let mode = match o.str("mode")?.unwrap_or("sequential") {
                "sequential" => SendMode::Sequential,
                "pipelined" => SendMode::Pipelined,
                "throttled" => SendMode::Throttled(
                    o.u64_in("max_in_flight", 1, MAX_IN_FLIGHT)?
                        .ok_or_else(|| FormatError {
                            path: path.into(),
                            problem: "a throttled sender needs \"max_in_flight\"".into(),
                        })? as u32,
                ),
                "fire_and_forget" => SendMode::FireAndForget,
                "presettled" => SendMode::Presettled,
                other => {
                    return err(
                        &o.at("mode"),
                        format!(
                            "\"{other}\" is not a send mode (sequential, pipelined, throttled, fire_and_forget, presettled)"
                        ),
                    );
                }
            };
            let sessions = match o.opt("session_ids") {
                None => Vec::new(),
                Some(Value::Array(a)) if a.len() > MAX_SESSION_IDS => {
                    return err(
                        &o.at("session_ids"),
                        format!("more than {MAX_SESSION_IDS} session ids"),
                    );
                }
                Some(Value::Array(a)) => a
                    .iter()
                    .enumerate()
                    .map(|(i, v)| match v {
                        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_ID_CHARS => {
                            Ok(Text::from(s.as_str()))
                        }
                        _ => err(
                            &format!("{}[{i}]", o.at("session_ids")),
                            "a session id is a string of 1 to 128 characters",
                        ),
                    })
                    .collect::<R<Vec<_>>>()?,
                Some(v) => {
                    return err(
                        &o.at("session_ids"),
                        format!("expected an array, found {}", type_name(v)),
                    );
                }
            };
            let prefix = o
                .str_max("id_prefix", 100)?
                .map_or_else(|| format!("{name}-"), String::from);
            ActorSpec::Sender(SenderSpec {
                name: name.as_str().into(),
                mode,
                count: o.u64_in("count", 0, MAX_SENDS)?.unwrap_or(10),
                start: Instant::from_millis(o.time("start_ms")?.unwrap_or(0)),
                interval: ms_key(&mut o, "interval_ms", 0)?,
                rtt: ms_key(&mut o, "rtt_ms", 70)?,
                store: ms_key(&mut o, "store_ms", 10)?,
                jitter: ms_key(&mut o, "jitter_ms", 0)?,
                reject_per_mille: probability(&mut o, "reject_probability")?,
                id_prefix: prefix.as_str().into(),
                body: match o.str("body")? {
                    Some(b) if b.len() > MAX_BODY_BYTES => {
                        return err(
                            &o.at("body"),
                            format!("a body is at most {MAX_BODY_BYTES} bytes"),
                        );
                    }
                    b => b.unwrap_or("message {n}").into(),
                },
                ttl: o.u64_in("ttl_ms", 1, u64::MAX)?.map(Duration::from_millis),
                sessions,
            })
        }
        "receiver" => {
            let (work_min, work_max) = match o.opt("processing_ms") {
                None => (Duration::from_millis(1_000), Duration::from_millis(1_000)),
                Some(Value::Array(a)) if a.len() == 2 => {
                    let p = o.at("processing_ms");
                    let lo = as_u64(&format!("{p}[0]"), &a[0])?;
                    check_time(&format!("{p}[0]"), lo)?;
                    let hi = as_u64(&format!("{p}[1]"), &a[1])?;
                    check_time(&format!("{p}[1]"), hi)?;
                    if hi < lo {
                        return err(&p, "the range is [min, max] with min ≤ max");
                    }
                    (Duration::from_millis(lo), Duration::from_millis(hi))
                }
                Some(v) => {
                    let n = as_u64(&o.at("processing_ms"), v)?;
                    check_time(&o.at("processing_ms"), n)?;
                    (Duration::from_millis(n), Duration::from_millis(n))
                }
            };
            let poison = match o.opt("poison") {
                None => None,
                Some(v) => {
                    let p = o.at("poison");
                    let mut po = Obj::new(&p, v)?;
                    let contains = match po.req("body_contains")? {
                        Value::String(s) if !s.is_empty() => Text::from(s.as_str()),
                        _ => return err(&po.at("body_contains"), "a non-empty string"),
                    };
                    let then = policy(&mut po, "then", "abandon")?;
                    po.finish()?;
                    Some(Poison { contains, then })
                }
            };
            let sessions = match o.opt("sessions") {
                None => None,
                Some(v) => {
                    let mut so = Obj::new(&o.at("sessions"), v)?;
                    let max_concurrent = so
                        .u64_in("max_concurrent", 1, MAX_CONCURRENCY)?
                        .unwrap_or(1) as u32;
                    let idle = ms_key(&mut so, "idle_ms", 1_000)?;
                    so.finish()?;
                    Some(SessionOptions {
                        max_concurrent,
                        idle,
                    })
                }
            };
            let spec = ReceiverSpec {
                name: name.as_str().into(),
                mode: mode(&mut o)?.unwrap_or_default(),
                from: from(&mut o, ents, &mut entity)?,
                concurrency: o.u64_in("concurrency", 1, MAX_CONCURRENCY)?.unwrap_or(1) as u32,
                prefetch: o.u64_in("prefetch", 0, MAX_PREFETCH)?.unwrap_or(0) as u32,
                start: Instant::from_millis(o.time("start_ms")?.unwrap_or(0)),
                poll: Duration::from_millis(o.u64_in("poll_ms", 1, MAX_TIME_MS)?.unwrap_or(1_000)),
                work_min,
                work_max,
                policy: policy(&mut o, "outcome", "complete")?,
                poison,
                hang_per_mille: probability(&mut o, "hang_probability")?,
                hang: ms_key(&mut o, "hang_ms", 120_000)?,
                auto_renew: o.time("auto_renew_max_ms")?.map(Duration::from_millis),
                idempotent: o.bool("idempotent")?.unwrap_or(false),
                crash_at: o.time("crash_at_ms")?.map(Instant::from_millis),
                restart_after: o.time("restart_after_ms")?.map(Duration::from_millis),
                stop_at: o.time("stop_at_ms")?.map(Instant::from_millis),
                sessions,
            };
            if spec.sessions.is_some() {
                // A session receiver handles one message of its session at a time, in order,
                // from the main queue (a dead-letter queue is never session-enabled).
                let refused = [
                    ("concurrency", spec.concurrency != 1),
                    ("prefetch", spec.prefetch != 0),
                    ("from", spec.from != SubQueue::Main),
                ];
                if let Some((key, _)) = refused.into_iter().find(|&(_, bad)| bad) {
                    return err(
                        &o.at(key),
                        "a receiver with \"sessions\" reads the main queue one message per session at a time (no concurrency, prefetch or dead-letter queue)",
                    );
                }
            }
            ActorSpec::Receiver(spec)
        }
        other => {
            return err(
                &o.at("kind"),
                format!("\"{other}\" is not an actor kind (sender, receiver)"),
            );
        }
    };
    o.finish()?;
    Ok((spec, entity))
}

/// Every op of format v1.
pub const OPS: [&str; 19] = [
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
];

/// Parses and validates a scenario document given as bytes (a file as read): refuses
/// invalid UTF-8 (with the byte offset) and a byte-order mark, then as [`parse`].
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn parse_bytes(bytes: &[u8]) -> R<Scenario> {
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return err(
            "$",
            format!(
                "the document is {} bytes; a scenario is at most {MAX_DOCUMENT_BYTES} bytes",
                bytes.len()
            ),
        );
    }
    match core::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => err(
            "$",
            format!(
                "not valid UTF-8: byte offset {} is not part of a UTF-8 character",
                e.valid_up_to()
            ),
        ),
    }
}

/// Parses and validates a scenario document. Refuses a leading byte-order mark and duplicate
/// keys in any object (JSON leaves both to the reader; a scenario is unambiguous).
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn parse(text: &str) -> R<Scenario> {
    if text.starts_with('\u{feff}') {
        return err(
            "$",
            "the document starts with a byte-order mark (U+FEFF); save it as UTF-8 without one",
        );
    }
    if text.len() > MAX_DOCUMENT_BYTES {
        return err(
            "$",
            format!(
                "the document is {} bytes; a scenario is at most {MAX_DOCUMENT_BYTES} bytes",
                text.len()
            ),
        );
    }
    let doc: Value = serde_json::from_str(text).map_err(|e| FormatError {
        path: "$".into(),
        problem: format!("not valid JSON: {e}"),
    })?;
    duplicate_keys(text)?;
    from_value(&doc)
}

/// Validates an already parsed JSON document as a scenario.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn from_value(doc: &Value) -> R<Scenario> {
    let mut o = Obj::new("$", doc)?;
    match o.req("settle")? {
        Value::Number(n) if n.as_u64() == Some(1) => {}
        other => {
            return err(
                "$.settle",
                format!("unsupported format version {other} (this runner reads version 1)"),
            );
        }
    }
    let title = o.str("title")?.unwrap_or("").to_string();
    let description = o.str("description")?.unwrap_or("").to_string();
    let seed = o.u64("seed")?.unwrap_or(0);
    let ents = match o.opt("entities") {
        None => None,
        Some(_) if o.opt("queue").is_some() => {
            return err("$.entities", "not allowed together with $.queue");
        }
        #[cfg(feature = "entities")]
        Some(v) => Some(entities::entities(v)?),
        #[cfg(not(feature = "entities"))]
        Some(_) => return err("$.entities", super::ONLY_RUN_HAS_ENTITIES),
    };
    let queue = match o.opt("queue") {
        None => QueueConfig::default(),
        Some(v) => {
            let mut q = Obj::new("$.queue", v)?;
            let patch = queue_patch(&mut q)?;
            q.finish()?;
            patch.apply(&QueueConfig::default())
        }
    };
    check_config("$.queue", &queue)?;
    let mut script = Vec::new();
    let mut payload = 0u64;
    if let Some(v) = o.opt("script") {
        let Value::Array(items) = v else {
            return err(
                "$.script",
                format!("expected an array, found {}", type_name(v)),
            );
        };
        if items.len() > MAX_STEPS {
            return err(
                "$.script",
                format!("{} steps; a script has at most {MAX_STEPS}", items.len()),
            );
        }
        let mut n_sends = 0;
        let mut last = 0;
        for (i, item) in items.iter().enumerate() {
            let path = format!("$.script[{i}]");
            let s = step(item, &path, &mut n_sends, &mut payload, ents.as_ref())?;
            if s.at.as_millis() < last {
                return err(
                    &format!("{path}.at_ms"),
                    format!(
                        "{} is earlier than the step before it ({last}); at_ms must not decrease",
                        s.at.as_millis()
                    ),
                );
            }
            last = s.at.as_millis();
            script.push(s);
        }
    }
    let last_at = script.last().map_or(0, |s: &Step| s.at.as_millis());
    let run_until = match o.time("run_until_ms")? {
        None => last_at,
        Some(t) if t < last_at => {
            return err(
                "$.run_until_ms",
                format!("{t} is before the last step at {last_at}"),
            );
        }
        Some(t) => t,
    };
    let mut actors = Vec::new();
    let mut actor_entities = Vec::new();
    if let Some(v) = o.opt("actors") {
        let Value::Array(items) = v else {
            return err(
                "$.actors",
                format!("expected an array, found {}", type_name(v)),
            );
        };
        if items.len() > MAX_ACTORS {
            return err(
                "$.actors",
                format!(
                    "{} actors; a scenario has at most {MAX_ACTORS}",
                    items.len()
                ),
            );
        }
        let mut names: BTreeSet<Text> = BTreeSet::new();
        let mut sends = 0u64;
        for (i, item) in items.iter().enumerate() {
            let path = format!("$.actors[{i}]");
            let (a, entity) = actor(item, &path, ents.as_ref())?;
            if let ActorSpec::Receiver(r) = &a
                && r.sessions.is_some()
            {
                let cfg = match (&ents, &entity) {
                    (Some(e), Some(p)) => entities::receive_config(e, p),
                    _ => Some(&queue),
                };
                if !cfg.is_some_and(|c| c.requires_session) {
                    return err(
                        &format!("{path}.sessions"),
                        "the receiver reads an entity that does not require sessions",
                    );
                }
            }
            actor_entities.extend(entity);
            let name = match &a {
                ActorSpec::Sender(s) => {
                    sends = sends.saturating_add(s.count);
                    if sends > MAX_SENDS {
                        return err(
                            &format!("{path}.count"),
                            format!(
                                "the senders send more than {MAX_SENDS} messages together, the most a scenario may ask for"
                            ),
                        );
                    }
                    // A body with `{n}` is a new text per message; without, one shared text.
                    let each = s.body.len() as u64;
                    payload = payload.saturating_add(if s.body.contains("{n}") {
                        each.saturating_add(20).saturating_mul(s.count)
                    } else {
                        each
                    });
                    s.name.clone()
                }
                ActorSpec::Receiver(r) => r.name.clone(),
            };
            if !names.insert(name.clone()) {
                return err(
                    &format!("{path}.name"),
                    format!("\"{name}\" names two actors"),
                );
            }
            actors.push(a);
        }
    }
    if ents.is_some() {
        // An automated receiver's `from` is its client's receive entity too: a step of that
        // client (a person's settlement of what the actor holds) acts there.
        receive_entities(&mut script, &actors, &actor_entities)?;
    }
    if payload > MAX_PAYLOAD_BYTES {
        return err(
            "$",
            format!(
                "the message bodies this scenario writes come to more than {MAX_PAYLOAD_BYTES} bytes (a body with {{n}} is written out once per message)"
            ),
        );
    }
    let lesson = match o.opt("lesson") {
        None => None,
        Some(v) => {
            let l = super::lesson::parse("$.lesson", v)?;
            l.check_entities(|e| match &ents {
                None => e == "queue",
                Some(ents) => entities::kind_of(ents, e).is_some(),
            })?;
            Some(l)
        }
    };
    o.finish()?;
    Ok(Scenario {
        title,
        description,
        seed,
        queue,
        run_until: Instant::from_millis(run_until),
        script,
        actors,
        raw_actors: o_raw_actors(doc),
        lesson,
        entities: ents.map(Rc::new),
        actor_entities,
        raw_entities: doc.get("entities").cloned(),
    })
}

/// Rule 3 of the entities format: all receive-side steps of one client address one queue or
/// subscription; its settlement, `close` and `disconnect` steps act on that entity. An
/// automated receiver's entity (`actors` and their `entities`) is its client's too.
fn receive_entities(script: &mut [Step], actors: &[ActorSpec], entities: &[Text]) -> R<()> {
    let mut of: BTreeMap<Text, Text> = BTreeMap::new();
    for (a, e) in actors.iter().zip(entities) {
        if let ActorSpec::Receiver(r) = a {
            of.insert(r.name.clone(), e.clone());
        }
    }
    for (i, s) in script.iter().enumerate() {
        if is_send_side(&s.op) {
            continue;
        }
        let Some(e) = &s.entity else { continue };
        match of.get(&s.by) {
            Some(first) if first != e => {
                return err(
                    &format!("$.script[{i}].from"),
                    format!("client {} already receives from \"{first}\"", s.by),
                );
            }
            Some(_) => {}
            None => {
                of.insert(s.by.clone(), e.clone());
            }
        }
    }
    for s in script.iter_mut() {
        if s.entity.is_none() {
            s.entity = of.get(&s.by).cloned();
        }
    }
    Ok(())
}

/// Steps that address an entity without making it the client's receive entity.
fn is_send_side(op: &Op) -> bool {
    matches!(
        op,
        Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. } | Op::Entity { .. }
    )
}

/// Finds the first object with a key given twice, in a text already known to be valid JSON.
/// O(length of the text).
fn duplicate_keys(text: &str) -> R<()> {
    enum Frame {
        Object(BTreeSet<String>, String),
        Array(usize, String),
    }
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut path = String::from("$");
    let mut i = 0;
    let mut key_next = false;
    while i < b.len() {
        match b[i] {
            b'{' => {
                stack.push(Frame::Object(BTreeSet::new(), path.clone()));
                key_next = true;
            }
            b'[' => {
                stack.push(Frame::Array(0, path.clone()));
                path = format!("{path}[0]");
                key_next = false;
            }
            b'}' | b']' => {
                if let Some(Frame::Object(_, p) | Frame::Array(_, p)) = stack.pop() {
                    path = p;
                }
                key_next = false;
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object(_, _)) => key_next = true,
                Some(Frame::Array(n, p)) => {
                    *n += 1;
                    path = format!("{p}[{n}]");
                }
                None => {}
            },
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if key_next && let Some(Frame::Object(keys, p)) = stack.last_mut() {
                    let raw = &text[start..=i.min(b.len() - 1)];
                    let key: String = serde_json::from_str(raw).unwrap_or_else(|_| raw.into());
                    if keys.contains(&key) {
                        return err(
                            p,
                            format!(
                                "duplicate key \"{}\" (each key at most once)",
                                excerpt(&key)
                            ),
                        );
                    }
                    path = format!("{p}.{key}");
                    keys.insert(key);
                    key_next = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}
