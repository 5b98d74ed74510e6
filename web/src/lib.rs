//! The Settle playground: `settle-core` running in wasm, shown live by Leptos.
//!
//! One frame loop advances virtual time with real time; user actions run at the current
//! virtual instant; the page renders one [`sim::Snapshot`] per frame.

pub mod sim;

use leptos::prelude::*;
use settle_core::{Duration, Instant};
use sim::{Row, Sim, Snapshot, secs};
use std::cell::Cell;
use std::rc::Rc;

/// Real milliseconds since page load (`performance.now()`), or 0 off the browser.
fn real_now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

#[derive(Clone, Copy)]
struct Ctx {
    sim: StoredValue<Sim, LocalStorage>,
    snap: RwSignal<Snapshot>,
    running: RwSignal<bool>,
}

impl Ctx {
    fn act(self, f: impl FnOnce(&mut Sim)) {
        self.sim.update_value(f);
        self.refresh();
    }

    fn refresh(self) {
        self.snap.set(self.sim.with_value(Sim::snapshot));
    }
}

/// Starts the one frame loop: real time × speed → virtual time → snapshot.
fn start_clock(ctx: Ctx) {
    let alive = Rc::new(Cell::new(true));
    let last = Rc::new(Cell::new(real_now_ms()));
    // Fractions of a virtual millisecond stay here, not in the core.
    let carry = Rc::new(Cell::new(0.0f64));
    fn frame(ctx: Ctx, alive: Rc<Cell<bool>>, last: Rc<Cell<f64>>, carry: Rc<Cell<f64>>) {
        if !alive.get() {
            return;
        }
        let now = real_now_ms();
        // Clamp long gaps (background tab): no spiral of catch-up.
        let real = (now - last.get()).clamp(0.0, 250.0);
        last.set(now);
        if ctx.running.get_untracked() {
            let acc = carry.get() + real;
            let step = acc.floor();
            carry.set(acc - step);
            if step >= 1.0 {
                ctx.sim.update_value(|s| {
                    let t = s.now() + Duration::from_millis(step as u64);
                    s.advance_to(t);
                });
                ctx.refresh();
            }
        }
        request_animation_frame(move || frame(ctx, alive, last, carry));
    }
    let a = alive.clone();
    request_animation_frame(move || frame(ctx, a, last, carry));
    let _ = alive;
}

/// Lock time left, redrawn every frame from the snapshot (no CSS timer: it follows pause and speed).
#[component]
fn LockBar(row: Signal<Row>) -> impl IntoView {
    let left = move || row.with(|r| r.lock_left_ms.unwrap_or(0));
    let fraction = move || row.with(|r| r.lock_fraction);
    view! {
        <div class="lock" role="timer" aria-label="Lock time left">
            <div class="lock-bar" class:urgent=move || fraction() < 0.25
                style:width=move || format!("{}%", (fraction() * 100.0).round())></div>
            <span class="lock-text">{move || match left() {
                0 => "lock lost".to_string(),
                l => format!("lock {}", secs(l)),
            }}</span>
        </div>
    }
}

#[component]
fn Lane(
    title: &'static str,
    testid: &'static str,
    rows: Signal<Vec<Row>>,
    empty: &'static str,
    kind: &'static str,
) -> impl IntoView {
    let count = move || rows.with(Vec::len);
    view! {
        <section class=format!("lane lane-{kind}") aria-labelledby=format!("{testid}-h")>
            <h3 id=format!("{testid}-h")>{title} <span class="count" data-testid=format!("{testid}-count")>{count}</span></h3>
            <ul aria-label=title data-testid=testid class="msgs">
                <For each=move || rows.get() key=|r| (r.seq, r.delivery_count, r.holder.clone()) let:r>
                    <li class=format!("msg msg-{kind}") data-seq=r.seq>
                        <span class="msg-id">{r.id.clone()}</span>
                        // Waiting messages show DeliveryCount as a peek reads it; a locked one is
                        // in its next delivery, numbered as its receiver sees it.
                        <span class="msg-meta">{match r.holder {
                            Some(_) => format!("seq {} · delivery {}", r.seq, r.delivery_count + 1),
                            None => format!("seq {} · delivery count {}", r.seq, r.delivery_count),
                        }}</span>
                        {r.holder.clone().map(|h| view! { <span class="msg-holder">{format!("locked by {h}")}</span> })}
                        {r.reason.clone().map(|x| view! { <span class="msg-reason">{x}</span> })}
                        {r.description.clone().map(|x| view! { <span class="msg-desc">{x}</span> })}
                    </li>
                </For>
            </ul>
            <Show when=move || count() == 0>
                <p class="empty">{empty}</p>
            </Show>
        </section>
    }
}

#[component]
fn Receiver(name: String, ctx: Ctx) -> impl IntoView {
    let n = name.clone();
    let rows = Signal::derive(move || {
        ctx.snap.with(|s| {
            s.held
                .iter()
                .find(|(r, _)| *r == n)
                .map(|(_, rows)| rows.clone())
                .unwrap_or_default()
        })
    });
    let recv = name.clone();
    let (label, heading, held_label) = (
        format!("Receiver {name}"),
        format!("Receiver {name}"),
        format!("Held by {name}"),
    );
    view! {
        <section class="card receiver" aria-label=label>
            <header class="card-head">
                <h2>{heading}</h2>
                <button class="btn primary" on:click=move |_| { let r = recv.clone(); ctx.act(move |s| s.receive(&r)) }>"Receive"</button>
            </header>
            <p class="hint">"Peek-lock: a received message is locked to this receiver until it is settled or the lock runs out."</p>
            <ul class="held" aria-label=held_label>
                <For each=move || rows.get() key=|r| r.seq let:r>
                    {
                        let (who1, who2, who3) = (name.clone(), name.clone(), name.clone());
                        let seq = r.seq;
                        let first = r.clone();
                        // The item is keyed by seq; its content follows the snapshot.
                        let cur = Signal::derive(move || {
                            rows.with(|rs| rs.iter().find(|x| x.seq == seq).cloned())
                                .unwrap_or_else(|| first.clone())
                        });
                        view! {
                            <li class="held-msg">
                                <div class="held-top">
                                    <span class="msg-id">{r.id.clone()}</span>
                                    <span class="msg-meta">{move || format!("delivery {}", cur.with(|c| c.delivery_count))}</span>
                                </div>
                                <LockBar row=cur />
                                <div class="actions">
                                    <button class="btn" on:click=move |_| { let w = who1.clone(); ctx.act(move |s| s.settle(&w, seq, "complete")) }>"Complete"</button>
                                    <button class="btn" on:click=move |_| { let w = who2.clone(); ctx.act(move |s| s.settle(&w, seq, "abandon")) }>"Abandon"</button>
                                    <button class="btn danger" on:click=move |_| { let w = who3.clone(); ctx.act(move |s| s.settle(&w, seq, "dead_letter")) }>"Dead-letter"</button>
                                </div>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}

/// The playground page.
#[component]
pub fn App() -> impl IntoView {
    let sim = StoredValue::new_local(Sim::new());
    let snap = RwSignal::new(sim.with_value(Sim::snapshot));
    let ctx = Ctx {
        sim,
        snap,
        running: RwSignal::new(true),
    };
    start_clock(ctx);
    let body = RwSignal::new("order #1".to_string());
    let lane = move |f: fn(&Snapshot) -> Vec<Row>| Signal::derive(move || snap.with(f));
    let receivers = sim.with_value(|s| s.receivers.clone());
    let clock = move || {
        let ms = snap.with(|s| s.now_ms);
        format!("{}", Instant::from_millis(ms))
    };
    view! {
        <header class="top">
            <div class="brand">
                <h1>"Settle"</h1>
                <p class="tag">"Watch message settlement happen: locks, redelivery, dead-lettering."</p>
            </div>
            <div class="clock" role="group" aria-label="Clock">
                <span class="clock-label">"virtual time"</span>
                <output class="clock-time" data-testid="clock" aria-live="off">{clock}</output>
                <button class="btn" aria-pressed=move || (!ctx.running.get()).to_string()
                    on:click=move |_| ctx.running.update(|r| *r = !*r)>
                    {move || if ctx.running.get() { "Pause" } else { "Play" }}
                </button>
            </div>
        </header>
        <main class="board">
            <section class="card sender" aria-label="Sender S1">
                <header class="card-head">
                    <h2>"Sender S1"</h2>
                </header>
                <label class="field">
                    <span>"Body"</span>
                    <input type="text" prop:value=move || body.get()
                        on:input=move |ev| body.set(event_target_value(&ev)) />
                </label>
                <button class="btn primary" on:click=move |_| { let b = body.get_untracked(); ctx.act(move |s| s.send("S1", &b)) }>
                    "Send"
                </button>
                <p class="hint">{move || format!("Next message id: {}", snap.with(|s| s.next_id.clone()))}</p>
            </section>
            <section class="card queue" aria-label="Queue">
                <header class="card-head"><h2>"Queue"</h2>
                    <span class="cfg">"lock 30 s · max delivery count 3"</span></header>
                <Lane title="Available" testid="lane-available" rows=lane(|s| s.available.clone()) empty="No message waiting." kind="available" />
                <Lane title="Locked" testid="lane-locked" rows=lane(|s| s.locked.clone()) empty="No message locked." kind="locked" />
                <Lane title="Dead-letter queue" testid="lane-dead-letter" rows=lane(|s| s.dead_letter.clone()) empty="Nothing dead-lettered." kind="dead" />
            </section>
            {receivers.into_iter().map(|r| view! { <Receiver name=r ctx=ctx /> }).collect_view()}
        </main>
        <section class="card log" aria-label="Event log">
            <header class="card-head"><h2>"Why: event log"</h2></header>
            <ol class="log-lines" aria-live="polite">
                <For each=move || snap.with(|s| s.log.clone()) key=|l| l.n let:l>
                    <li class:error=l.error><time>{format!("{}", Instant::from_millis(l.t_ms))}</time>" "{l.text}</li>
                </For>
            </ol>
        </section>
    }
}
