//! Hidden simultaneous placement, for games whose options say so
//! ([`DynMatch::hidden_placement`]: Chess Football's
//! `placement=simultaneous`); the engine says when a side is placing
//! ([`DynMatch::placing`]), so nothing here reads move texts or options.
//! Played between two people, and against the computer, which places
//! seeing only its own pieces (it thinks on [`HiddenPhase::view_for`]).
//!
//! The engine takes a placement phase in sequence: first one side places
//! all its pieces, then the other. The server instead buffers each side's
//! placements without playing them, so neither side (nor any spectator)
//! sees the other's pieces. A side's placements are checked on a copy of
//! the game: the first side's directly; the second side's after stand-in
//! placements for the first side (the two sides place in disjoint halves of
//! the board, so the stand-ins do not change what the second side may do).
//! When both sides are done, the buffered placements are played on the real
//! game in the engine's order.

use crate::game::refusal::Refusal;
use gamut_core::{DynMatch, Player};
use gamut_games::Match;

/// The longest placement sequence accepted per side (guards the loops).
const MAX_PLACEMENTS: usize = 64;

/// A placement phase in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenPhase {
    /// The side the engine lets place first.
    pub first: Player,
    /// Each side's placements so far (indexed by [`Player::index`]).
    pub pending: [Vec<String>; 2],
}

impl HiddenPhase {
    /// A phase starting now, if `game` is at the start of a placement phase.
    pub fn begin(game: &dyn DynMatch) -> Option<HiddenPhase> {
        game.placing().then(|| HiddenPhase {
            first: game.side_to_move(),
            pending: [Vec::new(), Vec::new()],
        })
    }

    /// `side`'s placements so far.
    pub fn placements(&self, side: Player) -> &[String] {
        &self.pending[side.index()]
    }

    /// Adds `side`'s placement `mv` (checked with [`HiddenPhase::check`]).
    pub fn push(&mut self, side: Player, mv: String) {
        self.pending[side.index()].push(mv);
    }

    /// How many placements each side made.
    pub fn placed(&self) -> [usize; 2] {
        [self.pending[0].len(), self.pending[1].len()]
    }

    /// A copy of `game` with `side`'s placements played (after stand-ins
    /// for the first side when `side` is second); `None` if they do not
    /// replay.
    fn simulate(&self, game: &dyn Match, side: Player) -> Option<Box<dyn Match>> {
        let mut sim = game.clone_match();
        if side != self.first {
            let mut n = 0;
            while sim.side_to_move() == self.first && sim.placing() {
                n += 1;
                if n > MAX_PLACEMENTS {
                    return None;
                }
                // Any legal placement stands in: every one is followed
                // by a full set of placements, and the first side's
                // pieces stay in its own half.
                let stand_in = sim.legal_moves().into_iter().next()?;
                sim.play(&stand_in).ok()?;
            }
        }
        for mv in self.placements(side) {
            sim.play(mv).ok()?;
        }
        Some(sim)
    }

    /// `side`'s legal next placements (empty once it is done).
    pub fn legal(&self, game: &dyn Match, side: Player) -> Vec<String> {
        self.view_for(game, side)
            .map(|sim| sim.legal_moves())
            .unwrap_or_default()
    }

    /// What `side` may see while it places: a copy of `game` with its own
    /// placements (and stand-ins for the other side's when it places
    /// second), `side` to move; `None` once it is done.
    pub fn view_for(&self, game: &dyn Match, side: Player) -> Option<Box<dyn Match>> {
        self.simulate(game, side)
            .filter(|sim| sim.side_to_move() == side && sim.placing())
    }

    /// True if `side` has placed all its pieces.
    pub fn done(&self, game: &dyn Match, side: Player) -> bool {
        self.legal(game, side).is_empty()
    }

    /// Checks `side`'s placement `mv`; returns it in canonical notation.
    pub fn check(&self, game: &dyn Match, side: Player, mv: &str) -> Result<String, Refusal> {
        if self.placements(side).len() >= MAX_PLACEMENTS {
            return Err(Refusal::TooManyPlacements);
        }
        let mut sim = self
            .simulate(game, side)
            .ok_or_else(|| Refusal::Fault("the placements do not replay".into()))?;
        if sim.side_to_move() != side || !sim.placing() {
            return Err(Refusal::PlacedAll);
        }
        // While `side` is placing, its every legal move is a placement.
        sim.play(mv).map_err(|e| Refusal::IllegalPlacement {
            mv: mv.to_owned(),
            reason: e.to_string(),
        })
    }

    /// Every placement in the engine's order: the first side's, then the
    /// second's.
    pub fn in_engine_order(&self) -> Vec<String> {
        self.placements(self.first)
            .iter()
            .chain(self.placements(self.first.other()))
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_games::GameKind;

    fn football_at_placement() -> Box<dyn Match> {
        let options = [("placement".to_owned(), "simultaneous".to_owned())];
        let mut game = GameKind::Football.new_match(&options, None).unwrap();
        while !game.placing() {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv).unwrap();
        }
        game
    }

    #[test]
    fn stand_ins_do_not_change_what_the_second_side_may_place() {
        let game = football_at_placement();
        let mut phase = HiddenPhase::begin(game.as_ref()).unwrap();
        let first = phase.first;
        let second = first.other();
        // The real first side places differently from the stand-ins.
        let mut real = game.clone_box();
        while real.side_to_move() == first && real.placing() {
            let legal = real.legal_moves();
            let mv = legal[legal.len() - 1].clone();
            let canonical = phase.check(game.as_ref(), first, &mv).unwrap();
            phase.push(first, canonical);
            real.play(&mv).unwrap();
        }
        assert!(phase.done(game.as_ref(), first));
        // Every step of the second side: the same legal placements.
        while !phase.done(game.as_ref(), second) {
            let mut expected = real.legal_moves();
            let mut predicted = phase.legal(game.as_ref(), second);
            expected.sort();
            predicted.sort();
            assert_eq!(predicted, expected);
            let mv = expected[expected.len() / 2].clone();
            let canonical = phase.check(game.as_ref(), second, &mv).unwrap();
            phase.push(second, canonical);
            real.play(&mv).unwrap();
        }
        // Revealed in the engine's order, they replay to the same position.
        let mut revealed = game.clone_box();
        for mv in phase.in_engine_order() {
            revealed.play(&mv).unwrap();
        }
        assert_eq!(revealed.position_text(), real.position_text());
        assert!(!revealed.placing());
    }

    #[test]
    fn placements_out_of_turn_or_illegal_are_refused() {
        let game = football_at_placement();
        let phase = HiddenPhase::begin(game.as_ref()).unwrap();
        assert!(phase.check(game.as_ref(), phase.first, "K@a8").is_err());
        assert!(phase.check(game.as_ref(), phase.first, "nonsense").is_err());
        assert!(
            HiddenPhase::begin(GameKind::Football.new_match(&[], None).unwrap().as_ref()).is_none()
        );
    }
}
