//! The broker's events once a message is delivered: locked (or received and deleted) by a
//! receiver, its lock renewed, expired or lost, the message settled (completed, abandoned,
//! deferred, dead-lettered) or expired; and sessions locked, renewed, expired and released.

use super::events::At;
use super::model::{ConnKind, Icon, SegKind};
use super::story::Story;
use alloc::string::{String, ToString};
use settle_core::{EventKind, LockLossCause, SubQueue};
use settle_i18n::Arg;

impl Story {
    /// A message locked by a receiver or received and deleted, or its lock renewed.
    pub(super) fn on_delivered(&mut self, at: At<'_>, kind: &EventKind) {
        let At { world, t, p, .. } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::Locked {
                seq,
                id,
                by,
                until,
                delivery_count,
                prefetched,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                self.lanes[r].received += 1;
                let kind = if *prefetched {
                    SegKind::Prefetched
                } else {
                    SegKind::Locked
                };
                let label = self.delivery_label(id, *delivery_count);
                let s = self.open(r, t, kind, Some(m), label, Some(until.as_millis()));
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (r, Some(s)), ConnKind::Take);
                }
            }
            EventKind::ReceivedAndDeleted {
                seq,
                id,
                by,
                delivery_count,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                self.lanes[r].received += 1;
                let label = self.delivery_label(id, *delivery_count);
                self.mark(r, t, Icon::ReceivedDeleted, None, label);
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (r, None), ConnKind::Take);
                }
            }
            EventKind::LockRenewed { seq, until, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                if let Some((l, s)) = self.msgs[m].at {
                    let seg = &mut self.lanes[l].segs[s];
                    seg.renewals.push(t);
                    seg.deadline = Some(until.as_millis());
                    self.mark(l, t, Icon::Renew, Some(s), String::new());
                }
            }
            _ => {}
        }
    }

    /// A message's lock expired or was lost: the message goes back where it waits.
    pub(super) fn on_lock_ended(&mut self, at: At<'_>, kind: &EventKind) {
        let At { world, t, p, .. } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::LockExpired {
                seq,
                id,
                by,
                delivery_count,
                sub_queue,
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.lanes[l].segs[s].expired = true;
                    self.mark(l, t, Icon::LockExpired, Some(s), String::new());
                }
                let queue = match sub_queue {
                    SubQueue::Main => "main",
                    SubQueue::DeadLetter => "dead-letter",
                };
                let mut args = [
                    ("id", Arg::from(&**id)),
                    ("client", Arg::from(name(*by))),
                    ("queue", Arg::from(queue)),
                    ("count", Arg::from(*delivery_count)),
                    ("max", Arg::from(self.places[p].max_delivery)),
                ]
                .to_vec();
                let line = match self.place_name(p) {
                    Some(place) => {
                        args.push(("place", Arg::from(place)));
                        self.words.tf("story-moment-lock-expired-in", &args)
                    }
                    None => self.words.tf("story-moment-lock-expired", &args),
                };
                self.moment(t, line);
                self.release(m, t, from);
            }
            EventKind::LockLost {
                seq, id, by, cause, ..
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let cause = match cause {
                    LockLossCause::Closed => "closed",
                    LockLossCause::Disconnected => "disconnected",
                    LockLossCause::EntityUpdated => "updated",
                };
                if let Some((l, s)) = from {
                    let label = self
                        .words
                        .tf("story-mark-lock-lost", &[("cause", Arg::from(cause))]);
                    self.mark(l, t, Icon::LockLost, Some(s), label);
                }
                let args = [
                    ("id", Arg::from(&**id)),
                    ("client", Arg::from(name(*by))),
                    ("cause", Arg::from(cause)),
                ];
                let line = self.words.tf("story-moment-lock-lost", &args);
                self.moment(t, line);
                self.release(m, t, from);
            }
            _ => {}
        }
    }

    /// A message settled (completed, abandoned, deferred, dead-lettered) or expired.
    pub(super) fn on_settled(&mut self, at: At<'_>, kind: &EventKind) {
        let At {
            world,
            t,
            p,
            queue,
            dlq,
        } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::Completed { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                if let Some((l, s)) = self.close(m, t) {
                    self.lanes[l].completed += 1;
                    self.mark(l, t, Icon::Complete, Some(s), String::new());
                }
            }
            EventKind::Abandoned { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::Abandon, Some(s), String::new());
                }
                self.release(m, t, from);
            }
            EventKind::Deferred { seq, .. } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::Defer, Some(s), String::new());
                }
                self.msgs[m].deferred = true;
                self.release(m, t, from);
            }
            EventKind::DeadLettered {
                seq, id, by, cause, ..
            } => {
                let (reason, description) = (cause.reason(), cause.description());
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                if by.is_some()
                    && let Some((l, s)) = from
                {
                    self.mark(l, t, Icon::DeadLetter, Some(s), String::new());
                }
                self.msgs[m].in_dlq = true;
                self.msgs[m].deferred = false;
                let label = match reason {
                    // The reason as the broker or the receiver gave it.
                    Some(r) => alloc::format!("{id} · {r}"),
                    None => self
                        .words
                        .tf("story-bar-no-reason", &[("id", Arg::from(&**id))]),
                };
                let s = self.open(dlq, t, SegKind::DeadLetter, Some(m), label, None);
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (dlq, Some(s)), ConnKind::DeadLetter);
                }
                let mut args = [("id", Arg::from(&**id))].to_vec();
                args.extend(reason.map(|r| ("reason", Arg::from(r))));
                args.extend(self.place_name(p).map(|x| ("place", Arg::from(x))));
                let id = match (self.entities, reason.is_some()) {
                    (false, true) => "story-moment-dead-lettered",
                    (false, false) => "story-moment-dead-lettered-no-reason",
                    (true, true) => "story-moment-dead-lettered-of",
                    (true, false) => "story-moment-dead-lettered-of-no-reason",
                };
                let mut line = self.words.tf(id, &args);
                if let Some(d) = description {
                    let args = [("text", Arg::from(line)), ("description", Arg::Text(d))];
                    line = self.words.tf("story-moment-described", &args);
                }
                if let Some(b) = by {
                    let args = [("text", Arg::from(line)), ("client", Arg::from(name(*b)))];
                    line = self.words.tf("story-moment-by", &args);
                }
                self.moment(t, line);
            }
            EventKind::Expired { seq, id } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let label = self.words.t("story-mark-expired");
                let lane = from.map_or(queue, |f| f.0);
                self.mark(lane, t, Icon::Cancelled, from.map(|f| f.1), label);
                let line = self
                    .words
                    .tf("story-moment-ttl-expired", &[("id", Arg::from(&**id))]);
                self.moment(t, line);
            }
            _ => {}
        }
    }

    /// A session locked by a receiver, its lock renewed, expired or released.
    pub(super) fn on_session(&mut self, at: At<'_>, kind: &EventKind) {
        let At { world, t, p, .. } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::SessionLocked {
                session_id,
                by,
                until,
            } => {
                let r = self.lane(&name(*by));
                self.receives_from(r, Some(p));
                let label = self.words.tf(
                    "story-bar-session",
                    &[("session", Arg::from(&**session_id))],
                );
                self.open(r, t, SegKind::Session, None, label, Some(until.as_millis()));
            }
            EventKind::SessionLockRenewed { by, until, .. } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.renewals.push(t);
                    seg.deadline = Some(until.as_millis());
                }
            }
            EventKind::SessionLockExpired { session_id, by } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.t1 = Some(t);
                    seg.expired = true;
                }
                let s = self.lanes[r].segs.len().checked_sub(1);
                let s = s.filter(|&i| self.lanes[r].segs[i].kind == SegKind::Session);
                let label = self.words.t("story-mark-session-lock-expired");
                self.mark(r, t, Icon::LockExpired, s, label);
                let args = [
                    ("client", Arg::from(name(*by))),
                    ("session", Arg::from(&**session_id)),
                ];
                let line = self.words.tf("story-moment-session-lock-expired", &args);
                self.moment(t, line);
            }
            EventKind::SessionReleased { by, .. } => {
                let r = self.lane(&name(*by));
                if let Some(seg) = self.open_session(r) {
                    seg.t1 = Some(t);
                }
            }
            _ => {}
        }
    }

    /// A delivered message's label: its id, and its delivery count after the first delivery.
    fn delivery_label(&self, id: &str, delivery_count: u32) -> String {
        if delivery_count > 1 {
            let args = [("id", Arg::from(id)), ("count", Arg::from(delivery_count))];
            self.words.tf("story-bar-delivery", &args)
        } else {
            id.to_string()
        }
    }
}
