//! The trace of a document with `entities` (`scenario-format-entities.md`): every record names
//! its entity, message records carry every key, a subscription's copy says where it came from,
//! and the final record lists each entity.

use super::{Rec, Record, actor_record_in, event_record, message_record_in, ms, step_record_in};
use crate::json::J;
use alloc::vec::Vec;
use settle_core::namespace::{Namespace, is_subscription};
use settle_core::{EventKind, Listing, MessageView, World};

/// A record of a document with `entities` as its trace line's JSON: the base record with
/// `entity` after `by` (steps and actors) or after `event`, and `topic_seq` and `rule` on a
/// subscription copy's `enqueued`.
pub(crate) fn record_json(r: &Rec<'_>) -> J {
    match r.record {
        Record::Step {
            index,
            step,
            result,
        } => step_record_in(r.world, index, step, result, true),
        Record::Actor { act } => actor_record_in(r.world, act, r.entity),
        Record::Event { event, step } => {
            let mut j = event_record(r.world, event, step);
            if let Some(e) = r.entity {
                insert_after(&mut j, "event", "entity", J::T(e.clone()));
            }
            if let (EventKind::Enqueued { .. }, Some(c)) = (&event.kind, r.copy) {
                j.push("topic_seq", c.topic_seq);
                j.push("rule", c.rule.as_ref().map_or(J::Null, |r| J::T(r.clone())));
            }
            j
        }
    }
}

/// `key` inserted right after `after` (or at the end).
fn insert_after(j: &mut J, after: &str, key: &str, v: J) {
    if let J::O(items) = j {
        let at = items
            .iter()
            .position(|(k, _)| k == after)
            .map_or(items.len(), |i| i + 1);
        items.insert(at, (key.into(), v));
    }
}

fn listing(world: &World, ms: &[MessageView]) -> J {
    J::A(
        ms.iter()
            .map(|m| message_record_in(world, m, true, true))
            .collect::<Vec<_>>(),
    )
}

/// The final record of a namespace (`scenario-format-entities.md` §5): one entry per queue,
/// topic and subscription, in ascending byte order of path.
pub(crate) fn final_record(ns: &Namespace) -> J {
    let mut ents = J::obj();
    for path in ns.paths() {
        let world = ns.world(&path).expect("invariant: a path names an entity");
        let e = if ns.is_topic(&path) {
            J::obj().with("scheduled", listing(world, &ns.topic_scheduled(&path)))
        } else {
            let q = world.queue();
            let mut e = J::obj()
                .with("main", listing(world, &q.list(Listing::Main)))
                .with("dead_letter", listing(world, &q.list(Listing::DeadLetter)));
            if !is_subscription(&path) {
                e.push("scheduled", listing(world, &q.list(Listing::Scheduled)));
            }
            e
        };
        ents.push(&path, e);
    }
    J::obj().with(
        "final",
        J::obj().with("t", ms(ns.now())).with("entities", ents),
    )
}
