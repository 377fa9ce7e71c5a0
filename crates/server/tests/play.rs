//! Playing over real HTTP and WebSocket connections: full games of every
//! game in the catalogue, the computer, reconnecting, spectators, and
//! refused actions.

mod common;

use common::{challenge, first_legal, moves_len, small_loa, untimed, Backend, TestServer};
use serde_json::{json, Value};

/// Small options that keep each game short (Chess Football twice: with
/// placements seen as made, and hidden until both sides have placed); any
/// other game of the catalogue is played once with its default options.
fn short_options(game: &str) -> Vec<Value> {
    match game {
        "loa" => vec![json!({"size": "6", "move-limit": "40"})],
        "pursuit" => vec![json!({"move-limit": "40"})],
        "football" => vec![
            json!({"half-length": "2", "placement": "sequential"}),
            json!({"half-length": "2", "placement": "simultaneous"}),
        ],
        _ => vec![json!({})],
    }
}

async fn full_games(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut lobby = server.client();
    let catalogue = lobby.get_ok("/api/catalogue").await;
    let games = catalogue["games"].as_array().expect("games");
    let runs = games.iter().flat_map(|g| {
        let name = g["name"].as_str().expect("name").to_owned();
        short_options(&name)
            .into_iter()
            .map(move |o| (name.clone(), o))
    });
    for (name, options) in runs {
        let name = name.as_str();
        let hidden_placement = options["placement"] == "simultaneous";
        let mut players = [server.guest().await, server.guest().await];
        let mut watcher = server.guest().await;
        let [a, b] = &mut players;
        let id = challenge(a, b, name, options, untimed(), false).await;
        let mut sockets = [
            players[0].ws(&id, None).await,
            players[1].ws(&id, None).await,
        ];
        let mut spectator = watcher.ws(&id, None).await;
        assert_eq!(spectator.next().await["type"], "state");
        let mut saw_hidden = false;
        let mut plies = 0;
        loop {
            let views = [players[0].state(&id).await, players[1].state(&id).await];
            if views[0]["status"] == "finished" {
                assert!(
                    views[0]["result"]["reason"].is_string(),
                    "{name}: {}",
                    views[0]
                );
                break;
            }
            plies += 1;
            assert!(plies < 3000, "{name}: the game does not end");
            if !views[0]["hidden"].is_null() {
                saw_hidden = true;
                let watched = watcher.state(&id).await;
                assert_eq!(watched["hidden"]["yours"], json!([]));
                let before = moves_len(&views[0]);
                assert_eq!(moves_len(&views[1]), before);
                for side in 0..2 {
                    let legal = views[side]["hidden"]["legal"]
                        .as_array()
                        .expect("legal")
                        .clone();
                    if let Some(mv) = legal.get(plies % legal.len().max(1)) {
                        sockets[side].play(mv.as_str().expect("move")).await;
                        let other = players[1 - side].state(&id).await;
                        let mine = players[side].state(&id).await;
                        if !mine["hidden"].is_null() {
                            assert!(
                                !other["hidden"]["yours"]
                                    .as_array()
                                    .expect("yours")
                                    .contains(mv),
                                "{name}: a hidden placement leaked"
                            );
                            assert_eq!(moves_len(&other), before, "{name}: placements leaked");
                        }
                        break;
                    }
                }
                continue;
            }
            let side = views[0]["to_move"].as_u64().expect("to_move") as usize;
            let legal = views[side]["legal"].as_array().expect("legal");
            if legal.is_empty() {
                // The move that ended the game is stored and acked; the
                // end follows in its own commit a moment later.
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
            let mv = legal[plies % legal.len()]
                .as_str()
                .expect("move")
                .to_owned();
            sockets[side].play(&mv).await;
        }
        if hidden_placement {
            assert!(
                saw_hidden,
                "football with simultaneous placement had no hidden phase"
            );
        }
        if hidden_placement {
            let hidden = spectator
                .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "hidden-placement")
                .await;
            assert!(hidden["event"].get("move").is_none(), "{hidden}");
            assert!(hidden["event"].get("legal").is_none(), "{hidden}");
            let revealed = spectator
                .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "placements")
                .await;
            let placements = revealed["event"]["moves"].as_array().expect("placements");
            assert_eq!(placements.len(), 12, "{revealed}");
            assert!(placements
                .iter()
                .all(|m| m.as_str().is_some_and(|m| m.contains('@'))));
        }
        let [s0, s1] = &mut sockets;
        for ws in [s0, s1, &mut spectator] {
            let result = ws.wait_end().await;
            assert!(result["text"].is_string(), "{result}");
        }
        let replay = lobby.get_ok(&format!("/api/games/{id}/replay")).await;
        assert_eq!(
            replay["positions"].as_array().map(Vec::len),
            replay["moves"].as_array().map(Vec::len)
        );
    }
}

test_on_every_backend!(two_people_play_a_full_game_of_every_game, full_games);

async fn against_computer(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut me = server.guest().await;
    let (id, created) = me
        .create_game(
            json!({"game": "loa", "options": {"size": "6", "move-limit": "30"}, "clock": untimed(),
                   "side": "first", "opponent": {"type": "computer", "level": "easy"}}),
        )
        .await;
    assert_eq!(created["game"]["status"], "live");
    let mut ws = me.ws(&id, None).await;
    let mut n = 0;
    loop {
        let state = me.state(&id).await;
        if state["status"] == "finished" {
            break;
        }
        if state["to_move"] == json!(0) {
            let legal = state["legal"].as_array().expect("legal");
            if legal.is_empty() {
                // The last move is stored; the end follows in its own commit.
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
            ws.play(legal[n % legal.len()].as_str().expect("move"))
                .await;
            n += 1;
            // The computer answers with a move event by side 1 (or the game ends).
            ws.wait_for(|m| {
                m["type"] == "event"
                    && (m["event"]["side"] == json!(1) || m["event"]["kind"] == "end")
            })
            .await;
        } else {
            ws.wait_for(|m| m["type"] == "event").await;
        }
        assert!(n < 100, "the game against the computer does not end");
    }
    let state = me.state(&id).await;
    assert!(moves_len(&state) >= 2);
}

test_on_every_backend!(a_player_plays_the_computer_to_the_end, against_computer);

async fn reconnect(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let first = wa.next().await;
    assert_eq!(first["type"], "state");
    let v0 = first["state"]["version"].as_i64().expect("version");
    let legal = first["state"]["legal"].as_array().expect("legal").clone();
    let v1 = wa.play(legal[0].as_str().expect("move")).await;
    assert_eq!(v1, v0 + 1);
    drop(wa);
    let state = b.state(&id).await;
    let v2 = wb.play(first_legal(&state)).await;
    // Reconnect knowing v0: both missed moves come as events.
    let mut wa = a.ws(&id, Some(v0)).await;
    let missed = wa.next().await;
    assert_eq!(missed["type"], "events", "{missed}");
    let versions: Vec<i64> = missed["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["version"].as_i64().expect("version"))
        .collect();
    assert_eq!(versions, vec![v1, v2]);
    assert_eq!(missed["events"][1]["kind"], "move");
    assert_eq!(missed["events"][1]["to_move"], json!(0));
    assert!(missed["events"][1]["legal"]
        .as_array()
        .is_some_and(|l| !l.is_empty()));
    // Up to date: nothing missed.
    let mut wa2 = a.ws(&id, Some(v2)).await;
    assert_eq!(wa2.next().await, json!({"type": "events", "events": []}));
    // A sync request mid-connection.
    wa2.send(json!({"type": "sync", "since": v1})).await;
    let answer = wa2.next().await;
    assert_eq!(answer["events"].as_array().map(Vec::len), Some(1));
    // Unknown version: a full state.
    let mut wa3 = a.ws(&id, Some(v2 + 50)).await;
    let full = wa3.next().await;
    assert_eq!(full["type"], "state");
    assert_eq!(full["state"]["you"], json!(0));
    assert_eq!(moves_len(&full["state"]), 2);
}

test_on_every_backend!(a_reconnecting_client_gets_what_it_missed, reconnect);

async fn spectators_and_refusals(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let mut c = server.guest().await;
    let anonymous = server.client();
    let id = small_loa(&mut a, &mut b).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let mut wc = c.ws(&id, None).await;
    let mut wanon = anonymous.ws(&id, None).await;
    let state = wc.next().await;
    assert_eq!(state["state"]["you"], Value::Null);
    assert_eq!(wanon.next().await["type"], "state");
    let legal: Vec<String> =
        serde_json::from_value(state["state"]["legal"].clone()).expect("legal");

    // Out of turn: the second player cannot move first.
    let refused = wb.request(json!({"type": "move", "move": legal[0]})).await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["error"], "it is not your turn");
    // Illegal move text and an impossible move.
    for bad in ["z9-z10", "a1-a1", "hello"] {
        let refused = wa.request(json!({"type": "move", "move": bad})).await;
        assert_eq!(refused["type"], "error", "{bad}");
    }
    let refused = wa
        .request(json!({"type": "move", "move": "x".repeat(100)}))
        .await;
    assert_eq!(refused["type"], "error");
    // Malformed messages.
    wa.send(json!({"type": "move"})).await;
    assert_eq!(wa.next().await["type"], "error");
    wa.send(json!("not an object")).await;
    assert_eq!(wa.next().await["type"], "error");
    // Spectators (signed in or not) cannot act.
    for ws in [&mut wc, &mut wanon] {
        for kind in ["move", "resign", "draw-offer", "abort"] {
            let refused = ws.request(json!({"type": kind, "move": legal[0]})).await;
            assert_eq!(refused["error"], "spectators cannot act");
        }
    }
    // A stale version is refused.
    let stale = wa
        .request(json!({"type": "move", "move": legal[0], "version": 0}))
        .await;
    assert_eq!(stale["type"], "error");
    // The legal move goes through and reaches the spectator.
    let v = wa.play(&legal[0]).await;
    let seen = wc.wait_for(|m| m["type"] == "event").await;
    assert_eq!(seen["event"]["version"], json!(v));
    assert_eq!(seen["event"]["move"], json!(legal[0]));
    // A stranger cannot join a live game.
    let (status, body) = c.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].is_string());
    // Live games are listed.
    let live = c.get_ok("/api/games?status=live").await;
    assert!(live["games"]
        .as_array()
        .expect("games")
        .iter()
        .any(|g| g["id"] == json!(id)));
    // Draw offer and decline, takeback request and accept, then abort is too late.
    assert_eq!(wb.action("draw-offer").await, "ack");
    assert_eq!(wb.action("draw-accept").await, "error");
    assert_eq!(wa.action("draw-decline").await, "ack");
    assert_eq!(wa.action("takeback-request").await, "ack");
    assert_eq!(wb.action("takeback-accept").await, "ack");
    let taken = wa
        .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "takeback")
        .await;
    assert_eq!(taken["event"]["undone"], json!([legal[0]]));
    assert_eq!(taken["event"]["moves"], json!(0));
    assert_eq!(taken["event"]["legal"], json!(legal));
    let after = a.state(&id).await;
    assert_eq!(moves_len(&after), 0);
    assert_eq!(after["to_move"], json!(0));
    // Abort before the second move.
    assert_eq!(wb.action("abort").await, "ack");
    let over = a.state(&id).await;
    assert_eq!(over["result"]["reason"], "aborted");
    let refused = wa.request(json!({"type": "move", "move": legal[0]})).await;
    assert_eq!(refused["type"], "error");
}

test_on_every_backend!(
    spectators_watch_and_bad_actions_are_refused,
    spectators_and_refusals
);

async fn ai_isolation(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut me = server.guest().await;
    // The computer moves first, at full strength: it thinks for seconds.
    let (thinking, _) = me
        .create_game(json!({"game": "loa", "clock": untimed(), "side": "second",
                   "opponent": {"type": "computer", "level": "max"}}))
        .await;
    let mut watch = me.ws(&thinking, None).await;
    // Meanwhile two people play several moves in another game.
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let mut sockets = [a.ws(&id, None).await, b.ws(&id, None).await];
    for i in 0..4 {
        let state = a.state(&id).await;
        let legal = state["legal"].as_array().expect("legal");
        sockets[i % 2].play(legal[0].as_str().expect("move")).await;
    }
    // All of them were stored while the computer was still thinking.
    assert_eq!(moves_len(&me.state(&thinking).await), 0);
    let moved = watch
        .wait_for(|m| m["type"] == "event" && m["event"]["kind"] == "move")
        .await;
    assert_eq!(moved["event"]["side"], json!(0));
}

test_on_every_backend!(computer_thinking_does_not_block_other_games, ai_isolation);

async fn from_position(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    // 6x6 Lines of Action: Black (to move) connects with b5-a4.
    let position = "....../.b..w./....../.b..../.b..w./...... b";
    let request = |position: &str, rated: bool| {
        json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "first",
               "rated": rated, "opponent": {"type": "challenge"}, "position": position})
    };
    let created = a.post_ok("/api/games", request(position, false)).await;
    let id = created["game"]["id"].as_str().expect("id").to_owned();
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let state = a.state(&id).await;
    assert_eq!(state["start"], position);
    assert_eq!(state["position"], position);
    assert!(state["legal"]
        .as_array()
        .expect("legal")
        .contains(&json!("b5-a4")));
    let mut ws = a.ws(&id, None).await;
    ws.play("b5-a4").await;
    let result = ws.wait_end().await;
    assert_eq!(result["reason"], "connection", "{result}");
    let (_, record) = a.get(&format!("/api/games/{id}/export")).await;
    let record = record.as_str().expect("text record");
    assert!(
        record.contains(&format!("[Start \"{position}\"]")),
        "{record}"
    );
    // The record imports back to the same game.
    let imported = a.post_ok("/api/import", json!({"record": record})).await;
    assert_eq!(imported["start"], position);
    assert_eq!(imported["moves"], json!(["b5-a4"]));

    // Refused: a malformed position, one that is already over, a rated
    // game from a position, an over-long text.
    for (position, rated, error) in [
        ("....../nonsense b", false, "bad position"),
        (
            "....../.b..w./.b..../.b..../....w./...... b",
            false,
            "already over",
        ),
        (position, true, "not rated"),
    ] {
        let (s, v) = a.post("/api/games", request(position, rated)).await;
        assert_eq!(s, 400, "{position}: {v}");
        let message = v["error"].as_str().expect("error");
        assert!(message.contains(error), "{position}: {message}");
    }
    let (s, _) = a
        .post("/api/games", request(&"b".repeat(5000), false))
        .await;
    assert_eq!(s, 400);
}

test_on_every_backend!(a_game_starts_from_a_set_position, from_position);

async fn hidden_against_computer(backend: Backend) {
    let server = TestServer::start(backend).await;
    for side in ["first", "second"] {
        let mut me = server.guest().await;
        let (id, _) = me
            .create_game(json!({"game": "football", "clock": untimed(), "side": side,
                "options": {"half-length": "2", "placement": "simultaneous"},
                "opponent": {"type": "computer", "level": "easy"}}))
            .await;
        let mut ws = me.ws(&id, None).await;
        let mine = usize::from(side == "second");
        // Team choices, in turn, up to the hidden placement phase.
        let mut state = me.state(&id).await;
        while state["hidden"].is_null() {
            if state["to_move"] == json!(mine) {
                ws.play(first_legal(&state)).await;
            } else {
                ws.wait_for(|m| m["type"] == "event").await;
            }
            state = me.state(&id).await;
        }
        let before = moves_len(&state);
        // The computer places all its pieces while the player has placed
        // none, and nothing of them is shown.
        while state["hidden"]["done"][1 - mine] != json!(true) {
            ws.wait_for(|m| m["type"] == "event").await;
            state = me.state(&id).await;
            assert_eq!(moves_len(&state), before, "{side}: placements shown");
            assert_eq!(state["hidden"]["done"][mine], json!(false), "{side}");
        }
        assert!(!state["hidden"].is_null(), "{side}: the phase ended early");
        let theirs = state["hidden"]["placed"][1 - mine]
            .as_u64()
            .expect("placed");
        // The player places; then everything is revealed at once.
        let mut placed = 0;
        while let Some(mv) = state["hidden"]["legal"].get(0).and_then(Value::as_str) {
            ws.play(mv).await;
            placed += 1;
            state = me.state(&id).await;
        }
        assert!(
            state["hidden"].is_null(),
            "{side}: revealed when both are done"
        );
        let moves = state["moves"].as_array().expect("moves");
        // (The computer may have kicked off since.)
        let revealed = moves[before..]
            .iter()
            .take_while(|m| m.to_string().contains('@'))
            .count();
        assert_eq!(revealed as u64, placed + theirs, "{side}: {state}");
    }
}

test_on_every_backend!(
    the_computer_places_hidden_in_simultaneous_placement,
    hidden_against_computer
);

async fn hidden_clocks(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let clock = json!({"type": "realtime", "initial_ms": 4000, "increment_ms": 0});
    let options = json!({"half-length": "2", "placement": "simultaneous"});
    let id = challenge(&mut a, &mut b, "football", options, clock, false).await;
    let mut sockets = [a.ws(&id, None).await, b.ws(&id, None).await];
    // Team choices, in turn.
    let mut state = a.state(&id).await;
    while state["hidden"].is_null() {
        let side = state["to_move"].as_u64().expect("to_move") as usize;
        sockets[side].play(first_legal(&state)).await;
        state = a.state(&id).await;
    }
    // Both clocks run while both sides place.
    assert_eq!(state["clocks"]["placing"], json!([true, true]));
    assert_eq!(state["clocks"]["running"], Value::Null);
    // The first player places everything; the second stalls and loses on time.
    loop {
        let mine = a.state(&id).await;
        let Some(mv) = mine["hidden"]["legal"].get(0).and_then(Value::as_str) else {
            break;
        };
        sockets[0].play(mv).await;
    }
    let state = a.state(&id).await;
    assert_eq!(state["clocks"]["placing"], json!([false, true]));
    let result = sockets[1].wait_end().await;
    assert_eq!(result["reason"], "timeout");
    assert_eq!(result["winner"], json!(0));
}

test_on_every_backend!(both_clocks_run_during_hidden_placement, hidden_clocks);

async fn agreements(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b, "pursuit", json!({}), untimed(), false).await;
    let (mut wa, mut wb) = (a.ws(&id, None).await, b.ws(&id, None).await);
    let state = a.state(&id).await;
    wa.play(first_legal(&state)).await;
    assert_eq!(wb.action("draw-offer").await, "ack");
    assert_eq!(a.state(&id).await["draw_offer"], json!(1));
    // A second offer while one is pending, and accepting one's own offer.
    assert_eq!(wb.action("draw-offer").await, "error");
    assert_eq!(wb.action("draw-accept").await, "error");
    assert_eq!(wa.action("draw-accept").await, "ack");
    let result = wb.wait_end().await;
    assert_eq!(
        result,
        json!({"winner": null, "reason": "agreement", "text": "1/2-1/2"})
    );

    // Against the computer a takeback is granted at once (its reply too).
    let (id, _) = a
        .create_game(
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "first",
                   "opponent": {"type": "computer", "level": "random"}}),
        )
        .await;
    let mut ws = a.ws(&id, None).await;
    let state = a.state(&id).await;
    ws.play(first_legal(&state)).await;
    ws.wait_for(|m| m["type"] == "event" && m["event"]["side"] == json!(1))
        .await;
    assert_eq!(ws.action("draw-offer").await, "error");
    assert_eq!(ws.action("takeback-request").await, "ack");
    let state = a.state(&id).await;
    assert_eq!(moves_len(&state), 0);
    assert_eq!(state["to_move"], json!(0));
    assert_eq!(ws.action("resign").await, "ack");
    assert_eq!(ws.wait_end().await["reason"], "resignation");
}

test_on_every_backend!(
    draws_by_agreement_and_takebacks_against_the_computer,
    agreements
);
