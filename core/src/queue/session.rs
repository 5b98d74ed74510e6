//! Sessions: accepting a session locks all its messages for one receiver; the session lock is
//! renewed, expires or is given up as a whole; session state (semantics.md §2.4).

use super::settle::Release;
use super::{Queue, SessionHold, Timer};
use crate::error::{Error, ErrorKind, text};
use crate::event::{EventKind, LockLossCause};
use crate::message::{ClientId, SubQueue, Text};
use crate::time::Instant;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::vec::Vec;

#[derive(Clone, Debug)]
pub(crate) struct Session {
    pub(crate) num: u64,
    pub(crate) avail: BTreeSet<u64>,
    pub(crate) locked: BTreeSet<u64>,
    pub(crate) holder: Option<ClientId>,
    pub(crate) until: Instant,
    pub(crate) state: Option<Text>,
}

impl Queue {
    pub(super) fn session_mut(&mut self, sid: &Text) -> &mut Session {
        if !self.sessions.contains_key(sid) {
            let num = self.session_names.len() as u64;
            self.session_names.insert(num, sid.clone());
            self.sessions.insert(
                sid.clone(),
                Session {
                    num,
                    avail: BTreeSet::new(),
                    locked: BTreeSet::new(),
                    holder: None,
                    until: Instant::ZERO,
                    state: None,
                },
            );
        }
        self.sessions
            .get_mut(sid)
            .expect("invariant: inserted just above")
    }

    /// Accepts a session: the named one, or the free session whose next message is oldest.
    /// Returns the session id and the session lock expiry.
    ///
    /// # Errors
    /// `SessionCannotBeLocked` (held by another receiver), `ServiceTimeout` (no free session
    /// with messages), `InvalidOperation` (not a session queue, or this client already holds one).
    pub fn accept_session(
        &mut self,
        now: Instant,
        by: ClientId,
        session_id: Option<Text>,
    ) -> Result<(Text, Instant), Error> {
        self.fire_due(now);
        if !self.config.requires_session {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "This queue does not require sessions; use a plain receiver.",
            ));
        }
        if let SessionHold::Held(sid) = self.session_of(by) {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("This receiver already holds session '{sid}'; close it first."),
            ));
        }
        self.collect_expired();
        let sid = match session_id {
            Some(sid) => {
                if let Some(s) = self.sessions.get(&sid)
                    && s.holder.is_some()
                {
                    return Err(Error::new(
                        ErrorKind::SessionCannotBeLocked,
                        format!(
                            "The requested session '{sid}' cannot be accepted. It may be locked by another receiver."
                        ),
                    ));
                }
                sid
            }
            None => self
                .sessions
                .iter()
                .filter(|(_, s)| s.holder.is_none())
                .filter_map(|(k, s)| s.avail.first().map(|&f| (f, k.clone())))
                .min()
                .map(|(_, k)| k)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::ServiceTimeout,
                        "The operation did not complete within the allocated time: no unlocked session with available messages.",
                    )
                })?,
        };
        let until = self.now + self.config.lock_duration;
        let s = self.session_mut(&sid);
        s.holder = Some(by);
        s.until = until;
        let num = s.num;
        self.timers.insert(until, Timer::Session(num));
        self.client_mut(by).session = SessionHold::Held(sid.clone());
        self.ensure_link(by, SubQueue::Main);
        self.emit(EventKind::SessionLocked {
            session_id: sid.clone(),
            by,
            until,
        });
        self.pump();
        Ok((sid, until))
    }

    /// Whether `accept_session` for the next available session at `now` would do anything
    /// (take a session, collect an expired message, fire a due timer): a session receiver
    /// skips the accept otherwise. O(sessions).
    #[must_use]
    pub fn accept_would_act(&self, now: Instant) -> bool {
        if now > self.now || self.poll_timeout().is_some_and(|t| t <= now) {
            return true;
        }
        if !self.config.requires_session {
            return false;
        }
        self.next_ttl_expiry().is_some_and(|t| t <= now)
            || self
                .sessions
                .values()
                .any(|s| s.holder.is_none() && !s.avail.is_empty())
    }

    pub(super) fn held_session(&self, by: ClientId) -> Result<Text, Error> {
        match self.session_of(by) {
            SessionHold::Held(sid) => Ok(sid),
            SessionHold::Lost(_) => Err(Error::new(
                ErrorKind::SessionLockLost,
                text::SESSION_LOCK_LOST,
            )),
            SessionHold::None => Err(Error::new(
                ErrorKind::InvalidOperation,
                "This receiver has not accepted a session.",
            )),
        }
    }

    /// Renews the client's session lock and the locks of the messages it holds in it.
    ///
    /// # Errors
    /// `SessionLockLost`, or `InvalidOperation` without a session.
    pub fn renew_session_lock(&mut self, now: Instant, by: ClientId) -> Result<Instant, Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        let until = self.now + self.config.lock_duration;
        let s = self
            .sessions
            .get_mut(&sid)
            .expect("invariant: held session exists");
        let (old, num) = (s.until, s.num);
        s.until = until;
        let locked: Vec<u64> = s.locked.iter().copied().collect();
        self.timers.remove(old, Timer::Session(num));
        self.timers.insert(until, Timer::Session(num));
        for seq in locked {
            if let Some(l) = self.msgs.get_mut(&seq).and_then(|m| m.lock.as_mut()) {
                l.until = until;
            }
        }
        self.emit(EventKind::SessionLockRenewed {
            session_id: sid,
            by,
            until,
        });
        Ok(until)
    }

    /// Sets (or clears, with `None`) the state of the client's session. Counts toward the quota.
    ///
    /// # Errors
    /// As [`renew_session_lock`](Self::renew_session_lock), or `QuotaExceeded`.
    pub fn set_session_state(
        &mut self,
        now: Instant,
        by: ClientId,
        state: Option<Text>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        let old = self.sessions[&sid]
            .state
            .as_ref()
            .map_or(0, |s| s.len() as u64);
        let new = state.as_ref().map_or(0, |s| s.len() as u64);
        let size = self
            .size_bytes
            .checked_sub(old)
            .expect("invariant: size_bytes includes the session's current state")
            .saturating_add(new);
        if size > self.config.max_size_bytes {
            return Err(Error::new(
                ErrorKind::QuotaExceeded,
                "The maximum entity size has been reached or exceeded for Queue.",
            ));
        }
        self.size_bytes = size;
        self.sessions.get_mut(&sid).expect("invariant").state = state;
        Ok(())
    }

    /// The state of the client's session (`None` until set).
    ///
    /// # Errors
    /// As [`renew_session_lock`](Self::renew_session_lock).
    pub fn session_state(&mut self, now: Instant, by: ClientId) -> Result<Option<Text>, Error> {
        self.fire_due(now);
        let sid = self.held_session(by)?;
        Ok(self.sessions[&sid].state.clone())
    }

    /// The session lock expired: its locked messages come back, each counting a failed
    /// delivery, also when its receiver had disconnected (semantics.md §0.1, §2.4).
    pub(super) fn expire_session(&mut self, num: u64) {
        let sid = self.session_names[&num].clone();
        let s = self
            .sessions
            .get_mut(&sid)
            .expect("invariant: timer of a known session");
        let by = s
            .holder
            .take()
            .expect("invariant: a session timer belongs to a held session");
        self.lose_session(by, &sid);
        self.emit(EventKind::SessionLockExpired {
            session_id: sid.clone(),
            by,
        });
        let locked: Vec<u64> = self.sessions[&sid].locked.iter().copied().collect();
        for seq in locked {
            self.release(seq, by, Release::Expire);
        }
    }

    /// Marks `sid` lost for `by`, unless `by` has since moved on (a disconnected receiver that
    /// accepted another session keeps that one).
    fn lose_session(&mut self, by: ClientId, sid: &Text) {
        let c = self.client_mut(by);
        if c.session == SessionHold::Held(sid.clone()) {
            c.session = SessionHold::Lost(sid.clone());
        }
    }

    /// The session lock ends before it expires: by a graceful close (messages come back
    /// without counting a delivery) or an entity update (they count one).
    pub(super) fn give_up_session(&mut self, sid: &Text, by: ClientId, cause: LockLossCause) {
        let s = self
            .sessions
            .get_mut(sid)
            .expect("invariant: held session exists");
        s.holder = None;
        self.timers.remove(s.until, Timer::Session(s.num));
        let locked: Vec<u64> = s.locked.iter().copied().collect();
        self.lose_session(by, sid);
        self.emit(EventKind::SessionReleased {
            session_id: sid.clone(),
            by,
            cause,
        });
        let how = if cause == LockLossCause::Closed {
            Release::SessionClose
        } else {
            Release::Lost(cause)
        };
        for seq in locked {
            self.release(seq, by, how);
        }
    }
}
