//! The queue's lanes, the event log and the message inspector.

use crate::Ctx;
use crate::sim::{Lane, LogLine, Row, Settle};
use leptos::prelude::*;
use settle_core::Instant;

#[component]
fn LaneView(
    ctx: Ctx,
    title: &'static str,
    testid: &'static str,
    kind: &'static str,
    empty: &'static str,
    lane: RwSignal<Lane>,
) -> impl IntoView {
    let total = Memo::new(move |_| lane.with(|l| l.total));
    let rows = Memo::new(move |_| lane.with(|l| l.rows.clone()));
    let hidden = move || total.get() - rows.with(Vec::len);
    view! {
        <section class=format!("lane lane-{kind}") aria-labelledby=format!("{testid}-h")>
            <h3 id=format!("{testid}-h")>{title}" "<span class="count" data-testid=format!("{testid}-count")>{total}</span></h3>
            <ul aria-label=title data-testid=testid class="msgs">
                <For each=super::positions(rows) key=|i| *i let:i>
                    {
                        let r = super::item(rows, i);
                        // The key names one message across entities (a topic's copies share a seq).
                        let seq = move || r.with(|r| r.key);
                        let meta = move || r.with(|r| {
                            let at = r.entity.as_ref().map_or(String::new(), |e| format!("in {e} · "));
                            match (&r.holder, r.due_ms) {
                                (Some(h), _) => format!("{at}seq {} · delivery {} · locked by {h}", r.seq, r.delivery_count + 1),
                                (None, Some(due)) => format!("{at}seq {} · due at {}", r.seq, Instant::from_millis(due)),
                                (None, None) => format!("{at}seq {} · delivery count {}", r.seq, r.delivery_count),
                            }
                        });
                        let extra = move |cls: &'static str, pick: fn(&Row) -> Option<String>| {
                            move || r.with(pick).map(|x| view! { <span class=cls>{x}</span> })
                        };
                        view! {
                            <li class=format!("msg msg-{kind}") class:recent=move || r.with(|r| r.recent)>
                                <button class="msg-btn" on:click=move |_| { let seq = seq(); ctx.act(move |s| s.select(Some(seq))) }
                                    aria-label=move || r.with(|r| format!("Inspect {}", r.id))>
                                    <span class="msg-id">{move || r.with(|r| r.id.clone())}</span>
                                    <span class="msg-meta">{meta}</span>
                                    {extra("msg-meta", |r| r.session.as_ref().map(|x| format!("session {x}")))}
                                    {extra("msg-reason", |r| r.reason.clone())}
                                    {extra("msg-desc", |r| r.description.clone())}
                                </button>
                            </li>
                        }
                    }
                </For>
            </ul>
            <Show when=move || { hidden() > 0 }>
                <p class="more-count">{move || format!("+ {} more", hidden())}</p>
            </Show>
            <Show when=move || total.get() == 0>
                <p class="empty">{empty}</p>
            </Show>
        </section>
    }
}

#[component]
pub(super) fn QueueView(ctx: Ctx) -> impl IntoView {
    let summary = Memo::new(move |_| ctx.snap.with(|s| s.config_summary.clone()));
    view! {
        <section class="card queue" aria-label="Queue">
            <header class="card-head"><h2>"Queue"</h2><span class="cfg">{summary}</span></header>
            <LaneView ctx=ctx title="Available" testid="lane-available" kind="available" empty="No message waiting." lane=ctx.parts.lanes[0] />
            <LaneView ctx=ctx title="Locked" testid="lane-locked" kind="locked" empty="No message locked." lane=ctx.parts.lanes[1] />
            <LaneView ctx=ctx title="Deferred" testid="lane-deferred" kind="deferred" empty="Nothing deferred." lane=ctx.parts.lanes[2] />
            <LaneView ctx=ctx title="Scheduled" testid="lane-scheduled" kind="scheduled" empty="Nothing scheduled." lane=ctx.parts.lanes[3] />
            <LaneView ctx=ctx title="Dead-letter queue" testid="lane-dead-letter" kind="dead" empty="Nothing dead-lettered." lane=ctx.parts.lanes[4] />
        </section>
    }
}

/// A log line on the page: `<li><time>…</time> text</li>`.
struct LogRow {
    li: web_sys::Element,
    time: web_sys::Element,
    text: web_sys::Node,
}

impl super::rows::Row for LogRow {
    type Item = LogLine;
    type Ctx = ();

    fn key(l: &LogLine) -> u64 {
        l.n
    }

    fn build(doc: &web_sys::Document, l: &LogLine, (): &()) -> Option<Self> {
        let li = super::rows::element(doc, "li", "", "")?;
        let time =
            super::rows::element(doc, "time", "", &Instant::from_millis(l.t_ms).to_string())?;
        let text: web_sys::Node = doc.create_text_node(&format!(" {}", l.text)).into();
        li.append_child(&time).ok()?;
        li.append_child(&text).ok()?;
        let _ = li.class_list().toggle_with_force("error", l.error);
        Some(Self { li, time, text })
    }

    fn update(&mut self, _: &web_sys::Document, old: &LogLine, l: &LogLine, (): &()) {
        if old.t_ms != l.t_ms {
            self.time
                .set_text_content(Some(&Instant::from_millis(l.t_ms).to_string()));
        }
        if old.text != l.text {
            self.text.set_node_value(Some(&format!(" {}", l.text)));
        }
        if old.error != l.error {
            let _ = self.li.class_list().toggle_with_force("error", l.error);
        }
    }

    fn element(&self) -> &web_sys::Element {
        &self.li
    }
}

thread_local! {
    static LOGS: super::rows::Registry<LogRow> = const { super::rows::Registry::new() };
}

/// The log, newest first: its lines are patched in plain DOM (`super::rows`); at 100× every
/// line is new at each publication, and a line's elements are reused for a new one.
#[component]
pub(super) fn Log(ctx: Ctx) -> impl IntoView {
    let list = NodeRef::<leptos::html::Ol>::new();
    let id = super::rows::next_id();
    Effect::new(move |_| {
        ctx.parts.log.with(|lines| {
            if let Some(ol) = list.get() {
                LOGS.with(|l| l.patch(id, &ol, lines, &()));
            }
        });
    });
    on_cleanup(move || LOGS.with(|l| l.forget(id)));
    view! {
        <section class="card log" aria-label="Event log">
            <header class="card-head"><h2>"Why: event log"</h2><span class="cfg">"newest first"</span></header>
            <ol class="log-lines" node_ref=list></ol>
        </section>
    }
}

#[component]
pub(super) fn Inspector(ctx: Ctx) -> impl IntoView {
    let detail = Memo::new(move |_| ctx.snap.with(|s| s.detail.clone()));
    view! {
        <section class="card inspector" aria-label="Message inspector">
            <header class="card-head">
                <h2>{move || detail.with(|d| d.as_ref().map_or("Message inspector".to_string(), |d| format!("Message {}", d.id)))}</h2>
                <Show when=move || detail.with(Option::is_some)>
                    <button class="btn small ghost" on:click=move |_| ctx.act(|s| s.select(None))>"Close"</button>
                </Show>
            </header>
            <Show when=move || detail.with(|d| d.as_ref().is_some_and(|d| d.held_by.is_some()))>
                {move || detail.get().and_then(|d| d.held_by.map(|by| (by, d.seq))).map(|(by, seq)| {
                    let settle = move |what: Settle| {
                        let by = by.clone();
                        move |_| {
                            let by = by.clone();
                            ctx.act(move |s| s.settle(&by, seq, what, "ProcessingFailed", ""));
                        }
                    };
                    view! {
                        <div class="actions selected-actions" role="group" aria-label="Settle the selected message">
                            <button class="btn primary" on:click=settle(Settle::Complete)>"Complete"</button>
                            <button class="btn" on:click=settle(Settle::Abandon)>"Abandon"</button>
                            <button class="btn danger" on:click=settle(Settle::DeadLetter)>"Dead-letter"</button>
                            <button class="btn" on:click=settle(Settle::Defer)>"Defer"</button>
                            <button class="btn" on:click=settle(Settle::Renew)>"Renew lock"</button>
                        </div>
                    }
                })}
            </Show>
            <Show when=move || detail.with(Option::is_some)
                fallback=|| view! { <p class="empty">"Click or tap a message on the stage (or its Inspect button) to see every property the broker keeps for it and to settle it."</p> }>
                <dl class="props">
                    {move || detail.get().map(|d| d.fields.into_iter().map(|(k, v)| view! {
                        <dt>{k}</dt><dd>{v}</dd>
                    }).collect_view())}
                </dl>
            </Show>
        </section>
    }
}
