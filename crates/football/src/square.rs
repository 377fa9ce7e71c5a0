//! Squares of the 8x8 board (`a1` = 0 … `h8` = 63) and their names.

use std::fmt;

/// One square of the board. Index `file + 8 * rank`, so `a1` is 0, `h1` is
/// 7 and `h8` is 63; as a bitboard bit, square `s` is `1 << s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index, if it is below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), both below 8.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(file + 8 * rank))
        } else {
            None
        }
    }

    /// The square of the lowest set bit of a non-empty bitboard (any
    /// bitboard works: the index is taken modulo 64).
    #[inline]
    pub(crate) const fn lowest(bits: u64) -> Square {
        Square((bits.trailing_zeros() & 63) as u8)
    }

    /// The index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square as a one-bit bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Read a square name such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::from_coords(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let s = Square::lowest(self.0);
        self.0 &= self.0 - 1;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..64 {
            let s = Square::new(i).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Square::parse("e4").map(Square::index), Some(28));
        for bad in ["", "e", "i1", "a9", "a0", "e44", "é4"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }
}
