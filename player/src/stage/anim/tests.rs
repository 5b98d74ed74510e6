use super::*;
use crate::stage::layout::layout;
use crate::stage::model::sample::{base, k, with_available};
use crate::stage::model::{Mark, Token};

const W: f64 = 892.0;
const H: f64 = 502.0;

fn start(m: &Model) -> Animator {
    let mut a = Animator::default();
    a.reset(layout(m, W, H), m);
    a
}

fn sprite(a: &Animator, k: Key, now: f64) -> Sprite<'_> {
    a.sprites(now)
        .find(|s| s.key == k && s.live)
        .expect("drawn")
}

/// m1 moves from Available to R1.
/// m1 available (`m1`), then received by R1 (`m2`) at real time `now`: the animator
/// after that update.
fn received(now: f64, reduced: bool) -> (Animator, Model, Model) {
    let m1 = with_available(base(), &[1]);
    let mut a = start(&m1);
    let m2 = receive(&m1);
    a.update(layout(&m2, W, H), &m2, &[], now, reduced);
    (a, m1, m2)
}

fn receive(m: &Model) -> Model {
    let mut m2 = m.clone();
    let t = m2.available.tokens.remove(0);
    m2.available.total -= 1;
    m2.receivers[0].held.push(Token {
        until_ms: Some(5_000),
        ..t
    });
    m2.whereabouts = vec![(k(1), Place::Receiver(0))];
    m2
}

#[test]
fn easing_and_arc_ends() {
    assert_eq!(ease(0.0), 0.0);
    assert_eq!(ease(1.0), 1.0);
    assert!((ease(0.5) - 0.5).abs() < 1e-12);
    assert!(ease(0.25) < 0.25 && ease(0.75) > 0.75, "slow in, slow out");
    assert_eq!(arc((0.0, 0.0), (100.0, 0.0), 0.0), (0.0, 0.0));
    assert_eq!(arc((0.0, 0.0), (100.0, 0.0), 1.0), (100.0, 0.0));
    let mid = arc((0.0, 0.0), (100.0, 0.0), 0.5);
    assert!(mid.1 < -1.0, "the path bows up so it is seen as a path");
}

#[test]
fn a_change_of_place_is_a_journey_of_fixed_real_duration_between_the_two_places() {
    let m1 = with_available(base(), &[1]);
    let mut a = start(&m1);
    let from = a.layout().slot(Key::Msg(k(1))).expect("m1").rect;
    let m2 = receive(&m1);
    a.update(layout(&m2, W, H), &m2, &[], 1_000.0, false);
    let to = a.layout().slot(Key::Msg(k(1))).expect("m1").rect;
    // At the start it is where it was; halfway it is between; at the end it has arrived.
    assert_eq!(
        sprite(&a, Key::Msg(k(1)), 1_000.0).rect.center(),
        from.center()
    );
    let mid = sprite(&a, Key::Msg(k(1)), 1_000.0 + JOURNEY_MS / 2.0);
    let (mx, _) = mid.rect.center();
    assert!(
        mx > from.center().0 + 10.0 && mx < to.center().0 - 10.0,
        "{mx} between"
    );
    assert!(mid.travel.is_some());
    assert!(a.moving(Key::Msg(k(1)), 1_000.0 + JOURNEY_MS / 2.0));
    assert!(a.busy(1_000.0 + JOURNEY_MS - 1.0));
    let end = sprite(&a, Key::Msg(k(1)), 1_000.0 + JOURNEY_MS);
    assert_eq!(end.rect, to);
    assert!(end.travel.is_none());
    assert!(!a.busy(1_000.0 + JOURNEY_MS + 1.0));
    assert!(!a.moving(Key::Msg(k(1)), 1_000.0 + JOURNEY_MS));
}

#[test]
fn a_mass_ending_draws_a_few_endings_and_counts_the_rest() {
    // A large stage, so that more tokens than ENDINGS_AT_ONCE are in view.
    let (w, h) = (1_920.0, 1_080.0);
    let seqs: Vec<u64> = (1..=60).collect();
    let m1 = with_available(base(), &seqs);
    let mut a = Animator::default();
    a.reset(layout(&m1, w, h), &m1);
    let shown = a.layout().slots.len();
    assert!(shown > ENDINGS_AT_ONCE, "{shown} tokens on the stage");
    // All of them complete at once.
    let mut m2 = base();
    m2.whereabouts.clear();
    let cues: Vec<Cue> = seqs
        .iter()
        .map(|&seq| Cue::Left {
            seq: k(seq),
            how: Exit::Completed,
        })
        .collect();
    a.update(layout(&m2, w, h), &m2, &cues, 1_000.0, false);
    let endings: Vec<_> = a.endings(1_001.0).collect();
    assert_eq!(endings.len(), ENDINGS_AT_ONCE);
    assert!(endings.iter().all(|e| e.ending == Ending::Check));
    let tallies: Vec<_> = a.tallies(1_001.0).collect();
    assert_eq!(tallies.len(), 1);
    assert_eq!(tallies[0].0.ending, Ending::Check);
    assert_eq!(tallies[0].0.n, shown - ENDINGS_AT_ONCE, "every one counted");
    assert!(a.busy(1_000.0 + EXIT_MS - 1.0));
    assert!(!a.busy(1_000.0 + EXIT_MS + 1.0));
    assert_eq!(a.tallies(1_000.0 + EXIT_MS + 1.0).count(), 0);
}

#[test]
fn endings_of_many_updates_stay_under_the_cap_oldest_first_out() {
    let m = with_available(base(), &[1]);
    let mut a = start(&m);
    let slot = a.layout().slots[0].clone();
    // Endings that started over 100 earlier updates, five each.
    for i in 0..100u32 {
        for _ in 0..5 {
            a.effects.push(Effect {
                key: slot.key,
                ending: Ending::Fade,
                rect: slot.rect,
                t0: f64::from(i),
                born: f64::from(i),
                token: slot.token.clone(),
                size: slot.size,
            });
        }
        a.thin_endings(f64::from(i));
    }
    assert_eq!(a.effects.len(), MAX_ENDINGS);
    assert!(
        a.effects.iter().all(|e| e.t0 >= 90.0),
        "the newest are kept"
    );
    assert!(a.tallies.is_empty(), "five at once are all drawn");
}

#[test]
fn reduced_motion_highlights_at_the_destination_instead() {
    let (a, _, _) = received(0.0, true);
    let to = a.layout().slot(Key::Msg(k(1))).expect("m1").rect;
    let s = sprite(&a, Key::Msg(k(1)), 1.0);
    assert_eq!(s.rect, to, "no travel");
    assert!(s.travel.is_none());
    assert_eq!(s.highlight, 1.0);
    assert!(!a.moving(Key::Msg(k(1)), 1.0));
    assert_eq!(
        sprite(&a, Key::Msg(k(1)), HIGHLIGHT_MS + 1.0).highlight,
        0.0
    );
}

#[test]
fn a_journey_retargeted_midway_starts_from_where_the_token_is_drawn() {
    let (mut a, m1, _) = received(0.0, false);
    let halfway = sprite(&a, Key::Msg(k(1)), JOURNEY_MS / 2.0).rect;
    // Back to Available before arriving (a 100× clock).
    a.update(layout(&m1, W, H), &m1, &[], JOURNEY_MS / 2.0, false);
    let s = sprite(&a, Key::Msg(k(1)), JOURNEY_MS / 2.0);
    assert!((s.rect.x - halfway.x).abs() < 1e-9 && (s.rect.y - halfway.y).abs() < 1e-9);
}

#[test]
fn a_lane_whose_front_leaves_faster_than_a_glide_lasts_still_shows_its_tokens_near_their_slots() {
    // At 100× the page publishes every 50 ms and the front of the lane leaves at each: every
    // token shifts before its last glide is over. Eased in at every new target, the tokens
    // that came into view stayed near the `+N` they came out of (a pile), for good.
    let step = 50.0;
    let lane = |k: u64| with_available(base(), &((k + 1)..=(k + 400)).collect::<Vec<u64>>());
    let mut a = start(&lane(0));
    let mut seen_at: HashMap<Key, f64> = HashMap::new();
    for s in &a.layout().slots {
        seen_at.insert(s.key, 0.0);
    }
    for k in 1..=20u64 {
        let now = step * k as f64;
        let m = lane(k);
        a.update(layout(&m, W, H), &m, &[], now, false);
        for s in &a.layout().slots {
            seen_at.entry(s.key).or_insert(now);
        }
    }
    let now = step * 20.0 + step - 1.0;
    let mut checked = 0;
    for s in a.sprites(now).filter(|s| s.live) {
        let slot = a.layout().slot(s.key).expect("in the layout");
        if seen_at[&s.key] > now - 250.0 {
            continue;
        }
        checked += 1;
        let (dx, dy) = (
            s.rect.center().0 - slot.rect.center().0,
            s.rect.center().1 - slot.rect.center().1,
        );
        assert!(
            dx.abs() <= slot.rect.w && dy.abs() <= 2.5 * slot.rect.h,
            "{:?} is ({dx:.0}, {dy:.0}) from its slot",
            s.key
        );
    }
    assert!(checked >= 3, "{checked} tokens checked");
}

#[test]
fn a_message_completed_on_its_way_to_its_receiver_arrives_there_before_its_check_mark() {
    let (mut a, _, m2) = received(0.0, false);
    let held = a.layout().slot(Key::Msg(k(1))).expect("held").rect;
    // Completed a quarter of the way there (a fast clock).
    let mut m3 = m2.clone();
    m3.receivers[0].held = Default::default();
    m3.whereabouts.clear();
    let cue = Cue::Left {
        seq: k(1),
        how: Exit::Completed,
    };
    a.update(layout(&m3, W, H), &m3, &[cue], JOURNEY_MS / 4.0, false);
    let half = JOURNEY_MS / 2.0;
    assert_eq!(a.endings(half).count(), 0, "no check mark on the way");
    let on_its_way = a
        .sprites(half)
        .find(|s| s.key == Key::Msg(k(1)))
        .expect("still travelling");
    assert!(!on_its_way.live && on_its_way.travel.is_some() && on_its_way.alpha == 1.0);
    let e: Vec<Ended<'_>> = a.endings(JOURNEY_MS + 10.0).collect();
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].ending, e[0].rect), (Ending::Check, held));
    assert!(a.busy(JOURNEY_MS + EXIT_MS - 1.0));
    assert!(!a.busy(JOURNEY_MS + EXIT_MS + 1.0));
}

/// `m` with its first `n` available messages moved to the dead-letter queue.
fn dead_letter_first(m: &Model, n: usize) -> Model {
    let mut next = m.clone();
    for _ in 0..n {
        let mut t = next.available.tokens.remove(0);
        next.available.total -= 1;
        t.reason = Some("MaxDeliveryCountExceeded".into());
        for w in &mut next.whereabouts {
            if w.0 == t.key.msg() {
                w.1 = Place::Dead;
            }
        }
        // Newest first, so that they are the ones in view.
        next.dead.tokens.insert(0, t);
    }
    next.dead.total = next.dead.tokens.len();
    next
}

#[test]
fn journeys_beyond_the_cap_are_made_at_once_and_counted_on_a_flow() {
    // A fast clock: ten messages are dead-lettered at every update, 50 ms apart, each
    // update starting journeys before the last ones ended.
    let seqs: Vec<u64> = (1..=400).collect();
    let mut m = with_available(base(), &seqs);
    let mut a = start(&m);
    let mut made_at_once = 0;
    for k in 1..=12u32 {
        let now = 50.0 * f64::from(k);
        let next = dead_letter_first(&m, 10);
        a.update(layout(&next, W, H), &next, &[], now, false);
        let sprites: Vec<Sprite<'_>> = a.sprites(now).collect();
        let travelling = sprites.iter().filter(|s| s.travel.is_some()).count();
        assert!(travelling <= MAX_FLIGHTS, "{travelling} journeys under way");
        let fresh: usize = a
            .flows(now)
            .filter(|(f, _)| f.t0 == now)
            .map(|(f, _)| f.n)
            .sum();
        made_at_once += fresh;
        // Every journey under way or made at once is in the count written on the stage.
        let counted: usize = burst_counts(sprites.iter(), a.flows(now).map(|(f, _)| f))
            .iter()
            .map(|c| c.1)
            .sum();
        let bursting = sprites
            .iter()
            .filter(|s| s.burst && s.travel.is_some())
            .count();
        let flowing: usize = a.flows(now).map(|(f, _)| f.n).sum();
        assert_eq!(counted, bursting + flowing);
        m = next;
    }
    assert!(made_at_once > 0, "the cap was reached");
    // One made at once is in its new place at once: the last update's, in the dead-letter
    // queue's slots, where they are drawn at rest.
    let t = 50.0 * 12.0;
    let newest = m.dead.tokens[0].key;
    assert!(a.flows(t).any(|(f, _)| f.t0 == t && f.dest == Place::Dead));
    let s = sprite(&a, newest, t);
    assert_eq!(s.rect, a.layout().slot(newest).expect("in view").rect);
    assert!(s.travel.is_none() && s.at_rest);
    let later = 50.0 * 12.0 + JOURNEY_MS + 1.0;
    assert_eq!(a.flows(later).count(), 0);
    assert!(
        a.sprites(later)
            .all(|s| s.highlight == 0.0 && s.travel.is_none())
    );
}

#[test]
fn mass_endings_one_after_the_other_add_up_on_the_tally_shown() {
    let mut a = start(&base());
    for (k, n) in [(0u32, 30usize), (1, 20), (2, 25)] {
        let now = 50.0 * f64::from(k);
        for i in 0..n {
            a.effects.push(Effect {
                key: Key::Msg((i as u64).into()),
                ending: Ending::Check,
                rect: Rect::new(100.0 + f64::from(k) * 40.0, 100.0, 10.0, 10.0),
                t0: now,
                born: now,
                token: Token::new(i as u64, "m", 1),
                size: Size::Mini,
            });
        }
        a.thin_endings(now);
    }
    let shown: Vec<(&Tally, f64)> = a.tallies(100.0).collect();
    assert_eq!(shown.len(), 1, "one tally, not one per update");
    assert_eq!(shown[0].0.n, 75 - 3 * ENDINGS_AT_ONCE);
    assert_eq!(
        shown[0].0.at,
        (105.0, 105.0),
        "it stays where it was first shown"
    );
    // It fades a whole ending's time after the last one.
    assert!(a.tallies(100.0 + EXIT_MS - 1.0).count() == 1);
}

#[test]
fn a_send_travels_from_its_sender() {
    let m0 = base();
    let mut a = start(&m0);
    let m1 = with_available(base(), &[1]);
    a.update(
        layout(&m1, W, H),
        &m1,
        &[Cue::Sent {
            seq: k(1),
            sender: 0,
        }],
        0.0,
        false,
    );
    let s = sprite(&a, Key::Msg(k(1)), 0.0);
    let sender = a.layout().frame(Place::Sender(0)).expect("S1").rect;
    assert!((s.rect.right() - sender.right()).abs() < 1e-6);
    assert!(s.travel.is_some());
}

/// A topic `orders` with one subscription, and copy 7 routed into it (from `sender`).
fn routed(sender: Option<u16>) -> Animator {
    use crate::stage::model::Entity;
    let mut m0 = base();
    for (path, topic) in [("orders", true), ("orders/subscriptions/audit", false)] {
        m0.entities.push(Entity {
            path: path.into(),
            topic,
            ..Entity::default()
        });
    }
    let mut a = start(&m0);
    let mut m1 = m0.clone();
    m1.entities[1].active.push(Token::new(7, "o1", 0));
    m1.whereabouts = vec![(k(7), Place::Active(1))];
    a.update(
        layout(&m1, W, H),
        &m1,
        &[Cue::Routed {
            seq: k(7),
            topic: 0,
            sender,
        }],
        0.0,
        false,
    );
    a
}

#[test]
fn a_topics_copy_travels_from_the_topic_to_its_subscription() {
    let a = routed(None);
    let s = sprite(&a, Key::Msg(k(7)), 0.0);
    let topic = a.layout().frame(Place::Active(0)).expect("orders").rect;
    let (cx, cy) = s.rect.center();
    assert!(
        topic.contains(cx, cy),
        "{:?} starts outside {topic:?}",
        s.rect
    );
    assert!(s.travel.is_some());
    let end = sprite(&a, Key::Msg(k(7)), JOURNEY_MS * 2.0).rect;
    assert_eq!(Some(end), a.layout().slot(Key::Msg(k(7))).map(|x| x.rect));
}

#[test]
fn a_journeys_trail_is_the_arc_its_token_came_along() {
    let (a, _, _) = received(1_000.0, false);
    // Every point the token passes lies on the trail drawn at any later time.
    let passed: Vec<(f64, f64)> = (0..=20)
        .map(|i| {
            sprite(
                &a,
                Key::Msg(k(1)),
                1_000.0 + JOURNEY_MS * f64::from(i) / 40.0,
            )
        })
        .map(|s| s.rect.center())
        .collect();
    let later = sprite(&a, Key::Msg(k(1)), 1_000.0 + JOURNEY_MS / 2.0);
    let t = later.travel.expect("under way");
    assert_eq!(arc(t.from, t.to, t.along), later.rect.center());
    let trail: Vec<(f64, f64)> = (0..=2000)
        .map(|i| arc(t.from, t.to, t.along * f64::from(i) / 2000.0))
        .collect();
    for (x, y) in passed {
        let near = trail
            .iter()
            .map(|(tx, ty)| (tx - x).hypot(ty - y))
            .fold(f64::INFINITY, f64::min);
        assert!(near < 0.5, "({x}, {y}) is {near} px off the trail");
    }
}

#[test]
fn a_copy_from_a_sender_on_the_stage_travels_through_its_topic() {
    let a = routed(Some(0));
    let sender = a.layout().frame(Place::Sender(0)).expect("S1").rect;
    let topic = a.layout().frame(Place::Active(0)).expect("orders").rect;
    let slot = a.layout().slot(Key::Msg(k(7))).expect("its slot").rect;
    // It leaves from the sender's right edge,
    let s = sprite(&a, Key::Msg(k(7)), 0.0);
    let (x, y) = s.rect.center();
    assert!(
        sender.contains(x, y) && s.rect.right() <= sender.right() + 0.5,
        "{:?} starts outside {sender:?}",
        s.rect
    );
    // is in the topic's middle half way (by the eased time), trailing from the sender,
    let dur = JOURNEY_MS * VIA_FACTOR;
    let half = (0..=200)
        .map(|i| dur * f64::from(i) / 200.0)
        .find(|&t| ease(t / dur) >= 0.5)
        .expect("half way");
    let mid = sprite(&a, Key::Msg(k(7)), half);
    let (cx, cy) = topic.center();
    let (mx, my) = mid.rect.center();
    assert!(
        (mx - cx).abs() < 3.0 && (my - cy).abs() < 3.0,
        "{:?} half way, the topic's middle is {:?}",
        mid.rect,
        topic.center()
    );
    let early = sprite(&a, Key::Msg(k(7)), dur * 0.2);
    assert_eq!(early.travel.map(|t| t.from), Some((x, y)));
    // then trails from the topic to its slot, where it ends.
    let late = sprite(&a, Key::Msg(k(7)), dur * 0.9);
    assert_eq!(late.travel.map(|t| t.from), Some(topic.center()));
    let d = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    assert!(
        d(late.rect.center(), slot.center()) < d((cx, cy), slot.center()),
        "{:?} is not past the topic on its way to {slot:?}",
        late.rect
    );
    let end = sprite(&a, Key::Msg(k(7)), dur + 1.0).rect;
    assert_eq!(end, slot);
}

#[test]
fn a_renumbered_message_is_the_same_token() {
    let mut m0 = base();
    m0.scheduled.push(Token::new(1, "later", 0));
    m0.whereabouts = vec![(k(1), Place::Scheduled)];
    let mut a = start(&m0);
    let from = a.layout().slot(Key::Msg(k(1))).expect("scheduled").rect;
    let m1 = with_available(base(), &[]);
    let mut m1 = m1;
    m1.available.push(Token::new(3, "later", 0));
    m1.whereabouts = vec![(k(3), Place::Available)];
    a.update(
        layout(&m1, W, H),
        &m1,
        &[Cue::Renumbered {
            from: k(1),
            to: k(3),
        }],
        0.0,
        false,
    );
    assert_eq!(sprite(&a, Key::Msg(k(3)), 0.0).rect.center(), from.center());
    assert!(a.endings(0.0).next().is_none(), "nothing ended: it moved");
}

#[test]
fn completion_ends_with_a_check_mark_where_it_was() {
    let m1 = receive(&with_available(base(), &[1]));
    let mut a = start(&m1);
    let at = a.layout().slot(Key::Msg(k(1))).expect("held").rect;
    let mut m2 = m1.clone();
    m2.receivers[0].held = Default::default();
    m2.whereabouts.clear();
    a.update(
        layout(&m2, W, H),
        &m2,
        &[Cue::Left {
            seq: k(1),
            how: Exit::Completed,
        }],
        0.0,
        false,
    );
    let e: Vec<Ended<'_>> = a.endings(10.0).collect();
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].ending, e[0].rect), (Ending::Check, at));
    assert!(a.busy(EXIT_MS - 1.0));
    assert_eq!(a.endings(EXIT_MS + 1.0).count(), 0);
}

#[test]
fn lock_expiry_breaks_the_ring_and_leaves_a_stale_copy_while_the_token_goes_home() {
    let m1 = receive(&with_available(base(), &[1]));
    let mut a = start(&m1);
    let held_at = a.layout().slot(Key::Msg(k(1))).expect("held").rect;
    let mut m2 = with_available(base(), &[]);
    m2.available.push(Token::new(1, "m1", 1));
    m2.whereabouts = vec![(k(1), Place::Available)];
    let mut stale = Token::new(1, "m1", 0);
    stale.key = Key::Stale(k(1), 0);
    stale.mark = Mark::Stale;
    m2.receivers[0].held.push(stale);
    a.update(
        layout(&m2, W, H),
        &m2,
        &[Cue::LockBroke { seq: k(1) }],
        0.0,
        false,
    );
    let broke: Vec<Ended<'_>> = a.endings(1.0).collect();
    assert_eq!(
        (broke[0].ending, broke[0].rect),
        (Ending::RingBreak, held_at)
    );
    let home = sprite(&a, Key::Msg(k(1)), JOURNEY_MS / 2.0);
    assert!(home.travel.is_some(), "the token travels home");
    assert_eq!(home.token.count, 1, "with its count one higher");
    // The stale copy stays in the receiver.
    let stale = sprite(&a, Key::Stale(k(1), 0), 0.0);
    assert!(
        a.layout()
            .frame(Place::Receiver(0))
            .expect("R1")
            .rect
            .encloses(stale.rect)
    );
}

#[test]
fn going_out_of_view_travels_to_plus_n_and_coming_into_view_appears_in_its_slot() {
    let seqs: Vec<u64> = (1..=400).collect();
    let m1 = with_available(base(), &seqs);
    let mut a = start(&m1);
    // The first message is received: everything shifts, one hidden message comes into view.
    let m2 = receive(&m1);
    let mut m2 = m2;
    m2.whereabouts = seqs
        .iter()
        .map(|&s| {
            (
                k(s),
                if s == 1 {
                    Place::Receiver(0)
                } else {
                    Place::Available
                },
            )
        })
        .collect();
    a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
    let newly = a
        .layout()
        .slots
        .iter()
        .rfind(|s| s.place == Place::Available)
        .expect("a token")
        .key;
    let s = sprite(&a, newly, 0.0);
    let slot = a.layout().slot(newly).expect("in view").rect;
    assert_eq!(s.rect, slot, "it did not move: drawn in its slot at once");
    assert!(s.travel.is_none() && !a.moving(newly, 0.0));
    // And a visible message going to a place where it is not drawn (past the model's cap)
    // travels to that place's anchor, then is gone from the drawing.
    let mut m3 = m2.clone();
    let gone = m3.available.tokens.remove(0);
    m3.available.total -= 1;
    m3.deferred.total = 10_000;
    for (s, p) in &mut m3.whereabouts {
        if *s == gone.key.msg() {
            *p = Place::Deferred;
        }
    }
    a.update(layout(&m3, W, H), &m3, &[], 1_000.0, false);
    let to = a.layout().anchor(Place::Deferred).expect("deferred");
    let d = a
        .sprites(1_000.0 + JOURNEY_MS * 0.99)
        .find(|s| s.key == gone.key)
        .expect("departing");
    assert!(!d.live && d.travel.is_some());
    assert!(
        (d.rect.center().0 - to.center().0).abs() < 5.0,
        "it arrives at +N"
    );
    assert!(
        a.sprites(1_000.0 + JOURNEY_MS + 1.0)
            .all(|s| s.key != gone.key)
    );
}

#[test]
fn many_journeys_at_once_become_a_burst_never_dropped() {
    let seqs: Vec<u64> = (1..=60).collect();
    let mut m1 = with_available(base(), &seqs);
    m1.receivers.truncate(1);
    let mut a = start(&m1);
    // All 60 go to the dead-letter queue in one frame.
    let mut m2 = base();
    m2.receivers.truncate(1);
    for &s in &seqs {
        let mut t = Token::new(s, &format!("m{s}"), 3);
        t.reason = Some("MaxDeliveryCountExceeded".into());
        m2.dead.push(t);
    }
    m2.whereabouts = seqs.iter().map(|&s| (k(s), Place::Dead)).collect();
    a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
    assert_eq!(a.bursts(), 1);
    let moving: Vec<Sprite<'_>> = a.sprites(100.0).filter(|s| s.travel.is_some()).collect();
    let drawn_before = layout(&m1, W, H).slots.len();
    assert!(
        moving.len() >= drawn_before.min(60),
        "every visible move is drawn"
    );
    assert!(moving.iter().all(|s| s.burst));
    let groups = burst_groups(moving.iter());
    assert_eq!(groups.iter().map(|g| g.2).sum::<usize>(), moving.len());
}

#[test]
fn a_shift_inside_a_place_glides_briefly_without_a_journey() {
    let m1 = with_available(base(), &[1, 2]);
    let mut a = start(&m1);
    let m2 = {
        let mut m = receive(&m1);
        m.whereabouts = vec![(k(1), Place::Receiver(0)), (k(2), Place::Available)];
        m
    };
    a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
    let s = sprite(&a, Key::Msg(k(2)), GLIDE_MS / 2.0);
    assert!(s.travel.is_none());
    assert!(!a.moving(Key::Msg(k(2)), GLIDE_MS / 2.0));
    assert_eq!(
        sprite(&a, Key::Msg(k(2)), GLIDE_MS).rect,
        a.layout().slot(Key::Msg(k(2))).expect("m2").rect
    );
}
