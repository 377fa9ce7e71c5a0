//! Tables computed at compile time: directions, line masks and line
//! indices, the source squares from which a move of a given length stays on
//! the board (per board size), and the Zobrist keys.

use gamut_core::zobrist;

/// The four line orientations: rows, columns, diagonals (`a1`–`h8`
/// direction) and anti-diagonals (`a8`–`h1` direction).
pub const ORIENTATIONS: usize = 4;

/// File and rank steps of the eight directions, in pairs along one
/// orientation: east, west, north, south, north-east, south-west,
/// north-west, south-east. Direction `k` runs along orientation `k / 2`.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// The bit-index step of each direction (`file step + 8 * rank step`).
pub const STEPS: [i32; 8] = {
    let mut out = [0; 8];
    let mut k = 0;
    while k < 8 {
        out[k] = DIRECTIONS[k].0 as i32 + 8 * DIRECTIONS[k].1 as i32;
        k += 1;
    }
    out
};

/// The index of the line through square `s` for each orientation:
/// rank, file, `rank - file + 7`, `rank + file`.
pub const LINE_INDEX: [[u8; ORIENTATIONS]; 64] = {
    let mut out = [[0; ORIENTATIONS]; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = (s % 8, s / 8);
        out[s] = [r as u8, f as u8, (r + 7 - f) as u8, (r + f) as u8];
        s += 1;
    }
    out
};

/// The squares of each line, by orientation and line index.
pub const LINE_MASK: [[u64; 16]; ORIENTATIONS] = {
    let mut out = [[0; 16]; ORIENTATIONS];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < ORIENTATIONS {
            out[o][LINE_INDEX[s][o] as usize] |= 1u64 << s;
            o += 1;
        }
        s += 1;
    }
    out
};

/// The number of `u64` words holding the line counts: one byte per line,
/// eight lines per word: rows, files, diagonals 0–7, diagonals 8–14,
/// anti-diagonals 0–7, anti-diagonals 8–14.
pub const COUNT_WORDS: usize = 6;

/// Where the count of the line of orientation `o` through square `s` is
/// kept: `(word, bit shift of its byte)`.
pub const COUNT_PLACE: [[(u8, u8); ORIENTATIONS]; 64] = {
    let mut out = [[(0, 0); ORIENTATIONS]; 64];
    let mut s = 0;
    while s < 64 {
        let [r, f, d, a] = LINE_INDEX[s];
        out[s] = [
            (0, 8 * r),
            (1, 8 * f),
            (2 + d / 8, 8 * (d % 8)),
            (4 + a / 8, 8 * (a % 8)),
        ];
        s += 1;
    }
    out
};

/// What adding a piece on square `s` adds to the count words.
pub const COUNT_UNIT: [[u64; COUNT_WORDS]; 64] = {
    let mut out = [[0; COUNT_WORDS]; 64];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < ORIENTATIONS {
            let (word, shift) = COUNT_PLACE[s][o];
            out[s][word as usize] |= 1u64 << shift;
            o += 1;
        }
        s += 1;
    }
    out
};

/// `DIAGONALS_OF[o - 2][half][flags]`: the union of the diagonals (`o` =
/// 2) or anti-diagonals (`o` = 3) numbered `8 * half + i` for each bit `i`
/// of `flags`.
pub const DIAGONALS_OF: [[[u64; 256]; 2]; 2] = {
    let mut out = [[[0; 256]; 2]; 2];
    let mut o = 0;
    while o < 2 {
        let mut half = 0;
        while half < 2 {
            let mut flags = 0;
            while flags < 256 {
                let mut i = 0;
                while i < 8 {
                    if flags & (1 << i) != 0 {
                        out[o][half][flags] |= LINE_MASK[o + 2][8 * half + i];
                    }
                    i += 1;
                }
                flags += 1;
            }
            half += 1;
        }
        o += 1;
    }
    out
};

/// The squares of the `size` x `size` board (in the low corner of the 8x8
/// bitboard).
pub const fn board_mask(size: u8) -> u64 {
    let mut mask = 0;
    let mut s = 0;
    while s < 64 {
        if s % 8 < size as usize && s / 8 < size as usize {
            mask |= 1u64 << s;
        }
        s += 1;
    }
    mask
}

/// One more than the largest value of a 4-bit line counter: the width of
/// tables indexed by a move's length (lengths above 8 never occur; their
/// entries are empty).
pub const DISTANCES: usize = 16;

/// `SOURCES[size - 6][k][d]`: the squares of the board from which a move
/// of `d` squares in direction `k` lands on the board.
pub const SOURCES: [[[u64; DISTANCES]; 8]; 3] = {
    let mut out = [[[0; DISTANCES]; 8]; 3];
    let mut n = 0;
    while n < 3 {
        let size = 6 + n as i32;
        let mut k = 0;
        while k < 8 {
            let mut d = 0;
            while d < DISTANCES {
                let mut s: i32 = 0;
                while s < 64 {
                    let (f, r) = (s % 8, s / 8);
                    let tf = f + d as i32 * DIRECTIONS[k].0 as i32;
                    let tr = r + d as i32 * DIRECTIONS[k].1 as i32;
                    if f < size && r < size && tf >= 0 && tf < size && tr >= 0 && tr < size {
                        out[n][k][d] |= 1u64 << s;
                    }
                    s += 1;
                }
                d += 1;
            }
            k += 1;
        }
        n += 1;
    }
    out
};

/// The squares not on file `a` (for shifts towards it).
pub const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
/// The squares not on file `h` (for shifts towards it).
pub const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Zobrist keys: 64 per player, then the side to move, then the pass flag.
pub const ZOBRIST: [u64; 130] = zobrist::keys(0x4C0A_1A7E_5EED_0001);
/// Index in [`ZOBRIST`] of the side-to-move key (Second to move).
pub const Z_SIDE: usize = 128;
/// Index in [`ZOBRIST`] of the key for "the last move was a pass".
pub const Z_PASS: usize = 129;

/// The Zobrist key of `player`'s piece (0 or 1) on square `s`.
#[inline]
pub const fn piece_key(player: usize, s: usize) -> u64 {
    ZOBRIST[player * 64 + s]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number of lines of each orientation on the 8x8 bitboard.
    const LINES: [usize; ORIENTATIONS] = [8, 8, 15, 15];

    #[test]
    fn lines_partition_the_board() {
        for o in 0..ORIENTATIONS {
            let masks = &LINE_MASK[o][..LINES[o]];
            assert_eq!(masks.iter().fold(0, |a, m| a | m), !0);
            assert_eq!(masks.iter().map(|m| m.count_ones()).sum::<u32>(), 64);
        }
        assert_eq!(LINE_MASK[2][7].count_ones(), 8); // a1-h8
        assert_eq!(LINE_MASK[3][7].count_ones(), 8); // a8-h1
    }

    #[test]
    fn sources_respect_board_edges() {
        // 6x6: from a1 east by 5 reaches f1; by 6 leaves the board.
        assert_ne!(SOURCES[0][0][5] & 1, 0);
        assert_eq!(SOURCES[0][0][6] & 1, 0);
        // 8x8: from h8 south-west by 7 reaches a1.
        assert_ne!(SOURCES[2][5][7] & (1 << 63), 0);
        for (sources, size) in SOURCES.iter().zip(6..) {
            assert_eq!(sources[0][0], board_mask(size));
        }
    }
}
