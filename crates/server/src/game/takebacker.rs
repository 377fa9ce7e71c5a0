//! Takeback requests, as pure rules the game's task calls
//! ([`crate::game::actor`] stores what they decide): a player who has made
//! a move may ask to take it back (with the opponent's reply since), one
//! request at a time; the opponent accepts or declines it, and the computer
//! grants it at once. Hidden placements cannot be taken back, and nothing
//! can during a hidden placement phase. A pending request lapses with the
//! next move, a takeback or the end of the game ([`pending_after`]).

use crate::error::ApiError;
use crate::game::event::StoredEvent;
use crate::game::state::GameState;
use gamut_core::Player;
use gamut_protocol::ErrorCode;

/// What a takeback request leads to.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// The request is stored and waits for the opponent's answer.
    Ask(StoredEvent),
    /// The opponent (the computer) grants it at once: take back now.
    Grant,
}

/// The moves a takeback for `side` would undo, last first: `side`'s last
/// move and every move after it.
pub fn plies(state: &GameState, side: Player) -> Result<Vec<String>, ApiError> {
    if state.hidden.is_some() {
        return Err(ApiError::conflict("no takebacks during hidden placement")
            .code(ErrorCode::TakebackHidden));
    }
    let last = state
        .movers
        .iter()
        .rposition(|&s| s == side)
        .ok_or_else(|| {
            ApiError::conflict("you have no move to take back").code(ErrorCode::TakebackNone)
        })?;
    let game = &state.game;
    let moves = game.moves();
    if game.hidden_placement() && (last..moves.len()).any(|ply| game.placed_at(ply)) {
        return Err(ApiError::conflict("placements cannot be taken back")
            .code(ErrorCode::TakebackPlacements));
    }
    Ok(moves[last..].iter().rev().cloned().collect())
}

/// `side` asks to take back its last move.
pub fn request(
    state: &GameState,
    side: Player,
    against_computer: bool,
) -> Result<Request, ApiError> {
    plies(state, side)?;
    if state.takeback_request.is_some() {
        return Err(ApiError::conflict("a takeback request is already pending")
            .code(ErrorCode::TakebackPending));
    }
    if against_computer {
        return Ok(Request::Grant);
    }
    Ok(Request::Ask(StoredEvent::TakebackRequest { side }))
}

/// `side` grants the opponent's pending request: the side whose moves are
/// taken back.
pub fn accept(state: &GameState, side: Player) -> Result<Player, ApiError> {
    let requester = side.other();
    if state.takeback_request != Some(requester) {
        return Err(
            ApiError::conflict("no takeback request to accept").code(ErrorCode::NoTakebackRequest)
        );
    }
    Ok(requester)
}

/// `side` refuses the opponent's pending request: the event to store.
pub fn decline(state: &GameState, side: Player) -> Result<StoredEvent, ApiError> {
    if state.takeback_request != Some(side.other()) {
        return Err(
            ApiError::conflict("no takeback request to decline").code(ErrorCode::NoTakebackRequest)
        );
    }
    Ok(StoredEvent::TakebackDeclined { side })
}

/// The takeback of `requester`'s last move at `now`: the event to store,
/// with the clocks running for the side then to move.
pub fn take_back(state: &GameState, requester: Player, now: i64) -> Result<StoredEvent, ApiError> {
    let undone = plies(state, requester)?;
    let mut probe = state.game.clone_box();
    for _ in &undone {
        probe.undo().map_err(|e| {
            ApiError::conflict(format!("cannot take back: {e}"))
                .code(ErrorCode::TakebackFailed)
                .param("detail", e)
        })?;
    }
    let clocks = state.clocks.map(|c| c.resumed(now, probe.side_to_move()));
    Ok(StoredEvent::Takeback {
        side: requester,
        undone,
        clocks,
    })
}

/// The side whose request is pending after `event`, `pending` before it.
pub fn pending_after(pending: Option<Player>, event: &StoredEvent) -> Option<Player> {
    match event {
        StoredEvent::TakebackRequest { side } => Some(*side),
        StoredEvent::TakebackDeclined { .. }
        | StoredEvent::Move { .. }
        | StoredEvent::Takeback { .. }
        | StoredEvent::End { .. } => None,
        StoredEvent::Started { .. }
        | StoredEvent::DrawOffer { .. }
        | StoredEvent::DrawDeclined { .. }
        | StoredEvent::HiddenPlacement { .. }
        | StoredEvent::Placements { .. } => pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_core::Player::{First, Second};
    use gamut_games::GameKind;

    #[test]
    fn a_takeback_undoes_the_last_move_and_the_reply_since() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        let nothing = request(&state, First, false).unwrap_err();
        assert_eq!(nothing.message, "you have no move to take back");
        let first = testing::play_first_legal(&mut state);
        assert_eq!(plies(&state, First).unwrap(), vec![first.clone()]);
        let reply = testing::play_first_legal(&mut state);
        assert_eq!(plies(&state, First).unwrap(), vec![reply.clone(), first]);
        assert_eq!(plies(&state, Second).unwrap(), vec![reply]);
        let event = take_back(&state, First, 0).unwrap();
        testing::apply(&mut state, &event);
        assert!(state.positions.is_empty());
        assert_eq!(state.to_move(), Some(First));
    }

    #[test]
    fn one_request_at_a_time_answered_by_the_opponent() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        testing::play_first_legal(&mut state);
        let Request::Ask(asked) = request(&state, First, false).unwrap() else {
            panic!("a person is asked");
        };
        assert_eq!(asked, StoredEvent::TakebackRequest { side: First });
        testing::apply(&mut state, &asked);
        assert_eq!(state.takeback_request, Some(First));
        let again = request(&state, First, false).unwrap_err();
        assert_eq!(again.message, "a takeback request is already pending");
        let own = accept(&state, First).unwrap_err();
        assert_eq!(own.message, "no takeback request to accept");
        assert_eq!(accept(&state, Second).unwrap(), First);
        let declined = decline(&state, Second).unwrap();
        testing::apply(&mut state, &declined);
        assert_eq!(state.takeback_request, None);
        let none = decline(&state, Second).unwrap_err();
        assert_eq!(none.message, "no takeback request to decline");
    }

    #[test]
    fn the_computer_grants_a_takeback_at_once() {
        let mut state = testing::against_computer(GameKind::Loa, &[("size", "6")]);
        testing::play_first_legal(&mut state);
        assert_eq!(request(&state, First, true).unwrap(), Request::Grant);
    }

    #[test]
    fn a_request_lapses_with_the_next_move() {
        let asked = pending_after(None, &StoredEvent::TakebackRequest { side: First });
        assert_eq!(asked, Some(First));
        let offer = StoredEvent::DrawOffer { side: Second };
        assert_eq!(pending_after(asked, &offer), Some(First));
        let moved = StoredEvent::Move {
            side: Second,
            mv: "x".into(),
            clocks: None,
        };
        assert_eq!(pending_after(asked, &moved), None);
    }

    #[test]
    fn hidden_placements_cannot_be_taken_back() {
        let options = [("placement", "simultaneous"), ("half-length", "2")];
        let mut state = testing::two_people(GameKind::Football, &options);
        // The team choices, up to the hidden phase.
        while state.hidden.is_none() {
            testing::play_first_legal(&mut state);
        }
        let during = plies(&state, First).unwrap_err();
        assert_eq!(during.message, "no takebacks during hidden placement");
    }
}
