//! Challenges by name, rematches and notifications (issue 14), on every
//! backend.

use crate::common;

use common::{params, Backend, Client, CreatedView, ErrorCode, ServerMessage, TestServer, Ws};
use gamut_core::Player;
use gamut_protocol::notification::{Notification, NotificationKind};
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::{NotificationsView, RematchView};
use serde_json::{json, Value};

/// The next notification on a user socket (skipping those of games
/// ending, which correspondence games send too).
async fn next_notification(ws: &mut Ws) -> Notification {
    loop {
        if let ServerMessage::Notification { notification } = ws.message().await {
            if notification.kind != NotificationKind::GameEnded {
                return notification;
            }
        }
    }
}

async fn name(client: &mut Client) -> String {
    client.me().await.user.expect("signed in").name
}

fn challenge(to: Option<&str>) -> Value {
    let mut opponent = json!({"type": "challenge"});
    if let Some(name) = to {
        opponent["user"] = json!(name);
    }
    json!({"game": "loa", "options": {"size": "6"}, "clock": {"type": "untimed"},
        "side": "first", "opponent": opponent})
}

/// Ends game `id` by `client`'s resignation (an abort this early).
async fn finish(client: &Client, id: &str) {
    let mut ws = client.ws(id, None).await;
    ws.first_state().await;
    assert_eq!(ws.action("resign").await, "ack");
    ws.wait_end().await;
}

async fn by_name(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut alice, mut bob) = server.two_guests().await;
    let mut carol = server.guest().await;
    let bob_name = name(&mut bob).await;
    let mut bob_inbox = bob.socket("/api/me/ws").await;
    // The socket's first message: the last notifications (none yet).
    let first = bob_inbox.message().await;
    assert!(
        matches!(&first, ServerMessage::Notifications { notifications, unseen: 0 } if notifications.is_empty()),
        "{first:?}"
    );

    let created = alice.create(challenge(Some(&bob_name))).await;
    let id = created.game.id.to_string();
    // The waiting game says whom it waits for.
    assert_eq!(alice.view(&id).await.invitee, Some(bob_name.clone()));
    let mut waiting = alice.ws(&id, None).await;
    assert_eq!(waiting.first_state().await.invitee, Some(bob_name.clone()));
    let told = next_notification(&mut bob_inbox).await;
    assert_eq!(told.kind, NotificationKind::Challenge);
    assert_eq!(
        told.game.as_ref().map(ToString::to_string),
        Some(id.clone())
    );
    assert_eq!(told.from.map(|u| u.name), Some(name(&mut alice).await));
    let inbox: NotificationsView = bob.get_as("/api/notifications").await;
    assert_eq!((inbox.unseen, inbox.notifications.len()), (1, 1));
    bob.post_ok("/api/notifications/seen", json!({"until": told.at}))
        .await;
    let inbox: NotificationsView = bob.get_as("/api/notifications").await;
    assert_eq!(inbox.unseen, 0);
    // Only bob may take it.
    let refused = carol
        .post_refused(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_eq!(refused, (403, ErrorCode::ChallengeOther));
    // Bob declines: the game is gone and alice is told.
    let mut alice_inbox = alice.socket("/api/me/ws").await;
    let refused = carol
        .post_refused(&format!("/api/games/{id}/decline"), json!({}))
        .await;
    assert_eq!(refused, (403, ErrorCode::ChallengeNotYours));
    bob.post_ok(&format!("/api/games/{id}/decline"), json!({}))
        .await;
    assert_eq!(alice.get(&format!("/api/games/{id}")).await.0, 404);
    let told = next_notification(&mut alice_inbox).await;
    assert_eq!(told.kind, NotificationKind::ChallengeDeclined);
    // The waiting page's socket hears of it too.
    assert_eq!(
        waiting.message().await,
        ServerMessage::Notification { notification: told }
    );
    // Accepted this time.
    let created = alice.create(challenge(Some(&bob_name))).await;
    let id = created.game.id.to_string();
    bob.post_ok(&format!("/api/games/{id}/join"), json!({}))
        .await;
    let started = bob.view(&id).await;
    assert_eq!((started.status, started.invitee), (GameStatus::Live, None));
    // A challenge by link waits for nobody in particular.
    let link = alice.create(challenge(None)).await;
    let link = alice.view(link.game.id.as_str()).await;
    assert_eq!(link.invitee, None);
    // Refused: an unknown player, oneself.
    let (s, e) = alice
        .post_refusal("/api/games", challenge(Some("nobody-here")))
        .await;
    assert_eq!(
        (s, e.code, e.params),
        (404, ErrorCode::NoPlayer, params(&[("name", "nobody-here")]))
    );
    let alice_name = name(&mut alice).await;
    let refused = alice
        .post_refused("/api/games", challenge(Some(&alice_name)))
        .await;
    assert_eq!(refused, (400, ErrorCode::ChallengeSelf));
}

test_on_every_backend!(a_challenge_sent_by_name_is_for_that_player_alone, by_name);

async fn rematches(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut alice, mut bob) = server.two_guests().await;
    let created = alice.create(challenge(None)).await;
    let id = created.game.id.to_string();
    bob.post_ok(&format!("/api/games/{id}/join"), json!({}))
        .await;
    let refused = alice
        .post_refused(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::NotOver));
    finish(&alice, &id).await;

    let mut bob_inbox = bob.socket("/api/me/ws").await;
    let offer: CreatedView = alice
        .post_as(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    let again: CreatedView = alice
        .post_as(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    assert_eq!(offer.game.id, again.game.id, "offering twice is one offer");
    let told = next_notification(&mut bob_inbox).await;
    assert_eq!(
        (told.kind, told.game.clone()),
        (NotificationKind::Rematch, Some(offer.game.id.clone()))
    );
    assert_eq!(told.after.map(|g| g.to_string()), Some(id.clone()));
    let pending: RematchView = bob.get_as(&format!("/api/games/{id}/rematch")).await;
    assert_eq!(pending.game, Some(offer.game.id.clone()));
    // Bob accepts by asking too: the same game starts, sides swapped.
    let accepted: CreatedView = bob
        .post_as(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    assert_eq!(accepted.game.id, offer.game.id);
    let rematch = accepted.game.id.to_string();
    let view = alice.view(&rematch).await;
    assert_eq!(
        (view.status, view.you),
        (GameStatus::Live, Some(Player::Second))
    );

    // After the rematch, bob offers and alice declines.
    finish(&bob, &rematch).await;
    let mut bob_inbox = bob.socket("/api/me/ws").await;
    let offer: CreatedView = bob
        .post_as(&format!("/api/games/{rematch}/rematch"), json!({}))
        .await;
    alice
        .post_ok(&format!("/api/games/{rematch}/rematch/decline"), json!({}))
        .await;
    assert_eq!(
        bob.get(&format!("/api/games/{}", offer.game.id)).await.0,
        404
    );
    let told = next_notification(&mut bob_inbox).await;
    assert_eq!(told.kind, NotificationKind::RematchDeclined);
    let pending: RematchView = bob.get_as(&format!("/api/games/{rematch}/rematch")).await;
    assert_eq!(pending.game, None);
    // Declined as a challenge (from the notification), an offer is
    // declined as a rematch, and a new one may be made.
    let offer: CreatedView = bob
        .post_as(&format!("/api/games/{rematch}/rematch"), json!({}))
        .await;
    alice
        .post_ok(&format!("/api/games/{}/decline", offer.game.id), json!({}))
        .await;
    let told = next_notification(&mut bob_inbox).await;
    assert_eq!(told.kind, NotificationKind::RematchDeclined);
    let pending: RematchView = bob.get_as(&format!("/api/games/{rematch}/rematch")).await;
    assert_eq!(pending.game, None);
    let again: CreatedView = bob
        .post_as(&format!("/api/games/{rematch}/rematch"), json!({}))
        .await;
    assert_ne!(again.game.id, offer.game.id);
    // A cancelled offer is none either.
    bob.send(
        reqwest::Method::DELETE,
        &format!("/api/games/{}", again.game.id),
        None,
    )
    .await;
    let pending: RematchView = alice.get_as(&format!("/api/games/{rematch}/rematch")).await;
    assert_eq!(pending.game, None);

    // Against the computer the rematch starts at once.
    let created = alice
        .create(
            json!({"game": "loa", "clock": {"type": "untimed"}, "side": "first",
            "opponent": {"type": "computer", "level": "random"}}),
        )
        .await;
    let id = created.game.id.to_string();
    finish(&alice, &id).await;
    let again: CreatedView = alice
        .post_as(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    let view = alice.view(again.game.id.as_ref()).await;
    assert_eq!(
        (view.status, view.you),
        (GameStatus::Live, Some(Player::Second))
    );
}

test_on_every_backend!(a_rematch_swaps_the_sides, rematches);

async fn correspondence(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut alice, mut bob) = server.two_guests().await;
    let created = alice.create(challenge(None)).await;
    let id = created.game.id.to_string();
    bob.post_ok(&format!("/api/games/{id}/join"), json!({}))
        .await;
    let mut bob_inbox = bob.socket("/api/me/ws").await;
    let mut ws = alice.ws(&id, None).await;
    let state = ws.first_state().await;
    ws.play(&state.legal[0]).await;
    let told = next_notification(&mut bob_inbox).await;
    assert_eq!(told.kind, NotificationKind::YourTurn);
    assert_eq!(told.game.map(|g| g.to_string()), Some(id));
}

test_on_every_backend!(
    a_correspondence_player_is_told_it_is_their_turn,
    correspondence
);
