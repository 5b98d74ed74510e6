//! The generic time travel (scenario/src/timetravel/): a timeline advanced in slices equals one
//! jump, its observer sees exactly the run's records, a seek restores what the observer keeps
//! with the run, acting hands on the records from the person's step, and the page's snapshot
//! policy keeps a crowded queue from being copied every minute of virtual time.

use settle_core::{Instant, Op, Rng, SubQueue};
use settle_scenario::timetravel::{Observer, Phase, Policy, Timeline};
use settle_scenario::{
    Progress, Rec, Record, Run, Scenario, final_record, parse, presets::PRESETS, record_json,
};

fn at(ms: u64) -> Instant {
    Instant::from_millis(ms)
}

/// The whole live state of a run (as cli/tests/timetravel.rs compares it): every field of its
/// world and actors, the script position, and the final record's listing.
fn state(run: &Run) -> String {
    format!(
        "{:?} {:?} {} {} {}",
        run.world(),
        run.actors(),
        run.next_step(),
        run.records(),
        final_record(run.world()).to_json()
    )
}

/// Every record as its trace line.
#[derive(Default)]
struct Trace(Vec<String>);

impl Observer for Trace {
    type Saved = ();
    fn record(&mut self, (): &mut (), r: Rec<'_>, _: &Phase) {
        let (w, r) = (r.world, r.record);
        self.0.push(record_json(w, &r).to_json());
    }
}

/// The records a run produces from zero to `t`, as trace lines.
fn trace_to(sc: &Scenario, t: u64) -> (Run, Vec<String>) {
    let mut run = Run::new(sc);
    let mut lines = Vec::new();
    run.advance_to(at(t), &mut |j| lines.push(j.to_json()));
    (run, lines)
}

/// Advances to `t` in calls of at most `slice` records each, each moving the run on.
fn advance_in_slices<S: Clone, O: Observer<Saved = S>>(
    tl: &mut Timeline<S>,
    t: Instant,
    slice: u64,
    obs: &mut O,
) {
    loop {
        let progress = |tl: &Timeline<S>| (tl.now(), tl.run().records(), tl.run().passes());
        let before = progress(tl);
        match tl.advance(t, slice, obs) {
            Ok(Progress::Reached) if tl.now() >= t => return,
            Ok(_) => assert_ne!(progress(tl), before, "no progress"),
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn advancing_in_slices_ends_in_the_state_of_one_jump() {
    let mut compared = 0;
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until;
        let mut one = Timeline::new(sc.clone());
        let mut whole = Trace::default();
        assert_eq!(
            one.advance(end, u64::MAX, &mut whole),
            Ok(Progress::Reached)
        );
        assert_eq!(one.now(), end, "{name}");
        for policy in [Policy::CORE, Policy::PAGE] {
            for slice in [1, 7, 200] {
                let mut tl = Timeline::with_run(sc.clone(), Run::new(&sc), (), policy);
                let mut sliced = Trace::default();
                advance_in_slices(&mut tl, end, slice, &mut sliced);
                assert_eq!(
                    state(tl.run()),
                    state(one.run()),
                    "{name}, slices of {slice}"
                );
                assert_eq!(sliced.0, whole.0, "{name}, slices of {slice}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 6 * 20, "{compared}");
}

/// Work that makes no record is sliced too: a pipelined sender starting 20,000 sends at 0 s
/// makes no record until the first reaches the broker, yet no call runs more than its slice of
/// steps and actions, and the slices end where one jump does, with the same trace.
#[test]
fn sends_started_at_one_instant_are_sliced() {
    let sc = parse(
        r#"{"settle": 1, "run_until_ms": 2000, "actors": [
            {"kind": "sender", "name": "S", "count": 20000, "mode": "pipelined"},
            {"kind": "receiver", "name": "R", "processing_ms": 10}]}"#,
    )
    .unwrap();
    let mut run = Run::new(&sc);
    assert!(matches!(
        run.advance_until(at(0), 200, &mut |_, _| {}),
        Ok(Progress::Paused { .. })
    ));
    assert_eq!((run.passes(), run.records()), (200, 0));
    // The timeline's slices, as the page plays: each bounded, all of them one jump.
    let mut one = Timeline::new(sc.clone());
    let mut whole = Trace::default();
    assert_eq!(
        one.advance(sc.run_until, u64::MAX, &mut whole),
        Ok(Progress::Reached)
    );
    let mut tl = Timeline::with_run(sc.clone(), Run::new(&sc), (), Policy::PAGE);
    let mut sliced = Trace::default();
    let mut calls = 0;
    loop {
        let passes = tl.run().passes();
        let r = tl.advance(sc.run_until, 200, &mut sliced).unwrap();
        assert!(
            tl.run().passes() - passes <= 200,
            "a call ran {}",
            tl.run().passes() - passes
        );
        calls += 1;
        if r == Progress::Reached && tl.now() >= sc.run_until {
            break;
        }
    }
    assert!(calls > 100, "{calls} calls");
    assert_eq!(state(tl.run()), state(one.run()));
    assert_eq!(sliced.0, whole.0);
}

#[test]
fn an_observer_sees_exactly_the_records_of_the_run_in_order() {
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        let (run, want) = trace_to(&sc, end);
        assert!(!want.is_empty(), "{name}");
        // In frames of a hundredth of the run, as the page plays, and in one call.
        let mut tl = Timeline::with_run(sc.clone(), Run::new(&sc), (), Policy::PAGE);
        let mut seen = Trace::default();
        let frame = (end / 100).max(1);
        let mut t = 0;
        while t < end {
            t = (t + frame).min(end);
            advance_in_slices(&mut tl, at(t), 200, &mut seen);
        }
        assert_eq!(seen.0, want, "{name}");
        assert_eq!(tl.run().records(), want.len() as u64, "{name}");
        assert_eq!(state(tl.run()), state(&run), "{name}");
        let mut tl = Timeline::new(sc.clone());
        let mut lines = Vec::new();
        tl.play_to(sc.run_until, &mut |w, r| {
            lines.push(record_json(w, &r).to_json())
        });
        assert_eq!(lines, want, "{name}");
    }
}

/// Counts the records seen and hashes their trace lines: what a seek must restore.
struct Counter;

fn fnv(mut h: u64, s: &str) -> u64 {
    for b in s.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    h
}

const FNV0: u64 = 0xcbf2_9ce4_8422_2325;

impl Observer for Counter {
    type Saved = (u64, u64);
    fn record(&mut self, s: &mut (u64, u64), r: Rec<'_>, _: &Phase) {
        let (w, r) = (r.world, r.record);
        s.0 += 1;
        s.1 = fnv(s.1, &record_json(w, &r).to_json());
    }
}

/// What [`Counter`] keeps after the run's first `lines`.
fn counted(lines: &[String]) -> (u64, u64) {
    (
        lines.len() as u64,
        lines.iter().fold(FNV0, |h, l| fnv(h, l)),
    )
}

#[test]
fn seeking_back_and_forth_restores_what_the_observer_keeps() {
    let mut rng = Rng::new(5);
    let (mut seeks, mut restored) = (0, 0);
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        let policy = Policy {
            every_records: 7,
            chunk: 7,
            every_ms: 3_000,
            ..Policy::PAGE
        };
        let mut tl = Timeline::with_run(sc.clone(), Run::new(&sc), (0, FNV0), policy);
        advance_in_slices(&mut tl, at(end), 50, &mut Counter);
        assert!(tl.checkpoints().len() > 1, "{name}: no snapshot was taken");
        for _ in 0..12 {
            let t = rng.below(end + 1);
            let back = t < tl.now().as_millis();
            tl.seek_with(at(t), &mut Counter).unwrap();
            let (run, lines) = trace_to(&sc, t);
            assert_eq!(*tl.saved(), counted(&lines), "{name} at {t}");
            assert_eq!(tl.saved().0, tl.run().records(), "{name} at {t}");
            assert_eq!(state(tl.run()), state(&run), "{name} at {t}");
            seeks += 1;
            restored += usize::from(back);
        }
    }
    assert!(
        seeks >= 200 && restored >= 50,
        "{seeks} seeks, {restored} back"
    );
}

/// Each record seen while acting: whether it was live, and its trace line.
#[derive(Default)]
struct Acting(Vec<(bool, String)>);

impl Observer for Acting {
    type Saved = (u64, u64);
    fn record(&mut self, s: &mut (u64, u64), r: Rec<'_>, phase: &Phase) {
        let (w, r) = (r.world, r.record);
        let line = record_json(w, &r).to_json();
        s.0 += 1;
        s.1 = fnv(s.1, &line);
        self.0.push((phase.live(), line));
    }
}

fn receive() -> Op {
    Op::Receive {
        max: 1,
        mode: None,
        from: SubQueue::Main,
    }
}

#[test]
fn acting_hands_on_the_records_from_the_persons_step() {
    let mut acted = 0;
    for (name, text) in PRESETS {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        // An instant where a step of the scenario runs: the replay before the person's step
        // (which runs after it) has records to keep quiet.
        let Some(t) = sc.script.iter().map(|s| s.at.as_millis()).rfind(|&t| t > 0) else {
            continue;
        };
        let mut tl = Timeline::with_intervals(sc.clone(), 5, 3_000);
        tl.play_to(at(end), &mut |_, _| {});
        tl.seek(at(t));
        let mut out = Vec::new();
        let _ = tl.act_with("Person", receive(), &mut |w, r| {
            let step = matches!(r, Record::Step { .. });
            out.push((w.queue().now(), step, record_json(w, &r).to_json()));
        });
        let first = out.first().expect("the person's step record");
        let person = *tl.person().last().unwrap();
        assert!(first.1, "{name}: {first:?}");
        assert!(
            first.2.contains(&format!("\"step\":{person},")),
            "{name}: {first:?}"
        );
        assert!(first.2.contains("\"by\":\"Person\""), "{name}: {first:?}");
        assert!(out.iter().all(|(now, ..)| *now == at(t)), "{name}");

        // The same with an observer that keeps what it saw: the replay before the step is
        // quiet, the rest live, and what it keeps is what playing the export shows.
        let mut tl = Timeline::with_run(
            sc.clone(),
            Run::new(&sc),
            (0, FNV0),
            Policy {
                every_records: 5,
                chunk: 5,
                every_ms: 3_000,
                ..Policy::PAGE
            },
        );
        advance_in_slices(&mut tl, at(end), 100, &mut Counter);
        tl.seek_with(at(t), &mut Counter).unwrap();
        let mut seen = Acting::default();
        let result = tl.act_in("Person", receive(), None, &mut seen);
        assert!(result.is_some(), "{name}");
        let quiet = seen.0.iter().take_while(|(live, _)| !live).count();
        assert!(quiet > 0, "{name}: nothing was replayed quietly");
        assert!(seen.0[quiet..].iter().all(|(live, _)| *live), "{name}");
        assert!(seen.0[quiet].1.contains("\"by\":\"Person\""), "{name}");
        assert!(tl.phase().live() && tl.later_actions() == 0, "{name}");
        let again = parse(&tl.export()).unwrap();
        let (run, lines) = trace_to(&again, t);
        assert_eq!(*tl.saved(), counted(&lines), "{name}");
        assert_eq!(state(tl.run()), state(&run), "{name}");
        acted += 1;
    }
    assert!(acted >= 8, "{acted} presets");
}

#[test]
fn acting_after_a_seek_back_forks_and_the_export_stops_at_now() {
    let sc = parse(settle_scenario::presets::preset("lock-expiry").unwrap()).unwrap();
    let mut tl = Timeline::with_intervals(sc.clone(), 3, 5_000);
    tl.seek(at(20_000));
    tl.act("R3", receive()).unwrap();
    tl.seek(at(10_000));
    // Going back keeps the person's later step (it replays going forward) but the export is
    // the story up to now.
    assert_eq!(tl.recorded().len(), 1);
    assert_eq!(tl.later_actions(), 1);
    assert!(!tl.export().contains("R3"));
    tl.seek(at(30_000));
    assert!(tl.export().contains("R3"));
    assert_eq!(tl.person().len(), 1);
    // Acting at 10 s drops it.
    tl.seek(at(10_000));
    tl.act("R4", receive()).unwrap();
    assert_eq!(tl.later_actions(), 0);
    tl.seek(at(30_000));
    let text = tl.export();
    assert!(text.contains("R4") && !text.contains("R3"));
    assert_eq!(
        state(tl.run()),
        state(&trace_to(&parse(&text).unwrap(), 30_000).0)
    );
}

/// Copies taken playing busy-10k for 20 virtual minutes at 100× (1.6 s of virtual time a
/// frame, at most 5,000 records a slice), as the page does.
fn copies_in_20_minutes(tl: &mut Timeline) -> usize {
    let start = tl.checkpoints().len();
    while tl.now().as_millis() < 1_200_000 {
        let to = at(tl.now().as_millis() + 1_600);
        while tl.advance(to, 5_000, &mut ()).unwrap() != Progress::Reached {}
    }
    tl.checkpoints().len() - start
}

#[test]
fn a_crowded_queue_played_fast_is_not_copied_every_minute_of_virtual_time() {
    let sc = parse(&settle_scenario::presets::workloads::busy_10k()).unwrap();
    let mut page = Timeline::with_run(sc.clone(), Run::new(&sc), (), Policy::PAGE);
    let copies = copies_in_20_minutes(&mut page);
    assert!(copies <= 6, "{copies} copies in 20 virtual minutes");
    // Without the crowd rule a quiet minute takes a copy of them all.
    let mut core = Timeline::with_run(sc.clone(), Run::new(&sc), (), Policy::CORE);
    let without = copies_in_20_minutes(&mut core);
    assert!(
        without > 2 * copies,
        "{without} copies without the crowd rule"
    );
    // Seeking still lands where playing lands.
    for t in [300_000, 1_000_000] {
        page.seek(at(t));
        assert_eq!(state(page.run()), state(&trace_to(&sc, t).0), "at {t}");
    }
}

/// The run of a document with `entities`: its clock is the namespace's.
#[cfg(feature = "entities")]
#[test]
fn a_document_with_entities_seeks_back_and_forth() {
    for text in [
        include_str!("../../examples/entities/topic-fan-out.json"),
        include_str!("../../examples/entities/session-workers.json"),
        include_str!("../../examples/entities/rules-change.json"),
    ] {
        let sc = parse(text).unwrap();
        let end = sc.run_until.as_millis();
        let policy = Policy {
            every_records: 5,
            chunk: 5,
            ..Policy::PAGE
        };
        let mut tl = Timeline::with_run(sc.clone(), Run::new(&sc), (0, FNV0), policy);
        advance_in_slices(&mut tl, at(end), 7, &mut Counter);
        assert!(tl.checkpoints().len() > 2, "{}", sc.title);
        for t in [end * 3 / 4, end / 4, end / 2, end] {
            tl.seek_with(at(t), &mut Counter).unwrap();
            let mut want = Run::new(&sc);
            let _ = want.advance_until(at(t), u64::MAX, &mut |_, _| {});
            assert_eq!(tl.now(), at(t), "{}", sc.title);
            assert_eq!(tl.saved().0, want.records(), "{} at {t}", sc.title);
            assert_eq!(
                format!("{:?} {}", tl.run().namespace(), tl.run().next_step()),
                format!("{:?} {}", want.namespace(), want.next_step()),
                "{} at {t}",
                sc.title
            );
        }
    }
}
