use super::backdrop::arrow_barbs;
use super::journeys::trail;
use super::style::{Frame, Palette, label};
use super::token::{shape, square_band};
use crate::stage::anim::Sprite;
use crate::stage::anim::{Travel, arc};
use crate::stage::layout::{Rect, Size};
use crate::stage::model::sample::k;
use crate::stage::model::{Key, Place, Token};
use crate::stage::pen::Pen as Cx;
use crate::stage::pen::{Arg, Op};

/// A frame at 0 s, nothing selected.
fn still(pal: &Palette) -> Frame<'_> {
    Frame {
        real: 0.0,
        virtual_ms: 0,
        lock_ms: 1,
        selected: None,
        pal,
        dpr: 1.0,
    }
}

/// On its way from a lane (labels) to a crowded receiver (small squares), a token is drawn
/// in the shape its box has on the way; at rest, in its slot's.
#[test]
fn a_token_between_a_label_and_a_small_square_takes_the_shape_of_its_box() {
    let t = Token::new(1, "order-1", 0);
    let on_its_way = Travel {
        from: (0.0, 0.0),
        to: (300.0, 0.0),
        along: 0.5,
        p: 0.5,
    };
    let sprite = |w: f64, h: f64, travel: Option<Travel>| Sprite {
        key: Key::Msg(k(1)),
        token: &t,
        size: Size::Mini,
        rect: Rect::new(100.0, 50.0, w, h),
        alpha: 1.0,
        travel,
        burst: false,
        from_place: Some(Place::Available),
        highlight: 0.0,
        live: true,
        place: Some(Place::Receiver(0)),
        caption: None,
        at_rest: travel.is_none(),
    };
    assert_eq!(shape(&sprite(70.0, 18.0, Some(on_its_way))), Size::Label);
    assert_eq!(shape(&sprite(18.0, 14.0, Some(on_its_way))), Size::Mini);
    assert_eq!(
        shape(&sprite(70.0, 18.0, None)),
        Size::Mini,
        "at rest: its slot's"
    );
}

/// A trail is the arc its token follows ([`arc`], the one `anim` moves it along), from the
/// leg's start up to the token; nothing at all before the token has moved.
#[test]
fn a_trail_is_the_arc_up_to_its_token_and_nothing_before_it_moved() {
    let pal = Palette::default();
    let f = still(&pal);
    let (from, to) = ((10.0, 300.0), (400.0, 120.0));
    let mut cx = Cx::new();
    let still = Travel {
        from,
        to,
        along: 0.0,
        p: 0.0,
    };
    trail(&mut cx, &still, false, &f);
    assert!(cx.is_empty(), "a trail of no length is not drawn");
    let along = 0.6;
    trail(&mut cx, &Travel { along, ..still }, false, &f);
    let points: Vec<(f64, f64)> = cx
        .commands()
        .filter(|(op, _)| matches!(op, Op::MoveTo | Op::LineTo))
        .map(|(_, args)| match args[..] {
            [Arg::Num(x), Arg::Num(y)] => (x, y),
            _ => panic!("{args:?}"),
        })
        .collect();
    assert_eq!(points.len(), 17);
    for (i, (x, y)) in points.into_iter().enumerate() {
        let (ax, ay) = arc(from, to, along * i as f64 / 16.0);
        assert!(
            (x - ax).abs() < 0.01 && (y - ay).abs() < 0.01,
            "{i}: ({x}, {y})"
        );
    }
}

/// A held copy's label keeps its id whole when the entity does not fit beside it.
#[test]
fn a_label_drops_the_entity_before_it_cuts_the_id() {
    assert_eq!(label("o1 · audit", 20.0), "o1 · audit");
    assert_eq!(label("o1 · audit", 10.0), "o1 · audit");
    assert_eq!(label("o1 · audit", 9.9), "o1");
    assert_eq!(label("o1 · audit", 6.0), "o1");
    assert_eq!(label("order-12 · audit", 5.0), "orde…");
    assert_eq!(label("order-12", 5.0), "orde…");
    assert_eq!(label("m1", 5.0), "m1");
}

/// A breaking ring's turn, for every angle it takes (0..=1 rad), is the cosine and sine.
#[test]
fn small_turn_is_cos_and_sin_up_to_one_radian() {
    for i in 0..=1000 {
        let x = f64::from(i) / 1000.0;
        let (c, s) = super::token::small_turn(x);
        assert!(
            (c - x.cos()).abs() < 1e-8 && (s - x.sin()).abs() < 1e-8,
            "{x}: {c}, {s}"
        );
    }
}

/// The barbs are what the angle arithmetic gave: the wire's angle ± 0.45 rad.
#[test]
fn arrow_barbs_turn_the_wire_by_0_45_rad() {
    let wires: [((f64, f64), (f64, f64)); 5] = [
        ((0.0, 0.0), (10.0, 0.0)),
        ((5.0, 5.0), (5.0, -20.0)),
        ((3.0, -1.0), (-7.5, 12.25)),
        ((100.0, 40.0), (20.0, 40.0)),
        ((1.0, 1.0), (1.0, 1.0)),
    ];
    for (from, to) in wires {
        let ang = (to.1 - from.1).atan2(to.0 - from.0);
        let want = [
            ((ang - 0.45).cos(), (ang - 0.45).sin()),
            ((ang + 0.45).cos(), (ang + 0.45).sin()),
        ];
        for (got, want) in arrow_barbs(from, to).into_iter().zip(want) {
            assert!(
                (got.0 - want.0).abs() < 1e-12 && (got.1 - want.1).abs() < 1e-12,
                "{from:?} -> {to:?}: {got:?}, want {want:?}"
            );
        }
    }
}

#[test]
fn a_square_ring_drains_clockwise_from_the_top_centre() {
    let (x, y, side, b) = (10.0, 20.0, 16.0, 2.0);
    // How much of the band's length the rectangles cover (each is `b` thick).
    let length = |rs: &[(f64, f64, f64, f64)]| rs.iter().map(|r| r.2 + r.3 - b).sum::<f64>();
    let band = |from: f64, to: f64| square_band(x, y, side, b, from, to).collect::<Vec<_>>();
    assert!(band(0.0, 0.0).is_empty());
    // Whole: four rectangles, one an edge, as long as the perimeter.
    let full = band(0.0, 1.0);
    assert_eq!(full.len(), 4);
    assert!((length(&full) - 4.0 * side).abs() < 1e-9);
    // An eighth: only the right half of the top edge.
    assert_eq!(band(0.0, 0.125), vec![(18.0, 20.0, 8.0, 2.0)]);
    // Three eighths: top right half and the right edge.
    assert_eq!(
        band(0.0, 0.375),
        vec![(18.0, 20.0, 8.0, 2.0), (24.0, 20.0, 2.0, 16.0)]
    );
    // Half: the bottom edge is drawn from the right, half of it.
    assert_eq!(band(0.0, 0.5)[2], (18.0, 34.0, 8.0, 2.0));
    // From three eighths on: the bottom, the left and the top's left half.
    assert_eq!(
        band(0.375, 1.0),
        vec![
            (10.0, 34.0, 16.0, 2.0),
            (10.0, 20.0, 2.0, 16.0),
            (10.0, 20.0, 8.0, 2.0)
        ]
    );
    // Proportional everywhere, never outside the square; a lock's ring (0..f) and the
    // drained track (f..1) make the whole band between them, in at most six rectangles.
    for i in 0..=100 {
        let f = f64::from(i) / 100.0;
        let (ring, track) = (band(0.0, f), band(f, 1.0));
        assert!((length(&ring) - f * 4.0 * side).abs() < 1e-9, "{f}");
        assert!(
            (length(&track) - (1.0 - f) * 4.0 * side).abs() < 1e-9,
            "{f}"
        );
        assert!(ring.len() + track.len() <= 6, "{f}: {ring:?} {track:?}");
        for (rx, ry, rw, rh) in ring.into_iter().chain(track) {
            assert!(rx >= x && ry >= y && rx + rw <= x + side + 1e-9 && ry + rh <= y + side + 1e-9);
        }
    }
}

/// A sender's note under its name ("20200 in flight") is drawn whole in a box that is a little
/// too narrow for it at its usual size, smaller but not below four fifths of that; only a much
/// longer one is cut.
#[test]
fn a_senders_note_shrinks_to_fit_before_it_is_cut() {
    use super::backdrop::note;
    let pal = Palette::default();
    let drawn = |text: &str| {
        let fr = crate::stage::layout::Frame {
            place: Place::Sender(0),
            rect: Rect::new(0.0, 0.0, 110.0, 46.0),
            body: Rect::new(0.0, 0.0, 110.0, 46.0),
            title: "S1".into(),
            note: text.into(),
            title_font: 13.6,
            dim: false,
        };
        let mut cx = Cx::new();
        note(&mut cx, &fr, &pal);
        let mut font = 0.0;
        let mut said = String::new();
        for (op, args) in cx.commands() {
            match (op, &args[..]) {
                (Op::Font, [Arg::Text(f)]) => {
                    font = f.split("px").next().unwrap().parse().unwrap();
                }
                (Op::FillText, [Arg::Text(t), ..]) => said.clone_from(t),
                _ => {}
            }
        }
        (said, font)
    };
    let usual: f64 = 13.6 * 0.85;
    let (said, font) = drawn("20200 in flight");
    assert_eq!(said, "20200 in flight");
    assert!(font < usual && font >= usual * 0.8 - 0.05, "{font}");
    let (said, font) = drawn("4");
    assert_eq!((said.as_str(), font), ("4", (usual * 10.0).round() / 10.0));
    let (said, _) = drawn("1000000 in flight, and more words");
    assert!(said.ends_with('…'), "{said}");
}

/// The queue's settings are drawn whole: beside its heading on a wide stage, on a line of their
/// own under it on the playground's 1280 px stage (where beside it they were cut).
#[test]
fn the_queue_settings_are_drawn_whole_beside_or_under_the_heading() {
    let pal = Palette::default();
    let f = still(&pal);
    let mut m = crate::stage::model::sample::base();
    m.summary = "lock 30 s · max delivery count 3".into();
    let drawn = |w: f64, h: f64| {
        let l = crate::stage::layout::layout(&m, w, h);
        let mut cx = Cx::new();
        super::places(&mut cx, &l, &f);
        let said: Vec<(String, f64)> = cx
            .commands()
            .filter_map(|(op, args)| match (op, &args[..]) {
                (Op::FillText, [Arg::Text(t), _, Arg::Num(y), ..]) => {
                    Some((t.clone(), (y - l.queue.y) / l.font))
                }
                _ => None,
            })
            .collect();
        said
    };
    let line = |said: &[(String, f64)], text: &str| {
        said.iter()
            .find(|(t, _)| t == text)
            .map(|(_, y)| *y)
            .unwrap_or_else(|| panic!("{text:?} not drawn whole: {said:?}"))
    };
    let wide = drawn(1600.0, 600.0);
    assert!((line(&wide, "lock 30 s · max delivery count 3") - line(&wide, "Queue")).abs() < 1e-9);
    let narrow = drawn(755.0, 315.0);
    assert!(line(&narrow, "lock 30 s · max delivery count 3") > line(&narrow, "Queue") + 0.9);
}
