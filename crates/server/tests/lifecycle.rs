//! How games and guests begin and end (issue 14): a resignation before
//! both sides have moved aborts the game, unrated; guests' seats carry no
//! rating.

mod common;

use common::{challenge, first_move, untimed, Backend, EventBody, ProfileView, TestServer};
use gamut_core::EndReason;
use serde_json::{json, Value};

/// Signs a new client up as `name`.
async fn registered(server: &TestServer, name: &str) -> common::Client {
    let mut c = server.client();
    c.post_ok(
        "/api/signup",
        json!({"username": name, "password": "correct horse"}),
    )
    .await;
    c
}

async fn early_resignation(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut a = registered(&server, "alice").await;
    let mut b = registered(&server, "bob").await;
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), untimed(), true).await;
    let mut wa = a.ws(&id, None).await;
    let state = wa.first_state().await;
    assert!(state.rated);
    // Only the first side has moved when the second resigns.
    wa.play(first_move(&state)).await;
    let mut wb = b.ws(&id, None).await;
    wb.first_state().await;
    assert_eq!(wb.action("resign").await, "ack");
    let end = wa.event(|e| matches!(e.body, EventBody::End { .. })).await;
    let EventBody::End {
        result, ratings, ..
    } = end.body
    else {
        unreachable!()
    };
    assert_eq!((result.winner, result.reason), (None, EndReason::Aborted));
    assert_eq!(result.text, "1/2-1/2");
    assert_eq!(ratings, None, "an aborted game is not rated");
    for name in ["alice", "bob"] {
        let profile: ProfileView = a.get_as(&format!("/api/users/{name}")).await;
        assert!(profile.ratings.is_empty(), "{name}: {:?}", profile.ratings);
    }
}

test_on_every_backend!(
    a_resignation_before_both_sides_moved_aborts_the_game_unrated,
    early_resignation
);

/// The seats of a game's JSON (a state or a summary).
fn seats(game: &Value) -> &Vec<Value> {
    game["players"].as_array().expect("players")
}

async fn guest_seats(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut guest = server.guest().await;
    let mut alice = registered(&server, "alice").await;
    let (id, created) = guest
        .create_game(json!({"game": "loa", "clock": untimed(), "side": "first",
            "opponent": {"type": "seek"}}))
        .await;
    let seat = &seats(&created["game"])[0];
    assert_eq!(seat["user"]["guest"], true);
    assert_eq!(seat.get("rating"), None, "{seat}");
    alice
        .post_ok(&format!("/api/games/{id}/join"), json!({}))
        .await;
    // The state, the lobby's summary and the socket's first state.
    let state = guest.state(&id).await;
    let lobby = guest.get_ok("/api/lobby").await;
    let mut ws = alice.ws(&id, None).await;
    let first = ws.next().await;
    for game in [&state, &lobby["live"][0], &first["state"]] {
        let [guest_seat, alice_seat] = &seats(game)[..] else {
            panic!("two seats: {game}")
        };
        assert_eq!(guest_seat.get("rating"), None, "{guest_seat}");
        assert_eq!(alice_seat["rating"], 1500, "{alice_seat}");
    }
}

test_on_every_backend!(guests_seats_carry_no_rating, guest_seats);
