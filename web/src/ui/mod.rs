//! The page, one module per area.
#![allow(
    unreachable_pub,
    reason = "#[component] re-emits each component with `pub` visibility; nothing here is exported"
)]

mod clients;
mod clock;
mod downloads;
mod lessons;
mod notice;
mod queue;
mod sharing;
mod tools;

use crate::Ctx;
use leptos::prelude::*;

/// The whole page.
pub(crate) fn page(ctx: Ctx) -> impl IntoView {
    lessons::follow_share_links(ctx);
    let open_full = move |_| {
        let (text, t) = ctx.read(|s| (s.export(), s.now().as_millis()));
        let base = web_sys::window()
            .and_then(|w| w.location().pathname().ok())
            .unwrap_or_default();
        if let Some(w) = web_sys::window() {
            let _ = w.open_with_url_and_target(
                &format!("{base}{}", crate::share::fragment(&text, t)),
                "_blank",
            );
        }
    };
    view! {
        <header class="top">
            <div class="brand">
                <h1>"Settle"</h1>
                <p class="tag">"Watch message settlement happen: locks, redelivery, dead-lettering."</p>
            </div>
            <clock::Clock ctx=ctx />
            <Show when=move || ctx.mode.embed>
                <button class="btn ghost open-full" on:click=open_full>"Open in Settle ↗"</button>
            </Show>
        </header>
        <notice::Notice ctx=ctx area="clock" />
        <notice::Notice ctx=ctx area="top" />
        <Show when=move || !ctx.mode.embed>
            <lessons::LessonList ctx=ctx />
        </Show>
        <lessons::ComparisonPanel ctx=ctx />
        <lessons::Intro ctx=ctx />
        <lessons::Caption ctx=ctx />
        <main class="board">
            <clients::Senders ctx=ctx />
            <queue::QueueView ctx=ctx />
            <clients::Receivers ctx=ctx />
        </main>
        <div class="lower">
            <queue::Log ctx=ctx />
            <Show when=move || !ctx.mode.embed>
                <queue::Inspector ctx=ctx />
            </Show>
        </div>
        <Show when=move || !ctx.mode.embed>
            <div class="lower">
                <tools::ScenarioTools ctx=ctx />
                <tools::Settings ctx=ctx />
            </div>
        </Show>
    }
}
