//! Lines of Action (Sid Sackson, *A Gamut of Games*): the rules engine.
//!
//! [`Loa`] is a position implementing [`gamut_core::Game`] (and the slow,
//! independent [`gamut_core::Reference`] used to check it); [`LoaOptions`]
//! holds the options (`size` 6/7/8, `setup` standard/scrambled-eggs,
//! `simultaneous` draw/mover-wins, `repetition` on/off, `move-limit` in
//! plies, 0 for none); [`LoaMove`] is a move.
//!
//! # Rules in brief
//! A piece moves in a straight line in any of the 8 directions exactly as
//! many squares as there are pieces (both colours) on that whole line; it
//! may jump its own pieces but not the enemy's, and captures by landing on
//! an enemy piece. Whoever's pieces form one 8-connected group wins (checked
//! for both sides after every move; a move connecting both sides is settled
//! by the `simultaneous` option). A player without a move passes; when
//! neither can move the game is drawn. Repetition and the move limit are
//! applied by [`gamut_core::GameRecord`].
//!
//! # Notation
//! A move is `from-to` (`b1-d3`), a capture `fromxto` (`b1xd3`), a forced
//! pass `pass`. Squares are a file letter (`a` on the left) and a rank
//! number (`1` at the bottom, Black's home rank).
//!
//! # Position text
//! One line: the ranks from the top (rank N) down to rank 1, separated by
//! `/`, each with one character per square from file `a`: `b` (Black), `w`
//! (White) or `.` (empty); then a space and the side to move, `b` or `w`;
//! then ` pass` only if the previous move was a pass (which matters: if the
//! side to move cannot move either, the game is drawn). The 8x8 start is
//!
//! ```text
//! .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b
//! ```
//!
//! The number of ranks and squares must match the game's `size` option, and
//! each side has between 1 and `2 * (size - 2)` pieces.
//!
//! # Engine
//! Every board size lives in the low corner of one `u64` bitboard (bit
//! `rank * 8 + file`). Line counts for every row, column and diagonal are
//! kept incrementally as packed 4-bit counters; moves are generated for all
//! pieces on lines of equal count at once (see the `movegen` module), so
//! perft counts the last ply by popcounts without listing moves. The
//! Zobrist hash is updated incrementally; connection is a flood fill by
//! bitboard dilation ([`connection`]).

#![warn(missing_docs)]

pub mod connection;
mod diagram;
mod game;
mod movegen;
mod moves;
mod options;
mod position;
mod reference;
mod tables;
mod text;

pub use gamut_core::{Square, Squares};
pub use moves::LoaMove;
pub use options::{LoaOptions, Setup, Simultaneous, DEFAULT_MOVE_LIMIT};
pub use position::{Loa, Orientation};
pub use tables::board_mask;
