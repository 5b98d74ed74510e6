//! One client operation run against the broker, as a client library would: sends (presettled
//! or not), schedules, receives and peeks (remembered for later steps), settlements and
//! renewals (through `settle`), links, sessions and queue updates.

use super::{HeldKind, Op, Outcome, Pick, World, send_outcome};
use crate::error::{Error, ErrorKind, text};
use crate::message::{LockToken, SubQueue};
use crate::queue::SendOutcome;
use crate::time::Instant;

impl World {
    /// Runs one operation of client `by` at `now`.
    ///
    /// # Errors
    /// What the broker or the client library refuses; state is unchanged by a refusal
    /// (except what the broker itself does on the way, such as TTL collection).
    pub fn apply(&mut self, now: Instant, by: &str, op: Op) -> Result<Outcome, Error> {
        self.run(now, by, op, None)
    }

    /// Runs a settlement or lock renewal of client `by` on one particular delivery, named by
    /// its sequence number and lock token (what the SDK's message object carries), instead of
    /// the latest delivery that the op's target names: a handler still working on an earlier
    /// delivery settles that one, and learns its lock is gone. Other ops run as [`Self::apply`].
    ///
    /// # Errors
    /// As [`Self::apply`].
    pub fn apply_held(
        &mut self,
        now: Instant,
        by: &str,
        seq: u64,
        token: LockToken,
        op: Op,
    ) -> Result<Outcome, Error> {
        self.run(now, by, op, Some((seq, token)))
    }

    fn run(
        &mut self,
        now: Instant,
        by: &str,
        op: Op,
        delivery: Option<(u64, LockToken)>,
    ) -> Result<Outcome, Error> {
        let id = self.client(by);
        let q = &mut self.queue;
        match op {
            Op::Send { msg, presettled } => {
                let mid = msg.id.clone();
                let (out, rejected) = send_outcome(q.send(now, id, msg), presettled, mid, id);
                if let Some(ev) = rejected {
                    q.push_event(ev);
                }
                out
            }
            Op::Schedule { msg } => match q.send(now, id, msg)? {
                SendOutcome::Scheduled(s) | SendOutcome::Enqueued(s) => Ok(Outcome::Seq(s)),
                SendOutcome::Duplicate(s) => Ok(s.map_or(Outcome::Done, Outcome::Seq)),
            },
            Op::CancelScheduled { seq } => {
                q.cancel_scheduled(now, id, seq);
                Ok(Outcome::Done)
            }
            Op::Receive { max, mode, from } => {
                let got = q.receive(now, id, from, mode, max)?;
                self.remember(id, &got, from, false);
                Ok(Outcome::Messages(got))
            }
            Op::ReceiveDeferred { seqs, mode, from } => {
                let got = q.receive_deferred(now, id, from, mode, &seqs)?;
                self.remember(id, &got, from, false);
                Ok(Outcome::Messages(got))
            }
            Op::Peek {
                max,
                from_seq,
                from,
            } => {
                let i = usize::from(from == SubQueue::DeadLetter);
                let start = from_seq.unwrap_or(self.clients[id.0 as usize].cursor[i]);
                let got = self.queue.peek(now, id, from, start, max)?;
                if let Some(last) = got.last() {
                    self.clients[id.0 as usize].cursor[i] = last.seq + 1;
                }
                self.remember(id, &got, from, true);
                Ok(Outcome::Messages(got))
            }
            Op::Complete { target } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "complete", |q, _, tok| q.complete(now, tok))
            }
            Op::Abandon { target, properties } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "abandon", |q, _, tok| {
                    q.abandon(now, tok, properties)
                })
            }
            Op::DeadLetter {
                target,
                reason,
                description,
                properties,
            } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "dead-letter", |q, h, tok| {
                    if h.sub == SubQueue::DeadLetter {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "A message received from the dead-letter queue cannot be dead-lettered again.",
                        ));
                    }
                    q.dead_letter(now, tok, reason, description, properties)
                })
            }
            Op::Defer { target, properties } => {
                let pick = Pick::new(&target, delivery);
                self.settle(now, id, pick, "defer", |q, _, tok| {
                    q.defer(now, tok, properties)
                })
            }
            Op::RenewLock { target } => {
                let pick = Pick::new(&target, delivery);
                let h = self.lookup(id, pick)?;
                if self.session_locked(&h).is_some() && h.kind == HeldKind::PeekLock {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        text::RENEW_ON_SESSION,
                    ));
                }
                let (h, until) =
                    self.settle_by(now, id, pick, "renew the lock of", |q, _, tok| {
                        q.renew_lock(now, tok)
                    })?;
                let c = &mut self.clients[id.0 as usize];
                let token = h.view.lock_token;
                for v in [
                    c.in_hand.get_mut(&h.view.seq).map(|x| &mut x.view),
                    c.by_seq.get_mut(&h.view.seq).map(|x| &mut x.view),
                ]
                .into_iter()
                .flatten()
                .filter(|v| v.lock_token == token)
                {
                    v.locked_until = Some(until);
                }
                Ok(Outcome::LockedUntil(until))
            }
            Op::Open(opts) => {
                q.open(now, id, opts);
                Ok(Outcome::Done)
            }
            Op::Close => {
                q.close(now, id);
                Ok(Outcome::Done)
            }
            Op::Disconnect => {
                q.disconnect(now, id);
                Ok(Outcome::Done)
            }
            Op::AcceptSession { session_id } => {
                let (sid, until) = q.accept_session(now, id, session_id)?;
                Ok(Outcome::Session {
                    id: sid,
                    locked_until: until,
                })
            }
            Op::RenewSessionLock => Ok(Outcome::LockedUntil(q.renew_session_lock(now, id)?)),
            Op::SetSessionState { state } => {
                q.set_session_state(now, id, state)?;
                Ok(Outcome::Done)
            }
            Op::GetSessionState => Ok(Outcome::State(q.session_state(now, id)?)),
            Op::UpdateQueue(patch) => {
                let cfg = patch.apply(q.config());
                q.update_config(now, cfg)?;
                Ok(Outcome::Done)
            }
            Op::Entity { .. } => Err(Error::new(
                ErrorKind::InvalidOperation,
                "Entity operations need a namespace with entities.",
            )),
        }
    }
}
