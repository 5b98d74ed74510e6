//! The Settle playground's Leptos UI over `settle-player`.
//!
//! One frame loop advances virtual time with real time × speed; a person's actions run at
//! the current virtual instant and are recorded as scenario steps; the page renders one
//! [`Snapshot`] per frame.

mod ctx;
mod frames;
mod parts;
mod start;
mod ui;

pub use ctx::{Ctx, Twin, TwinView};
pub use parts::Parts;
pub use start::start;

use frames::{on_key, start_clock};
use leptos::prelude::*;
use settle_player::lesson;
use settle_player::page::{Mode, Opening, apply_mode, real_now_ms, twins_of};
use settle_player::sim::Sim;

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
    // A language that could not be loaded says so (the page is in English then).
    let notice = RwSignal::new(
        settle_player::language::take_failure()
            .map(|f| (f, true))
            .or(notice),
    );
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
        edited: RwSignal::new(false),
        presenter: RwSignal::new(false),
        pending: RwSignal::new(None),
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
    // heavy one, or the present instant's work, goes on in the frame loop's slices.
    if let Some(t) = target {
        ctx.go_to(t);
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
