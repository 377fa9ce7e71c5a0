//! A slow, independent statement of a game's rules, used only to check the
//! fast engine (random-playout invariants, property tests).

use crate::{Game, Outcome};

/// An independent, deliberately simple implementation of the rules that
/// the fast engine is checked against.
pub trait Reference: Game {
    /// Every legal move, found without the engine's tables or bitboards
    /// (e.g. by walking squares one by one).
    fn reference_moves(&self) -> Vec<Self::Move>;

    /// The board outcome, decided from scratch (e.g. by a flood fill).
    fn reference_outcome(&self) -> Option<Outcome>;
}
