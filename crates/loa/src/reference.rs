//! The slow, independent statement of the rules that the bitboard engine is
//! checked against: a 2-D array walked square by square, line counts found
//! by walking the whole line, connection by a flood fill with a `Vec` stack.

use crate::moves::LoaMove;
use crate::options::Simultaneous;
use crate::position::Loa;
use gamut_core::{EndReason, Outcome, Player, Reference, Square};

/// The eight directions as (file step, rank step).
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The board as a grid: `grid[file][rank]`.
struct Grid {
    n: i32,
    cells: Vec<Vec<Option<Player>>>,
}

impl Grid {
    fn of(pos: &Loa) -> Grid {
        let n = i32::from(pos.size());
        let cells = (0..n)
            .map(|f| {
                (0..n)
                    .map(|r| pos.piece_at(Square::new(f as u8, r as u8)))
                    .collect()
            })
            .collect();
        Grid { n, cells }
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<Player>> {
        (0..self.n).contains(&f).then_some(())?;
        (0..self.n).contains(&r).then_some(())?;
        Some(self.cells[f as usize][r as usize])
    }

    /// Pieces on the whole line through (f, r) along (df, dr).
    fn line_count(&self, f: i32, r: i32, df: i32, dr: i32) -> i32 {
        let mut count = 0;
        for sign in [1, -1] {
            let mut i = if sign == 1 { 0 } else { 1 };
            while let Some(cell) = self.at(f + sign * i * df, r + sign * i * dr) {
                count += i32::from(cell.is_some());
                i += 1;
            }
        }
        count
    }

    fn moves(&self, player: Player) -> Vec<LoaMove> {
        let mut out = Vec::new();
        for f in 0..self.n {
            for r in 0..self.n {
                if self.cells[f as usize][r as usize] != Some(player) {
                    continue;
                }
                for (df, dr) in STEPS {
                    let distance = self.line_count(f, r, df, dr);
                    let mut ok = true;
                    for i in 1..distance {
                        match self.at(f + i * df, r + i * dr) {
                            Some(Some(p)) if p != player => ok = false,
                            None => ok = false,
                            _ => {}
                        }
                    }
                    let (tf, tr) = (f + distance * df, r + distance * dr);
                    match self.at(tf, tr) {
                        Some(cell) if ok && cell != Some(player) => out.push(LoaMove::new(
                            Square::new(f as u8, r as u8),
                            Square::new(tf as u8, tr as u8),
                        )),
                        _ => {}
                    }
                }
            }
        }
        out
    }

    fn connected(&self, player: Player) -> bool {
        let mine: Vec<(i32, i32)> = (0..self.n)
            .flat_map(|f| (0..self.n).map(move |r| (f, r)))
            .filter(|&(f, r)| self.cells[f as usize][r as usize] == Some(player))
            .collect();
        let Some(&first) = mine.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut stack = vec![first];
        while let Some((f, r)) = stack.pop() {
            for df in -1..=1 {
                for dr in -1..=1 {
                    let next = (f + df, r + dr);
                    if self.at(next.0, next.1) == Some(Some(player)) && !seen.contains(&next) {
                        seen.push(next);
                        stack.push(next);
                    }
                }
            }
        }
        seen.len() == mine.len()
    }
}

impl Reference for Loa {
    fn reference_moves(&self) -> Vec<LoaMove> {
        let moves = Grid::of(self).moves(self.side());
        if moves.is_empty() {
            vec![LoaMove::PASS]
        } else {
            moves
        }
    }

    fn reference_outcome(&self) -> Option<Outcome> {
        let grid = Grid::of(self);
        let to_move = self.side();
        let mover = to_move.other();
        let mover_done = grid.connected(mover);
        let other_done = grid.connected(to_move);
        if mover_done && other_done {
            return Some(match self.simultaneous() {
                Simultaneous::Draw => Outcome::draw(EndReason::SimultaneousConnection),
                Simultaneous::MoverWins => Outcome::win(mover, EndReason::SimultaneousConnection),
            });
        }
        if mover_done {
            return Some(Outcome::win(mover, EndReason::Connection));
        }
        if other_done {
            return Some(Outcome::win(to_move, EndReason::Connection));
        }
        if self.passed() && grid.moves(to_move).is_empty() {
            return Some(Outcome::draw(EndReason::NoMovesForEither));
        }
        None
    }
}
