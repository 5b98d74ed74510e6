//! The legend: only what the picture uses (kinds of bars, the expired part of a wait, lock
//! deadlines, icons), each with its swatch and words, in rows across the page.

use super::layout::W;
use super::model::{Icon, SegKind};
use super::out::Out;
use super::story::Story;
use super::style::seg_class;
use super::text::{num, text_w};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// What the picture uses, for the legend; and how many marks were left out, for a note.
#[derive(Default)]
pub(super) struct Used {
    pub(super) icons: Vec<Icon>,
    pub(super) segs: Vec<SegKind>,
    pub(super) dropped: usize,
    pub(super) deadlines: bool,
    pub(super) expired_waits: bool,
}

/// What a legend entry shows.
#[derive(Clone, Copy)]
enum Swatch {
    Seg(&'static str, bool),
    Icon(Icon),
    Deadline,
}

/// Legend: only what the picture uses, from `y` down; returns the `y` under it.
pub(super) fn legend(o: &mut Out, st: &Story, mut used: Used, mut y: f64) -> f64 {
    y += 8.0;
    let mut x = 24.0;
    o.s.push_str("<g class=\"legend\">");
    let mut items: Vec<(Swatch, String)> = Vec::new();
    for k in [
        SegKind::Waiting,
        SegKind::Scheduled,
        SegKind::Deferred,
        SegKind::Locked,
        SegKind::Prefetched,
        SegKind::DeadLetter,
        SegKind::Session,
    ] {
        if used.segs.contains(&k) {
            let text = match k {
                SegKind::Waiting => "story-legend-waiting",
                SegKind::Scheduled => "story-legend-scheduled",
                SegKind::Deferred => "story-legend-deferred",
                SegKind::Locked => "story-legend-locked",
                SegKind::Prefetched => "story-legend-prefetched",
                SegKind::DeadLetter => "story-legend-dead-letter-queue",
                SegKind::Session => "story-legend-session",
            };
            let sw = Swatch::Seg(seg_class(k), k == SegKind::Waiting);
            items.push((sw, st.words.t(text)));
        }
    }
    if used.expired_waits {
        let text = st.words.t("story-legend-expired-wait");
        items.push((Swatch::Seg("xp", true), text));
    }
    if used.deadlines {
        items.push((Swatch::Deadline, st.words.t("story-legend-deadline")));
    }
    used.icons.sort();
    for ic in &used.icons {
        let text = match ic {
            Icon::Admin if st.entities => "story-legend-entity-updated",
            _ => ic.style().2,
        };
        items.push((Swatch::Icon(*ic), st.words.t(text)));
    }
    for (sw, text) in items {
        let w = 22.0 + text_w(&text, 10.5) + 16.0;
        if x + w > W - 16.0 {
            x = 24.0;
            y += 20.0;
        }
        if let Swatch::Seg(class, thin) = sw {
            let h = if thin { 8.0 } else { 12.0 };
            let _ = write!(
                o.s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"16\" height=\"{}\" rx=\"2\"/>",
                num(x),
                num(y - 6.0 - h / 2.0 + 2.0),
                num(h)
            );
        }
        if let Swatch::Icon(ic) = sw {
            o.icon(ic, x + 8.0, y - 4.0);
        }
        if let Swatch::Deadline = sw {
            let _ = write!(
                o.s,
                "<path class=\"dd\" d=\"M{} {}v14\"/>",
                num(x + 8.0),
                num(y - 11.0)
            );
        }
        o.text(x + 22.0, y, "sm", &text);
        x += w;
    }
    o.s.push_str("</g>");
    y += 12.0;
    y
}
