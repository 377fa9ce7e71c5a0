//! Game reviews (issue 15): `POST /api/games/{id}/review` runs the engine
//! over every position of a finished game and stores the result; `GET`
//! answers its state and, once done, one mark per ply, the better moves
//! and each player's accuracy. Bounds: a session, finished games only,
//! one review per user, a cap in all.

use crate::common;

use common::{challenge, review_done, short_game, untimed, Backend, Client, ErrorCode, TestServer};
use gamut_protocol::review::ReviewView;
use gamut_protocol::review::{Mark, ReviewState};
use serde_json::json;
use std::time::{Duration, Instant};

/// Lines of Action 6×6, Black to move: c1-c3 connects Black's three
/// pieces (a win), and White's f5-e5 would connect White's. Any other
/// Black move that leaves f5-e5 open loses at once.
const CONNECT_IN_ONE: &str = "..ww../.....w/bb..../....../....../..b... b";

/// A game from `CONNECT_IN_ONE` where Black plays b4-b3 and White
/// connects.
async fn blundered_game(a: &mut Client, b: &mut Client) -> String {
    let created = a
        .post_ok(
            "/api/games",
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(),
                   "side": "first", "opponent": {"type": "challenge"},
                   "position": CONNECT_IN_ONE}),
        )
        .await;
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    wa.first_state().await;
    wb.first_state().await;
    wa.play("b4-b3").await;
    wb.play("f5-e5").await;
    let result = wa.wait_end().await;
    assert_eq!(result["winner"], 1, "{result}");
    id
}

async fn a_blunder_is_marked_with_the_connecting_move(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = blundered_game(&mut a, &mut b).await;
    let mut anyone = server.client();
    let none: ReviewView = anyone.get_as(&format!("/api/games/{id}/review")).await;
    assert_eq!(none.state, ReviewState::None);
    // A session is needed to ask.
    let refused = anyone
        .post_refused(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));
    let asked: ReviewView = b
        .post_as(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_ne!(asked.state, ReviewState::None);
    let done = review_done(&mut anyone, &id).await;
    let review = done.review.expect("a review");
    assert_eq!(review.plies.len(), 2);
    assert_eq!(review.positions.len(), 3);
    let blunder = &review.plies[0];
    assert_eq!(blunder.played, "b4-b3");
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert_eq!(blunder.best.as_deref(), Some("c1-c3"));
    assert!((blunder.before - 100.0).abs() < 1e-9, "Black won before");
    assert!(blunder.after.abs() < 1e-9, "and lost after");
    let win = &review.plies[1];
    assert_eq!(win.played, "f5-e5");
    assert_eq!(win.mark, None);
    assert!(win.loss.abs() < 1e-9);
    let [first, second] = review.accuracy;
    assert!(first.unwrap() < 5.0, "{first:?}");
    assert!(second.unwrap() > 99.0, "{second:?}");
    // Asked again: the stored review, the same.
    let again: ReviewView = a
        .post_as(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_eq!(again.review.unwrap().at, review.at);
}

#[tokio::test]
async fn a_blunder_is_marked_with_the_connecting_move_sqlite() {
    a_blunder_is_marked_with_the_connecting_move(Backend::sqlite()).await;
}

#[tokio::test]
async fn a_blunder_is_marked_with_the_connecting_move_postgres() {
    if let Some(backend) = Backend::postgres().await {
        a_blunder_is_marked_with_the_connecting_move(backend).await;
    }
}

#[tokio::test]
async fn a_short_game_gets_one_mark_per_ply() {
    let server = TestServer::start(Backend::sqlite()).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = short_game(&mut a, &mut b, 4).await;
    let state = a.view(&id).await;
    let _: ReviewView = a
        .post_as(&format!("/api/games/{id}/review"), json!({}))
        .await;
    let review = review_done(&mut a, &id).await.review.unwrap();
    assert_eq!(review.plies.len(), 4);
    assert_eq!(review.positions.len(), 5);
    for (i, ply) in review.plies.iter().enumerate() {
        assert_eq!(ply.ply, i + 1);
        assert_eq!(ply.played, state.moves[i]);
        assert!(ply.best.is_some());
        assert!((0.0..=100.0).contains(&ply.loss));
        assert!((0.0..=100.0).contains(&ply.accuracy));
    }
    assert!(review.accuracy.iter().all(Option::is_some));
    let t = review.thresholds;
    assert!(t.inaccuracy < t.mistake && t.mistake < t.blunder);
}

#[tokio::test]
async fn a_live_game_cannot_be_reviewed() {
    let server = TestServer::start(Backend::sqlite()).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = challenge(
        &mut a,
        &mut b,
        "loa",
        json!({"size": "6"}),
        untimed(),
        false,
    )
    .await;
    let refused = a
        .post_refused(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::NotOver));
    let refused = a.get_refused("/api/games/0000000000000000/review").await;
    assert_eq!(refused, (404, ErrorCode::NoSuchGame));
}

#[tokio::test]
async fn reviews_are_bounded_per_user_and_in_all() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.review.running = 1;
        c.limits.review.position_time = Duration::from_secs(2);
        c.limits.review.position_nodes = u64::MAX;
    })
    .await;
    let (mut a, mut b) = server.two_guests().await;
    let first = short_game(&mut a, &mut b, 4).await;
    let second = short_game(&mut a, &mut b, 2).await;
    let started = Instant::now();
    let asked: ReviewView = a
        .post_as(&format!("/api/games/{first}/review"), json!({}))
        .await;
    assert!(matches!(
        asked.state,
        ReviewState::Queued | ReviewState::Running
    ));
    let refused = a
        .post_refused(&format!("/api/games/{second}/review"), json!({}))
        .await;
    assert_eq!(refused, (429, ErrorCode::ReviewRunning));
    let refused = b
        .post_refused(&format!("/api/games/{second}/review"), json!({}))
        .await;
    assert_eq!(refused, (429, ErrorCode::ReviewsBusy));
    // Someone else asking for the same game joins the running review.
    let joined: ReviewView = b
        .post_as(&format!("/api/games/{first}/review"), json!({}))
        .await;
    let progress = joined.progress.expect("progress");
    assert_eq!(progress.total, 5);
    assert!(started.elapsed() < Duration::from_secs(2), "not done yet");
    review_done(&mut b, &first).await;
    // Each position searched its time (no proof in these openings) and no
    // more.
    let took = started.elapsed();
    assert!(took < Duration::from_secs(20), "{took:?}");
    let _: ReviewView = b
        .post_as(&format!("/api/games/{second}/review"), json!({}))
        .await;
    review_done(&mut b, &second).await;
}
