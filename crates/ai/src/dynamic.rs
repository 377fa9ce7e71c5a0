//! The computer player for games handled by name (server, protocols): pick
//! a move for a [`DynMatch`] at a level within a time budget.

use crate::Level;
use gamut_core::DynMatch;
use rand::seq::SliceRandom;
use std::time::Duration;

/// The computer's move (in notation) for the side to move, at `level`,
/// thinking at most `budget`; `None` if the game is over.
///
/// Blocking and CPU-bound: call it from a worker thread.
pub fn think(game: &dyn DynMatch, level: Level, budget: Duration) -> Option<String> {
    let _ = (level, budget);
    game.legal_moves().choose(&mut rand::thread_rng()).cloned()
}
