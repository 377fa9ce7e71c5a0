//! Correspondence by days per move (issue 14): a game offered so by a seek
//! or a challenge, its side to move's deadline reset by each move (no
//! accumulation) and by a takeback, a loss on time when it passes — an abort before the
//! second ply —, deadlines that survive a restart (and one that passed
//! while the server was down ending it at start-up), the rating in the
//! `correspondence` speed, and the deadline in "your games" and in the
//! your-turn notification. Time is driven by the servers' day
//! (`ServerConfig::day`, `gamut-server --day-ms`), shortened here: nobody
//! waits for days.

use crate::common;

use common::{
    challenge, first_move, params, spawn_server_with, Backend, Client, ErrorCode, EventBody,
    GameSummary, GameView, GamesView, LeaderboardView, ProfileView, TestServer,
};
use gamut_core::{EndReason, Player};
use gamut_protocol::clock::{ClockControl, Speed};
use gamut_protocol::notification::NotificationKind;
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::NotificationsView;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const DAY_MS: i64 = 86_400_000;

/// `days` per move, as requested.
fn days(days: u32) -> Value {
    json!({"type": "correspondence", "days_per_move": days})
}

/// A 6×6 Lines of Action game by `n` days per move between `a` (first)
/// and `b`, by a challenge.
async fn loa_by_days(a: &mut Client, b: &mut Client, n: u32, rated: bool) -> String {
    challenge(a, b, "loa", json!({"size": "6"}), days(n), rated).await
}

/// The game `id` in `name`'s live games ("your games").
async fn listed(client: &mut Client, name: &str, id: &str) -> GameSummary {
    let live: GamesView = client
        .get_as(&format!("/api/games?status=live&player={name}"))
        .await;
    live.games
        .into_iter()
        .find(|g| g.id.as_str() == id)
        .unwrap_or_else(|| panic!("{id} is not among {name}'s live games"))
}

/// Polls game `id` until it is finished (fails after 20 s).
async fn finished(client: &mut Client, id: &str) -> GameView {
    let start = Instant::now();
    loop {
        let state = client.view(id).await;
        if state.status == GameStatus::Finished {
            return state;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{id} goes on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn offered(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    // A seek, taken from the lobby.
    let before = gamut_protocol::ids::now_ms();
    let (seek, created) = alice
        .create_game(
            json!({"game": "loa", "options": {"size": "6"}, "clock": days(3),
            "side": "first", "rated": true, "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(created["game"]["clock"], days(3));
    assert_eq!(created["game"]["speed"], "correspondence");
    assert_eq!(created["game"]["deadline"], Value::Null, "waiting");
    let lobby = bob.get_ok("/api/lobby").await;
    assert_eq!(lobby["seeks"][0]["clock"], days(3), "{lobby}");
    bob.post_ok(&format!("/api/games/{seek}/join"), json!({}))
        .await;
    // A challenge.
    let duel = challenge(&mut alice, &mut bob, "pursuit", json!({}), days(14), true).await;
    let after = gamut_protocol::ids::now_ms();
    for (id, n) in [(&seek, 3), (&duel, 14)] {
        let state = alice.view(id).await;
        assert_eq!(state.status, GameStatus::Live);
        assert_eq!(
            state.clock,
            ClockControl::Correspondence { days_per_move: n }
        );
        assert_eq!(state.speed, Speed::Correspondence);
        let clocks = state.clocks.expect("clocks");
        assert_eq!(clocks.ms, [i64::from(n) * DAY_MS; 2]);
        assert_eq!(clocks.per_move, Some(i64::from(n) * DAY_MS));
        let deadline = state.deadline.expect("the side to move's deadline");
        assert_eq!(deadline, clocks.at + i64::from(n) * DAY_MS);
        assert!((before..=after).contains(&clocks.at));
        // "Your games" knows it before anyone moved.
        assert_eq!(listed(&mut bob, "bob", id).await.deadline, Some(deadline));
    }
    // Days no control offers are refused.
    for (bad, code) in [
        (days(4), ErrorCode::ClockDays),
        (days(0), ErrorCode::ClockDays),
        // No days at all: a body that does not read (the generic code).
        (json!({"type": "correspondence"}), ErrorCode::BadRequest),
    ] {
        let refused = alice
            .post_refused(
                "/api/games",
                json!({"game": "loa", "clock": bad, "opponent": {"type": "seek"}}),
            )
            .await;
        assert_eq!(refused, (400, code), "{bad}");
    }
    let (_, error) = alice
        .post_refusal(
            "/api/games",
            json!({"game": "loa", "clock": days(4), "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(error.params, params(&[("days", "1, 2, 3, 5, 7, 10, 14")]));
}

test_on_every_backend!(
    a_days_per_move_game_is_offered_by_a_seek_or_a_challenge,
    offered
);

async fn resets(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    let id = loa_by_days(&mut alice, &mut bob, 3, false).await;
    let mut wa = alice.ws(&id, None).await;
    let mut wb = bob.ws(&id, None).await;
    let state = wa.first_state().await;
    wb.first_state().await;
    let mut deadlines = Vec::new();
    for ply in 0..4 {
        let (mover, other) = if ply % 2 == 0 {
            (&mut wa, &mut wb)
        } else {
            (&mut wb, &mut wa)
        };
        let legal = if ply == 0 {
            state.legal.clone()
        } else {
            bob.view(&id).await.legal
        };
        mover.play(&legal[0]).await;
        let event = other
            .event(|e| matches!(e.body, EventBody::Move { .. }))
            .await;
        let EventBody::Move { side, clocks, .. } = event.body else {
            unreachable!()
        };
        let clocks = clocks.expect("clocks");
        // The mover has its three days again, not three days more.
        assert_eq!(clocks.left(side), 3 * DAY_MS, "ply {ply}");
        assert_eq!(clocks.running, Some(side.other()));
        assert_eq!(clocks.at, event.at);
        let deadline = clocks.deadline().expect("a clock runs");
        assert_eq!(deadline, event.at + 3 * DAY_MS, "ply {ply}");
        let view = alice.view(&id).await;
        assert_eq!(view.deadline, Some(deadline));
        let (name, to_move) = match side.other() {
            Player::First => ("alice", &mut alice),
            Player::Second => ("bob", &mut bob),
        };
        assert_eq!(listed(to_move, name, &id).await.deadline, Some(deadline));
        // The player to move is told, with the deadline.
        let inbox: NotificationsView = to_move.get_as("/api/notifications").await;
        let turn = inbox
            .notifications
            .iter()
            .find(|n| n.kind == NotificationKind::YourTurn)
            .expect("a your-turn notification");
        assert_eq!(turn.deadline, Some(deadline), "ply {ply}");
        deadlines.push(deadline);
    }
    assert!(deadlines.windows(2).all(|w| w[0] <= w[1]), "{deadlines:?}");
    // A takeback: Bob's move is undone while Alice's time ran; Bob has his
    // three days again, and Alice's next turn has hers whole.
    assert_eq!(wb.action("takeback-request").await, "ack");
    assert_eq!(wa.action("takeback-accept").await, "ack");
    let event = wb
        .event(|e| matches!(e.body, EventBody::Takeback { .. }))
        .await;
    let EventBody::Takeback { clocks, .. } = event.body else {
        unreachable!()
    };
    let clocks = clocks.expect("clocks");
    assert_eq!(clocks.running, Some(Player::Second));
    assert_eq!(clocks.deadline(), Some(event.at + 3 * DAY_MS));
    let legal = bob.view(&id).await.legal;
    wb.play(&legal[0]).await;
    let event = wa.event(|e| matches!(e.body, EventBody::Move { .. })).await;
    let EventBody::Move { clocks, .. } = event.body else {
        unreachable!()
    };
    let clocks = clocks.expect("clocks");
    assert_eq!(clocks.left(Player::First), 3 * DAY_MS);
    assert_eq!(clocks.deadline(), Some(event.at + 3 * DAY_MS));
}

test_on_every_backend!(each_move_resets_the_deadline, resets);

async fn on_time(backend: Backend) {
    // A day of a second: one day per move.
    let server = TestServer::start_with(backend, |c| c.day = Duration::from_secs(1)).await;
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    let id = loa_by_days(&mut alice, &mut bob, 1, true).await;
    let mut wa = alice.ws(&id, None).await;
    let mut wb = bob.ws(&id, None).await;
    let state = wa.first_state().await;
    wb.first_state().await;
    wa.play(first_move(&state)).await;
    let state = bob.view(&id).await;
    wb.play(first_move(&state)).await;
    // Alice, to move, does not: she loses on time, rated.
    let result = wb.wait_result().await;
    assert_eq!(
        (result.winner, result.reason),
        (Some(Player::Second), EndReason::Timeout)
    );
    let over = finished(&mut alice, &id).await;
    assert_eq!(over.deadline, None, "no clock runs");
    for (name, won) in [("alice", false), ("bob", true)] {
        let profile: ProfileView = alice.get_as(&format!("/api/users/{name}")).await;
        let rating = profile
            .ratings
            .iter()
            .find(|r| r.speed == Speed::Correspondence)
            .unwrap_or_else(|| panic!("{name}: {:?}", profile.ratings));
        assert_eq!(rating.games, 1);
        assert_eq!(rating.rating > 1500.0, won, "{name}: {}", rating.rating);
    }
    let board: LeaderboardView = alice
        .get_as("/api/leaderboard/loa?speed=correspondence")
        .await;
    let names: Vec<&str> = board.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["bob", "alice"]);
}

test_on_every_backend!(
    a_player_past_the_deadline_loses_on_time_rated_by_correspondence,
    on_time
);

async fn aborted(backend: Backend) {
    let server = TestServer::start_with(backend, |c| c.day = Duration::from_millis(400)).await;
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    // Nobody moves; the first side moves and the second does not.
    let untouched = loa_by_days(&mut alice, &mut bob, 1, true).await;
    let once = loa_by_days(&mut alice, &mut bob, 2, true).await;
    let mut ws = alice.ws(&once, None).await;
    let state = ws.first_state().await;
    ws.play(first_move(&state)).await;
    for id in [&untouched, &once] {
        let over = finished(&mut alice, id).await;
        let result = over.result.expect("a result");
        assert_eq!((result.winner, result.reason), (None, EndReason::Aborted));
    }
    let profile: ProfileView = alice.get_as("/api/users/bob").await;
    assert!(profile.ratings.is_empty(), "{:?}", profile.ratings);
}

test_on_every_backend!(
    a_deadline_passed_before_the_second_ply_aborts_unrated,
    aborted
);

/// A new guest on the server at `base`.
async fn guest(base: &str) -> Client {
    let mut c = common::bare_client();
    c.rebase(base);
    c.post_ok("/api/guest", json!({})).await;
    c
}

async fn restarts(backend: Backend) {
    // Days of 3 s: the restarts below take less than one.
    let day = ["--day-ms", "3000"];
    let server = spawn_server_with(&backend, &day);
    let (mut a, mut b) = (guest(&server.base).await, guest(&server.base).await);
    let id = loa_by_days(&mut a, &mut b, 1, false).await;
    let mut wa = a.ws(&id, None).await;
    let state = wa.first_state().await;
    wa.play(first_move(&state)).await;
    let mut wb = b.ws(&id, None).await;
    let state = wb.first_state().await;
    wb.play(first_move(&state)).await;
    let before = a.view(&id).await;
    let deadline = before.deadline.expect("a deadline");
    server.kill9();

    // The deadline is stored with the game.
    let server = spawn_server_with(&backend, &day);
    a.rebase(&server.base);
    let after = a.view(&id).await;
    assert_eq!(after.status, GameStatus::Live);
    assert_eq!(
        (after.deadline, after.clocks),
        (Some(deadline), before.clocks)
    );
    server.kill9();

    // It passes while no server runs: the game ends at start-up.
    let wait = deadline - gamut_protocol::ids::now_ms() + 200;
    std::thread::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(0)));
    let server = spawn_server_with(&backend, &day);
    a.rebase(&server.base);
    let mut ws = a.ws(&id, None).await;
    let ended = ws.wait_result().await;
    assert_eq!(
        (ended.winner, ended.reason),
        (Some(Player::Second), EndReason::Timeout)
    );
    server.kill9();
}

test_on_every_backend!(
    deadlines_survive_a_restart_and_one_passed_meanwhile_ends_the_game,
    restarts
);
