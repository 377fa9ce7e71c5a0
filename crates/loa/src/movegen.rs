//! Move generation by line classes, without enumerating pieces one by one.
//!
//! A piece moves exactly as far as there are pieces on its line, so all
//! pieces standing on lines (of one orientation) with the same count `c`
//! move by the same bit shift. For each orientation the generator groups
//! the lines by their (incrementally kept) counts, and for each count `c`
//! and each of the two directions computes at once the set of destination
//! squares: sources that stay on the board, minus sources with an enemy
//! piece strictly within `c` squares (the "blocked" smear of the enemy
//! pieces, grown by one step per count), shifted by `c` steps, minus own
//! pieces. Different sources of one such set have different destinations,
//! so bulk counting is a popcount of each destination set. A [`Sink`]
//! receives each destination set with its shift: it counts them, lists the
//! moves, or notes that a move exists.

use crate::moves::LoaMove;
use crate::tables::{LINES, LINE_MASK, SOURCES, STEPS};
use gamut_core::MoveList;

/// Receives the destination sets found by [`generate`].
pub(crate) trait Sink {
    /// Own pieces move by `shift` bit positions onto each square of `dests`
    /// (one move per square).
    fn add(&mut self, dests: u64, shift: i32);
}

/// Counts the moves.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, dests: u64, _shift: i32) {
        self.0 += u64::from(dests.count_ones());
    }
}

/// Notes whether any move exists.
pub(crate) struct AnyMove(pub bool);

impl Sink for AnyMove {
    #[inline(always)]
    fn add(&mut self, dests: u64, _shift: i32) {
        self.0 |= dests != 0;
    }
}

/// Appends the moves to a move list.
pub(crate) struct Lister<'a>(pub &'a mut MoveList<LoaMove>);

impl Sink for Lister<'_> {
    #[inline(always)]
    fn add(&mut self, dests: u64, shift: i32) {
        let mut rest = dests;
        while rest != 0 {
            let to = rest.trailing_zeros();
            self.0
                .push(LoaMove::from_indices(to.wrapping_add_signed(-shift), to));
            rest &= rest - 1;
        }
    }
}

/// `bits` shifted towards higher indices by `shift` (lower if negative).
/// Shifts of 64 or more only occur with `bits` empty (a move that long
/// leaves the board), so wrapping the shift amount is harmless.
#[inline(always)]
const fn shift_by(bits: u64, shift: i32) -> u64 {
    if shift >= 0 {
        bits.wrapping_shl(shift as u32)
    } else {
        bits.wrapping_shr(shift.unsigned_abs())
    }
}

/// Feed every move of the pieces `own` (opponent `enemy`) to `sink`, given
/// the packed line counts and the board size index (`size - 6`).
#[inline(always)]
pub(crate) fn generate<S: Sink>(
    own: u64,
    enemy: u64,
    counts: &[u64; 4],
    size_index: usize,
    sink: &mut S,
) {
    orientation::<0, S>(own, enemy, counts[0], size_index, sink);
    orientation::<1, S>(own, enemy, counts[1], size_index, sink);
    orientation::<2, S>(own, enemy, counts[2], size_index, sink);
    orientation::<3, S>(own, enemy, counts[3], size_index, sink);
}

/// The moves along the lines of orientation `O` (directions `2O` and
/// `2O + 1`).
#[inline(always)]
fn orientation<const O: usize, S: Sink>(
    own: u64,
    enemy: u64,
    packed: u64,
    size_index: usize,
    sink: &mut S,
) {
    let mut by_count = [0u64; 16];
    for (line, mask) in LINE_MASK[O].iter().enumerate().take(LINES[O]) {
        by_count[((packed >> (4 * line)) & 15) as usize] |= mask;
    }
    let sources = &SOURCES[size_index];
    let (fwd, back) = (STEPS[2 * O], STEPS[2 * O + 1]);
    let (mut enemy_fwd, mut enemy_back) = (enemy, enemy);
    let (mut blocked_fwd, mut blocked_back) = (0u64, 0u64);
    let mut rest = own & !by_count[0];
    let mut count = 1usize;
    while rest != 0 {
        let from = own & by_count[count & 15];
        if from != 0 {
            let shift = fwd * count as i32;
            let go = from & sources[2 * O][count & 15] & !blocked_fwd;
            sink.add(shift_by(go, shift) & !own, shift);
            let shift = back * count as i32;
            let go = from & sources[2 * O + 1][count & 15] & !blocked_back;
            sink.add(shift_by(go, shift) & !own, shift);
            rest &= !from;
        }
        // Squares with an enemy piece 1..=count steps ahead: blocked for
        // the longer moves that come next.
        enemy_fwd = shift_by(enemy_fwd, -fwd);
        blocked_fwd |= enemy_fwd;
        enemy_back = shift_by(enemy_back, -back);
        blocked_back |= enemy_back;
        count += 1;
    }
}
