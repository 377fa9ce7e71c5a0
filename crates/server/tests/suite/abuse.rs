//! The abuse suite (issue 12): each limit against exhausting the server or
//! abusing sessions, on loopback, each case bounded (well under 30 s).

use crate::common;

use common::{code_of, raw_socket, Backend, Client, ErrorCode, ServerMessage, TestServer};
use futures_util::{SinkExt, StreamExt};
use gamut_protocol::game::EventBody;
use gamut_server::ServerConfig;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Raw = common::RawSocket;

/// The cases run one at a time: the memory test measures this process.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn server_with(configure: impl FnOnce(&mut ServerConfig)) -> TestServer {
    TestServer::start_with(Backend::sqlite(), configure).await
}

/// The text messages until the server closes the socket (within `limit`).
async fn until_closed(ws: &mut Raw, limit: Duration) -> Vec<Value> {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) => panic!("not closed within {limit:?}; saw {seen:?}"),
            Ok(None | Some(Err(_) | Ok(Message::Close(_)))) => return seen,
            Ok(Some(Ok(Message::Text(t)))) => seen.push(serde_json::from_str(&t).expect("JSON")),
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Whether `seen` has an error message with the code `code`.
fn has_error(seen: &[Value], code: ErrorCode) -> bool {
    seen.iter()
        .any(|m| m["type"] == "error" && code_of(m) == Some(code))
}

/// The status, code and what a rate counts (`what`) of a refusal by rate.
fn rate(refused: &(u16, common::ErrorView)) -> (u16, ErrorCode, Option<&str>) {
    let (status, error) = refused;
    (
        *status,
        error.code,
        error.params.get("what").map(String::as_str),
    )
}

/// A challenge between `a` (first) and `b`, untimed Lines of Action.
async fn challenge(a: &mut Client, b: &mut Client) -> String {
    let created = a
        .create(
            json!({"game": "loa", "clock": {"type": "untimed"}, "side": "first",
            "opponent": {"type": "challenge"}}),
        )
        .await;
    let id = created.game.id.to_string();
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    id
}

fn computer_game(level: &str) -> Value {
    json!({"game": "loa", "clock": {"type": "untimed"}, "side": "first",
        "opponent": {"type": "computer", "level": level}})
}

// ---- 8. Sessions ----

#[tokio::test]
async fn a_socket_opened_before_sign_out_can_no_longer_act() {
    let _serial = SERIAL.lock().await;
    let server = TestServer::start(Backend::sqlite()).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b).await;
    let mut ws = a.ws(&id, None).await;
    let state = ws.first_state().await;
    a.post_ok("/api/signout", json!({})).await;
    let error = ws
        .refused(json!({"type": "move", "move": state.legal[0]}))
        .await;
    assert_eq!(error, ErrorCode::SessionEnded);
    // Nothing was played.
    assert_eq!(b.view(&id).await.moves.len(), 0);
}

#[tokio::test]
async fn signing_in_from_a_guest_session_ends_it() {
    let _serial = SERIAL.lock().await;
    let server = TestServer::start(Backend::sqlite()).await;
    let creds = json!({"username": "alice", "password": "correct horse"});
    server.client().post_ok("/api/signup", creds.clone()).await;
    let mut guest = server.guest().await;
    let guest_cookie = guest.cookie.clone();
    guest.post_ok("/api/signin", creds).await;
    let mut old = server.client();
    old.cookie = guest_cookie;
    assert_eq!(old.me().await.user, None, "the guest session ended");
    assert_eq!(
        guest.me().await.user.map(|u| u.name).as_deref(),
        Some("alice")
    );
}

#[tokio::test]
async fn sign_out_everywhere_and_password_changes_end_sessions() {
    let _serial = SERIAL.lock().await;
    let server = TestServer::start(Backend::sqlite()).await;
    let creds = json!({"username": "alice", "password": "correct horse"});
    let mut one = server.client();
    one.post_ok("/api/signup", creds.clone()).await;
    let mut two = server.client();
    two.post_ok("/api/signin", creds.clone()).await;
    two.post_ok("/api/signout-all", json!({})).await;
    assert_eq!(one.me().await.user, None);
    assert_eq!(two.me().await.user, None);
    // A password change ends the other sessions, not this one.
    one.post_ok("/api/signin", creds.clone()).await;
    two.post_ok("/api/signin", creds.clone()).await;
    let refused = one
        .post_refused(
            "/api/password",
            json!({"password": "wrong horse", "new_password": "battery staple"}),
        )
        .await;
    assert_eq!(refused, (401, ErrorCode::WrongPassword));
    one.post_ok(
        "/api/password",
        json!({"password": "correct horse", "new_password": "battery staple"}),
    )
    .await;
    assert!(one.me().await.user.is_some());
    assert_eq!(two.me().await.user, None);
    let refused = two.post_refused("/api/signin", creds).await;
    assert_eq!(refused, (401, ErrorCode::WrongCredentials));
    two.post_ok(
        "/api/signin",
        json!({"username": "alice", "password": "battery staple"}),
    )
    .await;
    // Guests have no password to change.
    let (s, _) = server
        .guest()
        .await
        .post_refused(
            "/api/password",
            json!({"password": "x", "new_password": "battery staple"}),
        )
        .await;
    assert_eq!(s, 403, "guests have no password");
}

#[tokio::test]
async fn nobody_elsewhere_can_lock_a_user_out() {
    let _serial = SERIAL.lock().await;
    let server = TestServer::start(Backend::sqlite()).await;
    let creds = json!({"username": "alice", "password": "correct horse"});
    server.client().post_ok("/api/signup", creds.clone()).await;
    // Another address (127.0.0.2 reaches the loopback server too).
    let attacker = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .expect("client");
    let wrong = json!({"username": "alice", "password": "wrong horse"});
    let mut statuses = Vec::new();
    for _ in 0..7 {
        let resp = attacker
            .post(format!("{}/api/signin", server.base))
            .json(&wrong)
            .send()
            .await
            .expect("request");
        statuses.push(resp.status().as_u16());
    }
    assert_eq!(statuses[..5], [401; 5]);
    assert_eq!(statuses[5..], [429; 2], "the attacker is locked out");
    // Alice, from her own address, is not.
    server.client().post_ok("/api/signin", creds).await;
}

// ---- 4. Per-connection limits ----

#[tokio::test]
async fn a_flooding_socket_is_told_so_and_closed() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.messages_per_second = 5).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b).await;
    let mut ws = raw_socket(&a, &format!("/api/games/{id}/ws"))
        .await
        .unwrap();
    for _ in 0..100 {
        if ws
            .send(Message::Text(r#"{"type": "ping"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let seen = until_closed(&mut ws, Duration::from_secs(10)).await;
    let pongs = seen.iter().filter(|m| m["type"] == "pong").count();
    assert!(has_error(&seen, ErrorCode::Flood), "{seen:?}");
    assert!((5..=15).contains(&pongs), "{pongs} pongs before the close");
    // The lobby too.
    let mut lobby = raw_socket(&a, "/api/lobby/ws").await.unwrap();
    for _ in 0..100 {
        if lobby
            .send(Message::Text(r#"{"type": "ping"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let seen = until_closed(&mut lobby, Duration::from_secs(10)).await;
    assert!(has_error(&seen, ErrorCode::Flood), "{seen:?}");
}

#[tokio::test]
async fn sync_requests_are_rate_limited() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.syncs_per_minute = 4).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b).await;
    let mut ws = a.ws(&id, None).await;
    ws.first_state().await;
    ws.send(json!({"type": "sync", "id": 1})).await;
    let answer = ws.message().await;
    assert!(!matches!(answer, ServerMessage::Error { .. }), "{answer:?}");
    let error = ws.refusal(json!({"type": "sync"})).await;
    assert_eq!(error.code, ErrorCode::TooMany);
    assert_eq!(error.params.get("what").map(String::as_str), Some("syncs"));
    assert!(error.params.contains_key("n"), "{error:?}");
    // Other messages still pass.
    ws.send(json!({"type": "ping"})).await;
    assert_eq!(ws.message().await, ServerMessage::Pong);
}

#[tokio::test]
async fn sockets_per_address_are_capped() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| {
        c.limits.sockets_per_address = 3;
        c.limits.lobby_sockets_per_address = 2;
    })
    .await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b).await;
    let path = format!("/api/games/{id}/ws");
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(raw_socket(&a, &path).await.expect("within the cap"));
    }
    assert_eq!(raw_socket(&b, &path).await.err(), Some(429));
    // A closed socket frees its place.
    let mut first = open.remove(0);
    first.close(None).await.ok();
    drop(first);
    let again = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let Ok(ws) = raw_socket(&b, &path).await {
                return ws;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(again.is_ok(), "a place came free");
    let _l1 = raw_socket(&a, "/api/lobby/ws").await.unwrap();
    let _l2 = raw_socket(&a, "/api/lobby/ws").await.unwrap();
    assert_eq!(raw_socket(&a, "/api/lobby/ws").await.err(), Some(429));
}

#[tokio::test]
async fn idle_sockets_are_closed() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.socket_idle = Duration::from_secs(1)).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b).await;
    let started = Instant::now();
    let mut ws = raw_socket(&a, &format!("/api/games/{id}/ws"))
        .await
        .unwrap();
    let seen = until_closed(&mut ws, Duration::from_secs(5)).await;
    assert!(has_error(&seen, ErrorCode::Idle), "{seen:?}");
    assert!(started.elapsed() >= Duration::from_millis(900));
    let mut lobby = raw_socket(&a, "/api/lobby/ws").await.unwrap();
    let seen = until_closed(&mut lobby, Duration::from_secs(5)).await;
    assert!(has_error(&seen, ErrorCode::Idle), "{seen:?}");
}

#[tokio::test]
async fn half_sent_requests_are_dropped_within_seconds() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| {
        c.limits.header_read_timeout = Duration::from_secs(1);
        c.limits.body_read_timeout = Duration::from_secs(1);
    })
    .await;
    let addr = server.base.trim_start_matches("http://").to_owned();
    // Headers that never end.
    let started = Instant::now();
    let mut tcp = TcpStream::connect(&addr).await.expect("connect");
    tcp.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), tcp.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the connection was dropped");
    assert!(started.elapsed() < Duration::from_secs(4));
    // A body that never ends.
    let started = Instant::now();
    let mut tcp = TcpStream::connect(&addr).await.expect("connect");
    tcp.write_all(
        b"POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"record\"",
    )
    .await
    .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), tcp.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the request was dropped");
    assert!(started.elapsed() < Duration::from_secs(4));
    let text = String::from_utf8_lossy(&buf);
    assert!(text.is_empty() || text.starts_with("HTTP/1.1 4"), "{text}");
}

// ---- 5. Unbounded growth ----

#[tokio::test]
async fn open_seeks_per_user_are_capped() {
    let _serial = SERIAL.lock().await;
    let server = TestServer::start(Backend::sqlite()).await;
    let mut g = server.guest().await;
    for _ in 0..5 {
        g.open_seek("loa").await;
    }
    // The cap on open seeks per person (its refusal, made in
    // `limits::StoreCaps::games`, has the catch-all code of caps).
    let refused = g
        .post_refused(
            "/api/games",
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(refused, (429, ErrorCode::CapReached));
    // Someone else may still seek.
    server.guest().await.open_seek("loa").await;
}

#[tokio::test]
async fn takeback_requests_are_limited() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.takebacks_per_minute = 2).await;
    let mut g = server.guest().await;
    let created = g.create(computer_game("random")).await;
    let id = created.game.id.to_string();
    let mut ws = g.ws(&id, None).await;
    ws.first_state().await;
    for _ in 0..2 {
        let answer = ws.ask(json!({"type": "takeback-request"})).await;
        if let ServerMessage::Error { code, .. } = answer {
            assert_ne!(code, ErrorCode::TooMany, "{answer:?}");
        }
    }
    let error = ws.refusal(json!({"type": "takeback-request"})).await;
    assert_eq!(error.code, ErrorCode::TooMany);
    assert_eq!(
        error.params.get("what").map(String::as_str),
        Some("takebacks")
    );
}

// ---- 3. The computer's games ----

#[tokio::test]
async fn a_fourth_computer_game_is_refused() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.computer_games_per_address = 4).await;
    let mut g = server.guest().await;
    for _ in 0..3 {
        g.create(computer_game("easy")).await;
    }
    // The caps on games against the computer, per person and per address
    // (refusals made in `limits::StoreCaps::games`, with the catch-all
    // code of caps: the counts tell which was met).
    let refused = g.post_refused("/api/games", computer_game("easy")).await;
    assert_eq!(refused, (429, ErrorCode::CapReached), "the person's cap");
    // Another user from the same address meets the address's cap.
    let mut h = server.guest().await;
    h.create(computer_game("easy")).await;
    let refused = h.post_refused("/api/games", computer_game("easy")).await;
    assert_eq!(refused, (429, ErrorCode::CapReached), "the address's cap");
}

#[tokio::test]
async fn the_computer_is_charged_only_for_its_thinking_not_its_wait() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.ai_workers = 1).await;
    // One guest keeps the deep lane's only worker busy: the computer
    // thinks its first move at `max` (2-3 s).
    let mut hog = server.guest().await;
    let mut busy = computer_game("max");
    busy["side"] = json!("second");
    hog.create(busy).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Another player's computer, at `hard` (the same lane) on a clock,
    // moves first and waits for the worker.
    let mut player = server.guest().await;
    let started = Instant::now();
    let created = player
        .create(
            json!({"game": "loa", "clock": {"type": "realtime", "initial_ms": 600_000,
            "increment_ms": 0}, "side": "second",
            "opponent": {"type": "computer", "level": "hard"}}),
        )
        .await;
    let mut ws = player.ws(created.game.id.as_ref(), None).await;
    let first = ws.event(|e| matches!(e.body, EventBody::Move { .. })).await;
    let elapsed = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let EventBody::Move { clocks, .. } = first.body else {
        unreachable!()
    };
    let charged = 600_000 - clocks.expect("a timed game").ms[0];
    // The seconds in the queue are given back: only the thinking is
    // charged, well under the time from the game's start to the move.
    assert!(
        charged + 500 < elapsed,
        "{charged} ms charged of the {elapsed} ms until the move"
    );
}

// ---- 2. Lobby amplification ----

#[tokio::test]
async fn the_lobby_is_computed_once_per_change_for_all_sockets() {
    let _serial = SERIAL.lock().await;
    const SOCKETS: usize = 60;
    const CHURN: usize = 10;
    let server = server_with(|c| c.limits.lobby_sockets_per_address = 1_000).await;
    let watcher = server.client();
    let mut sockets = Vec::new();
    for _ in 0..SOCKETS {
        let mut ws = raw_socket(&watcher, "/api/lobby/ws").await.unwrap();
        let first = ws.next().await.expect("a lobby").expect("a lobby");
        assert!(matches!(first, Message::Text(_)));
        sockets.push(ws);
    }
    let before = server_queries(&server);
    let mut g = server.guest().await;
    for _ in 0..CHURN {
        let id = g.open_seek("loa").await;
        g.send(reqwest::Method::DELETE, &format!("/api/games/{id}"), None)
            .await;
    }
    // Every socket ends up with the empty lobby.
    for ws in &mut sockets {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
                .await
                .expect("the last lobby within 10 s")
                .expect("open")
                .expect("message");
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["seeks"].as_array().is_some_and(Vec::is_empty) {
                    break;
                }
            }
        }
    }
    let queries = server_queries(&server) - before;
    let changes = 2 * CHURN as u64;
    assert!(
        queries <= changes,
        "{queries} lobby queries for {changes} changes and {SOCKETS} sockets"
    );
}

#[tokio::test]
async fn lobby_changes_that_come_together_are_sent_together() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.lobby_interval = Duration::from_secs(1)).await;
    let mut ws = raw_socket(&server.client(), "/api/lobby/ws").await.unwrap();
    ws.next().await.expect("a lobby").expect("a lobby");
    let before = server_queries(&server);
    let started = Instant::now();
    let mut g = server.guest().await;
    for _ in 0..5 {
        let id = g.open_seek("loa").await;
        g.send(reqwest::Method::DELETE, &format!("/api/games/{id}"), None)
            .await;
    }
    let mut messages = 0;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("the last lobby within 10 s")
            .expect("open")
            .expect("message");
        if let Message::Text(t) = m {
            messages += 1;
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["seeks"].as_array().is_some_and(Vec::is_empty) {
                break;
            }
        }
    }
    // Ten changes within about a second: a message at once, then one a
    // second at most.
    let seconds = started.elapsed().as_secs();
    let queries = server_queries(&server) - before;
    assert!(
        queries <= seconds + 2,
        "{queries} lobby messages in {seconds} s"
    );
    assert!(messages <= queries, "{messages} messages");
}

#[tokio::test]
async fn seeks_a_minute_are_limited() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.seeks_per_minute = 3).await;
    let mut g = server.guest().await;
    for _ in 0..3 {
        let id = g.open_seek("loa").await;
        g.send(reqwest::Method::DELETE, &format!("/api/games/{id}"), None)
            .await;
    }
    let seek = json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}});
    let refused = g.post_refusal("/api/games", seek).await;
    assert_eq!(rate(&refused), (429, ErrorCode::TooMany, Some("seeks")));
}

#[tokio::test]
async fn computer_games_sent_at_once_still_meet_the_cap() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|_| {}).await;
    let g = server.guest().await;
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let mut g = g.clone();
            tokio::spawn(async move { g.post("/api/games", computer_game("random")).await.0 })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        if task.await.expect("a request") == 200 {
            created += 1;
        }
    }
    assert_eq!(created, 3, "the per-user cap of 3");
}

fn server_queries(server: &TestServer) -> u64 {
    server.server().app().lobby.queries()
}

// ---- 1. Imports ----

#[tokio::test]
async fn imports_are_rate_limited_per_address() {
    let _serial = SERIAL.lock().await;
    let server = server_with(|c| c.limits.imports_per_minute = 5).await;
    let mut c = server.client();
    let body = json!({"record": "[Game \"loa\"]\n\n*"});
    for _ in 0..5 {
        c.post_ok("/api/import", body.clone()).await;
    }
    let refused = c.post_refusal("/api/import", body).await;
    assert_eq!(rate(&refused), (429, ErrorCode::TooMany, Some("imports")));
}

/// The resident set of this process (the test and its server), in bytes.
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("resident pages");
    pages * 4096
}

/// A distinct 64-position Linear Pursuit board for each `i`.
fn board(i: usize) -> String {
    let mut text = String::from("64");
    for bit in 0..16 {
        if i & (1 << bit) != 0 {
            text.push_str(&format!(" {bit}-{}", bit + 32));
        }
    }
    text.push_str(" 20-50");
    text
}

#[tokio::test]
async fn distinct_board_imports_leave_memory_bounded() {
    let _serial = SERIAL.lock().await;
    const IMPORTS: usize = 3_000;
    let server = server_with(|c| {
        c.limits.imports_per_minute = 100_000;
        c.limits.pursuit_boards = 50;
    })
    .await;
    let mut c = server.client();
    let import = |i: usize| json!({"record": format!("[Game \"pursuit\"]\n[Option \"board={}\"]\n\n*", board(i))});
    // Warm up (allocator, connections), then measure.
    for i in 0..20 {
        c.post("/api/import", import(i)).await;
    }
    let before = rss();
    let mut refused = 0;
    for i in 20..IMPORTS {
        let (s, _) = c.post("/api/import", import(i)).await;
        if s != 200 {
            refused += 1;
        }
    }
    let grown = rss().saturating_sub(before);
    eprintln!(
        "RSS after {IMPORTS} distinct-board imports: {} MB (+{} MB), {refused} refused",
        rss() / 1_000_000,
        grown / 1_000_000
    );
    assert!(refused > 0, "boards past the limit are refused");
    assert!(grown < 40_000_000, "RSS grew by {grown} bytes");
}
