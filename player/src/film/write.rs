//! Writing a film's bytes: [`encode`] and its writer `W` (unsigned LEB128 numbers, strings as
//! length and UTF-8, each frame's lists as changes of the previous frame's).

use super::format::{Film, Frame, MAGIC};
use crate::sim::Row;
use crate::stage::model::{Cue, Key, Lane as Tokens, Model, MsgKey, Place, Token};

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

    /// A message's key: its sequence number alone (films are only made of documents without
    /// `entities`, whose keys are all of the one queue).
    fn m(&mut self, k: MsgKey) {
        debug_assert_eq!(k.entity(), 0, "a film's message is of the one queue");
        self.u(k.seq());
    }

    fn key(&mut self, k: Key) {
        let (tag, seq, slot) = match k {
            Key::Msg(s) => (0, s, 0),
            Key::Stale(s, r) => (1, s, r),
            Key::Taken(s, r) => (2, s, r),
        };
        self.u(tag);
        self.m(seq);
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
            w.m(seq);
            w.place(p);
        });
    }

    fn cue(&mut self, c: Cue) {
        match c {
            Cue::Sent { seq, sender } => {
                self.u(0);
                self.m(seq);
                self.u(u64::from(sender));
            }
            Cue::Renumbered { from, to } => {
                self.u(1);
                self.m(from);
                self.m(to);
            }
            Cue::LockBroke { seq } => {
                self.u(2);
                self.m(seq);
            }
            Cue::Routed { seq, topic, sender } => {
                self.u(3);
                self.m(seq);
                self.u(u64::from(topic));
                self.o(sender.map(u64::from));
            }
            Cue::Left { seq, how } => {
                self.u(4);
                self.m(seq);
                self.u(how as u64);
            }
        }
    }

    fn row(&mut self, r: &Row) {
        self.u(r.seq);
        self.m(r.key);
        self.s(&r.id);
        self.os(r.entity.as_deref());
        self.u(u64::from(r.delivery_count));
        for s in [&r.holder, &r.session, &r.reason, &r.description] {
            self.os(s.as_deref());
        }
        self.o(r.due_ms);
    }
}
