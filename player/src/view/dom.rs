//! The viewer's page: its elements built once (the clock bar, the caption, the lanes), the
//! bar's buttons each with its typed action, and what was last written to them.

use crate::lesson;
use crate::page::{SPEEDS, Shortcut};
use crate::paint::{LANES, LaneRow, Rows, element, lane_words, speed_label};
use crate::sim::Lane;
use settle_i18n::t;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

/// The stage's canvas.
pub(super) const CANVAS_ID: &str = "stage-canvas";

/// What a button of the viewer asks for.
#[derive(Clone, Copy)]
pub(super) enum BarAction {
    /// A clock button, as its keyboard shortcut.
    Clock(Shortcut),
    /// The notice's Dismiss.
    Dismiss,
    /// The summary's Hide.
    Hide,
    /// An interactive embed's Controls: the playground, here.
    Controls,
    /// Open in Settle, in a new tab.
    Open,
}

/// The page's elements that change.
pub(super) struct Dom {
    /// The buttons, each with what it does (a click is resolved among them).
    pub(super) buttons: Vec<(Element, BarAction)>,
    pub(super) readout: Element,
    /// The text of the clock's readout (followed by the face's marker, `ui::face`).
    pub(super) time: web_sys::Node,
    pub(super) play: Element,
    pub(super) back: Element,
    pub(super) step: Element,
    pub(super) expiry: Element,
    pub(super) speed: Element,
    pub(super) caption_n: Element,
    pub(super) caption: Element,
    pub(super) hint: Element,
    pub(super) summary: Element,
    pub(super) narration: Element,
    pub(super) notice: Element,
    pub(super) notice_text: Element,
    pub(super) lanes: Vec<LaneDom>,
}

/// A lane of the queue's mirror (for screen readers, as in the playground).
pub(super) struct LaneDom {
    pub(super) count: Element,
    pub(super) more: Element,
    pub(super) empty: Element,
    pub(super) rows: Rows<LaneRow>,
    pub(super) kind: &'static str,
    pub(super) shown: Option<Lane>,
}

/// What the page shows, as last written (each written only when it changes).
#[derive(Default, PartialEq)]
pub(super) struct Shown {
    pub(super) time: String,
    pub(super) running: Option<bool>,
    pub(super) previous: Option<Option<u64>>,
    pub(super) next: Option<Option<u64>>,
    pub(super) expiry: Option<Option<u64>>,
    pub(super) speed: Option<u64>,
    pub(super) caption: Option<(Option<usize>, bool, bool)>,
    pub(super) said: String,
    pub(super) notice: Option<(String, bool)>,
}

/// Shows or hides `e` (the `hidden` attribute).
pub(super) fn show(e: &Element, on: bool) {
    let _ = e.toggle_attribute_with_force("hidden", !on);
}

pub(super) fn enable(e: &Element, on: bool) {
    let _ = e.toggle_attribute_with_force("disabled", !on);
}

/// The speed list: the clock's speeds, plus a lesson's own when it is not one of them.
pub(super) fn fill_speeds(select: &Element, now: f64) {
    let Some(doc) = select.owner_document() else {
        return;
    };
    let mut speeds = SPEEDS.to_vec();
    if !speeds.iter().any(|s| (s - now).abs() < 1e-9) {
        speeds.push(now);
        speeds.sort_by(f64::total_cmp);
    }
    select.set_text_content(None);
    for s in speeds {
        if let Some(o) = element(&doc, "option", "", &speed_label(s)) {
            let _ = o.set_attribute("value", &s.to_string());
            if (now - s).abs() < 1e-9 {
                let _ = o.set_attribute("selected", "");
            }
            let _ = select.append_child(&o);
        }
    }
    if let Ok(sel) = select.clone().dyn_into::<web_sys::HtmlSelectElement>() {
        sel.set_value(&now.to_string());
    }
}

/// `el(parent, tag, class, text)`: a new element appended to `parent`.
pub(super) fn add(
    doc: &Document,
    parent: &Element,
    tag: &str,
    class: &str,
    text: &str,
) -> Option<Element> {
    let e = element(doc, tag, class, text)?;
    parent.append_child(&e).ok()?;
    Some(e)
}

pub(super) fn attrs(e: &Element, pairs: &[(&str, &str)]) {
    for (k, v) in pairs {
        let _ = e.set_attribute(k, v);
    }
}

/// Builds the page: the playground's read-only embed, element for element.
pub(super) fn build(
    doc: &Document,
    [title_text, description, config_summary]: [String; 3],
    lesson: &lesson::State,
    readonly: bool,
) -> Option<Dom> {
    let body = doc.body()?;
    let b: &Element = &body;
    let top = add(doc, b, "header", "top", "")?;
    let brand = add(doc, &top, "div", "brand", "")?;
    add(doc, &brand, "h1", "", "Settle")?;
    let title = add(doc, &top, "h2", "embed-title", &title_text)?;
    attrs(&title, &[("title", &title_text)]);
    let clock = add(doc, &top, "div", "clock", "")?;
    attrs(
        &clock,
        &[("role", "group"), ("aria-label", &t("view-clock"))],
    );
    let readout = add(doc, &clock, "div", "clock-readout", "")?;
    let face = add(doc, &readout, "canvas", "clock-face", "")?;
    attrs(&face, &[("aria-hidden", "true")]);
    let time_box = add(doc, &readout, "span", "clock-time", "")?;
    attrs(&time_box, &[("data-testid", "clock")]);
    // The text, then the marker where the face writes it.
    let text = add(doc, &time_box, "span", "", "")?;
    let time: web_sys::Node = doc.create_text_node("").into();
    text.append_child(&time).ok()?;
    add(doc, &text, "i", "text-end", "")?;
    let play = add(doc, &clock, "button", "btn primary play", &t("view-play"))?;
    let back = add(doc, &clock, "button", "btn", &t("view-step-back"))?;
    attrs(&back, &[("aria-keyshortcuts", "ArrowLeft")]);
    let step = add(doc, &clock, "button", "btn", &t("view-step"))?;
    attrs(&step, &[("aria-keyshortcuts", "ArrowRight")]);
    let expiry = add(doc, &clock, "button", "btn", &t("view-next-expiry"))?;
    let label = add(doc, &clock, "label", "speed", "")?;
    add(doc, &label, "span", "", &t("view-speed"))?;
    let speed = add(doc, &label, "select", "", "")?;
    attrs(&speed, &[("aria-label", &t("view-speed"))]);
    // An interactive embed's forms are the playground's: Controls opens it here, at this
    // moment (its wasm is fetched only then).
    let controls = (!readonly)
        .then(|| {
            add(
                doc,
                &top,
                "button",
                "btn ghost embed-controls",
                &t("view-controls"),
            )
        })
        .flatten();
    if let Some(c) = &controls {
        attrs(
            c,
            &[
                ("aria-expanded", "false"),
                ("title", &t("view-controls-title")),
            ],
        );
    }
    let open = add(doc, &top, "button", "btn ghost open-full", &t("view-open"))?;
    for e in [&play, &back, &step, &expiry, &open]
        .into_iter()
        .chain(&controls)
    {
        attrs(e, &[("type", "button")]);
    }

    let notice = add(doc, b, "div", "notice", "")?;
    let notice_text = add(doc, &notice, "span", "", "")?;
    let dismiss = add(doc, &notice, "button", "btn small", &t("view-dismiss"))?;
    attrs(&dismiss, &[("type", "button")]);
    show(&notice, false);

    let page = add(doc, b, "div", "page", "")?;
    let intro = add(doc, &page, "section", "scenario-intro", "")?;
    attrs(&intro, &[("aria-label", &t("view-about"))]);
    let p = add(doc, &intro, "p", "", &description)?;
    attrs(&p, &[("title", &description)]);

    // The lesson: always built (its parts hidden), shown when the scenario has one.
    let section = element(doc, "section", "lesson", "")?;
    attrs(&section, &[("aria-label", &t("view-lesson"))]);
    let row = add(doc, &section, "div", "caption-row", "")?;
    let caption_n = add(doc, &row, "span", "caption-n", "")?;
    attrs(&caption_n, &[("aria-hidden", "true")]);
    let caption = add(doc, &row, "p", "caption", "")?;
    attrs(
        &caption,
        &[
            ("role", "status"),
            ("aria-live", "polite"),
            ("aria-label", &t("view-caption")),
        ],
    );
    let hint = add(doc, &row, "p", "caption-hint", &t("view-caption-hint"))?;
    show(&hint, false);
    if let Some(e) = &lesson.error {
        let p = add(doc, &section, "p", "client-error", e)?;
        attrs(&p, &[("role", "alert")]);
    }
    let summary = add(doc, &section, "section", "summary", "")?;
    let saw = t("view-summary");
    attrs(&summary, &[("aria-label", &saw)]);
    let head = add(doc, &summary, "div", "summary-head", "")?;
    add(doc, &head, "h3", "", &saw)?;
    let hide = add(doc, &head, "button", "btn small ghost", &t("view-hide"))?;
    attrs(&hide, &[("type", "button")]);
    if let Some(s) = &lesson.shown {
        let lines = add(doc, &summary, "ul", "summary-lines", "")?;
        for x in &s.summary {
            add(doc, &lines, "li", "", x)?;
        }
        let figures = add(doc, &summary, "ul", "figures", "")?;
        attrs(&figures, &[("aria-label", &t("view-figures"))]);
        for (label, value) in &s.figures {
            let li = add(doc, &figures, "li", "figure", "")?;
            add(doc, &li, "span", "figure-value", value)?;
            add(doc, &li, "span", "figure-label", label)?;
        }
    }
    show(&summary, false);
    if lesson.shown.is_some() || lesson.error.is_some() {
        page.append_child(&section).ok()?;
    }

    let area = add(doc, &page, "section", "stage-area", "")?;
    attrs(&area, &[("aria-label", &t("view-stage-area"))]);
    let sides = add(doc, &area, "div", "sides", "")?;
    let figure = add(doc, &sides, "figure", "side", "")?;
    attrs(&figure, &[("aria-label", &t("view-stage"))]);
    let stage_box = add(doc, &figure, "div", "stage-box", "")?;
    let canvas = add(doc, &stage_box, "canvas", "stage", "")?;
    canvas.set_id(CANVAS_ID);
    attrs(
        &canvas,
        &[("role", "img"), ("aria-label", &t("view-stage-picture"))],
    );
    let narration = add(doc, &area, "p", "sr-only", "")?;
    attrs(
        &narration,
        &[("aria-live", "polite"), ("data-testid", "narration")],
    );

    let lower = add(doc, &page, "div", "lower", "")?;
    let queue = add(doc, &lower, "section", "card queue", "")?;
    let queue_name = t("view-queue");
    attrs(&queue, &[("aria-label", &queue_name)]);
    let head = add(doc, &queue, "header", "card-head", "")?;
    add(doc, &head, "h2", "", &queue_name)?;
    add(doc, &head, "span", "cfg", &config_summary)?;
    let mut lanes = Vec::new();
    for (i, &(testid, kind, _)) in LANES.iter().enumerate() {
        let (title, empty) = lane_words(i);
        let s = add(doc, &queue, "section", &format!("lane lane-{kind}"), "")?;
        attrs(&s, &[("aria-labelledby", &format!("{testid}-h"))]);
        let h = add(doc, &s, "h3", "", &format!("{title} "))?;
        h.set_id(&format!("{testid}-h"));
        let count = add(doc, &h, "span", "count", "0")?;
        attrs(&count, &[("data-testid", &format!("{testid}-count"))]);
        let ul = add(doc, &s, "ul", "msgs", "")?;
        attrs(&ul, &[("aria-label", &title), ("data-testid", testid)]);
        let more = add(doc, &s, "p", "more-count", "")?;
        let none = add(doc, &s, "p", "empty", &empty)?;
        show(&more, false);
        lanes.push(LaneDom {
            count,
            more,
            empty: none,
            rows: Rows::new(ul),
            kind,
            shown: None,
        });
    }
    let mut buttons = vec![
        (play.clone(), BarAction::Clock(Shortcut::Play)),
        (back.clone(), BarAction::Clock(Shortcut::Back)),
        (step.clone(), BarAction::Clock(Shortcut::Step)),
        (expiry.clone(), BarAction::Clock(Shortcut::Expiry)),
        (open, BarAction::Open),
        (dismiss, BarAction::Dismiss),
        (hide, BarAction::Hide),
    ];
    buttons.extend(controls.map(|c| (c, BarAction::Controls)));
    Some(Dom {
        buttons,
        readout,
        time,
        play,
        back,
        step,
        expiry,
        speed,
        caption_n,
        caption,
        hint,
        summary,
        narration,
        notice,
        notice_text,
        lanes,
    })
}
