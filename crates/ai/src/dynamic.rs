//! The computer player for games handled by name (server, protocols,
//! command line): search a [`DynMatch`] with an [`EngineSpec`].

use crate::engine::search_record;
use crate::random_player::random_move;
use crate::{EngineSpec, Level, Limits, SearchInfo, SearchReport};
use gamut_core::{DynMatch, GameRecord};
use gamut_football::Football;
use gamut_loa::Loa;
use gamut_pursuit::Pursuit;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Search `game` (a record of any catalogue game) with the engine `spec`
/// within `limits` (capped by the level's budget), until `stop` becomes
/// true. `on_info` is called after each completed iteration. Returns the
/// best move in notation (`None` if the game is over).
///
/// The record's history gives repetition draws and its options the move
/// limit. A game without an evaluation (not one of Gamut's games) gets a
/// random legal move.
///
/// Blocking and CPU-bound: call it from a worker thread.
pub fn search(
    game: &dyn DynMatch,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    let any = game.as_any();
    if let Some(record) = any.downcast_ref::<GameRecord<Loa>>() {
        search_record(record, spec, limits, stop, on_info)
    } else if let Some(record) = any.downcast_ref::<GameRecord<Pursuit>>() {
        search_record(record, spec, limits, stop, on_info)
    } else if let Some(record) = any.downcast_ref::<GameRecord<Football>>() {
        search_record(record, spec, limits, stop, on_info)
    } else {
        random_move(game)
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
