//! The solver's transposition table: proof and disproof numbers per
//! position, in a fixed amount of memory (buckets of four slots, the slot
//! with the least search effort behind it replaced first).

use std::fmt;

/// An infinite proof or disproof number (solved).
pub(crate) const INF: u32 = u32::MAX;
/// The largest finite number: sums saturate here, never at [`INF`].
pub(crate) const CAP: u32 = INF - 1;
/// No move stored.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// Slots per bucket.
const WAYS: usize = 4;
/// Bytes of one slot (see [`Slot`]).
pub(crate) const SLOT_BYTES: usize = 24;

/// One stored node: proof and disproof numbers for one attacker (the key
/// includes the attacker and, under a move limit, the plies left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Slot {
    /// The position key; 0 marks an empty slot.
    pub key: u64,
    /// Proof number (0: proven, [`INF`]: disproven).
    pub pn: u32,
    /// Disproof number (0: disproven, [`INF`]: proven).
    pub dn: u32,
    /// Nodes searched below this node (replacement priority).
    pub work: u32,
    /// For a proven node: the length in plies of the longest line of the
    /// proof found (an upper bound on the plies to the win).
    pub depth: u16,
    /// Index in the generated move list of the proving move (attacker to
    /// move) or the refuting move (defender to move), or [`NO_MOVE`].
    pub best: u8,
    /// [`CONDITIONAL`] for a disproof valid only below a given run of
    /// ancestors (then `pn` and `dn` hold that run's hash and `depth` its
    /// length); 0 otherwise.
    pub flags: u8,
}

/// The flag of a path-dependent disproof.
pub(crate) const CONDITIONAL: u8 = 1;

impl Slot {
    /// A disproof valid only below the run of ancestors with hash
    /// `segment` and length `len`.
    pub fn path_dependent(key: u64, segment: u64, len: u16, work: u32) -> Slot {
        Slot {
            key,
            pn: segment as u32,
            dn: (segment >> 32) as u32,
            work,
            depth: len,
            best: NO_MOVE,
            flags: CONDITIONAL,
        }
    }

    /// Whether this is a path-dependent disproof.
    pub fn conditional(&self) -> bool {
        self.flags & CONDITIONAL != 0
    }

    /// The run hash of a path-dependent disproof.
    pub fn segment(&self) -> u64 {
        u64::from(self.pn) | u64::from(self.dn) << 32
    }

    /// Whether the node is proven (the attacker wins).
    pub fn proven(&self) -> bool {
        self.pn == 0 && !self.conditional()
    }

    /// Whether the node is disproven (the attacker does not win).
    pub fn disproven(&self) -> bool {
        self.dn == 0 && !self.conditional()
    }

    /// Whether the numbers are consistent (used to validate loaded files).
    pub fn valid(&self) -> bool {
        self.key != 0
            && self.flags == 0
            && (self.pn != 0 || self.dn == INF)
            && (self.dn != 0 || self.pn == INF)
            && (self.pn != INF || self.dn == 0)
            && (self.dn != INF || self.pn == 0)
    }

    /// The slot as bytes (little-endian), for saved tables.
    pub fn to_bytes(self) -> [u8; SLOT_BYTES] {
        let mut b = [0u8; SLOT_BYTES];
        b[0..8].copy_from_slice(&self.key.to_le_bytes());
        b[8..12].copy_from_slice(&self.pn.to_le_bytes());
        b[12..16].copy_from_slice(&self.dn.to_le_bytes());
        b[16..20].copy_from_slice(&self.work.to_le_bytes());
        b[20..22].copy_from_slice(&self.depth.to_le_bytes());
        b[22] = self.best;
        b[23] = self.flags;
        b
    }

    /// A slot read back from [`Slot::to_bytes`].
    pub fn from_bytes(b: &[u8; SLOT_BYTES]) -> Slot {
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        Slot {
            key: u64::from_le_bytes(b[0..8].try_into().expect("8 bytes")),
            pn: u32_at(8),
            dn: u32_at(12),
            work: u32_at(16),
            depth: u16::from_le_bytes([b[20], b[21]]),
            best: b[22],
            flags: b[23],
        }
    }
}

/// A fixed-size table of [`Slot`]s.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    used: usize,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table({} of {} slots)", self.used, self.slots.len())
    }
}

impl Table {
    /// A table of about `megabytes` MB (a power of two of buckets, at
    /// least one).
    pub fn new(megabytes: usize) -> Table {
        let bucket = WAYS * SLOT_BYTES;
        let wanted = (megabytes.max(1) << 20) / bucket;
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        };
        Table {
            slots: vec![Slot::default(); buckets * WAYS],
            mask: buckets - 1,
            used: 0,
        }
    }

    /// Slots in the table.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Slots in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; mix first so that keys differing
        // only in high bits (attacker, plies left) spread.
        let mixed = key ^ (key >> 29) ^ (key >> 47);
        (mixed as usize & self.mask) * WAYS
    }

    /// The slot stored for `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<&Slot> {
        let key = key.max(1);
        let b = self.bucket(key);
        self.slots[b..b + WAYS].iter().find(|s| s.key == key)
    }

    /// Store `slot` (its key is the position's), replacing the same key,
    /// an empty slot, or the slot with the least work (unsolved ones
    /// before solved ones of equal work).
    pub fn put(&mut self, mut slot: Slot) {
        slot.key = slot.key.max(1);
        let b = self.bucket(slot.key);
        let bucket = &mut self.slots[b..b + WAYS];
        let mut victim = 0;
        let mut worth = u64::MAX;
        for (i, s) in bucket.iter().enumerate() {
            if s.key == slot.key {
                // A solved entry is a fact: never replaced by numbers.
                if (s.proven() || s.disproven()) && !(slot.proven() || slot.disproven()) {
                    return;
                }
                victim = i;
                break;
            }
            if s.key == 0 {
                victim = i;
                worth = 0;
                continue;
            }
            let solved = u64::from(s.proven() || s.disproven());
            let w = (u64::from(s.work) << 1) | solved;
            if worth != 0 && w < worth {
                worth = w;
                victim = i;
            }
        }
        if bucket[victim].key == 0 {
            self.used += 1;
        }
        bucket[victim] = slot;
    }

    /// Every slot in use that is not path-dependent (what is saved).
    pub fn facts(&self) -> impl Iterator<Item = &Slot> {
        self.iter().filter(|s| !s.conditional())
    }

    /// Every slot in use.
    pub fn iter(&self) -> impl Iterator<Item = &Slot> {
        self.slots.iter().filter(|s| s.key != 0)
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(key: u64, work: u32) -> Slot {
        Slot {
            key,
            pn: 3,
            dn: 4,
            work,
            depth: 0,
            best: NO_MOVE,
            flags: 0,
        }
    }

    #[test]
    fn stores_replaces_and_round_trips() {
        let mut t = Table::new(1);
        t.put(slot(42, 5));
        assert_eq!(t.get(42).map(|s| s.work), Some(5));
        t.put(slot(42, 9));
        assert_eq!(t.used(), 1);
        assert_eq!(t.get(42).map(|s| s.work), Some(9));
        let s = Slot {
            pn: 0,
            dn: INF,
            depth: 7,
            best: 3,
            ..slot(99, 1)
        };
        assert!(s.valid());
        assert_eq!(Slot::from_bytes(&s.to_bytes()), s);
        assert!(!Slot { dn: 5, ..s }.valid());
    }

    #[test]
    fn a_full_bucket_drops_the_least_work() {
        let mut t = Table::new(1);
        // Keys that land in one bucket: same low bits after mixing is hard
        // to arrange, so fill the table far beyond capacity instead.
        let n = t.capacity() as u64 * 3;
        for k in 1..=n {
            t.put(slot(k, (k % 1000) as u32));
        }
        assert!(t.used() <= t.capacity());
        let kept: u64 = t.iter().map(|s| u64::from(s.work)).sum::<u64>() / t.used() as u64;
        assert!(kept > 500, "mean work kept {kept}");
    }
}
