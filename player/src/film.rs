//! Films: a built-in lesson's run recorded once, frame by frame, for embeds to play without
//! the simulation.
//!
//! A docs page's embed of a preset (`view.html?embed&preset=NAME`) shows a run that is the
//! same for every reader: the simulation is deterministic and the reader cannot act in it (an
//! interactive embed's Controls hand over to the playground). So the run is recorded here, at
//! every instant at which something happens, with everything the viewer reads from the
//! simulation (the stage's model and its cues, the queue's lanes, the newest log line, when the
//! next event and the next lock expiry are), and `settle-film`, a wasm without the broker or
//! the scenario parser, plays it (`view::start_film`). Between two recorded instants nothing
//! changes but the clock, and what depends on the clock alone (a lock's ring, a message's
//! highlight, where Step back goes) the player works out from the clock as the simulation does.
//!
//! A frame's lists are written as changes of the previous frame's; the player reads the film
//! as a [`Reel`] (a few frames whole, the others read again from the bytes when shown). The
//! Embed button puts a film of any other scenario in the embed's link ([`link`]).
//!
//! The presets' films are files in `player/films/` (Trunk copies them into the dist, gzipped by
//! `scripts/view-page.mjs`), written by `SETTLE_BLESS=1 cargo test -p settle-web --lib films` and
//! held equal to a fresh recording by that test, so a change of the simulation or of the
//! stage's model cannot leave one stale.

use crate::lesson;
use crate::sim::{Lane, Row};
use crate::stage::model::{
    Cue, Exit, Key, Lane as Tokens, Link, Mark, Model, Place, ReceiverBox, SenderBox, Token,
};
use settle_core::Instant;
use settle_scenario::lesson::{Shown, ShownNote};
use std::rc::Rc;

/// The first bytes of a film (the format's name and version).
pub const MAGIC: &[u8] = b"settle-film 2\n";

/// Where the player of a preset's film finds it, from the page.
#[must_use]
pub fn path(preset: &str) -> String {
    format!("films/{preset}.film")
}

/// A recorded run.
#[derive(Clone, Debug, PartialEq)]
pub struct Film {
    /// The scenario as the viewer's "Open in Settle" and Controls hand it on (`Sim::export` at
    /// the start).
    pub export: String,
    pub title: String,
    pub description: String,
    pub config_summary: String,
    /// The lesson, resolved from the run (`lesson::State::of`).
    pub shown: Option<Shown>,
    pub lesson_error: Option<String>,
    pub end_ms: u64,
    /// The instants at which a step ran or the broker did something (the story's), for Step
    /// back.
    pub busy: Vec<u64>,
    /// The states, from time zero, one per instant at which something changed.
    pub frames: Vec<Frame>,
}

/// The state from one instant until the next frame's.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub at_ms: u64,
    pub model: Model,
    /// The journeys that led here from the previous frame.
    pub cues: Vec<Cue>,
    /// Available, locked, deferred, scheduled, dead-letter (as `Snapshot`'s), each row's
    /// `recent` left false: [`Frame::touched`] says when.
    pub lanes: [Lane; 5],
    /// For each lane's rows in order: when something last happened to it.
    pub touched: Vec<Option<u64>>,
    /// The newest log line.
    pub said: String,
    pub next_event_ms: Option<u64>,
    pub next_expiry_ms: Option<u64>,
}

impl Frame {
    /// Nothing: what the first frame is written as changes of.
    fn empty() -> Self {
        Self {
            at_ms: 0,
            model: Model::default(),
            cues: Vec::new(),
            lanes: Default::default(),
            touched: Vec::new(),
            said: String::new(),
            next_event_ms: None,
            next_expiry_ms: None,
        }
    }
}

impl Film {
    /// The lesson as the page keeps it (`preset`: the built-in preset it is the film of).
    #[must_use]
    pub fn lesson(&self, preset: Option<&str>) -> lesson::State {
        lesson::State {
            shown: self.shown.clone(),
            error: self.lesson_error.clone(),
            end_ms: self.end_ms,
            source: preset.map(|n| lesson::Source::Preset(n.to_string())),
            pauses: true,
        }
    }
}

/// The largest film kept (bytes): a preset whose film would be larger is played by the viewer
/// that simulates. (Every built-in preset's is smaller: the longest, `load-levelling`, 599
/// changes of a queue of up to 240 messages, is 144 KB.)
pub const MAX_BYTES: usize = 256 * 1024;

/// The most changes a recording follows before it gives up.
pub const MAX_FRAMES: usize = 20_000;

/// The largest film an embed's link carries (bytes, before base64); a longer run's embed
/// carries the scenario instead and is simulated.
pub const LINK_MAX_BYTES: usize = 48 * 1024;

/// The most changes a film in a link may have (a recording made on a click stays short).
pub const LINK_MAX_FRAMES: usize = 4_000;

/// A film of the scenario `text` for an embed's link: `#f=<film, base64url>` (the page adds
/// `&t=<position>`). The artifacts worker makes it when the Embed button is pressed
/// (`artifacts::make`).
///
/// # Errors
/// As [`record`], or the film is longer than a link should carry.
pub fn link(text: &str) -> Result<String, String> {
    let bytes = encode(&record(text, LINK_MAX_FRAMES)?);
    if bytes.len() > LINK_MAX_BYTES {
        return Err(format!(
            "the run's film is {} KB, more than an embed's link carries",
            bytes.len() / 1024
        ));
    }
    Ok(format!("#f={}", crate::share::encode(&bytes)))
}

/// The film and the position an embed's link carries ([`link`]); `None` when the fragment is
/// not a film's.
#[must_use]
pub fn from_link(hash: &str) -> Option<Result<(Reel, u64), String>> {
    link_parts(hash, |b| Reel::read(b.to_vec()))
}

/// The scenario and position a link's fragment carries: a share link's (`#s=`), or an embed's
/// link with a film (`#f=`, its scenario read out of the film: [`scenario_of_link`]).
pub fn scenario_link(hash: &str) -> Option<Result<(String, u64), String>> {
    scenario_of_link(hash).or_else(|| crate::share::parse_fragment(hash))
}

/// Only the scenario an embed's link with a film carries, and the position (what the
/// playground and the viewer that simulates need of it: they link no film reader).
#[must_use]
pub fn scenario_of_link(hash: &str) -> Option<Result<(String, u64), String>> {
    link_parts(hash, |b| {
        R {
            b: b.strip_prefix(MAGIC)?,
            i: 0,
        }
        .s()
    })
}

/// The fragment's film read by `read`, and its position.
fn link_parts<T>(
    hash: &str,
    read: impl Fn(&[u8]) -> Option<T>,
) -> Option<Result<(T, u64), String>> {
    let (film, t) = match crate::share::parts(hash, "f")? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let damaged = || "this embed's film is damaged".to_string();
    Some(
        crate::share::decode(film)
            .ok()
            .and_then(|b| read(&b))
            .map(|f| (f, t))
            .ok_or_else(damaged),
    )
}

/// The films of the built-in presets, as `player/films/` holds them: (name, bytes) of every preset
/// without `entities` whose film is at most [`MAX_BYTES`].
#[cfg(not(target_family = "wasm"))]
#[must_use]
pub fn presets() -> Vec<(&'static str, Vec<u8>)> {
    settle_scenario::presets::PRESETS
        .iter()
        .filter_map(|&(name, text)| {
            let bytes = encode(&record(text, MAX_FRAMES).ok()?);
            (bytes.len() <= MAX_BYTES).then_some((name, bytes))
        })
        .collect()
}

/// Records the run of `text` (a scenario without `entities`) until nothing more happens.
///
/// # Errors
/// The document does not load, has `entities`, or its run stops on an error or does not end
/// within `max_frames` changes.
pub fn record(text: &str, max_frames: usize) -> Result<Film, String> {
    use crate::sim::Sim;
    let mut sim = Sim::load(text)?;
    if sim.has_entities() {
        return Err("a document with entities is not filmed (the playground runs it)".into());
    }
    let lesson = lesson::State::of(sim.scenario());
    let snap = sim.snapshot();
    let mut film = Film {
        export: sim.export(),
        title: snap.title,
        description: snap.description,
        config_summary: snap.config_summary,
        shown: lesson.shown,
        lesson_error: lesson.error,
        end_ms: lesson.end_ms,
        busy: Vec::new(),
        frames: Vec::new(),
    };
    loop {
        let frame = sim.frame();
        let same = film.frames.last().is_some_and(|last| {
            frame.cues.is_empty()
                && Frame {
                    at_ms: last.at_ms,
                    ..frame.clone()
                } == *last
        });
        if !same {
            film.frames.push(frame);
        }
        if film.frames.len() > max_frames {
            return Err(format!("more than {max_frames} frames"));
        }
        let Some(t) = sim.next_due() else { break };
        sim.advance_slice(t.max(sim.now()), u64::MAX)?;
    }
    if let Some(e) = sim.stopped() {
        return Err(e);
    }
    film.busy = sim.busy_ms();
    Ok(film)
}

/// Fetches and reads the film of the preset `name`; `None` when there is none, it is not one,
/// or the browser cannot unpack it (then the viewer that simulates plays the preset). The dist
/// holds each film gzipped (`scripts/view-page.mjs`): static hosts send a file of no known
/// type as it is, and the browser's own `DecompressionStream` unpacks it (no inflater in the
/// wasm).
#[cfg(target_arch = "wasm32")]
pub async fn fetch(name: &str) -> Option<Reel> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(&path(name)))
        .await
        .ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let gunzip = unpack::DecompressionStream::new("gzip").ok()?;
    let body = response.body()?.pipe_through(gunzip.unchecked_ref());
    let unpacked = web_sys::Response::new_with_opt_readable_stream(Some(&body)).ok()?;
    let buffer = JsFuture::from(unpacked.array_buffer().ok()?).await.ok()?;
    Reel::read(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The browser's `DecompressionStream` (web-sys has it only behind its unstable APIs). It is
/// a readable and writable pair, as `pipeThrough` takes.
#[cfg(target_arch = "wasm32")]
mod unpack {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(extends = web_sys::ReadableWritablePair)]
        pub(super) type DecompressionStream;
        #[wasm_bindgen(constructor, catch)]
        pub(super) fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    }
}

/// Natively there is no page to fetch from.
#[cfg(not(target_arch = "wasm32"))]
pub async fn fetch(_: &str) -> Option<Reel> {
    None
}

// ------------------------------------------------------------------ the bytes

/// Writes a film.
#[must_use]
pub fn encode(f: &Film) -> Vec<u8> {
    let mut w = W(MAGIC.to_vec());
    for s in [&f.export, &f.title, &f.description, &f.config_summary] {
        w.s(s);
    }
    w.b(f.shown.is_some());
    if let Some(s) = &f.shown {
        w.u(s.speed.to_bits());
        w.u(s.notes.len() as u64);
        for n in &s.notes {
            w.u(n.at_ms);
            w.s(&n.text);
            w.b(n.pause);
        }
        w.u(s.summary.len() as u64);
        for x in &s.summary {
            w.s(x);
        }
        w.u(s.figures.len() as u64);
        for (a, b) in &s.figures {
            w.s(a);
            w.s(b);
        }
    }
    w.os(f.lesson_error.as_deref());
    w.u(f.end_ms);
    w.u(f.busy.len() as u64);
    for &b in &f.busy {
        w.u(b);
    }
    w.u(f.frames.len() as u64);
    let empty = Frame::empty();
    for (i, fr) in f.frames.iter().enumerate() {
        // Each frame's lists as changes of the previous frame's (a queue's lanes move at
        // their ends: the long runs' films are a fortieth of their whole size this way).
        let prev = i.checked_sub(1).map_or(&empty, |p| &f.frames[p]);
        w.u(fr.at_ms);
        w.model(&fr.model, &prev.model);
        w.u(fr.cues.len() as u64);
        for c in &fr.cues {
            w.cue(*c);
        }
        for (l, was) in fr.lanes.iter().zip(&prev.lanes) {
            w.u(l.total as u64);
            w.diff(&l.rows, &was.rows, W::row);
        }
        w.diff(&fr.touched, &prev.touched, |w, &t| w.o(t));
        w.s(&fr.said);
        w.o(fr.next_event_ms);
        w.o(fr.next_expiry_ms);
    }
    w.0
}

/// Reads a film; `None` when the bytes are not one (another version, cut short).
#[must_use]
pub fn decode(bytes: &[u8]) -> Option<Film> {
    let reel = Reel::read(bytes.to_vec())?;
    let mut frames: Vec<Frame> = Vec::with_capacity(reel.len());
    for k in 0..reel.len() {
        let frame = match frames.last() {
            Some(prev) => reel.next(k, prev)?,
            None => reel.frame(0)?,
        };
        frames.push(frame);
    }
    Some(Film {
        frames,
        ..reel.head
    })
}

/// Everything before the frames (the film with none), and how many frames follow.
fn read_head(r: &mut R<'_>) -> Option<(Film, usize)> {
    let (export, title, description, config_summary) = (r.s()?, r.s()?, r.s()?, r.s()?);
    let shown = if r.b()? {
        let speed = f64::from_bits(r.u()?);
        let notes = r.list(|r| {
            Some(ShownNote {
                at_ms: r.u()?,
                text: r.s()?,
                pause: r.b()?,
            })
        })?;
        let summary = r.list(R::s)?;
        let figures = r.list(|r| Some((r.s()?, r.s()?)))?;
        Some(Shown {
            speed,
            notes,
            summary,
            figures,
        })
    } else {
        None
    };
    let lesson_error = r.os()?;
    let end_ms = r.u()?;
    let busy = r.list(R::u)?;
    let n = r.n()?;
    if n > r.b.len() {
        return None;
    }
    let film = Film {
        export,
        title,
        description,
        config_summary,
        shown,
        lesson_error,
        end_ms,
        busy,
        frames: Vec::new(),
    };
    Some((film, n))
}

/// One frame, written as changes of `prev`.
fn read_frame(r: &mut R<'_>, prev: &Frame) -> Option<Frame> {
    let at_ms = r.u()?;
    let model = r.model(&prev.model)?;
    let cues = r.list(R::cue)?;
    let mut lanes: [Lane; 5] = Default::default();
    for (l, was) in lanes.iter_mut().zip(&prev.lanes) {
        l.total = r.n()?;
        l.rows = r.diff(&was.rows, R::row)?;
    }
    Some(Frame {
        at_ms,
        model,
        cues,
        lanes,
        touched: r.diff(&prev.touched, R::o)?,
        said: r.s()?,
        next_event_ms: r.o()?,
        next_expiry_ms: r.o()?,
    })
}

/// How many frames apart a [`Reel`] keeps whole ones.
const KEEP_EVERY: usize = 32;

/// A film read for playing: its head, each frame's time and place in the bytes, and every
/// [`KEEP_EVERY`]-th frame whole. A frame between is read again from the bytes when it is shown
/// (from the one before it, or from the nearest whole one), so a long film costs its bytes and a
/// few frames of memory rather than a model per change (load-levelling read whole: 11.6 MB).
pub struct Reel {
    /// The film without its frames: the scenario, titles, lesson, busy instants.
    pub head: Film,
    bytes: Vec<u8>,
    /// Per frame: its instant and where its record starts in `bytes`.
    index: Vec<(u64, usize)>,
    /// Frames 0, [`KEEP_EVERY`], 2 × [`KEEP_EVERY`], …
    kept: Vec<Frame>,
}

impl Reel {
    /// Reads (and checks) a film's bytes; `None` when they are not one.
    #[must_use]
    pub fn read(mut bytes: Vec<u8>) -> Option<Self> {
        if !bytes.starts_with(MAGIC) {
            return None;
        }
        bytes.drain(..MAGIC.len());
        let mut r = R { b: &bytes, i: 0 };
        let (head, n) = read_head(&mut r)?;
        let mut index = Vec::with_capacity(n);
        let mut kept = Vec::new();
        let mut last = Frame::empty();
        for k in 0..n {
            let at = r.i;
            last = read_frame(&mut r, &last)?;
            index.push((last.at_ms, at));
            if k % KEEP_EVERY == 0 {
                kept.push(last.clone());
            }
        }
        if r.i != r.b.len() || n == 0 {
            return None;
        }
        Some(Self {
            head,
            bytes,
            index,
            kept,
        })
    }

    /// How many frames it has (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Never: a reel has a frame at least.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The frame showing at `t`: the last one at or before it.
    #[must_use]
    pub fn frame_at(&self, t: u64) -> usize {
        self.index
            .partition_point(|&(at, _)| at <= t)
            .saturating_sub(1)
    }

    /// Frame `k` read from frame `k - 1` (`prev`).
    fn next(&self, k: usize, prev: &Frame) -> Option<Frame> {
        let &(_, at) = self.index.get(k)?;
        read_frame(
            &mut R {
                b: &self.bytes,
                i: at,
            },
            prev,
        )
    }

    /// Frame `k`, read on from the nearest whole frame at or before it.
    fn frame(&self, k: usize) -> Option<Frame> {
        let key = k / KEEP_EVERY;
        let mut f = self.kept.get(key)?.clone();
        for j in key * KEEP_EVERY + 1..=k {
            f = self.next(j, &f)?;
        }
        Some(f)
    }
}

/// How far ahead in the previous frame's list [`W::diff`] looks for an item.
const WINDOW: usize = 64;

/// The writer: unsigned LEB128 numbers, strings as length and UTF-8.
struct W(Vec<u8>);

impl W {
    fn u(&mut self, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.0.push(b);
                return;
            }
            self.0.push(b | 0x80);
        }
    }

    fn b(&mut self, v: bool) {
        self.u(u64::from(v));
    }

    fn s(&mut self, s: &str) {
        self.u(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    /// An optional number: 0 for none, else the number plus one.
    fn o(&mut self, v: Option<u64>) {
        self.u(v.map_or(0, |v| v + 1));
    }

    fn os(&mut self, v: Option<&str>) {
        self.b(v.is_some());
        if let Some(s) = v {
            self.s(s);
        }
    }

    fn key(&mut self, k: Key) {
        let (tag, seq, slot) = match k {
            Key::Msg(s) => (0, s, 0),
            Key::Stale(s, r) => (1, s, r),
            Key::Taken(s, r) => (2, s, r),
        };
        self.u(tag);
        self.u(seq);
        self.u(u64::from(slot));
    }

    fn place(&mut self, p: Place) {
        let (tag, i) = match p {
            Place::Sender(i) => (0, i),
            Place::Scheduled => (1, 0),
            Place::Available => (2, 0),
            Place::Deferred => (3, 0),
            Place::Receiver(i) => (4, i),
            Place::Dead => (5, 0),
            Place::Active(i) => (6, i),
            Place::DeadOf(i) => (7, i),
        };
        self.u(tag);
        self.u(u64::from(i));
    }

    /// `new` as changes of `old`: its length, then runs of (old items skipped, old items
    /// copied, new items written) until it is complete. An item is looked for a few places
    /// ahead in `old` ([`WINDOW`]), so a lane that lost its first messages and gained some at
    /// its end is two short runs.
    fn diff<T: PartialEq>(&mut self, new: &[T], old: &[T], put: impl Fn(&mut Self, &T)) {
        let find = |j: usize, item: &T| {
            old.get(j..)
                .and_then(|rest| rest.iter().take(WINDOW).position(|o| o == item))
        };
        self.u(new.len() as u64);
        let (mut i, mut j) = (0, 0);
        while i < new.len() {
            let (skip, copy) = match find(j, &new[i]) {
                Some(d) => {
                    let same = new[i..]
                        .iter()
                        .zip(&old[j + d..])
                        .take_while(|(a, b)| a == b)
                        .count();
                    (d, same)
                }
                None => (0, 0),
            };
            i += copy;
            j += skip + copy;
            let start = i;
            while i < new.len() && (i == start && copy == 0 || find(j, &new[i]).is_none()) {
                i += 1;
            }
            self.u(skip as u64);
            self.u(copy as u64);
            self.u((i - start) as u64);
            for item in &new[start..i] {
                put(self, item);
            }
        }
    }

    fn token(&mut self, t: &Token) {
        self.key(t.key);
        self.s(&t.id);
        self.u(u64::from(t.count));
        self.os(t.session.as_deref());
        self.o(t.until_ms);
        self.o(t.lock_ms);
        self.o(t.due_ms);
        self.os(t.reason.as_deref());
        self.os(t.description.as_deref());
        self.u(t.mark as u64);
    }

    fn tokens(&mut self, l: &Tokens, was: &Tokens) {
        self.u(l.total as u64);
        self.diff(&l.tokens, &was.tokens, Self::token);
    }

    fn model(&mut self, m: &Model, was: &Model) {
        self.u(m.senders.len() as u64);
        for s in &m.senders {
            self.s(&s.name);
            self.u(u64::from(s.in_flight));
            self.b(s.automated);
        }
        self.tokens(&m.scheduled, &was.scheduled);
        self.tokens(&m.available, &was.available);
        self.tokens(&m.deferred, &was.deferred);
        self.u(m.receivers.len() as u64);
        let none = Tokens::default();
        for (i, r) in m.receivers.iter().enumerate() {
            self.s(&r.name);
            self.u(r.link as u64);
            self.b(r.automated);
            self.os(r.session.as_ref().map(|s| &*s.0));
            self.b(r.session.as_ref().is_some_and(|s| s.1));
            self.tokens(&r.held, was.receivers.get(i).map_or(&none, |r| &r.held));
        }
        self.tokens(&m.dead, &was.dead);
        self.u(m.lock_ms);
        self.s(&m.summary);
        self.diff(&m.whereabouts, &was.whereabouts, |w, &(seq, p)| {
            w.u(seq);
            w.place(p);
        });
    }

    fn cue(&mut self, c: Cue) {
        match c {
            Cue::Sent { seq, sender } => {
                self.u(0);
                self.u(seq);
                self.u(u64::from(sender));
            }
            Cue::Renumbered { from, to } => {
                self.u(1);
                self.u(from);
                self.u(to);
            }
            Cue::LockBroke { seq } => {
                self.u(2);
                self.u(seq);
            }
            Cue::Routed { seq, topic, sender } => {
                self.u(3);
                self.u(seq);
                self.u(u64::from(topic));
                self.o(sender.map(u64::from));
            }
            Cue::Left { seq, how } => {
                self.u(4);
                self.u(seq);
                self.u(how as u64);
            }
        }
    }

    fn row(&mut self, r: &Row) {
        self.u(r.seq);
        self.u(r.key);
        self.s(&r.id);
        self.os(r.entity.as_deref());
        self.u(u64::from(r.delivery_count));
        for s in [&r.holder, &r.session, &r.reason, &r.description] {
            self.os(s.as_deref());
        }
        self.o(r.due_ms);
    }
}

/// The reader of what [`W`] wrote.
struct R<'a> {
    b: &'a [u8],
    i: usize,
}

impl R<'_> {
    fn u(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.b.get(self.i)?;
            self.i += 1;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }

    fn n(&mut self) -> Option<usize> {
        usize::try_from(self.u()?).ok()
    }

    fn small(&mut self) -> Option<u16> {
        u16::try_from(self.u()?).ok()
    }

    fn b(&mut self) -> Option<bool> {
        match self.u()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn s(&mut self) -> Option<String> {
        let n = self.n()?;
        let bytes = self.b.get(self.i..self.i.checked_add(n)?)?;
        self.i += n;
        String::from_utf8(bytes.to_vec()).ok()
    }

    fn rc(&mut self) -> Option<Rc<str>> {
        self.s().map(Into::into)
    }

    fn o(&mut self) -> Option<Option<u64>> {
        Some(self.u()?.checked_sub(1))
    }

    fn os(&mut self) -> Option<Option<String>> {
        if self.b()? {
            self.s().map(Some)
        } else {
            Some(None)
        }
    }

    fn orc(&mut self) -> Option<Option<Rc<str>>> {
        Some(self.os()?.map(Into::into))
    }

    /// A count, then that many items (the count is checked against the bytes left, so a
    /// damaged count cannot ask for a huge allocation).
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.n()?;
        if n > self.b.len() - self.i {
            return None;
        }
        (0..n).map(|_| item(self)).collect()
    }

    fn key(&mut self) -> Option<Key> {
        let (tag, seq, slot) = (self.u()?, self.u()?, self.small()?);
        Some(match tag {
            0 => Key::Msg(seq),
            1 => Key::Stale(seq, slot),
            2 => Key::Taken(seq, slot),
            _ => return None,
        })
    }

    fn place(&mut self) -> Option<Place> {
        let (tag, i) = (self.u()?, self.small()?);
        Some(match tag {
            0 => Place::Sender(i),
            1 => Place::Scheduled,
            2 => Place::Available,
            3 => Place::Deferred,
            4 => Place::Receiver(i),
            5 => Place::Dead,
            6 => Place::Active(i),
            7 => Place::DeadOf(i),
            _ => return None,
        })
    }

    /// What [`W::diff`] wrote, from `old`.
    fn diff<T: Clone>(
        &mut self,
        old: &[T],
        mut get: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        let n = self.n()?;
        if n > old.len() + (self.b.len() - self.i) {
            return None;
        }
        let mut out = Vec::with_capacity(n);
        let mut j = 0usize;
        while out.len() < n {
            let (skip, copy, fresh) = (self.n()?, self.n()?, self.n()?);
            let left = n - out.len();
            if copy == 0 && fresh == 0 || copy > left || fresh > left - copy {
                return None;
            }
            j = j.checked_add(skip)?;
            out.extend_from_slice(old.get(j..j.checked_add(copy)?)?);
            j += copy;
            for _ in 0..fresh {
                out.push(get(self)?);
            }
        }
        (out.len() == n).then_some(out)
    }

    fn token(&mut self) -> Option<Token> {
        Some(Token {
            key: self.key()?,
            id: self.rc()?,
            count: u32::try_from(self.u()?).ok()?,
            session: self.orc()?,
            until_ms: self.o()?,
            lock_ms: self.o()?,
            due_ms: self.o()?,
            reason: self.orc()?,
            description: self.orc()?,
            mark: [
                Mark::Plain,
                Mark::Prefetched,
                Mark::FromDead,
                Mark::Deferred,
                Mark::Stale,
                Mark::Taken,
                Mark::Dropped,
            ]
            .get(self.n()?)
            .copied()?,
        })
    }

    fn tokens(&mut self, was: &Tokens) -> Option<Tokens> {
        Some(Tokens {
            total: self.n()?,
            tokens: self.diff(&was.tokens, Self::token)?,
        })
    }

    fn model(&mut self, was: &Model) -> Option<Model> {
        let senders = self.list(|r| {
            Some(SenderBox {
                name: r.rc()?,
                in_flight: u32::try_from(r.u()?).ok()?,
                automated: r.b()?,
            })
        })?;
        let scheduled = self.tokens(&was.scheduled)?;
        let available = self.tokens(&was.available)?;
        let deferred = self.tokens(&was.deferred)?;
        let none = Tokens::default();
        let mut i = 0;
        let receivers = self.list(|r| {
            let held_was = was.receivers.get(i).map_or(&none, |r| &r.held);
            i += 1;
            let name = r.rc()?;
            let link = [Link::Open, Link::Closed, Link::Crashed]
                .get(r.n()?)
                .copied()?;
            let automated = r.b()?;
            let session = r.orc()?;
            let held_session = r.b()?;
            Some(ReceiverBox {
                name,
                link,
                automated,
                session: session.map(|s| (s, held_session)),
                held: r.tokens(held_was)?,
            })
        })?;
        Some(Model {
            senders,
            scheduled,
            available,
            deferred,
            receivers,
            dead: self.tokens(&was.dead)?,
            lock_ms: self.u()?,
            summary: self.s()?,
            whereabouts: self.diff(&was.whereabouts, |r| Some((r.u()?, r.place()?)))?,
            entities: Vec::new(),
        })
    }

    fn cue(&mut self) -> Option<Cue> {
        Some(match self.u()? {
            0 => Cue::Sent {
                seq: self.u()?,
                sender: self.small()?,
            },
            1 => Cue::Renumbered {
                from: self.u()?,
                to: self.u()?,
            },
            2 => Cue::LockBroke { seq: self.u()? },
            3 => Cue::Routed {
                seq: self.u()?,
                topic: self.small()?,
                sender: self.o()?.map(u16::try_from).transpose().ok()?,
            },
            4 => Cue::Left {
                seq: self.u()?,
                how: [
                    Exit::Completed,
                    Exit::Expired,
                    Exit::Cancelled,
                    Exit::Lost,
                    Exit::Done,
                ]
                .get(self.n()?)
                .copied()?,
            },
            _ => return None,
        })
    }

    fn row(&mut self) -> Option<Row> {
        Some(Row {
            seq: self.u()?,
            key: self.u()?,
            id: self.s()?,
            entity: self.os()?,
            delivery_count: u32::try_from(self.u()?).ok()?,
            holder: self.os()?,
            session: self.os()?,
            reason: self.os()?,
            description: self.os()?,
            due_ms: self.o()?,
            recent: false,
        })
    }
}

// ------------------------------------------------------------------ playing

/// A film being played: the clock, the frame it shows and what the stage has not taken yet.
pub struct Player {
    reel: Rc<Reel>,
    now: u64,
    frame: usize,
    /// Frame `frame`, read.
    shown: Frame,
    generation: u64,
    cues: Vec<Cue>,
    selected: Option<u64>,
}

impl Player {
    #[must_use]
    pub fn new(reel: Rc<Reel>) -> Self {
        let shown = reel.kept.first().cloned().unwrap_or_else(Frame::empty);
        Self {
            cues: shown.cues.clone(),
            reel,
            now: 0,
            frame: 0,
            shown,
            generation: 0,
            selected: None,
        }
    }

    /// The film without its frames (the scenario, titles, lesson).
    #[must_use]
    pub fn film(&self) -> &Film {
        &self.reel.head
    }

    /// The film, to play it again.
    #[must_use]
    pub fn shared(&self) -> Rc<Reel> {
        Rc::clone(&self.reel)
    }

    #[must_use]
    pub fn now(&self) -> Instant {
        Instant::from_millis(self.now)
    }

    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn bump(&mut self) {
        self.generation += 1;
    }

    /// Counts on from `generation` (a film played again from the start is a change too).
    pub fn set_generation(&mut self, generation: u64) {
        self.generation = generation;
    }

    /// Goes on to `t` (never back), gathering the journeys on the way.
    pub fn advance_to(&mut self, t: Instant) {
        let t = t.as_millis().max(self.now);
        let to = self.reel.frame_at(t);
        if to > self.frame {
            for k in self.frame + 1..=to {
                // (Read and checked once already: `Reel::read`.)
                let Some(f) = self.reel.next(k, &self.shown) else {
                    break;
                };
                self.cues.extend_from_slice(&f.cues);
                self.shown = f;
                self.frame = k;
            }
            self.generation += 1;
        }
        self.now = t;
    }

    /// Goes to `t`, back or forward, with no journeys (as the simulation's seek).
    pub fn seek(&mut self, t: Instant) {
        self.now = t.as_millis();
        let k = self.reel.frame_at(self.now);
        if let Some(f) = self.reel.frame(k) {
            self.shown = f;
            self.frame = k;
        }
        self.cues.clear();
        self.generation += 1;
    }

    /// The latest instant before now at which something happened (as `Sim::previous_moment`).
    #[must_use]
    pub fn previous_moment(&self) -> Option<Instant> {
        let busy = &self.reel.head.busy;
        match busy.partition_point(|&t| t < self.now).checked_sub(1) {
            Some(i) => Some(Instant::from_millis(busy[i])),
            None => (self.now > 0).then_some(Instant::ZERO),
        }
    }

    #[must_use]
    pub fn next_event(&self) -> Option<Instant> {
        self.shown.next_event_ms.map(Instant::from_millis)
    }

    #[must_use]
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        self.shown.next_expiry_ms.map(Instant::from_millis)
    }

    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    #[must_use]
    pub fn selected(&self) -> Option<u64> {
        self.selected
    }

    pub fn select(&mut self, seq: Option<u64>) {
        self.selected = seq;
    }

    #[must_use]
    pub fn stage_model(&self) -> Model {
        self.shown.model.clone()
    }

    /// The lanes as `Sim::snapshot` lists them now (a row is recent for
    /// [`crate::sim::RECENT_MS`] after something happened to it).
    #[must_use]
    pub fn lanes(&self) -> [Lane; 5] {
        let f = &self.shown;
        let mut lanes = f.lanes.clone();
        let mut touched = f.touched.iter();
        for row in lanes.iter_mut().flat_map(|l| &mut l.rows) {
            row.recent = touched
                .next()
                .copied()
                .flatten()
                .is_some_and(|at| self.now.saturating_sub(at) < crate::sim::RECENT_MS);
        }
        lanes
    }

    /// The newest log line.
    #[must_use]
    pub fn said(&self) -> String {
        self.shown.said.clone()
    }
}

#[cfg(test)]
mod tests;
