//! The analysis board's protocol: a position from a game or from the
//! fields given ([`Source`], [`PositionView`]: `POST /api/positions`) and
//! the analysis socket's messages ([`AnalysisRequest`], [`AnalysisMessage`]
//! with the search's [`Progress`]).

use crate::game::ResultView;
use crate::requests::OptionValue;
use crate::ErrorCode;
use gamut_ai::Score;
use gamut_core::Player;
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where a position comes from: a game (`game_id`) or the fields given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Which game (its name, any case); not needed with `game_id`.
    #[serde(
        default,
        with = "crate::wire::option_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub game: Option<GameKind>,
    /// Any subset of the game's options (ignored with `game_id`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, OptionValue>,
    /// The start position's text (default: the standard start; ignored
    /// with `game_id`, whose start is used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves played from the start, in notation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// A game whose options and start to use (refused to its players while
    /// it is live).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
}

/// `POST /api/positions`: a position after some moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionView {
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// Every option's value.
    pub options: BTreeMap<String, String>,
    /// The side names.
    pub sides: [String; 2],
    /// The start position's text.
    pub start: String,
    /// The moves from the start, in canonical notation.
    pub moves: Vec<String>,
    /// The position after them.
    pub position: String,
    /// The side to move.
    #[serde(with = "crate::wire::side")]
    pub to_move: Player,
    /// Its legal moves (none once the game is over).
    pub legal: Vec<String>,
    /// How the game ended at this position, if it did.
    pub outcome: Option<ResultView>,
}

/// A message to the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AnalysisRequest {
    /// Analyse a position (stopping the socket's analysis running, if any).
    Analyse {
        /// The client's number for this analysis, sent back with its
        /// progress.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// Which game (not needed with `game_id`).
        #[serde(
            default,
            with = "crate::wire::option_text",
            skip_serializing_if = "Option::is_none"
        )]
        game: Option<GameKind>,
        /// Options, as for `POST /api/games`.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        options: BTreeMap<String, OptionValue>,
        /// The start position's text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        /// Moves from the start.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        moves: Vec<String>,
        /// A game whose options and start to use.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_id: Option<String>,
        /// Lines wanted (multi-PV), 1 (the default) to
        /// 3.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lines: Option<u32>,
        /// Thinking time in milliseconds (at most the server's limit,
        /// which is the default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_ms: Option<u64>,
        /// Deepest iteration.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        depth: Option<u32>,
    },
    /// Stop the running analysis (its last progress comes with `done`).
    Stop,
    /// Keeps the socket open.
    Ping,
}

/// A message from the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnalysisMessage {
    /// The search's progress.
    Analysis {
        /// The request's `id`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// What the search found so far.
        #[serde(flatten)]
        progress: Progress,
    },
    /// A request was refused.
    Error {
        /// The request's `id`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// Why, for people.
        error: String,
        /// What kind of refusal, for programs and translations.
        code: ErrorCode,
        /// The values `error` quotes.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        params: BTreeMap<String, String>,
    },
    /// The answer to a ping.
    Pong,
}

/// A score on the wire: from the side to move (`side`), an evaluation
/// (`value`, about 100 for one pawn-like unit) or a result the search
/// proved (`win` / `loss` in `plies` plies, the side to move winning or
/// losing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScoreView {
    /// An evaluation from the side to move.
    Value {
        /// About 100 is one pawn-like unit of advantage for the side to
        /// move; negative: the other side is better.
        value: i32,
    },
    /// The side to move wins by force within `plies` plies.
    Win {
        /// Plies (half-moves) to the win, at most.
        plies: u32,
    },
    /// The side to move loses by force within `plies` plies.
    Loss {
        /// Plies to the loss, at most.
        plies: u32,
    },
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> Self {
        match score {
            Score::Value(value) => ScoreView::Value { value },
            Score::WinIn(plies) => ScoreView::Win { plies },
            Score::LossIn(plies) => ScoreView::Loss { plies },
        }
    }
}

/// One line of the analysis: its moves (its root move first) and its
/// score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineView {
    /// The moves, in notation, from the analysed position.
    pub moves: Vec<String>,
    /// The line's score, from the side to move.
    pub score: ScoreView,
}

/// The search's progress, as sent on the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The side to move of the analysed position: the side every score is
    /// from.
    #[serde(with = "crate::wire::side")]
    pub side: Player,
    /// The depth of the last completed iteration (plies).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The best line's score.
    pub score: ScoreView,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time searched, in milliseconds.
    pub time_ms: u64,
    /// The lines of the last completed iteration, best first (sorted by
    /// score), each starting with another move: as many as asked for, or
    /// fewer when the position has fewer legal moves (none before the
    /// first iteration). The first is the best line (`score`).
    pub lines: Vec<LineView>,
    /// Whether the search has ended (its time or node budget, its depth,
    /// a proof, or a stop).
    pub done: bool,
}
