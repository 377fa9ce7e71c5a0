//! The two players of every game.

use serde::{Deserialize, Serialize};

/// One of the two players. `First` moves first in every game's standard
/// start (Black in Lines of Action, South in Linear Pursuit, White in Chess
/// Football); each game names its sides with [`crate::Game::side_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first from the standard start.
    First = 0,
    /// The other player.
    Second = 1,
}

impl Player {
    /// Both players, first to second.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with that index (0 or 1); anything else is `Second`.
    #[inline]
    pub const fn from_index(i: usize) -> Player {
        if i == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_and_index_round_trip() {
        for p in Player::BOTH {
            assert_eq!(p.other().other(), p);
            assert_eq!(Player::from_index(p.index()), p);
        }
    }
}
