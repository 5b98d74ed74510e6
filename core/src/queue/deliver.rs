//! Delivery: the prefetch pump that fills links with standing credit, the next available
//! message for a receiver, locking (peek-lock) or removing (receive-and-delete) it, and the
//! session check of a main-queue receive (semantics.md T5, T6, §2.3, §2.4).

use super::{Queue, SessionHold, Timer, bump};
use crate::error::{Error, ErrorKind, text};
use crate::event::EventKind;
use crate::message::{ClientId, Lock, MessageView, Place, ReceiveMode, SubQueue, Text};
use alloc::vec::Vec;

impl Queue {
    /// Hands messages to links with standing prefetch credit.
    pub(super) fn pump(&mut self) {
        if self.prefetching.is_empty() {
            return;
        }
        // A link prefetching from the main queue collects expired messages (T18); collected
        // before any link is filled, so that a link prefetching from the dead-letter queue is
        // offered what expiry moved there in this same pump, whatever the order of the links
        // (not at whatever instant the next pump happens to come: found by the fuzz target,
        // the trace depended on how a run was sliced).
        if self.prefetching.iter().any(|&(_, s)| s == SubQueue::Main) {
            self.collect_expired();
        }
        let links: Vec<(ClientId, SubQueue)> = self.prefetching.iter().copied().collect();
        for (by, sub) in links {
            self.fill(by, sub);
        }
    }

    pub(super) fn fill(&mut self, by: ClientId, sub: SubQueue) {
        if sub == SubQueue::Main {
            self.collect_expired();
        }
        loop {
            let Some(link) = self.link(by, sub) else {
                return;
            };
            if link.live >= link.prefetch {
                return;
            }
            let mode = link.mode;
            let Some(seq) = self.next_available(by, sub) else {
                return;
            };
            let v = self.deliver(seq, by, mode, true);
            let link = self.open_link_mut(by, sub);
            link.buffer.push_back(v);
            // Cannot overflow: `live < prefetch` was checked above.
            link.live += 1;
        }
    }

    pub(super) fn next_available(&self, by: ClientId, sub: SubQueue) -> Option<u64> {
        match sub {
            SubQueue::DeadLetter => self.avail_dlq.first().copied(),
            SubQueue::Main if self.config.requires_session => match &self.clients.get(&by)?.session
            {
                SessionHold::Held(sid) => self.sessions.get(sid)?.avail.first().copied(),
                _ => None,
            },
            SubQueue::Main => self.avail_main.first(),
        }
    }

    /// Locks (peek-lock) or removes (receive-and-delete) one message for `by`.
    pub(super) fn deliver(
        &mut self,
        seq: u64,
        by: ClientId,
        mode: ReceiveMode,
        buffered: bool,
    ) -> MessageView {
        if self.msgs[&seq].is_available() {
            self.make_unavailable(seq);
        }
        let m = &self.msgs[&seq];
        let shown = m.h.saturating_add(1);
        let id = m.id.clone();
        match mode {
            ReceiveMode::ReceiveAndDelete => {
                let m = self.remove_msg(seq);
                let mut v = self.view_of(seq, &m, true);
                v.delivery_count = shown;
                bump(&mut self.counters.received_and_deleted);
                self.emit(EventKind::ReceivedAndDeleted {
                    seq,
                    id,
                    by,
                    delivery_count: shown,
                });
                v
            }
            ReceiveMode::PeekLock => {
                let session_lock = if self.config.requires_session && m.place == Place::Main {
                    m.session.clone()
                } else {
                    None
                };
                let until = match &session_lock {
                    Some(sid) => {
                        let s = self
                            .sessions
                            .get_mut(sid)
                            .expect("invariant: session exists");
                        s.locked.insert(seq);
                        s.until
                    }
                    None => self.now + self.config.lock_duration,
                };
                let token = self.new_token(seq);
                self.lock_count = self
                    .lock_count
                    .checked_add(1)
                    .expect("invariant: fewer locks than messages held");
                if session_lock.is_none() {
                    self.timers.insert(until, Timer::Lock(seq));
                }
                self.client_mut(by).locks.insert(seq);
                let m = self.msgs.get_mut(&seq).expect("invariant: exists");
                m.lock = Some(Lock {
                    token,
                    holder: by,
                    until,
                    buffered,
                    session: session_lock.is_some(),
                    orphaned: None,
                });
                let m = &self.msgs[&seq];
                let mut v = self.view_of(seq, m, true);
                v.lock_token = Some(token);
                v.locked_until = Some(until);
                self.emit(EventKind::Locked {
                    seq,
                    id,
                    by,
                    until,
                    delivery_count: shown,
                    prefetched: buffered,
                });
                v
            }
        }
    }

    pub(super) fn require_session(&self, by: ClientId) -> Result<Option<Text>, Error> {
        if !self.config.requires_session {
            return Ok(None);
        }
        match self.session_of(by) {
            SessionHold::Held(sid) => Ok(Some(sid)),
            SessionHold::Lost(_) => Err(Error::new(
                ErrorKind::SessionLockLost,
                text::SESSION_LOCK_LOST,
            )),
            SessionHold::None => Err(Error::new(
                ErrorKind::InvalidOperation,
                text::NON_SESSION_RECEIVER,
            )),
        }
    }
}
