//! The page, one module per area.
#![allow(
    unreachable_pub,
    reason = "#[component] re-emits each component with `pub` visibility; nothing here is exported"
)]

mod clients;
mod clock;
mod downloads;
mod fit;
mod held;
mod lessons;
mod notice;
mod queue;
mod sharing;
mod stage;
mod timeline;
mod tools;

use crate::Ctx;
pub(crate) use clock::paint_readouts;
use leptos::prelude::*;
use settle_i18n::{Arg, t, tf};
pub(crate) use stage::tick;

/// Virtual or real milliseconds as seconds with three decimals, for a message's `{ $t } s`
/// (`3.500` in English, `3,500` in Czech).
pub(crate) fn secs(ms: u64) -> Arg<'static> {
    Arg::fixed(ms as f64 / 1000.0, 3)
}

/// A virtual time as the page writes it: `3.500 s`, as [`settle_core::Instant`] does, in the
/// installed language.
pub(crate) fn time(ms: u64) -> String {
    tf("time-seconds", &[("t", secs(ms))])
}

/// A `focusout` handler for `card` that calls `left` when the focus leaves it, not when it
/// moves to another element inside it.
pub(crate) fn on_focus_leaving(
    card: NodeRef<leptos::html::Section>,
    left: impl Fn() + 'static,
) -> impl Fn(leptos::ev::FocusEvent) + 'static {
    move |ev| {
        let to = ev
            .related_target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok());
        let within = card.get_untracked();
        if !matches!((within.as_deref(), to), (Some(w), Some(t)) if w.contains(Some(&t))) {
            left();
        }
    }
}

/// Presenter mode on or off; `full` also asks for the browser's full screen.
pub(crate) fn toggle_presenter(ctx: Ctx, full: bool) {
    let on = !ctx.presenter.get_untracked();
    ctx.presenter.set(on);
    let doc = web_sys::window().and_then(|w| w.document());
    if let Some(body) = doc.as_ref().and_then(web_sys::Document::body) {
        let _ = body.class_list().toggle_with_force("presenter", on);
    }
    if let Some(doc) = doc {
        if on && full {
            if let Some(root) = doc.document_element() {
                let _ = root.request_fullscreen();
            }
        } else if !on && doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        }
    }
}

/// The language menu: each language named in itself. Choosing one opens the page again in it,
/// at the same place (the share fragment of what is on screen, at this instant).
#[component]
fn LanguageMenu(ctx: Ctx) -> impl IntoView {
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(lang) = settle_i18n::Lang::parse(&event_target_value(&ev)) {
            let (text, now) = ctx.read(|s| (s.export(), s.now().as_millis()));
            let fragment = settle_player::share::fragment(&text, now);
            settle_player::language::switch_to(lang, Some(&fragment));
        }
    };
    let current = settle_i18n::lang();
    view! {
        <select class="lang-menu" aria-label=t("lang-menu") title=t("lang-menu") on:change=on_change>
            {settle_i18n::Lang::ALL.map(|l| view! {
                <option value=l.tag() lang=l.tag() selected=l == current>{l.native_name()}</option>
            })}
        </select>
    }
}

/// Runs `f` in a task of its own, after the tasks already queued: a message to itself over a
/// `MessageChannel` (not a timer, which a frame that is not shown or a paused test clock holds
/// back, nor an animation frame, which such a frame never gets).
fn next_task(f: impl FnOnce() + 'static) {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return f();
    };
    let port = channel.port1();
    let kept = port.clone();
    let call = wasm_bindgen::closure::Closure::once_into_js(move || {
        // The port lives until its one message is taken.
        drop(kept);
        f();
    });
    port.set_onmessage(Some(wasm_bindgen::JsCast::unchecked_ref(&call)));
    let _ = channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
}

/// The whole page.
pub(crate) fn page(ctx: Ctx) -> impl IntoView {
    lessons::follow_share_links(ctx);
    if !ctx.mode.embed {
        fit::watch();
    }
    let title = Memo::new(move |_| ctx.snap.with(|s| s.title.clone()));
    let entities = Memo::new(move |_| ctx.snap.with(|s| s.entities));
    // Full page or embed is fixed for the page's life: what only one of them shows is built
    // once or never (no `<Show>`: each instantiates its own reactive and view code).
    let embed = ctx.mode.embed;
    // The way has reached its position and that instant's work is not done yet (a million
    // sends at once: `Sim::behind`).
    let instant = move || {
        ctx.pending
            .get()
            .is_some_and(|(_, target)| target == ctx.now_ms.get())
    };
    // An interactive embed opens its forms over the stage (its height never changes); open
    // from the start with `?controls=1` (the lean viewer's Controls button hands over so).
    let controls = RwSignal::new(false);
    let set_controls = move |on: bool| {
        controls.set(on);
        if let Some(body) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let _ = body.class_list().toggle_with_force("controls-open", on);
        }
    };
    if embed && !ctx.mode.readonly && settle_player::page::flag("controls") {
        set_controls(true);
    }
    let toggle_controls = move |_| set_controls(!controls.get_untracked());
    // What lies below the stage (senders, receivers, the log, the queue, the tools) is built in
    // the task after the page's: the opening task is shorter by all of it (with 50 receivers,
    // most of it). The log's and the queue's cards are watched once they are there, a task
    // later.
    let below = RwSignal::new(false);
    next_task(move || {
        below.set(true);
        next_task(move || queue::watch_cards(ctx.parts));
    });
    let open_full = move |_| {
        let (text, t) = ctx.read(|s| (s.export(), s.now().as_millis()));
        let base = web_sys::window()
            .and_then(|w| w.location().pathname().ok())
            .unwrap_or_default();
        if let Some(w) = web_sys::window() {
            let _ = w.open_with_url_and_target(
                &format!("{base}{}", settle_player::share::fragment(&text, t)),
                "_blank",
            );
        }
    };
    // The page's first stops for the keyboard, hidden until focused (style.css): to the stage,
    // and to the senders and receivers (where a person acts). Not plain #id links: the
    // fragment holds a shared scenario.
    let skip_to = |id: &'static str| {
        move |ev: leptos::ev::MouseEvent| {
            ev.prevent_default();
            if let Some(e) = document().get_element_by_id(id) {
                let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(e).focus();
            }
        }
    };
    view! {
        <header class="top">
            <a class="skip" href="#stage" on:click=skip_to("stage")>{t("page-skip-stage")}</a>
            {(!embed).then(|| view! {
                <a class="skip" href="#senders" on:click=skip_to("senders")>{t("page-skip-clients")}</a>
            })}
            <div class="brand">
                <h1>"Settle"</h1>
                <p class="tag">{t("page-tagline")}</p>
            </div>
            {embed.then(|| view! {
                <h2 class="embed-title" title=move || title.get()>{move || title.get()}</h2>
            })}
            <clock::Clock ctx=ctx />
            {(!embed).then(|| view! {
                <button class="btn ghost presenter-btn" aria-pressed=move || ctx.presenter.get().to_string()
                    title=t("page-presenter-title")
                    on:click=move |_| toggle_presenter(ctx, false)>{t("page-presenter")}</button>
            })}
            {(!embed).then(|| view! { <LanguageMenu ctx=ctx /> })}
            {(embed && !ctx.mode.readonly).then(|| view! {
                <button class="btn ghost embed-controls" aria-expanded=move || controls.get().to_string()
                    title=t("page-controls-title") on:click=toggle_controls>{t("page-controls")}</button>
            })}
            {embed.then(|| view! {
                <button class="btn ghost open-full" on:click=open_full>{t("page-open-full")}</button>
            })}
        </header>
        <notice::Notice ctx=ctx area="clock" />
        <notice::Notice ctx=ctx area="top" />
        {(!embed).then(|| view! { <lessons::LessonList ctx=ctx /> })}
        <Show when=move || ctx.pending.with(Option::is_some)>
            <div class="notice progress-notice" role="status"
                aria-label=move || (!instant()).then(|| t("page-going-label"))>
                <span>{move || {
                    let (_, target) = ctx.pending.get().unwrap_or_default();
                    let now = ctx.now_ms.get();
                    if instant() {
                        // The present instant's work, not done yet (a million sends at once).
                        let at = settle_player::words::instant(settle_core::Instant::from_millis(now));
                        tf("clock-still-running", &[("now", Arg::from(at))])
                    } else {
                        tf("page-going", &[("target", secs(target)), ("now", secs(now))])
                    }
                }}</span>
                <progress max="1000" aria-label=t("page-progress") hidden=instant value=move || {
                    let (from, target) = ctx.pending.get().unwrap_or_default();
                    let now = ctx.now_ms.get();
                    let span = target.saturating_sub(from).max(1);
                    (now.saturating_sub(from).min(span) * 1000 / span).to_string()
                }></progress>
                <button class="btn small" on:click=move |_| {
                    ctx.pending.set(None);
                    ctx.running.set(false);
                    ctx.refresh();
                }>{t("page-stop-here")}</button>
            </div>
        </Show>
        <lessons::ComparisonPanel ctx=ctx />
        <div class="page">
            <lessons::Intro ctx=ctx />
            <lessons::Caption ctx=ctx />
            <stage::Stage ctx=ctx />
            {(!embed).then(|| view! { <queue::Inspector ctx=ctx /> })}
            <Show when=move || below.get()>
                <main class="board">
                    <clients::Senders ctx=ctx />
                    <clients::Receivers ctx=ctx />
                </main>
                <div class="lower">
                    <queue::Log ctx=ctx />
                    <queue::QueueView ctx=ctx />
                </div>
                {(!embed).then(|| view! {
                    <div class="lower tools-row">
                        <tools::ScenarioTools ctx=ctx />
                        // A document with `entities` changes its entities by steps
                        // (`update_entity`), not through the one queue's settings.
                        <Show when=move || !entities.get()>
                            <tools::Settings ctx=ctx />
                        </Show>
                    </div>
                })}
            </Show>
        </div>
    }
}
