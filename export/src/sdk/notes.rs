//! What the SDKs cannot express about a step or an automated actor, said the same way in both
//! languages (each language adds its own).

use super::plan::{Plan, Planned};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::actors::{ActorSpec, SendMode};
use settle_core::{NewMessage, Op, QueuePatch};
use settle_scenario::Scenario;

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
