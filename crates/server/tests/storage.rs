//! The database as the single source of truth: corrupt contents give
//! errors (never a crash), two server processes share one database, and
//! watchers of a waiting game see it start.

mod common;

use common::{challenge, first_legal, small_loa, untimed, Backend, TestServer};
use serde_json::json;
use sqlx::any::AnyPoolOptions;

async fn corrupt(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let state = a.state(&id).await;
    let mut ws = a.ws(&id, None).await;
    ws.play(first_legal(&state)).await;
    let id2 = challenge(&mut a, &mut b, "pursuit", json!({}), untimed(), false).await;
    let id3 = challenge(&mut a, &mut b, "loa", json!({}), untimed(), false).await;

    let url = match server.backend.database_url() {
        Some(url) => url,
        None => format!(
            "sqlite://{}",
            server.backend.data_dir().join("gamut.sqlite3").display()
        ),
    };
    sqlx::any::install_default_drivers();
    let pool = AnyPoolOptions::new().connect(&url).await.expect("connect");
    sqlx::query("UPDATE game_events SET payload = $1 WHERE game_id = $2 AND version = 2")
        .bind(r#"{"kind": "move", "side": 7, "move": "nonsense"}"#)
        .bind(&id)
        .execute(&pool)
        .await
        .expect("corrupt an event");
    sqlx::query("UPDATE games SET options = $1, seat0 = $2 WHERE id = $3")
        .bind("not json")
        .bind("{\"user\": 5}")
        .bind(&id2)
        .execute(&pool)
        .await
        .expect("corrupt a game");

    sqlx::query("UPDATE game_events SET payload = $1 WHERE game_id = $2 AND version = 1")
        .bind(r#"{"kind": "started", "players": [null, null], "clocks": {"ms": [1, 1], "running": 9, "at": 0}}"#)
        .bind(&id3)
        .execute(&pool)
        .await
        .expect("corrupt the clocks");
    for game in [&id, &id2, &id3] {
        for path in [
            format!("/api/games/{game}"),
            format!("/api/games/{game}/replay"),
            format!("/api/games/{game}/export"),
        ] {
            let (s, v) = a.get(&path).await;
            assert_eq!(s, 500, "{path}: {v}");
            assert_eq!(v["error"], "internal server error");
        }
    }
    let (s, v) = a.get("/api/games?status=live").await;
    assert_eq!(s, 500, "{v}");
    let mut ws = a.ws(&id, None).await;
    assert_eq!(ws.next().await["type"], "error");
    let mut ws = b.ws(&id, None).await;
    assert_eq!(ws.next().await["type"], "error");
    // The server is still up.
    assert_eq!(a.get_ok("/api/health").await, json!({"ok": true}));
    pool.close().await;
    // A restart resumes the live games it can and still serves.
    let server = TestServer::start(server.stop()).await;
    a.rebase(&server.base);
    assert_eq!(a.get_ok("/api/health").await, json!({"ok": true}));
    let (s, v) = a.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (500, Some("internal server error"))
    );
}

test_on_every_backend!(corrupt_contents_are_errors_not_crashes, corrupt);

async fn watch_start(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let (id, _) = a
        .create_game(
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "second",
                   "opponent": {"type": "challenge"}}),
        )
        .await;
    let mut ws = a.ws(&id, None).await;
    let first = ws.next().await;
    assert_eq!(first["state"]["status"], "waiting");
    assert_eq!(first["state"]["you"], json!(1));
    assert_eq!(first["state"]["legal"], json!([]));
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let started = ws.wait_for(|m| m["type"] == "event").await;
    assert_eq!(started["event"]["kind"], "started");
    assert_eq!(started["event"]["version"], json!(1));
    assert_eq!(started["event"]["to_move"], json!(0));
    assert!(started["event"]["legal"]
        .as_array()
        .is_some_and(|l| !l.is_empty()));
    // B moves; A sees it and may answer over the same socket.
    let mut wb = b.ws(&id, None).await;
    let mv = started["event"]["legal"][0]
        .as_str()
        .expect("move")
        .to_owned();
    wb.play(&mv).await;
    let moved = ws.wait_for(|m| m["type"] == "event").await;
    assert_eq!(moved["event"]["move"], json!(mv));
    assert_eq!(moved["event"]["ply"], json!(1));
    let reply = moved["event"]["legal"][0]
        .as_str()
        .expect("move")
        .to_owned();
    ws.play(&reply).await;
}

test_on_every_backend!(watchers_of_a_waiting_game_see_it_start, watch_start);

async fn two_processes(backend: Backend) {
    let one = TestServer::start(backend).await;
    let two = gamut_server::Server::start(one.backend.config())
        .await
        .expect("second server");
    let two_base = format!("http://{}", two.addr());
    let (mut a, mut b) = one.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    // Sessions and games are shared: B plays through the second process.
    let mut wa = a.ws(&id, None).await;
    let state = a.state(&id).await;
    wa.play(first_legal(&state)).await;
    b.rebase(&two_base);
    let seen = b.state(&id).await;
    assert_eq!(seen["you"], json!(1));
    let mut wb = b.ws(&id, None).await;
    wb.play(first_legal(&seen)).await;
    // A's process catches up from the database before acting.
    let state = a.state(&id).await;
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    wa.play(first_legal(&state)).await;
    let seen = b.state(&id).await;
    assert_eq!(seen["moves"].as_array().map(Vec::len), Some(3));
    assert_eq!(seen["moves"], a.state(&id).await["moves"]);
    two.stop();
}

test_on_every_backend!(two_server_processes_share_one_database, two_processes);
