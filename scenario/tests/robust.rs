//! No input hangs, panics or floods: the format's limits, saturating time arithmetic, poll
//! skipping (work grows with events, not virtual time) and shared message bodies.

use settle_core::actors::{ActorSpec, Policy, ReceiverSpec, SendMode, SenderSpec};
use settle_core::{Duration, Instant, Listing, QueueConfig, ReceiveMode, SubQueue};
use settle_scenario::{J, Run, Scenario, parse, presets::PRESETS, trace};

fn rejected(doc: &str, path: &str) {
    match parse(doc) {
        Ok(_) => panic!("accepted: {doc}"),
        Err(e) => assert_eq!(e.path, path, "{doc}: {e}"),
    }
}

#[test]
fn times_past_ten_years_are_validation_errors_with_their_path() {
    let max = u64::MAX;
    rejected(
        &format!(r#"{{"settle":1,"actors":[{{"kind":"sender","name":"S","jitter_ms":{max}}}]}}"#),
        "$.actors[0].jitter_ms",
    );
    rejected(
        &format!(
            r#"{{"settle":1,"actors":[{{"kind":"receiver","name":"R","processing_ms":[0,{max}]}}]}}"#
        ),
        "$.actors[0].processing_ms[1]",
    );
    rejected(
        &format!(
            r#"{{"settle":1,"actors":[{{"kind":"sender","name":"S","rtt_ms":{}}}]}}"#,
            max - 1
        ),
        "$.actors[0].rtt_ms",
    );
    rejected(
        &format!(r#"{{"settle":1,"actors":[{{"kind":"receiver","name":"R","start_ms":{max}}}]}}"#),
        "$.actors[0].start_ms",
    );
    rejected(
        &format!(r#"{{"settle":1,"run_until_ms":{max}}}"#),
        "$.run_until_ms",
    );
    rejected(
        &format!(r#"{{"settle":1,"script":[{{"at_ms":{max},"do":"send","by":"S"}}]}}"#),
        "$.script[0].at_ms",
    );
    rejected(
        r#"{"settle":1,"script":[{"at_ms":0,"do":"open","by":"R","prefetch":4294967295}]}"#,
        "$.script[0].prefetch",
    );
    // Ten years exactly is still a time.
    let ten_years = settle_scenario::limits::MAX_TIME_MS;
    assert!(parse(&format!(r#"{{"settle":1,"run_until_ms":{ten_years}}}"#)).is_ok());
}

#[test]
fn counts_and_sizes_past_the_format_limits_are_validation_errors() {
    use settle_scenario::limits::{MAX_ACTORS, MAX_BODY_BYTES, MAX_SENDS};
    let actors: Vec<String> = (0..=MAX_ACTORS)
        .map(|i| format!(r#"{{"kind":"receiver","name":"R{i}"}}"#))
        .collect();
    rejected(
        &format!(r#"{{"settle":1,"actors":[{}]}}"#, actors.join(",")),
        "$.actors",
    );
    rejected(
        &format!(
            r#"{{"settle":1,"actors":[{{"kind":"sender","name":"A","count":{MAX_SENDS}}},{{"kind":"sender","name":"B","count":1}}]}}"#
        ),
        "$.actors[1].count",
    );
    let body = "x".repeat(MAX_BODY_BYTES + 1);
    rejected(
        &format!(r#"{{"settle":1,"script":[{{"at_ms":0,"do":"send","by":"S","body":"{body}"}}]}}"#),
        "$.script[0].body",
    );
    // {n} makes one body per message: 1,000 × 100 KB is past the payload limit.
    let big = "y".repeat(100_000);
    rejected(
        &format!(
            r#"{{"settle":1,"actors":[{{"kind":"sender","name":"S","count":1000,"body":"{big} {{n}}"}}]}}"#
        ),
        "$",
    );
    // ... while one shared body of 100 KB sent 3,000 times is fine.
    assert!(
        parse(&format!(
            r#"{{"settle":1,"actors":[{{"kind":"sender","name":"S","count":3000,"body":"{big}"}}]}}"#
        ))
        .is_ok()
    );
}

fn run_counting(sc: &Scenario) -> (u64, u64) {
    let mut run = Run::new(sc);
    let mut records = 0u64;
    run.finish(&mut |_: J| records += 1);
    (records, run.actors().actions())
}

#[test]
fn an_idle_receiver_over_ten_billion_ms_does_a_handful_of_actions() {
    let sc = parse(
        r#"{"settle":1,"run_until_ms":10000000000,"actors":[{"kind":"receiver","name":"R"}]}"#,
    )
    .unwrap();
    let (records, actions) = run_counting(&sc);
    assert_eq!(records, 1, "only the final record");
    // Polling every second would be 10^7 actions.
    assert!(actions <= 2, "{actions} actions");
}

#[test]
fn a_thousand_idle_receivers_cost_a_thousand_actions_not_a_million() {
    let actors: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"kind":"receiver","name":"R{i}"}}"#))
        .collect();
    let sc = parse(&format!(
        r#"{{"settle":1,"run_until_ms":60000,"actors":[{}]}}"#,
        actors.join(",")
    ))
    .unwrap();
    let (_, actions) = run_counting(&sc);
    // Each polls at 0, looks again at a tick or two while the others are still deciding,
    // then sleeps: a few actions per receiver, not one per tick.
    assert!(
        actions <= 3000,
        "{actions} actions (61,000 when every tick polls)"
    );
}

#[test]
fn idle_receivers_wake_at_their_tick_when_a_message_comes() {
    // R polls at 0, 1000, 2000, ...: a message sent at 4321 is received at 5000, as with
    // every-tick polling, and a TTL'd message is collected at the first tick after its expiry.
    let sc = parse(
        r#"{"settle":1,"run_until_ms":100000,
            "script":[{"at_ms":4321,"do":"send","by":"S","id":"a"},
                      {"at_ms":4321,"do":"send","by":"S","id":"b","ttl_ms":10}],
            "actors":[{"kind":"receiver","name":"R","processing_ms":100,"concurrency":1}]}"#,
    )
    .unwrap();
    let text = trace(&sc);
    assert!(
        text.contains(r#"{"t":5000,"actor":true,"do":"receive","by":"R""#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"t":5000,"event":"expired","seq":2,"id":"b"}"#),
        "{text}"
    );
    let mut reference = Run::new(&sc);
    reference.poll_every_tick();
    let mut every = String::new();
    reference.finish(&mut |r: J| {
        r.write(&mut every);
        every.push('\n');
    });
    assert_eq!(text, every);
}

#[test]
fn every_preset_traces_the_same_with_and_without_poll_skipping() {
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let skipping = trace(&sc);
        let mut reference = Run::new(&sc);
        reference.poll_every_tick();
        let mut every = String::new();
        reference.finish(&mut |r: J| {
            r.write(&mut every);
            every.push('\n');
        });
        assert_eq!(skipping, every, "{name}");
    }
}

#[test]
fn an_abandoning_dead_letter_receiver_with_no_processing_time_moves_on_by_a_millisecond() {
    let sc = parse(
        r#"{"settle":1,"run_until_ms":1000,
            "script":[{"at_ms":0,"do":"send","by":"S"},{"at_ms":0,"do":"receive","by":"X"},
                      {"at_ms":0,"do":"dead_letter","by":"X","msg":"m1"}],
            "actors":[{"kind":"receiver","name":"R","from":"dead_letter","processing_ms":0,
                       "outcome":"abandon"}]}"#,
    )
    .unwrap();
    let text = trace(&sc);
    let abandons: Vec<u64> = text
        .lines()
        .filter(|l| l.contains(r#""actor":true,"do":"abandon""#))
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["t"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(
        abandons.len(),
        1000,
        "one abandon per millisecond, 1..=1000"
    );
    assert_eq!(abandons[0], 1);
    assert!(abandons.windows(2).all(|w| w[1] == w[0] + 1));
}

fn receiver(name: &str) -> ReceiverSpec {
    ReceiverSpec {
        sessions: None,
        name: name.into(),
        mode: ReceiveMode::PeekLock,
        from: SubQueue::Main,
        concurrency: 1,
        prefetch: 0,
        start: Instant::ZERO,
        poll: Duration::from_millis(1000),
        work_min: Duration::from_millis(1000),
        work_max: Duration::from_millis(1000),
        policy: Policy::Complete,
        poison: None,
        hang_per_mille: 0,
        hang: Duration::ZERO,
        auto_renew: None,
        idempotent: false,
        crash_at: None,
        restart_after: None,
        stop_at: None,
    }
}

fn sender(name: &str) -> SenderSpec {
    SenderSpec {
        name: name.into(),
        mode: SendMode::Sequential,
        count: 3,
        start: Instant::ZERO,
        interval: Duration::ZERO,
        rtt: Duration::from_millis(70),
        store: Duration::from_millis(10),
        jitter: Duration::ZERO,
        reject_per_mille: 0,
        id_prefix: "m".into(),
        body: "b".into(),
        ttl: None,
        sessions: Vec::new(),
    }
}

fn scenario(actors: Vec<ActorSpec>, until: u64) -> Scenario {
    Scenario {
        title: String::new(),
        description: String::new(),
        seed: 1,
        queue: QueueConfig::default(),
        run_until: Instant::from_millis(until),
        script: Vec::new(),
        actors,
        raw_actors: serde_json::Value::Array(Vec::new()),
        lesson: None,
        entities: None,
        raw_entities: None,
        actor_entities: Vec::new(),
    }
}

#[test]
fn extreme_values_through_the_api_saturate_instead_of_panicking_or_looping() {
    let max = Duration::from_millis(u64::MAX);
    let mut jitter = sender("J");
    jitter.jitter = max;
    let mut rtt = sender("T");
    rtt.rtt = Duration::from_millis(u64::MAX - 1);
    rtt.store = Duration::from_millis(5);
    let mut slow = receiver("P");
    slow.work_min = Duration::ZERO;
    slow.work_max = max;
    let mut late = receiver("L");
    late.start = Instant::MAX;
    let mut poll = receiver("Q");
    poll.poll = max;
    poll.restart_after = Some(max);
    poll.crash_at = Some(Instant::from_millis(10));
    let mut senders = sender("N");
    senders.count = 1000;
    senders.mode = SendMode::Throttled(1000);
    senders.rtt = max;
    let sc = scenario(
        vec![
            ActorSpec::Sender(jitter),
            ActorSpec::Sender(rtt),
            ActorSpec::Sender(senders),
            ActorSpec::Receiver(slow),
            ActorSpec::Receiver(late),
            ActorSpec::Receiver(poll),
        ],
        u64::MAX,
    );
    let mut run = Run::new(&sc);
    run.finish(&mut |_: J| {});
    assert!(
        run.actors().actions() < 100_000,
        "{}",
        run.actors().actions()
    );
}

#[test]
fn a_sender_shares_one_body_across_its_messages() {
    let mut s = sender("S");
    s.count = 50;
    s.body = "z".repeat(10_000).as_str().into();
    let sc = scenario(vec![ActorSpec::Sender(s)], 100_000);
    let mut run = Run::new(&sc);
    run.finish(&mut |_: J| {});
    let list = run.world().queue().list(Listing::Main);
    assert_eq!(list.len(), 50);
    assert!(
        list.windows(2)
            .all(|w| std::rc::Rc::ptr_eq(&w[0].body, &w[1].body)),
        "every message holds the same body"
    );
}

#[test]
fn over_the_records_budget_the_run_stops_with_an_error_naming_it_and_keeps_its_state() {
    use settle_scenario::{Budget, Exhausted, Progress};
    let sc = parse(
        r#"{"settle":1,"run_until_ms":1000000,
            "actors":[{"kind":"sender","name":"S","count":1000,"interval_ms":10,"mode":"pipelined"}]}"#,
    )
    .unwrap();
    let budget = Budget {
        max_records: 500,
        max_trace_bytes: u64::MAX,
    };
    let mut run = Run::with_budget(&sc, budget);
    let mut lines = 0u64;
    let e = run
        .finish_trace(&mut |_: &str| lines += 1)
        .expect_err("1,000 sends make more than 500 records");
    assert_eq!(e.exhausted, Exhausted::Records);
    assert_eq!((e.limit, e.records, lines), (500, 500, 500));
    assert!(e.at.as_millis() > 0 && e.at.as_millis() < 1_000_000);
    let text = e.to_string();
    assert!(text.contains("records budget") && text.contains(&format!("t={}", e.at.as_millis())));
    // Later calls give the same error; nothing more runs.
    let now = run.world().queue().now();
    assert_eq!(
        run.advance_until(Instant::from_millis(2_000_000), 10, &mut |_, _| {}),
        Err(e)
    );
    assert_eq!(run.world().queue().now(), now);
    // Within the budget, in slices of at most ~100 records, the trace is the whole trace.
    let mut sliced = Run::new(&sc);
    let mut text = String::new();
    let mut calls = 0;
    loop {
        calls += 1;
        let before = sliced.records();
        let p = sliced
            .advance_trace(sc.run_until, 100, &mut |l: &str| text.push_str(l))
            .unwrap();
        assert!(sliced.records() - before <= 100 + 10);
        if p == Progress::Reached {
            break;
        }
    }
    assert!(calls > 10);
    let mut whole = Run::new(&sc);
    let mut all = String::new();
    whole.finish_trace(&mut |l: &str| all.push_str(l)).unwrap();
    assert!(all.starts_with(&text) && trace(&sc) == all);
}

#[test]
fn over_the_trace_bytes_budget_the_run_stops() {
    use settle_scenario::{Budget, Exhausted};
    let sc = parse(
        r#"{"settle":1,"run_until_ms":100000,
            "actors":[{"kind":"sender","name":"S","count":100,"body":"0123456789"}]}"#,
    )
    .unwrap();
    let mut run = Run::with_budget(
        &sc,
        Budget {
            max_records: u64::MAX,
            max_trace_bytes: 5_000,
        },
    );
    let mut bytes = 0;
    let e = run
        .finish_trace(&mut |l: &str| bytes += l.len())
        .unwrap_err();
    assert_eq!(e.exhausted, Exhausted::TraceBytes);
    assert!(bytes > 4_000 && bytes < 6_000, "{bytes}");
}

#[test]
fn documents_are_refused_for_bad_utf8_a_byte_order_mark_or_duplicate_keys() {
    use settle_scenario::parse_bytes;
    let e = parse_bytes(b"{\"settle\":1,\"title\":\"caf\xe9\"}").unwrap_err();
    assert_eq!(e.path, "$");
    assert!(e.problem.contains("byte offset 24"), "{e}");
    let e = parse_bytes("\u{feff}{\"settle\":1}".as_bytes()).unwrap_err();
    assert!(e.problem.contains("byte-order mark"), "{e}");
    let e =
        parse(r#"{"settle":1,"actors":[{"kind":"receiver","name":"R","name":"Q"}]}"#).unwrap_err();
    assert_eq!(e.path, "$.actors[0]");
    assert!(e.problem.contains("duplicate key \"name\""), "{e}");
    let e = parse(r#"{"settle":1,"seed":1,"se\u0065d":2}"#).unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.problem.contains("\"seed\"")),
        ("$", true)
    );
    let e = parse(r#"{"settle":1,"script":[{"at_ms":0,"do":"send","by":"S"},{"at_ms":0,"do":"send","by":"S","queue":{},"queue":1}]}"#)
        .unwrap_err();
    assert_eq!(e.path, "$.script[1]");
    // The same key in two objects is fine.
    assert!(parse(r#"{"settle":1,"actors":[{"kind":"receiver","name":"R"},{"kind":"receiver","name":"Q"}]}"#).is_ok());
}

#[test]
fn errors_quote_a_short_excerpt_and_hints_stay_cheap() {
    let long = "k".repeat(200_000);
    let t = std::time::Instant::now();
    let e = parse(&format!(r#"{{"settle":1,"{long}":1}}"#)).unwrap_err();
    assert!(
        e.to_string().chars().count() < 300,
        "{}",
        e.to_string().len()
    );
    assert!(e.problem.contains("unknown key \"kkkk"));
    let _ = t;
    let e = parse(r#"{"settle":1,"sede":1}"#).unwrap_err();
    assert!(e.problem.contains("did you mean \"seed\""), "{e}");
    let e = parse(&format!(
        r#"{{"settle":1,"actors":[{{"kind":"{long}","name":"R"}}]}}"#
    ))
    .unwrap_err();
    assert!(e.to_string().chars().count() < 300);
}

#[test]
fn an_expired_message_nobody_can_collect_does_not_make_idle_receivers_poll_every_tick() {
    // Found by the fuzz target: on a session queue a receiver without a session cannot receive,
    // so the expired message stays; its past TTL made the receiver wake at every 1 ms tick
    // (work growing with virtual time: ten years would never end).
    // (2,000,000 ms here, so that the test fails in seconds rather than hanging.)
    let doc = r#"{"settle":1,"run_until_ms":2000000,"queue":{"requires_session":true},
        "script":[{"at_ms":61000,"do":"send","by":"A","id":"x","ttl_ms":100000,"session_id":"a"}],
        "actors":[{"kind":"receiver","name":"R","poll_ms":1}]}"#;
    let sc = parse(doc).unwrap();
    let mut run = Run::new(&sc);
    run.finish(&mut |_: J| {});
    assert!(run.exceeded().is_none());
    assert!(
        run.actors().actions() < 1_000,
        "{} actor actions",
        run.actors().actions()
    );
}
