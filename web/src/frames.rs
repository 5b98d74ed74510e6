//! The playground's clock loop and keyboard: the page as the one clock loop drives it
//! (`settle_player::clock`), and its shortcuts.

use crate::{Ctx, ui};
use leptos::prelude::*;
use settle_core::Instant;
use settle_player::clock::{Clock, Driven, Raf};
use settle_player::page::{Shortcut, next_speed, shortcut};
use settle_player::sim::Sim;

/// The playground's keyboard shortcuts.
pub(crate) fn on_key(ctx: Ctx, ev: &web_sys::KeyboardEvent) {
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
        self.ctx.advance_within(t, deadline)
    }
    fn stopped(&mut self, why: String) {
        self.ctx.stopped(why);
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
pub(crate) fn start_clock(ctx: Ctx) {
    let mut page = Playground {
        ctx,
        shown_real: 0.0,
    };
    let mut clock = Clock::default();
    // The first frame after mounting only asks for the next one: the browser lays out and
    // paints the new page first, then the stage's first (heavy) frame draws into it, instead
    // of the stage's first measurement forcing that layout inside a long frame that nothing
    // is painted before.
    let frames = Raf::start(1, move |start, real| clock.frame(&mut page, start, real));
    let frames = StoredValue::new_local(Some(frames));
    on_cleanup(move || frames.update_value(|f| drop(f.take())));
}
