use super::*;
use alloc::vec;

fn doc(text: &str) -> Value {
    serde_json::from_str(text).expect("test document is JSON")
}

fn levelling() -> Value {
    doc(crate::presets::preset("load-levelling").expect("the preset exists"))
}

fn vary(text: &str) -> Vary {
    Vary::parse(text).expect("a good --vary")
}

#[test]
fn a_range_is_read_with_its_step_or_one() {
    assert_eq!(
        vary("receivers=1..8"),
        Vary {
            param: Param::Receivers,
            from: 1,
            to: 8,
            step: 1
        }
    );
    let v = vary("lock_ms=5000..30000:5000");
    assert_eq!(
        v.values().collect::<Vec<_>>(),
        [5000, 10000, 15000, 20000, 25000, 30000]
    );
    assert_eq!(vary("prefetch=3").values().collect::<Vec<_>>(), [3]);
    // The last value is at most `to`.
    assert_eq!(
        vary("concurrency=1..10:4").values().collect::<Vec<_>>(),
        [1, 5, 9]
    );
    assert_eq!(vary("concurrency=1..=2").len(), 2);
}

#[test]
fn bad_ranges_are_refused_in_words() {
    let refused = |t: &str| Vary::parse(t).expect_err(t);
    assert_eq!(
        refused("consumers=1..8"),
        "--vary consumers=1..8: unknown parameter \"consumers\"; one of receivers, concurrency, prefetch, processing_ms, lock_ms, auto_renew_ms, max_delivery_count, send_interval_ms"
    );
    assert_eq!(
        refused("receivers=8..1"),
        "--vary receivers=8..1: the range is empty (8 is above 1)"
    );
    assert_eq!(
        refused("receivers=1..8:0"),
        "--vary receivers=1..8:0: the step must be at least 1"
    );
    assert_eq!(
        refused("receivers=one..8"),
        "--vary receivers=one..8: \"one\" is not a whole number"
    );
    assert_eq!(
        refused("receivers"),
        "--vary receivers: expected NAME=A..B[:STEP], for example receivers=1..8"
    );
    assert_eq!(
        refused("receivers=-1..8"),
        "--vary receivers=-1..8: \"-1\" is not a whole number"
    );
}

#[test]
fn a_sweep_has_at_most_two_thousand_points() {
    let said = |r: Result<Sweep, RangeError>| r.map(|_| ()).map_err(|e| e.to_string());
    assert!(Sweep::new(vec![vary("processing_ms=1..2000")], 1).is_ok());
    assert_eq!(
        said(Sweep::new(vec![vary("processing_ms=1..2001")], 1)),
        Err("2001 points: a sweep has at most 2000 (a shorter range or a larger step)".to_string())
    );
    assert_eq!(
        said(Sweep::new(
            vec![vary("receivers=1..50"), vary("prefetch=0..40")],
            1
        )),
        Err("2050 points: a sweep has at most 2000 (a shorter range or a larger step)".to_string())
    );
    // Ranges whose product overflows are too many too.
    assert!(
        Sweep::new(
            vec![
                vary("lock_ms=0..18446744073709551614"),
                vary("prefetch=0..9")
            ],
            1
        )
        .is_err()
    );
    assert_eq!(
        said(Sweep::new(
            vec![vary("prefetch=1..2"), vary("prefetch=3")],
            1
        )),
        Err("--vary prefetch is given twice".to_string())
    );
    assert_eq!(
        said(Sweep::new(vec![], 1)),
        Err("no --vary: name at least one parameter to vary".to_string())
    );
    assert_eq!(
        said(Sweep::new(vec![vary("prefetch=1")], 0)),
        Err("--seeds 0: from 1 to 100".to_string())
    );
    assert_eq!(
        Sweep::new(vec![vary("prefetch=1")], 101),
        Err(RangeError::Seeds { seeds: 101 })
    );
    assert_eq!(
        Sweep::new(vec![vary("receivers=1..50"), vary("prefetch=0..40")], 1),
        Err(RangeError::TooMany { points: 2050 })
    );
    assert_eq!(
        Vary::new(Param::Receivers, 8, 1, 1),
        Err(RangeError::Empty {
            param: Param::Receivers,
            from: 8,
            to: 1
        })
    );
    assert_eq!(
        Vary::new(Param::Prefetch, 1, 8, 0),
        Err(RangeError::ZeroStep {
            param: Param::Prefetch
        })
    );
}

#[test]
fn points_vary_the_last_parameter_fastest() {
    let s = Sweep::new(vec![vary("receivers=1..2"), vary("prefetch=0..20:10")], 1).unwrap();
    assert_eq!(
        s.points(),
        [[1, 0], [1, 10], [1, 20], [2, 0], [2, 10], [2, 20]].map(Vec::from)
    );
    assert_eq!(s.point_name(&[2, 10]), "receivers=2, prefetch=10");
}

#[test]
fn receivers_are_copies_of_the_first_counted_on_from_its_name() {
    let s = Sweep::new(vec![vary("receivers=3"), vary("concurrency=4")], 1).unwrap();
    let v = s.variant(&levelling(), &[3, 4]).unwrap();
    let actors = v["actors"].as_array().unwrap();
    let names: Vec<&str> = actors.iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Burst", "Worker-1", "Worker-2", "Worker-3"]);
    // The copies take the other settings, and keep the first receiver's own.
    for a in &actors[1..] {
        assert_eq!(a["concurrency"], 4);
        assert_eq!(a["processing_ms"], json!([400, 600]));
    }
    // A name without a number: the first keeps it, the others get -2, -3.
    let d = doc(
        r#"{"settle":1,"actors":[{"kind":"receiver","name":"R"},{"kind":"sender","name":"S"},{"kind":"receiver","name":"Other"}]}"#,
    );
    let v = Sweep::new(vec![vary("receivers=3")], 1)
        .unwrap()
        .variant(&d, &[3])
        .unwrap();
    let names: Vec<&str> = v["actors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["R", "R-2", "R-3", "S"]);
    // None at all.
    let v = Sweep::new(vec![vary("receivers=0")], 1)
        .unwrap()
        .variant(&d, &[0])
        .unwrap();
    assert_eq!(v["actors"].as_array().unwrap().len(), 1);
}

#[test]
fn queue_and_sender_settings_are_written_where_the_format_has_them() {
    let s = Sweep::new(
        vec![
            vary("lock_ms=5000"),
            vary("max_delivery_count=3"),
            vary("send_interval_ms=50"),
            vary("auto_renew_ms=60000"),
            vary("processing_ms=700"),
            vary("prefetch=5"),
        ],
        1,
    )
    .unwrap();
    let v = s
        .variant(&levelling(), &[5000, 3, 50, 60000, 700, 5])
        .unwrap();
    assert_eq!(
        v["queue"],
        json!({"lock_duration_ms": 5000, "max_delivery_count": 3})
    );
    assert_eq!(v["actors"][0]["interval_ms"], 50);
    assert_eq!(v["actors"][1]["auto_renew_max_ms"], 60000);
    assert_eq!(v["actors"][2]["processing_ms"], 700);
    assert_eq!(v["actors"][2]["prefetch"], 5);
    let sc = from_value(&v).unwrap();
    assert_eq!(sc.queue.max_delivery_count, 3);
}

#[test]
fn a_setting_with_nothing_to_set_it_on_is_refused() {
    let d = doc(r#"{"settle":1,"actors":[{"kind":"sender","name":"S"}]}"#);
    let s = Sweep::new(vec![vary("prefetch=1")], 1).unwrap();
    let said = |r: Result<Value, SweepError>| r.map_err(|e| e.to_string());
    assert_eq!(
        said(s.variant(&d, &[1])),
        Err("prefetch: the scenario has no receiver actor to set it on".to_string())
    );
    let s = Sweep::new(vec![vary("receivers=1")], 1).unwrap();
    assert_eq!(
        said(s.variant(&d, &[1])),
        Err("receivers: the scenario has no receiver actor to copy".to_string())
    );
    assert_eq!(
        s.variant(&d, &[1]),
        Err(SweepError::NoActor {
            param: Param::Receivers,
            kind: "receiver"
        })
    );
    // A value the format refuses is refused as the document would be, naming the point.
    let s = Sweep::new(vec![vary("lock_ms=1000")], 1).unwrap();
    let e = s
        .run(&levelling(), Budget::DEFAULT, &mut |_, _| {})
        .unwrap_err();
    assert!(
        matches!(&e, SweepError::Refused { point, .. } if point == "lock_ms=1000"),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("lock_ms=1000: $.queue.lock_duration_ms: "),
        "{e}"
    );
}

#[test]
fn load_levelling_more_receivers_never_lower_throughput_and_lower_the_p95() {
    let s = Sweep::new(vec![vary("receivers=1..6")], 1).unwrap();
    let mut seen = Vec::new();
    let rows = s
        .run(&levelling(), Budget::DEFAULT, &mut |i, n| seen.push((i, n)))
        .unwrap();
    assert_eq!(seen, (1..=6).map(|i| (i, 6)).collect::<Vec<_>>());
    for w in rows.windows(2) {
        assert!(w[1].throughput_milli >= w[0].throughput_milli, "{w:?}");
        assert!(w[1].latency_p95_ms < w[0].latency_p95_ms, "{w:?}");
    }
    // Two workers of two at 400-600 ms drain about eight a second (the lesson says so).
    let two = &rows[1];
    assert!((7_000..9_000).contains(&two.throughput_milli), "{two:?}");
    for r in &rows {
        assert_eq!((r.lock_expiries, r.dead_lettered, r.status()), (0, 0, "ok"));
        assert!(
            r.max_queue_length > 150,
            "the burst waits in the queue: {r:?}"
        );
    }
}

#[test]
fn a_sweep_gives_the_same_bytes_twice() {
    let s = Sweep::new(
        vec![vary("receivers=1..3"), vary("lock_ms=5000..15000:10000")],
        3,
    )
    .unwrap();
    let a = s
        .run(&levelling(), Budget::DEFAULT, &mut |_, _| {})
        .unwrap();
    let b = s
        .run(&levelling(), Budget::DEFAULT, &mut |_, _| {})
        .unwrap();
    assert_eq!(s.csv(&a), s.csv(&b));
    assert_eq!(s.json("t", &a), s.json("t", &b));
    assert_eq!(s.csv(&a).lines().count(), 7);
    assert!(s.csv(&a).starts_with("receivers,lock_ms,throughput_per_s,"));
}

#[test]
fn short_locks_under_slow_work_expire_and_dead_letter() {
    // Each message takes 6 s under a 5 s lock: every delivery's lock expires, and after
    // max_delivery_count deliveries the message is dead-lettered.
    let d = doc(r#"{"settle":1,"run_until_ms":60000,"actors":[
        {"kind":"sender","name":"S","count":2},
        {"kind":"receiver","name":"R","processing_ms":1000}]}"#);
    let s = Sweep::new(
        vec![
            vary("processing_ms=1000..6000:5000"),
            vary("lock_ms=5000"),
            vary("max_delivery_count=2"),
        ],
        1,
    )
    .unwrap();
    let rows = s.run(&d, Budget::DEFAULT, &mut |_, _| {}).unwrap();
    assert_eq!((rows[0].lock_expiries, rows[0].dead_lettered), (0, 0));
    assert!(rows[0].latency_p50_ms.is_some());
    assert_eq!((rows[1].lock_expiries, rows[1].dead_lettered), (4, 2));
    assert_eq!(
        (rows[1].throughput_milli, rows[1].latency_p95_ms),
        (0, None)
    );
    assert!(
        s.csv(&rows)
            .lines()
            .nth(2)
            .unwrap()
            .ends_with(",0.000,,,4,2,2,1,ok")
    );
}

#[test]
fn a_point_over_the_work_budget_says_so_and_the_others_run() {
    let s = Sweep::new(vec![vary("receivers=1..2")], 2).unwrap();
    let budget = Budget {
        max_records: 400,
        max_trace_bytes: u64::MAX,
    };
    let rows = s.run(&levelling(), budget, &mut |_, _| {}).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.status() == "over_budget"));
    assert!(
        s.csv(&rows)
            .lines()
            .nth(1)
            .unwrap()
            .ends_with(",2,over_budget")
    );
    let j = s.json("t", &rows);
    assert!(
        j["rows"][0]["budget"]
            .as_str()
            .unwrap()
            .starts_with("work budget exceeded")
    );
}

#[test]
fn means_have_at_most_two_decimals() {
    assert_eq!(mean(6, 3), "2");
    assert_eq!(mean(5, 2), "2.5");
    assert_eq!(mean(7, 3), "2.33");
    assert_eq!(mean(2, 3), "0.67");
    assert_eq!(mean(0, 1), "0");
}

#[test]
fn entities_are_refused() {
    let d = doc(
        r#"{"settle":1,"entities":{"q":{"type":"queue"}},"actors":[{"kind":"receiver","name":"R","from":"q"}]}"#,
    );
    let s = Sweep::new(vec![vary("prefetch=1")], 1).unwrap();
    let e = s.run(&d, Budget::DEFAULT, &mut |_, _| {}).unwrap_err();
    assert_eq!(e, SweepError::Entities);
    assert!(e.to_string().contains("declares entities"), "{e}");
}

#[test]
fn a_row_goes_through_json_whole() {
    let s = Sweep::new(vec![vary("receivers=1..2")], 2).unwrap();
    let budget = Budget {
        max_records: 400,
        max_trace_bytes: u64::MAX,
    };
    let mut rows = s.run(&levelling(), budget, &mut |_, _| {}).unwrap();
    rows.extend(
        s.run(&levelling(), Budget::DEFAULT, &mut |_, _| {})
            .unwrap(),
    );
    for r in &rows {
        assert_eq!(Row::from_value(&r.to_value()).as_ref(), Some(r));
    }
    assert_eq!(Row::from_value(&json!({"values": [1]})), None);
}

#[test]
fn the_telling_moment_is_the_first_loss_else_the_longest_queue() {
    // Load levelling loses nothing: the queue is longest at the end of the burst, about 2 s in.
    let s = Sweep::new(vec![vary("receivers=2")], 1).unwrap();
    let t = s
        .run(&levelling(), Budget::DEFAULT, &mut |_, _| {})
        .unwrap()[0]
        .telling_ms;
    assert!((1_500..3_000).contains(&t), "{t}");
    // Work of 6 s under a 5 s lock: the first lock expires 5 s after the first receive, which
    // comes at 1 s (the receiver found nothing at 0 s and waits its 1 s poll before asking again).
    let d = doc(
        r#"{"settle":1,"run_until_ms":60000,"queue":{"lock_duration_ms":5000},"actors":[
        {"kind":"sender","name":"S","count":2},
        {"kind":"receiver","name":"R","processing_ms":6000}]}"#,
    );
    let s = Sweep::new(vec![vary("concurrency=1")], 1).unwrap();
    let row = &s.run(&d, Budget::DEFAULT, &mut |_, _| {}).unwrap()[0];
    assert!(row.lock_expiries > 0);
    assert_eq!(row.telling_ms, 6_000, "{row:?}");
}

#[test]
fn the_ends_of_the_ranges_decide_whether_every_point_is_accepted() {
    let s = Sweep::new(
        vec![vary("lock_ms=5000..300000:737"), vary("receivers=1..9:4")],
        1,
    )
    .unwrap();
    assert!(s.check_ends(&levelling()).is_ok());
    assert!(s.check(&levelling()).is_ok());
    // The last value is the last the step reaches (299,800 and 9), not `to`.
    let s = Sweep::new(vec![vary("lock_ms=4000..6000:1000")], 1).unwrap();
    assert!(
        matches!(s.check_ends(&levelling()), Err(SweepError::Refused { point, .. }) if point == "lock_ms=4000")
    );
    let s = Sweep::new(vec![vary("lock_ms=290000..310000:1000")], 1).unwrap();
    assert!(
        matches!(s.check_ends(&levelling()), Err(SweepError::Refused { point, .. }) if point == "lock_ms=310000")
    );
    // 290,000, 297,000, 304,000: the last is past the format's 300,000 though `to` is not
    // reached.
    let s = Sweep::new(vec![vary("lock_ms=290000..305000:7000")], 1).unwrap();
    assert!(
        matches!(s.check_ends(&levelling()), Err(SweepError::Refused { point, .. }) if point == "lock_ms=304000")
    );
    let s = Sweep::new(vec![vary("lock_ms=290000..310000:30000")], 1).unwrap();
    assert!(
        s.check_ends(&levelling()).is_ok(),
        "290,000 is the only value"
    );
}
