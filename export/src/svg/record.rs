//! Following the run: the scenario is run under [`RECORD_BUDGET`] and each record it produces is
//! handed to the story, a broker event to `on_event`, a client's operation (a script step or an
//! actor's) to `on_op`, for what the events do not show (refusals, peeks, links, settings).

use super::RECORD_BUDGET;
use super::model::Icon;
use super::story::Story;
use super::text::why;
use crate::artifact::{ArtifactError, Ended, drive, target_of};
use alloc::format;
use alloc::string::{String, ToString};
use settle_core::Error;
use settle_core::{Op, Outcome, Target, World};
use settle_i18n::Arg;
use settle_scenario::{Rec, Record, Scenario};

/// An operation's key in the `story-op` message.
fn op_key(op: &Op) -> &'static str {
    match op {
        Op::Send { .. } => "send",
        Op::Schedule { .. } => "schedule",
        Op::CancelScheduled { .. } => "cancel",
        Op::Receive { .. } => "receive",
        Op::ReceiveDeferred { .. } => "receive-deferred",
        Op::Peek { .. } => "peek",
        Op::Complete { .. } => "complete",
        Op::Abandon { .. } => "abandon",
        Op::DeadLetter { .. } => "dead-letter",
        Op::Defer { .. } => "defer",
        Op::RenewLock { .. } => "renew-lock",
        Op::Open(_) => "open",
        Op::Close => "close",
        Op::AcceptSession { .. } => "accept-session",
        Op::RenewSessionLock => "renew-session-lock",
        Op::SetSessionState { .. } => "set-session-state",
        Op::GetSessionState => "get-session-state",
        Op::Disconnect => "disconnect",
        Op::UpdateQueue(_) => "update-queue",
        Op::Entity { .. } => "update-entity",
    }
}

/// What a refused operation was aimed at: a message by its id, one by its sequence number
/// (not drawn), or none.
enum Aim {
    Id(String),
    Seq(u64),
    None,
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
                    Target::Id(id) => Aim::Id(id.to_string()),
                    Target::Seq(s) => self
                        .msg_of(p, *s)
                        .map_or(Aim::Seq(*s), |m| Aim::Id(self.msgs[m].id.clone())),
                });
                let target = target.unwrap_or_else(|| match op {
                    Op::Send { msg, .. } | Op::Schedule { msg } => Aim::Id(msg.id.to_string()),
                    _ => Aim::None,
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
                let mut args = [
                    ("op", Arg::from(op_key(op))),
                    ("error", Arg::from(e.kind.name())),
                    ("client", Arg::from(by)),
                    (
                        "why",
                        Arg::from(match &e.why {
                            Some(w) => format!(" ({})", self.words.explanation(w)),
                            None => why(&e.message),
                        }),
                    ),
                ]
                .to_vec();
                let (mark, moment) = match target {
                    Aim::Id(id) => {
                        args.push(("id", Arg::from(id)));
                        ("story-mark-refused", "story-moment-refused")
                    }
                    Aim::Seq(s) => {
                        // A sequence number names a message: its digits as they are.
                        args.push(("seq", Arg::from(s.to_string())));
                        ("story-mark-refused-seq", "story-moment-refused-seq")
                    }
                    Aim::None => ("story-mark-refused-any", "story-moment-refused-any"),
                };
                let label = self.words.tf(mark, &args);
                self.mark(lane, t, Icon::Refused, seg, label);
                let line = self.words.tf(moment, &args);
                self.moment(t, line);
            }
            // A send to a topic: its `published` (next) draws it from this sender.
            (Op::Send { .. }, _) if place.is_some_and(|p| self.places[p].topic) => {
                self.pending_sender = Some(lane);
            }
            (Op::Peek { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                self.receives_from(lane, place);
                let label = self
                    .words
                    .tf("story-mark-peek", &[("count", Arg::from(ms.len()))]);
                self.mark(lane, t, Icon::Peek, None, label);
            }
            (Op::Close, _) => {
                let label = self.words.t("story-mark-close");
                self.mark(lane, t, Icon::Link, None, label);
            }
            (Op::Disconnect, _) => {
                let id = if actor {
                    "story-mark-crash"
                } else {
                    "story-mark-disconnect"
                };
                let label = self.words.t(id);
                self.mark(lane, t, Icon::Link, None, label);
            }
            (Op::UpdateQueue(_), Some(Ok(_))) => {
                let label = self.words.t("story-mark-queue-updated");
                self.mark(lane, t, Icon::Admin, None, label);
            }
            (Op::Entity { entity, op: eop }, Some(Ok(_))) => {
                use settle_core::namespace::EntityOp;
                let name = (
                    "name",
                    Arg::from(entity.rsplit_once('/').map_or(&**entity, |x| x.1)),
                );
                let what = match eop {
                    EntityOp::Update { .. } => self.words.tf("story-mark-entity-updated", &[name]),
                    EntityOp::AddRule { name: r, .. } => {
                        let rule = ("rule", Arg::from(&**r));
                        self.words.tf("story-mark-rule-added", &[name, rule])
                    }
                    EntityOp::RemoveRule { name: r } => {
                        let rule = ("rule", Arg::from(&**r));
                        self.words.tf("story-mark-rule-removed", &[name, rule])
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
