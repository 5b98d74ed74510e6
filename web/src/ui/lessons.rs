//! Lessons on the page: the lesson list at the top, the scenario's title with Restart, the
//! caption of the moment, the closing "What you saw", and a built-in comparison's table.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{t, tf};
use settle_player::film;
use settle_player::lesson::{self, Source};
use settle_player::sim::Sim;

/// The address for what is loaded: `?preset=NAME` or `?compare=NAME` (other options such as
/// `theme` kept), no fragment; anything else loaded drops both, so a reload never shows
/// something other than what is on the page.
fn set_address(source: Option<&Source>) {
    replace_address(&settle_player::page::query_for(source), false);
}

/// Puts `query` in the address in place of the page's, with the fragment kept if `keep_hash`:
/// no new history entry.
fn replace_address(query: &str, keep_hash: bool) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let path = w.location().pathname().unwrap_or_default();
    let hash = if keep_hash {
        w.location().hash().unwrap_or_default()
    } else {
        String::new()
    };
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}{hash}")),
        );
    }
}

/// Scrolls the page to the scenario's title (a lesson starts there). On a phone the title is
/// under the stage (style.css), so the page goes to its top instead: the header, the caption
/// and the stage.
fn scroll_to_title() {
    let Some(w) = web_sys::window() else {
        return;
    };
    if w.inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .is_some_and(|v| v <= 700.0)
    {
        w.scroll_to_with_x_and_y(0.0, 0.0);
        return;
    }
    if let Some(el) = w
        .document()
        .and_then(|d| d.get_element_by_id("scenario-title"))
    {
        el.scroll_into_view_with_bool(true);
    }
}

/// Puts a newly loaded simulation on the page: its lesson, its address, the page at its title.
pub(crate) fn loaded(ctx: Ctx, sim: Sim, source: Option<Source>) {
    ctx.replace(sim);
    set_address(source.as_ref());
    ctx.lesson.update(|l| l.source = source);
    scroll_to_title();
}

/// Opens a built-in preset (fetched the first time); the notice shows by the title.
pub(crate) fn open_preset(ctx: Ctx, name: &str) {
    let name = name.to_string();
    leptos::task::spawn_local(async move {
        match settle_player::builtin::fetch_preset(&name)
            .await
            .and_then(|text| Sim::load(&text))
        {
            // A lesson with entities opens in the playground that runs them, by its name.
            Err(e) if settle_player::page::refused_for_entities(&e) => {
                let source = Source::Preset(name);
                let query = settle_player::page::query_for(Some(&source));
                settle_player::page::open_full(Some(query), Some(String::new()));
                ctx.tell("lessons", t("notice-opening-entities"), false);
            }
            Ok(sim) => {
                let title = lesson::title_and_description(sim.title(), "").0;
                loaded(ctx, sim, Some(Source::Preset(name)));
                ctx.tell(
                    "intro",
                    tf("lessons-loaded", &[("title", title.into())]),
                    false,
                );
            }
            Err(e) => ctx.tell("lessons", e, true),
        }
    });
}

/// Opens side `key` of a built-in comparison (fetched the first time, with its presets).
fn open_compare(ctx: Ctx, name: &str, key: &'static str) {
    let name = name.to_string();
    leptos::task::spawn_local(async move {
        let side = settle_player::builtin::fetch_comparison(&name)
            .await
            .and_then(|_| lesson::compare_side(&name, key));
        match side {
            Ok(sc) => {
                loaded(ctx, Sim::new(sc), Some(Source::Compare(name.clone(), key)));
                ctx.set_twins(settle_player::page::twins_of(&name, key));
                ctx.notice.set(None);
            }
            Err(e) => ctx.tell("lessons", e, true),
        }
    });
}

/// A share link opened in this tab while it is open (`hashchange`) takes effect: the
/// scenario at its position, paused, as when the page is opened with it.
pub(crate) fn follow_share_links(ctx: Ctx) {
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        match film::scenario_link(&hash) {
            None => {}
            Some(Err(e)) => ctx.tell(
                "top",
                tf("lessons-link-failed", &[("error", e.into())]),
                true,
            ),
            Some(Ok((text, t))) => match settle_player::page::load(&text, t) {
                Ok(sim) => {
                    ctx.running.set(false);
                    ctx.replace(sim);
                    ctx.lesson.update(|l| l.source = None);
                    ctx.go_to(t);
                    ctx.refresh();
                    ctx.tell(
                        "top",
                        tf("lessons-link-opened", &[("t", super::secs(t))]),
                        false,
                    );
                }
                Err(e) => ctx.tell(
                    "top",
                    tf("lessons-link-scenario-failed", &[("error", e.into())]),
                    true,
                ),
            },
        }
    });
    // The page lives as long as the tab.
    std::mem::forget(handle);
}

/// The lesson list: every preset and comparison, one line each.
#[component]
pub(super) fn LessonList(ctx: Ctx) -> impl IntoView {
    let current = Memo::new(move |_| ctx.lesson.with(|l| l.source.clone()));
    let link = move |href: String, label: String, pick: Source| {
        let on = pick.clone();
        let is_current = move || {
            current.with(|c| match (c, &on) {
                (Some(Source::Preset(a)), Source::Preset(b)) => a == b,
                (Some(Source::Compare(a, _)), Source::Compare(b, _)) => a == b,
                _ => false,
            })
        };
        view! {
            <li><a href=href aria-current=move || is_current().then_some("page")
                on:click=move |ev| {
                    ev.prevent_default();
                    match &pick {
                        Source::Preset(n) => open_preset(ctx, n),
                        Source::Compare(n, k) => open_compare(ctx, n, k),
                    }
                }>{label}</a></li>
        }
    };
    let presets = lesson::presets()
        .into_iter()
        .map(|(n, t)| link(format!("?preset={n}"), t, Source::Preset(n.into())))
        .collect_view();
    let comparisons = lesson::comparisons()
        .into_iter()
        .map(|(n, t)| link(format!("?compare={n}"), t, Source::Compare(n.into(), "a")))
        .collect_view();
    // Open on a first visit (nothing named in the address); folded to one line once a lesson
    // or link is on the page, so the stage stays in view.
    let open = RwSignal::new(
        ctx.lesson.with_untracked(|l| l.source.is_none())
            && web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .is_none_or(|h| h.len() <= 1),
    );
    Effect::new(move |prev: Option<()>| {
        current.track();
        if prev.is_some() {
            open.set(false);
        }
    });
    view! {
        <nav class="lessons" aria-label=t("lessons-title")>
            <details aria-label=t("lessons-summary") prop:open=move || open.get() on:toggle=move |ev| {
                if let Some(d) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok()) { open.set(d.open()) }
            }>
                <summary class="lessons-h">{t("lessons-summary")}</summary>
                <div class="lessons-body">
                    <h2 class="lessons-h">{t("lessons-title")}</h2>
                    <ul class="lesson-list" aria-label=t("lessons-title")>{presets}</ul>
                    <h2 class="lessons-h">{t("lessons-side-by-side")}</h2>
                    <ul class="lesson-list" aria-label=t("lessons-comparisons")>{comparisons}</ul>
                </div>
            </details>
            <super::notice::Notice ctx=ctx area="lessons" />
        </nav>
    }
}

/// Writes `autoplay=1` into the address (or takes it out), the rest of the address kept: a
/// reload, and the links made from the address (Copy link, Share), run through the captions'
/// pauses as the page does now.
fn set_run_through(on: bool) {
    let autoplay = on.then(|| "autoplay=1".to_string());
    replace_address(
        &settle_player::page::query_with(&["autoplay"], None, autoplay),
        true,
    );
}

/// Restarts what is on the page (the same scenario from 0 s) and says so by the title.
pub(super) fn restart(ctx: Ctx) {
    ctx.restart();
    ctx.tell("intro", t("intro-restarted"), false);
}

/// The scenario's title and description, with Restart and, for a lesson whose captions pause,
/// "Run through captions" (a trainer presenting at 10× or 100× is not stopped at each).
#[component]
pub(super) fn Intro(ctx: Ctx) -> impl IntoView {
    let title = Memo::new(move |_| ctx.snap.with(|s| s.title.clone()));
    let description = Memo::new(move |_| ctx.snap.with(|s| s.description.clone()));
    let pauses = Memo::new(move |_| {
        ctx.lesson.with(|l| {
            l.shown
                .as_ref()
                .is_some_and(|s| s.notes.iter().any(|c| c.pause))
        })
    });
    let run_through = Memo::new(move |_| ctx.lesson.with(|l| !l.pauses));
    let toggle = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        ctx.lesson.update(|l| l.pauses = !on);
        set_run_through(on);
    };
    // The description shows on one line (the stage under it keeps its size); a click, a tap or
    // Enter shows all of it until the next click or another lesson: touch screens have no hover.
    let opened = RwSignal::new(None::<String>);
    let open = move || opened.with(|o| description.with(|d| o.as_ref() == Some(d)));
    let toggle_whole = move || {
        let now = if open() {
            None
        } else {
            Some(description.get_untracked())
        };
        opened.set(now);
    };
    view! {
        <section class="scenario-intro" class:open=open aria-label=t("intro-label")>
            <div class="intro-head">
                <h2 id="scenario-title" tabindex="-1">{title}</h2>
                {(!ctx.mode.readonly).then(|| view! {
                    <button class="btn small" on:click=move |_| restart(ctx) title=t("intro-restart-title")>{t("intro-restart")}</button>
                    <label class="check run-through" title=t("lesson-run-through-title") hidden=move || !pauses.get()>
                        <input type="checkbox" prop:checked=move || run_through.get() on:change=toggle />
                        <span>{t("lesson-run-through")}</span>
                    </label>
                })}
            </div>
            <p
                title=move || description.get()
                role="button"
                tabindex="0"
                aria-expanded=move || open().to_string()
                on:click=move |_| toggle_whole()
                on:keydown=move |ev| {
                    if matches!(ev.key().as_str(), "Enter" | " ") {
                        ev.prevent_default();
                        toggle_whole();
                    }
                }
            >
                {description}
            </p>
            <super::notice::Notice ctx=ctx area="intro" />
        </section>
    }
}

/// The caption of the moment and, when the story is over, what it proved.
#[component]
pub(super) fn Caption(ctx: Ctx) -> impl IntoView {
    // Every frame (the snapshot follows a running clock only twice a second).
    let now = ctx.now_ms;
    // Side by side, the stated difference speaks for both stages instead of one side's captions.
    let has = Memo::new(move |_| {
        ctx.lesson.with(|l| l.shown.is_some() || l.error.is_some())
            && ctx.twin_views.with(Vec::is_empty)
    });
    let caption = Memo::new(move |_| {
        let t = now.get();
        ctx.lesson.with(|l| {
            let n = l.shown.as_ref().map_or(0, |s| s.notes.len());
            l.caption_at(t)
                .map(|(i, c)| (i + 1, n, c.text.clone(), c.pause && c.at_ms == t))
        })
    });
    let ended = Memo::new(move |_| {
        let t = now.get();
        ctx.lesson.with(|l| l.ended(t))
    });
    // "What you saw" opens over the top of the stage (nothing moves), and can be put away.
    let summary_open = RwSignal::new(true);
    Effect::new(move |_| {
        if !ended.get() {
            summary_open.set(true);
        }
    });
    let pauses = move || {
        ctx.lesson.with(|l| {
            l.shown
                .as_ref()
                .is_some_and(|s| s.notes.iter().any(|c| c.pause))
        })
    };
    let waiting = move || caption.with(|c| c.as_ref().is_some_and(|c| c.3)) && !ctx.running.get();
    let summary = move || {
        ctx.lesson.with(|l| {
            l.shown.as_ref().map(|s| {
                let lines = s
                    .summary
                    .iter()
                    .map(|x| view! { <li>{x.clone()}</li> })
                    .collect_view();
                let figures = s
                    .figures
                    .iter()
                    .map(|(label, value)| {
                        view! {
                            <li class="figure"><span class="figure-value">{value.clone()}</span>
                                <span class="figure-label">{label.clone()}</span></li>
                        }
                    })
                    .collect_view();
                view! {
                    <ul class="summary-lines">{lines}</ul>
                    <ul class="figures" aria-label=t("summary-figures")>{figures}</ul>
                }
            })
        })
    };
    view! {
        <Show when=move || has.get()>
            <section class="lesson" class:pauses=pauses aria-label=t("caption-lesson")>
                <div class="caption-row">
                    <span class="caption-n" aria-hidden="true">{move || caption.with(|c| c.as_ref().map(|c| format!("{} / {}", c.0, c.1)).unwrap_or_default())}</span>
                    <p class="caption" role="status" aria-live="polite" aria-label=t("caption-label")>
                        {move || caption.with(|c| c.as_ref().map(|c| c.2.clone()).unwrap_or_default())}
                    </p>
                    // In the caption's box, its place kept (unseen) through a lesson that
                    // pauses: the box does not change height when it shows (style.css).
                    <p class="caption-hint" class:off=move || !waiting()>{t("caption-paused")}</p>
                </div>
                <Show when=move || ctx.lesson.with(|l| l.error.is_some())>
                    <p class="client-error" role="alert">{move || ctx.lesson.with(|l| l.error.clone().unwrap_or_default())}</p>
                </Show>
                <Show when=move || ended.get() && summary_open.get()>
                    <section class="summary" aria-label=t("summary-title")>
                        <div class="summary-head"><h3>{t("summary-title")}</h3>
                            <button class="btn small ghost" on:click=move |_| {
                                summary_open.set(false);
                                // Its button leaves with the focus: to the title of what is on the page.
                                if let Some(h) = document().get_element_by_id("scenario-title") {
                                    let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(h).focus();
                                }
                            }>{t("summary-hide")}</button></div>
                        {summary}
                    </section>
                </Show>
            </section>
        </Show>
    }
}

/// A built-in comparison: the facts of every side, the stated difference (checked against the
/// runs), and a button to open each side.
#[component]
pub(super) fn ComparisonPanel(ctx: Ctx) -> impl IntoView {
    let name = Memo::new(move |_| {
        ctx.lesson.with(|l| match &l.source {
            Some(Source::Compare(n, k)) => Some((n.clone(), *k)),
            _ => None,
        })
    });
    let shown = Memo::new(move |_| name.with(|n| n.as_ref().map(|(n, _)| lesson::compared(n))));
    let body = move || {
        let side = name.with(|n| n.as_ref().map(|n| n.1));
        shown.get().map(|r| match r {
            Err(e) => view! { <p class="client-error" role="alert">{e}</p> }.into_any(),
            Ok(c) => {
                let head = c
                    .table
                    .labels
                    .iter()
                    .map(|l| view! { <th scope="col">{l.clone()}</th> })
                    .collect_view();
                let rows = c
                    .table
                    .rows
                    .iter()
                    .map(|(label, vals)| {
                        let cells = vals.iter().map(|v| view! { <td>{v.clone()}</td> }).collect_view();
                        view! { <tr><th scope="row">{label.clone()}</th>{cells}</tr> }
                    })
                    .collect_view();
                let cname = c.name.clone();
                let buttons = c
                    .sides
                    .iter()
                    .map(|(k, label)| {
                        let (k, n) = (*k, cname.clone());
                        view! {
                            <button class="btn small" aria-pressed=(side == Some(k)).to_string()
                                title=t("compare-show-title")
                                on:click=move |_| open_compare(ctx, &n, k)>{tf("compare-show", &[("side", label.as_str().into())])}</button>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="compare-text">
                        <h2>{c.title.clone()}</h2>
                        <p class="difference" aria-label=t("compare-difference")>{c.table.difference.clone()}</p>
                        <div class="inline">{buttons}</div>
                    </div>
                    <table class="compare-table"><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table>
                }
                .into_any()
            }
        })
    };
    view! {
        <Show when=move || name.with(Option::is_some)>
            <section class="comparison card" aria-label=t("compare-label")>{body}</section>
        </Show>
    }
}
