//! What a search tells its caller: progress after each iteration (every
//! line of a multi-PV search) and the final result.

use crate::Score;
use std::time::Duration;

/// Progress of a search, sent after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The nominal depth of the completed iteration (plies).
    pub depth: u32,
    /// The deepest ply reached (quiescence and extensions included).
    pub seldepth: u32,
    /// The score of the best move, from the side to move.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, in notation (best move first).
    pub pv: Vec<String>,
    /// The other lines of a multi-PV search ([`crate::EngineSpec::lines`]),
    /// second best first, each starting with another root move; empty when
    /// one line was asked for.
    pub more_lines: Vec<PvLine>,
}

/// One line of a multi-PV search: a root move's principal variation and
/// its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The line's score, from the side to move at the root.
    pub score: Score,
    /// Its moves, in notation, from the root.
    pub pv: Vec<String>,
}

impl SearchInfo {
    /// Every line, best first: the principal variation (`score`, `pv`),
    /// then [`SearchInfo::more_lines`].
    pub fn lines(&self) -> impl Iterator<Item = (Score, &[String])> {
        std::iter::once((self.score, self.pv.as_slice())).chain(
            self.more_lines
                .iter()
                .map(|line| (line.score, line.pv.as_slice())),
        )
    }

    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move to play, in notation (`None` if the game is over).
    pub best: Option<String>,
    /// The last information about the search.
    pub info: SearchInfo,
}

impl SearchReport {
    /// The report of a move chosen without searching (a random move, or
    /// none when the game is over), as a search of depth 0.
    pub fn unsearched(best: Option<String>) -> SearchReport {
        SearchReport {
            info: SearchInfo {
                depth: 0,
                seldepth: 0,
                score: Score::Value(0),
                nodes: 0,
                time: Duration::ZERO,
                pv: best.iter().cloned().collect(),
                more_lines: Vec::new(),
            },
            best,
        }
    }
}
