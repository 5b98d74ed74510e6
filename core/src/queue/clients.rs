//! The client table and receive links: who is connected, with which link on which sub-queue,
//! what is in each prefetch buffer, and which locks each client holds.

use super::Queue;
use super::settle::Release;
use crate::event::LockLossCause;
use crate::message::{ClientId, MessageView, Place, ReceiveMode, SubQueue, Text};
use crate::time::Instant;
use alloc::collections::{BTreeMap, VecDeque};
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
    /// Every message this client holds a lock on, unordered. A receiver holds a handful at a
    /// time, where a linear scan beats a tree (two tree operations per delivery showed in the
    /// profile).
    pub(crate) locks: Vec<u64>,
}

/// Client states in a vector, found through a small id index: a receive or settlement looks
/// its client up twice, and a map of large values was the hottest lookup in the profile.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clients {
    /// Slot + 1 (0 = none) for small ids: the World hands out dense ids from 0.
    direct: Vec<u32>,
    /// Slots of ids at or past `DIRECT_IDS`.
    sparse: BTreeMap<ClientId, u32>,
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
            self.sparse.get(&id).map(|&s| s as usize)
        }
    }

    pub(crate) fn get(&self, id: &ClientId) -> Option<&ClientState> {
        self.slot(*id).map(|i| &self.states[i])
    }

    pub(crate) fn get_mut(&mut self, id: &ClientId) -> Option<&mut ClientState> {
        self.slot(*id).map(|i| &mut self.states[i])
    }

    pub(crate) fn contains_key(&self, id: &ClientId) -> bool {
        self.slot(*id).is_some()
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
            self.sparse.insert(id, one_based - 1);
        }
        self.ids.push(id);
        self.states.push(ClientState {
            links: [None, None],
            session: SessionHold::None,
            locks: Vec::new(),
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
        order.sort_unstable();
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

    pub(super) fn client_mut(&mut self, by: ClientId) -> &mut ClientState {
        self.clients.get_or_insert(by)
    }

    /// Opens (or re-opens with new options) a client's receive link on one sub-queue.
    /// Re-opening first closes the old link, releasing what it held.
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

    /// Closes every link of a client (the scenario's `close`): its message locks are released
    /// (delivery count +1, as an expiry would); an accepted session is closed without changing
    /// delivery counts (semantics.md §0.1, §2.4).
    pub fn close(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        self.drop_client(by, LockLossCause::Closed);
        self.pump();
    }

    /// The client's connection drops: every lock it holds is lost (delivery count +1), its
    /// session lock too.
    pub fn disconnect(&mut self, now: Instant, by: ClientId) {
        self.fire_due(now);
        self.drop_client(by, LockLossCause::Disconnected);
        self.pump();
    }

    pub(super) fn drop_client(&mut self, by: ClientId, cause: LockLossCause) {
        if !self.clients.contains_key(&by) {
            return;
        }
        if let SessionHold::Held(sid) = self.clients[&by].session.clone() {
            self.give_up_session(&sid, by, cause);
        }
        for sub in [SubQueue::Main, SubQueue::DeadLetter] {
            if self.link(by, sub).is_some() {
                self.close_link(by, sub, cause);
            }
        }
    }

    pub(super) fn close_link(&mut self, by: ClientId, sub: SubQueue, cause: LockLossCause) {
        let mut held: Vec<u64> = self.clients[&by]
            .locks
            .iter()
            .copied()
            .filter(|s| {
                let m = &self.msgs[s];
                (m.place == Place::DeadLetter) == (sub == SubQueue::DeadLetter)
            })
            .collect();
        // Released in sequence-number order, so the events read in a stable, natural order.
        held.sort_unstable();
        for seq in held {
            self.release(seq, by, Release::Lost(cause));
        }
        self.client_mut(by).links[sub_index(sub)] = None;
        self.prefetching.remove(&(by, sub));
    }
}
