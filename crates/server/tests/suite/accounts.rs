//! Accounts, sessions, sign-in rate limit, input validation and JSON
//! errors, ratings, history, export/import and the live lobby. Answers are
//! read into the server's view types.

use crate::common;

use common::{
    challenge, first_move, params, Backend, ErrorCode, EventBody, GamesView, LeaderboardView,
    LobbyView, MeView, OkView, ProfileView, ReplayResult, ReplayView, ServerMessage, TestServer,
};
use gamut_core::{EndReason, Player};
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::status::GameStatus;
use serde_json::json;

async fn accounts(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.client();
    assert_eq!(alice.me().await, MeView { user: None });
    let creds = json!({"username": "alice", "password": "correct horse"});
    let signed: MeView = alice.post_as("/api/signup", creds.clone()).await;
    let user = signed.user.expect("signed in");
    assert_eq!((user.name.as_str(), user.guest), ("alice", false));
    assert_eq!(alice.me().await.user, Some(user.clone()));
    // Taken (ignoring case), bad names and passwords, unknown fields.
    let mut other = server.client();
    let (s, error) = other
        .post_refusal(
            "/api/signup",
            json!({"username": "ALICE", "password": "whatever123"}),
        )
        .await;
    assert_eq!(
        (s, error.code, error.params),
        (409, ErrorCode::UsernameTaken, params(&[("name", "ALICE")]))
    );
    for (bad, code) in [
        (
            json!({"username": "a", "password": "whatever123"}),
            ErrorCode::UsernameLength,
        ),
        (
            json!({"username": "guest-7", "password": "whatever123"}),
            ErrorCode::UsernameGuest,
        ),
        (
            json!({"username": "bob", "password": "short"}),
            ErrorCode::PasswordLength,
        ),
        (json!({"username": "bob"}), ErrorCode::BadRequest),
        (
            json!({"username": "bob", "password": "whatever123", "extra": 1}),
            ErrorCode::BadRequest,
        ),
    ] {
        let refused = other.post_refused("/api/signup", bad.clone()).await;
        assert_eq!(refused, (400, code), "{bad}");
    }
    // Sign out, sign in.
    let out: OkView = alice.post_as("/api/signout", json!({})).await;
    assert_eq!(out, OkView::OK);
    assert_eq!(alice.cookie, None);
    assert_eq!(alice.me().await, MeView { user: None });
    let again: MeView = alice.post_as("/api/signin", creds.clone()).await;
    assert_eq!(again.user, Some(user));
    assert_eq!(
        alice.me().await.user.map(|u| u.name),
        Some("alice".to_owned())
    );
    // Wrong passwords, then the rate limit (even for the right one).
    let wrong = json!({"username": "alice", "password": "wrong password"});
    for _ in 0..5 {
        let refused = other.post_refused("/api/signin", wrong.clone()).await;
        assert_eq!(refused, (401, ErrorCode::WrongCredentials));
    }
    let (s, error) = other.post_refusal("/api/signin", creds.clone()).await;
    assert_eq!((s, error.code), (429, ErrorCode::TooMany), "{error:?}");
    assert_eq!(
        error.params.get("what").map(String::as_str),
        Some("signins")
    );
    // Acting needs a session.
    let mut anonymous = server.client();
    let refused = anonymous
        .post_refused(
            "/api/games",
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));
}

test_on_every_backend!(sign_up_in_and_out_with_a_rate_limit, accounts);

async fn bad_input(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut g = server.guest().await;
    let cases = [
        json!({"game": "chess", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        json!({"game": "loa", "options": {"size": "99"}, "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        json!({"game": "loa", "options": {"nope": "1"}, "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        json!({"game": "loa", "clock": {"type": "realtime", "initial_ms": 5, "increment_ms": 0}, "opponent": {"type": "seek"}}),
        json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "computer", "level": "godlike"}}),
        json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}, "side": "middle"}),
        json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}, "rated": true}),
        json!({"game": "loa"}),
        json!([1, 2, 3]),
    ];
    for body in cases {
        let (s, code) = g.post_refused("/api/games", body.clone()).await;
        assert!(s == 400 || s == 403, "{body}: {s} {code}");
    }
    // Unknown fields are refused everywhere, nested objects included.
    for (body, field) in [
        (
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek", "x": 1}}),
            "x",
        ),
        (
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "challenge", "x": 1}}),
            "x",
        ),
        (
            json!({"game": "loa", "clock": {"type": "untimed", "y": 2}, "opponent": {"type": "seek"}}),
            "y",
        ),
        (
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}, "z": 3}),
            "z",
        ),
    ] {
        // A body that does not read as the request (`json_body`): the
        // generic code (the field is named in the text alone).
        let refused = g.post_refused("/api/games", body.clone()).await;
        assert_eq!(refused, (400, ErrorCode::BadRequest), "{body}: {field}");
    }
    let refused = g
        .post_refused("/api/import", json!({"record": "", "x": 1}))
        .await;
    assert_eq!(refused, (400, ErrorCode::BadRequest));
    // Names of games are read in any case.
    let created = g
        .create(json!({"game": "LOA", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}))
        .await;
    assert_eq!(created.game.game, GameKind::Loa);
    // Too large a body.
    let huge = json!({"record": "x".repeat(100_000)});
    let (s, _) = g.post_refused("/api/import", huge).await;
    assert_eq!(s, 413);
    // Unknown things.
    let refused = g.get_refused("/api/games/nosuchgame000000").await;
    assert_eq!(refused, (404, ErrorCode::NoSuchGame));
    let (s, _) = g.get("/api/games/..%2F..%2Fetc").await;
    assert_eq!(s, 404);
    for query in ["status=sleeping", "limit=abc", "game=chess", "colour=red"] {
        // A query that does not read (`query`): the generic code.
        let refused = g.get_refused(&format!("/api/games?{query}")).await;
        assert_eq!(refused, (400, ErrorCode::BadRequest), "{query}");
    }
    let refused = g.get_refused("/api/leaderboard/chess").await;
    assert_eq!(refused, (400, ErrorCode::BadRequest));
    let (s, _) = g.get_refused("/api/leaderboard/loa?speed=ludicrous").await;
    assert_eq!(s, 400);
    let (s, error) = g
        .post_refusal(
            "/api/import",
            json!({"record": "[Game \"loa\"]\n1. zz-zz *"}),
        )
        .await;
    assert_eq!((s, error.code), (400, ErrorCode::RecordMove));
    assert_eq!(error.params.get("n").map(String::as_str), Some("1"));
    assert_eq!(error.params.get("move").map(String::as_str), Some("zz-zz"));
}

test_on_every_backend!(bad_input_gets_clear_json_errors, bad_input);

async fn ratings_history_records(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut a = server.client();
    let mut b = server.client();
    a.post_ok(
        "/api/signup",
        json!({"username": "alice", "password": "password-a"}),
    )
    .await;
    b.post_ok(
        "/api/signup",
        json!({"username": "bob", "password": "password-b"}),
    )
    .await;
    let clock = json!({"type": "realtime", "initial_ms": 300000, "increment_ms": 0});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), clock, true).await;
    let state = a.view(&id).await;
    assert!(state.rated);
    assert_eq!(state.speed, Speed::Blitz);
    assert!(matches!(
        &state.players[0],
        Some(gamut_protocol::user::Seat::Human {
            rating: Some(1500),
            ..
        })
    ));
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    wa.play(first_move(&state)).await;
    let s = b.view(&id).await;
    wb.play(first_move(&s)).await;
    assert_eq!(wb.action("resign").await, "ack");
    let end = wa.event(|e| matches!(e.body, EventBody::End { .. })).await;
    let EventBody::End {
        result, ratings, ..
    } = end.body
    else {
        unreachable!()
    };
    assert_eq!(
        serde_json::to_value(&result).expect("json"),
        json!({"winner": 0, "reason": "resignation", "text": "1-0"})
    );
    let ratings = ratings.expect("a rated game's ratings");
    assert_eq!(ratings[0].before, 1500.0);
    assert!(ratings[0].after > 1500.0);
    assert!(ratings[1].after < 1500.0);

    let profile: ProfileView = a.get_as("/api/users/alice").await;
    assert_eq!(profile.user.name, "alice");
    let rating = &profile.ratings[0];
    assert_eq!(
        (rating.game, rating.speed, rating.games),
        (GameKind::Loa, Speed::Blitz, 1)
    );
    assert_eq!(rating.rating, ratings[0].after);
    let board: LeaderboardView = a.get_as("/api/leaderboard/loa?speed=blitz").await;
    assert_eq!(
        (board.game, board.speed),
        (GameKind::Loa, Some(Speed::Blitz))
    );
    let names: Vec<&str> = board.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, vec!["alice", "bob"]);
    assert_eq!(board.entries[0].rank, 1);
    let every_speed: LeaderboardView = a.get_as("/api/leaderboard/LOA").await;
    assert_eq!(every_speed.speed, None);
    assert_eq!(every_speed.entries.len(), 2);
    let history: GamesView = a.get_as("/api/users/bob/games").await;
    assert_eq!(history.games[0].id.as_str(), id);
    assert_eq!(history.games[0].status, GameStatus::Finished);
    assert_eq!(
        history.games[0].result.as_ref().map(|r| r.text.as_str()),
        Some("1-0")
    );
    let finished: GamesView = a.get_as("/api/games?status=finished&player=alice").await;
    assert_eq!(finished.games.len(), 1);

    // Export, then import the record: the same moves and positions.
    let (s, text) = a.get(&format!("/api/games/{id}/export")).await;
    assert_eq!(s, 200);
    let text = text.as_str().expect("text record").to_owned();
    assert!(
        text.contains("[Game \"loa\"]")
            && text.contains("[First \"alice\"]")
            && text.contains("[Option \"size=6\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Result \"1-0\"]") && text.trim_end().ends_with("1-0"),
        "{text}"
    );
    let imported: ReplayView = a.post_as("/api/import", json!({"record": text})).await;
    let replay: ReplayView = a.get_as(&format!("/api/games/{id}/replay")).await;
    assert_eq!(imported.moves, replay.moves);
    assert_eq!(imported.positions, replay.positions);
    assert_eq!(
        (&imported.start, imported.game),
        (&replay.start, replay.game)
    );
    let headers = imported.headers.expect("an import's headers");
    assert_eq!(headers["Reason"], "resignation");
    assert_eq!(replay.headers, None);
    // The rules did not end the game (a resignation): the import reads
    // the result and its reason back from the record, as the game had it.
    let Some(ReplayResult::Game(result)) = &replay.result else {
        panic!("a finished game's result: {:?}", replay.result);
    };
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::Resignation, Some(Player::First))
    );
    assert_eq!(imported.result, replay.result);
    // Words the rules do not use are kept as written, the winner read
    // from the result.
    let odd = text.replace("[Reason \"resignation\"]", "[Reason \"the cat sat on it\"]");
    let odd: ReplayView = a.post_as("/api/import", json!({"record": odd})).await;
    assert_eq!(
        serde_json::to_value(&odd.result).expect("json"),
        json!({"winner": 0, "reason": "the cat sat on it", "text": "1-0"})
    );
    assert_eq!(replay.moves.len(), 2);
}

test_on_every_backend!(
    rated_games_update_ratings_history_and_records,
    ratings_history_records
);

/// The lobby as its socket sends it.
async fn lobby_message(ws: &mut common::Ws) -> LobbyView {
    match ws.message().await {
        ServerMessage::Lobby(view) => view,
        other => panic!("expected the lobby, got {other:?}"),
    }
}

async fn lobby(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let mut lobby = server.client().socket("/api/lobby/ws").await;
    let empty = json!({"type": "lobby", "seeks": [], "live": []});
    assert_eq!(lobby.next().await, empty);
    let id = a.open_seek("loa").await;
    let update = lobby_message(&mut lobby).await;
    assert_eq!(update.seeks[0].id.as_str(), id);
    assert_eq!(update.seeks[0].status, GameStatus::Waiting);
    assert!(update.live.is_empty());
    let listed: LobbyView = a.get_as("/api/lobby").await;
    assert_eq!(listed, update);
    // A private challenge is not listed.
    a.post_ok(
        "/api/games",
        json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "challenge"}}),
    )
    .await;
    let listed: LobbyView = a.get_as("/api/lobby").await;
    assert_eq!(listed.seeks.len(), 1);
    // One's own seek cannot be joined; another player joins it, and the
    // game moves from the seeks to the live games.
    let refused = a
        .post_refused(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_eq!(refused, (403, ErrorCode::OwnGame));
    let joined: common::JoinedView = b.post_as(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(joined.game.status, GameStatus::Live);
    let update = lobby_message(&mut lobby).await;
    assert!(update.seeks.is_empty());
    assert_eq!(update.live[0].id.as_str(), id);
    assert_eq!(update.live[0].status, GameStatus::Live);
    let listed: LobbyView = a.get_as("/api/lobby").await;
    assert_eq!(listed.live[0].id.as_str(), id);
    // The lobby takes only pings.
    lobby.send(json!({"type": "ping"})).await;
    assert_eq!(lobby.message().await, ServerMessage::Pong);
    lobby.send(json!({"type": "ping", "x": 1})).await;
    assert!(
        matches!(
            lobby.message().await,
            ServerMessage::Error {
                id: None,
                code: ErrorCode::BadRequest,
                ..
            }
        ),
        "the lobby accepts only ping"
    );
    // When it ends, it leaves the live games.
    let mut ws = a.ws(&id, None).await;
    ws.next().await;
    assert_eq!(ws.action("resign").await, "ack");
    assert_eq!(lobby.next().await, empty);
    // Cancelling a waiting seek.
    let id2 = a.open_seek("pursuit").await;
    assert_eq!(lobby_message(&mut lobby).await.seeks[0].id.as_str(), id2);
    let refused = b
        .refused(reqwest::Method::DELETE, &format!("/api/games/{id2}"), None)
        .await;
    assert_eq!(refused, (409, ErrorCode::Conflict));
    let (s, cancelled) = a
        .send(reqwest::Method::DELETE, &format!("/api/games/{id2}"), None)
        .await;
    assert_eq!(s, 200);
    assert_eq!(common::decode::<OkView>(&cancelled), OkView::OK);
    assert_eq!(lobby.next().await, empty);
    // A game against the computer is listed live from its start.
    let created = b
        .create(json!({"game": "loa", "clock": {"type": "untimed"},
            "opponent": {"type": "computer", "level": "random"}}))
        .await;
    assert_eq!(lobby_message(&mut lobby).await.live[0].id, created.game.id);
}

test_on_every_backend!(the_lobby_updates_live, lobby);

async fn flag(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let clock = json!({"type": "realtime", "initial_ms": 1000, "increment_ms": 0});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), clock, false).await;
    let mut wb = b.ws(&id, None).await;
    let end = wb.event(|e| matches!(e.body, EventBody::End { .. })).await;
    let EventBody::End { result, clocks, .. } = end.body else {
        unreachable!()
    };
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::Timeout, Some(Player::Second))
    );
    assert_eq!(clocks.expect("clocks").ms[0], 0);
}

test_on_every_backend!(the_server_flags_a_side_whose_time_runs_out, flag);

async fn catalogue(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut c = server.client();
    let catalogue: common::CatalogueView = c.get_as("/api/catalogue").await;
    let names: Vec<GameKind> = catalogue.games.iter().map(|g| g.name).collect();
    assert_eq!(names, GameKind::ALL.to_vec());
    assert_eq!(catalogue.speeds, Speed::ALL.to_vec());
    let loa = &catalogue.games[0];
    assert_eq!(loa.sides, vec!["Black".to_owned(), "White".to_owned()]);
    assert!(loa.end_reasons.contains(&EndReason::Connection));
    let health: OkView = c.get_as("/api/health").await;
    assert_eq!(health, OkView::OK);
}

test_on_every_backend!(the_catalogue_and_health_read_as_documented, catalogue);
