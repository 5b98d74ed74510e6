//! The administration client: the queue's creation with the scenario's settings, the keyword
//! arguments of a queue's, topic's or subscription's settings, updates, and rules.

use super::lit::{json_lit, ms_delta, py_bool, s};
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
                changes.push(format!(
                    "\"dead_lettering_on_filter_evaluation_exceptions\": {}",
                    if *b { "True" } else { "False" }
                ));
            }
            format!(
                "await update_entity({}, {{{}}})",
                s(entity),
                changes.join(", ")
            )
        }
        EntityOp::AddRule { name, .. } => {
            let (f, a) = rule_of(raw);
            format!(
                "await add_rule({}, {}, {}, {})",
                s(entity),
                s(name),
                rule_filter(&f),
                a.map_or("None".into(), |a| format!("SqlRuleAction({})", s(&a)))
            )
        }
        EntityOp::RemoveRule { name } => format!("await remove_rule({}, {})", s(entity), s(name)),
    }
}

/// A rule filter for the administration client.
pub(super) fn rule_filter(f: &RuleFilter) -> String {
    match f {
        RuleFilter::True => "TrueRuleFilter()".into(),
        RuleFilter::False => "FalseRuleFilter()".into(),
        RuleFilter::Sql(q) => format!("SqlRuleFilter({})", s(q)),
        RuleFilter::Correlation(system, props) => {
            let mut args: Vec<String> = system
                .iter()
                .map(|(k, v)| {
                    let k = match k.as_str() {
                        "to_address" => "to",
                        "subject" => "label",
                        k => k,
                    };
                    format!("{k}={}", s(v))
                })
                .collect();
            if !props.is_empty() {
                let items: Vec<String> = props
                    .iter()
                    .map(|(k, v)| format!("{}: {}", s(k), json_lit(v)))
                    .collect();
                args.push(format!("properties={{{}}}", items.join(", ")));
            }
            format!("CorrelationRuleFilter({})", args.join(", "))
        }
    }
}

/// The administration client's property assignments for an update (the tier is not one).
pub(super) fn patch_changes(p: &QueuePatch) -> Vec<String> {
    let mut v = Vec::new();
    let py_bool = |b: bool| if b { "True" } else { "False" };
    if let Some(d) = p.lock_duration {
        v.push(format!("\"lock_duration\": {}", ms_delta(d.as_millis())));
    }
    if let Some(n) = p.max_delivery_count {
        v.push(format!("\"max_delivery_count\": {n}"));
    }
    if let Some(t) = p.default_ttl {
        v.push(format!(
            "\"default_message_time_to_live\": {}",
            t.map_or("timedelta.max".into(), |t| ms_delta(t.as_millis()))
        ));
    }
    if let Some(b) = p.dead_letter_on_expiration {
        v.push(format!(
            "\"dead_lettering_on_message_expiration\": {}",
            py_bool(b)
        ));
    }
    if let Some(w) = p.duplicate_detection_window {
        v.push(format!(
            "\"requires_duplicate_detection\": {}",
            py_bool(w.is_some())
        ));
        if let Some(w) = w {
            v.push(format!(
                "\"duplicate_detection_history_time_window\": {}",
                ms_delta(w.as_millis())
            ));
        }
    }
    if let Some(b) = p.requires_session {
        v.push(format!("\"requires_session\": {}", py_bool(b)));
    }
    if let Some(b) = p.max_size_bytes {
        v.push(format!("\"max_size_in_megabytes\": {}", size_mb(b)));
    }
    v
}

pub(super) fn create_queue(sc: &Scenario) -> String {
    let q = &sc.queue;
    let mut args = vec!["QUEUE".to_string()];
    args.extend(queue_args(q));
    format!(
        "async def create_queue() -> None:\n    \"\"\"Creates the queue with exactly the scenario's properties (needs Manage rights).\"\"\"\n    # The asynchronous administration client needs aiohttp (pip install aiohttp).\n    from azure.servicebus.aio.management import ServiceBusAdministrationClient\n\n    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:\n        await admin.create_queue(\n            {},\n        )\n        print(f\"created queue {{QUEUE}} (lock duration {})\")\n",
        args.join(",\n            "),
        iso_duration(q.lock_duration.as_millis())
    )
}

/// The keyword arguments of a queue's or subscription's delivery settings.
pub(super) fn lock_args(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut args = vec![
        format!("lock_duration={}", ms_delta(q.lock_duration.as_millis())),
        format!("max_delivery_count={}", q.max_delivery_count),
    ];
    args.extend(ttl_args(q));
    args.push(format!(
        "dead_lettering_on_message_expiration={}",
        py_bool(q.dead_letter_on_expiration)
    ));
    args
}

/// The default time-to-live's keyword argument, when there is one.
pub(super) fn ttl_args(q: &settle_core::QueueConfig) -> Option<String> {
    q.default_ttl
        .map(|t| format!("default_message_time_to_live={}", ms_delta(t.as_millis())))
}

/// The duplicate detection keyword arguments of a queue or topic.
pub(super) fn dup_args(q: &settle_core::QueueConfig) -> Vec<String> {
    match q.duplicate_detection_window {
        Some(w) => vec![
            "requires_duplicate_detection=True".into(),
            format!(
                "duplicate_detection_history_time_window={}",
                ms_delta(w.as_millis())
            ),
        ],
        None => vec!["requires_duplicate_detection=False".into()],
    }
}

/// The administration client's keyword arguments for a queue's settings.
pub(super) fn queue_args(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut args = lock_args(q);
    args.extend(dup_args(q));
    args.push(format!("requires_session={}", py_bool(q.requires_session)));
    args.push(format!(
        "max_size_in_megabytes={}",
        size_mb(q.max_size_bytes)
    ));
    args
}
