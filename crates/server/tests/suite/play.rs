//! Playing over real HTTP and WebSocket connections: full games of every
//! game in the catalogue, the computer, reconnecting, spectators, and
//! refused actions. Answers are read into the server's view types.

use crate::common;

use common::{
    challenge, first_move, legal_after, params, small_loa, untimed, Backend, CatalogueView,
    ErrorCode, EventBody, ReplayView, ServerMessage, TestServer,
};
use gamut_core::{EndReason, Player};
use gamut_protocol::status::GameStatus;
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
    let catalogue: CatalogueView = lobby.get_as("/api/catalogue").await;
    let runs = catalogue.games.iter().flat_map(|g| {
        let name = g.name.to_string();
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
        assert_eq!(spectator.first_state().await.you, None);
        let mut saw_hidden = false;
        let mut plies = 0;
        loop {
            let views = [players[0].view(&id).await, players[1].view(&id).await];
            if views[0].status == GameStatus::Finished {
                assert!(views[0].result.is_some(), "{name}: {:?}", views[0]);
                break;
            }
            plies += 1;
            assert!(plies < 3000, "{name}: the game does not end");
            if let Some(hidden) = &views[0].hidden {
                saw_hidden = true;
                let watched = watcher.view(&id).await;
                assert_eq!(watched.hidden.expect("hidden").yours, Vec::<String>::new());
                let before = views[0].moves.len();
                assert_eq!(views[1].moves.len(), before);
                assert_eq!(
                    Some(hidden.placed),
                    views[1].hidden.as_ref().map(|h| h.placed)
                );
                for side in Player::BOTH {
                    let legal = &views[side.index()].hidden.as_ref().expect("hidden").legal;
                    if let Some(mv) = legal.get(plies % legal.len().max(1)) {
                        sockets[side.index()].play(mv).await;
                        let other = players[side.other().index()].view(&id).await;
                        let mine = players[side.index()].view(&id).await;
                        if mine.hidden.is_some() {
                            let theirs = other.hidden.expect("still hidden");
                            assert!(
                                !theirs.yours.contains(mv),
                                "{name}: a hidden placement leaked"
                            );
                            assert_eq!(other.moves.len(), before, "{name}: placements leaked");
                        }
                        break;
                    }
                }
                continue;
            }
            let side = views[0].to_move.expect("to_move");
            let legal = &views[side.index()].legal;
            if legal.is_empty() {
                // The move that ended the game is stored and acked; the
                // end follows in its own commit a moment later.
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
            let mv = legal[plies % legal.len()].clone();
            sockets[side.index()].play(&mv).await;
        }
        if hidden_placement {
            assert!(
                saw_hidden,
                "football with simultaneous placement had no hidden phase"
            );
            let hidden = spectator
                .event(|e| matches!(e.body, EventBody::HiddenPlacement { .. }))
                .await;
            let EventBody::HiddenPlacement { mv, legal, .. } = hidden.body else {
                unreachable!()
            };
            assert_eq!((mv, legal), (None, None), "a spectator sees no placement");
            let revealed = spectator
                .event(|e| matches!(e.body, EventBody::Placements { .. }))
                .await;
            let EventBody::Placements { moves, .. } = revealed.body else {
                unreachable!()
            };
            assert_eq!(moves.len(), 12, "{moves:?}");
            assert!(moves.iter().all(|m| m.contains('@')), "{moves:?}");
        }
        let [s0, s1] = &mut sockets;
        for ws in [s0, s1, &mut spectator] {
            let result = ws.wait_result().await;
            assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.text.as_str()));
        }
        let replay: ReplayView = lobby.get_as(&format!("/api/games/{id}/replay")).await;
        assert_eq!(replay.positions.len(), replay.moves.len());
    }
}

test_on_every_backend!(two_people_play_a_full_game_of_every_game, full_games);

async fn against_computer(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut me = server.guest().await;
    let created = me
        .create(
            json!({"game": "loa", "options": {"size": "6", "move-limit": "30"}, "clock": untimed(),
                   "side": "first", "opponent": {"type": "computer", "level": "easy"}}),
        )
        .await;
    assert_eq!(created.game.status, GameStatus::Live);
    assert_eq!(created.url, format!("/game/{}", created.game.id));
    let id = created.game.id.to_string();
    let mut ws = me.ws(&id, None).await;
    let mut n = 0;
    loop {
        let state = me.view(&id).await;
        if state.status == GameStatus::Finished {
            break;
        }
        if state.to_move == Some(Player::First) {
            if state.legal.is_empty() {
                // The last move is stored; the end follows in its own commit.
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
            ws.play(&state.legal[n % state.legal.len()]).await;
            n += 1;
            // The computer answers with a move event by side 1 (or the game ends).
            ws.event(|e| {
                e.body.side() == Some(Player::Second) || matches!(e.body, EventBody::End { .. })
            })
            .await;
        } else {
            ws.any_event().await;
        }
        assert!(n < 100, "the game against the computer does not end");
    }
    let state = me.view(&id).await;
    assert!(state.moves.len() >= 2);
}

test_on_every_backend!(a_player_plays_the_computer_to_the_end, against_computer);

async fn reconnect(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let first = wa.first_state().await;
    let v0 = first.version;
    let v1 = wa.play(first_move(&first)).await;
    assert_eq!(v1, v0 + 1);
    drop(wa);
    let state = b.view(&id).await;
    let v2 = wb.play(first_move(&state)).await;
    // Reconnect knowing v0: both missed moves come as events.
    let mut wa = a.ws(&id, Some(v0)).await;
    let ServerMessage::Events { events } = wa.message().await else {
        panic!("a client that knows v0 gets the events since");
    };
    let versions: Vec<i64> = events.iter().map(|e| e.version).collect();
    assert_eq!(versions, vec![v1, v2]);
    let EventBody::Move { to_move, legal, .. } = &events[1].body else {
        panic!("a move: {:?}", events[1]);
    };
    assert_eq!(*to_move, Some(Player::First));
    assert!(!legal.is_empty());
    // Up to date: nothing missed.
    let mut wa2 = a.ws(&id, Some(v2)).await;
    assert_eq!(wa2.next().await, json!({"type": "events", "events": []}));
    // A sync request mid-connection.
    wa2.send(json!({"type": "sync", "since": v1})).await;
    let ServerMessage::Events { events } = wa2.message().await else {
        panic!("a sync answers events");
    };
    assert_eq!(events.len(), 1);
    // Unknown version: a full state.
    let mut wa3 = a.ws(&id, Some(v2 + 50)).await;
    let full = wa3.first_state().await;
    assert_eq!(full.you, Some(Player::First));
    assert_eq!(full.moves.len(), 2);
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
    let state = wc.first_state().await;
    assert_eq!(state.you, None);
    assert_eq!(wanon.first_state().await.you, None);
    let legal = state.legal.clone();

    // Out of turn: the second player cannot move first.
    let refused = wb.refused(json!({"type": "move", "move": legal[0]})).await;
    assert_eq!(refused, ErrorCode::NotYourTurn);
    // Illegal move text and an impossible move.
    for bad in ["z9-z10", "a1-a1", "hello"] {
        let illegal = wa.refusal(json!({"type": "move", "move": bad})).await;
        assert_eq!(illegal.code, ErrorCode::IllegalMove, "{bad}");
        assert_eq!(illegal.params.get("move").map(String::as_str), Some(bad));
    }
    let long = wa
        .refusal(json!({"type": "move", "move": "x".repeat(100)}))
        .await;
    assert_eq!(
        (long.code, long.params),
        (ErrorCode::MoveLength, params(&[("n", "64")]))
    );
    // Malformed messages, with and without an id to answer.
    wa.send(json!({"type": "move"})).await;
    let ServerMessage::Error { id: None, code, .. } = wa.message().await else {
        panic!("a malformed message is refused");
    };
    assert_eq!(code, ErrorCode::BadMessage);
    wa.send(json!("not an object")).await;
    assert!(matches!(
        wa.message().await,
        ServerMessage::Error {
            id: None,
            code: ErrorCode::BadMessage,
            ..
        }
    ));
    let unknown = wa
        .refused(json!({"type": "resign", "move": legal[0]}))
        .await;
    assert_eq!(unknown, ErrorCode::BadMessage, "an unknown field");
    let unknown = wa.refused(json!({"type": "dance"})).await;
    assert_eq!(unknown, ErrorCode::BadMessage, "an unknown type");
    // Spectators (signed in or not) cannot act, whatever they send.
    for ws in [&mut wc, &mut wanon] {
        for kind in ["move", "resign", "draw-offer", "abort"] {
            let refused = ws.refused(json!({"type": kind, "move": legal[0]})).await;
            assert_eq!(refused, ErrorCode::NotAPlayer, "{kind}");
        }
        // ...but they may ping.
        ws.send(json!({"type": "ping"})).await;
        assert_eq!(ws.message().await, ServerMessage::Pong);
    }
    // A stale version is refused.
    let stale = wa
        .refusal(json!({"type": "move", "move": legal[0], "version": 0}))
        .await;
    assert_eq!(stale.code, ErrorCode::StaleVersion);
    assert_eq!(stale.params.get("yours").map(String::as_str), Some("0"));
    // The legal move goes through and reaches the spectator.
    let v = wa.play(&legal[0]).await;
    let seen = wc.any_event().await;
    assert_eq!(seen.version, v);
    let EventBody::Move { side, mv, ply, .. } = &seen.body else {
        panic!("a move: {seen:?}");
    };
    assert_eq!((*side, mv, *ply), (Player::First, &legal[0], 1));
    // A stranger cannot join a live game.
    let (status, code) = c
        .post_refused(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_eq!((status, code), (409, ErrorCode::NotWaiting));
    // Live games are listed.
    let live: common::GamesView = c.get_as("/api/games?status=live").await;
    assert!(live.games.iter().any(|g| g.id.as_str() == id));
    // Draw offer and decline, takeback request and accept, then abort is too late.
    assert_eq!(wb.action("draw-offer").await, "ack");
    assert_eq!(wb.action("draw-accept").await, "error");
    assert_eq!(wa.action("draw-decline").await, "ack");
    assert_eq!(wa.action("takeback-request").await, "ack");
    assert_eq!(wb.action("takeback-accept").await, "ack");
    let taken = wa
        .event(|e| matches!(e.body, EventBody::Takeback { .. }))
        .await;
    let EventBody::Takeback {
        side,
        undone,
        moves,
        legal: after,
        ..
    } = taken.body
    else {
        unreachable!()
    };
    assert_eq!(
        (side, undone, moves),
        (Player::First, vec![legal[0].clone()], 0)
    );
    assert_eq!(after, legal);
    let after = a.view(&id).await;
    assert!(after.moves.is_empty());
    assert_eq!(after.to_move, Some(Player::First));
    // Abort before the second move.
    assert_eq!(wb.action("abort").await, "ack");
    let over = a.view(&id).await;
    let result = over.result.expect("a result");
    assert_eq!((result.reason, result.winner), (EndReason::Aborted, None));
    let over = wa.refused(json!({"type": "move", "move": legal[0]})).await;
    assert_eq!(over, ErrorCode::NotBeingPlayed);
}

test_on_every_backend!(
    spectators_watch_and_bad_actions_are_refused,
    spectators_and_refusals
);

async fn ai_isolation(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut me = server.guest().await;
    // The computer moves first, at full strength: it thinks for seconds.
    let created = me
        .create(json!({"game": "loa", "clock": untimed(), "side": "second",
                   "opponent": {"type": "computer", "level": "max"}}))
        .await;
    let thinking = created.game.id.to_string();
    let mut watch = me.ws(&thinking, None).await;
    // Meanwhile two people play several moves in another game.
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let mut sockets = [a.ws(&id, None).await, b.ws(&id, None).await];
    for i in 0..4 {
        let state = a.view(&id).await;
        sockets[i % 2].play(first_move(&state)).await;
    }
    // All of them were stored while the computer was still thinking.
    assert!(me.view(&thinking).await.moves.is_empty());
    let moved = watch
        .event(|e| matches!(e.body, EventBody::Move { .. }))
        .await;
    assert_eq!(moved.body.side(), Some(Player::First));
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
    let created = a.create(request(position, false)).await;
    let id = created.game.id.to_string();
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let state = a.view(&id).await;
    assert_eq!(state.start, position);
    assert_eq!(state.position, position);
    assert!(state.legal.contains(&"b5-a4".to_owned()));
    let mut ws = a.ws(&id, None).await;
    let acked = ws.play("b5-a4").await;
    // The move and the end it brings are one commit: the ack comes with
    // the end's version, and the stored game is over by then.
    let over = a.view(&id).await;
    assert_eq!((over.version, over.status), (acked, GameStatus::Finished));
    let result = ws.wait_result().await;
    assert_eq!(result.reason, EndReason::Connection, "{result:?}");
    let (_, record) = a.get(&format!("/api/games/{id}/export")).await;
    let record = record.as_str().expect("text record");
    assert!(
        record.contains(&format!("[Start \"{position}\"]")),
        "{record}"
    );
    // The record imports back to the same game.
    let imported: ReplayView = a.post_as("/api/import", json!({"record": record})).await;
    assert_eq!(imported.start, position);
    assert_eq!(imported.moves, vec!["b5-a4".to_owned()]);

    // Refused: a malformed position, one that is already over, a rated
    // game from a position, an over-long text.
    for (position, rated, code) in [
        ("....../nonsense b", false, ErrorCode::BadPosition),
        (
            "....../.b..w./.b..../.b..../....w./...... b",
            false,
            ErrorCode::PositionOver,
        ),
        (position, true, ErrorCode::PositionRated),
    ] {
        let refused = a.post_refused("/api/games", request(position, rated)).await;
        assert_eq!(refused, (400, code), "{position}");
    }
    let (s, _) = a
        .post_refused("/api/games", request(&"b".repeat(5000), false))
        .await;
    assert_eq!(s, 400);
}

test_on_every_backend!(a_game_starts_from_a_set_position, from_position);

/// The game as `client` sees it once its version has passed `version`
/// (the computer's next action), polled over HTTP for at most 20 s: the
/// test is about what the view shows, not about the socket's timing.
async fn next_version(
    client: &mut common::Client,
    id: &str,
    version: i64,
) -> gamut_protocol::game::GameView {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let state = client.view(id).await;
        if state.version > version {
            return state;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no new version after {version} within 20 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

async fn hidden_against_computer(backend: Backend) {
    let server = TestServer::start(backend).await;
    for (side, mine) in [("first", Player::First), ("second", Player::Second)] {
        let mut me = server.guest().await;
        let created = me
            .create(json!({"game": "football", "clock": untimed(), "side": side,
                "options": {"half-length": "2", "placement": "simultaneous"},
                "opponent": {"type": "computer", "level": "easy"}}))
            .await;
        let id = created.game.id.to_string();
        let mut ws = me.ws(&id, None).await;
        // Team choices, in turn, up to the hidden placement phase.
        let mut state = me.view(&id).await;
        while state.hidden.is_none() {
            if state.to_move == Some(mine) {
                ws.play(first_move(&state)).await;
                state = me.view(&id).await;
            } else {
                state = next_version(&mut me, &id, state.version).await;
            }
        }
        let before = state.moves.len();
        let theirs = mine.other().index();
        // The computer places all its pieces while the player has placed
        // none, and nothing of them is shown.
        while !state.hidden.as_ref().expect("hidden").done[theirs] {
            state = next_version(&mut me, &id, state.version).await;
            assert_eq!(state.moves.len(), before, "{side}: placements shown");
            let hidden = state.hidden.as_ref().expect("the phase ended early");
            assert!(!hidden.done[mine.index()], "{side}");
        }
        let their_placements = state.hidden.as_ref().expect("hidden").placed[theirs];
        // The player places; then everything is revealed at once.
        let mut placed = 0;
        while let Some(mv) = state.hidden.as_ref().and_then(|h| h.legal.first()).cloned() {
            ws.play(&mv).await;
            placed += 1;
            state = me.view(&id).await;
        }
        assert!(
            state.hidden.is_none(),
            "{side}: revealed when both are done"
        );
        // (The computer may have kicked off since.)
        let revealed = state.moves[before..]
            .iter()
            .take_while(|m| m.contains('@'))
            .count();
        assert_eq!(revealed, placed + their_placements, "{side}: {state:?}");
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
    let mut state = a.view(&id).await;
    while state.hidden.is_none() {
        let side = state.to_move.expect("to_move");
        sockets[side.index()].play(first_move(&state)).await;
        state = a.view(&id).await;
    }
    // Both clocks run while both sides place.
    let clocks = state.clocks.expect("clocks");
    assert_eq!((clocks.placing, clocks.running), ([true, true], None));
    // The first player places everything; the second stalls and loses on time.
    loop {
        let mine = a.view(&id).await;
        let Some(mv) = mine.hidden.and_then(|h| h.legal.first().cloned()) else {
            break;
        };
        sockets[0].play(&mv).await;
    }
    let state = a.view(&id).await;
    assert_eq!(state.clocks.expect("clocks").placing, [false, true]);
    let result = sockets[1].wait_result().await;
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::Timeout, Some(Player::First))
    );
}

test_on_every_backend!(both_clocks_run_during_hidden_placement, hidden_clocks);

async fn agreements(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(&mut a, &mut b, "pursuit", json!({}), untimed(), false).await;
    let (mut wa, mut wb) = (a.ws(&id, None).await, b.ws(&id, None).await);
    let state = a.view(&id).await;
    wa.play(first_move(&state)).await;
    assert_eq!(wb.action("draw-offer").await, "ack");
    assert_eq!(a.view(&id).await.draw_offer, Some(Player::Second));
    // A second offer while one is pending, and accepting one's own offer.
    assert_eq!(
        wb.refused(json!({"type": "draw-offer"})).await,
        ErrorCode::DrawPending
    );
    assert_eq!(
        wb.refused(json!({"type": "draw-accept"})).await,
        ErrorCode::NoDrawOffer
    );
    assert_eq!(wa.action("draw-accept").await, "ack");
    let result = wb.wait_end().await;
    assert_eq!(
        result,
        json!({"winner": null, "reason": "agreement", "text": "1/2-1/2"})
    );

    // Against the computer a takeback is granted at once (its reply too).
    let created = a
        .create(
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "first",
                   "opponent": {"type": "computer", "level": "random"}}),
        )
        .await;
    let id = created.game.id.to_string();
    let mut ws = a.ws(&id, None).await;
    let state = a.view(&id).await;
    ws.play(first_move(&state)).await;
    let reply = ws.event(|e| e.body.side() == Some(Player::Second)).await;
    assert!(!legal_after(&reply).is_empty());
    assert_eq!(
        ws.refused(json!({"type": "draw-offer"})).await,
        ErrorCode::ComputerNoDraws
    );
    assert_eq!(ws.action("takeback-request").await, "ack");
    let state = a.view(&id).await;
    assert!(state.moves.is_empty());
    assert_eq!(state.to_move, Some(Player::First));
    // Back at the start, a resignation aborts the game.
    assert_eq!(ws.action("resign").await, "ack");
    assert_eq!(ws.wait_result().await.reason, EndReason::Aborted);
}

test_on_every_backend!(
    draws_by_agreement_and_takebacks_against_the_computer,
    agreements
);
