//! A film read for playing ([`Reel`]), and read whole ([`decode`]).

use super::format::{Film, Frame, MAGIC};
use super::read::{R, read_frame, read_head};

/// Reads a film; `None` when the bytes are not one (another version, cut short).
#[must_use]
pub fn decode(bytes: &[u8]) -> Option<Film> {
    let reel = Reel::read(bytes.to_vec())?;
    let mut frames: Vec<Frame> = Vec::with_capacity(reel.len());
    for k in 0..reel.len() {
        let frame = match frames.last() {
            Some(prev) => reel.next(k, prev)?,
            None => reel.frame(0)?,
        };
        frames.push(frame);
    }
    Some(Film {
        frames,
        ..reel.head
    })
}

/// How many frames apart a [`Reel`] keeps whole ones.
pub(super) const KEEP_EVERY: usize = 32;

/// A film read for playing: its head, each frame's time and place in the bytes, and every
/// [`KEEP_EVERY`]-th frame whole. A frame between is read again from the bytes when it is shown
/// (from the one before it, or from the nearest whole one), so a long film costs its bytes and a
/// few frames of memory rather than a model per change (load-levelling read whole: 11.6 MB).
pub struct Reel {
    /// The film without its frames: the scenario, titles, lesson, busy instants.
    pub head: Film,
    bytes: Vec<u8>,
    /// Per frame: its instant and where its record starts in `bytes`.
    index: Vec<(u64, usize)>,
    /// Frames 0, [`KEEP_EVERY`], 2 × [`KEEP_EVERY`], …
    pub(super) kept: Vec<Frame>,
}

impl Reel {
    /// Reads (and checks) a film's bytes; `None` when they are not one.
    #[must_use]
    pub fn read(mut bytes: Vec<u8>) -> Option<Self> {
        if !bytes.starts_with(MAGIC) {
            return None;
        }
        bytes.drain(..MAGIC.len());
        let mut r = R { b: &bytes, i: 0 };
        let (head, n) = read_head(&mut r)?;
        let mut index = Vec::with_capacity(n);
        let mut kept = Vec::new();
        let mut last = Frame::empty();
        for k in 0..n {
            let at = r.i;
            last = read_frame(&mut r, &last)?;
            index.push((last.at_ms, at));
            if k % KEEP_EVERY == 0 {
                kept.push(last.clone());
            }
        }
        if r.i != r.b.len() || n == 0 {
            return None;
        }
        Some(Self {
            head,
            bytes,
            index,
            kept,
        })
    }

    /// How many frames it has (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Never: a reel has a frame at least.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The frame showing at `t`: the last one at or before it.
    #[must_use]
    pub fn frame_at(&self, t: u64) -> usize {
        self.index
            .partition_point(|&(at, _)| at <= t)
            .saturating_sub(1)
    }

    /// Frame `k` read from frame `k - 1` (`prev`).
    pub(super) fn next(&self, k: usize, prev: &Frame) -> Option<Frame> {
        let &(_, at) = self.index.get(k)?;
        read_frame(
            &mut R {
                b: &self.bytes,
                i: at,
            },
            prev,
        )
    }

    /// Frame `k`, read on from the nearest whole frame at or before it.
    pub(super) fn frame(&self, k: usize) -> Option<Frame> {
        let key = k / KEEP_EVERY;
        let mut f = self.kept.get(key)?.clone();
        for j in key * KEEP_EVERY + 1..=k {
            f = self.next(j, &f)?;
        }
        Some(f)
    }
}
