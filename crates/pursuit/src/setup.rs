//! Start positions (Classic and Placement on any board that fits) and the
//! check that a position's material can never produce more moves than a
//! move list holds.

use crate::{Board, Location, Piece, Pursuit, PursuitOptions, Setup};
use gamut_core::{Player, MAX_MOVES};

/// The Classic majors from the lowest to the highest position of a side's
/// seven outer positions: R N B K B N R.
const CLASSIC_ORDER: [Piece; 7] = [
    Piece::Rook,
    Piece::Knight,
    Piece::Bishop,
    Piece::King,
    Piece::Bishop,
    Piece::Knight,
    Piece::Rook,
];

/// Pawns in the Classic material (one in front of each major).
const CLASSIC_PAWNS: u8 = 7;

/// The start position for `options`, or why the options do not fit the
/// board.
pub(crate) fn start_position(options: &PursuitOptions) -> Result<Pursuit, String> {
    let pos = match options.setup {
        Setup::Classic => classic(options.board, options.pawns)?,
        Setup::Placement => placement(options.board, options.pawns)?,
    };
    check_move_bound(&pos)?;
    Ok(pos)
}

/// The Classic set-up. On a board of `N` positions (even, at least 14) the
/// North King stands on outer 0 and the South King on outer `N/2`, each
/// flanked by Bishops, Knights and Rooks on the three positions either
/// side (R N B K B N R in increasing position order), with a Pawn on the
/// inner position in front of each major when Pawns are on. On
/// `pentagrams`: South on 7–13 (King 10), North on 17–19 and 0–3 (King 0).
fn classic(board: &'static Board, pawns: bool) -> Result<Pursuit, String> {
    if !board.classic_fits() {
        return Err(format!(
            "the classic set-up needs an even number of positions, at least 14 (this board has {}); \
             use setup=placement or give a custom position",
            board.size()
        ));
    }
    let n = board.size();
    let mut pos = Pursuit::blank(board);
    for (side, king) in [(Player::First, n / 2), (Player::Second, 0)] {
        for (offset, &piece) in CLASSIC_ORDER.iter().enumerate() {
            let s = ((king + n + offset - 3) % n) as u8;
            pos.put(side, piece, Location::Outer(s));
            if pawns {
                pos.put(side, Piece::Pawn, Location::Inner(s));
            }
        }
    }
    pos.rehash();
    Ok(pos)
}

/// The Placement set-up: an empty board, each side holding the Classic
/// material (without Pawns if they are off), South placing first.
fn placement(board: &'static Board, pawns: bool) -> Result<Pursuit, String> {
    let mut pos = Pursuit::blank(board);
    for side in 0..2 {
        for &piece in &CLASSIC_ORDER {
            pos.hand[side][piece.index()] += 1;
        }
        if pawns {
            pos.hand[side][Piece::Pawn.index()] = CLASSIC_PAWNS;
        }
    }
    check_room(&pos)?;
    pos.rehash();
    Ok(pos)
}

/// Placement phase: the pieces in hand fit on the empty positions.
pub(crate) fn check_room(pos: &Pursuit) -> Result<(), String> {
    let n = pos.board.size() as u32;
    let majors: u32 = (0..2)
        .flat_map(|side| Piece::MAJORS.map(|p| u32::from(pos.hand[side][p.index()])))
        .sum();
    let pawns: u32 = (0..2)
        .map(|side| u32::from(pos.hand[side][Piece::Pawn.index()]))
        .sum();
    let free_outer = n - (pos.outer_occupied[0] | pos.outer_occupied[1]).count_ones();
    let free_inner = n - (pos.occupied[0] | pos.occupied[1]).count_ones();
    if majors > free_outer {
        return Err(format!(
            "{majors} major pieces to place but only {free_outer} empty outer positions"
        ));
    }
    if pawns > free_inner {
        return Err(format!(
            "{pawns} Pawns to place but only {free_inner} empty inner positions"
        ));
    }
    Ok(())
}

/// Check that no position reachable from `pos` can have more legal moves
/// than a move list holds: each piece (on the board or in hand) has at
/// most `max(1, board.max_targets(kind))` moves, plus `draw`; a placement
/// turn has at most (kinds in hand) × (empty positions) moves.
pub(crate) fn check_move_bound(pos: &Pursuit) -> Result<(), String> {
    let board = pos.board;
    let empty_outer = (board.all() & !(pos.outer_occupied[0] | pos.outer_occupied[1])).count_ones();
    let empty_inner = pos.empty().count_ones();
    for side in Player::BOTH {
        let play: u32 = 1 + Piece::ALL
            .iter()
            .map(|&p| pos.count(side, p) * board.max_targets(p).max(1))
            .sum::<u32>();
        let place: u32 = Piece::ALL
            .iter()
            .filter(|&&p| pos.in_hand(side, p) > 0)
            .map(|&p| {
                if p.is_major() {
                    empty_outer
                } else {
                    empty_inner
                }
            })
            .sum();
        let bound = play.max(place);
        if bound as usize > MAX_MOVES {
            return Err(format!(
                "too many pieces for this board: {} could have up to {bound} legal moves, \
                 more than the {MAX_MOVES} a move list holds",
                crate::side_name(side)
            ));
        }
    }
    Ok(())
}
