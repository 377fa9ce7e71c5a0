//! The transposition table shared by every search thread: fixed size,
//! lock-free (each entry is two atomic words; the key is stored `XORed` with
//! the data, so a torn write only ever looks like a miss).

use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value (a PV node).
    Exact,
    /// The true value is at least this (a fail-high).
    Lower,
    /// The true value is at most this (a fail-low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The score (mate scores relative to this node, see [`crate::score`]).
    pub score: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    /// The remaining depth searched.
    pub depth: u8,
    /// The best move's index in the generated move list.
    pub move_index: Option<u8>,
    /// The kind of bound `score` is.
    pub bound: Bound,
}

const NO_MOVE: u64 = 0xFF;
const ENTRIES_PER_BUCKET: usize = 4;

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as i16 as u16 as u64)
            | (self.eval as i16 as u16 as u64) << 16
            | u64::from(self.depth) << 32
            | self.move_index.map_or(NO_MOVE, u64::from) << 40
            | bound << 48
            | u64::from(generation & 0x3F) << 50
            | 1 << 63
    }

    fn unpack(data: u64) -> Entry {
        let index = (data >> 40) & 0xFF;
        Entry {
            score: i32::from(data as u16 as i16),
            eval: i32::from((data >> 16) as u16 as i16),
            depth: (data >> 32) as u8,
            move_index: (index != NO_MOVE).then_some(index as u8),
            bound: match (data >> 48) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> 50) & 0x3F) as u8
}

fn depth_of(data: u64) -> u8 {
    (data >> 32) as u8
}

/// `n` atomic words, all zero, from zeroed memory: the pages are only
/// touched when used, so a large table costs nothing until it fills.
fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    let layout = Layout::array::<AtomicU64>(n).expect("table size fits in memory");
    // SAFETY: the layout is that of `n` `AtomicU64` and is not zero-sized
    // (n > 0); all-zero bytes are a valid `AtomicU64` (it has the bit
    // validity of `u64`); the allocation is handed to a `Vec` with exactly
    // this capacity and length, which frees it with the same layout.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<AtomicU64>();
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, n, n)
    }
}

/// A fixed-size hash table of search results, shared by reference between
/// threads.
pub(crate) struct TranspositionTable {
    /// `2 * ENTRIES_PER_BUCKET` words per bucket: (key ^ data, data) pairs.
    words: Vec<AtomicU64>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (rounded down to a power of two
    /// buckets; at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bucket_bytes = ENTRIES_PER_BUCKET * 16;
        let wanted = (megabytes.max(1) << 20) / bucket_bytes;
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            words: zeroed_words(buckets * ENTRIES_PER_BUCKET * 2),
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Start a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let start = (key as usize & self.mask) * ENTRIES_PER_BUCKET * 2;
        &self.words[start..start + ENTRIES_PER_BUCKET * 2]
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = self.bucket(key);
        for pair in bucket.chunks_exact(2) {
            let data = pair[1].load(Ordering::Relaxed);
            if data != 0 && pair[0].load(Ordering::Relaxed) ^ data == key {
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    /// Store a result for `key`, replacing the same position's entry or the
    /// least valuable one (oldest, then shallowest) in its bucket.
    pub fn store(&self, key: u64, mut entry: Entry) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, pair) in bucket.chunks_exact(2).enumerate() {
            let data = pair[1].load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if pair[0].load(Ordering::Relaxed) ^ data == key {
                let old = Entry::unpack(data);
                // Keep a deeper result of the same position unless the new
                // one is exact; keep its move if the new one has none.
                if entry.bound != Bound::Exact && old.depth > entry.depth.saturating_add(2) {
                    return;
                }
                if entry.move_index.is_none() {
                    entry.move_index = old.move_index;
                }
                victim = i;
                break;
            }
            let age = i32::from((self.generation.wrapping_sub(generation_of(data))) & 0x3F);
            let worth = i32::from(depth_of(data)) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let data = entry.pack(self.generation);
        bucket[2 * victim].store(key ^ data, Ordering::Relaxed);
        bucket[2 * victim + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u8, bound: Bound) -> Entry {
        Entry {
            score,
            eval: -7,
            depth,
            move_index: Some(3),
            bound,
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.probe(42), None);
        let e = entry(-29_990, 5, Bound::Lower);
        tt.store(42, e);
        assert_eq!(tt.probe(42), Some(e));
        let none = Entry {
            move_index: None,
            ..entry(12, 9, Bound::Exact)
        };
        tt.store(42, none);
        assert_eq!(
            tt.probe(42),
            Some(Entry {
                move_index: Some(3),
                ..none
            })
        );
    }

    #[test]
    fn a_full_bucket_keeps_working() {
        let tt = TranspositionTable::new(1);
        let buckets = tt.mask as u64 + 1;
        for i in 0..10u64 {
            tt.store(7 + i * buckets, entry(i as i32, i as u8, Bound::Upper));
        }
        // The deepest entries survive; the newest is always stored.
        assert_eq!(tt.probe(7 + 9 * buckets).map(|e| e.score), Some(9));
        assert_eq!(tt.probe(7).map(|e| e.score), None);
    }
}
