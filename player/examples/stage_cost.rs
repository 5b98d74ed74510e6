//! How long the stage's per-frame work takes natively (a measurement, not a test):
//!   cargo run --release -p settle-player --example stage_cost [load|busy] [SPEED]
//! `load` (the default): 1,000 messages, 50 receivers taking 4 each, locks of 5 s re-received
//! every 5 s. `busy`: 10,000 messages from a pipelined sender, 50 automated workers processing
//! 4 at a time for 20–40 s. Each frame advances 16.7 ms × SPEED (default 100) of virtual
//! time: the simulation, the stage model, the layout and the animator's update, each timed,
//! and the snapshot the page's lists are drawn from.
use settle_core::{Duration, Instant};
use settle_player::sim::{Sim, workloads};
use settle_player::stage::anim::Animator;
use settle_player::stage::layout::layout;
use std::time::Instant as T;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let doc = if args.first().map(String::as_str) == Some("busy") {
        workloads::busy_10k()
    } else {
        workloads::load_1k()
    };
    let speed: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100.0);
    let step = (16.7 * speed).round() as u64;
    let mut sim = Sim::load(&doc).expect("valid");
    let mut anim = Animator::default();
    let m = sim.stage_model();
    anim.reset(layout(&m, 1390.0, 782.0), &m);
    let (mut t_sim, mut t_model, mut t_layout, mut t_update) = (0.0, 0.0, 0.0, 0.0);
    let mut t_snap = 0.0;
    let mut snaps = 0u32;
    let frames = 300;
    for f in 0..frames {
        let a = T::now();
        let t = sim.now() + Duration::from_millis(step);
        sim.advance_to(t);
        let b = T::now();
        let cues = sim.take_cues();
        let m = sim.stage_model();
        let c = T::now();
        let l = layout(&m, 1390.0, 782.0);
        let d = T::now();
        anim.update(l, &m, &cues, f64::from(f) * 16.7, false);
        let e = T::now();
        t_sim += (b - a).as_secs_f64();
        t_model += (c - b).as_secs_f64();
        t_layout += (d - c).as_secs_f64();
        t_update += (e - d).as_secs_f64();
        // The lists follow at most twice a second: every 30th frame.
        if f % 30 == 0 {
            let g = T::now();
            std::hint::black_box(sim.snapshot());
            t_snap += g.elapsed().as_secs_f64();
            snaps += 1;
        }
    }
    let ms = |x: f64| x * 1000.0 / f64::from(frames);
    println!(
        "per frame: sim {:.3} ms, model {:.3} ms, layout {:.3} ms, animator {:.3} ms; a snapshot {:.3} ms (virtual {})",
        ms(t_sim),
        ms(t_model),
        ms(t_layout),
        ms(t_update),
        t_snap * 1000.0 / f64::from(snaps.max(1)),
        sim.now()
    );
    let _ = Instant::ZERO;
}
