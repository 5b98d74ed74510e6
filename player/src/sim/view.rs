//! What the page shows, one [`Snapshot`] per publication: lanes, clients, the log, the inspector.

use super::*;
use crate::words::{counted, duration, instant, keyed, label};
use settle_i18n::{Arg, t, tf};

/// One message as a lane shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Row {
    pub seq: u64,
    /// What the stage and the inspector know it by (`seq`, or in a document with `entities`
    /// the entity's and its sequence number together).
    pub key: MsgKey,
    pub id: String,
    /// In a document with `entities`: the queue, topic or subscription it is in.
    pub entity: Option<String>,
    /// .NET DeliveryCount as a peek reads it (h).
    pub delivery_count: u32,
    pub holder: Option<String>,
    pub session: Option<String>,
    pub reason: Option<String>,
    pub description: Option<String>,
    /// Scheduled messages: when they become active.
    pub due_ms: Option<u64>,
    /// Something just happened to it (the lane highlights it for a moment).
    pub recent: bool,
}

/// How long (virtual ms) a message stays highlighted after something happens to it.
pub const RECENT_MS: u64 = 1_500;

/// One lane: the first rows and the total.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lane {
    pub total: usize,
    pub rows: Vec<Row>,
}

/// A delivery a receiver holds (or held: its lock may be gone).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeldRow {
    /// What the page knows it by (the stage's key: in a document with `entities`
    /// [`MsgKey::in_entity`]); `seq` is the entity's own.
    pub key: MsgKey,
    pub seq: u64,
    pub id: String,
    /// DeliveryCount as the receiver got it (h+1).
    pub delivery_count: u32,
    pub deferred: bool,
    pub from_dlq: bool,
    /// `Some(virtual ms)` when the lock runs out while it is valid; `None` once it is lost.
    /// The time left is not part of the row: the page draws it from the clock
    /// ([`crate::paint::paint_locks`]), so that a row changes only when its message does.
    pub lock_until_ms: Option<u64>,
    /// The lock's full duration (ms), for the share of it left.
    pub lock_span_ms: u64,
    pub session: bool,
}

/// A receiver's panel.
#[derive(Clone, Debug, PartialEq)]
pub struct ReceiverView {
    pub name: String,
    /// The first [`HELD_ROWS`] deliveries in hand, by sequence number.
    pub held: Vec<HeldRow>,
    /// How many deliveries it has in hand (shown or not).
    pub held_total: usize,
    pub deleted: Vec<(u64, String, u32)>,
    pub peeked: Vec<Row>,
    pub session: Option<(String, bool)>,
    pub buffered: usize,
    pub error: Option<String>,
    /// For an automated receiver: what it has done so far.
    pub auto: Option<String>,
    /// In a document with `entities`: the queue or subscription it receives from, and
    /// whether that is settled (its script, or a step the person recorded, received there).
    pub from: Option<String>,
    pub from_fixed: bool,
    /// Whether its queue or subscription requires sessions.
    pub sessions: bool,
}

impl ReceiverView {
    /// The panel of a receiver that holds nothing and did nothing yet.
    #[must_use]
    pub fn named(name: &str) -> Self {
        Self {
            name: name.to_string(),
            held: vec![],
            held_total: 0,
            deleted: vec![],
            peeked: vec![],
            session: None,
            buffered: 0,
            error: None,
            auto: None,
            from: None,
            from_fixed: false,
            sessions: false,
        }
    }
}

/// A sender's panel.
#[derive(Clone, Debug, PartialEq)]
pub struct SenderView {
    pub name: String,
    pub next_id: String,
    pub error: Option<String>,
    /// For an automated sender: what it has done so far.
    pub auto: Option<String>,
    /// In a document with `entities`: the queue or topic it sends to unless the form says.
    pub to: Option<String>,
}

/// A log line.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LogLine {
    pub n: u64,
    pub t_ms: u64,
    pub text: String,
    pub error: bool,
}

/// Every property of one message (the inspector).
#[derive(Clone, Debug, PartialEq)]
pub struct Detail {
    /// The message's key (as [`Sim::select`] was given it).
    pub seq: MsgKey,
    pub id: String,
    /// The receiver that has it in hand (it can settle it, or learn that it cannot).
    pub held_by: Option<String>,
    /// The broker's own properties of the message: each name (the API's, but for the entity
    /// and where it is), and its value.
    pub fields: Vec<(String, String)>,
    /// Its application properties, in key order: the sender's, a receiver's changes, and
    /// `DeadLetterReason` / `DeadLetterErrorDescription` once the broker dead-lettered it.
    pub properties: Vec<(String, String)>,
}

/// Everything the page shows, for one frame.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Snapshot {
    pub now_ms: u64,
    pub title: String,
    pub description: String,
    pub available: Lane,
    pub locked: Lane,
    pub deferred: Lane,
    pub scheduled: Lane,
    pub dead_letter: Lane,
    pub senders: Vec<SenderView>,
    pub receivers: Vec<ReceiverView>,
    pub log: Vec<LogLine>,
    pub detail: Option<Detail>,
    pub lock_ms: u64,
    pub max_delivery_count: u32,
    pub config_summary: String,
    pub next_event_ms: Option<u64>,
    pub next_expiry_ms: Option<u64>,
    pub script_left: usize,
    /// Counts changes of the timeline's markers.
    pub story_gen: u64,
    /// How far the timeline reaches (virtual ms).
    pub horizon_ms: u64,
    /// Where Step back goes.
    pub previous_ms: Option<u64>,
    /// The person's recorded actions after now (after going back).
    pub later_actions: usize,
    /// Whether the document has `entities` (then there are no queue settings to change).
    pub entities: bool,
    /// In a document with `entities`: the queues and topics a sender can send to, and the
    /// queues and subscriptions a receiver can receive from.
    pub send_targets: Vec<String>,
    pub receive_paths: Vec<String>,
}

/// `12.3 s` style (to the tenth below), for lock timers.
pub fn secs(ms: u64) -> String {
    crate::words::seconds(ms).to_string()
}

/// The workloads of the benchmarks, as documents (`settle_scenario::presets::workloads`).
#[doc(hidden)]
pub use settle_scenario::presets::workloads;

impl Sim {
    pub(super) fn glanced_row(&self, w: &World, entity: Option<&Text>, m: Glance<'_>) -> Row {
        Row {
            seq: m.seq,
            key: MsgKey::queue(m.seq),
            id: m.id.to_string(),
            entity: entity.map(ToString::to_string),
            delivery_count: m.delivery_count,
            holder: m.locked_by.map(|c: ClientId| w.name(c).to_string()),
            session: m.session_id.map(|s| s.to_string()),
            reason: m.dead_letter_reason.map(|s| s.to_string()),
            description: m.dead_letter_description.map(|s| s.to_string()),
            due_ms: (m.state == MessageState::Scheduled)
                .then(|| m.scheduled_enqueue.map(ms))
                .flatten(),
            recent: entity.is_none()
                && self
                    .tl
                    .saved()
                    .touched
                    .get(&MsgKey::queue(m.seq))
                    .is_some_and(|at| self.now().saturating_since(*at).as_millis() < RECENT_MS),
        }
    }

    /// The lanes (available, locked, deferred, scheduled, dead-letter) of the queue, or of
    /// every entity together, each row naming its entity. Borrowed (`Queue::glance`): only the
    /// first [`LANE_CAP`] become rows, the rest are counted (a queue of 10,000 is not copied).
    pub(super) fn lanes(&self) -> [Lane; 5] {
        let space = self.tl.run().namespace();
        let paths = space.paths();
        // (stage number of entity, path, world): the one queue numbers as it is.
        let worlds: Vec<(Option<usize>, Option<&Text>, &World)> = if self.has_entities() {
            paths
                .iter()
                .enumerate()
                .filter_map(|(i, p)| Some((Some(i), Some(p), space.world(p)?)))
                .collect()
        } else {
            vec![(None, None, self.world())]
        };
        let mut out: [Lane; 5] = Default::default();
        for (i, entity, w) in worlds {
            let q = w.queue();
            let add = |lane: &mut Lane, it: &mut dyn Iterator<Item = Glance<'_>>| {
                for m in it {
                    lane.total += 1;
                    if lane.rows.len() < LANE_CAP {
                        let mut row = self.glanced_row(w, entity, m);
                        row.key = i.map_or(row.key, |i| MsgKey::in_entity(i, row.seq));
                        lane.rows.push(row);
                    }
                }
            };
            let [available, locked, deferred, scheduled, dead] = &mut out;
            add(
                available,
                &mut q
                    .glance(Listing::Main)
                    .filter(|m| m.locked_by.is_none() && m.state != MessageState::Deferred),
            );
            add(
                locked,
                &mut q.glance(Listing::Main).filter(|m| m.locked_by.is_some()),
            );
            add(
                deferred,
                &mut q
                    .glance(Listing::Main)
                    .filter(|m| m.locked_by.is_none() && m.state == MessageState::Deferred),
            );
            add(scheduled, &mut q.glance(Listing::Scheduled));
            add(dead, &mut q.glance(Listing::DeadLetter));
        }
        out
    }

    fn detail(&self, key: MsgKey) -> Option<Detail> {
        if !self.has_entities() {
            return self.detail_in(self.world(), key, key.seq());
        }
        // The key says which entity.
        let space = self.tl.run().namespace();
        let i = key.entity_index()?;
        let path = space.paths().into_iter().nth(i)?;
        let mut d = self.detail_in(space.world(&path)?, key, key.seq())?;
        d.fields.insert(0, (t("inspect-entity"), path.to_string()));
        Some(d)
    }

    /// The inspector's view of message `seq` of world `w`, selected as `key` on the stage.
    fn detail_in(&self, w: &World, key: MsgKey, seq: u64) -> Option<Detail> {
        let q = w.queue();
        // Who has it in hand: the holder of its valid lock, else whoever last had it.
        let mut held = None;
        for r in &self.page.receivers {
            if let Some(h) = w.in_hand_of(r, seq) {
                let valid = h.view.lock_token.is_some_and(|t| q.is_lock_valid(t));
                held = Some((r, h));
                if valid {
                    break;
                }
            }
        }
        let m = q
            .listed(seq)
            .or_else(|| held.map(|(_, h)| h.view.clone()))?;
        let gone = !q.contains(seq);
        let place = if gone {
            t("inspect-gone")
        } else {
            match (m.sub_queue, m.state, m.locked_by) {
                (SubQueue::DeadLetter, _, Some(c)) => tf(
                    "inspect-dead-letter-locked",
                    &[("client", Arg::from(w.name(c)))],
                ),
                (SubQueue::DeadLetter, _, None) => t("inspect-dead-letter"),
                (_, MessageState::Scheduled, _) => t("inspect-scheduled"),
                (_, _, Some(c)) => tf("inspect-locked", &[("client", Arg::from(w.name(c)))]),
                (_, MessageState::Deferred, None) => t("inspect-deferred"),
                _ => t("inspect-available"),
            }
        };
        let none = || "—".to_string();
        // The API's names of the properties, the same in every language.
        let api = |name: &str, value: String| (name.to_string(), value);
        let mut fields = vec![
            api("MessageId", m.id.to_string()),
            api("SequenceNumber", m.seq.to_string()),
            (t("inspect-where"), place),
            api("State", m.state.name().to_string()),
            (t("inspect-delivery-count"), m.delivery_count.to_string()),
            api("EnqueuedTime", instant(m.enqueued_at)),
            api(
                "ExpiresAt",
                m.expires_at.map_or_else(|| t("inspect-never"), instant),
            ),
            api("LockedUntil", m.locked_until.map_or_else(none, instant)),
            api(
                "LockToken",
                held.and_then(|(_, h)| h.view.lock_token)
                    .map_or_else(none, |tok| tok.to_string()),
            ),
            api(
                "SessionId",
                m.session_id.as_ref().map_or_else(none, |s| s.to_string()),
            ),
            api(
                "Size",
                tf("inspect-size", &[("n", Arg::from(m.size_bytes))]),
            ),
            api("Body", m.body.to_string()),
        ];
        if let Some(at) = m.scheduled_enqueue {
            fields.insert(5, api("ScheduledEnqueueTime", instant(at)));
        }
        let properties = m
            .properties
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    PropValue::Str(s) => s.to_string(),
                    PropValue::Int(i) => i.to_string(),
                    PropValue::Float(f) => f.to_string(),
                    PropValue::Bool(b) => b.to_string(),
                };
                (k.to_string(), v)
            })
            .collect();
        Some(Detail {
            seq: key,
            id: m.id.to_string(),
            held_by: held.map(|(r, _)| r.clone()),
            fields,
            properties,
        })
    }

    /// The automated actors' names and running totals (of every entity's actors in a
    /// document with `entities`).
    pub(super) fn actor_stats(&self) -> Vec<(Text, bool, settle_core::actors::ActorStats)> {
        self.tl.run().actor_stats()
    }

    fn auto_summary(&self, name: &str) -> Option<String> {
        let (_, sender, st) = self
            .actor_stats()
            .into_iter()
            .find(|(n, _, _)| &**n == name)?;
        let mut parts = if sender {
            vec![tf(
                "auto-sender",
                &[
                    ("started", Arg::from(st.started)),
                    ("in_flight", Arg::from(st.in_flight)),
                    ("accepted", Arg::from(st.done)),
                    ("failed", Arg::from(st.failed)),
                ],
            )]
        } else {
            vec![tf(
                "auto-receiver",
                &[
                    ("received", Arg::from(st.started)),
                    ("processing", Arg::from(st.in_flight)),
                    ("settled", Arg::from(st.done)),
                    ("failed", Arg::from(st.failed)),
                ],
            )]
        };
        if sender && st.unobserved_failures > 0 {
            parts.push(tf(
                "auto-unseen-failures",
                &[("n", Arg::from(st.unobserved_failures))],
            ));
        }
        if let (true, Some(at)) = (sender, st.last_completion) {
            parts.push(tf("auto-last-answer", &[("t", Arg::from(instant(at)))]));
        }
        if !sender && st.duplicates_skipped > 0 {
            parts.push(tf(
                "auto-duplicates",
                &[("n", Arg::from(st.duplicates_skipped))],
            ));
        }
        Some(parts.join(" · "))
    }

    pub fn snapshot(&self) -> Snapshot {
        let now = self.now();
        let receivers = self
            .page
            .receivers
            .iter()
            .map(|name| {
                let (w, index) = self.client_world(name);
                let q = w.queue();
                let cfg = q.config();
                let ld = cfg.lock_duration.as_millis().max(1);
                let key = |seq| index.map_or(MsgKey::queue(seq), |i| MsgKey::in_entity(i, seq));
                let st = self.tl.saved().rstate.get(name);
                let shown = self.shown_in_hand(name);
                let held_total = shown.clone().count();
                let held = shown
                    .take(HELD_ROWS)
                    .map(|h| {
                        let valid = h.view.lock_token.is_some_and(|tok| q.is_lock_valid(tok));
                        let until = valid
                            .then(|| q.locked_until(h.view.seq))
                            .flatten()
                            .map(Instant::as_millis);
                        HeldRow {
                            key: key(h.view.seq),
                            seq: h.view.seq,
                            id: h.view.id.to_string(),
                            delivery_count: h.view.delivery_count,
                            deferred: h.view.state == MessageState::Deferred,
                            from_dlq: h.from == SubQueue::DeadLetter,
                            lock_until_ms: until,
                            lock_span_ms: ld,
                            session: h.view.session_id.is_some() && cfg.requires_session,
                        }
                    })
                    .collect();
                let id = w.id_of(name);
                let session = id.and_then(|id| match q.session_of(id) {
                    SessionHold::Held(s) => Some((s.to_string(), true)),
                    SessionHold::Lost(s) => Some((s.to_string(), false)),
                    SessionHold::None => None,
                });
                ReceiverView {
                    name: name.clone(),
                    held,
                    held_total,
                    deleted: st.map_or_else(Vec::new, |st| {
                        st.deleted
                            .iter()
                            .map(|m| (m.seq, m.id.to_string(), m.delivery_count))
                            .collect()
                    }),
                    peeked: st.map_or_else(Vec::new, |st| {
                        st.peeked
                            .iter()
                            .map(|m| self.glanced_row(w, None, m.glance()))
                            .collect()
                    }),
                    session,
                    buffered: id.map_or(0, |id| q.buffered(id, SubQueue::Main)),
                    error: st.and_then(|st| st.error.clone()),
                    auto: self.auto_summary(name),
                    from: self.page.receive_of.get(name).cloned(),
                    from_fixed: self.receive_fixed(name),
                    sessions: cfg.requires_session,
                }
            })
            .collect();
        let summary = self.summary();
        let [available, locked, deferred, scheduled, dead_letter] = self.lanes();
        let q = self.world().queue();
        let cfg = q.config();
        let ld = cfg.lock_duration.as_millis().max(1);
        let (send_targets, receive_paths) = self.addresses();
        let sc = self.tl.scenario();
        let (title, description) = crate::lesson::title_and_description(&sc.title, &sc.description);
        Snapshot {
            now_ms: ms(now),
            title,
            description,
            available,
            locked,
            deferred,
            scheduled,
            dead_letter,
            senders: self
                .page
                .senders
                .iter()
                .map(|s| SenderView {
                    name: s.clone(),
                    next_id: self.next_id(),
                    error: self.page.sender_errors.get(s).cloned(),
                    auto: self.auto_summary(s),
                    to: self.sender_to(s).map(|t| t.to_string()),
                })
                .collect(),
            receivers,
            log: self.tl.saved().log.iter().rev().cloned().collect(),
            detail: self.page.selected.and_then(|s| self.detail(s)),
            lock_ms: ld,
            max_delivery_count: cfg.max_delivery_count,
            config_summary: summary,
            next_event_ms: self.next_event().map(ms),
            next_expiry_ms: self.next_lock_expiry().map(ms),
            script_left: {
                let (steps, next) = (self.tl.run().steps(), self.tl.run().next_step());
                steps.len().saturating_sub(next + self.person_left())
            },
            story_gen: self.page.story_gen,
            horizon_ms: ms(self.horizon()),
            previous_ms: self.previous_moment().map(ms),
            later_actions: self.later_actions(),
            entities: self.has_entities(),
            send_targets,
            receive_paths,
        }
    }

    /// The queue's settings in one line (or the entities of a document with `entities`): the
    /// stage's heading, formatted from the memo ([`crate::words`]) as the stage takes it at
    /// every change.
    pub(super) fn summary(&self) -> String {
        if self.has_entities() {
            let space = self.tl.run().namespace();
            let paths = space.paths();
            let topics = paths.iter().filter(|p| space.is_topic(p)).count();
            let subs = paths
                .iter()
                .filter(|p| settle_core::namespace::is_subscription(p))
                .count();
            let queues = paths.len() - topics - subs;
            return [
                (queues, "queue-settings-queues"),
                (topics, "queue-settings-topics"),
                (subs, "queue-settings-subscriptions"),
            ]
            .into_iter()
            .filter(|&(n, _)| n > 0)
            .map(|(n, id)| counted(id, n as u64))
            .collect::<Vec<_>>()
            .join(" · ");
        }
        let cfg = self.world().queue().config();
        // A duration's part, by its milliseconds.
        let lasting = |id: &'static str, d: Duration| {
            keyed(id, d.as_millis(), || {
                tf(id, &[("d", Arg::from(duration(d)))])
            })
        };
        let mut parts = vec![
            lasting("queue-settings-lock", cfg.lock_duration),
            counted(
                "queue-settings-max-delivery-count",
                u64::from(cfg.max_delivery_count),
            ),
        ];
        parts.extend(cfg.default_ttl.map(|t| lasting("queue-settings-ttl", t)));
        if cfg.requires_session {
            parts.push(label("queue-settings-sessions"));
        }
        parts.extend(
            cfg.duplicate_detection_window
                .map(|w| lasting("queue-settings-duplicate-detection", w)),
        );
        parts.join(" · ")
    }
}
