//! Copy link: the share link to the clipboard, with a visible confirmation.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Writes `text` to the clipboard (`navigator.clipboard.writeText`); false when the browser
/// refuses (no permission, not a secure context).
pub(super) async fn copy(text: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    // Through Reflect: web-sys's Navigator and Clipboard bindings are not needed for one call.
    let clipboard = js_sys::Reflect::get(&w, &JsValue::from_str("navigator"))
        .and_then(|n| js_sys::Reflect::get(&n, &JsValue::from_str("clipboard")))
        .ok()
        .filter(|c| !c.is_undefined());
    let Some(clipboard) = clipboard else {
        return false;
    };
    let Some(write) = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    match write.call1(&clipboard, &JsValue::from_str(text)) {
        Ok(p) => match p.dyn_into::<js_sys::Promise>() {
            Ok(p) => JsFuture::from(p).await.is_ok(),
            Err(_) => false,
        },
        Err(_) => false,
    }
}
