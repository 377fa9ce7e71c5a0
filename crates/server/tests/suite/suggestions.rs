//! What a player sees around challenges and finished games (issue 23): the
//! name suggestions of `GET /api/users?prefix=` (registered people only,
//! any case, at most ten, capped per address), a finished rated game's
//! state carrying the ratings after it, and the lobby leaving out
//! correspondence games nobody moves in any more.

use crate::common;

use common::{challenge, untimed, Backend, TestServer};
use gamut_protocol::game::GameView;
use gamut_protocol::views::{LobbyView, UsersView};
use serde_json::json;
use std::time::Duration;

fn names(view: &UsersView) -> Vec<&str> {
    view.users.iter().map(|u| u.name.as_str()).collect()
}

async fn suggest_names(backend: Backend) {
    let server = TestServer::start_with(backend, |c| {
        c.limits.user_searches_per_minute = 3;
        c.limits.signups_per_minute = 100;
    })
    .await;
    let mut alice = server.registered("Alice").await;
    server.registered("alfred").await;
    server.registered("bob").await;
    server.guest().await;
    let made = alice.post_ok("/api/bots", json!({"name": "albot"})).await;
    assert!(made["token"].is_string(), "{made}");

    let mut visitor = server.client();
    let found: UsersView = visitor.get_as("/api/users?prefix=AL").await;
    assert_eq!(names(&found), ["alfred", "Alice"]);
    assert!(found.users.iter().all(|u| !u.guest && !u.bot));
    let found: UsersView = visitor.get_as("/api/users?prefix=guest").await;
    assert!(found.users.is_empty(), "guests are not suggested");
    // `_` and `%` are letters of a name here, not patterns.
    let found: UsersView = visitor.get_as("/api/users?prefix=%25").await;
    assert!(found.users.is_empty());
    // The fourth look-up in a minute from one address is refused.
    let (status, _) = visitor.get("/api/users?prefix=b").await;
    assert_eq!(status, 429);
    let (status, _) = visitor.get("/api/users?prefix=").await;
    assert_eq!(status, 400, "an empty prefix is refused before counting");
}

#[tokio::test]
async fn names_are_suggested_by_prefix_without_guests_or_bots() {
    suggest_names(Backend::sqlite()).await;
}

#[tokio::test]
async fn names_are_suggested_on_postgres_too() {
    if let Some(backend) = Backend::postgres().await {
        suggest_names(backend).await;
    }
}

#[tokio::test]
async fn at_most_ten_names_are_suggested() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.signups_per_minute = 100;
    })
    .await;
    for i in 0..12 {
        server.registered(&format!("carol{i:02}")).await;
    }
    let found: UsersView = server.client().get_as("/api/users?prefix=carol").await;
    assert_eq!(found.users.len(), UsersView::MAX);
    assert_eq!(found.users[0].name, "carol00");
}

#[tokio::test]
async fn a_finished_rated_game_shows_the_ratings_after_it() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.signups_per_minute = 100;
    })
    .await;
    let mut a = server.registered("dora").await;
    let mut b = server.registered("emil").await;
    let id = challenge(&mut a, &mut b, "loa", json!({}), untimed(), true).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let state = wa.first_state().await;
    wb.first_state().await;
    wa.play(&state.legal[0]).await;
    let state = b.view(&id).await;
    wb.play(&state.legal[0]).await;
    assert_eq!(wa.action("resign").await, "ack");
    wa.wait_end().await;
    for client in [&mut a, &mut b] {
        let state: GameView = client.get_as(&format!("/api/games/{id}")).await;
        let ratings = state
            .ratings
            .unwrap_or_else(|| panic!("a finished rated game's ratings: {state:?}"));
        assert!(ratings[0].after < ratings[0].before, "{ratings:?}");
        assert!(ratings[1].after > ratings[1].before, "{ratings:?}");
    }
    // A restart reads the state from its snapshot: the ratings stay.
    let backend = server.stop();
    let server = TestServer::start(backend).await;
    let state: GameView = server.client().get_as(&format!("/api/games/{id}")).await;
    assert!(state.ratings.is_some());
}

#[tokio::test]
async fn the_lobby_leaves_out_correspondence_games_nobody_moves_in() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.lobby_idle = Duration::from_secs(2);
    })
    .await;
    let (mut a, mut b) = server.two_guests().await;
    let untimed_id = challenge(&mut a, &mut b, "loa", json!({}), untimed(), false).await;
    let realtime = json!({"type": "realtime", "initial_ms": 300_000, "increment_ms": 0});
    let timed_id = challenge(&mut a, &mut b, "loa", json!({}), realtime, false).await;
    let lobby: LobbyView = server.client().get_as("/api/lobby").await;
    let live: Vec<&str> = lobby.live.iter().map(|g| g.id.as_str()).collect();
    assert!(live.contains(&untimed_id.as_str()) && live.contains(&timed_id.as_str()));
    tokio::time::sleep(Duration::from_millis(2_200)).await;
    let lobby: LobbyView = server.client().get_as("/api/lobby").await;
    let live: Vec<&str> = lobby.live.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(
        live,
        [timed_id.as_str()],
        "the idle untimed game left the list"
    );
}
