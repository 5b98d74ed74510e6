//! The statements of each script step, by kind of operation: sends, receives, settlements,
//! links and sessions, administration; with the notes of what the Python SDK cannot do.

use super::admin::{entity_op, patch_changes};
use super::lit::{message, mode_lit, ms_delta, props, s};
use crate::sdk::notes::{step_notes, tier_change};
use crate::sdk::plan::{Plan, Planned};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::Op;

/// The statements of one step inside its `try:` (each ends by setting `got`), plus notes.
pub(crate) fn op_code(plan: &Plan<'_>, p: &Planned<'_>) -> (Vec<String>, Vec<String>) {
    let c = format!("client({})", s(&p.step.by));
    // With entities a send names its queue or topic.
    let sender = match (&plan.sc.entities, &p.step.entity) {
        (Some(_), Some(e)) => format!("eclient({}).sender_for({})", s(&p.step.by), s(e)),
        _ => format!("{c}.get_sender()"),
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
        | Op::RenewLock { .. } => settle_code(p, &c, &mut out, &mut notes),
        Op::Open(_)
        | Op::Close
        | Op::AcceptSession { .. }
        | Op::RenewSessionLock
        | Op::SetSessionState { .. }
        | Op::GetSessionState
        | Op::Disconnect => link_code(p, &c, &mut out),
        Op::Entity { .. } | Op::UpdateQueue(_) => admin_code(plan, p, &mut out),
    }
    (out, notes)
}

/// A send, a scheduled send, the cancelling of one.
fn send_code(plan: &Plan<'_>, p: &Planned<'_>, sender: &str, out: &mut Vec<String>) {
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
        _ => {}
    }
}

/// A receive, a receive of deferred messages, a peek.
fn receive_code(plan: &Plan<'_>, p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}

/// A settlement (complete, abandon, dead-letter, defer) or a lock renewal, through the receiver
/// that received the message.
fn settle_code(p: &Planned<'_>, c: &str, out: &mut Vec<String>, notes: &mut Vec<String>) {
    match &p.step.op {
        Op::Complete { .. } => {
            held(p, c, out);
            out.push("await r.complete_message(m)".into());
            out.push("got = \"ok\"".into());
        }
        Op::Abandon { properties, .. } => {
            held(p, c, out);
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
            held(p, c, out);
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
            held(p, c, out);
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
            held(p, c, out);
            out.push("await r.renew_message_lock(m)".into());
            out.push("got = \"ok\"".into());
        }
        _ => {}
    }
}

/// The receiver and the message a settlement names (`r`, `m`): the client's latest delivery of
/// it; a failure when Settle never saw that sequence number.
fn held(p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.target_id {
        Some(id) => out.push(format!("r, m = {c}.message({})", s(id))),
        None => out.push(format!(
            "raise KeyError({})  # Settle never saw this sequence number",
            s(&format!("{:?}", p.step.raw.get("seq")))
        )),
    }
}

/// A client's link opened or closed, its connection dropped; a session accepted, its lock
/// renewed, its state set or read.
fn link_code(p: &Planned<'_>, c: &str, out: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}

/// An entity updated or its rules changed, the queue updated.
fn admin_code(plan: &Plan<'_>, p: &Planned<'_>, out: &mut Vec<String>) {
    match &p.step.op {
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
        _ => {}
    }
}
