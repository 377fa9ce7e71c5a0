//! Lessons (issue 25): the progress endpoints (`GET /api/learn/progress`,
//! `PUT /api/learn/progress/{game}`: saved and read back, bad games, steps
//! and bodies refused with their codes, a session needed, the rates per
//! user and per address), and the lesson data of the web client
//! (`web/js/learn/<game>.json`): every step's position reads, its goal is
//! reached by at least one legal move (found with the games' engines, as
//! the server's `POST /api/positions` plays them), its ids fit the
//! server's set, and its texts are in every language.

use crate::common;

use common::{decode, Backend, ErrorCode, TestServer};
use gamut_games::{GameKind, Match};
use gamut_protocol::game::ResultView;
use gamut_protocol::learn::{LearnProgressView, LessonProgress, MAX_STEP};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

// ---- the progress endpoints -------------------------------------------------

async fn put(c: &mut common::Client, game: &str, body: Value) -> (u16, Value) {
    c.send(
        reqwest::Method::PUT,
        &format!("/api/learn/progress/{game}"),
        Some(body),
    )
    .await
}

fn steps_of(view: &LearnProgressView, game: &str) -> Vec<u32> {
    view.games
        .iter()
        .find(|g| g.game.name() == game)
        .map(|g| g.steps.clone())
        .expect("every game is listed")
}

async fn progress_saved_and_refused(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut alice = server.registered("alice").await;
    let mut guest = server.guest().await;

    // Nothing done yet: every game of the catalogue, no steps.
    let view: LearnProgressView = alice.get_as("/api/learn/progress").await;
    assert_eq!(view.games.len(), GameKind::ALL.len());
    assert!(view.games.iter().all(|g| g.steps.is_empty()));

    // Saved (any order, repeats once), answered sorted, read back.
    let (s, v) = put(&mut alice, "loa", json!({"steps": [3, 1, 2, 3]})).await;
    assert_eq!(s, 200, "{v}");
    let saved: LessonProgress = decode(&v);
    assert_eq!(saved.steps, vec![1, 2, 3]);
    let (s, _) = put(&mut alice, "football", json!({"steps": [64]})).await;
    assert_eq!(s, 200);
    let view: LearnProgressView = alice.get_as("/api/learn/progress").await;
    assert_eq!(steps_of(&view, "loa"), vec![1, 2, 3]);
    assert_eq!(steps_of(&view, "football"), vec![64]);
    assert!(steps_of(&view, "pursuit").is_empty());

    // A second save replaces the first (one row per user and game).
    let (s, _) = put(&mut alice, "LOA", json!({"steps": [1, 2, 3, 4]})).await;
    assert_eq!(s, 200);
    let view: LearnProgressView = alice.get_as("/api/learn/progress").await;
    assert_eq!(steps_of(&view, "loa"), vec![1, 2, 3, 4]);

    // A guest has a server account: theirs is kept too, apart.
    let (s, _) = put(&mut guest, "pursuit", json!({"steps": [2]})).await;
    assert_eq!(s, 200);
    let view: LearnProgressView = guest.get_as("/api/learn/progress").await;
    assert_eq!(steps_of(&view, "pursuit"), vec![2]);
    assert!(steps_of(&view, "loa").is_empty());

    // Refusals, each with its code; nothing stored.
    let refused = |r: (u16, Value)| (r.0, decode::<common::ErrorView>(&r.1));
    let (s, e) = refused(put(&mut alice, "chess", json!({"steps": [1]})).await);
    assert_eq!((s, e.code), (404, ErrorCode::LessonGame));
    assert_eq!(e.params.get("game").map(String::as_str), Some("chess"));
    for bad in [0, 65, 1000] {
        let (s, e) = refused(put(&mut alice, "loa", json!({"steps": [1, bad]})).await);
        assert_eq!((s, e.code), (400, ErrorCode::LessonStep), "{bad}");
        assert_eq!(e.params.get("n").map(String::as_str), Some("64"));
    }
    let many: Vec<u32> = (1..=65).map(|i| i % 64 + 1).collect();
    let (s, e) = refused(put(&mut alice, "loa", json!({ "steps": many })).await);
    assert_eq!((s, e.code), (400, ErrorCode::LessonSteps));
    for body in [
        json!({"steps": [-1]}),
        json!({"steps": "1,2"}),
        json!({"steps": [1], "extra": true}),
        json!([1, 2]),
    ] {
        let (s, e) = refused(put(&mut alice, "loa", body.clone()).await);
        assert_eq!((s, e.code), (400, ErrorCode::BadRequest), "{body}");
    }
    // A body over the server's size limit: 413, not read.
    let huge = json!({"steps": vec![1; 40_000]});
    let (s, _) = refused(put(&mut alice, "loa", huge).await);
    assert_eq!(s, 413);
    let view: LearnProgressView = alice.get_as("/api/learn/progress").await;
    assert_eq!(steps_of(&view, "loa"), vec![1, 2, 3, 4]);

    // Without a session: 401, for both.
    let mut visitor = server.client();
    let (s, code) = visitor.get_refused("/api/learn/progress").await;
    assert_eq!((s, code), (401, ErrorCode::SignInFirst));
    let (s, e) = refused(put(&mut visitor, "loa", json!({"steps": [1]})).await);
    assert_eq!((s, e.code), (401, ErrorCode::SignInFirst));
}

test_on_every_backend!(
    progress_is_saved_read_back_and_bad_requests_refused,
    progress_saved_and_refused
);

#[tokio::test]
async fn progress_requests_are_rated_per_user_and_per_address() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.lesson_requests_per_minute = 3;
        c.limits.lesson_requests_per_address_per_minute = 8;
    })
    .await;
    let mut a = server.guest().await;
    for i in 1..=3 {
        let (s, v) = put(&mut a, "loa", json!({"steps": [i]})).await;
        assert_eq!(s, 200, "{v}");
    }
    // The user's fourth in the minute: 429, with the rate's name.
    let (s, v) = put(&mut a, "loa", json!({"steps": [4]})).await;
    let e: common::ErrorView = decode(&v);
    assert_eq!((s, e.code), (429, ErrorCode::TooMany));
    assert_eq!(e.params.get("what").map(String::as_str), Some("lessons"));
    let (s, code) = a.get_refused("/api/learn/progress").await;
    assert_eq!((s, code), (429, ErrorCode::TooMany));
    // Another user from the same address goes on, until the address's
    // rate (8 in all, the refused ones counted) is spent too.
    let mut b = server.guest().await;
    for _ in 0..3 {
        let v: LearnProgressView = b.get_as("/api/learn/progress").await;
        assert_eq!(v.games.len(), GameKind::ALL.len());
    }
    let (s, code) = b.get_refused("/api/learn/progress").await;
    assert_eq!((s, code), (429, ErrorCode::TooMany));
    // A visitor too (the address is counted before the session is read).
    let mut visitor = server.client();
    let (s, code) = visitor.get_refused("/api/learn/progress").await;
    assert_eq!((s, code), (429, ErrorCode::TooMany));
}

// ---- the lesson data --------------------------------------------------------

fn web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

fn read_json(path: &PathBuf) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A position text's Chess Football score (`W-B`, its eighth field).
fn football_score(position: &str) -> Option<[u32; 2]> {
    let field = position.split_whitespace().nth(7)?;
    let (w, b) = field.split_once('-')?;
    Some([w.parse().ok()?, b.parse().ok()?])
}

/// The square a capture (`b1xd3`, `10x18`, `b5xe5=Q`) lands on.
fn captured_square(mv: &str) -> Option<&str> {
    let (_, to) = mv.split_once('x')?;
    Some(to.split('=').next().unwrap_or(to))
}

/// Whether playing `mv` (legal) in `game` meets `goal` for the side to move.
fn meets(game: &dyn Match, mv: &str, goal: &Value) -> Result<bool, String> {
    let mut after = game.clone_box();
    let played = after.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    let mover = game.side_to_move();
    let outcome = after.outcome().map(ResultView::from);
    let reason_ok = |r: &ResultView| {
        goal.get("reason")
            .is_none_or(|want| json!(r.reason) == *want)
    };
    Ok(match goal["kind"].as_str() {
        Some("any") => true,
        Some("move") => {
            goal["moves"]
                .as_array()
                .is_some_and(|ms| ms.iter().any(|m| m.as_str() == Some(played.as_str())))
                || goal["prefix"]
                    .as_str()
                    .is_some_and(|p| played.starts_with(p))
        }
        Some("capture") => captured_square(&played)
            .is_some_and(|sq| goal["square"].as_str().is_none_or(|want| want == sq)),
        Some("win") => outcome
            .as_ref()
            .is_some_and(|r| r.winner == Some(mover) && reason_ok(r)),
        Some("draw") => outcome
            .as_ref()
            .is_some_and(|r| r.winner.is_none() && reason_ok(r)),
        Some("goal") => {
            match (
                football_score(&game.position_text()),
                football_score(&after.position_text()),
            ) {
                (Some(was), Some(now)) => now[mover.index()] > was[mover.index()],
                _ => false,
            }
        }
        other => return Err(format!("unknown goal kind {other:?}")),
    })
}

/// The catalogues of the five languages.
fn catalogues() -> Vec<(String, BTreeMap<String, String>)> {
    let mut out = Vec::new();
    for lang in ["en", "it", "ko", "ne", "ru"] {
        let v = read_json(&web_dir().join(format!("i18n/{lang}.json")));
        let map = serde_json::from_value(v).expect("a catalogue is a map of texts");
        out.push((lang.to_owned(), map));
    }
    out
}

fn holes(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(k, _)| k.to_owned()))
        .collect();
    out.sort();
    out
}

#[test]
fn every_lesson_step_reads_and_can_be_solved() {
    let catalogues = catalogues();
    let mut total = 0;
    let mut missing = Vec::new();
    for kind in GameKind::ALL {
        let path = web_dir().join(format!("js/learn/{}.json", kind.name()));
        let lesson = read_json(&path);
        assert_eq!(
            lesson["game"].as_str(),
            Some(kind.name()),
            "{}",
            path.display()
        );
        let steps = lesson["steps"].as_array().expect("steps");
        assert!(
            (8..=15).contains(&steps.len()),
            "{}: {} steps (8 to 15)",
            kind.name(),
            steps.len()
        );
        let mut ids = HashSet::new();
        let mut keys = vec![format!("learn.{}.summary", kind.name())];
        for step in steps {
            let id = step["id"].as_u64().expect("a step id");
            let what = format!("{} step {id}", kind.name());
            assert!(
                (1..=u64::from(MAX_STEP)).contains(&id) && ids.insert(id),
                "{what}: ids are distinct, 1 to {MAX_STEP}"
            );
            let text = step["text"].as_str().expect("a step's text key");
            for part in ["title", "task", "hint", "why"] {
                keys.push(format!("{text}.{part}"));
            }
            let options: Vec<(String, String)> = step["options"]
                .as_object()
                .map(|o| {
                    o.iter()
                        .map(|(k, v)| {
                            (
                                k.clone(),
                                v.as_str().expect("option values are text").to_owned(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            let moves: Vec<String> = step["moves"]
                .as_array()
                .map(|ms| {
                    ms.iter()
                        .map(|m| m.as_str().expect("a move").to_owned())
                        .collect()
                })
                .unwrap_or_default();
            let game = kind
                .replay(&options, step["position"].as_str(), &moves)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(game.outcome().is_none(), "{what}: the game is over already");
            // Never a game's standard start: fair play refuses every
            // position a live game has passed through to its players (and
            // to their address), so such a step would fail for them.
            let start = kind.new_match(&options, None).expect("the options read");
            assert_ne!(
                game.start_text(),
                start.start_text(),
                "{what}: the standard start (fair play would refuse it to players of a live game)"
            );
            assert_eq!(
                step["side"].as_u64(),
                Some(game.side_to_move().index() as u64),
                "{what}: the side to move"
            );
            let legal = game.legal_moves();
            assert!(!legal.is_empty(), "{what}: no legal move");
            let goal = &step["goal"];
            if let Some(listed) = goal["moves"].as_array() {
                for m in listed {
                    let m = m.as_str().expect("a move");
                    assert!(
                        legal.iter().any(|l| l == m),
                        "{what}: {m} is not legal: {legal:?}"
                    );
                }
            }
            let solutions: Vec<&String> = legal
                .iter()
                .filter(|mv| meets(&*game, mv, goal).unwrap_or_else(|e| panic!("{what}: {e}")))
                .collect();
            assert!(
                !solutions.is_empty(),
                "{what}: no legal move meets {goal}; legal: {legal:?}"
            );
            if goal["kind"] != "any" && legal.len() > 1 {
                assert!(
                    solutions.len() < legal.len(),
                    "{what}: every legal move meets {goal}"
                );
            }
            if std::env::var_os("LESSONS_SHOW").is_some() {
                eprintln!("{what}: {} legal, solved by {solutions:?}", legal.len());
            }
            total += 1;
        }
        for (lang, cat) in &catalogues {
            for key in &keys {
                match (cat.get(key), catalogues[0].1.get(key)) {
                    (Some(text), Some(en))
                        if !text.trim().is_empty() && holes(text) == holes(en) => {}
                    _ => missing.push(format!("{lang}: {key}")),
                }
            }
        }
    }
    // The lesson pages' own texts (`t('learn.…')` in the web client).
    let mut page_keys = 0;
    for page in [
        "js/pages/learn.js",
        "js/pages/rules.js",
        "js/pages/lobby.js",
        "js/main.js",
    ] {
        let code = std::fs::read_to_string(web_dir().join(page)).expect(page);
        for piece in code.split("t('").skip(1) {
            let key = piece.split('\'').next().unwrap_or_default();
            if !(key.starts_with("learn.") || key == "nav.learn") {
                continue;
            }
            page_keys += 1;
            for (lang, cat) in &catalogues {
                if cat.get(key).is_none_or(|t| t.trim().is_empty()) {
                    missing.push(format!("{lang}: {key} ({page})"));
                }
            }
        }
    }
    assert!(page_keys >= 20, "{page_keys} texts of the pages found");
    assert!(total >= 24, "{total} steps in all");
    assert!(
        missing.is_empty(),
        "texts missing, empty or with other placeholders: {missing:?}"
    );
}
