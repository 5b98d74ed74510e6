//! The TypeScript program (`@azure/service-bus` 7.x).

use super::actors::actor_name;
use super::entities::{Create, RuleFilter, client_addresses, creation, receive_paths, rule_of};
use super::header::{header, size_mb};
use super::lang::{Lang, TYPESCRIPT_SDK_VERSION};
use super::notes::{actor_notes, step_notes, tier_change};
use super::plan::{Plan, Planned, describe_step, plan};
use super::predict::{actor_expected, end_expected, end_notes, expected, prediction_notes};
use super::text::{comment_text, iso_duration, str_lit};
use crate::artifact::ArtifactError;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_core::Op;
use settle_core::QueuePatch;
use settle_core::actors::{ActorSpec, Policy, ReceiverSpec, SendMode, SenderSpec};
use settle_core::{NewMessage, PropValue, Properties, ReceiveMode};
use settle_scenario::Scenario;

fn s(v: &str) -> String {
    str_lit(v, Lang::TypeScript)
}

fn props(p: &Properties) -> String {
    let items: Vec<String> = p
        .iter()
        .map(|(k, v)| {
            let v = match v {
                PropValue::Str(x) => s(x),
                PropValue::Int(i) => i.to_string(),
                PropValue::Float(f) if f.is_finite() => format!("{f:?}"),
                PropValue::Float(_) => "NaN".into(),
                PropValue::Bool(b) => b.to_string(),
            };
            format!("{}: {v}", s(k))
        })
        .collect();
    format!("{{ {} }}", items.join(", "))
}

/// A `ServiceBusMessage` object literal.
pub(crate) fn message(m: &NewMessage) -> String {
    let mut f = vec![
        format!("body: {}", s(&m.body)),
        format!("messageId: {}", s(&m.id)),
    ];
    if let Some(sid) = &m.session_id {
        f.push(format!("sessionId: {}", s(sid)));
    }
    if !m.properties.is_empty() {
        f.push(format!("applicationProperties: {}", props(&m.properties)));
    }
    if let Some(t) = m.ttl {
        f.push(format!("timeToLive: {}", t.as_millis()));
    }
    if let Some(meta) = m.meta.as_deref() {
        for (k, v) in [
            ("correlationId", &meta.correlation_id),
            ("replyTo", &meta.reply_to),
            ("replyToSessionId", &meta.reply_to_session_id),
            ("subject", &meta.subject),
            ("contentType", &meta.content_type),
            ("to", &meta.to_address),
        ] {
            if let Some(v) = v {
                f.push(format!("{k}: {}", s(v)));
            }
        }
    }
    if let Some(at) = m.scheduled_enqueue {
        f.push(format!(
            "scheduledEnqueueTimeUtc: since({})",
            at.as_millis()
        ));
    }
    format!("{{ {} }}", f.join(", "))
}

fn mode_lit(m: Option<ReceiveMode>) -> String {
    m.map_or("undefined".into(), |m| s(m.name()))
}

/// The statements of one step inside its `try {}` (each ends by setting `got`), plus notes.
#[allow(clippy::too_many_lines)]
pub(crate) fn op_code(plan: &Plan<'_>, p: &Planned<'_>) -> (Vec<String>, Vec<String>) {
    let c = format!("client({})", s(&p.step.by));
    // With entities a send names its queue or topic.
    let sender = match (&plan.sc.entities, &p.step.entity) {
        (Some(_), Some(e)) => format!("eclient({}).senderFor({})", s(&p.step.by), s(e)),
        _ => format!("{c}.getSender()"),
    };
    let mut notes = step_notes(plan, p);
    let mut out = Vec::new();
    let held = |out: &mut Vec<String>| match &p.target_id {
        Some(id) => out.push(format!("const [r, m] = {c}.message({});", s(id))),
        None => out.push(format!(
            "throw new Refused({}); // Settle never saw this sequence number",
            s(&format!("{:?}", p.step.raw.get("seq")))
        )),
    };
    match &p.step.op {
        Op::Send { msg, .. } => {
            let m = message(msg);
            out.push(format!("await {sender}.sendMessages({m});"));
            out.push("got = \"ok\";".into());
        }
        Op::Schedule { msg } => {
            let at = msg.scheduled_enqueue.map_or(0, |t| t.as_millis());
            let mut m2 = msg.clone();
            m2.scheduled_enqueue = None;
            let m = message(&m2);
            out.push(format!(
                "const seqs = await {sender}.scheduleMessages({m}, since({at}));"
            ));
            out.push(format!("SCHEDULED.set({}, seqs[0]);", p.index));
            out.push("got = \"ok\";".into());
        }
        Op::CancelScheduled { seq } => match plan.scheduled_by(p.step, *seq) {
            Some(i) => {
                out.push(format!(
                    "await {sender}.cancelScheduledMessages(scheduled({i}));"
                ));
                out.push("got = \"ok\";".into());
            }
            None => {
                out.push("got = \"ok\";".into());
            }
        },
        Op::Receive { max, mode, from } => {
            out.push(format!(
                "const r = {c}.receiver({}, {});",
                mode_lit(*mode),
                s(from.name())
            ));
            out.push(format!(
                "const msgs = await r.receiveMessages({max}, {{ maxWaitTimeInMs: RECEIVE_WAIT_MS }});"
            ));
            out.push(format!("{c}.remember(r, msgs);"));
            out.push("got = describe(msgs);".into());
        }
        Op::ReceiveDeferred { seqs, mode, from } => {
            let list: Vec<String> = seqs
                .iter()
                .filter_map(|q| plan.id(p.step, *q))
                .map(|id| format!("seqOf({})", s(id)))
                .collect();
            out.push(format!(
                "const r = {c}.receiver({}, {});",
                mode_lit(*mode),
                s(from.name())
            ));
            out.push(format!(
                "const msgs = await r.receiveDeferredMessages([{}]);",
                list.join(", ")
            ));
            out.push(format!("{c}.remember(r, msgs);"));
            out.push("got = describe(msgs);".into());
        }
        Op::Peek {
            max,
            from_seq,
            from,
        } => {
            out.push(format!(
                "const r = {c}.receiver(undefined, {});",
                s(from.name())
            ));
            let start = match from_seq.map(|q| (q, plan.id(p.step, q))) {
                Some((_, Some(id))) => format!(", {{ fromSequenceNumber: seqOf({}) }}", s(id)),
                _ => String::new(),
            };
            out.push(format!(
                "const msgs = await r.peekMessages({}{start});",
                (*max).min(250)
            ));
            out.push(format!("{c}.remember(r, msgs);"));
            out.push("got = describe(msgs);".into());
        }
        Op::Complete { .. } => {
            held(&mut out);
            out.push("await r.completeMessage(m);".into());
            out.push("got = \"ok\";".into());
        }
        Op::Abandon { properties, .. } => {
            held(&mut out);
            match properties {
                Some(pr) => out.push(format!("await r.abandonMessage(m, {});", props(pr))),
                None => out.push("await r.abandonMessage(m);".into()),
            }
            out.push("got = \"ok\";".into());
        }
        Op::DeadLetter {
            reason,
            description,
            properties,
            ..
        } => {
            held(&mut out);
            let mut f = Vec::new();
            if let Some(r) = reason {
                f.push(format!("deadLetterReason: {}", s(r)));
            }
            if let Some(d) = description {
                f.push(format!("deadLetterErrorDescription: {}", s(d)));
            }
            if let Some(pr) = properties {
                for (k, v) in pr.iter() {
                    let v = match v {
                        PropValue::Str(x) => s(x),
                        PropValue::Int(i) => i.to_string(),
                        PropValue::Float(x) if x.is_finite() => format!("{x:?}"),
                        PropValue::Float(_) => "NaN".into(),
                        PropValue::Bool(b) => b.to_string(),
                    };
                    f.push(format!("{}: {v}", s(k)));
                }
            }
            if f.is_empty() {
                out.push("await r.deadLetterMessage(m);".into());
            } else {
                out.push(format!(
                    "await r.deadLetterMessage(m, deadLetterOptions({{ {} }}));",
                    f.join(", ")
                ));
            }
            out.push("got = \"ok\";".into());
        }
        Op::Defer { properties, .. } => {
            held(&mut out);
            match properties {
                Some(pr) => out.push(format!("await r.deferMessage(m, {});", props(pr))),
                None => out.push("await r.deferMessage(m);".into()),
            }
            out.push("got = \"ok\";".into());
        }
        Op::RenewLock { .. } => {
            held(&mut out);
            out.push("await r.renewMessageLock(m);".into());
            out.push("got = \"ok\";".into());
        }
        Op::Open(o) => {
            if o.prefetch > 0 {
                notes.push(format!(
                    "prefetch {}: the JavaScript SDK has no prefetch (semantics.md §2.3); messages are fetched per receive, so no lock runs in a buffer here.",
                    o.prefetch
                ));
            }
            out.push(format!(
                "await {c}.open({}, {});",
                s(o.mode.name()),
                s(o.from.name())
            ));
            out.push("got = \"ok\";".into());
        }
        Op::Close => {
            out.push(format!("await {c}.close();"));
            out.push("got = \"ok\";".into());
        }
        Op::AcceptSession { session_id } => {
            let sid = session_id.as_ref().map_or("undefined".into(), |x| s(x));
            out.push(format!("const r = await {c}.accept({sid});"));
            out.push("got = `session ${r.sessionId}`;".into());
        }
        Op::RenewSessionLock => {
            out.push(format!("await {c}.sessionReceiver().renewSessionLock();"));
            out.push("got = \"ok\";".into());
        }
        Op::SetSessionState { state } => {
            let st = state.as_ref().map_or("null".into(), |x| s(x));
            out.push(format!(
                "await {c}.sessionReceiver().setSessionState({st});"
            ));
            out.push("got = \"ok\";".into());
        }
        Op::GetSessionState => {
            out.push(format!(
                "const state: unknown = await {c}.sessionReceiver().getSessionState();"
            ));
            out.push(
                "got = state === null || state === undefined ? \"state (none)\" : `state ${String(state)}`;".into(),
            );
        }
        Op::Disconnect => {
            out.push(format!("await {c}.disconnect();"));
            out.push("got = \"ok\";".into());
        }
        Op::Entity { entity, op } => {
            out.push(entity_op(entity, op, &p.step.raw));
            out.push("got = \"ok\";".into());
        }
        Op::UpdateQueue(patch) => {
            if tier_change(plan.sc, patch) {
                out.push("throw new Refused(\"the tier belongs to the namespace\");".into());
            } else {
                out.push(format!(
                    "await updateQueue({{ {} }});",
                    patch_changes(patch).join(", ")
                ));
                out.push("got = \"ok\";".into());
            }
        }
    }
    (out, notes)
}

/// `update_entity`, `add_rule`, `remove_rule` through the administration client.
fn entity_op(
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
fn rule_filter(f: &RuleFilter) -> String {
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
fn patch_changes(p: &QueuePatch) -> Vec<String> {
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

fn sender_call(a: &SenderSpec) -> String {
    let mode = match a.mode {
        SendMode::Sequential => "sequential",
        SendMode::Pipelined => "pipelined",
        SendMode::Throttled(_) => "throttled",
        SendMode::FireAndForget => "fire_and_forget",
        // The nearest the SDKs can do (actor_notes says so).
        SendMode::Presettled => "fire_and_forget",
    };
    let limit = match a.mode {
        SendMode::Throttled(k) => k,
        _ => 0,
    };
    let sessions: Vec<String> = a.sessions.iter().map(|x| s(x)).collect();
    format!(
        "senderActor({}, {{ mode: {}, count: {}, startMs: {}, intervalMs: {}, maxInFlight: {limit}, idPrefix: {}, body: {}, ttlMs: {}, sessionIds: [{}] }})",
        s(&a.name),
        s(mode),
        a.count,
        a.start.as_millis(),
        a.interval.as_millis(),
        s(&a.id_prefix),
        s(&a.body),
        a.ttl
            .map_or("undefined".into(), |t| t.as_millis().to_string()),
        sessions.join(", ")
    )
}

fn receiver_call(a: &ReceiverSpec, seed: u64) -> String {
    let (outcome, reason) = match &a.policy {
        Policy::Complete => ("complete", String::new()),
        Policy::Abandon => ("abandon", String::new()),
        Policy::Defer => ("defer", String::new()),
        Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
    };
    let poison = a.poison.as_ref().map_or("undefined".into(), |p| {
        let (then, r) = match &p.then {
            Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
            _ => ("abandon", String::new()),
        };
        format!(
            "{{ contains: {}, then: {}, reason: {} }}",
            s(&p.contains),
            s(then),
            s(&r)
        )
    });
    let opt = |v: Option<u64>| v.map_or("undefined".into(), |x| x.to_string());
    let sessions = a.sessions.map_or(String::new(), |o| {
        format!(", sessions: [{}, {}]", o.max_concurrent, o.idle.as_millis())
    });
    format!(
        "receiverActor({}, {{ mode: {}, sub: {}, concurrency: {}, startMs: {}, stopAtMs: {}, pollMs: {}, workMs: [{}, {}], outcome: {}, reason: {}, poison: {poison}, hang: [{}, {}], autoRenewMs: {}, idempotent: {}, crashAtMs: {}, restartAfterMs: {}, seed: {}{sessions} }})",
        s(&a.name),
        s(a.mode.name()),
        s(a.from.name()),
        a.concurrency,
        a.start.as_millis(),
        opt(a.stop_at.map(settle_core::Instant::as_millis)),
        a.poll.as_millis(),
        a.work_min.as_millis(),
        a.work_max.as_millis(),
        s(outcome),
        s(&reason),
        f64::from(a.hang_per_mille) / 1000.0,
        a.hang.as_millis(),
        opt(a.auto_renew.map(settle_core::Duration::as_millis)),
        a.idempotent,
        opt(a.crash_at.map(settle_core::Instant::as_millis)),
        opt(a.restart_after.map(settle_core::Duration::as_millis)),
        seed % 4_294_967_296,
    )
}

fn create_queue(sc: &Scenario) -> String {
    format!(
        "/** Creates the queue with exactly the scenario's properties (needs Manage rights). */\nasync function createQueue(): Promise<void> {{\n  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);\n  await admin.createQueue(QUEUE, {{\n    {},\n  }});\n  console.log(`created queue ${{QUEUE}}`);\n}}\n",
        queue_fields(&sc.queue).join(",\n    ")
    )
}

/// The administration client's properties for a queue's settings.
fn queue_fields(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut f = lock_fields(q);
    f.extend(dup_fields(q));
    f.push(format!("requiresSession: {}", q.requires_session));
    f.push(format!("maxSizeInMegabytes: {}", size_mb(q.max_size_bytes)));
    f
}

/// A queue's or subscription's delivery settings.
fn lock_fields(q: &settle_core::QueueConfig) -> Vec<String> {
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
fn ttl_fields(q: &settle_core::QueueConfig) -> Option<String> {
    q.default_ttl.map(|t| {
        format!(
            "defaultMessageTimeToLive: {}",
            s(&iso_duration(t.as_millis()))
        )
    })
}

/// The duplicate detection settings of a queue or topic.
fn dup_fields(q: &settle_core::QueueConfig) -> Vec<String> {
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

/// The registry of a document with `entities`: its queues and subscriptions, and each client
/// with the entity it sends to and the one it receives from.
fn entity_registry(o: &mut String, sc: &Scenario) {
    let paths: Vec<String> = receive_paths(sc)
        .iter()
        .map(|(p, x)| format!("[{}, {x}]", s(p)))
        .collect();
    let _ = writeln!(
        o,
        "\nconst RECEIVE_PATHS: [string, boolean][] = [{}];",
        paths.join(", ")
    );
    o.push_str("// Each client: the entity it sends to by default, the one it receives from.\n");
    for (name, (to, from)) in client_addresses(sc) {
        let _ = writeln!(
            o,
            "CLIENTS.set({n}, new EntityClient({n}, {}, {}));",
            s(&to),
            s(&from),
            n = s(&name)
        );
    }
}

/// `createEntities()`: every queue, topic, subscription and rule of the document.
fn create_entities(sc: &Scenario) -> String {
    let mut o = String::from(
        "/** Creates the scenario's queues, topics, subscriptions and rules with exactly its properties\n * (needs Manage rights). */\nasync function createEntities(): Promise<void> {\n  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);\n",
    );
    let name = |n: &str| format!("entityName({})", s(n));
    for c in creation(sc) {
        match c {
            Create::Queue(n, q) => {
                let _ = writeln!(
                    o,
                    "  await admin.createQueue({}, {{\n    {},\n  }});",
                    name(n),
                    queue_fields(q).join(",\n    ")
                );
            }
            Create::Topic(n, q) => {
                let mut f: Vec<String> = ttl_fields(q).into_iter().collect();
                f.extend(dup_fields(q));
                f.push(format!("maxSizeInMegabytes: {}", size_mb(q.max_size_bytes)));
                let _ = writeln!(
                    o,
                    "  await admin.createTopic({}, {{\n    {},\n  }});",
                    name(n),
                    f.join(",\n    ")
                );
            }
            Create::Subscription(t, sub, x) => {
                let mut f = lock_fields(&x.config);
                f.push(format!(
                    "deadLetteringOnFilterEvaluationExceptions: {}",
                    x.dead_letter_on_filter_evaluation_exceptions
                ));
                f.push(format!("requiresSession: {}", x.config.requires_session));
                let _ = writeln!(
                    o,
                    "  await admin.createSubscription({}, {}, {{\n    {},\n  }});",
                    name(t),
                    s(sub),
                    f.join(",\n    ")
                );
            }
            Create::DeleteDefault(t, sub) => {
                o.push_str("  // Its own rules instead of the default one.\n");
                let _ = writeln!(
                    o,
                    "  await admin.deleteRule({}, {}, \"$Default\");",
                    name(t),
                    s(sub)
                );
            }
            Create::Rule(t, sub, rule, f, a) => {
                let action = a.map_or(String::new(), |a| {
                    format!(", {{ sqlExpression: {} }}", s(&a))
                });
                let _ = writeln!(
                    o,
                    "  await admin.createRule({}, {}, {}, {}{action});",
                    name(t),
                    s(sub),
                    s(&rule),
                    rule_filter(&f)
                );
            }
        }
    }
    o.push_str("  console.log(\"created the scenario's entities\");\n}\n");
    o
}

/// The scenario as a runnable TypeScript program for `@azure/service-bus` 7.x.
///
/// # Errors
/// Over the work budget, as [`export`](super::export).
pub(crate) fn typescript(sc: &Scenario) -> Result<String, ArtifactError> {
    Ok(render(sc, plan(sc)?))
}

fn render(sc: &Scenario, plan: Plan<'_>) -> String {
    let mut o = String::new();
    for line in header(
        &plan,
        &[
            String::new(),
            format!(
                "Run: npm install @azure/service-bus@{TYPESCRIPT_SDK_VERSION} && npx tsx THIS_FILE.ts [{}]",
                if sc.entities.is_some() {
                    "--create-entities"
                } else {
                    "--create-queue"
                }
            ),
        ],
    ) {
        if line.is_empty() {
            o.push_str("//\n");
        } else {
            let _ = writeln!(o, "// {line}");
        }
    }
    let entities = sc.entities.is_some();
    if entities {
        o.push_str(&PRELUDE.replacen(QUEUE_ENV, ENTITY_ENV, 1));
        o.push_str(ENTITY_LAYER);
        entity_registry(&mut o, sc);
    } else {
        o.push_str(PRELUDE);
    }
    let _ = writeln!(o, "const RUN_UNTIL_MS = {};", sc.run_until.as_millis());
    let has_actors = !sc.actors.is_empty();
    if has_actors {
        o.push_str(ACTORS);
    }
    o.push('\n');
    if entities {
        o.push_str(&create_entities(sc));
    } else {
        o.push_str(&create_queue(sc));
    }
    o.push_str("\n/** The scenario's script, each step at its time. */\nasync function script(): Promise<void> {\n  let got: string;\n");
    if plan.steps.is_empty() {
        o.push_str("  // The scenario has no script steps.\n  got = \"\";\n  void got;\n");
    }
    for p in &plan.steps {
        step(&mut o, &plan, p);
    }
    if entities {
        o.push_str("}\n\nasync function main(): Promise<void> {\n  if (process.argv.slice(2).includes(\"--create-entities\")) {\n    await createEntities();\n  }\n  resetClock();\n");
    } else {
        o.push_str("}\n\nasync function main(): Promise<void> {\n  if (process.argv.slice(2).includes(\"--create-queue\")) {\n    await createQueue();\n  }\n  resetClock();\n");
    }
    if has_actors {
        o.push_str("  const actors: Promise<string>[] = [];\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let mut notes = actor_notes(a);
            let call = match a {
                ActorSpec::Sender(x) => sender_call(x),
                ActorSpec::Receiver(x) => receiver_call(x, sc.seed ^ (i as u64 + 1)),
            };
            if let ActorSpec::Receiver(x) = a
                && x.prefetch > 0
            {
                notes.push(
                    "The JavaScript SDK has no prefetch: messages are fetched per receive.".into(),
                );
            }
            let _ = writeln!(o, "  // Actor {}: {}", i + 1, comment_text(actor_name(a)));
            for n in notes {
                let _ = writeln!(o, "  // {}", comment_text(&n));
            }
            let _ = writeln!(o, "  actors.push({call});");
        }
    }
    o.push_str("  await script();\n");
    let _ = writeln!(o, "  await at({});", sc.run_until.as_millis());
    if has_actors {
        o.push_str("  const done = await Promise.all(actors);\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let expected = actor_expected(&plan, a);
            let _ = writeln!(
                o,
                "  // Settle: {}: {}",
                comment_text(actor_name(a)),
                comment_text(&expected)
            );
            let _ = writeln!(
                o,
                "  check({}, {}, done[{i}]);",
                s(&format!("actor {}", actor_name(a))),
                s(&expected)
            );
        }
    }
    o.push_str("  for (const c of CLIENTS.values()) {\n    await c.shutdown();\n  }\n");
    for n in end_notes(&plan) {
        let _ = writeln!(o, "  // {}", comment_text(&n));
    }
    let session_queue = sc.queue.requires_session;
    let contents = if entities {
        "entityContents()".to_string()
    } else {
        format!("contents({session_queue})")
    };
    let _ = writeln!(
        o,
        "  let left: string;\n  try {{\n    left = await {contents};\n  }} catch (e: unknown) {{\n    left = failed(e);\n  }}"
    );
    match end_expected(&plan) {
        Some(e) => {
            let _ = writeln!(o, "  check(\"end: what is left\", {}, left);", s(&e));
        }
        None => o.push_str("  console.log(`end: what is left: ${left}`);\n"),
    }
    o.push_str("  console.log(`${tally.same} as Settle predicted, ${tally.differs} differ`);\n}\n\nmain().catch((e: unknown) => {\n  console.error(e);\n  process.exitCode = 1;\n});\n");
    o
}

fn step(o: &mut String, plan: &Plan<'_>, p: &Planned<'_>) {
    let st = p.step;
    let what = describe_step(p);
    let _ = writeln!(
        o,
        "\n  // Step {} at {}: {}",
        p.index,
        crate::artifact::secs(st.at.as_millis()),
        comment_text(&what)
    );
    for n in prediction_notes(p, Lang::TypeScript) {
        let _ = writeln!(o, "  // {}", comment_text(&n));
    }
    let (code, notes) = op_code(plan, p);
    for n in notes {
        let _ = writeln!(o, "  // Note: {}", comment_text(&n));
    }
    let _ = writeln!(o, "  await at({});", st.at.as_millis());
    o.push_str("  try {\n");
    for line in code {
        let _ = writeln!(o, "    {line}");
    }
    o.push_str("  } catch (e: unknown) {\n    got = failed(e);\n  }\n");
    let _ = writeln!(
        o,
        "  report({}, {}, {}, got);",
        p.index,
        s(&what),
        s(&expected(p))
    );
}

/// The one queue's environment in [`PRELUDE`]; a document with `entities` has [`ENTITY_ENV`].
const QUEUE_ENV: &str = r#"const QUEUE = process.env.SERVICEBUS_QUEUE ?? "";
if (!CONNECTION_STRING || !QUEUE) {
  console.error("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE");
  process.exit(2);
}
"#;

const ENTITY_ENV: &str = r#"/** Put before every queue and topic name of the scenario (entities of the run's own). */
const PREFIX = process.env.SETTLE_ENTITY_PREFIX ?? "";
const QUEUE = ""; // no single queue: the scenario declares its entities
if (!CONNECTION_STRING) {
  console.error("set SERVICEBUS_CONNECTION_STRING");
  process.exit(2);
}
"#;

/// A document with `entities`: clients that send to any queue or topic and receive from one
/// queue or subscription, the administration helpers, and the end check of every entity.
const ENTITY_LAYER: &str = r#"
/** A queue's or topic's real name: SETTLE_ENTITY_PREFIX and its name in the scenario. */
function entityName(name: string): string {
  return PREFIX + name;
}

/** A receive path's real queue or topic name, and its subscription (undefined for a queue). */
function splitPath(path: string): [string, string | undefined] {
  const i = path.indexOf("/subscriptions/");
  return i < 0 ? [entityName(path), undefined] : [entityName(path.slice(0, i)), path.slice(i + "/subscriptions/".length)];
}

/** A client of a scenario with several entities: it sends to any queue or topic, and receives
 * from one queue or subscription (its receive entity). */
class EntityClient extends Client {
  senders = new Map<string, ServiceBusSender>();

  constructor(
    name: string,
    readonly sendsTo: string,
    readonly receivesFrom: string,
  ) {
    super(name);
  }

  senderFor(entity: string): ServiceBusSender {
    let s = this.senders.get(entity);
    if (s === undefined) {
      s = this.sb.createSender(entityName(entity)); // a queue or a topic
      this.senders.set(entity, s);
    }
    return s;
  }

  override getSender(): ServiceBusSender {
    return this.senderFor(this.sendsTo);
  }

  /** A new receiver of the receive entity (a queue or a subscription) for this mode and sub-queue. */
  override link(mode: string, sub: string): ServiceBusReceiver {
    const options = {
      receiveMode: mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      subQueueType: sub === "dead_letter" ? ("deadLetter" as const) : undefined,
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    const [name, subscription] = splitPath(this.receivesFrom);
    return subscription === undefined ? this.sb.createReceiver(name, options) : this.sb.createReceiver(name, subscription, options);
  }

  override async sessionLink(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    const options = {
      receiveMode: this.mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    const [name, subscription] = splitPath(this.receivesFrom);
    if (subscription === undefined) {
      return sessionId === undefined
        ? await this.sb.acceptNextSession(name, options)
        : await this.sb.acceptSession(name, sessionId, options);
    }
    return sessionId === undefined
      ? await this.sb.acceptNextSession(name, subscription, options)
      : await this.sb.acceptSession(name, subscription, sessionId, options);
  }

  override async disconnect(): Promise<void> {
    for (const s of this.senders.values()) await s.close();
    this.senders.clear();
    await super.disconnect();
  }

  override async shutdown(): Promise<void> {
    for (const s of this.senders.values()) await s.close();
    await super.shutdown();
  }
}

function eclient(name: string): EntityClient {
  const c = client(name);
  if (!(c instanceof EntityClient)) throw new Refused(`${name} is not a client of this scenario`);
  return c;
}

/** Every message in a queue or subscription (or its dead-letter queue), peeked. */
async function peekEntity(sb: ServiceBusClient, path: string, deadLetter: boolean): Promise<ServiceBusReceivedMessage[]> {
  const [name, subscription] = splitPath(path);
  const options = { subQueueType: deadLetter ? ("deadLetter" as const) : undefined };
  return peekThrough(subscription === undefined ? sb.createReceiver(name, options) : sb.createReceiver(name, subscription, options));
}

/** What is left in every queue and subscription and in their dead-letter queues, worded as
 * Settle's prediction. */
async function entityContents(): Promise<string> {
  const sb = new ServiceBusClient(CONNECTION_STRING);
  const sorted = (items: string[]): string => (items.length === 0 ? "(empty)" : items.sort().join(", "));
  const lines: string[] = [];
  for (const [path, sessions] of RECEIVE_PATHS) {
    const main = sessions
      ? "(not peeked: a session queue is peeked per session)"
      : sorted((await peekEntity(sb, path, false)).map((m) => String(m.messageId)));
    const dlq = sorted(
      (await peekEntity(sb, path, true)).map((m) =>
        m.deadLetterReason ? `${String(m.messageId)} (${m.deadLetterReason})` : String(m.messageId),
      ),
    );
    lines.push(`${path}: ${main} | dead-letter queue: ${dlq}`);
  }
  await sb.close();
  return lines.join("; ");
}

/** Changes a queue's, topic's or subscription's settings (needs Manage rights). */
async function updateEntity(path: string, changes: Record<string, unknown>): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription !== undefined) {
    const s = await admin.getSubscription(name, subscription);
    Object.assign(s, changes);
    await admin.updateSubscription(s);
  } else if (await admin.topicExists(name)) {
    const t = await admin.getTopic(name);
    Object.assign(t, changes);
    await admin.updateTopic(t);
  } else {
    const q = await admin.getQueue(name);
    Object.assign(q, changes);
    await admin.updateQueue(q);
  }
}

/** Adds a rule to a subscription (needs Manage rights). */
async function addRule(
  path: string,
  rule: string,
  filter: SqlRuleFilter | CorrelationRuleFilter,
  action: SqlRuleAction | undefined,
): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription === undefined) throw new Refused(`${path} is not a subscription`);
  if (action === undefined) await admin.createRule(name, subscription, rule, filter);
  else await admin.createRule(name, subscription, rule, filter, action);
}

/** Removes a subscription's rule (needs Manage rights). */
async function removeRule(path: string, rule: string): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription === undefined) throw new Refused(`${path} is not a subscription`);
  await admin.deleteRule(name, subscription, rule);
}

void eclient;
void updateEntity;
void addRule;
void removeRule;
"#;

const PRELUDE: &str = r#"
import {
  ServiceBusAdministrationClient,
  ServiceBusClient,
  isServiceBusError,
  type CorrelationRuleFilter,
  type DeadLetterOptions,
  type ServiceBusMessage,
  type ServiceBusReceivedMessage,
  type ServiceBusReceiver,
  type ServiceBusSender,
  type ServiceBusSessionReceiver,
  type SqlRuleAction,
  type SqlRuleFilter,
} from "@azure/service-bus";

const CONNECTION_STRING = process.env.SERVICEBUS_CONNECTION_STRING ?? "";
const QUEUE = process.env.SERVICEBUS_QUEUE ?? "";
if (!CONNECTION_STRING || !QUEUE) {
  console.error("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE");
  process.exit(2);
}
// A real receive waits up to this long for a message; Settle's receives never wait (they return
// what is there at that instant), so a receive that finds nothing costs this much time here.
const RECEIVE_WAIT_MS = 1000;

type Seq = NonNullable<ServiceBusReceivedMessage["sequenceNumber"]>;

/** A refusal of this program's own, before anything reaches the broker (as a client library
 * refuses an operation it cannot perform). */
class Refused extends Error {}

/** The SDK's own refusals (plain Errors, not ServiceBusErrors): settling a message twice, one
 * received in receive-and-delete mode, or one only peeked. */
const SDK_REFUSALS = ["already settled", "'receiveAndDelete' receive mode", "peeked messages"];

/** Settle's name for what went wrong: the ServiceBusError's code, InvalidOperation for a refusal
 * made before the broker is asked, else the error as it is. */
function kindOf(e: unknown): string {
  if (isServiceBusError(e)) {
    return e.code;
  }
  if (e instanceof Refused || (e instanceof Error && SDK_REFUSALS.some((s) => e.message.includes(s)))) {
    return "InvalidOperation";
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 409) {
    return "MessagingEntityAlreadyExists"; // the administration API: a rule of that name exists
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 404) {
    return "MessagingEntityNotFound"; // the administration API: no such rule or entity
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 400) {
    // The administration API refusing an update (what an existing queue cannot change).
    return "InvalidOperation";
  }
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

function failed(e: unknown): string {
  return `error ${kindOf(e)}`;
}

let start = Date.now();
function resetClock(): void {
  start = Date.now();
}
function nowMs(): number {
  return Date.now() - start;
}
/** `ms` after the start as a Date (scheduled enqueue times). */
function since(ms: number): Date {
  return new Date(start + ms);
}
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, Math.max(0, ms)));
/** Waits until `ms` milliseconds after the start (Settle's virtual time, here real). */
async function at(ms: number): Promise<void> {
  await sleep(ms - nowMs());
}

const tally = { same: 0, differs: 0 };
function report(step: number, what: string, expected: string, got: string): void {
  check(`step ${step}: ${what}`, expected, got);
}
function check(what: string, expected: string, got: string): void {
  const same = expected === got;
  if (same) tally.same += 1;
  else tally.differs += 1;
  console.log(`[${(nowMs() / 1000).toFixed(2).padStart(8)} s] ${what}`);
  console.log(`    Settle predicts: ${expected}`);
  console.log(`    Azure answered:  ${got}    (${same ? "as predicted" : "DIFFERS"})`);
}

function describe(msgs: ServiceBusReceivedMessage[]): string {
  if (msgs.length === 0) return "0 messages";
  const items = msgs.map((m) => `${String(m.messageId)} (DeliveryCount ${String(m.deliveryCount)})`).join(", ");
  return `${msgs.length} message${msgs.length === 1 ? "" : "s"}: ${items}`;
}

/** Application properties as the SDK takes them. */
type Props = { [key: string]: number | boolean | string | Date | null };
/** Dead-letter options with either field left out: the SDK's type asks for both, but it sends a
 * missing one as absent (as Settle models it), so the cast is safe. */
function deadLetterOptions(o: Partial<DeadLetterOptions> & Props): DeadLetterOptions & Props {
  return o as DeadLetterOptions & Props;
}

const SEQ_OF = new Map<string, Seq>();
const SCHEDULED = new Map<number, Seq>();
/** The real sequence number of a message this program has seen. */
function seqOf(id: string): Seq {
  const s = SEQ_OF.get(id);
  if (s === undefined) throw new Refused(`${id} was never seen here`);
  return s;
}
function scheduled(step: number): Seq {
  const s = SCHEDULED.get(step);
  if (s === undefined) throw new Refused(`step ${step} scheduled nothing`);
  return s;
}

/** Every message in the queue or its dead-letter queue, peeked (locked ones too). */
async function peekAll(sb: ServiceBusClient, deadLetter: boolean): Promise<ServiceBusReceivedMessage[]> {
  return peekThrough(sb.createReceiver(QUEUE, { subQueueType: deadLetter ? "deadLetter" : undefined }));
}

/** Every message the receiver's entity holds, peeked (locked ones too); closes it. */
async function peekThrough(r: ServiceBusReceiver): Promise<ServiceBusReceivedMessage[]> {
  const found: ServiceBusReceivedMessage[] = [];
  for (;;) {
    const batch = await r.peekMessages(250);
    if (batch.length === 0) break;
    found.push(...batch);
  }
  await r.close();
  return found;
}

/** What is left in the queue and in its dead-letter queue, worded as Settle's prediction. */
async function contents(sessionQueue: boolean): Promise<string> {
  const sb = new ServiceBusClient(CONNECTION_STRING);
  const sorted = (items: string[]): string => (items.length === 0 ? "(empty)" : items.sort().join(", "));
  const main = sessionQueue
    ? "(not peeked: a session queue is peeked per session)"
    : sorted((await peekAll(sb, false)).map((m) => String(m.messageId)));
  const dlq = sorted(
    (await peekAll(sb, true)).map((m) =>
      m.deadLetterReason ? `${String(m.messageId)} (${m.deadLetterReason})` : String(m.messageId),
    ),
  );
  await sb.close();
  return `queue: ${main} | dead-letter queue: ${dlq}`;
}

/** One client of the scenario: its own connection (as in Settle), its sender, its receivers,
 * and the messages it received, to settle each through the receiver that received it. */
class Client {
  sb = new ServiceBusClient(CONNECTION_STRING);
  sender: ServiceBusSender | undefined;
  receivers = new Map<string, ServiceBusReceiver>();
  session: ServiceBusSessionReceiver | undefined;
  mode = "peek_lock";
  autoRenewMs = 0;
  held = new Map<string, [ServiceBusReceiver, ServiceBusReceivedMessage]>();

  constructor(readonly name: string) {}

  getSender(): ServiceBusSender {
    this.sender ??= this.sb.createSender(QUEUE);
    return this.sender;
  }

  /** The receiver for this mode and sub-queue (the accepted session's, on the queue itself). */
  receiver(mode: string | undefined, sub: string): ServiceBusReceiver {
    if (sub === "main" && this.session !== undefined) return this.session;
    const m = mode ?? this.mode;
    const key = `${m}/${sub}`;
    let r = this.receivers.get(key);
    if (r === undefined) {
      r = this.link(m, sub);
      this.receivers.set(key, r);
    }
    return r;
  }

  /** A new receiver of the queue for this mode and sub-queue. */
  link(mode: string, sub: string): ServiceBusReceiver {
    return this.sb.createReceiver(QUEUE, {
      receiveMode: mode === "receive_and_delete" ? "receiveAndDelete" : "peekLock",
      subQueueType: sub === "dead_letter" ? "deadLetter" : undefined,
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    });
  }

  async open(mode: string, sub: string): Promise<void> {
    await this.close();
    this.mode = mode;
    this.receiver(mode, sub);
  }

  remember(r: ServiceBusReceiver, msgs: ServiceBusReceivedMessage[]): void {
    for (const m of msgs) {
      if (typeof m.messageId === "string") {
        this.held.set(m.messageId, [r, m]);
        if (m.sequenceNumber !== undefined) SEQ_OF.set(m.messageId, m.sequenceNumber);
      }
    }
  }

  /** The latest delivery of `id` to this client (an error: it never received it). */
  message(id: string): [ServiceBusReceiver, ServiceBusReceivedMessage] {
    const h = this.held.get(id);
    if (h === undefined) throw new Refused(`${this.name} never received ${id}`);
    return h;
  }

  /** Accepts (locks) this session, or the next available one: a receiver of its own. */
  async sessionLink(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    const options = {
      receiveMode: this.mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    return sessionId === undefined
      ? await this.sb.acceptNextSession(QUEUE, options)
      : await this.sb.acceptSession(QUEUE, sessionId, options);
  }

  async accept(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    this.session = await this.sessionLink(sessionId);
    return this.session;
  }

  sessionReceiver(): ServiceBusSessionReceiver {
    if (this.session === undefined) throw new Refused(`${this.name} has no accepted session`);
    return this.session;
  }

  async close(): Promise<void> {
    for (const r of this.receivers.values()) await r.close();
    this.receivers.clear();
    if (this.session !== undefined) {
      await this.session.close();
      this.session = undefined;
    }
  }

  async disconnect(): Promise<void> {
    await this.close();
    if (this.sender !== undefined) {
      await this.sender.close();
      this.sender = undefined;
    }
    await this.sb.close();
    this.sb = new ServiceBusClient(CONNECTION_STRING);
  }

  async shutdown(): Promise<void> {
    await this.close();
    if (this.sender !== undefined) await this.sender.close();
    await this.sb.close();
  }
}

const CLIENTS = new Map<string, Client>();
function client(name: string): Client {
  let c = CLIENTS.get(name);
  if (c === undefined) {
    c = new Client(name);
    CLIENTS.set(name, c);
  }
  return c;
}

/** Changes the queue's settings (needs Manage rights). As on Service Bus, locks held now are lost. */
async function updateQueue(changes: Record<string, unknown>): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const q = await admin.getQueue(QUEUE);
  Object.assign(q, changes);
  await admin.updateQueue(q);
}

// Keeps TypeScript's unused checks quiet where a scenario uses only part of the helpers.
void ({} as ServiceBusMessage | undefined);
void seqOf;
void scheduled;
void deadLetterOptions;
void since;
"#;

const ACTORS: &str = r#"
function log(name: string, text: string): void {
  console.log(`[${(nowMs() / 1000).toFixed(2).padStart(8)} s] ${name}: ${text}`);
}

/** A small seeded generator (mulberry32): processing times are drawn from the actor's range. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SenderOptions {
  mode: string;
  count: number;
  startMs: number;
  intervalMs: number;
  maxInFlight: number;
  idPrefix: string;
  body: string;
  ttlMs: number | undefined;
  sessionIds: string[];
}

/** An automated sender: `count` sends, awaited as `mode` says. */
async function senderActor(name: string, o: SenderOptions): Promise<string> {
  await at(o.startMs);
  const sender = client(name).getSender();
  const results = { ok: 0, failed: 0 };
  const quiet = o.mode === "fire_and_forget";
  const one = async (n: number): Promise<void> => {
    const msg: ServiceBusMessage = {
      body: o.body.replace("{n}", String(n)),
      messageId: `${o.idPrefix}${n}`,
      sessionId: o.sessionIds.length > 0 ? o.sessionIds[(n - 1) % o.sessionIds.length] : undefined,
      timeToLive: o.ttlMs,
    };
    try {
      await sender.sendMessages(msg);
      results.ok += 1;
    } catch (e: unknown) {
      results.failed += 1;
      if (!quiet) log(name, `send ${o.idPrefix}${n} failed: ${kindOf(e)}`);
    }
  };
  if (o.mode === "sequential") {
    for (let n = 1; n <= o.count; n++) {
      await one(n);
      await sleep(o.intervalMs);
    }
  } else if (o.mode === "throttled") {
    // A semaphore: at most maxInFlight sends at once.
    let free = o.maxInFlight;
    const waiting: (() => void)[] = [];
    const limited = async (n: number): Promise<void> => {
      if (free === 0) await new Promise<void>((go) => waiting.push(go));
      else free -= 1;
      try {
        await one(n);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    };
    const all: Promise<void>[] = [];
    for (let n = 1; n <= o.count; n++) {
      all.push(limited(n));
      await sleep(o.intervalMs);
    }
    await Promise.all(all);
  } else {
    // pipelined: start them all, then await them all; fire_and_forget: start them all and never
    // look at the results (they are awaited only so the program can end cleanly).
    const all: Promise<void>[] = [];
    for (let n = 1; n <= o.count; n++) {
      all.push(one(n));
      await sleep(o.intervalMs);
    }
    await Promise.all(all);
  }
  const summary = quiet
    ? `${o.count} sends started, results not looked at`
    : `${results.ok} sends accepted, ${results.failed} failed`;
  log(name, summary);
  return summary;
}

interface ReceiverOptions {
  mode: string;
  sub: string;
  concurrency: number;
  startMs: number;
  stopAtMs: number | undefined;
  pollMs: number;
  workMs: [number, number];
  outcome: string;
  reason: string;
  poison: { contains: string; then: string; reason: string } | undefined;
  hang: [number, number];
  autoRenewMs: number | undefined;
  idempotent: boolean;
  crashAtMs: number | undefined;
  restartAfterMs: number | undefined;
  seed: number;
  /** A session processor: [MaxConcurrentSessions, SessionIdleTimeout in ms]. */
  sessions?: [number, number];
}

/** An automated receiver: receive, process for a while, settle by policy. */
async function receiverActor(name: string, o: ReceiverOptions): Promise<string> {
  const random = rng(o.seed);
  const c = client(name);
  c.mode = o.mode;
  c.autoRenewMs = o.autoRenewMs ?? 0;
  const done = new Set<string>();
  const counts = { received: 0, complete: 0, abandon: 0, defer: 0, dead_letter: 0, failed: 0 };
  let crashed = false;
  await at(o.startMs);
  const handle = async (r: ServiceBusReceiver, m: ServiceBusReceivedMessage): Promise<void> => {
    const id = String(m.messageId);
    try {
      if (o.idempotent && done.has(id)) {
        if (o.mode !== "receive_and_delete") {
          await r.completeMessage(m);
          counts.complete += 1;
        }
        log(name, `${id} again: already processed, completed without the work`);
        return;
      }
      await sleep(o.workMs[0] + random() * (o.workMs[1] - o.workMs[0]));
      if (random() < o.hang[0]) {
        log(name, `processing ${id} hangs for ${o.hang[1] / 1000} s`);
        await sleep(o.hang[1]);
      }
      if (o.mode === "receive_and_delete") {
        done.add(id);
        log(name, `processed ${id}`);
        return;
      }
      if (o.poison !== undefined && String(m.body).includes(o.poison.contains)) {
        if (o.poison.then === "dead_letter") await r.deadLetterMessage(m, deadLetterOptions({ deadLetterReason: o.poison.reason }));
        else await r.abandonMessage(m); // the handler threw
        counts[o.poison.then === "dead_letter" ? "dead_letter" : "abandon"] += 1;
        log(name, `${id} is poison: ${o.poison.then}`);
        return;
      }
      if (o.outcome === "abandon") await r.abandonMessage(m);
      else if (o.outcome === "defer") await r.deferMessage(m);
      else if (o.outcome === "dead_letter") await r.deadLetterMessage(m, deadLetterOptions({ deadLetterReason: o.reason }));
      else await r.completeMessage(m);
      counts[o.outcome === "abandon" || o.outcome === "defer" || o.outcome === "dead_letter" ? o.outcome : "complete"] += 1;
      done.add(id);
      log(name, `${o.outcome} ${id} (DeliveryCount ${String(m.deliveryCount)})`);
    } catch (e: unknown) {
      counts.failed += 1;
      log(name, `settling ${id} failed: ${kindOf(e)}`);
    }
  };
  const running = (): boolean => nowMs() < RUN_UNTIL_MS && (o.stopAtMs === undefined || nowMs() < o.stopAtMs);
  /** One session receiver of a session processor: accepts the next available session, handles
   * its messages one at a time, closes it after `idleMs` without one, and accepts the next. */
  const sessionWorker = async (idleMs: number): Promise<void> => {
    while (running()) {
      let r: ServiceBusSessionReceiver;
      try {
        r = await c.sessionLink(undefined); // accepts the next available session (waits for one)
      } catch (e: unknown) {
        log(name, `no session accepted: ${kindOf(e)}`);
        await sleep(o.pollMs);
        continue;
      }
      try {
        while (running()) {
          const msgs = await r.receiveMessages(1, { maxWaitTimeInMs: Math.max(idleMs, 1) });
          if (msgs.length === 0) break; // idle: let the session go
          counts.received += msgs.length;
          for (const m of msgs) await handle(r, m);
        }
      } catch (e: unknown) {
        log(name, `session receive failed: ${kindOf(e)}`);
      } finally {
        await r.close();
      }
    }
  };
  if (o.sessions !== undefined) {
    const [n, idleMs] = o.sessions;
    await Promise.all(Array.from({ length: n }, () => sessionWorker(idleMs)));
  }
  while (o.sessions === undefined && running()) {
    if (o.crashAtMs !== undefined && !crashed && nowMs() >= o.crashAtMs) {
      crashed = true;
      log(name, "crashes (its connection is closed)");
      await c.disconnect();
      if (o.restartAfterMs === undefined) break;
      await sleep(o.restartAfterMs);
      log(name, "restarts");
    }
    const r = c.receiver(o.mode, o.sub);
    let msgs: ServiceBusReceivedMessage[];
    try {
      msgs = await r.receiveMessages(o.concurrency, { maxWaitTimeInMs: o.pollMs });
    } catch (e: unknown) {
      log(name, `receive failed: ${kindOf(e)}`);
      await sleep(o.pollMs);
      continue;
    }
    counts.received += msgs.length;
    await Promise.all(msgs.map((m) => handle(r, m)));
  }
  const summary =
    `${counts.received} received, ${counts.complete} completed, ${counts.abandon} abandoned, ` +
    `${counts.defer} deferred, ${counts.dead_letter} dead-lettered, ${counts.failed} settlements failed`;
  log(name, summary);
  return summary;
}
"#;
