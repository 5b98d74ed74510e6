//! When a frame of the clock does each of its optional, costly parts: the readouts' text,
//! a publication of the page's lists, a stage's take of the simulation's changes. Pure rules,
//! tested natively; the clock loop (`crate::clock`) and the stage (`crate::paint::canvas`) follow them.
//!
//! While the clock runs, a take never shares a frame with a change of the page's text: each
//! costs a few milliseconds of the main thread (a take: the stage's model of every message,
//! its layout, the animator; a text change: style, layout, paint and a commit that waits for
//! the compositor), and a frame that did both was one of the costliest. The take waits one
//! frame; the readouts and the lists keep their own rhythm. Measured at 1,000 messages and
//! 100×, 5 runs alternately: the 95th-percentile frame's thread CPU 7.6–9.5 ms (median of
//! the runs 8.1) before, 6.7–9.1 (7.1) after; at 1× no difference beyond the noise.

/// Real ms between changes of the readouts (virtual and real time) while the clock runs (ten
/// a second: the last digits move faster than an eye reads them anyway).
pub const CLOCK_MS: f64 = 100.0;

/// How often (real ms) the reactive views follow a running clock: the lists, timers and log
/// are a mirror of the stage, read at most twice a second; the canvas follows every frame.
pub const MIRROR_MS: f64 = 500.0;

/// Real ms a stage waits after taking the simulation's changes before it takes the next: a
/// change after a quiet spell shows at once, but a stream of them (at 100× something changes
/// in every frame) is taken twenty times a second, not sixty. Each take re-lays out the stage
/// and redraws every token at rest; the journeys and lock rings still move in every frame.
pub const FOLLOW_MS: f64 = 50.0;

/// Whether a frame starting at `start` (real ms) looks at the readouts: at once while the
/// clock stands, every [`CLOCK_MS`] since they last changed (`shown_at`) while it runs.
pub fn readouts_due(running: bool, start: f64, shown_at: f64) -> bool {
    !running || start - shown_at >= CLOCK_MS
}

/// Whether a frame publishes the page's lists: only when the simulation moved since the last
/// publication (`stale`); at once while the clock stands; while it runs, [`MIRROR_MS`] after
/// the last (`published_at`), or ten times what that one cost when it was heavier, so that
/// it never takes more than about a tenth of the main thread.
pub fn mirror_due(running: bool, stale: bool, start: f64, published_at: f64, cost: f64) -> bool {
    stale && (!running || start - published_at >= MIRROR_MS.max(cost * 10.0))
}

/// Whether a stage takes the simulation's changes in a frame at `real` (ms): always after a
/// new simulation (`replaced`); otherwise when something `changed`, [`FOLLOW_MS`] after the
/// last take (`taken_at`), and, while the clock runs, not in a frame that changes the page's
/// text (`page_changes`): then the next frame takes.
pub fn take_due(
    replaced: bool,
    changed: bool,
    running: bool,
    page_changes: bool,
    taken_at: Option<f64>,
    real: f64,
) -> bool {
    replaced
        || (changed
            && !(running && page_changes)
            && taken_at.is_none_or(|at| real - at >= FOLLOW_MS))
}

/// A running clock's move in one frame: `real` ms at `speed` from virtual `from` ms, the
/// fractions of a virtual millisecond kept in `carry` for the next frame. It stops at the
/// first caption on the way that pauses (`pause_between`, as [`crate::lesson::State`] says).
/// Returns where to go and whether that is such a pause; `None` while less than a virtual
/// millisecond has passed.
pub fn clock_move(
    carry: &mut f64,
    real: f64,
    speed: f64,
    from: u64,
    pause_between: impl FnOnce(u64, u64) -> Option<u64>,
) -> Option<(u64, bool)> {
    let acc = *carry + real * speed;
    let step = acc.floor();
    *carry = acc - step;
    if step < 1.0 {
        return None;
    }
    let to = from.saturating_add(step as u64);
    Some(pause_between(from, to).map_or((to, false), |p| (p, true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a running clock did in each frame of `seconds` of frames `gap(i)` ms apart, by
    /// the rules above, with the simulation changing in every frame (as at 100×) and a
    /// publication costing `cost` ms.
    #[derive(Default)]
    struct Run {
        takes: Vec<f64>,
        readouts: Vec<f64>,
        publications: Vec<f64>,
        clashes: usize,
    }

    fn run(seconds: f64, cost: f64, gap: impl Fn(usize) -> f64) -> Run {
        let mut r = Run::default();
        let (mut shown_at, mut published_at, mut taken_at) = (f64::NEG_INFINITY, 0.0, None);
        let mut t = 0.0;
        let mut i = 0;
        while t < seconds * 1000.0 {
            // While the clock runs both readouts change whenever they are looked at.
            let readouts = readouts_due(true, t, shown_at);
            if readouts {
                shown_at = t;
                r.readouts.push(t);
            }
            let publish = mirror_due(true, true, t, published_at, cost);
            let take = take_due(false, true, true, readouts || publish, taken_at, t);
            if take {
                taken_at = Some(t);
                r.takes.push(t);
            }
            if publish {
                published_at = t;
                r.publications.push(t);
            }
            if take && (readouts || publish) {
                r.clashes += 1;
            }
            t += gap(i);
            i += 1;
        }
        r
    }

    fn widest(at: &[f64]) -> f64 {
        at.windows(2).map(|w| w[1] - w[0]).fold(0.0, f64::max)
    }

    #[test]
    fn a_running_clock_never_takes_in_a_frame_that_changes_the_page_and_keeps_every_rhythm() {
        // 60 Hz, 120 Hz, and frames that come irregularly (8–33 ms apart).
        let jitter = |i: usize| 8.0 + ((i * 7919) % 26) as f64;
        for (name, r) in [
            ("60 Hz", run(10.0, 3.0, |_| 1000.0 / 60.0)),
            ("120 Hz", run(10.0, 3.0, |_| 1000.0 / 120.0)),
            ("irregular", run(10.0, 3.0, jitter)),
        ] {
            assert_eq!(
                r.clashes, 0,
                "{name}: a take in a frame that changed the page"
            );
            // Takes: at least 12 a second; one is late by the frame in which it falls due
            // and at most two it waits out (readouts, then a publication).
            assert!(
                r.takes.len() >= 120,
                "{name}: {} takes in 10 s",
                r.takes.len()
            );
            assert!(
                widest(&r.takes) <= 50.0 + 3.0 * 34.0,
                "{name}: {}",
                widest(&r.takes)
            );
            // The readouts: ten times a second (a frame late at most).
            assert!(
                r.readouts.len() >= 85,
                "{name}: {} readouts",
                r.readouts.len()
            );
            assert!(widest(&r.readouts) <= 100.0 + 34.0, "{name}");
            // The lists: twice a second.
            assert!(
                (19..=21).contains(&r.publications.len()),
                "{name}: {}",
                r.publications.len()
            );
        }
    }

    #[test]
    fn a_heavy_publication_waits_ten_times_its_cost_and_a_standing_clock_does_everything_at_once() {
        let r = run(10.0, 100.0, |_| 1000.0 / 60.0);
        assert!(r.publications.windows(2).all(|w| w[1] - w[0] >= 1000.0));
        assert!(
            (9..=10).contains(&r.publications.len()),
            "{}",
            r.publications.len()
        );
        // Standing: readouts, the lists (when the simulation moved) and a take in one frame.
        assert!(readouts_due(false, 5.0, 0.0));
        assert!(mirror_due(false, true, 5.0, 0.0, 50.0));
        assert!(!mirror_due(false, false, 5.0, 0.0, 50.0));
        assert!(!take_due(false, true, false, true, Some(4.0), 5.0));
        assert!(take_due(false, true, false, true, Some(0.0), 60.0));
        // A new simulation is taken whatever else the frame does.
        assert!(take_due(true, false, true, true, Some(59.0), 60.0));
        // Nothing changed: nothing to take.
        assert!(!take_due(false, false, false, false, None, 60.0));
    }

    /// Slow speeds carry fractions of a virtual millisecond from frame to frame (0.1× over
    /// 60 Hz frames moves 1 ms every 10 frames or so, never losing time); a pausing caption on
    /// the way stops the move at its time.
    #[test]
    fn the_clock_moves_by_real_time_times_speed_and_stops_at_a_pausing_caption() {
        let none = |_: u64, _: u64| None;
        let mut carry = 0.0;
        let mut now = 0u64;
        for _ in 0..600 {
            if let Some((to, pause)) = clock_move(&mut carry, 1000.0 / 60.0, 0.1, now, none) {
                assert!(!pause && to > now);
                now = to;
            }
        }
        // 10 s of frames at 0.1x: 1,000 virtual ms, give or take the carry.
        assert!((999..=1000).contains(&now), "{now}");
        assert!(carry < 1.0);
        let mut carry = 0.0;
        assert_eq!(
            clock_move(&mut carry, 16.0, 100.0, 5_000, none),
            Some((6_600, false))
        );
        let pause = |from: u64, to: u64| (from < 6_000 && 6_000 <= to).then_some(6_000);
        let mut carry = 0.0;
        assert_eq!(
            clock_move(&mut carry, 16.0, 100.0, 5_000, pause),
            Some((6_000, true))
        );
        let mut carry = 0.0;
        assert_eq!(clock_move(&mut carry, 0.004, 100.0, 5_000, pause), None);
        assert!((carry - 0.4).abs() < 1e-9);
    }
}
