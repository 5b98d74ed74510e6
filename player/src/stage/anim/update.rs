//! The animator taking a new model: each message's journey from where it was to where it is,
//! as a motion, a flow of many, or an ending, thinned when too many end at once.

use super::*;

impl Animator {
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
        let mut sent: HashMap<MsgKey, Place> = HashMap::new();
        // A copy whose journey starts at its sender passes its topic on the way.
        let mut through: HashMap<MsgKey, Place> = HashMap::new();
        let mut left: HashMap<MsgKey, Exit> = HashMap::new();
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
            let seq = s.key.msg();
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
                    let ending = match left.get(&s.key.msg()) {
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
    pub(super) fn flow(
        &mut self,
        (origin, from): (Place, Rect),
        (dest, to): (Place, Rect),
        now: f64,
    ) {
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
    pub(super) fn thin_endings(&mut self, now: f64) {
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
}
