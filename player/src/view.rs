//! The lean viewer: embeds (`view.html?embed&…`) without the playground's reactive UI.
//!
//! An embed is a clock bar, the lesson's caption and the stage. The playground draws
//! those through Leptos, whose view and reactive code is most of its wasm; a docs page's reader
//! who only watches fetches that for nothing. This module builds the same page in plain DOM
//! (the same elements and classes, so `web/style.css` lays it out alike), runs the same
//! simulation and stage ([`crate::paint::canvas`]), and keeps the same cadence for its text
//! ([`crate::cadence`]). What it cannot show it hands to the playground, in the same frame: a
//! comparison or a document with `entities` at once (same address; the viewer is built without
//! that feature), an interactive embed's forms when Controls is pressed (the scenario and
//! position as a share link, paused, forms open).

use crate::clock::{Clock, Driven, Raf};
use crate::film::{self, Player, Reel};
use crate::lesson;
use crate::page::{LOAD_SLICE_MS, Mode, SPEEDS, Shortcut, next_speed, real_now_ms, shortcut};
use crate::paint::{
    LANES, LaneRow, Rows, StageState, back_title, element, expiry_title, paint_face, speed_label,
    step_title, tick_side,
};
use crate::play::Played;
use crate::sim::Lane;
use crate::stage::hit::Hit;
use settle_core::Instant;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Document, Element};

const CANVAS_ID: &str = "stage-canvas";

/// Starts the viewer (the `settle-view` binary's `main`).
pub fn start() {
    crate::crash::install();
    let mode = Mode::of_address();
    // Comparisons and pages that are not embeds are the playground's.
    if !mode.embed || crate::page::query_param("compare").is_some() {
        hand_over(None);
        return;
    }
    if crate::page::address_names_a_lesson() {
        wasm_bindgen_futures::spawn_local(async move {
            crate::page::fetch_for_address().await;
            mount_sim(mode);
        });
    } else {
        mount_sim(mode);
    }
}

/// Starts the film player (the `settle-film` binary's `main`): an embed of a built-in preset
/// plays its recorded film (`crate::film`). What it cannot play (no film, a damaged one) it
/// hands to the viewer that simulates, in the same frame (`film=0`: `view.html`'s loader
/// then starts that one).
pub fn start_film() {
    crate::crash::install();
    let mode = Mode::of_address();
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    // A film in the link (the Embed button's, for a scenario that is not a built-in preset).
    if mode.embed
        && let Some(link) = film::from_link(&hash)
    {
        match link {
            Ok((f, t)) => mount_film(mode, None, f, Some(t)),
            // The viewer that simulates says what is wrong with it.
            Err(_) => simulate_instead(),
        }
        return;
    }
    let name = crate::page::query_param("preset");
    let Some(name) = name.filter(|_| mode.embed && hash.is_empty()) else {
        simulate_instead();
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match film::fetch(&name).await {
            Some(f) => mount_film(mode, Some(&name), f, None),
            None => simulate_instead(),
        }
    });
}

/// Loads this address again with `film=0`: the viewer that simulates runs it.
fn simulate_instead() {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let search = loc.search().unwrap_or_default();
    let sep = if search.is_empty() { "?" } else { "&" };
    let hash = loc.hash().unwrap_or_default();
    let _ = loc.replace(&format!("{search}{sep}film=0{hash}"));
}

/// Opens the playground in this frame instead (the page beside this one): with this address,
/// or (`at`: the scenario's text and position) with its forms open at this scenario and
/// position, paused.
fn hand_over(at: Option<(String, u64)>) {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let search = loc.search().unwrap_or_default();
    let address = match at {
        None => format!("./{search}{}", loc.hash().unwrap_or_default()),
        Some((text, t)) => {
            let kept: Vec<&str> = search
                .trim_start_matches('?')
                .split('&')
                .filter(|kv| {
                    let k = kv.split('=').next().unwrap_or_default();
                    !kv.is_empty() && !matches!(k, "autoplay" | "preset" | "start" | "controls")
                })
                .collect();
            format!(
                "./?{}&controls=1{}",
                kept.join("&"),
                crate::share::fragment(&text, t)
            )
        }
    };
    // This page's clock loop ends here: nothing more to draw while the next one loads.
    LOOP.with(|l| l.borrow_mut().take());
    let _ = loc.replace(&address);
}

/// What a button of the viewer asks for.
#[derive(Clone, Copy)]
enum BarAction {
    /// A clock button, as its keyboard shortcut.
    Clock(Shortcut),
    /// The notice's Dismiss.
    Dismiss,
    /// The summary's Hide.
    Hide,
    /// An interactive embed's Controls: the playground, here.
    Controls,
    /// Open in Settle, in a new tab.
    Open,
}

/// The page's elements that change.
struct Dom {
    /// The buttons, each with what it does (a click is resolved among them).
    buttons: Vec<(Element, BarAction)>,
    readout: Element,
    /// The text of the clock's readout (followed by the face's marker, `ui::face`).
    time: web_sys::Node,
    play: Element,
    back: Element,
    step: Element,
    expiry: Element,
    speed: Element,
    caption_n: Element,
    caption: Element,
    hint: Element,
    summary: Element,
    narration: Element,
    notice: Element,
    notice_text: Element,
    lanes: Vec<LaneDom>,
}

/// A lane of the queue's mirror (for screen readers, as in the playground).
struct LaneDom {
    count: Element,
    more: Element,
    empty: Element,
    rows: Rows<LaneRow>,
    kind: &'static str,
    shown: Option<Lane>,
}

/// What the page shows, as last written (each written only when it changes).
#[derive(Default, PartialEq)]
struct Shown {
    time: String,
    running: Option<bool>,
    previous: Option<Option<u64>>,
    next: Option<Option<u64>>,
    expiry: Option<Option<u64>>,
    speed: Option<u64>,
    caption: Option<(Option<usize>, bool, bool)>,
    said: String,
    notice: Option<(String, bool)>,
}

struct Viewer {
    /// The simulation, or the film (`settle-film`).
    played: Box<dyn Played>,
    stage: StageState,
    lesson: lesson::State,
    running: bool,
    speed: f64,
    /// The clock loop's state between frames.
    clock: Clock,
    /// A position to reach before the clock runs (a link's, or `?start=`).
    target: Option<u64>,
    notice: Option<(String, bool)>,
    summary_hidden: bool,
    /// When the readouts were last written (real ms).
    readouts_at: f64,
    /// A worker paints the running clock's readout (`ui::face`): its text follows the
    /// publications.
    painted: bool,
    /// When the text was last published (real ms), at which generation and virtual ms, and
    /// what it cost.
    published: (f64, u64, u64, f64),
    shown: Shown,
    dom: Dom,
}

thread_local! {
    static VIEW: RefCell<Option<Viewer>> = const { RefCell::new(None) };
    /// The viewer's clock loop, for as long as the page shows it.
    static LOOP: RefCell<Option<Raf>> = const { RefCell::new(None) };
}

/// Runs `f` on the viewer, if it is up.
fn with<T>(f: impl FnOnce(&mut Viewer) -> T) -> Option<T> {
    VIEW.with(|v| v.try_borrow_mut().ok()?.as_mut().map(f))
}

fn mount_sim(mode: Mode) {
    let crate::page::Opening {
        sim,
        target,
        paused,
        speed,
        lesson,
        notice,
        ..
    } = crate::page::Opening::of_address(mode);
    // A document with `entities`: the viewer is built without that feature (47 KB spared its
    // readers), so the core's parser refused it in these words; the playground runs it.
    if notice
        .as_ref()
        .is_some_and(|n| n.0.contains(settle_scenario::ONLY_RUN_HAS_ENTITIES))
    {
        hand_over(None);
        return;
    }
    mount(
        mode,
        Box::new(sim),
        Start {
            target,
            paused,
            speed,
            lesson,
            notice,
        },
    );
}

/// Plays `film` (the recording of the preset `name`, or one a link carries with its position
/// `link_at`) as the address asks.
fn mount_film(mode: Mode, name: Option<&str>, film: Reel, link_at: Option<u64>) {
    let mut lesson = film.head.lesson(name);
    let (target, paused, speed) = crate::page::clock_options(mode, link_at, &mut lesson);
    mount(
        mode,
        Box::new(Player::new(Rc::new(film))),
        Start {
            target,
            paused,
            speed,
            lesson,
            notice: None,
        },
    );
}

/// How the viewer opens: where the clock goes first, whether it runs, its speed, the lesson,
/// a notice.
struct Start {
    target: Option<u64>,
    paused: bool,
    speed: f64,
    lesson: lesson::State,
    notice: Option<(String, bool)>,
}

fn mount(mode: Mode, played: Box<dyn Played>, o: Start) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Start {
        target,
        paused,
        speed,
        lesson,
        notice,
    } = o;
    crate::page::apply_mode(mode);
    let Some(dom) = build(&doc, played.titles(), &lesson, mode.readonly) else {
        return;
    };
    if let Some(boot) = doc.get_element_by_id("boot") {
        boot.remove();
    }
    let now = real_now_ms();
    let mut v = Viewer {
        played,
        stage: StageState::default(),
        lesson,
        running: !paused,
        speed,
        clock: Clock::default(),
        target,
        notice,
        summary_hidden: false,
        readouts_at: f64::NEG_INFINITY,
        painted: false,
        published: (f64::NEG_INFINITY, 0, 0, 0.0),
        shown: Shown::default(),
        dom,
    };
    crate::crash::remember(v.played.export());
    Clock::reach_target(&mut v, now + LOAD_SLICE_MS);
    v.publish(now);
    VIEW.with(|x| *x.borrow_mut() = Some(v));
    listen(&doc, mode.readonly);
    // As in the playground: the first animation frame only asks for the next, so the page is
    // laid out and painted before the stage's first (heavy) frame.
    let frames = Raf::start(1, |start, real| {
        with(|v| {
            let mut clock = std::mem::take(&mut v.clock);
            clock.frame(v, start, real);
            v.clock = clock;
        });
    });
    LOOP.with(|l| *l.borrow_mut() = Some(frames));
}

/// The viewer as the clock loop drives it.
impl Driven for Viewer {
    fn running(&self) -> bool {
        self.running
    }
    fn speed(&self) -> f64 {
        self.speed
    }
    fn now_ms(&self) -> u64 {
        self.played.now().as_millis()
    }
    fn generation(&self) -> u64 {
        self.played.generation()
    }
    fn pause_between(&self, from: u64, to: u64) -> Option<u64> {
        self.lesson.pause_between(from, to)
    }
    fn target(&self) -> Option<u64> {
        self.target
    }
    fn reached_target(&mut self) {
        self.target = None;
    }
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String> {
        self.played.advance(t, deadline)
    }
    fn stopped(&mut self, why: String) {
        self.running = false;
        self.target = None;
        self.notice = Some((why, true));
    }
    fn paused_at_caption(&mut self) {
        self.running = false;
    }
    fn readouts(&mut self, _: f64) -> (bool, bool) {
        let changed = self.write_readouts(false);
        // The face took the new time (or the text did): the next in CLOCK_MS.
        (changed, changed || self.painted)
    }
    fn published(&mut self, _: f64, _: f64) -> (f64, u64, u64, f64) {
        self.published
    }
    fn tick(&mut self, start: f64, running: bool, page_changes: bool) {
        // No other canvas on this page follows the stage's colours (the clock's face does, in
        // `tick_side`).
        let _ = tick_side(
            &mut self.stage,
            &mut *self.played,
            CANVAS_ID,
            start,
            running,
            page_changes,
        );
    }
    fn publish(&mut self, start: f64) {
        Self::publish(self, start);
    }
}

impl Viewer {
    /// Writes the clock's readout and the caption; true when the page's text changed. While
    /// a worker paints the running clock's readout, its text follows the publications only
    /// (`publishing`).
    fn write_readouts(&mut self, publishing: bool) -> bool {
        let now = self.played.now().as_millis();
        let time = Instant::from_millis(now).to_string();
        let painted = paint_face(".clock-readout", &[".clock-time"], &[&time]) && self.running;
        let mut changed = false;
        if painted != self.painted {
            let _ = self
                .dom
                .readout
                .class_list()
                .toggle_with_force("painted", painted);
            self.painted = painted;
            changed = true;
        }
        if (!painted || publishing) && time != self.shown.time {
            self.dom.time.set_text_content(Some(&time));
            self.shown.time = time;
            changed = true;
        }
        changed |= self.caption(now);
        changed
    }

    /// The caption of the moment, the hint of a pause and "What you saw" at the end.
    fn caption(&mut self, now: u64) -> bool {
        let n = self.lesson.shown.as_ref().map_or(0, |s| s.notes.len());
        let at = self
            .lesson
            .caption_at(now)
            .map(|(i, c)| (i, c.pause && c.at_ms == now, c.text.clone()));
        let ended = self.lesson.ended(now);
        if !ended {
            self.summary_hidden = false;
        }
        // Which caption, whether the clock waits at it, whether "What you saw" shows.
        let key = (
            at.as_ref().map(|a| a.0),
            at.as_ref().is_some_and(|a| a.1) && !self.running,
            ended && !self.summary_hidden,
        );
        if Some(key) == self.shown.caption {
            return false;
        }
        let (index, text) = at.map_or((String::new(), String::new()), |(i, _, t)| {
            (format!("{} / {n}", i + 1), t)
        });
        let d = &self.dom;
        d.caption_n.set_text_content(Some(&index));
        d.caption.set_text_content(Some(&text));
        show(&d.hint, key.1);
        show(&d.summary, key.2);
        self.shown.caption = Some(key);
        true
    }

    /// Publishes the text that follows the simulation: buttons, narration, the queue's
    /// mirror, the notice. Twice a second while the clock runs (the playground's cadence).
    fn publish(&mut self, start: f64) {
        let snap = self.played.seen();
        self.write_readouts(true);
        let d = &self.dom;
        let s = &mut self.shown;
        if s.running != Some(self.running) {
            d.play
                .set_text_content(Some(if self.running { "Pause" } else { "Play" }));
            let _ = d
                .play
                .set_attribute("aria-pressed", &self.running.to_string());
            s.running = Some(self.running);
        }
        // The buttons' titles (and whether they can act), each written when its instant changed.
        let buttons = [
            (
                &d.back,
                &mut s.previous,
                snap.previous_ms,
                back_title as fn(_) -> _,
                true,
            ),
            (&d.step, &mut s.next, snap.next_event_ms, step_title, false),
            (
                &d.expiry,
                &mut s.expiry,
                snap.next_expiry_ms,
                expiry_title,
                true,
            ),
        ];
        for (button, shown, at, title, disable) in buttons {
            if *shown != Some(at) {
                if disable {
                    enable(button, at.is_some());
                }
                let _ = button.set_attribute("title", &title(at));
                *shown = Some(at);
            }
        }
        let speed_key = (self.speed * 1000.0).round() as u64;
        if s.speed != Some(speed_key) {
            fill_speeds(&d.speed, self.speed);
            s.speed = Some(speed_key);
        }
        if snap.said != s.said {
            d.narration.set_text_content(Some(&snap.said));
            s.said.clone_from(&snap.said);
        }
        // On the way to the position the page opened at, that; else the notice, if any.
        let notice = match self.target {
            Some(t) => Some((
                format!(
                    "Going to {} … now at {}",
                    Instant::from_millis(t),
                    self.played.now()
                ),
                false,
            )),
            None => self.notice.clone(),
        };
        if s.notice != notice {
            show(&d.notice, notice.is_some());
            if let Some((text, error)) = &notice {
                d.notice_text.set_text_content(Some(text));
                let _ = d.notice.class_list().toggle_with_force("error", *error);
                let _ = d
                    .notice
                    .set_attribute("role", if *error { "alert" } else { "status" });
            }
            s.notice = notice;
        }
        self.mirror(snap.lanes);
        let end = real_now_ms();
        self.published = (
            end,
            self.played.generation(),
            self.played.now().as_millis(),
            end - start,
        );
        crate::crash::at(self.played.now().as_millis());
    }

    /// The queue's lanes, as the playground lists them.
    fn mirror(&mut self, lanes: [Lane; 5]) {
        for (l, lane) in self.dom.lanes.iter_mut().zip(lanes) {
            if l.shown.as_ref() == Some(&lane) {
                continue;
            }
            l.rows.patch(&lane.rows, &l.kind);
            l.count.set_text_content(Some(&lane.total.to_string()));
            let hidden = lane.total - lane.rows.len();
            show(&l.more, hidden > 0);
            l.more.set_text_content(Some(&format!("+ {hidden} more")));
            show(&l.empty, lane.total == 0);
            l.shown = Some(lane);
        }
    }

    /// What a clock button or a keyboard shortcut does; false for a key the viewer leaves
    /// alone (full screen: an embed keeps the shape its host gave it).
    fn key(&mut self, key: Shortcut) -> bool {
        // Goes to the first instant `next` names, or says why there is none.
        let go = |v: &mut Self, next: fn(&dyn Played) -> Option<Instant>, none: &str| match next(
            &*v.played,
        ) {
            Some(t) => v.played.advance_to(t.max(v.played.now())),
            None => v.notice = Some((none.to_string(), false)),
        };
        match key {
            Shortcut::Play => self.running = !self.running,
            Shortcut::Step => go(
                self,
                |p| p.next_event(),
                "Nothing is scheduled to happen on its own.",
            ),
            Shortcut::Expiry => go(
                self,
                |p| p.next_lock_expiry(),
                "No lock is held, so no lock can expire.",
            ),
            Shortcut::Back => {
                if let Some(t) = self.played.previous_moment() {
                    self.played.seek(t);
                    self.stage.replaced();
                }
            }
            Shortcut::Restart => {
                self.played.restart();
                self.stage.replaced();
                self.clock.reset_carry();
            }
            Shortcut::Faster | Shortcut::Slower => {
                self.speed = next_speed(self.speed, key == Shortcut::Faster);
            }
            Shortcut::Presenter | Shortcut::Escape => return false,
        }
        self.acted();
        true
    }

    /// After a person's action: the stage and the text follow at once.
    fn acted(&mut self) {
        self.played.bump();
        crate::crash::remember(self.played.export());
        self.readouts_at = f64::NEG_INFINITY;
        self.publish(real_now_ms());
    }
}

/// Shows or hides `e` (the `hidden` attribute).
fn show(e: &Element, on: bool) {
    let _ = e.toggle_attribute_with_force("hidden", !on);
}

fn enable(e: &Element, on: bool) {
    let _ = e.toggle_attribute_with_force("disabled", !on);
}

/// The speed list: the clock's speeds, plus a lesson's own when it is not one of them.
fn fill_speeds(select: &Element, now: f64) {
    let Some(doc) = select.owner_document() else {
        return;
    };
    let mut speeds = SPEEDS.to_vec();
    if !speeds.iter().any(|s| (s - now).abs() < 1e-9) {
        speeds.push(now);
        speeds.sort_by(f64::total_cmp);
    }
    select.set_text_content(None);
    for s in speeds {
        if let Some(o) = element(&doc, "option", "", &speed_label(s)) {
            let _ = o.set_attribute("value", &s.to_string());
            if (now - s).abs() < 1e-9 {
                let _ = o.set_attribute("selected", "");
            }
            let _ = select.append_child(&o);
        }
    }
    if let Ok(sel) = select.clone().dyn_into::<web_sys::HtmlSelectElement>() {
        sel.set_value(&now.to_string());
    }
}

/// `el(parent, tag, class, text)`: a new element appended to `parent`.
fn add(doc: &Document, parent: &Element, tag: &str, class: &str, text: &str) -> Option<Element> {
    let e = element(doc, tag, class, text)?;
    parent.append_child(&e).ok()?;
    Some(e)
}

fn attrs(e: &Element, pairs: &[(&str, &str)]) {
    for (k, v) in pairs {
        let _ = e.set_attribute(k, v);
    }
}

/// Builds the page: the playground's read-only embed, element for element.
fn build(
    doc: &Document,
    [title_text, description, config_summary]: [String; 3],
    lesson: &lesson::State,
    readonly: bool,
) -> Option<Dom> {
    let body = doc.body()?;
    let b: &Element = &body;
    let top = add(doc, b, "header", "top", "")?;
    let brand = add(doc, &top, "div", "brand", "")?;
    add(doc, &brand, "h1", "", "Settle")?;
    let title = add(doc, &top, "h2", "embed-title", &title_text)?;
    attrs(&title, &[("title", &title_text)]);
    let clock = add(doc, &top, "div", "clock", "")?;
    attrs(&clock, &[("role", "group"), ("aria-label", "Clock")]);
    let readout = add(doc, &clock, "div", "clock-readout", "")?;
    let face = add(doc, &readout, "canvas", "clock-face", "")?;
    attrs(&face, &[("aria-hidden", "true")]);
    let time_box = add(doc, &readout, "span", "clock-time", "")?;
    attrs(&time_box, &[("data-testid", "clock")]);
    // The text, then the marker where the face writes it.
    let text = add(doc, &time_box, "span", "", "")?;
    let time: web_sys::Node = doc.create_text_node("").into();
    text.append_child(&time).ok()?;
    add(doc, &text, "i", "text-end", "")?;
    let play = add(doc, &clock, "button", "btn primary play", "Play")?;
    let back = add(doc, &clock, "button", "btn", "Step back")?;
    attrs(&back, &[("aria-keyshortcuts", "ArrowLeft")]);
    let step = add(doc, &clock, "button", "btn", "Step")?;
    attrs(&step, &[("aria-keyshortcuts", "ArrowRight")]);
    let expiry = add(doc, &clock, "button", "btn", "Next lock expiry")?;
    let label = add(doc, &clock, "label", "speed", "")?;
    add(doc, &label, "span", "", "Speed")?;
    let speed = add(doc, &label, "select", "", "")?;
    attrs(&speed, &[("aria-label", "Speed")]);
    // An interactive embed's forms are the playground's: Controls opens it here, at this
    // moment (its wasm is fetched only then).
    let controls = (!readonly)
        .then(|| add(doc, &top, "button", "btn ghost embed-controls", "Controls"))
        .flatten();
    if let Some(c) = &controls {
        attrs(
            c,
            &[
                ("aria-expanded", "false"),
                ("title", "Send, receive and settle by hand (over the stage)"),
            ],
        );
    }
    let open = add(
        doc,
        &top,
        "button",
        "btn ghost open-full",
        "Open in Settle ↗",
    )?;
    for e in [&play, &back, &step, &expiry, &open]
        .into_iter()
        .chain(&controls)
    {
        attrs(e, &[("type", "button")]);
    }

    let notice = add(doc, b, "div", "notice", "")?;
    let notice_text = add(doc, &notice, "span", "", "")?;
    let dismiss = add(doc, &notice, "button", "btn small", "Dismiss")?;
    attrs(&dismiss, &[("type", "button")]);
    show(&notice, false);

    let page = add(doc, b, "div", "page", "")?;
    let intro = add(doc, &page, "section", "scenario-intro", "")?;
    attrs(&intro, &[("aria-label", "About this scenario")]);
    let p = add(doc, &intro, "p", "", &description)?;
    attrs(&p, &[("title", &description)]);

    // The lesson: always built (its parts hidden), shown when the scenario has one.
    let section = element(doc, "section", "lesson", "")?;
    attrs(&section, &[("aria-label", "Lesson")]);
    let row = add(doc, &section, "div", "caption-row", "")?;
    let caption_n = add(doc, &row, "span", "caption-n", "")?;
    attrs(&caption_n, &[("aria-hidden", "true")]);
    let caption = add(doc, &row, "p", "caption", "")?;
    attrs(
        &caption,
        &[
            ("role", "status"),
            ("aria-live", "polite"),
            ("aria-label", "Caption"),
        ],
    );
    let hint = add(
        doc,
        &section,
        "p",
        "caption-hint",
        "Paused here so you can look: press Play to go on.",
    )?;
    show(&hint, false);
    if let Some(e) = &lesson.error {
        let p = add(doc, &section, "p", "client-error", e)?;
        attrs(&p, &[("role", "alert")]);
    }
    let summary = add(doc, &section, "section", "summary", "")?;
    attrs(&summary, &[("aria-label", "What you saw")]);
    let head = add(doc, &summary, "div", "summary-head", "")?;
    add(doc, &head, "h3", "", "What you saw")?;
    let hide = add(doc, &head, "button", "btn small ghost", "Hide")?;
    attrs(&hide, &[("type", "button")]);
    if let Some(s) = &lesson.shown {
        let lines = add(doc, &summary, "ul", "summary-lines", "")?;
        for x in &s.summary {
            add(doc, &lines, "li", "", x)?;
        }
        let figures = add(doc, &summary, "ul", "figures", "")?;
        attrs(&figures, &[("aria-label", "Figures")]);
        for (label, value) in &s.figures {
            let li = add(doc, &figures, "li", "figure", "")?;
            add(doc, &li, "span", "figure-value", value)?;
            add(doc, &li, "span", "figure-label", label)?;
        }
    }
    show(&summary, false);
    if lesson.shown.is_some() || lesson.error.is_some() {
        page.append_child(&section).ok()?;
    }

    let area = add(doc, &page, "section", "stage-area", "")?;
    attrs(&area, &[("aria-label", "Stage")]);
    let sides = add(doc, &area, "div", "sides", "")?;
    let figure = add(doc, &sides, "figure", "side", "")?;
    attrs(&figure, &[("aria-label", "The stage")]);
    let stage_box = add(doc, &figure, "div", "stage-box", "")?;
    let canvas = add(doc, &stage_box, "canvas", "stage", "")?;
    canvas.set_id(CANVAS_ID);
    attrs(
        &canvas,
        &[
            ("role", "img"),
            (
                "aria-label",
                "The queue as a picture: senders, the queue, receivers and the dead-letter queue. The same state is listed under Queue.",
            ),
        ],
    );
    let narration = add(doc, &area, "p", "sr-only", "")?;
    attrs(
        &narration,
        &[("aria-live", "polite"), ("data-testid", "narration")],
    );

    let lower = add(doc, &page, "div", "lower", "")?;
    let queue = add(doc, &lower, "section", "card queue", "")?;
    attrs(&queue, &[("aria-label", "Queue")]);
    let head = add(doc, &queue, "header", "card-head", "")?;
    add(doc, &head, "h2", "", "Queue")?;
    add(doc, &head, "span", "cfg", &config_summary)?;
    let mut lanes = Vec::new();
    for &(title, testid, kind, empty) in &LANES {
        let s = add(doc, &queue, "section", &format!("lane lane-{kind}"), "")?;
        attrs(&s, &[("aria-labelledby", &format!("{testid}-h"))]);
        let h = add(doc, &s, "h3", "", &format!("{title} "))?;
        h.set_id(&format!("{testid}-h"));
        let count = add(doc, &h, "span", "count", "0")?;
        attrs(&count, &[("data-testid", &format!("{testid}-count"))]);
        let ul = add(doc, &s, "ul", "msgs", "")?;
        attrs(&ul, &[("aria-label", title), ("data-testid", testid)]);
        let more = add(doc, &s, "p", "more-count", "")?;
        let none = add(doc, &s, "p", "empty", empty)?;
        show(&more, false);
        lanes.push(LaneDom {
            count,
            more,
            empty: none,
            rows: Rows::new(ul),
            kind,
            shown: None,
        });
    }
    let mut buttons = vec![
        (play.clone(), BarAction::Clock(Shortcut::Play)),
        (back.clone(), BarAction::Clock(Shortcut::Back)),
        (step.clone(), BarAction::Clock(Shortcut::Step)),
        (expiry.clone(), BarAction::Clock(Shortcut::Expiry)),
        (open, BarAction::Open),
        (dismiss, BarAction::Dismiss),
        (hide, BarAction::Hide),
    ];
    buttons.extend(controls.map(|c| (c, BarAction::Controls)));
    Some(Dom {
        buttons,
        readout,
        time,
        play,
        back,
        step,
        expiry,
        speed,
        caption_n,
        caption,
        hint,
        summary,
        narration,
        notice,
        notice_text,
        lanes,
    })
}

/// One listener for the page's buttons (found among `Dom::buttons`), list (by `data-key`) and
/// stage, one for the speed list, and in an interactive embed one for the keyboard.
fn listen(doc: &Document, readonly: bool) {
    let click = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|ev: web_sys::MouseEvent| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if target.id() == CANVAS_ID {
            let (x, y) = (f64::from(ev.offset_x()), f64::from(ev.offset_y()));
            with(|v| {
                if let Some((Hit::Token(k), _)) = v.stage.hit_at(x, y, real_now_ms()) {
                    v.played.select(Some(k.seq()));
                    v.acted();
                }
            });
            return;
        }
        if let Some(key) = target
            .closest("button[data-key]")
            .ok()
            .flatten()
            .and_then(|b| b.get_attribute("data-key"))
            .and_then(|k| k.parse::<u64>().ok())
        {
            with(|v| {
                v.played.select(Some(key));
                v.acted();
            });
            return;
        }
        let Some(button) = target.closest("button").ok().flatten() else {
            return;
        };
        let action = with(|v| {
            let on = |(b, _): &&(Element, BarAction)| *b == button;
            v.dom.buttons.iter().find(on).map(|(_, a)| *a)
        });
        let key = match action.flatten() {
            Some(BarAction::Clock(key)) => key,
            Some(BarAction::Dismiss) => {
                with(|v| {
                    v.notice = None;
                    v.acted();
                });
                return;
            }
            Some(BarAction::Hide) => {
                with(|v| {
                    v.summary_hidden = true;
                    v.acted();
                });
                return;
            }
            Some(BarAction::Controls) => {
                with(|v| hand_over(Some((v.played.export(), v.played.now().as_millis()))));
                return;
            }
            Some(BarAction::Open) => {
                with(|v| {
                    let link =
                        crate::share::fragment(&v.played.export(), v.played.now().as_millis());
                    if let Some(w) = web_sys::window() {
                        let _ = w.open_with_url_and_target(&format!("./{link}"), "_blank");
                    }
                });
                return;
            }
            None => return,
        };
        with(|v| v.key(key));
    });
    let change = Closure::<dyn FnMut(web_sys::Event)>::new(|ev: web_sys::Event| {
        let value = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .map(|s| s.value());
        if let Some(s) = value.and_then(|v| crate::page::decimal(&v)) {
            with(|v| {
                v.speed = s;
                v.acted();
            });
        }
    });
    // An interactive embed's keyboard shortcuts, as the playground's embed has them.
    if !readonly {
        let keys =
            Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|ev: web_sys::KeyboardEvent| {
                if shortcut(&ev).is_some_and(|k| with(|v| v.key(k)) == Some(true)) {
                    ev.prevent_default();
                }
            });
        let _ = doc.add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref());
        keys.forget();
    }
    let _ = doc.add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    let _ = doc.add_event_listener_with_callback("change", change.as_ref().unchecked_ref());
    click.forget();
    change.forget();
}
