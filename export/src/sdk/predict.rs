//! Settle's predictions, worded as the programs print what they see: each step's result (and
//! the comment lines that explain it), each actor's summary, what is left at the end.

use super::actors::actor_name;
use super::entities::receive_paths;
use super::lang::Lang;
use super::plan::{Plan, Planned};
use crate::artifact::ttl_possible;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::actors::{ActorSpec, SendMode};
use settle_core::{Error, ErrorKind, MessageView, Op, Outcome};

/// What the program's end check prints for a session queue's own messages (a session queue can
/// be peeked only session by session).
pub(crate) const SESSION_QUEUE_NOT_PEEKED: &str =
    "(not peeked: a session queue is peeked per session)";

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
            out.push(format!("Settle: expect {}: {}", e.kind.name(), e.text()));
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
