//! The terminal diagram of a position: the board with coordinates (`b`
//! Black, `w` White, `.` empty) and the side to move.

use crate::position::Loa;
use crate::text::letter;
use gamut_core::Square;

/// The board of `pos` with coordinates, and the side to move.
pub(crate) fn draw(pos: &Loa) -> String {
    let n = pos.size();
    let mut out = String::new();
    for rank in (0..n).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..n {
            out.push(' ');
            out.push(pos.piece_at(Square::new(file, rank)).map_or('.', letter));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..n {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out.push_str(Loa::side_label(pos.side()));
    out.push_str(" to move");
    if pos.passed() {
        out.push_str(" (the opponent passed)");
    }
    out.push('\n');
    out
}
