//! How games and guests begin and end (issue 14): a guest who signs up
//! keeps their games and seats; a resignation before both sides have moved
//! aborts the game, unrated; guests' seats carry no rating; untimed games
//! nobody plays any more end; the socket of an unknown game is closed with
//! 4404.

use crate::common;

use common::{
    challenge, first_move, untimed, Backend, ErrorCode, EventBody, GamesView, MeView, ProfileView,
    TestServer,
};
use gamut_core::{EndReason, Player};
use gamut_protocol::status::GameStatus;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn early_resignation(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut a = server.registered("alice").await;
    let mut b = server.registered("bob").await;
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
    let mut alice = server.registered("alice").await;
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

/// An untimed 6×6 Lines of Action game against the random computer, the
/// creator first.
fn against_the_computer() -> Value {
    json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "first",
        "opponent": {"type": "computer", "level": "random"}})
}

/// Waits (up to 20 s) until the computer, second, has answered in game
/// `id`: the first side is to move again (or the game is over). Polled, as
/// the reply's event may come before the move's ack and be skipped.
async fn answered(client: &mut common::Client, id: &str) -> common::GameView {
    let start = Instant::now();
    loop {
        let state = client.view(id).await;
        if state.to_move == Some(Player::First) || state.status != GameStatus::Live {
            return state;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no answer in {id}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// True if `games` lists game `id`.
fn lists(games: &GamesView, id: &str) -> bool {
    games.games.iter().any(|g| g.id.as_str() == id)
}

async fn guest_signs_up(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut guest = server.guest().await;
    let guest_user = guest.me().await.user.expect("a guest");
    let guest_cookie = guest.cookie.clone();
    let id = guest
        .create(against_the_computer())
        .await
        .game
        .id
        .to_string();
    let seek = guest.open_seek("pursuit").await;
    let mut ws = guest.ws(&id, None).await;
    let state = ws.first_state().await;
    assert_eq!(state.you, Some(Player::First));
    ws.play(first_move(&state)).await;
    answered(&mut guest, &id).await;

    // Mid-game, the guest signs up: the same user, registered.
    let creds = json!({"username": "alice", "password": "correct horse"});
    let signed: MeView = guest.post_as("/api/signup", creds).await;
    let user = signed.user.expect("signed up");
    assert_eq!(user.id, guest_user.id);
    assert_eq!((user.name.as_str(), user.guest), ("alice", false));
    assert_eq!(guest.me().await.user, Some(user));
    assert_ne!(guest.cookie, guest_cookie, "a new session token");
    let mut old = server.client();
    old.cookie = guest_cookie;
    assert_eq!(
        old.me().await.user,
        None,
        "the guest's token signs nobody in"
    );

    // The game is still theirs: over HTTP, on the open socket, and on a
    // new one.
    let state = guest.view(&id).await;
    assert_eq!(state.you, Some(Player::First));
    ws.play(first_move(&state)).await;
    answered(&mut guest, &id).await;
    let mut again = guest.ws(&id, None).await;
    let state = again.first_state().await;
    assert_eq!(state.you, Some(Player::First));
    assert_eq!(state.moves.len(), 4);
    again.play(first_move(&state)).await;
    let live: GamesView = guest.get_as("/api/games?status=live&player=alice").await;
    assert!(lists(&live, &id), "{live:?}");
    let seeks: GamesView = guest.get_as("/api/games?status=waiting&player=alice").await;
    assert!(lists(&seeks, &seek), "{seeks:?}");
    // Its end is in the account's history; the seek is the account's to
    // cancel.
    assert_eq!(ws.action("resign").await, "ack");
    assert_eq!(ws.wait_result().await.winner, Some(Player::Second));
    let history: GamesView = guest.get_as("/api/users/alice/games").await;
    assert!(lists(&history, &id), "{history:?}");
    let (s, _) = guest
        .send(reqwest::Method::DELETE, &format!("/api/games/{seek}"), None)
        .await;
    assert_eq!(s, 200);
}

test_on_every_backend!(
    a_guest_who_signs_up_keeps_their_games_and_seats,
    guest_signs_up
);

async fn guest_signs_in(backend: Backend) {
    let server = TestServer::start(backend).await;
    let creds = json!({"username": "alice", "password": "correct horse"});
    let mut alice = server.registered("alice").await;
    let alice_id = alice.me().await.user.expect("alice").id;
    let mut guest = server.guest().await;
    let id = guest
        .create(against_the_computer())
        .await
        .game
        .id
        .to_string();
    let mut ws = guest.ws(&id, None).await;
    let state = ws.first_state().await;
    // Signing in to an existing account ends the guest session: the game
    // stays the guest's, and the account is no player of it.
    guest.post_ok("/api/signin", creds).await;
    assert_eq!(guest.me().await.user.map(|u| u.id), Some(alice_id));
    assert_eq!(guest.view(&id).await.you, None);
    let error = ws
        .refused(json!({"type": "move", "move": first_move(&state)}))
        .await;
    assert_eq!(error, ErrorCode::SessionEnded);
    let live: GamesView = alice.get_as("/api/games?status=live&player=alice").await;
    assert!(!lists(&live, &id), "{live:?}");
}

test_on_every_backend!(
    a_guest_who_signs_in_leaves_their_games_to_the_guest,
    guest_signs_in
);

/// Waits (up to 20 s) until game `id` is over; its final state.
async fn finished(client: &mut common::Client, id: &str) -> common::GameView {
    let start = Instant::now();
    loop {
        let state = client.view(id).await;
        if state.status == GameStatus::Finished {
            return state;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{id} still {:?}",
            state.status
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn untimed_expiry(backend: Backend) {
    // Long enough that a computer's reply delayed by a loaded machine is
    // still well inside it.
    let expiry = Duration::from_secs(3);
    let server = TestServer::start_with(backend, |c| c.limits.untimed_expiry = Some(expiry)).await;
    // Left before the second ply: aborted.
    let mut early = server.guest().await;
    let never_moved = early
        .create(against_the_computer())
        .await
        .game
        .id
        .to_string();
    // Left after a move each: the absent side, to move, loses on time.
    let mut late = server.guest().await;
    let left = late
        .create(against_the_computer())
        .await
        .game
        .id
        .to_string();
    let mut ws = late.ws(&left, None).await;
    let state = ws.first_state().await;
    ws.play(first_move(&state)).await;
    answered(&mut late, &left).await;
    // A timed game never expires.
    let timed = early
        .create(
            json!({"game": "loa", "options": {"size": "6"}, "side": "first",
            "clock": {"type": "realtime", "initial_ms": 600_000, "increment_ms": 0},
            "opponent": {"type": "computer", "level": "random"}}),
        )
        .await
        .game
        .id
        .to_string();
    // A game that goes on, a move at a time, outlives the expiry.
    let mut player = server.guest().await;
    let going_on = player
        .create(against_the_computer())
        .await
        .game
        .id
        .to_string();
    let mut ws = player.ws(&going_on, None).await;
    let mut state = ws.first_state().await;
    let start = Instant::now();
    while start.elapsed() < expiry * 3 / 2 {
        tokio::time::sleep(expiry / 4).await;
        ws.play(first_move(&state)).await;
        state = answered(&mut player, &going_on).await;
        if state.status != GameStatus::Live {
            break;
        }
    }
    assert_eq!(
        state.status,
        GameStatus::Live,
        "a game being played: {:?}",
        state.result
    );

    let aborted = finished(&mut early, &never_moved)
        .await
        .result
        .expect("over");
    assert_eq!((aborted.winner, aborted.reason), (None, EndReason::Aborted));
    let lost = finished(&mut late, &left).await.result.expect("over");
    assert_eq!(
        (lost.winner, lost.reason),
        (Some(Player::Second), EndReason::Timeout)
    );
    assert_eq!(lost.text, "0-1");
    assert_eq!(early.view(&timed).await.status, GameStatus::Live);
    // The ended games have left the live ones.
    let live: GamesView = early.get_as("/api/games?status=live&limit=100").await;
    assert!(
        !lists(&live, &never_moved) && !lists(&live, &left),
        "{live:?}"
    );
    assert!(lists(&live, &timed));
}

test_on_every_backend!(untimed_games_nobody_plays_any_more_end, untimed_expiry);

async fn unknown_game_socket(backend: Backend) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message;
    let server = TestServer::start(backend).await;
    let ws_base = server.base.replacen("http://", "ws://", 1);
    for id in ["nosuchgame000000", "..%2Fetc", "x"] {
        let request = format!("{ws_base}/api/games/{id}/ws")
            .into_client_request()
            .expect("ws request");
        // Upgraded (not refused with 404), then told and closed.
        let (mut ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .unwrap_or_else(|e| panic!("{id}: the upgrade was refused: {e}"));
        let mut messages = Vec::new();
        let frame = loop {
            let next = tokio::time::timeout(Duration::from_secs(10), ws.next()).await;
            match next.expect("closed within 10 s") {
                Some(Ok(Message::Text(text))) => messages.push(text.to_string()),
                Some(Ok(Message::Close(frame))) => break frame.expect("a close frame"),
                Some(Ok(_)) => {}
                other => panic!("{id}: {other:?}"),
            }
        };
        assert_eq!(
            u16::from(frame.code),
            gamut_protocol::socket::CLOSE_NO_SUCH_GAME,
            "{id}"
        );
        assert_eq!(frame.reason.as_str(), "no such game");
        let error: Value = serde_json::from_str(&messages[0]).expect("JSON");
        assert_eq!(error["code"], "no_such_game");
    }
}

test_on_every_backend!(
    the_socket_of_an_unknown_game_is_closed_with_4404,
    unknown_game_socket
);
