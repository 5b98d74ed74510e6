//! Clock controls: play/pause, step back to the previous moment and on to the next event,
//! speed, jump to the next lock expiry.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{Arg, t, tf};
use settle_player::page::SPEEDS;
use settle_player::paint::titles::{back_title, expiry_title, speed_label, step_title};

#[component]
pub(super) fn Clock(ctx: Ctx) -> impl IntoView {
    // The readouts' text: while a worker paints them (`super::face`), at the publications'
    // pace (the text is then transparent, for screen readers and tests); else every change.
    let now = Memo::new(move |_| {
        if ctx.face_shows() {
            ctx.snap.with(|s| s.now_ms)
        } else {
            ctx.now_ms.get()
        }
    });
    let real_ms = Memo::new(move |_| {
        if ctx.face_shows() {
            ctx.snap.track();
            ctx.real_ms.get_untracked()
        } else {
            ctx.real_ms.get()
        }
    });
    on_cleanup(settle_player::paint::face::detach);
    let next_event = Memo::new(move |_| ctx.snap.with(|s| s.next_event_ms));
    let next_expiry = Memo::new(move |_| ctx.snap.with(|s| s.next_expiry_ms));
    let real = move || real_text(real_ms.get());
    let previous = Memo::new(move |_| ctx.snap.with(|s| s.previous_ms));
    let step = move |_| {
        if !ctx.step() {
            ctx.tell("clock", t("clock-nothing-scheduled"), false);
        }
    };
    let back = move |_| {
        ctx.step_back();
    };
    let jump = move |_| {
        if !ctx.jump_to_expiry() {
            ctx.tell("clock", t("clock-no-lock"), false);
        }
    };
    let play_label = move || {
        t(if ctx.running.get() {
            "clock-pause"
        } else {
            "clock-play"
        })
    };
    view! {
        <div class="clock" role="group" aria-label=t("clock-label")>
            <div class="clock-readout" class:painted=move || ctx.face_shows()>
                <canvas class="clock-face" aria-hidden="true"></canvas>
                <span class="clock-label">{t("clock-virtual")}</span>
                // Not an <output>: its implicit live region would announce every frame.
                <span class="clock-time" data-testid="clock">{fixed(move || virtual_text(now.get()))}</span>
                <span class="clock-real" title=t("clock-real-title")>{fixed(real)}</span>
            </div>
            // On a phone each button shows an icon instead of its words (style.css); the
            // words stay its name.
            // Its name says what it does (Play or Pause); no aria-pressed, or a screen reader
            // would hear the name and the state both flip.
            <button class="btn primary play" class:on=move || ctx.running.get() aria-label=play_label
                on:click=move |_| { ctx.running.update(|r| *r = !*r); ctx.refresh(); }>
                {play_label}
            </button>
            <button class="btn back" on:click=back disabled=move || previous.get().is_none()
                aria-keyshortcuts="ArrowLeft" aria-label=t("clock-step-back")
                title=move || back_title(previous.get())>
                {t("clock-step-back")}
            </button>
            <button class="btn step" on:click=step aria-keyshortcuts="ArrowRight"
                aria-label=t("clock-step") title=move || step_title(next_event.get())>
                {t("clock-step")}
            </button>
            <button class="btn expiry" on:click=jump disabled=move || next_expiry.get().is_none()
                aria-label=t("clock-next-expiry") title=move || expiry_title(next_expiry.get())>
                {t("clock-next-expiry")}
            </button>
            <label class="speed">
                <span>{t("clock-speed")}</span>
                <select aria-label=t("clock-speed") on:change=move |ev| {
                    if let Some(v) = settle_scenario::parse_f64(&event_target_value(&ev)) { ctx.speed.set(v) }
                }>
                    // The list, plus a lesson's own speed (0.05×, 3×) when it is not one of them.
                    {move || {
                        let now = ctx.speed.get();
                        let mut speeds = SPEEDS.to_vec();
                        if !speeds.iter().any(|s| (s - now).abs() < 1e-9) {
                            speeds.push(now);
                            speeds.sort_by(f64::total_cmp);
                        }
                        speeds.into_iter().map(|s| view! {
                            <option value=s.to_string() selected=(now - s).abs() < 1e-9>{speed_label(s)}</option>
                        }).collect_view()
                    }}
                </select>
            </label>
        </div>
    }
}

/// The virtual time's readout.
fn virtual_text(ms: u64) -> String {
    super::time(ms)
}

/// The real time's readout, in tenths.
fn real_text(ms: f64) -> String {
    tf("clock-real", &[("t", Arg::fixed(ms / 1000.0, 1))])
}

/// Shows the readouts for virtual `now` and `real` ms on the clock's face where a worker can
/// paint it (`super::face`): true when it does. The face is painted whether or not the clock
/// runs, so that at Play it already shows the time the text showed.
pub(crate) fn paint_readouts(now: u64, real: f64) -> bool {
    let (v, r) = (virtual_text(now), real_text(real));
    settle_player::paint::face::paint(".clock-readout", &[".clock-time", ".clock-real"], &[&v, &r])
}

/// A readout that changes ten times a second while the clock runs (where no worker paints the
/// clock's face; else at the publications' pace under it), in a box as wide as its
/// text (monospace: one `ch` a character) that the browser lays out on its own: the box is
/// not a grid or flex item and is size- and layout-contained, so it is a relayout boundary,
/// and a new time lays out this box alone instead of the whole page (a full layout of the page
/// in every such frame, 2–7 ms on the benchmark's machine). Its width changes, and the page is
/// laid out, only when the text's length does.
fn fixed(text: impl Fn() -> String + Send + Sync + Copy + 'static) -> impl IntoView {
    // A memo: the style is written only when the length changes. A CJK character (秒) takes
    // two `ch`.
    let width = Memo::new(move |_| {
        let ch: usize = text()
            .chars()
            .map(|c| if settle_i18n::is_wide(c) { 2 } else { 1 })
            .sum();
        format!("{ch}ch")
    });
    // The empty marker after the text: where the clock's face writes it (`super::face`).
    view! { <span class="fixed-text" style:width=width>{text}<i class="text-end"></i></span> }
}
