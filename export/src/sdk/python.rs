//! The Python program (`azure-servicebus` 7.x, asyncio API).

use super::actors::actor_name;
use super::entities::{
    Create, RuleFilter, client_addresses, creation, receive_paths, rule_of, topics,
};
use super::header::{header, size_mb};
use super::lang::{Lang, PYTHON_SDK_VERSION};
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
    str_lit(v, Lang::Python)
}

fn ms_delta(ms: u64) -> String {
    format!("timedelta(milliseconds={ms})")
}

fn props(p: &Properties) -> String {
    let items: Vec<String> = p
        .iter()
        .map(|(k, v)| {
            let v = match v {
                PropValue::Str(x) => s(x),
                PropValue::Int(i) => i.to_string(),
                PropValue::Float(f) if f.is_finite() => format!("{f:?}"),
                PropValue::Float(_) => "float(\"nan\")".into(),
                PropValue::Bool(b) => if *b { "True" } else { "False" }.into(),
            };
            format!("{}: {v}", s(k))
        })
        .collect();
    format!("{{{}}}", items.join(", "))
}

/// A `ServiceBusMessage(...)` expression.
pub(crate) fn message(m: &NewMessage) -> String {
    let mut args = vec![s(&m.body), format!("message_id={}", s(&m.id))];
    if let Some(sid) = &m.session_id {
        args.push(format!("session_id={}", s(sid)));
    }
    if !m.properties.is_empty() {
        args.push(format!("application_properties={}", props(&m.properties)));
    }
    if let Some(t) = m.ttl {
        args.push(format!("time_to_live={}", ms_delta(t.as_millis())));
    }
    if let Some(meta) = m.meta.as_deref() {
        for (k, v) in [
            ("correlation_id", &meta.correlation_id),
            ("reply_to", &meta.reply_to),
            ("reply_to_session_id", &meta.reply_to_session_id),
            ("subject", &meta.subject),
            ("content_type", &meta.content_type),
            ("to", &meta.to_address),
        ] {
            if let Some(v) = v {
                args.push(format!("{k}={}", s(v)));
            }
        }
    }
    if let Some(at) = m.scheduled_enqueue {
        args.push(format!(
            "scheduled_enqueue_time_utc=Clock.start_utc + {}",
            ms_delta(at.as_millis())
        ));
    }
    format!("ServiceBusMessage({})", args.join(", "))
}

fn mode_lit(m: Option<ReceiveMode>) -> String {
    m.map_or("None".into(), |m| s(m.name()))
}

/// The statements of one step inside its `try:` (each ends by setting `got`), plus notes.
#[allow(clippy::too_many_lines)]
pub(crate) fn op_code(plan: &Plan<'_>, p: &Planned<'_>) -> (Vec<String>, Vec<String>) {
    let c = format!("client({})", s(&p.step.by));
    // With entities a send names its queue or topic.
    let sender = match (&plan.sc.entities, &p.step.entity) {
        (Some(_), Some(e)) => format!("eclient({}).sender_for({})", s(&p.step.by), s(e)),
        _ => format!("{c}.get_sender()"),
    };
    let mut notes = step_notes(plan, p);
    let mut out = Vec::new();
    let held = |out: &mut Vec<String>| match &p.target_id {
        Some(id) => out.push(format!("r, m = {c}.message({})", s(id))),
        None => out.push(format!(
            "raise KeyError({})  # Settle never saw this sequence number",
            s(&format!("{:?}", p.step.raw.get("seq")))
        )),
    };
    match &p.step.op {
        Op::Send { msg, .. } => {
            let m = message(msg);
            out.push(format!("await {sender}.send_messages({m})"));
            out.push("got = \"ok\"".into());
        }
        Op::Schedule { msg } => {
            let at = msg.scheduled_enqueue.map_or(0, |t| t.as_millis());
            let mut m2 = msg.clone();
            m2.scheduled_enqueue = None;
            let m = message(&m2);
            out.push(format!(
                "seqs = await {sender}.schedule_messages({m}, Clock.start_utc + {})",
                ms_delta(at)
            ));
            out.push(format!("SCHEDULED[{}] = seqs[0]", p.index));
            out.push("got = \"ok\"".into());
        }
        Op::CancelScheduled { seq } => match plan.scheduled_by(p.step, *seq) {
            Some(i) => {
                out.push(format!(
                    "await {sender}.cancel_scheduled_messages(SCHEDULED[{i}])"
                ));
                out.push("got = \"ok\"".into());
            }
            None => {
                out.push("got = \"ok\"".into());
            }
        },
        Op::Receive { max, mode, from } => {
            out.push(format!(
                "r = {c}.receiver({}, {})",
                mode_lit(*mode),
                s(from.name())
            ));
            out.push(format!(
                "msgs = await r.receive_messages(max_message_count={max}, max_wait_time=RECEIVE_WAIT_S)"
            ));
            out.push(format!("{c}.remember(r, msgs)"));
            out.push("got = describe(msgs)".into());
        }
        Op::ReceiveDeferred { seqs, mode, from } => {
            let list: Vec<String> = seqs
                .iter()
                .filter_map(|q| plan.id(p.step, *q))
                .map(|id| format!("seq_of({})", s(id)))
                .collect();
            out.push(format!(
                "r = {c}.receiver({}, {})",
                mode_lit(*mode),
                s(from.name())
            ));
            out.push(format!(
                "msgs = list(await r.receive_deferred_messages([{}]))",
                list.join(", ")
            ));
            out.push(format!("{c}.remember(r, msgs)"));
            out.push("got = describe(msgs)".into());
        }
        Op::Peek {
            max,
            from_seq,
            from,
        } => {
            out.push(format!("r = {c}.receiver(None, {})", s(from.name())));
            let start = match from_seq.map(|q| (q, plan.id(p.step, q))) {
                Some((_, Some(id))) => format!(", sequence_number=seq_of({})", s(id)),
                _ => String::new(),
            };
            out.push(format!(
                "msgs = await r.peek_messages(max_message_count={}{start})",
                (*max).min(250)
            ));
            out.push(format!("{c}.remember(r, msgs)"));
            out.push("got = describe(msgs)".into());
        }
        Op::Complete { .. } => {
            held(&mut out);
            out.push("await r.complete_message(m)".into());
            out.push("got = \"ok\"".into());
        }
        Op::Abandon { properties, .. } => {
            held(&mut out);
            if let Some(pr) = properties {
                notes.push(format!(
                    "The Python SDK's abandon_message cannot modify properties; Settle merges {} (the TypeScript export passes them).",
                    props(pr)
                ));
            }
            out.push("await r.abandon_message(m)".into());
            out.push("got = \"ok\"".into());
        }
        Op::DeadLetter {
            reason,
            description,
            properties,
            ..
        } => {
            held(&mut out);
            if let Some(pr) = properties {
                notes.push(format!(
                    "The Python SDK's dead_letter_message cannot modify properties; Settle merges {}.",
                    props(pr)
                ));
            }
            let mut args = vec!["m".to_string()];
            if let Some(r) = reason {
                args.push(format!("reason={}", s(r)));
            }
            if let Some(d) = description {
                args.push(format!("error_description={}", s(d)));
            }
            out.push(format!("await r.dead_letter_message({})", args.join(", ")));
            out.push("got = \"ok\"".into());
        }
        Op::Defer { properties, .. } => {
            held(&mut out);
            if let Some(pr) = properties {
                notes.push(format!(
                    "The Python SDK's defer_message cannot modify properties; Settle merges {}.",
                    props(pr)
                ));
            }
            out.push("await r.defer_message(m)".into());
            out.push("got = \"ok\"".into());
        }
        Op::RenewLock { .. } => {
            held(&mut out);
            out.push("await r.renew_message_lock(m)".into());
            out.push("got = \"ok\"".into());
        }
        Op::Open(o) => {
            out.push(format!(
                "await {c}.open({}, {}, prefetch={})",
                s(o.mode.name()),
                s(o.from.name()),
                o.prefetch
            ));
            out.push("got = \"ok\"".into());
        }
        Op::Close => {
            out.push(format!("await {c}.close()"));
            out.push("got = \"ok\"".into());
        }
        Op::AcceptSession { session_id } => {
            let sid = session_id.as_ref().map_or("None".into(), |x| s(x));
            out.push(format!("r = await {c}.accept({sid})"));
            out.push("got = f\"session {r.session.session_id}\"".into());
        }
        Op::RenewSessionLock => {
            out.push(format!("await {c}.session_receiver().session.renew_lock()"));
            out.push("got = \"ok\"".into());
        }
        Op::SetSessionState { state } => {
            let st = state.as_ref().map_or("None".into(), |x| s(x));
            out.push(format!(
                "await {c}.session_receiver().session.set_state({st})"
            ));
            out.push("got = \"ok\"".into());
        }
        Op::GetSessionState => {
            out.push(format!(
                "state: bytes | None = await {c}.session_receiver().session.get_state()"
            ));
            out.push(
                "got = \"state (none)\" if state is None else \"state \" + state.decode()".into(),
            );
        }
        Op::Disconnect => {
            out.push(format!("await {c}.disconnect()"));
            out.push("got = \"ok\"".into());
        }
        Op::Entity { entity, op } => {
            out.push(entity_op(entity, op, &p.step.raw));
            out.push("got = \"ok\"".into());
        }
        Op::UpdateQueue(patch) => {
            if tier_change(plan.sc, patch) {
                out.push("raise ValueError(\"the tier belongs to the namespace\")".into());
            } else {
                out.push(format!(
                    "await update_queue({{{}}})",
                    patch_changes(patch).join(", ")
                ));
                out.push("got = \"ok\"".into());
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
fn rule_filter(f: &RuleFilter) -> String {
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

/// A JSON string, number or boolean as a Python literal.
fn json_lit(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(x) => s(x),
        serde_json::Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        other => other.to_string(),
    }
}

/// The administration client's property assignments for an update (the tier is not one).
fn patch_changes(p: &QueuePatch) -> Vec<String> {
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
        "sender_actor({}, mode={}, count={}, start_ms={}, interval_ms={}, max_in_flight={limit}, id_prefix={}, body={}, ttl_ms={}, session_ids=[{}])",
        s(&a.name),
        s(mode),
        a.count,
        a.start.as_millis(),
        a.interval.as_millis(),
        s(&a.id_prefix),
        s(&a.body),
        a.ttl.map_or("None".into(), |t| t.as_millis().to_string()),
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
    let poison = a.poison.as_ref().map_or("None".into(), |p| {
        let (then, r) = match &p.then {
            Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
            _ => ("abandon", String::new()),
        };
        format!("({}, {}, {})", s(&p.contains), s(then), s(&r))
    });
    let opt = |v: Option<u64>| v.map_or("None".into(), |x| x.to_string());
    let sessions = a.sessions.map_or(String::new(), |o| {
        format!(", sessions=({}, {})", o.max_concurrent, o.idle.as_millis())
    });
    format!(
        "receiver_actor({}, mode={}, sub={}, concurrency={}, prefetch={}, start_ms={}, stop_at_ms={}, poll_ms={}, work_ms=({}, {}), outcome={}, reason={}, poison={poison}, hang=({}, {}), auto_renew_ms={}, idempotent={}, crash_at_ms={}, restart_after_ms={}, seed={seed}{sessions})",
        s(&a.name),
        s(a.mode.name()),
        s(a.from.name()),
        a.concurrency,
        a.prefetch,
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
        if a.idempotent { "True" } else { "False" },
        opt(a.crash_at.map(settle_core::Instant::as_millis)),
        opt(a.restart_after.map(settle_core::Duration::as_millis)),
    )
}

fn create_queue(sc: &Scenario) -> String {
    let q = &sc.queue;
    let mut args = vec!["QUEUE".to_string()];
    args.extend(queue_args(q));
    format!(
        "async def create_queue() -> None:\n    \"\"\"Creates the queue with exactly the scenario's properties (needs Manage rights).\"\"\"\n    # The asynchronous administration client needs aiohttp (pip install aiohttp).\n    from azure.servicebus.aio.management import ServiceBusAdministrationClient\n\n    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:\n        await admin.create_queue(\n            {},\n        )\n        print(f\"created queue {{QUEUE}} (lock duration {})\")\n",
        args.join(",\n            "),
        iso_duration(q.lock_duration.as_millis())
    )
}

/// The registry of a document with `entities`: its topics, its queues and subscriptions, and
/// each client with the entity it sends to and the one it receives from.
fn entity_registry(o: &mut String, sc: &Scenario) {
    let topics: Vec<String> = topics(sc).iter().map(|t| s(t)).collect();
    if topics.is_empty() {
        o.push_str("\nTOPICS: set[str] = set()\n");
    } else {
        let _ = writeln!(o, "\nTOPICS: set[str] = {{{}}}", topics.join(", "));
    }
    let paths: Vec<String> = receive_paths(sc)
        .iter()
        .map(|(p, x)| format!("({}, {})", s(p), if *x { "True" } else { "False" }))
        .collect();
    let _ = writeln!(
        o,
        "RECEIVE_PATHS: list[tuple[str, bool]] = [{}]",
        paths.join(", ")
    );
    o.push_str("# Each client: the entity it sends to by default, the one it receives from.\n");
    for (name, (to, from)) in client_addresses(sc) {
        let _ = writeln!(
            o,
            "CLIENTS[{n}] = EntityClient({n}, {}, {})",
            s(&to),
            s(&from),
            n = s(&name)
        );
    }
}

/// `create_entities()`: every queue, topic, subscription and rule of the document.
fn create_entities(sc: &Scenario) -> String {
    let mut o = String::from(
        "async def create_entities() -> None:\n    \"\"\"Creates the scenario's queues, topics, subscriptions and rules with exactly its\n    properties (needs Manage rights).\"\"\"\n    # The asynchronous administration client needs aiohttp (pip install aiohttp).\n    from azure.servicebus.aio.management import ServiceBusAdministrationClient\n\n    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:\n",
    );
    let name = |n: &str| format!("entity_name({})", s(n));
    let call = |o: &mut String, what: &str, args: Vec<String>| {
        let _ = writeln!(
            o,
            "        await admin.{what}(\n            {},\n        )",
            args.join(",\n            ")
        );
    };
    for c in creation(sc) {
        match c {
            Create::Queue(n, q) => {
                let mut args = vec![name(n)];
                args.extend(queue_args(q));
                call(&mut o, "create_queue", args);
            }
            Create::Topic(n, q) => {
                let mut args = vec![name(n)];
                args.extend(ttl_args(q));
                args.extend(dup_args(q));
                args.push(format!(
                    "max_size_in_megabytes={}",
                    size_mb(q.max_size_bytes)
                ));
                call(&mut o, "create_topic", args);
            }
            Create::Subscription(t, sub, x) => {
                let mut args = vec![name(t), s(sub)];
                args.extend(lock_args(&x.config));
                args.push(format!(
                    "dead_lettering_on_filter_evaluation_exceptions={}",
                    py_bool(x.dead_letter_on_filter_evaluation_exceptions)
                ));
                args.push(format!(
                    "requires_session={}",
                    py_bool(x.config.requires_session)
                ));
                call(&mut o, "create_subscription", args);
            }
            Create::DeleteDefault(t, sub) => {
                o.push_str("        # Its own rules instead of the default one.\n");
                let _ = writeln!(
                    o,
                    "        await admin.delete_rule({}, {}, \"$Default\")",
                    name(t),
                    s(sub)
                );
            }
            Create::Rule(t, sub, rule, f, a) => {
                let _ = writeln!(
                    o,
                    "        await admin.create_rule({}, {}, {}, filter={}, action={})",
                    name(t),
                    s(sub),
                    s(&rule),
                    rule_filter(&f),
                    a.map_or("None".into(), |a| format!("SqlRuleAction({})", s(&a)))
                );
            }
        }
    }
    o.push_str("        print(\"created the scenario's entities\")\n");
    o
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// The keyword arguments of a queue's or subscription's delivery settings.
fn lock_args(q: &settle_core::QueueConfig) -> Vec<String> {
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
fn ttl_args(q: &settle_core::QueueConfig) -> Option<String> {
    q.default_ttl
        .map(|t| format!("default_message_time_to_live={}", ms_delta(t.as_millis())))
}

/// The duplicate detection keyword arguments of a queue or topic.
fn dup_args(q: &settle_core::QueueConfig) -> Vec<String> {
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
fn queue_args(q: &settle_core::QueueConfig) -> Vec<String> {
    let mut args = lock_args(q);
    args.extend(dup_args(q));
    args.push(format!("requires_session={}", py_bool(q.requires_session)));
    args.push(format!(
        "max_size_in_megabytes={}",
        size_mb(q.max_size_bytes)
    ));
    args
}

/// The scenario as a runnable Python program for `azure-servicebus` 7.x.
///
/// # Errors
/// Over the work budget, as [`export`](super::export).
pub(crate) fn python(sc: &Scenario) -> Result<String, ArtifactError> {
    Ok(render(sc, plan(sc)?))
}

fn render(sc: &Scenario, plan: Plan<'_>) -> String {
    let mut o = String::new();
    o.push_str("#!/usr/bin/env python3\n");
    for line in header(
        &plan,
        &[
            String::new(),
            format!("Run: python3 -m pip install azure-servicebus=={PYTHON_SDK_VERSION} aiohttp"),
            if sc.entities.is_some() {
                "     python3 THIS_FILE.py [--create-entities]".into()
            } else {
                "     python3 THIS_FILE.py [--create-queue]".into()
            },
        ],
    ) {
        if line.is_empty() {
            o.push_str("#\n");
        } else {
            let _ = writeln!(o, "# {line}");
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
    let _ = writeln!(o, "RUN_UNTIL_MS = {}", sc.run_until.as_millis());
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
    o.push_str("\n\nasync def script() -> None:\n    \"\"\"The scenario's script, each step at its time.\"\"\"\n");
    if plan.steps.is_empty() {
        o.push_str("    pass  # the scenario has no script steps\n");
    }
    for p in &plan.steps {
        step(&mut o, &plan, p);
    }
    if entities {
        o.push_str("\n\nasync def main() -> None:\n    if \"--create-entities\" in sys.argv[1:]:\n        await create_entities()\n    Clock.reset()\n");
    } else {
        o.push_str("\n\nasync def main() -> None:\n    if \"--create-queue\" in sys.argv[1:]:\n        await create_queue()\n    Clock.reset()\n");
    }
    if has_actors {
        o.push_str("    actors: list[asyncio.Task[str]] = []\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let notes = actor_notes(a);
            let call = match a {
                ActorSpec::Sender(x) => sender_call(x),
                ActorSpec::Receiver(x) => receiver_call(x, sc.seed ^ (i as u64 + 1)),
            };
            let _ = writeln!(o, "    # Actor {}: {}", i + 1, comment_text(actor_name(a)));
            for n in notes {
                let _ = writeln!(o, "    # {}", comment_text(&n));
            }
            let _ = writeln!(o, "    actors.append(asyncio.create_task({call}))");
        }
    }
    o.push_str("    await script()\n");
    let _ = writeln!(o, "    await at({})", sc.run_until.as_millis());
    if has_actors {
        o.push_str("    done = await asyncio.gather(*actors)\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let expected = actor_expected(&plan, a);
            let _ = writeln!(
                o,
                "    # Settle: {}: {}",
                comment_text(actor_name(a)),
                comment_text(&expected)
            );
            let _ = writeln!(
                o,
                "    check({}, {}, done[{i}])",
                s(&format!("actor {}", actor_name(a))),
                s(&expected)
            );
        }
    }
    o.push_str("    for c in CLIENTS.values():\n        await c.shutdown()\n");
    for n in end_notes(&plan) {
        let _ = writeln!(o, "    # {}", comment_text(&n));
    }
    let session_queue = if sc.queue.requires_session {
        "True"
    } else {
        "False"
    };
    let contents = if entities {
        "entity_contents()".to_string()
    } else {
        format!("contents({session_queue})")
    };
    let _ = writeln!(
        o,
        "    try:\n        left = await {contents}\n    except Exception as e:\n        left = failed(e)"
    );
    match end_expected(&plan) {
        Some(e) => {
            let _ = writeln!(o, "    check(\"end: what is left\", {}, left)", s(&e));
        }
        None => o.push_str("    print(f\"end: what is left: {left}\")\n"),
    }
    o.push_str("    print(f\"{TALLY['same']} as Settle predicted, {TALLY['differs']} differ\")\n\n\nif __name__ == \"__main__\":\n    asyncio.run(main())\n");
    o
}

fn step(o: &mut String, plan: &Plan<'_>, p: &Planned<'_>) {
    let st = p.step;
    let what = describe_step(p);
    let _ = writeln!(
        o,
        "\n    # Step {} at {}: {}",
        p.index,
        crate::artifact::secs(st.at.as_millis()),
        comment_text(&what)
    );
    for n in prediction_notes(p, Lang::Python) {
        let _ = writeln!(o, "    # {}", comment_text(&n));
    }
    let (code, notes) = op_code(plan, p);
    for n in notes {
        let _ = writeln!(o, "    # Note: {}", comment_text(&n));
    }
    let _ = writeln!(o, "    await at({})", st.at.as_millis());
    o.push_str("    try:\n");
    for line in code {
        let _ = writeln!(o, "        {line}");
    }
    o.push_str("    except Exception as e:\n        got = failed(e)\n");
    let _ = writeln!(
        o,
        "    report({}, {}, {}, got)",
        p.index,
        s(&what),
        s(&expected(p))
    );
}

/// The one queue's environment in [`PRELUDE`]; a document with `entities` has [`ENTITY_ENV`].
const QUEUE_ENV: &str = r#"QUEUE = os.environ.get("SERVICEBUS_QUEUE", "")
if not CONNECTION_STRING or not QUEUE:
    sys.exit("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE")
"#;

const ENTITY_ENV: &str = r#"# Put before every queue and topic name of the scenario (entities of the run's own).
PREFIX = os.environ.get("SETTLE_ENTITY_PREFIX", "")
QUEUE = ""  # no single queue: the scenario declares its entities
if not CONNECTION_STRING:
    sys.exit("set SERVICEBUS_CONNECTION_STRING")
"#;

/// A document with `entities`: clients that send to any queue or topic and receive from one
/// queue or subscription, the administration helpers, and the end check of every entity.
const ENTITY_LAYER: &str = r#"
from azure.core.exceptions import ResourceExistsError, ResourceNotFoundError
from azure.servicebus.management import (
    CorrelationRuleFilter,
    FalseRuleFilter,
    SqlRuleAction,
    SqlRuleFilter,
    TrueRuleFilter,
)

# The administration client's refusals under Settle's names (before the 400 of `kind_of`).
KINDS[:0] = [
    (ResourceExistsError, "MessagingEntityAlreadyExists"),
    (ResourceNotFoundError, "MessagingEntityNotFound"),
]

def entity_name(name: str) -> str:
    """A queue's or topic's real name: SETTLE_ENTITY_PREFIX and its name in the scenario."""
    return PREFIX + name


def split_path(path: str) -> tuple[str, Optional[str]]:
    """A receive path's real queue or topic name, and its subscription (None for a queue)."""
    topic, _, sub = path.partition("/subscriptions/")
    return entity_name(topic), (sub or None)


class EntityClient(Client):
    """A client of a scenario with several entities: it sends to any queue or topic, and
    receives from one queue or subscription (its receive entity)."""

    def __init__(self, name: str, sends_to: str, receives_from: str) -> None:
        super().__init__(name)
        self.sends_to = sends_to
        self.receives_from = receives_from
        self.senders: dict[str, ServiceBusSender] = {}

    def sender_for(self, entity: str) -> ServiceBusSender:
        if entity not in self.senders:
            real = entity_name(entity)
            self.senders[entity] = (
                self.sb.get_topic_sender(real) if entity in TOPICS else self.sb.get_queue_sender(real)
            )
        return self.senders[entity]

    def get_sender(self) -> ServiceBusSender:
        return self.sender_for(self.sends_to)

    def link(self, mode: str, sub: str) -> ServiceBusReceiver:
        """A new receiver of the receive entity (a queue or a subscription) for this mode and
        sub-queue."""
        name, subscription = split_path(self.receives_from)
        receive_mode = (
            ServiceBusReceiveMode.RECEIVE_AND_DELETE if mode == "receive_and_delete" else ServiceBusReceiveMode.PEEK_LOCK
        )
        sub_queue = ServiceBusSubQueue.DEAD_LETTER if sub == "dead_letter" else None
        if subscription is None:
            return self.sb.get_queue_receiver(
                name,
                receive_mode=receive_mode,
                sub_queue=sub_queue,
                prefetch_count=self.prefetch,
                max_wait_time=RECEIVE_WAIT_S,
                auto_lock_renewer=self.renewer,
            )
        return self.sb.get_subscription_receiver(
            name,
            subscription,
            receive_mode=receive_mode,
            sub_queue=sub_queue,
            prefetch_count=self.prefetch,
            max_wait_time=RECEIVE_WAIT_S,
            auto_lock_renewer=self.renewer,
        )

    def session_link(self, session_id: Optional[str]) -> ServiceBusReceiver:
        name, subscription = split_path(self.receives_from)
        sid = session_id if session_id is not None else NEXT_AVAILABLE_SESSION
        receive_mode = (
            ServiceBusReceiveMode.RECEIVE_AND_DELETE
            if self.mode == "receive_and_delete"
            else ServiceBusReceiveMode.PEEK_LOCK
        )
        if subscription is None:
            return self.sb.get_queue_receiver(
                name, session_id=sid, receive_mode=receive_mode, max_wait_time=RECEIVE_WAIT_S
            )
        return self.sb.get_subscription_receiver(
            name, subscription, session_id=sid, receive_mode=receive_mode, max_wait_time=RECEIVE_WAIT_S
        )

    async def disconnect(self) -> None:
        for s in self.senders.values():
            await s.close()
        self.senders.clear()
        await super().disconnect()

    async def shutdown(self) -> None:
        for s in self.senders.values():
            await s.close()
        await super().shutdown()


def eclient(name: str) -> EntityClient:
    c = client(name)
    if not isinstance(c, EntityClient):
        raise TypeError(f"{name} is not a client of this scenario")
    return c


async def peek_entity(sb: ServiceBusClient, path: str, sub: Optional[ServiceBusSubQueue]) -> list[ServiceBusReceivedMessage]:
    """Every message in a queue or subscription (or its dead-letter queue), peeked."""
    name, subscription = split_path(path)
    return await peek_through(
        sb.get_queue_receiver(name, sub_queue=sub)
        if subscription is None
        else sb.get_subscription_receiver(name, subscription, sub_queue=sub)
    )


async def entity_contents() -> str:
    """What is left in every queue and subscription and in their dead-letter queues, worded as
    Settle's prediction."""
    lines = []
    async with ServiceBusClient.from_connection_string(CONNECTION_STRING) as sb:
        for path, sessions in RECEIVE_PATHS:
            if sessions:
                main = "(not peeked: a session queue is peeked per session)"
            else:
                main = ", ".join(sorted(str(m.message_id) for m in await peek_entity(sb, path, None))) or "(empty)"
            dead = await peek_entity(sb, path, ServiceBusSubQueue.DEAD_LETTER)
            dlq = ", ".join(
                sorted(f"{m.message_id} ({m.dead_letter_reason})" if m.dead_letter_reason else str(m.message_id) for m in dead)
            ) or "(empty)"
            lines.append(f"{path}: {main} | dead-letter queue: {dlq}")
    return "; ".join(lines)


async def update_entity(path: str, changes: dict[str, object]) -> None:
    """Changes a queue's, topic's or subscription's settings (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        if subscription is not None:
            s = await admin.get_subscription(name, subscription)
            for key, value in changes.items():
                setattr(s, key, value)
            await admin.update_subscription(name, s)
        elif path in TOPICS:
            t = await admin.get_topic(name)
            for key, value in changes.items():
                setattr(t, key, value)
            await admin.update_topic(t)
        else:
            q = await admin.get_queue(name)
            for key, value in changes.items():
                setattr(q, key, value)
            await admin.update_queue(q)


async def add_rule(
    path: str, rule: str, filter: CorrelationRuleFilter | SqlRuleFilter, action: Optional[SqlRuleAction]
) -> None:
    """Adds a rule to a subscription (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    assert subscription is not None
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        await admin.create_rule(name, subscription, rule, filter=filter, action=action)


async def remove_rule(path: str, rule: str) -> None:
    """Removes a subscription's rule (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    assert subscription is not None
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        await admin.delete_rule(name, subscription, rule)
"#;

const PRELUDE: &str = r#"
from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from typing import Optional

from azure.core.exceptions import HttpResponseError
from azure.servicebus import (
    NEXT_AVAILABLE_SESSION,
    ServiceBusMessage,
    ServiceBusReceivedMessage,
    ServiceBusReceiveMode,
    ServiceBusSubQueue,
)
from azure.servicebus.aio import AutoLockRenewer, ServiceBusClient, ServiceBusReceiver, ServiceBusSender
from azure.servicebus.exceptions import (
    MessageAlreadySettled,
    MessageLockLostError,
    MessageNotFoundError,
    MessageSizeExceededError,
    OperationTimeoutError,
    ServiceBusQuotaExceededError,
    ServiceBusServerBusyError,
    SessionCannotBeLockedError,
    SessionLockLostError,
)

CONNECTION_STRING = os.environ.get("SERVICEBUS_CONNECTION_STRING", "")
QUEUE = os.environ.get("SERVICEBUS_QUEUE", "")
if not CONNECTION_STRING or not QUEUE:
    sys.exit("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE")
# A real receive waits up to this long for a message; Settle's receives never wait (they return
# what is there at that instant), so a receive that finds nothing costs this much time here.
RECEIVE_WAIT_S = 1.0

# The SDK's exceptions under Settle's names for them.
KINDS: list[tuple[type[BaseException], str]] = [
    (MessageLockLostError, "MessageLockLost"),
    (SessionLockLostError, "SessionLockLost"),
    (SessionCannotBeLockedError, "SessionCannotBeLocked"),
    (MessageNotFoundError, "MessageNotFound"),
    (MessageSizeExceededError, "MessageSizeExceeded"),
    (ServiceBusQuotaExceededError, "QuotaExceeded"),
    (OperationTimeoutError, "ServiceTimeout"),
    (ServiceBusServerBusyError, "ServiceBusy"),
    # Refused by the SDK itself before anything reaches the broker.
    (MessageAlreadySettled, "InvalidOperation"),
]


def kind_of(e: BaseException) -> str:
    for cls, kind in KINDS:
        if isinstance(e, cls):
            return kind
    if isinstance(e, (KeyError, ValueError, TypeError)):
        # A client-side refusal (KeyError: this client never received that message).
        return "InvalidOperation"
    if isinstance(e, HttpResponseError) and e.status_code == 400:
        # The administration API refusing an update (what an existing queue cannot change).
        return "InvalidOperation"
    return f"{type(e).__name__}: {e}"


def failed(e: BaseException) -> str:
    return f"error {kind_of(e)}"


class Clock:
    start = time.monotonic()
    start_utc = datetime.now(timezone.utc)

    @classmethod
    def reset(cls) -> None:
        cls.start = time.monotonic()
        cls.start_utc = datetime.now(timezone.utc)



def now_ms() -> float:
    return (time.monotonic() - Clock.start) * 1000


async def at(ms: int) -> None:
    """Waits until `ms` milliseconds after the start (Settle's virtual time, here real)."""
    delay = (ms - now_ms()) / 1000
    if delay > 0:
        await asyncio.sleep(delay)


TALLY = {"same": 0, "differs": 0}


def report(step: int, what: str, expected: str, got: str) -> None:
    check(f"step {step}: {what}", expected, got)


def check(what: str, expected: str, got: str) -> None:
    same = expected == got
    TALLY["same" if same else "differs"] += 1
    print(f"[{now_ms() / 1000:8.2f} s] {what}")
    print(f"    Settle predicts: {expected}")
    print(f"    Azure answered:  {got}    ({'as predicted' if same else 'DIFFERS'})")


def describe(msgs: list[ServiceBusReceivedMessage]) -> str:
    if not msgs:
        return "0 messages"
    items = ", ".join(f"{m.message_id} (DeliveryCount {m.delivery_count})" for m in msgs)
    return f"{len(msgs)} message{'s' if len(msgs) != 1 else ''}: {items}"


SEQ_OF: dict[str, int] = {}
SCHEDULED: dict[int, int] = {}


def seq_of(msg_id: str) -> int:
    """The real sequence number of a message this program has seen (KeyError: it has not)."""
    return SEQ_OF[msg_id]


async def peek_through(r: ServiceBusReceiver) -> list[ServiceBusReceivedMessage]:
    """Every message the receiver's entity holds, peeked (locked ones too); closes it."""
    found: list[ServiceBusReceivedMessage] = []
    async with r:
        while batch := await r.peek_messages(max_message_count=250):
            found.extend(batch)
    return found


async def peek_all(sb: ServiceBusClient, sub: Optional[ServiceBusSubQueue]) -> list[ServiceBusReceivedMessage]:
    """Every message in the queue or a sub-queue, peeked (locked ones too)."""
    return await peek_through(sb.get_queue_receiver(QUEUE, sub_queue=sub))


async def contents(session_queue: bool) -> str:
    """What is left in the queue and in its dead-letter queue, worded as Settle's prediction."""
    async with ServiceBusClient.from_connection_string(CONNECTION_STRING) as sb:
        if session_queue:
            main = "(not peeked: a session queue is peeked per session)"
        else:
            main = ", ".join(sorted(str(m.message_id) for m in await peek_all(sb, None))) or "(empty)"
        dead = await peek_all(sb, ServiceBusSubQueue.DEAD_LETTER)
        dlq = ", ".join(
            sorted(f"{m.message_id} ({m.dead_letter_reason})" if m.dead_letter_reason else str(m.message_id) for m in dead)
        ) or "(empty)"
    return f"queue: {main} | dead-letter queue: {dlq}"


class Client:
    """One client of the scenario: its own connection (as in Settle), its sender, its receivers,
    and the messages it received, to settle each through the receiver that received it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sb = ServiceBusClient.from_connection_string(CONNECTION_STRING)
        self.sender: Optional[ServiceBusSender] = None
        self.receivers: dict[tuple[str, str], ServiceBusReceiver] = {}
        self.session: Optional[ServiceBusReceiver] = None
        self.mode = "peek_lock"
        self.prefetch = 0
        self.renewer: Optional[AutoLockRenewer] = None
        self.held: dict[str, tuple[ServiceBusReceiver, ServiceBusReceivedMessage]] = {}

    def get_sender(self) -> ServiceBusSender:
        if self.sender is None:
            self.sender = self.sb.get_queue_sender(QUEUE)
        return self.sender

    def receiver(self, mode: Optional[str] = None, sub: str = "main") -> ServiceBusReceiver:
        """The receiver for this mode and sub-queue (the accepted session's, on the queue itself)."""
        if sub == "main" and self.session is not None:
            return self.session
        key = (mode or self.mode, sub)
        if key not in self.receivers:
            self.receivers[key] = self.link(key[0], sub)
        return self.receivers[key]

    def link(self, mode: str, sub: str) -> ServiceBusReceiver:
        """A new receiver of the queue for this mode and sub-queue."""
        return self.sb.get_queue_receiver(
            QUEUE,
            receive_mode=(
                ServiceBusReceiveMode.RECEIVE_AND_DELETE
                if mode == "receive_and_delete"
                else ServiceBusReceiveMode.PEEK_LOCK
            ),
            sub_queue=ServiceBusSubQueue.DEAD_LETTER if sub == "dead_letter" else None,
            prefetch_count=self.prefetch,
            max_wait_time=RECEIVE_WAIT_S,
            auto_lock_renewer=self.renewer,
        )

    async def open(self, mode: str, sub: str, prefetch: int) -> None:
        """Opens the link now (with a prefetch, the broker starts filling the buffer, and the
        locks of what it holds run from then, as in Settle)."""
        await self.close()
        self.mode = mode
        self.prefetch = prefetch
        await self.receiver(mode, sub).__aenter__()

    def remember(self, r: ServiceBusReceiver, msgs: list[ServiceBusReceivedMessage]) -> None:
        for m in msgs:
            if m.message_id is not None:
                self.held[m.message_id] = (r, m)
                if m.sequence_number is not None:
                    SEQ_OF[m.message_id] = m.sequence_number

    def message(self, msg_id: str) -> tuple[ServiceBusReceiver, ServiceBusReceivedMessage]:
        """The latest delivery of `msg_id` to this client (KeyError: it never received it)."""
        return self.held[msg_id]

    def session_link(self, session_id: Optional[str]) -> ServiceBusReceiver:
        """A receiver of this session (None: the next available one), not open yet: opening it
        is what accepts (locks) the session."""
        return self.sb.get_queue_receiver(
            QUEUE,
            session_id=session_id if session_id is not None else NEXT_AVAILABLE_SESSION,
            receive_mode=(
                ServiceBusReceiveMode.RECEIVE_AND_DELETE
                if self.mode == "receive_and_delete"
                else ServiceBusReceiveMode.PEEK_LOCK
            ),
            max_wait_time=RECEIVE_WAIT_S,
        )

    async def accept(self, session_id: Optional[str]) -> ServiceBusReceiver:
        r = self.session_link(session_id)
        await r.__aenter__()  # opening the link is what accepts (locks) the session
        self.session = r
        return r

    def session_receiver(self) -> ServiceBusReceiver:
        if self.session is None:
            raise ValueError(f"{self.name} has no accepted session")
        return self.session

    async def close(self) -> None:
        for r in list(self.receivers.values()):
            await r.close()
        self.receivers.clear()
        if self.session is not None:
            await self.session.close()
            self.session = None

    async def disconnect(self) -> None:
        await self.close()
        if self.sender is not None:
            await self.sender.close()
            self.sender = None
        await self.sb.close()
        self.sb = ServiceBusClient.from_connection_string(CONNECTION_STRING)

    async def shutdown(self) -> None:
        await self.close()
        if self.sender is not None:
            await self.sender.close()
        if self.renewer is not None:
            await self.renewer.close()
        await self.sb.close()


CLIENTS: dict[str, Client] = {}


def client(name: str) -> Client:
    if name not in CLIENTS:
        CLIENTS[name] = Client(name)
    return CLIENTS[name]


async def update_queue(changes: dict[str, object]) -> None:
    """Changes the queue's settings (needs Manage rights). As on Service Bus, locks held now are lost."""
    # The asynchronous administration client needs aiohttp (pip install aiohttp).
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        q = await admin.get_queue(QUEUE)
        for key, value in changes.items():
            setattr(q, key, value)
        await admin.update_queue(q)
"#;

const ACTORS: &str = r#"

def log(name: str, text: str) -> None:
    print(f"[{now_ms() / 1000:8.2f} s] {name}: {text}")


async def sender_actor(
    name: str,
    *,
    mode: str,
    count: int,
    start_ms: int,
    interval_ms: int,
    max_in_flight: int,
    id_prefix: str,
    body: str,
    ttl_ms: Optional[int],
    session_ids: list[str],
) -> str:
    """An automated sender: `count` sends, awaited as `mode` says. Returns what it saw."""
    await at(start_ms)
    sender = client(name).get_sender()
    results = {"ok": 0, "failed": 0}
    quiet = mode == "fire_and_forget"

    async def one(n: int) -> None:
        msg = ServiceBusMessage(
            body.replace("{n}", str(n)),
            message_id=f"{id_prefix}{n}",
            session_id=session_ids[(n - 1) % len(session_ids)] if session_ids else None,
            time_to_live=timedelta(milliseconds=ttl_ms) if ttl_ms is not None else None,
        )
        try:
            await sender.send_messages(msg)
            results["ok"] += 1
        except Exception as e:
            results["failed"] += 1
            if not quiet:
                log(name, f"send {id_prefix}{n} failed: {kind_of(e)}")

    if mode == "sequential":
        for n in range(1, count + 1):
            await one(n)
            await asyncio.sleep(interval_ms / 1000)
    elif mode == "throttled":
        gate = asyncio.Semaphore(max_in_flight)

        async def limited(n: int) -> None:
            async with gate:
                await one(n)

        tasks = []
        for n in range(1, count + 1):
            tasks.append(asyncio.create_task(limited(n)))
            await asyncio.sleep(interval_ms / 1000)
        await asyncio.gather(*tasks)
    else:
        # pipelined: start them all, then await them all; fire_and_forget: start them all and
        # never look at the results (they are awaited only so the program can end cleanly).
        tasks = []
        for n in range(1, count + 1):
            tasks.append(asyncio.create_task(one(n)))
            await asyncio.sleep(interval_ms / 1000)
        await asyncio.gather(*tasks)
    if quiet:
        summary = f"{count} sends started, results not looked at"
    else:
        summary = f"{results['ok']} sends accepted, {results['failed']} failed"
    log(name, summary)
    return summary


async def receiver_actor(
    name: str,
    *,
    mode: str,
    sub: str,
    concurrency: int,
    prefetch: int,
    start_ms: int,
    stop_at_ms: Optional[int],
    poll_ms: int,
    work_ms: tuple[int, int],
    outcome: str,
    reason: str,
    poison: Optional[tuple[str, str, str]],
    hang: tuple[float, int],
    auto_renew_ms: Optional[int],
    idempotent: bool,
    crash_at_ms: Optional[int],
    restart_after_ms: Optional[int],
    seed: int,
    sessions: Optional[tuple[int, int]] = None,
) -> str:
    """An automated receiver: receive, process for a while, settle by policy. Returns what it did."""
    rng = random.Random(seed)
    c = client(name)
    c.mode = mode
    c.prefetch = prefetch
    if auto_renew_ms is not None:
        c.renewer = AutoLockRenewer(max_lock_renewal_duration=auto_renew_ms / 1000)
    done: set[str] = set()
    counts = {"received": 0, "complete": 0, "abandon": 0, "defer": 0, "dead_letter": 0, "failed": 0}
    crashed = False
    await at(start_ms)

    async def handle(r: ServiceBusReceiver, m: ServiceBusReceivedMessage) -> None:
        mid = m.message_id or "?"
        try:
            if idempotent and mid in done:
                if mode != "receive_and_delete":
                    await r.complete_message(m)
                    counts["complete"] += 1
                log(name, f"{mid} again: already processed, completed without the work")
                return
            await asyncio.sleep(rng.uniform(work_ms[0], work_ms[1]) / 1000)
            if rng.random() < hang[0]:
                log(name, f"processing {mid} hangs for {hang[1] / 1000} s")
                await asyncio.sleep(hang[1] / 1000)
            if mode == "receive_and_delete":
                done.add(mid)
                log(name, f"processed {mid}")
                return
            if poison is not None and poison[0] in str(m):
                if poison[1] == "dead_letter":
                    await r.dead_letter_message(m, reason=poison[2])
                else:
                    await r.abandon_message(m)  # the handler threw
                counts[poison[1]] += 1
                log(name, f"{mid} is poison: {poison[1]}")
                return
            if outcome == "abandon":
                await r.abandon_message(m)
            elif outcome == "defer":
                await r.defer_message(m)
            elif outcome == "dead_letter":
                await r.dead_letter_message(m, reason=reason)
            else:
                await r.complete_message(m)
            counts[outcome] += 1
            done.add(mid)
            log(name, f"{outcome} {mid} (DeliveryCount {m.delivery_count})")
        except Exception as e:
            counts["failed"] += 1
            log(name, f"settling {mid} failed: {kind_of(e)}")

    def running() -> bool:
        return now_ms() < RUN_UNTIL_MS and (stop_at_ms is None or now_ms() < stop_at_ms)

    async def session_worker(idle_ms: int) -> None:
        """One session receiver of a session processor: accepts the next available session,
        handles its messages one at a time, closes it after `idle_ms` without one, and accepts
        the next."""
        while running():
            r = c.session_link(None)
            try:
                await r.__aenter__()  # accepts the next available session (waits for one)
            except Exception as e:
                log(name, f"no session accepted: {kind_of(e)}")
                await asyncio.sleep(poll_ms / 1000)
                continue
            if c.renewer is not None and r.session is not None:
                c.renewer.register(r, r.session)
            try:
                while running():
                    msgs = await r.receive_messages(max_message_count=1, max_wait_time=max(idle_ms, 1) / 1000)
                    if not msgs:
                        break  # idle: let the session go
                    counts["received"] += len(msgs)
                    for m in msgs:
                        await handle(r, m)
            except Exception as e:
                log(name, f"session receive failed: {kind_of(e)}")
            finally:
                await r.close()

    if sessions is not None:
        await asyncio.gather(*(session_worker(sessions[1]) for _ in range(sessions[0])))
    while sessions is None and running():
        if crash_at_ms is not None and not crashed and now_ms() >= crash_at_ms:
            crashed = True
            log(name, "crashes (its connection is closed)")
            await c.disconnect()
            if restart_after_ms is None:
                break
            await asyncio.sleep(restart_after_ms / 1000)
            log(name, "restarts")
        r = c.receiver(mode, sub)
        try:
            msgs = await r.receive_messages(max_message_count=concurrency, max_wait_time=poll_ms / 1000)
        except Exception as e:
            log(name, f"receive failed: {kind_of(e)}")
            await asyncio.sleep(poll_ms / 1000)
            continue
        counts["received"] += len(msgs)
        if c.renewer is not None and mode != "receive_and_delete":
            for m in msgs:
                c.renewer.register(r, m)
        await asyncio.gather(*(handle(r, m) for m in msgs))
    summary = (
        f"{counts['received']} received, {counts['complete']} completed, {counts['abandon']} abandoned, "
        f"{counts['defer']} deferred, {counts['dead_letter']} dead-lettered, {counts['failed']} settlements failed"
    )
    log(name, summary)
    return summary
"#;
