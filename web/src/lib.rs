//! The Settle playground's Leptos UI over `settle-player`.
//!
//! One frame loop advances virtual time with real time × speed; a person's actions run at
//! the current virtual instant and are recorded as scenario steps; the page renders one
//! [`Snapshot`] per frame.

mod ui;

use leptos::prelude::*;
use settle_core::Instant;
use settle_player::clock::{Clock, Driven, Raf};
use settle_player::command::Command;
use settle_player::page::{
    LOAD_SLICE_MS, Mode, Opening, Shortcut, advance_within, apply_mode, next_speed, real_now_ms,
    shortcut, twins_of,
};
use settle_player::sim::{self, LogLine, ReceiverView, Sim, Snapshot};
use settle_player::{crash, lesson};

/// What every component reaches through context: the read-only snapshot and a few handles.
/// The simulation itself is only touched through [`Ctx::act`].
#[derive(Clone, Copy)]
pub struct Ctx {
    sim: StoredValue<Sim, LocalStorage>,
    /// The published snapshot, without the parts in [`Ctx::parts`] (their fields are empty
    /// here: read them there).
    pub snap: RwSignal<Snapshot>,
    /// The parts of the snapshot that drive most of the page's views, each published only when
    /// it changed.
    pub parts: Parts,
    pub running: RwSignal<bool>,
    pub speed: RwSignal<f64>,
    /// A notice over the board: (text, is_error).
    pub notice: RwSignal<Option<(String, bool)>>,
    /// Real milliseconds the clock has been running.
    pub real_ms: RwSignal<f64>,
    /// Full page or embed.
    pub mode: Mode,
    /// The loaded scenario as a lesson: captions, pauses, summary (see [`lesson`]).
    pub lesson: RwSignal<lesson::State>,
    /// Where the notice shows: next to the area whose action it is about (`"top"`: the page).
    pub notice_area: RwSignal<&'static str>,
    /// Virtual now (ms) for the clock's readout (its face, or its text where no worker paints
    /// the face: `ui::face`), the timeline's cursor and the captions: at most
    /// [`cadence::CLOCK_MS`] apart while the clock runs (each change restyles and lays out part
    /// of the page), exactly whenever it stands still or a snapshot is published.
    pub now_ms: RwSignal<u64>,
    /// A worker paints the clock's face (`ui::face`): while the clock runs, the face shows
    /// the readouts and the page's text of them follows the publications only
    /// ([`Ctx::face_shows`]).
    pub face_ready: RwSignal<bool>,
    /// Presenter mode: the stage fills the window, the controls are an overlay.
    pub presenter: RwSignal<bool>,
    /// A long advance in progress (opening a link or `?start=` far ahead): (from, target)
    /// virtual ms. The frame loop works toward it in short slices; Cancel stops it there.
    pub pending: RwSignal<Option<(u64, u64)>>,
    /// The stage's canvas and animation, touched only by the frame loop and clicks.
    stage: StoredValue<settle_player::paint::StageState, LocalStorage>,
    /// Side by side (`?compare=NAME`): the other variants, on the same clock, watch only.
    twins: StoredValue<Vec<Twin>, LocalStorage>,
    /// What the page shows of each other variant, refreshed with the snapshot.
    pub twin_views: RwSignal<Vec<TwinView>>,
    /// When the snapshot was last published (real ms), at which simulation generation and
    /// virtual ms, and what publishing it cost (real ms).
    published: StoredValue<(f64, u64, u64, f64)>,
}

/// The parts of a published snapshot that drive most of the page's reactive views (the lanes'
/// rows, the log's lines, each receiver's panel: thousands of memos and effects at 50
/// receivers), each a signal of its own, set only when it changed. Through the one snapshot
/// signal every publication made Leptos walk all of them (it marks every node downstream of a
/// changed signal, then checks each), whatever had changed: 30–40 ms twice a second at 50
/// busy receivers.
#[derive(Clone, Copy)]
pub struct Parts {
    /// Available, locked, deferred, scheduled, dead-letter.
    pub lanes: [RwSignal<sim::Lane>; 5],
    pub log: RwSignal<Vec<LogLine>>,
    /// Earlier log lines not on the page while the clock runs (see [`LOG_RUNNING`]).
    pub log_earlier: RwSignal<usize>,
    /// The receivers' names, in order.
    pub receivers: RwSignal<Vec<String>>,
    /// Each receiver's panel, in the order they were first published.
    panels: StoredValue<Vec<Panel>>,
    /// Where the next round of off-screen panels starts (see [`Parts::publish`]).
    turn: StoredValue<usize>,
    /// The queue card's lanes and the log, each following a running clock at every
    /// publication while on screen, at every [`OFFSCREEN_EVERY`]th while not.
    cards: StoredValue<Cards>,
}

/// The lists that follow a running clock less often off screen.
#[derive(Default)]
struct Cards {
    queue: Follow<[sim::Lane; 5]>,
    log: Follow<(Vec<LogLine>, usize)>,
}

/// While the clock runs, a list off screen (the queue card's lanes, the log) follows every
/// this many publications (every 2 s); it is brought up to date when it comes into view and
/// when the clock stops. At 10,000 messages and 100×, every row of the lanes and the log
/// changed at each publication: a CPU profile put about 5 ms of a publication's 18–22 ms of
/// thread CPU in patching the lanes' rows alone, where nobody could see them.
const OFFSCREEN_EVERY: u32 = 4;

/// What a list of the page shows next: a value it shows now, or holds back while it is off
/// screen and the clock runs.
struct Follow<T> {
    /// On screen or near it (until the browser says otherwise, and always where it cannot).
    seen: bool,
    /// A newer value than the one shown, held back.
    pending: Option<T>,
    /// Publications held back since the last one shown.
    skipped: u32,
}

impl<T> Default for Follow<T> {
    fn default() -> Self {
        Self {
            seen: true,
            pending: None,
            skipped: 0,
        }
    }
}

impl<T> Follow<T> {
    /// A publication's `value`: what to show now (`all`: the clock stands), if anything.
    fn offer(&mut self, value: T, all: bool) -> Option<T> {
        if all || self.seen || self.skipped + 1 >= OFFSCREEN_EVERY {
            self.pending = None;
            self.skipped = 0;
            Some(value)
        } else {
            self.pending = Some(value);
            self.skipped += 1;
            None
        }
    }

    /// The list came into view (`seen`) or left it: what it held back, to show now.
    fn seen(&mut self, seen: bool) -> Option<T> {
        self.seen = seen;
        if seen {
            self.skipped = 0;
            self.pending.take()
        } else {
            None
        }
    }
}

/// How many off-screen receiver panels follow each publication while the clock runs (the
/// rest wait their turn; every one is brought up to date when it comes into view or the clock
/// stops). At 50 busy receivers every panel changed at every publication, and patching the
/// 40-odd nobody could see cost most of it: 30–45 ms twice a second at 100×.
const OFFSCREEN_PER_PUBLICATION: usize = 4;

/// How many log lines, newest first, the page shows while the clock runs (all of them, up to
/// [`sim::LOG_CAP`], when it stands). The log's box shows about a dozen; at 100× with 50 busy
/// workers every one of 300 lines was new at each publication, rewritten twice a second where
/// nobody could scroll to them before they were replaced (about 3 ms of each publication).
pub(crate) const LOG_RUNNING: usize = 40;

/// A receiver's panel as the page shows it.
struct Panel {
    name: String,
    shown: ArcRwSignal<ReceiverView>,
    /// A newer view than `shown`, held back while the panel is off screen.
    pending: Option<ReceiverView>,
    /// On screen or near it (until the browser says otherwise, and always where it cannot).
    seen: bool,
}

impl Panel {
    /// A panel showing `view`, taken to be on screen until the browser says otherwise.
    fn new(name: String, view: ReceiverView) -> Self {
        Self {
            name,
            shown: ArcRwSignal::new(view),
            pending: None,
            seen: true,
        }
    }

    /// Shows `pending`, if any.
    fn flush(&mut self) {
        if let Some(v) = self.pending.take()
            && self.shown.with_untracked(|old| *old != v)
        {
            self.shown.set(v);
        }
    }
}

impl Parts {
    fn new() -> Self {
        Self {
            lanes: std::array::from_fn(|_| RwSignal::new(sim::Lane::default())),
            log: RwSignal::new(Vec::new()),
            log_earlier: RwSignal::new(0),
            receivers: RwSignal::new(Vec::new()),
            panels: StoredValue::new(Vec::new()),
            turn: StoredValue::new(0),
            cards: StoredValue::new(Cards::default()),
        }
    }

    /// Moves the parts out of `snap` into their signals, setting only those that changed.
    /// While the clock runs (`all` false), a receiver panel off screen is brought up to date
    /// only in its turn, [`OFFSCREEN_PER_PUBLICATION`] at a time, and the queue card's lanes
    /// and the log, off screen, at every [`OFFSCREEN_EVERY`]th publication; with `all`,
    /// everything is.
    fn publish(self, snap: &mut Snapshot, all: bool) {
        let lanes = [
            std::mem::take(&mut snap.available),
            std::mem::take(&mut snap.locked),
            std::mem::take(&mut snap.deferred),
            std::mem::take(&mut snap.scheduled),
            std::mem::take(&mut snap.dead_letter),
        ];
        if let Some(lanes) = self
            .cards
            .try_update_value(|c| c.queue.offer(lanes, all))
            .flatten()
        {
            self.show_lanes(lanes);
        }
        let earlier = if all {
            0
        } else {
            snap.log.len().saturating_sub(LOG_RUNNING)
        };
        snap.log.truncate(snap.log.len() - earlier);
        let log = (std::mem::take(&mut snap.log), earlier);
        if let Some(log) = self
            .cards
            .try_update_value(|c| c.log.offer(log, all))
            .flatten()
        {
            self.show_log(log);
        }
        let views = std::mem::take(&mut snap.receivers);
        let names: Vec<String> = views.iter().map(|v| v.name.clone()).collect();
        let turn = self.turn.get_value();
        let next = self.panels.try_update_value(|known| {
            known.retain(|p| names.contains(&p.name));
            for v in views {
                match known.iter_mut().find(|p| p.name == v.name) {
                    Some(p) => {
                        p.pending = Some(v);
                        if p.seen || all {
                            p.flush();
                        }
                    }
                    None => known.push(Panel::new(v.name.clone(), v)),
                }
            }
            // The off-screen panels' turn: the next few after the last one brought up.
            let n = known.len();
            let mut left = OFFSCREEN_PER_PUBLICATION;
            let mut next = turn;
            for k in 0..n {
                if left == 0 {
                    break;
                }
                let i = (turn + k) % n;
                if known[i].pending.is_some() {
                    known[i].flush();
                    left -= 1;
                    next = i + 1;
                }
            }
            next
        });
        if let Some(next) = next {
            self.turn.set_value(next);
        }
        set_if_changed(self.receivers, names);
    }

    fn show_lanes(self, lanes: [sim::Lane; 5]) {
        for (signal, lane) in self.lanes.iter().zip(lanes) {
            set_if_changed(*signal, lane);
        }
    }

    fn show_log(self, (lines, earlier): (Vec<LogLine>, usize)) {
        set_if_changed(self.log_earlier, earlier);
        set_if_changed(self.log, lines);
    }

    /// Tells whether the queue card is on screen (or near it): coming into view, it shows
    /// what it held back at once.
    pub fn queue_seen(self, seen: bool) {
        if let Some(lanes) = self
            .cards
            .try_update_value(|c| c.queue.seen(seen))
            .flatten()
        {
            self.show_lanes(lanes);
        }
    }

    /// Tells whether the log is on screen (or near it), as [`Parts::queue_seen`].
    pub fn log_seen(self, seen: bool) {
        if let Some(log) = self.cards.try_update_value(|c| c.log.seen(seen)).flatten() {
            self.show_log(log);
        }
    }

    /// Tells whether the panel of receiver `name` is on screen (or near it): one coming into
    /// view is brought up to date at once.
    pub fn panel_seen(self, name: &str, seen: bool) {
        self.panels.update_value(|known| {
            if let Some(p) = known.iter_mut().find(|p| p.name == name) {
                p.seen = seen;
                if seen {
                    p.flush();
                }
            }
        });
    }

    /// The panel of the receiver `name` (an empty one if it is not published yet).
    pub fn receiver(self, name: &str) -> Signal<ReceiverView> {
        let found = self.panels.with_value(|known| {
            known
                .iter()
                .find(|p| p.name == name)
                .map(|p| p.shown.clone())
        });
        found
            .unwrap_or_else(|| {
                let p = Panel::new(name.to_string(), ReceiverView::named(name));
                let shown = p.shown.clone();
                self.panels.update_value(|known| known.push(p));
                shown
            })
            .into()
    }
}

/// Sets `signal` to `value` unless it holds that already (its views then do not run).
fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|old| *old != value) {
        signal.set(value);
    }
}

/// Another variant of a comparison, on its own stage, following the page's clock.
pub struct Twin {
    /// Its key in the comparison (`b`, `c`, …).
    pub key: &'static str,
    /// Its label.
    pub label: String,
    sim: Sim,
    stage: settle_player::paint::StageState,
}

/// What the page shows of a twin: its label and its messages as text (the stage's mirror).
#[derive(Clone, Debug, PartialEq)]
pub struct TwinView {
    pub key: &'static str,
    pub label: String,
    /// "order-1: locked by R1" per message.
    pub messages: Vec<String>,
    /// How far its story reaches (virtual ms), and its moments, each named with its side.
    pub horizon_ms: u64,
    pub markers: Vec<sim::Marker>,
}

impl TwinView {
    fn of(t: &Twin) -> Self {
        let s = t.sim.snapshot();
        let mut messages = Vec::new();
        for (lane, place) in [
            (&s.available, "available"),
            (&s.locked, "locked"),
            (&s.deferred, "deferred"),
            (&s.scheduled, "scheduled"),
            (&s.dead_letter, "in the dead-letter queue"),
        ] {
            for r in &lane.rows {
                let mut line = format!("{}: {place}", r.id);
                if let Some(h) = &r.holder {
                    line.push_str(&format!(" by {h}"));
                }
                line.push_str(&format!(", delivery count {}", r.delivery_count));
                messages.push(line);
            }
        }
        Self {
            key: t.key,
            label: t.label.clone(),
            messages,
            horizon_ms: t.sim.horizon().as_millis(),
            markers: t
                .sim
                .markers()
                .map(|m| sim::Marker {
                    id: format!("{} ({})", m.id, t.label),
                    ..m.clone()
                })
                .collect(),
        }
    }
}

impl Ctx {
    /// Runs `f` on the page's simulation and on every twin's (side by side).
    fn each_sim<T>(self, mut f: impl FnMut(&mut Sim) -> T) -> Vec<T> {
        let mut out = Vec::new();
        self.sim.update_value(|s| out.push(f(s)));
        self.twins
            .update_value(|v| out.extend(v.iter_mut().map(|t| f(&mut t.sim))));
        out
    }

    /// Goes to virtual time `t` (ms), back or forward, on every stage: the state of playing
    /// there (time travel). No journeys play for what was skipped.
    pub fn seek(self, t: u64) {
        self.each_sim(|s| {
            s.seek(Instant::from_millis(t));
            s.bump();
        });
        self.stage
            .update_value(settle_player::paint::StageState::replaced);
        self.twins
            .update_value(|v| v.iter_mut().for_each(|t| t.stage.replaced()));
        self.refresh();
        self.keep_for_crash();
    }

    /// Steps every stage to the next thing that happens on its own on any of them; false when
    /// nothing is pending.
    pub fn step(self) -> bool {
        self.advance_all_to_first(Sim::next_event)
    }

    /// Jumps every stage to the next lock expiry on any of them; false when no lock is held.
    pub fn jump_to_expiry(self) -> bool {
        self.advance_all_to_first(Sim::next_lock_expiry)
    }

    /// Advances every stage to the earliest `next` of any of them; false when none has one.
    fn advance_all_to_first(self, next: fn(&Sim) -> Option<Instant>) -> bool {
        let first = self.each_sim(|s| next(s)).into_iter().flatten().min();
        let Some(t) = first else { return false };
        self.each_sim(|s| s.advance_to(t.max(s.now())));
        self.act(|_| {});
        true
    }

    /// Goes back to the previous moment anything happened on any stage; false at 0 s.
    pub fn step_back(self) -> bool {
        let prev = self
            .each_sim(|s| s.previous_moment())
            .into_iter()
            .flatten()
            .max();
        match prev {
            Some(t) => {
                self.seek(t.as_millis());
                true
            }
            None => false,
        }
    }

    /// The same scenarios again from 0 s (what the person did is dropped).
    pub fn restart(self) {
        let fresh = self.read(Sim::restart);
        let twins: Vec<(&'static str, String, Sim)> = self.twins.with_value(|v| {
            v.iter()
                .map(|t| (t.key, t.label.clone(), t.sim.restart()))
                .collect()
        });
        self.replace(fresh);
        self.set_twins(twins);
    }

    /// Puts the other variants of a comparison beside the page's stage (none: one stage).
    pub fn set_twins(self, twins: Vec<(&'static str, String, Sim)>) {
        let now = self.read(Sim::now);
        self.twins.set_value(
            twins
                .into_iter()
                .map(|(key, label, mut sim)| {
                    sim.seek(now);
                    Twin {
                        key,
                        label,
                        sim,
                        stage: settle_player::paint::StageState::default(),
                    }
                })
                .collect(),
        );
        self.refresh();
    }

    /// Applies a person's command to the simulation, then publishes a new snapshot. What the
    /// broker answers shows on the client that acted.
    pub fn command(self, command: Command) {
        // Only a settings change is refused as an error, and its form asks `command_result`.
        let _ = self.command_result(command);
    }

    /// [`Self::command`], with the refusal of a settings change.
    ///
    /// # Errors
    /// What [`Sim::apply`] refuses.
    pub fn command_result(self, command: Command) -> Result<(), String> {
        let mut result = Ok(());
        self.act(|s| result = s.apply(command));
        result
    }

    /// Runs a change on the simulation, then publishes a new snapshot.
    fn act(self, f: impl FnOnce(&mut Sim)) {
        self.sim.update_value(|s| {
            f(s);
            s.bump();
        });
        self.refresh();
        self.keep_for_crash();
    }

    /// What the notice after an internal error offers (see [`crash`]).
    fn keep_for_crash(self) {
        crash::remember(self.sim.with_value(Sim::export));
        crash::at(self.sim.with_value(|s| s.now().as_millis()));
    }

    /// Whether the clock's face shows the readouts now (the clock runs and a worker paints
    /// the face); tracked.
    pub fn face_shows(self) -> bool {
        self.running.get() && self.face_ready.get()
    }

    /// Reads the simulation.
    pub fn read<T>(self, f: impl FnOnce(&Sim) -> T) -> T {
        self.sim.with_value(f)
    }

    /// Shows a notice next to `area` (where the action that caused it is).
    pub fn tell(self, area: &'static str, text: impl Into<String>, error: bool) {
        self.notice_area.set(area);
        self.notice.set(Some((text.into(), error)));
    }

    /// Publishes a new snapshot to the page's reactive views now.
    pub fn refresh(self) {
        let start = real_now_ms();
        let (mut snap, generation, now) = self
            .sim
            .with_value(|s| (s.snapshot(), s.generation(), s.now().as_millis()));
        self.now_ms.set(now);
        let shown = snap.now_ms;
        self.parts.publish(&mut snap, !self.running.get_untracked());
        self.snap.set(snap);
        // The receivers' lock bars follow it outside Leptos (bars built by this publication
        // start from its time too); while the clock runs, those on screen.
        settle_player::paint::paint_locks(shown, !self.running.get_untracked());
        let twins: Vec<TwinView> = self
            .twins
            .with_value(|v| v.iter().map(TwinView::of).collect());
        if self.twin_views.with_untracked(|v| *v != twins) {
            self.twin_views.set(twins);
        }
        let end = real_now_ms();
        self.published
            .set_value((end, generation, now, end - start));
    }

    /// Replaces the whole simulation (a loaded scenario or link). Its lesson is resolved
    /// and its speed becomes the clock's.
    pub fn replace(self, sim: Sim) {
        let mut lesson = lesson::State::of(sim.scenario());
        (lesson.pauses, lesson.source) =
            self.lesson.with_untracked(|l| (l.pauses, l.source.clone()));
        if let Some(speed) = lesson.speed() {
            self.speed.set(speed);
        }
        self.lesson.set(lesson);
        self.sim.set_value(sim);
        self.twins.set_value(Vec::new());
        self.stage
            .update_value(settle_player::paint::StageState::replaced);
        self.refresh();
        self.keep_for_crash();
    }
}

/// The playground's keyboard shortcuts.
fn on_key(ctx: Ctx, ev: &web_sys::KeyboardEvent) {
    let Some(key) = shortcut(ev) else { return };
    if ctx.mode.readonly && key != Shortcut::Play {
        return;
    }
    match key {
        Shortcut::Play => {
            ctx.running.update(|r| *r = !*r);
            ctx.refresh();
        }
        Shortcut::Step => {
            ctx.step();
        }
        Shortcut::Back => {
            ctx.step_back();
        }
        Shortcut::Expiry => {
            ctx.jump_to_expiry();
        }
        Shortcut::Restart => ctx.restart(),
        Shortcut::Faster | Shortcut::Slower => ctx.speed.set(next_speed(
            ctx.speed.get_untracked(),
            key == Shortcut::Faster,
        )),
        // An embed keeps its shape (its host gave it a height).
        Shortcut::Presenter if !ctx.mode.embed => ui::toggle_presenter(ctx, true),
        Shortcut::Escape if ctx.presenter.get_untracked() => ui::toggle_presenter(ctx, false),
        Shortcut::Presenter | Shortcut::Escape => return,
    }
    ev.prevent_default();
}

/// The playground as the clock loop drives it: the simulation, the other sides of a comparison
/// (they follow its clock exactly) and the reactive page.
struct Playground {
    ctx: Ctx,
    /// The real readout's tenths of a second last shown.
    shown_real: f64,
}

impl Driven for Playground {
    fn running(&self) -> bool {
        self.ctx.running.get_untracked()
    }
    fn speed(&self) -> f64 {
        self.ctx.speed.get_untracked()
    }
    fn now_ms(&self) -> u64 {
        self.ctx.read(|s| s.now().as_millis())
    }
    fn generation(&self) -> u64 {
        self.ctx.sim.with_value(Sim::generation)
    }
    fn pause_between(&self, from: u64, to: u64) -> Option<u64> {
        self.ctx
            .lesson
            .with_untracked(|l| l.pause_between(from, to))
    }
    fn target(&self) -> Option<u64> {
        self.ctx.pending.get_untracked().map(|(_, target)| target)
    }
    fn reached_target(&mut self) {
        self.ctx.pending.set(None);
    }
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String> {
        let ctx = self.ctx;
        let done = ctx
            .sim
            .try_update_value(|s| advance_within(s, t, deadline))
            .unwrap_or(Ok(true));
        // The other stages of a comparison follow the page's clock exactly.
        let now = ctx.read(Sim::now);
        ctx.twins.update_value(|v| {
            for tw in v {
                tw.sim.advance_to(now);
            }
        });
        done
    }
    fn stopped(&mut self, why: String) {
        let ctx = self.ctx;
        ctx.running.set(false);
        ctx.pending.set(None);
        ctx.notice.set(Some((why, true)));
        ctx.refresh();
    }
    fn paused_at_caption(&mut self) {
        self.ctx.running.set(false);
        self.ctx.refresh();
    }
    fn ran(&mut self, real: f64) {
        // Shown with the virtual time.
        self.ctx.real_ms.update_untracked(|r| *r += real);
    }
    fn readouts(&mut self, _: f64) -> (bool, bool) {
        let ctx = self.ctx;
        let now = self.now_ms();
        let mut shown = false;
        if ctx.now_ms.get_untracked() != now {
            ctx.now_ms.set(now);
            shown = true;
        }
        // The real readout shows tenths: touched only when they change.
        let tenths = (ctx.real_ms.get_untracked() / 100.0).floor();
        if self.shown_real != tenths {
            self.shown_real = tenths;
            ctx.real_ms.set(ctx.real_ms.get_untracked());
            shown = true;
        }
        // A worker paints the readouts where it can (shown while the clock runs; the page's
        // text of them then follows the publications: `ui::Clock`).
        let ready = ui::paint_readouts(ctx.now_ms.get_untracked(), ctx.real_ms.get_untracked());
        if ctx.face_ready.get_untracked() != ready {
            ctx.face_ready.set(ready);
        }
        (shown, shown)
    }
    fn published(&mut self, prev_start: f64, real: f64) -> (f64, u64, u64, f64) {
        let (at, g, t, cost) = self.ctx.published.get_value();
        // The DOM work of the last publication ran after it (Leptos effects): the gap to this
        // frame is what it cost, clamped like the clock's step (a long gap is a background
        // tab or a jump of the clock, not work: unclamped, one such gap froze the mirror for
        // ten times its length).
        let cost = if at <= prev_start { cost } else { real };
        self.ctx.published.update_value(|p| p.3 = cost);
        (at, g, t, cost)
    }
    fn tick(&mut self, start: f64, running: bool, page_changes: bool) {
        ui::tick(self.ctx, start, running, page_changes);
    }
    fn publish(&mut self, _: f64) {
        self.ctx.refresh();
    }
}

/// Starts the one frame loop ([`Clock`]): real time × speed → virtual time → the stage, every
/// frame; the reactive views at most twice a second while the clock runs. The loop ends with
/// the page's owner.
fn start_clock(ctx: Ctx) {
    let mut page = Playground {
        ctx,
        shown_real: 0.0,
    };
    let mut clock = Clock::default();
    let mut first = true;
    // The first frame after mounting only asks for the next one: the browser lays out and
    // paints the new page first, then the stage's first (heavy) frame draws into it, instead
    // of the stage's first measurement forcing that layout inside a long frame that nothing
    // is painted before.
    let frames = Raf::start(1, move |start, real| {
        if std::mem::take(&mut first) {
            ui::watch_cards(ctx.parts);
        }
        clock.frame(&mut page, start, real);
    });
    let frames = StoredValue::new_local(Some(frames));
    on_cleanup(move || frames.update_value(|f| drop(f.take())));
}

/// The playground page.
#[component]
pub fn App() -> impl IntoView {
    let Opening {
        mode,
        sim: first,
        target,
        paused,
        speed,
        lesson,
        notice,
    } = Opening::of_address(Mode::of_address());
    apply_mode(mode);
    let notice = RwSignal::new(notice);
    let sim = StoredValue::new_local(first);
    let (generation, now) = sim.with_value(|s| (s.generation(), s.now().as_millis()));
    let parts = Parts::new();
    let mut snap = sim.with_value(Sim::snapshot);
    parts.publish(&mut snap, true);
    let ctx = Ctx {
        sim,
        snap: RwSignal::new(snap),
        parts,
        running: RwSignal::new(!paused),
        speed: RwSignal::new(speed),
        notice,
        real_ms: RwSignal::new(0.0),
        mode,
        lesson: RwSignal::new(lesson),
        notice_area: RwSignal::new("top"),
        now_ms: RwSignal::new(now),
        face_ready: RwSignal::new(false),
        presenter: RwSignal::new(false),
        pending: RwSignal::new(target.map(|t| (0, t))),
        stage: StoredValue::new_local(settle_player::paint::StageState::default()),
        twins: StoredValue::new_local(Vec::new()),
        twin_views: RwSignal::new(Vec::new()),
        published: StoredValue::new((real_now_ms(), generation, now, 0.0)),
    };
    provide_context(ctx);
    if let Some(lesson::Source::Compare(name, key)) =
        ctx.lesson.with_untracked(|l| l.source.clone())
    {
        ctx.set_twins(twins_of(&name, key));
    }
    // A light link reaches its position in this first slice (no progress shown at all); a
    // heavy one goes on in the frame loop's slices.
    if target.is_some() {
        let mut page = Playground {
            ctx,
            shown_real: 0.0,
        };
        Clock::reach_target(&mut page, real_now_ms() + LOAD_SLICE_MS);
        ctx.refresh();
    }
    ctx.keep_for_crash();
    start_clock(ctx);
    if !mode.embed || !mode.readonly {
        let keys = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(
            move |ev: web_sys::KeyboardEvent| on_key(ctx, &ev),
        );
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback(
                "keydown",
                wasm_bindgen::JsCast::unchecked_ref(keys.as_ref()),
            );
        }
        keys.forget();
    }
    ui::page(ctx)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten receivers; each takes one message at 1 s.
    fn ten_receivers() -> Sim {
        let mut script = Vec::new();
        for i in 1..=10 {
            script.push(format!(
                r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#
            ));
        }
        for r in 1..=10 {
            script.push(format!(
                r#"{{"at_ms":1000,"do":"receive","by":"R{r}","max":1}}"#
            ));
        }
        let text = format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":30000}},"script":[{}]}}"#,
            script.join(",")
        );
        Sim::load(&text).unwrap()
    }

    impl Parts {
        /// A snapshot of `sim` whose lanes and log are empty.
        fn blank(sim: &Sim) -> Snapshot {
            let mut snap = sim.snapshot();
            for lane in [
                &mut snap.available,
                &mut snap.locked,
                &mut snap.deferred,
                &mut snap.scheduled,
                &mut snap.dead_letter,
            ] {
                *lane = sim::Lane::default();
            }
            snap.log.clear();
            snap
        }
    }

    fn holding(parts: Parts) -> Vec<usize> {
        (1..=10)
            .map(|r| {
                parts
                    .receiver(&format!("R{r}"))
                    .with_untracked(|v| v.held.len())
            })
            .collect()
    }

    #[test]
    fn off_screen_receiver_panels_follow_a_running_clock_in_turns_and_at_once_when_seen_or_stopped()
    {
        let mut sim = ten_receivers();
        sim.advance_to(Instant::from_millis(500));
        let parts = Parts::new();
        parts.publish(&mut sim.snapshot(), true);
        assert_eq!(holding(parts), [0; 10]);
        // R1 and R2 on screen, the others not.
        for r in 3..=10 {
            parts.panel_seen(&format!("R{r}"), false);
        }
        sim.advance_to(Instant::from_millis(1500));
        parts.publish(&mut sim.snapshot(), false);
        let h = holding(parts);
        assert_eq!(h[..2], [1, 1], "panels on screen follow every publication");
        assert_eq!(
            h[2..].iter().sum::<usize>(),
            OFFSCREEN_PER_PUBLICATION,
            "{h:?}: off screen, {OFFSCREEN_PER_PUBLICATION} a publication"
        );
        // One coming into view is brought up to date at once.
        let late = (3..=10).find(|&r| h[r - 1] == 0).unwrap();
        parts.panel_seen(&format!("R{late}"), true);
        assert_eq!(holding(parts)[late - 1], 1);
        // The next publication brings the next ones, in turn.
        parts.publish(&mut sim.snapshot(), false);
        let before = h.iter().sum::<usize>() + 1;
        assert_eq!(
            holding(parts).iter().sum::<usize>(),
            (before + OFFSCREEN_PER_PUBLICATION).min(10)
        );
        // A clock that stands shows every panel as it is.
        parts.publish(&mut sim.snapshot(), true);
        assert_eq!(holding(parts), [1; 10]);
    }

    #[test]
    fn the_queue_card_and_the_log_off_screen_follow_a_running_clock_every_few_publications() {
        let mut sim = ten_receivers();
        let parts = Parts::new();
        let total = |parts: Parts| parts.lanes[1].with_untracked(|l| l.total);
        let lines = |parts: Parts| parts.log.with_untracked(Vec::len);
        parts.publish(&mut Parts::blank(&sim), true);
        assert_eq!((total(parts), lines(parts)), (0, 0));
        sim.advance_to(Instant::from_millis(1500));
        let (locked, logged) = (
            sim.snapshot().locked.total,
            sim.snapshot().log.len().min(LOG_RUNNING),
        );
        assert!(locked > 0 && logged > 0, "{locked} locked, {logged} lines");
        // On screen: every publication.
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (locked, logged));
        // Off screen: held back, shown at every OFFSCREEN_EVERY-th publication.
        parts.queue_seen(false);
        parts.log_seen(false);
        parts.publish(&mut Parts::blank(&sim), true);
        assert_eq!(
            (total(parts), lines(parts)),
            (0, 0),
            "a standing clock's at once"
        );
        for k in 1..OFFSCREEN_EVERY {
            parts.publish(&mut sim.snapshot(), false);
            assert_eq!(
                (total(parts), lines(parts)),
                (0, 0),
                "publication {k} held back"
            );
        }
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (locked, logged));
        // Coming into view: what was held back, at once.
        parts.publish(&mut Parts::blank(&sim), true);
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (0, 0));
        parts.queue_seen(true);
        assert_eq!(total(parts), locked);
        assert_eq!(lines(parts), 0, "the log is still off screen");
        parts.log_seen(true);
        assert_eq!(lines(parts), logged);
    }

    #[test]
    fn a_running_clock_shows_the_newest_log_lines_and_counts_the_rest_until_it_stops() {
        let mut sim = ten_receivers();
        sim.advance_to(Instant::from_millis(2000));
        let full = sim.snapshot().log;
        assert!(full.len() > 10, "{} lines", full.len());
        let lines = |parts: Parts| {
            parts
                .log
                .with_untracked(|l| l.iter().map(|l| l.n).collect::<Vec<_>>())
        };
        let newest: Vec<u64> = full.iter().map(|l| l.n).collect();
        let parts = Parts::new();
        // Fewer lines than LOG_RUNNING: all of them, running or not.
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!(lines(parts), newest);
        assert_eq!(parts.log_earlier.get_untracked(), 0);
        // A long log while the clock runs: the newest LOG_RUNNING, newest first, the rest counted.
        let mut snap = sim.snapshot();
        let many: Vec<LogLine> = (0..LOG_RUNNING as u64 + 25)
            .rev()
            .map(|n| LogLine {
                n,
                ..full[0].clone()
            })
            .collect();
        snap.log.clone_from(&many);
        parts.publish(&mut snap, false);
        let shown = lines(parts);
        assert_eq!(shown.len(), LOG_RUNNING);
        assert_eq!(shown[0], LOG_RUNNING as u64 + 24, "newest first");
        assert_eq!(parts.log_earlier.get_untracked(), 25);
        // When it stands, every line.
        let mut snap = sim.snapshot();
        snap.log = many;
        parts.publish(&mut snap, true);
        assert_eq!(lines(parts).len(), LOG_RUNNING + 25);
        assert_eq!(parts.log_earlier.get_untracked(), 0);
    }
}
