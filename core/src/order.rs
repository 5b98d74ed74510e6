//! Stable sorting with one instance of the standard library's sort for the whole program.
//!
//! Each `slice::sort*` call compiles a sort of its own for its element type and comparison
//! (2–5 KB of wasm each: quicksort, small-sort networks, pivots); the page's wasm carried ten.
//! Here the standard sort runs once, non-generically, over the items' positions with the
//! comparison behind a `dyn`, and the items are then moved into that order in place: the
//! per-type code is a few swaps. For the small, cold lists it serves (receivers, a lesson's
//! captions, a script's steps); a path run every frame keeps `sort_unstable` (the stage's list of
//! moving tokens sorted through this made the median frame at busy-10k 100× about 0.5 ms
//! longer, 3 rounds alternately: reverted).
//!
//! [`entry`] keeps a small map as a sorted list for the same reason: a `BTreeMap` compiles its
//! node code again for every key and value type.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// Sorts `v` by `cmp`, stably (equal items keep their order).
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let order = positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, order);
}

/// Sorts `v` by the key `key` gives each item, stably.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in its items' own order, stably.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The item with key `key` in `v`, a list sorted by `key_of` (a small map that is not a
/// B-tree, whose code each key and value type would get a copy of), inserted where it belongs
/// as `new` makes it when it is not there.
pub fn entry<'a, T, K: Ord>(
    v: &'a mut Vec<T>,
    key: &K,
    key_of: impl Fn(&T) -> K,
    new: impl FnOnce() -> T,
) -> &'a mut T {
    let at = match v.binary_search_by(|t| key_of(t).cmp(key)) {
        Ok(at) => at,
        Err(at) => {
            v.insert(at, new());
            at
        }
    };
    &mut v[at]
}

/// The positions `0..n` in the order `cmp` puts the items there, ties by position (so the
/// unstable sort, smaller than the stable one, gives a stable order). The one sort instance.
#[inline(never)]
fn positions(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
    order
}

/// Moves `v`'s items so that position `i` holds the item that was at `order[i]`, following
/// the permutation's cycles (each item moves once; `order` is used up as the marks).
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = core::mem::replace(&mut order[at], usize::MAX);
            if from == usize::MAX || from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use proptest::prelude::*;

    proptest! {
        /// The same order as the standard library's stable sort, ties included.
        #[test]
        fn sorts_like_the_standard_stable_sort(keys in proptest::collection::vec(0u8..6, 0..60)) {
            let mut ours: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut theirs = ours.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            theirs.sort_by_key(|&(k, _)| k);
            prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn an_entry_is_found_or_inserted_in_key_order() {
        let mut v: Vec<(u8, u32)> = Vec::new();
        for k in [5, 1, 3, 1, 5, 9] {
            entry(&mut v, &k, |t| t.0, || (k, 0)).1 += 1;
        }
        assert_eq!(v, [(1, 2), (3, 1), (5, 2), (9, 1)]);
    }

    #[test]
    fn sorts_strings_and_keeps_ties_in_order() {
        let mut v = vec!["b", "a", "c", "a"];
        sort(&mut v);
        assert_eq!(v, ["a", "a", "b", "c"]);
        let mut pairs = vec![(2, 'x'), (1, 'y'), (2, 'a'), (1, 'b')];
        sort_by(&mut pairs, |a, b| a.0.cmp(&b.0));
        assert_eq!(pairs, [(1, 'y'), (1, 'b'), (2, 'x'), (2, 'a')]);
        let mut empty: [u8; 0] = [];
        sort(&mut empty);
    }
}
