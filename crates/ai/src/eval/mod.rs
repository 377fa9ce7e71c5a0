//! The per-game evaluations: [`crate::Evaluate`] for each of Gamut's games,
//! with their solved endings (Linear Pursuit's tables, Chess Football's
//! match endings).

mod football;
mod football_endings;
mod loa;
mod pursuit;
mod pursuit_endings;

pub use football_endings::FootballEnding;
