//! Live fan-out between server processes sharing one `PostgreSQL` (the
//! `PostgreSQL` bus): watchers connected to one process see what is played
//! through another, in order and rendered exactly as in-process; lobbies
//! follow seeks made elsewhere; a lost listener connection is made good.
//! (On `SQLite` the in-process bus is covered by every other test.)
//! Messages are read into the server's view types.

use crate::common;

use common::{
    bare_client, challenge, first_move, small_loa, untimed, Backend, Client, EventBody, EventView,
    LobbyView, ServerMessage, TestServer, Ws,
};
use gamut_core::Player;
use gamut_protocol::status::GameStatus;
use serde_json::json;

/// A second server process on the same database; it and its base URL.
async fn another_process(one: &TestServer) -> (gamut_server::Server, String) {
    let two = gamut_server::Server::start(one.backend.config())
        .await
        .expect("second server");
    let base = format!("http://{}", two.addr());
    (two, base)
}

/// `client`'s session, talking to the server at `base`.
fn same_session_on(client: &Client, base: &str) -> Client {
    let mut other = bare_client();
    other.rebase(base);
    other.cookie = client.cookie.clone();
    other
}

/// Opens the game's WebSocket and reads its first message, a full state;
/// returns the socket and the state's version.
async fn watch(client: &Client, id: &str) -> (Ws, i64) {
    let mut ws = client.ws(id, None).await;
    let version = ws.first_state().await.version;
    (ws, version)
}

/// Reads single events from `ws` into `log` until `version` has come;
/// anything else (a catch-up after a gap, an error) fails the test.
async fn events_until(ws: &mut Ws, version: i64, log: &mut Vec<EventView>) {
    while log.last().is_none_or(|e| e.version < version) {
        match ws.message().await {
            ServerMessage::Event { event } => log.push(event),
            other => panic!("expected single events, got {other:?}"),
        }
    }
}

/// The versions of the events in `log`.
fn versions(log: &[EventView]) -> Vec<i64> {
    log.iter().map(|e| e.version).collect()
}

/// The lobby as its socket sends it.
async fn lobby_message(ws: &mut Ws) -> LobbyView {
    match ws.message().await {
        ServerMessage::Lobby(view) => view,
        other => panic!("expected the lobby, got {other:?}"),
    }
}

/// A 6x6 Lines of Action game between two guests on the first process,
/// watched by a spectator connected to a second process.
struct WatchedElsewhere {
    one: TestServer,
    two: gamut_server::Server,
    two_base: String,
    a: Client,
    b: Client,
    id: String,
    spectator: Ws,
    /// The game's version when the spectator connected.
    start: i64,
    /// The players' sockets, on the first process.
    sockets: [Ws; 2],
}

async fn watched_elsewhere(backend: Backend) -> WatchedElsewhere {
    let one = TestServer::start(backend).await;
    let (two, two_base) = another_process(&one).await;
    let (mut a, mut b) = one.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let mut watcher = one.guest().await;
    watcher.rebase(&two_base);
    let (spectator, start) = watch(&watcher, &id).await;
    let sockets = [watch(&a, &id).await.0, watch(&b, &id).await.0];
    WatchedElsewhere {
        one,
        two,
        two_base,
        a,
        b,
        id,
        spectator,
        start,
        sockets,
    }
}

async fn spectator_elsewhere(backend: Backend) {
    let WatchedElsewhere {
        two,
        mut a,
        mut b,
        id,
        mut spectator,
        start,
        sockets: [mut wa, mut wb],
        ..
    } = watched_elsewhere(backend).await;
    // Both players play through the first process.
    let mut acked = Vec::new();
    for ply in 0..6 {
        let (player, ws) = if ply % 2 == 0 {
            (&mut a, &mut wa)
        } else {
            (&mut b, &mut wb)
        };
        let state = player.view(&id).await;
        acked.push(ws.play(first_move(&state)).await);
    }
    let mut seen = Vec::new();
    events_until(&mut spectator, *acked.last().expect("moves"), &mut seen).await;
    assert_eq!(versions(&seen), acked);
    assert_eq!(acked, (start + 1..=start + 6).collect::<Vec<_>>());
    let final_state = a.view(&id).await;
    for (i, event) in seen.iter().enumerate() {
        let EventBody::Move { ply, mv, .. } = &event.body else {
            panic!("a move: {event:?}");
        };
        assert_eq!((*ply, mv), (i + 1, &final_state.moves[i]), "{event:?}");
    }
    assert_eq!(seen[5].body.position(), Some(final_state.position.as_str()));
    two.stop();
}

test_on_postgres!(
    a_spectator_on_another_process_sees_every_move_in_order,
    spectator_elsewhere
);

async fn same_rendering(backend: Backend) {
    let one = TestServer::start(backend).await;
    let (two, two_base) = another_process(&one).await;
    let (mut a, mut b) = one.two_guests().await;
    let watcher = one.guest().await;
    let options = json!({"half-length": "2", "placement": "simultaneous"});
    let id = challenge(&mut a, &mut b, "football", options, untimed(), false).await;
    // The first side plays through the first process, the second through
    // the second; every viewer watches through both.
    b.rebase(&two_base);
    let mut observers = Vec::new();
    for viewer in [&a, &b, &watcher] {
        let mut pair = Vec::new();
        for base in [&one.base, &two_base] {
            let (ws, _) = watch(&same_session_on(viewer, base), &id).await;
            pair.push((ws, Vec::new()));
        }
        observers.push(pair);
    }
    let mut sockets = [watch(&a, &id).await.0, watch(&b, &id).await.0];
    let mut saw_hidden = false;
    let mut after_reveal = 0;
    while after_reveal < 3 {
        let views = [a.view(&id).await, b.view(&id).await];
        assert_eq!(views[0].status, GameStatus::Live, "{:?}", views[0]);
        let version = if views[0].hidden.is_none() {
            if saw_hidden {
                after_reveal += 1;
            }
            let side = views[0].to_move.expect("to move").index();
            sockets[side].play(first_move(&views[side])).await
        } else {
            saw_hidden = true;
            let placing = |s: usize| views[s].hidden.as_ref().filter(|h| !h.done[s]);
            let side = (0..2)
                .find(|&s| placing(s).is_some())
                .expect("a side still placing");
            let mv = placing(side)
                .and_then(|h| h.legal.first())
                .expect("placement");
            sockets[side].play(mv).await
        };
        for pair in &mut observers {
            for (ws, log) in pair.iter_mut() {
                events_until(ws, version, log).await;
            }
        }
    }
    assert!(saw_hidden, "no hidden placement phase");
    // Each viewer received the very same events on both processes.
    for pair in &observers {
        assert_eq!(pair[0].1, pair[1].1);
    }
    // Rendered for each viewer: a side sees its own placements only.
    let hidden_of_first = |log: &Vec<EventView>| -> Vec<bool> {
        log.iter()
            .filter_map(|e| match &e.body {
                EventBody::HiddenPlacement {
                    side: Player::First,
                    mv,
                    ..
                } => Some(mv.is_some()),
                _ => None,
            })
            .collect()
    };
    let [first, second, spectator] = [0, 1, 2].map(|i| hidden_of_first(&observers[i][0].1));
    assert!(!first.is_empty() && first.iter().all(|&shown| shown));
    assert!(second.len() == first.len() && second.iter().all(|&shown| !shown));
    assert!(spectator.len() == first.len() && spectator.iter().all(|&shown| !shown));
    two.stop();
}

test_on_postgres!(
    every_viewer_gets_the_same_events_on_every_process,
    same_rendering
);

async fn lobby_elsewhere(backend: Backend) {
    let one = TestServer::start(backend).await;
    let (two, two_base) = another_process(&one).await;
    let (mut a, mut b) = one.two_guests().await;
    let mut lobby_client = bare_client();
    lobby_client.rebase(&two_base);
    let mut lobby = lobby_client.socket("/api/lobby/ws").await;
    let empty = json!({"type": "lobby", "seeks": [], "live": []});
    assert_eq!(lobby.next().await, empty);
    // A seek made through the first process shows in the second's lobby.
    let id = a.open_seek("loa").await;
    let update = lobby_message(&mut lobby).await;
    assert_eq!(update.seeks[0].id.as_str(), id, "{update:?}");
    // Taken there too: it moves to the live games.
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let update = loop {
        let update = lobby_message(&mut lobby).await;
        if update.seeks.is_empty() {
            break update;
        }
    };
    assert_eq!(update.live[0].id.as_str(), id, "{update:?}");
    two.stop();
}

test_on_postgres!(the_lobby_of_another_process_follows_seeks, lobby_elsewhere);

async fn listener_lost(backend: Backend) {
    let WatchedElsewhere {
        one,
        two,
        mut a,
        mut b,
        id,
        mut spectator,
        start,
        sockets: [mut wa, mut wb],
        ..
    } = watched_elsewhere(backend).await;
    let mut seen = Vec::new();
    let state = a.view(&id).await;
    let v1 = wa.play(first_move(&state)).await;
    events_until(&mut spectator, v1, &mut seen).await;
    // Both processes lose their listening connections; a move made at once
    // (its notice is lost: nobody listens) reaches the spectator when the
    // second process has reconnected and caught up; later ones as usual.
    use sqlx::Connection;
    let url = one.backend.database_url().expect("PostgreSQL");
    let mut admin = sqlx::PgConnection::connect(&url).await.expect("connect");
    let cut: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid() \
         AND query LIKE 'LISTEN %'",
    )
    .fetch_all(&mut admin)
    .await
    .expect("terminate listeners");
    assert_eq!(cut.len(), 2, "one listener per process");
    let state = b.view(&id).await;
    let v2 = wb.play(first_move(&state)).await;
    events_until(&mut spectator, v2, &mut seen).await;
    let state = a.view(&id).await;
    let v3 = wa.play(first_move(&state)).await;
    events_until(&mut spectator, v3, &mut seen).await;
    assert_eq!(versions(&seen), vec![v1, v2, v3]);
    assert_eq!(v3, start + 3);
    two.stop();
}

test_on_postgres!(
    watchers_catch_up_after_the_listener_reconnects,
    listener_lost
);

async fn bad_notices(backend: Backend) {
    let WatchedElsewhere {
        one,
        two,
        two_base,
        mut a,
        id,
        mut spectator,
        start,
        ..
    } = watched_elsewhere(backend).await;
    let mut lobby_client = bare_client();
    lobby_client.rebase(&two_base);
    let mut lobby = lobby_client.socket("/api/lobby/ws").await;
    lobby_message(&mut lobby).await;
    // Notices that are not ours, malformed, about unknown games or
    // versions never stored: ignored (and logged), nothing is sent.
    use sqlx::Connection;
    let url = one.backend.database_url().expect("PostgreSQL");
    let mut admin = sqlx::PgConnection::connect(&url).await.expect("connect");
    let long = "x".repeat(7000);
    let bad = [
        "",
        "garbage",
        "{}",
        r#"{"kind":"game","from":"elsewhere","game":"../etc","version":2}"#,
        r#"{"kind":"game","from":"elsewhere","game":"nosuchgame","version":2}"#,
        r#"{"kind":"game","from":"elsewhere","version":2}"#,
        r#"{"kind":"lobby"}"#,
        long.as_str(),
    ];
    let future = format!(r#"{{"kind":"game","from":"elsewhere","game":"{id}","version":999}}"#);
    for payload in bad.iter().copied().chain([future.as_str()]) {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind("gamut_events")
            .bind(payload)
            .execute(&mut admin)
            .await
            .expect("notify");
    }
    // Both processes still work: the next message of each socket is the
    // next real change.
    let (mut wa, _) = watch(&a, &id).await;
    let state = a.view(&id).await;
    let v1 = wa.play(first_move(&state)).await;
    let mut seen = Vec::new();
    events_until(&mut spectator, v1, &mut seen).await;
    assert_eq!(versions(&seen), vec![start + 1]);
    let seek = a.open_seek("loa").await;
    let update = lobby_message(&mut lobby).await;
    assert_eq!(update.seeks[0].id.as_str(), seek, "{update:?}");
    two.stop();
}

test_on_postgres!(bad_notifications_are_ignored, bad_notices);
