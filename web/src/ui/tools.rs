//! Scenario tools (load, export, share) and the queue's settings.

use crate::Ctx;
use leptos::prelude::*;
use settle_core::{Duration, QueuePatch, Tier};
use settle_i18n::{t, tf};
use settle_player::share;
use settle_player::sim::Command;
use settle_player::sim::Sim;
use wasm_bindgen::JsCast;

/// Loads a scenario; a bad one shows its error and leaves the current state untouched.
fn load(ctx: Ctx, text: &str) -> bool {
    let at = share::position(text).unwrap_or(0);
    match settle_player::page::load(text, at) {
        Ok(sim) => {
            let title = sim.title().to_string();
            // An export opens where it was exported (its run_until_ms), paused.
            let at = share::position(text).filter(|&t| t > 0);
            super::lessons::loaded(ctx, sim, None);
            if let Some(t) = at {
                ctx.running.set(false);
                ctx.go_to(t);
                ctx.refresh();
            }
            let text = match at {
                Some(t) => tf(
                    "scenario-loaded-at",
                    &[("title", title.into()), ("t", super::secs(t))],
                ),
                None => tf("scenario-loaded", &[("title", title.into())]),
            };
            ctx.tell("intro", text, false);
            true
        }
        Err(e) => {
            ctx.tell(
                "scenario",
                tf("scenario-not-loaded", &[("error", e.into())]),
                true,
            );
            false
        }
    }
}

/// The page's address without query or fragment, and the folder it is in.
fn page_base() -> (String, String) {
    let loc = web_sys::window().map(|w| w.location());
    let origin = loc
        .as_ref()
        .and_then(|l| l.origin().ok())
        .unwrap_or_default();
    let path = loc.and_then(|l| l.pathname().ok()).unwrap_or_default();
    let dir = path
        .rsplit_once('/')
        .map_or(String::from("/"), |(d, _)| format!("{d}/"));
    (format!("{origin}{path}"), format!("{origin}{dir}"))
}

/// How an embed's address names what the page shows at `t` (its scenario exported as `text`):
/// `&preset=NAME&start=T` when it is a built-in preset as built (nothing done by hand: a fresh
/// run of the preset exports the same text at `t`), so that `view.html` plays the preset's film
/// (98 KiB instead of the simulating viewer's 226 KiB); else the share fragment.
fn embed_target(source: Option<&settle_player::lesson::Source>, text: &str, t: u64) -> String {
    if let Some(settle_player::lesson::Source::Preset(name)) = source
        && let Ok(mut fresh) = settle_player::builtin::preset(name).and_then(|p| Sim::load(&p))
    {
        fresh.advance_to(settle_core::Instant::from_millis(t));
        if fresh.export() == text {
            let start = if t > 0 {
                format!("&start={t}")
            } else {
                String::new()
            };
            return format!("&preset={name}{start}");
        }
    }
    share::fragment(text, t)
}

/// Asks the artifacts worker for the film of `text` (`film::link`) and, when it comes, puts it
/// in the snippet in place of the scenario's link: the embed then plays the film (98 KiB)
/// instead of simulating (226 KiB). A run too long for a link keeps the scenario's link.
fn film_snippet(
    snippet: RwSignal<Option<(String, String)>>,
    shown: (String, String),
    text: &str,
    t: u64,
) {
    thread_local!(static ASKED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let id = format!("embed-{}", ASKED.with(|a| a.replace(a.get() + 1)));
    let asked = wasm_bindgen::JsValue::from_str(&id);
    let on_reply = move |e: web_sys::MessageEvent| {
        let data = e.data();
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
        if get("id").and_then(|v| v.as_string()).as_deref() != Some(id.as_str())
            || get("ok").and_then(|v| v.as_bool()) != Some(true)
        {
            return;
        }
        let Some(link) = get("text").and_then(|v| v.as_string()) else {
            return;
        };
        // Only if the snippet is still the one this press wrote (not a later press's).
        if snippet.with_untracked(|s| s.as_ref() == Some(&shown)) {
            snippet.set(Some((shown.0.clone(), format!("{link}&t={t}"))));
        }
    };
    let _ = super::downloads::ask(
        "embed",
        asked,
        settle_player::artifacts::FILM_LINK,
        text,
        std::rc::Rc::new(on_reply),
    );
}

/// Opens the What-if page (whatif.html, a wasm of its own) in a new tab on the scenario as
/// exported, in the page's language.
fn what_if(ctx: Ctx) {
    let text = ctx.read(Sim::export);
    let query = settle_player::language::with_lang("", settle_i18n::lang());
    let url = format!("whatif.html{query}{}", share::fragment(&text, 0));
    if let Some(w) = web_sys::window() {
        let _ = w.open_with_url_and_target(&url, "_blank");
    }
}

/// The one-line embed for a scenario (`target`: [`embed_target`]) plus the optional
/// auto-height script, for the lean viewer's page beside this one
/// (`settle_player::embed::snippet`): a reader who only watches never fetches the playground;
/// Controls opens it in the frame.
fn embed_snippet(title: &str, target: &str, width: u32) -> String {
    settle_player::embed::snippet(&page_base().1, title, target, width)
}

/// The file Export downloads: named after the scenario, as the other downloads are.
fn export_name(title: &str) -> String {
    format!("{}.json", settle_player::artifacts::file_stem(title))
}

#[component]
pub(super) fn ScenarioTools(ctx: Ctx) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    // The picker names what is on the page: its preset while it is one as built; else an
    // entry of its own, the scenario's title (the welcome, a file, a link), or "Your own
    // scenario" once a person changed it. Load preset with the picker untouched loads the
    // preset on the page afresh; Restart restarts whatever is on the page.
    let on_screen = Memo::new(move |_| match ctx.lesson.with(|l| l.source.clone()) {
        Some(settle_player::lesson::Source::Preset(n)) if !ctx.edited.get() => n,
        _ => String::new(),
    });
    let own = Memo::new(move |_| {
        if ctx.edited.get() {
            t("scenario-own")
        } else {
            ctx.snap.with(|s| s.title.clone())
        }
    });
    let chosen = RwSignal::new(on_screen.get_untracked());
    Effect::new(move |_| {
        // Whatever is loaded or restarted, even the same preset again.
        ctx.lesson.track();
        chosen.set(on_screen.get());
    });
    let titles = settle_player::lesson::presets();
    let exported = RwSignal::new(None::<String>);
    let link = RwSignal::new(None::<String>);
    let copy_link = move |_| {
        let (text, at) = ctx.read(|s| (s.export(), s.now().as_millis()));
        let url = share::link(&text, at);
        leptos::task::spawn_local(async move {
            if super::sharing::copy(&url).await {
                ctx.tell("scenario", t("scenario-link-copied"), false);
            } else {
                link.set(Some(url));
                ctx.tell("scenario", t("scenario-copy-failed"), true);
            }
        });
    };
    // Export shows the text and downloads it as a file named after the scenario.
    let export = move |_| {
        let (title, text) = ctx.read(|s| (s.title().to_string(), s.export()));
        let name = export_name(&title);
        match super::downloads::save(&name, "application/json", &text) {
            Ok(()) => ctx.tell(
                "scenario",
                tf("download-saved", &[("name", name.into())]),
                false,
            ),
            Err(_) => ctx.tell("scenario", t("scenario-export-failed"), true),
        }
        exported.set(Some(text));
    };
    let file = Memo::new(move |_| ctx.snap.with(|s| export_name(&s.title)));
    let snippet = RwSignal::new(None::<(String, String)>);
    let embed_w = RwSignal::new(800u32);
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(v) => {
                    let _ = load(ctx, &v.as_string().unwrap_or_default());
                }
                Err(_) => ctx.tell("scenario", t("scenario-file-unreadable"), true),
            }
        });
        input.set_value("");
    };
    let download = move || {
        exported.get().map(|t| {
            format!(
                "data:application/json;charset=utf-8,{}",
                js_sys::encode_uri_component(&t)
            )
        })
    };
    view! {
        <section class="card tools" aria-label=t("scenario-label")>
            <header class="card-head"><h2>{t("scenario-label")}</h2>
                <span class="cfg">{t("scenario-recorded")}</span></header>
            <div class="inline">
                <select class="picker" aria-label=t("scenario-preset") on:change=move |ev| chosen.set(event_target_value(&ev))>
                    <option value="" hidden=move || !on_screen.with(String::is_empty)
                        prop:selected=move || chosen.with(String::is_empty)>{own}</option>
                    {titles.into_iter().map(|(n, t)| view! {
                        <option value=n prop:selected=move || chosen.with(|c| c.as_str() == n)>{t}</option>
                    }).collect_view()}
                </select>
                <button class="btn primary" disabled=move || chosen.with(String::is_empty)
                    on:click=move |_| super::lessons::open_preset(ctx, &chosen.get_untracked())>{t("scenario-load-preset")}</button>
                <button class="btn" title=t("intro-restart-title") on:click=move |_| super::lessons::restart(ctx)>{t("intro-restart")}</button>
            </div>
            <div class="inline">
                <button class="btn" on:click=copy_link>{t("scenario-copy-link")}</button>
                <button class="btn" on:click=export>{t("scenario-export")}</button>
                <button class="btn" on:click=move |_| {
                    let (text, t) = ctx.read(|s| (s.export(), s.now().as_millis()));
                    link.set(Some(share::link(&text, t)));
                }>{t("scenario-share")}</button>
                <button class="btn" on:click=move |_| {
                    let (title, text, t) = ctx.read(|s| (s.title().to_string(), s.export(), s.now().as_millis()));
                    let target = ctx.lesson.with_untracked(|l| embed_target(l.source.as_ref(), &text, t));
                    let shown = (title, target);
                    snippet.set(Some(shown.clone()));
                    if shown.1.starts_with("#s=") {
                        film_snippet(snippet, shown, &text, t);
                    }
                }>{t("scenario-embed")}</button>
                <button class="btn" on:click=move |_| what_if(ctx)>{t("scenario-what-if")}</button>
                <label class="btn file">{t("scenario-open-file")}<input type="file" accept=".json,application/json" on:change=on_file /></label>
            </div>
            <super::notice::Notice ctx=ctx area="scenario" />
            <super::downloads::Downloads ctx=ctx />
            <Show when=move || link.with(Option::is_some)>
                <label class="field"><span>{t("scenario-share-field")}</span>
                    <input type="text" readonly aria-label=t("scenario-share") prop:value=move || link.get().unwrap_or_default()
                        on:focus=move |ev| { if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select() } } /></label>
            </Show>
            <Show when=move || snippet.with(Option::is_some)>
                <label class="field embed-width"><span>{t("scenario-embed-width-field")}</span>
                    <input type="number" min="320" max="2000" step="10" aria-label=t("scenario-embed-width") prop:value=move || embed_w.get().to_string()
                        on:input=move |ev| { if let Ok(v) = event_target_value(&ev).parse::<u32>() { embed_w.set(v.clamp(320, 2000)) } } /></label>
                <label class="field"><span>{t("scenario-embed-help")}</span>
                    <textarea readonly rows="4" aria-label=t("scenario-embed-snippet") prop:value=move || snippet.with(|s| s.as_ref().map(|(title, target)| embed_snippet(title, target, embed_w.get())).unwrap_or_default())></textarea></label>
            </Show>
            <Show when=move || exported.with(Option::is_some)>
                <label class="field"><span>{t("scenario-exported")}</span>
                    <textarea readonly rows="8" aria-label=t("scenario-exported") prop:value=move || exported.get().unwrap_or_default()></textarea></label>
                <a class="btn" download=move || file.get() href=download>{move || tf("scenario-download", &[("name", file.get().into())])}</a>
            </Show>
            <label class="field"><span>{t("scenario-paste")}</span>
                <textarea rows="4" aria-label=t("scenario-json") prop:value=move || pasted.get()
                    on:input=move |ev| pasted.set(event_target_value(&ev))
                    placeholder="{\"settle\": 1, \"script\": [ … ]}"></textarea></label>
            <button class="btn primary" on:click=move |_| { let t = pasted.get_untracked(); if load(ctx, &t) { pasted.set(String::new()) } }>{t("scenario-load")}</button>
        </section>
    }
}

fn opt_ms(d: Option<Duration>) -> String {
    d.map_or(String::new(), |d| d.as_millis().to_string())
}

#[component]
pub(super) fn Settings(ctx: Ctx) -> impl IntoView {
    let cfg = ctx.read(Sim::config);
    let lock = RwSignal::new(cfg.lock_duration.as_millis().to_string());
    let mdc = RwSignal::new(cfg.max_delivery_count.to_string());
    let ttl = RwSignal::new(opt_ms(cfg.default_ttl));
    let dl = RwSignal::new(cfg.dead_letter_on_expiration);
    let dup = RwSignal::new(opt_ms(cfg.duplicate_detection_window));
    let tier = RwSignal::new(cfg.tier.name().to_string());
    let error = RwSignal::new(None::<String>);
    // A newly loaded scenario brings its own settings: refill the form when they change.
    let summary = Memo::new(move |_| ctx.snap.with(|s| s.config_summary.clone()));
    Effect::new(move |_| {
        summary.track();
        let c = ctx.read(Sim::config);
        lock.set(c.lock_duration.as_millis().to_string());
        mdc.set(c.max_delivery_count.to_string());
        ttl.set(opt_ms(c.default_ttl));
        dl.set(c.dead_letter_on_expiration);
        dup.set(opt_ms(c.duplicate_detection_window));
        tier.set(c.tier.name().to_string());
    });
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let num = |name: &str, v: String| -> Result<u64, String> {
            v.trim().parse::<u64>().map_err(|_| {
                tf(
                    "settings-not-whole",
                    &[("name", t(name).into()), ("value", v.into())],
                )
            })
        };
        let opt = |name: &str, v: String| -> Result<Option<Duration>, String> {
            if v.trim().is_empty() {
                Ok(None)
            } else {
                num(name, v).map(|n| Some(Duration::from_millis(n)))
            }
        };
        let patch = (|| -> Result<QueuePatch, String> {
            Ok(QueuePatch {
                lock_duration: Some(Duration::from_millis(num(
                    "settings-name-lock",
                    lock.get_untracked(),
                )?)),
                max_delivery_count: Some(
                    u32::try_from(num("settings-name-mdc", mdc.get_untracked())?).map_err(
                        |_| {
                            tf(
                                "settings-too-large",
                                &[("name", t("settings-name-mdc").into())],
                            )
                        },
                    )?,
                ),
                default_ttl: Some(opt("settings-name-ttl", ttl.get_untracked())?),
                dead_letter_on_expiration: Some(dl.get_untracked()),
                duplicate_detection_window: Some(opt("settings-name-dup", dup.get_untracked())?),
                requires_session: None,
                tier: Tier::from_name(&tier.get_untracked()),
                max_size_bytes: None,
            })
        })();
        let r = match patch {
            Ok(p) => ctx.command_result(Command::UpdateQueue(p)),
            Err(e) => Err(e),
        };
        error.set(r.err());
    };
    let text = |sig: RwSignal<String>| {
        (
            move || sig.get(),
            move |ev| sig.set(event_target_value(&ev)),
        )
    };
    let (lock_v, lock_s) = text(lock);
    let (mdc_v, mdc_s) = text(mdc);
    let (ttl_v, ttl_s) = text(ttl);
    let (dup_v, dup_s) = text(dup);
    view! {
        <section class="card settings" aria-label=t("settings-label")>
            <header class="card-head"><h2>{t("settings-label")}</h2>
                <span class="cfg">{t("settings-note")}</span></header>
            <form class="settings-form" on:submit=apply>
                <label class="field"><span>{t("settings-lock")}</span><input type="text" inputmode="numeric" prop:value=lock_v on:input=lock_s /></label>
                <label class="field"><span>{t("settings-mdc")}</span><input type="text" inputmode="numeric" prop:value=mdc_v on:input=mdc_s /></label>
                <label class="field"><span>{t("settings-ttl")}</span><input type="text" inputmode="numeric" prop:value=ttl_v on:input=ttl_s /></label>
                <label class="field"><span>{t("settings-dup")}</span><input type="text" inputmode="numeric" prop:value=dup_v on:input=dup_s /></label>
                <label class="field"><span>{t("settings-tier")}</span>
                    <select on:change=move |ev| tier.set(event_target_value(&ev))>
                        {[("basic", "settings-tier-basic"), ("standard", "settings-tier-standard"), ("premium", "settings-tier-premium")]
                            .map(|(v, label)| view! { <option value=v selected=move || tier.get() == v>{t(label)}</option> }).collect_view()}
                    </select></label>
                <label class="check"><input type="checkbox" prop:checked=move || dl.get() on:change=move |ev| dl.set(event_target_checked(&ev)) />
                    <span>{t("settings-dl-expiration")}</span></label>
                // The scenario's settings change with the summary.
                <p class="hint">{move || {
                    summary.track();
                    t(if ctx.read(|s| s.config().requires_session) { "settings-sessions-on" } else { "settings-sessions-off" })
                }}</p>
                <button class="btn primary" type="submit">{t("settings-apply")}</button>
            </form>
            <Show when=move || error.with(Option::is_some)>
                <p class="client-error" role="alert">{move || error.get().unwrap_or_default()}</p>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use settle_core::{Instant, ReceiveMode, SubQueue};
    use settle_player::lesson::Source;

    #[test]
    fn an_embed_names_a_preset_as_built_and_carries_anything_else_in_its_link() {
        let preset = Source::Preset("lock-expiry".into());
        let text = settle_player::builtin::preset("lock-expiry").expect("a preset");
        let mut sim = Sim::load(&text).expect("loads");
        assert_eq!(
            embed_target(Some(&preset), &sim.export(), 0),
            "&preset=lock-expiry"
        );
        sim.advance_to(Instant::from_millis(5_000));
        let at = |sim: &Sim| embed_target(Some(&preset), &sim.export(), 5_000);
        assert_eq!(at(&sim), "&preset=lock-expiry&start=5000");
        // Not from a preset: the link.
        assert!(embed_target(None, &sim.export(), 5_000).starts_with("#s="));
        // A person's step: the link, which carries it.
        sim.receive("R9", ReceiveMode::PeekLock, SubQueue::Main, 1);
        assert!(at(&sim).starts_with("#s="), "{}", at(&sim));
    }
}
