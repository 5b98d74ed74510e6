//! Messages by sequence number. Sequence numbers are dense and only ever grow, so a deque of
//! slot indexes, offset by the lowest live number, finds a message in O(1); slots are reused,
//! and a hole left by a removed message costs 4 bytes until the front moves past it.

use crate::message::Msg;
use alloc::collections::VecDeque;
use alloc::vec::Vec;

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub(crate) struct MsgStore {
    /// Sequence number of `index[0]`.
    base: u64,
    /// Slot of each sequence number from `base` on, `NONE` where there is no message.
    index: VecDeque<u32>,
    slots: Vec<Option<Msg>>,
    free: Vec<u32>,
    len: usize,
}

impl MsgStore {
    pub(crate) fn new() -> Self {
        Self {
            base: 1,
            ..Self::default()
        }
    }

    /// Position of `seq` in `index`, and its slot.
    fn find(&self, seq: u64) -> Option<(usize, u32)> {
        let i = usize::try_from(seq.checked_sub(self.base)?).ok()?;
        let s = self.index.get(i).copied().filter(|&s| s != NONE)?;
        Some((i, s))
    }

    fn slot(&self, seq: u64) -> Option<u32> {
        self.find(seq).map(|(_, s)| s)
    }

    pub(crate) fn get(&self, seq: &u64) -> Option<&Msg> {
        self.slot(*seq)
            .and_then(|s| self.slots[s as usize].as_ref())
    }

    pub(crate) fn get_mut(&mut self, seq: &u64) -> Option<&mut Msg> {
        self.slot(*seq)
            .and_then(|s| self.slots[s as usize].as_mut())
    }

    pub(crate) fn contains_key(&self, seq: &u64) -> bool {
        self.slot(*seq).is_some()
    }

    /// Inserts a message under a sequence number at or past every number used so far.
    pub(crate) fn insert(&mut self, seq: u64, m: Msg) {
        if self.index.is_empty() {
            self.base = seq;
        }
        let i = seq
            .checked_sub(self.base)
            .and_then(|d| usize::try_from(d).ok())
            .expect("invariant: sequence numbers only grow, and fit in memory");
        assert!(
            i >= self.index.len(),
            "invariant: sequence numbers only grow"
        );
        while self.index.len() < i {
            self.index.push_back(NONE);
        }
        let slot = match self.free.pop() {
            Some(s) => {
                self.slots[s as usize] = Some(m);
                s
            }
            None => {
                self.slots.push(Some(m));
                u32::try_from(self.slots.len() - 1).expect("invariant: fewer than 4e9 messages")
            }
        };
        self.index.push_back(slot);
        self.len += 1;
    }

    pub(crate) fn remove(&mut self, seq: &u64) -> Option<Msg> {
        let (i, s) = self.find(*seq)?;
        self.index[i] = NONE;
        let m = self.slots[s as usize].take();
        self.free.push(s);
        self.len -= 1;
        while self.index.front() == Some(&NONE) {
            self.index.pop_front();
            self.base += 1;
        }
        m
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Messages from `from` on, in sequence-number order.
    pub(crate) fn range(&self, from: u64) -> impl Iterator<Item = (u64, &Msg)> {
        let skip = usize::try_from(from.saturating_sub(self.base)).unwrap_or(usize::MAX);
        let base = self.base;
        self.index
            .iter()
            .enumerate()
            .skip(skip)
            .filter(|&(_, &s)| s != NONE)
            .map(move |(i, &s)| {
                (
                    base + i as u64,
                    self.slots[s as usize]
                        .as_ref()
                        .expect("invariant: indexed slots are full"),
                )
            })
    }

    /// Every message, in sequence-number order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, &Msg)> {
        self.range(0)
    }

    pub(crate) fn values(&self) -> impl Iterator<Item = &Msg> {
        self.iter().map(|(_, m)| m)
    }
}

impl core::ops::Index<&u64> for MsgStore {
    type Output = Msg;
    fn index(&self, seq: &u64) -> &Msg {
        self.get(seq)
            .expect("invariant: indexing a message that exists")
    }
}

/// The available messages of a non-session main queue, lowest sequence number first.
///
/// New messages always carry the highest sequence number so far, so they are appended to a
/// FIFO in O(1) and, being served lowest-first, mostly leave from its front in O(1); only
/// messages that come back (abandon, lock expiry) go into an ordered set. Removing from the
/// middle of the FIFO (TTL collection) is recorded and skipped later; the front of the FIFO is
/// never such a removed entry.
#[derive(Clone, Debug, Default)]
pub(crate) struct AvailQueue {
    fresh: VecDeque<u64>,
    fresh_removed: alloc::collections::BTreeSet<u64>,
    back: alloc::collections::BTreeSet<u64>,
    len: usize,
}

impl AvailQueue {
    /// Adds an available message (it MUST not be in the queue already).
    pub(crate) fn insert(&mut self, seq: u64) {
        if self.fresh.back().is_none_or(|&b| seq > b) {
            self.fresh.push_back(seq);
        } else {
            self.back.insert(seq);
        }
        self.len += 1;
    }

    /// Removes a message that is in the queue.
    pub(crate) fn remove(&mut self, seq: u64) {
        if self.back.remove(&seq) {
        } else if self.fresh.front() == Some(&seq) {
            self.fresh.pop_front();
            while let Some(f) = self.fresh.front() {
                if !self.fresh_removed.remove(f) {
                    break;
                }
                self.fresh.pop_front();
            }
        } else {
            debug_assert!(self.fresh.binary_search(&seq).is_ok(), "removing a member");
            self.fresh_removed.insert(seq);
        }
        self.len -= 1;
    }

    /// The lowest available sequence number.
    pub(crate) fn first(&self) -> Option<u64> {
        match (self.fresh.front(), self.back.first()) {
            (Some(&a), Some(&b)) => Some(a.min(b)),
            (a, b) => a.or(b).copied(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Membership (O(n); for the invariant checker).
    pub(crate) fn contains(&self, seq: u64) -> bool {
        self.back.contains(&seq)
            || (self.fresh.contains(&seq) && !self.fresh_removed.contains(&seq))
    }
}
