//! Chat (issue 14): rooms (lobby, a game's players, its spectators), the
//! messages' limits, mutes, and delivery over the sockets; on every
//! backend.

use crate::common;

use common::{params, Backend, Client, ErrorCode, ServerMessage, TestServer, Ws};
use gamut_protocol::chat::ChatLine;
use gamut_protocol::views::ChatView;
use serde_json::json;

/// Waits for the next chat message on `ws` (skipping everything else).
async fn next_chat(ws: &mut Ws) -> (String, ChatLine) {
    loop {
        if let ServerMessage::Chat { room, line } = ws.message().await {
            return (room, line);
        }
    }
}

async fn say(client: &mut Client, path: &str, text: &str) -> ChatLine {
    client.post_as(path, json!({"text": text})).await
}

/// A live challenge between `a` (first) and `b`.
async fn game(a: &mut Client, b: &mut Client) -> String {
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

async fn rooms(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let mut watcher = server.guest().await;
    let id = game(&mut a, &mut b).await;
    let chat = format!("/api/games/{id}/chat");
    let mut b_ws = b.ws(&id, None).await;
    b_ws.first_state().await;
    let mut watcher_ws = watcher.ws(&id, None).await;
    watcher_ws.first_state().await;

    // A player's message reaches the other player, as typed (never HTML).
    let said = say(&mut a, &chat, "  good luck <img src=x onerror=alert(1)>\n").await;
    assert_eq!(said.text, "good luck <img src=x onerror=alert(1)>");
    let (room, line) = next_chat(&mut b_ws).await;
    assert_eq!((room.as_str(), &line), ("players", &said));
    // A spectator's message stays among the spectators.
    let aside = say(&mut watcher, &chat, "what a move").await;
    let (room, line) = next_chat(&mut watcher_ws).await;
    assert_eq!((room.as_str(), line), ("spectators", aside));
    let reply = say(&mut b, &chat, "thanks").await;
    assert_eq!(
        next_chat(&mut b_ws).await.1,
        reply,
        "the spectator's message did not come"
    );

    let history: ChatView = b.get_as(&chat).await;
    assert_eq!(history.room, "players");
    assert_eq!(history.lines, vec![said, reply]);
    let history: ChatView = watcher.get_as(&chat).await;
    assert_eq!(
        (history.room.as_str(), history.lines.len()),
        ("spectators", 1)
    );
    // Anyone may read the spectators' room; nobody without a session writes.
    let mut anonymous = server.client();
    let history: ChatView = anonymous.get_as(&chat).await;
    assert_eq!(history.lines.len(), 1);
    let refused = anonymous.post_refused(&chat, json!({"text": "hi"})).await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));

    // The lobby's room, over the lobby socket.
    let mut lobby = watcher.socket("/api/lobby/ws").await;
    let hello = say(&mut a, "/api/lobby/chat", "anyone for a game?").await;
    assert_eq!(
        next_chat(&mut lobby).await,
        ("lobby".to_owned(), hello.clone())
    );
    let history: ChatView = anonymous.get_as("/api/lobby/chat").await;
    assert_eq!(history.lines, vec![hello]);
}

test_on_every_backend!(chat_rooms_keep_players_and_spectators_apart, rooms);

async fn limits_and_mutes(backend: Backend) {
    let server = TestServer::start_with(backend, |c| c.limits.chat_per_minute = 3).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = game(&mut a, &mut b).await;
    let chat = format!("/api/games/{id}/chat");
    for (text, code, quoted) in [
        (" \n ".to_owned(), ErrorCode::ChatEmpty, params(&[])),
        (
            "x".repeat(141),
            ErrorCode::ChatTooLong,
            params(&[("n", "140")]),
        ),
    ] {
        let (s, e) = a.post_refusal(&chat, json!({"text": text})).await;
        assert_eq!((s, e.code, e.params), (400, code, quoted));
    }
    let (s, _) = a
        .post_refused(&chat, json!({"text": "hi", "extra": 1}))
        .await;
    assert_eq!(s, 400);
    let first = say(&mut a, &chat, "hello").await;

    // b mutes a: a's messages leave b's history and b's new sockets.
    let a_name = a.me().await.user.expect("a guest").name;
    b.post_ok("/api/mutes", json!({"user": a_name})).await;
    let mutes: serde_json::Value = b.get_ok("/api/mutes").await;
    assert_eq!(mutes["users"][0]["name"], a_name.as_str());
    let history: ChatView = b.get_as(&chat).await;
    assert!(history.lines.is_empty(), "{history:?}");
    let mut lobby = b.socket("/api/lobby/ws").await;
    say(&mut a, "/api/lobby/chat", "from a").await;
    let mut c = server.guest().await;
    say(&mut c, "/api/lobby/chat", "from c").await;
    let (_, line) = next_chat(&mut lobby).await;
    assert_eq!(line.text, "from c", "a's message was hidden");
    let (s, e) = b
        .post_refusal("/api/mutes", json!({"user": "nobody-here"}))
        .await;
    assert_eq!(
        (s, e.code, e.params),
        (404, ErrorCode::NoPlayer, params(&[("name", "nobody-here")]))
    );
    let b_name = b.me().await.user.expect("b guest").name;
    let refused = b.post_refused("/api/mutes", json!({"user": b_name})).await;
    assert_eq!(refused, (400, ErrorCode::MuteSelf));
    let (s, _) = b
        .send(
            reqwest::Method::DELETE,
            &format!("/api/mutes/{a_name}"),
            None,
        )
        .await;
    assert_eq!(s, 200);
    let history: ChatView = b.get_as(&chat).await;
    assert_eq!(history.lines, vec![first]);

    // Three messages a minute: the fourth waits.
    say(&mut a, &chat, "third").await;
    let (s, e) = a.post_refusal(&chat, json!({"text": "fourth"})).await;
    assert_eq!((s, e.code), (429, ErrorCode::TooMany));
    assert_eq!(e.params.get("what").map(String::as_str), Some("chat"));
    assert!(e.params.contains_key("n"), "{e:?}");
}

test_on_every_backend!(
    chat_messages_are_bounded_and_mutes_hide_them,
    limits_and_mutes
);
