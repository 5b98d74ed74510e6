//! Following the run: the scenario is run under [`RECORD_BUDGET`] and each record it produces is
//! handed to the story, a broker event to `on_event`, a client's operation (a script step or an
//! actor's) to `on_op`, for what the events do not show (refusals, peeks, links, settings).

use super::model::Icon;
use super::story::Story;
use super::text::why;
use crate::artifact::{ArtifactError, Ended, drive, target_of};
use alloc::format;
use alloc::string::{String, ToString};
use settle_core::Error;
use settle_core::{Op, Outcome, Target, World};
use settle_scenario::{Rec, Record, Scenario};

/// Records of the run drawn at most; the rest of a longer run is summarised by a note.
pub const RECORD_BUDGET: usize = 200_000;

fn op_name(op: &Op) -> &'static str {
    match op {
        Op::Send { .. } => "send",
        Op::Schedule { .. } => "schedule",
        Op::CancelScheduled { .. } => "cancel",
        Op::Receive { .. } => "receive",
        Op::ReceiveDeferred { .. } => "receive deferred",
        Op::Peek { .. } => "peek",
        Op::Complete { .. } => "complete",
        Op::Abandon { .. } => "abandon",
        Op::DeadLetter { .. } => "dead-letter",
        Op::Defer { .. } => "defer",
        Op::RenewLock { .. } => "renew lock",
        Op::Open(_) => "open",
        Op::Close => "close",
        Op::AcceptSession { .. } => "accept session",
        Op::RenewSessionLock => "renew session lock",
        Op::SetSessionState { .. } => "set session state",
        Op::GetSessionState => "get session state",
        Op::Disconnect => "disconnect",
        Op::UpdateQueue(_) => "update queue",
        Op::Entity { .. } => "update entity",
    }
}

impl Story {
    /// A client's operation (script step or actor), for what the events do not show.
    fn on_op(
        &mut self,
        t: u64,
        by: &str,
        op: &Op,
        result: Option<&Result<Outcome, Error>>,
        actor: bool,
        place: Option<usize>,
    ) {
        self.last_t = self.last_t.max(t);
        let lane = self.lane(by);
        self.pending_sender = None;
        self.fanout = None;
        self.send_note = match op {
            Op::Send { msg, .. } | Op::Schedule { msg } => send_note(msg),
            _ => String::new(),
        };
        let p = place.unwrap_or(0);
        match (op, result) {
            (_, Some(Err(e))) => {
                if matches!(op, Op::Send { .. } | Op::Schedule { .. }) {
                    self.lanes[lane].sends += 1;
                }
                self.lanes[lane].refused += 1;
                let target = target_of(op).map(|tg| match tg {
                    Target::Id(id) => id.to_string(),
                    Target::Seq(s) => self
                        .msg_of(p, *s)
                        .map_or_else(|| format!("seq {s}"), |m| self.msgs[m].id.clone()),
                });
                let target = target.or_else(|| match op {
                    Op::Send { msg, .. } | Op::Schedule { msg } => Some(msg.id.to_string()),
                    _ => None,
                });
                // On the track of the delivery it tried to settle, where that is this lane's.
                let seg = target_of(op).and_then(|tg| {
                    let ls = &self.lanes[lane].segs;
                    (0..ls.len()).rev().find(|&i| {
                        ls[i].msg.is_some_and(|m| match tg {
                            Target::Id(id) => self.msgs[m].id == **id,
                            Target::Seq(s) => self.by_seq.get(&(p, *s)) == Some(&m),
                        })
                    })
                });
                let what = match &target {
                    Some(x) => format!("{} {x}", op_name(op)),
                    None => op_name(op).to_string(),
                };
                self.mark(
                    lane,
                    t,
                    Icon::Refused,
                    seg,
                    format!("{what} → {}", e.kind.name()),
                );
                self.moment(
                    t,
                    format!(
                        "{by}: {what} refused with {}{}",
                        e.kind.name(),
                        why(&e.message)
                    ),
                );
            }
            // A send to a topic: its `published` (next) draws it from this sender.
            (Op::Send { .. }, _) if place.is_some_and(|p| self.places[p].topic) => {
                self.pending_sender = Some(lane);
            }
            (Op::Peek { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                self.receives_from(lane, place);
                self.mark(lane, t, Icon::Peek, None, format!("peek: {}", ms.len()));
            }
            (Op::Close, _) => self.mark(lane, t, Icon::Link, None, "close".into()),
            (Op::Disconnect, _) => {
                let word = if actor { "crash" } else { "disconnect" };
                self.mark(lane, t, Icon::Link, None, word.into());
            }
            (Op::UpdateQueue(_), Some(Ok(_))) => {
                self.mark(lane, t, Icon::Admin, None, "queue settings changed".into());
            }
            (Op::Entity { entity, op: eop }, Some(Ok(_))) => {
                let name = entity.rsplit_once('/').map_or(&**entity, |x| x.1);
                let what = match eop {
                    settle_core::namespace::EntityOp::Update { .. } => {
                        format!("{name}: settings changed")
                    }
                    settle_core::namespace::EntityOp::AddRule { name: r, .. } => {
                        format!("{name}: rule {r} added")
                    }
                    settle_core::namespace::EntityOp::RemoveRule { name: r } => {
                        format!("{name}: rule {r} removed")
                    }
                };
                self.mark(lane, t, Icon::Admin, None, what);
            }
            (
                Op::Receive { .. }
                | Op::ReceiveDeferred { .. }
                | Op::Open(_)
                | Op::AcceptSession { .. },
                _,
            ) => {
                self.receives_from(lane, place);
            }
            _ => {}
        }
    }

    /// Runs the scenario (with or without `entities`) and follows its records.
    pub(super) fn run(&mut self, sc: &Scenario) -> Result<Ended, ArtifactError> {
        #[cfg(not(feature = "entities"))]
        if sc.entities.is_some() {
            // Without the feature no document declares entities (the parser refuses the key).
            return Err(ArtifactError {
                message: settle_scenario::ONLY_RUN_HAS_ENTITIES.into(),
                budget: None,
            });
        }
        Ok(drive(sc, RECORD_BUDGET, &mut |r: Rec<'_>| {
            let place = r.entity.and_then(|e| self.place_of.get(&**e).copied());
            self.on_record(r.world, &r.record, place, r.copy.is_some());
        })?)
    }

    /// A record at `place` (the one queue's is 0); `copy`: a subscription copy's `enqueued`.
    fn on_record(&mut self, world: &World, r: &Record<'_>, place: Option<usize>, copy: bool) {
        match r {
            Record::Step { step, result, .. } => {
                self.on_op(
                    step.at.as_millis(),
                    &step.by,
                    &step.op,
                    Some(result),
                    false,
                    place,
                );
            }
            Record::Actor { act } => {
                self.on_op(
                    act.at.as_millis(),
                    &act.by,
                    &act.op,
                    act.result.as_ref(),
                    true,
                    place,
                );
            }
            Record::Event { event, .. } => {
                self.on_event(world, event, place.unwrap_or(0), copy);
            }
        }
    }
}

/// What a sent message carries for the application that reads it: " · reply_to replies",
/// " · correlation_id req-1" (the broker never acts on them).
fn send_note(msg: &settle_core::NewMessage) -> String {
    let mut out = String::new();
    if let Some(m) = msg.meta.as_deref() {
        for (k, v) in [
            ("reply_to", m.reply_to.as_ref()),
            ("correlation_id", m.correlation_id.as_ref()),
        ] {
            if let Some(v) = v {
                out.push_str(&format!(" · {k} {v}"));
            }
        }
    }
    out
}
