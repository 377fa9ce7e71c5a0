//! Aborting a game, as pure rules the game's task calls
//! ([`crate::game::actor`]): either player may abandon a game before its
//! second ply; it ends without a winner and is never rated
//! ([`crate::game::finisher::rated_users`] asks [`is_abort`]). A
//! resignation that early aborts the game too
//! ([`crate::game::finisher::resign`]), and so does abandoning an untimed
//! game that early ([`crate::game::expiry`]).

use crate::game::refusal::Refusal;
use crate::game::state::GameState;
use gamut_core::{EndReason, Outcome};

/// The plies after which a game can no longer be aborted.
pub const ABORT_BEFORE_PLY: usize = 2;

/// True while `state` can still be aborted (before its second ply).
pub fn abortable(state: &GameState) -> bool {
    state.positions.len() < ABORT_BEFORE_PLY
}

/// A player aborts `state`: the outcome to end it with.
pub fn abort(state: &GameState) -> Result<Outcome, Refusal> {
    if !abortable(state) {
        return Err(Refusal::AbortLate);
    }
    Ok(Outcome::draw(EndReason::Aborted))
}

/// True if `outcome` is an abort.
pub fn is_abort(outcome: &Outcome) -> bool {
    outcome.reason == EndReason::Aborted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_games::GameKind;

    #[test]
    fn a_game_can_be_aborted_only_before_its_second_ply() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        assert!(abort(&state).is_ok());
        testing::play_first_legal(&mut state);
        let aborted = abort(&state).unwrap();
        assert!(is_abort(&aborted) && aborted.winner.is_none());
        testing::play_first_legal(&mut state);
        let late = abort(&state).unwrap_err();
        assert_eq!(late, Refusal::AbortLate);
    }
}
