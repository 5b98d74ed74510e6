//! Downloads made by the artifacts worker: the story as an SVG (static or animated) and the
//! scenario as an Azure Service Bus SDK program ("Export as code": Python or TypeScript).
//!
//! The worker (a second wasm, `src/bin/artifacts.rs`) is created on the first click, so a visit
//! that downloads nothing never fetches it. Each request carries the scenario as exported (the
//! document plus what the person did), so the file matches `settle render` on that export.

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{t, tf};
use settle_player::artifacts::{GROUPS, KINDS, Kind, file_stem};
use settle_player::sim::Sim;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The messages of the groups of buttons ([`GROUPS`], in order).
const GROUP_WORDS: [&str; 2] = ["download-group-picture", "download-group-code"];

/// A kind's button name.
fn label(k: &Kind) -> String {
    t(&format!("download-{}", k.kind))
}

/// Where Trunk puts the worker's loader, relative to the page.
const WORKER_URL: &str = "./settle-artifacts_loader.js";

/// What takes the worker's replies.
type Reply = Rc<dyn Fn(web_sys::MessageEvent)>;

/// The worker and what goes with it.
struct Helper {
    worker: web_sys::Worker,
    /// Its message handler (kept alive here).
    _handler: Closure<dyn Fn(web_sys::MessageEvent)>,
    /// Set by the worker's first message: its wasm is running and listening. Until then,
    /// requests wait in `queue` (a message posted earlier would find no listener).
    ready: bool,
    queue: Vec<JsValue>,
    /// Where replies go: each asker's handler (the downloads, the Embed button), which takes
    /// the replies to its own requests (by their ids) and leaves the others.
    on_reply: Vec<(&'static str, Reply)>,
}

thread_local! {
    static HELPER: RefCell<Option<Helper>> = const { RefCell::new(None) };
}

fn on_worker_message(e: web_sys::MessageEvent) {
    let ready = js_sys::Reflect::get(&e.data(), &"ready".into())
        .ok()
        .and_then(|v| v.as_bool())
        == Some(true);
    let reply = HELPER.with(|h| {
        let mut h = h.borrow_mut();
        let Some(h) = h.as_mut() else {
            return Vec::new();
        };
        if ready {
            h.ready = true;
            for m in h.queue.drain(..) {
                let _ = h.worker.post_message(&m);
            }
            Vec::new()
        } else {
            h.on_reply.iter().map(|(_, f)| Rc::clone(f)).collect()
        }
    });
    for f in reply {
        f(e.clone());
    }
}

/// Asks the worker (created on first use) to make `kind` from `scenario`, as request `id`;
/// replies go to `asker`'s `on_reply` (the latest it gave), which takes its own by their id.
pub(super) fn ask(
    asker: &'static str,
    id: JsValue,
    kind: &str,
    scenario: &str,
    on_reply: Reply,
) -> Result<(), JsValue> {
    let msg = js_sys::Object::new();
    for (k, v) in [
        ("id", id),
        ("kind", JsValue::from_str(kind)),
        ("scenario", JsValue::from_str(scenario)),
        // What the worker makes speaks the page's language, whose messages are beside the page.
        ("lang", JsValue::from_str(settle_i18n::lang().tag())),
        (
            "base",
            JsValue::from_str(&settle_player::language::page_dir()),
        ),
    ] {
        let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
    }
    let msg: JsValue = msg.into();
    HELPER.with(|h| {
        let mut h = h.borrow_mut();
        if h.is_none() {
            let worker = web_sys::Worker::new(WORKER_URL)?;
            let handler = Closure::<dyn Fn(web_sys::MessageEvent)>::new(on_worker_message);
            worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
            *h = Some(Helper {
                worker,
                _handler: handler,
                ready: false,
                queue: Vec::new(),
                on_reply: Vec::new(),
            });
        }
        let Some(h) = h.as_mut() else {
            return Err(JsValue::from_str("no worker"));
        };
        h.on_reply.retain(|(a, _)| *a != asker);
        h.on_reply.push((asker, on_reply));
        if h.ready {
            h.worker.post_message(&msg)
        } else {
            h.queue.push(msg);
            Ok(())
        }
    })
}

/// Saves `text` as a file named `name` through a temporary object URL.
pub(super) fn save(name: &str, mime: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)
}

#[component]
pub(super) fn Downloads(ctx: Ctx) -> impl IntoView {
    // The kind being made (its button shows progress), and the last request's number.
    let busy = RwSignal::new(None::<&'static str>);
    let next_id = StoredValue::new(0u32);
    let pending = StoredValue::new(None::<(u32, Kind, String)>);
    let on_reply = move |e: web_sys::MessageEvent| {
        let data = e.data();
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
        let id = get("id").and_then(|v| v.as_f64()).unwrap_or(-1.0);
        let Some((want, kind, stem)) = pending.get_value() else {
            return;
        };
        if f64::from(want) != id {
            return;
        }
        pending.set_value(None);
        busy.set(None);
        if get("ok").and_then(|v| v.as_bool()) == Some(true) {
            let text = get("text").and_then(|v| v.as_string()).unwrap_or_default();
            let name = format!("{stem}{}", kind.suffix);
            match save(&name, kind.mime, &text) {
                Ok(()) => ctx.tell(
                    "scenario",
                    tf("download-saved", &[("name", name.into())]),
                    false,
                ),
                Err(_) => ctx.tell("scenario", t("download-not-started"), true),
            }
        } else {
            let err = get("error").and_then(|v| v.as_string()).unwrap_or_default();
            let what = label(&kind);
            ctx.tell(
                "scenario",
                tf(
                    "download-failed",
                    &[("kind", what.into()), ("error", err.into())],
                ),
                true,
            );
        }
    };
    let start = move |kind: Kind| {
        let (text, title) = ctx.read(|s: &Sim| (s.export(), s.title().to_string()));
        let id = next_id.get_value().wrapping_add(1);
        next_id.set_value(id);
        match ask(
            "downloads",
            JsValue::from(id),
            kind.kind,
            &text,
            Rc::new(on_reply),
        ) {
            Ok(()) => {
                pending.set_value(Some((id, kind, file_stem(&title))));
                busy.set(Some(kind.kind));
            }
            Err(_) => ctx.tell("scenario", t("download-helper-failed"), true),
        }
    };
    GROUPS
        .iter()
        .zip(GROUP_WORDS)
        .map(|(&group, words)| {
            view! {
                <div class="inline downloads" role="group" aria-label=t(words)>
                    <span class="group-label" aria-hidden="true">{t(words)}</span>
                    {KINDS.iter().filter(|k| k.group == group).map(|&k| view! {
                        <button class="btn" on:click=move |_| start(k)
                            prop:disabled=move || busy.get().is_some()
                            aria-busy=move || (busy.get() == Some(k.kind)).to_string()>
                            {move || if busy.get() == Some(k.kind) { tf("download-busy", &[("kind", label(&k).into())]) } else { label(&k) }}
                        </button>
                    }).collect_view()}
                </div>
            }
        })
        .collect_view()
}
