//! Endgame tables by retrograde analysis, generic over any game that
//! implements [`gamut_core::Retrograde`], and the [`Oracle`] hook through
//! which the alpha-beta search uses solved results (these tables, or a
//! solver's saved proofs).
//!
//! # What a table holds
//!
//! For one *material* (Linear Pursuit: the pieces of each side on one
//! board), every position with either side to move gets a
//! [`TableValue`]: win in `d`, loss in `d` or draw, for the side to move,
//! **under the board rules only** — no repetition rule and no move limit
//! — with `d` the plies of perfect play to the end (the winner ends the
//! game as soon as it can, the loser as late as it can). The builder
//! (`build.rs`) first follows every move once (moves that end the game or
//! change the material — captures — are exits whose value comes from the
//! finished position or from the other material's table, built first),
//! then settles positions in order of distance by taking moves back
//! ([`gamut_core::Retrograde::unmoves`]); what is never settled is a draw.
//!
//! # Why the values hold under repetition and the move limit
//!
//! - **Move limit.** With `p` plies left, a win or loss in `d ≤ p` stands
//!   and one with `d > p` is a draw ([`TableValue::within`]): the loser of
//!   a longer win can hold out past the limit (its delaying strategy keeps
//!   the game going for `d` plies), and the winner's strategy never lets
//!   the loser win. A table draw stays a draw under any limit (the extra
//!   rule only ends games in draws). So one table serves every limit; the
//!   search applies `within` with its own plies left.
//! - **Repetition.** A perfect win never repeats a position: along it the
//!   distance falls by one each ply, and a position has one distance. So
//!   a table win also wins under the repetition rule, unless the game
//!   *before* the search already holds a position of the winning line
//!   (the root move prefers moves to positions not seen before). A table
//!   draw stays a draw: repetition only adds draws.
//!
//! # Use by the search
//!
//! At level `max`, [`crate::search_setup`] attaches the player's solved
//! positions ([`crate::SearchContext::set_solved`], a solver's saved
//! table) and asks the game for its [`crate::Evaluate::endings`] (Linear Pursuit: tables of the root's
//! material built on first use and kept in a process-wide cache, see
//! `eval/pursuit_endings.rs`). A root won within the move limit is played
//! straight from the table (the fastest win; score `win in d`);
//! otherwise every node below the root whose position the oracle knows
//! returns its value (as a mate score, or a draw) without searching on.

mod build;
mod cache;
mod oracle;
mod table;
mod value;

pub use build::MAX_INDEXES;
pub use cache::{Endings, TableLimits, Tablebase};
pub use oracle::{Oracle, Oracles};
pub use table::{EndgameTable, TableStats};
pub use value::{TableValue, MAX_DISTANCE};

use crate::setup::SearchSetup;
use crate::solver::{SolvedTable, SolvedView};
use crate::{Evaluate, Score, SearchReport};
use gamut_core::Game;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// Why a table was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The table (or one it needs) has more indexes than allowed.
    TooLarge {
        /// Its material.
        material: String,
        /// Its indexes.
        indexes: u64,
        /// The most allowed.
        limit: u64,
    },
    /// A move led to a position no table covers (not finished): the
    /// game's text of it.
    NotTabled(String),
    /// A move kept the same side to move (tables need alternating turns).
    SameSide(String),
    /// Materials that need each other's tables.
    Cycle(String),
    /// A position with more moves inside its material than a table counts.
    TooManyMoves(String),
    /// A distance beyond [`MAX_DISTANCE`].
    TooLong,
    /// The game gave an index outside its table (a broken `Retrograde`).
    Index(u64),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TooLarge {
                material,
                indexes,
                limit,
            } => write!(
                f,
                "the table of {material} has {indexes} indexes, more than the {limit} allowed"
            ),
            BuildError::NotTabled(p) => {
                write!(f, "a move leads to a position no table covers: {p}")
            }
            BuildError::SameSide(m) => write!(f, "the move {m} keeps the side to move"),
            BuildError::Cycle(m) => write!(f, "the table of {m} needs itself"),
            BuildError::TooManyMoves(p) => write!(f, "too many moves in {p}"),
            BuildError::TooLong => write!(f, "a distance beyond {MAX_DISTANCE} plies"),
            BuildError::Index(i) => write!(f, "index {i} is outside its table"),
        }
    }
}

impl std::error::Error for BuildError {}

/// `setup` with what a search at level `max` may know attached: the
/// positions of `solved` (a solver's saved table for this game), then the
/// game's own endings (missing tables built only if `may_build`); `None`
/// if there is nothing to add or `setup` already has its oracle.
pub(crate) fn with_endings<G: Evaluate>(
    setup: &SearchSetup<G>,
    solved: Option<&Arc<SolvedTable>>,
    may_build: bool,
) -> Option<SearchSetup<G>> {
    if setup.endings.is_some() {
        return None;
    }
    let mut oracles: Vec<Arc<dyn Oracle<G>>> = Vec::new();
    if let Some(solved) = solved.filter(|s| s.is_for::<G>()) {
        oracles.push(Arc::new(SolvedView::<G>::new(solved.clone())));
    }
    oracles.extend(setup.root.endings(may_build));
    let endings: Arc<dyn Oracle<G>> = match oracles.len() {
        0 => return None,
        1 => oracles.pop().expect("one oracle"),
        _ => Arc::new(Oracles(oracles)),
    };
    Some(SearchSetup {
        endings: Some(endings),
        ..setup.clone()
    })
}

/// The oracle's move at a root it knows won (within the move limit):
/// played at once, scored `win in d`.
pub(crate) fn known_win<G: Game>(setup: &SearchSetup<G>) -> Option<SearchReport> {
    let start = Instant::now();
    let (mv, value) = setup.endings.as_ref()?.root_move(setup)?;
    let text = setup.root.move_text(mv);
    let mut report = SearchReport::unsearched(Some(text));
    report.info.depth = u32::from(value.distance().unwrap_or(1));
    report.info.seldepth = report.info.depth;
    report.info.score = match value {
        TableValue::Win(d) => Score::WinIn(u32::from(d)),
        TableValue::Loss(d) => Score::LossIn(u32::from(d)),
        TableValue::Draw => Score::Value(0),
    };
    report.info.nodes = 1;
    report.info.time = start.elapsed();
    Some(report)
}
