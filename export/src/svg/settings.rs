//! The scenario's settings in words, for the line under the title: the queue's, or each entity's
//! (a topic's subscriptions with their rules), with what differs from the defaults.

use super::text::duration_words;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use settle_scenario::Scenario;

pub(super) fn settings_line(sc: &Scenario) -> String {
    if let Some(ents) = &sc.entities {
        return entities_line(ents);
    }
    format!("Queue: {}", setting_words(&sc.queue, true).join(" · "))
}

/// A queue's settings in words: with `always`, its lock duration and max delivery count even
/// when they are the defaults; the others only where they differ from the defaults.
fn setting_words(q: &settle_core::QueueConfig, always: bool) -> Vec<String> {
    let d = settle_core::QueueConfig::default();
    let mut parts = Vec::new();
    if always || q.lock_duration != d.lock_duration {
        parts.push(format!(
            "lock duration {}",
            duration_words(q.lock_duration.as_millis())
        ));
    }
    if always || q.max_delivery_count != d.max_delivery_count {
        parts.push(format!("max delivery count {}", q.max_delivery_count));
    }
    if let Some(t) = q.default_ttl {
        parts.push(format!("default TTL {}", duration_words(t.as_millis())));
    }
    if q.dead_letter_on_expiration {
        parts.push("dead-letter on expiration".into());
    }
    if let Some(w) = q.duplicate_detection_window {
        parts.push(format!(
            "duplicate detection {}",
            duration_words(w.as_millis())
        ));
    }
    if q.requires_session {
        parts.push("sessions".into());
    }
    if q.tier != settle_core::Tier::Standard {
        parts.push(format!("tier {}", q.tier.name()));
    }
    if q.max_size_bytes != 1_073_741_824 {
        parts.push(format!("max size {} bytes", q.max_size_bytes));
    }
    parts
}

/// The entities of a document, in words: each queue and topic, a topic's subscriptions with
/// their rules, and what differs from the defaults.
fn entities_line(ents: &settle_core::namespace::Entities) -> String {
    use settle_core::namespace::EntitySpec;
    let with = |head: String, parts: Vec<String>| {
        if parts.is_empty() {
            head
        } else {
            format!("{head} ({})", parts.join(", "))
        }
    };
    let mut items = Vec::new();
    for (name, e) in ents.iter() {
        match e {
            EntitySpec::Queue(c) => {
                items.push(with(format!("queue {name}"), setting_words(c, false)))
            }
            EntitySpec::Topic(t) => {
                let subs: Vec<String> = t
                    .subscriptions
                    .iter()
                    .map(|(sub, x)| {
                        let mut parts = setting_words(&x.config, false);
                        let default = x.rules.len() == 1
                            && x.rules
                                .contains_key(settle_core::filter::Rule::DEFAULT_NAME);
                        if x.rules.is_empty() {
                            parts.push("no rules".into());
                        } else if !default {
                            let names: Vec<&str> = x.rules.keys().map(String::as_str).collect();
                            parts.push(format!("rules {}", names.join(", ")));
                        }
                        with(sub.clone(), parts)
                    })
                    .collect();
                let mut head = with(format!("topic {name}"), setting_words(&t.config, false));
                if subs.is_empty() {
                    head.push_str(": no subscriptions");
                } else {
                    head.push_str(&format!(" → {}", subs.join(", ")));
                }
                items.push(head);
            }
        }
    }
    format!("Entities: {}", items.join(" · "))
}
