//! The puzzle type: a position, the forced line that solves it, its
//! themes, where it came from, how it was proven, and its first rating.

use gamut_games::GameKind;

/// One puzzle: from `position`, the side to move (the *solver*) reaches
/// the game's goal (a connection, the King's capture, a goal) by the
/// forced `line`.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Stable id, `<game>-<number>` (`loa-0001`).
    pub id: String,
    /// The game.
    pub game: GameKind,
    /// Game options as `(key, value)`; empty for the defaults.
    pub options: Vec<(String, String)>,
    /// The position text (docs/notation.md) before the solver's first
    /// move.
    pub position: String,
    /// The forced line in the game's notation: solver move, reply, solver
    /// move, ..., ending with the solver's winning move (an odd number of
    /// moves).
    pub line: Vec<String>,
    /// Themes: lower-case hyphenated stable ids (`connect-in-2`,
    /// `capture`, `king-hunt`, `through-pass`, `tackle`, `shot`, ...).
    pub themes: Vec<String>,
    /// Where the position came from (`self-play seed 7 game 12 ply 31`).
    pub source: String,
    /// How the first move was proven.
    pub proof: Proof,
    /// The first Glicko-2 rating guess.
    pub rating: f64,
    /// For the solver's first move: each other legal move, with the
    /// opponent's answer that refutes it (empty when the move loses or
    /// fails at once). Computed at generation time so that checking an
    /// answer never searches.
    pub refutations: Vec<(String, Vec<String>)>,
}

/// How a puzzle's first move was shown to be the only one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Proven: an exhaustive search to the line's length shows that the
    /// first move forces the goal and that no other move does (for Lines
    /// of Action and Linear Pursuit the proof-number solver also proves
    /// the position won).
    Proven,
    /// A tactical puzzle: the `max` level at a fixed node count plays the
    /// first move.
    Engine {
        /// The node count of the verifying search.
        nodes: u64,
    },
}

impl Puzzle {
    /// The number of solver moves in the line (`line.len()` is `2 n - 1`).
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The stored refutation of `wrong` as the solver's first move, if
    /// one was stored.
    pub fn refutation(&self, wrong: &str) -> Option<&[String]> {
        self.refutations
            .iter()
            .find(|(m, _)| m == wrong)
            .map(|(_, r)| r.as_slice())
    }
}

/// The first rating guess of a puzzle whose line has `solver_moves`
/// solver moves: 1200 for one, 300 more for each further move.
pub fn initial_rating(solver_moves: usize) -> f64 {
    900.0 + 300.0 * solver_moves.max(1) as f64
}
