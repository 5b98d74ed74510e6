//! A lane's bars: each segment a bar on its track, with the rest of a wait drawn expired, its
//! lock renewals, its lock deadline and a label inside or above it; or, for a lane too busy to
//! draw one by one, a band of how many are open over time.

use super::layout::{DENSE_H, Detail, Frame, LaneLayout, Row, Scale, X0, X1, seg_end};
use super::legend::Used;
use super::model::{Lane, Role, Seg, SegKind};
use super::out::Out;
use super::story::Story;
use super::style::seg_class;
use super::text::{ceil, esc, num, short, text_w};
use super::words::secs;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_i18n::Arg;

/// Lane `i`'s bars, or its dense band; returns its tracks' rows, with the bars' spans taken.
pub(super) fn lane_bars(o: &mut Out, st: &Story, f: &Frame, i: usize, used: &mut Used) -> Vec<Row> {
    let (sc_, end, run_end, d) = (&f.scale, f.scale.end, f.run_end, f.detail);
    let lane = &st.lanes[i];
    let l = &f.layouts[&i];
    let mut rows: Vec<Row> = (0..l.tracks).map(|_| Row::default()).collect();
    if l.dense {
        draw_dense(o, st, lane, l, sc_);
        let kind = match st.lanes[i].role {
            Role::Dlq(_) => SegKind::DeadLetter,
            Role::Main(_) => SegKind::Waiting,
            Role::Client => SegKind::Locked,
        };
        if !used.segs.contains(&kind) {
            used.segs.push(kind);
        }
    } else {
        for (si, seg) in lane.segs.iter().enumerate() {
            let Some(tr) = l.track[si] else { continue };
            let yc = l.track_y(tr);
            let a = sc_.x(seg.t0);
            let e = seg_end(seg, end);
            let b = sc_.x(e).max(a + 3.0);
            if !used.segs.contains(&seg.kind) {
                used.segs.push(seg.kind);
            }
            used.expired_waits |= seg.ttl_out.is_some();
            used.deadlines |= draw_seg(o, seg, a, b, yc, sc_, run_end, d, st);
            rows[tr].take(a, b);
        }
    }
    rows
}

#[allow(clippy::too_many_arguments)]
/// Draws one segment; true when it drew a lock deadline.
fn draw_seg(
    o: &mut Out,
    seg: &Seg,
    a: f64,
    b: f64,
    yc: f64,
    sc: &Scale,
    run_end: u64,
    d: Detail,
    st: &Story,
) -> bool {
    let class = seg_class(seg.kind);
    let h: f64 = match seg.kind {
        SegKind::Waiting => 10.0,
        SegKind::Session => 20.0,
        _ => 14.0,
    };
    let detail = seg.msg.is_none_or(|m| st.msgs[m].detail);
    let _ = write!(
        o.s,
        "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"",
        num(a),
        num(yc - h / 2.0),
        num(b - a),
        num(h)
    );
    if d.labels && detail && seg.msg.is_some() {
        let mut args = vec![
            ("label", Arg::from(seg.label.as_str())),
            ("from", secs(seg.t0)),
        ];
        args.extend(seg.t1.map(|t1| ("to", secs(t1))));
        args.extend(seg.deadline.map(|dl| ("deadline", secs(dl))));
        let id = match (seg.t1.is_some(), seg.deadline.is_some()) {
            (true, false) => "story-bar-span",
            (false, false) => "story-bar-span-open",
            (true, true) => "story-bar-span-lock",
            (false, true) => "story-bar-span-open-lock",
        };
        let tip = st.words.tf(id, &args);
        let _ = write!(o.s, "><title>{}</title></rect>", esc(&tip));
    } else {
        o.s.push_str("/>");
    }
    // A waiting message whose time-to-live ran out: the rest of its wait is drawn expired.
    if let Some(x) = seg.ttl_out {
        let xa = sc.x(x).max(a);
        if xa < b {
            let _ = write!(
                o.s,
                "<rect class=\"xp\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>",
                num(xa),
                num(yc - h / 2.0),
                num(b - xa),
                num(h)
            );
        }
    }
    // Renewals: a tick inside the bar where the lock was renewed.
    for &r in &seg.renewals {
        let x = sc.x(r);
        if x > a + 1.0 && x < b - 1.0 {
            let _ = write!(
                o.s,
                "<path class=\"gl\" d=\"M{} {}v{}\" stroke-width=\"1.2\"/>",
                num(x),
                num(yc - h / 2.0 + 2.0),
                num(h - 4.0)
            );
        }
    }
    // The lock's deadline: a tick, with a dotted tail when it was settled earlier.
    let lock = matches!(
        seg.kind,
        SegKind::Locked | SegKind::Prefetched | SegKind::Session
    );
    let mut drawn = false;
    if let Some(dl) = seg.deadline
        && lock
        && dl <= sc.end
        && dl <= run_end
    {
        drawn = true;
        let xd = sc.x(dl);
        if !seg.expired && xd > b + 1.0 {
            let _ = write!(
                o.s,
                "<path class=\"tl\" d=\"M{} {}H{}\"/>",
                num(b),
                num(yc),
                num(xd)
            );
        }
        let _ = write!(
            o.s,
            "<path class=\"dd\" d=\"M{} {}v{}\"/>",
            num(xd),
            num(yc - h / 2.0 - 3.0),
            num(h + 6.0)
        );
    }
    if !d.labels || !detail {
        return drawn;
    }
    let (tclass, size, inside) = match seg.kind {
        SegKind::Locked | SegKind::Prefetched => ("in", 10.5, true),
        SegKind::Session => ("mu sm", 10.5, false),
        SegKind::Waiting => ("iw", 10.0, true),
        _ => ("iw", 10.0, true),
    };
    if !inside {
        let mut label = short(&seg.label, 40);
        if let Some(dl) = seg.deadline.filter(|_| !drawn) {
            let args = [("label", Arg::from(label)), ("deadline", secs(dl))];
            label = st.words.tf("story-bar-until", &args);
        }
        o.text(a + 4.0, yc - h / 2.0 - 3.0, tclass, &label);
        return drawn;
    }
    let room = b - a - 8.0;
    let full = short(&seg.label, 60);
    // Where the deadline is off the axis, the bar says it.
    let with_deadline = match seg.deadline {
        Some(dl) if lock && !drawn => {
            let args = [("label", Arg::from(full.as_str())), ("deadline", secs(dl))];
            st.words.tf("story-bar-lock-until", &args)
        }
        _ => String::new(),
    };
    let id = seg
        .msg
        .map(|m| short(&st.msgs[m].id, 30))
        .unwrap_or_default();
    for cand in [with_deadline, full, id] {
        if !cand.is_empty() && text_w(&cand, size) <= room {
            o.text(a + 4.0, yc + size * 0.36, tclass, &cand);
            break;
        }
    }
    drawn
}

fn draw_dense(o: &mut Out, st: &Story, lane: &Lane, l: &LaneLayout, sc: &Scale) {
    // How many segments are open at each pixel column (the most within the column).
    let cols = ceil(X1 - X0) as usize;
    let mut deltas: BTreeMap<u64, i64> = BTreeMap::new();
    for s in &lane.segs {
        if s.kind == SegKind::Session {
            continue;
        }
        let e = seg_end(s, sc.end);
        if e <= s.t0 && s.t1.is_some() {
            continue;
        }
        *deltas.entry(s.t0).or_default() += 1;
        *deltas.entry(e.max(s.t0 + 1)).or_default() -= 1;
    }
    let mut peak = vec![0i64; cols + 1];
    let mut cur = 0i64;
    let mut last_col = 0usize;
    for (&t, &dv) in &deltas {
        let col = ((sc.x(t) - X0) as usize).min(cols);
        for p in peak.iter_mut().take(col + 1).skip(last_col) {
            *p = (*p).max(cur);
        }
        cur += dv;
        peak[col] = peak[col].max(cur);
        last_col = col;
    }
    let max = peak.iter().copied().max().unwrap_or(0).max(1);
    let base = l.y + 10.0 + DENSE_H;
    let mut path = format!("M{} {}", num(X0), num(base));
    let mut prev = 0i64;
    for (c, &v) in peak.iter().enumerate() {
        if v != prev {
            let x = num(X0 + c as f64);
            let _ = write!(path, "H{x}V{}", num(base - DENSE_H * v as f64 / max as f64));
            prev = v;
        }
    }
    let _ = write!(path, "L{} {}Z", num(X0 + cols as f64), num(base));
    let class = match lane.role {
        Role::Main(_) => "den",
        Role::Dlq(_) => "den2",
        Role::Client => "den1",
    };
    let _ = write!(o.s, "<path class=\"{class}\" d=\"{path}\"/>");
    let peak = st.words.tf("story-band-peak", &[("count", Arg::from(max))]);
    o.text(X0 + 4.0, l.y + 10.0, "mu sm", &peak);
}
