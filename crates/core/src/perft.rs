//! Perft: count the leaves of the move tree to a fixed depth, the standard
//! check of a move generator against reference figures.

use crate::{Game, MoveList};

/// Leaf count of the tree of depth `depth` below `pos`.
///
/// A finished game has no moves: from a position that is over
/// ([`Game::outcome`]) or where [`Game::perft_stops_here`] holds (a goal)
/// the count is 0 at any depth above 0, and [`divide`] lists nothing.
/// Below the root a stopped line counts as one leaf (the move that reached
/// it is counted, not expanded) and games whose reference figures ignore
/// the end of the game (Lines of Action) go on expanding. Only moves for
/// which [`Game::perft_counts`] holds are counted; the last ply uses
/// [`Game::perft_leaf_count`] (bulk counting).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth > 0 && finished(pos) {
        return 0;
    }
    leaves(pos, depth)
}

/// Whether perft has nothing to count from this root.
fn finished<G: Game>(pos: &G) -> bool {
    pos.perft_stops_here() || pos.outcome().is_some()
}

/// [`perft`] below the root: a stopped line is one leaf.
fn leaves<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 || pos.perft_stops_here() {
        return 1;
    }
    if depth == 1 {
        return pos.perft_leaf_count();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in &moves {
        if pos.perft_counts(mv) {
            let mut child = pos.clone();
            child.play(mv);
            total += leaves(&child, depth - 1);
        }
    }
    total
}

/// Perft split by first move: `(move text, leaf count)` for each counted
/// legal move, in generation order.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    if depth > 0 && !finished(pos) {
        pos.legal_moves(&mut moves);
    }
    moves
        .iter()
        .filter(|&&mv| pos.perft_counts(mv))
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            (pos.move_text(mv), leaves(&child, depth - 1))
        })
        .collect()
}
