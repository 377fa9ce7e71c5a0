//! The fixed search of `gamut bench`: full strength, one thread, a fixed
//! depth per game from the game's start. Its node count is a signature of
//! the search: it changes only when the search, an evaluation or a game's
//! move generation (its order) changes.

use crate::{search, EngineSpec, Level, Limits, SearchReport};
use gamut_core::DynMatch;
use std::sync::atomic::AtomicBool;

/// The depth of the fixed search for a game (by its short name).
pub fn bench_depth(game_name: &str) -> u32 {
    match game_name {
        "loa" => 6,
        "pursuit" => 9,
        "football" => 5,
        _ => 4,
    }
}

/// Run the fixed search on `game`: level `max`, one thread, depth
/// [`bench_depth`]; deterministic.
pub fn bench_search(game: &dyn DynMatch) -> SearchReport {
    let limits = Limits::depth(bench_depth(game.game_name()));
    search(
        game,
        &EngineSpec::level(Level::Max),
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}
