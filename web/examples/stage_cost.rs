//! How long the stage's per-frame work takes natively (a measurement, not a test):
//!   cargo run --release -p settle-web --example stage_cost
//! 1,000 messages, 50 receivers taking 4 each, locks of 5 s re-received every 5 s, advanced
//! 1.6 s of virtual time per frame (100x at 60 fps): the simulation, the stage model, the
//! layout and the animator's update, each timed.
use settle_core::{Duration, Instant};
use settle_web::sim::Sim;
use settle_web::stage::anim::Animator;
use settle_web::stage::layout::layout;
use std::time::Instant as T;

fn main() {
    let mut script = Vec::new();
    for i in 0..1000 {
        script.push(format!(
            r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#
        ));
    }
    for k in 0..=150 {
        for r in 1..=50 {
            script.push(format!(
                r#"{{"at_ms":{},"do":"receive","by":"R{r}","max":4}}"#,
                k * 5000
            ));
        }
    }
    let doc = format!(
        r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":5000,"max_delivery_count":1000}},"script":[{}]}}"#,
        script.join(",")
    );
    let mut sim = Sim::load(&doc).expect("valid");
    let mut anim = Animator::default();
    let m = sim.stage_model();
    anim.reset(layout(&m, 1390.0, 782.0), &m);
    let (mut t_sim, mut t_model, mut t_layout, mut t_update) = (0.0, 0.0, 0.0, 0.0);
    let frames = 300;
    for f in 0..frames {
        let a = T::now();
        let t = sim.now() + Duration::from_millis(1600);
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
    }
    let ms = |x: f64| x * 1000.0 / f64::from(frames);
    println!(
        "per frame: sim {:.3} ms, model {:.3} ms, layout {:.3} ms, animator {:.3} ms (virtual {})",
        ms(t_sim),
        ms(t_model),
        ms(t_layout),
        ms(t_update),
        sim.now()
    );
    let _ = Instant::ZERO;
}
