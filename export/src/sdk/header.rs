//! The header comment both languages share: the scenario's title and description, the
//! environment the program needs, the queue's (or each entity's) settings in words, and what
//! the export left out.

use super::entities::{RuleFilter, declared_rules};
use super::plan::{MAX_STEPS, Plan};
use super::text::comment_text;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_scenario::Scenario;

/// The header comment both languages share: what the program is and what the queue needs.
pub(crate) fn header(plan: &Plan<'_>, lang_notes: &[String]) -> Vec<String> {
    let sc = plan.sc;
    let mut h = Vec::new();
    h.push(comment_text(&sc.title));
    if !sc.description.is_empty() {
        h.push(String::new());
        for line in wrap_words(&comment_text(&sc.description), 92) {
            h.push(line);
        }
    }
    h.push(String::new());
    if sc.entities.is_some() {
        entity_header(&mut h, sc);
    } else {
        queue_header(&mut h, sc);
    }
    h.push(String::new());
    h.push(
        "DeliveryCount: Settle shows .NET's count (1 on a first delivery); this SDK shows the raw"
            .into(),
    );
    h.push("AMQP count (0 on a first delivery). The predictions below are translated.".into());
    h.extend(lang_notes.iter().cloned());
    if plan.omitted > 0 {
        h.push(String::new());
        h.push(format!(
            "The script has {} more steps than the {MAX_STEPS} exported here.",
            plan.omitted
        ));
    }
    if let Some(t) = plan.cut_at_ms {
        h.push(String::new());
        h.push(format!(
            "Settle's run of this scenario is too long to predict whole: predictions stop at {t} ms."
        ));
    }
    h
}

/// The header's middle for a document with `entities`: the environment and the entities.
fn entity_header(h: &mut Vec<String>, sc: &Scenario) {
    for line in [
        "Exported from Settle: this program performs the scenario's script against real Azure",
        "Service Bus queues, topics and subscriptions, each step at its time, and prints what",
        "Azure answered next to what Settle predicts, so a run checks both. Settle's times are",
        "virtual; here they are real seconds from the start, so a step can drift by network latency.",
        "",
        "Environment: SERVICEBUS_CONNECTION_STRING (with Manage rights for --create-entities and",
        "update_entity, add_rule, remove_rule steps); SETTLE_ENTITY_PREFIX (optional: put before",
        "every queue and topic name, so that the run has entities of its own). Use empty entities:",
        "anything already in them changes what the receives get.",
        "",
        "The entities this scenario needs (the data plane cannot set these; --create-entities",
        "creates them with exactly these properties and rules through the administration client):",
    ] {
        h.push(line.into());
    }
    for n in entity_notes(sc) {
        h.push(format!("  {n}"));
    }
}

/// The header's middle without `entities`: the environment and the queue.
fn queue_header(h: &mut Vec<String>, sc: &Scenario) {
    h.push(
        "Exported from Settle: this program performs the scenario's script against a real".into(),
    );
    h.push(
        "Azure Service Bus queue, each step at its time, and prints what Azure answered next to"
            .into(),
    );
    h.push(
        "what Settle predicts, so a run checks both. Settle's times are virtual; here they are"
            .into(),
    );
    h.push("real seconds from the start, so a step can drift by network latency.".into());
    h.push(String::new());
    h.push(
        "Environment: SERVICEBUS_CONNECTION_STRING (with Manage rights for --create-queue and"
            .into(),
    );
    h.push(
        "update_queue steps), SERVICEBUS_QUEUE (the queue's name). Use an empty queue of its own:"
            .into(),
    );
    h.push("anything already in it changes what the receives get.".into());
    h.push(String::new());
    h.push(
        "The queue this scenario needs (the data plane cannot set these; --create-queue creates"
            .into(),
    );
    h.push("it with exactly these properties through the administration client):".into());
    for n in queue_notes(sc) {
        h.push(format!("  {n}"));
    }
}

fn wrap_words(s: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for w in s.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + w.chars().count() > width {
            out.push(core::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(w);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// What the queue needs that a program cannot set through the data plane.
pub(crate) fn queue_notes(sc: &Scenario) -> Vec<String> {
    config_notes(&sc.queue)
}

/// A queue's settings, in words.
fn config_notes(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut v = vec_of(&[
        format!("lock duration: {} ms", q.lock_duration.as_millis()),
        format!("max delivery count: {}", q.max_delivery_count),
    ]);
    match q.default_ttl {
        Some(t) => v.push(format!(
            "default message time-to-live: {} ms",
            t.as_millis()
        )),
        None => v.push("default message time-to-live: none (never expires)".into()),
    }
    v.push(format!(
        "dead-lettering on message expiration: {}",
        q.dead_letter_on_expiration
    ));
    match q.duplicate_detection_window {
        Some(w) => v.push(format!(
            "duplicate detection: on, window {} ms",
            w.as_millis()
        )),
        None => v.push("duplicate detection: off".into()),
    }
    v.push(format!("requires session: {}", q.requires_session));
    v.push(format!(
        "tier: {} (a namespace setting: pick a namespace of this tier)",
        q.tier.name()
    ));
    let mb = size_mb(q.max_size_bytes);
    if q.max_size_bytes == mb * 1024 * 1024 {
        v.push(format!("max size: {mb} MB"));
    } else {
        v.push(format!(
            "max size: {} bytes in Settle; Azure's sizes are whole gigabytes, so this creates {mb} MB and Settle's QuotaExceeded predictions will not happen",
            q.max_size_bytes
        ));
    }
    v
}

/// What each entity of a document with `entities` needs, in words: queues and topics, a
/// topic's subscriptions and their rules.
fn entity_notes(sc: &Scenario) -> Vec<String> {
    use settle_core::namespace::EntitySpec;
    let mut v = Vec::new();
    for (name, e) in sc.entities.iter().flat_map(|e| e.iter()) {
        match e {
            EntitySpec::Queue(c) => {
                v.push(format!("queue {name}:"));
                v.extend(config_notes(c).into_iter().map(|n| format!("  {n}")));
            }
            EntitySpec::Topic(t) => {
                v.push(format!("topic {name}:"));
                let keep = ["default message", "duplicate detection", "tier", "max size"];
                v.extend(
                    config_notes(&t.config)
                        .into_iter()
                        .filter(|n| keep.iter().any(|k| n.starts_with(k)))
                        .map(|n| format!("  {n}")),
                );
                for (sub, x) in &t.subscriptions {
                    v.push(format!("  subscription {sub}:"));
                    let keep = [
                        "lock",
                        "max delivery",
                        "default message",
                        "dead-lettering",
                        "requires",
                    ];
                    v.extend(
                        config_notes(&x.config)
                            .into_iter()
                            .filter(|n| keep.iter().any(|k| n.starts_with(k)))
                            .map(|n| format!("    {n}")),
                    );
                    v.push(format!(
                        "    dead-lettering on filter evaluation exceptions: {}",
                        x.dead_letter_on_filter_evaluation_exceptions
                    ));
                    match declared_rules(sc, name, sub) {
                        None => v.push("    rules: $Default (TrueFilter)".into()),
                        Some(r) if r.is_empty() => {
                            v.push("    rules: none (it receives nothing)".into());
                        }
                        Some(rules) => {
                            for (n, f, a) in rules {
                                let f = match f {
                                    RuleFilter::True => "TrueFilter".to_string(),
                                    RuleFilter::False => "FalseFilter".to_string(),
                                    RuleFilter::Sql(q) => format!("SQL filter {q}"),
                                    RuleFilter::Correlation(..) => "correlation filter".to_string(),
                                };
                                match a {
                                    Some(a) => v.push(format!("    rule {n}: {f}, action {a}")),
                                    None => v.push(format!("    rule {n}: {f}")),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    v
}

fn vec_of(items: &[String]) -> Vec<String> {
    items.to_vec()
}

/// The queue size Azure can have closest to the scenario's quota (1, 2, 3, 4, 5 GB; 80 GB).
pub(crate) fn size_mb(bytes: u64) -> u64 {
    let mb = bytes.div_ceil(1024 * 1024);
    [1024u64, 2048, 3072, 4096, 5120, 81920]
        .into_iter()
        .find(|&s| s >= mb)
        .unwrap_or(81920)
}
