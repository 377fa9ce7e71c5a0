//! Text forms: the one-line position text and the move notation (formats
//! described in the crate docs).

use crate::moves::LoaMove;
use crate::options::LoaOptions;
use crate::position::Loa;
use gamut_core::{MoveError, MoveList, Player, Square, TextError};

/// The letter of a player's pieces and side-to-move field.
pub(crate) fn letter(player: Player) -> char {
    match player {
        Player::First => 'b',
        Player::Second => 'w',
    }
}

impl Loa {
    /// The position text: ranks from the top, `/`-separated, then the side
    /// to move, then `pass` if the previous move was a pass.
    pub fn text(&self) -> String {
        let n = self.size();
        let mut out = String::with_capacity(usize::from(n) * (usize::from(n) + 1) + 8);
        for rank in (0..n).rev() {
            for file in 0..n {
                out.push(self.piece_at(Square::new(file, rank)).map_or('.', letter));
            }
            out.push(if rank == 0 { ' ' } else { '/' });
        }
        out.push(letter(self.side()));
        if self.passed() {
            out.push_str(" pass");
        }
        out
    }

    /// Read a position text for a game with `options` (board size, rules).
    pub fn parse_text(options: &LoaOptions, text: &str) -> Result<Loa, TextError> {
        let n = options.size;
        let max_pieces = 2 * (u32::from(n) - 2);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, passed) = match fields.as_slice() {
            [board, side] => (*board, *side, false),
            [board, side, "pass"] => (*board, *side, true),
            [_, _, other] => {
                return Err(TextError::new(format!(
                    "third field must be 'pass', not '{other}'"
                )))
            }
            _ => {
                return Err(TextError::new(
                    "expected '<ranks separated by /> <b|w> [pass]'",
                ))
            }
        };
        let side = match side {
            "b" => Player::First,
            "w" => Player::Second,
            other => {
                return Err(TextError::new(format!(
                    "side to move must be 'b' or 'w', not '{other}'"
                )))
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != usize::from(n) {
            return Err(TextError::new(format!(
                "{} ranks given, the {n}x{n} board has {n}",
                ranks.len()
            )));
        }
        let mut pieces = [0u64; 2];
        for (i, row) in ranks.iter().enumerate() {
            let rank = n - 1 - i as u8;
            if row.chars().count() != usize::from(n) {
                return Err(TextError::new(format!(
                    "rank {} has {} squares, expected {n}",
                    rank + 1,
                    row.chars().count()
                )));
            }
            for (file, c) in row.chars().enumerate() {
                let bit = Square::new(file as u8, rank).bit();
                match c {
                    'b' => pieces[0] |= bit,
                    'w' => pieces[1] |= bit,
                    '.' => {}
                    other => {
                        return Err(TextError::new(format!(
                            "'{other}' on rank {} (use b, w or .)",
                            rank + 1
                        )))
                    }
                }
            }
        }
        for player in Player::BOTH {
            let count = pieces[player.index()].count_ones();
            if count == 0 || count > max_pieces {
                return Err(TextError::new(format!(
                    "{} has {count} pieces (1 to {max_pieces} allowed)",
                    Loa::side_label(player)
                )));
            }
        }
        let pos = Loa::from_parts(options, pieces, side, passed);
        if passed {
            // The pass leaves the board as it was: the side that passed
            // must have had no move on this very board, in a game not over.
            let passer = side.other();
            if pos.can_move(passer) {
                return Err(TextError::new(format!(
                    "'pass' says {} had no legal move, but it has moves here",
                    Loa::side_label(passer)
                )));
            }
            if Player::BOTH.iter().any(|&p| pos.is_connected(p)) {
                return Err(TextError::new(
                    "'pass' cannot follow a finished game (a side is already connected)",
                ));
            }
        }
        Ok(pos)
    }

    /// `Black` or `White`.
    pub fn side_label(player: Player) -> &'static str {
        match player {
            Player::First => "Black",
            Player::Second => "White",
        }
    }

    /// A move in notation: `b1-d3`, `b1xd3` (capture) or `pass`.
    pub fn notation(&self, mv: LoaMove) -> String {
        let mut text = String::with_capacity(5);
        self.write_notation(mv, &mut text);
        text
    }

    /// Appends the move's [`Loa::notation`] to `out`.
    pub fn write_notation(&self, mv: LoaMove, out: &mut String) {
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => {
                let sep = if self.captures(mv) { 'x' } else { '-' };
                from.push_name(out);
                out.push(sep);
                to.push_name(out);
            }
            _ => out.push_str("pass"),
        }
    }

    /// Read a move in notation; `Ok` only for a legal move (the separator
    /// must be `x` exactly for captures).
    pub fn read_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        let text = text.trim();
        let syntax = |why: &str| MoveError::Syntax {
            text: text.to_string(),
            why: why.to_string(),
        };
        let mv = if text == "pass" {
            LoaMove::PASS
        } else {
            let (Some(from), Some(sep), Some(to), 5) =
                (text.get(0..2), text.get(2..3), text.get(3..), text.len())
            else {
                return Err(syntax("expected 'b1-d3', 'b1xd3' or 'pass'"));
            };
            if sep != "-" && sep != "x" {
                return Err(syntax("the separator is '-' or 'x' (capture)"));
            }
            let n = self.size();
            let (Some(from), Some(to)) = (Square::parse(from, n), Square::parse(to, n)) else {
                return Err(syntax(&format!(
                    "squares run from a1 to {}",
                    Square::new(n - 1, n - 1)
                )));
            };
            LoaMove::new(from, to)
        };
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.contains(&mv) && self.notation(mv) == text {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }
}
