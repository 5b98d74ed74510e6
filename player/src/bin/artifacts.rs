//! The artifacts worker: turns a scenario into a file to download (the story as an SVG, static
//! or animated; the scenario as a Python or TypeScript Azure SDK program), in a Web Worker of its
//! own.
//!
//! It is a second wasm, built by Trunk (`data-type="worker"` in index.html) and fetched only when
//! someone first asks for a download, so the drawing and code-writing parts of `settle-core`
//! cost a first visit nothing. It speaks one message each way:
//! - in: `{ id, kind, scenario, lang, base }` with `kind` one of `svg`, `svg-animated`, `python`,
//!   `typescript`, or `film-link` (the scenario's film for an embed's link, `src/film.rs`), and
//!   `scenario` the exported scenario text;
//! - out: `{ ready: true }` once, when it listens; then `{ id, ok: true, text }` or
//!   `{ id, ok: false, error }` for each request.
//!
//! The output is exactly what `settle render` / `settle export` write for the same text.

#[cfg(target_arch = "wasm32")]
fn main() {
    use settle_i18n::{Lang, Part, Tr};
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;

    // What it makes speaks the page's language (`lang`): the story's words, the film an
    // embed's link carries (its captions and narration), its errors. That language's
    // messages are fetched the first time it is asked for (English where they cannot be).
    const ENGLISH: [&[u8]; 3] = [
        Part::Play.english(),
        Part::Narrate.english(),
        Part::Format.english(),
    ];
    const PARTS: [Part; 5] = [
        Part::Print,
        Part::Play,
        Part::Narrate,
        Part::Lessons,
        Part::Format,
    ];
    let english = Rc::new(Tr::english(&ENGLISH));
    settle_i18n::install(Rc::clone(&english));
    let loaded: Rc<std::cell::RefCell<Option<Rc<Tr>>>> = Rc::default();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
            let id = get("id").unwrap_or(wasm_bindgen::JsValue::NULL);
            let kind = get("kind").and_then(|v| v.as_string()).unwrap_or_default();
            let text = get("scenario")
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            // Where the page's messages are (its own address is a blob's, no page's).
            let base = get("base").and_then(|v| v.as_string()).unwrap_or_default();
            let lang = get("lang")
                .and_then(|v| v.as_string())
                .and_then(|l| Lang::parse(&l))
                .unwrap_or_default();
            let (english, reply_to) = (Rc::clone(&english), reply_to.clone());
            let loaded = Rc::clone(&loaded);
            wasm_bindgen_futures::spawn_local(async move {
                let known = loaded.borrow().clone().filter(|tr| tr.lang() == lang);
                let tr = match (lang, known) {
                    (Lang::En, _) => english,
                    (_, Some(tr)) => tr,
                    _ => match settle_player::language::load_from(&base, lang, &ENGLISH, &PARTS)
                        .await
                    {
                        Ok(tr) => {
                            *loaded.borrow_mut() = Some(Rc::clone(&tr));
                            tr
                        }
                        Err(_) => english,
                    },
                };
                settle_i18n::install(tr);
                let answer = js_sys::Object::new();
                let set = |k: &str, v: &wasm_bindgen::JsValue| {
                    let _ = js_sys::Reflect::set(&answer, &k.into(), v);
                };
                set("id", &id);
                match settle_player::artifacts::make(&kind, &text) {
                    Ok(out) => {
                        set("ok", &true.into());
                        set("text", &out.into());
                    }
                    Err(err) => {
                        set("ok", &false.into());
                        set("error", &err.into());
                    }
                }
                let _ = reply_to.post_message(&answer);
            });
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Listening now: the page holds its requests until it hears this.
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"ready".into(), &true.into());
    let _ = scope.post_message(&ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("settle-artifacts is a Web Worker: build it for wasm32 with Trunk");
}
