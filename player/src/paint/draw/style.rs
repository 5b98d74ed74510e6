//! What every layer draws with: the theme's [`Palette`], the [`Frame`] a drawing is made for,
//! and the small helpers of outline, dash and text (fonts, fitting, labels, chips).

use crate::stage::layout::Rect;
use crate::stage::model::{Mark, Place};
use crate::stage::pen::Pen as Cx;
use crate::stage::text::{letter, letters};

/// The theme's colours, read from the page's CSS custom properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Palette {
    pub(super) bg: String,
    pub(super) card: String,
    pub(super) ink: String,
    pub(super) muted: String,
    pub(super) line: String,
    pub(super) accent: String,
    pub(super) ok: String,
    pub(super) kinds: [(String, String); 5],
}

/// The colour pair (ink, fill) of a kind of place.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Available = 0,
    Locked = 1,
    Deferred = 2,
    Scheduled = 3,
    Dead = 4,
}

impl Palette {
    /// Reads the colours of the document's current theme.
    #[must_use]
    pub fn read() -> Self {
        let style = web_sys::window().and_then(|w| {
            let root = w.document()?.document_element()?;
            w.get_computed_style(&root).ok().flatten()
        });
        let var = |name: &str, dflt: &str| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| dflt.to_string())
        };
        let pair = |k: &str, dk: &str, bg: &str| {
            (var(&format!("--{k}"), dk), var(&format!("--{k}-bg"), bg))
        };
        Self {
            bg: var("--bg", "#f6f7f9"),
            card: var("--card", "#ffffff"),
            ink: var("--ink", "#1c2330"),
            muted: var("--muted", "#5b6575"),
            line: var("--line", "#dde2ea"),
            accent: var("--accent", "#2f5fd0"),
            ok: var("--ok", "#1a7f37"),
            kinds: [
                pair("available", "#2f6fd0", "#e8f0fd"),
                pair("locked", "#a35a00", "#fff2de"),
                pair("deferred", "#6f42c1", "#f1eafd"),
                pair("scheduled", "#0f7b6c", "#e2f5f1"),
                pair("dead", "#b3261e", "#fdeceb"),
            ],
        }
    }

    /// The timeline's colour for a kind of marker (the page's `--tl-*` properties: the lanes'
    /// inks and the settled green).
    #[must_use]
    pub fn marker(&self, k: crate::sim::MarkKind) -> &str {
        use crate::sim::MarkKind;
        match k {
            MarkKind::Send => self.kind(Kind::Available).0,
            MarkKind::Expiry => self.kind(Kind::Locked).0,
            MarkKind::Abandon => self.kind(Kind::Deferred).0,
            MarkKind::DeadLetter => self.kind(Kind::Dead).0,
            MarkKind::Settle => &self.ok,
        }
    }

    pub(super) fn kind(&self, k: Kind) -> (&str, &str) {
        let (a, b) = &self.kinds[k as usize];
        (a, b)
    }
}

pub(super) fn kind_of(place: Option<Place>, mark: Mark) -> Kind {
    match (place, mark) {
        (_, Mark::FromDead | Mark::Dropped) => Kind::Dead,
        (Some(Place::Receiver(_)), _) => Kind::Locked,
        (Some(Place::Deferred), _) | (_, Mark::Deferred) => Kind::Deferred,
        (Some(Place::Scheduled), _) => Kind::Scheduled,
        (Some(Place::Dead | Place::DeadOf(_)), _) => Kind::Dead,
        _ => Kind::Available,
    }
}

/// What one frame needs besides the animator.
pub struct Frame<'a> {
    /// Real time (ms) for the animation.
    pub real: f64,
    /// Virtual time (ms) for the lock rings.
    pub virtual_ms: u64,
    /// A full lock (ms).
    pub lock_ms: u64,
    /// The selected message.
    pub selected: Option<crate::stage::model::MsgKey>,
    /// Colours.
    pub pal: &'a Palette,
    /// Device pixels per CSS pixel (the lock rings' rectangles are snapped to them).
    pub dpr: f64,
}

pub(super) fn rounded(cx: &mut Cx, r: Rect, radius: f64) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    cx.begin_path();
    cx.move_to(r.x + rad, r.y);
    cx.arc_to(r.right(), r.y, r.right(), r.bottom(), rad);
    cx.arc_to(r.right(), r.bottom(), r.x, r.bottom(), rad);
    cx.arc_to(r.x, r.bottom(), r.x, r.y, rad);
    cx.arc_to(r.x, r.y, r.right(), r.y, rad);
    cx.close_path();
}

/// Sets a dash pattern (the pen writes "no dash" only when one may be set).
pub(super) fn set_dash(cx: &mut Cx, xs: &[f64]) {
    cx.set_line_dash(xs);
}

pub(super) fn font(cx: &mut Cx, px: f64, bold: bool, mono: bool) {
    // Setting a font makes the browser parse it: the pen writes it only when it changes.
    let family = if mono {
        "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
    } else {
        "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
    };
    cx.set_font(&format!(
        "{}{px:.1}px {family}",
        if bold { "600 " } else { "" }
    ));
}

/// Cuts `s` to about `chars` characters, with an ellipsis.
pub(super) fn fit(s: &str, chars: f64) -> String {
    let n = chars.floor().max(1.0);
    if letters(s) <= n {
        s.to_string()
    } else {
        let mut room = n - 1.0;
        let mut out: String = s
            .chars()
            .take_while(|c| {
                room -= letter(*c);
                room >= 0.0
            })
            .collect();
        out.push('…');
        out
    }
}

/// A label token's text size and the characters its label has room for, the text starting at
/// `text_x` (after the ring, if any) and the delivery pips (`count` > 0) at its right end.
pub(super) fn label_room(r: Rect, text_x: f64, font: f64, count: u32) -> (f64, f64) {
    let h = r.h;
    let px = (h * 0.52).min(font);
    let pips_w = if count > 0 { h * 0.5 } else { 0.0 };
    (px, (r.right() - text_x - h * 0.3 - pips_w) / (px * 0.61))
}

/// A token's label in `chars` characters. A held copy's label names its entity after the id
/// ("o1 · audit"); where both do not fit, the id is kept whole and the entity left out (the
/// inspector and the mirror still name it), rather than cutting both ("o1 · au…").
pub(super) fn label(s: &str, chars: f64) -> String {
    match without_entity(s, chars) {
        Some((id, _)) => fit(id, chars),
        None => fit(s, chars),
    }
}

/// The id and the entity of a held copy's label ("o1 · audit") that does not fit in `chars`
/// characters, the entity to be left out of it; `None` when it fits or names no entity.
pub(super) fn without_entity(s: &str, chars: f64) -> Option<(&str, &str)> {
    s.split_once(" · ").filter(|_| letters(s) > chars.floor())
}

/// A stable colour for a session id.
pub(super) fn session_colour(s: &str) -> String {
    let h = s.bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    });
    format!("hsl({} 70% 50%)", h % 360)
}

pub(super) fn label_chip(cx: &mut Cx, at: (f64, f64), text: &str, px: f64, f: &Frame<'_>) {
    font(cx, px, true, false);
    let w = letters(text) * px * 0.6 + px;
    let r = Rect::new(at.0 - w / 2.0, at.1 - px * 0.8, w, px * 1.6);
    rounded(cx, r, r.h / 2.0);
    cx.set_fill_style_str(&f.pal.accent);
    cx.fill();
    cx.set_fill_style_str(&f.pal.card);
    cx.set_text_align("center");
    cx.set_text_baseline("middle");
    cx.fill_text(text, at.0, at.1);
    cx.set_text_align("start");
}

#[cfg(test)]
mod width_tests {
    use super::{fit, letters};

    #[test]
    fn chinese_and_cyrillic_take_more_room_than_latin() {
        assert!((letters("Available") - 9.0).abs() < 1e-9);
        assert!((letters("Dostupné") - 8.0).abs() < 1e-9);
        assert!(letters("可用") >= 3.4);
        assert!(letters("Доступные") > 9.0);
        // English is cut as before; Chinese by its width.
        assert_eq!(fit("Dead-letter queue", 8.0), "Dead-le…");
        assert_eq!(fit("死信队列与更多", 5.0), "死信…");
        assert_eq!(fit("可用", 4.0), "可用");
    }
}
