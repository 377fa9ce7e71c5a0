//! The move type: a piece going from one square to another, or a forced
//! pass.

use gamut_core::Square;

/// The marker stored in both squares of the pass move.
const PASS_MARK: u8 = 0xFF;

/// A Lines of Action move: `from` → `to` (a capture when an enemy piece
/// stands on `to`), or the forced [`LoaMove::PASS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoaMove {
    from: u8,
    to: u8,
}

impl LoaMove {
    /// The pass of a player who has no legal move.
    pub const PASS: LoaMove = LoaMove {
        from: PASS_MARK,
        to: PASS_MARK,
    };

    /// The move of the piece on `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> LoaMove {
        LoaMove {
            from: from.index() as u8,
            to: to.index() as u8,
        }
    }

    /// The move between two bit indices (both `< 64`; higher bits are
    /// ignored).
    #[inline]
    pub(crate) const fn from_indices(from: u32, to: u32) -> LoaMove {
        LoaMove {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.from == PASS_MARK
    }

    /// The square the piece leaves (`None` for the pass).
    #[inline]
    pub const fn from(self) -> Option<Square> {
        if self.is_pass() {
            None
        } else {
            Some(Square::from_index(self.from))
        }
    }

    /// The square the piece lands on (`None` for the pass).
    #[inline]
    pub const fn to(self) -> Option<Square> {
        if self.is_pass() {
            None
        } else {
            Some(Square::from_index(self.to))
        }
    }
}
