//! A finished game's review (`GET /api/games/{id}/review`): every
//! position's evaluation, every ply's loss, accuracy and mark.

use crate::analysis::ScoreView;
use gamut_core::Player;
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};

/// A game's review: its state, its progress while computed, the review
/// once done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewView {
    /// `none`, `queued`, `running` or `done`.
    pub state: ReviewState,
    /// Positions evaluated of all, while queued or running.
    pub progress: Option<ReviewProgress>,
    /// The review, once done.
    pub review: Option<Review>,
}

/// How far a review is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    /// Nobody asked for one yet (or its computation failed).
    None,
    /// Waiting for the analysis pool.
    Queued,
    /// Being computed.
    Running,
    /// Stored.
    Done,
}

/// A review's progress: positions evaluated of all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewProgress {
    /// Positions evaluated so far.
    pub done: usize,
    /// Positions to evaluate (the plies plus the start).
    pub total: usize,
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

/// One position's evaluation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionEval {
    /// The position's side to move (the side `score` is from).
    #[serde(with = "crate::wire::side")]
    pub side: Player,
    /// The engine's score from the side to move, as on the analysis board;
    /// `null` where the game is over.
    pub score: Option<ScoreView>,
    /// The engine's move (`null` where the game is over).
    pub best: Option<String>,
    /// The first player's win probability, 0 to 100 (a won game 100, a
    /// lost one 0, a draw 50).
    pub win: f64,
}

/// One ply's review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// The ply's number, from 1.
    pub ply: usize,
    /// The side that played it.
    #[serde(with = "crate::wire::side")]
    pub side: Player,
    /// The move played.
    pub played: String,
    /// The engine's move in the position before.
    pub best: Option<String>,
    /// The first player's win probability before the move (0 to 100).
    pub before: f64,
    /// The first player's win probability after it.
    pub after: f64,
    /// The mover's win probability the move gave away (0 to 100 points; 0
    /// for the engine's move).
    pub loss: f64,
    /// The move's accuracy (0 to 100).
    pub accuracy: f64,
    /// Inaccuracy, mistake or blunder; `null` for a good move.
    pub mark: Option<Mark>,
}

/// The marks' thresholds a review used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThresholdsView {
    /// An inaccuracy from this loss (points of win probability).
    pub inaccuracy: u8,
    /// A mistake from this loss.
    pub mistake: u8,
    /// A blunder from this loss.
    pub blunder: u8,
}

/// A finished review, as stored and sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// The thresholds of the marks (the game's).
    pub thresholds: ThresholdsView,
    /// Every position's evaluation: the start, then after each ply.
    pub positions: Vec<PositionEval>,
    /// Every ply's review.
    pub plies: Vec<PlyReview>,
    /// Each side's accuracy (0 to 100: the mean of its moves'), `null`
    /// for a side without moves.
    pub accuracy: [Option<f64>; 2],
    /// When it was computed.
    pub at: i64,
}
