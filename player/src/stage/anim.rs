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
use super::model::{Cue, Exit, Key, Model, MsgKey, Place, Token};
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
    /// Where each message was in the previous model (sorted by key).
    whereabouts: Vec<(MsgKey, Place)>,
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

    fn old_place(&self, seq: MsgKey) -> Option<Place> {
        self.whereabouts
            .binary_search_by_key(&seq, |&(s, _)| s)
            .ok()
            .map(|i| self.whereabouts[i].1)
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

mod update;

#[cfg(test)]
mod tests;
