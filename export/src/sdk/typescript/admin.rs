//! The administration client: the queue's creation with the scenario's settings, the properties
//! of a queue's, topic's or subscription's settings, updates, and rules.

use super::lit::s;
use crate::sdk::entities::{RuleFilter, rule_of};
use crate::sdk::header::size_mb;
use crate::sdk::text::iso_duration;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::QueuePatch;
use settle_scenario::Scenario;

/// `update_entity`, `add_rule`, `remove_rule` through the administration client.
pub(super) fn entity_op(
    entity: &str,
    op: &settle_core::namespace::EntityOp,
    raw: &serde_json::Value,
) -> String {
    use settle_core::namespace::EntityOp;
    match op {
        EntityOp::Update {
            patch,
            filter_exceptions,
        } => {
            let mut changes = patch_changes(patch);
            if let Some(b) = filter_exceptions {
                changes.push(format!("deadLetteringOnFilterEvaluationExceptions: {b}"));
            }
            format!(
                "await updateEntity({}, {{ {} }});",
                s(entity),
                changes.join(", ")
            )
        }
        EntityOp::AddRule { name, .. } => {
            let (f, a) = rule_of(raw);
            format!(
                "await addRule({}, {}, {}, {});",
                s(entity),
                s(name),
                rule_filter(&f),
                a.map_or("undefined".into(), |a| format!(
                    "{{ sqlExpression: {} }}",
                    s(&a)
                ))
            )
        }
        EntityOp::RemoveRule { name } => format!("await removeRule({}, {});", s(entity), s(name)),
    }
}

/// A rule filter for the administration client (`SqlRuleFilter` or `CorrelationRuleFilter`).
pub(super) fn rule_filter(f: &RuleFilter) -> String {
    match f {
        RuleFilter::True => "{ sqlExpression: \"1=1\" }".into(),
        RuleFilter::False => "{ sqlExpression: \"1=0\" }".into(),
        RuleFilter::Sql(q) => format!("{{ sqlExpression: {} }}", s(q)),
        RuleFilter::Correlation(system, props) => {
            let mut f: Vec<String> = system
                .iter()
                .map(|(k, v)| {
                    let k = match k.as_str() {
                        "correlation_id" => "correlationId",
                        "message_id" => "messageId",
                        "to_address" => "to",
                        "reply_to" => "replyTo",
                        "session_id" => "sessionId",
                        "reply_to_session_id" => "replyToSessionId",
                        "content_type" => "contentType",
                        k => k,
                    };
                    format!("{k}: {}", s(v))
                })
                .collect();
            if !props.is_empty() {
                let items: Vec<String> = props
                    .iter()
                    .map(|(k, v)| {
                        let v = match v {
                            serde_json::Value::String(x) => s(x),
                            other => other.to_string(),
                        };
                        format!("{}: {v}", s(k))
                    })
                    .collect();
                f.push(format!("applicationProperties: {{ {} }}", items.join(", ")));
            }
            format!("{{ {} }}", f.join(", "))
        }
    }
}

/// The administration client's property assignments for an update (the tier is not one).
pub(super) fn patch_changes(p: &QueuePatch) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(d) = p.lock_duration {
        v.push(format!("lockDuration: {}", s(&iso_duration(d.as_millis()))));
    }
    if let Some(n) = p.max_delivery_count {
        v.push(format!("maxDeliveryCount: {n}"));
    }
    if let Some(t) = p.default_ttl {
        v.push(format!(
            "defaultMessageTimeToLive: {}",
            s(
                &t.map_or("P10675199DT2H48M5.4775807S".into(), |t| iso_duration(
                    t.as_millis()
                ))
            )
        ));
    }
    if let Some(b) = p.dead_letter_on_expiration {
        v.push(format!("deadLetteringOnMessageExpiration: {b}"));
    }
    if let Some(w) = p.duplicate_detection_window {
        v.push(format!("requiresDuplicateDetection: {}", w.is_some()));
        if let Some(w) = w {
            v.push(format!(
                "duplicateDetectionHistoryTimeWindow: {}",
                s(&iso_duration(w.as_millis()))
            ));
        }
    }
    if let Some(b) = p.requires_session {
        v.push(format!("requiresSession: {b}"));
    }
    if let Some(b) = p.max_size_bytes {
        v.push(format!("maxSizeInMegabytes: {}", size_mb(b)));
    }
    v
}

pub(super) fn create_queue(sc: &Scenario) -> String {
    format!(
        "/** Creates the queue with exactly the scenario's properties (needs Manage rights). */\nasync function createQueue(): Promise<void> {{\n  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);\n  await admin.createQueue(QUEUE, {{\n    {},\n  }});\n  console.log(`created queue ${{QUEUE}}`);\n}}\n",
        queue_fields(&sc.queue).join(",\n    ")
    )
}

/// The administration client's properties for a queue's settings.
pub(super) fn queue_fields(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut f = lock_fields(q);
    f.extend(dup_fields(q));
    f.push(format!("requiresSession: {}", q.requires_session));
    f.push(format!("maxSizeInMegabytes: {}", size_mb(q.max_size_bytes)));
    f
}

/// A queue's or subscription's delivery settings.
pub(super) fn lock_fields(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut f = vec![
        format!(
            "lockDuration: {}",
            s(&iso_duration(q.lock_duration.as_millis()))
        ),
        format!("maxDeliveryCount: {}", q.max_delivery_count),
    ];
    f.extend(ttl_fields(q));
    f.push(format!(
        "deadLetteringOnMessageExpiration: {}",
        q.dead_letter_on_expiration
    ));
    f
}

/// The default time-to-live, when there is one.
pub(super) fn ttl_fields(q: &settle_core::QueueConfig) -> Option<String> {
    q.default_ttl.map(|t| {
        format!(
            "defaultMessageTimeToLive: {}",
            s(&iso_duration(t.as_millis()))
        )
    })
}

/// The duplicate detection settings of a queue or topic.
pub(super) fn dup_fields(q: &settle_core::QueueConfig) -> Vec<String> {
    match q.duplicate_detection_window {
        Some(w) => vec![
            "requiresDuplicateDetection: true".into(),
            format!(
                "duplicateDetectionHistoryTimeWindow: {}",
                s(&iso_duration(w.as_millis()))
            ),
        ],
        None => vec!["requiresDuplicateDetection: false".into()],
    }
}
