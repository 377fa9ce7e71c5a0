//! What a computer player keeps from one move to the next of the same
//! game: the alpha-beta search's transposition table, and any solved
//! positions it was given (a solver's saved table). Each search starts a
//! new generation of the table (older entries are replaced first) instead
//! of starting from an empty one, so the results of the last moves' search
//! trees are found again.

use crate::solver::SolvedTable;
use crate::tt::TranspositionTable;
use gamut_core::Player;
use std::sync::Arc;

/// A search's memory between the moves of one game (see
/// [`crate::search_record_in`]). Start a new one, or [`SearchContext::clear`]
/// it, for a new game.
///
/// The table is kept only when it stays right for the next search: the
/// same size, and the same side to move at the root when the level has
/// contempt (draw scores in the table are from the root side's view). A
/// level with evaluation noise gets a fresh table at every move (its
/// stored evaluations carry the last move's noise), as without a context.
#[derive(Default)]
pub struct SearchContext {
    kept: Option<Kept>,
    solved: Option<Arc<SolvedTable>>,
}

struct Kept {
    tt: TranspositionTable,
    megabytes: usize,
    side: Player,
    contempt: i32,
}

/// The conditions a kept table was filled under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableUse {
    /// Size in MB.
    pub megabytes: usize,
    /// The side to move at the root.
    pub side: Player,
    /// The level's contempt (draw scores depend on it and on `side`).
    pub contempt: i32,
    /// Whether the table may be kept for the next search.
    pub keep: bool,
}

impl SearchContext {
    /// An empty context (the first search fills it).
    pub fn new() -> SearchContext {
        SearchContext::default()
    }

    /// Forget the last game's table (a new game); solved positions given
    /// with [`SearchContext::set_solved`] stay.
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// Give the player a solver's saved table (or take it away): at level
    /// `max`, in a game the table was loaded for, a root it proves won is
    /// played by its verified proof, and the search scores the positions
    /// it knows (see [`crate::solver::SolvedView`]).
    pub fn set_solved(&mut self, solved: Option<Arc<SolvedTable>>) {
        self.solved = solved;
    }

    /// The solved positions this player has, if any.
    pub fn solved(&self) -> Option<&Arc<SolvedTable>> {
        self.solved.as_ref()
    }

    /// Whether a table is kept for the next search.
    pub fn holds_table(&self) -> bool {
        self.kept.is_some()
    }

    /// The table for a search under `usage`, ready for it (a new
    /// generation): the kept one if it fits, else a fresh one.
    pub(crate) fn table(&mut self, usage: TableUse) -> &mut TranspositionTable {
        let fits = self.kept.as_ref().is_some_and(|k| {
            usage.keep
                && k.megabytes == usage.megabytes
                && k.contempt == usage.contempt
                && (usage.contempt == 0 || k.side == usage.side)
        });
        if !fits {
            self.kept = Some(Kept {
                tt: TranspositionTable::new(usage.megabytes),
                megabytes: usage.megabytes,
                side: usage.side,
                contempt: usage.contempt,
            });
        }
        let kept = self.kept.as_mut().expect("just set");
        kept.side = usage.side;
        kept.tt.new_search();
        &mut kept.tt
    }

    /// Drop the table if `usage` says it must not be kept.
    pub(crate) fn after_search(&mut self, usage: TableUse) {
        if !usage.keep {
            self.kept = None;
        }
    }
}

impl std::fmt::Debug for SearchContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchContext")
            .field("megabytes", &self.kept.as_ref().map(|k| k.megabytes))
            .field("solved", &self.solved)
            .finish()
    }
}
