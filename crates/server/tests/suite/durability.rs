//! Kill -9 and restart: every acknowledged move survives, clocks included,
//! and live games resume (the server runs as a real child process).
//! Answers are read into the server's view types.

use crate::common;

use common::{challenge, first_move, Backend, Client};
use gamut_core::{EndReason, Player};
use gamut_protocol::status::GameStatus;
use serde_json::json;

use common::spawn_server as spawn;

async fn guest(base: &str) -> Client {
    let mut c = common::bare_client();
    c.rebase(base);
    c.post_ok("/api/guest", json!({})).await;
    c
}

async fn kill_and_restart(backend: Backend) {
    let server = spawn(&backend);
    let (mut a, mut b) = (guest(&server.base).await, guest(&server.base).await);
    let clock = json!({"type": "realtime", "initial_ms": 600000, "increment_ms": 1000});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "8"}), clock, false).await;
    let mut sockets = [a.ws(&id, None).await, b.ws(&id, None).await];
    let mut acked: Vec<String> = Vec::new();
    for i in 0..8 {
        let state = a.view(&id).await;
        let side = state.to_move.expect("to_move");
        let mv = state.legal[i % state.legal.len()].clone();
        sockets[side.index()].play(&mv).await;
        acked.push(mv);
    }
    let before = a.view(&id).await;
    assert_eq!(before.moves, acked);
    // One more move in flight when the server dies: it may or may not be
    // stored, but nothing acknowledged may be lost.
    let side = before.to_move.expect("to_move");
    let in_flight = first_move(&before).to_owned();
    sockets[side.index()]
        .send(json!({"type": "move", "move": in_flight, "id": 999}))
        .await;
    server.kill9();

    let server = spawn(&backend);
    a.rebase(&server.base);
    b.rebase(&server.base);
    let after = a.view(&id).await;
    assert_eq!(after.status, GameStatus::Live);
    let stored = after.moves.clone();
    assert!(
        stored.starts_with(&acked),
        "lost moves: {acked:?} vs {stored:?}"
    );
    assert!(stored.len() <= acked.len() + 1);
    if stored.len() == acked.len() {
        // The clocks are exactly those stored with the last move.
        assert_eq!(after.clocks, before.clocks);
        assert_eq!(after.version, before.version);
    } else {
        assert_eq!(stored.last(), Some(&in_flight));
    }
    // The game goes on after the restart, with the session cookies.
    let side = after.to_move.expect("to_move");
    let mut ws = [&a, &b][side.index()].ws(&id, None).await;
    ws.play(first_move(&after)).await;
    let resumed = a.view(&id).await;
    assert_eq!(resumed.moves.len(), stored.len() + 1);
    server.kill9();
}

test_on_every_backend!(
    kill_9_and_restart_loses_no_acknowledged_move,
    kill_and_restart
);

async fn flag_while_down(backend: Backend) {
    let server = spawn(&backend);
    let (mut a, mut b) = (guest(&server.base).await, guest(&server.base).await);
    let clock = json!({"type": "realtime", "initial_ms": 1500, "increment_ms": 0});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), clock, false).await;
    server.kill9();
    std::thread::sleep(std::time::Duration::from_millis(1700));
    let server = spawn(&backend);
    a.rebase(&server.base);
    let mut ws = a.ws(&id, None).await;
    // A full state of the finished game, or the end soon after.
    let ended = ws.wait_result().await;
    assert_eq!(
        (ended.reason, ended.winner),
        (EndReason::Timeout, Some(Player::Second))
    );
    let state = a.view(&id).await;
    let clocks = state.clocks.expect("clocks");
    assert_eq!((clocks.ms[0], clocks.running), (0, None));
    server.kill9();
}

test_on_every_backend!(
    a_clock_that_ran_out_while_the_server_was_down_flags_on_restart,
    flag_while_down
);
