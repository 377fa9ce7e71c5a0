//! The position a search starts from, with what the game-level rules need
//! from the game so far (history for repetition, plies for the move limit)
//! and any solved results the search may use.

use crate::tablebase::Oracle;
use crate::{Evaluate, GameProgress};
use gamut_core::{Game, GameOptions, GameRecord};
use std::sync::Arc;

/// A search's root and the rules that depend on the game so far.
#[derive(Clone, Debug)]
pub struct SearchSetup<G: Game> {
    /// The position to search.
    pub root: G,
    /// Hashes of the positions before the root, oldest first.
    pub history: Vec<u64>,
    /// Plies counted toward the move limit before the root, for games whose
    /// positions do not count them themselves ([`Game::limit_plies`]).
    pub plies_played: u32,
    /// Whether a repeated position is a draw.
    pub repetition: bool,
    /// The game is drawn after this many plies.
    pub move_limit: Option<u32>,
    /// Exact results the alpha-beta search may use (endgame tables, a
    /// solver's proofs); at level `max` the game's own
    /// [`Evaluate::endings`] are added when this is `None`.
    pub endings: Option<Arc<dyn Oracle<G>>>,
}

impl<G: Game> SearchSetup<G> {
    /// Search the current position of a game record, with its history and
    /// its options' repetition and move-limit rules.
    pub fn from_record(record: &GameRecord<G>) -> Self {
        let positions = record.positions();
        let (root, before) = positions
            .split_last()
            .expect("a record always has a position");
        SearchSetup {
            root: root.clone(),
            history: before.iter().map(Game::hash).collect(),
            plies_played: record.limit_plies(),
            repetition: record.options().repetition_limit().is_some(),
            move_limit: record.options().move_limit(),
            endings: None,
        }
    }

    /// Search a lone position: no history, no repetition rule or move
    /// limit.
    pub fn from_position(root: G) -> Self {
        SearchSetup {
            root,
            history: Vec::new(),
            plies_played: 0,
            repetition: false,
            move_limit: None,
            endings: None,
        }
    }

    /// The plies `pos`, reached `plies` plies below the root, has left
    /// before the move limit (`None`: no limit).
    pub fn plies_left(&self, pos: &G, plies: u32) -> Option<u32> {
        self.move_limit.map(|limit| {
            limit.saturating_sub(
                pos.limit_plies()
                    .unwrap_or(self.plies_played.saturating_add(plies)),
            )
        })
    }

    /// Whether the move limit draws `pos`, reached `plies` plies below the
    /// root.
    pub fn over_move_limit(&self, pos: &G, plies: u32) -> bool {
        self.move_limit.is_some_and(|limit| {
            pos.limit_plies()
                .unwrap_or(self.plies_played.saturating_add(plies))
                >= limit
        })
    }
}

impl<G: Evaluate> SearchSetup<G> {
    /// Where the game stands, for the time manager: the plies of the
    /// record before the root, what is left to the move limit, the game's
    /// typical length and its own estimate of the plies left.
    pub fn progress(&self) -> GameProgress {
        let counted = self.root.limit_plies().unwrap_or(self.plies_played);
        GameProgress {
            plies_played: self.history.len() as u32,
            plies_left_at_most: self.move_limit.map(|l| l.saturating_sub(counted)),
            typical_plies: G::TYPICAL_PLIES,
            expected_plies_left: self.root.expected_plies_left(),
        }
    }
}
