//! The receive side: receives (with and without prefetch), receive by sequence number, peek,
//! and TTL collection (semantics.md T5, T6, T13, T18, T21, §2.2, §2.3).

use super::SessionHold;
use super::{PEEK_MAX, Queue, Timer, bump};
use crate::error::{Error, ErrorKind, text};
use crate::event::{DeadLetterCause, EventKind};
use crate::message::{ClientId, Lock, MessageView, Place, ReceiveMode, SubQueue, Text};
use crate::time::Instant;
use alloc::collections::BTreeSet;
use alloc::format;
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

    /// T18: collects every available main message whose TTL has passed (run by receives).
    pub(super) fn collect_expired(&mut self) {
        while let Some(&(t, seq)) = self.ttl_index.first() {
            if t > self.now {
                break;
            }
            self.make_unavailable(seq);
            self.expire(seq);
        }
    }

    pub(super) fn expire(&mut self, seq: u64) {
        if self.config.dead_letter_on_expiration {
            self.move_to_dead_letter(seq, None, DeadLetterCause::TtlExpired);
        } else {
            let m = self.remove_msg(seq);
            bump(&mut self.counters.expired);
            self.emit(EventKind::Expired { seq, id: m.id });
        }
    }

    /// Whether a [`receive`](Self::receive) by `by` from `sub` at `now` could return anything
    /// or change anything (collect an expired message, open a link, fire a deadline). `false`
    /// means such a receive would return nothing, emit nothing and change nothing, so an
    /// automated receiver may skip it. Conservative: `true` whenever in doubt. O(log n).
    #[must_use]
    pub fn receive_would_act(&self, now: Instant, by: ClientId, sub: SubQueue) -> bool {
        if now > self.now || self.poll_timeout().is_some_and(|t| t <= now) {
            return true;
        }
        if sub == SubQueue::Main && self.require_session(by).is_err() {
            // Refused before anything happens.
            return false;
        }
        let Some(link) = self.link(by, sub) else {
            return true;
        };
        // A receive collects expired messages from the main queue, and so does the prefetch
        // pump that ends every receive while a link prefetches from the main queue.
        let collects =
            sub == SubQueue::Main || self.prefetching.iter().any(|&(_, s)| s == SubQueue::Main);
        if collects && self.next_ttl_expiry().is_some_and(|t| t <= now) {
            return true;
        }
        (link.prefetch > 0 && !link.buffer.is_empty()) || self.next_available(by, sub).is_some()
    }

    /// When the next available message of the main queue reaches its time-to-live (receives
    /// collect it from then on: T18), if any has one.
    #[must_use]
    pub fn next_ttl_expiry(&self) -> Option<Instant> {
        self.ttl_index.first().map(|&(t, _)| t)
    }

    /// Receives up to `max` messages from `sub` (T5, T6, T21). Receives never wait: an empty
    /// result means nothing was available at `now`. A link is opened implicitly (prefetch 0)
    /// if the client has none on `sub`; `mode` defaults to the link's.
    ///
    /// # Errors
    /// `InvalidOperation` on a session queue without an accepted session, or a mode that
    /// differs from a prefetching link's; `SessionLockLost` after the session lock was lost.
    pub fn receive(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        max: u32,
    ) -> Result<Vec<MessageView>, Error> {
        let mut out = Vec::new();
        self.receive_into(now, by, sub, mode, max, &mut out)?;
        Ok(out)
    }

    /// [`receive`](Self::receive) into a buffer the caller reuses (cleared first): the same
    /// behaviour without an allocation per call, for hot loops.
    ///
    /// # Errors
    /// As [`receive`](Self::receive).
    pub fn receive_into(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        max: u32,
        out: &mut Vec<MessageView>,
    ) -> Result<(), Error> {
        out.clear();
        self.fire_due(now);
        if sub == SubQueue::Main {
            self.require_session(by)?;
        }
        self.ensure_link(by, sub);
        let link = self.link(by, sub).expect("invariant: ensured above");
        let (link_mode, prefetch) = (link.mode, link.prefetch);
        let mode = mode.unwrap_or(link_mode);
        if prefetch > 0 && mode != link_mode {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "This receiver was opened in {} mode with prefetch; it cannot receive in {} mode.",
                    link_mode.name(),
                    mode.name()
                ),
            ));
        }
        if sub == SubQueue::Main {
            self.collect_expired();
        }
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        while out.len() < max {
            if prefetch > 0 {
                if self.link(by, sub).is_some_and(|l| l.buffer.is_empty()) {
                    self.fill(by, sub);
                }
                let Some(v) = self.open_link_mut(by, sub).buffer.pop_front() else {
                    break;
                };
                // A buffered message is handed over as it is, even with an expired lock.
                let still_ours = match v.lock_token {
                    None => true,
                    Some(tok) => self
                        .msgs
                        .get(&v.seq)
                        .and_then(|m| m.lock.as_ref())
                        .is_some_and(|l| l.token == tok),
                };
                if still_ours {
                    let link = self.open_link_mut(by, sub);
                    link.live = link
                        .live
                        .checked_sub(1)
                        .expect("invariant: a buffered delivery still ours counts in `live`");
                    if let Some(l) = self.msgs.get_mut(&v.seq).and_then(|m| m.lock.as_mut()) {
                        l.buffered = false;
                    }
                }
                out.push(v);
            } else {
                let Some(seq) = self.next_available(by, sub) else {
                    break;
                };
                out.push(self.deliver(seq, by, mode, false));
            }
        }
        self.pump();
        Ok(())
    }

    /// T13/T13b: receives deferred messages by sequence number. All or nothing: if any is not a
    /// free deferred message, nothing is received. An expired deferred message is collected now
    /// (dead-lettered or dropped) and reported as not found (azure-sdk-for-net#30252).
    ///
    /// # Errors
    /// `MessageNotFound`; session errors as for [`receive`](Self::receive).
    pub fn receive_deferred(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        mode: Option<ReceiveMode>,
        seqs: &[u64],
    ) -> Result<Vec<MessageView>, Error> {
        self.fire_due(now);
        let session = if sub == SubQueue::Main {
            self.require_session(by)?
        } else {
            None
        };
        self.ensure_link(by, sub);
        let mode = mode.unwrap_or(self.link(by, sub).expect("invariant: ensured").mode);
        let want_place = if sub == SubQueue::Main {
            Place::Main
        } else {
            Place::DeadLetter
        };
        let mut missing = false;
        let mut expired = Vec::new();
        for seq in seqs {
            match self.msgs.get(seq) {
                Some(m)
                    if m.place == want_place
                        && m.set_aside
                        && m.lock.is_none()
                        && (session.is_none() || m.session == session) =>
                {
                    if want_place == Place::Main && m.expires.is_some_and(|t| t <= self.now) {
                        expired.push(*seq);
                        missing = true;
                    }
                }
                _ => missing = true,
            }
        }
        for seq in expired {
            self.msgs
                .get_mut(&seq)
                .expect("invariant: checked above")
                .set_aside = false;
            self.expire(seq);
        }
        if missing {
            self.pump();
            return Err(Error::new(
                ErrorKind::MessageNotFound,
                text::DEFERRED_NOT_FOUND,
            ));
        }
        let mut out = Vec::with_capacity(seqs.len());
        let mut seen = BTreeSet::new();
        for &seq in seqs {
            if seen.insert(seq) {
                out.push(self.deliver(seq, by, mode, false));
            }
        }
        Ok(out)
    }

    /// Peeks up to `min(max, 250)` messages from `from_seq` on, in sequence-number order, without
    /// locking or collecting anything (semantics.md §2.2). Main includes locked, deferred and
    /// scheduled messages. The cursor is the caller's (see `World`).
    ///
    /// # Errors
    /// Session errors on a session queue, as for [`receive`](Self::receive).
    pub fn peek(
        &mut self,
        now: Instant,
        by: ClientId,
        sub: SubQueue,
        from_seq: u64,
        max: u32,
    ) -> Result<Vec<MessageView>, Error> {
        self.fire_due(now);
        let session = if sub == SubQueue::Main {
            self.require_session(by)?
        } else {
            None
        };
        let limit = usize::try_from(max).map_or(PEEK_MAX, |m| m.min(PEEK_MAX));
        Ok(self
            .msgs
            .range(from_seq)
            .filter(|(_, m)| match sub {
                SubQueue::Main => m.place != Place::DeadLetter,
                SubQueue::DeadLetter => m.place == Place::DeadLetter,
            })
            .filter(|(_, m)| session.is_none() || m.session == session)
            .take(limit)
            .map(|(seq, m)| self.view_of(seq, m, false))
            .collect())
    }
}
