//! Where everything goes: a pure function from a [`Model`] and the stage's size (CSS pixels) to
//! the rectangles of places and tokens. Landscape stages put the places in four columns
//! (senders, queue, receivers, dead-letter queue); narrow portrait ones stack them. A place
//! shows the tokens that fit and one `+N` token for the rest. Text sizes follow the stage's
//! width, never below [`MIN_FONT`] px, so a full-window stage at 1080p gets labels of 20 px.

use super::model::{Entity, Key, Lane, Link, Model, Place, Token};
pub use super::rect::Rect;
use super::text;
use crate::words::{counted, label, named};
use std::rc::Rc;

/// The smallest label size, in CSS px.
pub const MIN_FONT: f64 = 13.0;
/// The largest label size, in CSS px.
pub const MAX_FONT: f64 = 28.0;

/// How a token is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// A pill with the message id in it.
    Label,
    /// A small square, for crowded places (the mirror and inspector still name it).
    Mini,
}

/// A place's frame: its outline, title, and the area its tokens go in.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Which place.
    pub place: Place,
    /// Its outline.
    pub rect: Rect,
    /// Where the tokens go.
    pub body: Rect,
    /// Its title ("Available", "R1").
    pub title: String,
    /// A word after the title: a count, "closed", "session A", ….
    pub note: String,
    /// Title font size (px).
    pub title_font: f64,
    /// Drawn greyed out (a closed or crashed receiver).
    pub dim: bool,
}

/// Where one token is drawn when at rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    /// Its identity.
    pub key: Key,
    /// Its place.
    pub place: Place,
    /// The token's rectangle (the lock ring goes around it, within [`Layout::ring`]).
    pub rect: Rect,
    /// How it is drawn.
    pub size: Size,
    /// Room for a caption (a dead-letter reason beside it, or a lock's seconds under it).
    pub caption: Option<Rect>,
    /// What it shows.
    pub token: Token,
}

/// The `+N` token of a place with more messages than fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Overflow {
    /// The place.
    pub place: Place,
    /// Its rectangle.
    pub rect: Rect,
    /// How many messages it stands for.
    pub n: usize,
}

/// A path messages travel along (drawn faintly as an arrow).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wire {
    /// Start.
    pub from: (f64, f64),
    /// End (the arrow head).
    pub to: (f64, f64),
    /// Sends on it right now (senders' wires).
    pub in_flight: u32,
}

/// Every position on the stage for one model and size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// Stage width (CSS px).
    pub w: f64,
    /// Stage height (CSS px).
    pub h: f64,
    /// Label font size (px).
    pub font: f64,
    /// How far a lock ring extends around a token (px).
    pub ring: f64,
    /// The queue's outline (it contains the scheduled, available and deferred frames).
    pub queue: Rect,
    /// The queue's heading and settings line.
    pub queue_title: String,
    /// The queue's settings on lines of their own under its heading, where they do not fit
    /// beside it (empty where they do).
    pub queue_settings: Vec<String>,
    /// Places.
    pub frames: Vec<Frame>,
    /// Tokens at rest.
    pub slots: Vec<Slot>,
    /// `+N` tokens.
    pub overflow: Vec<Overflow>,
    /// Paths.
    pub wires: Vec<Wire>,
    /// Shown when there is no receiver at all.
    pub empty_receivers: Option<Rect>,
}

impl Layout {
    /// The frame of a place.
    #[must_use]
    pub fn frame(&self, p: Place) -> Option<&Frame> {
        self.frames.iter().find(|f| f.place == p)
    }

    /// The slot of a token.
    #[must_use]
    pub fn slot(&self, k: Key) -> Option<&Slot> {
        self.slots.iter().find(|s| s.key == k)
    }

    /// Where a message that is in a place but not drawn there goes: its `+N` token, else the
    /// middle of the place's body.
    #[must_use]
    pub fn anchor(&self, p: Place) -> Option<Rect> {
        if let Some(o) = self.overflow.iter().find(|o| o.place == p) {
            return Some(o.rect);
        }
        let f = self.frame(p)?;
        let (cx, cy) = f.body.center();
        let (w, h) = self.pill();
        Some(Rect::new(cx - w / 2.0, cy - h / 2.0, w, h))
    }

    /// The size of a label token.
    #[must_use]
    pub fn pill(&self) -> (f64, f64) {
        pill(self.font)
    }
}

fn pill(font: f64) -> (f64, f64) {
    (font * 7.0, font * 1.8)
}

fn mini(font: f64) -> f64 {
    (font * 0.8).max(9.0)
}

/// The label size for a stage this wide.
#[must_use]
pub fn font_for(w: f64) -> f64 {
    (w / 92.0).clamp(MIN_FONT, MAX_FONT)
}

/// Portrait when the stage is not clearly wider than tall.
#[must_use]
pub fn is_portrait(w: f64, h: f64) -> bool {
    w < h * 1.25
}

/// Lays out `m` on a stage of `w` × `h` CSS px.
#[must_use]
pub fn layout(m: &Model, w: f64, h: f64) -> Layout {
    let w = w.max(200.0);
    let h = h.max(150.0);
    let font = font_for(w);
    let mut out = Layout {
        w,
        h,
        font,
        ring: (font * 0.3).max(3.0),
        queue_title: format!("{} · {}", label("stage-queue"), m.summary),
        ..Layout::default()
    };
    let margin = font * 0.6;
    let inner = Rect::new(margin, margin, w - 2.0 * margin, h - 2.0 * margin);
    let (senders, queue, receivers, dead) = if is_portrait(w, h) {
        portrait(inner, font)
    } else {
        landscape(inner, font)
    };
    place_senders(&mut out, m, senders);
    place_receivers(&mut out, m, receivers);
    if !m.entities.is_empty() {
        out.queue_title = format!("{} · {}", label("stage-entities"), m.summary);
        place_entities(&mut out, m, queue, dead);
        wires(&mut out, m, queue, receivers, dead);
        return out;
    }
    place_queue(&mut out, m, queue);
    place_dead(
        &mut out,
        Place::Dead,
        dead,
        &label("stage-dead-letter"),
        &m.dead,
    );
    wires(&mut out, m, queue, receivers, dead);
    out
}

/// Columns of a landscape stage: senders, queue, receivers, dead-letter queue.
fn landscape(r: Rect, font: f64) -> (Rect, Rect, Rect, Rect) {
    // Narrow gaps (the wires only need room for an arrow head) and a narrow sender column
    // leave the width to the receivers' grid and the dead-letter reasons.
    let gap = (r.w * 0.025).max(font * 1.2);
    let avail = r.w - 3.0 * gap;
    let ws = avail * 0.10;
    let wq = avail * 0.27;
    let wr = avail * 0.38;
    let wd = avail - ws - wq - wr;
    let s = Rect::new(r.x, r.y, ws, r.h);
    let q = Rect::new(s.right() + gap, r.y, wq, r.h);
    let rc = Rect::new(q.right() + gap, r.y, wr, r.h);
    let d = Rect::new(rc.right() + gap, r.y, wd, r.h);
    (s, q, rc, d)
}

/// Rows of a portrait stage: senders beside the queue, then receivers, then the dead-letter
/// queue.
fn portrait(r: Rect, font: f64) -> (Rect, Rect, Rect, Rect) {
    let gap = font * 1.4;
    let avail = r.h - 2.0 * gap;
    let top = avail * 0.44;
    let mid = avail * 0.34;
    let bottom = avail - top - mid;
    let ws = (r.w * 0.24).max(font * 5.0).min(r.w * 0.4);
    let s = Rect::new(r.x, r.y, ws, top);
    let q = Rect::new(r.x + ws + gap, r.y, r.w - ws - gap, top);
    let rc = Rect::new(r.x, r.y + top + gap, r.w, mid);
    let d = Rect::new(r.x, rc.bottom() + gap, r.w, bottom);
    (s, q, rc, d)
}

fn count_note(n: usize) -> String {
    if n == 0 { String::new() } else { n.to_string() }
}

#[allow(clippy::too_many_arguments, reason = "a frame is eight plain facts")]
fn push_frame(
    out: &mut Layout,
    place: Place,
    rect: Rect,
    body: Rect,
    title: &str,
    note: String,
    title_font: f64,
    dim: bool,
) {
    out.frames.push(Frame {
        place,
        rect,
        body,
        title: title.to_string(),
        note,
        title_font,
        dim,
    });
}

fn place_senders(out: &mut Layout, m: &Model, col: Rect) {
    let font = out.font;
    let n = m.senders.len().max(1) as f64;
    let gap = font * 0.6;
    let bh = ((col.h - gap * (n - 1.0)) / n).min(font * 3.4);
    let total = bh * n + gap * (n - 1.0);
    let mut y = col.y + (col.h - total).max(0.0) / 2.0;
    for (i, s) in m.senders.iter().enumerate() {
        let rect = Rect::new(col.x, y, col.w, bh);
        let note = if s.in_flight > 0 {
            counted("stage-in-flight", u64::from(s.in_flight)).to_string()
        } else if s.automated {
            label("stage-auto").to_string()
        } else {
            String::new()
        };
        let f = if bh < font * 2.6 { font * 0.85 } else { font };
        push_frame(
            out,
            Place::Sender(i as u16),
            rect,
            rect,
            &s.name,
            note,
            f,
            false,
        );
        y += bh + gap;
    }
}

/// The queue column's outline, and the area under its heading.
fn queue_inner(out: &mut Layout, col: Rect) -> Rect {
    let font = out.font;
    out.queue = col;
    let (heading, settings) = text::queue_heading(&out.queue_title);
    out.queue_settings =
        if text::letters(settings) <= text::settings_room_beside(heading, col.w, font) {
            Vec::new()
        } else {
            text::wrap_parts(settings, text::settings_room_below(col.w, font), 2)
        };
    let head = font * (2.3 + out.queue_settings.len() as f64);
    let pad = font * 0.5;
    Rect::new(
        col.x + pad,
        col.y + head,
        col.w - 2.0 * pad,
        col.h - head - pad,
    )
}

fn place_queue(out: &mut Layout, m: &Model, col: Rect) {
    let font = out.font;
    let inner = queue_inner(out, col);
    let gap = font * 0.5;
    let avail = inner.h - 2.0 * gap;
    // An empty lane keeps only its title; one with messages gets at least a row of tokens
    // and up to a fifth of the queue; Available takes the rest.
    let row = font * 1.6 + pill(font).1 + 2.0 * out.ring + font * 0.6;
    let lane_h = |n: usize| {
        if n == 0 {
            font * 2.0
        } else {
            (avail * 0.2).max(row).min(avail * 0.3)
        }
    };
    let (mut hs, mut hd) = (lane_h(m.scheduled.total), lane_h(m.deferred.total));
    // Available comes first: on a small stage it keeps a row, the other two shrink to fit.
    let ha = (avail - hs - hd).max(row.min(avail - 4.0 * font));
    if hs + hd + ha > avail {
        let rest = (avail - ha).max(0.0);
        let (s0, d0) = (hs, hd);
        hs = rest * s0 / (s0 + d0);
        hd = rest * d0 / (s0 + d0);
    }
    let mut y = inner.y;
    for (place, lane, title, hh) in [
        (Place::Scheduled, &m.scheduled, "stage-scheduled", hs),
        (Place::Available, &m.available, "stage-available", ha),
        (Place::Deferred, &m.deferred, "stage-deferred", hd),
    ] {
        let rect = Rect::new(inner.x, y, inner.w, hh);
        let body = lane_body(rect, font);
        push_frame(
            out,
            place,
            rect,
            body,
            &label(title),
            count_note(lane.total),
            font * 0.9,
            false,
        );
        // A scheduled message says when it is due under it, where all of them fit so.
        let captions = place == Place::Scheduled && {
            let (c, r) = grid_capacity(font, out.ring, body, Size::Label, true);
            c * r >= lane.total
        };
        place_grid(out, place, lane, body, Size::Label, captions);
        y += hh + gap;
    }
}

/// Where a lane of the queue column puts its tokens: under its title.
fn lane_body(rect: Rect, font: f64) -> Rect {
    let th = font * 1.6;
    Rect::new(
        rect.x + font * 0.4,
        rect.y + th,
        rect.w - font * 0.8,
        rect.h - th - font * 0.3,
    )
}

/// The places of a document with `entities`: in the queue column one band per entity (a
/// topic's short, its subscriptions indented under it), in the dead-letter column one band per
/// queue and subscription.
fn place_entities(out: &mut Layout, m: &Model, col: Rect, dead: Rect) {
    let font = out.font;
    let inner = queue_inner(out, col);
    let gap = font * 0.4;
    let n = m.entities.len();
    let avail = inner.h - gap * (n.saturating_sub(1)) as f64;
    let row = font * 1.6 + pill(font).1 + 2.0 * out.ring + font * 0.4;
    // A topic keeps only its title unless it has just dropped something; the queues and
    // subscriptions share the rest.
    let topic_h = |e: &Entity| {
        if e.active.total == 0 { font * 1.9 } else { row }
    };
    let topics: f64 = m.entities.iter().filter(|e| e.topic).map(topic_h).sum();
    let others = m.entities.iter().filter(|e| !e.topic).count().max(1) as f64;
    let each = ((avail - topics) / others).max(0.0);
    let mut y = inner.y;
    for (i, e) in m.entities.iter().enumerate() {
        let place = Place::Active(i as u16);
        let hh = if e.topic { topic_h(e) } else { each };
        let indent = if settle_core::namespace::is_subscription(&e.path) {
            font * 0.8
        } else {
            0.0
        };
        let rect = Rect::new(inner.x + indent, y, inner.w - indent, hh);
        let mut body = lane_body(rect, font);
        body.h = body.h.max(0.0);
        let note = if e.note.is_empty() {
            count_note(e.active.total)
        } else {
            e.note.clone()
        };
        push_frame(out, place, rect, body, &e.path, note, font * 0.9, false);
        place_grid(out, place, &e.active, body, Size::Label, false);
        y += hh + gap;
    }
    let queues: Vec<usize> = (0..n).filter(|&i| !m.entities[i].topic).collect();
    let k = queues.len().max(1) as f64;
    let each = ((dead.h - gap * (k - 1.0)) / k).max(0.0);
    for (j, &i) in queues.iter().enumerate() {
        let e = &m.entities[i];
        let rect = Rect::new(dead.x, dead.y + j as f64 * (each + gap), dead.w, each);
        let short = e.path.rsplit('/').next().unwrap_or(&e.path);
        let title = named("stage-dead-letter-of", &Rc::from(short));
        place_dead(out, Place::DeadOf(i as u16), rect, &title, &e.dead);
    }
}

/// A dead-letter queue's frame, titled, its messages as rows (each with its reason) under the
/// title.
fn place_dead(out: &mut Layout, place: Place, rect: Rect, title: &str, lane: &Lane) {
    let font = out.font;
    let title_h = font * 1.9;
    let body = Rect::new(
        rect.x + font * 0.5,
        rect.y + title_h,
        rect.w - font,
        (rect.h - title_h - font * 0.5).max(0.0),
    );
    push_frame(
        out,
        place,
        rect,
        body,
        title,
        count_note(lane.total),
        font,
        false,
    );
    place_rows(out, place, lane, body);
}

/// Columns and rows for `n` receiver cells in an area: the split whose cells come closest to
/// a comfortable shape (about twice as wide as tall) at the largest size.
fn receiver_grid(n: usize, area: Rect, gap: f64) -> (usize, usize) {
    let mut best = (1, n.max(1));
    let mut best_score = f64::MIN;
    for cols in 1..=n.max(1) {
        let rows = n.div_ceil(cols).max(1);
        let cw = (area.w - gap * (cols as f64 - 1.0)) / cols as f64;
        let ch = (area.h - gap * (rows as f64 - 1.0)) / rows as f64;
        if cw <= 0.0 || ch <= 0.0 {
            continue;
        }
        // The size of the largest 2:1 box that fits a cell.
        let score = (cw / 2.0).min(ch);
        if score > best_score + 1e-9 {
            best_score = score;
            best = (cols, rows);
        }
    }
    best
}

fn place_receivers(out: &mut Layout, m: &Model, col: Rect) {
    let font = out.font;
    let n = m.receivers.len();
    if n == 0 {
        out.empty_receivers = Some(col);
        return;
    }
    let gap = if n > 12 { font * 0.35 } else { font * 0.6 };
    let (cols, rows) = receiver_grid(n, col, gap);
    let cw = (col.w - gap * (cols as f64 - 1.0)) / cols as f64;
    let ch = ((col.h - gap * (rows as f64 - 1.0)) / rows as f64).min(font * 12.0);
    let total_h = ch * rows as f64 + gap * (rows as f64 - 1.0);
    let top = col.y + (col.h - total_h).max(0.0) / 2.0;
    for (i, r) in m.receivers.iter().enumerate() {
        let (cx, cy) = (i % cols, i / cols);
        let rect = Rect::new(
            col.x + cx as f64 * (cw + gap),
            top + cy as f64 * (ch + gap),
            cw,
            ch,
        );
        // Title inside the cell; a smaller one in crowded grids.
        let tf = if ch < font * 3.6 {
            (font * 0.8).max(10.0)
        } else {
            font
        };
        let th = tf * 1.6;
        let pad = (font * 0.45).min(ch * 0.08);
        let body = Rect::new(
            rect.x + pad,
            rect.y + th,
            (rect.w - 2.0 * pad).max(0.0),
            (rect.h - th - pad).max(0.0),
        );
        let note = match (r.link, &r.session) {
            (Link::Closed, _) => label("stage-closed").to_string(),
            (Link::Crashed, _) => label("stage-crashed").to_string(),
            (Link::Open, Some((s, true))) => named("stage-session", s).to_string(),
            (Link::Open, Some((s, false))) => named("stage-session-lost", s).to_string(),
            (Link::Open, None) => String::new(),
        };
        push_frame(
            out,
            Place::Receiver(i as u16),
            rect,
            body,
            &r.name,
            note,
            tf,
            r.link != Link::Open,
        );
        // Pills with the lock's seconds under them if all fit so, else pills, else small
        // squares; if none fits them all, whichever shows the most.
        let need = r.held.total;
        let options = [
            (Size::Label, true),
            (Size::Label, false),
            (Size::Mini, false),
        ];
        let cap = |&(size, captions): &(Size, bool)| {
            grid_capacity(font, out.ring, body, size, captions).0
                * grid_capacity(font, out.ring, body, size, captions).1
        };
        let (size, captions) = options
            .iter()
            .find(|o| cap(o) >= need.max(1))
            .or_else(|| options.iter().max_by_key(|o| cap(o)))
            .copied()
            .unwrap_or((Size::Mini, false));
        place_grid(
            out,
            Place::Receiver(i as u16),
            &r.held,
            body,
            size,
            captions,
        );
    }
}

/// Columns and rows of tokens of a size that fit a body: each cell holds the token, its ring,
/// a little air, and a caption line when asked.
fn grid_capacity(font: f64, ring: f64, body: Rect, size: Size, captions: bool) -> (usize, usize) {
    let (tw, th) = token_size(font, size);
    let cap_h = if captions { font * 1.1 } else { 0.0 };
    let gap = ring * 2.0 + font * 0.15;
    let cols = ((body.w + gap - 2.0 * ring) / (tw + gap)).floor().max(0.0) as usize;
    let rows = ((body.h + gap - 2.0 * ring) / (th + cap_h + gap))
        .floor()
        .max(0.0) as usize;
    (cols, rows)
}

fn token_size(font: f64, size: Size) -> (f64, f64) {
    match size {
        Size::Label => pill(font),
        Size::Mini => (mini(font), mini(font)),
    }
}

/// Tokens in rows, left to right, top to bottom; the last cell becomes `+N` when they do not
/// all fit.
fn place_grid(out: &mut Layout, place: Place, lane: &Lane, body: Rect, size: Size, captions: bool) {
    let font = out.font;
    let ring = out.ring;
    let (tw, th) = token_size(font, size);
    let cap_h = if captions { font * 1.1 } else { 0.0 };
    let gap = ring * 2.0 + font * 0.15;
    let cell_w = tw + gap;
    let cell_h = th + cap_h + gap;
    let (cols, rows) = grid_capacity(font, ring, body, size, captions);
    let capacity = cols * rows;
    let shown = fit(lane.total, capacity).min(lane.tokens.len());
    let origin = (body.x + ring, body.y + ring);
    let cell = |i: usize| {
        let (c, r) = (i % cols.max(1), i / cols.max(1));
        Rect::new(
            origin.0 + c as f64 * cell_w,
            origin.1 + r as f64 * cell_h,
            tw,
            th,
        )
    };
    for (i, t) in lane.tokens.iter().take(shown).enumerate() {
        let rect = cell(i);
        out.slots.push(Slot {
            key: t.key,
            place,
            rect,
            size,
            caption: captions.then(|| {
                Rect::new(
                    rect.x - ring,
                    rect.bottom() + ring,
                    tw + 2.0 * ring,
                    cap_h - ring,
                )
            }),
            token: t.clone(),
        });
    }
    if capacity > 0 && lane.total > shown {
        let r = cell(shown);
        let rect = match size {
            Size::Label => r,
            // Among small squares a `+N` takes the rest of its row, for room for its digits.
            Size::Mini => Rect::new(r.x, r.y, (body.right() - ring - r.x).max(tw), th),
        };
        out.overflow.push(Overflow {
            place,
            rect,
            n: lane.total - shown,
        });
    }
    // A place too small for even one token still says how many it has.
    if capacity == 0
        && lane.total > 0
        && let Some(f) = out.frames.iter_mut().rfind(|f| f.place == place)
    {
        f.note = if f.note.is_empty() {
            lane.total.to_string()
        } else {
            format!("{} · {}", f.note, lane.total)
        };
    }
}

/// How many tokens to draw of `total` when `capacity` fit: all if they fit, else one fewer so
/// that the last cell can say `+N`.
#[must_use]
pub fn fit(total: usize, capacity: usize) -> usize {
    if total <= capacity {
        total
    } else {
        capacity.saturating_sub(1)
    }
}

/// The dead-letter queue: one row per message, the token and its reason beside it.
fn place_rows(out: &mut Layout, place: Place, lane: &Lane, body: Rect) {
    let font = out.font;
    let ring = out.ring;
    let (tw, th) = pill(font);
    let row_h = th + 2.0 * ring + font * 0.2;
    let rows = ((body.h - 2.0 * ring + font * 0.2) / row_h)
        .floor()
        .max(0.0) as usize;
    let shown = fit(lane.total, rows).min(lane.tokens.len());
    let cap_w = (body.w - tw - 3.0 * ring - font * 0.4).max(0.0);
    for (i, t) in lane.tokens.iter().take(shown).enumerate() {
        let rect = Rect::new(body.x + ring, body.y + ring + i as f64 * row_h, tw, th);
        out.slots.push(Slot {
            key: t.key,
            place,
            rect,
            size: Size::Label,
            caption: (cap_w > font * 2.0).then(|| {
                Rect::new(
                    rect.right() + ring + font * 0.4,
                    rect.y - ring * 0.5,
                    cap_w,
                    th + ring,
                )
            }),
            token: t.clone(),
        });
    }
    if rows > 0 && lane.total > shown {
        out.overflow.push(Overflow {
            place,
            rect: Rect::new(body.x + ring, body.y + ring + shown as f64 * row_h, tw, th),
            n: lane.total - shown,
        });
    }
}

fn wires(out: &mut Layout, m: &Model, queue: Rect, receivers: Rect, dead: Rect) {
    let portrait = is_portrait(out.w, out.h);
    let avail = out.frame(Place::Available).map_or(queue, |f| f.rect);
    let (_, ay) = avail.center();
    let senders: Vec<(Rect, u32)> = out
        .frames
        .iter()
        .filter_map(|f| match f.place {
            Place::Sender(i) => Some((f.rect, m.senders.get(usize::from(i))?.in_flight)),
            _ => None,
        })
        .collect();
    for (r, in_flight) in senders {
        let (_, sy) = r.center();
        out.wires.push(Wire {
            from: (r.right(), sy),
            to: (queue.x, if portrait { sy } else { ay }),
            in_flight,
        });
    }
    if portrait {
        let x = queue.center().0;
        out.wires.push(Wire {
            from: (x, queue.bottom()),
            to: (x, receivers.y),
            in_flight: 0,
        });
        out.wires.push(Wire {
            from: (dead.center().0, receivers.bottom()),
            to: (dead.center().0, dead.y),
            in_flight: 0,
        });
    } else {
        out.wires.push(Wire {
            from: (queue.right(), ay),
            to: (receivers.x, ay),
            in_flight: 0,
        });
        let (_, ry) = receivers.center();
        out.wires.push(Wire {
            from: (receivers.right(), ry),
            to: (dead.x, ry),
            in_flight: 0,
        });
    }
}

#[cfg(test)]
mod tests;
