//! The abuse suite for the surfaces added after the first hardening
//! (issue 21): bots, open games and challenges, custom boards, position
//! requests, name look-ups, lesson progress, puzzles, sockets that outlive their session, and caps that hold across
//! processes sharing one `PostgreSQL`. Fair play is in `analysis.rs`, the
//! worker pools in `fair_pools.rs`, the trusted proxy in `proxy.rs`.
//!
//! Requests carry `X-Forwarded-For` to a server that trusts loopback as its
//! proxy, so each client has the address the case needs.

use crate::common;

use common::{code_of, Backend, Client, ErrorCode, RawSocket, TestServer};
use futures_util::StreamExt;
use gamut_server::ServerConfig;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A server on `backend` that trusts loopback as its proxy.
async fn server_on(backend: Backend, configure: impl FnOnce(&mut ServerConfig)) -> TestServer {
    TestServer::start_with(backend, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        configure(c);
    })
    .await
}

/// A client of `base` from `addr`.
fn client_from(base: &str, addr: &str) -> Client {
    let mut c = common::bare_client();
    c.rebase(base);
    c.forwarded_for = Some(addr.to_owned());
    c
}

/// A guest of `base` from `addr`.
async fn guest_from(base: &str, addr: &str) -> Client {
    let mut c = client_from(base, addr);
    c.post_ok("/api/guest", json!({})).await;
    c
}

/// A registered user `name` of `base` from `addr`.
async fn registered_from(base: &str, addr: &str, name: &str) -> Client {
    let mut c = client_from(base, addr);
    c.post_ok(
        "/api/signup",
        json!({"username": name, "password": "correct horse"}),
    )
    .await;
    c
}

/// A private challenge (no name): anyone with the link may join.
fn private_challenge() -> Value {
    json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "challenge"}})
}

/// Of `n` requests made with `make`, how many were answered 200 and how
/// many 429 (any other status fails the test).
async fn tally(n: usize, mut make: impl AsyncFnMut(usize) -> (u16, Value)) -> (usize, usize) {
    let (mut ok, mut refused) = (0, 0);
    for i in 0..n {
        match make(i).await {
            (200, _) => ok += 1,
            (429, _) => refused += 1,
            (status, body) => panic!("request {i}: {status} {body}"),
        }
    }
    (ok, refused)
}

#[tokio::test]
async fn open_games_are_capped_per_person_per_address_and_in_all() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.open_games_per_user = 5;
        c.limits.open_games_per_address = 8;
        c.limits.open_games = 12;
    })
    .await;
    let base = server.base.clone();
    let mut one = guest_from(&base, "10.1.0.1").await;
    let (ok, refused) = tally(7, async |_| {
        one.post("/api/games", private_challenge()).await
    })
    .await;
    assert_eq!((ok, refused), (5, 2), "per person");
    let mut other = guest_from(&base, "10.1.0.1").await;
    let (ok, refused) = tally(5, async |_| {
        other.post("/api/games", private_challenge()).await
    })
    .await;
    assert_eq!((ok, refused), (3, 2), "per address: 8 from 10.1.0.1");
    let mut elsewhere = guest_from(&base, "10.1.0.2").await;
    let mut made = Vec::new();
    let (ok, refused) = tally(6, async |_| {
        let (status, body) = elsewhere.post("/api/games", private_challenge()).await;
        if status == 200 {
            made.push(body["game"]["id"].as_str().unwrap().to_owned());
        }
        (status, body)
    })
    .await;
    assert_eq!((ok, refused), (4, 2), "in all: 12");
    // The caps' refusals (made in `limits::StoreCaps::games`) have the
    // catch-all code of caps: the counts above tell which cap was met.
    let (status, body) = elsewhere.post("/api/games", private_challenge()).await;
    assert_eq!((status, code_of(&body)), (429, Some(ErrorCode::CapReached)));
    // Taking a seat counts too: a guest of the full address cannot join.
    let mut third = guest_from(&base, "10.1.0.1").await;
    let (status, body) = third
        .post(&format!("/api/games/{}/join", made[0]), json!({}))
        .await;
    assert_eq!(
        (status, code_of(&body)),
        (429, Some(ErrorCode::CapReached)),
        "{body}"
    );
    let mut fourth = guest_from(&base, "10.1.0.3").await;
    let (status, body) = fourth
        .post(&format!("/api/games/{}/join", made[0]), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn challenges_waiting_for_one_person_are_capped() {
    let server = server_on(Backend::sqlite(), |c| c.limits.challenges_per_invitee = 3).await;
    let base = server.base.clone();
    let _bob = registered_from(&base, "10.2.0.9", "bob").await;
    let mut sent = 0;
    let mut refused = 0;
    for i in 0..6 {
        // Rotating guests on one address: the cap is the invitee's.
        let mut g = guest_from(&base, &format!("10.2.0.{}", i + 1)).await;
        let body = json!({"game": "loa", "clock": {"type": "untimed"},
                          "opponent": {"type": "challenge", "user": "bob"}});
        match g.post("/api/games", body).await {
            (200, _) => sent += 1,
            (429, v) => {
                // The invitee's cap (`limits::StoreCaps::games`): the
                // catch-all code of caps.
                assert_eq!(code_of(&v), Some(ErrorCode::CapReached), "{v}");
                refused += 1;
            }
            (s, v) => panic!("{s} {v}"),
        }
    }
    assert_eq!((sent, refused), (3, 3));
}

#[tokio::test]
async fn bots_are_capped_over_time_and_kept_out_of_tournaments() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.bots_per_day = 3;
        c.limits.bots_per_address_per_day = 4;
    })
    .await;
    let base = server.base.clone();
    let mut owner = registered_from(&base, "10.3.0.1", "owner").await;
    // Made and revoked at once, over and over: revoked bots still count.
    for i in 0..3 {
        let made = owner
            .post_ok("/api/bots", json!({"name": format!("robo{i}")}))
            .await;
        let token = made["token"].as_str().unwrap().to_owned();
        if i == 0 {
            // A bot takes no part in tournaments.
            let mut bot = client_from(&base, "10.3.0.1");
            bot.bearer = Some(token);
            let body = json!({"game": "loa", "options": {"size": "6"},
                "clock": {"type": "realtime", "initial_ms": 300_000, "increment_ms": 0},
                "duration_ms": 600_000});
            let (status, _) = bot.post("/api/tournaments", body.clone()).await;
            assert_eq!(status, 403, "a bot creates no tournament");
            let t = owner.post_ok("/api/tournaments", body).await;
            let id = t["tournament"]["id"].as_str().unwrap().to_owned();
            let (status, _) = bot
                .post(&format!("/api/tournaments/{id}/join"), json!({}))
                .await;
            assert_eq!(status, 403, "a bot joins no tournament");
        }
        let (status, _) = owner
            .send(reqwest::Method::DELETE, &format!("/api/bots/robo{i}"), None)
            .await;
        assert_eq!(status, 200);
    }
    let (status, body) = owner.post("/api/bots", json!({"name": "robo9"})).await;
    assert_eq!(status, 429, "{body}");
    let error = common::decode::<common::ErrorView>(&body);
    assert_eq!(
        (error.code, error.params),
        (ErrorCode::BotsToday, common::params(&[("n", "3")]))
    );
    let listed = owner.get_ok("/api/bots").await;
    assert_eq!(listed["bots"].as_array().unwrap().len(), 0);
    // Another owner on the same address: the address's cap.
    let mut second = registered_from(&base, "10.3.0.1", "second").await;
    assert_eq!(
        second.post("/api/bots", json!({"name": "sbot1"})).await.0,
        200
    );
    let (status, body) = second.post("/api/bots", json!({"name": "sbot2"})).await;
    assert_eq!(status, 429, "{body}");
    let error = common::decode::<common::ErrorView>(&body);
    assert_eq!(
        (error.code, error.params),
        (ErrorCode::BotsFromAddress, common::params(&[("n", "4")]))
    );
}

#[tokio::test]
async fn position_requests_and_new_boards_are_bounded_per_address() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.positions_per_minute = 30;
        c.limits.new_boards_per_hour = 3;
    })
    .await;
    let base = server.base.clone();
    let mut anon = client_from(&base, "10.4.0.1");
    let start = json!({"game": "loa"});
    let (ok, refused) = tally(100, async |_| {
        anon.post("/api/positions", start.clone()).await
    })
    .await;
    assert_eq!(
        (ok, refused),
        (30, 70),
        "100 position requests from one address"
    );
    // New boards: each request brings a board no game uses yet.
    // A distinct 64-position board for each n.
    let board = |n: usize| {
        let mut text = String::from("64");
        for bit in 0..16 {
            if (n + 1) & (1 << bit) != 0 {
                text.push_str(&format!(" {bit}-{}", bit + 32));
            }
        }
        json!({"game": "pursuit", "options": {"board": text}})
    };
    let mut visitor = client_from(&base, "10.4.0.2");
    let mut answers = Vec::new();
    for n in 0..6 {
        let (status, body) = visitor.post("/api/positions", board(n)).await;
        answers.push(status);
        if status != 200 && status != 429 {
            panic!("board {n}: {status} {body}");
        }
    }
    assert_eq!(
        answers,
        [200, 200, 200, 429, 429, 429],
        "new boards from one address"
    );
    // A board already in use costs nothing, and another address may
    // still bring a new one.
    assert_eq!(visitor.post("/api/positions", board(0)).await.0, 200);
    let mut elsewhere = client_from(&base, "10.4.0.3");
    assert_eq!(elsewhere.post("/api/positions", board(5)).await.0, 200);
}

/// Opens the push socket at `path` as `client`.
#[tokio::test]
async fn name_look_ups_are_bounded_per_address_and_in_all() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.user_searches_per_minute = 3;
        c.limits.user_searches_per_minute_in_all = 5;
    })
    .await;
    let look_up = async |client: &mut Client| {
        let (status, body) = client.get("/api/users?prefix=al").await;
        (status, body)
    };
    let mut one = client_from(&server.base, "10.4.0.1");
    let (ok, refused) = tally(4, async |_| look_up(&mut one).await).await;
    assert_eq!((ok, refused), (3, 1), "per address: 3");
    let mut two = client_from(&server.base, "10.4.0.2");
    let (ok, refused) = tally(3, async |_| look_up(&mut two).await).await;
    assert_eq!((ok, refused), (2, 1), "in all: 5");
    let mut three = client_from(&server.base, "10.4.0.3");
    let (status, body) = look_up(&mut three).await;
    assert_eq!((status, code_of(&body)), (429, Some(ErrorCode::TooMany)));
    assert_eq!(body["params"]["what"], "names", "{body}");
}

#[tokio::test]
async fn lesson_progress_is_bounded_per_person_per_address_and_in_all() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.lesson_requests_per_minute = 2;
        c.limits.lesson_requests_per_address_per_minute = 3;
        c.limits.lesson_requests_per_minute_in_all = 5;
    })
    .await;
    let save = async |client: &mut Client| {
        client
            .send(
                reqwest::Method::PUT,
                "/api/learn/progress/loa",
                Some(json!({"steps": [1, 2]})),
            )
            .await
    };
    let mut one = guest_from(&server.base, "10.5.0.1").await;
    let (ok, refused) = tally(3, async |_| save(&mut one).await).await;
    assert_eq!((ok, refused), (2, 1), "per person: 2");
    let mut other = guest_from(&server.base, "10.5.0.1").await;
    let (ok, refused) = tally(2, async |_| save(&mut other).await).await;
    assert_eq!(
        (ok, refused),
        (0, 2),
        "per address: 3 (the third refused per person)"
    );
    let mut two = guest_from(&server.base, "10.5.0.2").await;
    let (ok, refused) = tally(3, async |_| save(&mut two).await).await;
    assert_eq!((ok, refused), (2, 1), "in all: 5");
    let mut three = guest_from(&server.base, "10.5.0.3").await;
    let (status, body) = save(&mut three).await;
    assert_eq!((status, code_of(&body)), (429, Some(ErrorCode::TooMany)));
    assert_eq!(body["params"]["what"], "lessons", "{body}");
}

#[tokio::test]
async fn puzzle_requests_are_bounded_per_person_per_address_and_in_all() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.puzzle_requests_per_minute = 2;
        c.limits.puzzle_requests_per_address_per_minute = 3;
        c.limits.puzzle_requests_per_minute_in_all = 6;
    })
    .await;
    let next = async |client: &mut Client| client.get("/api/puzzles/loa/next").await;
    let mut one = registered_from(&server.base, "10.6.0.1", "puzzler").await;
    let (ok, refused) = tally(3, async |_| next(&mut one).await).await;
    assert_eq!((ok, refused), (2, 1), "per person: 2");
    // A visitor without a session from the same address: only the
    // address's rate is left (3, the refused one counted).
    let mut visitor = client_from(&server.base, "10.6.0.1");
    let (ok, refused) = tally(2, async |_| next(&mut visitor).await).await;
    assert_eq!((ok, refused), (0, 2), "per address: 3");
    let mut two = client_from(&server.base, "10.6.0.2");
    let (ok, refused) = tally(4, async |_| next(&mut two).await).await;
    assert_eq!((ok, refused), (3, 1), "per address again: 3");
    // Six counted in all: the first address's three and the second's three.
    let mut three = client_from(&server.base, "10.6.0.3");
    let (status, body) = next(&mut three).await;
    assert_eq!((status, code_of(&body)), (429, Some(ErrorCode::TooMany)));
    assert_eq!(body["params"]["what"], "puzzles", "{body}");
}

async fn push_socket(client: &Client, path: &str) -> RawSocket {
    common::raw_socket(client, path).await.expect("socket")
}

/// Reads until the socket closes: whether it said the session ended.
async fn closed_for_session(ws: &mut RawSocket) -> bool {
    let mut said = false;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("closed within 10 s");
        match next {
            Some(Ok(Message::Text(t))) => said |= t.contains(r#""code":"session_ended""#),
            Some(Ok(Message::Close(_)) | Err(_)) | None => return said,
            Some(Ok(_)) => {}
        }
    }
}

#[tokio::test]
async fn push_sockets_close_when_their_session_ends() {
    let server = server_on(Backend::sqlite(), |c| {
        c.limits.session_recheck = Duration::from_millis(200);
    })
    .await;
    let base = server.base.clone();
    let alice = registered_from(&base, "10.5.0.1", "alice").await;
    let paths = ["/api/me/ws", "/api/lobby/ws", "/api/analysis/ws"];
    let mut sockets = Vec::new();
    for path in paths {
        sockets.push(push_socket(&alice, path).await);
    }
    let mut out = alice.clone();
    out.post_ok("/api/signout", json!({})).await;
    for (ws, path) in sockets.iter_mut().zip(paths) {
        assert!(
            closed_for_session(ws).await,
            "{path} closed for the ended session"
        );
    }
    // A password change ends the other sessions' sockets too.
    let mut bob = registered_from(&base, "10.5.0.2", "bob").await;
    let other = {
        let mut c = client_from(&base, "10.5.0.2");
        c.post_ok(
            "/api/signin",
            json!({"username": "bob", "password": "correct horse"}),
        )
        .await;
        c
    };
    let mut ws = push_socket(&other, "/api/me/ws").await;
    bob.post_ok(
        "/api/password",
        json!({"password": "correct horse", "new_password": "battery staple"}),
    )
    .await;
    assert!(closed_for_session(&mut ws).await, "after a password change");
}

/// Two servers (processes) on one `PostgreSQL` database: caps counted in the
/// store hold for requests split between them.
#[tokio::test]
async fn caps_hold_across_processes_on_postgres() {
    let Some(backend) = Backend::postgres().await else {
        eprintln!("note: GAMUT_TEST_POSTGRES_URL is unset; skipping");
        return;
    };
    let mut config = backend.config();
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    config.limits.open_games_per_user = 4;
    config.limits.tournaments.players = 3;
    let second = gamut_server::Server::start(config.clone())
        .await
        .expect("second");
    let first = gamut_server::Server::start(config).await.expect("first");
    let bases = [
        format!("http://{}", first.addr()),
        format!("http://{}", second.addr()),
    ];
    for round in 0..5 {
        // One guest's creations sent at once, half to each process.
        let guest = guest_from(&bases[0], &format!("10.6.{round}.1")).await;
        let sends = (0..10).map(|i| {
            let mut c = guest.clone();
            c.rebase(&bases[i % 2]);
            async move { c.post("/api/games", private_challenge()).await.0 }
        });
        let answers = futures_util::future::join_all(sends).await;
        let ok = answers.iter().filter(|&&s| s == 200).count();
        assert_eq!(ok, 4, "round {round}: {answers:?}");
        // Five joins of a tournament capped at 3, split between processes.
        let mut creator = registered_from(
            &bases[0],
            &format!("10.6.{round}.2"),
            &format!("maker{round}"),
        )
        .await;
        let body = json!({"game": "loa", "options": {"size": "6"},
            "clock": {"type": "realtime", "initial_ms": 300_000, "increment_ms": 0},
            "duration_ms": 600_000, "start_in_ms": 600_000});
        let t = creator.post_ok("/api/tournaments", body).await;
        let id = t["tournament"]["id"].as_str().unwrap().to_owned();
        let mut players = Vec::new();
        for p in 0..5 {
            let base = &bases[p % 2];
            players.push(
                registered_from(
                    base,
                    &format!("10.6.{round}.{}", p + 10),
                    &format!("p{round}x{p}"),
                )
                .await,
            );
        }
        let joins = players.iter().map(|c| {
            let (mut c, path) = (c.clone(), format!("/api/tournaments/{id}/join"));
            async move { c.post(&path, json!({})).await.0 }
        });
        let answers = futures_util::future::join_all(joins).await;
        let joined = answers.iter().filter(|&&s| s == 200).count();
        assert_eq!(joined, 3, "round {round}: {answers:?}");
    }
    first.stop();
    second.stop();
}
