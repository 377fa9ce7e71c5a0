//! A player's profile: member since, results per game (aborted games left
//! out), the rating history written with each rated game; and the game
//! summaries' side to move and last move time (the "your games" page).

use crate::common;

use common::{
    challenge, first_move, small_loa, Backend, ErrorCode, GamesView, ProfileView, TestServer,
};
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::views::RatingHistoryView;
use serde_json::json;

async fn profile(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut a = server.client();
    let mut b = server.client();
    let before = gamut_protocol::ids::now_ms();
    a.post_ok(
        "/api/signup",
        json!({"username": "alice", "password": "password-a"}),
    )
    .await;
    b.post_ok(
        "/api/signup",
        json!({"username": "bob", "password": "password-b"}),
    )
    .await;
    // Nothing played yet: no results, no history.
    let fresh: ProfileView = a.get_as("/api/users/alice").await;
    assert!(fresh.member_since >= before, "{}", fresh.member_since);
    assert!(fresh.results.is_empty());
    let empty: RatingHistoryView = a.get_as("/api/users/alice/ratings?game=loa").await;
    assert!(empty.points.is_empty());

    // A rated blitz game: alice wins when bob resigns.
    let clock = json!({"type": "realtime", "initial_ms": 300000, "increment_ms": 0});
    let id = challenge(&mut a, &mut b, "loa", json!({"size": "6"}), clock, true).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let state = a.view(&id).await;
    wa.play(first_move(&state)).await;
    let state = b.view(&id).await;
    wb.play(first_move(&state)).await;
    assert_eq!(wb.action("resign").await, "ack");
    wa.wait_end().await;

    // An aborted game counts for nothing.
    let aborted = small_loa(&mut a, &mut b).await;
    let mut wa2 = a.ws(&aborted, None).await;
    assert_eq!(wa2.action("abort").await, "ack");
    wa2.wait_end().await;

    let alice: ProfileView = a.get_as("/api/users/alice").await;
    assert_eq!(alice.member_since, fresh.member_since);
    assert_eq!(alice.results.len(), 1);
    let r = &alice.results[0];
    assert_eq!(
        (r.game, r.wins, r.draws, r.losses),
        (GameKind::Loa, 1, 0, 0)
    );
    let bob: ProfileView = a.get_as("/api/users/BOB").await;
    let r = &bob.results[0];
    assert_eq!(
        (r.game, r.wins, r.draws, r.losses),
        (GameKind::Loa, 0, 0, 1)
    );

    // One history point each, the rating stored beside it.
    let history: RatingHistoryView = a
        .get_as("/api/users/alice/ratings?game=loa&speed=blitz")
        .await;
    assert_eq!(
        (history.game, history.speed),
        (GameKind::Loa, Some(Speed::Blitz))
    );
    assert_eq!(history.points.len(), 1);
    let point = &history.points[0];
    assert_eq!(point.speed, Speed::Blitz);
    assert_eq!(point.rating, alice.ratings[0].rating);
    assert!(point.rating > 1500.0);
    assert!(point.at >= before);
    let every: RatingHistoryView = a.get_as("/api/users/bob/ratings?game=loa").await;
    assert_eq!(every.speed, None);
    assert_eq!(every.points.len(), 1);
    assert!(every.points[0].rating < 1500.0);
    let other_speed: RatingHistoryView = a
        .get_as("/api/users/alice/ratings?game=loa&speed=bullet")
        .await;
    assert!(other_speed.points.is_empty());
    let refused = a.get_refused("/api/users/alice/ratings").await;
    assert_eq!(refused, (400, ErrorCode::BadRequest), "no game");
    let refused = a.get_refused("/api/users/nobody/ratings?game=loa").await;
    assert_eq!(refused, (404, ErrorCode::NoPlayer));
}

test_on_every_backend!(a_profile_has_results_and_a_rating_history, profile);

async fn to_move(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let me = a.me().await;
    let name = me.user.expect("a guest").name;
    let live = |games: &GamesView| {
        games
            .games
            .iter()
            .find(|g| g.id.as_str() == id)
            .cloned()
            .expect("the game is listed")
    };
    let path = format!("/api/games?status=live&player={name}");
    let listed: GamesView = a.get_as(&path).await;
    assert_eq!(live(&listed).moved_at, None);
    let mut wa = a.ws(&id, None).await;
    let state = a.view(&id).await;
    wa.play(first_move(&state)).await;
    let listed: GamesView = a.get_as(&path).await;
    let summary = live(&listed);
    assert_eq!(summary.to_move, Some(Player::Second));
    let moved = summary.moved_at.expect("the move's time");
    assert!(moved >= summary.created_at);
    let mut wb = b.ws(&id, None).await;
    let state = b.view(&id).await;
    wb.play(first_move(&state)).await;
    let listed: GamesView = a.get_as(&path).await;
    let summary = live(&listed);
    assert_eq!(summary.to_move, Some(Player::First));
    assert!(summary.moved_at.expect("the move's time") >= moved);
    // A finished game has no side to move.
    assert_eq!(wa.action("resign").await, "ack");
    wa.wait_end().await;
    let finished: GamesView = a
        .get_as(&format!("/api/games?status=finished&player={name}"))
        .await;
    assert_eq!(finished.games[0].to_move, None);
}

test_on_every_backend!(summaries_name_the_side_to_move, to_move);
