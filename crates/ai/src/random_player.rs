//! The `random` engine: a uniformly random legal move.

use crate::{Score, SearchInfo, SearchReport};
use gamut_core::DynMatch;
use rand::seq::SliceRandom;
use std::time::Duration;

/// A uniformly random legal move of `game`, reported as a search of depth 0.
pub(crate) fn random_move(game: &dyn DynMatch) -> SearchReport {
    let best = game.legal_moves().choose(&mut rand::thread_rng()).cloned();
    SearchReport {
        info: SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::Value(0),
            nodes: 0,
            time: Duration::ZERO,
            pv: best.iter().cloned().collect(),
        },
        best,
    }
}
