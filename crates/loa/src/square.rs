//! Squares of the board and their names (`a1` … `h8`).
//!
//! Every board size lives in the low corner of one 8x8 bitboard: square
//! index `rank * 8 + file`, `a1` = 0, `h1` = 7, `a8` = 56. On the 6x6 and
//! 7x7 boards the files and ranks past the board's size are never used.

use std::fmt;

/// A square of the (up to 8x8) board, as a bit index `rank * 8 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), both `< 8`.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    /// The square with bit index `index` (`< 64`).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The bit index `rank * 8 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 for rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The bitboard with only this square set.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Read a square name such as `b1` on a board of `size` (6, 7 or 8).
    pub fn parse(text: &str, size: u8) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        (file < size && rank < size).then(|| Square::new(file, rank))
    }

    /// The squares of a bitboard, lowest index first.
    pub fn iter(bits: u64) -> impl Iterator<Item = Square> {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let s = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Square(s)
            })
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..64 {
            let s = Square::from_index(i);
            assert_eq!(Square::parse(&s.to_string(), 8), Some(s));
        }
        assert_eq!(Square::parse("g1", 6), None);
        assert_eq!(Square::parse("a7", 6), None);
        assert_eq!(Square::parse("f6", 6), Some(Square::new(5, 5)));
        for bad in ["", "a", "a0", "i1", "a9", "1a", "a10", "é1"] {
            assert_eq!(Square::parse(bad, 8), None, "{bad}");
        }
    }

    #[test]
    fn iterates_bits_in_order() {
        let v: Vec<usize> = Square::iter(0b1010_0001).map(Square::index).collect();
        assert_eq!(v, vec![0, 5, 7]);
    }
}
