//! Difficulty levels of the computer opponent and what each means for the
//! engine ([`LevelProfile`]):
//!
//! | level    | depth | nodes   | time   | noise | random moves | threads |
//! |----------|-------|---------|--------|-------|--------------|---------|
//! | `random` | –     | –       | –      | –     | always       | –       |
//! | `easy`   | 2     | 20,000  | 0.15 s | ±150  | 20%          | 1       |
//! | `medium` | 4     | 20,000  | 0.6 s  | ±40   | 4%           | 1       |
//! | `hard`   | –     | 30,000  | 3 s    | ±20   | –            | 1       |
//! | `expert` | –     | 250,000 | 5 s    | ±8    | –            | 2       |
//! | `max`    | –     | –       | –      | –     | –            | any     |
//!
//! `expert` sits between `hard` and `max`: on a clock it plays by the time
//! manager as `max` does (at most a twentieth of the time left a move),
//! within its node budget.
//! `max` also has a contempt of 30 (a draw counts as slightly worse than
//! even for it), so it does not settle for repetitions it could avoid.
//! The caller's limits apply too (the tighter wins): under a clock
//! ([`Limits::clock`]) a level's time is the tighter of its cap and what
//! the time manager allots the move, so `max`, which has no cap, thinks as
//! the clock allows. The random moves of
//! `easy` and `medium` never let the opponent win at once and never
//! replace a forced win the search found.

use crate::Limits;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// What a level means for the engine: a budget that caps the caller's
/// limits, and deliberate weaknesses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelProfile {
    /// The most the level may think (the tighter of these and the
    /// caller's limits apply).
    pub cap: Limits,
    /// Evaluation noise: each position's value is off by up to ± this.
    pub noise: i32,
    /// The chance of playing a random legal move instead of the best (one
    /// that does not let the opponent win at once; never when the search
    /// found a forced win).
    pub blunder_chance: f64,
    /// Most search threads the level uses.
    pub max_threads: usize,
    /// Transposition table size (MB).
    pub tt_megabytes: usize,
    /// How much worse than even the level takes a draw to be (`max` plays
    /// for a win and steers away from repetitions it could avoid).
    pub contempt: i32,
}

/// `expert`'s node budget per move: about 8 times `hard`'s, a tenth of a
/// second or two at the engines' 1.5 to 3 million nodes a second.
const EXPERT_NODES: u64 = 250_000;

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
    /// Between `hard` and `max`: a few times `hard`'s search, a little
    /// noise.
    Expert,
    /// Full strength.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Max,
    ];

    /// The level's budget and weaknesses. `random` does not search (its
    /// profile is never used for a search).
    pub fn profile(self) -> LevelProfile {
        let ms = Duration::from_millis;
        let (cap, noise, blunder_chance, max_threads, tt_megabytes) = match self {
            Level::Random => (Limits::depth(1), 0, 1.0, 1, 1),
            Level::Easy => (
                Limits {
                    movetime: Some(ms(150)),
                    nodes: Some(20_000),
                    depth: Some(2),
                    clock: None,
                },
                150,
                0.2,
                1,
                2,
            ),
            Level::Medium => (
                Limits {
                    movetime: Some(ms(600)),
                    nodes: Some(20_000),
                    depth: Some(4),
                    clock: None,
                },
                40,
                0.04,
                1,
                8,
            ),
            // Strong but clearly below `max`: a node budget a few times
            // smaller than a fraction of a second of full search, a little
            // evaluation noise, one thread.
            Level::Hard => (
                Limits {
                    movetime: Some(ms(3_000)),
                    nodes: Some(30_000),
                    depth: None,
                    clock: None,
                },
                20,
                0.0,
                1,
                32,
            ),
            // The step between `hard` and `max` (issue: `hard` answered in
            // tens of milliseconds, `max` thought up to 30 s at 5+3): about
            // 8 times `hard`'s nodes (a tenth of a second or two; `max` at
            // 5+3 searches several million), less noise, two threads at
            // most; no contempt and none of `max`'s endgame tables and
            // solver.
            Level::Expert => (
                Limits {
                    movetime: Some(ms(5_000)),
                    nodes: Some(EXPERT_NODES),
                    depth: None,
                    clock: None,
                },
                8,
                0.0,
                2,
                64,
            ),
            Level::Max => (Limits::default(), 0, 0.0, 256, 64),
        };
        LevelProfile {
            cap,
            noise,
            blunder_chance,
            max_threads,
            tt_megabytes,
            contempt: if self == Level::Max { 30 } else { 0 },
        }
    }

    /// The level's name (`easy`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
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
            .ok_or_else(|| format!("unknown level '{s}' (random, easy, medium, hard, expert, max)"))
    }
}
