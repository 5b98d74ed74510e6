//! Journeys: interpolation between consecutive layouts, in real time.
//!
//! Each time the model changes, [`Animator::update`] compares the new layout with the one
//! before: a token whose place changed travels there along a visible arc over
//! [`JOURNEY_MS`] of real time (eased), whatever the clock's speed; a token that only shifted
//! inside its place glides; a token that came into view travels from where it was (its
//! sender, or the `+N` of its former place); one that went out of view travels to the `+N` of
//! its new place; one that left for good ends where it was (a check mark when completed).
//! When more journeys start at once than an eye can follow ([`BURST`]), they are drawn as
//! trails, never dropped. With reduced motion nothing travels: the token is at its new place
//! at once, highlighted for [`HIGHLIGHT_MS`].

use super::layout::{Layout, Rect, Size};
use super::model::{Cue, Exit, Key, Model, Place, Token};
use std::collections::HashMap;

/// Real milliseconds a journey between places takes.
pub const JOURNEY_MS: f64 = 520.0;
/// A journey through a topic (sender → topic → subscription) takes this many times
/// [`JOURNEY_MS`]: two legs, each a little quicker than a journey of one.
pub const VIA_FACTOR: f64 = 1.6;
/// Real milliseconds a shift inside a place takes.
pub const GLIDE_MS: f64 = 240.0;
/// Real milliseconds an ending (check mark, fade) lasts.
pub const EXIT_MS: f64 = 700.0;
/// Real milliseconds a token is highlighted at its destination under reduced motion.
pub const HIGHLIGHT_MS: f64 = 1_200.0;
/// More journeys than this starting in one update are drawn as a burst of trails.
pub const BURST: usize = 10;
/// At most this many endings (check marks, breaking rings, fades) start in one update; the
/// rest of a mass ending is one tally (`180 more locks expired`) where they happened.
pub const ENDINGS_AT_ONCE: usize = 12;
/// At most this many endings are drawn at a time (the oldest go first).
pub const MAX_ENDINGS: usize = 48;
/// At most this many journeys are under way at once. One that would start beyond it is made
/// at once (the token is at its new place) and counted on a [`Flow`] between the two places,
/// drawn as a trail with the count of what moved: at 100× a busy queue starts hundreds of journeys a
/// second, each shorter-lived than a journey, and drawn one by one they were a pile in which
/// nobody could tell where anything went (and the costliest pictures the stage drew).
pub const MAX_FLIGHTS: usize = 24;

/// Ease in and out (cubic), `t` in 0..=1.
#[must_use]
pub fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Ease out (cubic), `t` in 0..=1: starts at full speed, for a token that is already moving
/// when it is sent somewhere else. Easing in again at every new target, a token retargeted
/// more often than its motion lasts (a lane whose front is taken twenty times a second at
/// 100×) never got going: it stayed near where it set out.
#[must_use]
pub fn ease_out(t: f64) -> f64 {
    1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(3)
}

/// A point on the journey's arc (a quadratic Bézier that bows up, or left for vertical
/// journeys), `t` in 0..=1 already eased.
#[must_use]
pub fn arc(from: (f64, f64), to: (f64, f64), t: f64) -> (f64, f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
    // Perpendicular, pointing up on screen for left-to-right journeys.
    let bow = 0.18;
    let c = (mid.0 + dy * bow, mid.1 - dx.abs() * bow);
    let u = 1.0 - t;
    (
        u * u * from.0 + 2.0 * u * t * c.0 + t * t * to.0,
        u * u * from.1 + 2.0 * u * t * c.1 + t * t * to.1,
    )
}

#[derive(Clone, Debug, PartialEq)]
struct Motion {
    from: Rect,
    to: Rect,
    t0: f64,
    dur: f64,
    /// Between places (an arc with a trail), rather than a glide.
    journey: bool,
    burst: bool,
    /// A point the journey passes half way (a topic's middle, between its sender and the
    /// subscription a copy goes to): two arcs instead of one.
    via: Option<(f64, f64)>,
    /// It set out while already moving: it eases out only ([`ease_out`]).
    moving: bool,
    /// The place a journey left (for the burst's counts).
    from_place: Option<Place>,
}

impl Motion {
    /// How far along its path the token is at progress `p` (0..=1 of the duration).
    fn eased(&self, p: f64) -> f64 {
        if self.moving { ease_out(p) } else { ease(p) }
    }

    /// Where the token is drawn at `now`, and the leg it is on (see [`Motion::travel`]).
    fn at(&self, now: f64) -> (Rect, Travel) {
        let t = self.travel(now);
        let r = self.from.lerp(self.to, self.eased(t.p));
        if self.journey {
            let (cx, cy) = arc(t.from, t.to, t.along);
            (Rect::new(cx - r.w / 2.0, cy - r.h / 2.0, r.w, r.h), t)
        } else {
            (r, t)
        }
    }

    /// The leg under way at `now` and how far along it (for a glide too: then the token goes
    /// straight, not along the arc).
    fn travel(&self, now: f64) -> Travel {
        let p = ((now - self.t0) / self.dur).clamp(0.0, 1.0);
        let e = self.eased(p);
        let (from, to) = (self.from.center(), self.to.center());
        let (from, to, along) = match self.via {
            Some(v) if e < 0.5 => (from, v, e * 2.0),
            Some(v) => (v, to, e * 2.0 - 1.0),
            None => (from, to, e),
        };
        Travel { from, to, along, p }
    }

    fn done(&self, now: f64) -> bool {
        now >= self.t0 + self.dur
    }
}

/// Journeys made at once because too many were under way (see [`MAX_FLIGHTS`]): from one
/// place to another, how many, since when.
#[derive(Clone, Debug, PartialEq)]
pub struct Flow {
    /// The place they left.
    pub origin: Place,
    /// Where they left from and went to (centres; the first of them).
    pub from: (f64, f64),
    pub to: (f64, f64),
    /// The place they went to.
    pub dest: Place,
    /// How many.
    pub n: usize,
    /// When (real ms).
    pub t0: f64,
}

/// How an ending is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Completed: a check mark, then gone.
    Check,
    /// Expired or cancelled: it fades.
    Fade,
    /// Lost with a crashed receiver: a cross.
    Lost,
    /// A lock ran out: the ring breaks.
    RingBreak,
}

#[derive(Clone, Debug, PartialEq)]
struct Effect {
    key: Key,
    ending: Ending,
    rect: Rect,
    /// When it starts to be drawn (real ms): later than `born` for a token that first
    /// finishes its journey.
    t0: f64,
    /// When the update that decided it ran (the order endings are thinned and capped in).
    born: f64,
    token: Token,
    size: Size,
}

#[derive(Clone, Debug, PartialEq)]
struct Departure {
    motion: Motion,
    token: Token,
    size: Size,
    /// Fades as it arrives (it joins a `+N`); else it is drawn whole to the end (an ending
    /// takes over there).
    fade: bool,
}

/// Many endings of one kind at once, counted rather than drawn one by one.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// How they ended.
    pub ending: Ending,
    /// How many were not drawn (since it was first shown: mass endings that follow while it
    /// is shown add to it).
    pub n: usize,
    /// Where (the middle of where they were).
    pub at: (f64, f64),
    /// When (real ms).
    pub t0: f64,
}

/// A token as drawn in one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprite<'a> {
    /// Its identity.
    pub key: Key,
    /// What it shows.
    pub token: &'a Token,
    /// How it is drawn.
    pub size: Size,
    /// Where, this frame.
    pub rect: Rect,
    /// Opacity, 0..=1.
    pub alpha: f64,
    /// Travelling between places: the leg of its journey under way (see [`Travel`]).
    pub travel: Option<Travel>,
    /// Part of a burst: draw as a trail.
    pub burst: bool,
    /// The place a journey left.
    pub from_place: Option<Place>,
    /// Highlight strength at its destination (reduced motion), 0..=1.
    pub highlight: f64,
    /// At rest in the layout (not a departing or ending copy): it can be hit and focused.
    pub live: bool,
    /// Where it is (or is going); `None` for a copy leaving the drawing.
    pub place: Option<Place>,
    /// Its caption's room, when at rest.
    pub caption: Option<Rect>,
    /// In its slot, not moving and not highlighted: drawn the same until the layout changes,
    /// so it can be cached with the still part of the picture.
    pub at_rest: bool,
}

/// A journey as drawn in one frame: the arc of the leg under way ([`arc`] from `from` to
/// `to`; a journey through a topic has two legs) and how far along it the token is. Its trail
/// is that arc up to `along`: exactly the way the token came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Travel {
    /// Where the leg started and where it ends (centres).
    pub from: (f64, f64),
    pub to: (f64, f64),
    /// How far along the leg's arc the token is (its parameter, eased: 0..=1).
    pub along: f64,
    /// How far through its journey's time (0..=1).
    pub p: f64,
}

/// An ending as drawn in one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Ended<'a> {
    /// Which token.
    pub key: Key,
    /// What it showed.
    pub token: &'a Token,
    /// How it is drawn.
    pub size: Size,
    /// How it ends.
    pub ending: Ending,
    /// Where.
    pub rect: Rect,
    /// How far along, 0..=1.
    pub progress: f64,
}

/// Keeps the current layout and the journeys between it and the ones before.
#[derive(Clone, Debug, Default)]
pub struct Animator {
    layout: Layout,
    motions: HashMap<Key, Motion>,
    departures: Vec<Departure>,
    effects: Vec<Effect>,
    tallies: Vec<Tally>,
    /// Tokens highlighted where they arrived (reduced motion), until when (real ms).
    highlights: HashMap<Key, f64>,
    flows: Vec<Flow>,
    /// Where each message was in the previous model (sorted by sequence number).
    whereabouts: Vec<(u64, Place)>,
    /// How many updates started a burst (for tests and the benchmark's curiosity).
    bursts: u64,
}

impl Animator {
    /// The current layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// How many updates so far were drawn as bursts.
    #[must_use]
    pub fn bursts(&self) -> u64 {
        self.bursts
    }

    /// Replaces the layout without any journey (a new scenario, a resize).
    pub fn reset(&mut self, layout: Layout, model: &Model) {
        *self = Self {
            layout,
            whereabouts: model.whereabouts.clone(),
            bursts: self.bursts,
            ..Self::default()
        };
    }

    /// Where a token is drawn right now, and whether it is travelling between places.
    fn current(&self, key: Key, now: f64) -> Option<(Rect, bool)> {
        if let Some(m) = self.motions.get(&key)
            && !m.done(now)
        {
            return Some((m.at(now).0, m.journey));
        }
        self.layout.slot(key).map(|s| (s.rect, false))
    }

    fn old_place(&self, seq: u64) -> Option<Place> {
        self.whereabouts
            .binary_search_by_key(&seq, |&(s, _)| s)
            .ok()
            .map(|i| self.whereabouts[i].1)
    }

    /// Moves to a new layout at real time `now` (ms), starting the journeys that lead there.
    pub fn update(&mut self, layout: Layout, model: &Model, cues: &[Cue], now: f64, reduced: bool) {
        self.prune(now);
        let old = std::mem::take(&mut self.layout);
        // Where everything is drawn right now, before the change.
        let mut here: HashMap<Key, (Rect, Place)> = old
            .slots
            .iter()
            .map(|s| {
                let r = self.current(s.key, now).map_or(s.rect, |c| c.0);
                (s.key, (r, s.place))
            })
            .collect();
        // In-flight motions keep their state only through `here`; new ones are decided below.
        let mut motions: HashMap<Key, Motion> = HashMap::new();
        let mut started: Vec<Key> = Vec::new();
        // Where a new message's journey starts: its sender, or the topic that routed it.
        let mut sent: HashMap<u64, Place> = HashMap::new();
        // A copy whose journey starts at its sender passes its topic on the way.
        let mut through: HashMap<u64, Place> = HashMap::new();
        let mut left: HashMap<u64, Exit> = HashMap::new();
        let mut renumbered: Vec<Key> = Vec::new();
        for c in cues {
            match *c {
                Cue::Renumbered { from, to } => {
                    renumbered.push(Key::Msg(from));
                    if let Some(v) = here.remove(&Key::Msg(from)) {
                        here.insert(Key::Msg(to), v);
                    }
                    if let Some(m) = self.motions.remove(&Key::Msg(from)) {
                        self.motions.insert(Key::Msg(to), m);
                    }
                }
                Cue::Sent { seq, sender } => {
                    sent.insert(seq, Place::Sender(sender));
                }
                Cue::Routed { seq, topic, sender } => match sender {
                    Some(sender) => {
                        sent.insert(seq, Place::Sender(sender));
                        through.insert(seq, Place::Active(topic));
                    }
                    None => {
                        sent.insert(seq, Place::Active(topic));
                    }
                },
                Cue::Left { seq, how } => {
                    left.insert(seq, how);
                }
                Cue::LockBroke { seq } => {
                    if let Some(s) = old.slot(Key::Msg(seq)) {
                        let rect = here.get(&s.key).map_or(s.rect, |h| h.0);
                        self.effects.push(Effect {
                            key: s.key,
                            ending: Ending::RingBreak,
                            rect,
                            t0: now,
                            born: now,
                            token: s.token.clone(),
                            size: s.size,
                        });
                    }
                }
            }
        }
        // Journeys under way now (each carries on, retargeted or not).
        let mut flying = self
            .motions
            .values()
            .filter(|m| m.journey && !m.done(now))
            .count()
            + self.departures.len();
        let mut jumped = 0;
        for s in &layout.slots {
            let seq = s.key.seq();
            // Where it is drawn now, whether it changes place, and the place it leaves.
            let origin: Option<(Rect, bool, Option<Place>)> = match here.get(&s.key) {
                Some(&(r, p)) if p != s.place => Some((r, true, Some(p))),
                Some(&(r, _)) if r != s.rect => Some((r, false, None)),
                Some(_) => {
                    // Unchanged: a journey under way carries on.
                    if let Some(m) = self.motions.remove(&s.key)
                        && !m.done(now)
                        && m.to == s.rect
                    {
                        motions.insert(s.key, m);
                    }
                    None
                }
                None => {
                    // From a sender's right edge, or from the middle of a topic.
                    let from_sender = sent
                        .get(&seq)
                        .and_then(|&p| old.frame(p).or(layout.frame(p)))
                        .map(|f| {
                            let (cx, cy) = f.rect.center();
                            let x = if matches!(f.place, Place::Sender(_)) {
                                f.rect.right() - s.rect.w
                            } else {
                                cx - s.rect.w / 2.0
                            };
                            (
                                Rect::new(x, cy - s.rect.h / 2.0, s.rect.w, s.rect.h),
                                f.place,
                            )
                        });
                    // A receiver's own copy starts where the broker's token was.
                    let from_token = match s.key {
                        Key::Stale(q, _) | Key::Taken(q, _) => here.get(&Key::Msg(q)).copied(),
                        Key::Msg(_) => None,
                    };
                    // Out of another place's `+N`. One that only came into view in its own
                    // place did not move: it is drawn in its slot at once (gliding out of the
                    // `+N`, at a fast clock every token of a lane whose front leaves at every
                    // update was always on its way up from there, and the lane looked empty).
                    let from_hidden = self.old_place(seq).filter(|&p| p != s.place).and_then(|p| {
                        old.anchor(p)
                            .or(layout.anchor(p))
                            .map(|r| (r, true, Some(p)))
                    });
                    from_sender
                        .or(from_token)
                        .map(|(r, p)| (r, true, Some(p)))
                        .or(from_hidden)
                }
            };
            let Some((from, journey, from_place)) = origin else {
                continue;
            };
            // A token still moving sets out at speed; a journey under way that is only sent to
            // another slot of the same place goes on as that journey (its trail, its burst),
            // for what is left of it.
            let under_way = self.motions.get(&s.key).filter(|m| !m.done(now));
            let carried = under_way.filter(|m| m.journey && !journey);
            let journey = journey || carried.is_some();
            let via = journey
                .then(|| through.get(&seq))
                .flatten()
                .and_then(|&p| old.frame(p).or(layout.frame(p)))
                .map(|f| f.rect.center());
            if reduced {
                if journey {
                    self.highlights.insert(s.key, now + HIGHLIGHT_MS);
                }
                continue;
            }
            if journey && carried.is_none() {
                if flying >= MAX_FLIGHTS {
                    jumped += 1;
                    let origin = from_place.unwrap_or(s.place);
                    self.flow((origin, from), (s.place, s.rect), now);
                    continue;
                }
                flying += 1;
                started.push(s.key);
            }
            let moving = under_way.is_some();
            let from_place = carried.map_or(from_place, |m| m.from_place);
            let (dur, burst) = match carried {
                Some(m) => ((m.t0 + m.dur - now).max(GLIDE_MS), m.burst),
                // Two legs take longer, each a little quicker than a journey of one.
                None => match (journey, via) {
                    (true, Some(_)) => (JOURNEY_MS * VIA_FACTOR, false),
                    (true, None) => (JOURNEY_MS, false),
                    (false, _) => (GLIDE_MS, false),
                },
            };
            motions.insert(
                s.key,
                Motion {
                    from,
                    to: s.rect,
                    t0: now,
                    dur,
                    journey,
                    burst,
                    via,
                    moving,
                    from_place,
                },
            );
        }
        // Tokens that went out of view or left.
        for s in &old.slots {
            if layout.slot(s.key).is_some() || renumbered.contains(&s.key) {
                continue;
            }
            let rect = here.get(&s.key).map_or(s.rect, |h| h.0);
            let still = match s.key {
                Key::Msg(q) => model.place_of(q),
                _ => None,
            };
            let under_way = self.motions.get(&s.key).filter(|m| !m.done(now));
            // Already one of the journeys under way (a glide is not).
            let flight = under_way.filter(|m| m.journey);
            let travelling = flight.is_some();
            match still.and_then(|p| layout.anchor(p).map(|to| (p, to))) {
                Some((dest, to)) if !reduced && !travelling && flying >= MAX_FLIGHTS => {
                    jumped += 1;
                    self.flow((s.place, rect), (dest, to), now);
                }
                Some((_, to)) if !reduced => {
                    if !travelling {
                        flying += 1;
                    }
                    self.departures.push(Departure {
                        motion: Motion {
                            from: rect,
                            to,
                            t0: now,
                            dur: JOURNEY_MS,
                            journey: true,
                            burst: false,
                            via: None,
                            moving: under_way.is_some(),
                            from_place: Some(s.place),
                        },
                        token: s.token.clone(),
                        size: s.size,
                        fade: true,
                    });
                }
                Some(_) => {}
                None => {
                    let ending = match left.get(&s.key.seq()) {
                        Some(Exit::Completed | Exit::Done) => Ending::Check,
                        Some(Exit::Lost) => Ending::Lost,
                        Some(Exit::Expired | Exit::Cancelled) | None => Ending::Fade,
                    };
                    // A receiver's stale copy just goes; the broker's token tells the story.
                    if matches!(s.key, Key::Stale(..)) && ending == Ending::Fade && reduced {
                        continue;
                    }
                    // One that ends while still on its way there (at a fast clock, a message
                    // completed before its journey to the receiver is over) first arrives: its
                    // check mark is where it went, not somewhere on the way.
                    let (rect, t0) = match flight {
                        Some(m) => {
                            self.departures.push(Departure {
                                motion: m.clone(),
                                token: s.token.clone(),
                                size: s.size,
                                fade: false,
                            });
                            (m.to, m.t0 + m.dur)
                        }
                        None => (rect, now),
                    };
                    self.effects.push(Effect {
                        key: s.key,
                        ending,
                        rect,
                        t0,
                        born: now,
                        token: s.token.clone(),
                        size: s.size,
                    });
                }
            }
        }
        self.thin_endings(now);
        let new_departures = self
            .departures
            .iter()
            .filter(|d| d.motion.t0 == now)
            .count();
        if started.len() + jumped + new_departures > BURST {
            self.bursts += 1;
            for k in &started {
                if let Some(m) = motions.get_mut(k) {
                    m.burst = true;
                }
            }
            for d in self.departures.iter_mut().filter(|d| d.motion.t0 == now) {
                d.motion.burst = true;
            }
        }
        self.motions = motions;
        self.highlights.retain(|k, _| layout.slot(*k).is_some());
        self.whereabouts.clone_from(&model.whereabouts);
        self.layout = layout;
    }

    /// Counts a journey made at once (see [`MAX_FLIGHTS`]) on the flow of this update between
    /// its two places.
    fn flow(&mut self, (origin, from): (Place, Rect), (dest, to): (Place, Rect), now: f64) {
        match self
            .flows
            .iter_mut()
            .find(|f| f.t0 == now && f.origin == origin && f.dest == dest)
        {
            Some(f) => f.n += 1,
            None => self.flows.push(Flow {
                origin,
                from: from.center(),
                to: to.center(),
                dest,
                n: 1,
                t0: now,
            }),
        }
    }

    /// Keeps at most [`ENDINGS_AT_ONCE`] of the endings that started at `now` (spread over
    /// them), counting the others per kind in a [`Tally`], and at most [`MAX_ENDINGS`] in all.
    fn thin_endings(&mut self, now: f64) {
        let first = self.effects.partition_point(|e| e.born < now);
        let fresh = self.effects.split_off(first);
        if fresh.len() <= ENDINGS_AT_ONCE {
            self.effects.extend(fresh);
        } else {
            let n = fresh.len();
            // By kind of ending, in the kinds' order (a sorted list: a map per key type is a
            // B-tree's code of its own in the wasm).
            let mut dropped: Vec<(Ending, usize, f64, f64)> = Vec::new();
            for (i, e) in fresh.into_iter().enumerate() {
                // Every k-th of them, spread over the whole set.
                if (i * ENDINGS_AT_ONCE) / n != ((i + 1) * ENDINGS_AT_ONCE) / n {
                    self.effects.push(e);
                } else {
                    let (x, y) = e.rect.center();
                    let t = settle_core::order::entry(
                        &mut dropped,
                        &(e.ending as u8),
                        |d| d.0 as u8,
                        || (e.ending, 0, 0.0, 0.0),
                    );
                    t.1 += 1;
                    t.2 += x;
                    t.3 += y;
                }
            }
            for (ending, k, sx, sy) in dropped {
                // Mass endings one after the other (a fast clock) add up on the tally still
                // shown, where it is, rather than a new one over it at every update.
                if let Some(t) = self
                    .tallies
                    .iter_mut()
                    .find(|t| t.ending == ending && now < t.t0 + EXIT_MS)
                {
                    t.n += k;
                    t.t0 = now;
                    continue;
                }
                let k_f = k as f64;
                self.tallies.push(Tally {
                    ending,
                    n: k,
                    at: (sx / k_f, sy / k_f),
                    t0: now,
                });
            }
        }
        if self.effects.len() > MAX_ENDINGS {
            let over = self.effects.len() - MAX_ENDINGS;
            self.effects.drain(..over);
        }
    }

    /// The tallies of mass endings to draw at `now`, with how far along they are (0..=1).
    pub fn tallies(&self, now: f64) -> impl Iterator<Item = (&Tally, f64)> {
        self.tallies
            .iter()
            .filter(move |t| now < t.t0 + EXIT_MS)
            .map(move |t| (t, ((now - t.t0) / EXIT_MS).clamp(0.0, 1.0)))
    }

    /// The flows to draw at `now` (journeys made at once, see [`MAX_FLIGHTS`]), with how far
    /// along they are (0..=1).
    pub fn flows(&self, now: f64) -> impl Iterator<Item = (&Flow, f64)> {
        self.flows
            .iter()
            .filter(move |f| now < f.t0 + JOURNEY_MS)
            .map(move |f| (f, ((now - f.t0) / JOURNEY_MS).clamp(0.0, 1.0)))
    }

    /// Drops what has finished by `now`.
    pub fn prune(&mut self, now: f64) {
        self.motions.retain(|_, m| !m.done(now));
        self.departures.retain(|d| !d.motion.done(now));
        self.effects.retain(|e| now < e.t0 + EXIT_MS);
        self.tallies.retain(|t| now < t.t0 + EXIT_MS);
        self.highlights.retain(|_, until| now < *until);
        self.flows.retain(|f| now < f.t0 + JOURNEY_MS);
    }

    /// Is anything still moving, ending or highlighted at `now` (so the next frame differs)?
    #[must_use]
    pub fn busy(&self, now: f64) -> bool {
        self.motions.values().any(|m| !m.done(now))
            || self.departures.iter().any(|d| !d.motion.done(now))
            || self.effects.iter().any(|e| now < e.t0 + EXIT_MS)
            || self.tallies.iter().any(|t| now < t.t0 + EXIT_MS)
            || self.highlights.values().any(|&until| now < until)
            || self.flows.iter().any(|f| now < f.t0 + JOURNEY_MS)
    }

    /// Is this token travelling between places at `now`?
    #[must_use]
    pub fn moving(&self, key: Key, now: f64) -> bool {
        self.motions
            .get(&key)
            .is_some_and(|m| m.journey && !m.done(now))
    }

    /// The tokens to draw at `now`: first those departing out of view, then the layout's.
    pub fn sprites(&self, now: f64) -> impl Iterator<Item = Sprite<'_>> {
        let departing = self
            .departures
            .iter()
            .filter(move |d| !d.motion.done(now))
            .map(move |d| {
                let (rect, travel) = d.motion.at(now);
                let p = travel.p;
                Sprite {
                    key: d.token.key,
                    token: &d.token,
                    size: d.size,
                    rect,
                    // Fades as it reaches the `+N` it joins.
                    alpha: if d.fade {
                        (1.0 - ((p - 0.7) / 0.3).max(0.0)).clamp(0.0, 1.0)
                    } else {
                        1.0
                    },
                    travel: Some(travel),
                    burst: d.motion.burst,
                    from_place: d.motion.from_place,
                    highlight: 0.0,
                    live: false,
                    place: None,
                    caption: None,
                    at_rest: false,
                }
            });
        let resting = self.layout.slots.iter().map(move |s| {
            let (rect, travel, burst, from_place, still) = match self.motions.get(&s.key) {
                Some(m) if !m.done(now) => {
                    let (r, t) = m.at(now);
                    let travel = m.journey.then_some(t);
                    (r, travel, m.burst, m.from_place, false)
                }
                _ => (s.rect, None, false, None, true),
            };
            let highlight = self
                .highlights
                .get(&s.key)
                .map_or(0.0, |&until| if now < until { 1.0 } else { 0.0 });
            Sprite {
                key: s.key,
                token: &s.token,
                size: s.size,
                rect,
                alpha: 1.0,
                travel,
                burst,
                from_place,
                highlight,
                live: true,
                place: Some(s.place),
                caption: if travel.is_none() && rect == s.rect {
                    s.caption
                } else {
                    None
                },
                at_rest: still && highlight == 0.0,
            }
        });
        departing.chain(resting)
    }

    /// The endings to draw at `now`.
    pub fn endings(&self, now: f64) -> impl Iterator<Item = Ended<'_>> {
        self.effects
            .iter()
            .filter(move |e| e.t0 <= now && now < e.t0 + EXIT_MS)
            .map(move |e| Ended {
                key: e.key,
                token: &e.token,
                size: e.size,
                ending: e.ending,
                rect: e.rect,
                progress: ((now - e.t0) / EXIT_MS).clamp(0.0, 1.0),
            })
    }

    /// Where each token is drawn at `now`, for hit-testing (topmost last).
    #[must_use]
    pub fn hit_rects(&self, now: f64) -> Vec<(Key, Rect)> {
        self.sprites(now)
            .filter(|s| s.live)
            .map(|s| (s.key, s.rect))
            .collect()
    }
}

/// A group of journeys in a burst: from, to (centres), and how many.
pub type Group = ((f64, f64), (f64, f64), usize);

/// Journeys, counted by where from and where to (for a burst's labels): the travelling
/// sprites grouped by their origin and destination centres.
#[must_use]
pub fn burst_groups<'a>(sprites: impl Iterator<Item = &'a Sprite<'a>>) -> Vec<Group> {
    // In the keys' order (a sorted list: a map per key type is a B-tree's code of its own).
    let mut groups: Vec<((i64, i64, i64, i64), Group)> = Vec::new();
    for s in sprites {
        if let (true, Some(Travel { from, .. })) = (s.burst, s.travel) {
            // Group by coarse origin (the place) and by destination place centre.
            let to = s.rect.center();
            let k = (
                (from.0 / 40.0) as i64,
                (from.1 / 40.0) as i64,
                (to.0 / 120.0) as i64,
                (to.1 / 120.0) as i64,
            );
            settle_core::order::entry(&mut groups, &k, |g| g.0, || (k, (from, to, 0)))
                .1
                .2 += 1;
        }
    }
    groups.into_iter().map(|g| g.1).collect()
}

/// A burst's counts, one per place its journeys left (travelling sprites of a burst and flows
/// made at once): where to write it (the middle of their paths) and how many are moving.
/// One count per place, not one per path: fifty receivers taking from one queue are one
/// stream of `N moving`, not fifty labels over each other.
#[must_use]
pub fn burst_counts<'a>(
    sprites: impl Iterator<Item = &'a Sprite<'a>>,
    flows: impl Iterator<Item = &'a Flow>,
) -> Vec<((f64, f64), usize)> {
    // Per place: sum of x, sum of y, paths, tokens.
    let mut by: Vec<(Option<Place>, f64, f64, usize, usize)> = Vec::new();
    let mut add = |place: Option<Place>, from: (f64, f64), to: (f64, f64), n: usize| {
        let (x, y) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        match by.iter_mut().find(|b| b.0 == place) {
            Some(b) => {
                b.1 += x;
                b.2 += y;
                b.3 += 1;
                b.4 += n;
            }
            None => by.push((place, x, y, 1, n)),
        }
    };
    for s in sprites {
        if let (true, Some(Travel { from, .. })) = (s.burst, s.travel) {
            add(s.from_place, from, s.rect.center(), 1);
        }
    }
    for f in flows {
        add(Some(f.origin), f.from, f.to, f.n);
    }
    by.into_iter()
        .map(|(_, x, y, paths, n)| ((x / paths as f64, y / paths as f64), n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage::layout::layout;
    use crate::stage::model::sample::{base, with_available};
    use crate::stage::model::{Mark, Token};

    const W: f64 = 892.0;
    const H: f64 = 502.0;

    fn start(m: &Model) -> Animator {
        let mut a = Animator::default();
        a.reset(layout(m, W, H), m);
        a
    }

    fn sprite(a: &Animator, k: Key, now: f64) -> Sprite<'_> {
        a.sprites(now)
            .find(|s| s.key == k && s.live)
            .expect("drawn")
    }

    /// m1 moves from Available to R1.
    /// m1 available (`m1`), then received by R1 (`m2`) at real time `now`: the animator
    /// after that update.
    fn received(now: f64, reduced: bool) -> (Animator, Model, Model) {
        let m1 = with_available(base(), &[1]);
        let mut a = start(&m1);
        let m2 = receive(&m1);
        a.update(layout(&m2, W, H), &m2, &[], now, reduced);
        (a, m1, m2)
    }

    fn receive(m: &Model) -> Model {
        let mut m2 = m.clone();
        let t = m2.available.tokens.remove(0);
        m2.available.total -= 1;
        m2.receivers[0].held.push(Token {
            until_ms: Some(5_000),
            ..t
        });
        m2.whereabouts = vec![(1, Place::Receiver(0))];
        m2
    }

    #[test]
    fn easing_and_arc_ends() {
        assert_eq!(ease(0.0), 0.0);
        assert_eq!(ease(1.0), 1.0);
        assert!((ease(0.5) - 0.5).abs() < 1e-12);
        assert!(ease(0.25) < 0.25 && ease(0.75) > 0.75, "slow in, slow out");
        assert_eq!(arc((0.0, 0.0), (100.0, 0.0), 0.0), (0.0, 0.0));
        assert_eq!(arc((0.0, 0.0), (100.0, 0.0), 1.0), (100.0, 0.0));
        let mid = arc((0.0, 0.0), (100.0, 0.0), 0.5);
        assert!(mid.1 < -1.0, "the path bows up so it is seen as a path");
    }

    #[test]
    fn a_change_of_place_is_a_journey_of_fixed_real_duration_between_the_two_places() {
        let m1 = with_available(base(), &[1]);
        let mut a = start(&m1);
        let from = a.layout().slot(Key::Msg(1)).expect("m1").rect;
        let m2 = receive(&m1);
        a.update(layout(&m2, W, H), &m2, &[], 1_000.0, false);
        let to = a.layout().slot(Key::Msg(1)).expect("m1").rect;
        // At the start it is where it was; halfway it is between; at the end it has arrived.
        assert_eq!(
            sprite(&a, Key::Msg(1), 1_000.0).rect.center(),
            from.center()
        );
        let mid = sprite(&a, Key::Msg(1), 1_000.0 + JOURNEY_MS / 2.0);
        let (mx, _) = mid.rect.center();
        assert!(
            mx > from.center().0 + 10.0 && mx < to.center().0 - 10.0,
            "{mx} between"
        );
        assert!(mid.travel.is_some());
        assert!(a.moving(Key::Msg(1), 1_000.0 + JOURNEY_MS / 2.0));
        assert!(a.busy(1_000.0 + JOURNEY_MS - 1.0));
        let end = sprite(&a, Key::Msg(1), 1_000.0 + JOURNEY_MS);
        assert_eq!(end.rect, to);
        assert!(end.travel.is_none());
        assert!(!a.busy(1_000.0 + JOURNEY_MS + 1.0));
        assert!(!a.moving(Key::Msg(1), 1_000.0 + JOURNEY_MS));
    }

    #[test]
    fn a_mass_ending_draws_a_few_endings_and_counts_the_rest() {
        // A large stage, so that more tokens than ENDINGS_AT_ONCE are in view.
        let (w, h) = (1_920.0, 1_080.0);
        let seqs: Vec<u64> = (1..=60).collect();
        let m1 = with_available(base(), &seqs);
        let mut a = Animator::default();
        a.reset(layout(&m1, w, h), &m1);
        let shown = a.layout().slots.len();
        assert!(shown > ENDINGS_AT_ONCE, "{shown} tokens on the stage");
        // All of them complete at once.
        let mut m2 = base();
        m2.whereabouts.clear();
        let cues: Vec<Cue> = seqs
            .iter()
            .map(|&seq| Cue::Left {
                seq,
                how: Exit::Completed,
            })
            .collect();
        a.update(layout(&m2, w, h), &m2, &cues, 1_000.0, false);
        let endings: Vec<_> = a.endings(1_001.0).collect();
        assert_eq!(endings.len(), ENDINGS_AT_ONCE);
        assert!(endings.iter().all(|e| e.ending == Ending::Check));
        let tallies: Vec<_> = a.tallies(1_001.0).collect();
        assert_eq!(tallies.len(), 1);
        assert_eq!(tallies[0].0.ending, Ending::Check);
        assert_eq!(tallies[0].0.n, shown - ENDINGS_AT_ONCE, "every one counted");
        assert!(a.busy(1_000.0 + EXIT_MS - 1.0));
        assert!(!a.busy(1_000.0 + EXIT_MS + 1.0));
        assert_eq!(a.tallies(1_000.0 + EXIT_MS + 1.0).count(), 0);
    }

    #[test]
    fn endings_of_many_updates_stay_under_the_cap_oldest_first_out() {
        let m = with_available(base(), &[1]);
        let mut a = start(&m);
        let slot = a.layout().slots[0].clone();
        // Endings that started over 100 earlier updates, five each.
        for i in 0..100u32 {
            for _ in 0..5 {
                a.effects.push(Effect {
                    key: slot.key,
                    ending: Ending::Fade,
                    rect: slot.rect,
                    t0: f64::from(i),
                    born: f64::from(i),
                    token: slot.token.clone(),
                    size: slot.size,
                });
            }
            a.thin_endings(f64::from(i));
        }
        assert_eq!(a.effects.len(), MAX_ENDINGS);
        assert!(
            a.effects.iter().all(|e| e.t0 >= 90.0),
            "the newest are kept"
        );
        assert!(a.tallies.is_empty(), "five at once are all drawn");
    }

    #[test]
    fn reduced_motion_highlights_at_the_destination_instead() {
        let (a, _, _) = received(0.0, true);
        let to = a.layout().slot(Key::Msg(1)).expect("m1").rect;
        let s = sprite(&a, Key::Msg(1), 1.0);
        assert_eq!(s.rect, to, "no travel");
        assert!(s.travel.is_none());
        assert_eq!(s.highlight, 1.0);
        assert!(!a.moving(Key::Msg(1), 1.0));
        assert_eq!(sprite(&a, Key::Msg(1), HIGHLIGHT_MS + 1.0).highlight, 0.0);
    }

    #[test]
    fn a_journey_retargeted_midway_starts_from_where_the_token_is_drawn() {
        let (mut a, m1, _) = received(0.0, false);
        let halfway = sprite(&a, Key::Msg(1), JOURNEY_MS / 2.0).rect;
        // Back to Available before arriving (a 100× clock).
        a.update(layout(&m1, W, H), &m1, &[], JOURNEY_MS / 2.0, false);
        let s = sprite(&a, Key::Msg(1), JOURNEY_MS / 2.0);
        assert!((s.rect.x - halfway.x).abs() < 1e-9 && (s.rect.y - halfway.y).abs() < 1e-9);
    }

    #[test]
    fn a_lane_whose_front_leaves_faster_than_a_glide_lasts_still_shows_its_tokens_near_their_slots()
    {
        // At 100× the page publishes every 50 ms and the front of the lane leaves at each: every
        // token shifts before its last glide is over. Eased in at every new target, the tokens
        // that came into view stayed near the `+N` they came out of (a pile), for good.
        let step = 50.0;
        let lane = |k: u64| with_available(base(), &((k + 1)..=(k + 400)).collect::<Vec<u64>>());
        let mut a = start(&lane(0));
        let mut seen_at: HashMap<Key, f64> = HashMap::new();
        for s in &a.layout().slots {
            seen_at.insert(s.key, 0.0);
        }
        for k in 1..=20u64 {
            let now = step * k as f64;
            let m = lane(k);
            a.update(layout(&m, W, H), &m, &[], now, false);
            for s in &a.layout().slots {
                seen_at.entry(s.key).or_insert(now);
            }
        }
        let now = step * 20.0 + step - 1.0;
        let mut checked = 0;
        for s in a.sprites(now).filter(|s| s.live) {
            let slot = a.layout().slot(s.key).expect("in the layout");
            if seen_at[&s.key] > now - 250.0 {
                continue;
            }
            checked += 1;
            let (dx, dy) = (
                s.rect.center().0 - slot.rect.center().0,
                s.rect.center().1 - slot.rect.center().1,
            );
            assert!(
                dx.abs() <= slot.rect.w && dy.abs() <= 2.5 * slot.rect.h,
                "{:?} is ({dx:.0}, {dy:.0}) from its slot",
                s.key
            );
        }
        assert!(checked >= 3, "{checked} tokens checked");
    }

    #[test]
    fn a_message_completed_on_its_way_to_its_receiver_arrives_there_before_its_check_mark() {
        let (mut a, _, m2) = received(0.0, false);
        let held = a.layout().slot(Key::Msg(1)).expect("held").rect;
        // Completed a quarter of the way there (a fast clock).
        let mut m3 = m2.clone();
        m3.receivers[0].held = Default::default();
        m3.whereabouts.clear();
        let cue = Cue::Left {
            seq: 1,
            how: Exit::Completed,
        };
        a.update(layout(&m3, W, H), &m3, &[cue], JOURNEY_MS / 4.0, false);
        let half = JOURNEY_MS / 2.0;
        assert_eq!(a.endings(half).count(), 0, "no check mark on the way");
        let on_its_way = a
            .sprites(half)
            .find(|s| s.key == Key::Msg(1))
            .expect("still travelling");
        assert!(!on_its_way.live && on_its_way.travel.is_some() && on_its_way.alpha == 1.0);
        let e: Vec<Ended<'_>> = a.endings(JOURNEY_MS + 10.0).collect();
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].ending, e[0].rect), (Ending::Check, held));
        assert!(a.busy(JOURNEY_MS + EXIT_MS - 1.0));
        assert!(!a.busy(JOURNEY_MS + EXIT_MS + 1.0));
    }

    /// `m` with its first `n` available messages moved to the dead-letter queue.
    fn dead_letter_first(m: &Model, n: usize) -> Model {
        let mut next = m.clone();
        for _ in 0..n {
            let mut t = next.available.tokens.remove(0);
            next.available.total -= 1;
            t.reason = Some("MaxDeliveryCountExceeded".into());
            for w in &mut next.whereabouts {
                if w.0 == t.key.seq() {
                    w.1 = Place::Dead;
                }
            }
            // Newest first, so that they are the ones in view.
            next.dead.tokens.insert(0, t);
        }
        next.dead.total = next.dead.tokens.len();
        next
    }

    #[test]
    fn journeys_beyond_the_cap_are_made_at_once_and_counted_on_a_flow() {
        // A fast clock: ten messages are dead-lettered at every update, 50 ms apart, each
        // update starting journeys before the last ones ended.
        let seqs: Vec<u64> = (1..=400).collect();
        let mut m = with_available(base(), &seqs);
        let mut a = start(&m);
        let mut made_at_once = 0;
        for k in 1..=12u32 {
            let now = 50.0 * f64::from(k);
            let next = dead_letter_first(&m, 10);
            a.update(layout(&next, W, H), &next, &[], now, false);
            let sprites: Vec<Sprite<'_>> = a.sprites(now).collect();
            let travelling = sprites.iter().filter(|s| s.travel.is_some()).count();
            assert!(travelling <= MAX_FLIGHTS, "{travelling} journeys under way");
            let fresh: usize = a
                .flows(now)
                .filter(|(f, _)| f.t0 == now)
                .map(|(f, _)| f.n)
                .sum();
            made_at_once += fresh;
            // Every journey under way or made at once is in the count written on the stage.
            let counted: usize = burst_counts(sprites.iter(), a.flows(now).map(|(f, _)| f))
                .iter()
                .map(|c| c.1)
                .sum();
            let bursting = sprites
                .iter()
                .filter(|s| s.burst && s.travel.is_some())
                .count();
            let flowing: usize = a.flows(now).map(|(f, _)| f.n).sum();
            assert_eq!(counted, bursting + flowing);
            m = next;
        }
        assert!(made_at_once > 0, "the cap was reached");
        // One made at once is in its new place at once: the last update's, in the dead-letter
        // queue's slots, where they are drawn at rest.
        let t = 50.0 * 12.0;
        let newest = m.dead.tokens[0].key;
        assert!(a.flows(t).any(|(f, _)| f.t0 == t && f.dest == Place::Dead));
        let s = sprite(&a, newest, t);
        assert_eq!(s.rect, a.layout().slot(newest).expect("in view").rect);
        assert!(s.travel.is_none() && s.at_rest);
        let later = 50.0 * 12.0 + JOURNEY_MS + 1.0;
        assert_eq!(a.flows(later).count(), 0);
        assert!(
            a.sprites(later)
                .all(|s| s.highlight == 0.0 && s.travel.is_none())
        );
    }

    #[test]
    fn mass_endings_one_after_the_other_add_up_on_the_tally_shown() {
        let mut a = start(&base());
        for (k, n) in [(0u32, 30usize), (1, 20), (2, 25)] {
            let now = 50.0 * f64::from(k);
            for i in 0..n {
                a.effects.push(Effect {
                    key: Key::Msg(i as u64),
                    ending: Ending::Check,
                    rect: Rect::new(100.0 + f64::from(k) * 40.0, 100.0, 10.0, 10.0),
                    t0: now,
                    born: now,
                    token: Token::new(i as u64, "m", 1),
                    size: Size::Mini,
                });
            }
            a.thin_endings(now);
        }
        let shown: Vec<(&Tally, f64)> = a.tallies(100.0).collect();
        assert_eq!(shown.len(), 1, "one tally, not one per update");
        assert_eq!(shown[0].0.n, 75 - 3 * ENDINGS_AT_ONCE);
        assert_eq!(
            shown[0].0.at,
            (105.0, 105.0),
            "it stays where it was first shown"
        );
        // It fades a whole ending's time after the last one.
        assert!(a.tallies(100.0 + EXIT_MS - 1.0).count() == 1);
    }

    #[test]
    fn a_send_travels_from_its_sender() {
        let m0 = base();
        let mut a = start(&m0);
        let m1 = with_available(base(), &[1]);
        a.update(
            layout(&m1, W, H),
            &m1,
            &[Cue::Sent { seq: 1, sender: 0 }],
            0.0,
            false,
        );
        let s = sprite(&a, Key::Msg(1), 0.0);
        let sender = a.layout().frame(Place::Sender(0)).expect("S1").rect;
        assert!((s.rect.right() - sender.right()).abs() < 1e-6);
        assert!(s.travel.is_some());
    }

    /// A topic `orders` with one subscription, and copy 7 routed into it (from `sender`).
    fn routed(sender: Option<u16>) -> Animator {
        use crate::stage::model::Entity;
        let mut m0 = base();
        for (path, topic) in [("orders", true), ("orders/subscriptions/audit", false)] {
            m0.entities.push(Entity {
                path: path.into(),
                topic,
                ..Entity::default()
            });
        }
        let mut a = start(&m0);
        let mut m1 = m0.clone();
        m1.entities[1].active.push(Token::new(7, "o1", 0));
        m1.whereabouts = vec![(7, Place::Active(1))];
        a.update(
            layout(&m1, W, H),
            &m1,
            &[Cue::Routed {
                seq: 7,
                topic: 0,
                sender,
            }],
            0.0,
            false,
        );
        a
    }

    #[test]
    fn a_topics_copy_travels_from_the_topic_to_its_subscription() {
        let a = routed(None);
        let s = sprite(&a, Key::Msg(7), 0.0);
        let topic = a.layout().frame(Place::Active(0)).expect("orders").rect;
        let (cx, cy) = s.rect.center();
        assert!(
            topic.contains(cx, cy),
            "{:?} starts outside {topic:?}",
            s.rect
        );
        assert!(s.travel.is_some());
        let end = sprite(&a, Key::Msg(7), JOURNEY_MS * 2.0).rect;
        assert_eq!(Some(end), a.layout().slot(Key::Msg(7)).map(|x| x.rect));
    }

    #[test]
    fn a_journeys_trail_is_the_arc_its_token_came_along() {
        let (a, _, _) = received(1_000.0, false);
        // Every point the token passes lies on the trail drawn at any later time.
        let passed: Vec<(f64, f64)> = (0..=20)
            .map(|i| sprite(&a, Key::Msg(1), 1_000.0 + JOURNEY_MS * f64::from(i) / 40.0))
            .map(|s| s.rect.center())
            .collect();
        let later = sprite(&a, Key::Msg(1), 1_000.0 + JOURNEY_MS / 2.0);
        let t = later.travel.expect("under way");
        assert_eq!(arc(t.from, t.to, t.along), later.rect.center());
        let trail: Vec<(f64, f64)> = (0..=2000)
            .map(|i| arc(t.from, t.to, t.along * f64::from(i) / 2000.0))
            .collect();
        for (x, y) in passed {
            let near = trail
                .iter()
                .map(|(tx, ty)| (tx - x).hypot(ty - y))
                .fold(f64::INFINITY, f64::min);
            assert!(near < 0.5, "({x}, {y}) is {near} px off the trail");
        }
    }

    #[test]
    fn a_copy_from_a_sender_on_the_stage_travels_through_its_topic() {
        let a = routed(Some(0));
        let sender = a.layout().frame(Place::Sender(0)).expect("S1").rect;
        let topic = a.layout().frame(Place::Active(0)).expect("orders").rect;
        let slot = a.layout().slot(Key::Msg(7)).expect("its slot").rect;
        // It leaves from the sender's right edge,
        let s = sprite(&a, Key::Msg(7), 0.0);
        let (x, y) = s.rect.center();
        assert!(
            sender.contains(x, y) && s.rect.right() <= sender.right() + 0.5,
            "{:?} starts outside {sender:?}",
            s.rect
        );
        // is in the topic's middle half way (by the eased time), trailing from the sender,
        let dur = JOURNEY_MS * VIA_FACTOR;
        let half = (0..=200)
            .map(|i| dur * f64::from(i) / 200.0)
            .find(|&t| ease(t / dur) >= 0.5)
            .expect("half way");
        let mid = sprite(&a, Key::Msg(7), half);
        let (cx, cy) = topic.center();
        let (mx, my) = mid.rect.center();
        assert!(
            (mx - cx).abs() < 3.0 && (my - cy).abs() < 3.0,
            "{:?} half way, the topic's middle is {:?}",
            mid.rect,
            topic.center()
        );
        let early = sprite(&a, Key::Msg(7), dur * 0.2);
        assert_eq!(early.travel.map(|t| t.from), Some((x, y)));
        // then trails from the topic to its slot, where it ends.
        let late = sprite(&a, Key::Msg(7), dur * 0.9);
        assert_eq!(late.travel.map(|t| t.from), Some(topic.center()));
        let d = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
        assert!(
            d(late.rect.center(), slot.center()) < d((cx, cy), slot.center()),
            "{:?} is not past the topic on its way to {slot:?}",
            late.rect
        );
        let end = sprite(&a, Key::Msg(7), dur + 1.0).rect;
        assert_eq!(end, slot);
    }

    #[test]
    fn a_renumbered_message_is_the_same_token() {
        let mut m0 = base();
        m0.scheduled.push(Token::new(1, "later", 0));
        m0.whereabouts = vec![(1, Place::Scheduled)];
        let mut a = start(&m0);
        let from = a.layout().slot(Key::Msg(1)).expect("scheduled").rect;
        let m1 = with_available(base(), &[]);
        let mut m1 = m1;
        m1.available.push(Token::new(3, "later", 0));
        m1.whereabouts = vec![(3, Place::Available)];
        a.update(
            layout(&m1, W, H),
            &m1,
            &[Cue::Renumbered { from: 1, to: 3 }],
            0.0,
            false,
        );
        assert_eq!(sprite(&a, Key::Msg(3), 0.0).rect.center(), from.center());
        assert!(a.endings(0.0).next().is_none(), "nothing ended: it moved");
    }

    #[test]
    fn completion_ends_with_a_check_mark_where_it_was() {
        let m1 = receive(&with_available(base(), &[1]));
        let mut a = start(&m1);
        let at = a.layout().slot(Key::Msg(1)).expect("held").rect;
        let mut m2 = m1.clone();
        m2.receivers[0].held = Default::default();
        m2.whereabouts.clear();
        a.update(
            layout(&m2, W, H),
            &m2,
            &[Cue::Left {
                seq: 1,
                how: Exit::Completed,
            }],
            0.0,
            false,
        );
        let e: Vec<Ended<'_>> = a.endings(10.0).collect();
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].ending, e[0].rect), (Ending::Check, at));
        assert!(a.busy(EXIT_MS - 1.0));
        assert_eq!(a.endings(EXIT_MS + 1.0).count(), 0);
    }

    #[test]
    fn lock_expiry_breaks_the_ring_and_leaves_a_stale_copy_while_the_token_goes_home() {
        let m1 = receive(&with_available(base(), &[1]));
        let mut a = start(&m1);
        let held_at = a.layout().slot(Key::Msg(1)).expect("held").rect;
        let mut m2 = with_available(base(), &[]);
        m2.available.push(Token::new(1, "m1", 1));
        m2.whereabouts = vec![(1, Place::Available)];
        let mut stale = Token::new(1, "m1", 0);
        stale.key = Key::Stale(1, 0);
        stale.mark = Mark::Stale;
        m2.receivers[0].held.push(stale);
        a.update(
            layout(&m2, W, H),
            &m2,
            &[Cue::LockBroke { seq: 1 }],
            0.0,
            false,
        );
        let broke: Vec<Ended<'_>> = a.endings(1.0).collect();
        assert_eq!(
            (broke[0].ending, broke[0].rect),
            (Ending::RingBreak, held_at)
        );
        let home = sprite(&a, Key::Msg(1), JOURNEY_MS / 2.0);
        assert!(home.travel.is_some(), "the token travels home");
        assert_eq!(home.token.count, 1, "with its count one higher");
        // The stale copy stays in the receiver.
        let stale = sprite(&a, Key::Stale(1, 0), 0.0);
        assert!(
            a.layout()
                .frame(Place::Receiver(0))
                .expect("R1")
                .rect
                .encloses(stale.rect)
        );
    }

    #[test]
    fn going_out_of_view_travels_to_plus_n_and_coming_into_view_appears_in_its_slot() {
        let seqs: Vec<u64> = (1..=400).collect();
        let m1 = with_available(base(), &seqs);
        let mut a = start(&m1);
        // The first message is received: everything shifts, one hidden message comes into view.
        let m2 = receive(&m1);
        let mut m2 = m2;
        m2.whereabouts = seqs
            .iter()
            .map(|&s| {
                (
                    s,
                    if s == 1 {
                        Place::Receiver(0)
                    } else {
                        Place::Available
                    },
                )
            })
            .collect();
        a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
        let newly = a
            .layout()
            .slots
            .iter()
            .rfind(|s| s.place == Place::Available)
            .expect("a token")
            .key;
        let s = sprite(&a, newly, 0.0);
        let slot = a.layout().slot(newly).expect("in view").rect;
        assert_eq!(s.rect, slot, "it did not move: drawn in its slot at once");
        assert!(s.travel.is_none() && !a.moving(newly, 0.0));
        // And a visible message going to a place where it is not drawn (past the model's cap)
        // travels to that place's anchor, then is gone from the drawing.
        let mut m3 = m2.clone();
        let gone = m3.available.tokens.remove(0);
        m3.available.total -= 1;
        m3.deferred.total = 10_000;
        for (s, p) in &mut m3.whereabouts {
            if *s == gone.key.seq() {
                *p = Place::Deferred;
            }
        }
        a.update(layout(&m3, W, H), &m3, &[], 1_000.0, false);
        let to = a.layout().anchor(Place::Deferred).expect("deferred");
        let d = a
            .sprites(1_000.0 + JOURNEY_MS * 0.99)
            .find(|s| s.key == gone.key)
            .expect("departing");
        assert!(!d.live && d.travel.is_some());
        assert!(
            (d.rect.center().0 - to.center().0).abs() < 5.0,
            "it arrives at +N"
        );
        assert!(
            a.sprites(1_000.0 + JOURNEY_MS + 1.0)
                .all(|s| s.key != gone.key)
        );
    }

    #[test]
    fn many_journeys_at_once_become_a_burst_never_dropped() {
        let seqs: Vec<u64> = (1..=60).collect();
        let mut m1 = with_available(base(), &seqs);
        m1.receivers.truncate(1);
        let mut a = start(&m1);
        // All 60 go to the dead-letter queue in one frame.
        let mut m2 = base();
        m2.receivers.truncate(1);
        for &s in &seqs {
            let mut t = Token::new(s, &format!("m{s}"), 3);
            t.reason = Some("MaxDeliveryCountExceeded".into());
            m2.dead.push(t);
        }
        m2.whereabouts = seqs.iter().map(|&s| (s, Place::Dead)).collect();
        a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
        assert_eq!(a.bursts(), 1);
        let moving: Vec<Sprite<'_>> = a.sprites(100.0).filter(|s| s.travel.is_some()).collect();
        let drawn_before = layout(&m1, W, H).slots.len();
        assert!(
            moving.len() >= drawn_before.min(60),
            "every visible move is drawn"
        );
        assert!(moving.iter().all(|s| s.burst));
        let groups = burst_groups(moving.iter());
        assert_eq!(groups.iter().map(|g| g.2).sum::<usize>(), moving.len());
    }

    #[test]
    fn a_shift_inside_a_place_glides_briefly_without_a_journey() {
        let m1 = with_available(base(), &[1, 2]);
        let mut a = start(&m1);
        let m2 = {
            let mut m = receive(&m1);
            m.whereabouts = vec![(1, Place::Receiver(0)), (2, Place::Available)];
            m
        };
        a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
        let s = sprite(&a, Key::Msg(2), GLIDE_MS / 2.0);
        assert!(s.travel.is_none());
        assert!(!a.moving(Key::Msg(2), GLIDE_MS / 2.0));
        assert_eq!(
            sprite(&a, Key::Msg(2), GLIDE_MS).rect,
            a.layout().slot(Key::Msg(2)).expect("m2").rect
        );
    }
}
