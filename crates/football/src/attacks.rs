//! Attack sets: King and Knight tables, and sliding attacks by hyperbola
//! quintessence (files and diagonals by byte swap, ranks by a first-rank
//! table), all tables built at compile time. Also the squares strictly
//! between two aligned squares (for the `keeper` shot rule).

use crate::Square;

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        let mut bits = 0u64;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                bits |= 1u64 << (nf + 8 * nr);
            }
            i += 1;
        }
        table[sq] = bits;
        sq += 1;
    }
    table
}

/// King steps from each square.
pub const KING: [u64; 64] = step_table(&[
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
]);

/// Knight jumps from each square.
pub const KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// The line through a square in one direction pair, the square itself
/// excluded: `[file, diagonal, anti-diagonal]` masks per square.
const fn line_masks() -> [[u64; 3]; 64] {
    let mut masks = [[0u64; 3]; 64];
    let dirs: [(i8, i8); 3] = [(0, 1), (1, 1), (-1, 1)];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 3 {
            let mut bits = 0u64;
            let mut sign = -1i8;
            while sign <= 1 {
                let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
                loop {
                    f += dirs[d].0 * sign;
                    r += dirs[d].1 * sign;
                    if f < 0 || f >= 8 || r < 0 || r >= 8 {
                        break;
                    }
                    bits |= 1u64 << (f + 8 * r);
                }
                sign += 2;
            }
            masks[sq][d] = bits;
            d += 1;
        }
        sq += 1;
    }
    masks
}

const LINES: [[u64; 3]; 64] = line_masks();

/// Rank attacks of a slider on file `f` of the first rank for each
/// occupancy of the six inner squares: `[f][inner occupancy]`.
const fn first_rank_table() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut occ = 0;
        while occ < 64 {
            let blockers = (occ << 1) as u8;
            let mut bits = 0u8;
            let mut x = f as i32 + 1;
            while x < 8 {
                bits |= 1 << x;
                if blockers & (1 << x) != 0 {
                    break;
                }
                x += 1;
            }
            x = f as i32 - 1;
            while x >= 0 {
                bits |= 1 << x;
                if blockers & (1 << x) != 0 {
                    break;
                }
                x -= 1;
            }
            table[f][occ] = bits;
            occ += 1;
        }
        f += 1;
    }
    table
}

const FIRST_RANK: [[u8; 64]; 8] = first_rank_table();

#[inline]
fn line_attacks(sq: Square, occupied: u64, mask: u64) -> u64 {
    let bit = sq.bit();
    let mut forward = occupied & mask;
    let mut reverse = forward.swap_bytes();
    forward = forward.wrapping_sub(bit);
    reverse = reverse.wrapping_sub(bit.swap_bytes());
    forward ^= reverse.swap_bytes();
    forward & mask
}

#[inline]
fn rank_attacks(sq: Square, occupied: u64) -> u64 {
    let shift = u32::from(sq.rank()) * 8;
    let inner = ((occupied >> (shift + 1)) & 63) as usize;
    u64::from(FIRST_RANK[sq.file() as usize][inner]) << shift
}

/// Rook attacks from `sq` with these blockers (the first blocker on each
/// line included).
#[inline]
pub fn rook(sq: Square, occupied: u64) -> u64 {
    line_attacks(sq, occupied, LINES[sq.index()][0]) | rank_attacks(sq, occupied)
}

/// Bishop attacks from `sq` with these blockers.
#[inline]
pub fn bishop(sq: Square, occupied: u64) -> u64 {
    let m = &LINES[sq.index()];
    line_attacks(sq, occupied, m[1]) | line_attacks(sq, occupied, m[2])
}

/// Queen attacks from `sq` with these blockers.
#[inline]
pub fn queen(sq: Square, occupied: u64) -> u64 {
    rook(sq, occupied) | bishop(sq, occupied)
}

const fn between_table() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let dirs: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
            let mut crossed = 0u64;
            loop {
                f += dirs[d].0;
                r += dirs[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                let to = (f + 8 * r) as usize;
                table[from][to] = crossed;
                crossed |= 1u64 << to;
            }
            d += 1;
        }
        from += 1;
    }
    table
}

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a rank,
/// file or diagonal (empty when they are not aligned or adjacent).
pub static BETWEEN: [[u64; 64]; 64] = between_table();

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(sq: Square, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
        let mut bits = 0;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8, sq.rank() as i8);
            loop {
                f += df;
                r += dr;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    break;
                }
                let b = 1u64 << (f + 8 * r);
                bits |= b;
                if occupied & b != 0 {
                    break;
                }
            }
        }
        bits
    }

    #[test]
    fn sliding_attacks_match_ray_walks() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & (x >> 3);
            for i in 0..64 {
                let s = Square::from_index(i);
                let rook_dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                let bishop_dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                assert_eq!(rook(s, occ), slow(s, occ, &rook_dirs));
                assert_eq!(bishop(s, occ), slow(s, occ, &bishop_dirs));
            }
        }
    }

    #[test]
    fn between_is_exclusive() {
        let a1 = Square::from_index(0);
        let h8 = Square::from_index(63);
        let a8 = Square::from_index(56);
        let b3 = Square::from_index(17);
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[h8.index()][a1.index()], BETWEEN[0][63]);
        assert_eq!(BETWEEN[0][a8.index()].count_ones(), 6);
        assert_eq!(BETWEEN[0][b3.index()], 0);
        assert_eq!(BETWEEN[0][1], 0);
    }
}
