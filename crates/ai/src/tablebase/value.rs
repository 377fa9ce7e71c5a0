//! The value of a tabled position: win or loss in so many plies, or a draw,
//! for the side to move, ignoring repetition and the move limit; and its
//! two-byte form in a table.

use std::cmp::Ordering;
use std::fmt;

/// The game-theoretic value of a position for its side to move, with the
/// board rules only (no repetition rule, no move limit), and the distance
/// of perfect play: the winner ends the game as soon as it can, the loser
/// as late as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableValue {
    /// The side to move wins; the game ends (by the board rules) after
    /// this many plies.
    Win(u16),
    /// The side to move loses after this many plies (0: it has lost).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// The code of a slot that holds no position (or no value yet).
pub(crate) const NO_VALUE: u16 = 0;
/// The code of a draw.
const DRAW: u16 = 1;
/// The longest distance a code holds.
pub const MAX_DISTANCE: u16 = (u16::MAX - 3) / 2;

impl TableValue {
    /// The value one ply earlier, for the side that moved into a position
    /// of this value.
    pub fn parent(self) -> TableValue {
        match self {
            TableValue::Win(d) => TableValue::Loss(d.saturating_add(1)),
            TableValue::Loss(d) => TableValue::Win(d.saturating_add(1)),
            TableValue::Draw => TableValue::Draw,
        }
    }

    /// The plies until the game ends (`None` for a draw).
    pub fn distance(self) -> Option<u16> {
        match self {
            TableValue::Win(d) | TableValue::Loss(d) => Some(d),
            TableValue::Draw => None,
        }
    }

    /// The value under a move limit with `plies_left` plies still to play
    /// (`None`: no limit): a win or a loss stands only if the game ends
    /// within the plies left, and is a draw otherwise. This is exact: the
    /// loser of a longer win can hold out past the limit, and the winner
    /// can always keep the loser from winning.
    pub fn within(self, plies_left: Option<u32>) -> TableValue {
        match (self.distance(), plies_left) {
            (Some(d), Some(left)) if u32::from(d) > left => TableValue::Draw,
            _ => self,
        }
    }

    /// The two-byte code of this value in a table.
    pub(crate) fn code(self) -> u16 {
        match self {
            TableValue::Draw => DRAW,
            TableValue::Loss(d) => 2 + 2 * d.min(MAX_DISTANCE),
            TableValue::Win(d) => 3 + 2 * d.min(MAX_DISTANCE),
        }
    }

    /// The value of a code (`None` for [`NO_VALUE`]).
    pub(crate) fn from_code(code: u16) -> Option<TableValue> {
        match code {
            NO_VALUE => None,
            DRAW => Some(TableValue::Draw),
            c if c % 2 == 0 => Some(TableValue::Loss((c - 2) / 2)),
            c => Some(TableValue::Win((c - 3) / 2)),
        }
    }

    /// How good the value is for the side to move (higher is better):
    /// shorter wins above longer wins above a draw above longer losses
    /// above shorter losses.
    fn rank(self) -> i32 {
        match self {
            TableValue::Win(d) => i32::from(u16::MAX) * 2 - i32::from(d),
            TableValue::Draw => i32::from(u16::MAX),
            TableValue::Loss(d) => i32::from(d),
        }
    }
}

impl PartialOrd for TableValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TableValue {
    /// Better for the side to move is greater.
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for TableValue {
    /// `win in 7`, `loss in 4`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableValue::Win(d) => write!(f, "win in {d}"),
            TableValue::Loss(d) => write!(f, "loss in {d}"),
            TableValue::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_values_order() {
        for v in [
            TableValue::Draw,
            TableValue::Win(1),
            TableValue::Win(MAX_DISTANCE),
            TableValue::Loss(0),
            TableValue::Loss(40),
        ] {
            assert_eq!(TableValue::from_code(v.code()), Some(v));
            assert_ne!(v.code(), NO_VALUE);
        }
        assert!(TableValue::Win(1) > TableValue::Win(3));
        assert!(TableValue::Win(99) > TableValue::Draw);
        assert!(TableValue::Draw > TableValue::Loss(99));
        assert!(TableValue::Loss(8) > TableValue::Loss(2));
        assert_eq!(TableValue::Loss(0).parent(), TableValue::Win(1));
        assert_eq!(TableValue::Win(5).within(Some(4)), TableValue::Draw);
        assert_eq!(TableValue::Win(5).within(Some(5)), TableValue::Win(5));
        assert_eq!(TableValue::Loss(6).within(None), TableValue::Loss(6));
    }
}
