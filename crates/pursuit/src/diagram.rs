//! A terminal picture of a position: one row per position (outer piece,
//! inner piece, inner lines), which works for any board.

use crate::position::bits;
use crate::{side_name, Piece, Pursuit};
use gamut_core::{Game, Player};
use std::fmt::Write;

/// The diagram of `pos`.
pub(crate) fn draw(pos: &Pursuit) -> String {
    let board = pos.board;
    let name = if board.is_pentagrams() {
        "pentagrams"
    } else {
        "custom"
    };
    let mut out = format!(
        "Linear Pursuit on {name} ({} positions), ply {}, {} to move\n",
        board.size(),
        pos.ply,
        side_name(pos.side)
    );
    out.push_str(
        "South upper case, North lower case; out = outer (out of play), in = inner (in play)\n",
    );
    out.push_str("  pos out in  lines to\n");
    let cell = |piece: Option<(Player, Piece)>| match piece {
        Some((Player::First, p)) => p.letter(),
        Some((Player::Second, p)) => p.letter().to_ascii_lowercase(),
        None => '.',
    };
    for s in 0..board.size() as u8 {
        let lines: Vec<String> = bits(board.lines(s)).map(|t| t.to_string()).collect();
        let _ = writeln!(
            out,
            "  {s:>3}  {}   {}  {}",
            cell(pos.outer_piece(s)),
            cell(pos.inner_piece(s)),
            lines.join(" ")
        );
    }
    if pos.placing() {
        for side in Player::BOTH {
            let hand: Vec<String> = Piece::ALL
                .iter()
                .filter(|&&p| pos.in_hand(side, p) > 0)
                .map(|&p| format!("{} {}", p.name(), pos.in_hand(side, p)))
                .collect();
            let _ = writeln!(out, "{} to place: {}", side_name(side), hand.join(", "));
        }
    }
    if let Some(outcome) = pos.outcome() {
        let _ = writeln!(out, "Game over: {outcome}");
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Pursuit, PursuitOptions, Setup};
    use gamut_core::Game;

    #[test]
    fn diagram_lists_every_position() {
        let pos = Pursuit::start(&PursuitOptions::default());
        let d = pos.diagram();
        assert!(d.contains("South to move"));
        assert!(d.contains("   10  K   P  2 18"));
        assert!(d.contains("    0  k   p  8 12"));
        let placing = PursuitOptions {
            setup: Setup::Placement,
            ..PursuitOptions::default()
        };
        let d = Pursuit::start(&placing).diagram();
        assert!(d.contains("North to place: King 1, Rook 2, Bishop 2, Knight 2, Pawn 7"));
    }
}
