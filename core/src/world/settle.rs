//! Settlement and lock renewal through the client library: the client-side refusals (peeked,
//! received-and-deleted, session lock no longer held), the broker call with the delivery's own
//! lock token, and an explanation of why a lock was lost where the client can know it
//! (semantics.md §2.1, §2.2, §2.4, §5.1, §5.3).

use super::{Held, HeldKind, Outcome, Pick, World};
use crate::error::{Error, ErrorKind, Why, text};
use crate::event::LockLossCause;
use crate::message::{ClientId, LockToken, SubQueue, Text};
use crate::queue::{LockInfo, Queue, SessionHold};
use crate::time::Instant;
use alloc::format;

impl World {
    /// Settles (or renews) the delivery `pick` names with its own lock token, after the
    /// client-side checks; a lost lock's error says why.
    pub(super) fn settle_by<T>(
        &mut self,
        now: Instant,
        id: ClientId,
        pick: Pick<'_>,
        verb: &str,
        act: impl FnOnce(&mut Queue, &Held, LockToken) -> Result<T, Error>,
    ) -> Result<(Held, T), Error> {
        let h = self.settleable(id, pick, verb)?;
        let token = h
            .view
            .lock_token
            .expect("invariant: peek-lock deliveries have a token");
        match act(&mut self.queue, &h, token) {
            Ok(v) => Ok((h, v)),
            Err(e) => Err(self.explain(now, &h, e)),
        }
    }

    /// Settles the delivery `pick` names (complete, abandon, dead-letter, defer): on success it
    /// is no longer in the client's hand.
    pub(super) fn settle(
        &mut self,
        now: Instant,
        id: ClientId,
        pick: Pick<'_>,
        verb: &str,
        act: impl FnOnce(&mut Queue, &Held, LockToken) -> Result<(), Error>,
    ) -> Result<Outcome, Error> {
        let (h, ()) = self.settle_by(now, id, pick, verb, act)?;
        let c = &mut self.clients[id.0 as usize];
        if c.in_hand.get(&h.view.seq).map(|x| x.view.lock_token) == Some(h.view.lock_token) {
            c.in_hand.remove(&h.view.seq);
        }
        Ok(Outcome::Done)
    }

    /// The delivery a settlement would use, after the client-side checks.
    fn settleable(&self, id: ClientId, pick: Pick<'_>, verb: &str) -> Result<Held, Error> {
        let h = self.lookup(id, pick)?;
        match h.kind {
            HeldKind::Peeked => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "Cannot {verb} {}: it was peeked, and a peeked message has no lock token to settle with.",
                    h.view.id
                ),
            )),
            HeldKind::ReceiveAndDelete => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "{} Cannot {verb} {}: it was received in receive-and-delete mode and is already gone from the queue.",
                    text::PEEK_LOCK_ONLY,
                    h.view.id
                ),
            )),
            HeldKind::PeekLock => {
                if let Some(sid) = self.session_locked(&h)
                    && self.queue.session_of(id) != SessionHold::Held(sid.clone())
                {
                    return Err(Error {
                        why: Some(Why::SessionNotHeld {
                            session: sid.clone(),
                            by: self.clients[id.0 as usize].name.clone(),
                        }),
                        ..Error::new(ErrorKind::SessionLockLost, text::SESSION_LOCK_LOST)
                    });
                }
                Ok(h)
            }
        }
    }

    /// The session a delivery is locked under: a message received from the main queue of a
    /// session queue. The dead-letter queue is not session-enabled (scenario-format rule 13):
    /// its messages keep their session id but are locked one by one.
    pub(super) fn session_locked<'a>(&self, h: &'a Held) -> Option<&'a Text> {
        h.view
            .session_id
            .as_ref()
            .filter(|_| h.sub == SubQueue::Main && self.queue.config().requires_session)
    }

    /// Adds why a lock was lost, where the client can know it.
    fn explain(&self, now: Instant, h: &Held, e: Error) -> Error {
        if e.kind != ErrorKind::MessageLockLost {
            return e;
        }
        let lock = self
            .queue
            .lock_info(h.view.seq)
            .filter(|l| Some(l.token) == h.view.lock_token);
        let id = h.view.id.clone();
        let why = if let Some(LockInfo {
            holder,
            until,
            link_ended: Some((at, cause)),
            ..
        }) = lock
        {
            Why::LinkEnded {
                id,
                holder: self.name(holder).into(),
                dropped: cause == LockLossCause::Disconnected,
                at,
                until,
            }
        } else {
            match h.view.locked_until {
                Some(until) if now >= until => Why::Expired {
                    id,
                    ago: now.saturating_since(until),
                },
                _ if !self.queue.contains(h.view.seq) => Why::Removed { id },
                _ => Why::Released { id },
            }
        };
        Error {
            why: Some(why),
            ..e
        }
    }
}
