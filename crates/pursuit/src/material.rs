//! A material signature: the pieces of each side on one board, what an
//! endgame table of Linear Pursuit covers (see [`gamut_core::Retrograde`]).

use crate::{Board, Piece};
use gamut_core::Player;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The pieces of each side (in play or out of play) on one board: the
/// material of an endgame table. Written `KN v K` (South's pieces, then
/// North's, in the order K R B N P).
#[derive(Clone, Copy, Debug)]
pub struct PursuitMaterial {
    /// The board.
    pub board: &'static Board,
    /// `[side][piece]` counts (each side has exactly one King).
    pub counts: [[u8; 5]; 2],
}

/// Why a material text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    /// Not two sides separated by ` v `.
    #[error("write a material as South's pieces, 'v' and North's, e.g. 'KN v K' (got '{0}')")]
    Form(String),
    /// A letter that is no piece.
    #[error("'{0}' is not a piece letter (K R B N P)")]
    Letter(char),
    /// A side without exactly one King.
    #[error("each side needs exactly one King ('{0}')")]
    Kings(String),
    /// More pieces than the board has room for.
    #[error("{0} pieces do not fit on this board")]
    TooMany(usize),
}

impl PursuitMaterial {
    /// Read `KN v K` (also `KN-K`, `KNvK`; letters in any order and case).
    pub fn parse(board: &'static Board, text: &str) -> Result<PursuitMaterial, MaterialError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let sides: Vec<&str> = compact.split(['v', 'V', '-']).collect();
        let [south, north] = sides[..] else {
            return Err(MaterialError::Form(text.to_string()));
        };
        let mut counts = [[0u8; 5]; 2];
        for (side, letters) in [south, north].into_iter().enumerate() {
            for c in letters.chars() {
                let piece = Piece::from_letter(c).ok_or(MaterialError::Letter(c))?;
                let n = &mut counts[side][piece.index()];
                *n = n.saturating_add(1);
            }
            if counts[side][Piece::King.index()] != 1 {
                return Err(MaterialError::Kings(letters.to_string()));
            }
        }
        let material = PursuitMaterial { board, counts };
        let (majors, pawns) = (material.majors(), material.pawns());
        if majors > 2 * board.size() || pawns > board.size() || majors + pawns > 2 * board.size() {
            return Err(MaterialError::TooMany(majors + pawns));
        }
        Ok(material)
    }

    /// How many pieces of kind `piece` `side` has.
    pub fn count(&self, side: Player, piece: Piece) -> u8 {
        self.counts[side.index()][piece.index()]
    }

    /// All pieces, Kings included.
    pub fn pieces(&self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// The major pieces (everything but Pawns) of both sides.
    fn majors(&self) -> usize {
        self.pieces() - self.pawns()
    }

    /// The Pawns of both sides.
    fn pawns(&self) -> usize {
        self.counts
            .iter()
            .map(|c| usize::from(c[Piece::Pawn.index()]))
            .sum()
    }

    /// Every piece as (side, kind), in index order: South's then North's,
    /// each in the order K R B N P.
    pub(crate) fn each_piece(&self) -> impl Iterator<Item = (Player, Piece)> + '_ {
        Player::BOTH.into_iter().flat_map(move |side| {
            Piece::ALL
                .into_iter()
                .flat_map(move |piece| (0..self.count(side, piece)).map(move |_| (side, piece)))
        })
    }

    /// The same material with the sides swapped.
    pub fn swapped(&self) -> PursuitMaterial {
        PursuitMaterial {
            board: self.board,
            counts: [self.counts[1], self.counts[0]],
        }
    }
}

impl PartialEq for PursuitMaterial {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.board, other.board) && self.counts == other.counts
    }
}

impl Eq for PursuitMaterial {}

impl Hash for PursuitMaterial {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.board, state);
        self.counts.hash(state);
    }
}

impl fmt::Display for PursuitMaterial {
    /// `KN v K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Player::BOTH {
            if side == Player::Second {
                f.write_str(" v ")?;
            }
            for piece in Piece::ALL {
                for _ in 0..self.count(side, piece) {
                    write!(f, "{}", piece.letter())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn materials_read_and_write() {
        let board = Board::pentagrams();
        let m = PursuitMaterial::parse(board, "nk v k").unwrap();
        assert_eq!(m.to_string(), "KN v K");
        assert_eq!(
            PursuitMaterial::parse(board, "KRN-KP").unwrap().to_string(),
            "KRN v KP"
        );
        assert_eq!(m.swapped().to_string(), "K v KN");
        assert_eq!(m.pieces(), 3);
        assert!(matches!(
            PursuitMaterial::parse(board, "KN"),
            Err(MaterialError::Form(_))
        ));
        assert!(matches!(
            PursuitMaterial::parse(board, "KX v K"),
            Err(MaterialError::Letter('X'))
        ));
        assert!(matches!(
            PursuitMaterial::parse(board, "N v K"),
            Err(MaterialError::Kings(_))
        ));
        assert!(matches!(
            PursuitMaterial::parse(board, "KPPPPPPPPPPPPPPPPPPPP v KP"),
            Err(MaterialError::TooMany(_))
        ));
    }
}
