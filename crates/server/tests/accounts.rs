//! Accounts, sessions, sign-in rate limit, input validation and JSON
//! errors, ratings, history, export/import and the live lobby.

mod common;

use common::{challenge, first_legal, Backend, TestServer};
use serde_json::json;

async fn accounts(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.client();
    assert_eq!(alice.get_ok("/api/me").await, json!({"user": null}));
    let creds = json!({"username": "alice", "password": "correct horse"});
    let signed = alice.post_ok("/api/signup", creds.clone()).await;
    assert_eq!(signed["user"]["name"], "alice");
    assert_eq!(signed["user"]["guest"], false);
    assert_eq!(alice.get_ok("/api/me").await["user"]["name"], "alice");
    // Taken (ignoring case), bad names and passwords.
    let mut other = server.client();
    let (s, v) = other
        .post(
            "/api/signup",
            json!({"username": "ALICE", "password": "whatever123"}),
        )
        .await;
    assert_eq!((s, v["error"].as_str().is_some()), (409, true));
    for bad in [
        json!({"username": "a", "password": "whatever123"}),
        json!({"username": "guest-7", "password": "whatever123"}),
        json!({"username": "bob", "password": "short"}),
        json!({"username": "bob"}),
        json!({"username": "bob", "password": "whatever123", "extra": 1}),
    ] {
        let (s, v) = other.post("/api/signup", bad.clone()).await;
        assert_eq!(s, 400, "{bad}: {v}");
        assert!(v["error"].is_string());
    }
    // Sign out, sign in.
    alice.post_ok("/api/signout", json!({})).await;
    assert_eq!(alice.cookie, None);
    assert_eq!(alice.get_ok("/api/me").await, json!({"user": null}));
    alice.post_ok("/api/signin", creds.clone()).await;
    assert_eq!(alice.get_ok("/api/me").await["user"]["name"], "alice");
    // Wrong passwords, then the rate limit (even for the right one).
    let wrong = json!({"username": "alice", "password": "wrong password"});
    for _ in 0..5 {
        let (s, v) = other.post("/api/signin", wrong.clone()).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (401, Some("wrong username or password"))
        );
    }
    let (s, v) = other.post("/api/signin", creds.clone()).await;
    assert_eq!(s, 429, "{v}");
    assert!(v["error"].as_str().is_some_and(|e| e.contains("too many")));
    // Acting needs a session.
    let mut anonymous = server.client();
    let (s, v) = anonymous
        .post(
            "/api/games",
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(s, 401, "{v}");
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
        let (s, v) = g.post("/api/games", body.clone()).await;
        assert!(s == 400 || s == 403, "{body}: {s} {v}");
        assert!(v["error"].is_string(), "{body}: {v}");
    }
    // Too large a body.
    let huge = json!({"record": "x".repeat(100_000)});
    let (s, v) = g.post("/api/import", huge).await;
    assert_eq!(s, 413, "{v}");
    // Unknown things.
    let (s, v) = g.get("/api/games/nosuchgame000000").await;
    assert_eq!((s, v["error"].is_string()), (404, true));
    let (s, _) = g.get("/api/games/..%2F..%2Fetc").await;
    assert_eq!(s, 404);
    let (s, v) = g.get("/api/games?status=sleeping").await;
    assert_eq!((s, v["error"].is_string()), (400, true));
    let (s, v) = g.get("/api/games?limit=abc").await;
    assert_eq!((s, v["error"].is_string()), (400, true));
    let (s, v) = g.get("/api/leaderboard/chess").await;
    assert_eq!((s, v["error"].is_string()), (400, true));
    let (s, v) = g
        .post(
            "/api/import",
            json!({"record": "[Game \"loa\"]\n1. zz-zz *"}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("move 1")),
        "{v}"
    );
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
    let state = a.state(&id).await;
    assert_eq!(state["rated"], true);
    assert_eq!(state["speed"], "blitz");
    assert_eq!(state["players"][0]["rating"], 1500);
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    wa.play(first_legal(&state)).await;
    let s = b.state(&id).await;
    wb.play(first_legal(&s)).await;
    assert_eq!(wb.action("resign").await, "ack");
    let end = wa
        .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "end")
        .await;
    assert_eq!(
        end["event"]["result"],
        json!({"winner": 0, "reason": "resignation", "text": "1-0"})
    );
    let ratings = &end["event"]["ratings"];
    assert_eq!(ratings[0]["before"], json!(1500.0));
    assert!(ratings[0]["after"].as_f64().expect("after") > 1500.0);
    assert!(ratings[1]["after"].as_f64().expect("after") < 1500.0);

    let profile = a.get_ok("/api/users/alice").await;
    assert_eq!(profile["ratings"][0]["game"], "loa");
    assert_eq!(profile["ratings"][0]["speed"], "blitz");
    assert_eq!(profile["ratings"][0]["games"], 1);
    let board = a.get_ok("/api/leaderboard/loa?speed=blitz").await;
    let names: Vec<&str> = board["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert_eq!(names, vec!["alice", "bob"]);
    let history = a.get_ok("/api/users/bob/games").await;
    assert_eq!(history["games"][0]["id"], json!(id));
    assert_eq!(history["games"][0]["result"]["text"], "1-0");
    let finished = a.get_ok("/api/games?status=finished&player=alice").await;
    assert_eq!(finished["games"].as_array().map(Vec::len), Some(1));

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
    let imported = a.post_ok("/api/import", json!({"record": text})).await;
    let replay = a.get_ok(&format!("/api/games/{id}/replay")).await;
    for key in ["moves", "positions", "start", "game"] {
        assert_eq!(imported[key], replay[key], "{key}");
    }
    assert_eq!(imported["headers"]["Reason"], "resignation");
    assert_eq!(replay["result"]["reason"], "resignation");
    assert_eq!(replay["moves"].as_array().map(Vec::len), Some(2));
}

test_on_every_backend!(
    rated_games_update_ratings_history_and_records,
    ratings_history_records
);

async fn lobby(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let mut lobby = server.client().socket("/api/lobby/ws").await;
    let empty = json!({"type": "lobby", "seeks": [], "live": []});
    assert_eq!(lobby.next().await, empty);
    let id = a.open_seek("loa").await;
    let update = lobby.next().await;
    assert_eq!(update["seeks"][0]["id"], json!(id));
    assert_eq!(update["seeks"][0]["status"], "waiting");
    assert_eq!(update["live"], json!([]));
    assert_eq!(a.get_ok("/api/lobby").await["seeks"][0]["id"], json!(id));
    // A private challenge is not listed.
    a.post_ok(
        "/api/games",
        json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "challenge"}}),
    )
    .await;
    assert_eq!(
        a.get_ok("/api/lobby").await["seeks"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    // One's own seek cannot be joined; another player joins it, and the
    // game moves from the seeks to the live games.
    let (s, _) = a.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(s, 403);
    let joined = b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(joined["game"]["status"], "live");
    let update = lobby.next().await;
    assert_eq!(update["seeks"], json!([]));
    assert_eq!(update["live"][0]["id"], json!(id));
    assert_eq!(update["live"][0]["status"], "live");
    assert_eq!(a.get_ok("/api/lobby").await["live"][0]["id"], json!(id));
    // When it ends, it leaves the live games.
    let mut ws = a.ws(&id, None).await;
    ws.next().await;
    assert_eq!(ws.action("resign").await, "ack");
    assert_eq!(lobby.next().await, empty);
    // Cancelling a waiting seek.
    let id2 = a.open_seek("pursuit").await;
    assert_eq!(lobby.next().await["seeks"][0]["id"], json!(id2));
    let (s, _) = b
        .send(reqwest::Method::DELETE, &format!("/api/games/{id2}"), None)
        .await;
    assert_eq!(s, 409);
    let (s, _) = a
        .send(reqwest::Method::DELETE, &format!("/api/games/{id2}"), None)
        .await;
    assert_eq!(s, 200);
    assert_eq!(lobby.next().await, empty);
    // A game against the computer is listed live from its start.
    let (id3, _) = b
        .create_game(json!({"game": "loa", "clock": {"type": "untimed"},
            "opponent": {"type": "computer", "level": "random"}}))
        .await;
    assert_eq!(lobby.next().await["live"][0]["id"], json!(id3));
}

test_on_every_backend!(the_lobby_updates_live, lobby);

async fn flag(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let clock = json!({"type": "realtime", "initial_ms": 1000, "increment_ms": 0});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), clock, false).await;
    let mut wb = b.ws(&id, None).await;
    let end = wb
        .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "end")
        .await;
    assert_eq!(end["event"]["result"]["reason"], "timeout");
    assert_eq!(end["event"]["result"]["winner"], json!(1));
    assert_eq!(end["event"]["clocks"]["ms"][0], json!(0));
}

test_on_every_backend!(the_server_flags_a_side_whose_time_runs_out, flag);
