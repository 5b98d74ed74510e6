//! A token: its shape on the way, its card at rest, and what changes with the clock (the
//! remaining part of its lock, as a ring or a band, and its seconds).

use super::style::{
    Frame, Kind, Palette, fit, font, kind_of, label, label_room, rounded, session_colour, set_dash,
    without_entity,
};
use crate::stage::anim::Sprite;
use crate::stage::layout::{Layout, Rect, Size};
use crate::stage::model::{Key, Mark, Place};
use crate::stage::pen::Pen as Cx;
use crate::words;
use std::f64::consts::{FRAC_PI_2, TAU};

/// The shape a token is drawn in: its slot's, except on a journey between a lane's labels and a
/// crowded receiver's small squares, where its box changes shape on the way: a label while
/// the box is wide enough for one, a small square after (not a wide square box shrinking).
pub(super) fn shape(s: &Sprite<'_>) -> Size {
    match s.travel {
        Some(_) if s.rect.w > s.rect.h * 1.6 => Size::Label,
        Some(_) => Size::Mini,
        None => s.size,
    }
}

/// A token as drawn at rest (`live` false: into the still layer) or every frame (`live`).
pub(super) fn token(cx: &mut Cx, l: &Layout, s: &Sprite<'_>, f: &Frame<'_>, live: bool) {
    let pal = f.pal;
    let t = s.token;
    let r = s.rect;
    let size = shape(s);
    let kind = kind_of(s.place, t.mark);
    let (ink, fill) = pal.kind(kind);
    let stale = t.mark == Mark::Stale;
    cx.set_global_alpha(s.alpha * if stale { 0.55 } else { 1.0 });
    if s.highlight > 0.0 {
        rounded(cx, r.inset(-l.ring * 1.6), r.h);
        cx.set_fill_style_str(&pal.accent);
        cx.set_global_alpha(0.35 * s.highlight);
        cx.fill();
        cx.set_global_alpha(s.alpha);
    }
    let radius = if size == Size::Label { r.h / 2.0 } else { 0.0 };
    let outline = if stale { pal.muted.as_str() } else { ink };
    if size == Size::Mini {
        // A small square from two rectangles: no path, no stroke (a canvas without a GPU
        // rasterises a stroked path at many times the cost of a filled rectangle).
        let b = if s.travel.is_some() { 2.0 } else { 1.5 };
        cx.set_fill_style_str(outline);
        cx.fill_rect(r.x, r.y, r.w, r.h);
        cx.set_fill_style_str(fill);
        cx.fill_rect(r.x + b, r.y + b, r.w - 2.0 * b, r.h - 2.0 * b);
    } else {
        rounded(cx, r, radius);
        cx.set_fill_style_str(fill);
        cx.fill();
        cx.set_stroke_style_str(outline);
        cx.set_line_width(if s.travel.is_some() { 2.5 } else { 1.5 });
        if stale {
            set_dash(cx, &[3.0, 3.0]);
        }
        cx.stroke();
        set_dash(cx, &[]);
    }
    if let Some(sid) = &t.session {
        cx.set_fill_style_str(&session_colour(sid));
        cx.fill_rect(r.x + radius * 0.4, r.y + 2.0, 3.0, r.h - 4.0);
    }
    let selected = f.selected == Some(t.key.msg()) && !matches!(t.key, Key::Stale(..));
    if selected {
        rounded(cx, r.inset(-l.ring * 0.9), radius + l.ring);
        cx.set_stroke_style_str(&pal.accent);
        cx.set_line_width(3.0);
        cx.stroke();
    }
    // The lock ring drains in virtual time.
    let frac = lock_left(t, f).map(|(_, frac)| frac);
    match size {
        Size::Label => {
            let h = r.h;
            let mut text_x = r.x + h * 0.45;
            if frac.is_some() {
                // The ring's track (its remaining part is drawn by `token_live`).
                ring_track(cx, r.x + h * 0.5, r.y + h * 0.5, h * 0.3, h * 0.13, pal);
                text_x = r.x + h * 0.95;
            } else if stale {
                // The broken ring of a lock that is gone.
                cx.set_stroke_style_str(&pal.muted);
                cx.set_line_width(h * 0.1);
                cx.begin_path();
                cx.arc(r.x + h * 0.5, r.y + h * 0.5, h * 0.3, 0.3, 1.4);
                cx.stroke();
                cx.begin_path();
                cx.arc(r.x + h * 0.5, r.y + h * 0.5, h * 0.3, 2.2, 5.6);
                cx.stroke();
                text_x = r.x + h * 0.95;
            }
            let (px, chars) = label_room(r, text_x, l.font, t.count);
            font(cx, px, true, true);
            cx.set_fill_style_str(&pal.ink);
            cx.set_text_baseline("middle");
            cx.fill_text(&label(&t.id, chars), text_x, r.y + h * 0.52);
            if t.count > 0 {
                // Delivery count: pips up to 3, a number beyond.
                let x = r.right() - h * 0.45;
                cx.set_fill_style_str(&pal.kinds[Kind::Dead as usize].0);
                if t.count <= 3 {
                    for i in 0..t.count {
                        cx.begin_path();
                        cx.arc(
                            x,
                            r.y + h * (0.27 + 0.23 * f64::from(i)),
                            h * 0.085,
                            0.0,
                            TAU,
                        );
                        cx.fill();
                    }
                } else {
                    font(cx, px * 0.8, true, true);
                    cx.set_text_align("center");
                    cx.fill_text(&t.count.to_string(), x, r.y + h * 0.52);
                    cx.set_text_align("start");
                }
            }
        }
        Size::Mini => {
            // The track: all of it at rest (the still layer keeps it while the lock drains);
            // drawn every frame, only the part already drained (the rest is under the ring).
            if let Some(frac) = frac {
                square_ring(cx, r, l, f, (if live { frac } else { 0.0 }, 1.0), &pal.line);
            }
        }
    }
    if let Some(c) = s.caption {
        let px = (c.h * 0.8).min(l.font * 0.85);
        cx.set_text_baseline("middle");
        if matches!(s.place, Some(Place::Dead | Place::DeadOf(_))) {
            font(cx, px, true, true);
            cx.set_fill_style_str(ink);
            let reason = (t.reason.clone()).unwrap_or_else(|| words::label("stage-dead-lettered"));
            cx.fill_text(&fit(&reason, c.w / (px * 0.61)), c.x, c.y + c.h * 0.5);
        } else if stale {
            font(cx, px, false, false);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_align("center");
            cx.fill_text(&words::label("lock-lost"), c.x + c.w / 2.0, c.y + c.h * 0.5);
            cx.set_text_align("start");
        } else if let (Some(Place::Scheduled), Some(due)) = (s.place, t.due_ms) {
            // When it becomes active: a time on the clock, so it is drawn once, at rest.
            font(cx, px, false, true);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_align("center");
            let text = words::tenths("stage-due-at", due);
            cx.fill_text(
                &fit(&text, c.w / (px * 0.61)),
                c.x + c.w / 2.0,
                c.y + c.h * 0.5,
            );
            cx.set_text_align("start");
        }
    }
    cx.set_global_alpha(1.0);
}

/// What is left of a held token's lock at the frame's virtual time: ms and share of its full
/// lock (0..=1); `None` for a token without one (or whose lock is lost). The ring drawn every
/// frame and the drained track under it both come from here, so they meet.
pub(super) fn lock_left(t: &crate::stage::model::Token, f: &Frame<'_>) -> Option<(u64, f64)> {
    let left = t
        .until_ms
        .filter(|_| t.mark != Mark::Stale)?
        .saturating_sub(f.virtual_ms);
    let full = t.lock_ms.unwrap_or(f.lock_ms).max(1) as f64;
    Some((left, (left as f64 / full).clamp(0.0, 1.0)))
}

/// What changes with the clock alone: a held token's ring and its seconds.
pub(super) fn token_live(cx: &mut Cx, l: &Layout, s: &Sprite<'_>, f: &Frame<'_>) {
    let t = s.token;
    let Some((left, frac)) = lock_left(t, f) else {
        return;
    };
    let r = s.rect;
    cx.set_global_alpha(s.alpha);
    let warn = if frac < 0.25 {
        &f.pal.kinds[Kind::Dead as usize].0
    } else {
        &f.pal.kinds[Kind::Locked as usize].0
    };
    match shape(s) {
        Size::Label => {
            cx.set_line_width(r.h * 0.13);
            cx.set_stroke_style_str(warn);
            cx.begin_path();
            cx.arc(
                r.x + r.h * 0.5,
                r.y + r.h * 0.5,
                r.h * 0.3,
                -FRAC_PI_2,
                -FRAC_PI_2 + TAU * frac,
            );
            cx.stroke();
        }
        Size::Mini => square_ring(cx, r, l, f, (0.0, frac), warn),
    }
    if let Some(c) = s.caption
        && !matches!(s.place, Some(Place::Dead | Place::DeadOf(_)))
    {
        let px = (c.h * 0.8).min(l.font * 0.85);
        cx.set_text_baseline("middle");
        font(cx, px, false, true);
        cx.set_fill_style_str(&f.pal.muted);
        cx.set_text_align("center");
        // A held copy whose label had no room for its entity names it here, beside the time.
        let (_, chars) = label_room(r, r.x + r.h * 0.95, l.font, t.count);
        let time = words::seconds(left);
        let text = match without_entity(&t.id, chars) {
            Some((_, entity)) => fit(&format!("{entity} · {time}"), c.w / (px * 0.61)),
            None => time.to_string(),
        };
        cx.fill_text(&text, c.x + c.w / 2.0, c.y + c.h * 0.5);
        cx.set_text_align("start");
    }
    cx.set_global_alpha(1.0);
}

/// A lock ring's track: the full circle its remaining part drains along.
pub(super) fn ring_track(cx: &mut Cx, x: f64, y: f64, rad: f64, width: f64, pal: &Palette) {
    cx.set_line_width(width);
    cx.set_stroke_style_str(&pal.line);
    cx.begin_path();
    cx.arc(x, y, rad, 0.0, TAU);
    cx.stroke();
}

/// The lock ring of a small square token: a square band around it, the part from `from` to
/// `to` of its length (0..=1, clockwise from the top centre) drawn, in rectangles only.
/// Its rectangles are snapped to device pixels: a canvas without a GPU fills a rectangle on
/// whole pixels in about half the time of one it must antialias (1,250 small rectangles, the
/// rings of a busy stage: 2.1 → 1.1 ms a picture in Chromium here).
pub(super) fn square_ring(
    cx: &mut Cx,
    r: Rect,
    l: &Layout,
    f: &Frame<'_>,
    (from, to): (f64, f64),
    colour: &str,
) {
    let b = (l.ring * 0.5).max(1.5);
    // Square about the token's middle, on its shorter side: a token on its way from a label
    // to a small square is wider than high, and a band as wide as the label was a big box.
    let side = r.w.min(r.h);
    let (mx, my) = r.center();
    let o = Rect::new(mx - side / 2.0, my - side / 2.0, side, side).inset(-(l.ring * 0.45 + b));
    cx.set_fill_style_str(colour);
    let dpr = f.dpr.max(1.0);
    let snap = |v: f64| (v * dpr).round() / dpr;
    for (x, y, w, h) in square_band(o.x, o.y, o.w, b, from, to) {
        let (x0, y0, x1, y1) = (snap(x), snap(y), snap(x + w), snap(y + h));
        if x1 > x0 && y1 > y0 {
            cx.fill_rect(x0, y0, x1 - x0, y1 - y0);
        }
    }
}

/// The rectangles of the part from `from` to `to` (0..=1 of its length, clockwise from the
/// middle of the top edge) of a square band (outer corner `x`, `y`, side `side`, thickness
/// `b`). The whole band is four rectangles, one an edge.
pub(super) fn square_band(
    x: f64,
    y: f64,
    side: f64,
    b: f64,
    from: f64,
    to: f64,
) -> impl Iterator<Item = (f64, f64, f64, f64)> {
    // Drawn for every held token in every frame: no allocation.
    let (a, z) = (
        from.clamp(0.0, 1.0) * 4.0 * side,
        to.clamp(0.0, 1.0) * 4.0 * side,
    );
    let whole = a <= 0.0 && z >= 4.0 * side;
    let half = side / 2.0;
    // Where each piece starts along the band, and how long it is.
    let pieces = [
        (0.0, half),
        (half, side),
        (half + side, side),
        (half + 2.0 * side, side),
        (half + 3.0 * side, half),
    ];
    pieces
        .into_iter()
        .enumerate()
        .filter_map(move |(i, (start, len))| {
            if whole {
                return match i {
                    0 => Some((x, y, side, b)),
                    1 => Some((x + side - b, y, b, side)),
                    2 => Some((x, y + side - b, side, b)),
                    3 => Some((x, y, b, side)),
                    _ => None,
                };
            }
            // The part of this piece within a..z: `off` along it, `l` long.
            let (s0, s1) = (start.max(a), (start + len).min(z));
            let (off, l) = (s0 - start, s1 - s0);
            (l > 0.0).then_some(match i {
                0 => (x + half + off, y, l, b),
                1 => (x + side - b, y + off, b, l),
                2 => (x + side - off - l, y + side - b, l, b),
                3 => (x, y + side - off - l, b, l),
                _ => (x + off, y, l, b),
            })
        })
}

/// The cosine and sine of an angle of at most 1 rad (a breaking ring's turn), by their Taylor
/// series to the 10th and 11th powers (error below 3e-9 there): the page's only other use of
/// `f64::cos` and `f64::sin` was this, and they brought libm's versions with the reduction of
/// huge arguments, about 7.6 KB of wasm.
pub(super) fn small_turn(x: f64) -> (f64, f64) {
    let x2 = x * x;
    let (mut c, mut s) = (1.0, x);
    let (mut tc, mut ts) = (1.0, x);
    for k in 1..=5 {
        let k = f64::from(k);
        tc *= -x2 / ((2.0 * k - 1.0) * (2.0 * k));
        ts *= -x2 / ((2.0 * k) * (2.0 * k + 1.0));
        c += tc;
        s += ts;
    }
    (c, s)
}
