//! The moves of Linear Pursuit (a small `Copy` value) and their notation.

use crate::Piece;

/// One turn of Linear Pursuit. Positions are inner/outer position numbers
/// `0..N`.
///
/// Notation (the rules file's): `e10` enters the major on outer 10 into
/// inner 10; `10-18` moves from 10 to 18 and `10x18` captures on 18;
/// `K@o10` places a major on outer 10 and `P@10` a Pawn on inner 10;
/// `draw` declares a draw when only the two Kings remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PursuitMove {
    /// The major piece on outer position `.0` enters inner position `.0`.
    Enter(u8),
    /// The piece on inner `from` moves to inner `to`, capturing what stands
    /// there (if anything).
    Step {
        /// Origin (inner position).
        from: u8,
        /// Target (inner position).
        to: u8,
    },
    /// Placement phase: put `piece` on position `at` (outer for a major,
    /// inner for a Pawn).
    Place {
        /// The kind placed.
        piece: Piece,
        /// The position (outer for majors, inner for Pawns).
        at: u8,
    },
    /// Declare a draw (only the two Kings remain).
    Draw,
}

impl PursuitMove {
    /// The move's text; `capture` says whether a `Step` takes a piece
    /// (written `x` instead of `-`).
    pub fn text(self, capture: bool) -> String {
        match self {
            PursuitMove::Enter(s) => format!("e{s}"),
            PursuitMove::Step { from, to } => {
                format!("{from}{}{to}", if capture { 'x' } else { '-' })
            }
            PursuitMove::Place { piece, at } if piece.is_major() => {
                format!("{}@o{at}", piece.letter())
            }
            PursuitMove::Place { piece, at } => format!("{}@{at}", piece.letter()),
            PursuitMove::Draw => "draw".to_string(),
        }
    }
}
