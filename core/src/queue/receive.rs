//! The receive side: receives (with and without prefetch), receive by sequence number and peek
//! (semantics.md T5, T6, T13, T21, §2.2, §2.3). Delivery itself (the prefetch pump, locking or
//! removing a message) is in `deliver`, TTL collection (T18) in `ttl`.

use super::{PEEK_MAX, Queue};
use crate::error::{Error, ErrorKind, text};
use crate::message::{ClientId, MessageView, Place, ReceiveMode, SubQueue};
use crate::time::Instant;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::vec::Vec;

impl Queue {
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
