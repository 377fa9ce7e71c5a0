//! Puzzles (issue 25): the endpoints played as a person would (a right
//! line with the server's replies, a wrong first move answered with its
//! stored refutation, a given-up puzzle), the ratings (a registered
//! person's first try rated once, however many requests race; later
//! tries, guests and visitors unrated; the streak), the choice of the
//! next puzzle (untried, by theme), the puzzle of the day, and every
//! refusal with its code. The rates per person, per address and in all
//! are in `abuse_surfaces.rs`.

use crate::common;

use common::{decode, Backend, Client, ErrorCode, TestServer};
use gamut_games::GameKind;
use gamut_protocol::puzzles::{
    PuzzleMoveView, PuzzleSolutionView, PuzzleTry, PuzzleVerdict, PuzzleView, PuzzlesView,
};
use gamut_puzzles::{puzzles, Puzzle};
use serde_json::{json, Value};
use std::collections::HashSet;

async fn play(c: &mut Client, id: &str, played: &[String], mv: &str) -> (u16, Value) {
    c.post(
        &format!("/api/puzzle/{id}/moves"),
        json!({"played": played, "move": mv}),
    )
    .await
}

async fn play_ok(c: &mut Client, id: &str, played: &[String], mv: &str) -> PuzzleMoveView {
    let (s, v) = play(c, id, played, mv).await;
    assert_eq!(s, 200, "{v}");
    decode(&v)
}

/// Plays `p`'s whole line, checking each reply; the last answer.
async fn solve(c: &mut Client, p: &Puzzle) -> PuzzleMoveView {
    let mut at = 0;
    loop {
        let answer = play_ok(c, &p.id, &p.line[..at], &p.line[at]).await;
        if at + 1 == p.line.len() {
            assert_eq!(answer.verdict, PuzzleVerdict::Solved, "{}", p.id);
            assert_eq!(answer.solution.as_ref(), Some(&p.line));
            return answer;
        }
        assert_eq!(answer.verdict, PuzzleVerdict::Right, "{}", p.id);
        assert_eq!(answer.reply.as_ref(), Some(&p.line[at + 1]));
        assert!(answer.solution.is_none() && answer.outcome.is_none());
        at += 2;
    }
}

/// A puzzle of `game` with at least `moves` solver moves and a stored
/// refutation with a reply, other than those in `not`.
fn pick(game: GameKind, moves: usize, not: &[&str]) -> &'static Puzzle {
    puzzles(game)
        .iter()
        .find(|p| {
            p.solver_moves() >= moves
                && !not.contains(&p.id.as_str())
                && p.refutations.iter().any(|(_, r)| !r.is_empty())
        })
        .expect("such a puzzle ships")
}

fn loa_player(view: &PuzzlesView) -> gamut_protocol::puzzles::PuzzlePlayerView {
    view.games
        .iter()
        .find(|g| g.game == GameKind::Loa)
        .and_then(|g| g.player.clone())
        .expect("a registered person has a rating")
}

async fn puzzles_are_played_and_rated(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.registered("alice").await;

    // The overview: every game, its puzzles, themes and daily puzzle; a
    // new person starts at 1500.
    let view: PuzzlesView = alice.get_as("/api/puzzles").await;
    assert!(view.rated);
    assert_eq!(view.games.len(), GameKind::ALL.len());
    for g in &view.games {
        assert!(g.count >= 300, "{:?}: {}", g.game, g.count);
        assert!(!g.themes.is_empty());
        assert!(g.daily.starts_with(&format!("{}-", g.game.name())));
        let me = g.player.clone().expect("rated");
        assert_eq!((me.rating, me.plays, me.streak), (1500, 0, 0));
    }

    // A puzzle is served without its line.
    let first = pick(GameKind::Loa, 2, &[]);
    let (s, raw) = alice.get(&format!("/api/puzzle/{}", first.id)).await;
    assert_eq!(s, 200);
    let served: PuzzleView = decode(&raw);
    assert_eq!(served.position, first.position);
    assert_eq!(served.solver_moves as usize, first.solver_moves());
    assert_eq!(served.tried, None);
    let text = raw.to_string();
    assert!(!text.contains(&format!("\"{}\"", first.line[0])), "{text}");

    // Solved at the first try: rated, the streak starts, the puzzle's
    // rating falls.
    let solved = solve(&mut alice, first).await;
    let outcome = solved.outcome.expect("an outcome");
    assert!(outcome.solved && outcome.rated, "{outcome:?}");
    assert!(outcome.change > 0, "{outcome:?}");
    assert!(
        f64::from(outcome.puzzle_rating) < first.rating,
        "{outcome:?}"
    );
    let me = outcome.player.expect("a rating");
    assert_eq!(
        (me.plays, me.solved, me.streak, me.best_streak),
        (1, 1, 1, 1)
    );

    // Solved again: unrated, nothing moves.
    let again = solve(&mut alice, first).await.outcome.expect("outcome");
    assert!(!again.rated && again.change == 0, "{again:?}");
    assert_eq!(again.player.expect("rating").plays, 1);
    let served: PuzzleView = alice.get_as(&format!("/api/puzzle/{}", first.id)).await;
    assert_eq!(served.tried, Some(PuzzleTry::Solved));
    assert_eq!(served.plays, 1);

    // A wrong first move: the stored refutation, the solution, rated
    // lost; the streak ends, its best stays.
    let second = pick(GameKind::Loa, 1, &[&first.id]);
    let (wrong, refutation) = second
        .refutations
        .iter()
        .find(|(_, r)| !r.is_empty())
        .expect("a refutation");
    let answer = play_ok(&mut alice, &second.id, &[], wrong).await;
    assert_eq!(answer.verdict, PuzzleVerdict::Wrong);
    assert_eq!(&answer.refutation, refutation);
    assert_eq!(answer.solution.as_ref(), Some(&second.line));
    let lost = answer.outcome.expect("outcome");
    assert!(!lost.solved && lost.rated && lost.change < 0, "{lost:?}");
    let me = lost.player.expect("rating");
    assert_eq!(
        (me.plays, me.solved, me.streak, me.best_streak),
        (2, 1, 0, 1)
    );

    // Given up: the solution, rated lost once.
    let third = pick(GameKind::Loa, 1, &[&first.id, &second.id]);
    let path = format!("/api/puzzle/{}/solution", third.id);
    let gave_up: PuzzleSolutionView = alice.post_as(&path, json!({})).await;
    assert_eq!(gave_up.solution, third.line);
    assert!(gave_up.outcome.rated && !gave_up.outcome.solved);
    let twice: PuzzleSolutionView = alice.post_as(&path, json!({})).await;
    assert!(!twice.outcome.rated);
    let me = loa_player(&alice.get_as("/api/puzzles").await);
    assert_eq!(
        (me.plays, me.solved, me.streak, me.best_streak),
        (3, 1, 0, 1)
    );

    // The next puzzles are untried, of the theme asked for, not `after`.
    let tried = [first.id.as_str(), second.id.as_str(), third.id.as_str()];
    for _ in 0..12 {
        let next: PuzzleView = alice
            .get_as(&format!(
                "/api/puzzles/loa/next?theme=connect-in-2&after={}",
                first.id
            ))
            .await;
        assert!(!tried.contains(&next.id.as_str()), "{}", next.id);
        assert!(next.themes.iter().any(|t| t == "connect-in-2"));
        assert_eq!(next.tried, None);
    }
    let mut seen = HashSet::new();
    for _ in 0..12 {
        let next: PuzzleView = alice.get_as("/api/puzzles/football/next").await;
        assert_eq!(next.game, GameKind::Football);
        seen.insert(next.id);
    }
    assert!(seen.len() > 1, "the next puzzle is drawn, not fixed");

    // The puzzle of the day.
    let daily: PuzzleView = alice.get_as("/api/puzzles/pursuit/daily").await;
    assert!(daily.daily);
    let overview: PuzzlesView = alice.get_as("/api/puzzles").await;
    let listed = overview.games.iter().find(|g| g.game == GameKind::Pursuit);
    assert_eq!(listed.map(|g| g.daily.as_str()), Some(daily.id.as_str()));
    assert!(daily.solver_moves >= 2);

    // A guest and a visitor play unrated.
    let mut guest = server.guest().await;
    let view: PuzzlesView = guest.get_as("/api/puzzles").await;
    assert!(!view.rated && view.games.iter().all(|g| g.player.is_none()));
    let outcome = solve(&mut guest, first).await.outcome.expect("outcome");
    assert!(!outcome.rated && outcome.player.is_none(), "{outcome:?}");
    let mut visitor = server.client();
    let outcome = solve(&mut visitor, second).await.outcome.expect("outcome");
    assert!(!outcome.rated && outcome.player.is_none(), "{outcome:?}");
    let served: PuzzleView = visitor.get_as(&format!("/api/puzzle/{}", first.id)).await;
    assert_eq!((served.tried, served.plays), (None, 1));
}

test_on_every_backend!(
    puzzles_are_played_rated_and_chosen,
    puzzles_are_played_and_rated
);

async fn refusal(c: &mut Client, path: &str, body: Option<Value>) -> (u16, common::ErrorView) {
    let (s, v) = match body {
        Some(b) => c.post(path, b).await,
        None => c.get(path).await,
    };
    (s, decode(&v))
}

#[tokio::test]
async fn bad_puzzle_requests_are_refused_with_their_codes() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut alice = server.registered("alice").await;
    let p = pick(GameKind::Pursuit, 2, &[]);
    let moves = format!("/api/puzzle/{}/moves", p.id);

    let (s, e) = refusal(&mut alice, "/api/puzzles/chess/next", None).await;
    assert_eq!((s, e.code), (404, ErrorCode::PuzzleGame));
    assert_eq!(e.params.get("game").map(String::as_str), Some("chess"));
    let (s, e) = refusal(&mut alice, "/api/puzzles/chess/daily", None).await;
    assert_eq!((s, e.code), (404, ErrorCode::PuzzleGame));
    let (s, e) = refusal(&mut alice, "/api/puzzle/loa-9999", None).await;
    assert_eq!((s, e.code), (404, ErrorCode::PuzzleUnknown));
    assert_eq!(e.params.get("id").map(String::as_str), Some("loa-9999"));
    let (s, e) = refusal(&mut alice, "/api/puzzle/nope/solution", Some(json!({}))).await;
    assert_eq!((s, e.code), (404, ErrorCode::PuzzleUnknown));
    let (s, e) = refusal(&mut alice, "/api/puzzles/loa/next?theme=tackle", None).await;
    assert_eq!((s, e.code), (400, ErrorCode::PuzzleTheme));
    assert_eq!(e.params.get("theme").map(String::as_str), Some("tackle"));

    // `played` must be the line so far, ending with a reply.
    let long = vec![p.line[0].clone(); 40];
    for played in [
        vec![p.line[0].clone()],
        vec![p.line[1].clone(), p.line[0].clone()],
        p.line.clone(),
        long,
    ] {
        let body = json!({"played": played, "move": p.line[0]});
        let (s, e) = refusal(&mut alice, &moves, Some(body)).await;
        assert_eq!((s, e.code), (400, ErrorCode::PuzzleLine), "{played:?}");
    }
    for mv in ["zz", "", "e99", &"x".repeat(5000)] {
        let body = json!({"played": [], "move": mv});
        let (s, e) = refusal(&mut alice, &moves, Some(body)).await;
        assert_eq!((s, e.code), (400, ErrorCode::PuzzleMove), "{mv}");
        assert!(e.params["move"].chars().count() <= 40);
    }
    for body in [
        json!({"move": 3}),
        json!({"played": [], "move": "a", "x": 1}),
        json!([]),
    ] {
        let (s, e) = refusal(&mut alice, &moves, Some(body.clone())).await;
        assert_eq!((s, e.code), (400, ErrorCode::BadRequest), "{body}");
    }
    // None of that rated anything.
    let view: PuzzlesView = alice.get_as("/api/puzzles").await;
    assert!(view
        .games
        .iter()
        .all(|g| g.player.as_ref().is_some_and(|p| p.plays == 0)));
}

async fn rated_once(backend: Backend) {
    let server = TestServer::start(backend).await;
    let alice = server.registered("alice").await;
    let p = pick(GameKind::Football, 1, &[]);
    let path = format!("/api/puzzle/{}/solution", p.id);
    let tries = (0..6).map(|_| {
        let mut c = alice.clone();
        let path = path.clone();
        tokio::spawn(async move { c.post_as::<PuzzleSolutionView>(&path, json!({})).await })
    });
    let mut rated = 0;
    for t in tries {
        rated += usize::from(t.await.expect("task").outcome.rated);
    }
    assert_eq!(rated, 1);
    let mut alice = alice;
    let view: PuzzlesView = alice.get_as("/api/puzzles").await;
    let me = view
        .games
        .iter()
        .find(|g| g.game == GameKind::Football)
        .and_then(|g| g.player.clone())
        .expect("rated");
    assert_eq!(me.plays, 1);
    let served: PuzzleView = alice.get_as(&format!("/api/puzzle/{}", p.id)).await;
    assert_eq!((served.plays, served.tried), (1, Some(PuzzleTry::Failed)));
}

test_on_every_backend!(
    a_first_try_is_rated_once_however_many_requests_race,
    rated_once
);
