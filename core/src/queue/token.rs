//! Lock tokens that name their message: a random-looking version-4 UUID whose low bits are the
//! sequence number masked by a mix of its random high bits, so settling needs no token index.

use super::Queue;
use crate::message::LockToken;

const LOW62: u64 = (1 << 62) - 1;

/// SplitMix64's finalizer: spreads the random high half over the low half.
fn token_mask(hi: u64) -> u64 {
    let mut z = hi;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The sequence number a token was made for (see `Queue::new_token`).
pub(crate) fn token_seq(t: LockToken) -> u64 {
    let hi = (t.0 >> 64) as u64;
    ((t.0 as u64) ^ token_mask(hi)) & LOW62
}

impl Queue {
    /// A fresh lock token: a random-looking RFC 4122 version-4 UUID whose low 62 bits are the
    /// sequence number masked by a mix of its 60 random high bits. The token names its message,
    /// so settling needs no token index: decode, then compare with the message's current token.
    pub(super) fn new_token(&mut self, seq: u64) -> LockToken {
        let hi = (self.rng.next_u64() & !(0xF << 12)) | (0x4 << 12);
        let lo = ((seq ^ token_mask(hi)) & LOW62) | (0b10 << 62);
        LockToken((u128::from(hi) << 64) | u128::from(lo))
    }
}
