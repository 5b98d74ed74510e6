//! A document's entities, as both languages create and address them: every queue and
//! subscription path, what `--create-entities` creates in order, the topics, each client's
//! default addresses, and a subscription's rules as declared.

use super::actors::actor_name;
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_core::Op;
use settle_core::actors::ActorSpec;
use settle_scenario::Scenario;

/// Every queue and subscription path of a document with `entities`, in ascending byte order,
/// and whether it requires sessions.
pub(crate) fn receive_paths(sc: &Scenario) -> Vec<(String, bool)> {
    use settle_core::namespace::{EntitySpec, subscription_path};
    let mut out = Vec::new();
    for (name, e) in sc.entities.iter().flat_map(|e| e.iter()) {
        match e {
            EntitySpec::Queue(c) => out.push((name.clone(), c.requires_session)),
            EntitySpec::Topic(t) => {
                for (sub, x) in &t.subscriptions {
                    out.push((subscription_path(name, sub), x.config.requires_session));
                }
            }
        }
    }
    out.sort();
    out
}

/// One thing `--create-entities` creates, in order (the same in both languages).
pub(crate) enum Create<'a> {
    /// A queue and its settings.
    Queue(&'a str, &'a settle_core::QueueConfig),
    /// A topic and its settings.
    Topic(&'a str, &'a settle_core::QueueConfig),
    /// A topic's subscription (with the default rule, as the administration client creates it).
    Subscription(
        &'a str,
        &'a str,
        &'a settle_core::namespace::SubscriptionSpec,
    ),
    /// The subscription declares its own rules: the default one goes first.
    DeleteDefault(&'a str, &'a str),
    /// One of a subscription's declared rules: topic, subscription, name, filter, action.
    Rule(&'a str, &'a str, String, RuleFilter, Option<String>),
}

/// Everything a document with `entities` needs created, in creation order.
pub(crate) fn creation(sc: &Scenario) -> Vec<Create<'_>> {
    use settle_core::namespace::EntitySpec;
    let mut out = Vec::new();
    for (name, e) in sc.entities.iter().flat_map(|e| e.iter()) {
        match e {
            EntitySpec::Queue(q) => out.push(Create::Queue(name, q)),
            EntitySpec::Topic(t) => {
                out.push(Create::Topic(name, &t.config));
                for (sub, x) in &t.subscriptions {
                    out.push(Create::Subscription(name, sub, x));
                    if let Some(rules) = declared_rules(sc, name, sub) {
                        out.push(Create::DeleteDefault(name, sub));
                        for (rule, f, a) in rules {
                            out.push(Create::Rule(name, sub, rule, f, a));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The topics of a document with `entities`, by name.
pub(crate) fn topics(sc: &Scenario) -> Vec<String> {
    sc.entities
        .iter()
        .flat_map(|e| e.iter())
        .filter(|(_, e)| matches!(e, settle_core::namespace::EntitySpec::Topic(_)))
        .map(|(n, _)| n.clone())
        .collect()
}

/// What each client of a document with `entities` sends to by default (a sender actor's `to`)
/// and receives from (its receive entity: format rule 3), by client name, in name order.
pub(crate) fn client_addresses(sc: &Scenario) -> BTreeMap<String, (String, String)> {
    let mut out: BTreeMap<String, (String, String)> = BTreeMap::new();
    for st in &sc.script {
        let e = st.entity.as_deref().unwrap_or("").to_string();
        let slot = out.entry(st.by.to_string()).or_default();
        match st.op {
            Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. } => {
                if slot.0.is_empty() {
                    slot.0 = e;
                }
            }
            Op::Entity { .. } => {}
            _ => slot.1 = e,
        }
    }
    for (a, e) in sc.actors.iter().zip(&sc.actor_entities) {
        let slot = out.entry(actor_name(a).to_string()).or_default();
        match a {
            ActorSpec::Sender(_) => slot.0 = e.to_string(),
            ActorSpec::Receiver(_) => slot.1 = e.to_string(),
        }
    }
    out
}

/// A rule as written in the document (`scenario-format-entities.md` §1): the filter and the
/// optional action, for the administration client.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RuleFilter {
    True,
    False,
    Sql(String),
    /// System properties (format names) and application properties, as written.
    Correlation(Vec<(String, String)>, Vec<(String, serde_json::Value)>),
}

/// A rule's filter and action from its JSON (already validated by the parser).
pub(crate) fn rule_of(v: &serde_json::Value) -> (RuleFilter, Option<String>) {
    let f = v.get("filter");
    let filter = if let Some(sql) = f.and_then(|f| f.get("sql")).and_then(|x| x.as_str()) {
        RuleFilter::Sql(sql.to_string())
    } else if let Some(c) = f
        .and_then(|f| f.get("correlation"))
        .and_then(|c| c.as_object())
    {
        let mut system = Vec::new();
        let mut props = Vec::new();
        for (k, v) in c {
            match (k.as_str(), v) {
                ("properties", serde_json::Value::Object(p)) => {
                    props.extend(p.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
                (_, serde_json::Value::String(x)) => system.push((k.clone(), x.clone())),
                _ => {}
            }
        }
        RuleFilter::Correlation(system, props)
    } else if f.and_then(|f| f.get("false")).is_some() {
        RuleFilter::False
    } else {
        RuleFilter::True
    };
    let action = v.get("action").and_then(|a| a.as_str()).map(String::from);
    (filter, action)
}

/// A subscription's rules as declared: `None` when it keeps the default rule (`rules` absent).
pub(crate) fn declared_rules(
    sc: &Scenario,
    topic: &str,
    sub: &str,
) -> Option<Vec<(String, RuleFilter, Option<String>)>> {
    let rules = sc
        .raw_entities
        .as_ref()?
        .get(topic)?
        .get("subscriptions")?
        .get(sub)?
        .get("rules")?
        .as_object()?;
    Some(
        rules
            .iter()
            .map(|(n, v)| {
                let (f, a) = rule_of(v);
                (n.clone(), f, a)
            })
            .collect(),
    )
}
