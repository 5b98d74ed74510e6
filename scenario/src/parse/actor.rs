//! One automated sender or receiver of a document (scenario-format.md, "Actors"), each error at
//! its JSON path.

use super::step::{NAME_PROBLEM, from, mode};
use crate::entities;
use crate::limits::{
    MAX_BODY_BYTES, MAX_CONCURRENCY, MAX_ID_CHARS, MAX_IN_FLIGHT, MAX_NAME_CHARS, MAX_PREFETCH,
    MAX_REASON_CHARS, MAX_SENDS, MAX_SESSION_IDS, MAX_TIME_MS,
};
use crate::read::{Obj, R, as_time, err_said, wrong_type};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::actors::{
    ActorSpec, Poison, Policy, ReceiverSpec, SendMode, SenderSpec, SessionOptions,
};
use settle_core::namespace::Entities;
use settle_core::{Duration, Instant};
use settle_core::{SubQueue, Text};

fn probability(o: &mut Obj<'_>, key: &'static str) -> R<u32> {
    match o.opt(key) {
        None => Ok(0),
        Some(Value::Number(n)) => match n.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Ok((p * 1000.0 + 0.5) as u32),
            _ => err_said(
                &o.at(key),
                format!("{n} is not a probability (0 to 1)"),
                "not-probability",
                &[("n", &n)],
            ),
        },
        Some(v) => wrong_type(&o.at(key), "number", v),
    }
}

fn ms_key(o: &mut Obj<'_>, key: &'static str, default: u64) -> R<Duration> {
    Ok(Duration::from_millis(o.time(key)?.unwrap_or(default)))
}

fn policy(o: &mut Obj<'_>, key: &'static str, default: &str) -> R<Policy> {
    let reason = o
        .str_max("reason", MAX_REASON_CHARS)?
        .unwrap_or("ProcessingFailed");
    match o.str(key)?.unwrap_or(default) {
        "complete" => Ok(Policy::Complete),
        "abandon" => Ok(Policy::Abandon),
        "dead_letter" => Ok(Policy::DeadLetter(reason.into())),
        "defer" => Ok(Policy::Defer),
        other => err_said(
            &o.at(key),
            format!("\"{other}\" is not an outcome (complete, abandon, dead_letter, defer)"),
            "not-outcome",
            &[("value", &other)],
        ),
    }
}

/// One automated actor (format documented in docs/actors.md) and, in a document with
/// `entities`, the entity it addresses: a sender's `to` (a queue or topic), a receiver's `from`
/// (a queue or subscription; its sub-queue goes into the spec).
pub(super) fn actor(
    v: &Value,
    path: &str,
    ents: Option<&Entities>,
) -> R<(ActorSpec, Option<Text>)> {
    let mut o = Obj::new(path, v)?;
    let mut entity = None;
    let name = match o.req("name")? {
        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_NAME_CHARS => s.clone(),
        _ => return err_said(&o.at("name"), NAME_PROBLEM, "client-name", &[]),
    };
    let kind = match o.req("kind")? {
        Value::String(s) => s.clone(),
        other => {
            return wrong_type(&o.at("kind"), "string", other);
        }
    };
    let spec = match kind.as_str() {
        "sender" => {
            entity = entities::to(&mut o, ents)?;
            let mode = match o.str("mode")?.unwrap_or("sequential") {
                "sequential" => SendMode::Sequential,
                "pipelined" => SendMode::Pipelined,
                "throttled" => match o.u64_in("max_in_flight", 1, MAX_IN_FLIGHT)? {
                    Some(n) => SendMode::Throttled(n as u32),
                    None => {
                        return err_said(
                            path,
                            "a throttled sender needs \"max_in_flight\"",
                            "throttled-needs-max",
                            &[],
                        );
                    }
                },
                "fire_and_forget" => SendMode::FireAndForget,
                "presettled" => SendMode::Presettled,
                other => {
                    return err_said(
                        &o.at("mode"),
                        format!(
                            "\"{other}\" is not a send mode (sequential, pipelined, throttled, fire_and_forget, presettled)"
                        ),
                        "not-send-mode",
                        &[("value", &other)],
                    );
                }
            };
            if !matches!(mode, SendMode::Throttled(_)) && o.opt("max_in_flight").is_some() {
                return err_said(
                    &o.at("max_in_flight"),
                    "only a throttled sender (\"mode\": \"throttled\") has \"max_in_flight\"",
                    "max-in-flight-not-throttled",
                    &[],
                );
            }
            let sessions = match o.opt("session_ids") {
                None => Vec::new(),
                Some(Value::Array(a)) if a.len() > MAX_SESSION_IDS => {
                    return err_said(
                        &o.at("session_ids"),
                        format!("more than {MAX_SESSION_IDS} session ids"),
                        "too-many-session-ids",
                        &[("max", &MAX_SESSION_IDS)],
                    );
                }
                Some(Value::Array(a)) => a
                    .iter()
                    .enumerate()
                    .map(|(i, v)| match v {
                        Value::String(s) if !s.is_empty() && s.chars().count() <= MAX_ID_CHARS => {
                            Ok(Text::from(s.as_str()))
                        }
                        _ => err_said(
                            &format!("{}[{i}]", o.at("session_ids")),
                            "a session id is a string of 1 to 128 characters",
                            "session-id",
                            &[],
                        ),
                    })
                    .collect::<R<Vec<_>>>()?,
                Some(v) => {
                    return wrong_type(&o.at("session_ids"), "array", v);
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
                        return err_said(
                            &o.at("body"),
                            format!("a body is at most {MAX_BODY_BYTES} bytes"),
                            "body-too-big",
                            &[("max", &MAX_BODY_BYTES)],
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
                    let lo = as_time(&format!("{p}[0]"), &a[0])?;
                    let hi = as_time(&format!("{p}[1]"), &a[1])?;
                    if hi < lo {
                        return err_said(
                            &p,
                            "the range is [min, max] with min ≤ max",
                            "range-order",
                            &[],
                        );
                    }
                    (Duration::from_millis(lo), Duration::from_millis(hi))
                }
                Some(v) => {
                    let n = as_time(&o.at("processing_ms"), v)?;
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
                        _ => {
                            return err_said(
                                &po.at("body_contains"),
                                "a non-empty string",
                                "non-empty-string",
                                &[],
                            );
                        }
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
                    return err_said(
                        &o.at(key),
                        "a receiver with \"sessions\" reads the main queue one message per session at a time (no concurrency, prefetch or dead-letter queue)",
                        "sessions-receiver",
                        &[],
                    );
                }
            }
            ActorSpec::Receiver(spec)
        }
        other => {
            return err_said(
                &o.at("kind"),
                format!("\"{other}\" is not an actor kind (sender, receiver)"),
                "not-actor-kind",
                &[("value", &other)],
            );
        }
    };
    o.finish()?;
    Ok((spec, entity))
}
