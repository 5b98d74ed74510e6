//! The stage's model of the page's model (places, tokens, cues) and a film's frame of it.

use super::*;

impl Sim {
    /// The cues gathered since the last call.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.page.cues)
    }

    /// Everything the embeds' viewer reads at this instant, for a film (`crate::film`): the
    /// stage's model and the cues since the last take, the lanes (each row's highlight as the
    /// instant it was touched), the newest log line, the next event and lock expiry.
    pub fn frame(&mut self) -> crate::film::Frame {
        let mut lanes = self.lanes();
        let mut touched = Vec::new();
        for row in lanes.iter_mut().flat_map(|l| &mut l.rows) {
            row.recent = false;
            touched.push(self.tl.saved().touched.get(&row.key).map(|&at| ms(at)));
        }
        crate::film::Frame {
            at_ms: ms(self.now()),
            model: self.stage_model(),
            cues: self.take_cues(),
            lanes,
            touched,
            said: self
                .tl
                .saved()
                .log
                .back()
                .map(|l| l.text.clone())
                .unwrap_or_default(),
            next_event_ms: self.next_event().map(ms),
            next_expiry_ms: self.next_lock_expiry().map(ms),
        }
    }

    /// The next instant anything is due (a step, an automated client's wake-up, a broker
    /// deadline): the finest grain of the run, which a film records.
    pub fn next_due(&self) -> Option<Instant> {
        self.tl.run().next_due()
    }

    /// The instants at which a step ran or the broker did something, as far as the story is
    /// known (Step back goes to the latest before now).
    pub fn busy_ms(&self) -> Vec<u64> {
        self.page.story.busy.iter().map(|&(t, _)| t).collect()
    }

    /// What the stage shows now: every place and the messages in it.
    pub fn stage_model(&self) -> Model {
        let w = self.world();
        let q = w.queue();
        let cfg = q.config();
        let stats = self.actor_stats();
        let auto = |name: &str| stats.iter().find(|(n, _, _)| &**n == name);
        let mut m = Model {
            lock_ms: cfg.lock_duration.as_millis().max(1),
            summary: self.summary(),
            ..Model::default()
        };
        m.senders = self
            .page
            .senders
            .iter()
            .map(|s| model::SenderBox {
                name: s.as_str().into(),
                in_flight: auto(s).map_or(0, |(_, _, st)| {
                    u32::try_from(st.in_flight).unwrap_or(u32::MAX)
                }),
                automated: auto(s).is_some(),
            })
            .collect();
        // Each holder's receiver box, sorted by id (a list searched by halves: a map of this
        // key and value would be a B-tree's code of its own in the wasm).
        let mut slot_of: Vec<(ClientId, u16)> = Vec::new();
        for name in &self.page.receivers {
            let slot = u16::try_from(m.receivers.len()).unwrap_or(u16::MAX);
            let id = w.id_of(name);
            if let Some(id) = id {
                settle_core::order::entry(&mut slot_of, &id, |s| s.0, || (id, slot)).1 = slot;
            }
            m.receivers.push(model::ReceiverBox {
                name: name.as_str().into(),
                link: self.tl.saved().links.get(name).copied().unwrap_or_default(),
                automated: auto(name).is_some(),
                session: id.and_then(|id| match q.session_of(id) {
                    SessionHold::Held(s) => Some((s.as_ref().into(), true)),
                    SessionHold::Lost(s) => Some((s.as_ref().into(), false)),
                    SessionHold::None => None,
                }),
                held: model::Lane::default(),
            });
        }
        if self.has_entities() {
            // The clients as above (no sessions, links from the log), the places per entity.
            self.entity_places(&mut m);
            return m;
        }
        // The ids and reasons are shared with the core (`Rc<str>`), not copied.
        let token = |v: &Glance<'_>| Token {
            key: model::Key::Msg(MsgKey::queue(v.seq)),
            id: v.id.clone(),
            count: v.delivery_count,
            session: v.session_id.cloned(),
            until_ms: v.locked_until.map(ms),
            lock_ms: None,
            due_ms: v.scheduled_enqueue.map(ms),
            reason: v.dead_letter_reason.cloned(),
            description: v.dead_letter_description.cloned(),
            mark: Mark::Plain,
        };
        let mut whereabouts = Vec::new();
        for (listing, dead) in [
            (Listing::Main, false),
            (Listing::DeadLetter, true),
            (Listing::Scheduled, false),
        ] {
            // Borrowed, not copied: this runs every frame in which something changed.
            for v in q.glance(listing) {
                let place = match (v.locked_by, v.state) {
                    (Some(c), _) => {
                        // A holder no longer on the page (removed, its locks running on): it
                        // stays on the stage, greyed, until its last lock ends.
                        let slot = settle_core::order::entry(
                            &mut slot_of,
                            &c,
                            |s| s.0,
                            || {
                                let slot = u16::try_from(m.receivers.len()).unwrap_or(u16::MAX);
                                m.receivers.push(model::ReceiverBox {
                                    name: w.name(c).into(),
                                    link: Link::Closed,
                                    ..model::ReceiverBox::default()
                                });
                                (c, slot)
                            },
                        )
                        .1;
                        let mut t = token(&v);
                        t.mark = if dead {
                            Mark::FromDead
                        } else if v.state == MessageState::Deferred {
                            Mark::Deferred
                        } else {
                            Mark::Plain
                        };
                        if let Some(r) = m.receivers.get_mut(usize::from(slot)) {
                            r.held.push(t);
                        }
                        Place::Receiver(slot)
                    }
                    _ if dead => {
                        m.dead.push_with(|| token(&v));
                        Place::Dead
                    }
                    (None, MessageState::Scheduled) => {
                        m.scheduled.push_with(|| token(&v));
                        Place::Scheduled
                    }
                    (None, MessageState::Deferred) => {
                        m.deferred.push_with(|| token(&v));
                        Place::Deferred
                    }
                    (None, _) => {
                        m.available.push_with(|| token(&v));
                        Place::Available
                    }
                };
                whereabouts.push((MsgKey::queue(v.seq), place));
            }
        }
        // Deliveries a receiver still has in hand after its lock is gone.
        for (slot, name) in self.page.receivers.iter().enumerate() {
            for h in self.shown_in_hand(name) {
                if h.view.lock_token.is_some_and(|tok| q.is_lock_valid(tok)) {
                    continue;
                }
                let key = model::Key::Stale(
                    MsgKey::queue(h.view.seq),
                    u16::try_from(slot).unwrap_or(u16::MAX),
                );
                if let Some(r) = m.receivers.get_mut(slot) {
                    r.held.push_with(|| Token {
                        key,
                        mark: Mark::Stale,
                        until_ms: None,
                        ..token(&h.view.glance())
                    });
                }
            }
        }
        whereabouts.sort_unstable_by_key(|&(s, _)| s);
        m.whereabouts = whereabouts;
        m
    }

    /// The places of a document with `entities`: each queue, topic and subscription with its
    /// own (its messages keyed apart: [`MsgKey::in_entity`]); a receiver holds what it has
    /// locked in any entity, each token naming its entity (`o1 · audit`). A topic shows, for a
    /// moment, what no subscription took.
    fn entity_places(&self, m: &mut Model) {
        let space = self.tl.run().namespace();
        m.lock_ms = 0;
        let mut whereabouts = Vec::new();
        for (i, path) in space.paths().iter().enumerate() {
            let mut ent = model::Entity {
                path: path.as_ref().into(),
                topic: space.is_topic(path),
                ..model::Entity::default()
            };
            let place = Place::Active(u16::try_from(i).unwrap_or(u16::MAX));
            for (_, topic, seq, id) in &self.tl.saved().dropped {
                if topic == path {
                    let key = MsgKey::in_entity(i, *seq);
                    let mut t = Token::new(key, id, 0);
                    t.mark = Mark::Dropped;
                    ent.active.push(t);
                    whereabouts.push((key, place));
                    ent.note = crate::words::label("stage-dropped").to_string();
                }
            }
            // A topic holds its scheduled messages until they are routed (topics.md §6).
            for v in space.topic_scheduled(path) {
                let seq = MsgKey::in_entity(i, v.seq);
                let mut t = Token::new(seq, &v.id, 0);
                t.due_ms = v.scheduled_enqueue.map(ms);
                t.session = v.session_id;
                ent.active.push(t);
                whereabouts.push((seq, place));
            }
            let Some(w) = space.world(path) else {
                m.entities.push(ent);
                continue;
            };
            let q = w.queue();
            let lock = q.config().lock_duration.as_millis().max(1);
            m.lock_ms = m.lock_ms.max(lock);
            let short: &str = path.rsplit('/').next().unwrap_or(path.as_ref());
            for listing in [Listing::Main, Listing::DeadLetter, Listing::Scheduled] {
                for v in q.glance(listing) {
                    let seq = MsgKey::in_entity(i, v.seq);
                    let holder = v.locked_by.map(|c| w.name(c));
                    let slot = holder.and_then(|h| self.page.receivers.iter().position(|r| r == h));
                    let token = || Token {
                        key: model::Key::Msg(seq),
                        id: if slot.is_some() {
                            format!("{} · {short}", v.id).into()
                        } else {
                            v.id.clone()
                        },
                        count: v.delivery_count,
                        session: v.session_id.cloned(),
                        until_ms: v.locked_until.map(ms),
                        lock_ms: Some(lock),
                        due_ms: v.scheduled_enqueue.map(ms),
                        reason: v.dead_letter_reason.cloned(),
                        description: v.dead_letter_description.cloned(),
                        mark: match (listing, v.state) {
                            (Listing::DeadLetter, _) if slot.is_some() => Mark::FromDead,
                            (_, MessageState::Deferred) => Mark::Deferred,
                            _ => Mark::Plain,
                        },
                    };
                    let place = match (slot, listing) {
                        (Some(r), _) => {
                            m.receivers[r].held.push_with(token);
                            Place::Receiver(u16::try_from(r).unwrap_or(u16::MAX))
                        }
                        (None, Listing::DeadLetter) => {
                            ent.dead.push_with(token);
                            Place::DeadOf(u16::try_from(i).unwrap_or(u16::MAX))
                        }
                        // Scheduled and deferred messages wait among the entity's own.
                        (None, _) => {
                            ent.active.push_with(token);
                            place
                        }
                    };
                    whereabouts.push((seq, place));
                }
            }
            m.entities.push(ent);
        }
        m.lock_ms = m.lock_ms.max(1);
        whereabouts.sort_unstable_by_key(|&(s, _)| s);
        m.whereabouts = whereabouts;
    }
}
