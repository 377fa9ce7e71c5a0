//! Reading moves in the rules file's notation (`e10`, `10-18`, `10x18`,
//! `K@o10`, `P@10`, `draw`), with clear errors.

use crate::{Piece, PursuitMove};
use gamut_core::MoveError;

/// Read the form of a move on a board of `size` positions (legality is
/// the caller's business).
pub(crate) fn parse(text: &str, size: usize) -> Result<PursuitMove, MoveError> {
    let err = |why: String| MoveError::Syntax {
        text: text.to_string(),
        why,
    };
    let position = |s: &str| -> Result<u8, MoveError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(format!("'{s}' is not a position number")));
        }
        match s.parse::<usize>() {
            Ok(n) if n < size => Ok(n as u8),
            _ => Err(err(format!(
                "position {s} is not on this board (0 to {})",
                size - 1
            ))),
        }
    };
    if text == "draw" {
        return Ok(PursuitMove::Draw);
    }
    if let Some(rest) = text.strip_prefix('e') {
        return Ok(PursuitMove::Enter(position(rest)?));
    }
    if let Some((letter, at)) = text.split_once('@') {
        let mut chars = letter.chars();
        let piece = match (chars.next().and_then(Piece::from_letter), chars.next()) {
            (Some(p), None) if letter.starts_with(|c: char| c.is_ascii_uppercase()) => p,
            _ => return Err(err(format!("'{letter}' is not a piece letter (K R B N P)"))),
        };
        let (outer, number) = match at.strip_prefix('o') {
            Some(number) => (true, number),
            None => (false, at),
        };
        if piece.is_major() && !outer {
            return Err(err(format!(
                "major pieces are placed on outer positions: write {}@o{number}",
                piece.letter()
            )));
        }
        if !piece.is_major() && outer {
            return Err(err(format!(
                "Pawns are placed on inner positions: write P@{number}"
            )));
        }
        return Ok(PursuitMove::Place {
            piece,
            at: position(number)?,
        });
    }
    if let Some((from, to)) = text.split_once(['-', 'x']) {
        return Ok(PursuitMove::Step {
            from: position(from)?,
            to: position(to)?,
        });
    }
    Err(err(
        "expected e<pos>, <from>-<to>, <from>x<to>, <piece>@o<pos>, P@<pos> or draw".to_string(),
    ))
}
