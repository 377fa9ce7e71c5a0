//! Groups of pieces connected orthogonally or diagonally (8-neighbourhood),
//! found by bitboard flood fill (shift-based dilation, no allocation).
//! Public for evaluation functions: connection is what the game is about.

use crate::tables::{NOT_FILE_A, NOT_FILE_H};

/// `bits` together with every square next to one of them (8-neighbourhood).
/// Squares past the edge of a smaller board may be included; intersect with
/// the pieces or the board mask as needed.
#[inline]
pub const fn dilate(bits: u64) -> u64 {
    let row = bits | ((bits << 1) & NOT_FILE_A) | ((bits >> 1) & NOT_FILE_H);
    row | (row << 8) | (row >> 8)
}

/// The group of `pieces` connected to the squares of `seed` (which should
/// be pieces themselves).
#[inline]
pub fn group_of(pieces: u64, seed: u64) -> u64 {
    let mut group = seed & pieces;
    loop {
        let next = dilate(group) & pieces;
        if next == group {
            return group;
        }
        group = next;
    }
}

/// Whether `pieces` form exactly one connected group (a single piece does;
/// no pieces do not).
#[inline]
pub fn is_connected(pieces: u64) -> bool {
    pieces != 0 && group_of(pieces, pieces & pieces.wrapping_neg()) == pieces
}

/// The number of connected groups of `pieces`.
pub fn group_count(pieces: u64) -> u32 {
    let mut rest = pieces;
    let mut count = 0;
    while rest != 0 {
        rest &= !group_of(rest, rest & rest.wrapping_neg());
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dilation_does_not_wrap_around_files() {
        let h1 = 1u64 << 7;
        assert_eq!(dilate(h1), h1 | 1 << 6 | 1 << 14 | 1 << 15);
        let a2 = 1u64 << 8;
        assert_eq!(dilate(a2), a2 | 1 | 1 << 1 | 1 << 9 | 1 << 16 | 1 << 17);
    }

    #[test]
    fn groups_are_counted() {
        assert!(!is_connected(0));
        assert_eq!(group_count(0), 0);
        assert!(is_connected(1 << 27));
        // a1, b2, c3 diagonal chain: one group; add h8: two groups.
        let chain = 1 | 1 << 9 | 1 << 18;
        assert!(is_connected(chain));
        assert_eq!(group_count(chain | 1 << 63), 2);
        // a1 and c1 are not neighbours.
        assert!(!is_connected(1 | 1 << 2));
        // h1 and a2 are not neighbours (no wrap-around).
        assert!(!is_connected(1 << 7 | 1 << 8));
    }
}
