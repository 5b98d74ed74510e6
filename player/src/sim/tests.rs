//! The page's model, tested natively.

use super::*;
use crate::stage::model::Key;
use crate::stage::model::sample::k;

/// The page's key for message `seq` of the `i`th entity (in path order).
fn entity_seq(i: usize, seq: u64) -> MsgKey {
    MsgKey::in_entity(i, seq)
}

/// The entity (in path order) and sequence number of a key made by [`entity_seq`].
fn entity_of(key: MsgKey) -> Option<(usize, u64)> {
    Some((key.entity_index()?, key.seq()))
}

fn sim(script: &str) -> Sim {
    Sim::load(&format!(
        r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":5000,"max_delivery_count":3}},"script":[{script}]}}"#
    ))
    .expect("valid")
}

const SEND_RECEIVE: &str =
    r#"{"at_ms":0,"do":"send","by":"S1","id":"m1"},{"at_ms":500,"do":"receive","by":"R1"}"#;

#[test]
fn log_lines_carry_their_events_virtual_time_however_far_a_frame_jumps() {
    let mut s = sim(SEND_RECEIVE);
    s.advance_to(Instant::from_millis(20_000));
    let log = s.snapshot().log;
    let at = |needle: &str| {
        log.iter()
            .find(|l| l.text.contains(needle))
            .map(|l| l.t_ms)
            .unwrap_or_else(|| panic!("no line with {needle:?} in {log:?}"))
    };
    assert_eq!(at("R1 received m1"), 500);
    assert_eq!(at("m1's lock expired"), 5_500);
}

/// The lanes are built from borrowed glances (`Queue::glance`) and show what a copied
/// listing (`Queue::list`) shows, place for place: available, locked, deferred, scheduled
/// and dead-lettered messages, the first `LANE_CAP` as rows and the rest counted.
#[test]
fn snapshot_lanes_show_what_the_queue_lists_in_every_place() {
    let mut script: Vec<String> = (0..LANE_CAP + 5)
        .map(|i| format!(r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#))
        .collect();
    script.extend(
        [
            r#"{"at_ms":0,"do":"schedule","by":"S1","id":"later","scheduled_enqueue_ms":60000}"#,
            r#"{"at_ms":100,"do":"receive","by":"R1","max":4}"#,
            r#"{"at_ms":200,"do":"defer","by":"R1","msg":"m1"}"#,
            r#"{"at_ms":200,"do":"dead_letter","by":"R1","msg":"m2","reason":"Bad","description":"no good"}"#,
        ]
        .map(String::from),
    );
    let mut s = sim(&script.join(","));
    s.advance_to(Instant::from_millis(1_000));
    let q = s.world().queue();
    let rows = |ms: Vec<MessageView>| {
        let mut lane = Lane {
            total: ms.len(),
            rows: Vec::new(),
        };
        lane.rows = ms
            .iter()
            .take(LANE_CAP)
            .map(|m| s.glanced_row(s.world(), None, m.glance()))
            .collect();
        lane
    };
    let main = q.list(Listing::Main);
    let pick =
        |f: &dyn Fn(&MessageView) -> bool| rows(main.iter().filter(|m| f(m)).cloned().collect());
    let snap = s.snapshot();
    assert_eq!(
        snap.available,
        pick(&|m| m.locked_by.is_none() && m.state != MessageState::Deferred)
    );
    assert_eq!(snap.locked, pick(&|m| m.locked_by.is_some()));
    assert_eq!(
        snap.deferred,
        pick(&|m| m.locked_by.is_none() && m.state == MessageState::Deferred)
    );
    assert_eq!(snap.scheduled, rows(q.list(Listing::Scheduled)));
    assert_eq!(snap.dead_letter, rows(q.list(Listing::DeadLetter)));
    // Every place is occupied, and the long lane is cut at LANE_CAP.
    assert_eq!(snap.locked.total, 2, "{:?}", snap.locked);
    assert_eq!(snap.deferred.total, 1);
    assert_eq!(snap.scheduled.total, 1);
    assert_eq!(snap.dead_letter.rows[0].reason.as_deref(), Some("Bad"));
    assert!(snap.available.total > LANE_CAP);
    assert_eq!(snap.available.rows.len(), LANE_CAP);
}

const FAN_OUT: &str = include_str!("../../../examples/entities/topic-fan-out.json");

fn log_texts(s: &Sim) -> Vec<(u64, String)> {
    s.snapshot()
        .log
        .into_iter()
        .map(|l| (l.t_ms, l.text))
        .collect()
}

#[test]
fn a_document_with_entities_plays_and_its_log_names_each_entity() {
    let mut s = Sim::load(FAN_OUT).expect("an entity document loads");
    assert!(s.has_entities());
    s.advance_to(Instant::from_millis(2_000));
    let log = log_texts(&s);
    let has = |needle: &str| log.iter().any(|(_, l)| l.contains(needle));
    assert!(
        has("orders: o1 reached the topic: one copy each for audit, billing."),
        "{log:#?}"
    );
    assert!(
        has("orders/subscriptions/audit: S1 sent o2: accepted and stored as seq 2."),
        "{log:#?}"
    );
    assert!(
        has("orders/subscriptions/billing: B1 completed o1"),
        "{log:#?}"
    );
    assert!(!has("orders/subscriptions/billing: S1 sent o2"), "{log:#?}");
    // The timeline knows the whole story from the start.
    assert!(s.markers().any(|m| m.t_ms == 2_000 && m.id == "o1"));
    // A1's locks on audit's copies run out next.
    assert_eq!(s.next_event(), Some(Instant::from_millis(61_000)));
    assert_eq!(s.stopped(), None);
}

#[test]
fn the_stage_shows_every_entity_with_its_own_places_and_copies_keyed_apart() {
    let mut s = Sim::load(FAN_OUT).expect("loads");
    // The lesson publishes at 0.5 s, so that its fan-out is seen.
    s.advance_to(Instant::from_millis(500));
    let ids = |l: &model::Lane| {
        l.tokens
            .iter()
            .map(|t| t.id.to_string())
            .collect::<Vec<_>>()
    };
    let m = s.stage_model();
    let paths: Vec<&str> = m.entities.iter().map(|e| &*e.path).collect();
    assert_eq!(
        paths,
        [
            "orders",
            "orders/subscriptions/audit",
            "orders/subscriptions/billing"
        ]
    );
    assert!(m.entities[0].topic && !m.entities[1].topic);
    assert_eq!(ids(&m.entities[1].active), ["o1", "o2"]);
    assert_eq!(ids(&m.entities[2].active), ["o1"]);
    assert!(m.available.tokens.is_empty());
    let keys: BTreeSet<_> = m.whereabouts.iter().map(|w| w.0).collect();
    assert_eq!(
        keys.len(),
        3,
        "copies numbered 1 in two subscriptions are told apart"
    );
    assert_eq!(m.place_of(entity_seq(2, 1)), Some(Place::Active(2)));
    assert_eq!(Place::Active(2).name(&m), "orders/subscriptions/billing");
    s.advance_to(Instant::from_millis(1_000));
    let m = s.stage_model();
    let held = |r: &str| {
        m.receivers
            .iter()
            .find(|x| &*x.name == r)
            .map(|x| ids(&x.held))
            .unwrap_or_default()
    };
    assert_eq!(held("A1"), ["o1 · audit", "o2 · audit"]);
    assert_eq!(held("B1"), ["o1 · billing"]);
    assert_eq!(m.lock_ms, 60_000);
    // Each held token's ring is full at its own entity's lock duration.
    let mut s2 = Sim::load(include_str!(
        "../../../examples/entities/competing-consumers-subscription.json"
    ))
    .expect("loads");
    s2.advance_to(Instant::from_millis(100));
    let m2 = s2.stage_model();
    let held: Vec<_> = m2.receivers.iter().flat_map(|r| &r.held.tokens).collect();
    assert_eq!(held.len(), 3);
    assert!(held.iter().all(|t| t.lock_ms == Some(5_000)), "{held:?}");
    assert_eq!(m2.lock_ms, 60_000, "audit keeps the default lock");
    s.advance_to(Instant::from_millis(2_000));
    let m = s.stage_model();
    let total = |r: &str| {
        m.receivers
            .iter()
            .find(|x| &*x.name == r)
            .map(|x| x.held.total)
    };
    assert_eq!((total("A1"), total("B1")), (Some(2), Some(0)));
}

#[test]
fn a_topics_scheduled_message_waits_on_the_topic_until_it_is_routed() {
    let doc = r#"{"settle": 1, "entities": {"orders": {"type": "topic", "subscriptions": {"audit": {}}}},
        "script": [{"at_ms": 0, "do": "schedule", "by": "S", "to": "orders", "id": "s1", "scheduled_enqueue_ms": 5000}]}"#;
    let mut s = Sim::load(doc).expect("loads");
    s.advance_to(Instant::from_millis(1_000));
    let m = s.stage_model();
    let on = |m: &Model, i: usize| {
        m.entities[i]
            .active
            .tokens
            .iter()
            .map(|t| (t.id.to_string(), t.due_ms))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        on(&m, 0),
        [("s1".to_string(), Some(5_000))],
        "held by the topic, due at 5 s"
    );
    assert!(on(&m, 1).is_empty());
    assert_eq!(m.place_of(entity_seq(0, 1)), Some(Place::Active(0)));
    s.advance_to(Instant::from_millis(5_000));
    let m = s.stage_model();
    assert!(on(&m, 0).is_empty(), "routed at 5 s");
    assert_eq!(on(&m, 1), [("s1".to_string(), None)]);
    // Watched, not acted in: only the clients the story names.
    assert!(m.receivers.is_empty(), "no receiver of the page's own");
}

#[test]
fn the_inspector_names_a_copys_entity_and_offers_its_holder_the_settlement() {
    let mut s = Sim::load(FAN_OUT).expect("loads");
    s.advance_to(Instant::from_millis(1_000));
    s.select(Some(entity_seq(2, 1)));
    let d = s.snapshot().detail.expect("billing's copy of o1");
    assert_eq!(d.id, "o1");
    assert_eq!(d.seq, entity_seq(2, 1));
    assert_eq!(d.held_by.as_deref(), Some("B1"));
    let field = |k: &str| d.fields.iter().find(|f| f.0 == k).map(|f| f.1.clone());
    assert_eq!(
        field("Entity").as_deref(),
        Some("orders/subscriptions/billing")
    );
    assert_eq!(field("SequenceNumber").as_deref(), Some("1"));
    assert_eq!(field("Where").as_deref(), Some("locked by B1"));
    s.select(Some(entity_seq(9, 1)));
    assert_eq!(s.snapshot().detail, None);
}

#[test]
fn a_copy_travels_from_its_sender_through_its_topic_and_a_dropped_message_shows_on_the_topic_for_a_moment()
 {
    let mut s = Sim::load(FAN_OUT).expect("loads");
    s.take_cues();
    s.advance_to(Instant::from_millis(500));
    let cues = s.take_cues();
    assert!(
        cues.contains(&Cue::Routed {
            seq: entity_seq(1, 1),
            topic: 0,
            sender: Some(0)
        }),
        "{cues:?}"
    );
    assert!(
        cues.contains(&Cue::Routed {
            seq: entity_seq(2, 1),
            topic: 0,
            sender: Some(0)
        }),
        "{cues:?}"
    );
    assert!(
        !cues.iter().any(|c| matches!(c, Cue::Sent { .. })),
        "{cues:?}"
    );
    let mut s =
        Sim::load(include_str!("../../../examples/entities/rules-change.json")).expect("loads");
    // o1 reaches a subscription with no rules at 0: dropped.
    let m = s.stage_model();
    assert_eq!(m.entities[0].note, "dropped: no subscription");
    assert_eq!(m.entities[0].active.tokens[0].id.as_ref(), "o1");
    assert_eq!(m.entities[0].active.tokens[0].mark, Mark::Dropped);
    s.advance_to(Instant::from_millis(RECENT_MS - 100));
    let before = s.generation();
    s.advance_to(Instant::from_millis(RECENT_MS));
    // Nothing happened between, but the stage changed: it is told so.
    assert!(s.generation() > before);
    let m = s.stage_model();
    assert!(m.entities[0].active.tokens.is_empty() && m.entities[0].note.is_empty());
    // Seeking back shows it again.
    s.seek(Instant::from_millis(100));
    assert_eq!(s.stage_model().entities[0].note, "dropped: no subscription");
}

#[test]
fn an_entity_document_seeks_back_and_forth_to_what_a_fresh_run_shows() {
    for doc in [
        FAN_OUT,
        include_str!("../../../examples/entities/poison-copy.json"),
        include_str!("../../../examples/entities/request-reply.json"),
        include_str!("../../../examples/entities/competing-consumers-subscription.json"),
    ] {
        let mut s = Sim::load(doc).expect("loads");
        let end = s.scenario().run_until.as_millis();
        let times = [end, end / 3, 0, end / 2 + 7, end, 1, end / 4];
        for &t in &times {
            s.seek(Instant::from_millis(t));
            let mut fresh = Sim::load(doc).expect("loads");
            fresh.advance_to(Instant::from_millis(t));
            assert_eq!(log_texts(&s), log_texts(&fresh), "at {t} ms");
            assert_eq!(s.stage_model(), fresh.stage_model(), "at {t} ms");
            assert_eq!(s.now(), fresh.now());
        }
        // Stepping visits every busy instant until nothing is left.
        let mut fresh = Sim::load(doc).expect("loads");
        let mut n = 0;
        while fresh.step() {
            n += 1;
            assert!(n < 10_000);
        }
        assert!(n > 0);
        let last = fresh.now();
        assert!(fresh.step_back());
        assert!(fresh.now() < last);
    }
}

#[test]
fn a_person_sends_receives_and_settles_in_an_entity_document_and_the_export_replays_it() {
    const AUDIT: &str = "orders/subscriptions/audit";
    const BILLING: &str = "orders/subscriptions/billing";
    let mut s = Sim::load(FAN_OUT).expect("loads");
    s.advance_to(Instant::from_millis(1_500));
    let snap = s.snapshot();
    assert_eq!(snap.send_targets, ["orders"]);
    assert_eq!(snap.receive_paths, [AUDIT, BILLING]);
    let sender = snap.senders.iter().find(|x| x.name == "S1").expect("S1");
    assert_eq!(sender.to.as_deref(), Some("orders"));
    // A1 receives from audit (its script says so): fixed.
    let a1 = snap.receivers.iter().find(|r| r.name == "A1").expect("A1");
    assert_eq!((a1.from.as_deref(), a1.from_fixed), (Some(AUDIT), true));
    // S1 publishes p1 for the EU: a copy for audit and one for billing.
    let form = SendForm {
        id: "p1".into(),
        body: "x".into(),
        properties: "region=eu".into(),
        ..SendForm::default()
    };
    s.send("S1", &form);
    let log = log_texts(&s);
    assert!(
        log.iter().any(|(t, l)| *t == 1_500
            && l.contains("p1 reached the topic: one copy each for audit, billing.")),
        "{log:#?}"
    );
    // A new receiver takes the first receive path until the person chooses another.
    s.add_receiver();
    let r1 = |s: &Sim| receiver_view(s, "R1");
    assert_eq!(
        (r1(&s).from.as_deref(), r1(&s).from_fixed),
        (Some(AUDIT), false)
    );
    s.choose_receive_entity("R1", "orders");
    assert_eq!(
        r1(&s).from.as_deref(),
        Some(AUDIT),
        "a topic is not received from"
    );
    s.choose_receive_entity("R1", BILLING);
    s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
    let held = r1(&s).held;
    assert_eq!(held.len(), 1, "{:?}", r1(&s));
    assert_eq!((held[0].id.as_str(), held[0].seq), ("p1", 2));
    assert_eq!(
        entity_of(held[0].key),
        Some((2, 2)),
        "billing is the third path"
    );
    // Fixed now: one receive entity per client.
    s.choose_receive_entity("R1", AUDIT);
    assert_eq!(
        (r1(&s).from.as_deref(), r1(&s).from_fixed),
        (Some(BILLING), true)
    );
    // The stage shows R1 holding billing's copy; the inspector can settle it.
    s.select(Some(held[0].key));
    assert_eq!(
        s.snapshot().detail.and_then(|d| d.held_by),
        Some("R1".to_string())
    );
    s.select(None);
    s.advance_to(Instant::from_millis(2_500));
    s.settle("R1", held[0].key, Settle::DeadLetter, "Bad", "");
    assert_eq!(r1(&s).error, None);
    let dead = |s: &Sim| {
        Some(&s.tl.run()).map(|run| {
            let w = run.namespace().world(BILLING).expect("billing");
            w.queue()
                .list(Listing::DeadLetter)
                .iter()
                .map(|m| {
                    (
                        m.id.to_string(),
                        m.dead_letter_reason.as_ref().map(ToString::to_string),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(dead(&s), Some(vec![("p1".into(), Some("Bad".into()))]));
    s.advance_to(Instant::from_millis(3_000));
    // The export addresses every step as the format asks, and replays to what the page shows.
    let text = s.export();
    assert!(
        text.contains("\"to\": \"orders\"") && text.contains(&format!("\"from\": \"{BILLING}\"")),
        "{text}"
    );
    let replayed = played_to(&text, 3_000);
    assert_eq!(dead(&replayed), dead(&s));
    assert_eq!(state(&s), state(&replayed));
    for t in [0, 1_500, 2_000, 2_500] {
        s.seek(Instant::from_millis(t));
        assert_eq!(state(&s), state(&played_to(&text, t)), "at {t}");
    }
    // Acting after going back forks: the dead-lettering at 2.5 s is dropped.
    s.seek(Instant::from_millis(2_000));
    s.settle("R1", held[0].key, Settle::Complete, "", "");
    assert_eq!(s.later_actions(), 0);
    assert_eq!(dead(&s), Some(vec![]));
    s.advance_to(Instant::from_millis(3_000));
    assert_eq!(dead(&s), Some(vec![]));
    let text = s.export();
    assert!(!text.contains("\"dead_letter\""), "{text}");
    assert_eq!(state(&s), state(&played_to(&text, 3_000)));
    // The timeline's markers follow the new story.
    assert!(
        s.markers().any(|m| m.t_ms == 2_000 && m.id == "p1"),
        "the completion is marked"
    );
}

#[test]
fn an_entity_documents_automated_actors_say_what_they_did_in_their_panels_and_on_the_stage() {
    let mut s = Sim::load(include_str!(
        "../../../examples/entities/session-workers.json"
    ))
    .expect("loads");
    s.advance_to(Instant::from_millis(5_000));
    let snap = s.snapshot();
    let shop = snap
        .senders
        .iter()
        .find(|x| x.name == "Shop")
        .expect("Shop");
    assert_eq!(shop.to.as_deref(), Some("jobs"));
    let auto = shop.auto.as_deref().expect("the sender is automated");
    assert!(auto.starts_with("Automated: 9 started"), "{auto}");
    let workers = receiver_view(&s, "Workers");
    assert_eq!(workers.from.as_deref(), Some("jobs/subscriptions/work"));
    assert!(workers.sessions, "work requires sessions");
    let auto = workers.auto.as_deref().expect("the receiver is automated");
    assert!(
        auto.starts_with("Automated: ") && !auto.starts_with("Automated: 0 received"),
        "{auto}"
    );
    let m = s.stage_model();
    // On the stage too: the sender and the session processor are drawn automated.
    let automated = |name: &str| {
        m.senders
            .iter()
            .map(|x| (&x.name, x.automated))
            .chain(m.receivers.iter().map(|x| (&x.name, x.automated)))
            .any(|(n, a)| &**n == name && a)
    };
    assert!(automated("Shop") && automated("Workers"));
}

#[test]
fn a_receiver_whose_script_names_no_entity_receives_from_the_first_and_its_steps_follow() {
    // R's script only completes m1 at 2 s: it names no receive entity, so until R receives
    // that completion addresses nothing (and fails).
    let doc = r#"{"settle": 1, "run_until_ms": 3000,
        "entities": {"t": {"type": "topic", "subscriptions": {"s": {}}}, "q": {"type": "queue"}},
        "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"},
                   {"at_ms": 2000, "do": "complete", "by": "R", "msg": "m1"}]}"#;
    let mut s = Sim::load(doc).expect("loads");
    let r = |s: &Sim| receiver_view(s, "R");
    // The first receive path in path order ("q" before "t/subscriptions/s"), not fixed.
    assert_eq!(
        (r(&s).from.as_deref(), r(&s).from_fixed),
        (Some("q"), false)
    );
    s.advance_to(Instant::from_millis(1_000));
    s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
    assert_eq!(r(&s).held.len(), 1);
    assert!(r(&s).from_fixed);
    // Now R receives from q, and by rule 3 its scripted completion addresses q too, as
    // the exported document says: at 2 s it completes m1, here as in `settle run`.
    s.advance_to(Instant::from_millis(3_000));
    assert_eq!(r(&s).held.len(), 0, "{:?}", log_texts(&s));
    assert!(
        log_texts(&s)
            .iter()
            .any(|(t, l)| *t == 2_000
                && l == "q: R completed m1: removed from the queue for good."),
        "{:?}",
        log_texts(&s)
    );
    let text = s.export();
    assert_eq!(state(&s), state(&played_to(&text, 3_000)));
}

/// R's script completes m1 at 2 s and names no receive entity; m1 goes to the topic t's
/// subscription s.
const UNADDRESSED: &str = r#"{"settle": 1, "run_until_ms": 3000,
    "entities": {"q": {"type": "queue"}, "t": {"type": "topic", "subscriptions": {"s": {}}}},
    "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "t", "id": "m1"},
               {"at_ms": 2000, "do": "complete", "by": "R", "msg": "m1"}]}"#;

fn receiver_view(s: &Sim, name: &str) -> ReceiverView {
    s.snapshot()
        .receivers
        .into_iter()
        .find(|r| r.name == name)
        .expect("the receiver")
}

#[test]
fn a_fork_that_drops_the_step_choosing_a_receive_entity_lets_another_be_chosen_and_replays() {
    let mut s = Sim::load(UNADDRESSED).expect("loads");
    s.advance_to(Instant::from_millis(1_000));
    s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1); // from q: nothing there
    assert!(receiver_view(&s, "R").from_fixed);
    // Back to 0.5 s: acting drops R's receive, so R may choose again.
    s.seek(Instant::from_millis(500));
    let form = SendForm {
        id: "m2".into(),
        to: "q".into(),
        ..SendForm::default()
    };
    s.send("S", &form);
    assert!(!receiver_view(&s, "R").from_fixed);
    s.choose_receive_entity("R", "t/subscriptions/s");
    s.advance_to(Instant::from_millis(1_000));
    s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
    assert_eq!(receiver_view(&s, "R").held.len(), 1);
    // The scripted completion at 2 s now acts on s (not q, the first choice): m1 is done.
    s.advance_to(Instant::from_millis(3_000));
    assert_eq!(receiver_view(&s, "R").held.len(), 0, "{:?}", log_texts(&s));
    let text = s.export();
    assert_eq!(state(&s), state(&played_to(&text, 3_000)));
    // A restart is the document as loaded: R chooses again.
    let r = s.restart();
    assert!(!receiver_view(&r, "R").from_fixed);
    assert_eq!(state(&r), state(&Sim::load(UNADDRESSED).expect("loads")));
}

#[test]
fn next_lock_expiry_finds_a_lock_in_any_entity() {
    let mut s = Sim::load(UNADDRESSED).expect("loads");
    s.advance_to(Instant::from_millis(1_000));
    assert_eq!(s.next_lock_expiry(), None);
    s.choose_receive_entity("R", "t/subscriptions/s");
    s.receive("R", ReceiveMode::PeekLock, SubQueue::Main, 1);
    assert_eq!(s.next_lock_expiry(), Some(Instant::from_millis(61_000)));
    assert_eq!(s.snapshot().next_expiry_ms, Some(61_000));
    assert!(s.jump_to_expiry());
    assert_eq!(s.now(), Instant::from_millis(61_000));
}

#[test]
fn settling_by_hand_what_an_automated_receiver_holds_replays_as_the_page_showed() {
    let doc = r#"{"settle": 1, "run_until_ms": 6000,
        "entities": {"q": {"type": "queue"}},
        "actors": [{"kind": "receiver", "name": "W", "from": "q", "processing_ms": [4000, 4000]}],
        "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"}]}"#;
    let mut s = Sim::load(doc).expect("loads");
    s.advance_to(Instant::from_millis(1_000));
    let held = receiver_view(&s, "W").held;
    s.settle("W", held[0].key, Settle::Complete, "", "");
    assert_eq!(receiver_view(&s, "W").error, None);
    s.advance_to(Instant::from_millis(6_000));
    let text = s.export();
    assert_eq!(state(&s), state(&played_to(&text, 6_000)));
}

#[test]
fn a_settlement_by_a_receiver_that_never_received_acts_nowhere_as_the_export_replays() {
    let mut s = Sim::load(FAN_OUT).expect("loads");
    s.advance_to(Instant::from_millis(1_500));
    s.add_receiver();
    s.settle("R1", entity_seq(1, 1), Settle::Complete, "", "");
    let err = receiver_view(&s, "R1").error.expect("refused");
    assert!(err.contains("R1 never received"), "{err}");
    assert!(!receiver_view(&s, "R1").from_fixed);
    // The broker's state and the stage equal the export's (the panel's error and the log's
    // wording of the refusal are the page's: a person's step, a script's step there).
    let text = s.export();
    let replayed = played_to(&text, 1_500);
    let broker = |s: &Sim| format!("{:?}", s.tl.run().namespace());
    assert_eq!(broker(&s), broker(&replayed));
    assert_eq!(s.stage_model(), replayed.stage_model());
}

#[test]
fn a_send_to_an_entity_that_does_not_exist_is_refused_in_words_and_changes_nothing() {
    let mut s = Sim::load(FAN_OUT).expect("loads");
    s.advance_to(Instant::from_millis(1_500));
    let before = (s.stage_model(), s.export());
    let form = SendForm {
        to: "order".into(),
        ..SendForm::default()
    };
    s.send("S1", &form);
    let snap = s.snapshot();
    let err = snap
        .senders
        .iter()
        .find(|x| x.name == "S1")
        .and_then(|x| x.error.clone());
    assert_eq!(
        err.as_deref(),
        Some("to: no queue or topic named \"order\"")
    );
    assert_eq!(
        snap.log[0].text,
        "S1: to: no queue or topic named \"order\""
    );
    // A settlement of another entity's message is refused in words (A1 receives from
    // audit; billing's copy of o1 is another message).
    s.settle("A1", entity_seq(2, 1), Settle::Complete, "", "");
    let a1 = s
        .snapshot()
        .receivers
        .into_iter()
        .find(|r| r.name == "A1")
        .expect("A1");
    assert_eq!(
        a1.error.as_deref(),
        Some(
            "A1 receives from orders/subscriptions/audit; that message is in orders/subscriptions/billing"
        )
    );
    // No queue settings in a document with entities (`update_entity` steps change them).
    assert!(s.update_queue(QueuePatch::default()).is_err());
    assert_eq!(before, (s.stage_model(), s.export()));
}

#[test]
fn an_entity_document_over_the_page_budget_stops_where_it_ran_out_and_says_why() {
    // `?budget=` (this test's thread only: the budget is per thread).
    limit_budget(300);
    let mut s = Sim::load(
        r#"{"settle":1,"seed":1,"run_until_ms":1000000,"entities":{"work":{"type":"queue"}},
           "actors":[{"kind":"sender","name":"S","to":"work","count":1000,"interval_ms":10}]}"#,
    )
    .unwrap();
    let end = Instant::from_millis(1_000_000);
    let mut err = None;
    for _ in 0..100 {
        match s.advance_slice(end, 1_000) {
            Err(e) => {
                err = Some(e);
                break;
            }
            Ok(_) if s.now() >= end => break,
            Ok(_) => {}
        }
    }
    let err = err.expect("over the budget");
    assert!(err.contains("records budget (300 records)"), "{err}");
    assert_eq!(s.stopped(), Some(err.clone()));
    let at = s.now();
    assert!(at > Instant::from_millis(0) && at < end, "{at:?}");
    // Nothing more runs.
    assert_eq!(s.advance_slice(end, 1_000), Err(err));
    assert_eq!(s.now(), at);
}

#[test]
fn a_receiver_panel_lists_the_first_held_deliveries_and_counts_the_rest() {
    let mut s = Sim::load(
        r#"{"settle":1,"seed":1,"queue":{"lock_duration_ms":5000,"max_delivery_count":3},
           "actors":[{"kind":"sender","name":"S","count":2000,"mode":"pipelined"}]}"#,
    )
    .unwrap();
    s.advance_to(Instant::from_millis(1_000));
    for _ in 0..20 {
        s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 100);
    }
    let snap = s.snapshot();
    let r1 = &snap.receivers[0];
    assert_eq!(r1.held_total, 2_000);
    assert_eq!(r1.held.len(), HELD_ROWS);
    assert!(
        r1.held.windows(2).all(|w| w[0].seq < w[1].seq),
        "in sequence order"
    );
    // Settled ones leave the panel; lost ones can be dismissed, and come back with a new
    // delivery.
    let first = r1.held[0].seq;
    s.settle("R1", k(first), Settle::Complete, "", "");
    assert_eq!(s.snapshot().receivers[0].held_total, 1_999);
    s.advance_to(Instant::from_millis(7_000));
    let second = s.snapshot().receivers[0].held[0].clone();
    assert_eq!(second.lock_until_ms, None, "its lock expired");
    s.dismiss("R1", k(second.seq));
    let snap = s.snapshot();
    assert_eq!(snap.receivers[0].held_total, 1_998);
    assert_ne!(snap.receivers[0].held[0].seq, second.seq);
    assert_eq!(
        s.stage_model().receivers[0].held.total,
        1_998,
        "the stage draws every lost delivery not dismissed"
    );
    s.receive_deferred("R1", "");
    s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
    let snap = s.snapshot();
    assert_eq!(
        snap.receivers[0].held[0].seq, second.seq,
        "received again: shown again"
    );
    assert_eq!(snap.receivers[0].held[0].delivery_count, 2);
}

#[test]
fn a_closed_or_removed_receiver_keeps_its_locked_token_on_the_stage_until_it_expires() {
    let mut s = sim(SEND_RECEIVE);
    s.advance_to(Instant::from_millis(1_000));
    s.close("R1", false);
    let m = s.stage_model();
    assert_eq!(m.receivers[0].link, Link::Closed);
    assert_eq!(m.receivers[0].held.tokens[0].key, Key::Msg(k(1)));
    assert_eq!(m.receivers[0].held.tokens[0].until_ms, Some(5_500));
    assert_eq!(m.place_of(1), Some(Place::Receiver(0)));
    s.remove_receiver("R1");
    let m = s.stage_model();
    assert_eq!(m.receivers.len(), 1, "still shown while its lock runs");
    assert_eq!(
        (&*m.receivers[0].name, m.receivers[0].link),
        ("R1", Link::Closed)
    );
    s.advance_to(Instant::from_millis(6_000));
    let m = s.stage_model();
    assert!(m.receivers.is_empty(), "gone once its last lock ended");
    assert_eq!(m.place_of(1), Some(Place::Available));
    assert_eq!(m.available.tokens[0].count, 1);
}

#[test]
fn cues_tell_sends_expiries_and_completions() {
    let mut s = sim(SEND_RECEIVE);
    let cues = s.take_cues();
    assert!(
        cues.contains(&Cue::Sent {
            seq: k(1),
            sender: 0
        }),
        "{cues:?}"
    );
    s.advance_to(Instant::from_millis(6_000));
    assert!(s.take_cues().contains(&Cue::LockBroke { seq: k(1) }));
    s.receive("R1", ReceiveMode::PeekLock, SubQueue::Main, 1);
    s.settle("R1", k(1), Settle::Complete, "", "");
    assert!(s.take_cues().contains(&Cue::Left {
        seq: k(1),
        how: Exit::Completed
    }));
}

/// Everything a seek must restore: what the page shows (lists, log, stage) and the
/// world itself (locks, lock tokens, random streams), actors included.
/// (Not `script_left` and `later_actions`: in a loaded export the person's steps are the
/// scenario's; nor how far
/// the timeline reaches and how often its markers changed, which depend on where the page
/// has been.)
fn state(s: &Sim) -> String {
    state_of(s, true)
}

/// The state without the previous moment (which comes from the timeline's story: one run
/// straight to a time has not read its story yet).
fn state_but_story(s: &Sim) -> String {
    state_of(s, false)
}

fn state_of(s: &Sim, previous: bool) -> String {
    let snap = s.snapshot();
    let snap = Snapshot {
        script_left: 0,
        story_gen: 0,
        horizon_ms: 0,
        later_actions: 0,
        previous_ms: snap.previous_ms.filter(|_| previous),
        ..snap
    };
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        snap,
        s.stage_model(),
        s.tl.run().namespace(),
        s.tl.run().actor_stats()
    )
}

fn played_to(text: &str, t: u64) -> Sim {
    let mut s = Sim::load(text).unwrap();
    s.advance_to(Instant::from_millis(t));
    s
}

#[test]
fn a_crowded_queue_played_fast_is_not_copied_every_minute_of_virtual_time() {
    // busy-10k at 100×: 1.6 s of virtual time a frame for 20 virtual minutes, 10,000
    // messages held. Every copy of them is a long frame; a quiet minute alone does not
    // take one (the records since the last are far fewer than a copy costs to save).
    let mut s = Sim::load(&workloads::busy_10k()).unwrap();
    let copies_at_start = s.tl.checkpoints().len();
    while s.now().as_millis() < 1_200_000 {
        let to = s.now().as_millis() + 1_600;
        while !s.advance_slice(Instant::from_millis(to), 5_000).unwrap() {}
    }
    let copies = s.tl.checkpoints().len() - copies_at_start;
    assert!(copies <= 6, "{copies} copies in 20 virtual minutes");
    // Seeking still lands where playing lands.
    let text = workloads::busy_10k();
    for t in [300_000, 1_000_000] {
        s.seek(Instant::from_millis(t));
        assert_eq!(
            state_but_story(&s),
            state_but_story(&played_to(&text, t)),
            "at {t}"
        );
    }
}

#[test]
fn seek_back_and_forth_equals_playing_there_for_every_preset() {
    let mut rng = settle_core::Rng::new(3);
    let mut from_snapshots = 0;
    for (name, text) in settle_scenario::presets::PRESETS {
        let mut s = Sim::load(text).unwrap();
        let end = s.scenario().run_until.as_millis();
        // Played in frame-sized slices, as the page does.
        while s.now().as_millis() < end {
            let to = (s.now().as_millis() + 700).min(end);
            while !s.advance_slice(Instant::from_millis(to), 200).unwrap() {}
        }
        from_snapshots += usize::from(s.tl.checkpoints().len() > 1);
        let mut times: Vec<u64> = (0..6).map(|_| rng.below(end + 1)).collect();
        times.extend(
            s.page
                .story
                .busy
                .iter()
                .step_by(s.page.story.busy.len() / 4 + 1)
                .map(|b| b.0),
        );
        for t in times {
            s.seek(Instant::from_millis(t));
            assert_eq!(state(&s), state(&played_to(text, t)), "{name} at {t}");
        }
    }
    assert!(
        from_snapshots >= 5,
        "{from_snapshots} presets took snapshots"
    );
}

#[test]
fn step_back_goes_to_the_previous_moment_and_equals_playing_there() {
    let text = settle_scenario::presets::preset("lock-expiry").unwrap();
    let mut s = Sim::load(text).unwrap();
    s.advance_to(Instant::from_millis(45_000));
    let mut visited = Vec::new();
    while s.step_back() {
        let t = s.now().as_millis();
        assert_eq!(state(&s), state(&played_to(text, t)), "at {t}");
        visited.push(t);
    }
    assert_eq!(visited.last(), Some(&0));
    assert!(visited.windows(2).all(|w| w[0] > w[1]), "{visited:?}");
    assert!(
        visited.contains(&31_000),
        "the lock expiry at 31 s: {visited:?}"
    );
    // And forward again with Step.
    assert!(s.step());
    assert!(s.now() > Instant::ZERO);
}

/// Step goes to the next thing that happens on its own, the automated actors' actions
/// included, in a document of one queue as in one with entities: the poison message's handler
/// acts 2.5 s in, long before the broker's first deadline (a 60 s lock), and load levelling's
/// sender, an actor, has its burst pending from the start (Step once said "nothing pending").
#[test]
fn step_stops_at_the_actors_actions_too() {
    let mut s = Sim::preset("poison-message").unwrap();
    let lines = log_texts(&s).len();
    assert!(s.step());
    assert_eq!(s.now().as_millis(), 2_500);
    assert!(log_texts(&s).len() > lines, "something was told at 2.5 s");
    let mut s = Sim::preset("load-levelling").unwrap();
    assert_eq!(s.next_event(), Some(Instant::from_millis(10)));
    assert!(s.step());
    assert_eq!(s.now().as_millis(), 10);
}

#[test]
fn each_step_of_a_waiting_receiver_tells_that_it_found_nothing() {
    // crash-long-lock: R1 holds order-1 under a 5-minute lock and loses its connection at 5 s;
    // the script's R2 asks for a message every minute and finds nothing until 301 s. Each Step
    // lands on one of those receives: the log says so (there is no event to tell).
    let mut s = Sim::preset("crash-long-lock").unwrap();
    s.advance_to(Instant::from_millis(5_000));
    for t in [60_000, 120_000, 180_000, 240_000, 300_000] {
        let lines = log_texts(&s).len();
        assert!(s.step());
        assert_eq!(s.now().as_millis(), t);
        let log = log_texts(&s);
        assert_eq!(log.len(), lines + 1, "one line at {t} ms");
        assert!(
            log.contains(&(t, "R2 asked for a message: nothing was available.".into())),
            "{log:?}"
        );
    }
}

/// The trace `settle run` prints for a document, without its final record.
fn cli_trace(text: &str) -> String {
    settle_scenario::trace(&parse(text).unwrap())
}

#[test]
fn the_inspector_lists_the_dead_letter_reason_among_the_application_properties() {
    // poison-message: order-2 is dead-lettered at 10 s, its seq is 2.
    let mut s = Sim::preset("poison-message").unwrap();
    s.advance_to(Instant::from_millis(10_000));
    s.select(Some(k(2)));
    let d = s
        .snapshot()
        .detail
        .expect("order-2 in the dead-letter queue");
    assert_eq!(d.id, "order-2");
    assert_eq!(
        d.properties,
        [
            (
                "DeadLetterErrorDescription".to_string(),
                "Message could not be consumed after 3 delivery attempts.".to_string()
            ),
            (
                "DeadLetterReason".to_string(),
                "MaxDeliveryCountExceeded".to_string()
            ),
        ]
    );
    // Not repeated among the broker's own fields.
    assert!(!d.fields.iter().any(|(k, _)| k.starts_with("DeadLetter")));
    // Before, it had none.
    s.seek(Instant::from_millis(9_000));
    assert_eq!(s.snapshot().detail.expect("order-2").properties, []);
}

#[test]
fn an_action_at_an_actors_instant_runs_before_the_actor_as_settle_run_replays_it() {
    // poison-message: the handler receives at 0 ms. The format's order at one instant is
    // script steps, then actors: a person receiving at 0 ms gets order-1 first, live as in
    // the exported document.
    let text = settle_scenario::presets::preset("poison-message").unwrap();
    let mut s = Sim::load(text).unwrap();
    s.receive("Person", ReceiveMode::PeekLock, SubQueue::Main, 1);
    let held = &s.snapshot().receivers;
    let person = held.iter().find(|r| r.name == "Person").unwrap();
    assert_eq!(person.held[0].id, "order-1");
    let exported = s.export();
    let replayed = played_to(&exported, 0);
    assert_eq!(
        format!("{:?}", s.tl.run().world()),
        format!("{:?}", replayed.tl.run().world())
    );
    // `settle run` on the export: the person's step comes before the handler's receive.
    let trace = cli_trace(&exported);
    let step = trace.find("\"by\":\"Person\"").unwrap();
    let actor = trace.find("\"actor\":true").unwrap();
    assert!(step < actor, "{trace}");
    assert!(trace.contains("\"locked_by\":\"Person\""), "{trace}");
}

#[test]
fn acting_after_going_back_forks_and_the_export_replays_the_fork() {
    let mut s = sim(SEND_RECEIVE);
    s.advance_to(Instant::from_millis(3_000));
    s.settle("R1", k(1), Settle::Complete, "", "");
    s.advance_to(Instant::from_millis(8_000));
    assert!(s.export().contains("\"complete\""));
    // Back to 1 s: the completion is still recorded until the person acts.
    s.seek(Instant::from_millis(1_000));
    assert_eq!(s.later_actions(), 1);
    s.seek(Instant::from_millis(8_000));
    assert_eq!(
        s.snapshot().available.total,
        0,
        "completed at 3 s, replayed"
    );
    s.seek(Instant::from_millis(1_000));
    s.settle("R1", k(1), Settle::Abandon, "", "");
    assert_eq!(
        s.later_actions(),
        0,
        "the fork dropped the later completion"
    );
    s.advance_to(Instant::from_millis(2_000));
    let text = s.export();
    assert!(
        text.contains("\"abandon\"") && !text.contains("\"complete\""),
        "{text}"
    );
    let replayed = played_to(&text, 2_000);
    assert_eq!(state(&s), state(&replayed));
    // Going back into the fork still equals playing the export there.
    for t in [0, 500, 1_000, 1_500] {
        s.seek(Instant::from_millis(t));
        assert_eq!(state(&s), state(&played_to(&text, t)), "at {t}");
    }
}

/// The page's seek time in a run of about 10,000 trace records (a figure, not a pass/fail
/// check): the page replays from its snapshots with everything it shows (log, receivers,
/// stage model), so it does more per record than the core's `Timeline`.
/// `cargo test --release -p settle-player --lib -- --ignored --nocapture seek_benchmark`.
#[test]
#[ignore = "benchmark: run with --release --ignored --nocapture"]
fn seek_benchmark_10000_records() {
    let text = include_str!("../../../scenario/benches/seek-scenario.json");
    let mut s = Sim::load(text).unwrap();
    let end = s.scenario().run_until;
    let t0 = std::time::Instant::now();
    // Played as the page plays: frame-sized slices.
    while s.now() < end {
        let to = (s.now() + Duration::from_millis(500)).min(end);
        while !s.advance_slice(to, 200).unwrap() {}
    }
    let play = t0.elapsed();
    let records = s.tl.run().records();
    let mut x: u64 = 12345;
    let (mut worst, mut total, n) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 200);
    for _ in 0..n {
        x = (x * 1_103_515_245 + 12345) % 2_147_483_648;
        let t = Instant::from_millis(x % (end.as_millis() + 1));
        let at = std::time::Instant::now();
        s.seek(t);
        let d = at.elapsed();
        worst = worst.max(d);
        total += d;
    }
    println!(
        "page seek: records {records}, snapshots {}, play {play:?}, seek mean {:?}, worst {worst:?}",
        s.tl.checkpoints().len(),
        total / n
    );
    assert!(records >= 10_000, "only {records} records");
}

/// What one publication costs the page natively, at 10,000 messages and 50 busy workers
/// (frame-bench's busy-10k): a snapshot and a stage model, every 500 ms of virtual time.
/// `cargo test --release -p settle-player --lib -- --ignored --nocapture publication_benchmark`.
#[test]
#[ignore = "benchmark: run with --release --ignored --nocapture"]
fn publication_benchmark_10000_messages() {
    let text = workloads::busy_10k();
    let mut s = Sim::load(&text).unwrap();
    let (mut snap, mut stage, mut n) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 0u32);
    for k in 1..=40u64 {
        s.advance_to(Instant::from_millis(k * 500));
        let at = std::time::Instant::now();
        let x = s.snapshot();
        snap += at.elapsed();
        let at = std::time::Instant::now();
        let m = s.stage_model();
        stage += at.elapsed();
        n += 1;
        assert!(x.now_ms == k * 500 && !m.receivers.is_empty());
    }
    println!(
        "publication at 10,000 messages: snapshot {:?}, stage model {:?} (mean of {n})",
        snap / n,
        stage / n
    );
}

/// In Czech and Russian the page's model says what it shows in the language: the welcome
/// scenario's title, the queue's settings and a document's entities (counted in their plural
/// forms), the inspector's own names and values beside the API's property names, and a peek's
/// log line.
#[test]
fn the_page_model_speaks_czech_and_russian() {
    use crate::words::speak;
    use settle_i18n::Lang;
    let cases = [
        (
            Lang::Cs,
            ["Váš první zámek", "zámek 30 s · max. počet doručení 3"],
            [
                ("Kde", "zámek drží R1"),
                ("LockedUntil", "30,500 s"),
                ("Size", "8 bajtů"),
            ],
            "R1 zobrazil náhled 2 zpráv z fronty: nic nebylo uzamčeno ani započítáno.",
            "1 téma · 2 odběry",
        ),
        (
            Lang::Ru,
            [
                "Ваша первая блокировка",
                "блокировка 30 с · макс. число доставок 3",
            ],
            [
                ("Где", "блокировку держит R1"),
                ("LockedUntil", "30,500 с"),
                ("Size", "8 байт"),
            ],
            "R1 просмотрел 2 сообщения из очереди: ничего не заблокировано и не учтено.",
            "1 раздел · 2 подписки",
        ),
    ];
    for (lang, [title, settings], fields, peeked, entities) in cases {
        let _speaking = speak(lang);
        let mut s = Sim::welcome();
        let snap = s.snapshot();
        assert_eq!(
            (snap.title.as_str(), snap.config_summary.as_str()),
            (title, settings)
        );
        s.advance_to(Instant::from_millis(1_000));
        s.select(Some(k(1)));
        let d = s.snapshot().detail.expect("m1");
        for (name, value) in fields {
            let field = d.fields.iter().find(|f| f.0 == name).map(|f| f.1.as_str());
            assert_eq!(field, Some(value), "{lang}: {name} in {:?}", d.fields);
        }
        s.apply(Command::Peek {
            by: "R1".into(),
            from: SubQueue::Main,
        })
        .expect("a peek");
        assert_eq!(s.snapshot().log[0].text, peeked);
        let fan_out = Sim::load(FAN_OUT).expect("loads");
        assert_eq!(fan_out.snapshot().config_summary, entities);
    }
    assert_eq!(Sim::welcome().snapshot().title, "Your first lock");
}

/// Loading a heavy document does not tell its whole story at once (a link of 10,000 messages
/// abandoned in a loop by 50 receivers took 0.6 s natively before the page showed anything):
/// the timeline's story is told on as the page plays, a few thousand records a frame, and
/// reaches the same end.
#[test]
fn a_heavy_documents_story_is_told_over_the_frames_that_follow() {
    let receivers: Vec<String> = (0..50)
        .map(|i| format!(r#"{{"kind": "receiver", "name": "R{i}", "processing_ms": 100, "outcome": "abandon"}}"#))
        .collect();
    let doc = format!(
        r#"{{"settle": 1, "queue": {{"max_delivery_count": 1000}}, "run_until_ms": 60000,
            "actors": [{{"kind": "sender", "name": "S", "count": 10000, "mode": "pipelined"}}, {}]}}"#,
        receivers.join(", ")
    );
    let mut s = Sim::load(&doc).expect("loads");
    let told = s.page.story.run.records();
    assert!(told <= 2 * STORY_SLICE * 10, "{told} records told at load");
    assert!(s.page.story.now() < Instant::from_millis(60_000));
    let end = Instant::from_millis(60_000);
    while s.now() < end {
        let to = (s.now() + Duration::from_millis(1_000)).min(end);
        while !s.advance_slice(to, 20_000).unwrap() {}
    }
    // Played to its end, the story is the whole run's.
    assert_eq!(s.page.story.now(), end);
    assert_eq!(s.page.story.run.records(), s.tl.run().records());
}
