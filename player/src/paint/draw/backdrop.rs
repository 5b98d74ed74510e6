//! Layer 1's pieces: what the backdrop is drawn from ([`Backdrop`]), the places with their
//! titles and notes, and the wires with their arrowheads.

use super::style::{Frame, Kind, Palette, fit, font, rounded, set_dash};
use crate::stage::layout::{Layout, Rect};
use crate::stage::model::Place;
use crate::stage::pen::Pen as Cx;
use crate::stage::text;
use crate::words::label;

/// What the backdrop of the picture is drawn from: the places, their titles and notes, the
/// wires and the `+N` chips. It changes far less often than the tokens (not when a token moves
/// between two slots of one place), so the page keeps its drawing until this changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Backdrop {
    size: (f64, f64, f64),
    queue: Rect,
    queue_title: String,
    frames: Vec<crate::stage::layout::Frame>,
    overflow: Vec<crate::stage::layout::Overflow>,
    wires: Vec<((f64, f64), (f64, f64))>,
    empty: Option<Rect>,
}

impl Backdrop {
    /// The backdrop of a layout.
    #[must_use]
    pub fn of(l: &Layout) -> Self {
        Self {
            size: (l.w, l.h, l.font),
            queue: l.queue,
            queue_title: l.queue_title.clone(),
            // Without the words that count (a frame's note, a `+N`'s number): those are drawn
            // with the tokens at rest ([`counts`]), so that a busy queue whose counts change at
            // every update does not redraw its backdrop each time.
            frames: l
                .frames
                .iter()
                .map(|fr| crate::stage::layout::Frame {
                    note: if fr.note.is_empty() { "" } else { "…" }.to_string(),
                    ..fr.clone()
                })
                .collect(),
            overflow: l
                .overflow
                .iter()
                .map(|o| crate::stage::layout::Overflow { n: 0, ..o.clone() })
                .collect(),
            wires: l.wires.iter().map(|w| (w.from, w.to)).collect(),
            empty: l.empty_receivers,
        }
    }
}

pub(super) fn places(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    let pal = f.pal;
    // The queue's outline and heading.
    cx.set_line_width(1.5);
    rounded(cx, l.queue, 10.0);
    cx.set_fill_style_str(&pal.card);
    cx.fill();
    cx.set_stroke_style_str(&pal.line);
    cx.stroke();
    font(cx, l.font, true, false);
    cx.set_text_baseline("middle");
    cx.set_fill_style_str(&pal.ink);
    // "Queue · lock 30 s · …", or "Entities · 1 topic · 2 subscriptions": the settings beside
    // the heading, or on lines of their own under it where the layout put them there.
    let (head, settings) = text::queue_heading(&l.queue_title);
    cx.fill_text(head, l.queue.x + l.font * 0.6, l.queue.y + l.font * 1.1);
    font(cx, l.font * 0.8, false, false);
    cx.set_fill_style_str(&pal.muted);
    if l.queue_settings.is_empty() {
        let shift = text::heading_shift(head);
        cx.fill_text(
            &fit(
                settings,
                text::settings_room_beside(head, l.queue.w, l.font),
            ),
            l.queue.x + l.font * (4.4 + shift),
            l.queue.y + l.font * 1.1,
        );
    }
    let room = text::settings_room_below(l.queue.w, l.font);
    for (i, line) in l.queue_settings.iter().enumerate() {
        cx.fill_text(
            &fit(line, room),
            l.queue.x + l.font * 0.6,
            l.queue.y + l.font * (2.1 + i as f64),
        );
    }
    for fr in &l.frames {
        let kind = match fr.place {
            Place::Scheduled => Some(Kind::Scheduled),
            Place::Available => Some(Kind::Available),
            Place::Deferred => Some(Kind::Deferred),
            Place::Dead | Place::DeadOf(_) => Some(Kind::Dead),
            Place::Receiver(_) => Some(Kind::Locked),
            Place::Active(_) => Some(Kind::Available),
            Place::Sender(_) => None,
        };
        cx.set_global_alpha(if fr.dim { 0.6 } else { 1.0 });
        rounded(cx, fr.rect, 8.0);
        cx.set_fill_style_str(
            if matches!(
                fr.place,
                Place::Scheduled | Place::Available | Place::Deferred | Place::Active(_)
            ) {
                &pal.bg
            } else {
                &pal.card
            },
        );
        cx.fill();
        let edge = kind.map_or(pal.line.as_str(), |k| pal.kind(k).0);
        cx.set_stroke_style_str(if fr.dim { &pal.muted } else { edge });
        cx.set_line_width(
            if matches!(
                fr.place,
                Place::Dead | Place::DeadOf(_) | Place::Receiver(_) | Place::Sender(_)
            ) {
                1.5
            } else {
                1.0
            },
        );
        if fr.dim {
            set_dash(cx, &[5.0, 4.0]);
        }
        cx.stroke();
        set_dash(cx, &[]);
        let (tx, ty) = title_at(fr);
        font(cx, fr.title_font, true, false);
        cx.set_fill_style_str(&pal.ink);
        let tf = fr.title_font;
        cx.fill_text(&fit(&fr.title, (fr.rect.w - tf) / (tf * 0.62)), tx, ty);
        cx.set_global_alpha(1.0);
    }
    if let Some(r) = l.empty_receivers {
        font(cx, l.font, false, false);
        cx.set_fill_style_str(&pal.muted);
        cx.set_text_align("center");
        let (x, y) = r.center();
        cx.fill_text(&label("stage-no-receiver"), x, y);
        cx.set_text_align("start");
    }
}

/// Where a frame's title is written (its baseline is the middle).
pub(super) fn title_at(fr: &crate::stage::layout::Frame) -> (f64, f64) {
    let tf = fr.title_font;
    if matches!(fr.place, Place::Sender(_)) {
        (
            fr.rect.x + tf * 0.6,
            fr.rect.y + fr.rect.h / 2.0 - if fr.note.is_empty() { 0.0 } else { tf * 0.55 },
        )
    } else {
        (fr.rect.x + tf * 0.5, fr.rect.y + tf * 0.85)
    }
}

/// A frame's note: under a sender's title, after any other's where there is room.
pub(super) fn note(cx: &mut Cx, fr: &crate::stage::layout::Frame, pal: &Palette) {
    let tf = fr.title_font;
    let (tx, ty) = title_at(fr);
    cx.set_text_baseline("middle");
    font(cx, tf * 0.85, false, false);
    cx.set_fill_style_str(if fr.dim {
        &pal.kinds[Kind::Dead as usize].0
    } else {
        &pal.muted
    });
    if matches!(fr.place, Place::Sender(_)) {
        // Under the name: as large as fits, down to four fifths of its size ("107200 in
        // flight" in a narrow box), and cut only below that.
        let room = (fr.rect.w - tf) / (tf * 0.5);
        let scale = (room / text::letters(&fr.note)).clamp(0.8, 1.0);
        font(cx, tf * 0.85 * scale, false, false);
        cx.fill_text(&fit(&fr.note, room / scale), tx, ty + tf * 1.15);
    } else {
        let title_w = text::letters(&fr.title) * tf * 0.62;
        let room = fr.rect.w - title_w - tf * 1.2;
        if room > tf * 1.5 {
            cx.fill_text(
                &fit(&fr.note, room / (tf * 0.85 * 0.55)),
                tx + title_w + tf * 0.4,
                ty,
            );
        }
    }
}

pub(super) fn wires(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    cx.set_stroke_style_str(&f.pal.line);
    cx.set_fill_style_str(&f.pal.line);
    cx.set_line_width(2.0);
    for w in &l.wires {
        let (fx, fy) = w.from;
        let (tx, ty) = w.to;
        cx.begin_path();
        cx.move_to(fx, fy);
        cx.line_to(tx, ty);
        cx.stroke();
        let s = l.font * 0.55;
        cx.begin_path();
        cx.move_to(tx, ty);
        for (bx, by) in arrow_barbs(w.from, w.to) {
            cx.line_to(tx - s * bx, ty - s * by);
        }
        cx.close_path();
        cx.fill();
    }
}

/// The arrowhead's two barbs at the end of a wire, as unit vectors pointing back from the tip:
/// the wire's direction turned by ±0.45 rad (rightwards for a wire of no length). Rotating the
/// direction vector needs no trigonometry at run time, so the playground's wasm carries no
/// sine, cosine or arctangent (docs/perf/size.md).
pub(super) fn arrow_barbs((fx, fy): (f64, f64), (tx, ty): (f64, f64)) -> [(f64, f64); 2] {
    /// cos 0.45 and sin 0.45 (a test checks them).
    const COS: f64 = 0.900_447_102_352_676_9;
    const SIN: f64 = 0.434_965_534_111_230_23;
    let (dx, dy) = (tx - fx, ty - fy);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = if len > 0.0 {
        (dx / len, dy / len)
    } else {
        (1.0, 0.0)
    };
    [
        (ux * COS + uy * SIN, uy * COS - ux * SIN),
        (ux * COS - uy * SIN, uy * COS + ux * SIN),
    ]
}
