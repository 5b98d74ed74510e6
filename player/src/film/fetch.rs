//! Fetching a preset's film from the page (gzipped in the dist, unpacked by the browser).

use super::reel::Reel;

/// Where the player of a preset's film in `lang` finds it, from the page.
#[must_use]
pub fn path(preset: &str, lang: settle_i18n::Lang) -> String {
    format!("films/{}/{preset}.film", lang.tag())
}

/// Fetches and reads the film of the preset `name` in the installed language; `None` when there is none, it is not one,
/// or the browser cannot unpack it (then the viewer that simulates plays the preset). The dist
/// holds each film gzipped (`scripts/view-page.mjs`): static hosts send a file of no known
/// type as it is, and the browser's own `DecompressionStream` unpacks it (no inflater in the
/// wasm).
#[cfg(target_arch = "wasm32")]
pub async fn fetch(name: &str) -> Option<Reel> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(&path(name, settle_i18n::lang())))
        .await
        .ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let gunzip = unpack::DecompressionStream::new("gzip").ok()?;
    let body = response.body()?.pipe_through(gunzip.unchecked_ref());
    let unpacked = web_sys::Response::new_with_opt_readable_stream(Some(&body)).ok()?;
    let buffer = JsFuture::from(unpacked.array_buffer().ok()?).await.ok()?;
    Reel::read(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The browser's `DecompressionStream` (web-sys has it only behind its unstable APIs). It is
/// a readable and writable pair, as `pipeThrough` takes.
#[cfg(target_arch = "wasm32")]
mod unpack {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(extends = web_sys::ReadableWritablePair)]
        pub(super) type DecompressionStream;
        #[wasm_bindgen(constructor, catch)]
        pub(super) fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    }
}

/// Natively there is no page to fetch from.
#[cfg(not(target_arch = "wasm32"))]
pub async fn fetch(_: &str) -> Option<Reel> {
    None
}
