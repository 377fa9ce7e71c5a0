//! Premoves, as pure rules the game's task calls ([`crate::game::actor`]
//! holds the premoves and plays them): in a real-time game a player whose
//! turn it is not may leave one move, played the moment the turn comes —
//! checked then against the new position, through the same move path as
//! any move ([`mover::play_move`]), and charged no time.
//!
//! A premove is one whole turn of its side: never a placement (Linear
//! Pursuit's `setup=placement`, Chess Football's placements, hidden or
//! not), since a side may place several pieces in a row there; one is not
//! taken while a placement phase is on, and one whose turn comes with a
//! placement to make is dropped. A takeback drops every premove (the
//! position it was meant for is gone).

use crate::game::refusal::Refusal;
use crate::game::event::StoredEvent;
use crate::game::mover;
use crate::game::state::GameState;
use gamut_core::Player;
use gamut_protocol::clock::ClockControl;

/// What became of a premove, told to the socket that set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played and stored: the game's version after it (with the end it
    /// may bring).
    Played {
        /// The version.
        version: i64,
    },
    /// Not played, and why (it was illegal in the new position, …).
    Dropped {
        error: crate::error::ApiError,
    },
}

/// Checks that `side` may set a premove in `state` now: a live game with
/// a real-time clock, outside a placement phase, and not `side`'s turn.
pub fn check(state: &GameState, side: Player) -> Result<(), Refusal> {
    if !state.live() {
        return Err(Refusal::NotBeingPlayed);
    }
    if !matches!(state.meta.clock, ClockControl::Realtime { .. }) {
        return Err(Refusal::PremoveUntimed);
    }
    if state.hidden.is_some() || state.game.placing() {
        return Err(Refusal::PremovePlacing);
    }
    if state.to_move() == Some(side) {
        return Err(Refusal::PremoveOwnTurn);
    }
    Ok(())
}

/// The moves the side not to move may leave as a premove in `state`, for
/// a client to offer (it has no rules): each one legal after at least one
/// move of the side to move, in the order first found. None untimed,
/// during a placement phase, once the game is over, or when the computer
/// is the side not to move (nobody there premoves: computed with every
/// event, this is skipped for half the events of a game against it).
pub fn candidates(state: &GameState) -> Vec<String> {
    let Some(mover) = state.to_move() else {
        return Vec::new();
    };
    if !matches!(state.meta.clock, ClockControl::Realtime { .. })
        || state.game.placing()
        || state.meta.computer_level(mover.other()).is_some()
    {
        return Vec::new();
    }
    state.game.replies()
}

/// `side`'s premove `mv`, now that its turn has come, played at `now`:
/// the event to store. Its clock is charged nothing (it runs from the
/// opponent's move, and is given back what it ran since); the increment
/// is added as after any move.
pub fn play(state: &GameState, side: Player, mv: &str, now: i64) -> Result<StoredEvent, Refusal> {
    if state.game.placing() {
        return Err(Refusal::PremoveDuringPlacement);
    }
    let clocks = state.clocks.map(|c| c.credited(side, now - c.at));
    mover::play_move(state, side, mv, now, clocks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_core::Player::{First, Second};
    use gamut_games::GameKind;

    #[test]
    fn a_premove_is_set_only_in_a_timed_game_by_the_side_not_to_move() {
        let state = testing::timed_two_people(GameKind::Loa, &[("size", "6")]);
        assert!(check(&state, Second).is_ok());
        let own_turn = check(&state, First).unwrap_err();
        assert_eq!(own_turn, Refusal::PremoveOwnTurn);
        let untimed = testing::two_people(GameKind::Loa, &[("size", "6")]);
        let refused = check(&untimed, Second).unwrap_err();
        assert_eq!(refused, Refusal::PremoveUntimed);
    }

    #[test]
    fn a_premove_is_charged_no_time_and_gets_the_increment() {
        let mut state = testing::timed_two_people(GameKind::Loa, &[("size", "6")]);
        let first = state.legal()[0].clone();
        let event = mover::play(&state, First, &first, 4_000).unwrap();
        testing::apply(&mut state, &event);
        let before = state.clocks.unwrap();
        let reply = state.legal()[0].clone();
        // Played 30 ms after the move it answers.
        let StoredEvent::Move { side, clocks, .. } =
            play(&state, Second, &reply, before.at + 30).unwrap()
        else {
            panic!("a move");
        };
        assert_eq!(side, Second);
        let clocks = clocks.unwrap();
        let increment = state.meta.clock.increment();
        assert_eq!(clocks.left(Second), before.left(Second) + increment);
        assert_eq!(clocks.running, Some(First));
        assert_eq!(clocks.at, before.at + 30);
    }

    #[test]
    fn an_illegal_premove_is_refused_as_a_move_is() {
        let mut state = testing::timed_two_people(GameKind::Loa, &[("size", "6")]);
        testing::play_first_legal(&mut state);
        let illegal = play(&state, Second, "a1-a9", 0).unwrap_err();
        assert!(matches!(&illegal, Refusal::IllegalMove { mv, .. } if mv == "a1-a9"));
        let late = play(&state, First, &state.legal()[0], 0).unwrap_err();
        assert_eq!(late, Refusal::NotYourTurn);
    }

    #[test]
    fn the_candidates_are_the_replies_to_any_move() {
        let mut state = testing::timed_two_people(GameKind::Loa, &[("size", "6")]);
        let offered = candidates(&state);
        for mv in state.legal() {
            let mut next = state.game.clone_box();
            next.play(&mv).unwrap();
            assert!(next.legal_moves().iter().all(|r| offered.contains(r)));
        }
        assert!(offered.iter().all(|c| state.legal().iter().any(|mv| {
            let mut next = state.game.clone_box();
            next.play(mv).unwrap();
            next.legal_moves().contains(c)
        })));
        testing::play_first_legal(&mut state);
        assert!(!candidates(&state).is_empty());
        let untimed = testing::two_people(GameKind::Loa, &[("size", "6")]);
        assert!(candidates(&untimed).is_empty());
    }

    #[test]
    fn no_premove_during_a_placement_phase() {
        let options = [("setup", "placement")];
        let mut state = testing::timed_two_people(GameKind::Pursuit, &options);
        assert!(state.game.placing());
        let set = check(&state, Second).unwrap_err();
        assert_eq!(set, Refusal::PremovePlacing);
        testing::play_first_legal(&mut state);
        let mv = state.legal()[0].clone();
        let due = play(&state, Second, &mv, 0).unwrap_err();
        assert_eq!(due, Refusal::PremoveDuringPlacement);
    }
}
