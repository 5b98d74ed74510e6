//! Reading a film's bytes: its head and each frame (as changes of the previous one), with the
//! reader `R` of what `write.rs` wrote.

use super::format::{Film, Frame};
use crate::sim::{Lane, Row};
use crate::stage::model::{
    Cue, Exit, Key, Lane as Tokens, Link, Mark, Model, MsgKey, Place, ReceiverBox, SenderBox, Token,
};
use settle_scenario::lesson::{Shown, ShownNote};
use std::rc::Rc;

/// Everything before the frames (the film with none), and how many frames follow.
pub(super) fn read_head(r: &mut R<'_>) -> Option<(Film, usize)> {
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
pub(super) fn read_frame(r: &mut R<'_>, prev: &Frame) -> Option<Frame> {
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

/// The reader of what [`W`] wrote.
pub(super) struct R<'a> {
    pub(super) b: &'a [u8],
    pub(super) i: usize,
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

    pub(super) fn s(&mut self) -> Option<String> {
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

    /// A message's key, written as its sequence number alone (the one queue's).
    fn m(&mut self) -> Option<MsgKey> {
        self.u().map(MsgKey::queue)
    }

    fn key(&mut self) -> Option<Key> {
        let (tag, seq, slot) = (self.u()?, self.m()?, self.small()?);
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
            whereabouts: self.diff(&was.whereabouts, |r| Some((r.m()?, r.place()?)))?,
            entities: Vec::new(),
        })
    }

    fn cue(&mut self) -> Option<Cue> {
        Some(match self.u()? {
            0 => Cue::Sent {
                seq: self.m()?,
                sender: self.small()?,
            },
            1 => Cue::Renumbered {
                from: self.m()?,
                to: self.m()?,
            },
            2 => Cue::LockBroke { seq: self.m()? },
            3 => Cue::Routed {
                seq: self.m()?,
                topic: self.small()?,
                sender: self.o()?.map(u16::try_from).transpose().ok()?,
            },
            4 => Cue::Left {
                seq: self.m()?,
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
            key: self.m()?,
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
