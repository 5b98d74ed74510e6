//! The drive loop of a namespace: the next deadline, firing every deadline up to an instant
//! (topic activations, then each queue and subscription's activations, lock expiries and TTL
//! collection, in the order of the module docs), and the event queue each world's events are
//! drained into (`topics.md` §2.3, format E2, E3).

use super::{CopyOf, Many, NsEvent};
use crate::event::{Event, EventKind};
use crate::message::Text;
use crate::time::Instant;
use alloc::vec::Vec;

impl Many {
    /// The next instant a deadline is due anywhere.
    #[must_use]
    pub(crate) fn poll_timeout(&self) -> Option<Instant> {
        self.topics
            .values()
            .filter_map(|t| t.timers.first().map(|&(at, _)| at))
            .chain(
                self.worlds
                    .values()
                    .filter_map(|w| w.queue().poll_timeout()),
            )
            .min()
    }

    /// Fires every deadline up to `now`, instant by instant (module docs for the order).
    pub(crate) fn advance_to(&mut self, now: Instant) {
        let now = now.max(self.now);
        while let Some(d) = self.poll_timeout().filter(|&d| d <= now) {
            self.fire_at(d);
        }
        self.fire_at(now);
    }

    /// Everything due at `d` (nothing is due before it): activations of every entity in
    /// ascending name order, then every queue and subscription's lock expiries in ascending path
    /// order, then their time-to-live collections in the same order (format E3).
    fn fire_at(&mut self, d: Instant) {
        self.now = self.now.max(d);
        for name in self.paths() {
            if self.topics.contains_key(&name) {
                self.activate_topic(&name, d);
            } else if let Some(w) = self.worlds.get_mut(&name) {
                w.queue_mut().activate_due(d);
                self.drain(&name, None);
            }
        }
        let paths: Vec<Text> = self.worlds.keys().cloned().collect();
        for p in &paths {
            let w = self.worlds.get_mut(p).expect("invariant: exists");
            w.queue_mut().expire_due(d);
            self.drain(p, None);
        }
        for p in paths {
            let w = self.worlds.get_mut(&p).expect("invariant: exists");
            w.advance_to(d);
            self.drain(&p, None);
        }
    }

    /// A topic's scheduled messages due at or before `d`: each gets a new topic number and fans
    /// out by the rules in force now (`topics.md` §2.3, format E2).
    fn activate_topic(&mut self, name: &Text, d: Instant) {
        loop {
            let t = self.topics.get_mut(name).expect("invariant: topic exists");
            let Some(&(at, seq)) = t.timers.first().filter(|&&(at, _)| at <= d) else {
                break;
            };
            t.timers.remove(&(at, seq));
            let held = t
                .scheduled
                .remove(&seq)
                .expect("invariant: a timer belongs to a scheduled message");
            t.scheduled_bytes -= held.msg.size_bytes;
            let new = t.take_seq();
            let by: Text = t.clients.name(held.by).into();
            self.events.push_back(NsEvent {
                entity: name.clone(),
                event: Event {
                    at: d,
                    kind: EventKind::Activated {
                        seq: new,
                        scheduled_seq: seq,
                        id: held.msg.id.clone(),
                    },
                },
                copy: None,
            });
            self.fan_out(d, name, new, &by, held.msg);
        }
    }

    /// The next event, if any.
    pub(crate) fn poll_event(&mut self) -> Option<NsEvent> {
        self.events.pop_front()
    }

    /// Moves what happened in a queue or subscription's world, driven from outside through
    /// [`world_mut`](Self::world_mut), into this namespace's events.
    pub(crate) fn collect(&mut self, entity: &str) {
        if self.worlds.contains_key(entity) {
            self.drain(&Text::from(entity), None);
        }
    }

    pub(super) fn drain(&mut self, path: &Text, copy: Option<&CopyOf>) {
        let w = self.worlds.get_mut(path).expect("invariant: exists");
        while let Some(ev) = w.queue_mut().poll_event() {
            let copy = match ev.kind {
                EventKind::Enqueued { .. } => copy.cloned(),
                _ => None,
            };
            self.events.push_back(NsEvent {
                entity: path.clone(),
                event: ev,
                copy,
            });
        }
    }

    pub(super) fn push(&mut self, entity: &Text, kind: EventKind) {
        self.events.push_back(NsEvent {
            entity: entity.clone(),
            event: Event { at: self.now, kind },
            copy: None,
        });
    }
}
