//! Throughput of the core on the workload of `settle_core::workload`:
//! events per second, and nanoseconds per event as the message count grows (the O(log n)
//! check). A bare discrete-event loop on this machine is printed first for scale.
//!
//! `cargo bench -p settle-core` (add `-- quick` for a smaller run).

use settle_core::{Rng, workload};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hint::black_box;
use std::time::Instant;

/// The floor: a priority queue of agents popping and pushing wake-ups, nothing else.
fn bare_loop(events: u64) -> u64 {
    let mut rng = Rng::new(1);
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> =
        (0..1000).map(|i| Reverse((i, i as u32))).collect();
    let mut n = 0;
    while n < events {
        let Reverse((t, i)) = heap.pop().expect("never empty");
        heap.push(Reverse((t + 1 + rng.below(30_000), i)));
        n += 1;
    }
    n
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = black_box(f());
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(out);
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 3 };
    // `core-only` skips the baseline (for profiling the core alone).
    if !std::env::args().any(|a| a == "core-only") {
        let (secs, n) = best_of(runs, || bare_loop(10_000_000));
        println!(
            "bare discrete-event loop: {:>6.2} M events/s",
            n as f64 / secs / 1e6
        );
        println!();
    }
    println!(
        "{:>10} {:>9} {:>12} {:>10} {:>9} {:>11} {:>8}",
        "messages", "receivers", "events", "seconds", "M ev/s", "ns/event", "log2 n"
    );
    let sizes: &[u64] = if quick {
        &[10_000, 100_000]
    } else {
        &[10_000, 100_000, 1_000_000]
    };
    for &m in sizes {
        let (secs, r) = best_of(runs, || workload::run(m, 1_000, 7));
        println!(
            "{:>10} {:>9} {:>12} {:>10.3} {:>9.2} {:>11.1} {:>8.1}",
            m,
            1_000,
            r.events,
            secs,
            r.events as f64 / secs / 1e6,
            secs * 1e9 / r.events as f64,
            (m as f64).log2()
        );
        eprintln!(
            "  ({m}: {} ops, {} completed, {} dead-lettered, {} late settlements refused, ends at {})",
            r.ops, r.completed, r.dead_lettered, r.lock_lost, r.end
        );
    }
}
