//! The stage on the page: one canvas, its pictures written from the frame loop (no reactive
//! work per frame) and painted by `public/stage-paint.js` (in a worker that owns the canvas
//! where the browser allows), a click or tap on it to inspect a token, and a polite live region
//! with the narration.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{t, tf};
use settle_player::paint::canvas::tick_side;
use settle_player::sim::Command;
use settle_player::stage::hit::Hit;
use settle_player::stage::model::Place;
use wasm_bindgen::JsCast;

const CANVAS_ID: &str = "stage-canvas";
/// One animation frame of every stage (the page's, and side by side the other variants').
/// `real` is `performance.now()`.
pub fn tick(ctx: Ctx, real: f64, running: bool, page_changes: bool) {
    let mut recoloured = None;
    ctx.sim.update_value(|sim| {
        ctx.stage.update_value(|st| {
            recoloured = tick_side(st, sim, CANVAS_ID, real, running, page_changes);
        });
    });
    ctx.twins.update_value(|v| {
        for t in v.iter_mut() {
            let id = twin_canvas(t.key);
            tick_side(&mut t.stage, &mut t.sim, &id, real, running, page_changes);
        }
    });
    if let Some(pal) = recoloured {
        super::timeline::repaint(&pal);
    }
}

/// The canvas id of a comparison's other side.
pub(crate) fn twin_canvas(key: &str) -> String {
    format!("{CANVAS_ID}-{key}")
}

/// The stage area: the canvas and the narration's live region.
#[component]
pub(super) fn Stage(ctx: Ctx) -> impl IntoView {
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let (x, y) = (f64::from(ev.offset_x()), f64::from(ev.offset_y()));
        let real = settle_player::page::real_now_ms();
        let target = ctx
            .stage
            .with_value(|s| s.hit_at(x, y, real).map(|(h, m)| (h, m.clone())));
        match target {
            Some((Hit::Token(k), _)) => ctx.command(Command::Select(Some(k.msg()))),
            Some((Hit::Place(Place::Receiver(i)), m)) => {
                // Take the person to that receiver's controls.
                if let Some(r) = m.receivers.get(usize::from(i)) {
                    focus_region(&tf("receiver-title", &[("name", (&*r.name).into())]));
                }
            }
            Some((Hit::Place(Place::Sender(i)), m)) => {
                if let Some(r) = m.senders.get(usize::from(i)) {
                    focus_region(&tf("sender-title", &[("name", (&*r.name).into())]));
                }
            }
            _ => {}
        }
    };
    // The newest narration, at most twice a second (the snapshot's pace).
    let said = Memo::new(move |_| {
        ctx.parts
            .log
            .with(|l| l.first().map(|l| l.text.clone()).unwrap_or_default())
    });
    // Side by side: the variant this stage runs (the page's controls act on it).
    let own_label = Memo::new(move |_| {
        ctx.lesson.with(|l| match &l.source {
            Some(settle_player::lesson::Source::Compare(name, key)) => {
                settle_player::lesson::compare_sides(name)
                    .ok()
                    .and_then(|v| v.into_iter().find(|(k, _, _)| k == key))
                    .map(|(_, label, _)| label)
            }
            _ => None,
        })
    });
    let paired = move || ctx.twin_views.with(|v| !v.is_empty());
    let twins = move || {
        ctx.twin_views.with(|v| {
            v.iter()
                .map(|t| (t.key, t.label.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="stage-area" id="stage" tabindex="-1" aria-label=t("stage-label")>
            <div class="sides" class:side-by-side=paired>
                <figure class="side" aria-label=move || own_label.get().unwrap_or_else(|| t("stage-the-stage"))>
                    <Show when=paired>
                        <figcaption class="side-label">{move || own_label.get().unwrap_or_default()}
                            <span class="side-note">" · "{t("stage-own-note")}</span></figcaption>
                    </Show>
                    <div class="stage-box">
                        <canvas id=CANVAS_ID class="stage" role="img" on:click=on_click
                            aria-label=t("stage-canvas")></canvas>
                    </div>
                </figure>
                <For each=twins key=|t| t.0 let:t>
                    {
                        let (key, label) = t;
                        let messages = move || ctx.twin_views.with(|v| {
                            v.iter().find(|x| x.key == key).map(|x| x.messages.clone()).unwrap_or_default()
                        });
                        view! {
                            <figure class="side" aria-label=label.clone()>
                                <figcaption class="side-label">{label.clone()}</figcaption>
                                <div class="stage-box">
                                    <canvas id=twin_canvas(key) class="stage twin" role="img"
                                        aria-label=tf("stage-twin-canvas", &[("side", label.as_str().into())])></canvas>
                                </div>
                                <ul class="sr-only" aria-label=tf("stage-twin-messages", &[("side", label.as_str().into())])>
                                    {move || messages().into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                                </ul>
                            </figure>
                        }
                    }
                </For>
            </div>
            <super::timeline::Timeline ctx=ctx />
            <p class="sr-only" aria-live="polite" data-testid="narration">{said}</p>
        </section>
    }
}

fn focus_region(label: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let sel = format!("section[aria-label=\"{}\"]", label.replace('"', "\\\""));
    if let Ok(Some(el)) = doc.query_selector(&sel)
        && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = el.set_attribute("tabindex", "-1");
        let _ = el.focus();
        el.scroll_into_view();
    }
}
