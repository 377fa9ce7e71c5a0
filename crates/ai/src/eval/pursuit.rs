//! Linear Pursuit evaluation: material (pieces in play and out of play
//! valued by how far they move on this board), King safety (enemy pieces
//! attacking the King and its escape squares), mobility (every side's
//! targets, which also guards against the no-legal-move loss) and majors
//! still out of play.

use crate::Evaluate;
use gamut_core::{Game, Player};
use gamut_pursuit::{Location, Piece, Pursuit, PursuitMove};

/// A Pawn, the unit.
const PAWN: i32 = 100;
/// Value of an out-of-play major relative to the same piece in play (%).
const OUT_OF_PLAY_PERCENT: i32 = 85;
/// Per reachable target of a piece in play.
const MOBILITY: i32 = 6;
/// Per enemy piece attacking the King now.
const KING_ATTACKER: i32 = 120;
/// Per enemy piece attacking one of the King's escape squares.
const ESCAPE_ATTACKER: i32 = 15;
/// A King still on its outer position cannot be captured.
const KING_OUT_OF_PLAY: i32 = 40;
/// The King's value for move ordering (capturing it wins).
const KING_VALUE: i32 = 20_000;

/// The value of a piece in play on this position's board.
fn value(pos: &Pursuit, piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => PAWN,
        Piece::King => KING_VALUE,
        major => 150 + 40 * pos.board().max_targets(major) as i32,
    }
}

/// The kind of `side`'s piece on inner position `s`.
fn kind_on(pos: &Pursuit, side: Player, s: u8) -> Option<Piece> {
    Piece::ALL
        .into_iter()
        .find(|&p| pos.pieces(side, p) >> s & 1 == 1)
}

/// The positions of a mask.
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            s
        })
    })
}

/// Everything for `side` (material, mobility, out-of-play pieces, King
/// safety), in centipawns.
fn side_value(pos: &Pursuit, side: Player) -> i32 {
    let board = pos.board();
    let empty = pos.empty();
    let own = pos.occupied(side);
    let enemy = side.other();
    let enemy_majors = pos.occupied(enemy) & !pos.pieces(enemy, Piece::Pawn);
    let mut total = 0;
    for piece in Piece::ALL {
        let in_play = pos.pieces(side, piece);
        if piece != Piece::King {
            let v = value(pos, piece);
            total += v * in_play.count_ones() as i32;
            total +=
                v * OUT_OF_PLAY_PERCENT / 100 * pos.outer_pieces(side, piece).count_ones() as i32;
            total += v * i32::from(pos.in_hand(side, piece));
        }
        for s in bits(in_play) {
            let mut targets = board.reach(piece, s, empty) & !own;
            if piece == Piece::Pawn {
                targets &= !enemy_majors;
            }
            total += MOBILITY * targets.count_ones() as i32;
        }
    }
    // Majors that can enter now.
    let enterable = pos.outer_occupied(side) & empty;
    total += MOBILITY * enterable.count_ones() as i32;
    match pos.king(side) {
        Some(Location::Inner(k)) => {
            total -= KING_ATTACKER * pos.attackers(k, enemy).count_ones() as i32;
            let escapes = (board.lines(k) | board.bishop_reach(k, empty)) & !own;
            for e in bits(escapes) {
                total -= ESCAPE_ATTACKER * pos.attackers(e, enemy).count_ones().min(2) as i32;
            }
        }
        Some(Location::Outer(_)) => total += KING_OUT_OF_PLAY,
        None => {}
    }
    total
}

impl Evaluate for Pursuit {
    const QUIESCENCE: bool = true;

    fn evaluate(&self) -> i32 {
        let side = self.side_to_move();
        side_value(self, side) - side_value(self, side.other())
    }

    fn tactical_value(&self, mv: PursuitMove) -> i32 {
        let PursuitMove::Step { from, to } = mv else {
            return 0;
        };
        let side = self.side_to_move();
        let Some(victim) = kind_on(self, side.other(), to) else {
            return 0;
        };
        let attacker = kind_on(self, side, from).map_or(PAWN, |p| value(self, p).min(1_000));
        // Most valuable victim first, then least valuable attacker.
        16 * value(self, victim).min(4_000) - attacker / 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_pursuit::PursuitOptions;

    #[test]
    fn the_start_is_balanced() {
        let pos = Pursuit::start(&PursuitOptions::default());
        assert_eq!(pos.evaluate(), 0);
    }

    #[test]
    fn captures_are_tactical_and_the_king_capture_comes_first() {
        // North: Rook on 2, Pawn on 18; South: King on 10, Pawn on 6.
        let text = "..r...P...K.......p./k................... north play 10";
        let pos = Pursuit::from_text(&PursuitOptions::default(), text).unwrap();
        let mut moves = gamut_core::MoveList::new();
        pos.legal_moves(&mut moves);
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&m| pos.tactical_value(m))
            .unwrap();
        assert_eq!(best, PursuitMove::Step { from: 2, to: 10 });
        assert!(moves.iter().any(|&m| pos.tactical_value(m) == 0));
    }
}
