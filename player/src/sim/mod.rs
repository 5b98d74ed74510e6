//! The playground's model: a scenario [`Run`] (the loaded script plays itself as time passes)
//! plus what the person does, applied at the current virtual instant and recorded as script
//! steps, so that export and share links replay it exactly. The UI renders one
//! [`Snapshot`] per frame: owned strings, `PartialEq`, so unchanged parts stop propagating.

use crate::narrate::{narrate, narrate_act};
use crate::stage::model::{self, Cue, Exit, Link, Mark, Model, MsgKey, Place, Token};
use settle_core::{
    ClientId, Duration, Event, Glance, InHand, Instant, Listing, LockToken, MessageState,
    MessageView, NewMessage, Op, Outcome, PropValue, QueuePatch, ReceiveMode, SessionHold,
    SubQueue, Target, Text, World,
};
use settle_i18n::{Arg, tf};
use settle_scenario::timetravel::{Observer, Phase, Policy, Timeline};
use settle_scenario::{Budget, Progress, Rec, Record, Run, Scenario, Step, parse};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::rc::Rc;

mod actions;
mod advance;
mod clients;
mod stage;
mod story;
#[cfg(test)]
mod tests;
mod view;

pub use actions::*;
pub use story::*;
pub use view::*;

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

/// What a seek restores beside the run: everything the page shows that follows from it (the
/// log, what each receiver holds, the highlights, links that ended). The timeline's snapshots
/// hold it with the run.
#[derive(Clone, Debug)]
struct Live {
    log: VecDeque<LogLine>,
    log_n: u64,
    rstate: BTreeMap<String, ReceiverState>,
    /// When something last happened to each message (for the highlight), pruned as time passes.
    touched: BTreeMap<MsgKey, Instant>,
    /// Receivers whose link ended, and how.
    links: BTreeMap<String, Link>,
    /// Messages a topic dropped in the last [`RECENT_MS`] (no subscription took them): when,
    /// the topic, its sequence number and the MessageId (the stage shows them for a moment).
    dropped: Vec<(Instant, Text, u64, Text)>,
}

/// Records the timeline's story plays on per advance when it lags behind.
const STORY_SLICE: u64 = 2_000;

/// The playground's model: the scenario's [`Timeline`] (the run, its snapshots, the person's
/// steps), whose snapshots also hold what the page shows of the run ([`Live`]), and the page
/// that watches it ([`Page`], its observer).
pub struct Sim {
    tl: Timeline<Live>,
    page: Page,
}

/// What the page keeps beside the timeline (not restored by a seek), and how it watches the
/// run: the timeline hands it every record ([`Observer`], `advance.rs`).
struct Page {
    /// The document has `entities` (what the run says, kept for the observer).
    entities: bool,
    story: Story,
    /// Where the story should reach: the scenario's end, or as far as the page has been.
    story_target: Instant,
    /// Counts changes of the story's markers.
    story_gen: u64,
    /// The live run's steps and actions when the story last kept pace with it.
    story_paced: u64,
    sends: u64,
    senders: Vec<String>,
    sender_errors: BTreeMap<String, String>,
    receivers: Vec<String>,
    selected: Option<MsgKey>,
    /// In a document with `entities`: each receiver's receive entity (rule 3 of the format:
    /// one per client; a new receiver's is chosen until it first acts) and each sender's
    /// queue or topic (the one its script or actor names first; the form can choose another).
    receive_of: BTreeMap<String, String>,
    send_to: BTreeMap<String, String>,
    /// The receivers whose receive entity the scenario names (the person cannot change it).
    fixed_from: Vec<String>,
    /// The receive entities the person's steps gave other clients when the page last acted
    /// ([`Page::inferred_entities`]): the script the page plays addresses their steps there.
    inferred: BTreeMap<String, String>,
    /// Counts changes the stage can see (events, actions, clients added or removed).
    generation: u64,
    /// What happened since the stage last looked that positions alone do not tell.
    cues: Vec<Cue>,
    /// What the current chunk of the run produced, told and observed when it ends.
    chunk: advance::Chunk,
}

fn ms(t: Instant) -> u64 {
    t.as_millis()
}

/// The first queue or subscription (in path order) of a document with `entities`: where a
/// receiver receives from until the person chooses.
fn first_receive_path(run: &Run) -> Option<Text> {
    let space = run.namespace();
    (run.has_entities())
        .then(|| space.paths().into_iter().find(|p| !space.is_topic(p)))
        .flatten()
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
        let run = Run::with_budget(&scenario, PAGE_BUDGET.get());
        // A receiver whose script names no receive entity (it only settles or closes) receives
        // from the first queue or subscription until the person chooses another.
        let fixed_from: Vec<String> = receive_of.keys().cloned().collect();
        if let Some(first) = first_receive_path(&run) {
            for r in &receivers {
                receive_of
                    .entry(r.clone())
                    .or_insert_with(|| first.to_string());
            }
        }
        let live = Live {
            dropped: Vec::new(),
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
        let sends = scenario
            .script
            .iter()
            .filter(|s| matches!(s.op, Op::Send { .. } | Op::Schedule { .. }))
            .count() as u64;
        let mut story = Story::new(run.clone());
        // A heavy story is told on over the frames that follow (`Page::follow_story`).
        story.extend(scenario.run_until, STORY_SLICE);
        let page = Page {
            entities: run.has_entities(),
            story,
            story_target: scenario.run_until,
            story_gen: 0,
            story_paced: 0,
            sends,
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
            chunk: advance::Chunk::default(),
        };
        let mut sim = Self {
            tl: Timeline::with_run(scenario, run, live, Policy::PAGE),
            page,
        };
        // What happens at 0 s, as far as a load may take: the rest (a million sends started at
        // once) is the frames' work that follow, while the page shows itself (`behind`).
        let _ = sim.advance_slice(Instant::ZERO, STORY_SLICE);
        sim
    }

    /// The present instant (ms) while work is still due at it: the page goes on with it in its
    /// frames before the clock may move.
    pub fn behind(&self) -> Option<u64> {
        let run = self.tl.run();
        let now = run.now();
        (run.next_due().is_some_and(|t| t <= now) && run.exceeded().is_none())
            .then(|| now.as_millis())
    }

    /// The welcome scenario.
    pub fn welcome() -> Self {
        let mut sc = parse(WELCOME).expect("invariant: the welcome scenario is valid");
        // Its words in the installed language (the document says them in English).
        sc.title = settle_i18n::t("welcome-title");
        sc.description = settle_i18n::t("welcome-description");
        Self::new(sc)
    }

    /// A built-in preset.
    pub fn preset(name: &str) -> Result<Self, String> {
        let text = settle_scenario::presets::preset(name)
            .ok_or_else(|| tf("lesson-no-preset", &[("name", Arg::from(name))]))?;
        Self::load(text)
    }

    /// Parses a scenario document into a fresh playground; on error nothing changes.
    pub fn load(text: &str) -> Result<Self, String> {
        match parse(text) {
            Ok(sc) => Ok(Self::new(sc)),
            Err(e) => Err(crate::words::doc_error(&e)),
        }
    }

    fn world(&self) -> &World {
        self.tl.run().world()
    }

    pub fn now(&self) -> Instant {
        self.tl.run().now()
    }

    /// Why the run stopped for good (its work budget ran out), if it did.
    pub fn stopped(&self) -> Option<String> {
        self.tl.run().exceeded().map(ToString::to_string)
    }

    /// Whether the loaded document has `entities` (the page plays it; the person watches).
    pub fn has_entities(&self) -> bool {
        self.tl.run().has_entities()
    }

    /// The loaded scenario plus what the person did, up to now: replaying it reproduces this
    /// state exactly.
    ///
    /// After going back (without acting), the person's later actions are not in it: it is
    /// the story up to what the page shows.
    pub fn export(&self) -> String {
        self.tl.export()
    }

    pub fn title(&self) -> &str {
        &self.tl.scenario().title
    }

    /// The scenario as loaded (without the person's actions).
    pub fn scenario(&self) -> &Scenario {
        self.tl.scenario()
    }

    /// Counts changes the stage can see; equal counts mean an equal stage model.
    pub fn generation(&self) -> u64 {
        self.page.generation
    }

    /// Notes a change made from outside (a person's action).
    pub fn bump(&mut self) {
        self.page.generation += 1;
    }

    /// The selected message, if any.
    pub fn selected(&self) -> Option<MsgKey> {
        self.page.selected
    }

    /// Starts the loaded scenario again from time zero (what the person did is dropped).
    pub fn restart(&self) -> Self {
        Self::new(self.tl.scenario().clone())
    }

    /// The queue's configuration, for the settings form.
    pub fn config(&self) -> settle_core::QueueConfig {
        self.world().queue().config().clone()
    }

    /// The entity's own sequence number of the message the page knows as `key`, for client
    /// `by`: a message of another entity than its receive entity is refused in words (it
    /// settles only there).
    fn own_seq_of(&self, by: &str, key: MsgKey) -> Result<u64, String> {
        let Some(i) = key.entity_index().filter(|_| self.has_entities()) else {
            return Ok(key.seq());
        };
        let mine = self.client_world(by).1;
        if mine == Some(i) {
            return Ok(key.seq());
        }
        let paths = self.tl.run().namespace().paths();
        let entity = paths.get(i).map_or("", |p| &**p);
        let mut args = vec![("client", Arg::from(by)), ("entity", Arg::from(entity))];
        match mine.and_then(|m| paths.get(m)) {
            Some(from) => args.push(("from", Arg::from(&**from))),
            None => return Err(tf("form-other-entity-nothing", &args)),
        }
        Err(tf("form-other-entity", &args))
    }
}
