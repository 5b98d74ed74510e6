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
use std::collections::{BTreeMap, HashMap};

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
}

impl Motion {
    fn at(&self, now: f64) -> (Rect, f64) {
        let p = ((now - self.t0) / self.dur).clamp(0.0, 1.0);
        let e = ease(p);
        let r = self.from.lerp(self.to, e);
        if self.journey {
            let (cx, cy) = match self.via {
                Some(v) if e < 0.5 => arc(self.from.center(), v, e * 2.0),
                Some(v) => arc(v, self.to.center(), e * 2.0 - 1.0),
                None => arc(self.from.center(), self.to.center(), e),
            };
            (Rect::new(cx - r.w / 2.0, cy - r.h / 2.0, r.w, r.h), p)
        } else {
            (r, p)
        }
    }

    fn done(&self, now: f64) -> bool {
        now >= self.t0 + self.dur
    }

    /// Where the leg under way at `now` started (its trail is drawn from there).
    fn origin(&self, now: f64) -> (f64, f64) {
        match self.via {
            Some(v) if ease(((now - self.t0) / self.dur).clamp(0.0, 1.0)) >= 0.5 => v,
            _ => self.from.center(),
        }
    }
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
    t0: f64,
    token: Token,
    size: Size,
}

#[derive(Clone, Debug, PartialEq)]
struct Departure {
    motion: Motion,
    token: Token,
    size: Size,
}

/// Many endings of one kind at once, counted rather than drawn one by one.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// How they ended.
    pub ending: Ending,
    /// How many were not drawn.
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
    /// Travelling between places: where it set out from and how far it is (0..=1).
    pub travel: Option<((f64, f64), f64)>,
    /// Part of a burst: draw as a trail.
    pub burst: bool,
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
    highlights: HashMap<Key, f64>,
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
                            token: s.token.clone(),
                            size: s.size,
                        });
                    }
                }
            }
        }
        for s in &layout.slots {
            let seq = s.key.seq();
            let origin: Option<(Rect, bool)> = match here.get(&s.key) {
                Some(&(r, p)) if p != s.place => Some((r, true)),
                Some(&(r, _)) if r != s.rect => Some((r, false)),
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
                            Rect::new(x, cy - s.rect.h / 2.0, s.rect.w, s.rect.h)
                        });
                    // A receiver's own copy starts where the broker's token was.
                    let from_token = match s.key {
                        Key::Stale(q, _) | Key::Taken(q, _) => here.get(&Key::Msg(q)).map(|h| h.0),
                        Key::Msg(_) => None,
                    };
                    let from_hidden = self
                        .old_place(seq)
                        .filter(|&p| p != s.place || old.slot(s.key).is_none())
                        .and_then(|p| old.anchor(p).or(layout.anchor(p)));
                    from_sender
                        .or(from_token)
                        .or(from_hidden)
                        .map(|r| (r, true))
                }
            };
            let Some((from, journey)) = origin else {
                continue;
            };
            let via = journey
                .then(|| through.get(&seq))
                .flatten()
                .and_then(|&p| old.frame(p).or(layout.frame(p)))
                .map(|f| f.rect.center());
            if reduced {
                if journey {
                    self.highlights.insert(s.key, now);
                }
                continue;
            }
            motions.insert(
                s.key,
                Motion {
                    from,
                    to: s.rect,
                    t0: now,
                    // Two legs take longer, each a little quicker than a journey of one.
                    dur: match (journey, via) {
                        (true, Some(_)) => JOURNEY_MS * VIA_FACTOR,
                        (true, None) => JOURNEY_MS,
                        (false, _) => GLIDE_MS,
                    },
                    journey,
                    burst: false,
                    via,
                },
            );
            if journey {
                started.push(s.key);
            }
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
            match still.and_then(|p| layout.anchor(p)) {
                Some(to) if !reduced => {
                    self.departures.push(Departure {
                        motion: Motion {
                            from: rect,
                            to,
                            t0: now,
                            dur: JOURNEY_MS,
                            journey: true,
                            burst: false,
                            via: None,
                        },
                        token: s.token.clone(),
                        size: s.size,
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
                    self.effects.push(Effect {
                        key: s.key,
                        ending,
                        rect,
                        t0: now,
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
        if started.len() + new_departures > BURST {
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

    /// Keeps at most [`ENDINGS_AT_ONCE`] of the endings that started at `now` (spread over
    /// them), counting the others per kind in a [`Tally`], and at most [`MAX_ENDINGS`] in all.
    fn thin_endings(&mut self, now: f64) {
        let first = self.effects.partition_point(|e| e.t0 < now);
        let fresh = self.effects.split_off(first);
        if fresh.len() <= ENDINGS_AT_ONCE {
            self.effects.extend(fresh);
        } else {
            let n = fresh.len();
            let mut dropped: BTreeMap<u8, (Ending, usize, f64, f64)> = BTreeMap::new();
            for (i, e) in fresh.into_iter().enumerate() {
                // Every k-th of them, spread over the whole set.
                if (i * ENDINGS_AT_ONCE) / n != ((i + 1) * ENDINGS_AT_ONCE) / n {
                    self.effects.push(e);
                } else {
                    let (x, y) = e.rect.center();
                    let t = dropped
                        .entry(e.ending as u8)
                        .or_insert((e.ending, 0, 0.0, 0.0));
                    t.1 += 1;
                    t.2 += x;
                    t.3 += y;
                }
            }
            for (ending, k, sx, sy) in dropped.into_values() {
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

    /// Drops what has finished by `now`.
    pub fn prune(&mut self, now: f64) {
        self.motions.retain(|_, m| !m.done(now));
        self.departures.retain(|d| !d.motion.done(now));
        self.effects.retain(|e| now < e.t0 + EXIT_MS);
        self.tallies.retain(|t| now < t.t0 + EXIT_MS);
        self.highlights.retain(|_, t0| now < *t0 + HIGHLIGHT_MS);
    }

    /// Is anything still moving, ending or highlighted at `now` (so the next frame differs)?
    #[must_use]
    pub fn busy(&self, now: f64) -> bool {
        self.motions.values().any(|m| !m.done(now))
            || self.departures.iter().any(|d| !d.motion.done(now))
            || self.effects.iter().any(|e| now < e.t0 + EXIT_MS)
            || self.tallies.iter().any(|t| now < t.t0 + EXIT_MS)
            || self.highlights.values().any(|t0| now < t0 + HIGHLIGHT_MS)
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
                let (rect, p) = d.motion.at(now);
                Sprite {
                    key: d.token.key,
                    token: &d.token,
                    size: d.size,
                    rect,
                    // Fades as it reaches the `+N` it joins.
                    alpha: (1.0 - ((p - 0.7) / 0.3).max(0.0)).clamp(0.0, 1.0),
                    travel: Some((d.motion.from.center(), p)),
                    burst: d.motion.burst,
                    highlight: 0.0,
                    live: false,
                    place: None,
                    caption: None,
                    at_rest: false,
                }
            });
        let resting = self.layout.slots.iter().map(move |s| {
            let (rect, travel, burst, still) = match self.motions.get(&s.key) {
                Some(m) if !m.done(now) => {
                    let (r, p) = m.at(now);
                    (r, m.journey.then(|| (m.origin(now), p)), m.burst, false)
                }
                _ => (s.rect, None, false, true),
            };
            let highlight = self
                .highlights
                .get(&s.key)
                .map_or(0.0, |t0| if now < t0 + HIGHLIGHT_MS { 1.0 } else { 0.0 });
            Sprite {
                key: s.key,
                token: &s.token,
                size: s.size,
                rect,
                alpha: 1.0,
                travel,
                burst,
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
            .filter(move |e| now < e.t0 + EXIT_MS)
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
    let mut groups: BTreeMap<(i64, i64, i64, i64), Group> = BTreeMap::new();
    for s in sprites {
        if let (true, Some((from, _))) = (s.burst, s.travel) {
            // Group by coarse origin (the place) and by destination place centre.
            let to = s.rect.center();
            let k = (
                (from.0 / 40.0) as i64,
                (from.1 / 40.0) as i64,
                (to.0 / 120.0) as i64,
                (to.1 / 120.0) as i64,
            );
            let e = groups.entry(k).or_insert((from, to, 0));
            e.2 += 1;
        }
    }
    groups.into_values().collect()
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
        let m1 = with_available(base(), &[1]);
        let mut a = start(&m1);
        let m2 = receive(&m1);
        a.update(layout(&m2, W, H), &m2, &[], 0.0, true);
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
        let m1 = with_available(base(), &[1]);
        let mut a = start(&m1);
        let m2 = receive(&m1);
        a.update(layout(&m2, W, H), &m2, &[], 0.0, false);
        let halfway = sprite(&a, Key::Msg(1), JOURNEY_MS / 2.0).rect;
        // Back to Available before arriving (a 100× clock).
        a.update(layout(&m1, W, H), &m1, &[], JOURNEY_MS / 2.0, false);
        let s = sprite(&a, Key::Msg(1), JOURNEY_MS / 2.0);
        assert!((s.rect.x - halfway.x).abs() < 1e-9 && (s.rect.y - halfway.y).abs() < 1e-9);
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
        assert_eq!(early.travel.map(|t| t.0), Some((x, y)));
        // then trails from the topic to its slot, where it ends.
        let late = sprite(&a, Key::Msg(7), dur * 0.9);
        assert_eq!(late.travel.map(|t| t.0), Some(topic.center()));
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
    fn going_out_of_view_travels_to_plus_n_and_coming_into_view_from_it() {
        let seqs: Vec<u64> = (1..=400).collect();
        let m1 = with_available(base(), &seqs);
        let mut a = start(&m1);
        let plus = a.layout().anchor(Place::Available).expect("+N");
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
        assert_eq!(s.rect.center(), plus.center(), "comes out of +N");
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
