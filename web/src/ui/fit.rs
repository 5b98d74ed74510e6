//! The stage's size on the full page: as large as the window allows under what sits above it
//! (the header, the lesson list, the title, the caption) and over the timeline under it,
//! measured rather than guessed, so that at 1280×800 the whole stage and its timeline are in
//! view with a lesson and its caption.
//!
//! The measured size is written as two custom properties on the stage's box (`--fit-w`,
//! `--fit-h`, class `fitted`); the style sheet decides where they apply (wide windows and presenter mode, not
//! phones or embeds, whose stage keeps a fixed aspect ratio). Nothing here depends on the
//! stage's own size, so writing it never feeds back into the measurement.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The stage is never shorter than this (CSS px): a window too short for it scrolls instead.
const MIN_H: f64 = 300.0;
/// Never taller than 16:9 of its width (the design's shape), never wider than this ratio.
const TALLEST: f64 = 9.0 / 16.0;
const WIDEST: f64 = 2.4;

/// The stage's size for an area `avail_w` wide with `avail_h` left under it in the window.
#[must_use]
pub(crate) fn stage_size(avail_w: f64, avail_h: f64) -> (f64, f64) {
    let h = (avail_w * TALLEST).min(avail_h.max(MIN_H)).max(0.0);
    let w = avail_w.min(h * WIDEST).max(0.0);
    (w.floor(), h.floor())
}

fn px(style: &web_sys::CssStyleDeclaration, prop: &str) -> f64 {
    style
        .get_property_value(prop)
        .ok()
        .and_then(|v| v.trim_end_matches("px").trim().parse().ok())
        .unwrap_or(0.0)
}

/// Measures and writes the stage's size; a no-op when nothing changed.
fn fit() {
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let Ok(Some(b)) = doc.query_selector(".stage-box") else {
        return;
    };
    let Some(area) = b.parent_element() else {
        return;
    };
    let Ok(Some(style)) = w.get_computed_style(&area) else {
        return;
    };
    let avail_w =
        f64::from(area.client_width()) - px(&style, "padding-left") - px(&style, "padding-right");
    let top = b.get_bounding_client_rect().top() + w.scroll_y().unwrap_or(0.0);
    let inner = w
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    // The timeline under the stage stays in view with it (its height does not depend on the
    // stage's, so this does not feed back either).
    let under = b
        .closest(".stage-area")
        .ok()
        .flatten()
        .and_then(|a| a.query_selector(".timeline").ok().flatten())
        .and_then(|t| {
            let h = t.dyn_ref::<web_sys::HtmlElement>()?.offset_height();
            let margin = w
                .get_computed_style(&t)
                .ok()
                .flatten()
                .map_or(0.0, |s| px(&s, "margin-top"));
            Some(f64::from(h) + margin)
        })
        .unwrap_or(0.0);
    let avail_h = inner - top - under - px(&style, "padding-bottom");
    if avail_w <= 0.0 || inner <= 0.0 {
        return;
    }
    let (sw, sh) = stage_size(avail_w, avail_h);
    // Through the CSS object model: the page's content security policy refuses style
    // attributes, not this.
    let Ok(b) = b.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    let style = b.style();
    for (k, v) in [("--fit-w", sw), ("--fit-h", sh)] {
        let v = format!("{v}px");
        if style.get_property_value(k).ok().as_deref() != Some(v.as_str()) {
            let _ = style.set_property(k, &v);
        }
    }
    let _ = b.class_list().add_1("fitted");
}

/// Fits the stage now and whenever the page's content or the window changes size.
pub(crate) fn watch() {
    let Some(w) = web_sys::window() else { return };
    let cb = Closure::<dyn FnMut()>::new(fit);
    if let Ok(o) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref())
        && let Some(body) = w.document().and_then(|d| d.body())
    {
        // Anything above the stage growing or shrinking changes the body's height.
        o.observe(&body);
        std::mem::forget(o);
    }
    // A window that only gets taller or shorter does not resize the body.
    let _ = w.add_event_listener_with_callback("resize", cb.as_ref().unchecked_ref());
    // The page lives as long as the tab.
    cb.forget();
    fit();
}

#[cfg(test)]
mod tests {
    use super::stage_size;

    #[test]
    fn the_stage_takes_the_height_left_and_the_whole_width_within_its_shape() {
        // 1280×800 with a lesson: the full width, the height that is left.
        assert_eq!(stage_size(1216.0, 560.0), (1216.0, 560.0));
        // A tall window: 16:9 at most.
        assert_eq!(stage_size(1216.0, 2000.0), (1216.0, 684.0));
        // A very wide, short window: no wider than 2.4:1.
        assert_eq!(stage_size(2500.0, 700.0), (1680.0, 700.0));
        // Too little height left: the minimum, the page scrolls.
        assert_eq!(stage_size(1216.0, 100.0), (720.0, 300.0));
        let (w, h) = stage_size(736.0, 900.0);
        assert!(w <= 736.0 && h <= 736.0 * 9.0 / 16.0 + 1.0);
    }
}
