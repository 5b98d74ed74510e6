//! Client operations on an entity: a queue or subscription's go to its world; a topic takes
//! sends, schedules and cancels only, with its size quota, duplicate detection and scheduled
//! messages held before fan-out (`topics.md` §2, §2.5, §5).

use super::{Held, Many, not_found};
use crate::error::{Error, ErrorKind};
use crate::event::EventKind;
use crate::message::{ClientId, NewMessage, Text};
use crate::queue::{check_message_size, quota_exceeded};
use crate::time::Instant;
use crate::world::{Op, Outcome};
use alloc::format;

impl Many {
    /// Runs one client operation on an entity at `now`. Sends and cancels may name a queue or
    /// a topic; everything else a queue or a subscription (the scenario validates this).
    ///
    /// # Errors
    /// What the entity refuses; `MessagingEntityNotFound` for an unknown entity.
    pub(crate) fn apply(
        &mut self,
        now: Instant,
        entity: &str,
        by: &str,
        op: Op,
    ) -> Result<Outcome, Error> {
        self.advance_to(now);
        let path: Text = entity.into();
        if let Some(w) = self.worlds.get_mut(entity) {
            let r = w.apply(now, by, op);
            self.drain(&path, None);
            r
        } else if self.topics.contains_key(entity) {
            self.topic_op(now, &path, by, op)
        } else {
            Err(not_found(entity))
        }
    }

    fn topic_op(&mut self, now: Instant, topic: &Text, by: &str, op: Op) -> Result<Outcome, Error> {
        let t = self.topics.get_mut(topic).expect("invariant: a topic");
        let id = t.clients.client(by);
        match op {
            Op::Send { msg, presettled } => {
                let mid = msg.id.clone();
                let sent = self.topic_send(now, topic, id, by, msg);
                let (out, rejected) = crate::world::send_outcome(sent, presettled, mid, id);
                if let Some(ev) = rejected {
                    self.push(topic, ev);
                }
                out
            }
            Op::Schedule { msg } => Ok(self
                .topic_send(now, topic, id, by, msg)?
                .map_or(Outcome::Done, Outcome::Seq)),
            Op::CancelScheduled { seq } => {
                let t = self.topics.get_mut(topic).expect("invariant: a topic");
                if let Some(h) = t.scheduled.remove(&seq) {
                    let at = h
                        .msg
                        .scheduled_enqueue
                        .expect("invariant: a held message is scheduled")
                        .max(h.enqueued);
                    t.timers.remove(&(at, seq));
                    t.scheduled_bytes -= h.msg.size_bytes;
                    self.push(
                        topic,
                        EventKind::Cancelled {
                            seq,
                            id: h.msg.id,
                            by: id,
                        },
                    );
                }
                Ok(Outcome::Done)
            }
            _ => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("'{topic}' is a topic: receive from one of its subscriptions."),
            )),
        }
    }

    /// A send or schedule to a topic (`topics.md` §2, §5): the checks, duplicate detection,
    /// then holding (scheduled) or fan-out. Returns the topic seq of a scheduled message.
    fn topic_send(
        &mut self,
        now: Instant,
        topic: &Text,
        id: ClientId,
        by: &str,
        msg: NewMessage,
    ) -> Result<Option<u64>, Error> {
        let t = &self.topics[topic];
        check_message_size(t.config.tier, msg.size_bytes)?;
        let copies = if msg.scheduled_enqueue.is_some() {
            1
        } else {
            self.copies(t, &msg).len() as u64
        };
        let size = self.size_of(t);
        if size.saturating_add(msg.size_bytes.saturating_mul(copies)) > t.config.max_size_bytes {
            return Err(quota_exceeded("Topic", size, t.config.max_size_bytes));
        }
        let t = self.topics.get_mut(topic).expect("invariant: a topic");
        if let Some(window) = t.config.duplicate_detection_window
            && t.dups.seen(now, window, &msg.id)
        {
            let seq = msg.scheduled_enqueue.map(|_| t.take_seq());
            self.push(
                topic,
                EventKind::DuplicateDropped {
                    seq,
                    id: msg.id.clone(),
                    by: id,
                },
            );
            return Ok(seq);
        }
        let seq = t.take_seq();
        if let Some(at) = msg.scheduled_enqueue {
            t.timers.insert((at.max(now), seq));
            t.scheduled_bytes += msg.size_bytes;
            let mid = msg.id.clone();
            t.scheduled.insert(
                seq,
                Held {
                    msg,
                    enqueued: now,
                    by: id,
                },
            );
            self.push(
                topic,
                EventKind::Enqueued {
                    seq,
                    id: mid,
                    by: id,
                    scheduled_for: Some(at),
                },
            );
            return Ok(Some(seq));
        }
        self.fan_out(now, topic, seq, by, msg);
        Ok(None)
    }
}
