//! Bot accounts (issue 15): made by a registered person, signed in with a
//! bearer token (accepted, refused when wrong or revoked, failures
//! limited like sign-ins), marked as bots in every view, kept apart from
//! people's seeks (a person plays a bot only by challenging it by name),
//! and at most `5` per person; a bot's socket stops acting once its token
//! is revoked.

use crate::common;

use common::{
    first_move, move_and_answer, params, Backend, Client, ErrorCode, ServerMessage, TestServer,
};
use gamut_protocol::bots::{BotCreatedView, BotsView};
use gamut_protocol::notification::NotificationKind;
use serde_json::{json, Value};

/// A client signed up as `name`.
async fn person(server: &TestServer, name: &str) -> Client {
    let mut c = server.client();
    c.post_ok(
        "/api/signup",
        json!({"username": name, "password": "correct horse battery"}),
    )
    .await;
    c
}

/// `owner` makes the bot `name`; a client signed in with its token.
async fn bot(server: &TestServer, owner: &mut Client, name: &str) -> Client {
    let made: BotCreatedView = owner.post_as("/api/bots", json!({"name": name})).await;
    assert!(made.bot.bot && made.bot.name == name);
    let mut c = server.client();
    c.bearer = Some(made.token);
    c
}

fn seek(game: &str) -> Value {
    json!({"game": game, "options": {"size": "6"}, "clock": {"type": "untimed"},
        "opponent": {"type": "seek"}})
}

#[tokio::test]
async fn a_bot_signs_in_with_its_token_until_revoked() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut alice = person(&server, "alice").await;
    let mut robo = bot(&server, &mut alice, "robo").await;
    let me = robo.me().await.user.expect("the bot is signed in");
    assert!(me.bot && !me.guest);
    assert_eq!(me.name, "robo");
    // Marked on the wire, as `"bot": true`.
    let raw = robo.get_ok("/api/me").await;
    assert_eq!(raw["user"]["bot"], json!(true));
    let human = alice.get_ok("/api/me").await;
    assert!(human["user"].get("bot").is_none(), "{human}");
    let profile = alice.get_ok("/api/users/robo").await;
    assert_eq!(profile["user"]["bot"], json!(true));
    // Listed for its owner, never with its token.
    let listed: BotsView = alice.get_as("/api/bots").await;
    assert_eq!(listed.bots.len(), 1);
    assert_eq!(listed.bots[0].user.name, "robo");
    assert!(!alice
        .get_ok("/api/bots")
        .await
        .to_string()
        .contains(robo.bearer.as_deref().unwrap()));
    // A wrong token is refused, not taken for "nobody".
    let mut wrong = server.client();
    wrong.bearer = Some("x".repeat(50));
    let refused = wrong.get_refused("/api/me").await;
    assert_eq!(refused, (401, ErrorCode::WrongToken));
    // A socket opened with the token acts for the bot.
    let mut user_ws = robo.socket("/api/me/ws").await;
    assert!(matches!(
        user_ws.message().await,
        ServerMessage::Notifications { .. }
    ));
    // Revoked: the token signs nobody in any more; the name stays taken.
    let ok = alice
        .send(reqwest::Method::DELETE, "/api/bots/robo", None)
        .await;
    assert_eq!(ok.0, 200, "{}", ok.1);
    let refused = robo.get_refused("/api/me").await;
    assert_eq!(refused, (401, ErrorCode::WrongToken));
    let listed: BotsView = alice.get_as("/api/bots").await;
    assert!(listed.bots.is_empty());
    let (status, error) = alice
        .post_refusal("/api/bots", json!({"name": "robo"}))
        .await;
    assert_eq!(
        (status, error.code, error.params),
        (409, ErrorCode::UsernameTaken, params(&[("name", "robo")]))
    );
    let (status, _) = alice
        .refused(reqwest::Method::DELETE, "/api/bots/robo", None)
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn only_registered_people_make_bots_and_at_most_the_limit() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut guest = server.guest().await;
    let refused = guest
        .post_refused("/api/bots", json!({"name": "robo"}))
        .await;
    assert_eq!(refused, (403, ErrorCode::BotGuest));
    let refused = server
        .client()
        .post_refused("/api/bots", json!({"name": "robo"}))
        .await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));
    let mut alice = person(&server, "alice").await;
    let refused = alice
        .post_refused("/api/bots", json!({"name": "no way!"}))
        .await;
    assert_eq!(refused, (400, ErrorCode::UsernameChars));
    let refused = alice
        .post_refused("/api/bots", json!({"name": "alice"}))
        .await;
    assert_eq!(
        refused,
        (409, ErrorCode::UsernameTaken),
        "a person's name is taken for bots too"
    );
    let mut first = None;
    for i in 0..5 {
        let b = bot(&server, &mut alice, &format!("robo{i}")).await;
        first.get_or_insert(b);
    }
    let (status, error) = alice
        .post_refusal("/api/bots", json!({"name": "robo9"}))
        .await;
    assert_eq!(
        (status, error.code, error.params),
        (429, ErrorCode::BotsHeld, params(&[("n", "5")]))
    );
    let mut first = first.expect("a bot");
    let refused = first
        .post_refused("/api/bots", json!({"name": "robo9"}))
        .await;
    assert_eq!(refused, (403, ErrorCode::BotMakesBot));
    // Another person has a limit of their own.
    let mut bob = person(&server, "bob").await;
    bot(&server, &mut bob, "bobbot").await;
}

#[tokio::test]
async fn wrong_tokens_are_limited_like_sign_ins() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.signin_failures_per_address = 3;
    })
    .await;
    let mut alice = person(&server, "alice").await;
    let mut robo = bot(&server, &mut alice, "robo").await;
    let mut wrong = server.client();
    wrong.bearer = Some("nope".into());
    for _ in 0..3 {
        assert_eq!(
            wrong.get_refused("/api/me").await,
            (401, ErrorCode::WrongToken)
        );
    }
    let (status, error) = wrong.refusal(reqwest::Method::GET, "/api/me", None).await;
    assert_eq!((status, error.code), (429, ErrorCode::TooMany), "{error:?}");
    assert_eq!(
        error.params.get("what").map(String::as_str),
        Some("signins")
    );
    // Even the right token waits (the address is blocked before any look-up).
    assert_eq!(robo.get_refused("/api/me").await, (429, ErrorCode::TooMany));
}

#[tokio::test]
async fn bots_and_people_meet_only_by_a_challenge_to_the_bot() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut alice = person(&server, "alice").await;
    let mut robo = bot(&server, &mut alice, "robo").await;
    let mut other = bot(&server, &mut alice, "other").await;
    // A person's seek: no bot takes it.
    let human_seek = alice.create_game(seek("loa")).await.0;
    let (status, error) = robo
        .post_refused(&format!("/api/games/{human_seek}/join"), json!({}))
        .await;
    assert_eq!(status, 403, "{error}");
    // A bot's seek: not in the lobby, and no person takes it.
    let bot_seek = robo.create_game(seek("loa")).await.0;
    let lobby = alice.get_ok("/api/lobby").await;
    let ids: Vec<&str> = lobby["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&human_seek.as_str()) && !ids.contains(&bot_seek.as_str()));
    let mut bob = person(&server, "bob").await;
    let (status, _) = bob
        .post_refused(&format!("/api/games/{bot_seek}/join"), json!({}))
        .await;
    assert_eq!(status, 403);
    // Bots take each other's seeks (found with GET /api/games).
    let waiting = other.get_ok("/api/games?status=waiting").await;
    let listed = waiting["games"].as_array().unwrap();
    let theirs = listed
        .iter()
        .find(|g| g["id"] == json!(bot_seek))
        .expect("listed");
    assert_eq!(
        theirs["players"]
            .to_string()
            .matches("\"bot\":true")
            .count(),
        1
    );
    other
        .post_ok(&format!("/api/games/{bot_seek}/join"), json!({}))
        .await;
    // A bot does not challenge a person by name.
    let named = json!({"game": "loa", "options": {"size": "6"}, "clock": {"type": "untimed"},
        "opponent": {"type": "challenge", "user": "bob"}});
    let (status, _) = robo.post_refused("/api/games", named).await;
    assert_eq!(status, 403);
    // A person challenges the bot by name: it is told on its socket and
    // joins; the game's seats mark it.
    let mut inbox = robo.socket("/api/me/ws").await;
    inbox.message().await;
    let named = json!({"game": "loa", "options": {"size": "6"}, "clock": {"type": "untimed"},
        "side": "first", "opponent": {"type": "challenge", "user": "robo"}});
    let game = bob.create_game(named).await.0;
    match inbox.message().await {
        ServerMessage::Notification { notification } => {
            assert_eq!(notification.kind, NotificationKind::Challenge);
            assert_eq!(
                notification
                    .game
                    .as_ref()
                    .map(gamut_protocol::ids::GameId::as_str),
                Some(game.as_str())
            );
        }
        other => panic!("expected a notification, got {other:?}"),
    }
    robo.post_ok(&format!("/api/games/{game}/join"), json!({}))
        .await;
    let state = bob.state(&game).await;
    assert_eq!(state["players"][1]["user"]["bot"], json!(true));
    assert!(state["players"][0]["user"].get("bot").is_none());
    // And plays over the game socket with its token.
    let mut ws = robo.ws(&game, None).await;
    let mut bob_ws = bob.ws(&game, None).await;
    let view = bob_ws.first_state().await;
    let first = view.legal[0].clone();
    bob_ws.play(&first).await;
    let mut seen = ws.first_state().await;
    while seen.to_move != Some(gamut_core::Player::Second) {
        seen = bob.view(&game).await;
    }
    let version = ws.play(&seen.legal[0]).await;
    assert!(version > 2);
}

#[tokio::test]
async fn a_bot_socket_that_has_acted_stops_once_its_token_is_revoked() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut alice = person(&server, "alice").await;
    let mut robo = bot(&server, &mut alice, "robo").await;
    let mut other = bot(&server, &mut alice, "other").await;
    let mut first = seek("loa");
    first["side"] = json!("first");
    let game = robo.create_game(first).await.0;
    other
        .post_ok(&format!("/api/games/{game}/join"), json!({}))
        .await;
    let mut ws = robo.ws(&game, None).await;
    let mut theirs = other.ws(&game, None).await;
    let state = ws.first_state().await;
    theirs.first_state().await;
    // Acted: the socket remembers its check.
    let mv = move_and_answer(&mut ws, &mut theirs, first_move(&state)).await;
    let ok = alice
        .send(reqwest::Method::DELETE, "/api/bots/robo", None)
        .await;
    assert_eq!(ok.0, 200, "{}", ok.1);
    let refused = ws.refused(json!({"type": "move", "move": mv})).await;
    assert_eq!(refused, ErrorCode::SessionEnded);
}
