//! Search scores: an evaluation or a forced win/loss, and the internal
//! integer encoding the search uses.

use std::fmt;

/// The internal score of a win at the root; a win in `n` plies scores
/// `MATE - n`, a loss in `n` plies `-(MATE - n)`.
pub(crate) const MATE: i32 = 30_000;
/// Scores at least this large (in absolute value) are forced results.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score (the search window's infinity).
pub(crate) const INFINITE: i32 = MATE + 1;

/// A search result, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation: about 100 is one pawn-like unit of advantage.
    Value(i32),
    /// A forced win in this many plies.
    WinIn(u32),
    /// A forced loss in this many plies.
    LossIn(u32),
}

impl Score {
    /// The score of an internal search value.
    pub(crate) fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::WinIn((MATE - v) as u32)
        } else if v <= -MATE_BOUND {
            Score::LossIn((MATE + v) as u32)
        } else {
            Score::Value(v)
        }
    }

    /// The same score from the other side's point of view.
    pub fn flip(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::WinIn(n) => Score::LossIn(n),
            Score::LossIn(n) => Score::WinIn(n),
        }
    }
}

impl fmt::Display for Score {
    /// `+35`, `-120`, `win in 5`, `loss in 4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v:+}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_values_decode() {
        assert_eq!(Score::from_internal(0), Score::Value(0));
        assert_eq!(Score::from_internal(-250), Score::Value(-250));
        assert_eq!(Score::from_internal(MATE - 1), Score::WinIn(1));
        assert_eq!(Score::from_internal(-(MATE - 6)), Score::LossIn(6));
        assert_eq!(Score::WinIn(3).flip(), Score::LossIn(3));
    }

    #[test]
    fn display() {
        assert_eq!(Score::Value(35).to_string(), "+35");
        assert_eq!(Score::Value(-5).to_string(), "-5");
        assert_eq!(Score::WinIn(5).to_string(), "win in 5");
        assert_eq!(Score::LossIn(2).to_string(), "loss in 2");
    }
}
