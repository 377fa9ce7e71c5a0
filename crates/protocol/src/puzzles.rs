//! Puzzles (issue 25): the proven puzzles of each game, played against
//! the server (`GET /api/puzzles`, `GET /api/puzzles/{game}/next`,
//! `GET /api/puzzles/{game}/daily`, `GET /api/puzzle/{id}`,
//! `POST /api/puzzle/{id}/moves`, `POST /api/puzzle/{id}/solution`).
//!
//! The solver's first try at a puzzle is rated: a signed-in person and
//! the puzzle both have a Glicko-2 rating per game, as on lichess; later
//! tries, guests and visitors without a session play unrated. A puzzle's
//! line and refutations never leave the server before the puzzle ends:
//! the client learns the next reply after each right move, and the whole
//! line when the puzzle is solved, failed or given up.

use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most moves a line may have (so `played` is bounded before it is
/// read; the longest shipped line has 9).
pub const MAX_LINE: usize = 32;

/// How many of a game's puzzles have one theme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThemeCount {
    /// The theme's stable id (`connect-in-2`, `king-hunt`, `through-pass`).
    pub theme: String,
    /// Puzzles with it.
    pub count: u32,
}

/// A person's puzzle rating in one game, with their streak.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzlePlayerView {
    /// Glicko-2 rating (rounded).
    pub rating: i32,
    /// Its deviation (rounded): above 110 the rating is provisional.
    pub deviation: i32,
    /// Rated puzzles played.
    pub plays: u32,
    /// Of those, solved at the first try.
    pub solved: u32,
    /// Puzzles solved in a row at the first try, up to the latest.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// One game's puzzles as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleGameView {
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// How many puzzles it has.
    pub count: u32,
    /// Its themes, most used first.
    pub themes: Vec<ThemeCount>,
    /// Today's puzzle's id (the same for everyone, changing at 00:00 UTC).
    pub daily: String,
    /// The viewer's rating and streak, for a signed-in person (`null`
    /// for a guest or a visitor without a session; a person who has not
    /// played yet has the starting 1500).
    pub player: Option<PuzzlePlayerView>,
}

/// `GET /api/puzzles`: every game of the catalogue, in its order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzlesView {
    /// Whether the viewer's first tries are rated (a signed-in person).
    pub rated: bool,
    /// One entry per game.
    pub games: Vec<PuzzleGameView>,
}

/// `GET /api/puzzles/{game}/next`: the query.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextPuzzleQuery {
    /// Only puzzles with this theme.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// Not this puzzle (the one just played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
}

/// How the viewer did at a puzzle before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleTry {
    /// Solved at the first try.
    Solved,
    /// Failed (a wrong move, or the solution shown) at the first try.
    Failed,
}

/// One puzzle to solve: the position and what the page shows, never its
/// line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleView {
    /// Its stable id (`loa-0001`).
    pub id: String,
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// Game options that differ from the defaults (for
    /// `POST /api/positions`).
    pub options: BTreeMap<String, String>,
    /// The position text before the solver's first move; the side to
    /// move is the solver.
    pub position: String,
    /// How many moves the solver makes (1 for "connect in 1").
    pub solver_moves: u32,
    /// Its Glicko-2 rating now (rounded).
    pub rating: i32,
    /// Rated tries so far.
    pub plays: u32,
    /// Its themes (stable ids; the page shows them once it ends).
    pub themes: Vec<String>,
    /// Where the position came from.
    pub source: String,
    /// Whether the first move was proven the only win (`true`), or
    /// verified by the engine (`false`).
    pub proven: bool,
    /// Whether it is one of today's puzzles.
    pub daily: bool,
    /// The viewer's first try at it, if they have made one (a signed-in
    /// person only): this try is then unrated.
    pub tried: Option<PuzzleTry>,
}

/// `POST /api/puzzle/{id}/moves`: the solver's next move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleMove {
    /// The line so far, as the server gave it (the solver's moves and the
    /// replies; empty before the first move).
    #[serde(default)]
    pub played: Vec<String>,
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The verdict on a solver's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleVerdict {
    /// Right, and the puzzle goes on with `reply`.
    Right,
    /// Right, and the puzzle is solved.
    Solved,
    /// Legal but wrong: the puzzle is failed.
    Wrong,
}

/// What a finished puzzle did to the ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleOutcome {
    /// Whether it was solved.
    pub solved: bool,
    /// Whether this try was rated (a signed-in person's first try).
    pub rated: bool,
    /// The person's rating and streak after it (`null` unless signed in).
    pub player: Option<PuzzlePlayerView>,
    /// How much their rating moved (0 when unrated).
    pub change: i32,
    /// The puzzle's rating after it (rounded).
    pub puzzle_rating: i32,
}

/// The answer to [`PuzzleMove`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleMoveView {
    /// Right, solved or wrong.
    pub verdict: PuzzleVerdict,
    /// The opponent's reply, for a right move that does not end it.
    pub reply: Option<String>,
    /// For a wrong first move: the opponent's answer that refutes it
    /// (empty when the move fails at once).
    pub refutation: Vec<String>,
    /// The whole line once the puzzle ends (solved or wrong).
    pub solution: Option<Vec<String>>,
    /// What it did to the ratings, once it ends.
    pub outcome: Option<PuzzleOutcome>,
}

/// `POST /api/puzzle/{id}/solution`: the whole line; a first try given
/// up counts as failed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSolutionView {
    /// The forced line, solver's move first.
    pub solution: Vec<String>,
    /// What giving up did to the ratings.
    pub outcome: PuzzleOutcome,
}
