//! Sorting a short list by integer keys worked out once per element, each
//! key holding its element's index in its low bits: the keys are sorted in
//! a buffer on the stack and the list is permuted in place, so the sort
//! allocates nothing (a rollout sorts two such lists per wizard and round).

/// The longest list sorted on the stack; a longer one takes the heap.
pub const ON_STACK: usize = 128;

/// Puts `list` in the order of its keys: `key(i, x)` is element `x`'s key
/// at index `i`, distinct from every other, `index_of(key)` gives `i` back.
/// Elements keep no order of their own, so the result is the one order the
/// keys define. Returns false, the list untouched, when some element has
/// no key (`key` gave `None`).
#[must_use]
pub fn sort_by_keys<T: Copy, K: Ord + Copy + Default>(
    list: &mut [T],
    key: impl Fn(usize, &T) -> Option<K>,
    index_of: impl Fn(K) -> usize,
) -> bool {
    sort_first_by_keys(list, usize::MAX, key, index_of)
}

/// [`sort_by_keys`] for the `first` elements only: they come first, in the
/// keys' order, and the rest follow in no order (for a caller that reads
/// no further; a partial sort costs less).
#[must_use]
pub fn sort_first_by_keys<T: Copy, K: Ord + Copy + Default>(
    list: &mut [T],
    first: usize,
    key: impl Fn(usize, &T) -> Option<K>,
    index_of: impl Fn(K) -> usize,
) -> bool {
    if list.len() > ON_STACK {
        let keyed: Option<Vec<K>> = list.iter().enumerate().map(|(i, x)| key(i, x)).collect();
        let Some(mut keys) = keyed else {
            return false;
        };
        sort_first(&mut keys, first);
        let old = list.to_vec();
        for (slot, k) in list.iter_mut().zip(&keys) {
            *slot = old[index_of(*k)];
        }
        return true;
    }
    let mut buffer = [K::default(); ON_STACK];
    let keys = &mut buffer[..list.len()];
    for (i, (k, x)) in keys.iter_mut().zip(list.iter()).enumerate() {
        match key(i, x) {
            Some(found) => *k = found,
            None => return false,
        }
    }
    sort_first(keys, first);
    permute(list, |j| index_of(keys[j]));
    true
}

/// Up to this many first keys of a longer list are kept in order by
/// insertion in one pass (a rollout's candidates want 8 of some 100); more
/// are selected, then sorted.
const INSERTED_FIRST: usize = 16;

/// Sorts the `first` smallest keys to the front, in order (the keys are
/// distinct, so the front is the same whichever way it is found).
fn sort_first<K: Ord + Copy>(keys: &mut [K], first: usize) {
    if first >= keys.len() {
        keys.sort_unstable();
    } else if first <= INSERTED_FIRST {
        insert_first(keys, first);
    } else {
        keys.select_nth_unstable(first);
        keys[..first].sort_unstable();
    }
}

/// [`sort_first`] by insertion: the front holds the smallest keys seen so
/// far, in order; a smaller key read later takes the largest one's place
/// (which goes where the smaller one was) and moves up to its own.
fn insert_first<K: Ord + Copy>(keys: &mut [K], first: usize) {
    if first == 0 {
        return;
    }
    let n = first.min(keys.len());
    keys[..n].sort_unstable();
    for i in n..keys.len() {
        let k = keys[i];
        if k >= keys[n - 1] {
            continue;
        }
        keys[i] = keys[n - 1];
        let mut j = n - 1;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
}

/// Moves the element at `source(j)` to place `j` for every `j` (`source`
/// a permutation of the indices), following each cycle once.
fn permute<T: Copy>(list: &mut [T], source: impl Fn(usize) -> usize) {
    let mut placed = [false; ON_STACK];
    for start in 0..list.len() {
        if placed[start] {
            continue;
        }
        let held = list[start];
        let mut j = start;
        loop {
            placed[j] = true;
            let from = source(j);
            if from == start {
                list[j] = held;
                break;
            }
            list[j] = list[from];
            j = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_ends_in_the_order_of_its_keys() {
        // Keys: the value, then the index in the low byte.
        let key = |i: usize, x: &u32| Some(u64::from(*x) << 8 | i as u64);
        let index_of = |k: u64| (k & 0xFF) as usize;
        for n in [0usize, 1, 2, 7, 60, 128] {
            let mut list: Vec<u32> = (0..n as u32).map(|i| (i * 37 + 11) % 101).collect();
            let mut expected = list.clone();
            expected.sort();
            assert!(sort_by_keys(&mut list, key, index_of));
            assert_eq!(list, expected, "{n} elements");
        }
    }

    #[test]
    fn a_list_longer_than_the_stack_buffer_is_sorted_too() {
        let key = |i: usize, x: &u32| Some(u64::from(*x) << 16 | i as u64);
        let index_of = |k: u64| (k & 0xFFFF) as usize;
        let mut list: Vec<u32> = (0..300u32).map(|i| (i * 7919) % 1009).collect();
        let mut expected = list.clone();
        expected.sort();
        assert!(sort_by_keys(&mut list, key, index_of));
        assert_eq!(list, expected);
    }

    #[test]
    fn a_partial_sort_puts_the_smallest_first_in_order() {
        let key = |i: usize, x: &u32| Some(u64::from(*x) << 8 | i as u64);
        let index_of = |k: u64| (k & 0xFF) as usize;
        for first in [0usize, 1, 5, 16, 17, 59, 60, 200] {
            let mut list: Vec<u32> = (0..60u32).map(|i| (i * 37 + 11) % 101).collect();
            let mut expected = list.clone();
            expected.sort();
            assert!(sort_first_by_keys(&mut list, first, key, index_of));
            let n = first.min(60);
            assert_eq!(list[..n], expected[..n], "first {first}");
            let mut rest = list[n..].to_vec();
            rest.sort();
            assert_eq!(rest, expected[n..], "first {first}");
        }
    }

    #[test]
    fn a_missing_key_leaves_the_list_as_it_was() {
        let mut list = vec![3u32, 1, 2];
        let key = |i: usize, x: &u32| (*x != 2).then_some(u64::from(*x) << 8 | i as u64);
        assert!(!sort_by_keys(&mut list, key, |k| (k & 0xFF) as usize));
        assert_eq!(list, vec![3, 1, 2]);
    }
}
