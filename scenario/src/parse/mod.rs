//! Scenario format v1: parsing and validation with JSON paths in every error.

mod actor;
pub(crate) mod queue;
mod step;

use queue::queue_patch;
pub use step::OPS;

use crate::limits::{MAX_ACTORS, MAX_DOCUMENT_BYTES, MAX_PAYLOAD_BYTES, MAX_SENDS, MAX_STEPS};
use crate::read::{Obj, R, err_said, excerpt, wrong_type};
use crate::{Scenario, Step, entities};
use actor::actor;
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::Instant;
use settle_core::Op;
use settle_core::QueueConfig;
use settle_core::Text;
use settle_core::actors::ActorSpec;
use step::{check_config, step};

fn o_raw_actors(doc: &Value) -> Value {
    doc.get("actors")
        .cloned()
        .unwrap_or(Value::Array(Vec::new()))
}

/// Parses and validates a scenario document given as bytes (a file as read): refuses
/// invalid UTF-8 (with the byte offset) and a byte-order mark, then as [`parse`].
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn parse_bytes(bytes: &[u8]) -> R<Scenario> {
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return err_said(
            "$",
            format!(
                "the document is {} bytes; a scenario is at most {MAX_DOCUMENT_BYTES} bytes",
                bytes.len()
            ),
            "document-too-big",
            &[("n", &bytes.len()), ("max", &MAX_DOCUMENT_BYTES)],
        );
    }
    match core::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => err_said(
            "$",
            format!(
                "not valid UTF-8: byte offset {} is not part of a UTF-8 character",
                e.valid_up_to()
            ),
            "not-utf8",
            &[("offset", &e.valid_up_to())],
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
        return err_said(
            "$",
            "the document starts with a byte-order mark (U+FEFF); save it as UTF-8 without one",
            "bom",
            &[],
        );
    }
    if text.len() > MAX_DOCUMENT_BYTES {
        return err_said(
            "$",
            format!(
                "the document is {} bytes; a scenario is at most {MAX_DOCUMENT_BYTES} bytes",
                text.len()
            ),
            "document-too-big",
            &[("n", &text.len()), ("max", &MAX_DOCUMENT_BYTES)],
        );
    }
    let doc: Value = serde_json::from_str(text).or_else(|e| {
        crate::read::err_within(
            "$",
            format!("not valid JSON: {e}"),
            "not-json",
            &[],
            crate::read::json_problem(&e),
        )
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
            return err_said(
                "$.settle",
                format!("unsupported format version {other} (this runner reads version 1)"),
                "unsupported-version",
                &[("version", &other)],
            );
        }
    }
    // Where an editor finds the document's JSON Schema (docs/settle.schema.json); nothing
    // else reads it.
    o.str("$schema")?;
    let title = o.str("title")?.unwrap_or("").to_string();
    let description = o.str("description")?.unwrap_or("").to_string();
    let seed = o.u64("seed")?.unwrap_or(0);
    let ents = match o.opt("entities") {
        None => None,
        Some(_) if o.opt("queue").is_some() => {
            return err_said(
                "$.entities",
                "not allowed together with $.queue",
                "entities-and-queue",
                &[],
            );
        }
        #[cfg(feature = "entities")]
        Some(v) => Some(entities::entities(v)?),
        #[cfg(not(feature = "entities"))]
        Some(_) => {
            return err_said(
                "$.entities",
                crate::ONLY_RUN_HAS_ENTITIES,
                "entities-only-run",
                &[],
            );
        }
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
            return wrong_type("$.script", "array", v);
        };
        if items.len() > MAX_STEPS {
            return err_said(
                "$.script",
                format!("{} steps; a script has at most {MAX_STEPS}", items.len()),
                "too-many-steps",
                &[("n", &items.len()), ("max", &MAX_STEPS)],
            );
        }
        let mut n_sends = 0;
        let mut last = 0;
        for (i, item) in items.iter().enumerate() {
            let path = format!("$.script[{i}]");
            let s = step(item, &path, &mut n_sends, &mut payload, ents.as_ref())?;
            if s.at.as_millis() < last {
                return err_said(
                    &format!("{path}.at_ms"),
                    format!(
                        "{} is earlier than the step before it ({last}); at_ms must not decrease",
                        s.at.as_millis()
                    ),
                    "at-decreases",
                    &[("n", &s.at.as_millis()), ("last", &last)],
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
            return err_said(
                "$.run_until_ms",
                format!("{t} is before the last step at {last_at}"),
                "run-until-early",
                &[("n", &t), ("last", &last_at)],
            );
        }
        Some(t) => t,
    };
    let mut actors = Vec::new();
    let mut actor_entities = Vec::new();
    if let Some(v) = o.opt("actors") {
        let Value::Array(items) = v else {
            return wrong_type("$.actors", "array", v);
        };
        if items.len() > MAX_ACTORS {
            return err_said(
                "$.actors",
                format!(
                    "{} actors; a scenario has at most {MAX_ACTORS}",
                    items.len()
                ),
                "too-many-actors",
                &[("n", &items.len()), ("max", &MAX_ACTORS)],
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
                    return err_said(
                        &format!("{path}.sessions"),
                        "the receiver reads an entity that does not require sessions",
                        "sessions-not-required",
                        &[],
                    );
                }
            }
            actor_entities.extend(entity);
            let name = match &a {
                ActorSpec::Sender(s) => {
                    sends = sends.saturating_add(s.count);
                    if sends > MAX_SENDS {
                        return err_said(
                            &format!("{path}.count"),
                            format!(
                                "the senders send more than {MAX_SENDS} messages together, the most a scenario may ask for"
                            ),
                            "too-many-sends",
                            &[("max", &MAX_SENDS)],
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
                return err_said(
                    &format!("{path}.name"),
                    format!("\"{name}\" names two actors"),
                    "two-actors-named",
                    &[("name", &name)],
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
        return err_said(
            "$",
            format!(
                "the message bodies this scenario writes come to more than {MAX_PAYLOAD_BYTES} bytes (a body with {{n}} is written out once per message)"
            ),
            "payload-too-big",
            &[("max", &MAX_PAYLOAD_BYTES)],
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
                return err_said(
                    &format!("$.script[{i}].from"),
                    format!("client {} already receives from \"{first}\"", s.by),
                    "already-receives",
                    &[("client", &s.by), ("from", &first)],
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
                        return err_said(
                            p,
                            format!(
                                "duplicate key \"{}\" (each key at most once)",
                                excerpt(&key)
                            ),
                            "duplicate-key",
                            &[("key", &excerpt(&key))],
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
