//! The scenario as a program for the Azure Service Bus SDKs: Python
//! (`azure-servicebus` 7.x, asyncio) and TypeScript (`@azure/service-bus` 7.x).
//!
//! The program performs the scenario's script against a real queue: each step at its time, each
//! settlement through the receiver that received the message. Every step carries, as a comment
//! and in what the program prints, what Settle predicts (the step's result in Settle's run of the
//! same scenario), so a run against Azure checks both. Automated actors become loops that do what
//! the actor does (its send mode, its processing time and settlement policy); what the SDKs cannot
//! express (a presettled send, an abrupt connection drop, a queue quota below 1 GB, ...) is said
//! in a comment at the spot, never dropped silently.
//!
//! Delivery counts: Settle shows .NET's `DeliveryCount` (h+1 on a received message, semantics.md
//! §0); both the Python and the JavaScript SDK show the raw AMQP count h (Python:
//! `ServiceBusReceivedMessage.delivery_count` returns `header.delivery_count`; JavaScript:
//! semantics.md §0). Predictions are translated (a first delivery is predicted as
//! `DeliveryCount 0`), and the program says so.

mod python;
mod typescript;

use python::python;
use typescript::typescript;

/// The language of an exported program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Python 3 with `azure-servicebus` 7.x (asyncio).
    Python,
    /// TypeScript with `@azure/service-bus` 7.x.
    TypeScript,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Self; 2] = [Self::Python, Self::TypeScript];

    /// The language named `python`/`py` or `typescript`/`ts`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "python" | "py" => Some(Self::Python),
            "typescript" | "ts" => Some(Self::TypeScript),
            _ => None,
        }
    }

    /// The name `--lang` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Python => "python",
            Self::TypeScript => "typescript",
        }
    }

    /// The usual file extension (without the dot).
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Python => "py",
            Self::TypeScript => "ts",
        }
    }
}

/// The Python SDK version the program's install line names (scripts/versions.sh pins the same).
pub const PYTHON_SDK_VERSION: &str = "7.15.0";
/// The JavaScript SDK version the program's install line names (tests/e2e/package.json pins it).
pub const TYPESCRIPT_SDK_VERSION: &str = "7.9.5";

/// The scenario as a runnable program in `lang`: a pure function of the scenario (the same
/// scenario gives the same text), for the runner and the playground alike.
///
/// # Errors
/// The scenario asks for more work than the run's budget allows ([`ArtifactError::budget`]),
/// exactly when `settle run` says so; every other valid scenario exports (a huge one in part,
/// and the program says so).
pub fn export(sc: &Scenario, lang: Lang) -> Result<String, ArtifactError> {
    #[cfg(not(feature = "entities"))]
    if sc.entities.is_some() {
        // Without the feature no document declares entities (the parser refuses the key).
        return Err(ArtifactError {
            message: settle_scenario::ONLY_RUN_HAS_ENTITIES.into(),
            budget: None,
        });
    }
    match lang {
        Lang::Python => python(sc),
        Lang::TypeScript => typescript(sc),
    }
}

use crate::artifact::{ArtifactError, Ended, drive, target_of, ttl_possible};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::EventKind;
use settle_core::Listing;
use settle_core::MessageView;
use settle_core::NewMessage;
use settle_core::QueuePatch;
use settle_core::actors::{ActorSpec, SendMode};
use settle_core::{Error, ErrorKind};
use settle_core::{Op, Outcome, Target, World};
use settle_scenario::{BudgetError, Record, Scenario, Step};

/// Script steps exported at most (a longer script is cut, and the program says so).
pub const MAX_STEPS: usize = 5_000;
/// Records of Settle's run used for predictions at most.
const RECORD_BUDGET: usize = 200_000;

/// One script step with Settle's prediction.
pub(crate) struct Planned<'a> {
    pub index: usize,
    pub step: &'a Step,
    /// `None` when Settle's run stopped before this step (too long to predict).
    pub result: Option<Result<Outcome, Error>>,
    /// The message a settlement names, as a MessageId (a `seq` target resolved through Settle's
    /// run; `None` when Settle never saw that sequence number).
    pub target_id: Option<String>,
    /// This client already settled that message successfully (the SDK refuses client-side).
    pub settled_before: bool,
}

/// The scenario and its predictions.
pub(crate) struct Plan<'a> {
    pub sc: &'a Scenario,
    pub steps: Vec<Planned<'a>>,
    /// Steps left out (beyond [`MAX_STEPS`]).
    pub omitted: usize,
    /// Settle's run stopped early (its budget): predictions after this are missing.
    pub cut_at_ms: Option<u64>,
    /// (entity, Settle sequence number) → MessageId; the entity is `""` without `entities`.
    pub ids: BTreeMap<(String, u64), String>,
    /// Steps whose predicted result is a sequence number (schedule): (entity, Settle seq) → step
    /// index.
    pub scheduled: BTreeMap<(String, u64), usize>,
    /// What each automated actor did in Settle's run, by actor name.
    pub actors: BTreeMap<String, ActorTally>,
    /// What is left in the queue and its dead-letter queue at the end of Settle's run (with
    /// `entities`, in each queue and subscription, by path); `None` when the run is too large to
    /// keep track of (the program then only prints what it finds).
    pub end: Option<BTreeMap<String, EndState>>,
}

/// The entity a step's sequence numbers belong to (`""` without `entities`).
fn entity_key(step: &Step) -> String {
    step.entity
        .as_deref()
        .map_or_else(String::new, String::from)
}

impl Plan<'_> {
    /// The MessageId of Settle's sequence number `seq` in the entity `step` addresses.
    pub(crate) fn id(&self, step: &Step, seq: u64) -> Option<&String> {
        self.ids.get(&(entity_key(step), seq))
    }

    /// The step that scheduled Settle's `seq` on the entity `step` addresses.
    pub(crate) fn scheduled_by(&self, step: &Step, seq: u64) -> Option<usize> {
        self.scheduled.get(&(entity_key(step), seq)).copied()
    }
}

/// What an automated actor did, counted as the program counts it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ActorTally {
    pub sends_ok: u64,
    pub sends_failed: u64,
    pub sends_unseen: u64,
    pub received: u64,
    pub completed: u64,
    pub abandoned: u64,
    pub deferred: u64,
    pub dead_lettered: u64,
    pub settle_failed: u64,
}

impl ActorTally {
    fn count(&mut self, op: &Op, result: Option<&Result<Outcome, Error>>) {
        match (op, result) {
            (Op::Send { .. }, None) => self.sends_unseen += 1,
            (Op::Send { .. }, Some(Ok(_))) => self.sends_ok += 1,
            (Op::Send { .. }, Some(Err(_))) => self.sends_failed += 1,
            (Op::Receive { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                self.received += ms.len() as u64;
            }
            (
                Op::Complete { .. } | Op::Abandon { .. } | Op::Defer { .. } | Op::DeadLetter { .. },
                Some(Err(_)),
            ) => self.settle_failed += 1,
            (Op::Complete { .. }, Some(Ok(_))) => self.completed += 1,
            (Op::Abandon { .. }, Some(Ok(_))) => self.abandoned += 1,
            (Op::Defer { .. }, Some(Ok(_))) => self.deferred += 1,
            (Op::DeadLetter { .. }, Some(Ok(_))) => self.dead_lettered += 1,
            _ => {}
        }
    }

    /// The line the program prints for a sender (the same words as its `sender_actor`).
    pub(crate) fn sender_line(&self, looks_at_results: bool) -> String {
        if looks_at_results {
            format!(
                "{} sends accepted, {} failed",
                self.sends_ok, self.sends_failed
            )
        } else {
            format!(
                "{} sends started, results not looked at",
                self.sends_ok + self.sends_failed + self.sends_unseen
            )
        }
    }

    /// The line the program prints for a receiver (the same words as its `receiver_actor`).
    pub(crate) fn receiver_line(&self) -> String {
        format!(
            "{} received, {} completed, {} abandoned, {} deferred, {} dead-lettered, {} settlements failed",
            self.received,
            self.completed,
            self.abandoned,
            self.deferred,
            self.dead_lettered,
            self.settle_failed
        )
    }
}

/// Messages left at the end: MessageIds in the queue (active, deferred, scheduled) and
/// "id (reason)" in the dead-letter queue, each sorted as the programs sort them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EndState {
    pub main: Vec<String>,
    pub dead_letter: Vec<String>,
}

/// The end state is followed by listing the queue after every broker event, up to this many
/// listed messages in all (a cost bound: a run that would list more has no end prediction).
const END_STATE_BUDGET: usize = 2_000_000;

impl EndState {
    fn of(w: &World) -> Self {
        let q = w.queue();
        let mut main: Vec<String> = q
            .list(Listing::Main)
            .into_iter()
            .chain(q.list(Listing::Scheduled))
            .map(|m| m.id.to_string())
            .collect();
        let mut dead_letter: Vec<String> = q
            .list(Listing::DeadLetter)
            .into_iter()
            .map(|m| match &m.dead_letter_reason {
                Some(r) => format!("{} ({r})", m.id),
                None => m.id.to_string(),
            })
            .collect();
        main.sort();
        dead_letter.sort();
        Self { main, dead_letter }
    }
}

/// What the program's end check prints for a session queue's own messages (a session queue can
/// be peeked only session by session).
pub(crate) const SESSION_QUEUE_NOT_PEEKED: &str =
    "(not peeked: a session queue is peeked per session)";

/// What the SDKs cannot express about a step, said the same way in both languages (each
/// language adds its own).
pub(crate) fn step_notes(plan: &Plan<'_>, p: &Planned<'_>) -> Vec<String> {
    let mut notes = Vec::new();
    let size = |m: &NewMessage, notes: &mut Vec<String>| {
        if m.size_bytes != m.body.len() as u64 {
            notes.push(format!(
                "Settle counts this message as {} bytes (size_bytes); the SDK sends the body as it is ({} bytes).",
                m.size_bytes,
                m.body.len()
            ));
        }
    };
    match &p.step.op {
        Op::Send { msg, presettled } => {
            if *presettled {
                notes.push("presettled: the SDKs cannot send presettled (fire-and-forget at the AMQP level); this send waits for the broker's answer.".into());
            }
            size(msg, &mut notes);
        }
        Op::Schedule { msg } => size(msg, &mut notes),
        Op::CancelScheduled { seq } if plan.scheduled_by(p.step, *seq).is_none() => notes.push(format!(
            "No step of this program scheduled Settle's seq {seq}; Settle treats cancelling an unknown number as a no-op, so nothing is sent."
        )),
        Op::ReceiveDeferred { seqs, .. } => {
            for q in seqs.iter().filter(|q| plan.id(p.step, **q).is_none()) {
                notes.push(format!("Settle's seq {q} names no message; it is left out."));
            }
        }
        Op::Peek {
            from_seq: Some(q), ..
        } if plan.id(p.step, *q).is_none() => notes.push(format!(
            "Settle's seq {q} names no message here; the peek starts at the SDK's own cursor."
        )),
        Op::Disconnect => notes.push("The SDK cannot drop a connection abruptly; closing this client's connection is the nearest (the broker sees a close, not a lost link).".into()),
        Op::UpdateQueue(patch) => {
            if tier_change(plan.sc, patch) {
                notes.push("The tier belongs to the namespace: no queue update can change it, so the program refuses as Settle does.".into());
            } else if patch.requires_session.is_some() || patch.duplicate_detection_window.is_some() {
                notes.push("Azure refuses to switch sessions or duplicate detection (on or off) on an existing queue, as Settle does; the update is sent so that Azure's answer shows it.".into());
            }
        }
        _ => {}
    }
    notes
}

/// An update that would change the tier, which belongs to the namespace (no SDK call can).
pub(crate) fn tier_change(sc: &Scenario, patch: &QueuePatch) -> bool {
    patch.tier.is_some_and(|t| t != sc.queue.tier)
}

/// What the SDKs cannot express about an automated actor, the same in both languages.
pub(crate) fn actor_notes(a: &ActorSpec) -> Vec<String> {
    let mut notes = Vec::new();
    match a {
        ActorSpec::Sender(x) => {
            if x.mode == SendMode::Presettled {
                notes.push("presettled: the SDKs cannot send presettled; these sends are pipelined and their answers ignored, the nearest the SDK can do.".into());
            }
            notes.push(format!(
                "Settle models the network ({} ms round trip, {} ms to store{}); here the real network decides.",
                x.rtt.as_millis(),
                x.store.as_millis(),
                if x.jitter.as_millis() > 0 { ", with jitter" } else { "" }
            ));
            if x.reject_per_mille > 0 {
                notes.push(format!(
                    "Settle has the broker refuse {}‰ of these sends as busy; a real broker refuses only when it is.",
                    x.reject_per_mille
                ));
            }
        }
        ActorSpec::Receiver(x) => {
            if let Some(o) = x.sessions {
                notes.push(format!(
                    "Sessions: {} session receiver(s), each accepting the next available session, receiving one message at a time and closing the session after {} ms without one (the SDK's session processor: MaxConcurrentSessions {}, SessionIdleTimeout).",
                    o.max_concurrent,
                    o.idle.as_millis(),
                    o.max_concurrent
                ));
                if x.crash_at.is_some() {
                    notes.push("A crash of a session receiver is not reproduced here: its sessions are closed at the end instead.".into());
                }
            }
            if x.crash_at.is_some() && x.sessions.is_none() {
                notes.push("A crash is a closed connection here (the SDK cannot drop one abruptly), checked between batches.".into());
            }
            notes.push(
                "Processing times are drawn from the same range, not Settle's exact draws.".into(),
            );
        }
    }
    notes
}

/// An actor's name (its client's name).
pub(crate) fn actor_name(a: &ActorSpec) -> &str {
    match a {
        ActorSpec::Sender(x) => &x.name,
        ActorSpec::Receiver(x) => &x.name,
    }
}

/// What the program's summary line of an actor should say: what the actor did in Settle's run.
pub(crate) fn actor_expected(plan: &Plan<'_>, a: &ActorSpec) -> String {
    if plan.cut_at_ms.is_some() {
        return NOT_PREDICTED.into();
    }
    let tally = plan.actors.get(actor_name(a)).cloned().unwrap_or_default();
    match a {
        ActorSpec::Sender(x) => tally.sender_line(!matches!(
            x.mode,
            SendMode::FireAndForget | SendMode::Presettled
        )),
        ActorSpec::Receiver(_) => tally.receiver_line(),
    }
}

/// The comment lines over the end check.
pub(crate) fn end_notes(plan: &Plan<'_>) -> Vec<String> {
    let mut v = vec![String::from(if plan.sc.entities.is_some() {
        "At the end: what is left in every queue and subscription (active, deferred, scheduled) and in their dead-letter queues, peeked."
    } else {
        "At the end: what is left in the queue (active, deferred, scheduled) and in its dead-letter queue, peeked."
    })];
    match end_expected(plan) {
        Some(e) => v.push(format!("Settle: {e}")),
        None => v.push(
            "Settle: not predicted (its run of this scenario is too large to follow to the end)."
                .into(),
        ),
    }
    if ttl_possible(plan.sc) {
        v.push("Azure removes expired messages lazily: a peek can still show a message Settle has already expired.".into());
    }
    v
}

/// A prediction Settle's run did not reach.
const NOT_PREDICTED: &str = "(not predicted: Settle's run stopped before this)";

/// The end check's prediction, worded as the program prints what it peeks.
pub(crate) fn end_expected(plan: &Plan<'_>) -> Option<String> {
    let end = plan.end.as_ref()?;
    let list = |v: &[String]| {
        if v.is_empty() {
            "(empty)".to_string()
        } else {
            v.join(", ")
        }
    };
    if plan.sc.entities.is_some() {
        // Every queue and subscription, in path order, as the program's `contents` words it.
        let lines: Vec<String> = receive_paths(plan.sc)
            .into_iter()
            .map(|(path, sessions)| {
                let e = end.get(&path).cloned().unwrap_or_default();
                let main = if sessions {
                    SESSION_QUEUE_NOT_PEEKED.to_string()
                } else {
                    list(&e.main)
                };
                format!(
                    "{path}: {main} | dead-letter queue: {}",
                    list(&e.dead_letter)
                )
            })
            .collect();
        return Some(lines.join("; "));
    }
    let e = end.get("").cloned().unwrap_or_default();
    let main = if plan.sc.queue.requires_session {
        SESSION_QUEUE_NOT_PEEKED.to_string()
    } else {
        list(&e.main)
    };
    Some(format!(
        "queue: {main} | dead-letter queue: {}",
        list(&e.dead_letter)
    ))
}

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

/// The actor a client name belongs to: a session receiver's clients `{name}#k` are its own
/// (docs/actors.md).
fn actor_of(sc: &Scenario, by: &str) -> String {
    if let Some((name, k)) = by.rsplit_once('#')
        && k.parse::<u32>().is_ok()
        && sc.actors.iter().any(
            |a| matches!(a, ActorSpec::Receiver(r) if r.sessions.is_some() && *r.name == *name),
        )
    {
        return name.to_string();
    }
    by.to_string()
}

pub(crate) fn plan(sc: &Scenario) -> Result<Plan<'_>, BudgetError> {
    let mut results: BTreeMap<usize, Result<Outcome, Error>> = BTreeMap::new();
    let mut ids: BTreeMap<(String, u64), String> = BTreeMap::new();
    let mut actors: BTreeMap<String, ActorTally> = BTreeMap::new();
    let mut end = Some(BTreeMap::new());
    let mut listed = 0usize;
    let topics = topics(sc);
    let mut follow = |w: &World, r: Record<'_>, entity: &str| match r {
        Record::Step { index, result, .. } => {
            results.insert(index, result.clone());
        }
        Record::Actor { act } => {
            actors
                .entry(actor_of(sc, &act.by))
                .or_default()
                .count(&act.op, act.result.as_ref());
        }
        Record::Event { event, .. } => {
            // Every change of where a message is comes with an event.
            listed = listed.saturating_add(w.queue().len());
            if listed > END_STATE_BUDGET {
                end = None;
            } else if let Some(e) = end.as_mut()
                && !topics.iter().any(|t| t == entity)
            {
                e.insert(entity.to_string(), EndState::of(w));
            }
            match &event.kind {
                EventKind::Enqueued { seq, id, .. } | EventKind::Activated { seq, id, .. } => {
                    ids.insert((entity.to_string(), *seq), id.to_string());
                }
                EventKind::DuplicateDropped {
                    seq: Some(s), id, ..
                } => {
                    ids.insert((entity.to_string(), *s), id.to_string());
                }
                _ => {}
            }
        }
    };
    #[cfg(feature = "entities")]
    let ended = if sc.entities.is_some() {
        crate::artifact::drive_ns(sc, RECORD_BUDGET, &mut |r: settle_scenario::NsRecord<
            '_,
        >| {
            follow(r.world, r.record, r.entity.map_or("", |e| &**e));
        })?
    } else {
        drive(sc, RECORD_BUDGET, &mut |w: &World, r: Record<'_>| {
            follow(w, r, "");
        })?
    };
    #[cfg(not(feature = "entities"))]
    let ended = drive(sc, RECORD_BUDGET, &mut |w: &World, r: Record<'_>| {
        follow(w, r, "");
    })?;
    let mut steps = Vec::new();
    let mut settled: BTreeSet<(String, String)> = BTreeSet::new();
    let mut scheduled = BTreeMap::new();
    for (index, step) in sc.script.iter().enumerate().take(MAX_STEPS) {
        let result = results.remove(&index);
        let by = step.by.to_string();
        let target_id = target_of(&step.op).and_then(|t| match t {
            Target::Id(id) => Some(id.to_string()),
            Target::Seq(s) => ids.get(&(entity_key(step), *s)).cloned(),
        });
        let key = target_id.clone().map(|id| (by.clone(), id));
        let settled_before = key.as_ref().is_some_and(|k| settled.contains(k));
        match (&step.op, &result) {
            (
                Op::Complete { .. } | Op::Abandon { .. } | Op::Defer { .. } | Op::DeadLetter { .. },
                Some(Ok(_)),
            ) => {
                if let Some(k) = key {
                    settled.insert(k);
                }
            }
            (Op::Receive { .. } | Op::ReceiveDeferred { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                for m in ms {
                    settled.remove(&(by.clone(), m.id.to_string()));
                }
            }
            (Op::Schedule { .. }, Some(Ok(Outcome::Seq(s)))) => {
                scheduled.insert((entity_key(step), *s), index);
            }
            _ => {}
        }
        steps.push(Planned {
            index,
            step,
            result,
            target_id,
            settled_before,
        });
    }
    Ok(Plan {
        sc,
        omitted: sc.script.len().saturating_sub(MAX_STEPS),
        cut_at_ms: match ended {
            Ended::Finished => None,
            Ended::Cut(t) => Some(t.as_millis()),
        },
        steps,
        ids,
        scheduled,
        actors,
        end: if ended == Ended::Finished { end } else { None },
    })
}

/// The scenario-format name of an operation.
pub(crate) fn op_name(step: &Step) -> &str {
    step.raw.get("do").and_then(|v| v.as_str()).unwrap_or("?")
}

/// A message as the program prints it: the SDK's raw delivery count (semantics.md §0).
fn describe_one(m: &MessageView, peeked: bool) -> String {
    let dc = if peeked {
        m.delivery_count
    } else {
        m.delivery_count.saturating_sub(1)
    };
    format!("{} (DeliveryCount {dc})", m.id)
}

/// What the program prints for a result; the prediction is written the same way, so the two
/// compare as text.
pub(crate) fn expected(p: &Planned<'_>) -> String {
    let peeked = matches!(p.step.op, Op::Peek { .. });
    match &p.result {
        None => NOT_PREDICTED.into(),
        Some(Ok(Outcome::Messages(ms))) => {
            let n = ms.len();
            let list: Vec<String> = ms.iter().map(|m| describe_one(m, peeked)).collect();
            match n {
                0 => "0 messages".into(),
                1 => format!("1 message: {}", list.join(", ")),
                _ => format!("{n} messages: {}", list.join(", ")),
            }
        }
        Some(Ok(Outcome::Session { id, .. })) => format!("session {id}"),
        Some(Ok(Outcome::State(s))) => match s {
            Some(s) => format!("state {s}"),
            None => "state (none)".into(),
        },
        Some(Ok(_)) => "ok".into(),
        Some(Err(e)) if refused_by_sdk(p, e) => "error InvalidOperation".into(),
        Some(Err(e)) => format!("error {}", e.kind.name()),
    }
}

/// Settling a message this client already settled: the broker would answer MessageLockLost (as
/// Settle predicts), but both SDKs refuse it themselves before asking (Python:
/// `MessageAlreadySettled`; JavaScript: "already settled"), which the program prints as
/// InvalidOperation.
fn refused_by_sdk(p: &Planned<'_>, e: &Error) -> bool {
    p.settled_before && e.kind == ErrorKind::MessageLockLost
}

/// The comment lines of Settle's prediction for a step.
pub(crate) fn prediction_notes(p: &Planned<'_>, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    match &p.result {
        None => out.push("Settle: not predicted (its run of this scenario stopped earlier).".into()),
        Some(Ok(o)) => match o {
            Outcome::Done => out.push("Settle: ok.".into()),
            Outcome::Seq(s) => out.push(format!(
                "Settle: ok, sequence number {s} in Settle's queue (a real queue numbers on from its own history)."
            )),
            Outcome::Messages(ms) if ms.is_empty() => {
                out.push("Settle: nothing there (0 messages).".into());
            }
            Outcome::Messages(ms) => {
                let peeked = matches!(p.step.op, Op::Peek { .. });
                for m in ms {
                    let mut line = format!(
                        "Settle: {} (seq {} there), .NET DeliveryCount {}, so {} here",
                        m.id,
                        m.seq,
                        m.delivery_count,
                        describe_one(m, peeked)
                            .rsplit_once('(')
                            .map_or(String::new(), |(_, r)| r.trim_end_matches(')').to_string())
                    );
                    if let Some(t) = m.locked_until {
                        line.push_str(&format!(", locked until {}", crate::artifact::secs(t.as_millis())));
                    }
                    if m.lock_token.is_none() && !peeked {
                        line.push_str(", received and deleted");
                    }
                    line.push('.');
                    out.push(line);
                }
            }
            Outcome::LockedUntil(t) => out.push(format!(
                "Settle: ok, locked until {} after the start.",
                crate::artifact::secs(t.as_millis())
            )),
            Outcome::Session { id, locked_until } => out.push(format!(
                "Settle: accepts session {id}, locked until {} after the start.",
                crate::artifact::secs(locked_until.as_millis())
            )),
            Outcome::State(s) => out.push(format!(
                "Settle: session state {}.",
                s.as_deref().unwrap_or("(none)")
            )),
        },
        Some(Err(e)) => {
            out.push(format!("Settle: expect {}: {}", e.kind.name(), e.message));
            if refused_by_sdk(p, e) {
                out.push(match lang {
                    Lang::Python => "This client already settled it: the SDK refuses itself (MessageAlreadySettled) before the broker is asked, so here: InvalidOperation.",
                    Lang::TypeScript => "This client already settled it: the SDK refuses itself (\"already settled\") before the broker is asked, so here: InvalidOperation.",
                }.into());
            }
        }
    }
    out
}

/// Text safe inside a line comment (one line, no control characters).
pub(crate) fn comment_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A double-quoted string literal valid in both Python and TypeScript: ASCII only, every other
/// character escaped (`\uXXXX`; beyond the BMP `\U........` in Python, `\u{...}` in TypeScript).
pub(crate) fn str_lit(s: &str, lang: Lang) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            ' '..='~' => o.push(c),
            c if (c as u32) <= 0xFFFF => o.push_str(&format!("\\u{:04x}", c as u32)),
            c if lang == Lang::Python => o.push_str(&format!("\\U{:08x}", c as u32)),
            c => o.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    o.push('"');
    o
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

/// An ISO 8601 duration for a number of milliseconds ("PT30S", "PT0.5S").
pub(crate) fn iso_duration(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("PT{}S", ms / 1000)
    } else {
        format!("PT{}.{:03}S", ms / 1000, ms % 1000)
    }
}

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

#[cfg(test)]
mod tests;
