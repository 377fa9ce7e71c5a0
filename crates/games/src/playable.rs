//! [`Match`]: a game of the catalogue handled without its type — its
//! record (moves and positions as text, [`DynMatch`]) together with its
//! engine. Built by [`GameKind::new_match`](crate::GameKind::new_match)
//! and [`GameKind::replay`](crate::GameKind::replay); searching it needs no
//! downcast and has no fallback, because only a [`CatalogueGame`] (which
//! has an evaluation) can become a `Match`.

use crate::entry::CatalogueGame;
use crate::GameKind;
use gamut_ai::solver::{LoadError, SolvedTable};
use gamut_ai::tablebase::TableStats;
use gamut_ai::{
    bench_search, search_record_in, EngineSpec, Level, Limits, SearchContext, SearchInfo,
    SearchReport,
};
use gamut_core::{DynMatch, GameRecord};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A game record of any catalogue game, with its computer player.
///
/// A `&dyn Match` is also a `&dyn DynMatch` (trait upcasting), so code that
/// only needs the rules takes `&dyn DynMatch`.
pub trait Match: DynMatch {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// Search the current position with the engine `spec` within `limits`
    /// (capped by the level's budget) until `stop` becomes true; `on_info`
    /// is called after each completed iteration. The record's history gives
    /// repetition draws and its options the move limit. `best` is `None` if
    /// the game is over.
    ///
    /// Blocking and CPU-bound: call it from a worker thread.
    fn search(
        &self,
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport {
        self.search_in(&mut SearchContext::new(), spec, limits, stop, on_info)
    }

    /// Like [`Match::search`], keeping the search's transposition table in
    /// `context` from one move of this game to the next (a player that
    /// plays the game move after move passes the same context each time,
    /// and a new or cleared one for another game).
    fn search_in(
        &self,
        context: &mut SearchContext,
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport;

    /// The fixed search of `gamut bench` from the current position, to the
    /// depth of the game's entry ([`crate::Bench`]); deterministic.
    fn bench_search(&self) -> SearchReport;

    /// A copy of this game.
    fn clone_match(&self) -> Box<dyn Match>;

    /// Read a solver's saved table (`gamut solve --save`) made for this
    /// game and its options, for [`SearchContext::set_solved`].
    fn load_solved(&self, path: &Path) -> Result<Arc<SolvedTable>, LoadError>;

    /// Whether `table` was made for this game and exactly its options
    /// (only then may its players use it).
    fn fits_solved(&self, table: &SolvedTable) -> bool;

    /// Build the endgame tables of `material` for this game's options
    /// and keep them for this process's searches at level `max`; their
    /// statistics (an error for a game without tables or a bad material).
    fn build_endings(&self, material: &str) -> Result<Vec<TableStats>, String>;

    /// The computer's move (in notation) for the side to move, at `level`,
    /// thinking at most `budget`; `None` if the game is over.
    ///
    /// Blocking and CPU-bound: call it from a worker thread.
    fn think(&self, level: Level, budget: Duration) -> Option<String> {
        let stop = AtomicBool::new(false);
        self.search(
            &EngineSpec::level(level),
            &Limits::movetime(budget),
            &stop,
            &mut |_| {},
        )
        .best
    }
}

impl<G: CatalogueGame> Match for GameRecord<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn search_in(
        &self,
        context: &mut SearchContext,
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport {
        search_record_in(context, self, spec, limits, stop, on_info)
    }

    fn bench_search(&self) -> SearchReport {
        bench_search(self, G::ENTRY.bench.depth)
    }

    fn clone_match(&self) -> Box<dyn Match> {
        Box::new(self.clone())
    }

    fn load_solved(&self, path: &Path) -> Result<Arc<SolvedTable>, LoadError> {
        SolvedTable::load::<G>(self.options(), path).map(Arc::new)
    }

    fn fits_solved(&self, table: &SolvedTable) -> bool {
        table.fits::<G>(self.options())
    }

    fn build_endings(&self, material: &str) -> Result<Vec<TableStats>, String> {
        G::build_endings(self.options(), material)
    }
}
