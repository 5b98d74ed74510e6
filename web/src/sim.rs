//! The playground's model: a scenario [`Run`] (the loaded script plays itself as time passes)
//! plus what the person does, applied at the current virtual instant and recorded as script
//! steps, so that export and share links replay it exactly. The UI renders one
//! [`Snapshot`] per frame: owned strings, `PartialEq`, so unchanged parts stop propagating.

use crate::narrate::{narrate, narrate_act};
#[cfg(not(feature = "entities"))]
use crate::no_entities::{NsRecord, NsRun};
use crate::stage::model::{self, Cue, Exit, Link, Mark, Model, Place, Token};
use settle_core::scenario::timetravel::{self, Checkpoints};
use settle_core::scenario::{Budget, Progress, Record, Run, Scenario, Step, parse};
#[cfg(feature = "entities")]
use settle_core::scenario::{NsRecord, NsRun};
use settle_core::{
    ClientId, Duration, Event, Glance, InHand, Instant, Listing, LockToken, MessageState,
    MessageView, NewMessage, Op, Outcome, PropValue, QueuePatch, ReceiveMode, SessionHold,
    SubQueue, Target, Text, World,
};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::rc::Rc;

/// How many log lines are kept.
pub const LOG_CAP: usize = 300;
thread_local! {
    static PAGE_BUDGET: Cell<Budget> = const { Cell::new(Budget::DEFAULT) };
}

/// Lowers the work budget (trace records) of every run the page starts from now on: the
/// page's `?budget=N`, for trying a heavy scenario in small steps (and for the test of what
/// the page does over its budget). It never rises above [`Budget::DEFAULT`].
pub fn limit_budget(max_records: u64) {
    PAGE_BUDGET.set(Budget {
        max_records: max_records.min(Budget::DEFAULT.max_records),
        ..Budget::DEFAULT
    });
}

/// How many held deliveries a receiver's panel lists (the stage draws them all).
pub const HELD_ROWS: usize = 50;
/// How many messages a lane draws; the rest are summarised as a count.
pub const LANE_CAP: usize = 40;
/// The bound on one frame's catch-up, so a huge jump cannot freeze the page.
const MAX_JUMP_MS: u64 = 24 * 3_600_000;

/// The scenario a fresh page starts with.
pub const WELCOME: &str = r#"{
  "settle": 1,
  "title": "Your first lock",
  "description": "S1 has sent two orders. R1 holds m1 under a 30-second lock: complete it before the lock runs out, or watch it come back with a higher delivery count. After 3 failed deliveries a message goes to the dead-letter queue.",
  "seed": 1,
  "queue": { "lock_duration_ms": 30000, "max_delivery_count": 3 },
  "script": [
    { "at_ms": 0, "do": "send", "by": "S1", "id": "m1", "body": "order #1" },
    { "at_ms": 0, "do": "send", "by": "S1", "id": "m2", "body": "order #2" },
    { "at_ms": 500, "do": "receive", "by": "R1" }
  ]
}"#;

/// One message as a lane shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Row {
    pub seq: u64,
    /// What the stage and the inspector know it by (`seq`, or in a document with `entities`
    /// the entity's and its sequence number together).
    pub key: u64,
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

fn event_seq(e: &Event) -> Option<u64> {
    use settle_core::EventKind as K;
    match &e.kind {
        K::Enqueued { seq, .. }
        | K::Activated { seq, .. }
        | K::Locked { seq, .. }
        | K::LockExpired { seq, .. }
        | K::LockLost { seq, .. }
        | K::Abandoned { seq, .. }
        | K::Deferred { seq, .. }
        | K::DeadLettered { seq, .. } => Some(*seq),
        _ => None,
    }
}

/// A log line with the virtual instant (ms) of what it tells, and whether it is an error.
type Told = (u64, String, bool);

/// Narrates a batch of events instant by instant, each line stamped with its instant.
fn narrate_by_instant(w: &World, batch: &[Event], out: &mut Vec<(u64, String, bool)>) {
    for group in batch.chunk_by(|a, b| a.at == b.at) {
        let at = group.first().map_or(0, |e| ms(e.at));
        out.extend(narrate(w, group).into_iter().map(|l| (at, l, false)));
    }
}

/// The log's line for a person's step: a refusal, or what a receive or peek found.
fn person_line(step: &Step, r: &Result<Outcome, settle_core::Error>) -> Option<(String, bool)> {
    let by = &step.by;
    match (&step.op, r) {
        (_, Err(e)) => Some((format!("{by}: {}: {}", e.kind.name(), e.message), true)),
        (Op::Receive { .. }, Ok(Outcome::Messages(ms))) if ms.is_empty() => Some((
            format!("{by} asked for a message: nothing was available."),
            false,
        )),
        (Op::Peek { from, .. }, Ok(Outcome::Messages(ms))) => Some((
            format!(
                "{by} peeked {} message(s) from the {}: nothing was locked or counted.",
                ms.len(),
                if *from == SubQueue::Main {
                    "queue"
                } else {
                    "dead-letter queue"
                }
            ),
            false,
        )),
        _ => None,
    }
}

/// One lane: the first rows and the total.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lane {
    pub total: usize,
    pub rows: Vec<Row>,
}

/// A delivery a receiver holds (or held: its lock may be gone).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeldRow {
    /// What the page knows it by (the stage's number: in a document with `entities`
    /// [`entity_seq`]); `seq` is the entity's own.
    pub key: u64,
    pub seq: u64,
    pub id: String,
    /// DeliveryCount as the receiver got it (h+1).
    pub delivery_count: u32,
    pub deferred: bool,
    pub from_dlq: bool,
    /// `Some(virtual ms)` when the lock runs out while it is valid; `None` once it is lost.
    /// The time left is not part of the row: the page draws it from the clock
    /// ([`crate::ui::paint_locks`]), so that a row changes only when its message does.
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
    pub seq: u64,
    pub id: String,
    /// The receiver that has it in hand (it can settle it, or learn that it cannot).
    pub held_by: Option<String>,
    /// The broker's own properties of the message.
    pub fields: Vec<(&'static str, String)>,
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

/// What the page keeps of a receiver beside what the world says it has in hand: the
/// deliveries the person dismissed (by lock token: a new delivery shows again), the last
/// received-and-deleted messages and the last peek, and its last error.
#[derive(Clone, Debug, Default)]
struct ReceiverState {
    dismissed: BTreeSet<LockToken>,
    deleted: Vec<MessageView>,
    peeked: Vec<MessageView>,
    error: Option<String>,
}

/// A settlement a person can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    Complete,
    Abandon,
    DeadLetter,
    Defer,
    Renew,
}

/// What the send form holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SendForm {
    pub id: String,
    pub body: String,
    pub ttl_ms: String,
    pub session_id: String,
    pub delay_ms: String,
    pub properties: String,
    pub presettled: bool,
    /// In a document with `entities`: the queue or topic to send to (empty: the sender's own,
    /// [`SenderView::to`]).
    pub to: String,
}

/// What a seek restores: the run and everything the page shows that follows from it (the
/// log, what each receiver holds, the highlights, links that ended). Snapshots of it are the
/// time-travel checkpoints.
#[derive(Clone, Debug)]
struct Live {
    run: Run,
    log: VecDeque<LogLine>,
    log_n: u64,
    rstate: BTreeMap<String, ReceiverState>,
    /// When something last happened to each message (for the highlight), pruned as time passes.
    touched: BTreeMap<u64, Instant>,
    /// Receivers whose link ended, and how.
    links: BTreeMap<String, Link>,
    /// A document with `entities`: its run (`run` above then plays an empty queue that only
    /// keeps the clock, so the clock, the time travel and the log work as for one queue).
    ns: Option<Box<NsLive>>,
}

/// The run of a document with `entities` (`scenario-format-entities.md`), and why it stopped.
#[derive(Clone, Debug)]
struct NsLive {
    run: NsRun,
    /// Why the run stopped for good (its work budget ran out), and the virtual time it did.
    stopped: Option<(String, Instant)>,
    /// Messages a topic dropped in the last [`RECENT_MS`] (no subscription took them): when,
    /// the topic, its sequence number and the MessageId (the stage shows them for a moment).
    dropped: Vec<(Instant, Text, u64, Text)>,
}

impl Live {
    /// The person acted: the run plays `steps` from here on (time travel's fork).
    fn replace_steps(&mut self, steps: &Rc<[Step]>) {
        match &mut self.ns {
            Some(ns) => ns.run.replace_steps(Rc::clone(steps)),
            None => self.run.replace_steps(Rc::clone(steps)),
        }
    }

    /// The script being played and the index of its next step.
    fn script(&self) -> (&[Step], usize) {
        match &self.ns {
            Some(ns) => (ns.run.steps(), ns.run.next_step()),
            None => (self.run.steps(), self.run.next_step()),
        }
    }
}

/// What the timeline marks (`settle_core::scenario::lesson::MARKER_KINDS`, in five groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MarkKind {
    /// A message stored by the queue.
    Send,
    /// A lock that expired (or was lost with the entity's settings).
    Expiry,
    /// An abandon.
    Abandon,
    /// A move to the dead-letter queue.
    DeadLetter,
    /// A settlement that ends or parks a delivery: complete, receive-and-delete, defer.
    Settle,
}

impl MarkKind {
    /// Every group, in the legend's order.
    pub const ALL: [Self; 5] = [
        Self::Send,
        Self::Expiry,
        Self::Abandon,
        Self::DeadLetter,
        Self::Settle,
    ];

    fn of(event: &str) -> Option<Self> {
        if !settle_core::scenario::lesson::MARKER_KINDS.contains(&event) {
            return None;
        }
        Some(match event {
            "enqueued" => Self::Send,
            "lock_expired" | "lock_lost" => Self::Expiry,
            "abandoned" => Self::Abandon,
            "dead_lettered" => Self::DeadLetter,
            _ => Self::Settle,
        })
    }

    /// The legend's words for `n` of them.
    pub fn counted(self, n: usize) -> String {
        let one = match self {
            Self::Send => "send",
            Self::Expiry => "lock expiry",
            Self::Abandon => "abandon",
            Self::DeadLetter => "dead-letter move",
            Self::Settle => "settlement",
        };
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {}", self.label())
        }
    }

    /// The legend's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::Send => "sends",
            Self::Expiry => "lock expiries",
            Self::Abandon => "abandons",
            Self::DeadLetter => "dead-letter moves",
            Self::Settle => "settlements",
        }
    }
}

/// A moment on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    pub t_ms: u64,
    pub kind: MarkKind,
    pub id: String,
}

impl Marker {
    fn of(event: &Event, kind: MarkKind) -> Self {
        Self {
            t_ms: ms(event.at),
            kind,
            id: event.kind.id().map(ToString::to_string).unwrap_or_default(),
        }
    }
}

/// The whole story as far as it is known: a second run of the same script played ahead to
/// the scenario's end (or as far as the page has been), for the timeline's markers and for
/// stepping back. Deterministic, so it is what the page's own run does at each time.
#[derive(Clone, Debug)]
struct Story {
    run: Run,
    /// The markers, each with the number of records before it.
    marks: Vec<(u64, Marker)>,
    /// Instants at which a step ran or the broker did something, with the records before.
    busy: Vec<(u64, u64)>,
}

/// Takes note of record `n` of a story: a marker for what the timeline marks, the instant
/// if a step ran or the broker did something.
fn note(marks: &mut Vec<(u64, Marker)>, busy: &mut Vec<(u64, u64)>, n: &mut u64, r: &Record<'_>) {
    let t = match r {
        Record::Event { event, .. } => {
            if let Some(kind) = MarkKind::of(event.kind.name()) {
                marks.push((*n, Marker::of(event, kind)));
            }
            Some(ms(event.at))
        }
        Record::Step { step, .. } => Some(ms(step.at)),
        Record::Actor { .. } => None,
    };
    if let Some(t) = t
        && busy.last().is_none_or(|&(b, _)| b != t)
    {
        busy.push((t, *n));
    }
    *n += 1;
}

impl Story {
    fn new(run: Run) -> Self {
        Self {
            run,
            marks: Vec::new(),
            busy: Vec::new(),
        }
    }

    /// Plays the story on to `to`, producing at most about `max_records` records (at most a
    /// day further per call; bounded by the run's work budget).
    fn extend(&mut self, to: Instant, max_records: u64) {
        let now = self.run.world().queue().now();
        let to = to.min(now + Duration::from_millis(MAX_JUMP_MS));
        let mut n = self.run.records();
        let (marks, busy) = (&mut self.marks, &mut self.busy);
        let _ = self
            .run
            .advance_until(to, max_records, &mut |_: &World, r: Record<'_>| {
                note(marks, busy, &mut n, &r);
            });
    }

    /// The markers and busy instants of a document with `entities`, from a run of it to its
    /// end (the story's own run is the empty clock queue).
    #[cfg(not(feature = "entities"))]
    fn entity_marks(&mut self, _: &Scenario) {}

    #[cfg(feature = "entities")]
    fn entity_marks(&mut self, sc: &Scenario) {
        let mut n = 0;
        let (marks, busy) = (&mut self.marks, &mut self.busy);
        let _ = NsRun::new(sc).finish_records(&mut |r: NsRecord<'_>, _: &_, _: &str| {
            note(marks, busy, &mut n, &r.record);
        });
    }

    /// The history changed after `from` (a person acted): the story goes on from there.
    fn fork(&mut self, from: &Run) {
        let n = from.records();
        self.marks.retain(|(r, _)| *r < n);
        self.busy.retain(|(r, _)| *r < n);
        self.run = from.clone();
    }

    fn now(&self) -> Instant {
        self.run.world().queue().now()
    }
}

/// Records between time-travel snapshots while the page plays (a seek replays at most this
/// many, plus one slice).
const EVERY_RECORDS: u64 = 250;
/// Records the timeline's story plays on per advance when it lags behind.
const STORY_SLICE: u64 = 2_000;
/// The most a seek replays in quiet stretches (virtual ms between snapshots).
const EVERY_MS: u64 = timetravel::EVERY_MS;

pub struct Sim {
    scenario: Scenario,
    live: Live,
    /// Snapshots of `live` while playing, to go back and forth (time travel).
    history: Checkpoints<Live>,
    /// Steps the person added, in time order: a script the run plays merged with the
    /// scenario's own (`timetravel::record`).
    recorded: Vec<Step>,
    /// Indices of the person's steps in the run's script.
    person: Vec<usize>,
    /// A replay after acting: no stage cues before the person's new step (index), whose
    /// result is kept here.
    quiet_until: Option<usize>,
    quiet_all: bool,
    result: Option<Result<Outcome, settle_core::Error>>,
    story: Story,
    /// Where the story should reach: the scenario's end, or as far as the page has been.
    story_target: Instant,
    /// Counts changes of the story's markers.
    story_gen: u64,
    /// Records since the last time-travel snapshot, and its virtual time (ms).
    since_note: u64,
    noted_at: u64,
    sends: u64,
    senders: Vec<String>,
    sender_errors: BTreeMap<String, String>,
    receivers: Vec<String>,
    selected: Option<u64>,
    /// In a document with `entities`: each receiver's receive entity (rule 3 of the format:
    /// one per client; a new receiver's is chosen until it first acts) and each sender's
    /// queue or topic (the one its script or actor names first; the form can choose another).
    receive_of: BTreeMap<String, String>,
    send_to: BTreeMap<String, String>,
    /// The receivers whose receive entity the scenario names (the person cannot change it).
    fixed_from: Vec<String>,
    /// The receive entities the person's steps gave other clients when the page last acted
    /// ([`Sim::inferred_entities`]): the script the page plays addresses their steps there.
    inferred: BTreeMap<String, String>,
    /// Counts changes the stage can see (events, actions, clients added or removed).
    generation: u64,
    /// What happened since the stage last looked that positions alone do not tell.
    cues: Vec<Cue>,
}

fn ms(t: Instant) -> u64 {
    t.as_millis()
}

fn parse_ms(field: &str, s: &str) -> Result<Option<u64>, String> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<u64>()
        .map(Some)
        .map_err(|_| format!("{field}: \"{s}\" is not a whole number of milliseconds"))
}

/// `key=value` lines (numbers and true/false are typed, the rest are strings).
pub fn parse_properties(s: &str) -> Result<settle_core::Properties, String> {
    let mut out = BTreeMap::new();
    for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (k, v) = line
            .split_once('=')
            .ok_or_else(|| format!("properties: \"{line}\" is not key=value"))?;
        let (k, v) = (k.trim(), v.trim());
        if k.is_empty() {
            return Err(format!("properties: \"{line}\" has no key"));
        }
        let value = if let Ok(i) = v.parse::<i64>() {
            PropValue::Int(i)
        } else if let Some(f) = settle_core::scenario::parse_f64(v) {
            PropValue::Float(f)
        } else if v == "true" || v == "false" {
            PropValue::Bool(v == "true")
        } else {
            PropValue::Str(v.into())
        };
        out.insert(Text::from(k), value);
    }
    Ok(Rc::new(out))
}

/// The receive-side ops that name their receive path (`from`); the others (settlement,
/// `close`, `disconnect`) act on the client's receive entity.
fn carries_address(op: &Op) -> bool {
    settle_core::scenario::receive_path(op).is_some()
}

/// `steps` with every unaddressed receive-side step of a client in `of` addressed to its
/// entity there (rule 3).
fn readdress(steps: Rc<[Step]>, of: &BTreeMap<String, String>) -> Rc<[Step]> {
    if of.is_empty() {
        return steps;
    }
    steps
        .iter()
        .map(|s| {
            let mut s = s.clone();
            if s.entity.is_none()
                && is_receive_side(&s.op)
                && !matches!(s.op, Op::Entity { .. })
                && let Some(e) = of.get(&*s.by)
            {
                s.entity = Some(Text::from(e.as_str()));
            }
            s
        })
        .collect()
}

fn is_receive_side(op: &Op) -> bool {
    !matches!(
        op,
        Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. } | Op::UpdateQueue(_)
    )
}

impl Sim {
    /// A playground running this scenario from time zero.
    pub fn new(scenario: Scenario) -> Self {
        let mut senders = Vec::new();
        let mut receivers = Vec::new();
        // An entity's operator (`update_entity`, rules) is neither sender nor receiver.
        for s in scenario
            .script
            .iter()
            .filter(|s| !matches!(s.op, Op::Entity { .. }))
        {
            let list = if is_receive_side(&s.op) {
                &mut receivers
            } else {
                &mut senders
            };
            if !list.contains(&s.by.to_string()) {
                list.push(s.by.to_string());
            }
        }
        for a in &scenario.actors {
            let (list, name) = match a {
                settle_core::actors::ActorSpec::Sender(x) => (&mut senders, x.name.to_string()),
                settle_core::actors::ActorSpec::Receiver(x) => (&mut receivers, x.name.to_string()),
            };
            if !list.contains(&name) {
                list.push(name);
            }
        }
        // Where each client of a document with `entities` sends and receives.
        let (mut receive_of, mut send_to) = (BTreeMap::new(), BTreeMap::new());
        let addressed =
            scenario
                .script
                .iter()
                .filter(|s| !matches!(s.op, Op::Entity { .. }))
                .filter_map(|s| Some((&s.by, is_receive_side(&s.op), s.entity.as_ref()?)))
                .chain(scenario.actors.iter().zip(&scenario.actor_entities).map(
                    |(a, e)| match a {
                        settle_core::actors::ActorSpec::Sender(x) => (&x.name, false, e),
                        settle_core::actors::ActorSpec::Receiver(x) => (&x.name, true, e),
                    },
                ));
        for (by, receives, e) in addressed {
            let map = if receives {
                &mut receive_of
            } else {
                &mut send_to
            };
            map.entry(by.to_string()).or_insert_with(|| e.to_string());
        }
        // Someone to act with on one queue; a document with `entities` shows the clients its
        // story names (and those the person adds).
        if scenario.entities.is_none() {
            if senders.is_empty() {
                senders.push("S1".into());
            }
            if receivers.is_empty() {
                receivers.push("R1".into());
            }
        }
        // A document with `entities` plays in an NsRun; its `run` is an empty queue's clock.
        let (run, ns) = match &scenario.entities {
            #[cfg(feature = "entities")]
            Some(_) => {
                let clock = Scenario {
                    entities: None,
                    raw_entities: None,
                    script: Vec::new(),
                    actors: Vec::new(),
                    actor_entities: Vec::new(),
                    ..scenario.clone()
                };
                let ns = NsLive {
                    run: NsRun::with_budget(&scenario, PAGE_BUDGET.get()),
                    stopped: None,
                    dropped: Vec::new(),
                };
                (Run::new(&clock), Some(Box::new(ns)))
            }
            // Without the feature the parser refuses entities: no document here has any.
            _ => (Run::with_budget(&scenario, PAGE_BUDGET.get()), None),
        };
        // A receiver whose script names no receive entity (it only settles or closes) receives
        // from the first queue or subscription until the person chooses another.
        let fixed_from: Vec<String> = receive_of.keys().cloned().collect();
        if let Some(first) = ns.as_deref().and_then(first_receive_path) {
            for r in &receivers {
                receive_of
                    .entry(r.clone())
                    .or_insert_with(|| first.to_string());
            }
        }
        let live = Live {
            run,
            ns,
            log: VecDeque::new(),
            log_n: 0,
            // Inserted one by one: collecting sorts first, a sort instance of its own.
            rstate: receivers.iter().fold(BTreeMap::new(), |mut m, r| {
                m.insert(r.clone(), ReceiverState::default());
                m
            }),
            touched: BTreeMap::new(),
            links: BTreeMap::new(),
        };
        let mut sim = Self {
            history: Checkpoints::new(live.clone(), EVERY_RECORDS, EVERY_MS),
            story: Story::new(live.run.clone()),
            story_target: scenario.run_until,
            story_gen: 0,
            since_note: 0,
            noted_at: 0,
            live,
            scenario,
            recorded: Vec::new(),
            person: Vec::new(),
            quiet_until: None,
            quiet_all: false,
            result: None,
            sends: 0,
            senders,
            sender_errors: BTreeMap::new(),
            receivers,
            selected: None,
            fixed_from,
            inferred: BTreeMap::new(),
            receive_of,
            send_to,
            generation: 0,
            cues: Vec::new(),
        };
        sim.sends = sim
            .scenario
            .script
            .iter()
            .filter(|s| matches!(s.op, Op::Send { .. } | Op::Schedule { .. }))
            .count() as u64;
        sim.story.extend(sim.scenario.run_until, u64::MAX);
        if sim.live.ns.is_some() {
            sim.story.entity_marks(&sim.scenario);
        }
        sim.advance_to(Instant::ZERO);
        sim
    }

    /// The welcome scenario.
    pub fn welcome() -> Self {
        Self::new(parse(WELCOME).expect("invariant: the welcome scenario is valid"))
    }

    /// A built-in preset.
    pub fn preset(name: &str) -> Result<Self, String> {
        let text = settle_core::scenario::presets::preset(name)
            .ok_or_else(|| format!("there is no preset \"{name}\""))?;
        Self::load(text)
    }

    /// Parses a scenario document into a fresh playground; on error nothing changes.
    pub fn load(text: &str) -> Result<Self, String> {
        match parse(text) {
            Ok(sc) => Ok(Self::new(sc)),
            Err(e) => Err(format!("error: {e}")),
        }
    }

    fn world(&self) -> &World {
        self.live.run.world()
    }

    pub fn now(&self) -> Instant {
        self.world().queue().now()
    }

    fn push_log(&mut self, text: String, error: bool) {
        self.push_log_at(ms(self.now()), text, error);
    }

    /// A log line stamped with the virtual instant it happened at (not the frame's).
    fn push_log_at(&mut self, t_ms: u64, text: String, error: bool) {
        self.live.log_n += 1;
        self.live.log.push_back(LogLine {
            n: self.live.log_n,
            t_ms,
            text,
            error,
        });
        while self.live.log.len() > LOG_CAP {
            self.live.log.pop_front();
        }
    }

    /// Advances virtual time to `t` (at most a day in one call), running script steps and
    /// broker deadlines on the way, narrating what happened.
    pub fn advance_to(&mut self, t: Instant) {
        // Unbounded in records; a run over its work budget stops, and `stopped` says why.
        let _ = self.advance_slice(t, u64::MAX);
    }

    /// Advances toward `t` (at most a day ahead), producing at most about `max_records`
    /// records: `Ok(true)` when `t` was reached, `Ok(false)` when there is more to do (call
    /// again: the page slices long advances into short tasks), `Err` with the reason when the
    /// run's work budget ran out (the state so far is kept; nothing more runs). Takes the
    /// time-travel snapshots on the way.
    pub fn advance_slice(&mut self, t: Instant, max_records: u64) -> Result<bool, String> {
        let t = t.min(self.now() + Duration::from_millis(MAX_JUMP_MS));
        let mut left = max_records;
        loop {
            let before = self.live.run.records();
            let r = self.advance_chunk(t, left.min(EVERY_RECORDS));
            let n = self.live.run.records() - before;
            // A snapshot costs a copy of the live state: in a crowded queue they are taken
            // further apart (at least twice as many records as messages held), so that
            // snapshotting never costs more than replaying. A quiet stretch (EVERY_MS of
            // virtual time) takes one too, where a copy is cheap (no more messages held than
            // EVERY_RECORDS / 2); not in a crowded queue, where replaying costs by the
            // records, whatever time they span: at 100× with 10,000 messages held, one a
            // minute of virtual time was a copy of them all every 0.6–0.8 s of real time, each
            // a long frame.
            self.since_note += n;
            let due = EVERY_RECORDS.max(2 * self.live.run.world().queue().len() as u64);
            let quiet =
                due == EVERY_RECORDS && ms(self.now()).saturating_sub(self.noted_at) >= EVERY_MS;
            if self.since_note >= due || quiet {
                let live = &self.live;
                let before = self.history.len();
                self.history
                    .note(self.now(), self.since_note, || live.clone());
                self.since_note = 0;
                if self.history.len() != before {
                    self.noted_at = ms(self.now());
                }
            }
            left = left.saturating_sub(n.max(1));
            match r {
                Ok(true) => {
                    self.follow_story(STORY_SLICE);
                    return Ok(true);
                }
                Ok(false) if left > 0 => {}
                other => return other,
            }
        }
    }

    fn advance_chunk(&mut self, t: Instant, max_records: u64) -> Result<bool, String> {
        if self.live.ns.is_some() {
            self.advance_entities(t);
            // Over its work budget the run stops where it ran out, as a one-queue run does:
            // the clock goes no further, and the page says why.
            if let Some((why, at)) = self.live.ns.as_ref().and_then(|ns| ns.stopped.clone()) {
                let _ = self
                    .live
                    .run
                    .advance_until(at.min(t), u64::MAX, &mut |_, _| {});
                return Err(why);
            }
        }
        let mut batch: Vec<Event> = Vec::new();
        // Each event, and whether it is cued to the stage.
        let mut seen: Vec<(Event, bool)> = Vec::new();
        let mut steps: Vec<(String, Op, Result<Outcome, settle_core::Error>)> = Vec::new();
        // Each line with the virtual instant of what it tells.
        let mut lines: Vec<(u64, String, bool)> = Vec::new();
        let person = &self.person;
        let (quiet_until, quiet_all) = (&mut self.quiet_until, self.quiet_all);
        let result = &mut self.result;
        let progress =
            self.live
                .run
                .advance_until(t, max_records, &mut |w: &World, r: Record<'_>| match r {
                    Record::Event { event, .. } => {
                        seen.push((event.clone(), !quiet_all && quiet_until.is_none()));
                        batch.push(event.clone());
                    }
                    Record::Actor { act } => {
                        narrate_by_instant(w, &batch, &mut lines);
                        batch.clear();
                        if let Some(l) = narrate_act(act) {
                            lines.push((
                                ms(w.queue().now()),
                                l,
                                matches!(act.result, Some(Err(_))),
                            ));
                        }
                        steps.push((
                            act.by.to_string(),
                            act.op.clone(),
                            act.result.clone().unwrap_or(Ok(Outcome::Done)),
                        ));
                    }
                    Record::Step {
                        step,
                        result: res,
                        index,
                    } => {
                        // Narrate what came before this step first, so the log keeps its order.
                        narrate_by_instant(w, &batch, &mut lines);
                        batch.clear();
                        let at = step.at.as_millis();
                        if person.binary_search(&index).is_ok() {
                            if let Some((l, e)) = person_line(step, res) {
                                lines.push((at, l, e));
                            }
                        } else if let Err(e) = res {
                            lines.push((at, format!("{} (script): {e}", step.by), true));
                        }
                        if *quiet_until == Some(index) {
                            *quiet_until = None;
                            *result = Some(res.clone());
                        }
                        steps.push((step.by.to_string(), step.op.clone(), res.clone()));
                    }
                });
        narrate_by_instant(self.live.run.world(), &batch, &mut lines);
        for (e, cue) in &seen {
            self.observe(e, *cue);
        }
        let now = self.now();
        self.live
            .touched
            .retain(|_, at| now.saturating_since(*at).as_millis() < RECENT_MS);
        for (at, l, e) in lines {
            self.push_log_at(at, l, e);
        }
        if !seen.is_empty() || !steps.is_empty() {
            self.generation += 1;
        }
        for (by, op, result) in steps {
            self.track(&by, &op, result.as_ref().ok());
        }
        match progress {
            Ok(Progress::Reached) => Ok(true),
            Ok(Progress::Paused { .. }) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Plays a document with `entities` on to `t` (all of it: its run has no slices), each
    /// log line naming the entity it happened in.
    fn advance_entities(&mut self, t: Instant) {
        let person = &self.person;
        let (quiet_until, quiet_all) = (&mut self.quiet_until, self.quiet_all);
        let result = &mut self.result;
        let Some(ns) = self.live.ns.as_deref_mut() else {
            return;
        };
        if ns.stopped.is_some() {
            return;
        }
        // Events (to narrate together, as one queue's are) and the lines of steps and actors.
        let mut items: Vec<(Text, Result<Event, Told>)> = Vec::new();
        // Which items are a subscription's copy of a topic's message, and which events are not
        // cued to the stage (a seek, or the replay before the person's new step).
        let (mut copies, mut quiet) = (BTreeSet::new(), BTreeSet::new());
        // What each client did, for what its panel remembers (`track`).
        let mut steps: Vec<(String, Op, Result<Outcome, settle_core::Error>)> = Vec::new();
        let ran = ns
            .run
            .advance_records(t, &mut |r: NsRecord<'_>, _: &_, _: &str| {
                let entity = r.entity.cloned().unwrap_or_default();
                if r.copy.is_some() {
                    copies.insert(items.len());
                }
                match r.record {
                    Record::Event { event, .. } => {
                        if quiet_all || quiet_until.is_some() {
                            quiet.insert(items.len());
                        }
                        items.push((entity, Ok(event.clone())));
                    }
                    Record::Actor { act } => {
                        if let Some(l) = narrate_act(act) {
                            let e = matches!(act.result, Some(Err(_)));
                            items.push((entity, Err((ms(act.at), l, e))));
                        }
                        let res = act.result.clone().unwrap_or(Ok(Outcome::Done));
                        steps.push((act.by.to_string(), act.op.clone(), res));
                    }
                    Record::Step {
                        step,
                        result: res,
                        index,
                    } => {
                        let at = ms(step.at);
                        if person.binary_search(&index).is_ok() {
                            if let Some((l, e)) = person_line(step, res) {
                                items.push((entity, Err((at, l, e))));
                            }
                        } else if let Err(e) = res {
                            let l = format!("{} (script): {e}", step.by);
                            items.push((entity, Err((at, l, true))));
                        }
                        if *quiet_until == Some(index) {
                            *quiet_until = None;
                            *result = Some(res.clone());
                        }
                        steps.push((step.by.to_string(), step.op.clone(), res.clone()));
                    }
                }
            });
        if let Err(e) = ran {
            ns.stopped = Some((e.to_string(), e.at));
        }
        let paths = ns.run.namespace().paths();
        let index = |path: &str| paths.iter().position(|p| &**p == path).unwrap_or(0);
        // What the stage is told: each event, its client's name, its entity's number and the
        // topic a copy came from.
        let mut seen = Vec::new();
        for (n, (entity, item)) in items.iter().enumerate() {
            let Ok(e) = item else { continue };
            if let settle_core::EventKind::Published {
                seq,
                id,
                subscriptions,
            } = &e.kind
                && subscriptions.is_empty()
            {
                ns.dropped.push((e.at, entity.clone(), *seq, id.clone()));
            }
            if let Some(w) = ns.run.namespace().world(entity) {
                let by = e.kind.by().map(|c| w.name(c).to_string());
                let topic = copies
                    .contains(&n)
                    .then(|| index(settle_core::namespace::topic_of(entity)));
                let cue = !quiet.contains(&n);
                seen.push((e.clone(), by.unwrap_or_default(), index(entity), topic, cue));
            }
        }
        let now = ns.run.namespace().now();
        let dropped = ns.dropped.len();
        ns.dropped
            .retain(|(at, ..)| now.saturating_since(*at).as_millis() < RECENT_MS);
        // A dropped message leaving the topic changes the stage with no event, a peek with
        // no line either.
        let changed = !items.is_empty() || !steps.is_empty() || ns.dropped.len() != dropped;
        let ns = &ns.run;
        let mut lines = Vec::new();
        for group in items.chunk_by(|a, b| a.0 == b.0 && a.1.is_ok() && b.1.is_ok()) {
            let entity = &group[0].0;
            let named = |l: String| {
                if entity.is_empty() {
                    l
                } else {
                    format!("{entity}: {l}")
                }
            };
            let mut batch = Vec::new();
            for (_, item) in group {
                match item {
                    Ok(e) => batch.push(e.clone()),
                    Err((at, l, e)) => lines.push((*at, named(l.clone()), *e)),
                }
            }
            if let Some(w) = ns.namespace().world(entity) {
                let mut told = Vec::new();
                narrate_by_instant(w, &batch, &mut told);
                lines.extend(told.into_iter().map(|(at, l, e)| (at, named(l), e)));
            }
        }
        if changed {
            self.generation += 1;
        }
        for (at, l, e) in lines {
            self.push_log_at(at, l, e);
        }
        for (by, op, result) in steps {
            self.track(&by, &op, result.as_ref().ok());
        }
        for (e, by, i, topic, cue_it) in seen {
            match (&e.kind, topic) {
                // A copy travels from its sender through its topic (`by` names the sender).
                (settle_core::EventKind::Enqueued { seq, .. }, Some(topic)) => {
                    let seq = entity_seq(i, *seq);
                    self.live.touched.insert(seq, e.at);
                    let topic = u16::try_from(topic).unwrap_or(u16::MAX);
                    let sender = self.sender_slot(&by);
                    self.cue(Cue::Routed { seq, topic, sender }, cue_it);
                }
                _ => self.observe_as(&e, by, |seq| entity_seq(i, seq), cue_it),
            }
        }
    }

    /// Why the run stopped for good (its work budget ran out), if it did.
    pub fn stopped(&self) -> Option<String> {
        if let Some(ns) = &self.live.ns {
            return ns.stopped.as_ref().map(|(why, _)| why.clone());
        }
        self.live.run.exceeded().map(ToString::to_string)
    }

    /// Whether the loaded document has `entities` (the page plays it; the person watches).
    pub fn has_entities(&self) -> bool {
        self.live.ns.is_some()
    }

    /// The stage's slot of sender `by`, if it is on the stage.
    fn sender_slot(&self, by: &str) -> Option<u16> {
        self.senders
            .iter()
            .position(|s| s == by)
            .map(|i| u16::try_from(i).unwrap_or(u16::MAX))
    }

    /// Takes note of one broker event: the highlight, the stage's cues, links that ended.
    fn observe(&mut self, e: &Event, cue_it: bool) {
        let by = e
            .kind
            .by()
            .map(|c| self.live.run.world().name(c).to_string());
        self.observe_as(e, by.unwrap_or_default(), |seq| seq, cue_it);
    }

    /// As [`observe`](Self::observe), with the client's name (`by`) and the stage's number
    /// for each sequence number (`key`) given (a document with `entities` numbers apart).
    fn observe_as(&mut self, e: &Event, by: String, key: impl Fn(u64) -> u64, cue_it: bool) {
        use settle_core::EventKind as K;
        if let Some(seq) = event_seq(e) {
            self.live.touched.insert(key(seq), e.at);
        }
        let cue = match &e.kind {
            K::Enqueued { seq, .. } => self.sender_slot(&by).map(|sender| Cue::Sent {
                seq: key(*seq),
                sender,
            }),
            K::Activated {
                seq, scheduled_seq, ..
            } => Some(Cue::Renumbered {
                from: key(*scheduled_seq),
                to: key(*seq),
            }),
            K::LockExpired { seq, .. } => Some(Cue::LockBroke { seq: key(*seq) }),
            K::Completed { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Completed,
            }),
            K::Expired { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Expired,
            }),
            K::Cancelled { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Cancelled,
            }),
            K::ReceivedAndDeleted { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Done,
            }),
            K::Locked { .. } => {
                self.live.links.remove(&by);
                None
            }
            K::LinkClosed { cause, .. } => {
                let link = if *cause == settle_core::LockLossCause::Closed {
                    Link::Closed
                } else {
                    Link::Crashed
                };
                self.live.links.insert(by, link);
                None
            }
            _ => None,
        };
        if let Some(c) = cue {
            self.cue(c, cue_it);
        }
    }

    /// Tells the stage `c` (when `cue_it`).
    fn cue(&mut self, c: Cue, cue_it: bool) {
        if cue_it {
            // Bounded: a stage that never looks (a hidden tab) keeps only the latest.
            if self.cues.len() >= 4_096 {
                self.cues.drain(..2_048);
            }
            self.cues.push(c);
        }
    }

    /// Runs one action of the person's now, and records it as a script step. At one instant
    /// script steps run before the actors (as `settle run` plays the exported document), so
    /// the action is replayed from the last snapshot before now with the step in the script:
    /// what the page shows after acting is what the export replays to. Acting after going
    /// back forks the story: the person's steps after now are dropped. A refusal is shown
    /// where it happened and in the log; nothing else changes.
    fn act(&mut self, by: &str, op: Op) -> Result<Outcome, String> {
        // An op that names its receive path goes to the chosen (or first) one; a settlement,
        // close or disconnect carries no address and acts on the client's receive entity only
        // once one is settled (rule 3), else nowhere: as the exported document replays.
        let entity = if !self.has_entities() {
            None
        } else if matches!(op, Op::UpdateQueue(_)) {
            return Err(
                "a document with entities changes them by update_entity steps, not the queue settings"
                    .into(),
            );
        } else if carries_address(&op) {
            Some(self.receive_entity(by)?)
        } else if self.receive_fixed(by) {
            self.receive_of.get(by).map(|p| Text::from(p.as_str()))
        } else {
            None
        };
        self.act_in(by, op, entity)
    }

    /// As [`act`](Self::act), in a document with `entities` addressed to `entity`: the queue
    /// or topic of a send, else the client's receive entity.
    fn act_in(&mut self, by: &str, op: Op, entity: Option<Text>) -> Result<Outcome, String> {
        let t = self.now();
        let (steps, person) = timetravel::record(
            &self.scenario.script,
            &mut self.recorded,
            t,
            (by, entity),
            op,
        );
        // Rule 3 gives a client's unaddressed steps (settlement, close) its receive entity. A
        // client the scenario names none for gets one from the person's steps: its other steps
        // (the scenario's and the person's) address it too, as the exported document will
        // say. When that changes (an entity chosen, or dropped by a fork), the page replays
        // from the start.
        let inferred = self.inferred_entities();
        let steps = readdress(steps, &inferred);
        let from = if inferred == self.inferred {
            t
        } else {
            Instant::ZERO
        };
        self.inferred = inferred;
        let index = *person
            .last()
            .expect("invariant: the new step is the person's last");
        self.person = person;
        self.history
            .fork(from, |l: &mut Live| l.replace_steps(&steps));
        self.live = self.history.at_or_before(from, true).1.clone();
        self.since_note = 0;
        self.noted_at = ms(self.live.run.world().queue().now());
        self.story.fork(&self.live.run);
        if self.has_entities() {
            // The timeline's markers of the new story, from a run of it to its end.
            let sc = Scenario {
                script: steps.to_vec(),
                run_until: self.scenario.run_until.max(t),
                ..self.scenario.clone()
            };
            self.story.entity_marks(&sc);
        }
        self.quiet_until = Some(index);
        self.result = None;
        self.play_to(t);
        self.quiet_until = None;
        self.story_gen += 1;
        self.follow_story(STORY_SLICE * 10);
        self.generation += 1;
        match self.result.take() {
            Some(r) => r.map_err(|e| format!("{}: {}", e.kind.name(), e.message)),
            None => Err(self
                .stopped()
                .unwrap_or_else(|| "the action did not run".into())),
        }
    }

    /// The world of client `by`'s receive entity and the entity's number (in path order), or
    /// the one queue's world.
    fn client_world(&self, by: &str) -> (&World, Option<usize>) {
        if let (Some(ns), Some(path)) = (&self.live.ns, self.receive_of.get(by)) {
            let space = ns.run.namespace();
            if let Some(w) = space.world(path) {
                return (w, space.paths().iter().position(|p| **p == **path));
            }
        }
        (self.world(), None)
    }

    /// Whether receiver `by`'s receive entity is settled: its script or actor names it, or
    /// the person already acted with it (rule 3: one receive entity per client).
    fn receive_fixed(&self, by: &str) -> bool {
        self.live.ns.is_some()
            && (self.fixed_from.iter().any(|f| f == by)
                || self
                    .recorded
                    .iter()
                    .any(|s| *s.by == *by && carries_address(&s.op)))
    }

    /// The receive entities the person's steps give clients the scenario names none for.
    fn inferred_entities(&self) -> BTreeMap<String, String> {
        let mut m = BTreeMap::new();
        for s in &self.recorded {
            if let (Some(e), true) = (&s.entity, carries_address(&s.op))
                && !self.fixed_from.iter().any(|f| **f == *s.by)
            {
                m.entry(s.by.to_string()).or_insert_with(|| e.to_string());
            }
        }
        m
    }

    /// In a document with `entities`: the queues and topics to send to, and the queues and
    /// subscriptions to receive from, in path order.
    fn addresses(&self) -> (Vec<String>, Vec<String>) {
        let Some(ns) = &self.live.ns else {
            return (Vec::new(), Vec::new());
        };
        let space = ns.run.namespace();
        let paths = space.paths();
        let list = |keep: &dyn Fn(&Text) -> bool| {
            paths
                .iter()
                .filter(|p| keep(p))
                .map(ToString::to_string)
                .collect()
        };
        (
            list(&|p| !settle_core::namespace::is_subscription(p)),
            list(&|p| !space.is_topic(p)),
        )
    }

    /// Where sender `by` sends unless told otherwise: what its script or actor names first,
    /// else the first queue or topic.
    fn sender_to(&self, by: &str) -> Option<Text> {
        self.live.ns.as_ref()?;
        match self.send_to.get(by) {
            Some(to) => Some(Text::from(to.as_str())),
            None => self.addresses().0.first().map(|p| Text::from(p.as_str())),
        }
    }

    /// Chooses where receiver `by` receives from, while that is not settled.
    pub fn choose_receive_entity(&mut self, by: &str, path: &str) {
        if !self.receive_fixed(by) && self.addresses().1.iter().any(|p| p == path) {
            self.receive_of.insert(by.to_string(), path.to_string());
            self.generation += 1;
        }
    }

    /// Where receiver `by` of a document with `entities` receives from.
    fn receive_entity(&self, by: &str) -> Result<Text, String> {
        self.receive_of
            .get(by)
            .map(|p| Text::from(p.as_str()))
            .ok_or_else(|| format!("{by} receives from no queue or subscription yet: choose one"))
    }

    /// Plays to `t` whatever the distance (a day per slice), stopping only over the budget.
    fn play_to(&mut self, t: Instant) {
        loop {
            match self.advance_slice(t, u64::MAX) {
                Ok(true) if self.now() >= t => return,
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// Goes to virtual time `t`, back or forward: the page shows exactly what playing from
    /// zero to `t` shows (the person's recorded actions included), replayed from the nearest
    /// snapshot at or before `t`. No journeys are cued for what the seek skips over.
    pub fn seek(&mut self, t: Instant) {
        let now = self.now();
        let (at, snap) = self.history.at_or_before(t, false);
        if t < now || at.is_some_and(|a| a > now) {
            self.live = snap.clone();
        }
        self.quiet_all = true;
        self.play_to(t);
        self.quiet_all = false;
        self.cues.clear();
        self.generation += 1;
    }

    /// Plays the timeline's story on toward where it should reach (the scenario's end, or as
    /// far as the page has been), at most about `max_records` records at a time: in a heavy
    /// run it catches up over several frames instead of stalling one.
    fn follow_story(&mut self, max_records: u64) {
        self.story_target = self.story_target.max(self.now());
        if self.story.now() < self.story_target {
            self.story.extend(self.story_target, max_records);
            self.story_gen += 1;
        }
    }

    /// The latest instant before now at which a step ran or the broker did something.
    pub fn previous_moment(&self) -> Option<Instant> {
        let now = ms(self.now());
        let i = self.story.busy.partition_point(|&(t, _)| t < now);
        match i.checked_sub(1) {
            Some(i) => Some(Instant::from_millis(self.story.busy[i].0)),
            None => (now > 0).then_some(Instant::ZERO),
        }
    }

    /// Goes back to the previous moment something happened; false at the start.
    pub fn step_back(&mut self) -> bool {
        match self.previous_moment() {
            Some(t) => {
                self.seek(t);
                true
            }
            None => false,
        }
    }

    /// The timeline's markers, in time order, as far as the story is known.
    pub fn markers(&self) -> impl Iterator<Item = &Marker> {
        self.story.marks.iter().map(|(_, m)| m)
    }

    /// Counts changes of the markers.
    pub fn story_generation(&self) -> u64 {
        self.story_gen
    }

    /// How far the timeline reaches: the scenario's end or as far as the page has been.
    pub fn horizon(&self) -> Instant {
        self.story.now().max(self.now())
    }

    /// The person's steps not yet run (after going back).
    fn person_left(&self) -> usize {
        let next = self.live.script().1;
        self.person.iter().filter(|&&i| i >= next).count()
    }

    /// How many of the person's recorded actions lie after now (acting now drops them).
    pub fn later_actions(&self) -> usize {
        let now = self.now();
        self.recorded.iter().filter(|s| s.at > now).count()
    }

    fn remember(&mut self, by: &str, ms: &[MessageView], peeked: bool) {
        let st = self.live.rstate.entry(by.to_string()).or_default();
        if !self.receivers.iter().any(|r| r == by) {
            self.receivers.push(by.to_string());
        }
        if peeked {
            st.peeked = ms.to_vec();
            return;
        }
        for m in ms.iter().filter(|m| m.lock_token.is_none()) {
            st.deleted.push(m.clone());
            if st.deleted.len() > 5 {
                st.deleted.remove(0);
            }
        }
    }

    /// What the page shows of a client beside what it has in hand (the world keeps that):
    /// its last peek and its last received-and-deleted messages.
    fn track(&mut self, by: &str, op: &Op, ok: Option<&Outcome>) {
        match (op, ok) {
            (Op::Receive { .. } | Op::ReceiveDeferred { .. }, Some(Outcome::Messages(ms))) => {
                self.remember(by, ms, false);
            }
            (Op::Peek { .. }, Some(Outcome::Messages(ms))) => self.remember(by, ms, true),
            _ => {}
        }
    }

    fn set_receiver_error(&mut self, by: &str, r: &Result<Outcome, String>) {
        let st = self.live.rstate.entry(by.to_string()).or_default();
        st.error = r.as_ref().err().cloned();
    }

    // ------------------------------------------------------------ actions

    pub fn next_id(&self) -> String {
        format!("m{}", self.sends + 1)
    }

    pub fn send(&mut self, by: &str, f: &SendForm) {
        let built = (|| -> Result<Op, String> {
            let id = if f.id.trim().is_empty() {
                self.next_id()
            } else {
                f.id.trim().to_string()
            };
            if id.chars().count() > 128 {
                return Err("id: at most 128 characters".into());
            }
            let mut msg = NewMessage::new(&id, &f.body);
            msg.ttl = parse_ms("TTL", &f.ttl_ms)?.map(Duration::from_millis);
            if msg.ttl == Some(Duration::ZERO) {
                return Err("TTL: must be at least 1 ms".into());
            }
            let sid = f.session_id.trim();
            msg.session_id = (!sid.is_empty()).then(|| sid.into());
            msg.properties = parse_properties(&f.properties)?;
            let delay = parse_ms("scheduled delay", &f.delay_ms)?;
            Ok(match delay {
                Some(d) => {
                    msg.scheduled_enqueue = Some(self.now() + Duration::from_millis(d));
                    Op::Schedule { msg }
                }
                None => Op::Send {
                    msg,
                    presettled: f.presettled,
                },
            })
        })();
        // In a document with `entities`, where it goes: the form's choice or the sender's own.
        let to = match self.sender_to(by) {
            None => Ok(None),
            Some(own) => {
                let chosen = f.to.trim();
                if chosen.is_empty() {
                    Ok(Some(own))
                } else if self.addresses().0.iter().any(|p| p == chosen) {
                    Ok(Some(Text::from(chosen)))
                } else {
                    Err(format!("to: no queue or topic named \"{chosen}\""))
                }
            }
        };
        let r = match built.and_then(|op| Ok((op, to?))) {
            Ok((op, to)) => {
                self.sends += 1;
                self.act_in(by, op, to)
            }
            Err(e) => {
                self.push_log(format!("{by}: {e}"), true);
                Err(e)
            }
        };
        match r {
            Ok(_) => self.sender_errors.remove(by),
            Err(e) => self.sender_errors.insert(by.to_string(), e),
        };
    }

    pub fn receive(&mut self, by: &str, mode: ReceiveMode, from: SubQueue, max: u32) {
        let r = self.act(
            by,
            Op::Receive {
                max,
                mode: Some(mode),
                from,
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn peek(&mut self, by: &str, from: SubQueue) {
        let r = self.act(
            by,
            Op::Peek {
                max: 10,
                from_seq: None,
                from,
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn receive_deferred(&mut self, by: &str, seq_text: &str) {
        let seqs: Result<Vec<u64>, _> = seq_text
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(str::parse::<u64>)
            .collect();
        let r = match seqs {
            Ok(seqs) if !seqs.is_empty() => self.act(
                by,
                Op::ReceiveDeferred {
                    seqs,
                    mode: None,
                    from: SubQueue::Main,
                },
            ),
            _ => Err(format!("\"{seq_text}\" is not a list of sequence numbers")),
        };
        self.set_receiver_error(by, &r);
    }

    /// Settles the message the page knows as `key` (a held row's or the inspector's).
    pub fn settle(&mut self, by: &str, key: u64, what: Settle, reason: &str, description: &str) {
        let seq = match self.own_seq_of(by, key) {
            Ok(seq) => seq,
            Err(e) => return self.set_receiver_error(by, &Err(e)),
        };
        let target = Target::Seq(seq);
        let nonempty = |s: &str| (!s.trim().is_empty()).then(|| Text::from(s.trim()));
        let op = match what {
            Settle::Complete => Op::Complete { target },
            Settle::Abandon => Op::Abandon {
                target,
                properties: None,
            },
            Settle::DeadLetter => Op::DeadLetter {
                target,
                reason: nonempty(reason),
                description: nonempty(description),
                properties: None,
            },
            Settle::Defer => Op::Defer {
                target,
                properties: None,
            },
            Settle::Renew => Op::RenewLock { target },
        };
        let r = self.act(by, op);
        self.set_receiver_error(by, &r);
    }

    /// Hides a delivery whose lock is gone from the receiver's list (the page's choice: the
    /// client still has it in hand, and settling it would still fail).
    /// What receiver `by` has in hand and the page shows: all but what the person dismissed.
    fn shown_in_hand<'a>(&'a self, by: &str) -> impl Iterator<Item = &'a InHand> + Clone + 'a {
        let dismissed = self.live.rstate.get(by).map(|st| &st.dismissed);
        self.client_world(by).0.in_hand(by).filter(move |h| {
            h.view
                .lock_token
                .is_none_or(|t| !dismissed.is_some_and(|d| d.contains(&t)))
        })
    }

    pub fn dismiss(&mut self, by: &str, key: u64) {
        let seq = self.own_seq(key);
        let token = self
            .client_world(by)
            .0
            .in_hand_of(by, seq)
            .and_then(|h| h.view.lock_token);
        if let Some(st) = self.live.rstate.get_mut(by) {
            st.dismissed.extend(token);
            st.error = None;
        }
    }

    pub fn close(&mut self, by: &str, disconnect: bool) {
        let r = self.act(
            by,
            if disconnect {
                Op::Disconnect
            } else {
                Op::Close
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn accept_session(&mut self, by: &str, id: &str) {
        let id = id.trim();
        let r = self.act(
            by,
            Op::AcceptSession {
                session_id: (!id.is_empty()).then(|| id.into()),
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn renew_session(&mut self, by: &str) {
        let r = self.act(by, Op::RenewSessionLock);
        self.set_receiver_error(by, &r);
    }

    pub fn update_queue(&mut self, patch: QueuePatch) -> Result<(), String> {
        self.act("admin", Op::UpdateQueue(patch)).map(|_| ())
    }

    fn fresh_name(list: &[String], prefix: &str) -> String {
        (1..)
            .map(|i| format!("{prefix}{i}"))
            .find(|n| !list.contains(n))
            .expect("invariant: an unused name exists")
    }

    pub fn add_sender(&mut self) {
        let n = Self::fresh_name(&self.senders, "S");
        self.senders.push(n);
    }

    pub fn add_receiver(&mut self) {
        let n = Self::fresh_name(&self.receivers, "R");
        self.live.rstate.insert(n.clone(), ReceiverState::default());
        // In a document with `entities` it receives from the first queue or subscription until
        // the person chooses another.
        if let Some(p) = self.live.ns.as_deref().and_then(first_receive_path) {
            self.receive_of.insert(n.clone(), p.to_string());
        }
        self.receivers.push(n);
    }

    pub fn remove_sender(&mut self, name: &str) {
        self.senders.retain(|s| s != name);
    }

    /// Removing a receiver closes its link first; its locks run on until they expire (format
    /// v1.1), and the stage keeps its tokens until then.
    pub fn remove_receiver(&mut self, name: &str) {
        if self.client_world(name).0.id_of(name).is_some() {
            let _ = self.act(name, Op::Close);
        }
        self.receivers.retain(|r| r != name);
        self.live.rstate.remove(name);
    }

    pub fn select(&mut self, seq: Option<u64>) {
        self.selected = seq;
    }

    // ------------------------------------------------------------ time

    /// When the next thing happens on its own: a broker deadline or a script step.
    pub fn next_event(&self) -> Option<Instant> {
        if let Some(ns) = &self.live.ns {
            return ns.run.next_due().filter(|_| ns.stopped.is_none());
        }
        let a = self.world().queue().poll_timeout();
        let b = self.live.run.next_step_at();
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Jumps to the next thing that happens on its own; false when nothing is pending.
    pub fn step(&mut self) -> bool {
        match self.next_event() {
            Some(t) => {
                self.advance_to(t.max(self.now()));
                true
            }
            None => false,
        }
    }

    /// When the next held lock expires, if any is held.
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        match &self.live.ns {
            Some(ns) => {
                let space = ns.run.namespace();
                space
                    .paths()
                    .iter()
                    .filter_map(|p| space.world(p)?.queue().next_lock_expiry())
                    .min()
            }
            None => self.world().queue().next_lock_expiry(),
        }
    }

    /// Jumps to the next lock expiry; false when no lock is held.
    pub fn jump_to_expiry(&mut self) -> bool {
        match self.next_lock_expiry() {
            Some(t) => {
                self.advance_to(t);
                true
            }
            None => false,
        }
    }

    // ------------------------------------------------------------ scenarios

    /// The loaded scenario plus what the person did, up to now: replaying it reproduces this
    /// state exactly.
    ///
    /// After going back (without acting), the person's later actions are not in it: it is
    /// the story up to what the page shows.
    pub fn export(&self) -> String {
        let now = self.now();
        let (steps, _) = timetravel::merge(
            &self.scenario.script,
            &self
                .recorded
                .iter()
                .filter(|s| s.at <= now)
                .cloned()
                .collect::<Vec<_>>(),
        );
        self.scenario
            .to_text_with(steps.iter().map(|s| s.raw.clone()).collect(), ms(now))
    }

    pub fn title(&self) -> &str {
        &self.scenario.title
    }

    /// The scenario as loaded (without the person's actions).
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    // ------------------------------------------------------------ view

    fn glanced_row(&self, w: &World, entity: Option<&Text>, m: Glance<'_>) -> Row {
        Row {
            seq: m.seq,
            key: m.seq,
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
                    .live
                    .touched
                    .get(&m.seq)
                    .is_some_and(|at| self.now().saturating_since(*at).as_millis() < RECENT_MS),
        }
    }

    /// The lanes (available, locked, deferred, scheduled, dead-letter) of the queue, or of
    /// every entity together, each row naming its entity. Borrowed (`Queue::glance`): only the
    /// first [`LANE_CAP`] become rows, the rest are counted (a queue of 10,000 is not copied).
    fn lanes(&self) -> [Lane; 5] {
        let paths = self.live.ns.as_ref().map(|ns| ns.run.namespace().paths());
        // (stage number of entity, path, world): the one queue numbers as it is.
        let worlds: Vec<(Option<usize>, Option<&Text>, &World)> = match (&self.live.ns, &paths) {
            (Some(ns), Some(paths)) => paths
                .iter()
                .enumerate()
                .filter_map(|(i, p)| Some((Some(i), Some(p), ns.run.namespace().world(p)?)))
                .collect(),
            _ => vec![(None, None, self.world())],
        };
        let mut out: [Lane; 5] = Default::default();
        for (i, entity, w) in worlds {
            let q = w.queue();
            let add = |lane: &mut Lane, it: &mut dyn Iterator<Item = Glance<'_>>| {
                for m in it {
                    lane.total += 1;
                    if lane.rows.len() < LANE_CAP {
                        let mut row = self.glanced_row(w, entity, m);
                        row.key = i.map_or(row.seq, |i| entity_seq(i, row.seq));
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

    fn detail(&self, seq: u64) -> Option<Detail> {
        let Some(ns) = &self.live.ns else {
            return self.detail_in(self.world(), seq, seq);
        };
        // The stage's number says which entity (`entity_seq`).
        let space = ns.run.namespace();
        let (i, own) = entity_of(seq)?;
        let path = space.paths().into_iter().nth(i)?;
        let mut d = self.detail_in(space.world(&path)?, seq, own)?;
        d.fields.insert(0, ("Entity", path.to_string()));
        Some(d)
    }

    /// The inspector's view of message `seq` of world `w`, selected as `key` on the stage.
    fn detail_in(&self, w: &World, key: u64, seq: u64) -> Option<Detail> {
        let q = w.queue();
        // Who has it in hand: the holder of its valid lock, else whoever last had it.
        let mut held = None;
        for r in &self.receivers {
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
        let t = |i: Instant| format!("{i}");
        let gone = !q.contains(seq);
        let place = if gone {
            "no longer in the queue".to_string()
        } else {
            match (m.sub_queue, m.state, m.locked_by) {
                (SubQueue::DeadLetter, _, Some(c)) => {
                    format!("dead-letter queue, locked by {}", w.name(c))
                }
                (SubQueue::DeadLetter, _, None) => "dead-letter queue".into(),
                (_, MessageState::Scheduled, _) => "scheduled".into(),
                (_, _, Some(c)) => format!("locked by {}", w.name(c)),
                (_, MessageState::Deferred, None) => {
                    "deferred (receive it by sequence number)".into()
                }
                _ => "available".into(),
            }
        };
        let none = || "—".to_string();
        let mut fields = vec![
            ("MessageId", m.id.to_string()),
            ("SequenceNumber", m.seq.to_string()),
            ("Where", place),
            ("State", m.state.name().to_string()),
            ("DeliveryCount (peek)", m.delivery_count.to_string()),
            ("EnqueuedTime", t(m.enqueued_at)),
            ("ExpiresAt", m.expires_at.map_or_else(|| "never".into(), t)),
            ("LockedUntil", m.locked_until.map_or_else(none, t)),
            (
                "LockToken",
                held.and_then(|(_, h)| h.view.lock_token)
                    .map_or_else(none, |tok| tok.to_string()),
            ),
            (
                "SessionId",
                m.session_id.as_ref().map_or_else(none, |s| s.to_string()),
            ),
            ("Size", format!("{} bytes", m.size_bytes)),
            ("Body", m.body.to_string()),
        ];
        if let Some(at) = m.scheduled_enqueue {
            fields.insert(5, ("ScheduledEnqueueTime", t(at)));
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
    fn actor_stats(&self) -> Vec<(Text, bool, settle_core::actors::ActorStats)> {
        match &self.live.ns {
            Some(ns) => ns.run.actor_stats(),
            None => self.live.run.actors().stats(),
        }
    }

    fn auto_summary(&self, name: &str) -> Option<String> {
        let (_, sender, st) = self
            .actor_stats()
            .into_iter()
            .find(|(n, _, _)| &**n == name)?;
        Some(if sender {
            let mut s = format!(
                "Automated: {} started · {} in flight · {} accepted · {} failed",
                st.started, st.in_flight, st.done, st.failed
            );
            if st.unobserved_failures > 0 {
                s.push_str(&format!(
                    " · {} failures nobody saw",
                    st.unobserved_failures
                ));
            }
            if let Some(t) = st.last_completion {
                s.push_str(&format!(" · last answer at {t}"));
            }
            s
        } else {
            let mut s = format!(
                "Automated: {} received · {} processing · {} settled · {} failed",
                st.started, st.in_flight, st.done, st.failed
            );
            if st.duplicates_skipped > 0 {
                s.push_str(&format!(" · {} duplicates skipped", st.duplicates_skipped));
            }
            s
        })
    }

    pub fn snapshot(&self) -> Snapshot {
        let now = self.now();
        let receivers = self
            .receivers
            .iter()
            .map(|name| {
                let (w, index) = self.client_world(name);
                let q = w.queue();
                let cfg = q.config();
                let ld = cfg.lock_duration.as_millis().max(1);
                let key = |seq| index.map_or(seq, |i| entity_seq(i, seq));
                let st = self.live.rstate.get(name);
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
                    from: self.receive_of.get(name).cloned(),
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
        Snapshot {
            now_ms: ms(now),
            title: self.scenario.title.clone(),
            description: self.scenario.description.clone(),
            available,
            locked,
            deferred,
            scheduled,
            dead_letter,
            senders: self
                .senders
                .iter()
                .map(|s| SenderView {
                    name: s.clone(),
                    next_id: self.next_id(),
                    error: self.sender_errors.get(s).cloned(),
                    auto: self.auto_summary(s),
                    to: self.sender_to(s).map(|t| t.to_string()),
                })
                .collect(),
            receivers,
            log: self.live.log.iter().rev().cloned().collect(),
            detail: self.selected.and_then(|s| self.detail(s)),
            lock_ms: ld,
            max_delivery_count: cfg.max_delivery_count,
            config_summary: summary,
            next_event_ms: self.next_event().map(ms),
            next_expiry_ms: self.next_lock_expiry().map(ms),
            script_left: {
                let (steps, next) = self.live.script();
                steps.len().saturating_sub(next + self.person_left())
            },
            story_gen: self.story_gen,
            horizon_ms: ms(self.horizon()),
            previous_ms: self.previous_moment().map(ms),
            later_actions: self.later_actions(),
            entities: self.has_entities(),
            send_targets,
            receive_paths,
        }
    }

    /// Counts changes the stage can see; equal counts mean an equal stage model.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Notes a change made from outside (a person's action).
    pub fn bump(&mut self) {
        self.generation += 1;
    }

    /// The cues gathered since the last call.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    /// Everything the embeds' viewer reads at this instant, for a film (`crate::film`): the
    /// stage's model and the cues since the last take, the lanes (each row's highlight as the
    /// instant it was touched), the newest log line, the next event and lock expiry.
    pub(crate) fn frame(&mut self) -> crate::film::Frame {
        let mut lanes = self.lanes();
        let mut touched = Vec::new();
        for row in lanes.iter_mut().flat_map(|l| &mut l.rows) {
            row.recent = false;
            touched.push(self.live.touched.get(&row.seq).map(|&at| ms(at)));
        }
        crate::film::Frame {
            at_ms: ms(self.now()),
            model: self.stage_model(),
            cues: self.take_cues(),
            lanes,
            touched,
            said: self
                .live
                .log
                .back()
                .map(|l| l.text.clone())
                .unwrap_or_default(),
            next_event_ms: self.next_event().map(ms),
            next_expiry_ms: self.next_lock_expiry().map(ms),
        }
    }

    /// The next instant anything is due (a step, an automated client's wake-up, a broker
    /// deadline): the finest grain of the run, which a film records.
    pub(crate) fn next_due(&self) -> Option<Instant> {
        self.live.run.next_due()
    }

    /// The instants at which a step ran or the broker did something, as far as the story is
    /// known (Step back goes to the latest before now).
    pub(crate) fn busy_ms(&self) -> Vec<u64> {
        self.story.busy.iter().map(|&(t, _)| t).collect()
    }

    /// The selected message, if any.
    pub fn selected(&self) -> Option<u64> {
        self.selected
    }

    /// What the stage shows now: every place and the messages in it.
    pub fn stage_model(&self) -> Model {
        let w = self.world();
        let q = w.queue();
        let cfg = q.config();
        let stats = self.actor_stats();
        let auto = |name: &str| stats.iter().find(|(n, _, _)| &**n == name);
        let mut m = Model {
            lock_ms: cfg.lock_duration.as_millis().max(1),
            summary: self.summary(),
            ..Model::default()
        };
        m.senders = self
            .senders
            .iter()
            .map(|s| model::SenderBox {
                name: s.as_str().into(),
                in_flight: auto(s).map_or(0, |(_, _, st)| {
                    u32::try_from(st.in_flight).unwrap_or(u32::MAX)
                }),
                automated: auto(s).is_some(),
            })
            .collect();
        // Each holder's receiver box, sorted by id (a list searched by halves: a map of this
        // key and value would be a B-tree's code of its own in the wasm).
        let mut slot_of: Vec<(ClientId, u16)> = Vec::new();
        for name in &self.receivers {
            let slot = u16::try_from(m.receivers.len()).unwrap_or(u16::MAX);
            let id = w.id_of(name);
            if let Some(id) = id {
                settle_core::order::entry(&mut slot_of, &id, |s| s.0, || (id, slot)).1 = slot;
            }
            m.receivers.push(model::ReceiverBox {
                name: name.as_str().into(),
                link: self.live.links.get(name).copied().unwrap_or_default(),
                automated: auto(name).is_some(),
                session: id.and_then(|id| match q.session_of(id) {
                    SessionHold::Held(s) => Some((s.as_ref().into(), true)),
                    SessionHold::Lost(s) => Some((s.as_ref().into(), false)),
                    SessionHold::None => None,
                }),
                held: model::Lane::default(),
            });
        }
        if let Some(ns) = &self.live.ns {
            // The clients as above (the clock queue knows none of them: no sessions, links
            // from the log), the places per entity.
            self.entity_places(ns, &mut m);
            return m;
        }
        // The ids and reasons are shared with the core (`Rc<str>`), not copied.
        let token = |v: &Glance<'_>| Token {
            key: model::Key::Msg(v.seq),
            id: v.id.clone(),
            count: v.delivery_count,
            session: v.session_id.cloned(),
            until_ms: v.locked_until.map(ms),
            lock_ms: None,
            due_ms: v.scheduled_enqueue.map(ms),
            reason: v.dead_letter_reason.cloned(),
            description: v.dead_letter_description.cloned(),
            mark: Mark::Plain,
        };
        let mut whereabouts = Vec::new();
        for (listing, dead) in [
            (Listing::Main, false),
            (Listing::DeadLetter, true),
            (Listing::Scheduled, false),
        ] {
            // Borrowed, not copied: this runs every frame in which something changed.
            for v in q.glance(listing) {
                let place = match (v.locked_by, v.state) {
                    (Some(c), _) => {
                        // A holder no longer on the page (removed, its locks running on): it
                        // stays on the stage, greyed, until its last lock ends.
                        let slot = settle_core::order::entry(
                            &mut slot_of,
                            &c,
                            |s| s.0,
                            || {
                                let slot = u16::try_from(m.receivers.len()).unwrap_or(u16::MAX);
                                m.receivers.push(model::ReceiverBox {
                                    name: w.name(c).into(),
                                    link: Link::Closed,
                                    ..model::ReceiverBox::default()
                                });
                                (c, slot)
                            },
                        )
                        .1;
                        let mut t = token(&v);
                        t.mark = if dead {
                            Mark::FromDead
                        } else if v.state == MessageState::Deferred {
                            Mark::Deferred
                        } else {
                            Mark::Plain
                        };
                        if let Some(r) = m.receivers.get_mut(usize::from(slot)) {
                            r.held.push(t);
                        }
                        Place::Receiver(slot)
                    }
                    _ if dead => {
                        m.dead.push_with(|| token(&v));
                        Place::Dead
                    }
                    (None, MessageState::Scheduled) => {
                        m.scheduled.push_with(|| token(&v));
                        Place::Scheduled
                    }
                    (None, MessageState::Deferred) => {
                        m.deferred.push_with(|| token(&v));
                        Place::Deferred
                    }
                    (None, _) => {
                        m.available.push_with(|| token(&v));
                        Place::Available
                    }
                };
                whereabouts.push((v.seq, place));
            }
        }
        // Deliveries a receiver still has in hand after its lock is gone.
        for (slot, name) in self.receivers.iter().enumerate() {
            for h in self.shown_in_hand(name) {
                if h.view.lock_token.is_some_and(|tok| q.is_lock_valid(tok)) {
                    continue;
                }
                let key = model::Key::Stale(h.view.seq, u16::try_from(slot).unwrap_or(u16::MAX));
                if let Some(r) = m.receivers.get_mut(slot) {
                    r.held.push_with(|| Token {
                        key,
                        mark: Mark::Stale,
                        until_ms: None,
                        ..token(&h.view.glance())
                    });
                }
            }
        }
        whereabouts.sort_unstable_by_key(|&(s, _)| s);
        m.whereabouts = whereabouts;
        m
    }

    /// The places of a document with `entities`: each queue, topic and subscription with its
    /// own (its messages keyed apart: [`entity_seq`]); a receiver holds what it has locked in
    /// any entity, each token naming its entity (`o1 · audit`). A topic shows, for a moment,
    /// what no subscription took.
    fn entity_places(&self, ns: &NsLive, m: &mut Model) {
        let space = ns.run.namespace();
        m.lock_ms = 0;
        let mut whereabouts = Vec::new();
        for (i, path) in space.paths().iter().enumerate() {
            let mut ent = model::Entity {
                path: path.as_ref().into(),
                topic: space.is_topic(path),
                ..model::Entity::default()
            };
            let place = Place::Active(u16::try_from(i).unwrap_or(u16::MAX));
            for (_, topic, seq, id) in &ns.dropped {
                if topic == path {
                    let mut t = Token::new(entity_seq(i, *seq), id, 0);
                    t.mark = Mark::Dropped;
                    ent.active.push(t);
                    whereabouts.push((entity_seq(i, *seq), place));
                    ent.note = "dropped: no subscription".into();
                }
            }
            // A topic holds its scheduled messages until they are routed (topics.md §6).
            for v in space.topic_scheduled(path) {
                let seq = entity_seq(i, v.seq);
                let mut t = Token::new(seq, &v.id, 0);
                t.due_ms = v.scheduled_enqueue.map(ms);
                t.session = v.session_id;
                ent.active.push(t);
                whereabouts.push((seq, place));
            }
            let Some(w) = space.world(path) else {
                m.entities.push(ent);
                continue;
            };
            let q = w.queue();
            let lock = q.config().lock_duration.as_millis().max(1);
            m.lock_ms = m.lock_ms.max(lock);
            let short: &str = path.rsplit('/').next().unwrap_or(path.as_ref());
            for listing in [Listing::Main, Listing::DeadLetter, Listing::Scheduled] {
                for v in q.glance(listing) {
                    let seq = entity_seq(i, v.seq);
                    let holder = v.locked_by.map(|c| w.name(c));
                    let slot = holder.and_then(|h| self.receivers.iter().position(|r| r == h));
                    let token = || Token {
                        key: model::Key::Msg(seq),
                        id: if slot.is_some() {
                            format!("{} · {short}", v.id).into()
                        } else {
                            v.id.clone()
                        },
                        count: v.delivery_count,
                        session: v.session_id.cloned(),
                        until_ms: v.locked_until.map(ms),
                        lock_ms: Some(lock),
                        due_ms: v.scheduled_enqueue.map(ms),
                        reason: v.dead_letter_reason.cloned(),
                        description: v.dead_letter_description.cloned(),
                        mark: match (listing, v.state) {
                            (Listing::DeadLetter, _) if slot.is_some() => Mark::FromDead,
                            (_, MessageState::Deferred) => Mark::Deferred,
                            _ => Mark::Plain,
                        },
                    };
                    let place = match (slot, listing) {
                        (Some(r), _) => {
                            m.receivers[r].held.push_with(token);
                            Place::Receiver(u16::try_from(r).unwrap_or(u16::MAX))
                        }
                        (None, Listing::DeadLetter) => {
                            ent.dead.push_with(token);
                            Place::DeadOf(u16::try_from(i).unwrap_or(u16::MAX))
                        }
                        // Scheduled and deferred messages wait among the entity's own.
                        (None, _) => {
                            ent.active.push_with(token);
                            place
                        }
                    };
                    whereabouts.push((seq, place));
                }
            }
            m.entities.push(ent);
        }
        m.lock_ms = m.lock_ms.max(1);
        whereabouts.sort_unstable_by_key(|&(s, _)| s);
        m.whereabouts = whereabouts;
    }

    fn summary(&self) -> String {
        if let Some(ns) = &self.live.ns {
            let space = ns.run.namespace();
            let paths = space.paths();
            let topics = paths.iter().filter(|p| space.is_topic(p)).count();
            let subs = paths
                .iter()
                .filter(|p| settle_core::namespace::is_subscription(p))
                .count();
            let queues = paths.len() - topics - subs;
            let counted = |n: usize, one: &str| match n {
                0 => None,
                1 => Some(format!("1 {one}")),
                n => Some(format!("{n} {one}s")),
            };
            return [
                counted(queues, "queue"),
                counted(topics, "topic"),
                counted(subs, "subscription"),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        }
        let cfg = self.world().queue().config();
        format!(
            "lock {} · max delivery count {}{}{}{}",
            cfg.lock_duration,
            cfg.max_delivery_count,
            cfg.default_ttl
                .map_or(String::new(), |t| format!(" · TTL {t}")),
            if cfg.requires_session {
                " · sessions"
            } else {
                ""
            },
            cfg.duplicate_detection_window
                .map_or(String::new(), |w| format!(" · duplicate detection {w}")),
        )
    }

    /// Starts the loaded scenario again from time zero (what the person did is dropped).
    pub fn restart(&self) -> Self {
        Self::new(self.scenario.clone())
    }

    /// The queue's configuration, for the settings form.
    pub fn config(&self) -> settle_core::QueueConfig {
        self.world().queue().config().clone()
    }
}

/// The stage's number for message `seq` of the `i`th entity (in path order): entities number
/// their messages each from 1, the stage keys them apart.
fn entity_seq(i: usize, seq: u64) -> u64 {
    ((i as u64 + 1) << ENTITY_SHIFT) | seq
}

/// Where [`entity_seq`] puts the entity's number.
const ENTITY_SHIFT: u32 = 40;

/// The entity (in path order) and sequence number of a stage number made by [`entity_seq`].
fn entity_of(key: u64) -> Option<(usize, u64)> {
    let i = usize::try_from(key >> ENTITY_SHIFT).ok()?.checked_sub(1)?;
    Some((i, key & ((1 << ENTITY_SHIFT) - 1)))
}

/// The first queue or subscription (in path order) of a document with `entities`: where a
/// receiver receives from until the person chooses.
fn first_receive_path(ns: &NsLive) -> Option<Text> {
    let space = ns.run.namespace();
    space.paths().into_iter().find(|p| !space.is_topic(p))
}

impl Sim {
    /// The entity's own sequence number of the message the page knows as `key`.
    fn own_seq(&self, key: u64) -> u64 {
        match (&self.live.ns, entity_of(key)) {
            (Some(_), Some((_, seq))) => seq,
            _ => key,
        }
    }

    /// As [`own_seq`](Self::own_seq), for client `by`: a message of another entity than its
    /// receive entity is refused in words (it settles only there).
    fn own_seq_of(&self, by: &str, key: u64) -> Result<u64, String> {
        let (Some(ns), Some((i, seq))) = (&self.live.ns, entity_of(key)) else {
            return Ok(key);
        };
        let mine = self.client_world(by).1;
        if mine == Some(i) {
            return Ok(seq);
        }
        let paths = ns.run.namespace().paths();
        let name = |i: Option<usize>| i.and_then(|i| paths.get(i)).map_or("nothing", |p| &**p);
        Err(format!(
            "{by} receives from {}; that message is in {}",
            name(mine),
            name(Some(i))
        ))
    }
}

/// `12.3 s` style, for lock timers.
pub fn secs(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}

/// The workloads of the benchmarks (`frame-bench.mjs` has the same in JavaScript), as documents.
#[doc(hidden)]
pub mod workloads {
    /// frame-bench's load-1k: 1,000 messages, 50 receivers taking 4 each, their 5 s locks
    /// re-received every 5 s.
    pub fn load_1k() -> String {
        let mut script = Vec::new();
        for i in 0..1000 {
            script.push(format!(
                r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#
            ));
        }
        for k in 0..=150 {
            for r in 1..=50 {
                script.push(format!(
                    r#"{{"at_ms":{},"do":"receive","by":"R{r}","max":4}}"#,
                    k * 5000
                ));
            }
        }
        format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":5000,"max_delivery_count":1000}},"script":[{}]}}"#,
            script.join(",")
        )
    }

    /// frame-bench's busy-10k: 10,000 messages from a pipelined sender, 50 automated workers
    /// processing 4 at a time for 20–40 s.
    pub fn busy_10k() -> String {
        let mut actors = vec![
            r#"{"kind":"sender","name":"Firehose","mode":"pipelined","count":10000,"rtt_ms":70,"store_ms":10}"#
                .to_string(),
        ];
        for r in 1..=50 {
            actors.push(format!(
                r#"{{"kind":"receiver","name":"W{r}","concurrency":4,"processing_ms":[20000,40000]}}"#
            ));
        }
        format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":60000,"max_delivery_count":10}},"script":[],"actors":[{}]}}"#,
            actors.join(",")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage::model::Key;

    fn sim(script: &str) -> Sim {
        Sim::load(&format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":5000,"max_delivery_count":3}},"script":[{script}]}}"#
        ))
        .expect("valid")
    }

    const SEND_RECEIVE: &str =
        r#"{"at_ms":0,"do":"send","by":"S1","id":"m1"},{"at_ms":500,"do":"receive","by":"R1"}"#;

    #[test]
    fn log_lines_carry_their_events_virtual_time_however_far_a_frame_jumps() {
        let mut s = sim(SEND_RECEIVE);
        s.advance_to(Instant::from_millis(20_000));
        let log = s.snapshot().log;
        let at = |needle: &str| {
            log.iter()
                .find(|l| l.text.contains(needle))
                .map(|l| l.t_ms)
                .unwrap_or_else(|| panic!("no line with {needle:?} in {log:?}"))
        };
        assert_eq!(at("R1 received m1"), 500);
        assert_eq!(at("m1's lock expired"), 5_500);
    }

    /// The lanes are built from borrowed glances (`Queue::glance`) and show what a copied
    /// listing (`Queue::list`) shows, place for place: available, locked, deferred, scheduled
    /// and dead-lettered messages, the first `LANE_CAP` as rows and the rest counted.
    #[test]
    fn snapshot_lanes_show_what_the_queue_lists_in_every_place() {
        let mut script: Vec<String> = (0..LANE_CAP + 5)
            .map(|i| format!(r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#))
            .collect();
        script.extend(
            [
                r#"{"at_ms":0,"do":"schedule","by":"S1","id":"later","scheduled_enqueue_ms":60000}"#,
                r#"{"at_ms":100,"do":"receive","by":"R1","max":4}"#,
                r#"{"at_ms":200,"do":"defer","by":"R1","msg":"m1"}"#,
                r#"{"at_ms":200,"do":"dead_letter","by":"R1","msg":"m2","reason":"Bad","description":"no good"}"#,
            ]
            .map(String::from),
        );
        let mut s = sim(&script.join(","));
        s.advance_to(Instant::from_millis(1_000));
        let q = s.world().queue();
        let rows = |ms: Vec<MessageView>| {
            let mut lane = Lane {
                total: ms.len(),
                rows: Vec::new(),
            };
            lane.rows = ms
                .iter()
                .take(LANE_CAP)
                .map(|m| s.glanced_row(s.world(), None, m.glance()))
                .collect();
            lane
        };
        let main = q.list(Listing::Main);
        let pick = |f: &dyn Fn(&MessageView) -> bool| {
            rows(main.iter().filter(|m| f(m)).cloned().collect())
        };
        let snap = s.snapshot();
        assert_eq!(
            snap.available,
            pick(&|m| m.locked_by.is_none() && m.state != MessageState::Deferred)
        );
        assert_eq!(snap.locked, pick(&|m| m.locked_by.is_some()));
        assert_eq!(
            snap.deferred,
            pick(&|m| m.locked_by.is_none() && m.state == MessageState::Deferred)
        );
        assert_eq!(snap.scheduled, rows(q.list(Listing::Scheduled)));
        assert_eq!(snap.dead_letter, rows(q.list(Listing::DeadLetter)));
        // Every place is occupied, and the long lane is cut at LANE_CAP.
        assert_eq!(snap.locked.total, 2, "{:?}", snap.locked);
        assert_eq!(snap.deferred.total, 1);
        assert_eq!(snap.scheduled.total, 1);
        assert_eq!(snap.dead_letter.rows[0].reason.as_deref(), Some("Bad"));
        assert!(snap.available.total > LANE_CAP);
        assert_eq!(snap.available.rows.len(), LANE_CAP);
    }

    const FAN_OUT: &str = include_str!("../../examples/entities/topic-fan-out.json");

    fn log_texts(s: &Sim) -> Vec<(u64, String)> {
        s.snapshot()
            .log
            .into_iter()
            .map(|l| (l.t_ms, l.text))
            .collect()
    }

    #[test]
    fn a_document_with_entities_plays_and_its_log_names_each_entity() {
        let mut s = Sim::load(FAN_OUT).expect("an entity document loads");
        assert!(s.has_entities());
        s.advance_to(Instant::from_millis(2_000));
        let log = log_texts(&s);
        let has = |needle: &str| log.iter().any(|(_, l)| l.contains(needle));
        assert!(
            has("orders: o1 reached the topic: one copy each for audit, billing."),
            "{log:#?}"
        );
        assert!(
            has("orders/subscriptions/audit: S1 sent o2: accepted and stored as seq 2."),
            "{log:#?}"
        );
        assert!(
            has("orders/subscriptions/billing: B1 completed o1"),
            "{log:#?}"
        );
        assert!(!has("orders/subscriptions/billing: S1 sent o2"), "{log:#?}");
        // The timeline knows the whole story from the start.
        assert!(s.markers().any(|m| m.t_ms == 2_000 && m.id == "o1"));
        // A1's locks on audit's copies run out next.
        assert_eq!(s.next_event(), Some(Instant::from_millis(61_000)));
        assert_eq!(s.stopped(), None);
    }

    #[test]
    fn the_stage_shows_every_entity_with_its_own_places_and_copies_keyed_apart() {
        let mut s = Sim::load(FAN_OUT).expect("loads");
        // The lesson publishes at 0.5 s, so that its fan-out is seen.
        s.advance_to(Instant::from_millis(500));
        let ids = |l: &model::Lane| {
            l.tokens
                .iter()
                .map(|t| t.id.to_string())
                .collect::<Vec<_>>()
        };
        let m = s.stage_model();
        let paths: Vec<&str> = m.entities.iter().map(|e| &*e.path).collect();
        assert_eq!(
            paths,
            [
                "orders",
                "orders/subscriptions/audit",
                "orders/subscriptions/billing"
            ]
        );
        assert!(m.entities[0].topic && !m.entities[1].topic);
        assert_eq!(ids(&m.entities[1].active), ["o1", "o2"]);
        assert_eq!(ids(&m.entities[2].active), ["o1"]);
        assert!(m.available.tokens.is_empty());
        let keys: BTreeSet<_> = m.whereabouts.iter().map(|w| w.0).collect();
        assert_eq!(
            keys.len(),
            3,
            "copies numbered 1 in two subscriptions are told apart"
        );
        assert_eq!(m.place_of(entity_seq(2, 1)), Some(Place::Active(2)));
        assert_eq!(Place::Active(2).name(&m), "orders/subscriptions/billing");
        s.advance_to(Instant::from_millis(1_000));
        let m = s.stage_model();
        let held = |r: &str| {
            m.receivers
                .iter()
                .find(|x| &*x.name == r)
                .map(|x| ids(&x.held))
                .unwrap_or_default()
        };
        assert_eq!(held("A1"), ["o1 · audit", "o2 · audit"]);
        assert_eq!(held("B1"), ["o1 · billing"]);
        assert_eq!(m.lock_ms, 60_000);
        // Each held token's ring is full at its own entity's lock duration.
        let mut s2 = Sim::load(include_str!(
            "../../examples/entities/competing-consumers-subscription.json"
        ))
        .expect("loads");
        s2.advance_to(Instant::from_millis(100));
        let m2 = s2.stage_model();
        let held: Vec<_> = m2.receivers.iter().flat_map(|r| &r.held.tokens).collect();
        assert_eq!(held.len(), 3);
        assert!(held.iter().all(|t| t.lock_ms == Some(5_000)), "{held:?}");
        assert_eq!(m2.lock_ms, 60_000, "audit keeps the default lock");
        s.advance_to(Instant::from_millis(2_000));
        let m = s.stage_model();
        let total = |r: &str| {
            m.receivers
                .iter()
                .find(|x| &*x.name == r)
                .map(|x| x.held.total)
        };
        assert_eq!((total("A1"), total("B1")), (Some(2), Some(0)));
    }

    #[test]
    fn a_topics_scheduled_message_waits_on_the_topic_until_it_is_routed() {
        let doc = r#"{"settle": 1, "entities": {"orders": {"type": "topic", "subscriptions": {"audit": {}}}},
            "script": [{"at_ms": 0, "do": "schedule", "by": "S", "to": "orders", "id": "s1", "scheduled_enqueue_ms": 5000}]}"#;
        let mut s = Sim::load(doc).expect("loads");
        s.advance_to(Instant::from_millis(1_000));
        let m = s.stage_model();
        let on = |m: &Model, i: usize| {
            m.entities[i]
                .active
                .tokens
                .iter()
                .map(|t| (t.id.to_string(), t.due_ms))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            on(&m, 0),
            [("s1".to_string(), Some(5_000))],
            "held by the topic, due at 5 s"
        );
        assert!(on(&m, 1).is_empty());
        assert_eq!(m.place_of(entity_seq(0, 1)), Some(Place::Active(0)));
        s.advance_to(Instant::from_millis(5_000));
        let m = s.stage_model();
        assert!(on(&m, 0).is_empty(), "routed at 5 s");
        assert_eq!(on(&m, 1), [("s1".to_string(), None)]);
        // Watched, not acted in: only the clients the story names.
        assert!(m.receivers.is_empty(), "no receiver of the page's own");
    }

    #[test]
    fn the_inspector_names_a_copys_entity_and_offers_its_holder_the_settlement() {
        let mut s = Sim::load(FAN_OUT).expect("loads");
        s.advance_to(Instant::from_millis(1_000));
        s.select(Some(entity_seq(2, 1)));
        let d = s.snapshot().detail.expect("billing's copy of o1");
        assert_eq!(d.id, "o1");
        assert_eq!(d.seq, entity_seq(2, 1));
        assert_eq!(d.held_by.as_deref(), Some("B1"));
        let field = |k: &str| d.fields.iter().find(|f| f.0 == k).map(|f| f.1.clone());
        assert_eq!(
            field("Entity").as_deref(),
            Some("orders/subscriptions/billing")
        );
        assert_eq!(field("SequenceNumber").as_deref(), Some("1"));
        assert_eq!(field("Where").as_deref(), Some("locked by B1"));
        s.select(Some(entity_seq(9, 1)));
        assert_eq!(s.snapshot().detail, None);
    }

    #[test]
    fn a_copy_travels_from_its_sender_through_its_topic_and_a_dropped_message_shows_on_the_topic_for_a_moment()
     {
        let mut s = Sim::load(FAN_OUT).expect("loads");
        s.take_cues();
        s.advance_to(Instant::from_millis(500));
        let cues = s.take_cues();
        assert!(
            cues.contains(&Cue::Routed {
                seq: entity_seq(1, 1),
                topic: 0,
                sender: Some(0)
            }),
            "{cues:?}"
        );
        assert!(
            cues.contains(&Cue::Routed {
                seq: entity_seq(2, 1),
                topic: 0,
                sender: Some(0)
            }),
            "{cues:?}"
        );
        assert!(
            !cues.iter().any(|c| matches!(c, Cue::Sent { .. })),
            "{cues:?}"
        );
        let mut s =
            Sim::load(include_str!("../../examples/entities/rules-change.json")).expect("loads");
        // o1 reaches a subscription with no rules at 0: dropped.
        let m = s.stage_model();
        assert_eq!(m.entities[0].note, "dropped: no subscription");
        assert_eq!(m.entities[0].active.tokens[0].id.as_ref(), "o1");
        assert_eq!(m.entities[0].active.tokens[0].mark, Mark::Dropped);
        s.advance_to(Instant::from_millis(RECENT_MS - 100));
        let before = s.generation();
        s.advance_to(Instant::from_millis(RECENT_MS));
        // Nothing happened between, but the stage changed: it is told so.
        assert!(s.generation() > before);
        let m = s.stage_model();
        assert!(m.entities[0].active.tokens.is_empty() && m.entities[0].note.is_empty());
        // Seeking back shows it again.
        s.seek(Instant::from_millis(100));
        assert_eq!(s.stage_model().entities[0].note, "dropped: no subscription");
    }

    #[test]
    fn an_entity_document_seeks_back_and_forth_to_what_a_fresh_run_shows() {
        for doc in [
            FAN_OUT,
            include_str!("../../examples/entities/poison-copy.json"),
            include_str!("../../examples/entities/request-reply.json"),
            include_str!("../../examples/entities/competing-consumers-subscription.json"),
        ] {
            let mut s = Sim::load(doc).expect("loads");
            let end = s.scenario().run_until.as_millis();
            let times = [end, end / 3, 0, end / 2 + 7, end, 1, end / 4];
            for &t in &times {
                s.seek(Instant::from_millis(t));
                let mut fresh = Sim::load(doc).expect("loads");
                fresh.advance_to(Instant::from_millis(t));
                assert_eq!(log_texts(&s), log_texts(&fresh), "at {t} ms");
                assert_eq!(s.stage_model(), fresh.stage_model(), "at {t} ms");
                assert_eq!(s.now(), fresh.now());
            }
            // Stepping visits every busy instant until nothing is left.
            let mut fresh = Sim::load(doc).expect("loads");
            let mut n = 0;
            while fresh.step() {
                n += 1;
                assert!(n < 10_000);
            }
            assert!(n > 0);
            let last = fresh.now();
            assert!(fresh.step_back());
            assert!(fresh.now() < last);
        }
    }

    #[test]
    fn a_person_sends_receives_and_settles_in_an_entity_document_and_the_export_replays_it() {
        const AUDIT: &str = "orders/subscriptions/audit";
        const BILLING: &str = "orders/subscriptions/billing";
        let mut s = Sim::load(FAN_OUT).expect("loads");
        s.advance_to(Instant::from_millis(1_500));
        let snap = s.snapshot();
        assert_eq!(snap.send_targets, ["orders"]);
        assert_eq!(snap.receive_paths, [AUDIT, BILLING]);
        let sender = snap.senders.iter().find(|x| x.name == "S1").expect("S1");
        assert_eq!(sender.to.as_deref(), Some("orders"));
        // A1 receives from audit (its script says so): fixed.
        let a1 = snap.receivers.iter().find(|r| r.name == "A1").expect("A1");
        assert_eq!((a1.from.as_deref(), a1.from_fixed), (Some(AUDIT), true));
        // S1 publishes p1 for the EU: a copy for audit and one for billing.
        let form = SendForm {
            id: "p1".into(),
            body: "x".into(),
            properties: "region=eu".into(),
            ..SendForm::default()
        };
        s.send("S1", &form);
        let log = log_texts(&s);
        assert!(
            log.iter().any(|(t, l)| *t == 1_500
                && l.contains("p1 reached the topic: one copy each for audit, billing.")),
            "{log:#?}"
        );
        // A new receiver takes the first receive path until the person chooses another.
        s.add_receiver();
        let r1 = |s: &Sim| receiver_view(s, "R1");
        assert_eq!(
            (r1(&s).from.as_deref(), r1(&s).from_fixed),
            (Some(AUDIT), false)
        );
        s.choose_receive_entity("R1", "orders");
        assert_eq!(
            r1(&s).from.as_deref(),
            Some(AUDIT),
            "a topic is not received from"
        );
        s.choose_receive_entity("R1", BILLING);
        s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
        let held = r1(&s).held;
        assert_eq!(held.len(), 1, "{:?}", r1(&s));
        assert_eq!((held[0].id.as_str(), held[0].seq), ("p1", 2));
        assert_eq!(
            entity_of(held[0].key),
            Some((2, 2)),
            "billing is the third path"
        );
        // Fixed now: one receive entity per client.
        s.choose_receive_entity("R1", AUDIT);
        assert_eq!(
            (r1(&s).from.as_deref(), r1(&s).from_fixed),
            (Some(BILLING), true)
        );
        // The stage shows R1 holding billing's copy; the inspector can settle it.
        s.select(Some(held[0].key));
        assert_eq!(
            s.snapshot().detail.and_then(|d| d.held_by),
            Some("R1".to_string())
        );
        s.select(None);
        s.advance_to(Instant::from_millis(2_500));
        s.settle("R1", held[0].key, Settle::DeadLetter, "Bad", "");
        assert_eq!(r1(&s).error, None);
        let dead = |s: &Sim| {
            s.live.ns.as_ref().map(|ns| {
                let w = ns.run.namespace().world(BILLING).expect("billing");
                w.queue()
                    .list(Listing::DeadLetter)
                    .iter()
                    .map(|m| {
                        (
                            m.id.to_string(),
                            m.dead_letter_reason.as_ref().map(ToString::to_string),
                        )
                    })
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(dead(&s), Some(vec![("p1".into(), Some("Bad".into()))]));
        s.advance_to(Instant::from_millis(3_000));
        // The export addresses every step as the format asks, and replays to what the page shows.
        let text = s.export();
        assert!(
            text.contains("\"to\": \"orders\"")
                && text.contains(&format!("\"from\": \"{BILLING}\"")),
            "{text}"
        );
        let replayed = played_to(&text, 3_000);
        assert_eq!(dead(&replayed), dead(&s));
        assert_eq!(state(&s), state(&replayed));
        for t in [0, 1_500, 2_000, 2_500] {
            s.seek(Instant::from_millis(t));
            assert_eq!(state(&s), state(&played_to(&text, t)), "at {t}");
        }
        // Acting after going back forks: the dead-lettering at 2.5 s is dropped.
        s.seek(Instant::from_millis(2_000));
        s.settle("R1", held[0].key, Settle::Complete, "", "");
        assert_eq!(s.later_actions(), 0);
        assert_eq!(dead(&s), Some(vec![]));
        s.advance_to(Instant::from_millis(3_000));
        assert_eq!(dead(&s), Some(vec![]));
        let text = s.export();
        assert!(!text.contains("\"dead_letter\""), "{text}");
        assert_eq!(state(&s), state(&played_to(&text, 3_000)));
        // The timeline's markers follow the new story.
        assert!(
            s.markers().any(|m| m.t_ms == 2_000 && m.id == "p1"),
            "the completion is marked"
        );
    }

    #[test]
    fn an_entity_documents_automated_actors_say_what_they_did_in_their_panels_and_on_the_stage() {
        let mut s =
            Sim::load(include_str!("../../examples/entities/session-workers.json")).expect("loads");
        s.advance_to(Instant::from_millis(5_000));
        let snap = s.snapshot();
        let shop = snap
            .senders
            .iter()
            .find(|x| x.name == "Shop")
            .expect("Shop");
        assert_eq!(shop.to.as_deref(), Some("jobs"));
        let auto = shop.auto.as_deref().expect("the sender is automated");
        assert!(auto.starts_with("Automated: 9 started"), "{auto}");
        let workers = receiver_view(&s, "Workers");
        assert_eq!(workers.from.as_deref(), Some("jobs/subscriptions/work"));
        assert!(workers.sessions, "work requires sessions");
        let auto = workers.auto.as_deref().expect("the receiver is automated");
        assert!(
            auto.starts_with("Automated: ") && !auto.starts_with("Automated: 0 received"),
            "{auto}"
        );
        let m = s.stage_model();
        // On the stage too: the sender and the session processor are drawn automated.
        let automated = |name: &str| {
            m.senders
                .iter()
                .map(|x| (&x.name, x.automated))
                .chain(m.receivers.iter().map(|x| (&x.name, x.automated)))
                .any(|(n, a)| &**n == name && a)
        };
        assert!(automated("Shop") && automated("Workers"));
    }

    #[test]
    fn a_receiver_whose_script_names_no_entity_receives_from_the_first_and_its_steps_follow() {
        // R's script only completes m1 at 2 s: it names no receive entity, so until R receives
        // that completion addresses nothing (and fails).
        let doc = r#"{"settle": 1, "run_until_ms": 3000,
            "entities": {"t": {"type": "topic", "subscriptions": {"s": {}}}, "q": {"type": "queue"}},
            "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"},
                       {"at_ms": 2000, "do": "complete", "by": "R", "msg": "m1"}]}"#;
        let mut s = Sim::load(doc).expect("loads");
        let r = |s: &Sim| receiver_view(s, "R");
        // The first receive path in path order ("q" before "t/subscriptions/s"), not fixed.
        assert_eq!(
            (r(&s).from.as_deref(), r(&s).from_fixed),
            (Some("q"), false)
        );
        s.advance_to(Instant::from_millis(1_000));
        s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
        assert_eq!(r(&s).held.len(), 1);
        assert!(r(&s).from_fixed);
        // Now R receives from q, and by rule 3 its scripted completion addresses q too, as
        // the exported document says: at 2 s it completes m1, here as in `settle run`.
        s.advance_to(Instant::from_millis(3_000));
        assert_eq!(r(&s).held.len(), 0, "{:?}", log_texts(&s));
        assert!(
            log_texts(&s)
                .iter()
                .any(|(t, l)| *t == 2_000
                    && l == "q: R completed m1: removed from the queue for good."),
            "{:?}",
            log_texts(&s)
        );
        let text = s.export();
        assert_eq!(state(&s), state(&played_to(&text, 3_000)));
    }

    /// R's script completes m1 at 2 s and names no receive entity; m1 goes to the topic t's
    /// subscription s.
    const UNADDRESSED: &str = r#"{"settle": 1, "run_until_ms": 3000,
        "entities": {"q": {"type": "queue"}, "t": {"type": "topic", "subscriptions": {"s": {}}}},
        "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "t", "id": "m1"},
                   {"at_ms": 2000, "do": "complete", "by": "R", "msg": "m1"}]}"#;

    fn receiver_view(s: &Sim, name: &str) -> ReceiverView {
        s.snapshot()
            .receivers
            .into_iter()
            .find(|r| r.name == name)
            .expect("the receiver")
    }

    #[test]
    fn a_fork_that_drops_the_step_choosing_a_receive_entity_lets_another_be_chosen_and_replays() {
        let mut s = Sim::load(UNADDRESSED).expect("loads");
        s.advance_to(Instant::from_millis(1_000));
        s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1); // from q: nothing there
        assert!(receiver_view(&s, "R").from_fixed);
        // Back to 0.5 s: acting drops R's receive, so R may choose again.
        s.seek(Instant::from_millis(500));
        let form = SendForm {
            id: "m2".into(),
            to: "q".into(),
            ..SendForm::default()
        };
        s.send("S", &form);
        assert!(!receiver_view(&s, "R").from_fixed);
        s.choose_receive_entity("R", "t/subscriptions/s");
        s.advance_to(Instant::from_millis(1_000));
        s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
        assert_eq!(receiver_view(&s, "R").held.len(), 1);
        // The scripted completion at 2 s now acts on s (not q, the first choice): m1 is done.
        s.advance_to(Instant::from_millis(3_000));
        assert_eq!(receiver_view(&s, "R").held.len(), 0, "{:?}", log_texts(&s));
        let text = s.export();
        assert_eq!(state(&s), state(&played_to(&text, 3_000)));
        // A restart is the document as loaded: R chooses again.
        let r = s.restart();
        assert!(!receiver_view(&r, "R").from_fixed);
        assert_eq!(state(&r), state(&Sim::load(UNADDRESSED).expect("loads")));
    }

    #[test]
    fn next_lock_expiry_finds_a_lock_in_any_entity() {
        let mut s = Sim::load(UNADDRESSED).expect("loads");
        s.advance_to(Instant::from_millis(1_000));
        assert_eq!(s.next_lock_expiry(), None);
        s.choose_receive_entity("R", "t/subscriptions/s");
        s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
        assert_eq!(s.next_lock_expiry(), Some(Instant::from_millis(61_000)));
        assert_eq!(s.snapshot().next_expiry_ms, Some(61_000));
        assert!(s.jump_to_expiry());
        assert_eq!(s.now(), Instant::from_millis(61_000));
    }

    #[test]
    fn settling_by_hand_what_an_automated_receiver_holds_replays_as_the_page_showed() {
        let doc = r#"{"settle": 1, "run_until_ms": 6000,
            "entities": {"q": {"type": "queue"}},
            "actors": [{"kind": "receiver", "name": "W", "from": "q", "processing_ms": [4000, 4000]}],
            "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"}]}"#;
        let mut s = Sim::load(doc).expect("loads");
        s.advance_to(Instant::from_millis(1_000));
        let held = receiver_view(&s, "W").held;
        s.settle("W", held[0].key, Settle::Complete, "", "");
        assert_eq!(receiver_view(&s, "W").error, None);
        s.advance_to(Instant::from_millis(6_000));
        let text = s.export();
        assert_eq!(state(&s), state(&played_to(&text, 6_000)));
    }

    #[test]
    fn a_settlement_by_a_receiver_that_never_received_acts_nowhere_as_the_export_replays() {
        let mut s = Sim::load(FAN_OUT).expect("loads");
        s.advance_to(Instant::from_millis(1_500));
        s.add_receiver();
        s.settle("R1", entity_seq(1, 1), Settle::Complete, "", "");
        let err = receiver_view(&s, "R1").error.expect("refused");
        assert!(err.contains("R1 never received"), "{err}");
        assert!(!receiver_view(&s, "R1").from_fixed);
        // The broker's state and the stage equal the export's (the panel's error and the log's
        // wording of the refusal are the page's: a person's step, a script's step there).
        let text = s.export();
        let replayed = played_to(&text, 1_500);
        let broker = |s: &Sim| format!("{:?}", s.live.ns.as_ref().map(|ns| ns.run.namespace()));
        assert_eq!(broker(&s), broker(&replayed));
        assert_eq!(s.stage_model(), replayed.stage_model());
    }

    #[test]
    fn a_send_to_an_entity_that_does_not_exist_is_refused_in_words_and_changes_nothing() {
        let mut s = Sim::load(FAN_OUT).expect("loads");
        s.advance_to(Instant::from_millis(1_500));
        let before = (s.stage_model(), s.export());
        let form = SendForm {
            to: "order".into(),
            ..SendForm::default()
        };
        s.send("S1", &form);
        let snap = s.snapshot();
        let err = snap
            .senders
            .iter()
            .find(|x| x.name == "S1")
            .and_then(|x| x.error.clone());
        assert_eq!(
            err.as_deref(),
            Some("to: no queue or topic named \"order\"")
        );
        assert_eq!(
            snap.log[0].text,
            "S1: to: no queue or topic named \"order\""
        );
        // A settlement of another entity's message is refused in words (A1 receives from
        // audit; billing's copy of o1 is another message).
        s.settle("A1", entity_seq(2, 1), Settle::Complete, "", "");
        let a1 = s
            .snapshot()
            .receivers
            .into_iter()
            .find(|r| r.name == "A1")
            .expect("A1");
        assert_eq!(
            a1.error.as_deref(),
            Some(
                "A1 receives from orders/subscriptions/audit; that message is in orders/subscriptions/billing"
            )
        );
        // No queue settings in a document with entities (`update_entity` steps change them).
        assert!(s.update_queue(QueuePatch::default()).is_err());
        assert_eq!(before, (s.stage_model(), s.export()));
    }

    #[test]
    fn an_entity_document_over_the_page_budget_stops_where_it_ran_out_and_says_why() {
        // `?budget=` (this test's thread only: the budget is per thread).
        limit_budget(300);
        let mut s = Sim::load(
            r#"{"settle":1,"seed":1,"run_until_ms":1000000,"entities":{"work":{"type":"queue"}},
               "actors":[{"kind":"sender","name":"S","to":"work","count":1000,"interval_ms":10}]}"#,
        )
        .unwrap();
        let end = Instant::from_millis(1_000_000);
        let mut err = None;
        for _ in 0..100 {
            match s.advance_slice(end, 1_000) {
                Err(e) => {
                    err = Some(e);
                    break;
                }
                Ok(_) if s.now() >= end => break,
                Ok(_) => {}
            }
        }
        let err = err.expect("over the budget");
        assert!(err.contains("records budget (300 records)"), "{err}");
        assert_eq!(s.stopped(), Some(err.clone()));
        let at = s.now();
        assert!(at > Instant::from_millis(0) && at < end, "{at:?}");
        // Nothing more runs.
        assert_eq!(s.advance_slice(end, 1_000), Err(err));
        assert_eq!(s.now(), at);
    }

    #[test]
    fn a_receiver_panel_lists_the_first_held_deliveries_and_counts_the_rest() {
        let mut s = Sim::load(
            r#"{"settle":1,"seed":1,"queue":{"lock_duration_ms":5000,"max_delivery_count":3},
               "actors":[{"kind":"sender","name":"S","count":2000,"mode":"pipelined"}]}"#,
        )
        .unwrap();
        s.advance_to(Instant::from_millis(1_000));
        for _ in 0..20 {
            s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 100);
        }
        let snap = s.snapshot();
        let r1 = &snap.receivers[0];
        assert_eq!(r1.held_total, 2_000);
        assert_eq!(r1.held.len(), HELD_ROWS);
        assert!(
            r1.held.windows(2).all(|w| w[0].seq < w[1].seq),
            "in sequence order"
        );
        // Settled ones leave the panel; lost ones can be dismissed, and come back with a new
        // delivery.
        let first = r1.held[0].seq;
        s.settle("R1", first, Settle::Complete, "", "");
        assert_eq!(s.snapshot().receivers[0].held_total, 1_999);
        s.advance_to(Instant::from_millis(7_000));
        let second = s.snapshot().receivers[0].held[0].clone();
        assert_eq!(second.lock_until_ms, None, "its lock expired");
        s.dismiss("R1", second.seq);
        let snap = s.snapshot();
        assert_eq!(snap.receivers[0].held_total, 1_998);
        assert_ne!(snap.receivers[0].held[0].seq, second.seq);
        assert_eq!(
            s.stage_model().receivers[0].held.total,
            1_998,
            "the stage draws every lost delivery not dismissed"
        );
        s.receive_deferred("R1", "");
        s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
        let snap = s.snapshot();
        assert_eq!(
            snap.receivers[0].held[0].seq, second.seq,
            "received again: shown again"
        );
        assert_eq!(snap.receivers[0].held[0].delivery_count, 2);
    }

    #[test]
    fn a_closed_or_removed_receiver_keeps_its_locked_token_on_the_stage_until_it_expires() {
        let mut s = sim(SEND_RECEIVE);
        s.advance_to(Instant::from_millis(1_000));
        s.close("R1", false);
        let m = s.stage_model();
        assert_eq!(m.receivers[0].link, Link::Closed);
        assert_eq!(m.receivers[0].held.tokens[0].key, Key::Msg(1));
        assert_eq!(m.receivers[0].held.tokens[0].until_ms, Some(5_500));
        assert_eq!(m.place_of(1), Some(Place::Receiver(0)));
        s.remove_receiver("R1");
        let m = s.stage_model();
        assert_eq!(m.receivers.len(), 1, "still shown while its lock runs");
        assert_eq!(
            (&*m.receivers[0].name, m.receivers[0].link),
            ("R1", Link::Closed)
        );
        s.advance_to(Instant::from_millis(6_000));
        let m = s.stage_model();
        assert!(m.receivers.is_empty(), "gone once its last lock ended");
        assert_eq!(m.place_of(1), Some(Place::Available));
        assert_eq!(m.available.tokens[0].count, 1);
    }

    #[test]
    fn cues_tell_sends_expiries_and_completions() {
        let mut s = sim(SEND_RECEIVE);
        let cues = s.take_cues();
        assert!(cues.contains(&Cue::Sent { seq: 1, sender: 0 }), "{cues:?}");
        s.advance_to(Instant::from_millis(6_000));
        assert!(s.take_cues().contains(&Cue::LockBroke { seq: 1 }));
        s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
        s.settle("R1", 1, Settle::Complete, "", "");
        assert!(s.take_cues().contains(&Cue::Left {
            seq: 1,
            how: Exit::Completed
        }));
    }

    /// Everything a seek must restore: what the page shows (lists, log, stage) and the
    /// world itself (locks, lock tokens, random streams), actors included.
    /// (Not `script_left` and `later_actions`: in a loaded export the person's steps are the
    /// scenario's; nor how far
    /// the timeline reaches and how often its markers changed, which depend on where the page
    /// has been.)
    fn state(s: &Sim) -> String {
        state_of(s, true)
    }

    /// The state without the previous moment (which comes from the timeline's story: one run
    /// straight to a time has not read its story yet).
    fn state_but_story(s: &Sim) -> String {
        state_of(s, false)
    }

    fn state_of(s: &Sim, previous: bool) -> String {
        let snap = s.snapshot();
        let snap = Snapshot {
            script_left: 0,
            story_gen: 0,
            horizon_ms: 0,
            later_actions: 0,
            previous_ms: snap.previous_ms.filter(|_| previous),
            ..snap
        };
        format!(
            "{:?}\n{:?}\n{:?}\n{:?}",
            snap,
            s.stage_model(),
            s.live.run.world(),
            s.live.run.actors()
        ) + &format!("\n{:?}", s.live.ns.as_ref().map(|ns| ns.run.namespace()))
    }

    fn played_to(text: &str, t: u64) -> Sim {
        let mut s = Sim::load(text).unwrap();
        s.advance_to(Instant::from_millis(t));
        s
    }

    #[test]
    fn a_crowded_queue_played_fast_is_not_copied_every_minute_of_virtual_time() {
        // busy-10k at 100×: 1.6 s of virtual time a frame for 20 virtual minutes, 10,000
        // messages held. Every copy of them is a long frame; a quiet minute alone does not
        // take one (the records since the last are far fewer than a copy costs to save).
        let mut s = Sim::load(&workloads::busy_10k()).unwrap();
        let copies_at_start = s.history.len();
        while s.now().as_millis() < 1_200_000 {
            let to = s.now().as_millis() + 1_600;
            while !s.advance_slice(Instant::from_millis(to), 5_000).unwrap() {}
        }
        let copies = s.history.len() - copies_at_start;
        assert!(copies <= 6, "{copies} copies in 20 virtual minutes");
        // Seeking still lands where playing lands.
        let text = workloads::busy_10k();
        for t in [300_000, 1_000_000] {
            s.seek(Instant::from_millis(t));
            assert_eq!(
                state_but_story(&s),
                state_but_story(&played_to(&text, t)),
                "at {t}"
            );
        }
    }

    #[test]
    fn seek_back_and_forth_equals_playing_there_for_every_preset() {
        let mut rng = settle_core::Rng::new(3);
        let mut from_snapshots = 0;
        for (name, text) in settle_core::scenario::presets::PRESETS {
            let mut s = Sim::load(text).unwrap();
            let end = s.scenario.run_until.as_millis();
            // Played in frame-sized slices, as the page does.
            while s.now().as_millis() < end {
                let to = (s.now().as_millis() + 700).min(end);
                while !s.advance_slice(Instant::from_millis(to), 200).unwrap() {}
            }
            from_snapshots += usize::from(s.history.len() > 1);
            let mut times: Vec<u64> = (0..6).map(|_| rng.below(end + 1)).collect();
            times.extend(
                s.story
                    .busy
                    .iter()
                    .step_by(s.story.busy.len() / 4 + 1)
                    .map(|b| b.0),
            );
            for t in times {
                s.seek(Instant::from_millis(t));
                assert_eq!(state(&s), state(&played_to(text, t)), "{name} at {t}");
            }
        }
        assert!(
            from_snapshots >= 5,
            "{from_snapshots} presets took snapshots"
        );
    }

    #[test]
    fn step_back_goes_to_the_previous_moment_and_equals_playing_there() {
        let text = settle_core::scenario::presets::preset("lock-expiry").unwrap();
        let mut s = Sim::load(text).unwrap();
        s.advance_to(Instant::from_millis(45_000));
        let mut visited = Vec::new();
        while s.step_back() {
            let t = s.now().as_millis();
            assert_eq!(state(&s), state(&played_to(text, t)), "at {t}");
            visited.push(t);
        }
        assert_eq!(visited.last(), Some(&0));
        assert!(visited.windows(2).all(|w| w[0] > w[1]), "{visited:?}");
        assert!(
            visited.contains(&31_000),
            "the lock expiry at 31 s: {visited:?}"
        );
        // And forward again with Step.
        assert!(s.step());
        assert!(s.now() > Instant::ZERO);
    }

    /// The trace `settle run` prints for a document, without its final record.
    fn cli_trace(text: &str) -> String {
        settle_core::scenario::trace(&parse(text).unwrap())
    }

    #[test]
    fn the_inspector_lists_the_dead_letter_reason_among_the_application_properties() {
        // poison-message: order-2 is dead-lettered at 10 s, its seq is 2.
        let mut s = Sim::preset("poison-message").unwrap();
        s.advance_to(Instant::from_millis(10_000));
        s.select(Some(2));
        let d = s
            .snapshot()
            .detail
            .expect("order-2 in the dead-letter queue");
        assert_eq!(d.id, "order-2");
        assert_eq!(
            d.properties,
            [
                (
                    "DeadLetterErrorDescription".to_string(),
                    "Message could not be consumed after 3 delivery attempts.".to_string()
                ),
                (
                    "DeadLetterReason".to_string(),
                    "MaxDeliveryCountExceeded".to_string()
                ),
            ]
        );
        // Not repeated among the broker's own fields.
        assert!(!d.fields.iter().any(|(k, _)| k.starts_with("DeadLetter")));
        // Before, it had none.
        s.seek(Instant::from_millis(9_000));
        assert_eq!(s.snapshot().detail.expect("order-2").properties, []);
    }

    #[test]
    fn an_action_at_an_actors_instant_runs_before_the_actor_as_settle_run_replays_it() {
        // poison-message: the handler receives at 0 ms. The format's order at one instant is
        // script steps, then actors: a person receiving at 0 ms gets order-1 first, live as in
        // the exported document.
        let text = settle_core::scenario::presets::preset("poison-message").unwrap();
        let mut s = Sim::load(text).unwrap();
        s.receive("Person", ReceiveMode::PeekLock, SubQueue::Main, 1);
        let held = &s.snapshot().receivers;
        let person = held.iter().find(|r| r.name == "Person").unwrap();
        assert_eq!(person.held[0].id, "order-1");
        let exported = s.export();
        let replayed = played_to(&exported, 0);
        assert_eq!(
            format!("{:?}", s.live.run.world()),
            format!("{:?}", replayed.live.run.world())
        );
        // `settle run` on the export: the person's step comes before the handler's receive.
        let trace = cli_trace(&exported);
        let step = trace.find("\"by\":\"Person\"").unwrap();
        let actor = trace.find("\"actor\":true").unwrap();
        assert!(step < actor, "{trace}");
        assert!(trace.contains("\"locked_by\":\"Person\""), "{trace}");
    }

    #[test]
    fn acting_after_going_back_forks_and_the_export_replays_the_fork() {
        let mut s = sim(SEND_RECEIVE);
        s.advance_to(Instant::from_millis(3_000));
        s.settle("R1", 1, Settle::Complete, "", "");
        s.advance_to(Instant::from_millis(8_000));
        assert!(s.export().contains("\"complete\""));
        // Back to 1 s: the completion is still recorded until the person acts.
        s.seek(Instant::from_millis(1_000));
        assert_eq!(s.later_actions(), 1);
        s.seek(Instant::from_millis(8_000));
        assert_eq!(
            s.snapshot().available.total,
            0,
            "completed at 3 s, replayed"
        );
        s.seek(Instant::from_millis(1_000));
        s.settle("R1", 1, Settle::Abandon, "", "");
        assert_eq!(
            s.later_actions(),
            0,
            "the fork dropped the later completion"
        );
        s.advance_to(Instant::from_millis(2_000));
        let text = s.export();
        assert!(
            text.contains("\"abandon\"") && !text.contains("\"complete\""),
            "{text}"
        );
        let replayed = played_to(&text, 2_000);
        assert_eq!(state(&s), state(&replayed));
        // Going back into the fork still equals playing the export there.
        for t in [0, 500, 1_000, 1_500] {
            s.seek(Instant::from_millis(t));
            assert_eq!(state(&s), state(&played_to(&text, t)), "at {t}");
        }
    }

    /// The page's seek time in a run of about 10,000 trace records (a figure, not a pass/fail
    /// check): the page replays from its snapshots with everything it shows (log, receivers,
    /// stage model), so it does more per record than the core's `Timeline`.
    /// `cargo test --release -p settle-web --lib -- --ignored --nocapture seek_benchmark`.
    #[test]
    #[ignore = "benchmark: run with --release --ignored --nocapture"]
    fn seek_benchmark_10000_records() {
        let text = include_str!("../../core/benches/seek-scenario.json");
        let mut s = Sim::load(text).unwrap();
        let end = s.scenario.run_until;
        let t0 = std::time::Instant::now();
        // Played as the page plays: frame-sized slices.
        while s.now() < end {
            let to = (s.now() + Duration::from_millis(500)).min(end);
            while !s.advance_slice(to, 200).unwrap() {}
        }
        let play = t0.elapsed();
        let records = s.live.run.records();
        let mut x: u64 = 12345;
        let (mut worst, mut total, n) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 200);
        for _ in 0..n {
            x = (x * 1_103_515_245 + 12345) % 2_147_483_648;
            let t = Instant::from_millis(x % (end.as_millis() + 1));
            let at = std::time::Instant::now();
            s.seek(t);
            let d = at.elapsed();
            worst = worst.max(d);
            total += d;
        }
        println!(
            "page seek: records {records}, snapshots {}, play {play:?}, seek mean {:?}, worst {worst:?}",
            s.history.len(),
            total / n
        );
        assert!(records >= 10_000, "only {records} records");
    }

    /// What one publication costs the page natively, at 10,000 messages and 50 busy workers
    /// (frame-bench's busy-10k): a snapshot and a stage model, every 500 ms of virtual time.
    /// `cargo test --release -p settle-web --lib -- --ignored --nocapture publication_benchmark`.
    #[test]
    #[ignore = "benchmark: run with --release --ignored --nocapture"]
    fn publication_benchmark_10000_messages() {
        let text = workloads::busy_10k();
        let mut s = Sim::load(&text).unwrap();
        let (mut snap, mut stage, mut n) =
            (std::time::Duration::ZERO, std::time::Duration::ZERO, 0u32);
        for k in 1..=40u64 {
            s.advance_to(Instant::from_millis(k * 500));
            let at = std::time::Instant::now();
            let x = s.snapshot();
            snap += at.elapsed();
            let at = std::time::Instant::now();
            let m = s.stage_model();
            stage += at.elapsed();
            n += 1;
            assert!(x.now_ms == k * 500 && !m.receivers.is_empty());
        }
        println!(
            "publication at 10,000 messages: snapshot {:?}, stage model {:?} (mean of {n})",
            snap / n,
            stage / n
        );
    }
}
