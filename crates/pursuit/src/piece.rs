//! The kinds of pieces and their letters.

/// A kind of piece. The four major pieces start on outer positions; Pawns
/// stand on inner positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Moves as a Rook or as a Bishop; losing it loses the game.
    King = 0,
    /// One inner line; captures anything.
    Rook = 1,
    /// Two inner lines through an empty middle; captures anything.
    Bishop = 2,
    /// A circumference segment and an inner line (either order) through an
    /// empty middle; captures anything.
    Knight = 3,
    /// One inner line; captures only Pawns.
    Pawn = 4,
}

impl Piece {
    /// Every kind, in index order (King, Rook, Bishop, Knight, Pawn).
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
        Piece::Pawn,
    ];

    /// The major pieces (everything but the Pawn), in index order.
    pub const MAJORS: [Piece; 4] = [Piece::King, Piece::Rook, Piece::Bishop, Piece::Knight];

    /// 0 to 4: an index into per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this is a major piece (starts on an outer position).
    #[inline]
    pub const fn is_major(self) -> bool {
        !matches!(self, Piece::Pawn)
    }

    /// The upper-case letter (`K`, `R`, `B`, `N`, `P`).
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
            Piece::Pawn => 'P',
        }
    }

    /// The kind with that letter, in either case.
    pub fn from_letter(c: char) -> Option<Piece> {
        match c.to_ascii_uppercase() {
            'K' => Some(Piece::King),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            'P' => Some(Piece::Pawn),
            _ => None,
        }
    }

    /// The English name (`King`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "King",
            Piece::Rook => "Rook",
            Piece::Bishop => "Bishop",
            Piece::Knight => "Knight",
            Piece::Pawn => "Pawn",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for p in Piece::ALL {
            assert_eq!(Piece::from_letter(p.letter()), Some(p));
            assert_eq!(Piece::from_letter(p.letter().to_ascii_lowercase()), Some(p));
            assert_eq!(Piece::ALL[p.index()], p);
        }
        assert_eq!(Piece::from_letter('x'), None);
    }
}
