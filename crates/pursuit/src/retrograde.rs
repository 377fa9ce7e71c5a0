//! Endgame-table support: positions of one material indexed and
//! enumerated, and moves that keep the material taken back
//! ([`gamut_core::Retrograde`]).
//!
//! A piece's *spot*: a major stands on inner position `s` (spot `s`) or
//! outer position `s` (spot `N + s`); a Pawn only on inner positions
//! (spot `s`). The index is the spots of every piece in the order of
//! [`PursuitMaterial::each_piece`], in mixed radix, times two for the
//! side to move; identical pieces must stand in increasing spot order, so
//! each position has one index. Table positions are in the play phase at
//! ply 1 (the ply is not part of a position's identity).
//!
//! Taking a move back: the side that just moved either moved a piece in
//! play from an empty inner position (every movement is symmetric: a
//! piece reaches `t` from `f` through an empty middle exactly when it
//! reaches `f` from `t` through the same middle, see
//! [`crate::Board::reach`]) or entered a major from the outer position
//! behind it, if that outer position is empty. Captures change the
//! material and are not taken back here.

use crate::position::bits;
use crate::{Piece, Pursuit, PursuitMaterial};
use gamut_core::{Player, Retrograde};

/// The number of spots a piece of kind `piece` may stand on, on a board of
/// `n` positions.
fn spots(piece: Piece, n: u64) -> u64 {
    if piece.is_major() {
        2 * n
    } else {
        n
    }
}

impl Retrograde for Pursuit {
    type Material = PursuitMaterial;

    fn material(&self) -> Option<PursuitMaterial> {
        if self.drawn || self.hand != [[0; 5]; 2] {
            return None;
        }
        let mut counts = [[0u8; 5]; 2];
        for (side, count) in counts.iter_mut().enumerate() {
            for piece in Piece::ALL {
                let k = piece.index();
                let outer = if piece.is_major() {
                    self.outer[side][k]
                } else {
                    0
                };
                count[k] = (self.inner[side][k].count_ones() + outer.count_ones()) as u8;
            }
            if count[Piece::King.index()] != 1 {
                return None;
            }
        }
        Some(PursuitMaterial {
            board: self.board,
            counts,
        })
    }

    fn index_count(material: &PursuitMaterial) -> u64 {
        let n = material.board.size() as u64;
        material
            .each_piece()
            .fold(2u64, |acc, (_, piece)| acc.saturating_mul(spots(piece, n)))
    }

    fn index(&self) -> u64 {
        let n = self.board.size() as u64;
        let mut index = 0u64;
        for side in 0..2 {
            for piece in Piece::ALL {
                let k = piece.index();
                let radix = spots(piece, n);
                for s in bits(self.inner[side][k]) {
                    index = index * radix + u64::from(s);
                }
                if piece.is_major() {
                    for s in bits(self.outer[side][k]) {
                        index = index * radix + n + u64::from(s);
                    }
                }
            }
        }
        index * 2 + self.side.index() as u64
    }

    fn from_index(material: &PursuitMaterial, index: u64) -> Option<Pursuit> {
        let n = material.board.size() as u64;
        let pieces: Vec<(Player, Piece)> = material.each_piece().collect();
        let mut spot = vec![0u64; pieces.len()];
        let mut rest = index / 2;
        for (i, &(_, piece)) in pieces.iter().enumerate().rev() {
            let radix = spots(piece, n);
            spot[i] = rest % radix;
            rest /= radix;
        }
        if rest != 0 {
            return None;
        }
        let mut pos = Pursuit::blank(material.board);
        let (mut inner, mut outer) = (0u64, 0u64);
        for (i, &(side, piece)) in pieces.iter().enumerate() {
            if i > 0 && pieces[i - 1] == (side, piece) && spot[i - 1] >= spot[i] {
                return None;
            }
            let (ring, s) = if spot[i] < n {
                (&mut inner, spot[i])
            } else {
                (&mut outer, spot[i] - n)
            };
            if *ring >> s & 1 == 1 {
                return None;
            }
            *ring |= 1 << s;
            let at = if spot[i] < n {
                crate::Location::Inner(s as u8)
            } else {
                crate::Location::Outer(s as u8)
            };
            pos.put(side, piece, at);
        }
        pos.side = if index.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        };
        pos.ply = 1;
        pos.rehash();
        Some(pos)
    }

    fn unmoves(&self, out: &mut Vec<Pursuit>) {
        let mover = self.side.other();
        let m = mover.index();
        let empty = self.empty();
        let outer_empty = self.board.all() & !(self.outer_occupied[0] | self.outer_occupied[1]);
        for piece in Piece::ALL {
            let k = piece.index();
            for t in bits(self.inner[m][k]) {
                let tb = 1u64 << t;
                for f in bits(self.board.reach(piece, t, empty) & empty) {
                    let mut before = self.clone();
                    before.inner[m][k] ^= tb | 1 << f;
                    before.occupied[m] ^= tb | 1 << f;
                    out.push(before.taken_back(mover));
                }
                if piece.is_major() && outer_empty & tb != 0 {
                    let mut before = self.clone();
                    before.inner[m][k] ^= tb;
                    before.occupied[m] ^= tb;
                    before.outer[m][k] |= tb;
                    before.outer_occupied[m] |= tb;
                    out.push(before.taken_back(mover));
                }
            }
        }
    }
}

impl Pursuit {
    /// This position, edited back one move, with `mover` to move again.
    fn taken_back(mut self, mover: Player) -> Pursuit {
        self.side = mover;
        self.ply = 1;
        self.rehash();
        self
    }
}
