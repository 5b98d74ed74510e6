//! The client table and receive links: who is connected, with which link on which sub-queue,
//! what is in each prefetch buffer, and which locks each client holds.

use super::Queue;
use crate::event::{EventKind, LockLossCause, StillLocked};
use crate::message::{ClientId, MessageView, Place, ReceiveMode, SubQueue, Text};
use crate::time::Instant;
use alloc::collections::{BTreeSet, VecDeque};
use alloc::vec::Vec;

/// A receive link of one client on one sub-queue.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    pub(crate) mode: ReceiveMode,
    pub(crate) prefetch: u32,
    pub(crate) buffer: VecDeque<MessageView>,
    /// Buffered deliveries that still count against the prefetch credit.
    pub(crate) live: u32,
}

/// A client's hold on a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionHold {
    /// No session accepted.
    None,
    /// Holds this session's lock.
    Held(Text),
    /// Had this session, and its lock expired or was given up: session operations fail.
    Lost(Text),
}

/// What the broker knows of one client.
#[derive(Clone, Debug)]
pub(crate) struct ClientState {
    pub(crate) links: [Option<Link>; 2],
    pub(crate) session: SessionHold,
    /// Every message this client holds a lock on. A set, not a list: a receiver usually holds a
    /// handful (where a linear scan was a little faster), but a prefetch of 100,000 or one
    /// large receive made each settlement scan them all (quadratic; found by the fuzz target).
    pub(crate) locks: BTreeSet<u64>,
}

/// Client states in a vector, found through a small id index: a receive or settlement looks
/// its client up twice, and a map of large values was the hottest lookup in the profile.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clients {
    /// Slot + 1 (0 = none) for small ids: the World hands out dense ids from 0.
    direct: Vec<u32>,
    /// Slots of ids at or past `DIRECT_IDS`, sorted by id (a list searched by halves: few
    /// if any, and a map of this key and value would be a B-tree's code of its own in the
    /// wasm).
    sparse: Vec<(ClientId, u32)>,
    ids: Vec<ClientId>,
    states: Vec<ClientState>,
}

/// Ids below this are found by direct indexing.
const DIRECT_IDS: u32 = 1 << 16;

impl Clients {
    fn slot(&self, id: ClientId) -> Option<usize> {
        if id.0 < DIRECT_IDS {
            match self.direct.get(id.0 as usize) {
                Some(&s) if s != 0 => Some(s as usize - 1),
                _ => None,
            }
        } else {
            let at = self.sparse.binary_search_by_key(&id, |s| s.0).ok()?;
            Some(self.sparse[at].1 as usize)
        }
    }

    pub(crate) fn get(&self, id: &ClientId) -> Option<&ClientState> {
        self.slot(*id).map(|i| &self.states[i])
    }

    pub(crate) fn get_mut(&mut self, id: &ClientId) -> Option<&mut ClientState> {
        self.slot(*id).map(|i| &mut self.states[i])
    }

    pub(crate) fn get_or_insert(&mut self, id: ClientId) -> &mut ClientState {
        if let Some(i) = self.slot(id) {
            return &mut self.states[i];
        }
        let slot = self.states.len();
        // Slots are stored as u32, 1-based in `direct`: memory runs out long before 4e9 clients.
        let one_based = u32::try_from(slot + 1).expect("invariant: fewer than 4e9 clients");
        if id.0 < DIRECT_IDS {
            let at = id.0 as usize;
            if self.direct.len() <= at {
                self.direct.resize(at + 1, 0);
            }
            self.direct[at] = one_based;
        } else {
            crate::order::entry(&mut self.sparse, &id, |s| s.0, || (id, one_based - 1));
        }
        self.ids.push(id);
        self.states.push(ClientState {
            links: [None, None],
            session: SessionHold::None,
            locks: BTreeSet::new(),
        });
        &mut self.states[slot]
    }

    /// In client-id order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (ClientId, &ClientState)> {
        let mut order: Vec<(ClientId, usize)> = self
            .ids
            .iter()
            .copied()
            .enumerate()
            .map(|(i, c)| (c, i))
            .collect();
        crate::order::sort(&mut order);
        order.into_iter().map(move |(c, i)| (c, &self.states[i]))
    }

    pub(crate) fn values(&self) -> impl Iterator<Item = &ClientState> {
        self.states.iter()
    }
}

impl core::ops::Index<&ClientId> for Clients {
    type Output = ClientState;
    fn index(&self, id: &ClientId) -> &ClientState {
        self.get(id).expect("invariant: indexing a known client")
    }
}

/// Options of a receive link (the scenario's `open`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LinkOptions {
    /// Receive mode.
    pub mode: ReceiveMode,
    /// Sub-queue.
    pub from: SubQueue,
    /// Prefetch count (0 = off).
    pub prefetch: u32,
}

pub(super) fn sub_index(sub: SubQueue) -> usize {
    match sub {
        SubQueue::Main => 0,
        SubQueue::DeadLetter => 1,
    }
}

impl Queue {
    pub(super) fn link(&self, by: ClientId, sub: SubQueue) -> Option<&Link> {
        self.clients.get(&by)?.links[sub_index(sub)].as_ref()
    }

    /// A link the caller knows to be open.
    pub(super) fn open_link_mut(&mut self, by: ClientId, sub: SubQueue) -> &mut Link {
        self.clients
            .get_mut(&by)
            .and_then(|c| c.links[sub_index(sub)].as_mut())
            .expect("invariant: the caller checked that this link is open")
    }

    pub(super) fn client_mut(&mut self, by: ClientId) -> &mut ClientState {
        self.clients.get_or_insert(by)
    }

    /// Opens (or re-opens with new options) a client's receive link on one sub-queue.
    /// Re-opening first closes the old link: what it held stays locked, out of this client's
    /// reach, until each lock expires (as for [`close`](Self::close)).
    pub fn open(&mut self, now: Instant, by: ClientId, opts: LinkOptions) {
        self.fire_due(now);
        if self.link(by, opts.from).is_some() {
            self.close_link(by, opts.from, LockLossCause::Closed);
        }
        self.client_mut(by).links[sub_index(opts.from)] = Some(Link {
            mode: opts.mode,
            prefetch: opts.prefetch,
            buffer: VecDeque::new(),
            live: 0,
        });
        if opts.prefetch > 0 {
            self.prefetching.insert((by, opts.from));
        }
        self.pump();
    }

    /// Opens a link implicitly (prefetch 0). Its default mode is peek-lock whatever the first
    /// call asked for: only an explicit `open` sets a link's default mode.
    pub(super) fn ensure_link(&mut self, by: ClientId, sub: SubQueue) {
        if self.link(by, sub).is_none() {
            self.client_mut(by).links[sub_index(sub)] = Some(Link {
                mode: ReceiveMode::PeekLock,
                prefetch: 0,
                buffer: VecDeque::new(),
                live: 0,
            });
        }
    }

    /// Closes every link of a client (the scenario's `close`). An accepted session is closed:
    /// its lock is released at once and its unsettled messages come back without a delivery
    /// count increment (semantics.md §2.4). Every other message the links held, handed over or
    /// in a prefetch buffer, stays locked until its own lock expires and only then comes back
    /// (delivery count +1); the client can no longer settle or renew it, and its next
    /// receive-side call opens a new link that does not regain those locks (scenario-format
    /// rule 6, v1.1; semantics.md §0.1). A prefetch buffer is discarded with its link.
    pub fn close(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        if let Some(c) = self.clients.get(&by)
            && let SessionHold::Held(sid) = c.session.clone()
        {
            self.give_up_session(&sid, by, LockLossCause::Closed);
        }
        self.close_links(by, LockLossCause::Closed);
        self.pump();
    }

    /// The client's connection drops. Nothing is released at that moment: every lock it holds
    /// runs on until it expires (delivery count +1 then), out of the client's reach; an
    /// accepted session stays locked until the session lock expires, so nobody else can
    /// accept it meanwhile, and the client's session operations fail with `SessionLockLost`
    /// (scenario-format rule 6, v1.1; semantics.md §0.1, §2.4).
    pub fn disconnect(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        if let Some(c) = self.clients.get_mut(&by)
            && let SessionHold::Held(sid) = c.session.clone()
        {
            c.session = SessionHold::Lost(sid);
        }
        self.close_links(by, LockLossCause::Disconnected);
        self.pump();
    }

    fn close_links(&mut self, by: ClientId, cause: LockLossCause) {
        for sub in [SubQueue::Main, SubQueue::DeadLetter] {
            if self.link(by, sub).is_some() {
                self.close_link(by, sub, cause);
            }
        }
    }

    /// Ends one link: its prefetch buffer is discarded, and every lock the client still holds
    /// on that sub-queue becomes unusable by it but runs on until it expires. Emits
    /// [`EventKind::LinkClosed`] when anything stays locked.
    ///
    /// Messages locked under a session the client still holds (re-opening its link with new
    /// options) are held by the session lock, not the link: they stay the client's to settle.
    fn close_link(&mut self, by: ClientId, sub: SubQueue, cause: LockLossCause) {
        let now = self.now;
        let holds_session = matches!(self.clients[&by].session, SessionHold::Held(_));
        let mut held: Vec<u64> = self.clients[&by]
            .locks
            .iter()
            .copied()
            .filter(|s| (self.msgs[s].place == Place::DeadLetter) == (sub == SubQueue::DeadLetter))
            .collect();
        // Listed in sequence-number order, so the event reads in a stable, natural order.
        crate::order::sort(&mut held);
        let mut still_locked = Vec::new();
        for seq in held {
            let m = self
                .msgs
                .get_mut(&seq)
                .expect("invariant: a held lock's message exists");
            let lock = m
                .lock
                .as_mut()
                .expect("invariant: a client's lock list names locked messages");
            // The buffer goes with the link: nothing counts against a new link's credit.
            lock.buffered = false;
            if lock.orphaned.is_some() || (lock.session && holds_session) {
                continue;
            }
            lock.orphaned = Some((now, cause));
            still_locked.push(StillLocked {
                seq,
                id: m.id.clone(),
                until: lock.until,
            });
        }
        self.client_mut(by).links[sub_index(sub)] = None;
        self.prefetching.remove(&(by, sub));
        // A disconnected session receiver's session stays locked (its holder is still set).
        let session = match (&self.clients[&by].session, sub) {
            (SessionHold::Lost(sid), SubQueue::Main) => self
                .sessions
                .get(sid)
                .filter(|s| s.holder == Some(by))
                .map(|s| (sid.clone(), s.until)),
            _ => None,
        };
        if !still_locked.is_empty() || session.is_some() {
            self.emit(EventKind::LinkClosed {
                by,
                cause,
                sub_queue: sub,
                session,
                still_locked,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense ids index directly, large ones go through the sorted list: each finds its own
    /// state, in any order of arrival.
    #[test]
    fn small_and_large_ids_each_find_their_own_state() {
        let mut c = Clients::default();
        let ids = [u32::MAX, 70_000, 5, 1 << 20, DIRECT_IDS, 0, DIRECT_IDS - 1];
        for (n, &id) in ids.iter().enumerate() {
            c.get_or_insert(ClientId(id)).locks.insert(n as u64);
        }
        for (n, &id) in ids.iter().enumerate() {
            let st = c.get(&ClientId(id)).expect("inserted");
            assert_eq!(
                st.locks.iter().copied().collect::<Vec<_>>(),
                [n as u64],
                "{id}"
            );
            // Asking again finds the same state, not a new one.
            assert_eq!(c.get_or_insert(ClientId(id)).locks.len(), 1);
        }
        assert!(c.get(&ClientId(70_001)).is_none() && c.get(&ClientId(6)).is_none());
        assert_eq!(c.values().count(), ids.len());
    }
}
