//! Draws the stage with a [`Pen`](crate::stage::pen::Pen) (the canvas 2D vocabulary, recorded
//! and replayed on the canvas by `public/stage-paint.js`): places, wires, tokens with their
//! lock rings, journeys and endings. Everything it draws comes from an [`Animator`]
//! (positions) and the virtual clock (rings).

use crate::stage::anim::{Animator, Ending, Sprite, Travel, arc, burst_counts, burst_groups};
use crate::stage::layout::{Layout, Rect, Size};
use crate::stage::model::{Key, Mark, Place};
use crate::stage::pen::Pen as Cx;
use std::collections::HashSet;
use std::f64::consts::{FRAC_PI_2, TAU};

/// The theme's colours, read from the page's CSS custom properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Palette {
    bg: String,
    card: String,
    ink: String,
    muted: String,
    line: String,
    accent: String,
    ok: String,
    kinds: [(String, String); 5],
}

/// The colour pair (ink, fill) of a kind of place.
#[derive(Clone, Copy)]
enum Kind {
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

    fn kind(&self, k: Kind) -> (&str, &str) {
        let (a, b) = &self.kinds[k as usize];
        (a, b)
    }
}

fn kind_of(place: Option<Place>, mark: Mark) -> Kind {
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
    pub selected: Option<u64>,
    /// Colours.
    pub pal: &'a Palette,
    /// Device pixels per CSS pixel (the lock rings' rectangles are snapped to them).
    pub dpr: f64,
}

fn rounded(cx: &mut Cx, r: Rect, radius: f64) {
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
fn set_dash(cx: &mut Cx, xs: &[f64]) {
    cx.set_line_dash(xs);
}

fn font(cx: &mut Cx, px: f64, bold: bool, mono: bool) {
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
fn fit(s: &str, chars: f64) -> String {
    let n = chars.floor().max(1.0) as usize;
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// A label token's text size and the characters its label has room for, the text starting at
/// `text_x` (after the ring, if any) and the delivery pips (`count` > 0) at its right end.
fn label_room(r: Rect, text_x: f64, font: f64, count: u32) -> (f64, f64) {
    let h = r.h;
    let px = (h * 0.52).min(font);
    let pips_w = if count > 0 { h * 0.5 } else { 0.0 };
    (px, (r.right() - text_x - h * 0.3 - pips_w) / (px * 0.61))
}

/// A token's label in `chars` characters. A held copy's label names its entity after the id
/// ("o1 · audit"); where both do not fit, the id is kept whole and the entity left out (the
/// inspector and the mirror still name it), rather than cutting both ("o1 · au…").
fn label(s: &str, chars: f64) -> String {
    match without_entity(s, chars) {
        Some((id, _)) => fit(id, chars),
        None => fit(s, chars),
    }
}

/// The id and the entity of a held copy's label ("o1 · audit") that does not fit in `chars`
/// characters, the entity to be left out of it; `None` when it fits or names no entity.
fn without_entity(s: &str, chars: f64) -> Option<(&str, &str)> {
    s.split_once(" · ")
        .filter(|_| s.chars().count() as f64 > chars.floor())
}

/// A stable colour for a session id.
fn session_colour(s: &str) -> String {
    let h = s.bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    });
    format!("hsl({} 70% 50%)", h % 360)
}

/// What the backdrop of the picture is drawn from: the places, their titles and notes, the
/// wires and the `+N` chips. It changes far less often than the tokens (not when a token moves
/// between two slots of one place), so the page keeps its drawing until this changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Backdrop {
    size: (f64, f64, f64),
    queue: Rect,
    queue_title: String,
    frames: Vec<crate::stage::layout::Frame>,
    overflow: Vec<crate::stage::layout::Overflow>,
    wires: Vec<((f64, f64), (f64, f64))>,
    empty: Option<Rect>,
}

impl Backdrop {
    /// The backdrop of a layout.
    #[must_use]
    pub fn of(l: &Layout) -> Self {
        Self {
            size: (l.w, l.h, l.font),
            queue: l.queue,
            queue_title: l.queue_title.clone(),
            // Without the words that count (a frame's note, a `+N`'s number): those are drawn
            // with the tokens at rest ([`counts`]), so that a busy queue whose counts change at
            // every update does not redraw its backdrop each time.
            frames: l
                .frames
                .iter()
                .map(|fr| crate::stage::layout::Frame {
                    note: if fr.note.is_empty() { "" } else { "…" }.to_string(),
                    ..fr.clone()
                })
                .collect(),
            overflow: l
                .overflow
                .iter()
                .map(|o| crate::stage::layout::Overflow { n: 0, ..o.clone() })
                .collect(),
            wires: l.wires.iter().map(|w| (w.from, w.to)).collect(),
            empty: l.empty_receivers,
        }
    }
}

fn reset_state(cx: &mut Cx) {
    cx.set_global_alpha(1.0);
}

/// Layer 1, the backdrop: background, places, wires and `+N` chips.
pub fn backdrop(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    reset_state(cx);
    cx.set_fill_style_str(&f.pal.bg);
    cx.fill_rect(0.0, 0.0, l.w, l.h);
    places(cx, l, f);
    wires(cx, l, f);
    for o in &l.overflow {
        cx.set_line_width(1.0);
        rounded(cx, o.rect, o.rect.h / 2.0);
        cx.set_fill_style_str(&f.pal.card);
        cx.fill();
        cx.set_stroke_style_str(&f.pal.muted);
        set_dash(cx, &[3.0, 3.0]);
        cx.stroke();
        set_dash(cx, &[]);
    }
}

/// The words that count, over the backdrop: each frame's note and each `+N`'s number (see
/// [`Backdrop::of`]).
fn counts(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    for fr in l.frames.iter().filter(|fr| !fr.note.is_empty()) {
        cx.set_global_alpha(if fr.dim { 0.6 } else { 1.0 });
        note(cx, fr, f.pal);
    }
    cx.set_global_alpha(1.0);
    cx.set_text_baseline("middle");
    for o in &l.overflow {
        font(cx, (o.rect.h * 0.55).min(l.font), true, true);
        cx.set_fill_style_str(&f.pal.ink);
        cx.set_text_align("center");
        let (x, y) = o.rect.center();
        cx.fill_text(&format!("+{}", o.n), x, y);
        cx.set_text_align("start");
    }
}

/// Layer 2, over the backdrop: every token at rest in its slot, without what changes with the
/// clock (the remaining part of its lock and its seconds). Returns the tokens it drew, which
/// [`live`] then leaves out until this layer is drawn again.
pub fn resting(cx: &mut Cx, a: &Animator, f: &Frame<'_>) -> HashSet<Key> {
    reset_state(cx);
    let l = a.layout();
    counts(cx, l, f);
    let mut drawn = HashSet::new();
    for s in a.sprites(f.real).filter(|s| s.at_rest) {
        token(cx, l, &s, f, false);
        drawn.insert(s.key);
    }
    drawn
}

/// Layer 3, drawn every frame over the other two: sends on the wires, journeys (trails and the
/// travelling tokens), tokens not in `baked`, every lock's remaining part and seconds, burst
/// labels and endings.
pub fn live(cx: &mut Cx, a: &Animator, f: &Frame<'_>, baked: &HashSet<Key>) {
    reset_state(cx);
    let l = a.layout();
    let sprites: Vec<Sprite<'_>> = a.sprites(f.real).collect();
    wire_sends(cx, l, f);
    // One trail per journey; a burst gets one per group (see below), not one per token.
    for s in &sprites {
        if let (Some(t), false) = (s.travel, s.burst) {
            trail(cx, &t, false, f);
        }
    }
    let groups = burst_groups(sprites.iter());
    for &(from, to, _) in &groups {
        let whole = Travel {
            from,
            to,
            along: 1.0,
            p: 0.0,
        };
        trail(cx, &whole, true, f);
    }
    // Journeys made at once (too many under way): one thin fading path per pair of places,
    // solid (a dashed path costs a canvas without a GPU several times more), at most
    // MAX_FLOW_PATHS of them.
    let mut flowing: Vec<(Place, Place)> = Vec::new();
    cx.set_stroke_style_str(&f.pal.accent);
    cx.set_line_width(1.5);
    for (flow, p) in a.flows(f.real) {
        if flowing.len() < MAX_FLOW_PATHS && !flowing.contains(&(flow.origin, flow.dest)) {
            flowing.push((flow.origin, flow.dest));
            cx.set_global_alpha(0.3 * (1.0 - p));
            arc_path(cx, flow.from, flow.to, 1.0, 8);
            cx.stroke();
        }
    }
    cx.set_global_alpha(1.0);
    // Tokens not in the resting layer, those at rest first, the travelling ones on top.
    let fresh = |s: &&Sprite<'_>| !(s.at_rest && baked.contains(&s.key));
    for s in sprites.iter().filter(fresh).filter(|s| s.travel.is_none()) {
        token(cx, l, s, f, true);
    }
    for s in &sprites {
        if s.travel.is_none() {
            token_live(cx, l, s, f);
        }
    }
    for s in sprites.iter().filter(|s| s.travel.is_some()) {
        token(cx, l, s, f, true);
        token_live(cx, l, s, f);
    }
    for ((x, y), n) in burst_counts(sprites.iter(), a.flows(f.real).map(|(flow, _)| flow)) {
        if n > 1 {
            label_chip(
                cx,
                (x, y - l.font),
                &format!("{n} moving"),
                l.font * 0.85,
                f,
            );
        }
    }
    for e in a.endings(f.real) {
        ending(cx, l, &e, f);
    }
    for (t, p) in a.tallies(f.real) {
        let what = match t.ending {
            Ending::Check => "completed",
            Ending::Fade => "left",
            Ending::Lost => "lost",
            Ending::RingBreak => "locks expired",
        };
        cx.set_global_alpha(1.0 - p * p);
        label_chip(cx, t.at, &format!("{} more {what}", t.n), l.font * 0.85, f);
    }
    cx.set_global_alpha(1.0);
}

fn label_chip(cx: &mut Cx, at: (f64, f64), text: &str, px: f64, f: &Frame<'_>) {
    font(cx, px, true, false);
    let w = text.chars().count() as f64 * px * 0.6 + px;
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

fn places(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    let pal = f.pal;
    // The queue's outline and heading.
    cx.set_line_width(1.5);
    rounded(cx, l.queue, 10.0);
    cx.set_fill_style_str(&pal.card);
    cx.fill();
    cx.set_stroke_style_str(&pal.line);
    cx.stroke();
    font(cx, l.font, true, false);
    cx.set_text_baseline("middle");
    cx.set_fill_style_str(&pal.ink);
    // "Queue · lock 30 s · …", or "Entities · 1 topic · 2 subscriptions".
    let (head, summary) = l
        .queue_title
        .split_once(" · ")
        .unwrap_or(("Queue", &l.queue_title));
    cx.fill_text(head, l.queue.x + l.font * 0.6, l.queue.y + l.font * 1.1);
    font(cx, l.font * 0.8, false, false);
    cx.set_fill_style_str(&pal.muted);
    let shift = (head.chars().count() as f64 - 5.0) * 0.62;
    cx.fill_text(
        &fit(
            summary,
            (l.queue.w - l.font * (5.0 + shift)) / (l.font * 0.8 * 0.5),
        ),
        l.queue.x + l.font * (4.4 + shift),
        l.queue.y + l.font * 1.1,
    );
    for fr in &l.frames {
        let kind = match fr.place {
            Place::Scheduled => Some(Kind::Scheduled),
            Place::Available => Some(Kind::Available),
            Place::Deferred => Some(Kind::Deferred),
            Place::Dead | Place::DeadOf(_) => Some(Kind::Dead),
            Place::Receiver(_) => Some(Kind::Locked),
            Place::Active(_) => Some(Kind::Available),
            Place::Sender(_) => None,
        };
        cx.set_global_alpha(if fr.dim { 0.6 } else { 1.0 });
        rounded(cx, fr.rect, 8.0);
        cx.set_fill_style_str(
            if matches!(
                fr.place,
                Place::Scheduled | Place::Available | Place::Deferred | Place::Active(_)
            ) {
                &pal.bg
            } else {
                &pal.card
            },
        );
        cx.fill();
        let edge = kind.map_or(pal.line.as_str(), |k| pal.kind(k).0);
        cx.set_stroke_style_str(if fr.dim { &pal.muted } else { edge });
        cx.set_line_width(
            if matches!(
                fr.place,
                Place::Dead | Place::DeadOf(_) | Place::Receiver(_) | Place::Sender(_)
            ) {
                1.5
            } else {
                1.0
            },
        );
        if fr.dim {
            set_dash(cx, &[5.0, 4.0]);
        }
        cx.stroke();
        set_dash(cx, &[]);
        let (tx, ty) = title_at(fr);
        font(cx, fr.title_font, true, false);
        cx.set_fill_style_str(&pal.ink);
        let tf = fr.title_font;
        cx.fill_text(&fit(&fr.title, (fr.rect.w - tf) / (tf * 0.62)), tx, ty);
        cx.set_global_alpha(1.0);
    }
    if let Some(r) = l.empty_receivers {
        font(cx, l.font, false, false);
        cx.set_fill_style_str(&pal.muted);
        cx.set_text_align("center");
        let (x, y) = r.center();
        cx.fill_text("No receiver yet", x, y);
        cx.set_text_align("start");
    }
}

/// Where a frame's title is written (its baseline is the middle).
fn title_at(fr: &crate::stage::layout::Frame) -> (f64, f64) {
    let tf = fr.title_font;
    if matches!(fr.place, Place::Sender(_)) {
        (
            fr.rect.x + tf * 0.6,
            fr.rect.y + fr.rect.h / 2.0 - if fr.note.is_empty() { 0.0 } else { tf * 0.55 },
        )
    } else {
        (fr.rect.x + tf * 0.5, fr.rect.y + tf * 0.85)
    }
}

/// A frame's note: under a sender's title, after any other's where there is room.
fn note(cx: &mut Cx, fr: &crate::stage::layout::Frame, pal: &Palette) {
    let tf = fr.title_font;
    let (tx, ty) = title_at(fr);
    cx.set_text_baseline("middle");
    font(cx, tf * 0.85, false, false);
    cx.set_fill_style_str(if fr.dim {
        &pal.kinds[Kind::Dead as usize].0
    } else {
        &pal.muted
    });
    if matches!(fr.place, Place::Sender(_)) {
        cx.fill_text(
            &fit(&fr.note, (fr.rect.w - tf) / (tf * 0.5)),
            tx,
            ty + tf * 1.15,
        );
    } else {
        let title_w = fr.title.chars().count() as f64 * tf * 0.62;
        let room = fr.rect.w - title_w - tf * 1.2;
        if room > tf * 1.5 {
            cx.fill_text(
                &fit(&fr.note, room / (tf * 0.85 * 0.55)),
                tx + title_w + tf * 0.4,
                ty,
            );
        }
    }
}

fn wires(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    cx.set_stroke_style_str(&f.pal.line);
    cx.set_fill_style_str(&f.pal.line);
    cx.set_line_width(2.0);
    for w in &l.wires {
        let (fx, fy) = w.from;
        let (tx, ty) = w.to;
        cx.begin_path();
        cx.move_to(fx, fy);
        cx.line_to(tx, ty);
        cx.stroke();
        let s = l.font * 0.55;
        cx.begin_path();
        cx.move_to(tx, ty);
        for (bx, by) in arrow_barbs(w.from, w.to) {
            cx.line_to(tx - s * bx, ty - s * by);
        }
        cx.close_path();
        cx.fill();
    }
}

/// The arrowhead's two barbs at the end of a wire, as unit vectors pointing back from the tip:
/// the wire's direction turned by ±0.45 rad (rightwards for a wire of no length). Rotating the
/// direction vector needs no trigonometry at run time, so the playground's wasm carries no
/// sine, cosine or arctangent (docs/perf/size.md).
fn arrow_barbs((fx, fy): (f64, f64), (tx, ty): (f64, f64)) -> [(f64, f64); 2] {
    /// cos 0.45 and sin 0.45 (a test checks them).
    const COS: f64 = 0.900_447_102_352_676_9;
    const SIN: f64 = 0.434_965_534_111_230_23;
    let (dx, dy) = (tx - fx, ty - fy);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = if len > 0.0 {
        (dx / len, dy / len)
    } else {
        (1.0, 0.0)
    };
    [
        (ux * COS + uy * SIN, uy * COS - ux * SIN),
        (ux * COS - uy * SIN, uy * COS + ux * SIN),
    ]
}

/// Sends on the wires: as many dots as are in flight (up to a dozen), moving.
fn wire_sends(cx: &mut Cx, l: &Layout, f: &Frame<'_>) {
    for w in &l.wires {
        let (fx, fy) = w.from;
        let (tx, ty) = w.to;
        let n = w.in_flight.min(12);
        if n > 0 {
            let (ink, _) = f.pal.kind(Kind::Available);
            cx.set_fill_style_str(ink);
            for i in 0..n {
                let p = ((f.real / 600.0) + f64::from(i) / f64::from(n)).fract();
                cx.begin_path();
                cx.arc(
                    fx + (tx - fx) * p,
                    fy + (ty - fy) * p,
                    l.font * 0.28,
                    0.0,
                    TAU,
                );
                cx.fill();
            }
        }
    }
}

/// A path along the journeys' arc ([`arc`]) from `from` towards `to`, up to `upto` of it (its
/// parameter), in `steps` straight pieces.
fn arc_path(cx: &mut Cx, from: (f64, f64), to: (f64, f64), upto: f64, steps: u32) {
    cx.begin_path();
    cx.move_to(from.0, from.1);
    for i in 1..=steps {
        let (x, y) = arc(from, to, upto * f64::from(i) / f64::from(steps));
        cx.line_to(x, y);
    }
}

/// At most this many paths of journeys made at once are drawn (see [`Animator::flows`]).
const MAX_FLOW_PATHS: usize = 16;

/// The way a journey came: its leg's arc (the one the token follows, [`arc`]) up to where the
/// token is, dashed. Nothing for a token that has not gone a pixel yet.
fn trail(cx: &mut Cx, t: &Travel, burst: bool, f: &Frame<'_>) {
    let (ax, ay) = arc(t.from, t.to, t.along);
    if (ax - t.from.0).abs() + (ay - t.from.1).abs() < 1.0 {
        return;
    }
    arc_path(cx, t.from, t.to, t.along, 16);
    let p = t.p;
    cx.set_stroke_style_str(&f.pal.accent);
    cx.set_global_alpha(if burst { 0.25 } else { 0.5 } * (1.0 - p * 0.6));
    cx.set_line_width(if burst { 1.5 } else { 3.0 });
    set_dash(cx, &[6.0, 5.0]);
    cx.stroke();
    set_dash(cx, &[]);
    cx.set_global_alpha(1.0);
}

/// The shape a token is drawn in: its slot's, except on a journey between a lane's labels and a
/// crowded receiver's small squares, where its box changes shape on the way: a label while
/// the box is wide enough for one, a small square after (not a wide square box shrinking).
fn shape(s: &Sprite<'_>) -> Size {
    match s.travel {
        Some(_) if s.rect.w > s.rect.h * 1.6 => Size::Label,
        Some(_) => Size::Mini,
        None => s.size,
    }
}

/// A token as drawn at rest (`live` false: into the still layer) or every frame (`live`).
fn token(cx: &mut Cx, l: &Layout, s: &Sprite<'_>, f: &Frame<'_>, live: bool) {
    let pal = f.pal;
    let t = s.token;
    let r = s.rect;
    let size = shape(s);
    let kind = kind_of(s.place, t.mark);
    let (ink, fill) = pal.kind(kind);
    let stale = t.mark == Mark::Stale;
    cx.set_global_alpha(s.alpha * if stale { 0.55 } else { 1.0 });
    if s.highlight > 0.0 {
        rounded(cx, r.inset(-l.ring * 1.6), r.h);
        cx.set_fill_style_str(&pal.accent);
        cx.set_global_alpha(0.35 * s.highlight);
        cx.fill();
        cx.set_global_alpha(s.alpha);
    }
    let radius = if size == Size::Label { r.h / 2.0 } else { 0.0 };
    let outline = if stale { pal.muted.as_str() } else { ink };
    if size == Size::Mini {
        // A small square from two rectangles: no path, no stroke (a canvas without a GPU
        // rasterises a stroked path at many times the cost of a filled rectangle).
        let b = if s.travel.is_some() { 2.0 } else { 1.5 };
        cx.set_fill_style_str(outline);
        cx.fill_rect(r.x, r.y, r.w, r.h);
        cx.set_fill_style_str(fill);
        cx.fill_rect(r.x + b, r.y + b, r.w - 2.0 * b, r.h - 2.0 * b);
    } else {
        rounded(cx, r, radius);
        cx.set_fill_style_str(fill);
        cx.fill();
        cx.set_stroke_style_str(outline);
        cx.set_line_width(if s.travel.is_some() { 2.5 } else { 1.5 });
        if stale {
            set_dash(cx, &[3.0, 3.0]);
        }
        cx.stroke();
        set_dash(cx, &[]);
    }
    if let Some(sid) = &t.session {
        cx.set_fill_style_str(&session_colour(sid));
        cx.fill_rect(r.x + radius * 0.4, r.y + 2.0, 3.0, r.h - 4.0);
    }
    let selected = f.selected == Some(t.key.seq()) && !matches!(t.key, Key::Stale(..));
    if selected {
        rounded(cx, r.inset(-l.ring * 0.9), radius + l.ring);
        cx.set_stroke_style_str(&pal.accent);
        cx.set_line_width(3.0);
        cx.stroke();
    }
    // The lock ring drains in virtual time.
    let frac = lock_left(t, f).map(|(_, frac)| frac);
    match size {
        Size::Label => {
            let h = r.h;
            let mut text_x = r.x + h * 0.45;
            if frac.is_some() {
                // The ring's track (its remaining part is drawn by `token_live`).
                ring_track(cx, r.x + h * 0.5, r.y + h * 0.5, h * 0.3, h * 0.13, pal);
                text_x = r.x + h * 0.95;
            } else if stale {
                // The broken ring of a lock that is gone.
                cx.set_stroke_style_str(&pal.muted);
                cx.set_line_width(h * 0.1);
                cx.begin_path();
                cx.arc(r.x + h * 0.5, r.y + h * 0.5, h * 0.3, 0.3, 1.4);
                cx.stroke();
                cx.begin_path();
                cx.arc(r.x + h * 0.5, r.y + h * 0.5, h * 0.3, 2.2, 5.6);
                cx.stroke();
                text_x = r.x + h * 0.95;
            }
            let (px, chars) = label_room(r, text_x, l.font, t.count);
            font(cx, px, true, true);
            cx.set_fill_style_str(&pal.ink);
            cx.set_text_baseline("middle");
            cx.fill_text(&label(&t.id, chars), text_x, r.y + h * 0.52);
            if t.count > 0 {
                // Delivery count: pips up to 3, a number beyond.
                let x = r.right() - h * 0.45;
                cx.set_fill_style_str(&pal.kinds[Kind::Dead as usize].0);
                if t.count <= 3 {
                    for i in 0..t.count {
                        cx.begin_path();
                        cx.arc(
                            x,
                            r.y + h * (0.27 + 0.23 * f64::from(i)),
                            h * 0.085,
                            0.0,
                            TAU,
                        );
                        cx.fill();
                    }
                } else {
                    font(cx, px * 0.8, true, true);
                    cx.set_text_align("center");
                    cx.fill_text(&t.count.to_string(), x, r.y + h * 0.52);
                    cx.set_text_align("start");
                }
            }
        }
        Size::Mini => {
            // The track: all of it at rest (the still layer keeps it while the lock drains);
            // drawn every frame, only the part already drained (the rest is under the ring).
            if let Some(frac) = frac {
                square_ring(cx, r, l, f, (if live { frac } else { 0.0 }, 1.0), &pal.line);
            }
        }
    }
    if let Some(c) = s.caption {
        let px = (c.h * 0.8).min(l.font * 0.85);
        cx.set_text_baseline("middle");
        if matches!(s.place, Some(Place::Dead | Place::DeadOf(_))) {
            font(cx, px, true, true);
            cx.set_fill_style_str(ink);
            let reason = t.reason.as_deref().unwrap_or("dead-lettered");
            cx.fill_text(&fit(reason, c.w / (px * 0.61)), c.x, c.y + c.h * 0.5);
        } else if stale {
            font(cx, px, false, false);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_align("center");
            cx.fill_text("lock lost", c.x + c.w / 2.0, c.y + c.h * 0.5);
            cx.set_text_align("start");
        } else if let (Some(Place::Scheduled), Some(due)) = (s.place, t.due_ms) {
            // When it becomes active: a time on the clock, so it is drawn once, at rest.
            font(cx, px, false, true);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_align("center");
            let text = format!("due at {}", crate::sim::secs(due));
            cx.fill_text(
                &fit(&text, c.w / (px * 0.61)),
                c.x + c.w / 2.0,
                c.y + c.h * 0.5,
            );
            cx.set_text_align("start");
        }
    }
    cx.set_global_alpha(1.0);
}

/// What is left of a held token's lock at the frame's virtual time: ms and share of its full
/// lock (0..=1); `None` for a token without one (or whose lock is lost). The ring drawn every
/// frame and the drained track under it both come from here, so they meet.
fn lock_left(t: &crate::stage::model::Token, f: &Frame<'_>) -> Option<(u64, f64)> {
    let left = t
        .until_ms
        .filter(|_| t.mark != Mark::Stale)?
        .saturating_sub(f.virtual_ms);
    let full = t.lock_ms.unwrap_or(f.lock_ms).max(1) as f64;
    Some((left, (left as f64 / full).clamp(0.0, 1.0)))
}

/// What changes with the clock alone: a held token's ring and its seconds.
fn token_live(cx: &mut Cx, l: &Layout, s: &Sprite<'_>, f: &Frame<'_>) {
    let t = s.token;
    let Some((left, frac)) = lock_left(t, f) else {
        return;
    };
    let r = s.rect;
    cx.set_global_alpha(s.alpha);
    let warn = if frac < 0.25 {
        &f.pal.kinds[Kind::Dead as usize].0
    } else {
        &f.pal.kinds[Kind::Locked as usize].0
    };
    match shape(s) {
        Size::Label => {
            cx.set_line_width(r.h * 0.13);
            cx.set_stroke_style_str(warn);
            cx.begin_path();
            cx.arc(
                r.x + r.h * 0.5,
                r.y + r.h * 0.5,
                r.h * 0.3,
                -FRAC_PI_2,
                -FRAC_PI_2 + TAU * frac,
            );
            cx.stroke();
        }
        Size::Mini => square_ring(cx, r, l, f, (0.0, frac), warn),
    }
    if let Some(c) = s.caption
        && !matches!(s.place, Some(Place::Dead | Place::DeadOf(_)))
    {
        let px = (c.h * 0.8).min(l.font * 0.85);
        cx.set_text_baseline("middle");
        font(cx, px, false, true);
        cx.set_fill_style_str(&f.pal.muted);
        cx.set_text_align("center");
        // A held copy whose label had no room for its entity names it here, beside the time.
        let (_, chars) = label_room(r, r.x + r.h * 0.95, l.font, t.count);
        let time = crate::sim::secs(left);
        let text = match without_entity(&t.id, chars) {
            Some((_, entity)) => fit(&format!("{entity} · {time}"), c.w / (px * 0.61)),
            None => time,
        };
        cx.fill_text(&text, c.x + c.w / 2.0, c.y + c.h * 0.5);
        cx.set_text_align("start");
    }
    cx.set_global_alpha(1.0);
}

/// A lock ring's track: the full circle its remaining part drains along.
fn ring_track(cx: &mut Cx, x: f64, y: f64, rad: f64, width: f64, pal: &Palette) {
    cx.set_line_width(width);
    cx.set_stroke_style_str(&pal.line);
    cx.begin_path();
    cx.arc(x, y, rad, 0.0, TAU);
    cx.stroke();
}

/// The lock ring of a small square token: a square band around it, the part from `from` to
/// `to` of its length (0..=1, clockwise from the top centre) drawn, in rectangles only.
/// Its rectangles are snapped to device pixels: a canvas without a GPU fills a rectangle on
/// whole pixels in about half the time of one it must antialias (1,250 small rectangles, the
/// rings of a busy stage: 2.1 → 1.1 ms a picture in Chromium here).
fn square_ring(
    cx: &mut Cx,
    r: Rect,
    l: &Layout,
    f: &Frame<'_>,
    (from, to): (f64, f64),
    colour: &str,
) {
    let b = (l.ring * 0.5).max(1.5);
    // Square about the token's middle, on its shorter side: a token on its way from a label
    // to a small square is wider than high, and a band as wide as the label was a big box.
    let side = r.w.min(r.h);
    let (mx, my) = r.center();
    let o = Rect::new(mx - side / 2.0, my - side / 2.0, side, side).inset(-(l.ring * 0.45 + b));
    cx.set_fill_style_str(colour);
    let dpr = f.dpr.max(1.0);
    let snap = |v: f64| (v * dpr).round() / dpr;
    for (x, y, w, h) in square_band(o.x, o.y, o.w, b, from, to) {
        let (x0, y0, x1, y1) = (snap(x), snap(y), snap(x + w), snap(y + h));
        if x1 > x0 && y1 > y0 {
            cx.fill_rect(x0, y0, x1 - x0, y1 - y0);
        }
    }
}

/// The rectangles of the part from `from` to `to` (0..=1 of its length, clockwise from the
/// middle of the top edge) of a square band (outer corner `x`, `y`, side `side`, thickness
/// `b`). The whole band is four rectangles, one an edge.
fn square_band(
    x: f64,
    y: f64,
    side: f64,
    b: f64,
    from: f64,
    to: f64,
) -> impl Iterator<Item = (f64, f64, f64, f64)> {
    // Drawn for every held token in every frame: no allocation.
    let (a, z) = (
        from.clamp(0.0, 1.0) * 4.0 * side,
        to.clamp(0.0, 1.0) * 4.0 * side,
    );
    let whole = a <= 0.0 && z >= 4.0 * side;
    let half = side / 2.0;
    // Where each piece starts along the band, and how long it is.
    let pieces = [
        (0.0, half),
        (half, side),
        (half + side, side),
        (half + 2.0 * side, side),
        (half + 3.0 * side, half),
    ];
    pieces
        .into_iter()
        .enumerate()
        .filter_map(move |(i, (start, len))| {
            if whole {
                return match i {
                    0 => Some((x, y, side, b)),
                    1 => Some((x + side - b, y, b, side)),
                    2 => Some((x, y + side - b, side, b)),
                    3 => Some((x, y, b, side)),
                    _ => None,
                };
            }
            // The part of this piece within a..z: `off` along it, `l` long.
            let (s0, s1) = (start.max(a), (start + len).min(z));
            let (off, l) = (s0 - start, s1 - s0);
            (l > 0.0).then_some(match i {
                0 => (x + half + off, y, l, b),
                1 => (x + side - b, y + off, b, l),
                2 => (x + side - off - l, y + side - b, l, b),
                3 => (x, y + side - off - l, b, l),
                _ => (x + off, y, l, b),
            })
        })
}

/// The cosine and sine of an angle of at most 1 rad (a breaking ring's turn), by their Taylor
/// series to the 10th and 11th powers (error below 3e-9 there): the page's only other use of
/// `f64::cos` and `f64::sin` was this, and they brought libm's versions with the reduction of
/// huge arguments, about 7.6 KB of wasm.
fn small_turn(x: f64) -> (f64, f64) {
    let x2 = x * x;
    let (mut c, mut s) = (1.0, x);
    let (mut tc, mut ts) = (1.0, x);
    for k in 1..=5 {
        let k = f64::from(k);
        tc *= -x2 / ((2.0 * k - 1.0) * (2.0 * k));
        ts *= -x2 / ((2.0 * k) * (2.0 * k + 1.0));
        c += tc;
        s += ts;
    }
    (c, s)
}

fn ending(cx: &mut Cx, l: &Layout, e: &crate::stage::anim::Ended<'_>, f: &Frame<'_>) {
    let pal = f.pal;
    let p = e.progress;
    let r = e.rect;
    let (x, y) = r.center();
    match e.ending {
        Ending::Check => {
            cx.set_global_alpha(1.0 - p);
            let rad = r.h * 0.6 + p * r.h * 0.3;
            cx.begin_path();
            cx.arc(x, y, rad, 0.0, TAU);
            cx.set_fill_style_str(&pal.ok);
            cx.fill();
            cx.set_stroke_style_str(&pal.card);
            cx.set_line_width(rad * 0.25);
            cx.begin_path();
            cx.move_to(x - rad * 0.45, y);
            cx.line_to(x - rad * 0.1, y + rad * 0.35);
            cx.line_to(x + rad * 0.5, y - rad * 0.35);
            cx.stroke();
        }
        Ending::Fade | Ending::Lost => {
            cx.set_global_alpha((1.0 - p) * 0.8);
            rounded(cx, r, r.h / 2.0);
            cx.set_fill_style_str(&pal.card);
            cx.fill();
            cx.set_stroke_style_str(&pal.muted);
            cx.set_line_width(1.0);
            cx.stroke();
            font(cx, (r.h * 0.5).min(l.font), false, true);
            cx.set_fill_style_str(&pal.muted);
            cx.set_text_baseline("middle");
            if r.w > r.h * 2.0 {
                cx.fill_text(
                    &fit(&e.token.id, (r.w - r.h * 0.6) / (r.h * 0.3)),
                    r.x + r.h * 0.45,
                    y,
                );
            }
            if e.ending == Ending::Lost {
                cx.set_stroke_style_str(&pal.kinds[Kind::Dead as usize].0);
                cx.set_line_width(3.0);
                cx.begin_path();
                cx.move_to(r.x, r.y);
                cx.line_to(r.right(), r.bottom());
                cx.move_to(r.x, r.bottom());
                cx.line_to(r.right(), r.y);
                cx.stroke();
            }
        }
        Ending::RingBreak => {
            // The ring bursts outward in pieces.
            cx.set_global_alpha(1.0 - p);
            cx.set_stroke_style_str(&pal.kinds[Kind::Dead as usize].0);
            cx.set_line_width(3.0);
            let rad = r.h * 0.35 + p * r.h * 0.8;
            let (cx0, cy0) = if e.size == Size::Label {
                (r.x + r.h * 0.5, y)
            } else {
                (x, y)
            };
            // Four pieces, one path (one stroke is far cheaper than four), each a quarter turn
            // on from the last and all turned by `p`.
            cx.begin_path();
            let (c, s) = small_turn(p);
            for (i, (dx, dy)) in [(c, s), (-s, c), (-c, -s), (s, -c)].into_iter().enumerate() {
                let a0 = i as f64 * TAU / 4.0 + p;
                cx.move_to(cx0 + rad * dx, cy0 + rad * dy);
                cx.arc(cx0, cy0, rad, a0, a0 + TAU / 8.0);
            }
            cx.stroke();
        }
    }
    cx.set_global_alpha(1.0);
}

#[cfg(test)]
mod tests {
    use super::{Cx, Frame, Palette, Travel, arc, arrow_barbs, label, shape, square_band, trail};
    use crate::stage::anim::Sprite;
    use crate::stage::layout::{Rect, Size};
    use crate::stage::model::{Key, Place, Token};
    use crate::stage::pen::{Arg, Op};

    /// On its way from a lane (labels) to a crowded receiver (small squares), a token is drawn
    /// in the shape its box has on the way; at rest, in its slot's.
    #[test]
    fn a_token_between_a_label_and_a_small_square_takes_the_shape_of_its_box() {
        let t = Token::new(1, "order-1", 0);
        let on_its_way = Travel {
            from: (0.0, 0.0),
            to: (300.0, 0.0),
            along: 0.5,
            p: 0.5,
        };
        let sprite = |w: f64, h: f64, travel: Option<Travel>| Sprite {
            key: Key::Msg(1),
            token: &t,
            size: Size::Mini,
            rect: Rect::new(100.0, 50.0, w, h),
            alpha: 1.0,
            travel,
            burst: false,
            from_place: Some(Place::Available),
            highlight: 0.0,
            live: true,
            place: Some(Place::Receiver(0)),
            caption: None,
            at_rest: travel.is_none(),
        };
        assert_eq!(shape(&sprite(70.0, 18.0, Some(on_its_way))), Size::Label);
        assert_eq!(shape(&sprite(18.0, 14.0, Some(on_its_way))), Size::Mini);
        assert_eq!(
            shape(&sprite(70.0, 18.0, None)),
            Size::Mini,
            "at rest: its slot's"
        );
    }

    /// A trail is the arc its token follows ([`arc`], the one `anim` moves it along), from the
    /// leg's start up to the token; nothing at all before the token has moved.
    #[test]
    fn a_trail_is_the_arc_up_to_its_token_and_nothing_before_it_moved() {
        let pal = Palette::default();
        let f = Frame {
            real: 0.0,
            virtual_ms: 0,
            lock_ms: 1,
            selected: None,
            pal: &pal,
            dpr: 1.0,
        };
        let (from, to) = ((10.0, 300.0), (400.0, 120.0));
        let mut cx = Cx::new();
        let still = Travel {
            from,
            to,
            along: 0.0,
            p: 0.0,
        };
        trail(&mut cx, &still, false, &f);
        assert!(cx.is_empty(), "a trail of no length is not drawn");
        let along = 0.6;
        trail(&mut cx, &Travel { along, ..still }, false, &f);
        let points: Vec<(f64, f64)> = cx
            .commands()
            .filter(|(op, _)| matches!(op, Op::MoveTo | Op::LineTo))
            .map(|(_, args)| match args[..] {
                [Arg::Num(x), Arg::Num(y)] => (x, y),
                _ => panic!("{args:?}"),
            })
            .collect();
        assert_eq!(points.len(), 17);
        for (i, (x, y)) in points.into_iter().enumerate() {
            let (ax, ay) = arc(from, to, along * i as f64 / 16.0);
            assert!(
                (x - ax).abs() < 0.01 && (y - ay).abs() < 0.01,
                "{i}: ({x}, {y})"
            );
        }
    }

    /// A held copy's label keeps its id whole when the entity does not fit beside it.
    #[test]
    fn a_label_drops_the_entity_before_it_cuts_the_id() {
        assert_eq!(label("o1 · audit", 20.0), "o1 · audit");
        assert_eq!(label("o1 · audit", 10.0), "o1 · audit");
        assert_eq!(label("o1 · audit", 9.9), "o1");
        assert_eq!(label("o1 · audit", 6.0), "o1");
        assert_eq!(label("order-12 · audit", 5.0), "orde…");
        assert_eq!(label("order-12", 5.0), "orde…");
        assert_eq!(label("m1", 5.0), "m1");
    }

    /// A breaking ring's turn, for every angle it takes (0..=1 rad), is the cosine and sine.
    #[test]
    fn small_turn_is_cos_and_sin_up_to_one_radian() {
        for i in 0..=1000 {
            let x = f64::from(i) / 1000.0;
            let (c, s) = super::small_turn(x);
            assert!(
                (c - x.cos()).abs() < 1e-8 && (s - x.sin()).abs() < 1e-8,
                "{x}: {c}, {s}"
            );
        }
    }

    /// The barbs are what the angle arithmetic gave: the wire's angle ± 0.45 rad.
    #[test]
    fn arrow_barbs_turn_the_wire_by_0_45_rad() {
        let wires: [((f64, f64), (f64, f64)); 5] = [
            ((0.0, 0.0), (10.0, 0.0)),
            ((5.0, 5.0), (5.0, -20.0)),
            ((3.0, -1.0), (-7.5, 12.25)),
            ((100.0, 40.0), (20.0, 40.0)),
            ((1.0, 1.0), (1.0, 1.0)),
        ];
        for (from, to) in wires {
            let ang = (to.1 - from.1).atan2(to.0 - from.0);
            let want = [
                ((ang - 0.45).cos(), (ang - 0.45).sin()),
                ((ang + 0.45).cos(), (ang + 0.45).sin()),
            ];
            for (got, want) in arrow_barbs(from, to).into_iter().zip(want) {
                assert!(
                    (got.0 - want.0).abs() < 1e-12 && (got.1 - want.1).abs() < 1e-12,
                    "{from:?} -> {to:?}: {got:?}, want {want:?}"
                );
            }
        }
    }

    #[test]
    fn a_square_ring_drains_clockwise_from_the_top_centre() {
        let (x, y, side, b) = (10.0, 20.0, 16.0, 2.0);
        // How much of the band's length the rectangles cover (each is `b` thick).
        let length = |rs: &[(f64, f64, f64, f64)]| rs.iter().map(|r| r.2 + r.3 - b).sum::<f64>();
        let band = |from: f64, to: f64| square_band(x, y, side, b, from, to).collect::<Vec<_>>();
        assert!(band(0.0, 0.0).is_empty());
        // Whole: four rectangles, one an edge, as long as the perimeter.
        let full = band(0.0, 1.0);
        assert_eq!(full.len(), 4);
        assert!((length(&full) - 4.0 * side).abs() < 1e-9);
        // An eighth: only the right half of the top edge.
        assert_eq!(band(0.0, 0.125), vec![(18.0, 20.0, 8.0, 2.0)]);
        // Three eighths: top right half and the right edge.
        assert_eq!(
            band(0.0, 0.375),
            vec![(18.0, 20.0, 8.0, 2.0), (24.0, 20.0, 2.0, 16.0)]
        );
        // Half: the bottom edge is drawn from the right, half of it.
        assert_eq!(band(0.0, 0.5)[2], (18.0, 34.0, 8.0, 2.0));
        // From three eighths on: the bottom, the left and the top's left half.
        assert_eq!(
            band(0.375, 1.0),
            vec![
                (10.0, 34.0, 16.0, 2.0),
                (10.0, 20.0, 2.0, 16.0),
                (10.0, 20.0, 8.0, 2.0)
            ]
        );
        // Proportional everywhere, never outside the square; a lock's ring (0..f) and the
        // drained track (f..1) make the whole band between them, in at most six rectangles.
        for i in 0..=100 {
            let f = f64::from(i) / 100.0;
            let (ring, track) = (band(0.0, f), band(f, 1.0));
            assert!((length(&ring) - f * 4.0 * side).abs() < 1e-9, "{f}");
            assert!(
                (length(&track) - (1.0 - f) * 4.0 * side).abs() < 1e-9,
                "{f}"
            );
            assert!(ring.len() + track.len() <= 6, "{f}: {ring:?} {track:?}");
            for (rx, ry, rw, rh) in ring.into_iter().chain(track) {
                assert!(
                    rx >= x && ry >= y && rx + rw <= x + side + 1e-9 && ry + rh <= y + side + 1e-9
                );
            }
        }
    }
}
