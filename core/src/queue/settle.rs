//! Settlement by lock token, lock release and requeue, and dead-lettering (semantics.md T7–T12,
//! T14–T17, T22–T24, §0.2, §1.4 rule 3).

use super::clients::sub_index;
use super::{Queue, Timer, bump, token_seq};
use crate::error::{Error, ErrorKind, text};
use crate::event::{DeadLetterCause, EventKind, LockLossCause};
use crate::message::{
    ClientId, DEAD_LETTER_ERROR_DESCRIPTION, DEAD_LETTER_REASON, Lock, LockToken, Place, PropValue,
    Properties, SubQueue, Text,
};
use crate::time::Instant;
use alloc::rc::Rc;

#[derive(Clone, Copy)]
pub(super) enum Release {
    Abandon,
    Expire,
    Lost(LockLossCause),
    /// Session closed gracefully: no delivery-count change (semantics.md §2.4).
    SessionClose,
}

fn lock_lost() -> Error {
    Error::new(ErrorKind::MessageLockLost, text::LOCK_LOST)
}

impl Queue {
    /// The message a token currently locks, or `MessageLockLost` (`SessionLockLost` for a
    /// session message whose receiver's link is gone).
    pub(crate) fn locked_seq(&self, token: LockToken) -> Result<u64, Error> {
        let seq = token_seq(token);
        match self.msgs.get(&seq).and_then(|m| m.lock.as_ref()) {
            Some(l) if l.token == token => {
                debug_assert!(self.now < l.until, "expired locks are released first");
                match l.orphaned {
                    None => Ok(seq),
                    // The holder's link ended: the lock runs on, out of its reach.
                    Some(_) if l.session => Err(Error::new(
                        ErrorKind::SessionLockLost,
                        text::SESSION_LOCK_LOST,
                    )),
                    Some(_) => Err(lock_lost()),
                }
            }
            _ => Err(lock_lost()),
        }
    }

    /// Removes the lock from a message and from every index that knows it.
    pub(super) fn unlock(&mut self, seq: u64) -> Lock {
        let lock = self
            .msgs
            .get_mut(&seq)
            .expect("invariant: unlocking a message that exists")
            .lock
            .take()
            .expect("invariant: unlocking a locked message");
        self.lock_count = self
            .lock_count
            .checked_sub(1)
            .expect("invariant: lock_count counts the locked messages");
        if lock.session {
            let sid = self.msgs[&seq]
                .session
                .clone()
                .expect("invariant: session lock has session");
            if let Some(s) = self.sessions.get_mut(&sid) {
                s.locked.remove(&seq);
            }
        } else {
            self.timers.remove(lock.until, Timer::Lock(seq));
        }
        let sub = self.msgs[&seq].place.sub_queue();
        let c = self.client_mut(lock.holder);
        c.locks.remove(&seq);
        if lock.buffered
            && let Some(link) = c.links[sub_index(sub)].as_mut()
        {
            link.live = link
                .live
                .checked_sub(1)
                .expect("invariant: a buffered lock counts in its link's `live`");
        }
        lock
    }

    pub(super) fn merge(&mut self, seq: u64, props: Option<Properties>) {
        if let Some(p) = props
            && !p.is_empty()
        {
            let m = self.msgs.get_mut(&seq).expect("invariant: exists");
            let target = Rc::make_mut(&mut m.props);
            for (k, v) in p.iter() {
                target.insert(k.clone(), v.clone());
            }
        }
    }

    pub(super) fn release(&mut self, seq: u64, by: ClientId, how: Release) {
        self.unlock(seq);
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        // Nothing inside the dead-letter queue counts towards MaxDeliveryCount: neither an
        // abandon there (format v1.2 correction: the JavaScript SDK's live test "Abandon a
        // message received from dead letter queue") nor an expiry or loss
        // (azure-sdk-for-net#53437). A graceful session close never counts (§2.4).
        let sub_queue = m.place.sub_queue();
        if sub_queue == SubQueue::Main && !matches!(how, Release::SessionClose) {
            m.h = m.h.saturating_add(1);
        }
        let (id, h) = (m.id.clone(), m.h);
        match how {
            Release::Abandon => self.emit(EventKind::Abandoned {
                seq,
                id,
                by,
                delivery_count: h,
                sub_queue,
            }),
            Release::Expire => self.emit(EventKind::LockExpired {
                seq,
                id,
                by,
                delivery_count: h,
                sub_queue,
            }),
            Release::Lost(cause) => self.emit(EventKind::LockLost {
                seq,
                id,
                by,
                cause,
                delivery_count: h,
                sub_queue,
            }),
            Release::SessionClose => {}
        }
        self.requeue(seq);
    }

    /// Where a released message goes: back into the queue, or to its end by TTL or
    /// MaxDeliveryCount (semantics.md §0.2, §1.4 rule 3: TTL wins).
    pub(super) fn requeue(&mut self, seq: u64) {
        let m = &self.msgs[&seq];
        if m.place == Place::DeadLetter {
            if !m.set_aside {
                self.make_available(seq);
            }
            return;
        }
        let over = m.h >= self.config.max_delivery_count;
        if m.set_aside {
            if over {
                self.dead_letter_max(seq);
            }
            return;
        }
        if m.expires.is_some_and(|t| t <= self.now) {
            self.expire(seq);
        } else if over {
            self.dead_letter_max(seq);
        } else {
            self.make_available(seq);
        }
    }

    pub(super) fn dead_letter_max(&mut self, seq: u64) {
        let max = self.config.max_delivery_count;
        self.move_to_dead_letter(seq, None, DeadLetterCause::MaxDeliveryCountExceeded { max });
    }

    /// Moves an unlocked message to the dead-letter queue, writing the reason and description
    /// its cause stands for.
    pub(super) fn move_to_dead_letter(
        &mut self,
        seq: u64,
        by: Option<ClientId>,
        cause: DeadLetterCause,
    ) {
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        debug_assert!(m.lock.is_none());
        m.place = Place::DeadLetter;
        m.set_aside = false;
        m.dl_reason = cause.reason().map(Text::from);
        m.dl_desc = cause.description().map(|d| Text::from(&*d));
        // The broker writes both into the application properties too, after any the receiver
        // gave (semantics.md §1.2; format v1.2 correction: the Python SDK's live tests read
        // `application_properties[b'DeadLetterReason']`).
        if m.dl_reason.is_some() || m.dl_desc.is_some() {
            let props = Rc::make_mut(&mut m.props);
            for (key, value) in [
                (DEAD_LETTER_REASON, &m.dl_reason),
                (DEAD_LETTER_ERROR_DESCRIPTION, &m.dl_desc),
            ] {
                if let Some(v) = value {
                    props.insert(key.into(), PropValue::Str(v.clone()));
                }
            }
        }
        let (id, h) = (m.id.clone(), m.h);
        bump(&mut self.counters.dead_lettered);
        self.emit(EventKind::DeadLettered {
            seq,
            id,
            by,
            cause,
            delivery_count: h,
        });
        self.make_available(seq);
    }

    /// T7/T14/T22: completes (removes) the message locked by `token`.
    ///
    /// # Errors
    /// `MessageLockLost` when the token is not the message's current valid lock.
    pub fn complete(&mut self, now: Instant, token: LockToken) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let lock = self.unlock(seq);
        let m = self.remove_msg(seq);
        bump(&mut self.counters.completed);
        self.emit(EventKind::Completed {
            seq,
            id: m.id,
            by: lock.holder,
        });
        self.pump();
        Ok(())
    }

    /// T8/T15/T23: abandons: the lock is released, the delivery count goes up by one (not in
    /// the dead-letter queue, where nothing counts), and the message returns (or is
    /// dead-lettered by MaxDeliveryCount, or expires).
    ///
    /// # Errors
    /// `MessageLockLost`.
    pub fn abandon(
        &mut self,
        now: Instant,
        token: LockToken,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let by = self.msgs[&seq].lock.as_ref().expect("invariant").holder;
        self.merge(seq, props);
        self.release(seq, by, Release::Abandon);
        self.pump();
        Ok(())
    }

    /// T10/T17: moves the message to the dead-letter queue with the given reason and
    /// description (absent when not given). The delivery count is unchanged.
    ///
    /// # Errors
    /// `MessageLockLost`; `InvalidOperation` for a message already in the dead-letter queue (T24).
    pub fn dead_letter(
        &mut self,
        now: Instant,
        token: LockToken,
        reason: Option<Text>,
        description: Option<Text>,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        if self.msgs[&seq].place == Place::DeadLetter {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "A message in the dead-letter queue cannot be dead-lettered again.",
            ));
        }
        let lock = self.unlock(seq);
        self.merge(seq, props);
        self.move_to_dead_letter(
            seq,
            Some(lock.holder),
            DeadLetterCause::Explicit {
                reason,
                description,
            },
        );
        self.pump();
        Ok(())
    }

    /// T11/T16: defers: set aside for [`receive_deferred`](Self::receive_deferred); the delivery
    /// count goes up by one, and MaxDeliveryCount applies (azure-service-bus#375).
    ///
    /// # Errors
    /// `MessageLockLost`.
    pub fn defer(
        &mut self,
        now: Instant,
        token: LockToken,
        props: Option<Properties>,
    ) -> Result<(), Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let lock = self.unlock(seq);
        self.merge(seq, props);
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        m.h = m.h.saturating_add(1);
        m.set_aside = true;
        m.label_deferred = true;
        let (id, h, place) = (m.id.clone(), m.h, m.place);
        self.emit(EventKind::Deferred {
            seq,
            id,
            by: lock.holder,
            delivery_count: h,
        });
        if place == Place::Main && h >= self.config.max_delivery_count {
            self.dead_letter_max(seq);
        }
        self.pump();
        Ok(())
    }

    /// T12/T17b: renews a message lock to `now + LockDuration`; returns the new expiry.
    ///
    /// # Errors
    /// `MessageLockLost`; `InvalidOperation` for a message held under a session lock.
    pub fn renew_lock(&mut self, now: Instant, token: LockToken) -> Result<Instant, Error> {
        self.fire_due(now);
        let seq = self.locked_seq(token)?;
        let until = self.now + self.config.lock_duration;
        let m = self.msgs.get_mut(&seq).expect("invariant: exists");
        let lock = m.lock.as_mut().expect("invariant: locked");
        if lock.session {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                text::RENEW_ON_SESSION,
            ));
        }
        let old = lock.until;
        lock.until = until;
        let (id, by) = (m.id.clone(), lock.holder);
        self.timers.remove(old, Timer::Lock(seq));
        self.timers.insert(until, Timer::Lock(seq));
        self.emit(EventKind::LockRenewed { seq, id, by, until });
        Ok(until)
    }
}
