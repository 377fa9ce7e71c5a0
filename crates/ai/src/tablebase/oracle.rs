//! What a search asks of solved results: the [`Oracle`] trait, and the
//! root move it gives.

use super::value::TableValue;
use crate::setup::SearchSetup;
use gamut_core::{Game, MoveList};
use std::fmt::Debug;
use std::sync::Arc;

/// Exact results some positions are known to have (endgame tables, a
/// solver's saved proofs), for the alpha-beta search: where it answers,
/// the search does not look further.
pub trait Oracle<G: Game>: Send + Sync + Debug {
    /// The value of `pos` for its side to move, if known, with
    /// `plies_left` plies before the move limit (`None`: no limit). The
    /// value need not account for the limit: the search applies
    /// [`TableValue::within`].
    fn probe(&self, pos: &G, plies_left: Option<u32>) -> Option<TableValue>;

    /// At the root of `setup`, a move that keeps a known win (the fastest)
    /// and the root's value, if the root is known won within the move
    /// limit. The default follows [`Oracle::probe`] on the children: a
    /// move that wins at once, or one to a position known lost for the
    /// opponent in one ply fewer, preferring moves to positions not
    /// already seen in the game.
    fn root_move(&self, setup: &SearchSetup<G>) -> Option<(G::Move, TableValue)> {
        let root = &setup.root;
        let left = setup.plies_left(root, 0);
        let value = self.probe(root, left)?.within(left);
        let TableValue::Win(distance) = value else {
            return None;
        };
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        let mut best: Option<(bool, u16, G::Move)> = None;
        for &mv in &moves {
            let mut child = root.clone();
            child.play(mv);
            let child_value = match child.outcome() {
                Some(o) if o.winner == Some(root.side_to_move()) => TableValue::Loss(0),
                Some(_) => continue,
                None => match self.probe(&child, setup.plies_left(&child, 1)) {
                    Some(v) => v.within(setup.plies_left(&child, 1)),
                    None => continue,
                },
            };
            let TableValue::Loss(d) = child_value else {
                continue;
            };
            let seen = setup.history.contains(&child.hash());
            let key = (seen, d, mv);
            if best.is_none_or(|(s, e, _)| (seen, d) < (s, e)) {
                best = Some(key);
            }
        }
        let (_, d, mv) = best?;
        Some((mv, TableValue::Win(distance.min(d + 1))))
    }
}

/// Several oracles asked in turn: the first that knows answers.
#[derive(Debug)]
pub struct Oracles<G: Game>(pub Vec<Arc<dyn Oracle<G>>>);

impl<G: Game> Oracle<G> for Oracles<G> {
    fn probe(&self, pos: &G, plies_left: Option<u32>) -> Option<TableValue> {
        self.0.iter().find_map(|o| o.probe(pos, plies_left))
    }

    fn root_move(&self, setup: &SearchSetup<G>) -> Option<(G::Move, TableValue)> {
        self.0.iter().find_map(|o| o.root_move(setup))
    }
}
