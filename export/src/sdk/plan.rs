//! The plan: the scenario's script steps with Settle's prediction for each, from Settle's own run
//! of the scenario (results, the MessageIds of its sequence numbers, what each actor did, what is
//! left at the end), and how a step is described.

use super::actors::{ActorTally, actor_of};
use super::entities::topics;
use crate::artifact::{Ended, drive, target_of};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_core::{Error, EventKind, Listing, Op, Outcome, SubQueue, Target, World};
use settle_scenario::{BudgetError, Rec, Record, Scenario, Step};

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
    let ended = drive(sc, RECORD_BUDGET, &mut |r: Rec<'_>| {
        follow(r.world, r.record, r.entity.map_or("", |e| &**e));
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

/// "R1 complete m1", "S1 send m1", "R1 receive".
pub(crate) fn describe_step(p: &Planned<'_>) -> String {
    let st = p.step;
    let mut what = format!("{} {}", st.by, op_name(st));
    match &st.op {
        Op::Send { msg, .. } | Op::Schedule { msg } => {
            what.push(' ');
            what.push_str(&msg.id);
        }
        _ => {
            if let Some(id) = &p.target_id {
                what.push(' ');
                what.push_str(id);
            }
        }
    }
    if let Op::Receive {
        from: SubQueue::DeadLetter,
        ..
    } = st.op
    {
        what.push_str(" (dead-letter queue)");
    }
    what
}
