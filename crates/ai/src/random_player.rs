//! The `random` engine: a uniformly random legal move.

use crate::SearchReport;
use gamut_core::DynMatch;
use rand::seq::SliceRandom;

/// A uniformly random legal move of `game`, reported as a search of depth 0.
pub(crate) fn random_move(game: &dyn DynMatch) -> SearchReport {
    SearchReport::unsearched(game.legal_moves().choose(&mut rand::thread_rng()).cloned())
}
