//! Helpers shared by the integration tests: hand-built positions on any
//! board, and move lists as sorted texts.

#![allow(dead_code)]

use gamut_core::{Game, GameOptions, MoveList};
use gamut_pursuit::{Pursuit, PursuitOptions};

/// Options for a board text (or `pentagrams`).
pub fn options_for(board: &str) -> PursuitOptions {
    let mut o = PursuitOptions::default();
    o.set("board", board).expect("a valid board");
    o
}

/// The position text for a board of `size` positions with the given
/// pieces (`(position, letter)`, upper case South), `side` to move, in
/// play at ply 1 (so the set-up rules do not apply).
pub fn text(size: usize, inner: &[(u8, char)], outer: &[(u8, char)], side: &str) -> String {
    let ring = |pieces: &[(u8, char)]| -> String {
        let mut r = vec!['.'; size];
        for &(s, c) in pieces {
            r[s as usize] = c;
        }
        r.into_iter().collect()
    };
    format!("{}/{} {side} play 1", ring(inner), ring(outer))
}

/// A position in play on `pentagrams`.
pub fn position(inner: &[(u8, char)], outer: &[(u8, char)], side: &str) -> Pursuit {
    let t = text(20, inner, outer, side);
    Pursuit::from_text(&PursuitOptions::default(), &t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

/// A position in play on a custom board.
pub fn position_on(board: &str, inner: &[(u8, char)], outer: &[(u8, char)], side: &str) -> Pursuit {
    let options = options_for(board);
    let t = text(options.board.size(), inner, outer, side);
    Pursuit::from_text(&options, &t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

/// Every legal move, as sorted texts.
pub fn move_texts(pos: &Pursuit) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    texts.sort();
    texts
}

/// The legal moves of the piece on inner `from`, as sorted texts.
pub fn moves_from(pos: &Pursuit, from: u8) -> Vec<String> {
    let prefix = from.to_string();
    move_texts(pos)
        .into_iter()
        .filter(|t| {
            t.strip_prefix(prefix.as_str())
                .is_some_and(|rest| rest.starts_with(['-', 'x']))
        })
        .collect()
}

/// Play a move given in notation.
pub fn play(pos: &mut Pursuit, text: &str) {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(mv);
}

/// Sorted owned strings.
pub fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(ToString::to_string).collect();
    v.sort();
    v
}
