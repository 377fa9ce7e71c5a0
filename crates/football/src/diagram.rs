//! The terminal diagram of a position: the board (White upper case, Black
//! lower case, the ball holder and empty goal squares marked) and the
//! match state.

use crate::bitboard::own_goal;
use crate::text::{pieces_text, side_letter};
use crate::{Football, Square};
use gamut_core::Player;
use std::fmt::Write;

/// A picture of `pos` for terminals: White in upper case, Black in
/// lower case, `*` after the ball holder, `:` marking empty goal
/// squares; then the match state.
pub(crate) fn draw(pos: &Football) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let _ = write!(s, "{} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let goal = (own_goal(Player::First) | own_goal(Player::Second)) & sq.bit() != 0;
            match pos.piece_at(sq) {
                Some((side, kind)) => {
                    let c = kind.letter();
                    s.push(' ');
                    s.push(if side == Player::First {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                    s.push(if pos.ball == Some(sq) { '*' } else { ' ' });
                }
                None => s.push_str(if goal { " : " } else { " . " }),
            }
        }
        s.push('\n');
    }
    s.push_str("   a  b  c  d  e  f  g  h\n");
    let _ = write!(
        s,
        "half {}, actions {}/{}, score {}-{}, {} to move, phase {}, kick-off {}",
        pos.half,
        pos.actions,
        2 * pos.half_length,
        pos.score[0],
        pos.score[1],
        if pos.side == Player::First {
            "White"
        } else {
            "Black"
        },
        pos.phase.name(),
        if pos.kicker == Player::First {
            "White"
        } else {
            "Black"
        },
    );
    for side in Player::BOTH {
        let left = pos.to_place[side.index()];
        if left != [0; 6] {
            let _ = write!(s, ", {} to place {}", side_letter(side), pieces_text(left));
        }
    }
    s
}
