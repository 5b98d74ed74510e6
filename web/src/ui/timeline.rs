//! The timeline under the stage: the whole story's moments as markers (sends, lock expiries,
//! abandons, dead-letter moves, settlements), the current time as a cursor; click, drag or use
//! the keyboard (a slider) to go to any virtual time, back or forward (time travel: the page
//! replays from its nearest snapshot, `Sim::seek`).

use crate::Ctx;
use crate::sim::{MarkKind, Marker};
use leptos::prelude::*;
use settle_core::Instant;
use wasm_bindgen::JsCast;

/// Markers of one kind closer than this fraction of the track are drawn as one (with a count).
const BUCKETS: u64 = 240;
/// A click this close to a marker (CSS px) goes to the marker's time exactly.
const SNAP_PX: f64 = 6.0;

fn class(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Send => "tl-send",
        MarkKind::Expiry => "tl-expiry",
        MarkKind::Abandon => "tl-abandon",
        MarkKind::DeadLetter => "tl-dead",
        MarkKind::Settle => "tl-settle",
    }
}

/// One drawn mark: its kind, the time of its first moment, position (0..=1), and what it
/// stands for.
#[derive(Clone, Debug, PartialEq)]
struct Drawn {
    kind: MarkKind,
    t_ms: u64,
    at: f64,
    title: String,
}

fn drawn(marks: &[Marker], end: u64) -> Vec<Drawn> {
    let end = end.max(1);
    let mut out: Vec<(Drawn, u64, Vec<String>)> = Vec::new();
    for m in marks {
        let bucket = m.t_ms.min(end) * BUCKETS / end;
        match out
            .iter_mut()
            .rev()
            .take(MarkKind::ALL.len())
            .find(|(d, b, _)| d.kind == m.kind && *b == bucket)
        {
            Some((_, _, ids)) => ids.push(m.id.clone()),
            None => out.push((
                Drawn {
                    kind: m.kind,
                    t_ms: m.t_ms,
                    at: m.t_ms as f64 / end as f64,
                    title: String::new(),
                },
                bucket,
                vec![m.id.clone()],
            )),
        }
    }
    out.into_iter()
        .map(|(mut d, _, mut ids)| {
            let n = ids.len();
            ids.dedup();
            let shown: Vec<String> = ids.iter().take(5).cloned().collect();
            let more = if ids.len() > 5 { ", …" } else { "" };
            d.title = format!(
                "{} at {}: {}{more}",
                d.kind.counted(n),
                Instant::from_millis(d.t_ms),
                shown.join(", ")
            );
            d
        })
        .collect()
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
    let marks = Memo::new(move |_| {
        story.track();
        let mut all = ctx.read(|s| s.markers().cloned().collect::<Vec<Marker>>());
        ctx.twin_views.with(|v| {
            for t in v {
                all.extend(t.markers.iter().cloned());
            }
        });
        all.sort_by_key(|m| m.t_ms);
        all
    });
    // The track's span follows the published snapshot, not every frame: when it grows, every
    // marker moves (they are rebuilt), so it grows at the snapshot's pace. Between two
    // snapshots a running clock can pass it; the cursor then waits at the end.
    let end = Memo::new(move |_| story.get().1.max(spoken.get()).max(1));
    // Where the cursor is (0..=1). It and the played part move by a transform on a layer of
    // their own: no layout, no repaint of the track.
    let at = Memo::new(move |_| (now.get() as f64 / end.get() as f64).clamp(0.0, 1.0));
    let shown = Memo::new(move |_| marks.with(|m| drawn(m, end.get())));
    let later = Memo::new(move |_| ctx.snap.with(|s| s.later_actions));
    let dragging = StoredValue::new(false);
    // The time under a point of the track: a marker's exact time when one is that close.
    let time_at = move |f: f64, width: f64| -> u64 {
        let end = end.get_untracked();
        let t = (f * end as f64).round() as u64;
        let near = shown.with_untracked(|d| {
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
        if dragging.get_value()
            && let Some((f, w)) = fraction(&ev)
        {
            go(time_at(f, w));
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
            "ArrowRight" | "ArrowUp" => marks.with_untracked(|m| {
                m.iter()
                    .map(|m| m.t_ms)
                    .find(|&x| x > t)
                    .unwrap_or(end.max(t))
            }),
            "ArrowLeft" | "ArrowDown" => marks
                .with_untracked(|m| m.iter().rev().map(|m| m.t_ms).find(|&x| x < t).unwrap_or(0)),
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
    let counts = move |k: MarkKind| marks.with(|m| m.iter().filter(|m| m.kind == k).count());
    let legend = MarkKind::ALL
        .into_iter()
        .map(|k| {
            view! {
                <li><span class=format!("tl-mark tl-key {}", class(k)) aria-hidden="true"></span>
                    {move || k.counted(counts(k))}</li>
            }
        })
        .collect_view();
    let rows = MarkKind::ALL
        .into_iter()
        .enumerate()
        .map(|(row, k)| {
            let here = move || {
                shown.with(|d| {
                    d.iter()
                        .filter(|m| m.kind == k)
                        .map(|m| {
                            view! {
                                <span class=format!("tl-mark {}", class(k)) style:left=pct(m.at)
                                    title=m.title.clone()></span>
                            }
                        })
                        .collect_view()
                })
            };
            view! { <div class="tl-row" style:top=format!("{}px", 4 + row * 11)>{here}</div> }
        })
        .collect_view();
    view! {
        <section class="timeline" aria-label="Timeline">
            <div class="tl-track" role="slider" tabindex="0" aria-label="Virtual time"
                aria-valuemin="0" aria-valuemax=move || end.get().to_string()
                aria-valuenow=move || spoken.get().to_string()
                aria-valuetext=move || format!("{} of {}", Instant::from_millis(spoken.get()), Instant::from_millis(end.get()))
                aria-disabled=ctx.mode.readonly.then_some("true")
                aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Home End"
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
                on:keydown=on_key>
                <div class="tl-played" style:transform=move || format!("scaleX({:.5})", at.get())></div>
                {rows}
                <div class="tl-now" style:transform=move || format!("translateX({})", pct(at.get()))>
                    <div class="tl-cursor"></div>
                </div>
            </div>
            <div class="tl-foot">
                <span class="tl-end">"0 s"</span>
                <ul class="tl-legend" aria-label="Timeline markers">{legend}</ul>
                <span class="tl-end">{move || format!("{}", Instant::from_millis(end.get()))}</span>
            </div>
            <Show when=move || { later.get() > 0 }>
                <p class="tl-fork" role="note">{move || {
                    let n = later.get();
                    format!(
                        "You went back: your {n} later action{} will play again as time passes. Act now and the story forks here: {} dropped, and Export and Share carry the new branch.",
                        if n == 1 { "" } else { "s" },
                        if n == 1 { "it is" } else { "they are" }
                    )
                }}</p>
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
        let d = drawn(&marks, 100_000);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].title, "2 sends at 0.000 s: m1, m2");
        assert_eq!(d[1].kind, MarkKind::Expiry);
        assert!((d[2].at - 0.5).abs() < 1e-9);
    }
}
