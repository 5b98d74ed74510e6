//! What moves on the way: sends on the wires and the journeys' arcs and trails.

use super::style::{Frame, Kind, set_dash};
use crate::stage::anim::{Travel, arc};
use crate::stage::layout::Layout;
use crate::stage::pen::Pen as Cx;
use std::f64::consts::TAU;

/// Sends on the wires: as many dots as are in flight (up to a dozen), moving.
pub(super) fn wire_sends(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    for w in &l.wires {
        let (fx, fy) = w.from;
        let (tx, ty) = w.to;
        let n = w.in_flight.min(12);
        if n > 0 {
            let (ink, _) = f.pal.kind(Kind::Available);
            cx.set_fill_style_str(ink);
            for i in 0..n {
                let p = ((f.real / 600.0) + f64::from(i) / f64::from(n)).fract();
                cx.begin_path();
                cx.arc(
                    fx + (tx - fx) * p,
                    fy + (ty - fy) * p,
                    l.font * 0.28,
                    0.0,
                    TAU,
                );
                cx.fill();
            }
        }
    }
}

/// A path along the journeys' arc ([`arc`]) from `from` towards `to`, up to `upto` of it (its
/// parameter), in `steps` straight pieces.
pub(super) fn arc_path(cx: &mut Cx, from: (f64, f64), to: (f64, f64), upto: f64, steps: u32) {
    cx.begin_path();
    cx.move_to(from.0, from.1);
    for i in 1..=steps {
        let (x, y) = arc(from, to, upto * f64::from(i) / f64::from(steps));
        cx.line_to(x, y);
    }
}

/// At most this many paths of journeys made at once are drawn (see [`Animator::flows`]).
pub(super) const MAX_FLOW_PATHS: usize = 16;

/// The way a journey came: its leg's arc (the one the token follows, [`arc`]) up to where the
/// token is, dashed. Nothing for a token that has not gone a pixel yet.
pub(super) fn trail(cx: &mut Cx, t: &Travel, burst: bool, f: &Frame<'_>) {
    let (ax, ay) = arc(t.from, t.to, t.along);
    if (ax - t.from.0).abs() + (ay - t.from.1).abs() < 1.0 {
        return;
    }
    arc_path(cx, t.from, t.to, t.along, 16);
    let p = t.p;
    cx.set_stroke_style_str(&f.pal.accent);
    cx.set_global_alpha(if burst { 0.25 } else { 0.5 } * (1.0 - p * 0.6));
    cx.set_line_width(if burst { 1.5 } else { 3.0 });
    set_dash(cx, &[6.0, 5.0]);
    cx.stroke();
    set_dash(cx, &[]);
    cx.set_global_alpha(1.0);
}
