//! How a game ended: who won (or a draw) and why.

use crate::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended. Shared by all games so that records, servers and the
/// UI can name every ending the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Lines of Action: the winner's pieces form one connected group.
    Connection,
    /// Lines of Action: one move connected both sides at once.
    SimultaneousConnection,
    /// Linear Pursuit: the enemy King was captured.
    KingCaptured,
    /// The side to move had no legal move (a loss in Linear Pursuit).
    NoLegalMoves,
    /// Neither side could move.
    NoMovesForEither,
    /// Chess Football: the final whistle, decided on goals.
    FinalScore,
    /// A declared draw (Linear Pursuit, only the two Kings left).
    DrawDeclared,
    /// The same position occurred the configured number of times.
    Repetition,
    /// The configured move limit was reached.
    MoveLimit,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// A player ran out of time.
    Timeout,
    /// The game was abandoned before it really started.
    Aborted,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 13] = [
        EndReason::Connection,
        EndReason::SimultaneousConnection,
        EndReason::KingCaptured,
        EndReason::NoLegalMoves,
        EndReason::NoMovesForEither,
        EndReason::FinalScore,
        EndReason::DrawDeclared,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Timeout,
        EndReason::Aborted,
    ];

    /// A stable lowercase name (`king-captured`, `repetition`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Connection => "connection",
            EndReason::SimultaneousConnection => "simultaneous-connection",
            EndReason::KingCaptured => "king-captured",
            EndReason::NoLegalMoves => "no-legal-moves",
            EndReason::NoMovesForEither => "no-moves-for-either",
            EndReason::FinalScore => "final-score",
            EndReason::DrawDeclared => "draw-declared",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move-limit",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Timeout => "timeout",
            EndReason::Aborted => "aborted",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for EndReason {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| format!("unknown end reason '{text}'"))
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Player, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `1.0` for a win of `p`, `0.5` for a draw, `0.0` for a loss.
    pub fn score_for(&self, p: Player) -> f64 {
        match self.winner {
            Some(w) if w == p => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The winner a result text names (`1-0`, `0-1`, `1/2-1/2`): `None`
    /// for any other text, `Some(None)` for a draw.
    pub fn winner_of(text: &str) -> Option<Option<Player>> {
        match text {
            "1-0" => Some(Some(Player::First)),
            "0-1" => Some(Some(Player::Second)),
            "1/2-1/2" => Some(None),
            _ => None,
        }
    }

    /// The conventional result text: `1-0`, `0-1` or `1/2-1/2`, where the
    /// first number is the first player's score.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Player::First) => "1-0",
            Some(Player::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_text(), self.reason)
    }
}
