//! Linear Pursuit rules engine (board as data).
//!
//! Linear Pursuit (Stuart Ralph, 2019) is played on a circle of **inner**
//! ("in play") positions, each with an **outer** ("out of play") position
//! behind it. Inner positions are joined by the circumference and by inner
//! lines (chords). The rules the project implements are in
//! `rules/linear-pursuit.md`; [`Pursuit`] is the position type (it
//! implements [`gamut_core::Game`] and [`gamut_core::Reference`]),
//! [`PursuitOptions`] its options, [`PursuitMove`] a move and [`Board`] a
//! board. South ([`gamut_core::Player::First`]) moves first; North is the
//! second player.
//!
//! # Boards
//!
//! A board is data: a number of inner positions `N` (3 to 64), numbered
//! `0..N` clockwise with 0 at the top, and a list of chords. Board text:
//! `#` starts a comment, the rest are whitespace-separated items: first
//! `N`, then one `a-b` per chord (`a-b` and `b-a` are the same chord; no
//! chord from a position to itself). The circumference is implied. The
//! default board `pentagrams` (file `boards/pentagrams.board`) has 20
//! positions and the chords `i`–`i±8` (mod 20); `boards/star16.board` is a
//! smaller example. Boards are checked when read ([`BoardError`]) and
//! interned: positions hold a `&'static Board`.
//!
//! # Set-ups
//!
//! `setup=classic` (default) puts each side's R N B K B N R on seven
//! consecutive outer positions, a Pawn in front of each (`pawns=off`
//! leaves them out): North's King on outer 0 and South's on outer `N/2`,
//! so on `pentagrams` South holds 7–13 (King 10) and North 17–19, 0–3
//! (King 0). It needs an even `N` of at least 14. `setup=placement` starts
//! empty with the same material in hand; players alternately place one
//! piece (majors on empty outer positions, Pawns on empty inner ones),
//! South first, and play starts with South when all are placed. Any other
//! set-up is a position text with ply 0 (see below).
//!
//! # Notation
//!
//! `e10` enters the major on outer 10 into inner 10; `10-18` moves from
//! inner 10 to inner 18, `10x18` captures on 18; `K@o10` places a King on
//! outer 10, `P@10` a Pawn on inner 10 (letters K R B N P); `draw`
//! declares a draw (only when just the two Kings remain).
//!
//! # Position text
//!
//! One line: `<inner>/<outer> <side> <phase> <ply>`.
//! - `<inner>` and `<outer>`: one character per position `0..N`: `.`
//!   empty, `K R B N P` a South piece, `k r b n p` a North piece (no
//!   Pawns on the outer ring).
//! - `<side>`: `south` or `north`, the side to move.
//! - `<phase>`: `play`; `drawn` (a draw was declared); or
//!   `place:<letters>` during placement, listing every piece still to place
//!   (upper case South's, lower case North's).
//! - `<ply>`: plies of play since the set-up; placements are part of the
//!   set-up and do not count. The move limit counts these plies, so a
//!   text at or past the limit is a game already drawn by it (the game
//!   record says so at once). Ply 0 marks a **set-up**,
//!   which must follow the set-up rules: South to move, exactly one King
//!   each, the same number of pieces each, majors on outer positions.
//!   `<phase>` and `<ply>` may be left out when reading (`play`, 0).
//!
//! Classic on `pentagrams`:
//! `pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0`.
//! Every text is validated (ring lengths, at most one King each, a missing
//! King only for the side to move after a capture, placement turns that
//! alternate, pieces in hand that fit, a bounded number of moves).
//!
//! # Decisions where the rules are silent
//!
//! - A move is its origin and target: when several paths (e.g. a Knight's
//!   two orders of lines) lead to the same target it is one move, legal if
//!   any path has an empty middle.
//! - The `draw` declaration is a legal move: a side that may declare a
//!   draw never loses for lack of moves. It exists only in the play phase.
//! - The game ends when the side to move has no King (it was just
//!   captured) or no legal move; repetition and the move limit are applied
//!   by [`gamut_core::GameRecord`] from the options.
//! - Perft (the rules file's figures): a position missing a King is a leaf
//!   and `draw` is not counted.
//!
//! # Speed
//!
//! Moves are generated from per-board tables over `u64` masks without
//! allocation; [`gamut_core::Game::perft_leaf_count`] counts with
//! popcounts. Accessors such as [`Pursuit::pieces`],
//! [`Pursuit::attackers`], [`Pursuit::targets`] and [`Pursuit::king`]
//! serve evaluation functions.
//!
//! # Endgame tables
//!
//! [`Pursuit`] implements [`gamut_core::Retrograde`] over a
//! [`PursuitMaterial`] (the pieces of each side on one board, `KN v K`):
//! every placement of the material is indexed, and moves that keep the
//! material can be taken back, so a generic retrograde builder can solve
//! endings with few pieces.

#![warn(missing_docs)]

mod board;
mod board_error;
mod diagram;
mod game;
mod material;
mod movegen;
mod moves;
mod notation;
mod options;
mod piece;
mod position;
mod reference;
mod registry;
mod retrograde;
mod setup;
mod text;

pub use board::{Board, MAX_POSITIONS, MIN_POSITIONS, PENTAGRAMS_NAME, PENTAGRAMS_TEXT};
pub use board_error::BoardError;
pub use material::{MaterialError, PursuitMaterial};
pub use moves::PursuitMove;
pub use options::{PursuitOptions, Setup};
pub use piece::Piece;
pub use position::{Location, Pursuit};
pub use registry::{custom_boards, set_board_limit, DEFAULT_BOARD_LIMIT};

use gamut_core::Player;

/// The Classic start on `pentagrams` as a position text.
pub const CLASSIC_TEXT: &str = "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0";

/// The name of a side: `South` (first player) or `North`.
pub const fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "South",
        Player::Second => "North",
    }
}
