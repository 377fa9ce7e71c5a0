//! The position: pieces as `u64` masks per side and kind (inner and outer
//! rings), pieces still to place, side to move; making moves and the
//! incremental Zobrist hash; read-only accessors for evaluation functions.

use crate::{Board, Piece, PursuitMove};
use gamut_core::{zobrist, Player};
use std::fmt;

/// Zobrist key layout: inner pieces, outer majors, counts in hand, then the
/// side and the declared-draw flag.
const INNER_KEYS: usize = 0;
const OUTER_KEYS: usize = INNER_KEYS + 2 * 5 * 64;
const HAND_KEYS: usize = OUTER_KEYS + 2 * 4 * 64;
/// Counts in hand run from 0 to 64.
const HAND_COUNTS: usize = 65;
const SIDE_KEY: usize = HAND_KEYS + 2 * 5 * HAND_COUNTS;
const DRAWN_KEY: usize = SIDE_KEY + 1;
const KEY_COUNT: usize = DRAWN_KEY + 1;
static KEYS: [u64; KEY_COUNT] = zobrist::keys(0x5075_7273_7569_7421);

#[inline]
fn inner_key(side: usize, piece: usize, s: u8) -> u64 {
    KEYS[INNER_KEYS + (side * 5 + piece) * 64 + s as usize]
}

#[inline]
fn outer_key(side: usize, piece: usize, s: u8) -> u64 {
    KEYS[OUTER_KEYS + (side * 4 + piece) * 64 + s as usize]
}

#[inline]
fn hand_key(side: usize, piece: usize, count: u8) -> u64 {
    KEYS[HAND_KEYS + (side * 5 + piece) * HAND_COUNTS + count as usize]
}

/// Where a piece stands: on an inner (in play) or outer (out of play)
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// In play, on inner position `.0`.
    Inner(u8),
    /// Out of play, on outer position `.0`.
    Outer(u8),
}

/// A Linear Pursuit position (implements [`gamut_core::Game`]).
///
/// Pieces are kept as masks (bit `i` = position `i`) per side and kind, on
/// the inner ring and on the outer ring (majors only), plus the pieces each
/// side still has to place (placement phase). Cloning is cheap: the board
/// is a shared `&'static Board`.
///
/// Equality compares the board, the pieces, the pieces in hand, the side
/// to move and a declared draw, not the ply counter (so repetition is
/// detected).
#[derive(Clone)]
pub struct Pursuit {
    pub(crate) board: &'static Board,
    /// `[side][piece]` masks of inner positions.
    pub(crate) inner: [[u64; 5]; 2],
    /// `[side][major]` masks of outer positions.
    pub(crate) outer: [[u64; 4]; 2],
    /// Inner positions held by each side.
    pub(crate) occupied: [u64; 2],
    /// Outer positions held by each side.
    pub(crate) outer_occupied: [u64; 2],
    /// `[side][piece]` pieces still to place.
    pub(crate) hand: [[u8; 5]; 2],
    pub(crate) side: Player,
    pub(crate) drawn: bool,
    /// Plies of play since the set-up; placements are part of the set-up
    /// and not counted (0: this position is a set-up or in placement).
    pub(crate) ply: u32,
    pub(crate) hash: u64,
}

impl Pursuit {
    /// An empty board, South to move, nothing in hand, ply 0.
    pub(crate) fn blank(board: &'static Board) -> Pursuit {
        let mut p = Pursuit {
            board,
            inner: [[0; 5]; 2],
            outer: [[0; 4]; 2],
            occupied: [0; 2],
            outer_occupied: [0; 2],
            hand: [[0; 5]; 2],
            side: Player::First,
            drawn: false,
            ply: 0,
            hash: 0,
        };
        p.hash = p.zobrist();
        p
    }

    /// Whether `mv` (legal here) captures: a step onto an enemy piece (its
    /// notation's `x`).
    pub(crate) fn captures(&self, mv: PursuitMove) -> bool {
        match mv {
            PursuitMove::Step { to, .. } => {
                self.occupied[self.side.other().index()] & (1u64 << to) != 0
            }
            _ => false,
        }
    }

    /// Put a piece on an empty position (a major on an outer position goes
    /// to the outer ring). Call [`Pursuit::rehash`] when done.
    pub(crate) fn put(&mut self, side: Player, piece: Piece, at: Location) {
        let i = side.index();
        match at {
            Location::Inner(s) => {
                self.inner[i][piece.index()] |= 1 << s;
                self.occupied[i] |= 1 << s;
            }
            Location::Outer(s) => {
                self.outer[i][piece.index()] |= 1 << s;
                self.outer_occupied[i] |= 1 << s;
            }
        }
    }

    /// Recompute the hash after direct edits.
    pub(crate) fn rehash(&mut self) {
        self.hash = self.zobrist();
    }

    /// The hash from scratch.
    pub(crate) fn zobrist(&self) -> u64 {
        let mut h = 0;
        for side in 0..2 {
            for piece in 0..5 {
                h ^= bits(self.inner[side][piece]).fold(0, |a, s| a ^ inner_key(side, piece, s));
                h ^= hand_key(side, piece, self.hand[side][piece]);
            }
            for piece in 0..4 {
                h ^= bits(self.outer[side][piece]).fold(0, |a, s| a ^ outer_key(side, piece, s));
            }
        }
        if self.side == Player::Second {
            h ^= KEYS[SIDE_KEY];
        }
        if self.drawn {
            h ^= KEYS[DRAWN_KEY];
        }
        h
    }

    /// Play a move generated in this position.
    pub(crate) fn make(&mut self, mv: PursuitMove) {
        let us = self.side.index();
        let them = 1 - us;
        match mv {
            PursuitMove::Enter(s) => {
                let b = 1u64 << s;
                let piece = (0..4).find(|&k| self.outer[us][k] & b != 0).unwrap_or(0);
                self.outer[us][piece] ^= b;
                self.outer_occupied[us] ^= b;
                self.inner[us][piece] |= b;
                self.occupied[us] |= b;
                self.hash ^= outer_key(us, piece, s) ^ inner_key(us, piece, s);
            }
            PursuitMove::Step { from, to } => {
                let (fb, tb) = (1u64 << from, 1u64 << to);
                if self.occupied[them] & tb != 0 {
                    let victim = (0..5).find(|&k| self.inner[them][k] & tb != 0).unwrap_or(0);
                    self.inner[them][victim] ^= tb;
                    self.occupied[them] ^= tb;
                    self.hash ^= inner_key(them, victim, to);
                }
                let piece = (0..5).find(|&k| self.inner[us][k] & fb != 0).unwrap_or(0);
                self.inner[us][piece] ^= fb | tb;
                self.occupied[us] ^= fb | tb;
                self.hash ^= inner_key(us, piece, from) ^ inner_key(us, piece, to);
            }
            PursuitMove::Place { piece, at } => {
                let k = piece.index();
                let count = self.hand[us][k];
                self.hand[us][k] = count - 1;
                self.hash ^= hand_key(us, k, count) ^ hand_key(us, k, count - 1);
                let b = 1u64 << at;
                if piece.is_major() {
                    self.outer[us][k] |= b;
                    self.outer_occupied[us] |= b;
                    self.hash ^= outer_key(us, k, at);
                } else {
                    self.inner[us][k] |= b;
                    self.occupied[us] |= b;
                    self.hash ^= inner_key(us, k, at);
                }
            }
            PursuitMove::Draw => {
                self.drawn = true;
                self.hash ^= KEYS[DRAWN_KEY];
            }
        }
        if !matches!(mv, PursuitMove::Place { .. }) {
            self.ply = self.ply.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash ^= KEYS[SIDE_KEY];
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The inner (in play) positions holding `side`'s pieces of kind
    /// `piece`.
    #[inline]
    pub fn pieces(&self, side: Player, piece: Piece) -> u64 {
        self.inner[side.index()][piece.index()]
    }

    /// The outer (out of play) positions holding `side`'s pieces of kind
    /// `piece` (always empty for Pawns).
    #[inline]
    pub fn outer_pieces(&self, side: Player, piece: Piece) -> u64 {
        match piece {
            Piece::Pawn => 0,
            _ => self.outer[side.index()][piece.index()],
        }
    }

    /// The inner positions holding any piece of `side`.
    #[inline]
    pub fn occupied(&self, side: Player) -> u64 {
        self.occupied[side.index()]
    }

    /// The outer positions holding a piece of `side`.
    #[inline]
    pub fn outer_occupied(&self, side: Player) -> u64 {
        self.outer_occupied[side.index()]
    }

    /// The empty inner positions.
    #[inline]
    pub fn empty(&self) -> u64 {
        self.board.all() & !(self.occupied[0] | self.occupied[1])
    }

    /// How many pieces of kind `piece` `side` still has to place.
    pub fn in_hand(&self, side: Player, piece: Piece) -> u8 {
        self.hand[side.index()][piece.index()]
    }
    /// Whether a draw has been declared.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// Plies of play since the set-up, the count the move limit reads;
    /// placements are part of the set-up and not counted (0: this position
    /// is a set-up, or placement is under way).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The piece on inner position `s`, if any.
    pub fn inner_piece(&self, s: u8) -> Option<(Player, Piece)> {
        let b = 1u64.checked_shl(u32::from(s))?;
        Player::BOTH.into_iter().find_map(|side| {
            Piece::ALL
                .into_iter()
                .find(|&p| self.inner[side.index()][p.index()] & b != 0)
                .map(|p| (side, p))
        })
    }

    /// The piece on outer position `s`, if any.
    pub fn outer_piece(&self, s: u8) -> Option<(Player, Piece)> {
        let b = 1u64.checked_shl(u32::from(s))?;
        Player::BOTH.into_iter().find_map(|side| {
            Piece::MAJORS
                .into_iter()
                .find(|&p| self.outer[side.index()][p.index()] & b != 0)
                .map(|p| (side, p))
        })
    }

    /// Where `side`'s King stands (`None` if captured or still to place).
    pub fn king(&self, side: Player) -> Option<Location> {
        let i = side.index();
        let k = Piece::King.index();
        if self.inner[i][k] != 0 {
            Some(Location::Inner(self.inner[i][k].trailing_zeros() as u8))
        } else if self.outer[i][k] != 0 {
            Some(Location::Outer(self.outer[i][k].trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// Whether `side` still has its King (on the board or to place).
    #[inline]
    pub fn has_king(&self, side: Player) -> bool {
        let i = side.index();
        (self.inner[i][0] | self.outer[i][0]) != 0 || self.hand[i][0] > 0
    }

    /// How many pieces of kind `piece` `side` has (in play, out of play and
    /// to place).
    pub fn count(&self, side: Player, piece: Piece) -> u32 {
        let i = side.index();
        self.pieces(side, piece).count_ones()
            + self.outer_pieces(side, piece).count_ones()
            + u32::from(self.hand[i][piece.index()])
    }
}

/// The set bits of `mask` as positions, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            s
        })
    })
}

impl PartialEq for Pursuit {
    fn eq(&self, other: &Pursuit) -> bool {
        std::ptr::eq(self.board, other.board)
            && self.inner == other.inner
            && self.outer == other.outer
            && self.hand == other.hand
            && self.side == other.side
            && self.drawn == other.drawn
    }
}

impl fmt::Debug for Pursuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pursuit({})", crate::text::write(self))
    }
}
