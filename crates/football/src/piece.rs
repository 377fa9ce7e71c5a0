//! The kinds of pieces (King, Queen, Rook, Bishop, Knight, Pawn) and their
//! letters.

use std::fmt;

/// A kind of piece. The discriminant is the index into per-kind arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The King: one square in any direction.
    King = 0,
    /// The Queen: ranks, files and diagonals.
    Queen = 1,
    /// The Rook: ranks and files.
    Rook = 2,
    /// The Bishop: diagonals.
    Bishop = 3,
    /// The Knight: the L-jump.
    Knight = 4,
    /// The Pawn: one square straight forward; diagonally forward to tackle
    /// and pass.
    Pawn = 5,
}

impl Kind {
    /// Every kind, in index order (K Q R B N P).
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];

    /// The kinds a pawn may promote to, in notation order.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    /// The index 0..6 into per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i` (0..6); anything else is a Pawn.
    #[inline]
    pub const fn from_index(i: usize) -> Kind {
        match i {
            0 => Kind::King,
            1 => Kind::Queen,
            2 => Kind::Rook,
            3 => Kind::Bishop,
            4 => Kind::Knight,
            _ => Kind::Pawn,
        }
    }

    /// The upper-case letter (`K Q R B N P`).
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of an upper-case letter.
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
