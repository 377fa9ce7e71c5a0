//! Lines of Action evaluation, after the features of the strong programs
//! MIA (Winands) and YL (Björnsson): concentration (distance of the pieces
//! from their centre of mass, beyond the least possible for their number),
//! centralisation, quads (2x2 blocks holding three or four own pieces,
//! the building blocks of a connected shape), connectedness (adjacent
//! pairs and the number of groups), and a small bonus for the move.

use crate::Evaluate;
use gamut_core::Game;
use gamut_loa::connection::{dilate, group_count};
use gamut_loa::{Loa, LoaMove};

/// File a (bit `rank * 8`).
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square but file h of the 8-wide bit layout.
const NOT_FILE_H: u64 = !(FILE_A << 7);
/// Every square but file a.
const NOT_FILE_A: u64 = !FILE_A;

/// Per unit of concentration excess (sum of distances to the centre of
/// mass beyond the least possible), scaled by 12 / pieces.
const CONCENTRATION: i32 = 14;
/// Per 2x2 block with three or four own pieces.
const QUAD: i32 = 12;
/// Per pair of adjacent own pieces.
const ADJACENT: i32 = 3;
/// Per group beyond the first.
const GROUP: i32 = 20;
/// The solver's budget at level `max` in small positions.
const SOLVER_NODES: u64 = 200_000;
/// Having the move.
const TEMPO: i32 = 15;
/// By distance from the edge (0 = edge ring) for a piece.
const CENTRAL: [i32; 4] = [-15, 0, 8, 16];
/// Extra for a piece in a corner.
const CORNER: i32 = -10;

/// The least sum of Chebyshev distances to one square for `n` pieces:
/// one on it, eight at distance 1, sixteen at distance 2, ...
const MIN_DISTANCE_SUM: [i32; 65] = {
    let mut t = [0i32; 65];
    let mut n = 1;
    while n <= 64 {
        let (mut left, mut d, mut sum) = (n as i32, 0i32, 0i32);
        while left > 0 {
            let ring = if d == 0 { 1 } else { 8 * d };
            let here = if left < ring { left } else { ring };
            sum += here * d;
            left -= here;
            d += 1;
        }
        t[n] = sum;
        n += 1;
    }
    t
};

/// `BALLS[s][d]`: the squares within Chebyshev distance `d` of square `s`
/// (8-wide bit layout).
const BALLS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut s = 0;
    while s < 64 {
        let (sf, sr) = ((s % 8) as i32, (s / 8) as i32);
        let mut d = 0;
        while d < 8 {
            let mut mask = 0u64;
            let mut q = 0;
            while q < 64 {
                let (qf, qr) = (q % 8, q / 8);
                let (df, dr) = ((qf - sf).abs(), (qr - sr).abs());
                if (if df > dr { df } else { dr }) <= d {
                    mask |= 1 << q;
                }
                q += 1;
            }
            t[s][d as usize] = mask;
            d += 1;
        }
        s += 1;
    }
    t
};

/// Centralisation score of every square, per board size 6, 7, 8.
const CENTRE_TABLES: [[i32; 64]; 3] = {
    let mut t = [[0i32; 64]; 3];
    let mut k = 0;
    while k < 3 {
        let n = 6 + k as i32;
        let mut s = 0;
        while s < 64 {
            let (f, r) = ((s % 8) as i32, (s / 8) as i32);
            if f < n && r < n {
                let ef = if f < n - 1 - f { f } else { n - 1 - f };
                let er = if r < n - 1 - r { r } else { n - 1 - r };
                let e = if ef < er { ef } else { er };
                t[k][s] = CENTRAL[if e > 3 { 3 } else { e as usize }];
                if ef == 0 && er == 0 {
                    t[k][s] += CORNER;
                }
            }
            s += 1;
        }
        k += 1;
    }
    t
};

/// The positional value of one side's pieces (`pieces` non-empty).
fn side_value(pieces: u64, size: u8) -> i32 {
    let n = pieces.count_ones() as i32;
    if n == 0 {
        return 0;
    }
    // Centre of mass (rounded) and concentration.
    let (mut sum_f, mut sum_r) = (0i32, 0i32);
    for i in 0..8 {
        sum_f += i * (pieces & FILE_A << i).count_ones() as i32;
        sum_r += i * (pieces & 0xFF << (8 * i)).count_ones() as i32;
    }
    let centre = ((2 * sum_r + n) / (2 * n)) * 8 + (2 * sum_f + n) / (2 * n);
    let balls = &BALLS[centre as usize];
    let mut distance_sum = 0;
    for ball in balls {
        let outside = (pieces & !ball).count_ones() as i32;
        if outside == 0 {
            break;
        }
        distance_sum += outside;
    }
    let excess = distance_sum - MIN_DISTANCE_SUM[n as usize];
    let mut v = -CONCENTRATION * excess * 12 / n.max(4);

    // Centralisation.
    let table = &CENTRE_TABLES[usize::from(size.clamp(6, 8) - 6)];
    let mut rest = pieces;
    while rest != 0 {
        v += table[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }

    // Quads with three or four pieces (anchored at their lower-left square).
    let (q0, q1, q2, q3) = (
        pieces,
        pieces >> 1 & NOT_FILE_H,
        pieces >> 8,
        pieces >> 9 & NOT_FILE_H,
    );
    let three = (q0 & q1 & (q2 | q3)) | (q2 & q3 & (q0 | q1));
    v += QUAD * three.count_ones() as i32;

    // Adjacent pairs (each counted once) and groups.
    let pairs = (pieces & pieces >> 1 & NOT_FILE_H).count_ones()
        + (pieces & pieces >> 8).count_ones()
        + (pieces & pieces >> 9 & NOT_FILE_H).count_ones()
        + (pieces & pieces >> 7 & NOT_FILE_A).count_ones();
    v += ADJACENT * pairs as i32;
    v -= GROUP * (group_count(pieces) as i32 - 1);
    v
}

impl Evaluate for Loa {
    const QUIESCENCE: bool = true;
    // `max` against itself at 2+0.02: 43 plies on average, 80 % of the
    // games within 32 to 56.
    const TYPICAL_PLIES: u32 = 45;

    /// 6x6 boards and endings with at most six pieces are worth a try.
    fn solver_nodes(&self) -> u64 {
        let pieces = self.piece_count(gamut_core::Player::First)
            + self.piece_count(gamut_core::Player::Second);
        if self.size() == 6 || pieces <= 6 {
            SOLVER_NODES
        } else {
            0
        }
    }

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let size = self.size();
        side_value(self.pieces(me), size) - side_value(self.pieces(me.other()), size) + TEMPO
    }

    fn order_hint(&self, mv: LoaMove) -> i32 {
        // Towards the centre and next to more own pieces.
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return 0;
        };
        let table = &CENTRE_TABLES[usize::from(self.size().clamp(6, 8) - 6)];
        let own = self.pieces(self.side_to_move()) & !from.bit();
        let friends = |s: u64| (dilate(s) & own).count_ones() as i32;
        table[to.index()] - table[from.index()] + 10 * (friends(to.bit()) - friends(from.bit()))
    }

    fn tactical_value(&self, mv: LoaMove) -> i32 {
        // Captures: they change the shape of both sides at once (searched
        // in quiescence: worth about 100 Elo in self-play at 0.1 s/move).
        match mv.to() {
            Some(to) if self.pieces(self.side_to_move().other()) & to.bit() != 0 => 1,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_loa::LoaOptions;

    #[test]
    fn minimal_distance_sums() {
        assert_eq!(MIN_DISTANCE_SUM[1], 0);
        assert_eq!(MIN_DISTANCE_SUM[9], 8);
        assert_eq!(MIN_DISTANCE_SUM[12], 14);
    }

    #[test]
    fn the_start_is_symmetric_and_concentration_counts() {
        let pos = Loa::start(&LoaOptions::default());
        assert_eq!(pos.evaluate(), TEMPO);
        // A compact 3x3 block beats a spread-out line of nine.
        let block = 0x07_07_07;
        let line = 0xFF | 1 << 8;
        assert!(side_value(block, 8) > side_value(line, 8) + 100);
    }
}
