//! Games in memory for the unit tests of the game rules: started between
//! two people or two computers, with moves applied as stored events.

use crate::game::event::StoredEvent;
use crate::game::meta::{GameMeta, Pairing};
use crate::game::state::GameState;
use gamut_ai::Level;
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::user::{Seat, UserView};

/// The first player's user id.
pub fn alice() -> UserId {
    UserId::parse("alice").unwrap()
}

/// The second player's user id.
pub fn bob() -> UserId {
    UserId::parse("bob").unwrap()
}

fn person(id: UserId, name: &str) -> Option<Seat> {
    Some(Seat::person(
        UserView {
            id,
            name: name.into(),
            guest: false,
            bot: false,
        },
        1500,
    ))
}

/// A started game of `kind` with `options` and `seats`, timed by `clock`.
pub fn started(
    kind: GameKind,
    options: &[(&str, &str)],
    clock: ClockControl,
    seats: [Option<Seat>; 2],
) -> GameState {
    let options = options
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let meta = GameMeta {
        id: GameId::parse("g1").unwrap(),
        kind,
        options,
        start: None,
        clock,
        speed: clock.speed(),
        rated: false,
        pairing: Pairing::Challenge,
        seats: seats.clone(),
        created_at: 0,
    };
    let mut state = GameState::new(meta).unwrap();
    let first = state.game.side_to_move();
    let event = StoredEvent::Started {
        players: seats,
        clocks: clock.start(0, Some(first), gamut_protocol::clock::DAY),
    };
    state.apply(1, 0, &event).unwrap();
    state
}

/// An untimed game between alice (first) and bob (second).
pub fn two_people(kind: GameKind, options: &[(&str, &str)]) -> GameState {
    let seats = [person(alice(), "alice"), person(bob(), "bob")];
    started(kind, options, ClockControl::Untimed, seats)
}

/// An untimed game between alice (first) and the computer.
pub fn against_computer(kind: GameKind, options: &[(&str, &str)]) -> GameState {
    let computer = Some(Seat::Computer {
        computer: Level::Easy,
    });
    started(
        kind,
        options,
        ClockControl::Untimed,
        [person(alice(), "alice"), computer],
    )
}

/// An untimed game between two computers.
pub fn against_computers(kind: GameKind, options: &[(&str, &str)]) -> GameState {
    let computer = || {
        Some(Seat::Computer {
            computer: Level::Easy,
        })
    };
    started(
        kind,
        options,
        ClockControl::Untimed,
        [computer(), computer()],
    )
}

/// Applies `event` as the next version (at time 0).
pub fn apply(state: &mut GameState, event: &StoredEvent) {
    let version = state.version + 1;
    state.apply(version, 0, event).unwrap();
}

/// The side to move plays its first legal move; the move.
pub fn play_first_legal(state: &mut GameState) -> String {
    let side: Player = state.to_move().expect("a side to move");
    let mv = state.legal()[0].clone();
    let event = StoredEvent::Move {
        side,
        mv: mv.clone(),
        clocks: None,
    };
    apply(state, &event);
    mv
}

/// A game between alice (first) and bob (second) with a real-time clock
/// (a minute each, a second's increment).
pub fn timed_two_people(kind: GameKind, options: &[(&str, &str)]) -> GameState {
    let seats = [person(alice(), "alice"), person(bob(), "bob")];
    let clock = ClockControl::Realtime {
        initial_ms: 60_000,
        increment_ms: 1_000,
    };
    started(kind, options, clock, seats)
}
