//! Positions enumerated by material, for endgame tables built by
//! retrograde analysis: the [`Retrograde`] trait a game implements so that
//! a generic builder (`gamut_ai::tablebase`) can solve every position of a
//! small material.

use crate::Game;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A game whose positions of one material can be indexed and enumerated,
/// and whose moves that keep the material can be taken back.
///
/// A *material* fixes a finite set of positions (for a board game: the
/// pieces of each side, and the board); a table gives every index
/// `0..index_count` a slot, and a slot either names one position or none
/// (pieces on one spot, identical pieces out of order). Both sides to move
/// are in one table.
///
/// The contract, checked for each implementation by brute force in its
/// tests:
/// - `from_index(m, i) == Some(p)` implies `p.material() == Some(m)` and
///   `p.index() == i`, and every position `p` with `p.material() ==
///   Some(m)` is `from_index(m, p.index())`;
/// - `q` is in `p.unmoves()` exactly when `q` has the material of `p`, is
///   not finished by the board rules, and one of its legal moves leads to
///   `p`.
pub trait Retrograde: Game {
    /// What fixes a table's set of positions. Its `Display` form names it
    /// for people (`KN v K`).
    type Material: Clone + Debug + Display + Eq + Hash + Send + Sync + 'static;

    /// The material of this position, or `None` if positions like it are
    /// not tabled (a placement phase, a declared draw, a material the game
    /// does not index).
    fn material(&self) -> Option<Self::Material>;

    /// How many indexes the table of `material` has.
    fn index_count(material: &Self::Material) -> u64;

    /// This position's index in the table of its material (only meaningful
    /// when [`Retrograde::material`] is `Some`).
    fn index(&self) -> u64;

    /// The position at `index` of the table of `material`, or `None` where
    /// that index names no position.
    fn from_index(material: &Self::Material, index: u64) -> Option<Self>;

    /// Append to `out` every position of this material from which one
    /// legal move leads to this position, each once.
    fn unmoves(&self, out: &mut Vec<Self>);
}
