//! Premoves in real-time games: played the moment the turn comes (no time
//! charged), dropped with a word when illegal then, cancelled, replaced,
//! never seen by the opponent or spectators, refused untimed, played after
//! the computer's move, dropped by a takeback, and gone with the socket
//! that set them (a premove is a request held by the game's task, not
//! stored: docs/api.md).

use crate::common;

use common::{challenge, Backend, Client, ServerMessage, TestServer, Ws};
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::game::{EventBody, GameView};
use gamut_protocol::ErrorCode;
use serde_json::json;

/// Ten minutes and a second's increment.
fn clock() -> serde_json::Value {
    json!({"type": "realtime", "initial_ms": 600000, "increment_ms": 1000})
}

/// A timed 6×6 Lines of Action game between `a` (first) and `b`.
async fn timed_game(a: &mut Client, b: &mut Client) -> String {
    challenge(a, b, "loa", json!({"size": "6"}), clock(), false).await
}

/// A timed game (see [`timed_game`]) between two guests, with each
/// player's socket open and its first state read.
struct TimedGame {
    /// The first player, to move.
    a: Client,
    /// The second player, waiting.
    b: Client,
    id: String,
    /// The first player's socket.
    wa: Ws,
    /// The second player's socket.
    wb: Ws,
    /// The first state on the first player's socket.
    state: GameView,
    /// The first state on the second player's socket.
    waiting: GameView,
}

impl TimedGame {
    /// Starts the game on `server` between two new guests.
    async fn start(server: &TestServer) -> TimedGame {
        let (mut a, mut b) = server.two_guests().await;
        let id = timed_game(&mut a, &mut b).await;
        let (mut wa, mut wb) = (a.ws(&id, None).await, b.ws(&id, None).await);
        let state = wa.first_state().await;
        let waiting = wb.first_state().await;
        TimedGame {
            a,
            b,
            id,
            wa,
            wb,
            state,
            waiting,
        }
    }
}

/// Sends a premove request (`mv`: `None` cancels) with request id `id`;
/// the answer (`premove-set` or `error`).
async fn premove(ws: &mut Ws, id: i64, mv: Option<&str>) -> ServerMessage {
    let message = match mv {
        Some(mv) => json!({"type": "premove", "move": mv, "id": id}),
        None => json!({"type": "premove-cancel", "id": id}),
    };
    ws.send(message).await;
    ws.wait_message(|m| {
        matches!(m, ServerMessage::PremoveSet { id: Some(n), .. }
                  | ServerMessage::Error { id: Some(n), .. } if *n == id)
    })
    .await
}

/// Asserts that the next message on `ws` answers a ping: nothing came
/// before it (no word of a premove, no event).
async fn nothing_before_pong(ws: &mut Ws) {
    ws.send(json!({"type": "ping"})).await;
    let next = ws.message().await;
    assert_eq!(next, ServerMessage::Pong, "something came first");
}

/// A move of the second side legal after any first move from `state`'s
/// position (so a premove made before the first side moves is legal).
fn reply_legal_after_any(state: &GameView) -> String {
    let options = [("size".to_owned(), "6".to_owned())];
    let start = GameKind::Loa.new_match(&options, None).expect("a game");
    assert_eq!(start.position_text(), state.position);
    let mut common: Option<Vec<String>> = None;
    for mv in start.legal_moves() {
        let mut game = start.clone_match();
        game.play(&mv).expect("legal");
        let replies = game.legal_moves();
        common = Some(match common {
            None => replies,
            Some(c) => c.into_iter().filter(|r| replies.contains(r)).collect(),
        });
    }
    common
        .and_then(|c| c.into_iter().next())
        .expect("a reply legal after any first move")
}

async fn a_premove_is_played_at_once_and_charged_nothing(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut game = TimedGame::start(&server).await;
    let reply = reply_legal_after_any(&game.state);
    // The player not to move is offered the moves they may premove; the
    // one to move is not.
    assert!(game.state.premoves.is_empty());
    assert!(game.waiting.premoves.contains(&reply));
    let set = premove(&mut game.wb, 1, Some(&reply)).await;
    assert_eq!(
        set,
        ServerMessage::PremoveSet {
            id: Some(1),
            mv: Some(reply.clone())
        }
    );
    let opening = common::first_move(&game.state).to_owned();
    let version = game.wa.play(&opening).await;
    // The premover sees the opponent's move, its own, then the word of it.
    let theirs = game.wb.any_event().await;
    assert_eq!(theirs.version, version);
    let EventBody::Move { clocks, .. } = &theirs.body else {
        panic!("a move: {theirs:?}");
    };
    let before = clocks.expect("clocks");
    let mine = game.wb.any_event().await;
    let EventBody::Move {
        side, mv, clocks, ..
    } = &mine.body
    else {
        panic!("a move: {mine:?}");
    };
    assert_eq!((*side, mv.as_str()), (Player::Second, reply.as_str()));
    let after = clocks.expect("clocks");
    // No time charged; the increment added.
    assert_eq!(
        after.left(Player::Second),
        before.left(Player::Second) + 1000
    );
    assert_eq!(
        game.wb.message().await,
        ServerMessage::PremovePlayed {
            id: Some(1),
            mv: reply.clone(),
            version: mine.version
        }
    );
    // The opponent sees it as any move; the premover, now waiting again,
    // is offered premoves with it.
    let seen = game.wa.any_event().await;
    assert_eq!((seen.version, &seen.body), (mine.version, &mine.body));
    assert_eq!(seen.premoves, None);
    assert!(mine.premoves.is_some_and(|p| !p.is_empty()));
    let view = game.a.view(&game.id).await;
    assert_eq!(view.moves, vec![opening, reply]);
}

test_on_every_backend!(
    a_premove_is_played_the_moment_the_turn_comes,
    a_premove_is_played_at_once_and_charged_nothing
);

async fn illegal_cancelled_and_replaced(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut game = TimedGame::start(&server).await;
    // An illegal premove is dropped with the reason when the turn comes.
    premove(&mut game.wb, 1, Some("a1-a9")).await;
    let version = game.wa.play(common::first_move(&game.state)).await;
    assert_eq!(game.wb.any_event().await.version, version);
    let ServerMessage::PremoveDropped {
        id: Some(1),
        mv,
        code,
        params,
        ..
    } = game.wb.message().await
    else {
        panic!("the premove is dropped");
    };
    assert_eq!(mv, "a1-a9");
    assert_eq!(code, ErrorCode::IllegalMove);
    assert_eq!(params.get("move").map(String::as_str), Some("a1-a9"));
    let view = game.b.view(&game.id).await;
    assert_eq!(
        (view.version, view.to_move),
        (version, Some(Player::Second))
    );
    // Alice premoves and cancels: when her turn comes, nothing is played.
    premove(&mut game.wa, 2, Some("a1-a9")).await;
    assert_eq!(
        premove(&mut game.wa, 3, None).await,
        ServerMessage::PremoveSet {
            id: Some(3),
            mv: None
        }
    );
    let version = game.wb.play(common::first_move(&view)).await;
    assert_eq!(game.wa.any_event().await.version, version);
    nothing_before_pong(&mut game.wa).await;
    let view = game.a.view(&game.id).await;
    assert_eq!((view.version, view.to_move), (version, Some(Player::First)));
}

test_on_every_backend!(
    an_illegal_premove_is_dropped_a_cancelled_one_never_played,
    illegal_cancelled_and_replaced
);

async fn replaced_then_played(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut game = TimedGame::start(&server).await;
    let reply = reply_legal_after_any(&game.state);
    premove(&mut game.wb, 1, Some("a1-a9")).await;
    premove(&mut game.wb, 2, Some(&reply)).await;
    game.wa.play(common::first_move(&game.state)).await;
    let played = game
        .wb
        .wait_message(|m| {
            matches!(
                m,
                ServerMessage::PremovePlayed { .. } | ServerMessage::PremoveDropped { .. }
            )
        })
        .await;
    assert!(
        matches!(&played, ServerMessage::PremovePlayed { id: Some(2), mv, .. } if *mv == reply),
        "{played:?}"
    );
    assert_eq!(game.b.view(&game.id).await.moves.len(), 2);
}

test_on_every_backend!(the_last_premove_set_is_the_one_played, replaced_then_played);

async fn private(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut game = TimedGame::start(&server).await;
    let mut watcher = server.guest().await;
    let mut ws = watcher.ws(&game.id, None).await;
    ws.first_state().await;
    premove(&mut game.wb, 1, Some("a1-a9")).await;
    premove(&mut game.wb, 2, Some(&reply_legal_after_any(&game.state))).await;
    premove(&mut game.wb, 3, None).await;
    premove(&mut game.wb, 4, Some("a1-a9")).await;
    // Neither the opponent nor a spectator hears of any of it, nor sees a
    // version move on.
    nothing_before_pong(&mut game.wa).await;
    nothing_before_pong(&mut ws).await;
    assert_eq!(watcher.view(&game.id).await.version, game.state.version);
    // A spectator cannot premove.
    let refused = premove(&mut ws, 9, Some("a1-a9")).await;
    assert!(matches!(
        refused,
        ServerMessage::Error {
            id: Some(9),
            code: ErrorCode::NotAPlayer,
            ..
        }
    ));
    // Once the turn comes, the opponent and the spectator see the move
    // events only; the drop is told to the premover alone.
    let version = game.wa.play(common::first_move(&game.state)).await;
    assert_eq!(ws.any_event().await.version, version);
    nothing_before_pong(&mut game.wa).await;
    nothing_before_pong(&mut ws).await;
    game.wb
        .wait_message(|m| matches!(m, ServerMessage::PremoveDropped { .. }))
        .await;
}

test_on_every_backend!(
    premoves_are_never_seen_by_the_opponent_or_spectators,
    private
);

async fn refusals(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let untimed = common::small_loa(&mut a, &mut b).await;
    let mut wb = b.ws(&untimed, None).await;
    let refused = premove(&mut wb, 1, Some("a2-c2")).await;
    let ServerMessage::Error { code, .. } = refused else {
        panic!("refused untimed: {refused:?}");
    };
    assert_eq!(code, ErrorCode::PremoveUntimed);
    let id = timed_game(&mut a, &mut b).await;
    let mut wa = a.ws(&id, None).await;
    let own_turn = premove(&mut wa, 2, Some("b1-b3")).await;
    assert!(matches!(
        own_turn,
        ServerMessage::Error {
            id: Some(2),
            code: ErrorCode::PremoveOwnTurn,
            ..
        }
    ));
    let long = premove(&mut wa, 3, Some(&"x".repeat(65))).await;
    assert!(
        matches!(
            long,
            ServerMessage::Error {
                id: Some(3),
                code: ErrorCode::MoveLength,
                ..
            }
        ),
        "{long:?}"
    );
}

test_on_every_backend!(
    premoves_are_refused_untimed_on_ones_turn_and_overlong,
    refusals
);

async fn closed_socket(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = timed_game(&mut a, &mut b).await;
    let mut wa = a.ws(&id, None).await;
    let state = wa.first_state().await;
    {
        let mut wb = b.ws(&id, None).await;
        wb.first_state().await;
        premove(&mut wb, 1, Some(&reply_legal_after_any(&state))).await;
    }
    // Time for the server to see the socket close.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    // The premove went with its socket: the turn comes, nothing is played.
    let version = wa.play(common::first_move(&state)).await;
    nothing_before_pong(&mut wa).await;
    let view = b.view(&id).await;
    assert_eq!(
        (view.version, view.to_move),
        (version, Some(Player::Second))
    );
}

test_on_every_backend!(a_premove_goes_with_the_socket_that_set_it, closed_socket);

async fn after_the_computer(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut a = server.guest().await;
    // The computer plays first and thinks a second (hard, on a clock).
    let (id, _) = a
        .create_game(
            json!({"game": "loa", "options": {"size": "6"}, "clock": clock(),
                            "side": "second", "opponent": {"type": "computer", "level": "hard"}}),
        )
        .await;
    let mut wa = a.ws(&id, None).await;
    let state = wa.first_state().await;
    assert_eq!(state.to_move, Some(Player::First));
    let reply = reply_legal_after_any(&state);
    let set = premove(&mut wa, 1, Some(&reply)).await;
    assert!(matches!(set, ServerMessage::PremoveSet { .. }), "{set:?}");
    let played = wa
        .wait_message(|m| matches!(m, ServerMessage::PremovePlayed { .. }))
        .await;
    let ServerMessage::PremovePlayed { version, .. } = played else {
        unreachable!()
    };
    let view = a.view(&id).await;
    assert!(view.version >= version);
    assert_eq!(view.moves[1], reply);
}

test_on_every_backend!(
    a_premove_is_played_as_soon_as_the_computer_moves,
    after_the_computer
);

async fn taken_back(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut game = TimedGame::start(&server).await;
    game.wa.play(common::first_move(&game.state)).await;
    let view = game.b.view(&game.id).await;
    game.wb.play(common::first_move(&view)).await;
    // Bob leaves a premove; Alice asks to take her move back, Bob grants
    // it: the position his premove was meant for is gone, and so is it.
    premove(&mut game.wb, 1, Some("a1-a9")).await;
    assert_eq!(game.wa.action("takeback-request").await, "ack");
    assert_eq!(game.wb.action("takeback-accept").await, "ack");
    let dropped = game
        .wb
        .wait_message(|m| matches!(m, ServerMessage::PremoveDropped { .. }))
        .await;
    let ServerMessage::PremoveDropped { code, .. } = dropped else {
        unreachable!()
    };
    assert_eq!(code, ErrorCode::PremoveTakenBack);
}

test_on_every_backend!(a_takeback_drops_the_premoves, taken_back);
