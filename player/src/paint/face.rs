//! The clock's readouts while it runs, painted off the page's main thread: a transparent
//! canvas over the readouts (`canvas.clock-face`), owned by a painter worker
//! (`public/stage-paint.js`), shows the virtual and the real time ten times a second, and
//! the page's text of the same readouts follows only the publications (twice a second) and
//! the standing clock. Each change of the page's text costs the main thread a style pass, a
//! layout, a paint, a layerize and a commit (and the intersection checks), about 3 ms a
//! frame at 1,000 messages and 50 receivers: the clock's text ten times a second was most of
//! the costliest frames. A picture handed to the worker costs the page a message.
//!
//! Where the browser cannot hand a canvas to a worker, nothing changes: the readouts stay
//! text, ten times a second. The text is always there for screen readers and tests; while
//! the face is shown it is transparent.
//!
//! Where to write: each readout's text ends in an empty marker (`i.text-end`), whose box
//! sits on the text's baseline at its right end; the face draws each readout right-aligned
//! there in the readout's own font and colour, so that the two pictures are the same.

use super::painter::{Painter, paint_attach};
use crate::stage::pen::Pen;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Element, HtmlCanvasElement};

/// Where and how one readout is written on the face (CSS px from the face's top left).
struct Row {
    right: f64,
    baseline: f64,
    font: String,
    colour: String,
}

struct Face {
    canvas: HtmlCanvasElement,
    painter: Painter,
    /// Each readout's end marker.
    ends: Vec<Element>,
    /// `None`: a readout not shown (an embed shows no real time).
    rows: Vec<Option<Row>>,
    /// Device px of the canvas, and the device pixel ratio.
    size: (u32, u32, f64),
    /// The texts on the face now.
    shown: Vec<String>,
    /// Set by the resize observer (and a change of theme): measure again before painting.
    stale: Rc<Cell<bool>>,
    pen: Pen,
    _observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

thread_local! {
    static FACE: RefCell<Option<Face>> = const { RefCell::new(None) };
    /// The face cannot be painted off the main thread here (no worker, no canvas): never
    /// try again.
    static NONE: Cell<bool> = const { Cell::new(false) };
}

/// Finds the face under `root` (the document's clock) and the end markers of its `readouts`
/// (selectors, in order) and hands the face to a worker; `None` where there is no face yet,
/// or no worker can own it.
fn attach(root: &str, readouts: &[&str]) -> Option<Face> {
    let doc = web_sys::window()?.document()?;
    let readout = doc.query_selector(root).ok()??;
    let canvas = readout
        .query_selector("canvas.clock-face")
        .ok()??
        .dyn_into::<HtmlCanvasElement>()
        .ok()?;
    let ends: Vec<Element> = readouts
        .iter()
        .filter_map(|r| readout.query_selector(&format!("{r} i.text-end")).ok()?)
        .collect();
    if ends.len() != readouts.len() {
        return None;
    }
    // Until the painter's script has run (it is deferred like the app's), try again later.
    let painter = paint_attach(&canvas, false, false).ok()?;
    if canvas.get_attribute("data-painter").as_deref() != Some("worker") {
        // On the page it would cost what the text costs, and more: the text it is.
        NONE.with(|n| n.set(true));
        return None;
    }
    let stale = Rc::new(Cell::new(true));
    let flag = Rc::clone(&stale);
    let cb = Closure::<dyn FnMut()>::new(move || flag.set(true));
    let observer = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()).ok();
    if let Some(o) = &observer {
        o.observe(&canvas);
        // A readout's box changes size when its text's length does.
        for e in &ends {
            if let Some(p) = e.parent_element() {
                o.observe(&p);
            }
        }
    }
    Some(Face {
        canvas,
        painter,
        ends,
        rows: Vec::new(),
        size: (0, 0, 1.0),
        shown: Vec::new(),
        stale,
        pen: Pen::new(),
        _observer: observer.map(|o| (o, cb)),
    })
}

/// Measures where each readout is written, in what font and colour.
fn measure(f: &mut Face) {
    let Some(win) = web_sys::window() else {
        return;
    };
    let dpr = win.device_pixel_ratio().clamp(1.0, 3.0);
    let at = f.canvas.get_bounding_client_rect();
    let size = (
        (at.width() * dpr).round() as u32,
        (at.height() * dpr).round() as u32,
        dpr,
    );
    f.size = size;
    f.rows = f
        .ends
        .iter()
        .map(|end| {
            let text = end.parent_element();
            // A readout not rendered (`display: none`) has an empty box.
            if text
                .as_ref()
                .is_none_or(|t| t.get_bounding_client_rect().width() <= 0.0)
            {
                return None;
            }
            let mark = end.get_bounding_client_rect();
            // The readout's own box: its text is made transparent while the face shows, so
            // the colour is read from the box around it (whose colour it inherits).
            let of = text.as_ref().and_then(|t| t.parent_element());
            let style =
                |e: Option<&Element>| e.and_then(|e| win.get_computed_style(e).ok().flatten());
            let (font_style, colour) = (style(text.as_ref()), style(of.as_ref()));
            let get = |s: &Option<web_sys::CssStyleDeclaration>, p: &str| {
                s.as_ref()
                    .and_then(|s| s.get_property_value(p).ok())
                    .unwrap_or_default()
            };
            let font = format!(
                "{} {} {} {}",
                get(&font_style, "font-style"),
                get(&font_style, "font-weight"),
                get(&font_style, "font-size"),
                get(&font_style, "font-family")
            );
            // The canvas's content sits on whole device pixels (the browser snaps a replaced
            // element there) while the text sits where layout put it, maybe between: measure
            // from where the canvas really is, or a header that lays out to a fraction of a
            // pixel would move the time by it at Play.
            let snapped = |v: f64| (v * dpr).round() / dpr;
            Some(Row {
                right: mark.left() - snapped(at.left()),
                baseline: mark.top() - snapped(at.top()),
                font,
                colour: get(&colour, "color"),
            })
        })
        .collect();
}

/// Shows `texts` on the face under `root`, each at the end marker under its selector in
/// `readouts`; true when the face shows them (a worker owns it), false where the page's text
/// must.
pub fn paint(root: &str, readouts: &[&str], texts: &[&str]) -> bool {
    if NONE.with(Cell::get) {
        return false;
    }
    FACE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = attach(root, readouts);
        }
        let Some(f) = cell.as_mut() else {
            return false;
        };
        let restyled = f.stale.replace(false);
        if restyled {
            measure(f);
        }
        if !restyled && f.shown.iter().map(String::as_str).eq(texts.iter().copied()) {
            return true;
        }
        let (w, h, dpr) = f.size;
        let pen = &mut f.pen;
        pen.clear();
        pen.layer(0);
        // Sizing clears the canvas.
        pen.size(0, w, h);
        pen.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        pen.set_text_align("right");
        pen.set_text_baseline("alphabetic");
        for (row, text) in f.rows.iter().zip(texts) {
            let Some(row) = row else { continue };
            pen.set_font(&row.font);
            pen.set_fill_style_str(&row.colour);
            pen.fill_text(text, row.right, row.baseline);
        }
        let (ops, text) = pen.picture();
        f.painter.paint(ops, text);
        f.shown = texts.iter().map(|t| (*t).to_string()).collect();
        // What the face shows, for tests and tools (an attribute no style reads: no style,
        // layout or paint follows it).
        let _ = f.canvas.set_attribute("data-shows", &f.shown.join("\n"));
        true
    })
}

/// The theme changed: the face reads its colours again before its next picture.
pub fn restyle() {
    FACE.with(|f| {
        if let Some(f) = f.borrow().as_ref() {
            f.stale.set(true);
        }
    });
}

/// The clock left the page (a new page is mounted): the next face is found afresh.
pub fn detach() {
    FACE.with(|f| {
        if let Some(f) = f.borrow_mut().take() {
            f.painter.close();
        }
    });
}
