//! The position: both sides' pieces as bitboards, incrementally kept line
//! counts and Zobrist hash, the side to move and the pass flag; playing
//! moves and deciding the outcome.

use crate::connection::{group_count, is_connected};
use crate::movegen::{generate, AnyMove, Counter, Lister, Sink};
use crate::moves::LoaMove;
use crate::options::{LoaOptions, Setup, Simultaneous};
use crate::tables::{
    board_mask, piece_key, COUNT_PLACE, COUNT_UNIT, COUNT_WORDS, ZOBRIST, Z_PASS, Z_SIDE,
};
use gamut_core::{EndReason, MoveList, Outcome, Player, Square, Squares};

/// The four line orientations through a square, for [`Loa::line_count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The rank (row).
    Rank = 0,
    /// The file (column).
    File = 1,
    /// The diagonal running from lower left to upper right (`a1`–`h8`).
    Diagonal = 2,
    /// The diagonal running from upper left to lower right (`a8`–`h1`).
    AntiDiagonal = 3,
}

/// A Lines of Action position (see the crate docs for its text form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loa {
    /// Pieces of `Player::First` (Black) and `Player::Second` (White).
    pieces: [u64; 2],
    /// The number of pieces on each line, one byte per line (see
    /// [`crate::tables::COUNT_PLACE`]).
    counts: [u64; COUNT_WORDS],
    hash: u64,
    side: Player,
    /// Whether the previous move was a pass.
    passed: bool,
    size: u8,
    simultaneous: Simultaneous,
}

impl Loa {
    /// The start position for `options`.
    pub fn new(options: &LoaOptions) -> Loa {
        let n = options.size;
        let (mut black, mut white) = (0u64, 0u64);
        for i in 1..n - 1 {
            let bottom = Square::new(i, 0).bit();
            let top = Square::new(i, n - 1).bit();
            let left = Square::new(0, i).bit();
            let right = Square::new(n - 1, i).bit();
            let odd = i % 2 == 1;
            match options.setup {
                Setup::Standard => {
                    black |= bottom | top;
                    white |= left | right;
                }
                Setup::ScrambledEggs => {
                    // Along each edge from its low end: rank 1 and file h
                    // start with Black, rank N and file a with White.
                    let (b, w) = if odd {
                        (bottom | right, top | left)
                    } else {
                        (top | left, bottom | right)
                    };
                    black |= b;
                    white |= w;
                }
            }
        }
        Loa::from_parts(options, [black, white], Player::First, false)
    }

    /// A position from its parts (pieces already checked to be on the
    /// board and disjoint); counts and hash are computed.
    pub(crate) fn from_parts(
        options: &LoaOptions,
        pieces: [u64; 2],
        side: Player,
        passed: bool,
    ) -> Loa {
        let mut counts = [0u64; COUNT_WORDS];
        for s in Squares(pieces[0] | pieces[1]) {
            for (c, unit) in counts.iter_mut().zip(COUNT_UNIT[s.index()]) {
                *c += unit;
            }
        }
        let mut pos = Loa {
            pieces,
            counts,
            hash: 0,
            side,
            passed,
            size: options.size,
            simultaneous: options.simultaneous,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The board size (6, 7 or 8).
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The squares of the board as a bitboard.
    #[inline]
    pub fn board_mask(&self) -> u64 {
        board_mask(self.size)
    }

    /// The pieces of `player` as a bitboard (bit `rank * 8 + file`).
    #[inline]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// Every piece on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The number of pieces of `player`.
    #[inline]
    pub fn piece_count(&self, player: Player) -> u32 {
        self.pieces[player.index()].count_ones()
    }

    /// The owner of the piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Player> {
        let bit = square.bit();
        if self.pieces[0] & bit != 0 {
            Some(Player::First)
        } else if self.pieces[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Whether `mv` (legal here) captures: an enemy piece stands on its
    /// target (its notation's `x`).
    #[inline]
    pub fn captures(&self, mv: LoaMove) -> bool {
        mv.to()
            .is_some_and(|to| self.piece_at(to) == Some(self.side().other()))
    }

    /// The number of pieces (both colours) on the line of `orientation`
    /// through `square`: the length of any move along it.
    #[inline]
    pub fn line_count(&self, square: Square, orientation: Orientation) -> u32 {
        let (word, shift) = COUNT_PLACE[square.index()][orientation as usize];
        ((self.counts[usize::from(word)] >> shift) & 0xFF) as u32
    }

    /// Whether the previous move was a pass.
    #[inline]
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// The rule in force for a move that connects both sides.
    #[inline]
    pub fn simultaneous(&self) -> Simultaneous {
        self.simultaneous
    }

    /// Whether the pieces of `player` form one connected group.
    #[inline]
    pub fn is_connected(&self, player: Player) -> bool {
        is_connected(self.pieces[player.index()])
    }

    /// The number of connected groups of `player`'s pieces (1 when
    /// connected).
    #[inline]
    pub fn group_count(&self, player: Player) -> u32 {
        group_count(self.pieces[player.index()])
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side(&self) -> Player {
        self.side
    }

    /// The incrementally kept hash.
    #[inline]
    pub(crate) fn hash_value(&self) -> u64 {
        self.hash
    }

    /// The hash from scratch: pieces, side to move, pass flag.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for p in 0..2 {
            for s in Squares(self.pieces[p]) {
                h ^= piece_key(p, s.index());
            }
        }
        if self.side == Player::Second {
            h ^= ZOBRIST[Z_SIDE];
        }
        if self.passed {
            h ^= ZOBRIST[Z_PASS];
        }
        h
    }

    #[inline(always)]
    fn generate_for<S: Sink>(&self, player: Player, sink: &mut S) {
        let us = player.index();
        generate(
            self.pieces[us],
            self.pieces[us ^ 1],
            &self.counts,
            usize::from(self.size - 6),
            sink,
        );
    }

    /// Every legal move of the side to move; the pass alone if it has none.
    #[inline]
    pub(crate) fn generate(&self, list: &mut MoveList<LoaMove>) {
        let mut lister = Lister::default();
        self.generate_for(self.side, &mut lister);
        lister.write_into(&self.counts, list);
        if list.is_empty() {
            list.push(LoaMove::PASS);
        }
    }

    /// The number of legal moves of the side to move (a forced pass counts
    /// as one).
    #[inline]
    pub fn move_count(&self) -> u64 {
        let mut counter = Counter::default();
        self.generate_for(self.side, &mut counter);
        counter.total().max(1)
    }

    /// Whether `player` has a move other than passing.
    pub fn can_move(&self, player: Player) -> bool {
        let mut any = AnyMove(false);
        self.generate_for(player, &mut any);
        any.0
    }

    /// Play a move generated in this position.
    #[inline]
    pub(crate) fn make(&mut self, mv: LoaMove) {
        self.hash ^= ZOBRIST[Z_SIDE];
        self.side = self.side.other();
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            if !self.passed {
                self.passed = true;
                self.hash ^= ZOBRIST[Z_PASS];
            }
            return;
        };
        if self.passed {
            self.passed = false;
            self.hash ^= ZOBRIST[Z_PASS];
        }
        let us = self.side.other().index();
        let (f, t) = (from.index(), to.index());
        self.pieces[us] ^= from.bit() | to.bit();
        self.hash ^= piece_key(us, f) ^ piece_key(us, t);
        let captured = self.pieces[us ^ 1] & to.bit() != 0;
        if captured {
            self.pieces[us ^ 1] ^= to.bit();
            self.hash ^= piece_key(us ^ 1, t);
        }
        // A capture leaves the counts of the destination's lines unchanged.
        let arrived = if captured {
            [0; COUNT_WORDS]
        } else {
            COUNT_UNIT[t]
        };
        for ((count, left), arrived) in self.counts.iter_mut().zip(COUNT_UNIT[f]).zip(arrived) {
            *count = *count - left + arrived;
        }
    }

    /// The outcome by the board: connection (checked for both sides), or a
    /// draw when the previous move was a pass and the side to move cannot
    /// move either.
    pub(crate) fn board_outcome(&self) -> Option<Outcome> {
        let mover = self.side.other();
        match (self.is_connected(mover), self.is_connected(self.side)) {
            (true, true) => Some(match self.simultaneous {
                Simultaneous::Draw => Outcome::draw(EndReason::SimultaneousConnection),
                Simultaneous::MoverWins => Outcome::win(mover, EndReason::SimultaneousConnection),
            }),
            (true, false) => Some(Outcome::win(mover, EndReason::Connection)),
            (false, true) => Some(Outcome::win(self.side, EndReason::Connection)),
            (false, false) => (self.passed && !self.can_move(self.side))
                .then_some(Outcome::draw(EndReason::NoMovesForEither)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_core::Reference;

    /// Neither side can move: reached only in theory (the test board is
    /// full, beyond the piece counts a position text allows), but the rule
    /// must hold: after a pass, a side to move without a move draws.
    #[test]
    fn neither_side_can_move_is_a_draw() {
        let options = LoaOptions {
            size: 6,
            ..LoaOptions::default()
        };
        // Ranks 1, 3, 5 Black and 2, 4, 6 White: every line is full, so
        // every move would leave the board; no colour is connected.
        let black = (0..6).step_by(2).fold(0, |b, r| b | 0x3F << (8 * r));
        let white = (1..6).step_by(2).fold(0, |b, r| b | 0x3F << (8 * r));
        let before = Loa::from_parts(&options, [black, white], Player::First, false);
        assert!(!before.can_move(Player::First) && !before.can_move(Player::Second));
        assert_eq!(before.board_outcome(), None);
        assert_eq!(before.reference_outcome(), None);
        let mut moves = MoveList::new();
        before.generate(&mut moves);
        assert_eq!(moves.as_slice(), [LoaMove::PASS]);
        let mut after = before.clone();
        after.make(LoaMove::PASS);
        let draw = Some(Outcome::draw(EndReason::NoMovesForEither));
        assert_eq!(after.board_outcome(), draw);
        assert_eq!(after.reference_outcome(), draw);
        assert_eq!(after.hash, after.compute_hash());
    }
}
