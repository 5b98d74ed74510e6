//! The broker's events, drawn: `on_event` hands each event to the part of the story it moves.
//! Here the send side: a message enqueued (a subscription's copy from its topic's lane), published
//! to a topic, dropped as a duplicate or refused, scheduled messages activated or cancelled. What
//! happens to a message once it is delivered is in `deliveries`.

use super::model::{Conn, ConnKind, DETAIL, Icon, Msg, SegKind};
use super::story::Story;
use super::words::secs;
use alloc::format;
use alloc::string::{String, ToString};
use settle_core::{Event, EventKind, World};
use settle_i18n::Arg;

/// Where and when an event happened: the world, its time (ms), its place and that place's lanes.
#[derive(Clone, Copy)]
pub(super) struct At<'w> {
    pub(super) world: &'w World,
    pub(super) t: u64,
    pub(super) p: usize,
    pub(super) queue: usize,
    pub(super) dlq: usize,
}

impl Story {
    /// A broker event at place `p`; `copy`: a subscription's copy of a published message.
    pub(super) fn on_event(&mut self, world: &World, ev: &Event, p: usize, copy: bool) {
        let t = ev.at.as_millis();
        self.last_t = self.last_t.max(t);
        let (queue, dlq) = (self.places[p].main, self.dlq_of(p));
        let at = At {
            world,
            t,
            p,
            queue,
            dlq,
        };
        let kind = &ev.kind;
        match kind {
            EventKind::Enqueued { .. } | EventKind::Published { .. } => {
                self.on_sent(at, kind, copy);
            }
            EventKind::DuplicateDropped { .. } | EventKind::Rejected { .. } => {
                self.on_refused(at, kind);
            }
            EventKind::Activated { .. } | EventKind::Cancelled { .. } => {
                self.on_scheduled(at, kind);
            }
            EventKind::Locked { .. }
            | EventKind::ReceivedAndDeleted { .. }
            | EventKind::LockRenewed { .. } => self.on_delivered(at, kind),
            EventKind::LockExpired { .. } | EventKind::LockLost { .. } => {
                self.on_lock_ended(at, kind);
            }
            EventKind::Completed { .. }
            | EventKind::Abandoned { .. }
            | EventKind::Deferred { .. }
            | EventKind::DeadLettered { .. }
            | EventKind::Expired { .. } => self.on_settled(at, kind),
            EventKind::SessionLocked { .. }
            | EventKind::SessionLockRenewed { .. }
            | EventKind::SessionLockExpired { .. }
            | EventKind::SessionReleased { .. } => self.on_session(at, kind),
            // `EventKind` is non-exhaustive: kinds added to the core later (such as v1.1's
            // `link_closed`) are not drawn until this picture learns them.
            #[allow(unreachable_patterns)]
            _ => {}
        }
    }

    /// A message enqueued (sent, or a subscription's copy) or published to a topic.
    fn on_sent(&mut self, at: At<'_>, kind: &EventKind, copy: bool) {
        let At {
            world, t, p, queue, ..
        } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::Enqueued {
                seq,
                id,
                by,
                scheduled_for,
            } => {
                let m = self.msgs.len();
                self.msgs.push(Msg {
                    id: id.to_string(),
                    detail: m < DETAIL,
                    at: None,
                    came_from: None,
                    expires_at: None,
                    in_dlq: false,
                    deferred: false,
                    place: p,
                });
                self.by_seq.insert((p, *seq), m);
                let (kind, label) = match scheduled_for {
                    Some(at) => {
                        let args = [("id", Arg::from(&**id)), ("s", secs(at.as_millis()))];
                        let label = self.words.tf("story-bar-scheduled", &args);
                        (SegKind::Scheduled, label)
                    }
                    None => (SegKind::Waiting, id.to_string()),
                };
                let s = self.open(queue, t, kind, Some(m), label, None);
                if scheduled_for.is_none() {
                    self.learn_expiry(world, m, *seq);
                }
                // A subscription's copy comes from its topic's lane, the copies side by side.
                if copy && let Some((topic, k)) = self.fanout {
                    self.fanout = Some((topic, k + 1));
                    if self.msgs[m].detail {
                        self.conns.push(Conn {
                            t,
                            dx: 4.0 * k as f64,
                            from: (topic, None),
                            to: (queue, Some(s)),
                            kind: ConnKind::Send,
                        });
                    }
                    return;
                }
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                let label = format!("{id}{}", core::mem::take(&mut self.send_note));
                self.mark(sender, t, Icon::Send, None, label);
                self.conn(m, t, (sender, None), (queue, Some(s)), ConnKind::Send);
            }
            EventKind::Published {
                seq,
                id,
                subscriptions,
            } => {
                let sender = self.pending_sender.take();
                self.lanes[queue].published += 1;
                // An activation publishes from the topic's own scheduled message.
                let from = self.msg_of(p, *seq).and_then(|m| self.close(m, t));
                if let Some(sl) = sender {
                    self.lanes[sl].sends += 1;
                    let label = format!("{id}{}", core::mem::take(&mut self.send_note));
                    self.mark(sl, t, Icon::Send, None, label);
                }
                if subscriptions.is_empty() {
                    self.lanes[queue].unrouted += 1;
                    let label = self
                        .words
                        .tf("story-mark-unrouted", &[("id", Arg::from(&**id))]);
                    self.mark(queue, t, Icon::Unrouted, from.map(|f| f.1), label);
                    let args = [
                        ("id", Arg::from(&**id)),
                        ("topic", Arg::from(self.places[p].path.as_str())),
                    ];
                    let line = self.words.tf("story-moment-unrouted", &args);
                    self.moment(t, line);
                } else {
                    let names = self.words.list(subscriptions.iter().map(|x| &**x));
                    self.mark(
                        queue,
                        t,
                        Icon::Published,
                        from.map(|f| f.1),
                        format!("{id} → {names}"),
                    );
                }
                if let Some(sl) = sender
                    && self.msgs.len() < DETAIL
                {
                    self.conns.push(Conn {
                        t,
                        dx: 0.0,
                        from: (sl, None),
                        to: (queue, None),
                        kind: ConnKind::Send,
                    });
                }
                self.fanout = Some((queue, 0));
            }
            _ => {}
        }
    }

    /// A send the broker did not take: a duplicate dropped, a presettled send refused.
    fn on_refused(&mut self, at: At<'_>, kind: &EventKind) {
        let At { world, t, .. } = at;
        let name = |c| String::from(world.name(c));
        match kind {
            EventKind::DuplicateDropped { id, by, .. } => {
                self.pending_sender = None;
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                let label = self
                    .words
                    .tf("story-mark-duplicate", &[("id", Arg::from(&**id))]);
                self.mark(sender, t, Icon::Duplicate, None, label);
                let args = [("client", Arg::from(name(*by))), ("id", Arg::from(&**id))];
                let line = self.words.tf("story-moment-duplicate", &args);
                self.moment(t, line);
            }
            EventKind::Rejected { id, by, error, .. } => {
                self.pending_sender = None;
                let sender = self.lane(&name(*by));
                self.lanes[sender].sends += 1;
                self.lanes[sender].refused += 1;
                self.mark(
                    sender,
                    t,
                    Icon::Rejected,
                    None,
                    format!("{id} {}", error.name()),
                );
                let args = [
                    ("client", Arg::from(name(*by))),
                    ("id", Arg::from(&**id)),
                    ("error", Arg::from(error.name())),
                ];
                let line = self.words.tf("story-moment-presettled-refused", &args);
                self.moment(t, line);
            }
            _ => {}
        }
    }

    /// A scheduled message activated (or published, on a topic) or cancelled.
    fn on_scheduled(&mut self, at: At<'_>, kind: &EventKind) {
        let At {
            world, t, p, queue, ..
        } = at;
        match kind {
            EventKind::Activated {
                seq, scheduled_seq, ..
            } => {
                if let Some(m) = self.by_seq.remove(&(p, *scheduled_seq)) {
                    self.by_seq.insert((p, *seq), m);
                    let from = self.close(m, t);
                    let label = self.msgs[m].id.clone();
                    // A topic's message is published at once (its `published` follows).
                    if !self.places[p].topic {
                        self.open(queue, t, SegKind::Waiting, Some(m), label, None);
                        self.learn_expiry(world, m, *seq);
                    }
                    // A sequence number names a message: its digits as they are.
                    let seq = ("seq", Arg::from(seq.to_string()));
                    let label = self.words.tf("story-mark-activated", &[seq]);
                    self.mark(queue, t, Icon::Activated, from.map(|f| f.1), label);
                }
            }
            EventKind::Cancelled { seq, .. } => {
                if let Some(m) = self.msg_of(p, *seq) {
                    let from = self.close(m, t);
                    let label = self.words.t("story-mark-cancelled");
                    self.mark(queue, t, Icon::Cancelled, from.map(|f| f.1), label);
                }
            }
            _ => {}
        }
    }
}
