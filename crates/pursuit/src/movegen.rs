//! Move generation, table-driven on `u64` masks without allocation:
//! listing moves, bulk counting them (perft), testing whether any exists
//! (the no-legal-move loss), and the attack queries for evaluation.

use crate::position::bits;
use crate::{Piece, Pursuit, PursuitMove};
use gamut_core::{Game, MoveList, Player};

impl Pursuit {
    /// Call `f(piece, from, targets)` for every in-play piece of the side
    /// to move that has at least one target (own pieces and, for Pawns,
    /// enemy majors already excluded). Stops when `f` returns `false`;
    /// returns whether it ran to the end.
    #[inline]
    fn for_each_target_set(&self, mut f: impl FnMut(Piece, u8, u64) -> bool) -> bool {
        let board = self.board;
        let us = self.side.index();
        let them = 1 - us;
        let own = self.occupied[us];
        let empty = board.all() & !(own | self.occupied[them]);
        let enemy_majors = self.occupied[them] & !self.inner[them][Piece::Pawn.index()];
        let mine = &self.inner[us];
        for s in bits(mine[Piece::Pawn.index()]) {
            let t = board.lines(s) & !own & !enemy_majors;
            if t != 0 && !f(Piece::Pawn, s, t) {
                return false;
            }
        }
        for s in bits(mine[Piece::Rook.index()]) {
            let t = board.lines(s) & !own;
            if t != 0 && !f(Piece::Rook, s, t) {
                return false;
            }
        }
        for s in bits(mine[Piece::Knight.index()]) {
            let t = board.knight_reach(s, empty) & !own;
            if t != 0 && !f(Piece::Knight, s, t) {
                return false;
            }
        }
        for s in bits(mine[Piece::Bishop.index()]) {
            let t = board.bishop_reach(s, empty) & !own;
            if t != 0 && !f(Piece::Bishop, s, t) {
                return false;
            }
        }
        for s in bits(mine[Piece::King.index()]) {
            let t = (board.lines(s) | board.bishop_reach(s, empty)) & !own;
            if t != 0 && !f(Piece::King, s, t) {
                return false;
            }
        }
        true
    }

    /// The outer positions whose major (of the side to move) may enter.
    #[inline]
    fn entries(&self) -> u64 {
        self.outer_occupied[self.side.index()] & !(self.occupied[0] | self.occupied[1])
    }

    /// Whether the `draw` declaration is available: play phase and only the
    /// two Kings left.
    pub fn draw_available(&self) -> bool {
        !self.placing()
            && Player::BOTH.into_iter().all(|side| {
                let i = side.index();
                // Inner and outer masks are both indexed by position: a King
                // on outer `p` and a piece on inner `p` are two pieces.
                let pieces = self.occupied[i].count_ones() + self.outer_occupied[i].count_ones();
                let kings = self.inner[i][0].count_ones() + self.outer[i][0].count_ones();
                pieces == 1 && kings == 1
            })
    }

    /// Placement phase: the kinds the side to move may place, with the mask
    /// of positions for each.
    fn placements(&self) -> impl Iterator<Item = (Piece, u64)> + '_ {
        let us = self.side.index();
        let all = self.board.all();
        let empty_outer = all & !(self.outer_occupied[0] | self.outer_occupied[1]);
        let empty_inner = all & !(self.occupied[0] | self.occupied[1]);
        Piece::ALL
            .into_iter()
            .filter(move |p| self.hand[us][p.index()] > 0)
            .map(move |p| {
                (
                    p,
                    if p.is_major() {
                        empty_outer
                    } else {
                        empty_inner
                    },
                )
            })
    }

    /// Append every legal move.
    pub(crate) fn generate(&self, moves: &mut MoveList<PursuitMove>) {
        if self.placing() {
            for (piece, at) in self.placements() {
                moves.extend(bits(at).map(|at| PursuitMove::Place { piece, at }));
            }
            return;
        }
        moves.extend(bits(self.entries()).map(PursuitMove::Enter));
        self.for_each_target_set(|_, from, targets| {
            moves.extend(bits(targets).map(|to| PursuitMove::Step { from, to }));
            true
        });
        if self.draw_available() {
            moves.push(PursuitMove::Draw);
        }
    }

    /// The number of legal moves, not counting `draw` (perft's count).
    pub(crate) fn count_moves(&self) -> u64 {
        if self.placing() {
            return self
                .placements()
                .map(|(_, at)| u64::from(at.count_ones()))
                .sum();
        }
        let mut n = u64::from(self.entries().count_ones());
        self.for_each_target_set(|_, _, targets| {
            n += u64::from(targets.count_ones());
            true
        });
        n
    }

    /// Whether the side to move has any legal move (`draw` included).
    pub fn has_legal_move(&self) -> bool {
        if self.placing() {
            return self.placements().any(|(_, at)| at != 0);
        }
        self.entries() != 0 || !self.for_each_target_set(|_, _, _| false) || self.draw_available()
    }

    /// The targets of the piece on inner position `s` if its owner were to
    /// move (own pieces excluded; for a Pawn, enemy majors excluded); 0 if
    /// `s` is empty or not on the board.
    pub fn targets(&self, s: u8) -> u64 {
        let Some((side, piece)) = self.inner_piece(s) else {
            return 0;
        };
        let i = side.index();
        let own = self.occupied[i];
        let reach = self.board.reach(piece, s, self.empty()) & !own;
        match piece {
            Piece::Pawn => {
                reach & !(self.occupied[1 - i] & !self.inner[1 - i][Piece::Pawn.index()])
            }
            _ => reach,
        }
    }

    /// The in-play pieces of `by` whose movement reaches inner position
    /// `target` now (through empty middles). Pawns are included only if
    /// `target` is empty or holds a Pawn (Pawns cannot take majors).
    /// Whose piece stands on `target` is otherwise ignored: with a piece of
    /// `by` there, this gives its defenders.
    pub fn attackers(&self, target: u8, by: Player) -> u64 {
        if usize::from(target) >= self.board.size() {
            return 0;
        }
        let board = self.board;
        let empty = self.empty();
        let p = &self.inner[by.index()];
        let tb = 1u64 << target;
        let pawn_victim = (self.occupied[0] | self.occupied[1]) & tb == 0
            || (self.inner[0][Piece::Pawn.index()] | self.inner[1][Piece::Pawn.index()]) & tb != 0;
        let one_line = p[Piece::Rook.index()]
            | p[Piece::King.index()]
            | if pawn_victim {
                p[Piece::Pawn.index()]
            } else {
                0
            };
        // Both two-line tables are symmetric: s reaches t through m exactly
        // when t reaches s through m.
        (board.lines(target) & one_line)
            | (board.bishop_reach(target, empty)
                & (p[Piece::Bishop.index()] | p[Piece::King.index()]))
            | (board.knight_reach(target, empty) & p[Piece::Knight.index()])
    }
}
