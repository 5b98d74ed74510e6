//! The one clock loop that drives a stage, for the playground and the embeds' viewer and film
//! player alike: every animation frame, real time × speed moves virtual time (stopping at a
//! caption that pauses), a link's position is reached in slices, the readouts and the page's
//! text follow at their cadences ([`cadence`]), and the stage draws.
//!
//! [`Clock::frame`] is one frame over a page that implements [`Driven`] (tested natively with a
//! page of its own); [`Raf`] calls it at every animation frame, with pause, resume and
//! clean-up (after leptos-use's `use_raf_fn`, without Leptos).

use crate::cadence;
use crate::page::{LOAD_SLICE_MS, SLICE_MS, real_now_ms};
use settle_core::Instant;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// What the clock loop drives: a page around something played (the playground with its
/// comparison's other sides; the viewer over a simulation or a film).
pub trait Driven {
    /// Whether the clock runs.
    fn running(&self) -> bool;
    fn speed(&self) -> f64;
    /// Virtual ms now, and the change counter of what is played.
    fn now_ms(&self) -> u64;
    fn generation(&self) -> u64;
    /// The first caption that pauses in `(from, to]`.
    fn pause_between(&self, from: u64, to: u64) -> Option<u64>;
    /// A position to reach before the clock runs (a link's, or `?start=`).
    fn target(&self) -> Option<u64>;
    fn reached_target(&mut self);
    /// Goes on toward `t` until `deadline` (real ms): `Ok(true)` when reached; an error is a
    /// run over its work budget, in words.
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String>;
    /// The run stopped (over its budget): the clock stops, the target goes, the page says why.
    fn stopped(&mut self, why: String);
    /// A caption paused the clock at its time.
    fn paused_at_caption(&mut self);
    /// The clock ran for `real` ms (the playground shows real time beside virtual time).
    fn ran(&mut self, _real: f64) {}
    /// Writes the readouts if they changed: (the page's text changed, the readouts' cadence
    /// starts again from this frame).
    fn readouts(&mut self, start: f64) -> (bool, bool);
    /// The last publication of the page's text: when it ended (real ms), at which generation
    /// and virtual ms, and what it cost. `prev_start` is the previous frame's start and `real`
    /// the gap since (for a page whose publication's work runs after it returns).
    fn published(&mut self, prev_start: f64, real: f64) -> (f64, u64, u64, f64);
    /// One picture of the stage(s); `page_changes`: this frame also changes the page's text.
    fn tick(&mut self, start: f64, running: bool, page_changes: bool);
    /// Publishes the page's text (buttons, narration, lanes, log).
    fn publish(&mut self, start: f64);
}

/// What the clock loop keeps between frames.
#[derive(Debug)]
pub struct Clock {
    /// Fractions of a virtual millisecond (they stay here, not in the core).
    carry: f64,
    /// When the readouts' cadence last started (real ms).
    readouts_at: f64,
    /// The previous frame's start (real ms).
    prev_start: f64,
}

impl Default for Clock {
    fn default() -> Self {
        Self {
            carry: 0.0,
            readouts_at: f64::NEG_INFINITY,
            prev_start: 0.0,
        }
    }
}

impl Clock {
    /// Drops the fraction of a virtual millisecond (a restart: time zero again).
    pub fn reset_carry(&mut self) {
        self.carry = 0.0;
    }

    /// One frame at real ms `start`, `real` ms after the previous one: the clock, the position
    /// to reach, the readouts, the stage, and the page's text when due.
    pub fn frame(&mut self, page: &mut impl Driven, start: f64, real: f64) {
        if page.running() {
            page.ran(real);
            if page.target().is_none() {
                let from = page.now_ms();
                let speed = page.speed();
                let to = cadence::clock_move(&mut self.carry, real, speed, from, |a, b| {
                    page.pause_between(a, b)
                });
                // What does not fit in the slice is dropped, not owed: under a load the page
                // cannot carry, virtual time runs slower than asked instead of freezing.
                if let Some((t, pause)) = to
                    && advance(page, Instant::from_millis(t), start + SLICE_MS)
                    && pause
                {
                    self.carry = 0.0;
                    page.paused_at_caption();
                }
            }
        }
        Self::reach_target(page, start + LOAD_SLICE_MS);
        // The shown times follow at CLOCK_MS while the clock runs, at once when it stands; each
        // change of the page's text is a layout, a paint and a commit of the page.
        let running = page.running();
        let mut text = false;
        if cadence::readouts_due(running, start, self.readouts_at) {
            let (changed, taken) = page.readouts(start);
            text = changed;
            if taken {
                self.readouts_at = start;
            }
        }
        // A heavy publication (many receivers, a busy log) waits longer, so that it never
        // takes more than about a tenth of the main thread while the clock runs.
        let (at, g, t, cost) = page.published(self.prev_start, real);
        let changed = g != page.generation() || t != page.now_ms();
        let publish = cadence::mirror_due(running, changed, start, at, cost);
        // The stage takes the changes in a frame that changes no text where it can.
        page.tick(start, running, text || publish);
        if publish {
            page.publish(start);
        }
        self.prev_start = start;
    }
}

impl Clock {
    /// Goes on toward the position the page opened at until `deadline` (real ms), if it is not
    /// reached yet (the page shows the way there meanwhile).
    pub fn reach_target(page: &mut impl Driven, deadline: f64) {
        if let Some(t) = page.target()
            && advance(page, Instant::from_millis(t), deadline)
        {
            page.reached_target();
        }
    }
}

/// Advances `page` toward `t` until `deadline`: true when reached, or when the run stopped
/// (the page then says why).
fn advance(page: &mut impl Driven, t: Instant, deadline: f64) -> bool {
    match page.advance(t, deadline) {
        Ok(reached) => reached,
        Err(why) => {
            page.stopped(why);
            true
        }
    }
}

/// `requestAnimationFrame` again and again: `tick(start, real)` at every frame, `real` being
/// the real ms since the previous one (0 after a resume; at most 250: a background tab's long
/// gap is no spiral of catch-up). Pausing lets the frame already asked for return at once;
/// dropping the `Raf` ends the loop (the browser's last call finds it gone).
pub struct Raf(Rc<RafState>);

/// The browser's side of the loop: called at an animation frame with its time.
type FrameCallback = Closure<dyn FnMut(f64)>;

struct RafState {
    active: Cell<bool>,
    /// A frame is asked for and has not come yet.
    asked: Cell<bool>,
    /// Frames to let pass before the first tick.
    skip: Cell<u8>,
    last: Cell<f64>,
    tick: RefCell<Box<dyn FnMut(f64, f64)>>,
    /// The one callback of the loop, asked for again at every frame.
    callback: RefCell<Option<FrameCallback>>,
}

impl Raf {
    /// Starts the loop; the first tick comes at the `skip + 1`-th frame (the first frames
    /// after mounting let the browser lay out and paint the new page before the stage's
    /// first, heavy, frame draws into it).
    pub fn start(skip: u8, tick: impl FnMut(f64, f64) + 'static) -> Self {
        let state = Rc::new(RafState {
            active: Cell::new(true),
            asked: Cell::new(false),
            skip: Cell::new(skip),
            last: Cell::new(real_now_ms()),
            tick: RefCell::new(Box::new(tick)),
            callback: RefCell::new(None),
        });
        let weak: Weak<RafState> = Rc::downgrade(&state);
        let callback = FrameCallback::new(move |_: f64| {
            if let Some(s) = weak.upgrade() {
                s.frame();
            }
        });
        *state.callback.borrow_mut() = Some(callback);
        state.ask();
        Self(state)
    }

    /// Stops the ticks (the frame already asked for returns at once).
    pub fn pause(&self) {
        self.0.active.set(false);
    }

    /// Ticks again from the next frame, the real time between not counted.
    pub fn resume(&self) {
        if !self.0.active.replace(true) {
            self.0.last.set(real_now_ms());
            self.0.ask();
        }
    }

    #[must_use]
    pub fn is_active(&self) -> bool {
        self.0.active.get()
    }
}

impl Drop for Raf {
    fn drop(&mut self) {
        self.pause();
        // A frame still asked for calls the callback once more: it must outlive the loop
        // (it then finds the loop gone and returns).
        if self.0.asked.get()
            && let Some(cb) = self.0.callback.borrow_mut().take()
        {
            cb.forget();
        }
    }
}

impl RafState {
    fn ask(&self) {
        if self.asked.get() {
            return;
        }
        if let (Some(w), Some(cb)) = (web_sys::window(), self.callback.borrow().as_ref()) {
            self.asked.set(
                w.request_animation_frame(cb.as_ref().unchecked_ref())
                    .is_ok(),
            );
        }
    }

    fn frame(&self) {
        self.asked.set(false);
        if !self.active.get() {
            return;
        }
        let skip = self.skip.get();
        if skip > 0 {
            self.skip.set(skip - 1);
        } else {
            let start = real_now_ms();
            let real = (start - self.last.replace(start)).clamp(0.0, 250.0);
            (self.tick.borrow_mut())(start, real);
        }
        if self.active.get() {
            self.ask();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page that plays nothing but a clock: virtual time is what it was told to reach.
    #[derive(Default)]
    struct Page {
        running: bool,
        now: u64,
        generation: u64,
        target: Option<u64>,
        pause_at: Option<u64>,
        budget_until: Option<u64>,
        notice: Option<String>,
        caption_pauses: u32,
        published_at: Vec<f64>,
        ticks: u32,
        last_publication: (f64, u64, u64, f64),
    }

    impl Driven for Page {
        fn running(&self) -> bool {
            self.running
        }
        fn speed(&self) -> f64 {
            1.0
        }
        fn now_ms(&self) -> u64 {
            self.now
        }
        fn generation(&self) -> u64 {
            self.generation
        }
        fn pause_between(&self, from: u64, to: u64) -> Option<u64> {
            self.pause_at.filter(|&p| from < p && p <= to)
        }
        fn target(&self) -> Option<u64> {
            self.target
        }
        fn reached_target(&mut self) {
            self.target = None;
        }
        fn advance(&mut self, t: Instant, _: f64) -> Result<bool, String> {
            let t = t.as_millis();
            if let Some(end) = self.budget_until.filter(|&e| t > e) {
                self.now = end;
                return Err(format!("stopped at {end}"));
            }
            self.now = t;
            self.generation += 1;
            Ok(true)
        }
        fn stopped(&mut self, why: String) {
            self.running = false;
            self.target = None;
            self.notice = Some(why);
        }
        fn paused_at_caption(&mut self) {
            self.running = false;
            self.caption_pauses += 1;
        }
        fn readouts(&mut self, _: f64) -> (bool, bool) {
            (true, true)
        }
        fn published(&mut self, _: f64, _: f64) -> (f64, u64, u64, f64) {
            self.last_publication
        }
        fn tick(&mut self, _: f64, _: bool, _: bool) {
            self.ticks += 1;
        }
        fn publish(&mut self, start: f64) {
            self.published_at.push(start);
            self.last_publication = (start, self.generation, self.now, 0.1);
        }
    }

    fn run(clock: &mut Clock, page: &mut Page, frames: u32) {
        for i in 1..=frames {
            clock.frame(page, f64::from(i) * 16.0, 16.0);
        }
    }

    #[test]
    fn real_time_moves_virtual_time_and_a_caption_that_pauses_stops_it_exactly_there() {
        let mut page = Page {
            running: true,
            pause_at: Some(100),
            ..Page::default()
        };
        let mut clock = Clock::default();
        run(&mut clock, &mut page, 3);
        assert_eq!(page.now, 48);
        run(&mut clock, &mut page, 10);
        assert_eq!(
            (page.now, page.running, page.caption_pauses),
            (100, false, 1)
        );
        // Stopped, it stays; every frame still draws the stage.
        run(&mut clock, &mut page, 5);
        assert_eq!(page.now, 100);
        assert_eq!(page.ticks, 18);
    }

    #[test]
    fn a_position_to_reach_comes_first_and_the_clock_waits_for_it() {
        let mut page = Page {
            running: true,
            target: Some(5_000),
            ..Page::default()
        };
        let mut clock = Clock::default();
        run(&mut clock, &mut page, 1);
        assert_eq!((page.now, page.target), (5_000, None));
        run(&mut clock, &mut page, 1);
        assert_eq!(page.now, 5_016);
    }

    #[test]
    fn a_run_over_its_budget_stops_the_clock_and_says_why_once() {
        let mut page = Page {
            running: true,
            budget_until: Some(40),
            ..Page::default()
        };
        let mut clock = Clock::default();
        run(&mut clock, &mut page, 5);
        assert_eq!(page.now, 40);
        assert!(!page.running);
        assert_eq!(page.notice.as_deref(), Some("stopped at 40"));
    }

    #[test]
    fn the_text_follows_a_running_clock_at_the_publications_cadence_and_a_standing_one_at_once() {
        let mut page = Page {
            running: true,
            ..Page::default()
        };
        let mut clock = Clock::default();
        run(&mut clock, &mut page, 150);
        // Twice a second while the clock runs (cadence::MIRROR_MS), not every frame.
        let at = &page.published_at;
        assert_eq!(at.len(), 4, "{at:?}");
        assert!(
            at.windows(2).all(|w| w[1] - w[0] >= cadence::MIRROR_MS),
            "{at:?}"
        );
        let n = at.len();
        page.running = false;
        page.now += 1;
        page.generation += 1;
        clock.frame(&mut page, 2_416.0, 16.0);
        assert_eq!(page.published_at.len(), n + 1);
    }
}
