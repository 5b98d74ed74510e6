//! The broker's events once a message is delivered: locked (or received and deleted) by a
//! receiver, its lock renewed, expired or lost, the message settled (completed, abandoned,
//! deferred, dead-lettered) or expired; and sessions locked, renewed, expired and released.

use super::events::At;
use super::model::{ConnKind, Icon, SegKind};
use super::story::Story;
use alloc::format;
use alloc::string::{String, ToString};
use settle_core::{EventKind, LockLossCause, SubQueue};

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
                let label = if *delivery_count > 1 {
                    format!("{id} · DC {delivery_count}")
                } else {
                    id.to_string()
                };
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
                let label = if *delivery_count > 1 {
                    format!("{id} · DC {delivery_count}")
                } else {
                    id.to_string()
                };
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
                let n = self.places[p].max_delivery;
                let counted = match sub_queue {
                    SubQueue::Main => format!("a failed delivery ({delivery_count} of {n})"),
                    SubQueue::DeadLetter => {
                        format!("in the dead-letter queue nothing counts ({delivery_count})")
                    }
                };
                self.moment(
                    t,
                    format!(
                        "{id}{}: {}'s lock expired before it settled; {counted}.",
                        self.of_place(p, "in"),
                        name(*by)
                    ),
                );
                self.release(m, t, from);
            }
            EventKind::LockLost {
                seq, id, by, cause, ..
            } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                let why = match cause {
                    LockLossCause::Closed => "closed",
                    LockLossCause::Disconnected => "disconnected",
                    LockLossCause::EntityUpdated => "queue updated",
                };
                if let Some((l, s)) = from {
                    self.mark(l, t, Icon::LockLost, Some(s), format!("lock lost: {why}"));
                }
                self.moment(t, format!("{id}: {} lost its lock ({why}).", name(*by)));
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
                    Some(r) => format!("{id} · {r}"),
                    None => format!("{id} · (no reason)"),
                };
                let s = self.open(dlq, t, SegKind::DeadLetter, Some(m), label, None);
                if let Some(f) = from {
                    self.conn(m, t, (f.0, Some(f.1)), (dlq, Some(s)), ConnKind::DeadLetter);
                }
                let mut line = format!(
                    "{id} → dead-letter queue{}, reason {}",
                    self.of_place(p, "of"),
                    reason.unwrap_or("(none)")
                );
                if let Some(d) = description {
                    line.push_str(&format!(": {d}"));
                }
                if let Some(b) = by {
                    line.push_str(&format!(" (by {})", name(*b)));
                }
                self.moment(t, line);
            }
            EventKind::Expired { seq, id } => {
                let Some(m) = self.msg_of(p, *seq) else {
                    return;
                };
                let from = self.close(m, t);
                self.mark(
                    from.map_or(queue, |f| f.0),
                    t,
                    Icon::Cancelled,
                    from.map(|f| f.1),
                    "expired, dropped".into(),
                );
                self.moment(t, format!("{id}'s time-to-live ran out: dropped."));
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
                self.open(
                    r,
                    t,
                    SegKind::Session,
                    None,
                    format!("session {session_id}"),
                    Some(until.as_millis()),
                );
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
                self.mark(r, t, Icon::LockExpired, s, "session lock expired".into());
                self.moment(
                    t,
                    format!("{}'s lock on session {session_id} expired.", name(*by)),
                );
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
}
