//! The shared abstraction of Gamut: every game implements [`Game`].
//!
//! A game is a *position* type that knows its side to move, writes its legal
//! moves into a caller-provided [`MoveList`] (no allocation), plays a move in
//! place (copy-make: clone first to keep the parent), reports its
//! [`Outcome`], keeps a 64-bit Zobrist hash up to date, and converts
//! positions and moves to and from text. Options are chosen when a game is
//! created ([`GameOptions`]).
//!
//! Game-level rules that need history (threefold repetition, the move limit,
//! resignation, agreed draws, takebacks) live once for all games in
//! [`GameRecord`]. Shared drivers: [`perft`] / [`divide`] and the
//! random-playout invariant checker [`check_playouts`] (which uses the slow,
//! independent [`Reference`] implementation each game provides).
//! [`DynMatch`] is the object-safe face of a record, for servers and
//! protocols that handle games by name. [`Retrograde`] is what endgame
//! tables need from a game (positions indexed by material, moves taken
//! back). [`Square`] and [`Squares`] name
//! and walk the squares of boards up to 8x8 held in a `u64` bitboard.

mod dyn_match;
mod error;
mod game;
pub mod interning;
mod movelist;
mod options;
mod outcome;
mod perft;
mod player;
mod playout;
mod record;
mod reference;
mod retrograde;
mod square;
#[cfg(test)]
mod testgame;
pub mod zobrist;

pub use dyn_match::DynMatch;
pub use error::{MoveError, OptionError, TextError};
pub use game::Game;
pub use movelist::{MoveList, MAX_MOVES};
pub use options::{parse as option_parse, GameOptions, OptionKind, OptionSpec};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft};
pub use player::Player;
pub use playout::{
    check_playouts, check_playouts_from, check_position, random_playout, PlayoutStats,
};
pub use record::GameRecord;
pub use reference::Reference;
pub use retrograde::Retrograde;
pub use square::{Square, Squares};
