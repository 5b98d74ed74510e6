//! A lane's marks and labels, and the connectors between lanes: marks that fall on the same spot
//! are drawn once with a count, minor ones crowded or on a narrow bar as a dot; a label goes where
//! it finds room; a detailed message's moves are arrows from lane to lane.

use super::layout::{DENSE_H, Frame, LaneLayout, NARROW, Row, W, X0, seg_end};
use super::legend::Used;
use super::model::{ConnKind, Icon, Mark};
use super::out::Out;
use super::story::Story;
use super::text::{num, round, short, text_w};
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_i18n::Arg;

/// A label to place: its mark's x and track centre, the track, the text.
pub(super) type Label = (f64, f64, usize, String);

/// Lane `i`'s marks, grouped by spot so that a burst is one mark with a count. Icons first
/// (each takes its room on its track); returns the labels, to place where they still fit.
pub(super) fn lane_marks(
    o: &mut Out,
    st: &Story,
    f: &Frame,
    i: usize,
    rows: &mut [Row],
    used: &mut Used,
) -> Vec<Label> {
    let (sc_, end, d) = (&f.scale, f.scale.end, f.detail);
    let lane = &st.lanes[i];
    let l = &f.layouts[&i];
    // Marks: grouped by spot, so a burst is one mark with a count.
    let mut groups: BTreeMap<(i64, i64, Icon), (usize, &Mark)> = BTreeMap::new();
    for mk in &lane.marks {
        if mk.t > end {
            continue;
        }
        let tr = if l.dense {
            0
        } else {
            mk.seg.and_then(|s| l.track[s]).unwrap_or(0)
        };
        let x = sc_.x(mk.t);
        let key = (round(x * 0.5) as i64, tr as i64, mk.icon);
        groups.entry(key).or_insert((0, mk)).0 += 1;
    }
    // Icons first (each takes its room on its track), then the labels that still fit.
    let mut prev_x: BTreeMap<usize, f64> = BTreeMap::new();
    let mut labels: Vec<Label> = Vec::new();
    for (n, ((_, tr, icon), (count, mk))) in groups.iter().enumerate() {
        if n >= d.lane_items.max(60) {
            used.dropped += groups.len() - n;
            break;
        }
        let tr = *tr as usize;
        let x = sc_.x(mk.t);
        let yc = if l.dense {
            l.y + 14.0 + DENSE_H
        } else {
            l.track_y(tr)
        };
        if !used.icons.contains(icon) {
            used.icons.push(*icon);
        }
        let crowded = prev_x.get(&tr).is_some_and(|&p| x - p < 9.0);
        prev_x.insert(tr, x);
        let narrow_bar = !l.dense
            && mk.seg.is_some_and(|si| {
                let sg = &lane.segs[si];
                sc_.x(seg_end(sg, end)) - sc_.x(sg.t0) < NARROW
            });
        let minor = matches!(
            icon,
            Icon::Complete
                | Icon::Abandon
                | Icon::Defer
                | Icon::Send
                | Icon::Renew
                | Icon::ReceivedDeleted
        );
        if (crowded || narrow_bar) && minor {
            let (_, class, _) = icon.style();
            let _ = write!(
                o.s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"2.4\" fill=\"currentColor\" class=\"{class}\"/>",
                num(x),
                num(yc)
            );
            if let Some(r) = rows.get_mut(tr) {
                r.take(x - 3.0, x + 3.0);
            }
            continue;
        }
        o.icon(*icon, x, yc);
        if let Some(r) = rows.get_mut(tr) {
            r.take(x - 6.5, x + 6.5);
        }
        let label = if *count > 1 {
            st.words.tf(icon.group(), &[("count", Arg::from(*count))])
        } else {
            mk.label.clone()
        };
        if !label.is_empty() && d.labels && (mk.detail || *count > 1) && !l.dense {
            labels.push((x, yc, tr, short(&label, 48)));
        }
    }
    labels
}

/// A label goes right of its mark on the mark's own track, else left of it, else on the lane's
/// note row; where none is free it is left out.
pub(super) fn place_labels(o: &mut Out, l: &LaneLayout, rows: &mut [Row], labels: Vec<Label>) {
    let mut note_row = Row::default();
    for (x, yc, tr, label) in labels {
        let w = text_w(&label, 10.5);
        let right = (x + 9.0, x + 9.0 + w);
        let left = (x - 9.0 - w, x - 9.0);
        let row = &mut rows[tr];
        if right.1 <= W - 8.0 && row.free(right.0, right.1) {
            o.text(right.0, yc + 3.5, "sm", &label);
            row.take(right.0, right.1);
        } else if left.0 >= X0 && row.free(left.0, left.1) {
            o.text_end(left.1, yc + 3.5, "sm", &label);
            row.take(left.0, left.1);
        } else {
            let ny = l.y + l.h - 6.0;
            let a = (x - 4.0).min(W - 8.0 - w);
            if a >= X0 && note_row.free(a, a + w) {
                o.text(a, ny, "mu sm", &label);
                note_row.take(a, a + w);
            }
        }
    }
}

/// Connectors: each detailed message's moves between lanes.
pub(super) fn connectors(o: &mut Out, st: &Story, f: &Frame) {
    let (sc_, end, layouts) = (&f.scale, f.scale.end, &f.layouts);
    for c in &st.conns {
        if c.t > end {
            continue;
        }
        let (Some(fl), Some(tl)) = (layouts.get(&c.from.0), layouts.get(&c.to.0)) else {
            continue;
        };
        if fl.dense || tl.dense {
            continue;
        }
        let y_of = |l: &LaneLayout, s: Option<usize>| match s {
            Some(s) => l.track[s].map(|t| l.track_y(t)),
            None => Some(l.track_y(0)),
        };
        let (Some(y1), Some(y2)) = (y_of(fl, c.from.1), y_of(tl, c.to.1)) else {
            continue;
        };
        let x = sc_.x(c.t) + c.dx;
        let dir = if y2 > y1 { 1.0 } else { -1.0 };
        let (y1, y2) = (y1 + dir * 8.0, y2 - dir * 8.0);
        if (y2 - y1) * dir < 4.0 {
            continue;
        }
        let k = match c.kind {
            ConnKind::Send => "sn",
            ConnKind::Take => "lk",
            ConnKind::Back => "bk",
            ConnKind::DeadLetter => "dl",
        };
        let _ = write!(
            o.s,
            "<path class=\"c c-{k}\" d=\"M{} {}V{}\" marker-end=\"url(#a-{k})\"/>",
            num(x),
            num(y1),
            num(y2)
        );
    }
}
