//! The handle to a painter (`public/stage-paint.js`): it replays the pen's pictures on a
//! canvas, in a worker that owns the canvas where the browser can. The stage, the timeline and
//! the clock's face each paint through one.

use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

#[wasm_bindgen]
extern "C" {
    /// A painter for one canvas (`public/stage-paint.js`).
    #[derive(Clone)]
    pub type Painter;
    /// A painter for `canvas`: in a worker that owns the canvas where the browser can, or
    /// (`on_page`, or where it cannot) on the page itself. An `opaque` canvas must be covered
    /// by every picture (the stage's backdrop fills it): the compositor then copies it
    /// instead of blending it over the page.
    #[wasm_bindgen(catch, js_namespace = settlePaint, js_name = attach)]
    pub fn paint_attach(
        canvas: &HtmlCanvasElement,
        on_page: bool,
        opaque: bool,
    ) -> Result<Painter, JsValue>;
    /// Replays a picture (the commands are copied before this returns).
    #[wasm_bindgen(method)]
    pub fn paint(this: &Painter, ops: &[f32], text: &str);
    /// Pictures sent to a worker and not drawn yet.
    #[wasm_bindgen(method, getter)]
    pub fn backlog(this: &Painter) -> f64;
    /// Stops its worker.
    #[wasm_bindgen(method)]
    pub fn close(this: &Painter);
}
