//! Plain-words explanations of events, for the playground's log ("why did that happen?").
//!
//! The one place Settle's "why" sentences are made: the broker crate emits events as data and
//! writes no prose, and this module reads them (with the world's names and settings) and asks
//! for each sentence, whole, in the installed language (`i18n/ftl/<lang>/narrate.ftl`). What
//! varies inside a sentence is a selector: a kind of thing as a word (`$then`, `$how`, …) or a
//! number, which Fluent reads by the language's plural rules.

use settle_core::actors::{ActorAct, Note};
use settle_core::{
    DeadLetterCause, Event, EventKind, Instant, LockLossCause, Op, StillLocked, SubQueue, Text,
    World,
};
use settle_i18n::{Arg, t, tf};

/// A message's id and the variables it needs besides `$by`, `$id` and `$seq`.
type Sentence<'a> = (&'static str, Vec<(&'static str, Arg<'a>)>);

/// An instant as the clock shows it: seconds with three decimals (`{ $until } s`).
#[allow(clippy::cast_precision_loss)] // exact below 2^53 ms, some 285,000 years
fn secs(at: Instant) -> Arg<'static> {
    Arg::fixed(at.as_millis() as f64 / 1000.0, 3)
}

/// How a delivery that the broker then moved on ended: `$how` of `why-dead-lettered-max`.
fn failure(kind: &EventKind) -> Option<(u64, &'static str)> {
    match kind {
        EventKind::Abandoned { seq, .. } => Some((*seq, "abandoned")),
        EventKind::LockExpired { seq, .. } => Some((*seq, "lock-expired")),
        EventKind::Deferred { seq, .. } => Some((*seq, "deferred")),
        EventKind::LockLost { seq, .. } => Some((*seq, "lock-lost")),
        _ => None,
    }
}

/// Where a released message is now (`$then`), looking ahead in the same batch: still in the
/// dead-letter queue, where nothing counts (format v1.2); gone, when the batch dead-letters or
/// drops it; else available again.
fn then(sub_queue: SubQueue, later: &[Event], seq: u64) -> &'static str {
    let gone = |e: &Event| match &e.kind {
        EventKind::DeadLettered { seq: s, .. } | EventKind::Expired { seq: s, .. } => *s == seq,
        _ => false,
    };
    if sub_queue == SubQueue::DeadLetter {
        "dead-letter"
    } else if later.iter().any(gone) {
        "gone"
    } else {
        "available"
    }
}

/// A link ended while the broker held locks for it: nothing is released yet (format v1.1).
fn link_closed<'a>(
    cause: LockLossCause,
    sub: SubQueue,
    session: Option<&'a (Text, Instant)>,
    still: &'a [StillLocked],
) -> Sentence<'a> {
    let what = match (cause, sub) {
        (LockLossCause::Disconnected, _) => "disconnected",
        (_, SubQueue::Main) => "closed",
        (_, SubQueue::DeadLetter) => "closed-dead-letter",
    };
    let what = ("what", Arg::from(what));
    match (session, still) {
        (Some((sid, until)), _) => {
            let ids: Vec<&str> = still.iter().map(|m| &*m.id).collect();
            let args = vec![
                what,
                ("session", Arg::from(&**sid)),
                ("until", secs(*until)),
                ("count", ids.len().into()),
                ("ids", settle_i18n::list(&ids).into()),
            ];
            ("why-link-closed-session", args)
        }
        (None, [one]) => (
            "why-link-closed-one",
            vec![
                what,
                ("id", Arg::from(&*one.id)),
                ("until", secs(one.until)),
            ],
        ),
        (None, many) => {
            let each: Vec<String> = many
                .iter()
                .map(|m| {
                    tf(
                        "why-link-closed-item",
                        &[("id", Arg::from(&*m.id)), ("until", secs(m.until))],
                    )
                })
                .collect();
            (
                "why-link-closed-many",
                vec![what, ("ids", settle_i18n::list(&each).into())],
            )
        }
    }
}

/// The sentence for the message `seq` dead-lettered for `cause`; `before` is the batch's
/// events before it, where the delivery that failed last is.
fn dead_lettered<'a>(before: &[Event], seq: u64, cause: &'a DeadLetterCause) -> Sentence<'a> {
    match cause {
        DeadLetterCause::MaxDeliveryCountExceeded { max } => {
            let how = before
                .iter()
                .rev()
                .find_map(|p| failure(&p.kind).filter(|(s, _)| *s == seq))
                .map_or("other", |(_, how)| how);
            let args = vec![("max", (*max).into()), ("how", how.into())];
            ("why-dead-lettered-max", args)
        }
        DeadLetterCause::TtlExpired => ("why-dead-lettered-ttl", vec![]),
        DeadLetterCause::Explicit {
            reason,
            description,
        } => {
            let props = match (reason, description) {
                (None, None) => "none",
                (Some(_), None) => "reason",
                (None, Some(_)) => "description",
                (Some(_), Some(_)) => "both",
            };
            let args = vec![
                ("props", props.into()),
                ("reason", reason.as_deref().unwrap_or_default().into()),
                (
                    "description",
                    description.as_deref().unwrap_or_default().into(),
                ),
            ];
            ("why-dead-lettered", args)
        }
    }
}

fn session(id: &Text) -> (&'static str, Arg<'_>) {
    ("session", Arg::from(&**id))
}

/// One line per event, in order. `events` should be one drained batch, so that a release
/// followed by a dead-lettering reads as cause and effect.
#[must_use]
pub fn narrate(world: &World, events: &[Event]) -> Vec<String> {
    let max = ("max", Arg::from(world.queue().config().max_delivery_count));
    let mut out = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        let kind = &e.kind;
        let then = |sub: &SubQueue| {
            let then = then(*sub, &events[i + 1..], kind.seq().unwrap_or_default());
            ("then", Arg::from(then))
        };
        let count = |n: &u32| ("count", Arg::from(*n));
        let until = |at: &Instant| ("until", secs(*at));
        let (msg, args): Sentence<'_> = match kind {
            EventKind::Enqueued {
                scheduled_for: None,
                ..
            } => ("why-sent", vec![]),
            EventKind::Enqueued {
                scheduled_for: Some(at),
                ..
            } => ("why-scheduled", vec![("at", secs(*at))]),
            EventKind::DuplicateDropped { .. } => ("why-duplicate-dropped", vec![]),
            EventKind::Rejected { error, .. } => {
                ("why-rejected", vec![("error", error.name().into())])
            }
            EventKind::Activated { scheduled_seq, .. } => (
                "why-activated",
                vec![("scheduled", (*scheduled_seq).into())],
            ),
            EventKind::Published { subscriptions, .. } if subscriptions.is_empty() => {
                ("why-published-nowhere", vec![])
            }
            EventKind::Published { subscriptions, .. } => (
                "why-published",
                vec![(
                    "subscriptions",
                    settle_i18n::list(subscriptions.iter().map(|s| &**s)).into(),
                )],
            ),
            EventKind::Cancelled { .. } => ("why-cancelled", vec![]),
            EventKind::Locked {
                until: u,
                delivery_count: n,
                prefetched,
                ..
            } => {
                let msg = if *prefetched {
                    "why-prefetched"
                } else {
                    "why-received"
                };
                (msg, vec![count(n), until(u)])
            }
            EventKind::ReceivedAndDeleted { .. } => ("why-received-and-deleted", vec![]),
            EventKind::LockRenewed { until: u, .. } => ("why-lock-renewed", vec![until(u)]),
            EventKind::LockExpired {
                delivery_count: n,
                sub_queue,
                ..
            } => (
                "why-lock-expired",
                vec![then(sub_queue), count(n), max.clone()],
            ),
            EventKind::LockLost {
                cause,
                delivery_count: n,
                sub_queue,
                ..
            } => (
                "why-lock-lost",
                vec![
                    ("cause", cause.name().into()),
                    then(sub_queue),
                    count(n),
                    max.clone(),
                ],
            ),
            EventKind::Completed { .. } => ("why-completed", vec![]),
            EventKind::Abandoned {
                delivery_count: n,
                sub_queue,
                ..
            } => (
                "why-abandoned",
                vec![then(sub_queue), count(n), max.clone()],
            ),
            EventKind::Deferred {
                delivery_count: n, ..
            } => ("why-deferred", vec![count(n), max.clone()]),
            EventKind::DeadLettered { seq, cause, .. } => dead_lettered(&events[..i], *seq, cause),
            EventKind::Expired { .. } => ("why-expired", vec![]),
            EventKind::SessionLocked {
                session_id,
                until: u,
                ..
            } => ("why-session-locked", vec![session(session_id), until(u)]),
            EventKind::SessionLockRenewed {
                session_id,
                until: u,
                ..
            } => (
                "why-session-lock-renewed",
                vec![session(session_id), until(u)],
            ),
            EventKind::SessionLockExpired { session_id, .. } => {
                ("why-session-lock-expired", vec![session(session_id)])
            }
            EventKind::LinkClosed {
                cause,
                sub_queue,
                session,
                still_locked,
                ..
            } => link_closed(*cause, *sub_queue, session.as_ref(), still_locked),
            EventKind::SessionReleased {
                session_id,
                cause: LockLossCause::Closed,
                ..
            } => ("why-session-closed", vec![session(session_id)]),
            EventKind::SessionReleased {
                session_id, cause, ..
            } => (
                "why-session-lost",
                vec![session(session_id), ("cause", cause.name().into())],
            ),
        };
        // What most sentences name: who (`who` says whether a client or the broker), which
        // message, its sequence number.
        let by = kind.by().map(|c| world.name(c));
        let who = if by.is_some() { "client" } else { "broker" };
        let mut all = vec![
            ("by", Arg::from(by.unwrap_or_default())),
            ("who", who.into()),
            ("id", Arg::from(kind.id().map_or("", |id| &**id))),
            ("seq", kind.seq().unwrap_or_default().into()),
        ];
        all.extend(args);
        out.push(tf(msg, &all));
    }
    out
}

/// A line for what an automated actor did, where the broker's events do not already say it:
/// send outcomes as the sender sees them, refusals, crashes and skipped work.
#[must_use]
pub fn narrate_act(act: &ActorAct) -> Option<String> {
    let by = ("by", Arg::from(&*act.by));
    let note = (
        "note",
        Arg::from(act.note.map(note_words).unwrap_or_default()),
    );
    let noted = act.note.is_some();
    match (&act.op, &act.result) {
        (Op::Send { msg: sent, .. }, result) => {
            let msg = match result {
                None if noted => "why-act-sent-unanswered",
                None => "why-act-sent-unobserved",
                Some(Ok(_)) => "why-act-sent",
                Some(Err(_)) => "why-act-send-failed",
            };
            let error = result.as_ref().and_then(|r| r.as_ref().err());
            let error = ("error", error.map(error_words).unwrap_or_default().into());
            Some(tf(msg, &[by, ("id", Arg::from(&*sent.id)), note, error]))
        }
        (Op::Disconnect, _) => Some(tf("why-act-crashed", &[by])),
        (Op::Receive { .. } | Op::Open(_) | Op::RenewLock { .. }, Some(Ok(_))) => None,
        (_, Some(Err(e))) => {
            let msg = if noted {
                "why-act-failed-noted"
            } else {
                "why-act-failed"
            };
            Some(tf(msg, &[by, ("error", error_words(e).into()), note]))
        }
        (_, Some(Ok(_))) => noted.then(|| tf("why-act-noted", &[by, note])),
        _ => None,
    }
}

/// An error in the installed language: its code and the broker's text as they are, Settle's
/// explanation in the language (in English, the error's display).
pub(crate) fn error_words(e: &settle_core::Error) -> String {
    settle_i18n::error_text(&settle_i18n::current(), e)
}

/// An actor's word on why, in the installed language (in English, the trace's).
fn note_words(note: Note) -> String {
    t(&format!("note-{}", note.name()))
}

#[cfg(test)]
mod tests;
