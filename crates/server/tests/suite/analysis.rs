//! The analysis board (issue 15): `POST /api/positions` and the analysis
//! socket `GET /api/analysis/ws` — a stream with a best line for each
//! game, three lines (multi-PV) when asked for, its bounds (session, time,
//! nodes, lines, one per user, per address, sockets per address, stop),
//! and a live game's players kept from any engine view of it (fair play).

use crate::common;

use common::{decode, params, small_loa, Backend, Client, ErrorCode, ErrorView, TestServer};
use futures_util::{SinkExt, StreamExt};
use gamut_protocol::analysis::{AnalysisMessage, PositionView};
use gamut_protocol::analysis::{Progress, ScoreView};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Stream = common::RawSocket;

/// The analysis socket of `client`, or the HTTP status refusing it.
async fn try_socket(client: &Client) -> Result<Stream, u16> {
    common::raw_socket(client, "/api/analysis/ws").await
}

async fn socket(client: &Client) -> Stream {
    try_socket(client).await.expect("analysis socket opens")
}

async fn send(ws: &mut Stream, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// The next message, read as the server's type (and written back the
/// same).
async fn next(ws: &mut Stream) -> AnalysisMessage {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(40), ws.next())
            .await
            .expect("a message within 40 s")
            .expect("socket open")
            .expect("message");
        if let Message::Text(t) = msg {
            return decode(&serde_json::from_str::<Value>(&t).unwrap());
        }
    }
}

/// Every progress message of analysis `id` up to its end.
async fn until_done(ws: &mut Stream, id: i64) -> Vec<Progress> {
    let mut all = Vec::new();
    loop {
        match next(ws).await {
            AnalysisMessage::Analysis {
                id: Some(n),
                progress,
            } if n == id => {
                let done = progress.done;
                all.push(progress);
                if done {
                    return all;
                }
            }
            AnalysisMessage::Error { error, .. } => panic!("refused: {error}"),
            _ => {}
        }
    }
}

/// The error answering analysis `id`: its code and params.
async fn refusal(ws: &mut Stream, id: i64) -> ErrorView {
    loop {
        match next(ws).await {
            AnalysisMessage::Error {
                id: Some(n),
                error,
                code,
                params,
            } if n == id => {
                return ErrorView {
                    error,
                    code,
                    params,
                }
            }
            AnalysisMessage::Analysis { id: Some(n), .. } if n == id => {
                panic!("analysis {id} was not refused")
            }
            _ => {}
        }
    }
}

/// Analyses each game's start for 600 ms with `lines` lines (ids 1, 2,
/// 3 in turn): each game with every progress message of its analysis.
async fn each_game(ws: &mut Stream, lines: u8) -> Vec<(&'static str, Vec<Progress>)> {
    let mut each = Vec::new();
    for (i, game) in ["loa", "pursuit", "football"].into_iter().enumerate() {
        let id = i as i64 + 1;
        send(
            ws,
            json!({"type": "analyse", "id": id, "game": game, "time_ms": 600, "lines": lines}),
        )
        .await;
        each.push((game, until_done(ws, id).await));
    }
    each
}

#[tokio::test]
async fn each_game_streams_a_best_line_and_a_score() {
    let server = TestServer::start(Backend::sqlite()).await;
    let guest = server.guest().await;
    let mut ws = socket(&guest).await;
    for (game, all) in each_game(&mut ws, 1).await {
        let last = all.last().unwrap();
        assert!(!last.lines.is_empty(), "{game}: a best line");
        assert!(!last.lines[0].moves.is_empty(), "{game}: a best move");
        assert_eq!(last.lines[0].score, last.score);
        assert!(last.depth >= 1, "{game}: searched");
        assert!(last.nodes > 0);
        assert!(last.time_ms <= 5_000, "{game}: within its time");
    }
    // From a position after some moves: the line starts with a legal move.
    let mut http = guest.clone();
    let start: PositionView = http
        .post_as(
            "/api/positions",
            json!({"game": "loa", "options": {"size": 6}}),
        )
        .await;
    let first = start.legal[0].clone();
    let after: PositionView = http
        .post_as(
            "/api/positions",
            json!({"game": "loa", "options": {"size": 6}, "moves": [first]}),
        )
        .await;
    send(
        &mut ws,
        json!({"type": "analyse", "id": 9, "game": "loa", "options": {"size": 6},
               "moves": [first], "time_ms": 300}),
    )
    .await;
    let last = until_done(&mut ws, 9).await.pop().unwrap();
    assert!(after.legal.contains(&last.lines[0].moves[0]));
    assert_eq!(last.side, after.to_move);
}

/// Orders scores from the side to move: the shortest win first, the
/// longest loss before the shortest.
fn rank(score: ScoreView) -> i64 {
    match score {
        ScoreView::Win { plies } => 1_000_000 - i64::from(plies),
        ScoreView::Value { value } => i64::from(value),
        ScoreView::Loss { plies } => -1_000_000 + i64::from(plies),
    }
}

#[tokio::test]
async fn three_lines_start_with_three_moves_sorted_by_score() {
    let server = TestServer::start(Backend::sqlite()).await;
    let guest = server.guest().await;
    let mut ws = socket(&guest).await;
    for (game, all) in each_game(&mut ws, 3).await {
        let last = all.last().unwrap();
        for p in &all {
            assert_eq!(p.lines.len(), 3, "{game}: every iteration, 3 lines: {p:?}");
            let firsts: HashSet<&String> = p.lines.iter().map(|l| &l.moves[0]).collect();
            assert_eq!(firsts.len(), 3, "{game}: three different moves: {p:?}");
            assert!(
                p.lines
                    .windows(2)
                    .all(|w| rank(w[0].score) >= rank(w[1].score)),
                "{game}: sorted by score: {p:?}"
            );
            assert_eq!(p.lines[0].score, p.score, "{game}: the best line first");
        }
        assert!(last.depth >= 1, "{game}: searched");
    }
    // 1 to 3 lines.
    for (id, lines) in [(7, 0), (8, 4)] {
        send(
            &mut ws,
            json!({"type": "analyse", "id": id, "game": "loa", "lines": lines}),
        )
        .await;
        let refused = refusal(&mut ws, id).await;
        assert_eq!(
            (refused.code, refused.params),
            (ErrorCode::AnalysisLines, params(&[("n", "3")]))
        );
    }
}

#[tokio::test]
async fn a_forced_win_is_reported_as_such() {
    let server = TestServer::start(Backend::sqlite()).await;
    let guest = server.guest().await;
    // Linear Pursuit: North's Rook on 2 takes South's King on 10.
    let text = "..r.......K........./k................... north play 10";
    let mut ws = socket(&guest).await;
    send(
        &mut ws,
        json!({"type": "analyse", "id": 1, "game": "pursuit", "position": text, "time_ms": 2000}),
    )
    .await;
    let last = until_done(&mut ws, 1).await.pop().unwrap();
    assert_eq!(last.score, ScoreView::Win { plies: 1 });
    assert_eq!(last.lines[0].moves[0], "2x10");
}

#[tokio::test]
async fn positions_give_the_legal_moves_and_the_outcome() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut anyone = server.client();
    let start: PositionView = anyone
        .post_as("/api/positions", json!({"game": "LOA"}))
        .await;
    assert_eq!(start.moves, Vec::<String>::new());
    assert_eq!(start.position, start.start);
    assert!(!start.legal.is_empty());
    assert!(start.outcome.is_none());
    let mv = start.legal[0].clone();
    let next: PositionView = anyone
        .post_as("/api/positions", json!({"game": "loa", "moves": [mv]}))
        .await;
    assert_eq!(next.moves, vec![mv]);
    assert_ne!(next.to_move, start.to_move);
    let (status, body) = anyone
        .post("/api/positions", json!({"game": "loa", "moves": ["a1-a9"]}))
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = anyone.post("/api/positions", json!({})).await;
    assert_eq!(status, 400);
    let (status, _) = anyone
        .post("/api/positions", json!({"game": "loa", "bogus": 1}))
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_socket_needs_a_session() {
    let server = TestServer::start(Backend::sqlite()).await;
    assert_eq!(try_socket(&server.client()).await.err(), Some(401));
}

#[tokio::test]
async fn time_and_nodes_are_bounded() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.analysis.max_time = Duration::from_millis(400);
        c.limits.analysis.max_nodes = 20_000;
    })
    .await;
    let guest = server.guest().await;
    let mut ws = socket(&guest).await;
    let began = Instant::now();
    send(
        &mut ws,
        json!({"type": "analyse", "id": 1, "game": "loa", "time_ms": 600_000}),
    )
    .await;
    let last = until_done(&mut ws, 1).await.pop().unwrap();
    assert!(began.elapsed() < Duration::from_secs(10));
    assert!(last.time_ms <= 2_000, "{}", last.time_ms);
    // The node budget is checked every so many nodes.
    assert!(last.nodes <= 40_000, "{}", last.nodes);
}

#[tokio::test]
async fn a_stop_ends_the_analysis_and_one_runs_per_user() {
    let server = TestServer::start(Backend::sqlite()).await;
    let guest = server.guest().await;
    let mut first = socket(&guest).await;
    let mut second = socket(&guest).await;
    send(
        &mut first,
        json!({"type": "analyse", "id": 1, "game": "loa", "time_ms": 30_000}),
    )
    .await;
    // Wait for it to run.
    match next(&mut first).await {
        AnalysisMessage::Analysis { id: Some(1), .. } => {}
        other => panic!("{other:?}"),
    }
    send(
        &mut second,
        json!({"type": "analyse", "id": 2, "game": "loa", "time_ms": 500}),
    )
    .await;
    assert_eq!(
        refusal(&mut second, 2).await.code,
        ErrorCode::AnalysisRunning
    );
    let began = Instant::now();
    send(&mut first, json!({"type": "stop"})).await;
    let last = until_done(&mut first, 1).await.pop().unwrap();
    assert!(began.elapsed() < Duration::from_secs(5), "stopped promptly");
    assert!(last.done);
    // A new request on the same socket replaces the running one; the user
    // may analyse from another socket once it has ended.
    send(
        &mut second,
        json!({"type": "analyse", "id": 3, "game": "loa", "time_ms": 300}),
    )
    .await;
    until_done(&mut second, 3).await;
    send(
        &mut second,
        json!({"type": "analyse", "id": 4, "game": "loa", "time_ms": 30_000}),
    )
    .await;
    send(
        &mut second,
        json!({"type": "analyse", "id": 5, "game": "pursuit", "time_ms": 300}),
    )
    .await;
    let last = until_done(&mut second, 5).await.pop().unwrap();
    assert!(!last.lines.is_empty());
    send(&mut second, json!({"type": "ping"})).await;
    assert_eq!(next(&mut second).await, AnalysisMessage::Pong);
    send(&mut second, json!({"type": "analyse", "id": 6, "lines": 9})).await;
    assert_eq!(refusal(&mut second, 6).await.code, ErrorCode::AnalysisLines);
}

#[tokio::test]
async fn analyses_and_sockets_are_capped_per_address() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.analysis.per_address = 2;
        c.limits.analysis.sockets_per_address = 3;
    })
    .await;
    let (a, b, c) = (
        server.guest().await,
        server.guest().await,
        server.guest().await,
    );
    let mut sockets = vec![socket(&a).await, socket(&b).await, socket(&c).await];
    assert_eq!(try_socket(&a).await.err(), Some(429), "a fourth socket");
    for (i, ws) in sockets.iter_mut().enumerate().take(2) {
        send(
            ws,
            json!({"type": "analyse", "id": i, "game": "loa", "time_ms": 30_000}),
        )
        .await;
    }
    // Both are running (their first progress came) before the third asks:
    // starting one awaits the fair-play check, so their order is not the
    // order they were sent in.
    for (i, ws) in sockets.iter_mut().enumerate().take(2) {
        let i = i64::try_from(i).unwrap();
        loop {
            match next(ws).await {
                AnalysisMessage::Analysis { id: Some(n), .. } if n == i => break,
                AnalysisMessage::Error { error, .. } => panic!("refused: {error}"),
                _ => {}
            }
        }
    }
    send(
        &mut sockets[2],
        json!({"type": "analyse", "id": 7, "game": "loa", "time_ms": 300}),
    )
    .await;
    assert_eq!(
        refusal(&mut sockets[2], 7).await.code,
        ErrorCode::AnalysesFromAddress
    );
    // Closing a socket ends its analysis.
    drop(sockets.remove(0));
    tokio::time::sleep(Duration::from_millis(500)).await;
    send(
        &mut sockets[1],
        json!({"type": "analyse", "id": 8, "game": "loa", "time_ms": 300}),
    )
    .await;
    until_done(&mut sockets[1], 8).await;
}

/// A guest whose requests come from `addr` (the server trusts loopback as
/// its proxy).
async fn guest_from(server: &TestServer, addr: &str) -> Client {
    let mut c = server.client();
    c.forwarded_for = Some(addr.to_owned());
    c.post_ok("/api/guest", json!({})).await;
    c
}

/// Fair play (issue 21): a live game's player gets no engine view of its
/// positions from any session, by its id or by position text, nor from
/// another session at their address; a spectator elsewhere does, and the
/// players once it has ended.
#[tokio::test]
async fn a_live_games_players_get_no_engine_view_of_it_from_any_session() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let mut a = guest_from(&server, "10.0.0.1").await;
    let mut b = guest_from(&server, "10.0.0.2").await;
    let mut again = guest_from(&server, "10.0.0.1").await;
    let spectator = guest_from(&server, "10.0.0.3").await;
    let id = small_loa(&mut a, &mut b).await;
    let mut game = a.ws(&id, None).await;
    let state = game.first_state().await;
    let first = state.legal[0].clone();
    game.play(&first).await;
    let view: Value = spectator
        .clone()
        .post_ok("/api/positions", json!({"game_id": id}))
        .await;
    let position = view["position"].as_str().unwrap().to_owned();
    let legal: Vec<String> = decode(&view["legal"]);
    let by_text = json!({"game": "loa", "options": {"size": "6"}, "position": position});
    let ahead = json!({"game": "loa", "options": {"size": "6"}, "position": position,
                       "moves": [legal[0]]});
    // The player, their second session at the same address, their
    // opponent: by id, by the position's text, one move past it.
    for (who, client) in [("a", &a), ("a's guest", &again), ("b", &b)] {
        let mut ws = socket(client).await;
        for (n, asked) in [json!({"game_id": id}), by_text.clone(), ahead.clone()]
            .into_iter()
            .enumerate()
        {
            let mut request = asked.clone();
            request["type"] = json!("analyse");
            request["id"] = json!(n);
            request["time_ms"] = json!(200);
            send(&mut ws, request).await;
            let n = i64::try_from(n).unwrap();
            assert_eq!(
                refusal(&mut ws, n).await.code,
                ErrorCode::PlayerOfLiveGame,
                "{who}, {asked}"
            );
            let refused = client.clone().post_refused("/api/positions", asked).await;
            assert_eq!(
                refused,
                (403, ErrorCode::PlayerOfLiveGame),
                "{who}: POST /api/positions"
            );
        }
    }
    // A review needs the game to have ended.
    let refused = again
        .post_refused(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::NotOver), "review of a live game");
    // A spectator elsewhere may.
    let mut watcher = socket(&spectator).await;
    send(
        &mut watcher,
        json!({"type": "analyse", "id": 1, "game_id": id, "time_ms": 300}),
    )
    .await;
    until_done(&mut watcher, 1).await;
    // Once the game has ended, its players may too.
    assert_eq!(game.action("resign").await, "ack");
    game.wait_end().await;
    let view: PositionView = a.post_as("/api/positions", json!({"game_id": id})).await;
    assert_eq!(view.options.get("size").map(String::as_str), Some("6"));
    let mut ws = socket(&again).await;
    send(
        &mut ws,
        json!({"type": "analyse", "id": 2, "game_id": id, "time_ms": 300}),
    )
    .await;
    until_done(&mut ws, 2).await;
}
