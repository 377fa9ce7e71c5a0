//! Takeback requests, as pure rules the game's task calls
//! ([`crate::game::actor`] stores what they decide): a player who has made
//! a move may ask to take it back (with the opponent's reply since), one
//! request at a time; the opponent accepts or declines it, and the computer
//! grants it at once. Hidden placements cannot be taken back, and nothing
//! can during a hidden placement phase. A pending request lapses with the
//! next move, a takeback or the end of the game ([`pending_after`]).

use crate::game::refusal::Refusal;
use crate::game::event::StoredEvent;
use crate::game::state::GameState;
use gamut_core::Player;

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
pub fn plies(state: &GameState, side: Player) -> Result<Vec<String>, Refusal> {
    if state.hidden.is_some() {
        return Err(Refusal::TakebackHidden);
    }
    let last = state
        .movers
        .iter()
        .rposition(|&s| s == side)
        .ok_or(Refusal::TakebackNone)?;
    let game = &state.game;
    let moves = game.moves();
    if game.hidden_placement() && (last..moves.len()).any(|ply| game.placed_at(ply)) {
        return Err(Refusal::TakebackPlacements);
    }
    Ok(moves[last..].iter().rev().cloned().collect())
}

/// `side` asks to take back its last move.
pub fn request(
    state: &GameState,
    side: Player,
    against_computer: bool,
) -> Result<Request, Refusal> {
    plies(state, side)?;
    if state.takeback_request.is_some() {
        return Err(Refusal::TakebackPending);
    }
    if against_computer {
        return Ok(Request::Grant);
    }
    Ok(Request::Ask(StoredEvent::TakebackRequest { side }))
}

/// `side` grants the opponent's pending request: the side whose moves are
/// taken back.
pub fn accept(state: &GameState, side: Player) -> Result<Player, Refusal> {
    let requester = side.other();
    if state.takeback_request != Some(requester) {
        return Err(Refusal::NoTakebackToAccept);
    }
    Ok(requester)
}

/// `side` refuses the opponent's pending request: the event to store.
pub fn decline(state: &GameState, side: Player) -> Result<StoredEvent, Refusal> {
    if state.takeback_request != Some(side.other()) {
        return Err(Refusal::NoTakebackToDecline);
    }
    Ok(StoredEvent::TakebackDeclined { side })
}

/// The takeback of `requester`'s last move at `now`: the event to store,
/// with the clocks running for the side then to move.
pub fn take_back(state: &GameState, requester: Player, now: i64) -> Result<StoredEvent, Refusal> {
    let undone = plies(state, requester)?;
    let mut probe = state.game.clone_box();
    for _ in &undone {
        probe.undo().map_err(|e| Refusal::TakebackFailed {
            reason: e.to_string(),
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
        assert_eq!(nothing, Refusal::TakebackNone);
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
        assert_eq!(again, Refusal::TakebackPending);
        let own = accept(&state, First).unwrap_err();
        assert_eq!(own, Refusal::NoTakebackToAccept);
        assert_eq!(accept(&state, Second).unwrap(), First);
        let declined = decline(&state, Second).unwrap();
        testing::apply(&mut state, &declined);
        assert_eq!(state.takeback_request, None);
        let none = decline(&state, Second).unwrap_err();
        assert_eq!(none, Refusal::NoTakebackToDecline);
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
        assert_eq!(during, Refusal::TakebackHidden);
    }
}
