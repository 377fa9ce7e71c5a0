//! Difficulty levels of the computer opponent.

use std::fmt;
use std::str::FromStr;

/// A difficulty level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// A beginner can beat it.
    Easy,
    /// A casual player's opponent.
    Medium,
    /// A strong opponent.
    Hard,
    /// Full strength.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Max,
    ];

    /// The level's name (`easy`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.trim())
            .ok_or_else(|| format!("unknown level '{s}' (random, easy, medium, hard, max)"))
    }
}
