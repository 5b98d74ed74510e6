//! Draws the stage with a [`Pen`](crate::stage::pen::Pen) (the canvas 2D vocabulary, recorded
//! and replayed on the canvas by `public/stage-paint.js`): places, wires, tokens with their
//! lock rings, journeys and endings. Everything it draws comes from an [`Animator`]
//! (positions) and the virtual clock (rings).

mod backdrop;
mod ending;
mod journeys;
mod style;
mod token;

pub use backdrop::Backdrop;
pub use style::{Frame, Palette};

use crate::stage::anim::{Animator, Ending, Sprite, Travel, burst_counts, burst_groups};
use crate::stage::layout::Layout;
use crate::stage::model::{Key, Place};
use crate::stage::pen::Pen as Cx;
use crate::words::counted;
use backdrop::{note, places, wires};
use ending::ending;
use journeys::{MAX_FLOW_PATHS, arc_path, trail, wire_sends};
use std::collections::HashSet;
use style::{font, label_chip, rounded, set_dash};
use token::{token, token_live};

fn reset_state(cx: &mut Cx) {
    cx.set_global_alpha(1.0);
}

/// Layer 1, the backdrop: background, places, wires and `+N` chips.
pub fn backdrop(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    reset_state(cx);
    cx.set_fill_style_str(&f.pal.bg);
    cx.fill_rect(0.0, 0.0, l.w, l.h);
    places(cx, l, f);
    wires(cx, l, f);
    for o in &l.overflow {
        cx.set_line_width(1.0);
        rounded(cx, o.rect, o.rect.h / 2.0);
        cx.set_fill_style_str(&f.pal.card);
        cx.fill();
        cx.set_stroke_style_str(&f.pal.muted);
        set_dash(cx, &[3.0, 3.0]);
        cx.stroke();
        set_dash(cx, &[]);
    }
}

/// The words that count, over the backdrop: each frame's note and each `+N`'s number (see
/// [`Backdrop::of`]).
fn counts(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    for fr in l.frames.iter().filter(|fr| !fr.note.is_empty()) {
        cx.set_global_alpha(if fr.dim { 0.6 } else { 1.0 });
        note(cx, fr, f.pal);
    }
    cx.set_global_alpha(1.0);
    cx.set_text_baseline("middle");
    for o in &l.overflow {
        font(cx, (o.rect.h * 0.55).min(l.font), true, true);
        cx.set_fill_style_str(&f.pal.ink);
        cx.set_text_align("center");
        let (x, y) = o.rect.center();
        cx.fill_text(&format!("+{}", o.n), x, y);
        cx.set_text_align("start");
    }
}

/// Layer 2, over the backdrop: every token at rest in its slot, without what changes with the
/// clock (the remaining part of its lock and its seconds). Returns the tokens it drew, which
/// [`live`] then leaves out until this layer is drawn again.
pub fn resting(cx: &mut Cx, a: &Animator, f: &Frame<'_>) -> HashSet<Key> {
    reset_state(cx);
    let l = a.layout();
    counts(cx, l, f);
    let mut drawn = HashSet::new();
    for s in a.sprites(f.real).filter(|s| s.at_rest) {
        token(cx, l, &s, f, false);
        drawn.insert(s.key);
    }
    drawn
}

/// Layer 3, drawn every frame over the other two: sends on the wires, journeys (trails and the
/// travelling tokens), tokens not in `baked`, every lock's remaining part and seconds, burst
/// labels and endings.
pub fn live(cx: &mut Cx, a: &Animator, f: &Frame<'_>, baked: &HashSet<Key>) {
    reset_state(cx);
    let l = a.layout();
    let sprites: Vec<Sprite<'_>> = a.sprites(f.real).collect();
    wire_sends(cx, l, f);
    // One trail per journey; a burst gets one per group (see below), not one per token.
    for s in &sprites {
        if let (Some(t), false) = (s.travel, s.burst) {
            trail(cx, &t, false, f);
        }
    }
    let groups = burst_groups(sprites.iter());
    for &(from, to, _) in &groups {
        let whole = Travel {
            from,
            to,
            along: 1.0,
            p: 0.0,
        };
        trail(cx, &whole, true, f);
    }
    // Journeys made at once (too many under way): one thin fading path per pair of places,
    // solid (a dashed path costs a canvas without a GPU several times more), at most
    // MAX_FLOW_PATHS of them.
    let mut flowing: Vec<(Place, Place)> = Vec::new();
    cx.set_stroke_style_str(&f.pal.accent);
    cx.set_line_width(1.5);
    for (flow, p) in a.flows(f.real) {
        if flowing.len() < MAX_FLOW_PATHS && !flowing.contains(&(flow.origin, flow.dest)) {
            flowing.push((flow.origin, flow.dest));
            cx.set_global_alpha(0.3 * (1.0 - p));
            arc_path(cx, flow.from, flow.to, 1.0, 8);
            cx.stroke();
        }
    }
    cx.set_global_alpha(1.0);
    // Tokens not in the resting layer, those at rest first, the travelling ones on top.
    let fresh = |s: &&Sprite<'_>| !(s.at_rest && baked.contains(&s.key));
    for s in sprites.iter().filter(fresh).filter(|s| s.travel.is_none()) {
        token(cx, l, s, f, true);
    }
    for s in &sprites {
        if s.travel.is_none() {
            token_live(cx, l, s, f);
        }
    }
    for s in sprites.iter().filter(|s| s.travel.is_some()) {
        token(cx, l, s, f, true);
        token_live(cx, l, s, f);
    }
    for ((x, y), n) in burst_counts(sprites.iter(), a.flows(f.real).map(|(flow, _)| flow)) {
        if n > 1 {
            label_chip(
                cx,
                (x, y - l.font),
                &counted("stage-moving", n as u64),
                l.font * 0.85,
                f,
            );
        }
    }
    for e in a.endings(f.real) {
        ending(cx, l, &e, f);
    }
    for (t, p) in a.tallies(f.real) {
        let more = match t.ending {
            Ending::Check => "stage-more-completed",
            Ending::Fade => "stage-more-left",
            Ending::Lost => "stage-more-lost",
            Ending::RingBreak => "stage-more-expired",
        };
        cx.set_global_alpha(1.0 - p * p);
        label_chip(cx, t.at, &counted(more, t.n as u64), l.font * 0.85, f);
    }
    cx.set_global_alpha(1.0);
}

#[cfg(test)]
mod tests;
