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

mod dom;

use crate::clock::{Clock, Driven, Raf};
use crate::film::{self, Player, Reel};
use crate::lesson;
use crate::page::{LOAD_SLICE_MS, Mode, Shortcut, next_speed, real_now_ms, shortcut};
use crate::paint::{StageState, back_title, expiry_title, paint_face, step_title, tick_side};
use crate::play::Played;
use crate::sim::Lane;
use crate::stage::hit::Hit;
use crate::stage::model::MsgKey;
use crate::words::instant;
use dom::{BarAction, CANVAS_ID, Dom, Shown, build, enable, fill_speeds, show};
use settle_core::Instant;
use settle_i18n::{Arg, Lang, Part, Tr, t, tf};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Document, Element};

/// Starts the viewer (the `settle-view` binary's `main`).
pub fn start() {
    crate::crash::install();
    let mode = Mode::of_address();
    // Comparisons and pages that are not embeds are the playground's.
    if !mode.embed || crate::page::query_param("compare").is_some() {
        hand_over(None);
        return;
    }
    in_language(&PARTS, &ENGLISH, move || {
        if crate::page::address_names_a_lesson() {
            wasm_bindgen_futures::spawn_local(async move {
                crate::page::fetch_for_address().await;
                mount_sim(mode);
            });
        } else {
            mount_sim(mode);
        }
    });
}

/// What the viewer that simulates says: the stage's words, the narration and, in another
/// language, the built-in lessons' words and why a document was refused; and their English
/// (compiled in, in a `const` so that no other part's is linked; a lesson's English is its
/// document's, a refused document's the error's display).
const PARTS: [Part; 4] = [Part::Play, Part::Narrate, Part::Lessons, Part::Format];
const ENGLISH: [&[u8]; 2] = [Part::Play.english(), Part::Narrate.english()];

/// What the film player says: the stage's words. A film carries its captions and narration: a
/// preset's is fetched in the installed language, a link's speaks the page's that made it.
const FILM_PARTS: [Part; 1] = [Part::Play];
const FILM_ENGLISH: [&[u8]; 1] = [Part::Play.english()];

/// Installs the language the address or the browser asks for (`parts` fetched unless English,
/// over `english`; English if they cannot be, which the notice then says), then runs `then`.
fn in_language(
    parts: &'static [Part],
    english: &'static [&'static [u8]],
    then: impl FnOnce() + 'static,
) {
    let lang = crate::language::chosen();
    if lang == Lang::En {
        crate::language::install(Rc::new(Tr::english(english)));
        then();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match crate::language::load(lang, english, parts).await {
            Ok(tr) => crate::language::install(tr),
            Err(why) => {
                crate::language::install(Rc::new(Tr::english(english)));
                let failed = tf(
                    "view-lang-failed",
                    &[
                        ("lang", Arg::from(lang.native_name())),
                        ("why", Arg::from(why)),
                        ("current", Arg::from(Lang::En.native_name())),
                    ],
                );
                crate::language::note_failure(failed);
            }
        }
        then();
    });
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
            Ok((f, t)) => in_language(&FILM_PARTS, &FILM_ENGLISH, move || {
                mount_film(mode, None, f, Some(t));
            }),
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
    in_language(&FILM_PARTS, &FILM_ENGLISH, move || {
        wasm_bindgen_futures::spawn_local(async move {
            match film::fetch(&name).await {
                Some(f) => mount_film(mode, Some(&name), f, None),
                None => simulate_instead(),
            }
        });
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
    // readers); the playground's build that runs them has this address now.
    if crate::page::leaving() {
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
    // A language that could not be loaded says so first.
    let notice = crate::language::take_failure()
        .map(|f| (f, true))
        .or(notice);
    let Some(dom) = build(&doc, played.titles(), &lesson, mode.readonly) else {
        return;
    };
    if let Some(boot) = doc.get_element_by_id("boot") {
        boot.remove();
    }
    crate::embed::keep_bar_whole();
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
    // A light link reaches its position here; the present instant's work (a million sends at
    // once) starts in the frames, as the rest of a heavy way goes on there.
    if v.target.is_some_and(|t| t > v.played.now().as_millis()) {
        Clock::reach_target(&mut v, now + LOAD_SLICE_MS);
    }
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
        // The way's notice goes now: it is not the simulation's text, which a publication
        // follows only when that changed.
        self.publish(real_now_ms());
    }
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String> {
        self.played.advance(t, deadline)
    }
    fn stopped(&mut self, why: String) {
        self.running = false;
        self.target = None;
        self.notice = Some((why, true));
        self.publish(real_now_ms());
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
        let time = instant(Instant::from_millis(now));
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
            d.play.set_text_content(Some(&t(if self.running {
                "view-pause"
            } else {
                "view-play"
            })));
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
            // The present instant's work, not done yet (a million sends started at once).
            Some(target) if target == self.played.now().as_millis() => Some((
                tf(
                    "clock-still-running",
                    &[("now", Arg::from(instant(self.played.now())))],
                ),
                false,
            )),
            Some(target) => Some((
                tf(
                    "view-going-to",
                    &[
                        ("target", Arg::from(instant(Instant::from_millis(target)))),
                        ("now", Arg::from(instant(self.played.now()))),
                    ],
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
            l.more
                .set_text_content(Some(&tf("view-lane-more", &[("n", Arg::from(hidden))])));
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
            // As far as one slice reaches in this task; a heavy instant's work goes on in the
            // frames that follow, the way shown.
            Some(at) => {
                v.target = Some(at.max(v.played.now()).as_millis());
                Clock::reach_target(v, real_now_ms() + LOAD_SLICE_MS);
            }
            None => v.notice = Some((t(none), false)),
        };
        match key {
            Shortcut::Play => self.running = !self.running,
            Shortcut::Step => go(self, |p| p.next_event(), "view-nothing-due"),
            Shortcut::Expiry => go(self, |p| p.next_lock_expiry(), "view-no-lock"),
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
                    v.played.select(Some(k.msg()));
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
            .and_then(|k| k.parse::<MsgKey>().ok())
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
