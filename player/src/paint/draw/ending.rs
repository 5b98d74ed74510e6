//! A token's ending (consumed, dead-lettered, expired…), drawn where it ended.

use super::style::{Frame, Kind, fit, font, rounded};
use super::token::small_turn;
use crate::stage::anim::Ending;
use crate::stage::layout::{Layout, Size};
use crate::stage::pen::Pen as Cx;
use std::f64::consts::TAU;

pub(super) fn ending(cx: &mut Cx, l: &Layout, e: &crate::stage::anim::Ended<'_>, f: &Frame<'_>) {
    let pal = f.pal;
    let p = e.progress;
    let r = e.rect;
    let (x, y) = r.center();
    match e.ending {
        Ending::Check => {
            cx.set_global_alpha(1.0 - p);
            let rad = r.h * 0.6 + p * r.h * 0.3;
            cx.begin_path();
            cx.arc(x, y, rad, 0.0, TAU);
            cx.set_fill_style_str(&pal.ok);
            cx.fill();
            cx.set_stroke_style_str(&pal.card);
            cx.set_line_width(rad * 0.25);
            cx.begin_path();
            cx.move_to(x - rad * 0.45, y);
            cx.line_to(x - rad * 0.1, y + rad * 0.35);
            cx.line_to(x + rad * 0.5, y - rad * 0.35);
            cx.stroke();
        }
        Ending::Fade | Ending::Lost => {
            cx.set_global_alpha((1.0 - p) * 0.8);
            rounded(cx, r, r.h / 2.0);
            cx.set_fill_style_str(&pal.card);
            cx.fill();
            cx.set_stroke_style_str(&pal.muted);
            cx.set_line_width(1.0);
            cx.stroke();
            font(cx, (r.h * 0.5).min(l.font), false, true);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_baseline("middle");
            if r.w > r.h * 2.0 {
                cx.fill_text(
                    &fit(&e.token.id, (r.w - r.h * 0.6) / (r.h * 0.3)),
                    r.x + r.h * 0.45,
                    y,
                );
            }
            if e.ending == Ending::Lost {
                cx.set_stroke_style_str(&pal.kinds[Kind::Dead as usize].0);
                cx.set_line_width(3.0);
                cx.begin_path();
                cx.move_to(r.x, r.y);
                cx.line_to(r.right(), r.bottom());
                cx.move_to(r.x, r.bottom());
                cx.line_to(r.right(), r.y);
                cx.stroke();
            }
        }
        Ending::RingBreak => {
            // The ring bursts outward in pieces.
            cx.set_global_alpha(1.0 - p);
            cx.set_stroke_style_str(&pal.kinds[Kind::Dead as usize].0);
            cx.set_line_width(3.0);
            let rad = r.h * 0.35 + p * r.h * 0.8;
            let (cx0, cy0) = if e.size == Size::Label {
                (r.x + r.h * 0.5, y)
            } else {
                (x, y)
            };
            // Four pieces, one path (one stroke is far cheaper than four), each a quarter turn
            // on from the last and all turned by `p`.
            cx.begin_path();
            let (c, s) = small_turn(p);
            for (i, (dx, dy)) in [(c, s), (-s, c), (-c, -s), (s, -c)].into_iter().enumerate() {
                let a0 = i as f64 * TAU / 4.0 + p;
                cx.move_to(cx0 + rad * dx, cy0 + rad * dy);
                cx.arc(cx0, cy0, rad, a0, a0 + TAU / 8.0);
            }
            cx.stroke();
        }
    }
    cx.set_global_alpha(1.0);
}
