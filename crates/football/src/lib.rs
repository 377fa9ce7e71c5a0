//! Chess Football rules engine (bitboards).
//!
//! Chess Football (by Maurizio Orsi) is played on a chessboard by two
//! teams of six chess pieces and one ball; the rules the project
//! implements are in the project's rules file (`chess-football.md`), and
//! every rule has a test named after it in `tests/rules.rs`.
//!
//! [`Football`] is a position of a whole match — team choice, placements,
//! kick-offs, play, goals, resets, both halves — implementing
//! [`gamut_core::Game`] (fast, bitboards) and [`gamut_core::Reference`]
//! (slow mailbox walk, for tests). [`FootballOptions`] holds the options
//! (`shot-rule`, `half-length`, `placement`), [`FootballMove`] one action.
//!
//! # Representation
//! 64-bit bitboards per side and kind (`a1` = bit 0, `h8` = bit 63), the
//! ball holder's square, and the match state. Sliding attacks use
//! hyperbola quintessence with compile-time tables ([`attacks`]). The
//! hash is Zobrist: piece and ball keys kept incrementally, the rest of
//! the match state mixed in when read.
//!
//! # Notation
//! As in the rules file: `b1-c3` (move without the ball, or dribble),
//! `b5xe5` (tackle), `e4>c3` (pass, or shot when the target is an empty
//! goal square), `b7-b8=Q` (promotion suffix on a pawn action reaching the
//! last rank), `K@e1` (placement), `pick:QRN` (team choice, letters in
//! Q R B N P order), `pass` (no legal action).
//!
//! # Position text
//! One line of eleven fields separated by spaces:
//!
//! ```text
//! <board> <ball> <side> <phase> <kicker> <half> <actions> <score> <teams> <to-place> <last-goal>
//! 4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -
//! ```
//!
//! - `board`: ranks 8 to 1 separated by `/`, as in chess FEN: White
//!   `KQRBNP`, Black `kqrbnp`, digits for runs of empty squares;
//! - `ball`: the square of the piece holding the ball, or `-` (team
//!   choice, before the kicking side's first placement, match over);
//! - `side`: `w` or `b`, the side to move;
//! - `phase`: `pick`, `place`, `kickoff`, `play` or `over`;
//! - `kicker`: `w` or `b`, the side that kicks off (or kicked off last);
//! - `half`: `1` or `2`;
//! - `actions`: actions played in this half (placements and picks not
//!   counted); the half ends at `2 × half-length`;
//! - `score`: `<White goals>-<Black goals>`;
//! - `teams`: `<White picks>/<Black picks>`, each three letters in
//!   Q R B N P order or `-` if not chosen yet;
//! - `to-place`: `<White>/<Black>` pieces still to place, letters in
//!   K Q R B N P order (`KRNPP`), or `-` for none;
//! - `last-goal`: `w` or `b` if the action just played scored, else `-`.
//!
//! Reading validates the text (a position the engine can play from that a
//! match can reach; each team within its own box) and
//! never panics. The match start is
//! `8/8/8/8/8/8/8/8 - w pick w 1 0 0-0 -/- -/- -`.

//!
//! # Decisions where the rules file leaves room
//! - A half ends after `2 × half-length` actions in all (kick-offs,
//!   `pass` and every other action count; picks and placements do not),
//!   even when resets let one side act twice in a row.
//! - Kick-off: the kicking side's first action after its placements. It
//!   must be a pass of the ball holder if one exists; otherwise any action
//!   of the holder (dribble or shot); if the holder has none (a Pawn on
//!   e4 blocked by a piece on e5), any action of the side; failing all,
//!   `pass`.
//! - A dribble to an empty goal square and a shot to it are different
//!   actions (`e6-d8` moves the holder, `e6>d8` does not); both score. A
//!   pawn dribbling into the goal on its last rank also promotes (four
//!   actions).
//! - `keeper` shot rule: an opponent "could reach" a square if one of its
//!   pieces could move there without the ball in one action (sliding
//!   pieces blocked as usual, Pawns one step straight forward); the squares
//!   checked are the target and, for sliding shots, the squares strictly
//!   between shooter and target.
//! - Capturing the King that holds the ball is a goal and changes nothing
//!   on the board (the King is not removed, the capturer stays); the
//!   board is then cleared for the new placement anyway, unless it was the
//!   match's last action.
//! - When the match ends the board is left as after the last action, with
//!   no ball. After a goal (or two Kings alone) the board is cleared and
//!   every picked piece comes back (captured pieces return, promoted Pawns
//!   are Pawns again).
//! - Each side picks from its own box (the other 13 pieces of its half of
//!   a chess set: one Queen, two Rooks, ...), whatever the other side
//!   picked: 27 teams each, both may pick the same. The limits bind the
//!   `pick:` actions and the teams of a position text.

pub mod attacks;
mod bitboard;
mod diagram;
mod football_move;
mod game;
mod hash;
mod movegen;
mod options;
mod phase;
mod piece;
mod position;
mod reference;
mod team;
mod text;

pub use bitboard::{
    BLACK_GOAL, BLACK_HALF, FILE_A, FILE_H, RANK_1, RANK_8, WHITE_GOAL, WHITE_HALF,
};
pub use football_move::FootballMove;
pub use gamut_core::{Square, Squares};
pub use options::{FootballOptions, PlacementMode, ShotRule, MAX_HALF_LENGTH};
pub use phase::Phase;
pub use piece::Kind;
pub use position::Football;
pub use team::{Team, BOX};
