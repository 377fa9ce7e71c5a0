//! Whom a change of a game tells what, outside the game's page (pure: the
//! game's task stores these notifications with the change and publishes
//! them after the commit). Only correspondence games (untimed or by days
//! per move) between people tell anything: after a move, the player now to
//! move that it is their turn (by days per move, with the deadline); at the
//! end, both players.

use crate::game::state::GameState;
use gamut_core::Player;
use gamut_protocol::ids::UserId;
use gamut_protocol::notification::{Notification, NotificationKind};
use gamut_protocol::user::Seat;

/// The notifications after a change of `state` (now as after it) that
/// made a move (`moved`) or `ended` the game.
pub fn after(state: &GameState, moved: bool, ended: bool) -> Vec<(UserId, Notification)> {
    let meta = &state.meta;
    if !meta.clock.is_correspondence() || !(moved || ended) {
        return Vec::new();
    }
    let person = |side: Player| match meta.seat(side) {
        Some(Seat::Human { user, .. }) => Some(user.clone()),
        _ => None,
    };
    let [Some(first), Some(second)] = Player::BOTH.map(person) else {
        return Vec::new();
    };
    let tell = |to: &gamut_protocol::user::UserView, kind, from| {
        (
            to.id.clone(),
            crate::notification::fresh(kind, Some(&meta.id), Some(from)),
        )
    };
    let turn = |to, from| {
        let (user, notification) = tell(to, NotificationKind::YourTurn, from);
        (user, notification.until(state.deadline()))
    };
    if ended {
        return vec![
            tell(&first, NotificationKind::GameEnded, &second),
            tell(&second, NotificationKind::GameEnded, &first),
        ];
    }
    match state.to_move() {
        Some(Player::First) => vec![turn(&first, &second)],
        Some(Player::Second) => vec![turn(&second, &first)],
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_games::GameKind;

    #[test]
    fn the_player_to_move_is_told_after_a_move() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        assert!(after(&state, false, false).is_empty(), "no move, nothing");
        testing::play_first_legal(&mut state);
        let told = after(&state, true, false);
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].1.kind, NotificationKind::YourTurn);
        let to_move = state.to_move().expect("a side to move");
        assert_eq!(
            Some(&told[0].0),
            state.meta.seat(to_move).and_then(Seat::user_id)
        );
        assert_eq!(told[0].1.deadline, None, "untimed: no deadline");
        let ended = after(&state, false, true);
        assert_eq!(ended.len(), 2);
    }

    #[test]
    fn by_days_per_move_the_turn_comes_with_its_deadline() {
        let clock = gamut_protocol::clock::ClockControl::Correspondence { days_per_move: 2 };
        let seats = testing::two_people(GameKind::Loa, &[]).meta.seats;
        let mut state = testing::started(GameKind::Loa, &[("size", "6")], clock, seats);
        let mv = state.legal()[0].clone();
        let event = crate::game::mover::play(&state, Player::First, &mv, 1_000).unwrap();
        testing::apply(&mut state, &event);
        let told = after(&state, true, false);
        assert_eq!(told[0].1.kind, NotificationKind::YourTurn);
        // The second side's two days run from the move.
        assert_eq!(told[0].1.deadline, Some(1_000 + 2 * 86_400_000));
        assert!(after(&state, false, true)
            .iter()
            .all(|(_, n)| n.deadline.is_none()));
    }
}
