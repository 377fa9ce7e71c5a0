//! Puzzles for Gamut's games whose answers are proven: from a position,
//! the side to move (the *solver*) has exactly one move that forces the
//! goal in the fewest moves — a connection in Lines of Action, the
//! King's capture in Linear Pursuit, a goal in Chess Football.
//!
//! - [`Puzzle`], [`Proof`] (module `puzzle`): the data.
//! - [`format`](mod@format): the line-based text file puzzles are stored in.
//! - [`puzzles`], [`find`] (module `data`): the shipped puzzles, embedded
//!   and parsed once.
//! - [`check`] ([`Verdict`]): the checker a server uses while a person
//!   solves; it never searches.
//! - [`generate`](generate::generate): the generator (self-play or game
//!   records, the bounded prover, the uniqueness checks, themes).
//! - [`verify`](verify::verify): re-proves a stored puzzle.
//!
//! The layers: this crate sits on `gamut-games` (and `gamut-ai` for the
//! engines of self-play and the proof-number solver), below the server
//! and the command line. See `docs/puzzles.md`.

mod check;
mod data;
pub mod format;
pub mod generate;
pub mod goal;
mod puzzle;
pub mod records;
pub mod search;
pub mod verify;

pub use check::{check, Verdict};
pub use data::{errors as data_errors, find, puzzles, text as data_text};
pub use format::FormatError;
pub use puzzle::{initial_rating, Proof, Puzzle};
