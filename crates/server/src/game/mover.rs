//! Moves and hidden placements, as pure rules the game's task calls
//! ([`crate::game::actor`] stores what they decide): only the side to move
//! moves, with a legal move (stored in canonical notation, the clocks
//! charged and switched); during a hidden placement phase either side
//! places, each placement kept hidden, until both are done and every
//! placement is revealed at once ([`reveal`]).

use crate::game::refusal::Refusal;
use crate::game::event::StoredEvent;
use crate::game::state::GameState;
use gamut_core::{Player, Player::First, Player::Second};
use gamut_protocol::clock::Clocks;

/// `side` plays (or, in a hidden placement phase, places) `mv` at `now`:
/// the event to store.
pub fn play(state: &GameState, side: Player, mv: &str, now: i64) -> Result<StoredEvent, Refusal> {
    if let Some(phase) = &state.hidden {
        let increment = state.meta.clock.increment();
        let canonical = phase.check(state.game.as_ref(), side, mv)?;
        let mut after = phase.clone();
        after.push(side, canonical.clone());
        let done = after.done(state.game.as_ref(), side);
        let clocks = state
            .clocks
            .map(|c| c.after_placement(side, now, increment, done));
        return Ok(StoredEvent::HiddenPlacement {
            side,
            mv: canonical,
            clocks,
        });
    }
    play_move(state, side, mv, now, state.clocks)
}

/// `side`, to move (outside a hidden placement phase), plays `mv` at `now`
/// on `clocks` (the state's, or as [`crate::game::premover`] charges a
/// premove): the event to store.
pub fn play_move(
    state: &GameState,
    side: Player,
    mv: &str,
    now: i64,
    clocks: Option<Clocks>,
) -> Result<StoredEvent, Refusal> {
    if state.to_move() != Some(side) {
        return Err(Refusal::NotYourTurn);
    }
    let (canonical, next) = state.game.try_move(mv).map_err(|e| Refusal::IllegalMove {
        mv: mv.to_owned(),
        reason: e.to_string(),
    })?;
    let increment = state.meta.clock.increment();
    let clocks = clocks.map(|c| c.after_move(side, now, increment, next));
    Ok(StoredEvent::Move {
        side,
        mv: canonical,
        clocks,
    })
}

/// When both sides have placed all their pieces in a hidden phase: the
/// event revealing every placement (in the engine's order), the clocks
/// running for the side then to move.
pub fn reveal(state: &GameState, now: i64) -> Result<Option<StoredEvent>, Refusal> {
    let Some(phase) = &state.hidden else {
        return Ok(None);
    };
    let game = state.game.as_ref();
    if !(phase.done(game, First) && phase.done(game, Second)) {
        return Ok(None);
    }
    let moves = phase.in_engine_order();
    let mut probe = state.game.clone_box();
    for mv in &moves {
        probe
            .play(mv)
            .map_err(|e| Refusal::Fault(format!("revealing {mv}: {e}")))?;
    }
    let clocks = state.clocks.map(|c| c.resumed(now, probe.side_to_move()));
    Ok(Some(StoredEvent::Placements { moves, clocks }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_games::GameKind;

    #[test]
    fn only_the_side_to_move_plays_a_legal_move() {
        let state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        let mv = state.legal()[0].clone();
        let late = play(&state, Second, &mv, 0).unwrap_err();
        assert_eq!(late, Refusal::NotYourTurn);
        let illegal = play(&state, First, "a1-a9", 0).unwrap_err();
                assert!(matches!(&illegal, Refusal::IllegalMove { mv, .. } if mv == "a1-a9"));
        assert_eq!(
            play(&state, First, &mv, 0).unwrap(),
            StoredEvent::Move {
                side: First,
                mv,
                clocks: None
            }
        );
        assert_eq!(reveal(&state, 0).unwrap(), None);
    }

    #[test]
    fn hidden_placements_are_revealed_when_both_sides_are_done() {
        let options = [("placement", "simultaneous"), ("half-length", "2")];
        let mut state = testing::two_people(GameKind::Football, &options);
        while state.hidden.is_none() {
            testing::play_first_legal(&mut state);
        }
        let plies = state.positions.len();
        // The second side places first, then the first; nothing is played
        // until both are done.
        for side in [Second, First] {
            loop {
                let phase = state.hidden.as_ref().expect("the hidden phase");
                let Some(mv) = phase.legal(state.game.as_ref(), side).first().cloned() else {
                    break;
                };
                let event = play(&state, side, &mv, 0).unwrap();
                assert!(matches!(event, StoredEvent::HiddenPlacement { .. }));
                testing::apply(&mut state, &event);
                assert_eq!(state.positions.len(), plies);
            }
        }
        let Some(StoredEvent::Placements { moves, .. }) = reveal(&state, 0).unwrap() else {
            panic!("both sides are done");
        };
        assert_eq!(moves.len(), 12);
    }
}
