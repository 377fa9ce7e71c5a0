//! The fixed search of `gamut bench`: full strength, one thread, a fixed
//! depth (each game's depth is in its catalogue entry, `gamut-games`). Its
//! node count is a signature of the search: it changes only when the
//! search, an evaluation or a game's move generation (its order) changes.

use crate::{search_record, EngineSpec, Evaluate, Level, Limits, SearchReport};
use gamut_core::GameRecord;
use std::sync::atomic::AtomicBool;

/// Run the fixed search on `record` to `depth`: level `max`, one thread;
/// deterministic.
pub fn bench_search<G: Evaluate>(record: &GameRecord<G>, depth: u32) -> SearchReport {
    search_record(
        record,
        &EngineSpec::level(Level::Max),
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}
