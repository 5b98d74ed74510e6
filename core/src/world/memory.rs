//! A client's memory of its deliveries: each receive or peek is remembered by sequence number
//! and by MessageId, peek-lock deliveries are kept in hand, and a step's target (or one
//! particular delivery) is looked up there.

use super::{Held, HeldKind, InHand, Pick, Target, World};
use crate::error::{Error, ErrorKind};
use crate::message::{ClientId, MessageView, SubQueue};
use alloc::format;

impl World {
    pub(super) fn remember(
        &mut self,
        id: ClientId,
        got: &[MessageView],
        from: SubQueue,
        peeked: bool,
    ) {
        let c = &mut self.clients[id.0 as usize];
        for v in got {
            let kind = if peeked {
                HeldKind::Peeked
            } else if v.lock_token.is_some() {
                HeldKind::PeekLock
            } else {
                HeldKind::ReceiveAndDelete
            };
            if kind == HeldKind::PeekLock {
                c.in_hand.insert(
                    v.seq,
                    InHand {
                        view: v.clone(),
                        from,
                    },
                );
            }
            c.by_id.insert(v.id.clone(), v.seq);
            c.by_seq.insert(
                v.seq,
                Held {
                    view: v.clone(),
                    kind,
                    sub: from,
                },
            );
        }
    }

    pub(super) fn lookup(&self, id: ClientId, pick: Pick<'_>) -> Result<Held, Error> {
        let c = &self.clients[id.0 as usize];
        let found = match pick {
            Pick::Latest(Target::Id(m)) => c.by_id.get(m).and_then(|s| c.by_seq.get(s)).cloned(),
            Pick::Latest(Target::Seq(s)) => c.by_seq.get(s).cloned(),
            // That very delivery: in hand, or (settled or replaced since) as last seen, with
            // its own token, so the broker answers for that token.
            Pick::Delivery(seq, token) => match c.in_hand.get(&seq) {
                Some(h) if h.view.lock_token == Some(token) => Some(Held {
                    view: h.view.clone(),
                    kind: HeldKind::PeekLock,
                    sub: h.from,
                }),
                _ => c.by_seq.get(&seq).map(|h| {
                    let mut h = h.clone();
                    h.view.lock_token = Some(token);
                    h.kind = HeldKind::PeekLock;
                    h
                }),
            },
        };
        found.ok_or_else(|| {
            let what = match pick {
                Pick::Latest(Target::Id(m)) => format!("id '{m}'"),
                Pick::Latest(Target::Seq(s)) => format!("sequence number {s}"),
                Pick::Delivery(s, _) => format!("sequence number {s}"),
            };
            Error::new(
                ErrorKind::InvalidOperation,
                format!("{} never received a message with {what}.", c.name),
            )
        })
    }
}
