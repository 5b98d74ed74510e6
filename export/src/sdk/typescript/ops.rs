//! The statements of each script step, by kind of operation: sends, receives, settlements,
//! links and sessions, administration; with the notes of what the JavaScript SDK cannot do.

use super::admin::{entity_op, patch_changes};
use super::lit::{message, mode_lit, props, s};
use crate::sdk::notes::{step_notes, tier_change};
use crate::sdk::plan::{Plan, Planned};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_core::{Op, PropValue};

/// The statements of one step inside its `try {}` (each ends by setting `got`), plus notes.
pub(crate) fn op_code(plan: &Plan<'_>, p: &Planned<'_>) -> (Vec<String>, Vec<String>) {
    let c = format!("client({})", s(&p.step.by));
    // With entities a send names its queue or topic.
    let sender = match (&plan.sc.entities, &p.step.entity) {
        (Some(_), Some(e)) => format!("eclient({}).senderFor({})", s(&p.step.by), s(e)),
        _ => format!("{c}.getSender()"),
    };
    let mut notes = step_notes(plan, p);
    let mut out = Vec::new();
    match &p.step.op {
        Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. } => {
            send_code(plan, p, &sender, &mut out);
        }
        Op::Receive { .. } | Op::ReceiveDeferred { .. } | Op::Peek { .. } => {
            receive_code(plan, p, &c, &mut out);
        }
        Op::Complete { .. }
        | Op::Abandon { .. }
        | Op::DeadLetter { .. }
        | Op::Defer { .. }
        | Op::RenewLock { .. } => settle_code(p, &c, &mut out),
        Op::Open(_)
        | Op::Close
        | Op::AcceptSession { .. }
        | Op::RenewSessionLock
        | Op::SetSessionState { .. }
        | Op::GetSessionState
        | Op::Disconnect => link_code(p, &c, &mut out, &mut notes),
        Op::Entity { .. } | Op::UpdateQueue(_) => admin_code(plan, p, &mut out),
    }
    (out, notes)
}

/// A send, a scheduled send, the cancelling of one.
fn send_code(plan: &Plan<'_>, p: &Planned<'_>, sender: &str, out: &mut Vec<String>) {
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
        _ => {}
    }
}

/// A receive, a receive of deferred messages, a peek.
fn receive_code(plan: &Plan<'_>, p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}

/// A settlement (complete, abandon, dead-letter, defer) or a lock renewal, through the receiver
/// that received the message.
fn settle_code(p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.step.op {
        Op::Complete { .. } => {
            held(p, c, out);
            out.push("await r.completeMessage(m);".into());
            out.push("got = \"ok\";".into());
        }
        Op::Abandon { properties, .. } => {
            held(p, c, out);
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
            held(p, c, out);
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
            held(p, c, out);
            match properties {
                Some(pr) => out.push(format!("await r.deferMessage(m, {});", props(pr))),
                None => out.push("await r.deferMessage(m);".into()),
            }
            out.push("got = \"ok\";".into());
        }
        Op::RenewLock { .. } => {
            held(p, c, out);
            out.push("await r.renewMessageLock(m);".into());
            out.push("got = \"ok\";".into());
        }
        _ => {}
    }
}

/// The receiver and the message a settlement names (`r`, `m`): the client's latest delivery of
/// it; a failure when Settle never saw that sequence number.
fn held(p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.target_id {
        Some(id) => out.push(format!("const [r, m] = {c}.message({});", s(id))),
        None => out.push(format!(
            "throw new Refused({}); // Settle never saw this sequence number",
            s(&format!("{:?}", p.step.raw.get("seq")))
        )),
    }
}

/// A client's link opened or closed, its connection dropped; a session accepted, its lock
/// renewed, its state set or read.
fn link_code(p: &Planned<'_>, c: &str, out: &mut Vec<String>, notes: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}

/// An entity updated or its rules changed, the queue updated.
fn admin_code(plan: &Plan<'_>, p: &Planned<'_>, out: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}
