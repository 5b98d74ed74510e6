//! The timeline under the stage: the whole story's moments as markers (sends, lock expiries,
//! abandons, dead-letter moves, settlements), the current time as a cursor; click, drag or use
//! the keyboard (a slider) to go to any virtual time, back or forward (time travel: the page
//! replays from its nearest snapshot, `Sim::seek`).
//!
//! The markers are drawn on a canvas of the track, not made elements: the track's span grows
//! with a running clock, every marker moves with it, and up to 1,200 of them rebuilt as
//! elements at every publication cost 20–30 ms of a frame at 10,000 messages. A marker's words
//! ("3 sends at 2.000 s: m1, m2, m3") are the track's tooltip while the pointer is over it.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{Arg, t, tf};
use settle_player::paint::draw::Palette;
use settle_player::paint::painter::{Painter, paint_attach};
use settle_player::sim::{MarkKind, Marker};
use settle_player::stage::pen::Pen;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// Markers of one kind closer than this fraction of the track are drawn as one (with a count).
const BUCKETS: u64 = 240;
/// A click this close to a marker (CSS px) goes to the marker's time exactly.
const SNAP_PX: f64 = 6.0;
/// The track's inner margin left and right (CSS px) and its rows: the first row's top, the
/// distance between rows, a marker's size.
const PAD_X: f64 = 6.0;
const ROW_TOP: f64 = 4.0;
const ROW_STEP: f64 = 11.0;
const MARK: f64 = 9.0;

fn class(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Send => "tl-send",
        MarkKind::Expiry => "tl-expiry",
        MarkKind::Abandon => "tl-abandon",
        MarkKind::DeadLetter => "tl-dead",
        MarkKind::Settle => "tl-settle",
    }
}

/// Where a mark at `at` (0..=1) is drawn on a track `w` CSS px wide.
fn mark_x(at: f64, w: f64) -> f64 {
    PAD_X + at * (w - 2.0 * PAD_X).max(0.0)
}

/// The messages for markers of kind `k`: counted (the legend), and counted at a time with their
/// ids (a marker's words).
fn words(k: MarkKind) -> (&'static str, &'static str) {
    match k {
        MarkKind::Send => ("timeline-sends", "timeline-sends-at"),
        MarkKind::Expiry => ("timeline-expiries", "timeline-expiries-at"),
        MarkKind::Abandon => ("timeline-abandons", "timeline-abandons-at"),
        MarkKind::DeadLetter => ("timeline-dead-letters", "timeline-dead-letters-at"),
        MarkKind::Settle => ("timeline-settlements", "timeline-settlements-at"),
    }
}

fn row(k: MarkKind) -> usize {
    MarkKind::ALL.iter().position(|&x| x == k).unwrap_or(0)
}

/// One drawn mark: its kind, the time of its first moment, position (0..=1), its bucket of
/// the track and how many moments it stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drawn {
    kind: MarkKind,
    t_ms: u64,
    at: f64,
    bucket: u64,
    n: usize,
}

fn bucket(t_ms: u64, end: u64) -> u64 {
    t_ms.min(end) * BUCKETS / end.max(1)
}

/// The marks of `marks` (in time order) on a track spanning `end` ms, and how many markers
/// of each kind there are.
fn drawn<'a>(marks: impl Iterator<Item = &'a Marker>, end: u64) -> (Vec<Drawn>, [usize; 5]) {
    let end = end.max(1);
    let mut out: Vec<Drawn> = Vec::new();
    let mut counts = [0; 5];
    for m in marks {
        counts[row(m.kind)] += 1;
        let b = bucket(m.t_ms, end);
        match out
            .iter_mut()
            .rev()
            .take(MarkKind::ALL.len())
            .find(|d| d.kind == m.kind && d.bucket == b)
        {
            Some(d) => d.n += 1,
            None => out.push(Drawn {
                kind: m.kind,
                t_ms: m.t_ms,
                at: m.t_ms as f64 / end as f64,
                bucket: b,
                n: 1,
            }),
        }
    }
    (out, counts)
}

/// The words of mark `d` on a track spanning `end` ms: its count, time and first ids.
fn title<'a>(marks: impl Iterator<Item = &'a Marker>, end: u64, d: &Drawn) -> String {
    let end = end.max(1);
    let mut ids: Vec<&str> = marks
        .filter(|m| m.kind == d.kind && bucket(m.t_ms, end) == d.bucket)
        .map(|m| m.id.as_str())
        .collect();
    let n = ids.len();
    ids.dedup();
    let mut shown: Vec<&str> = ids.iter().take(5).copied().collect();
    if ids.len() > 5 {
        shown.push("…");
    }
    let ids = settle_i18n::list(&shown);
    tf(
        words(d.kind).1,
        &[
            ("n", n.into()),
            ("t", super::secs(d.t_ms)),
            ("ids", ids.into()),
        ],
    )
}

/// Runs `f` over every marker of the page (this stage's and, side by side, the others'), in
/// time order.
fn with_markers<T>(ctx: Ctx, f: impl FnOnce(&mut dyn Iterator<Item = &Marker>) -> T) -> T {
    ctx.read(|s| {
        ctx.twin_views.with(|twins| {
            if twins.is_empty() {
                return f(&mut s.markers());
            }
            let mut all: Vec<&Marker> = s
                .markers()
                .chain(twins.iter().flat_map(|t| t.markers.iter()))
                .collect();
            settle_core::order::sort_by_key(&mut all, |m| m.t_ms);
            f(&mut all.into_iter())
        })
    })
}

/// The canvas of the track, its marks and what it was drawn with. Drawn with the stage's
/// [`Pen`] and painter (on the page: a small canvas, drawn twice a second at most).
struct MarkCanvas {
    canvas: web_sys::HtmlCanvasElement,
    painter: Painter,
    pen: Pen,
    marks: Vec<Drawn>,
    /// CSS width and height, device pixel ratio.
    size: (f64, f64, f64),
    pal: Palette,
    paints: u32,
    observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

thread_local! {
    static TRACK: RefCell<Option<MarkCanvas>> = const { RefCell::new(None) };
}

impl MarkCanvas {
    fn paint(&mut self) {
        let (w, h, dpr) = self.size;
        let cx = &mut self.pen;
        cx.clear();
        // Sizing the canvas clears it.
        cx.size(0, (w * dpr).round() as u32, (h * dpr).round() as u32);
        cx.layer(0);
        cx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        let r = MARK / 2.0;
        for k in MarkKind::ALL {
            let top = ROW_TOP + ROW_STEP * row(k) as f64;
            cx.set_fill_style_str(self.pal.marker(k));
            cx.begin_path();
            for d in self.marks.iter().filter(|d| d.kind == k) {
                let x = mark_x(d.at, w);
                match k {
                    MarkKind::Send => {
                        cx.move_to(x + r, top + r);
                        cx.arc(x, top + r, r, 0.0, std::f64::consts::TAU);
                    }
                    MarkKind::Expiry => {
                        cx.move_to(x - r, top);
                        cx.line_to(x + r, top);
                        cx.line_to(x, top + MARK);
                        cx.close_path();
                    }
                    MarkKind::Abandon => {
                        cx.move_to(x, top);
                        cx.line_to(x + r, top + r);
                        cx.line_to(x, top + MARK);
                        cx.line_to(x - r, top + r);
                        cx.close_path();
                    }
                    MarkKind::DeadLetter => cx.fill_rect(x - r, top, MARK, MARK),
                    MarkKind::Settle => cx.fill_rect(x - 2.0, top, 4.0, MARK),
                }
            }
            cx.fill();
        }
        let (ops, text) = cx.picture();
        self.painter.paint(ops, text);
        self.paints += 1;
        // How often and how much it drew, for tests and for whoever inspects the page.
        let _ = self
            .canvas
            .set_attribute("data-paints", &self.paints.to_string());
        let _ = self
            .canvas
            .set_attribute("data-marks", &self.marks.len().to_string());
    }
}

/// The theme's colours changed (the stage reads them): the markers are drawn again in them.
pub(super) fn repaint(pal: &Palette) {
    TRACK.with(|t| {
        if let Some(t) = t.borrow_mut().as_mut()
            && t.pal != *pal
        {
            t.pal = pal.clone();
            t.paint();
        }
    });
}

/// Takes the track's canvas: measures it when its size changes, draws `marks`.
fn attach(canvas: web_sys::HtmlCanvasElement, marks: Vec<Drawn>) {
    // The painter's script is deferred like the app's: without it, no markers.
    let Ok(painter) = paint_attach(&canvas, true, false) else {
        return;
    };
    let cb = Closure::<dyn FnMut()>::new(|| {
        TRACK.with(|t| {
            if let Some(t) = t.borrow_mut().as_mut() {
                let dpr = web_sys::window()
                    .map_or(1.0, |w| w.device_pixel_ratio())
                    .clamp(1.0, 3.0);
                let size = (
                    f64::from(t.canvas.client_width()),
                    f64::from(t.canvas.client_height()),
                    dpr,
                );
                if size != t.size {
                    t.size = size;
                    t.paint();
                }
            }
        })
    });
    let observer = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref())
        .ok()
        .map(|o| {
            o.observe(&canvas);
            (o, cb)
        });
    let mut t = MarkCanvas {
        canvas,
        painter,
        pen: Pen::new(),
        marks,
        size: (0.0, 0.0, 1.0),
        pal: Palette::read(),
        paints: 0,
        observer,
    };
    if t.observer.is_none() {
        t.size = (f64::from(t.canvas.client_width()), 62.0, 1.0);
        t.paint();
    }
    TRACK.with(|x| *x.borrow_mut() = Some(t));
}

fn detach() {
    TRACK.with(|t| {
        if let Some(t) = t.borrow_mut().take()
            && let Some((o, _)) = t.observer
        {
            o.disconnect();
        }
    });
}

/// Where a pointer event is along the track, as a fraction, and the track's width. (What is
/// drawn in the track takes no pointer events, so the offset is the track's.)
fn fraction(ev: &web_sys::PointerEvent) -> Option<(f64, f64)> {
    let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
    let w = f64::from(el.client_width());
    (w > 0.0).then(|| ((f64::from(ev.offset_x()) / w).clamp(0.0, 1.0), w))
}

#[component]
pub(super) fn Timeline(ctx: Ctx) -> impl IntoView {
    let now = ctx.now_ms;
    // What a screen reader is told follows the published snapshot (at most twice a second
    // while the clock runs), not every frame.
    let spoken = Memo::new(move |_| ctx.snap.with(|s| s.now_ms));
    // Side by side, the timeline spans every stage's story and marks all of their moments.
    let story = Memo::new(move |_| {
        let own = ctx.snap.with(|s| (s.story_gen, s.horizon_ms));
        let far = ctx
            .twin_views
            .with(|v| v.iter().map(|t| t.horizon_ms).max().unwrap_or(0));
        (own.0, own.1.max(far))
    });
    // The track's span follows the published snapshot, not every frame: when it grows, every
    // marker moves (they are drawn again), so it grows at the snapshot's pace. Between two
    // snapshots a running clock can pass it; the cursor then waits at the end.
    let end = Memo::new(move |_| story.get().1.max(spoken.get()).max(1));
    // Where the cursor is (0..=1). It and the played part move by a transform on a layer of
    // their own: no layout, no repaint of the track.
    let at = Memo::new(move |_| (now.get() as f64 / end.get() as f64).clamp(0.0, 1.0));
    let shown = Memo::new(move |_| {
        story.track();
        let end = end.get();
        with_markers(ctx, |m| drawn(m, end))
    });
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    Effect::new(move |_| {
        shown.with(|(d, _)| {
            let drawn = TRACK.with(|t| {
                t.borrow_mut().as_mut().map(|t| {
                    t.marks.clone_from(d);
                    t.paint();
                })
            });
            // The first time (and until the painter's script is there): take the canvas.
            if drawn.is_none()
                && let Some(c) = canvas.get_untracked()
            {
                attach(c, d.clone());
            }
        })
    });
    on_cleanup(detach);
    // The mark under the pointer, whose words are the track's tooltip.
    let hovered = StoredValue::new(None::<(MarkKind, u64)>);
    let later = Memo::new(move |_| ctx.snap.with(|s| s.later_actions));
    let dragging = StoredValue::new(false);
    // The time under a point of the track: a marker's exact time when one is that close.
    let time_at = move |f: f64, width: f64| -> u64 {
        let end = end.get_untracked();
        let t = (f * end as f64).round() as u64;
        let near = shown.with_untracked(|(d, _)| {
            d.iter()
                .map(|m| ((m.at - f).abs() * width, m.t_ms))
                .filter(|(px, _)| *px <= SNAP_PX)
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, t)| t)
        });
        near.unwrap_or(t).min(end)
    };
    let go = move |t: u64| {
        if t != now.get_untracked() {
            ctx.seek(t);
        }
    };
    let on_down = move |ev: web_sys::PointerEvent| {
        if ctx.mode.readonly {
            return;
        }
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
            if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = h.focus();
            }
        }
        dragging.set_value(true);
        if let Some((f, w)) = fraction(&ev) {
            go(time_at(f, w));
        }
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        let Some((f, w)) = fraction(&ev) else {
            return;
        };
        if dragging.get_value() {
            go(time_at(f, w));
            return;
        }
        // The tooltip: the mark of the pointer's row nearest to it, if it is that close.
        let x = f * w;
        let y = f64::from(ev.offset_y());
        let k = ((y - ROW_TOP) / ROW_STEP).floor();
        let kind = (k >= 0.0)
            .then(|| MarkKind::ALL.get(k as usize).copied())
            .flatten();
        let under = kind.and_then(|kind| {
            shown.with_untracked(|(d, _)| {
                d.iter()
                    .filter(|m| m.kind == kind)
                    .map(|m| ((mark_x(m.at, w) - x).abs(), *m))
                    .filter(|(px, _)| *px <= SNAP_PX)
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, m)| m)
            })
        });
        let key = under.map(|m| (m.kind, m.bucket));
        if key == hovered.get_value() {
            return;
        }
        hovered.set_value(key);
        let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        match under {
            Some(m) => {
                let end = end.get_untracked();
                let words = with_markers(ctx, |all| title(all, end, &m));
                let _ = el.set_attribute("title", &words);
            }
            None => {
                let _ = el.remove_attribute("title");
            }
        }
    };
    let on_up = move |_: web_sys::PointerEvent| dragging.set_value(false);
    // A slider: ← → to the previous / next marked moment, Page Up / Page Down a tenth of the
    // story, Home / End its start and end.
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ctx.mode.readonly {
            return;
        }
        let t = now.get_untracked();
        let end = end.get_untracked();
        let tenth = (end / 10).max(1);
        let target = match ev.key().as_str() {
            "ArrowRight" | "ArrowUp" => with_markers(ctx, |m| {
                m.map(|m| m.t_ms).find(|&x| x > t).unwrap_or(end.max(t))
            }),
            "ArrowLeft" | "ArrowDown" => {
                with_markers(ctx, |m| m.map(|m| m.t_ms).filter(|&x| x < t).last()).unwrap_or(0)
            }
            "PageUp" => (t + tenth).min(end),
            "PageDown" => t.saturating_sub(tenth),
            "Home" => 0,
            "End" => end,
            _ => return,
        };
        ev.prevent_default();
        go(target);
    };
    let pct = move |f: f64| format!("{:.3}%", f * 100.0);
    let legend = MarkKind::ALL
        .into_iter()
        .map(|k| {
            view! {
                <li><span class=format!("tl-mark tl-key {}", class(k)) aria-hidden="true"></span>
                    {move || tf(words(k).0, &[("n", shown.with(|(_, n)| n[row(k)]).into())])}</li>
            }
        })
        .collect_view();
    view! {
        <section class="timeline" aria-label=t("timeline-label")>
            <div class="tl-track" role="slider" tabindex="0" aria-label=t("timeline-slider")
                aria-valuemin="0" aria-valuemax=move || end.get().to_string()
                aria-valuenow=move || spoken.get().to_string()
                aria-valuetext=move || tf("timeline-position", &[("now", super::secs(spoken.get())), ("end", super::secs(end.get()))])
                aria-disabled=ctx.mode.readonly.then_some("true")
                aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Home End"
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
                on:keydown=on_key>
                <div class="tl-played" style:transform=move || format!("scaleX({:.5})", at.get())></div>
                <canvas class="tl-marks" aria-hidden="true" node_ref=canvas></canvas>
                <div class="tl-now" style:transform=move || format!("translateX({})", pct(at.get()))>
                    <div class="tl-cursor"></div>
                </div>
            </div>
            <div class="tl-foot">
                <span class="tl-end">{tf("time-seconds", &[("t", Arg::from(0u64))])}</span>
                <ul class="tl-legend" aria-label=t("timeline-markers")>{legend}</ul>
                <span class="tl-end">{move || super::time(end.get())}</span>
            </div>
            <Show when=move || { later.get() > 0 }>
                <p class="tl-fork" role="note">{move || tf("timeline-fork", &[("n", later.get().into())])}</p>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(t_ms: u64, kind: MarkKind, id: &str) -> Marker {
        Marker {
            t_ms,
            kind,
            id: id.into(),
        }
    }

    #[test]
    fn close_marks_of_a_kind_become_one_with_a_count_and_kinds_stay_apart() {
        let marks = [
            m(0, MarkKind::Send, "m1"),
            m(1, MarkKind::Send, "m2"),
            m(1, MarkKind::Expiry, "m1"),
            m(50_000, MarkKind::Send, "m3"),
        ];
        let (d, counts) = drawn(marks.iter(), 100_000);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].n, 2);
        assert_eq!(
            title(marks.iter(), 100_000, &d[0]),
            "2 sends at 0.000 s: m1, m2"
        );
        assert_eq!(d[1].kind, MarkKind::Expiry);
        assert_eq!(
            title(marks.iter(), 100_000, &d[1]),
            "1 lock expiry at 0.001 s: m1"
        );
        assert!((d[2].at - 0.5).abs() < 1e-9);
        assert_eq!(counts, [3, 1, 0, 0, 0]);
    }
}
