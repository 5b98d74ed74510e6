//! The queue's lanes, the event log and the message inspector.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{t, tf};
use settle_player::paint::lanes::{LANES, LaneRow};
use settle_player::paint::rows::Registry;
use settle_player::sim::Command;
use settle_player::sim::{Lane, LogLine, Settle};
use settle_player::stage::model::MsgKey;

thread_local! {
    static LANE_ROWS: Registry<LaneRow> = const { Registry::new() };
}

/// One lane: its items are patched in plain DOM (`super::rows`); a click on one opens it in
/// the inspector (one listener for the lane).
#[component]
fn LaneView(
    ctx: Ctx,
    /// Its row of [`LANES`].
    index: usize,
    lane: RwSignal<Lane>,
) -> impl IntoView {
    let (testid, kind, _) = LANES[index];
    let (title, empty) = settle_player::paint::lane_words(index);
    let total = Memo::new(move |_| lane.with(|l| l.total));
    let shown = Memo::new(move |_| lane.with(|l| l.rows.len()));
    let hidden = move || total.get() - shown.get();
    let list = NodeRef::<leptos::html::Ul>::new();
    let id = settle_player::paint::rows::next_id();
    Effect::new(move |_| {
        lane.with(|l| {
            if let Some(ul) = list.get() {
                LANE_ROWS.with(|x| x.patch(id, &ul, &l.rows, &kind));
            }
        });
    });
    on_cleanup(move || LANE_ROWS.with(|x| x.forget(id)));
    let inspect = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let key = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("button[data-key]").ok().flatten())
            .and_then(|b| b.get_attribute("data-key"))
            .and_then(|k| k.parse::<MsgKey>().ok());
        if let Some(key) = key {
            ctx.command(Command::Select(Some(key)));
        }
    };
    view! {
        <section class=format!("lane lane-{kind}") aria-labelledby=format!("{testid}-h")>
            <h3 id=format!("{testid}-h")>{title.clone()}" "<span class="count" data-testid=format!("{testid}-count")>{total}</span></h3>
            <ul aria-label=title data-testid=testid class="msgs" node_ref=list on:click=inspect></ul>
            <Show when=move || { hidden() > 0 }>
                <p class="more-count">{move || tf("lane-more", &[("n", hidden().into())])}</p>
            </Show>
            <Show when=move || total.get() == 0>
                <p class="empty">{empty.clone()}</p>
            </Show>
        </section>
    }
}

#[component]
pub(super) fn QueueView(ctx: Ctx) -> impl IntoView {
    let summary = Memo::new(move |_| ctx.snap.with(|s| s.config_summary.clone()));
    let card = NodeRef::<leptos::html::Section>::new();
    // Off screen it follows a running clock lazily; with the focus in it, at once.
    let focusout = super::on_focus_leaving(card, move || ctx.parts.queue_focused(false));
    view! {
        <section class="card queue" aria-label=t("queue-label") node_ref=card
            on:focusin=move |_| ctx.parts.queue_focused(true) on:focusout=focusout>
            <header class="card-head"><h2>{t("queue-label")}</h2><span class="cfg">{summary}</span></header>
            <LaneView ctx=ctx index=0 lane=ctx.parts.lanes[0] />
            <LaneView ctx=ctx index=1 lane=ctx.parts.lanes[1] />
            <LaneView ctx=ctx index=2 lane=ctx.parts.lanes[2] />
            <LaneView ctx=ctx index=3 lane=ctx.parts.lanes[3] />
            <LaneView ctx=ctx index=4 lane=ctx.parts.lanes[4] />
        </section>
    }
}

/// Tells the page's parts whether the log and the queue card are on screen or within 400 px
/// of it (off screen, they follow a running clock every few publications:
/// [`crate::Parts::queue_seen`]). Called once the page is on screen; one observer for the
/// page's life (both cards are there from the start to the end).
pub(crate) fn watch_cards(parts: crate::Parts) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some((o, cb)) =
        settle_player::paint::rows::visibility_observer("400px", move |target, seen| {
            if target.class_list().contains("log") {
                parts.log_seen(seen);
            } else {
                parts.queue_seen(seen);
            }
        })
    else {
        return;
    };
    for sel in ["section.card.log", "section.card.queue"] {
        if let Ok(Some(card)) = doc.query_selector(sel) {
            o.observe(&card);
        }
    }
    cb.forget();
    std::mem::forget(o);
}

/// A log line on the page: `<li><time>…</time> text</li>`.
struct LogRow {
    li: web_sys::Element,
    time: web_sys::Element,
    text: web_sys::Node,
}

impl settle_player::paint::rows::Row for LogRow {
    type Item = LogLine;
    type Ctx = ();
    type Key = u64;

    fn key(l: &LogLine) -> u64 {
        l.n
    }

    fn build(doc: &web_sys::Document) -> Option<Self> {
        let li = settle_player::paint::rows::element(doc, "li", "", "")?;
        let time = settle_player::paint::rows::element(doc, "time", "", "")?;
        let text: web_sys::Node = doc.create_text_node("").into();
        li.append_child(&time).ok()?;
        li.append_child(&text).ok()?;
        Some(Self { li, time, text })
    }

    fn update(&mut self, _: &web_sys::Document, old: Option<&LogLine>, l: &LogLine, (): &()) {
        let differs = |f: fn(&LogLine, &LogLine) -> bool| old.is_none_or(|o| f(o, l));
        if differs(|o, l| o.t_ms != l.t_ms) {
            self.time.set_text_content(Some(&super::time(l.t_ms)));
        }
        if differs(|o, l| o.text != l.text) {
            self.text.set_node_value(Some(&format!(" {}", l.text)));
        }
        if differs(|o, l| o.error != l.error) {
            let _ = self.li.class_list().toggle_with_force("error", l.error);
        }
    }

    fn element(&self) -> &web_sys::Element {
        &self.li
    }
}

thread_local! {
    static LOGS: Registry<LogRow> = const { Registry::new() };
}

/// The log, newest first: its lines are patched in plain DOM (`super::rows`); at 100× every
/// line is new at each publication, and a line's elements are reused for a new one. While the
/// clock runs it shows the newest [`crate::LOG_RUNNING`] lines and says how many more it
/// shows when the clock stops; off screen, it follows every few publications
/// ([`crate::Parts::log_seen`]).
#[component]
pub(super) fn Log(ctx: Ctx) -> impl IntoView {
    let list = NodeRef::<leptos::html::Ol>::new();
    let id = settle_player::paint::rows::next_id();
    Effect::new(move |_| {
        ctx.parts.log.with(|lines| {
            if let Some(ol) = list.get() {
                LOGS.with(|l| l.patch(id, &ol, lines, &()));
            }
        });
    });
    on_cleanup(move || LOGS.with(|l| l.forget(id)));
    let card = NodeRef::<leptos::html::Section>::new();
    // Off screen it follows a running clock lazily; with the focus in it (its list is a stop
    // of the keyboard: it scrolls), at once.
    let focusout = super::on_focus_leaving(card, move || ctx.parts.log_focused(false));
    view! {
        <section class="card log" aria-label=t("log-label") node_ref=card
            on:focusin=move |_| ctx.parts.log_focused(true) on:focusout=focusout>
            <header class="card-head"><h2>{t("log-title")}</h2><span class="cfg">{t("log-newest-first")}</span></header>
            <ol class="log-lines" node_ref=list tabindex="0" aria-label=t("log-title")></ol>
            <p class="log-earlier" hidden=move || ctx.parts.log_earlier.get() == 0>
                {move || tf("log-earlier", &[("n", ctx.parts.log_earlier.get().into())])}
            </p>
        </section>
    }
}

/// Keeps what opened the inspector (the element that had the focus when a message was
/// selected) and, when the inspector closes with the focus in it or nowhere (its Close button,
/// or a settlement from it, leaves), gives the focus back to that element, or to the
/// inspector's heading when it is gone.
fn return_focus(open: Memo<bool>, section: NodeRef<leptos::html::Section>) {
    use wasm_bindgen::JsCast;
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |was: Option<bool>| {
        let now = open.get();
        let Some(sec) = section.get_untracked() else {
            return now;
        };
        let doc = document();
        let active = doc.active_element().filter(|a| a.tag_name() != "BODY");
        match (was.unwrap_or(false), now) {
            (false, true) => opener.set_value(
                active
                    .filter(|a| !sec.contains(Some(a)))
                    .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()),
            ),
            (true, false) => {
                if active.is_none_or(|a| sec.contains(Some(&a))) {
                    let back = opener.get_value().filter(|o| o.is_connected()).or_else(|| {
                        sec.query_selector("h2")
                            .ok()
                            .flatten()
                            .and_then(|h| h.dyn_into::<web_sys::HtmlElement>().ok())
                    });
                    if let Some(e) = back {
                        let _ = e.focus();
                    }
                }
                opener.set_value(None);
            }
            _ => {}
        }
        now
    });
}

#[component]
pub(super) fn Inspector(ctx: Ctx) -> impl IntoView {
    let detail = Memo::new(move |_| ctx.snap.with(|s| s.detail.clone()));
    let section = NodeRef::<leptos::html::Section>::new();
    return_focus(Memo::new(move |_| detail.with(Option::is_some)), section);
    view! {
        <section class="card inspector" aria-label=t("inspector-label") node_ref=section>
            <header class="card-head">
                <h2 tabindex="-1">{move || detail.with(|d| d.as_ref().map_or_else(|| t("inspector-label"), |d| tf("inspector-title", &[("id", d.id.as_str().into())])))}</h2>
                <Show when=move || detail.with(Option::is_some)>
                    <button class="btn small ghost" on:click=move |_| ctx.command(Command::Select(None))>{t("inspector-close")}</button>
                </Show>
            </header>
            <Show when=move || detail.with(|d| d.as_ref().is_some_and(|d| d.held_by.is_some()))>
                {move || detail.get().and_then(|d| d.held_by.map(|by| (by, d.seq))).map(|(by, seq)| {
                    let settle = move |what: Settle| {
                        let by = by.clone();
                        move |_| {
                            let by = by.clone();
                            ctx.command(Command::Settle {
                                by,
                                key: seq,
                                what,
                                reason: "ProcessingFailed".into(),
                                description: String::new(),
                            });
                        }
                    };
                    view! {
                        <div class="actions selected-actions" role="group" aria-label=t("inspector-settle")>
                            <button class="btn primary" on:click=settle(Settle::Complete)>{t("settle-complete")}</button>
                            <button class="btn" on:click=settle(Settle::Abandon)>{t("settle-abandon")}</button>
                            <button class="btn danger" on:click=settle(Settle::DeadLetter)>{t("settle-dead-letter")}</button>
                            <button class="btn" on:click=settle(Settle::Defer)>{t("settle-defer")}</button>
                            <button class="btn" on:click=settle(Settle::Renew)>{t("settle-renew-lock")}</button>
                        </div>
                    }
                })}
            </Show>
            <Show when=move || detail.with(Option::is_some)
                fallback=|| view! { <p class="empty">{t("inspector-empty")}</p> }>
                <dl class="props">
                    {move || detail.get().map(|d| d.fields.into_iter().map(|(k, v)| view! {
                        <dt>{k}</dt><dd>{v}</dd>
                    }).collect_view())}
                </dl>
                <p class="props-head" id="app-props">{t("inspector-app-props")}</p>
                <Show when=move || detail.with(|d| d.as_ref().is_some_and(|d| !d.properties.is_empty()))
                    fallback=|| view! { <p class="empty">{t("inspector-no-props")}</p> }>
                    <dl class="props app" aria-labelledby="app-props">
                        {move || detail.get().map(|d| d.properties.into_iter().map(|(k, v)| view! {
                            <dt>{k}</dt><dd>{v}</dd>
                        }).collect_view())}
                    </dl>
                </Show>
            </Show>
        </section>
    }
}
