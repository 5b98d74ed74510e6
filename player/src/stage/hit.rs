//! A click or tap on the stage: the token under it (the inspector opens on it), else the
//! receiver or place under it. Small tokens get a more forgiving target, as fingers are wide.

use super::layout::{Layout, Rect};
use super::model::{Key, Place};

/// What a point on the stage lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A token.
    Token(Key),
    /// A place, outside any token (a receiver, a lane, a `+N`).
    Place(Place),
}

/// How far (px) from a token's edge a tap still lands on it, when no token is right under it.
pub const SLOP: f64 = 10.0;

/// The token drawn at `(x, y)` (`tokens` in drawing order: the last one is on top), else the
/// nearest token within [`SLOP`], else the innermost place there.
#[must_use]
pub fn hit(layout: &Layout, tokens: &[(Key, Rect)], x: f64, y: f64) -> Option<Hit> {
    if let Some((k, _)) = tokens.iter().rev().find(|(_, r)| r.contains(x, y)) {
        return Some(Hit::Token(*k));
    }
    let near = tokens
        .iter()
        .rev()
        .map(|(k, r)| (k, distance(*r, x, y)))
        .filter(|(_, d)| *d <= SLOP)
        .min_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((k, _)) = near {
        return Some(Hit::Token(*k));
    }
    // Frames do not overlap (the layout guarantees it), so the first one containing the
    // point is the only one.
    layout
        .frames
        .iter()
        .find(|f| f.rect.contains(x, y))
        .map(|f| Hit::Place(f.place))
}

/// Distance from a point to a rectangle (0 inside).
fn distance(r: Rect, x: f64, y: f64) -> f64 {
    let dx = (r.x - x).max(0.0).max(x - r.right());
    let dy = (r.y - y).max(0.0).max(y - r.bottom());
    // Not `hypot`: the wasm's only use of it would bring its code in for distances that are
    // pixels, far from overflow.
    (dx * dx + dy * dy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage::layout::layout;
    use crate::stage::model::sample::k;
    use crate::stage::model::{Model, ReceiverBox, Token};

    fn model() -> Model {
        let mut m = Model::default();
        m.available.push(Token::new(1, "m1", 0));
        m.available.push(Token::new(2, "m2", 0));
        m.receivers.push(ReceiverBox {
            name: "R1".into(),
            ..ReceiverBox::default()
        });
        m.receivers[0].held.push(Token::new(3, "m3", 1));
        m
    }

    fn rects(l: &Layout) -> Vec<(Key, Rect)> {
        l.slots.iter().map(|s| (s.key, s.rect)).collect()
    }

    #[test]
    fn a_point_on_a_token_hits_it() {
        let l = layout(&model(), 892.0, 502.0);
        let t = rects(&l);
        for s in &l.slots {
            let (x, y) = s.rect.center();
            assert_eq!(hit(&l, &t, x, y), Some(Hit::Token(s.key)));
        }
    }

    #[test]
    fn near_misses_land_on_the_nearest_token_and_open_space_on_the_place() {
        let l = layout(&model(), 892.0, 502.0);
        let t = rects(&l);
        let m3 = l.slot(Key::Msg(k(3))).expect("m3").rect;
        assert_eq!(
            hit(&l, &t, m3.right() + SLOP - 1.0, m3.center().1),
            Some(Hit::Token(Key::Msg(k(3))))
        );
        let r1 = l.frame(Place::Receiver(0)).expect("R1").rect;
        assert_eq!(
            hit(&l, &t, r1.right() - 2.0, r1.bottom() - 2.0),
            Some(Hit::Place(Place::Receiver(0)))
        );
        assert_eq!(hit(&l, &t, 0.5, 0.5), None, "the margin is nothing");
    }

    #[test]
    fn the_topmost_token_wins_where_two_are_drawn_over_each_other() {
        let l = layout(&model(), 892.0, 502.0);
        let r = Rect::new(10.0, 10.0, 50.0, 20.0);
        let t = vec![(Key::Msg(k(1)), r), (Key::Msg(k(2)), r)];
        assert_eq!(hit(&l, &t, 20.0, 20.0), Some(Hit::Token(Key::Msg(k(2)))));
    }
}
