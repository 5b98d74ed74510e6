//! Seeded fuzz over whole scenarios: random queue settings, automated senders and receivers
//! with extreme values (0, 1, `u64::MAX`, huge counts), and script steps (settlements by the
//! wrong client or of messages nobody received, closes, disconnects, crashes, updates of the
//! queue that are allowed and refused). For every case:
//!
//! - parsing never panics, on the generated document and on byte-level mutations of it;
//! - a valid scenario runs within a (small, test) work budget, in slices of random size to
//!   random intermediate instants, with the broker's invariants (`check_invariants`) holding
//!   after every slice and the record count never past the budget;
//! - the sliced run gives byte for byte the trace of the same scenario run in one go, and stops
//!   at the same place with the same error when it runs out of budget;
//! - where polling every tick is cheap enough to be the reference (virtual time over `poll_ms`
//!   bounded), skipping empty polls gives the same trace as polling every tick.
//!
//! `cargo test` runs [`CASES`] cases (seeds 1 to 1,000, the same every run); `FUZZ_CASES=<n>`
//! runs seeds 1 to n instead (the test command runs 3,000 in a release build). The long run (at least 1,000,000
//! operations, an
//! operation being one trace record or one parse of a mutated document):
//!
//! ```text
//! cargo test --release -p settle-scenario --test fuzz_scenarios -- --ignored --nocapture
//! ```
//!
//! `FUZZ_SLOW=1` prints the cases that take over a second (and, replaying one, its document
//! and the time of each phase). `FUZZ_SEED=<n>` starts the long run at another seed; a failing case prints its seed and
//! document, and `case(seed)` replays it.

use settle_core::Instant;
use settle_core::check::check_invariants;
use settle_scenario::limits::MAX_TIME_MS;
use settle_scenario::{Budget, BudgetError, Progress, Run, Scenario, parse};

/// Cases in the normal `cargo test` run, unless `FUZZ_CASES` says how many.
const CASES: u64 = 1_000;
/// The records budget of a case in the normal run (the long run allows 20,000).
const TEST_RECORDS: u64 = 1_000;

/// A seeded generator (splitmix64): one `u64` seed is one whole case, replayable.
struct G(u64);

impl G {
    fn n(&mut self, k: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % k.max(1)
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.n(xs.len() as u64) as usize]
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.n(one_in) == 0
    }
    /// A time or duration: mostly ordinary, sometimes at or past the format's limits.
    fn time(&mut self) -> u64 {
        if self.chance(12) {
            // Ten years (the limit) is valid; past it is a validation error.
            self.pick(&[MAX_TIME_MS, MAX_TIME_MS, MAX_TIME_MS, u64::MAX])
        } else {
            self.pick(&[0, 1, 2, 7, 100, 999, 1000, 5000, 30_000, 60_001])
        }
    }
    /// A count: mostly small, sometimes huge or past any limit.
    fn count(&mut self) -> u64 {
        if self.chance(8) {
            // The sum of counts is limited to 1,000,000: only the first two are valid.
            self.pick(&[100_000, 1_000_000, 100_000, 1_000_000, u64::MAX])
        } else {
            self.pick(&[0, 1, 2, 3, 5, 20])
        }
    }
}

const CLIENTS: [&str; 6] = ["A", "B", "R0", "R1", "S0", "D"];

fn sender(g: &mut G, i: u64) -> String {
    let mode = g.pick(&[
        "sequential",
        "pipelined",
        "throttled",
        "fire_and_forget",
        "presettled",
    ]);
    let mut a = format!(
        r#"{{"kind":"sender","name":"S{i}","count":{},"mode":"{mode}","interval_ms":{},"rtt_ms":{},"store_ms":{},"body":"{}""#,
        g.count(),
        g.time(),
        g.pick(&[0, 1, 70, 100_000]),
        g.pick(&[0, 10]),
        g.pick(&["x{n}", "poison", "b", ""]),
    );
    if mode == "throttled" {
        a += &format!(r#","max_in_flight":{}"#, g.pick(&[1, 3, 1_000_000]));
    }
    if g.chance(3) {
        a += &format!(r#","jitter_ms":{}"#, g.time());
    }
    if g.chance(4) {
        a += &format!(r#","start_ms":{}"#, g.time());
    }
    if g.chance(4) {
        a += &format!(r#","ttl_ms":{}"#, g.pick(&[1, 500, 100_000, u64::MAX]));
    }
    if g.chance(4) {
        a += r#","session_ids":["a","b"]"#;
    }
    if g.chance(6) {
        a += &format!(r#","reject_probability":{}"#, g.pick(&["0.5", "1", "0"]));
    }
    a + "}"
}

fn receiver(g: &mut G, i: u64, sessions: bool) -> String {
    let lo = g.pick(&[0, 1, 10, 1000]);
    let processing = if g.chance(4) {
        format!("{}", g.time())
    } else {
        format!("[{lo},{}]", lo + g.pick(&[0, 10, 500, 40_000]))
    };
    // On a session queue, half the receivers are session receivers (main queue, one message
    // per session at a time, no prefetch).
    let session_receiver = sessions && g.chance(2);
    // (Drawn in the order of old, so the documents of queues without sessions stay the same.)
    let from = if session_receiver {
        "main"
    } else {
        g.pick(&["main", "main", "dead_letter"])
    };
    let mode = g.pick(&["peek_lock", "peek_lock", "receive_and_delete"]);
    let (concurrency, prefetch) = if session_receiver {
        (1, 0)
    } else {
        (
            g.pick(&[1, 2, 5, 10_000]),
            g.pick(&[0, 0, 0, 0, 3, 3, 3, 100_000, 100_000, u64::MAX]),
        )
    };
    let mut a = format!(
        r#"{{"kind":"receiver","name":"R{i}","from":"{from}","mode":"{mode}","concurrency":{concurrency},"prefetch":{prefetch},"poll_ms":{},"processing_ms":{processing},"outcome":"{}","idempotent":{}"#,
        g.pick(&[1, 13, 1000, 1000]),
        g.pick(&["complete", "abandon", "dead_letter", "defer"]),
        g.chance(2),
    );
    if session_receiver {
        a += &format!(
            r#","sessions":{{"max_concurrent":{},"idle_ms":{}}}"#,
            g.pick(&[1, 2, 3]),
            g.pick(&[0, 1, 1000, 61_000])
        );
    }
    if g.chance(3) {
        a += &format!(r#","start_ms":{}"#, g.time());
    }
    if g.chance(5) {
        a += &format!(r#","stop_at_ms":{}"#, g.time());
    }
    if g.chance(4) {
        a += &format!(
            r#","crash_at_ms":{},"restart_after_ms":{}"#,
            g.pick(&[0, 1, 2000, 61_000]),
            g.pick(&[0, 1, 500, 90_000])
        );
    }
    if g.chance(4) {
        a += r#","poison":{"body_contains":"poison","then":"dead_letter"}"#;
    }
    if g.chance(4) {
        a += &format!(
            r#","auto_renew_max_ms":{}"#,
            g.pick(&[0, 60_000, MAX_TIME_MS])
        );
    }
    if g.chance(6) {
        a += &format!(
            r#","hang_probability":{},"hang_ms":{}"#,
            g.pick(&["0.5", "1"]),
            g.time()
        );
    }
    a + "}"
}

fn step(g: &mut G, t: u64, j: u64, sessions: bool) -> String {
    let by = g.pick(&CLIENTS);
    // A message named by id or by sequence number: often one nobody (or someone else) holds.
    let target = if g.chance(2) {
        format!(
            r#""msg":"{}""#,
            g.pick(&["x0", "x1", "x2", "S0-1", "S1-2", "nobody"])
        )
    } else {
        format!(r#""seq":{}"#, g.pick(&[1, 2, 3, 7, u64::MAX]))
    };
    let session = if sessions && g.chance(2) {
        r#","session_id":"a""#
    } else {
        ""
    };
    match g.n(16) {
        0..=2 => format!(
            r#"{{"at_ms":{t},"do":"send","by":"{by}","id":"x{}","body":"{}","ttl_ms":{}{session}}}"#,
            g.n(j + 1),
            g.pick(&["b", "poison", ""]),
            g.pick(&[1, 500, 100_000, u64::MAX])
        ),
        3 | 4 => format!(
            r#"{{"at_ms":{t},"do":"receive","by":"{by}","max":{},"mode":"{}","from":"{}"}}"#,
            g.pick(&[1, 3, 3, u64::from(u32::MAX)]),
            g.pick(&["peek_lock", "receive_and_delete"]),
            g.pick(&["main", "dead_letter"])
        ),
        5 => format!(
            r#"{{"at_ms":{t},"do":"{}","by":"{by}",{target}}}"#,
            g.pick(&["complete", "abandon", "dead_letter", "defer", "renew_lock"])
        ),
        6 => format!(
            r#"{{"at_ms":{t},"do":"open","by":"{by}","prefetch":{}}}"#,
            g.pick(&[0, 3, 3, 100_000])
        ),
        7 => format!(
            r#"{{"at_ms":{t},"do":"{}","by":"{by}"}}"#,
            g.pick(&["close", "disconnect"])
        ),
        8 => {
            // Allowed changes, and the ones rule 12 refuses.
            let set = match g.n(6) {
                0 => format!(r#""max_delivery_count":{}"#, g.pick(&[1, 2, 10])),
                1 => format!(r#""lock_duration_ms":{}"#, g.pick(&[5000, 300_000])),
                2 => format!(r#""default_ttl_ms":{}"#, g.pick(&[1000, 60_000])),
                3 => format!(r#""requires_session":{}"#, g.chance(2)),
                4 => r#""duplicate_detection_window_ms":20000"#.to_string(),
                _ => format!(r#""tier":"{}""#, g.pick(&["basic", "premium"])),
            };
            format!(r#"{{"at_ms":{t},"do":"update_queue","by":"{by}","set":{{{set}}}}}"#)
        }
        9 => format!(
            r#"{{"at_ms":{t},"do":"schedule","by":"{by}","id":"s{j}","scheduled_enqueue_ms":{}{session}}}"#,
            t.saturating_add(g.pick(&[0, 1000, 100_000]))
        ),
        10 => format!(
            r#"{{"at_ms":{t},"do":"cancel_scheduled","by":"{by}","seq":{}}}"#,
            g.pick(&[1, 2, u64::MAX])
        ),
        11 => format!(
            r#"{{"at_ms":{t},"do":"receive_deferred","by":"{by}","seqs":[{}]}}"#,
            g.pick(&["1", "1,2,3", "18446744073709551615", "2"])
        ),
        12 => format!(
            r#"{{"at_ms":{t},"do":"peek","by":"{by}","max":{}}}"#,
            g.pick(&[1, 250, 251, 100_000])
        ),
        13 => format!(
            r#"{{"at_ms":{t},"do":"accept_session","by":"{by}"{}}}"#,
            if g.chance(2) {
                r#","session_id":"a""#
            } else {
                ""
            }
        ),
        14 => format!(
            r#"{{"at_ms":{t},"do":"{}","by":"{by}"}}"#,
            g.pick(&["renew_session_lock", "get_session_state"])
        ),
        _ => format!(r#"{{"at_ms":{t},"do":"set_session_state","by":"{by}","state":"s"}}"#),
    }
}

/// One generated document (valid most of the time, sometimes past a limit).
fn scenario(seed: u64) -> String {
    let mut g = G(seed);
    let sessions = g.chance(6);
    let actors: Vec<String> = (0..g.n(5))
        .map(|i| {
            if g.chance(2) {
                sender(&mut g, i)
            } else {
                receiver(&mut g, i, sessions)
            }
        })
        .collect();
    let mut steps = Vec::new();
    let mut t = 0u64;
    for j in 0..g.n(16) {
        t = t.saturating_add(g.pick(&[0, 0, 1, 100, 5000, 40_000, 61_000]));
        steps.push(step(&mut g, t, j, sessions));
    }
    let mut queue = format!(
        r#""lock_duration_ms":{},"max_delivery_count":{},"dead_letter_on_expiration":{},"requires_session":{sessions}"#,
        g.pick(&[5000, 30_000, 300_000]),
        g.pick(&[1, 2, 3, 10, 2_000_000_000]),
        g.chance(2),
    );
    if g.chance(4) {
        queue += &format!(r#","default_ttl_ms":{}"#, g.pick(&[1000, 20_000, u64::MAX]));
    }
    if !sessions && g.chance(4) {
        queue += r#","duplicate_detection_window_ms":20000"#;
    }
    if g.chance(4) {
        queue += &format!(r#","tier":"{}""#, g.pick(&["basic", "premium"]));
    }
    if g.chance(6) {
        queue += &format!(r#","max_size_bytes":{}"#, g.pick(&[1, 100, 1_000_000]));
    }
    let until = if g.chance(8) {
        t.max(g.time())
    } else {
        t.saturating_add(g.pick(&[0, 10_000, 200_000, 10_000_000]))
    };
    format!(
        r#"{{"settle":1,"seed":{},"run_until_ms":{until},"queue":{{{queue}}},"script":[{}],"actors":[{}]}}"#,
        g.n(100),
        steps.join(","),
        actors.join(",")
    )
}

/// Byte-level mutations of a document: parsing any of them never panics.
fn mutants(seed: u64, text: &str) -> Vec<Vec<u8>> {
    let mut g = G(seed ^ 0x5EED);
    let b = text.as_bytes();
    let mut out = Vec::new();
    for _ in 0..4 {
        let mut m = b.to_vec();
        let at = g.n(m.len() as u64 + 1) as usize;
        match g.n(6) {
            0 => m.truncate(at),
            1 if at < m.len() => m[at] = g.pick(&[b'"', b'{', b']', b',', b'9', 0xFF, 0]),
            2 => m
                .splice(at..at, b"18446744073709551616".iter().copied())
                .for_each(drop),
            3 => m.splice(at..at, b"1e400".iter().copied()).for_each(drop),
            4 => m.splice(at..at, "\u{FEFF}\u{0}é".bytes()).for_each(drop),
            _ => m.splice(at..at, b"-1".iter().copied()).for_each(drop),
        }
        out.push(m);
    }
    out
}

/// The budget of a test case: small, so a case is quick and the budget's edge is often hit.
fn budget(records: u64) -> Budget {
    Budget {
        max_records: records,
        max_trace_bytes: 16 * records * 100,
    }
}

/// The whole trace of `sc` in one go, and how it ended.
fn one_go(sc: &Scenario, b: Budget, every_tick: bool) -> (String, Result<(), BudgetError>) {
    let mut run = Run::with_budget(sc, b);
    if every_tick {
        run.poll_every_tick();
    }
    let mut text = String::new();
    let end = run.finish_trace(&mut |l: &str| text.push_str(l));
    (text, end)
}

/// Whether polling every tick stays cheap: receiver ticks over the run are bounded.
fn every_tick_is_cheap(sc: &Scenario) -> bool {
    let ticks: u64 = sc
        .actors
        .iter()
        .filter_map(|a| match a {
            settle_core::actors::ActorSpec::Receiver(r) => Some(
                sc.run_until.as_millis().saturating_sub(r.start.as_millis())
                    / r.poll.as_millis().max(1),
            ),
            settle_core::actors::ActorSpec::Sender(_) => None,
        })
        .fold(0, u64::saturating_add);
    ticks <= 10_000
}

/// The first line where two traces differ, with its number.
fn first_difference(a: &str, b: &str) -> String {
    let (mut x, mut y) = (a.lines(), b.lines());
    for n in 1.. {
        match (x.next(), y.next()) {
            (None, None) => break,
            (l, r) if l != r => {
                return format!(
                    "line {n}:\n  {}\n  {}",
                    l.unwrap_or("(end)"),
                    r.unwrap_or("(end)")
                );
            }
            _ => {}
        }
    }
    "(no difference)".into()
}

/// `FUZZ_SLOW` is set: report slow cases and phases.
fn slow() -> bool {
    std::env::var_os("FUZZ_SLOW").is_some()
}

/// Runs one case; returns its operations (records produced plus documents parsed).
fn case(seed: u64, records: u64) -> u64 {
    let text = scenario(seed);
    let mut ops = 1;
    for m in mutants(seed, &text) {
        let _ = settle_scenario::parse_bytes(&m);
        ops += 1;
    }
    let Ok(sc) = parse(&text) else { return ops };
    let slow = slow();
    if slow && std::env::var("FUZZ_SEED").is_ok() {
        eprintln!("{text}");
    }
    let t0 = std::time::Instant::now();
    let lap = |what: &str| {
        if slow {
            eprintln!("  {what}: {:.2} s", t0.elapsed().as_secs_f64());
        }
    };
    let b = budget(records);
    let ctx = || format!("seed {seed}: {text}");

    // In slices: random sizes, to random instants on the way to the end.
    let mut g = G(seed ^ 0xA11CE);
    let mut run = Run::with_budget(&sc, b);
    let mut sliced = String::new();
    let end = sc.run_until;
    let ended = loop {
        let to = if g.chance(3) {
            end
        } else {
            Instant::from_millis(g.n(end.as_millis().saturating_add(1)))
        };
        let slice = g.pick(&[1, 2, 7, 50, 500]);
        let r = run.advance_trace(to, slice, &mut |l: &str| sliced.push_str(l));
        if let Err(e) = check_invariants(run.world().queue()) {
            panic!("{}\ninvariant broken: {e}", ctx());
        }
        assert!(run.records() <= b.max_records, "{}", ctx());
        match r {
            Ok(Progress::Paused { .. }) => {}
            Ok(Progress::Reached) if to == end => {
                break run.finish_trace(&mut |l: &str| sliced.push_str(l));
            }
            Ok(Progress::Reached) => {}
            Err(e) => {
                // Over the budget every later call says the same, and nothing more runs.
                let before = run.records();
                assert_eq!(
                    run.advance_trace(end, u64::MAX, &mut |_: &str| {}),
                    Err(e.clone()),
                    "{}",
                    ctx()
                );
                assert_eq!(run.records(), before);
                break Err(e);
            }
        }
    };
    ops += run.records();
    lap("sliced");

    // The same scenario in one go: the same trace, the same end.
    let (whole, whole_end) = one_go(&sc, b, false);
    assert_eq!(ended, whole_end, "{}", ctx());
    assert!(
        sliced == whole,
        "{}\nsliced and one-go traces differ:\n{}",
        ctx(),
        first_difference(&sliced, &whole)
    );

    lap("one go");
    // Polling every tick (the behaviour poll skipping replaces) where that is cheap.
    if every_tick_is_cheap(&sc) {
        let (every, every_end) = one_go(&sc, b, true);
        assert_eq!(whole_end, every_end, "{}", ctx());
        assert!(
            whole == every,
            "{}\nskipping empty polls changed the trace:\n{}",
            ctx(),
            first_difference(&whole, &every)
        );
    }
    ops
}

/// The same [`CASES`] cases on every run (seeds 1, 2, …, the first cases of the long run): a
/// failure in CI is one anybody can replay, never a flake of a random draw.
#[test]
fn whole_scenarios_parse_without_panic_run_in_budget_keep_invariants_and_match_references() {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(CASES);
    let t0 = std::time::Instant::now();
    for seed in 1..=cases {
        let t = std::time::Instant::now();
        case(seed, TEST_RECORDS);
        if slow() && t.elapsed().as_secs_f64() > 1.0 {
            eprintln!("seed {seed}: {:.1} s", t.elapsed().as_secs_f64());
        }
    }
    println!("{cases} cases in {:.1} s", t0.elapsed().as_secs_f64());
}

/// The seeds of cases that once failed: each replays as a regression test.
#[test]
fn regressions() {
    for seed in [
        // A link prefetching from the main queue collected expired messages at whatever
        // instant a run was advanced to: the trace depended on the slicing.
        1_601_995_259_569_643_250u64,
        // Over the budget, the error's instant was wherever the run had been asked to go
        // (and the world had moved on to there): it depended on the slicing.
        9_471_931_347_461_601_914,
        // A receive that found nothing but collected an expired message into the dead-letter
        // queue did not wake a dead-letter receiver skipping its empty polls.
        15_254_933_540_224_969_434,
        // Opening a link that prefetches from the main queue collected expired messages into
        // the dead-letter queue after a dead-letter prefetcher had been filled in the same
        // pump: that link got them at the next pump, wherever a run was advanced to (found by
        // a random draw in CI before the cases were fixed seeds).
        14_926_241_553_721_913_775,
    ] {
        case(seed, TEST_RECORDS);
    }
}

#[test]
#[ignore = "long run: at least a million operations; run in release (see the module doc)"]
fn long_run() {
    let first: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let started = std::time::Instant::now();
    let (mut ops, mut cases, mut seed) = (0u64, 0u64, first);
    while ops < 1_000_000 {
        ops += case(seed, 20_000);
        seed += 1;
        cases += 1;
    }
    eprintln!(
        "fuzz long run: {cases} cases (seeds {first}..{seed}), {ops} operations, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn the_generator_makes_valid_scenarios_with_actors_and_steps_and_hits_the_budget() {
    // A fuzz target that only ever produced parse errors would check nothing.
    let (mut valid, mut with_actors, mut over) = (0, 0, 0);
    for seed in 0..300 {
        let text = scenario(seed);
        if let Ok(sc) = parse(&text) {
            valid += 1;
            if !sc.actors.is_empty() && !sc.script.is_empty() {
                with_actors += 1;
            }
            if one_go(&sc, budget(TEST_RECORDS), false).1.is_err() {
                over += 1;
            }
        }
    }
    assert!(valid > 100, "{valid} of 300 valid");
    assert!(with_actors > 30, "{with_actors} with actors and steps");
    assert!(over > 5, "{over} over the budget");
}
/// Replays one case: `FUZZ_SEED=<seed> cargo test -p settle-scenario --test
/// fuzz_scenarios replay -- --ignored`.
#[test]
#[ignore = "replays the case FUZZ_SEED names"]
fn replay() {
    let seed = std::env::var("FUZZ_SEED")
        .expect("FUZZ_SEED=<seed>")
        .parse()
        .expect("a u64 seed");
    case(seed, TEST_RECORDS);
}
