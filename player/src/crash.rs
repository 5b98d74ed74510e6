//! A panic in the wasm never leaves a blank page.
//!
//! The release build aborts on panic: after the panic hook has run, the wasm instance is dead
//! and no Rust code can answer a click. So the hook itself builds a plain-DOM notice over the
//! page that needs no wasm afterwards: a link that reopens the scenario where it was (the share
//! fragment), a download of the scenario as a file (a `data:` link), a Copy link button (handled
//! by the small script in `index.html`, which stays alive), and a fresh start. What it offers is
//! the last state the page saved: [`remember`] runs after every action that changed the
//! scenario, [`at`] after every clock step; both are cheap (no work happens in the hook but
//! formatting what was saved).

use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The scenario as last exported (the document plus the person's recorded steps).
    static SCENARIO: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The virtual time shown last, in milliseconds.
    static AT_MS: Cell<u64> = const { Cell::new(0) };
}

/// Saves the scenario text offered after a crash.
pub fn remember(scenario: String) {
    SCENARIO.with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            *s = Some(scenario);
        }
    });
}

/// Saves the virtual time offered after a crash.
pub fn at(t_ms: u64) {
    AT_MS.with(|a| a.set(t_ms));
}

/// Installs the panic hook: the console report as before, then the notice.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show(&info.to_string());
    }));
}

/// Panics on purpose, to check the notice (tests; a diagnostic for anyone in the console:
/// `wasmBindings.settle_debug_panic()`).
#[wasm_bindgen]
pub fn settle_debug_panic() {
    panic!("settle_debug_panic() was called");
}

/// The page's address without query and fragment.
fn page() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Message `id` in the installed language, or in English if no language has it yet (a crash
/// before the page installed one).
fn say(id: &str) -> String {
    let tr = settle_i18n::current();
    if tr.has(id) {
        tr.format(id, &[])
    } else {
        const PLAY: [&[u8]; 1] = [settle_i18n::Part::Play.english()];
        settle_i18n::Tr::english(&PLAY).format(id, &[])
    }
}

fn show(message: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = doc.body() else { return };
    if doc.get_element_by_id("settle-crash").is_some() {
        return;
    }
    let scenario = SCENARIO.with(|s| s.try_borrow().ok().and_then(|s| s.clone()));
    let t = AT_MS.with(Cell::get);
    let el = |tag: &str, class: &str, text: &str| crate::paint::element(&doc, tag, class, text);
    let Some(panel) = el("div", "crash", "") else {
        return;
    };
    panel.set_id("settle-crash");
    let _ = panel.set_attribute("role", "alertdialog");
    let _ = panel.set_attribute("aria-labelledby", "settle-crash-title");
    let _ = panel.set_attribute("aria-describedby", "settle-crash-text");
    let mut parts = Vec::new();
    if let Some(h) = el("h2", "", &say("crash-title")) {
        h.set_id("settle-crash-title");
        parts.push(h);
    }
    let kept = say(if scenario.is_some() {
        "crash-kept"
    } else {
        "crash-not-kept"
    });
    if let Some(p) = el("p", "", &kept) {
        p.set_id("settle-crash-text");
        parts.push(p);
    }
    if let Some(row) = el("div", "crash-actions", "") {
        let page = page();
        if let Some(text) = &scenario {
            let link = crate::share::link(text, t);
            if let Some(a) = el("a", "btn primary", &say("crash-reopen")) {
                let _ = a.set_attribute("href", &link);
                // A fragment-only change would not reload the page: force a real navigation.
                let _ = a.set_attribute("target", "_self");
                let _ = a.set_attribute("data-settle-reload", "");
                let _ = row.append_child(&a);
            }
            if let Some(b) = el("button", "btn", &say("crash-copy-link")) {
                let _ = b.set_attribute("type", "button");
                let _ = b.set_attribute("data-settle-copy", &link);
                let _ = row.append_child(&b);
            }
            if let Some(a) = el("a", "btn", &say("crash-download")) {
                let data = format!(
                    "data:application/json;charset=utf-8,{}",
                    js_sys::encode_uri_component(text)
                );
                let _ = a.set_attribute("href", &data);
                let _ = a.set_attribute("download", "settle-scenario.json");
                let _ = row.append_child(&a);
            }
        }
        if let Some(a) = el("a", "btn", &say("crash-start-afresh")) {
            let _ = a.set_attribute("href", &page);
            let _ = a.set_attribute("data-settle-reload", "");
            let _ = row.append_child(&a);
        }
        parts.push(row);
    }
    if let Some(d) = el("details", "", "") {
        if let Some(s) = el("summary", "", &say("crash-details")) {
            let _ = d.append_child(&s);
        }
        if let Some(pre) = el("pre", "", message) {
            let _ = d.append_child(&pre);
        }
        parts.push(d);
    }
    for p in parts {
        let _ = panel.append_child(&p);
    }
    let _ = body.append_child(&panel);
    if let Some(first) = panel.query_selector("a, button").ok().flatten()
        && let Ok(h) = first.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = h.focus();
    }
}
