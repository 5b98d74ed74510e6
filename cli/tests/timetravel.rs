//! Time travel (scenario/src/timetravel/): a seek lands on exactly the state of playing
//! to that time (full state, lock tokens and random streams included), back and forth, over
//! every preset; acting after a seek forks the story, and the export replays the fork.

use settle_core::{Instant, NewMessage, Op, Rng, SubQueue, Target};
use settle_scenario::timetravel::{MAX_SNAPSHOTS, Policy, Timeline};
use settle_scenario::{Run, Scenario, final_record, parse, presets::PRESETS};

/// The whole live state of a run: the derived Debug of its world and actors covers every
/// field (queue, locks and tokens, timers, clients and what they hold, actors' jobs, random
/// generators), plus the script position. (Not `run_until_ms`: an export ends where it was
/// taken.)
fn state(run: &Run) -> String {
    format!("{:?} {:?} {}", run.world(), run.actors(), run.next_step())
}

fn played_to(sc: &Scenario, t: u64) -> Run {
    let mut run = Run::new(sc);
    run.advance_to(Instant::from_millis(t), &mut |_| {});
    run
}

fn at(ms: u64) -> Instant {
    Instant::from_millis(ms)
}

#[test]
fn seek_equals_playing_there_for_every_preset() {
    let mut rng = Rng::new(11);
    let mut seeks = 0;
    let mut thinned = false;
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        // Small intervals, so that seeks really start from snapshots.
        let mut tl = Timeline::with_intervals(sc.clone(), 7, 3_000);
        // Random times, and both sides of instants where something happened (where a
        // snapshot is taken, and where an off-by-one would show).
        let mut times: Vec<u64> = (0..25).map(|_| rng.below(end + 1)).collect();
        let mut run = Run::new(&sc);
        let mut busy = Vec::new();
        run.advance_to(sc.run_until, &mut |r| {
            if let Some(t) = r
                .to_json()
                .strip_prefix("{\"t\":")
                .and_then(|s| s.split(',').next())
            {
                busy.push(t.parse::<u64>().unwrap());
            }
        });
        busy.dedup();
        for t in busy.iter().step_by(busy.len() / 12 + 1) {
            times.extend([t.saturating_sub(1), *t, t + 1]);
        }
        for t in times {
            let t = t.min(end);
            tl.seek(at(t));
            let want = played_to(&sc, t);
            assert_eq!(tl.now(), at(t), "{name}");
            assert_eq!(
                final_record(tl.run().world()).to_json(),
                final_record(want.world()).to_json(),
                "{name} at {t}"
            );
            assert_eq!(state(tl.run()), state(&want), "{name} at {t}");
            seeks += 1;
        }
        let kept = tl.checkpoints().len();
        assert!(kept > 1, "{name}: no snapshot was taken");
        assert!(kept <= MAX_SNAPSHOTS + 1, "{name}: {kept} snapshots");
        thinned |= tl.checkpoints().thinned();
    }
    assert!(seeks >= 1000, "{seeks}");
    assert!(thinned, "no preset was long enough to thin its snapshots");
}

#[test]
fn frame_by_frame_play_equals_one_jump() {
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        let mut tl = Timeline::with_intervals(sc.clone(), 50, 10_000);
        let frame = (end / 97).max(1);
        let mut t = 0;
        while t < end {
            t = (t + frame).min(end);
            tl.play_to(at(t), &mut |_, _| {});
        }
        assert_eq!(state(tl.run()), state(&played_to(&sc, end)), "{name}");
    }
}

fn receive(tl: &mut Timeline, by: &str) -> Vec<String> {
    match tl.act(
        by,
        Op::Receive {
            max: 1,
            mode: None,
            from: SubQueue::Main,
        },
    ) {
        Ok(settle_core::Outcome::Messages(m)) => m.iter().map(|m| m.id.to_string()).collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn acting_after_a_seek_forks_and_the_export_replays_the_fork() {
    let sc = parse(settle_scenario::presets::preset("lock-expiry").unwrap()).unwrap();
    let mut tl = Timeline::with_intervals(sc.clone(), 3, 5_000);
    // The original future: at 20 s a person sends m9 and R3 receives.
    tl.seek(at(20_000));
    tl.act(
        "S9",
        Op::Send {
            msg: NewMessage::new("m9", "later"),
            presettled: false,
        },
    )
    .unwrap();
    assert_eq!(tl.recorded().len(), 1);
    tl.seek(at(44_000));
    let before_fork = tl.export();
    assert!(before_fork.contains("\"m9\""));
    // Back to 2 s: R3 grabs nothing (R1 holds m1), then the person completes m1 as R1.
    tl.seek(at(2_000));
    assert_eq!(receive(&mut tl, "R3"), Vec::<String>::new());
    // Acting dropped the person's later step (the fork)...
    assert_eq!(tl.recorded().len(), 1);
    assert!(!tl.export().contains("\"m9\""));
    tl.act(
        "R1",
        Op::Complete {
            target: Target::Id("m1".into()),
        },
    )
    .unwrap();
    // ...and the scenario's own later steps carry on: R2's receive at 32 s finds nothing now.
    tl.seek(at(45_000));
    let text = tl.export();
    let again = parse(&text).unwrap();
    assert_eq!(again.script.len(), sc.script.len() + 2);
    assert!(again.lesson.is_some() && again.lesson == sc.lesson);
    let replayed = played_to(&again, 45_000);
    assert_eq!(state(tl.run()), state(&replayed));
    assert_eq!(
        final_record(replayed.world()).to_json(),
        final_record(tl.run().world()).to_json()
    );
    // And going back into the fork still equals playing the exported document there.
    for t in [0, 2_000, 2_001, 31_000, 40_000] {
        tl.seek(at(t));
        assert_eq!(state(tl.run()), state(&played_to(&again, t)), "at {t}");
    }
}

#[test]
fn an_action_is_replayed_before_actors_of_the_same_instant_live_too() {
    // poison-message: the handler acts at 0 ms; a person receiving at 0 ms comes first, as
    // the exported script step would.
    let sc = parse(settle_scenario::presets::preset("poison-message").unwrap()).unwrap();
    let mut tl = Timeline::new(sc);
    tl.seek(at(0));
    assert_eq!(receive(&mut tl, "Person"), ["order-1"]);
    let again = parse(&tl.export()).unwrap();
    assert_eq!(state(tl.run()), state(&played_to(&again, 0)));
}

/// Seek time in a run of about 10,000 trace records (a figure, not a pass/fail check), with the
/// core's snapshot policy and the page's:
/// `cargo test --release -p settle-cli --test timetravel -- --ignored --nocapture`.
#[test]
#[ignore = "benchmark: run with --release --ignored --nocapture"]
fn seek_benchmark_10000_records() {
    let doc = include_str!("../../scenario/benches/seek-scenario.json");
    let sc = parse(doc).unwrap();
    let mut records = 0u64;
    let mut run = Run::new(&sc);
    run.finish(&mut |_| records += 1);
    for (policy, mut tl) in [
        ("core", Timeline::new(sc.clone())),
        (
            "page",
            Timeline::with_run(sc.clone(), Run::new(&sc), (), Policy::PAGE),
        ),
    ] {
        let t0 = std::time::Instant::now();
        tl.play_to(sc.run_until, &mut |_, _| {});
        let play = t0.elapsed();
        // The same times as scenario/benches/seek-bench.mjs (the wasm figures): a small LCG.
        let mut x: u64 = 12345;
        let (mut worst, mut total, n) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 200);
        for _ in 0..n {
            x = (x * 1_103_515_245 + 12345) % 2_147_483_648;
            let t = at(x % 120_000);
            let s = std::time::Instant::now();
            tl.seek(t);
            let d = s.elapsed();
            worst = worst.max(d);
            total += d;
        }
        let s = std::time::Instant::now();
        let _ = played_to(&sc, sc.run_until.as_millis());
        let replay_all = s.elapsed();
        println!(
            "{policy}: records {records}, snapshots {}, play with snapshots {play:?}, replay from zero {replay_all:?}, seek mean {:?}, worst {worst:?}",
            tl.checkpoints().len(),
            total / n
        );
    }
    assert!(records >= 10_000, "only {records} records");
}
