//! A solver's saved table given to the alpha-beta search: `gamut
//! play/analyse --solved FILE` (a file of `gamut solve --save`).
//!
//! [`SolvedTable`] is the loaded file, checked against the game and its
//! options when read, and kept by a player's [`crate::SearchContext`].
//! For a search of that game it becomes an [`Oracle`] ([`SolvedView`]): at
//! a root the table proves won, the proof is first checked again by the
//! verifier ([`verify_win`], every defence replayed under the game's
//! rules, re-solving where the table lost a proof) and its first move is
//! played; so a player with the table never leaves a proven win, whatever
//! the replies. Below the root, proven positions score as wins or losses
//! (within the proof's longest line) and positions disproven for both
//! sides as draws.

use super::dfpn::{key_with_plies_left, node_key};
use super::table::{Slot, Table};
use super::verify::verify_win;
use super::{on_big_stack, LoadError, Solver, TableStrategy};
use crate::setup::SearchSetup;
use crate::tablebase::{Oracle, TableValue};
use gamut_core::Game;
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

/// The largest table a file is loaded into, in MB.
const MAX_MEGABYTES: u64 = 4096;
/// Positions the verifier may visit at a root.
const VERIFY_POSITIONS: u64 = 5_000_000;
/// Nodes the verifier may spend re-solving one position.
const RESOLVE_NODES: u64 = 200_000;

/// A saved solver table, loaded for one game and its options. Give it
/// only to players of games with those options ([`SolvedTable::fits`]): a
/// search checks the game, not its options (keys of other options may
/// coincide, for example when only a rule that does not change the board
/// differs).
pub struct SolvedTable {
    table: Mutex<Table>,
    game: &'static str,
    tag: String,
    entries: u64,
}

impl fmt::Debug for SolvedTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SolvedTable({}, {} entries)", self.game, self.entries)
    }
}

impl SolvedTable {
    /// Read a file saved by `gamut solve --save` for game `G` with
    /// `options` (refused for another game or other options, or if it is
    /// corrupt: [`LoadError`]). The table is sized for the file, up to
    /// 4 GB.
    pub fn load<G: Game>(options: &G::Options, path: &Path) -> Result<SolvedTable, LoadError> {
        let bytes = std::fs::metadata(path)?.len();
        let megabytes = ((bytes.saturating_mul(2) >> 20) + 1).min(MAX_MEGABYTES) as usize;
        let mut solver = Solver::<G>::new(megabytes);
        let entries = solver.load(options, path)?;
        Ok(SolvedTable {
            table: Mutex::new(solver.table),
            game: G::NAME,
            tag: super::tag::<G>(options),
            entries,
        })
    }

    /// The entries read from the file.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Whether the table was loaded for game `G`.
    pub fn is_for<G: Game>(&self) -> bool {
        self.game == G::NAME
    }

    /// Whether the table was made for game `G` with exactly `options`.
    pub fn fits<G: Game>(&self, options: &G::Options) -> bool {
        self.tag == super::tag::<G>(options)
    }

    /// The game and options the table was made for (`name|key=value,…`,
    /// as [`super::table_tag`] reads from a file).
    pub fn tag(&self) -> &str {
        &self.tag
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A [`SolvedTable`] seen as the solved positions of game `G`.
pub struct SolvedView<G: Game> {
    solved: Arc<SolvedTable>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> SolvedView<G> {
    /// The view of `solved` (loaded for `G`: see [`SolvedTable::is_for`]).
    pub fn new(solved: Arc<SolvedTable>) -> Self {
        SolvedView {
            solved,
            _game: PhantomData,
        }
    }
}

impl<G: Game> fmt::Debug for SolvedView<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SolvedView({:?})", self.solved)
    }
}

impl<G: Game> Oracle<G> for SolvedView<G> {
    fn probe(&self, pos: &G, plies_left: Option<u32>) -> Option<TableValue> {
        let table = self.solved.lock();
        let me = pos.side_to_move();
        let mine = table.get(key_with_plies_left(pos, me, plies_left)).copied();
        let theirs = table
            .get(key_with_plies_left(pos, me.other(), plies_left))
            .copied();
        match (mine, theirs) {
            (Some(s), _) if s.proven() => Some(TableValue::Win(s.depth.max(1))),
            (_, Some(s)) if s.proven() => Some(TableValue::Loss(s.depth)),
            (Some(a), Some(b)) if a.disproven() && b.disproven() => Some(TableValue::Draw),
            _ => None,
        }
    }

    fn root_move(&self, setup: &SearchSetup<G>) -> Option<(G::Move, TableValue)> {
        let me = setup.root.side_to_move();
        let mut table = self.solved.lock();
        if !table
            .get(node_key(setup, &setup.root, 0, me))
            .is_some_and(Slot::proven)
        {
            return None;
        }
        let table: &mut Table = &mut table;
        let stop = AtomicBool::new(false);
        let verified = on_big_stack(|| {
            let mut strategy = TableStrategy {
                table,
                others: &[],
                setup,
                winner: me,
                resolve_nodes: RESOLVE_NODES,
                by: None,
                stop: &stop,
            };
            verify_win(setup, me, &mut strategy, VERIFY_POSITIONS)
        })
        .ok()?;
        let mv = setup
            .root
            .parse_move(verified.first_move.as_deref()?)
            .ok()?;
        let depth = u16::try_from(verified.depth).unwrap_or(u16::MAX);
        Some((mv, TableValue::Win(depth)))
    }
}
