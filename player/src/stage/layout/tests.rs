use super::*;
use crate::stage::model::sample::k;
use crate::stage::model::{Key, Mark, ReceiverBox, SenderBox, Token};

fn model(msgs: usize, receivers: usize, held_each: usize, dead: usize) -> Model {
    let mut m = Model {
        lock_ms: 30_000,
        summary: "lock 30 s · max delivery count 3".into(),
        ..Model::default()
    };
    m.senders.push(SenderBox {
        name: "S1".into(),
        ..SenderBox::default()
    });
    let mut seq = 0;
    let mut next = |id: &str| {
        seq += 1;
        Token::new(seq, &format!("{id}{seq}"), 0)
    };
    for _ in 0..msgs {
        m.available.push(next("m"));
    }
    for i in 0..receivers {
        let mut r = ReceiverBox {
            name: format!("R{}", i + 1).into(),
            ..ReceiverBox::default()
        };
        for _ in 0..held_each {
            let mut t = next("h");
            t.until_ms = Some(10_000);
            r.held.push(t);
        }
        m.receivers.push(r);
    }
    for _ in 0..dead {
        let mut t = next("d");
        t.reason = Some("MaxDeliveryCountExceeded".into());
        m.dead.push(t);
    }
    m
}

/// No two tokens (with their rings) overlap, every token lies inside its place, `+N`
/// tokens too, frames do not overlap one another (the queue's lanes are inside the
/// queue), everything is on the stage, and every message is either drawn or counted.
fn check(m: &Model, l: &Layout) {
    let stage = Rect::new(0.0, 0.0, l.w, l.h);
    let ringed: Vec<Rect> = l
        .slots
        .iter()
        .map(|s| s.rect.inset(-l.ring))
        .chain(l.overflow.iter().map(|o| o.rect.inset(-l.ring)))
        .collect();
    for (i, a) in ringed.iter().enumerate() {
        assert!(stage.encloses(*a), "token {i} {a:?} off the stage");
        for (j, b) in ringed.iter().enumerate().skip(i + 1) {
            assert!(!a.overlaps(*b), "tokens {i} {a:?} and {j} {b:?} overlap");
        }
    }
    for s in &l.slots {
        let f = l.frame(s.place).expect("a slot's place has a frame");
        assert!(
            f.body.encloses(s.rect.inset(-l.ring)),
            "{:?} outside {:?}",
            s.key,
            f.place
        );
        assert!(f.rect.encloses(f.body));
        if let Some(c) = s.caption {
            assert!(
                f.rect.encloses(c),
                "caption of {:?} outside its place",
                s.key
            );
        }
    }
    for o in &l.overflow {
        let f = l.frame(o.place).expect("overflow's place has a frame");
        assert!(
            f.body.encloses(o.rect.inset(-l.ring)),
            "+{} outside {:?}",
            o.n,
            o.place
        );
    }
    for (i, a) in l.frames.iter().enumerate() {
        assert!(stage.encloses(a.rect), "{:?} off the stage", a.place);
        for b in l.frames.iter().skip(i + 1) {
            assert!(
                !a.rect.overlaps(b.rect),
                "{:?} and {:?} overlap",
                a.place,
                b.place
            );
        }
        let in_queue = matches!(
            a.place,
            Place::Scheduled | Place::Available | Place::Deferred | Place::Active(_)
        );
        assert_eq!(
            in_queue,
            l.queue.encloses(a.rect),
            "{:?} and the queue",
            a.place
        );
    }
    // Every message is drawn, or counted in its place's +N.
    let queue = [
        Place::Scheduled,
        Place::Available,
        Place::Deferred,
        Place::Dead,
    ];
    let entities = m.entities.iter().enumerate().flat_map(|(i, e)| {
        let i = i as u16;
        core::iter::once(Place::Active(i)).chain((!e.topic).then_some(Place::DeadOf(i)))
    });
    let lanes = queue
        .into_iter()
        .filter(|_| m.entities.is_empty())
        .chain(entities)
        .chain((0..m.receivers.len()).map(|i| Place::Receiver(i as u16)));
    for p in lanes {
        let lane = m.lane(p).expect("a lane");
        let drawn = l.slots.iter().filter(|s| s.place == p).count();
        let more: usize = l
            .overflow
            .iter()
            .filter(|o| o.place == p)
            .map(|o| o.n)
            .sum();
        let frame = l.frame(p).expect("every lane has a frame");
        // A place too small for even one token shows its count in its title instead.
        let counted = if drawn + more == 0 && lane.total > 0 {
            frame.note.ends_with(&lane.total.to_string())
        } else {
            drawn + more == lane.total
        };
        assert!(
            counted,
            "{p:?}: {drawn} drawn + {more} more != {}",
            lane.total
        );
    }
}

const SIZES: [(f64, f64); 11] = [
    (1888.0, 1062.0), // 1920 wide, presenter
    (1856.0, 868.0),  // 1920×1080, the page's stage under the header and a lesson
    (1216.0, 565.0),  // 1280×800, the page's stage under a lesson and its caption
    (1680.0, 700.0),  // the widest page stage (2.4:1)
    (1232.0, 693.0),  // 1280 full width
    (892.0, 502.0),   // 1280 beside the side panel
    (736.0, 414.0),   // 768
    (351.0, 439.0),   // 375 portrait
    (359.0, 479.0),   // 375 portrait, 3:4
    (700.0, 350.0),   // a compact embed
    (788.0, 337.0),   // an 800 px compact embed (7:3)
];

/// A topic with `subs` subscriptions and a queue, `msgs` active and `dead` dead-lettered
/// messages in each; the topic has just dropped one.
fn entities_model(subs: usize, msgs: usize, dead: usize, receivers: usize) -> Model {
    let mut m = model(0, receivers, 1, 0);
    let mut paths = vec![("orders".to_string(), true)];
    paths.extend((0..subs).map(|i| (format!("orders/subscriptions/s{i}"), false)));
    paths.push(("replies".to_string(), false));
    let mut seq = 10_000;
    for (i, (path, topic)) in paths.into_iter().enumerate() {
        let mut e = Entity {
            path: path.into(),
            topic,
            ..Default::default()
        };
        if topic {
            let mut t = Token::new(seq, "gone", 0);
            t.mark = Mark::Dropped;
            e.active.push(t);
            e.note = "dropped: no subscription".into();
            m.whereabouts.push((k(seq), Place::Active(i as u16)));
            seq += 1;
        } else {
            for _ in 0..msgs {
                e.active.push(Token::new(seq, &format!("m{seq}"), 0));
                m.whereabouts.push((k(seq), Place::Active(i as u16)));
                seq += 1;
            }
            for _ in 0..dead {
                e.dead.push(Token::new(seq, &format!("d{seq}"), 3));
                m.whereabouts.push((k(seq), Place::DeadOf(i as u16)));
                seq += 1;
            }
        }
        m.entities.push(e);
    }
    m.whereabouts.sort_unstable();
    m
}

#[test]
fn several_entities_each_get_their_places_without_overlaps_at_every_size() {
    for &(w, h) in &SIZES {
        for subs in [1, 2, 3, 6] {
            for (msgs, dead, receivers) in [(0, 0, 1), (2, 1, 3), (300, 40, 8)] {
                let m = entities_model(subs, msgs, dead, receivers);
                let l = layout(&m, w, h);
                check(&m, &l);
                // One active place per entity, one dead-letter queue per queue and
                // subscription, and none of the one queue's places.
                let count = |f: fn(&Place) -> bool| l.frames.iter().filter(|x| f(&x.place)).count();
                assert_eq!(count(|p| matches!(p, Place::Active(_))), subs + 2);
                assert_eq!(count(|p| matches!(p, Place::DeadOf(_))), subs + 1);
                assert_eq!(
                    count(|p| matches!(p, Place::Available | Place::Dead | Place::Scheduled)),
                    0
                );
            }
        }
    }
    let m = entities_model(2, 1, 1, 2);
    let l = layout(&m, 1216.0, 565.0);
    let f = |i: u16| l.frame(Place::Active(i)).expect("frame");
    assert_eq!(f(0).title, "orders");
    assert_eq!(f(0).note, "dropped: no subscription");
    assert_eq!(f(1).title, "orders/subscriptions/s0");
    // Subscriptions are indented under their topic; the topic's dropped message is drawn.
    assert!(f(1).rect.x > f(0).rect.x);
    assert!(f(1).rect.y > f(0).rect.y && f(2).rect.y > f(1).rect.y);
    assert!(l.slots.iter().any(|s| s.place == Place::Active(0)));
    assert_eq!(
        l.frame(Place::DeadOf(3)).map(|f| f.title.as_str()),
        Some("Dead-letter: replies")
    );
    assert!(l.queue_title.starts_with("Entities · "));
}

#[test]
fn no_overlaps_one_to_fifty_receivers_every_size() {
    for &(w, h) in &SIZES {
        for n in [1, 2, 3, 5, 8, 12, 20, 33, 50] {
            for (msgs, held, dead) in [(0, 0, 0), (3, 1, 1), (1000, 4, 30)] {
                let m = model(msgs, n, held, dead);
                let l = layout(&m, w, h);
                check(&m, &l);
                assert_eq!(
                    l.frames
                        .iter()
                        .filter(|f| matches!(f.place, Place::Receiver(_)))
                        .count(),
                    n
                );
            }
        }
    }
}

#[test]
fn eight_receivers_show_their_lock_seconds_at_1280() {
    let m = model(10, 8, 2, 2);
    let l = layout(&m, 892.0, 502.0);
    check(&m, &l);
    let held: Vec<&Slot> = l
        .slots
        .iter()
        .filter(|s| matches!(s.place, Place::Receiver(_)))
        .collect();
    assert_eq!(held.len(), 16, "every held message of 8 receivers is drawn");
    assert!(held.iter().all(|s| s.size == Size::Label));
}

#[test]
fn capacity_and_plus_n() {
    let m = model(1000, 1, 0, 0);
    let l = layout(&m, 892.0, 502.0);
    let drawn = l
        .slots
        .iter()
        .filter(|s| s.place == Place::Available)
        .count();
    let o = l
        .overflow
        .iter()
        .find(|o| o.place == Place::Available)
        .expect("+N");
    assert!(drawn > 4, "a lane shows several tokens, got {drawn}");
    assert_eq!(drawn + o.n, 1000);
    // The +N token takes the cell after the last token.
    let last = l
        .slots
        .iter()
        .rfind(|s| s.place == Place::Available)
        .expect("a token");
    assert!(o.rect.y > last.rect.y || o.rect.x > last.rect.x);
    // A lane that fits exactly has no +N.
    let exact = model(drawn + 1, 1, 0, 0);
    let l2 = layout(&exact, 892.0, 502.0);
    assert!(l2.overflow.iter().all(|o| o.place != Place::Available));
    assert_eq!(
        l2.slots
            .iter()
            .filter(|s| s.place == Place::Available)
            .count(),
        drawn + 1
    );
    assert_eq!(fit(5, 5), 5);
    assert_eq!(fit(6, 5), 4);
    assert_eq!(fit(6, 0), 0);
}

#[test]
fn fifty_receivers_fit_and_shrink_their_tokens() {
    let m = model(0, 50, 4, 0);
    let l = layout(&m, 1232.0, 693.0);
    check(&m, &l);

    let frames: Vec<&Frame> = l
        .frames
        .iter()
        .filter(|f| matches!(f.place, Place::Receiver(_)))
        .collect();
    assert_eq!(frames.len(), 50);
    assert!(frames.iter().all(|f| f.rect.w > 30.0 && f.rect.h > 20.0));
    assert!(l.slots.iter().any(|s| s.size == Size::Mini));
}

#[test]
fn labels_reach_20px_on_a_full_window_1080p_stage_and_never_go_below_13() {
    assert!(font_for(1920.0) >= 20.0);
    assert!(font_for(1888.0) >= 20.0);
    assert_eq!(font_for(351.0), MIN_FONT);
    let l = layout(&model(3, 2, 1, 1), 351.0, 439.0);
    assert!(l.frames.iter().all(|f| f.title_font >= 10.0));
}

#[test]
fn positions_depend_only_on_the_model_and_size() {
    let m = model(20, 3, 2, 2);
    assert_eq!(layout(&m, 892.0, 502.0), layout(&m, 892.0, 502.0));
    let big = layout(&m, 1888.0, 1062.0);
    let small = layout(&m, 892.0, 502.0);
    let a = big.slot(Key::Msg(k(1))).expect("m1").rect;
    let b = small.slot(Key::Msg(k(1))).expect("m1").rect;
    assert!(a.w > b.w, "tokens grow with the stage");
}

#[test]
fn a_closed_receiver_is_dim_and_says_so_and_keeps_its_tokens() {
    let mut m = model(0, 2, 1, 0);
    m.receivers[0].link = Link::Closed;
    m.receivers[1].link = Link::Crashed;
    m.receivers[1].held.tokens[0].mark = Mark::Stale;
    let l = layout(&m, 892.0, 502.0);
    let f0 = l.frame(Place::Receiver(0)).expect("R1");
    assert!(f0.dim);
    assert_eq!(f0.note, "closed");
    assert_eq!(
        l.frame(Place::Receiver(1)).map(|f| f.note.as_str()),
        Some("crashed")
    );
    assert_eq!(
        l.slots
            .iter()
            .filter(|s| matches!(s.place, Place::Receiver(_)))
            .count(),
        2
    );
}

#[test]
fn dead_letter_rows_have_room_for_their_reason() {
    let m = model(0, 1, 0, 3);
    let l = layout(&m, 892.0, 502.0);
    let rows: Vec<&Slot> = l.slots.iter().filter(|s| s.place == Place::Dead).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|s| s.caption.is_some_and(|c| c.w > 60.0)));
    assert!(rows.windows(2).all(|w| w[0].rect.y < w[1].rect.y));
}

#[test]
fn anchors_lead_to_plus_n_or_the_middle_of_a_place() {
    let m = model(1000, 1, 0, 0);
    let l = layout(&m, 892.0, 502.0);
    let o = l
        .overflow
        .iter()
        .find(|o| o.place == Place::Available)
        .expect("+N");
    assert_eq!(l.anchor(Place::Available), Some(o.rect));
    let d = l.anchor(Place::Deferred).expect("deferred has a frame");
    assert!(l.frame(Place::Deferred).expect("frame").body.encloses(d) || d.w > 0.0);
    assert_eq!(l.anchor(Place::Receiver(7)), None);
}

#[test]
fn landscape_and_portrait() {
    assert!(!is_portrait(1600.0, 900.0));
    assert!(!is_portrait(800.0, 400.0));
    assert!(is_portrait(351.0, 439.0));
    let l = layout(&model(2, 2, 1, 1), 351.0, 439.0);
    let q = l.queue;
    let r = l.frame(Place::Receiver(0)).expect("R1").rect;
    let d = l.frame(Place::Dead).expect("DLQ").rect;
    assert!(
        q.bottom() <= r.y && r.bottom() <= d.y,
        "portrait stacks queue, receivers, DLQ"
    );
}

#[test]
fn the_queue_settings_go_under_its_heading_where_they_do_not_fit_beside_it() {
    // A wide stage: beside the heading.
    let m = model(2, 1, 1, 0);
    let l = layout(&m, 1600.0, 600.0);
    assert!(l.queue_settings.is_empty(), "{:?}", l.queue_settings);
    let top = |l: &Layout| l.frame(Place::Scheduled).unwrap().rect.y - l.queue.y;
    let beside = top(&l) / l.font;
    // The playground's stage at 1280 px: a queue about 185 px wide, on a line of its own, whole.
    let l = layout(&m, 755.0, 315.0);
    assert_eq!(l.queue_settings, vec!["lock 30 s · max delivery count 3"]);
    assert!(
        (top(&l) / l.font - beside - 1.0).abs() < 1e-9,
        "the lanes start a line lower"
    );
    check(&m, &l);
    // Longer settings take a second line, whole parts to a line; never more than two.
    let mut long = model(2, 1, 1, 0);
    long.summary = "блокировка 30 с · макс. число доставок 3 · TTL 1 мин · сеансы".into();
    let l = layout(&long, 755.0, 315.0);
    assert_eq!(
        l.queue_settings,
        vec![
            "блокировка 30 с",
            "макс. число доставок 3 · TTL 1 мин · сеансы"
        ]
    );
    assert!((top(&l) / l.font - beside - 2.0).abs() < 1e-9);
    check(&long, &l);
}
