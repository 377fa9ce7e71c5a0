//! Squares of boards up to 8x8 held in one `u64` bitboard, their names
//! (`a1` … `h8`), and [`Squares`], the walk over the set bits of a bitboard.
//!
//! Every board size lives in the low corner of one 8x8 bitboard: square
//! index `rank * 8 + file`, so `a1` = 0, `h1` = 7, `a8` = 56 and `h8` = 63,
//! and square `s` is the bit `1 << s`. On smaller boards (6x6, 7x7) the
//! files and ranks past the board's size are never used; [`Square::parse`]
//! takes the board size so that names off the board are refused.

use std::fmt;
use std::iter::FusedIterator;

/// A square of an (up to 8x8) board, as a bit index `rank * 8 + file`.
///
/// The order (`Ord`) is the index order: `a1`, `b1`, … `h1`, `a2`, … `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), both `< 8`
    /// (checked in debug builds only; use [`Square::try_new`] on input).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    /// The square on `file` and `rank`, or `None` unless both are `< 8`.
    #[inline]
    pub const fn try_new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with bit index `index` (`< 64`; checked in debug builds
    /// only, use [`Square::try_from_index`] on input).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square with bit index `index`, or `None` unless it is `< 64`.
    #[inline]
    pub const fn try_from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square of the lowest set bit of `bits`. The bit index is taken
    /// modulo 64, so an empty bitboard gives `a1` rather than an invalid
    /// square (and the index is provably `< 64` for table look-ups).
    #[inline]
    pub const fn lowest(bits: u64) -> Square {
        Square((bits.trailing_zeros() & 63) as u8)
    }

    /// The bit index `rank * 8 + file`, 0 to 63.
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

    /// The bitboard with only this square set.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Read a square name such as `e4` on a board of `size` files and ranks
    /// (at most 8; larger sizes count as 8). `None` for anything else: wrong
    /// length, letters or digits off the board, non-ASCII text.
    pub fn parse(text: &str, size: u8) -> Option<Square> {
        let &[file, rank] = text.as_bytes() else {
            return None;
        };
        let file = file.wrapping_sub(b'a');
        let rank = rank.wrapping_sub(b'1');
        let size = if size < 8 { size } else { 8 };
        if file < size && rank < size {
            Some(Square::new(file, rank))
        } else {
            None
        }
    }
}

impl Square {
    /// The square's two letters (`e4`): file, then rank.
    #[inline]
    pub fn name_chars(self) -> [char; 2] {
        [
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank()),
        ]
    }

    /// Appends the square's name (`e4`) to `out`, without the formatting
    /// machinery (move texts are written by the thousand per event).
    #[inline]
    pub fn push_name(self, out: &mut String) {
        out.extend(self.name_chars());
    }
}

impl fmt::Display for Square {
    /// The square's name, such as `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.name_chars();
        fmt::Write::write_char(f, file)?;
        fmt::Write::write_char(f, rank)
    }
}

/// The squares of a bitboard, lowest index first: `Squares(bits)` iterates
/// over the set bits of `bits`, clearing the lowest one at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl ExactSizeIterator for Squares {}

impl FusedIterator for Squares {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_and_index_agree() {
        for i in 0..64u8 {
            let s = Square::from_index(i);
            assert_eq!(Square::new(s.file(), s.rank()), s);
            assert_eq!(Square::try_new(s.file(), s.rank()), Some(s));
            assert_eq!(Square::try_from_index(i), Some(s));
            assert_eq!(s.index(), usize::from(i));
            assert_eq!(s.bit(), 1 << i);
            assert_eq!(Square::lowest(s.bit() | s.bit() << 1), s);
        }
        assert_eq!(Square::new(4, 3).index(), 28);
        assert_eq!(Square::try_new(8, 0), None);
        assert_eq!(Square::try_new(0, 8), None);
        assert_eq!(Square::try_from_index(64), None);
        assert_eq!(Square::lowest(0), Square::from_index(0));
    }

    #[test]
    fn names_round_trip() {
        for i in 0..64 {
            let s = Square::from_index(i);
            assert_eq!(Square::parse(&s.to_string(), 8), Some(s));
        }
        assert_eq!(Square::from_index(0).to_string(), "a1");
        assert_eq!(Square::from_index(63).to_string(), "h8");
        assert_eq!(Square::parse("e4", 8).map(Square::index), Some(28));
    }

    #[test]
    fn parse_respects_the_board_size() {
        assert_eq!(Square::parse("g1", 6), None);
        assert_eq!(Square::parse("a7", 6), None);
        assert_eq!(Square::parse("f6", 6), Some(Square::new(5, 5)));
        assert_eq!(Square::parse("g7", 7), Some(Square::new(6, 6)));
        assert_eq!(Square::parse("i1", 9), None);
        assert_eq!(Square::parse("a9", 200), None);
    }

    #[test]
    fn parse_refuses_bad_text() {
        for bad in [
            "", "a", "e", "a0", "i1", "a9", "1a", "a10", "e44", "é1", "é4", "A1",
        ] {
            assert_eq!(Square::parse(bad, 8), None, "{bad}");
        }
    }

    #[test]
    fn squares_walk_set_bits_in_order() {
        let v: Vec<usize> = Squares(0b1010_0001).map(Square::index).collect();
        assert_eq!(v, vec![0, 5, 7]);
        assert_eq!(Squares(0).next(), None);
        let all: Vec<Square> = Squares(u64::MAX).collect();
        assert_eq!(all, (0..64).map(Square::from_index).collect::<Vec<_>>());
        let mut it = Squares(1 << 63 | 1 << 9);
        assert_eq!(it.len(), 2);
        assert_eq!(it.next(), Some(Square::from_index(9)));
        assert_eq!(it.len(), 1);
        assert_eq!(it.next(), Some(Square::from_index(63)));
        assert_eq!(it.next(), None);
        assert_eq!(it.next(), None);
        assert_eq!(Squares(0xF0F0).count(), 8);
    }
}
