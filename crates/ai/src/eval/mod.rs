//! The per-game evaluations: [`crate::Evaluate`] for each of Gamut's games.

mod football;
mod loa;
mod pursuit;
mod pursuit_endings;
