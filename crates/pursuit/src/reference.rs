//! The slow, independent statement of the rules used to check the engine:
//! it walks the board's chord list and the circumference position by
//! position, without the precomputed tables or move masks.

use crate::{Piece, Pursuit, PursuitMove};
use gamut_core::{EndReason, Game, Outcome, Player, Reference};

/// A line from a position: where it leads, and whether it is a
/// circumference segment (otherwise an inner line).
#[derive(Clone, Copy)]
struct Line {
    to: u8,
    circumference: bool,
}

impl Pursuit {
    /// Every line leaving `s`: the two circumference segments, then the
    /// chords.
    fn reference_lines(&self, s: u8) -> Vec<Line> {
        let n = self.board.size() as u8;
        let mut lines = vec![
            Line {
                to: (s + 1) % n,
                circumference: true,
            },
            Line {
                to: (s + n - 1) % n,
                circumference: true,
            },
        ];
        for &(a, b) in self.board.chords() {
            if a == s {
                lines.push(Line {
                    to: b,
                    circumference: false,
                });
            } else if b == s {
                lines.push(Line {
                    to: a,
                    circumference: false,
                });
            }
        }
        lines
    }

    /// Every position reachable by the movement of `piece` from `s`,
    /// ignoring what stands on the target.
    fn reference_reach(&self, piece: Piece, s: u8) -> Vec<u8> {
        let mut out = Vec::new();
        let one_line = matches!(piece, Piece::Pawn | Piece::Rook | Piece::King);
        for first in self.reference_lines(s) {
            if one_line && !first.circumference {
                out.push(first.to);
            }
            if self.inner_piece(first.to).is_some() {
                continue;
            }
            for second in self.reference_lines(first.to) {
                if second.to == s {
                    continue;
                }
                let allowed = match piece {
                    Piece::Bishop | Piece::King => !first.circumference && !second.circumference,
                    Piece::Knight => first.circumference != second.circumference,
                    Piece::Pawn | Piece::Rook => false,
                };
                if allowed {
                    out.push(second.to);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether only the two Kings are left (play phase).
    fn reference_only_kings(&self) -> bool {
        let n = self.board.size() as u8;
        let pieces: Vec<(Player, Piece)> = (0..n)
            .flat_map(|s| [self.inner_piece(s), self.outer_piece(s)])
            .flatten()
            .collect();
        !self.placing()
            && pieces.len() == 2
            && pieces.iter().all(|&(_, p)| p == Piece::King)
            && pieces[0].0 != pieces[1].0
    }
}

impl Reference for Pursuit {
    fn reference_moves(&self) -> Vec<PursuitMove> {
        let n = self.board.size() as u8;
        let us = self.side;
        let mut moves = Vec::new();
        if self.placing() {
            for piece in Piece::ALL {
                if self.in_hand(us, piece) == 0 {
                    continue;
                }
                for at in 0..n {
                    let free = if piece.is_major() {
                        self.outer_piece(at).is_none()
                    } else {
                        self.inner_piece(at).is_none()
                    };
                    if free {
                        moves.push(PursuitMove::Place { piece, at });
                    }
                }
            }
            return moves;
        }
        for s in 0..n {
            if matches!(self.outer_piece(s), Some((side, _)) if side == us)
                && self.inner_piece(s).is_none()
            {
                moves.push(PursuitMove::Enter(s));
            }
        }
        for s in 0..n {
            let Some((side, piece)) = self.inner_piece(s) else {
                continue;
            };
            if side != us {
                continue;
            }
            for to in self.reference_reach(piece, s) {
                let allowed = match self.inner_piece(to) {
                    None => true,
                    Some((owner, _)) if owner == us => false,
                    Some((_, victim)) => piece != Piece::Pawn || victim == Piece::Pawn,
                };
                if allowed {
                    moves.push(PursuitMove::Step { from: s, to });
                }
            }
        }
        if self.reference_only_kings() {
            moves.push(PursuitMove::Draw);
        }
        moves
    }

    fn reference_outcome(&self) -> Option<Outcome> {
        if self.is_drawn() {
            return Some(Outcome::draw(EndReason::DrawDeclared));
        }
        let us = self.side;
        let n = self.board.size() as u8;
        let king_on_board = (0..n)
            .flat_map(|s| [self.inner_piece(s), self.outer_piece(s)])
            .any(|p| p == Some((us, Piece::King)));
        if !king_on_board && self.in_hand(us, Piece::King) == 0 {
            return Some(Outcome::win(us.other(), EndReason::KingCaptured));
        }
        if self.reference_moves().is_empty() {
            return Some(Outcome::win(us.other(), EndReason::NoLegalMoves));
        }
        None
    }
}
