//! A terminal picture of a position, for any board: the positions drawn
//! round a ring as on the web client's board (inner positions, in play,
//! inside; outer positions, out of play, outside; the numbers round the
//! edge), then each position's inner lines. A board too large to draw
//! round a ring legibly gets one row per position instead.

use crate::position::bits;
use crate::{side_name, Piece, Pursuit};
use gamut_core::{Game, Player};
use std::fmt::Write;

/// Boards with more positions than this are listed, not drawn round a ring.
const RING_MAX: usize = 32;

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
    match ring(pos) {
        Some(picture) => {
            out.push_str(
                "South upper case, North lower case; inner ring (in play, '.' empty) inside, \
                 outer ring (out of play, ':' empty) outside\n",
            );
            out.push_str(&picture);
            out.push_str(&lines_text(pos));
        }
        None => out.push_str(&table(pos)),
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

/// A piece's letter (South upper case, North lower case), or `empty`.
fn cell(piece: Option<(Player, Piece)>, empty: char) -> char {
    match piece {
        Some((Player::First, p)) => p.letter(),
        Some((Player::Second, p)) => p.letter().to_ascii_lowercase(),
        None => empty,
    }
}

/// The positions round a ring, position 0 at the top, clockwise (a
/// terminal cell is about twice as high as wide, so columns count double);
/// `None` if the board is too large or two labels would overlap.
fn ring(pos: &Pursuit) -> Option<String> {
    let n = pos.board.size();
    if n > RING_MAX {
        return None;
    }
    let r_inner = (n as f64 * 0.4).max(5.0);
    let r_outer = r_inner + 2.0;
    let r_number = r_outer + 2.0;
    let height = (2.0 * r_number).round() as usize + 1;
    let width = (4.0 * r_number).round() as usize + 5;
    let (cy, cx) = ((height - 1) as f64 / 2.0, (width - 1) as f64 / 2.0);
    let mut grid = vec![vec![' '; width]; height];
    // Writes `text` at radius `r` towards position `i` (numbers on the
    // left half end there, on the right half start there); false if it
    // would overwrite something.
    let mut put = |r: f64, i: usize, text: &str| -> bool {
        let angle = (-90.0 + 360.0 * i as f64 / n as f64).to_radians();
        let y = (cy + r * angle.sin()).round() as usize;
        let x = (cx + 2.0 * r * angle.cos()).round() as usize;
        let len = text.len();
        let x0 = if len < 2 {
            x
        } else if angle.cos() < -0.3 {
            x + 1 - len
        } else if angle.cos() > 0.3 {
            x
        } else {
            x - (len - 1) / 2
        };
        let row = &mut grid[y];
        if row[x0..x0 + len].iter().any(|&c| c != ' ') {
            return false;
        }
        for (k, c) in text.chars().enumerate() {
            row[x0 + k] = c;
        }
        true
    };
    for s in 0..n {
        let sq = s as u8;
        let placed = put(r_inner, s, &cell(pos.inner_piece(sq), '.').to_string())
            && put(r_outer, s, &cell(pos.outer_piece(sq), ':').to_string())
            && put(r_number, s, &s.to_string());
        if !placed {
            return None;
        }
    }
    let mut out = String::new();
    for row in grid {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Some(out)
}

/// Each position's inner lines (the circle joins each to its neighbours),
/// a few positions per row: `lines: 0: 8 12 | 1: 9 13 | ...`.
fn lines_text(pos: &Pursuit) -> String {
    let board = pos.board;
    let entries: Vec<String> = (0..board.size() as u8)
        .map(|s| {
            let to: Vec<String> = bits(board.lines(s)).map(|t| t.to_string()).collect();
            format!(
                "{s}: {}",
                if to.is_empty() {
                    "-".to_string()
                } else {
                    to.join(" ")
                }
            )
        })
        .collect();
    let mut out = String::from("inner lines (besides the circle):\n");
    for chunk in entries.chunks(5) {
        let _ = writeln!(out, "  {}", chunk.join(" | "));
    }
    out
}

/// One row per position: its outer piece, inner piece and inner lines.
fn table(pos: &Pursuit) -> String {
    let board = pos.board;
    let mut out = String::from(
        "South upper case, North lower case; out = outer (out of play), in = inner (in play)\n",
    );
    out.push_str("  pos out in  lines to\n");
    for s in 0..board.size() as u8 {
        let lines: Vec<String> = bits(board.lines(s)).map(|t| t.to_string()).collect();
        let _ = writeln!(
            out,
            "  {s:>3}  {}   {}  {}",
            cell(pos.outer_piece(s), '.'),
            cell(pos.inner_piece(s), '.'),
            lines.join(" ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Pursuit, PursuitOptions, Setup};
    use gamut_core::Game;

    #[test]
    fn diagram_draws_the_ring_and_lists_the_lines() {
        let pos = Pursuit::start(&PursuitOptions::default());
        let d = pos.diagram();
        assert!(d.contains("South to move"));
        let rows: Vec<&str> = d.lines().collect();
        // Position 0 at the top (North's King outside its Pawn), 10 at
        // the bottom (South's King outside its Pawn).
        let col = |row: &str, c: char| row.find(c);
        let top = rows
            .iter()
            .position(|r| r.trim() == "0")
            .expect("0 at the top");
        assert_eq!(col(rows[top + 2], 'k'), col(rows[top], '0'), "{d}");
        assert!(col(rows[top + 4], 'p').is_some(), "{d}");
        let bottom = rows
            .iter()
            .rposition(|r| r.trim() == "10")
            .expect("10 at the bottom");
        assert_eq!(
            rows[bottom - 2]
                .trim()
                .chars()
                .filter(|&c| c == 'K')
                .count(),
            1,
            "{d}"
        );
        // Every position's number is on the ring.
        for s in 0..20 {
            assert!(
                rows.iter()
                    .any(|r| r.split_whitespace().any(|w| w == s.to_string())),
                "{s}: {d}"
            );
        }
        assert!(d.contains("0: 8 12 | 1: 9 13"), "{d}");
        assert!(d.contains("10: 2 18"), "{d}");
        let placing = PursuitOptions {
            setup: Setup::Placement,
            ..PursuitOptions::default()
        };
        let d = Pursuit::start(&placing).diagram();
        assert!(d.contains("North to place: King 1, Rook 2, Bishop 2, Knight 2, Pawn 7"));
    }
}
