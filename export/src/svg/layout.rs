//! The page's geometry: its width and the time axis's span, the time scale, how a lane's segments
//! are stacked on tracks (or drawn as a count when too many), and the axis's step.

use super::model::{Lane, Seg};
use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

pub(super) const W: f64 = 960.0;
pub(super) const X0: f64 = 168.0;
pub(super) const X1: f64 = 936.0;
const TRACK_H: f64 = 22.0;
const MAX_TRACKS: usize = 6;
/// Segments or marks per lane drawn one by one at most; a busier lane becomes a count.
pub(super) const LANE_ITEMS: usize = 700;
pub(super) const DENSE_H: f64 = 44.0;
/// Bars narrower than this end in a small dot instead of a full icon.
pub(super) const NARROW: f64 = 22.0;

/// Level of detail: 0 full; each further level drops detail to stay under
/// [`MAX_BYTES`](super::MAX_BYTES).
#[derive(Clone, Copy)]
pub(super) struct Detail {
    pub(super) labels: bool,
    pub(super) lane_items: usize,
    pub(super) force_dense: bool,
}

pub(super) struct Scale {
    pub(super) end: u64,
}

impl Scale {
    pub(super) fn x(&self, t: u64) -> f64 {
        let t = t.min(self.end) as f64;
        X0 + t / self.end as f64 * (X1 - X0)
    }
}

/// A row's occupied spans, to keep labels from overlapping.
#[derive(Default)]
pub(super) struct Row(Vec<(f64, f64)>);

impl Row {
    pub(super) fn free(&self, a: f64, b: f64) -> bool {
        self.0.iter().all(|&(x, y)| b + 2.0 <= x || a >= y + 2.0)
    }
    pub(super) fn take(&mut self, a: f64, b: f64) {
        self.0.push((a, b));
    }
}

pub(super) struct LaneLayout {
    /// Track of each segment (`None`: not drawn as a bar).
    pub(super) track: Vec<Option<usize>>,
    pub(super) tracks: usize,
    pub(super) dense: bool,
    pub(super) y: f64,
    pub(super) h: f64,
}

impl LaneLayout {
    pub(super) fn track_y(&self, track: usize) -> f64 {
        self.y + 8.0 + TRACK_H * track as f64 + TRACK_H / 2.0
    }
}

pub(super) fn seg_end(seg: &Seg, end: u64) -> u64 {
    seg.t1.unwrap_or(end).min(end)
}

pub(super) fn layout_lane(lane: &Lane, sc: &Scale, d: Detail) -> LaneLayout {
    let mut order: Vec<usize> = (0..lane.segs.len())
        .filter(|&i| {
            let s = &lane.segs[i];
            s.t0 <= sc.end && s.t1.is_none_or(|t1| t1 > s.t0)
        })
        .collect();
    order.sort_by_key(|&i| (lane.segs[i].t0, i));
    let mut ends: Vec<f64> = Vec::new();
    let mut track = vec![None; lane.segs.len()];
    let mut dense = d.force_dense || order.len() > d.lane_items;
    if !dense {
        for &i in &order {
            let s = &lane.segs[i];
            let a = sc.x(s.t0);
            let b = sc.x(seg_end(s, sc.end)).max(a + 3.0);
            // A wide bar ends in a full-size icon, which needs room before the next bar.
            let b = if b - a >= NARROW { b + 7.0 } else { b };
            match ends.iter().position(|&e| e <= a + 0.5) {
                Some(k) => {
                    ends[k] = b;
                    track[i] = Some(k);
                }
                None => {
                    ends.push(b);
                    track[i] = Some(ends.len() - 1);
                }
            }
            if ends.len() > MAX_TRACKS {
                dense = true;
                break;
            }
        }
    }
    if dense {
        return LaneLayout {
            track: vec![None; lane.segs.len()],
            tracks: 1,
            dense: true,
            y: 0.0,
            h: DENSE_H + 22.0,
        };
    }
    let tracks = ends.len().max(1);
    LaneLayout {
        track,
        tracks,
        dense: false,
        y: 0.0,
        h: 16.0 + TRACK_H * tracks as f64 + 12.0,
    }
}

pub(super) fn nice_step(span: u64) -> u64 {
    let raw = (span / 8).max(1);
    let mut p = 1u64;
    loop {
        for m in [1, 2, 5] {
            if p.saturating_mul(m) >= raw {
                return p * m;
            }
        }
        p = p.saturating_mul(10);
    }
}

/// The picture's frame, once its lanes are placed: the time scale, where the run ends, the level
/// of detail, the lanes in display order and each one's layout, from `top` to `bottom`.
pub(super) struct Frame {
    pub(super) scale: Scale,
    pub(super) run_end: u64,
    pub(super) detail: Detail,
    pub(super) order: Vec<usize>,
    pub(super) layouts: BTreeMap<usize, LaneLayout>,
    pub(super) top: f64,
    pub(super) bottom: f64,
}
