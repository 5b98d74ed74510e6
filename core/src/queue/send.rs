//! The send side: sends and scheduled sends, duplicate detection, activation of scheduled
//! messages and their cancellation (semantics.md T1–T4, §6).

use super::{Queue, Timer, bump};
use crate::config::Tier;
use crate::error::{Error, ErrorKind, text};
use crate::event::{DeadLetterCause, EventKind};
use crate::message::{ClientId, Msg, NewMessage, Place, Text};
use crate::time::{Duration, Instant};
use alloc::collections::{BTreeMap, VecDeque};
use alloc::format;

/// What a successful send did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendOutcome {
    /// Stored as an active message with this sequence number.
    Enqueued(u64),
    /// Stored as a scheduled message with this sequence number.
    Scheduled(u64),
    /// Inside the duplicate detection window: reported accepted, dropped.
    /// Scheduled duplicates still get a sequence number back (semantics.md §6).
    Duplicate(Option<u64>),
}

impl Queue {
    /// Sends (or schedules, when `msg.scheduled_enqueue` is set) one message (T1, T2).
    ///
    /// # Errors
    /// `InvalidOperation` (no session id on a session queue), `MessageSizeExceeded`,
    /// `QuotaExceeded`. Nothing is stored on error.
    pub fn send(
        &mut self,
        now: Instant,
        by: ClientId,
        msg: NewMessage,
    ) -> Result<SendOutcome, Error> {
        self.fire_due(now);
        let r = self.send_inner(by, msg);
        self.pump();
        r
    }

    pub(super) fn send_inner(
        &mut self,
        by: ClientId,
        msg: NewMessage,
    ) -> Result<SendOutcome, Error> {
        if self.config.requires_session && msg.session_id.is_none() {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                text::MISSING_SESSION_ID,
            ));
        }
        check_message_size(self.config.tier, msg.size_bytes)?;
        if self.size_bytes.saturating_add(msg.size_bytes) > self.config.max_size_bytes {
            return Err(quota_exceeded(
                "Queue",
                self.size_bytes,
                self.config.max_size_bytes,
            ));
        }
        if let Some(window) = self.config.duplicate_detection_window
            && self.dups.seen(self.now, window, &msg.id)
        {
            bump(&mut self.counters.duplicates);
            let seq = msg.scheduled_enqueue.map(|_| self.take_seq());
            self.emit(EventKind::DuplicateDropped {
                seq,
                id: msg.id.clone(),
                by,
            });
            return Ok(SendOutcome::Duplicate(seq));
        }
        Ok(self.store(by, msg, None))
    }

    #[cfg(feature = "entities")]
    /// A topic's copy entering this subscription (`topics.md` §4): the topic made the size,
    /// quota and duplicate checks, and a session-enabled subscription takes a copy without a
    /// session id too, straight into its dead-letter queue (`dead_letter` says why).
    pub(crate) fn enqueue_copy(
        &mut self,
        now: Instant,
        by: ClientId,
        msg: NewMessage,
        dead_letter: Option<DeadLetterCause>,
    ) -> u64 {
        self.fire_due(now);
        let seq = match self.store(by, msg, dead_letter) {
            SendOutcome::Enqueued(s) | SendOutcome::Scheduled(s) => s,
            SendOutcome::Duplicate(_) => unreachable!("store never drops"),
        };
        self.pump();
        seq
    }

    /// Stores an accepted message (active, or scheduled when it says so) and announces it;
    /// `dead_letter` moves it to the dead-letter queue at once.
    fn store(
        &mut self,
        by: ClientId,
        msg: NewMessage,
        dead_letter: Option<DeadLetterCause>,
    ) -> SendOutcome {
        let seq = self.take_seq();
        let ttl = match (msg.ttl, self.config.effective_default_ttl()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let now = self.now;
        let activate_at = msg.scheduled_enqueue.map(|t| t.max(now));
        let m = Msg {
            id: msg.id.clone(),
            body: msg.body,
            size: msg.size_bytes,
            ttl,
            session: msg.session_id,
            props: msg.properties,
            enqueued: now,
            expires: if activate_at.is_some() {
                None
            } else {
                ttl.map(|d| now + d)
            },
            activate_at,
            scheduled_for: msg.scheduled_enqueue,
            h: 0,
            place: if activate_at.is_some() {
                Place::Scheduled
            } else {
                Place::Main
            },
            set_aside: false,
            label_deferred: false,
            lock: None,
            dl_reason: None,
            dl_desc: None,
            meta: msg.meta,
        };
        // Cannot overflow: the quota check above bounds the sum by `max_size_bytes`.
        self.size_bytes += m.size;
        bump(&mut self.counters.accepted);
        if let Some(sid) = &m.session
            && self.config.requires_session
            && dead_letter.is_none()
        {
            let sid = sid.clone();
            self.session_mut(&sid);
        }
        self.msgs.insert(seq, m);
        self.emit(EventKind::Enqueued {
            seq,
            id: msg.id,
            by,
            scheduled_for: msg.scheduled_enqueue,
        });
        if let Some(t) = activate_at {
            self.timers.insert(t, Timer::Activate(seq));
            SendOutcome::Scheduled(seq)
        } else {
            match dead_letter {
                Some(cause) => self.move_to_dead_letter(seq, None, cause),
                None => self.make_available(seq),
            }
            SendOutcome::Enqueued(seq)
        }
    }

    pub(super) fn take_seq(&mut self) -> u64 {
        let s = self.next_seq;
        // Lock tokens carry 62 bits of sequence number; at a billion sends a second the
        // numbers last over a century.
        self.next_seq = s
            .checked_add(1)
            .filter(|&n| n < 1 << 62)
            .expect("invariant: fewer than 2^62 sequence numbers are ever handed out");
        s
    }

    /// T3: a scheduled message becomes active with a new sequence number.
    pub(super) fn activate(&mut self, old: u64) {
        let mut m = self
            .msgs
            .remove(&old)
            .expect("invariant: an activation timer belongs to a scheduled message");
        let seq = self.take_seq();
        m.place = Place::Main;
        m.activate_at = None;
        m.enqueued = self.now;
        m.expires = m.ttl.map(|d| self.now + d);
        let id = m.id.clone();
        self.msgs.insert(seq, m);
        self.emit(EventKind::Activated {
            seq,
            scheduled_seq: old,
            id,
        });
        self.make_available(seq);
    }

    /// T4: cancels a scheduled message. An unknown or already active sequence number is a
    /// successful no-op (semantics.md T4, [I]).
    pub fn cancel_scheduled(&mut self, now: Instant, by: ClientId, seq: u64) {
        self.fire_due(now);
        if let Some(m) = self.msgs.get(&seq)
            && m.place == Place::Scheduled
        {
            let at = m
                .activate_at
                .expect("invariant: scheduled messages have an activation time");
            self.timers.remove(at, Timer::Activate(seq));
            let m = self.remove_msg(seq);
            bump(&mut self.counters.cancelled);
            self.emit(EventKind::Cancelled { seq, id: m.id, by });
        }
    }
}

/// The duplicate detection window of a queue or topic: the message ids seen, by when
/// (semantics.md §6, `topics.md` §5).
#[derive(Clone, Debug, Default)]
pub(crate) struct DupWindow {
    first: BTreeMap<Text, Instant>,
    order: VecDeque<(Instant, Text)>,
}

impl DupWindow {
    /// Whether `id` was seen inside `window` before `now`; if not, records it as seen now.
    pub(crate) fn seen(&mut self, now: Instant, window: Duration, id: &Text) -> bool {
        while let Some((t, _)) = self.order.front() {
            if *t + window > now {
                break;
            }
            let (t, id) = self.order.pop_front().expect("invariant: front exists");
            if self.first.get(&id) == Some(&t) {
                self.first.remove(&id);
            }
        }
        if self.first.contains_key(id) {
            return true;
        }
        self.first.insert(id.clone(), now);
        self.order.push_back((now, id.clone()));
        false
    }
}

/// The tier's message size limit (T1): `MessageSizeExceeded` over it.
pub(crate) fn check_message_size(tier: Tier, size: u64) -> Result<(), Error> {
    let limit = tier.max_message_bytes();
    if size > limit {
        return Err(Error::new(
            ErrorKind::MessageSizeExceeded,
            format!(
                "The received message (size: {size} bytes) exceeds the limit ({limit} bytes) currently allowed on the link."
            ),
        ));
    }
    Ok(())
}

/// `QuotaExceeded` for an entity of this kind (`Queue`, `Topic`) holding `size` of `max` bytes.
pub(crate) fn quota_exceeded(kind: &str, size: u64, max: u64) -> Error {
    Error::new(
        ErrorKind::QuotaExceeded,
        format!(
            "The maximum entity size has been reached or exceeded for {kind}. Size of entity in bytes: {size}, Max entity size in bytes: {max}."
        ),
    )
}
