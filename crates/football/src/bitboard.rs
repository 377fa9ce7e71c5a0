//! Bitboard constants of the Chess Football board: halves, goals, kick-off
//! squares, last ranks and pawn directions, per side.

use crate::Square;
use gamut_core::Player;

/// File a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub const FILE_H: u64 = FILE_A << 7;
/// Rank 1.
pub const RANK_1: u64 = 0xFF;
/// Rank 8.
pub const RANK_8: u64 = RANK_1 << 56;
/// White's goal: c1, d1, e1, f1.
pub const WHITE_GOAL: u64 = 0b0011_1100;
/// Black's goal: c8, d8, e8, f8.
pub const BLACK_GOAL: u64 = WHITE_GOAL << 56;
/// White's half: ranks 1–4.
pub const WHITE_HALF: u64 = 0xFFFF_FFFF;
/// Black's half: ranks 5–8.
pub const BLACK_HALF: u64 = !WHITE_HALF;

/// The goal `side` defends (its King is placed there).
#[inline]
pub const fn own_goal(side: Player) -> u64 {
    match side {
        Player::First => WHITE_GOAL,
        Player::Second => BLACK_GOAL,
    }
}

/// The goal `side` scores in (the opponent's goal).
#[inline]
pub const fn target_goal(side: Player) -> u64 {
    own_goal(side.other())
}

/// The half where `side` places its pieces.
#[inline]
pub const fn own_half(side: Player) -> u64 {
    match side {
        Player::First => WHITE_HALF,
        Player::Second => BLACK_HALF,
    }
}

/// The rank where `side`'s pawns promote.
#[inline]
pub const fn last_rank(side: Player) -> u64 {
    match side {
        Player::First => RANK_8,
        Player::Second => RANK_1,
    }
}

/// The kick-off square of `side`: e4 for White, e5 for Black.
#[inline]
pub const fn kickoff_square(side: Player) -> Square {
    match side {
        Player::First => Square::from_index(28),
        Player::Second => Square::from_index(36),
    }
}

/// The squares one step straight forward of `pawns` (for `side`).
#[inline]
pub const fn pawn_pushes(side: Player, pawns: u64) -> u64 {
    match side {
        Player::First => pawns << 8,
        Player::Second => pawns >> 8,
    }
}

/// The squares diagonally forward of `pawns` (for `side`): where they
/// tackle, pass and shoot.
#[inline]
pub const fn pawn_diagonals(side: Player, pawns: u64) -> u64 {
    match side {
        Player::First => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Player::Second => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}
