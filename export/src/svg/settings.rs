//! The scenario's settings in words, for the line under the title: the queue's, or each entity's
//! (a topic's subscriptions with their rules), with what differs from the defaults.

use super::words::{Words, duration, whole};
use alloc::string::String;
use alloc::vec::Vec;
use settle_i18n::Arg;
use settle_scenario::Scenario;

pub(super) fn settings_line(w: &Words, sc: &Scenario) -> String {
    if let Some(ents) = &sc.entities {
        return entities_line(w, ents);
    }
    let settings = setting_words(w, &sc.queue, true).join(" · ");
    w.tf("story-settings-queue", &[("settings", Arg::from(settings))])
}

/// A queue's settings in words: with `always`, its lock duration and max delivery count even
/// when they are the defaults; the others only where they differ from the defaults.
fn setting_words(w: &Words, q: &settle_core::QueueConfig, always: bool) -> Vec<String> {
    let d = settle_core::QueueConfig::default();
    let mut parts = Vec::new();
    if always || q.lock_duration != d.lock_duration {
        let args = duration(q.lock_duration.as_millis());
        parts.push(w.tf("story-setting-lock-duration", &args));
    }
    if always || q.max_delivery_count != d.max_delivery_count {
        let count = ("count", Arg::from(q.max_delivery_count));
        parts.push(w.tf("story-setting-max-delivery-count", &[count]));
    }
    if let Some(t) = q.default_ttl {
        parts.push(w.tf("story-setting-default-ttl", &duration(t.as_millis())));
    }
    if q.dead_letter_on_expiration {
        parts.push(w.t("story-setting-dead-letter-on-expiration"));
    }
    if let Some(window) = q.duplicate_detection_window {
        let args = duration(window.as_millis());
        parts.push(w.tf("story-setting-duplicate-detection", &args));
    }
    if q.requires_session {
        parts.push(w.t("story-setting-sessions"));
    }
    if q.tier != settle_core::Tier::Standard {
        let tier = ("tier", Arg::from(q.tier.name()));
        parts.push(w.tf("story-setting-tier", &[tier]));
    }
    if q.max_size_bytes != 1_073_741_824 {
        let size = ("size", whole(q.max_size_bytes));
        parts.push(w.tf("story-setting-max-size", &[size]));
    }
    parts
}

/// The entities of a document, in words: each queue and topic, a topic's subscriptions with
/// their rules, and what differs from the defaults.
fn entities_line(w: &Words, ents: &settle_core::namespace::Entities) -> String {
    use settle_core::namespace::EntitySpec;
    let with = |head: String, parts: Vec<String>| {
        if parts.is_empty() {
            head
        } else {
            let args = [
                ("entity", Arg::from(head)),
                ("settings", Arg::from(w.list(&parts))),
            ];
            w.tf("story-entity-with-settings", &args)
        }
    };
    let mut items = Vec::new();
    for (name, e) in ents.iter() {
        let name_arg = || ("name", Arg::from(name.as_str()));
        match e {
            EntitySpec::Queue(c) => {
                let head = w.tf("story-entity-queue", &[name_arg()]);
                items.push(with(head, setting_words(w, c, false)));
            }
            EntitySpec::Topic(t) => {
                let subs: Vec<String> = t
                    .subscriptions
                    .iter()
                    .map(|(sub, x)| {
                        let mut parts = setting_words(w, &x.config, false);
                        let default = x.rules.len() == 1
                            && x.rules
                                .contains_key(settle_core::filter::Rule::DEFAULT_NAME);
                        if x.rules.is_empty() {
                            parts.push(w.t("story-entity-no-rules"));
                        } else if !default {
                            let names: Vec<&str> = x.rules.keys().map(String::as_str).collect();
                            let rules = ("rules", Arg::from(w.list(&names)));
                            parts.push(w.tf("story-entity-rules", &[rules]));
                        }
                        with(sub.clone(), parts)
                    })
                    .collect();
                let head = w.tf("story-entity-topic", &[name_arg()]);
                let topic = (
                    "topic",
                    Arg::from(with(head, setting_words(w, &t.config, false))),
                );
                items.push(if subs.is_empty() {
                    w.tf("story-entity-no-subscriptions", &[topic])
                } else {
                    let subs = ("subscriptions", Arg::from(w.list(&subs)));
                    w.tf("story-entity-subscriptions", &[topic, subs])
                });
            }
        }
    }
    let entities = Arg::from(items.join(" · "));
    w.tf("story-settings-entities", &[("entities", entities)])
}
