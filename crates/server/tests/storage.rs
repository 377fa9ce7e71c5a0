//! The database as the single source of truth: corrupt contents give
//! errors (never a crash), two server processes share one database, and
//! watchers of a waiting game see it start.

mod common;

use common::{challenge, untimed, Backend, TestServer};
use serde_json::json;
use sqlx::any::AnyPoolOptions;

async fn corrupt(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = (server.guest().await, server.guest().await);
    let id = challenge(
        &mut a,
        &mut b,
        "loa",
        json!({"size": "6"}),
        untimed(),
        false,
    )
    .await;
    let state = a.state(&id).await;
    let mut ws = a.ws(&id, None).await;
    ws.play(state["legal"][0].as_str().expect("move")).await;
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
            let (s, v) = a.send(reqwest::Method::GET, &path, None).await;
            assert_eq!(s, 500, "{path}: {v}");
            assert_eq!(v["error"], "internal server error");
        }
    }
    let (s, v) = a
        .send(reqwest::Method::GET, "/api/games?status=live", None)
        .await;
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
    let (s, v) = a
        .send(reqwest::Method::GET, &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (500, Some("internal server error"))
    );
}

#[tokio::test]
async fn corrupt_contents_are_errors_not_crashes() {
    on_every_backend!(corrupt);
}

async fn watch_start(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = (server.guest().await, server.guest().await);
    let created = a
        .post_ok(
            "/api/games",
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "second",
                   "opponent": {"type": "challenge"}}),
        )
        .await;
    let id = created["game"]["id"].as_str().expect("id").to_owned();
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

#[tokio::test]
async fn watchers_of_a_waiting_game_see_it_start() {
    on_every_backend!(watch_start);
}

async fn two_processes(backend: Backend) {
    let one = TestServer::start(backend).await;
    let two = gamut_server::Server::start(one.backend.config())
        .await
        .expect("second server");
    let two_base = format!("http://{}", two.addr());
    let (mut a, mut b) = (one.guest().await, one.guest().await);
    let id = challenge(
        &mut a,
        &mut b,
        "loa",
        json!({"size": "6"}),
        untimed(),
        false,
    )
    .await;
    // Sessions and games are shared: B plays through the second process.
    let mut wa = a.ws(&id, None).await;
    let state = a.state(&id).await;
    wa.play(state["legal"][0].as_str().expect("move")).await;
    b.rebase(&two_base);
    let seen = b.state(&id).await;
    assert_eq!(seen["you"], json!(1));
    let mut wb = b.ws(&id, None).await;
    wb.play(seen["legal"][0].as_str().expect("move")).await;
    // A's process catches up from the database before acting.
    let state = a.state(&id).await;
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    wa.play(state["legal"][0].as_str().expect("move")).await;
    let seen = b.state(&id).await;
    assert_eq!(seen["moves"].as_array().map(Vec::len), Some(3));
    assert_eq!(seen["moves"], a.state(&id).await["moves"]);
    two.stop();
}

#[tokio::test]
async fn two_server_processes_share_one_database() {
    on_every_backend!(two_processes);
}
