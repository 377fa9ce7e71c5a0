//! Move generation by line classes, without enumerating pieces one by one.
//!
//! A piece moves exactly as far as there are pieces on its line, so all
//! pieces standing on lines (of one orientation) with the same count `c`
//! move by the same bit shift. The line counts are kept incrementally, one
//! byte per line, so the lines with count `c` are found by a byte-wise
//! comparison of a whole word at once. For each orientation, each count
//! `c` (up to the largest count of a line with an own piece) and each of
//! the two directions, the generator computes at once the set of pieces
//! that can move: own pieces on lines of count `c`, whose destination `c`
//! steps away is on the board and not an own piece, without an enemy piece
//! strictly on the way (the "blocked" smear of the enemy pieces, grown by
//! one step per count).
//!
//! A [`Sink`] receives each set with its direction: the [`Counter`] adds
//! them up (bulk counting for perft: no move is listed), [`AnyMove`] notes
//! that one exists, and the [`Lister`] lists the moves.

use crate::moves::LoaMove;
use crate::tables::{COUNT_PLACE, COUNT_WORDS, DIAGONALS_OF, SOURCES, STEPS};
use gamut_core::MoveList;

/// Receives the sets of pieces that can move found by [`generate`].
pub(crate) trait Sink {
    /// Each piece of `movers` has a legal move in direction `direction`
    /// (an index into [`STEPS`]); pieces of one set land on distinct
    /// squares.
    fn add(&mut self, direction: usize, movers: u64);
}

/// Counts the moves. A square holds at most one mover per direction, so
/// at most 8: the sets are added square by square into four bit planes (a
/// carry-save counter), and only the planes are popcounted at the end.
#[derive(Default)]
pub(crate) struct Counter {
    ones: u64,
    twos: u64,
    fours: u64,
    eights: u64,
}

impl Counter {
    /// The number of moves added.
    #[inline(always)]
    pub(crate) fn total(&self) -> u64 {
        u64::from(self.ones.count_ones())
            + 2 * u64::from(self.twos.count_ones())
            + 4 * u64::from(self.fours.count_ones())
            + 8 * u64::from(self.eights.count_ones())
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _direction: usize, movers: u64) {
        let carry = self.ones & movers;
        self.ones ^= movers;
        let carry2 = self.twos & carry;
        self.twos ^= carry;
        let carry4 = self.fours & carry2;
        self.fours ^= carry2;
        self.eights |= carry4;
    }
}

/// Notes whether any move exists.
pub(crate) struct AnyMove(pub bool);

impl Sink for AnyMove {
    #[inline(always)]
    fn add(&mut self, _direction: usize, movers: u64) {
        self.0 |= movers != 0;
    }
}

/// The most moves a position can have: 12 pieces, 8 directions.
const MAX_LOA_MOVES: usize = 96;

/// Collects, for each direction, the pieces that can move that way; then
/// lists the moves piece by piece, writing each of the 8 candidate moves
/// and keeping it only if its piece can move that way (no data-dependent
/// branches: the sets are small and irregular, so looping over them would
/// mispredict at almost every exit).
#[derive(Default)]
pub(crate) struct Lister {
    movers: [u64; 8],
}

impl Lister {
    /// Append the moves to `list`, given the line counts (the length of
    /// every move).
    #[inline(always)]
    pub(crate) fn write_into(&self, counts: &[u64; COUNT_WORDS], list: &mut MoveList<LoaMove>) {
        // Room for the last candidate written after the 96th move.
        let mut buffer = [LoaMove::PASS; MAX_LOA_MOVES + 1];
        let mut len = 0;
        // Only the pieces with at least one move.
        let mut rest = self.movers.iter().fold(0, |all, m| all | m);
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let place = &COUNT_PLACE[from as usize];
            for (direction, movers) in self.movers.iter().enumerate() {
                let (word, shift) = place[direction / 2];
                let distance = ((counts[usize::from(word)] >> shift) & 0xFF) as i32;
                let to = from.wrapping_add_signed(distance * STEPS[direction]);
                buffer[len] = LoaMove::from_indices(from, to);
                len += ((movers >> from) & 1) as usize;
            }
        }
        // Never fails: a position has at most 96 moves.
        let _ = list.try_extend_from_slice(&buffer[..len]);
    }
}

impl Sink for Lister {
    #[inline(always)]
    fn add(&mut self, direction: usize, movers: u64) {
        self.movers[direction] |= movers;
    }
}

/// Every byte 0x01.
const BYTES_ONE: u64 = 0x0101_0101_0101_0101;

/// The high bit of each zero byte of `x`.
#[inline(always)]
const fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// For a word with bits only at `8 * i + 7`: the byte whose bit `i` is
/// bit `8 * i + 7` of the word.
#[inline(always)]
const fn gather_flags(high_bits: u64) -> usize {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// The squares on lines of orientation `O` holding exactly `c` pieces.
#[inline(always)]
fn lines_with_count<const O: usize>(counts: &[u64; COUNT_WORDS], c: u64) -> u64 {
    let pattern = c * BYTES_ONE;
    match O {
        0 => (zero_bytes(counts[0] ^ pattern) >> 7) * 0xFF,
        1 => gather_flags(zero_bytes(counts[1] ^ pattern)) as u64 * BYTES_ONE,
        _ => {
            let table = &DIAGONALS_OF[O - 2];
            let low = gather_flags(zero_bytes(counts[2 * O - 2] ^ pattern));
            let high = gather_flags(zero_bytes(counts[2 * O - 1] ^ pattern));
            table[0][low] | table[1][high]
        }
    }
}

/// Feed every move of the pieces `own` (opponent `enemy`) to `sink`, given
/// the line counts and the board size index (`size - 6`).
#[inline(always)]
pub(crate) fn generate<S: Sink>(
    own: u64,
    enemy: u64,
    counts: &[u64; COUNT_WORDS],
    size_index: usize,
    sink: &mut S,
) {
    orientation::<0, S>(own, enemy, counts, size_index, sink);
    orientation::<1, S>(own, enemy, counts, size_index, sink);
    orientation::<2, S>(own, enemy, counts, size_index, sink);
    orientation::<3, S>(own, enemy, counts, size_index, sink);
}

/// The moves along the lines of orientation `O` (directions `2O` and
/// `2O + 1`).
#[inline(always)]
fn orientation<const O: usize, S: Sink>(
    own: u64,
    enemy: u64,
    counts: &[u64; COUNT_WORDS],
    size_index: usize,
    sink: &mut S,
) {
    // The first direction of each orientation goes up the bit indices,
    // the second down (by the same step).
    const { assert!(STEPS[2 * O] > 0 && STEPS[2 * O + 1] == -STEPS[2 * O]) };
    let step = STEPS[2 * O] as u32;
    let sources = &SOURCES[size_index];
    let (mut enemy_up, mut enemy_down) = (enemy, enemy);
    let (mut blocked_up, mut blocked_down) = (0u64, 0u64);
    let mut rest = own;
    let mut count = 1usize;
    while rest != 0 {
        let from = rest & lines_with_count::<O>(counts, count as u64);
        if from != 0 {
            // Shifts of 64 or more only occur with an empty source set (a
            // move that long leaves the board): wrapping them is harmless.
            let shift = step * count as u32;
            let free = !own;
            let up = from & sources[2 * O][count & 15] & !blocked_up & free.wrapping_shr(shift);
            sink.add(2 * O, up);
            let down =
                from & sources[2 * O + 1][count & 15] & !blocked_down & free.wrapping_shl(shift);
            sink.add(2 * O + 1, down);
            rest &= !from;
        }
        // Squares with an enemy piece 1..=count steps ahead: blocked for
        // the longer moves that come next.
        enemy_up >>= step;
        blocked_up |= enemy_up;
        enemy_down <<= step;
        blocked_down |= enemy_down;
        count += 1;
    }
}
