//! Senders and receivers: the "do it yourself" side.

use crate::Ctx;
use leptos::prelude::*;
use settle_core::{ReceiveMode, SubQueue};
use settle_i18n::{Arg, t, tf};
use settle_player::sim::Command;
use settle_player::sim::{SendForm, SenderView};

#[component]
pub(super) fn Senders(ctx: Ctx) -> impl IntoView {
    let names = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.senders.iter().map(|x| x.name.clone()).collect::<Vec<_>>())
    });
    view! {
        <section class="column senders" id="senders" tabindex="-1" aria-label=t("senders-label")>
            <For each=move || names.get() key=|n| n.clone() let:name>
                <Sender ctx=ctx name=name />
            </For>
            <button class="btn add" on:click=move |_| ctx.command(Command::AddSender)>{t("senders-add")}</button>
        </section>
    }
}

/// What an automated client is doing, while it is automated. Its label is built here, once: a
/// signal read while `Show` builds its children would make the `Show` build them again whenever
/// that signal changed (every publication, as held lock times change).
#[component]
fn Activity(name: String, auto: Signal<Option<String>>) -> impl IntoView {
    let label = tf("client-activity", &[("name", name.into())]);
    view! {
        <Show when=move || auto.with(Option::is_some)>
            <p class="auto" role="status" aria-label=label.clone()>{move || auto.get().unwrap_or_default()}</p>
        </Show>
    }
}

#[component]
fn Sender(ctx: Ctx, name: String) -> impl IntoView {
    let n = name.clone();
    let me = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.senders.iter().find(|x| x.name == n).cloned())
            .unwrap_or(SenderView {
                name: n.clone(),
                next_id: String::new(),
                error: None,
                auto: None,
                to: None,
            })
    });
    // In a document with `entities`: the queues and topics it can send to. Another document
    // (a sender of the same name keeps its panel) starts from the sender's own again.
    let targets = Memo::new(move |_| ctx.snap.with(|s| s.send_targets.clone()));
    let form = RwSignal::new(SendForm {
        body: "order".into(),
        ..SendForm::default()
    });
    Effect::new(move |_| {
        targets.track();
        if !form.with_untracked(|f| f.to.is_empty()) {
            form.update(|f| f.to.clear());
        }
    });
    let field = move |get: fn(&SendForm) -> &String, set: fn(&mut SendForm, String)| {
        (
            move || get(&form.read()).clone(),
            move |ev| form.update(|f| set(f, event_target_value(&ev))),
        )
    };
    let (id_v, id_set) = field(|f| &f.id, |f, v| f.id = v);
    let (body_v, body_set) = field(|f| &f.body, |f, v| f.body = v);
    let (ttl_v, ttl_set) = field(|f| &f.ttl_ms, |f, v| f.ttl_ms = v);
    let (sid_v, sid_set) = field(|f| &f.session_id, |f, v| f.session_id = v);
    let (delay_v, delay_set) = field(|f| &f.delay_ms, |f, v| f.delay_ms = v);
    let (props_v, props_set) = field(|f| &f.properties, |f, v| f.properties = v);
    let (send_name, remove_name) = (name.clone(), name.clone());
    let send = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let f = form.get_untracked();
        let who = send_name.clone();
        ctx.command(Command::Send { by: who, form: f });
        // A typed id is used once; the next send gets the next automatic one.
        form.update(|f| f.id.clear());
    };
    let label = tf("sender-title", &[("name", name.as_str().into())]);
    view! {
        <section class="card sender" aria-label=label.clone()>
            <header class="card-head">
                <h2>{label.clone()}</h2>
                <button class="btn small ghost" aria-label=tf("sender-remove", &[("name", name.as_str().into())])
                    on:click=move |_| ctx.command(Command::RemoveSender(remove_name.clone()))>{t("client-remove")}</button>
            </header>
            <Activity name=name.clone() auto=Signal::derive(move || me.with(|m| m.auto.clone())) />
            <form class="send-form" on:submit=send>
                <label class="field" hidden=move || targets.with(Vec::is_empty)><span>{t("send-to")}</span>
                    <select on:change=move |ev| form.update(|f| f.to = event_target_value(&ev))
                        inner_html=move || {
                            let chosen = form.with(|f| f.to.clone());
                            let chosen = if chosen.is_empty() { me.with(|m| m.to.clone()).unwrap_or_default() } else { chosen };
                            targets.with(|t| options_html(t, &chosen))
                        }></select>
                </label>
                <label class="field"><span>{t("send-id")}</span>
                    <input type="text" prop:value=id_v on:input=id_set placeholder=move || me.with(|m| m.next_id.clone()) /></label>
                <label class="field"><span>{t("send-body")}</span>
                    <input type="text" prop:value=body_v on:input=body_set /></label>
                <details class="more" aria-label=t("send-more")>
                    <summary>{t("send-more")}</summary>
                    <label class="field"><span>{t("send-ttl")}</span>
                        <input type="text" inputmode="numeric" prop:value=ttl_v on:input=ttl_set placeholder=t("send-none") /></label>
                    <label class="field"><span>{t("session-id")}</span>
                        <input type="text" prop:value=sid_v on:input=sid_set placeholder=t("send-none") /></label>
                    <label class="field"><span>{t("send-schedule")}</span>
                        <input type="text" inputmode="numeric" prop:value=delay_v on:input=delay_set placeholder=t("send-now") /></label>
                    <label class="field"><span>{t("send-properties")}</span>
                        <textarea rows="2" prop:value=props_v on:input=props_set></textarea></label>
                    <label class="check"><input type="checkbox" prop:checked=move || form.read().presettled
                        on:change=move |ev| form.update(|f| f.presettled = event_target_checked(&ev)) />
                        <span>{t("send-presettled")}</span></label>
                </details>
                <button class="btn primary" type="submit">{t("send-button")}</button>
            </form>
            <Show when=move || me.with(|m| m.error.is_some())>
                <p class="client-error" role="alert">{move || me.with(|m| m.error.clone().unwrap_or_default())}</p>
            </Show>
        </section>
    }
}

/// A `<select>`'s options, the one named `chosen` selected: the queues and topics of a document
/// change only when another is loaded, so they are one string for the DOM, not a reactive list
/// of elements (each list cost the page about 3 KB of code).
fn options_html(items: &[String], chosen: &str) -> String {
    let mut out = String::new();
    for it in items {
        let esc = it
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('"', "&quot;");
        let sel = if it == chosen { " selected" } else { "" };
        out.push_str(&format!("<option value=\"{esc}\"{sel}>{esc}</option>"));
    }
    out
}

#[component]
pub(super) fn Receivers(ctx: Ctx) -> impl IntoView {
    let names = ctx.parts.receivers;
    // One memo for every panel: each publication changes the snapshot, and 50 panels each
    // reading it would be 50 more computations at every one.
    // In a document with `entities`: the queues and subscriptions to receive from.
    let paths = Memo::new(move |_| ctx.snap.with(|s| s.receive_paths.clone()));
    let watch = StoredValue::new_local(panel_watcher(ctx));
    on_cleanup(move || {
        watch.with_value(|w| {
            if let Some((o, _)) = w {
                o.disconnect();
            }
        })
    });
    view! {
        <section class="column receivers" aria-label=t("receivers-label")>
            <For each=move || names.get() key=|n| n.clone() let:name>
                <Receiver ctx=ctx name=name paths=paths watch=watch />
            </For>
            <button class="btn add" on:click=move |_| ctx.command(Command::AddReceiver)>{t("receivers-add")}</button>
        </section>
    }
}

/// Watches which receiver panels are on screen (or within 400 px of it), for
/// [`crate::Parts::panel_seen`]: off-screen panels follow a running clock only in turns.
/// `None` where the browser has no IntersectionObserver (every panel then follows).
type PanelWatch = settle_player::paint::rows::Visibility;

fn panel_watcher(ctx: Ctx) -> PanelWatch {
    settle_player::paint::rows::visibility_observer("400px", move |target, seen| {
        if let Some(name) = target.get_attribute("data-receiver") {
            ctx.parts.panel_seen(&name, seen);
            settle_player::paint::locks::group_seen(&name, seen);
        }
    })
}

#[component]
fn Receiver(
    ctx: Ctx,
    name: String,
    paths: Memo<Vec<String>>,
    watch: StoredValue<PanelWatch, LocalStorage>,
) -> impl IntoView {
    let me = ctx.parts.receiver(&name);
    let card = NodeRef::<leptos::html::Section>::new();
    card.on_load(move |el| {
        watch.with_value(|w| {
            if let Some((o, _)) = w {
                o.observe(&el);
            }
        })
    });
    on_cleanup(move || {
        if let Some(el) = card.get_untracked() {
            watch.try_with_value(|w| {
                if let Some((o, _)) = w {
                    o.unobserve(&el);
                }
            });
        }
    });
    let mode = RwSignal::new(ReceiveMode::PeekLock);
    let from = RwSignal::new(SubQueue::Main);
    let deferred_seq = RwSignal::new(String::new());
    let session_id = RwSignal::new(String::new());
    let reason = RwSignal::new("ProcessingFailed".to_string());
    let description = RwSignal::new(String::new());
    let who = StoredValue::new(name.clone());
    let w = move || who.get_value();
    let held = Memo::new(move |_| me.with(|m| m.held.clone()));
    let requires_session = move || me.with(|m| m.sessions);
    let from_entity = move || me.with(|m| m.from.clone()).unwrap_or_default();
    let fixed = move || me.with(|m| m.from_fixed);
    // A subscription's receiver reads "from the subscription", not "from the queue".
    let subscription = move || {
        me.with(|m| {
            m.from
                .as_ref()
                .is_some_and(|f| settle_core::namespace::is_subscription(f))
        })
    };
    // Off screen its panel follows a running clock in turns; with the focus in it, at once.
    let focusin = move |_: leptos::ev::FocusEvent| ctx.parts.panel_focused(&who.get_value(), true);
    let focusout = super::on_focus_leaving(card, move || {
        ctx.parts.panel_focused(&who.get_value(), false)
    });
    let label = tf("receiver-title", &[("name", name.as_str().into())]);
    view! {
        <section class="card receiver" aria-label=label.clone() data-receiver=name.clone() node_ref=card
            on:focusin=focusin on:focusout=focusout>
            <header class="card-head">
                <h2 tabindex="-1">{label.clone()}</h2>
                <div class="badges">
                    {move || me.with(|m| m.session.clone()).map(|(s, held)| view! {
                        <span class="badge" class:lost=!held>{tf(if held { "receiver-session" } else { "receiver-session-lost" }, &[("session", s.into())])}</span>
                    })}
                    {move || (me.with(|m| m.buffered) > 0).then(|| view! {
                        <span class="badge">{move || tf("receiver-prefetched", &[("n", me.with(|m| m.buffered).into())])}</span>
                    })}
                </div>
            </header>
            <Activity name=name.clone() auto=Signal::derive(move || me.with(|m| m.auto.clone())) />
            // One receive entity per client (rule 3 of the entities format): chosen until the
            // receiver first acts, then fixed.
            <label class="field" hidden=move || paths.with(Vec::is_empty)><span>{t("receiver-from")}</span>
                <select disabled=fixed
                    title=move || if fixed() { t("receiver-from-fixed") } else { String::new() }
                    on:change=move |ev| ctx.command(Command::ChooseReceiveEntity { by: w(), path: event_target_value(&ev) })
                    inner_html=move || paths.with(|p| options_html(p, &from_entity()))></select>
            </label>
            <div class="recv-controls">
                <select aria-label=t("receiver-mode") on:change=move |ev| mode.set(if event_target_value(&ev) == "rd" { ReceiveMode::ReceiveAndDelete } else { ReceiveMode::PeekLock })>
                    <option value="pl">{t("receiver-peek-lock")}</option>
                    <option value="rd">{t("receiver-receive-and-delete")}</option>
                </select>
                <select aria-label=t("receiver-source") on:change=move |ev| from.set(if event_target_value(&ev) == "dlq" { SubQueue::DeadLetter } else { SubQueue::Main })>
                    <option value="main">{move || t(if subscription() { "receiver-from-subscription" } else { "receiver-from-queue" })}</option>
                    <option value="dlq">{move || t(if subscription() { "receiver-from-subscription-dlq" } else { "receiver-from-dlq" })}</option>
                </select>
                <button class="btn primary" on:click=move |_| ctx.command(Command::Receive { by: w(), mode: mode.get_untracked(), from: from.get_untracked(), max: 1 })>{t("receiver-receive")}</button>
                <button class="btn" on:click=move |_| ctx.command(Command::Peek { by: w(), from: from.get_untracked() })>{t("receiver-peek")}</button>
            </div>
            <Show when=move || me.with(|m| m.error.is_some())>
                <p class="client-error" role="alert">{move || me.with(|m| m.error.clone().unwrap_or_default())}</p>
            </Show>
            <super::held::HeldList ctx=ctx name=name.clone() held=held reason=reason description=description />
            <Show when=move || me.with(|m| m.held_total > m.held.len())>
                <p class="hint" role="status">{move || tf("receiver-more-held", &[("n", me.with(|m| m.held_total - m.held.len()).into())])}</p>
            </Show>
            <Show when=move || me.with(|m| !m.deleted.is_empty())>
                <p class="hint">{move || {
                    let list = me.with(|m| settle_i18n::list(m.deleted.iter().map(|(seq, id, dc)| tf("receiver-deleted-item", &[("id", id.as_str().into()), ("seq", Arg::from(*seq)), ("count", Arg::from(*dc))]))));
                    tf("receiver-deleted", &[("list", list.into())])
                }}</p>
            </Show>
            <Show when=move || me.with(|m| !m.peeked.is_empty())>
                <p class="hint">{move || {
                    let list = me.with(|m| settle_i18n::list(m.peeked.iter().map(|r| tf("receiver-peeked-item", &[("id", r.id.as_str().into()), ("seq", Arg::from(r.seq)), ("count", Arg::from(r.delivery_count))]))));
                    tf("receiver-peeked", &[("list", list.into())])
                }}</p>
            </Show>
            <details class="more" aria-label=t("receiver-more")>
                <summary>{t("receiver-more")}</summary>
                <div class="inline">
                    <input type="text" inputmode="numeric" aria-label=t("receiver-deferred-seqs") placeholder=t("receiver-deferred-placeholder")
                        prop:value=move || deferred_seq.get() on:input=move |ev| deferred_seq.set(event_target_value(&ev)) />
                    <button class="btn" on:click=move |_| ctx.command(Command::ReceiveDeferred { by: w(), seqs: deferred_seq.get_untracked() })>{t("receiver-receive-deferred")}</button>
                </div>
                <div class="inline">
                    <input type="text" aria-label=t("session-id") placeholder=t("receiver-session-placeholder")
                        prop:value=move || session_id.get() on:input=move |ev| session_id.set(event_target_value(&ev)) />
                    <button class="btn" on:click=move |_| ctx.command(Command::AcceptSession { by: w(), session_id: session_id.get_untracked() })
                        disabled=move || !requires_session()>{t("receiver-accept-session")}</button>
                    <button class="btn" on:click=move |_| ctx.command(Command::RenewSession { by: w() })
                        disabled=move || !requires_session()>{t("receiver-renew-session")}</button>
                </div>
                <label class="field"><span>{t("receiver-dl-reason")}</span>
                    <input type="text" prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev)) /></label>
                <label class="field"><span>{t("receiver-dl-description")}</span>
                    <input type="text" prop:value=move || description.get() on:input=move |ev| description.set(event_target_value(&ev)) /></label>
                <div class="inline">
                    <button class="btn" on:click=move |_| ctx.command(Command::Close { by: w(), disconnect: false })>{t("receiver-close")}</button>
                    <button class="btn" on:click=move |_| ctx.command(Command::Close { by: w(), disconnect: true })>{t("receiver-disconnect")}</button>
                    <button class="btn ghost" aria-label=tf("receiver-remove", &[("name", name.as_str().into())])
                        on:click=move |_| ctx.command(Command::RemoveReceiver(w()))>{t("client-remove")}</button>
                </div>
            </details>
        </section>
    }
}
