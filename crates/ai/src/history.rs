//! Quiet-move ordering knowledge of one search thread: killer moves per
//! ply and the history heuristic (moves that caused cut-offs elsewhere).

use gamut_core::Player;
use std::hash::{Hash, Hasher};

/// Slots of the history table per player (moves are hashed into it).
const HISTORY_SLOTS: usize = 1 << 13;
/// History scores stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;
/// Plies with killer slots.
pub(crate) const MAX_PLY: usize = 128;

/// A small multiplicative hasher for moves (any `Hash` type).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The history slot of a move.
fn slot<M: Hash>(mv: &M) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    (h.finish() >> 40) as usize & (HISTORY_SLOTS - 1)
}

/// Killers and history of one thread.
pub(crate) struct History<M> {
    killers: Vec<[Option<M>; 2]>,
    table: Vec<i32>,
}

impl<M: Copy + Eq + Hash> History<M> {
    /// Empty tables.
    pub fn new() -> Self {
        History {
            killers: vec![[None; 2]; MAX_PLY + 1],
            table: vec![0; 2 * HISTORY_SLOTS],
        }
    }

    /// The killer moves at `ply`.
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// The history score of `mv` for `side` (within ±[`HISTORY_MAX`]).
    pub fn score(&self, side: Player, mv: &M) -> i32 {
        self.table[side.index() * HISTORY_SLOTS + slot(mv)]
    }

    /// A quiet move caused a cut-off at `ply` with `depth` left; the quiet
    /// moves in `tried` were searched before it without success.
    pub fn reward(&mut self, side: Player, ply: usize, depth: i32, mv: M, tried: &[M]) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        self.update(side, &mv, bonus);
        for m in tried {
            self.update(side, m, -bonus);
        }
    }

    fn update(&mut self, side: Player, mv: &M, bonus: i32) {
        let h = &mut self.table[side.index() * HISTORY_SLOTS + slot(mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_raise_and_failures_lower_history() {
        let mut h = History::<u16>::new();
        h.reward(Player::First, 3, 4, 10, &[11, 12]);
        assert!(h.score(Player::First, &10) > 0);
        assert!(h.score(Player::First, &11) < 0);
        assert_eq!(h.score(Player::Second, &10), 0);
        assert_eq!(h.killers(3), [Some(10), None]);
        h.reward(Player::First, 3, 4, 12, &[]);
        assert_eq!(h.killers(3), [Some(12), Some(10)]);
        for _ in 0..10_000 {
            h.reward(Player::First, 3, 60, 10, &[]);
        }
        assert!(h.score(Player::First, &10) <= HISTORY_MAX);
    }
}
