//! `gamut bot` for real (issue 15): the built `gamut` serves, and two
//! `gamut bot` processes play each other a full game of each of the three
//! games with real clocks; during one of them the server is killed and
//! started again on the same port and data, and both bots reconnect and
//! finish the game. Then a third bot, an external engine (`--engine
//! cmd:gamut engine`, told the clocks with `go firsttime ..`), plays a
//! game on a short clock without losing on time.

// Only `GAMUT` of the shared helpers is used here.
#[allow(dead_code)]
mod common;

use common::GAMUT;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when dropped.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `gamut serve` on `port` (0: any) with its data in `data`; the process
/// and its address.
fn serve(data: &std::path::Path, port: u16) -> (Process, String) {
    let mut child = Command::new(GAMUT)
        .args(["serve", "--host", "127.0.0.1", "--port", &port.to_string()])
        .arg("--data")
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gamut serve");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("gamut serve prints its address")
            .expect("a line");
        if let Some(rest) = line.strip_prefix("Gamut is running at http://") {
            break rest.trim_end_matches('/').to_owned();
        }
    };
    // Keep reading its output so that it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (Process(child), addr)
}

/// `gamut bot` for the token `token` at `base`, with `engine`.
fn bot(base: &str, token: &str, engine: &str) -> Process {
    let child = Command::new(GAMUT)
        .args([
            "bot",
            "--server",
            base,
            "--engine",
            engine,
            "--untimed-move-ms",
            "50",
        ])
        .env("GAMUT_BOT_TOKEN", token)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start gamut bot");
    Process(child)
}

/// Sends a request as `auth` (a cookie jar's client, or a bearer token);
/// the status and JSON answer.
async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = http.request(method, url);
    if let Some(t) = token {
        request = request.header("authorization", format!("Bearer {t}"));
    }
    if let Some(b) = body {
        request = request.json(&b);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Waits until game `id` satisfies `done` (checked every 100 ms), for at
/// most `within`; its state then.
async fn wait_for(
    http: &reqwest::Client,
    base: &str,
    id: &str,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let (status, state) = call(
            http,
            reqwest::Method::GET,
            format!("{base}/api/games/{id}"),
            None,
            None,
        )
        .await;
        if status == 200 && done(&state) {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "game {id}: waited too long: {state}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn finished(state: &Value) -> bool {
    state["status"] == json!("finished")
}

/// Checks that a game was played to its end by its rules (not aborted,
/// resigned or lost on time).
fn played_out(state: &Value) {
    let reason = state["result"]["reason"].as_str().expect("a result");
    assert!(
        !["aborted", "timeout", "resignation"].contains(&reason),
        "{} ended by {reason}: {}",
        state["game"],
        state["result"]
    );
    assert!(state["moves"].as_array().expect("moves").len() >= 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_every_game_to_its_end_across_a_server_restart() {
    let data = tempfile::tempdir().expect("temp dir");
    let (server, addr) = serve(data.path(), 0);
    let base = format!("http://{addr}");
    let owner = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("client");
    let plain = reqwest::Client::new();
    let (status, _) = call(
        &owner,
        reqwest::Method::POST,
        format!("{base}/api/signup"),
        None,
        Some(json!({"username": "owner", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(status, 200);
    let mut tokens = Vec::new();
    for name in ["alpha", "beta", "gamma"] {
        let (status, made) = call(
            &owner,
            reqwest::Method::POST,
            format!("{base}/api/bots"),
            None,
            Some(json!({"name": name})),
        )
        .await;
        assert_eq!(status, 200, "{made}");
        tokens.push(made["token"].as_str().expect("a token").to_owned());
    }
    let _alpha = bot(&base, &tokens[0], "easy");
    let _beta = bot(&base, &tokens[1], "easy");
    let clock = json!({"type": "realtime", "initial_ms": 120_000, "increment_ms": 1_000});
    let games = [
        json!({"game": "loa", "options": {"size": "6", "move-limit": "60"}}),
        json!({"game": "pursuit", "options": {"move-limit": "60"}}),
        json!({"game": "football", "options": {"half-length": "4"}}),
    ];
    let mut server = Some(server);
    for (i, mut request) in games.into_iter().enumerate() {
        request["clock"] = clock.clone();
        request["opponent"] = json!({"type": "challenge", "user": "beta"});
        // alpha challenges beta by name; beta's process accepts, alpha's
        // finds the game among its live ones.
        let (status, created) = call(
            &plain,
            reqwest::Method::POST,
            format!("{base}/api/games"),
            Some(&tokens[0]),
            Some(request),
        )
        .await;
        assert_eq!(status, 200, "{created}");
        let id = created["game"]["id"].as_str().expect("an id").to_owned();
        if i == 1 {
            // Mid-game: the server goes away and comes back on the same
            // port and data; both bots reconnect and play on.
            let few = |s: &Value| s["moves"].as_array().is_some_and(|m| m.len() >= 4);
            let before = wait_for(&plain, &base, &id, Duration::from_secs(60), few).await;
            assert!(!finished(&before), "the game ended before the restart");
            drop(server.take());
            tokio::time::sleep(Duration::from_millis(500)).await;
            let port = addr
                .rsplit(':')
                .next()
                .and_then(|p| p.parse().ok())
                .expect("a port");
            let (again, again_addr) = serve(data.path(), port);
            assert_eq!(again_addr, addr);
            server = Some(again);
        }
        let state = wait_for(&plain, &base, &id, Duration::from_secs(240), finished).await;
        played_out(&state);
        for seat in state["players"].as_array().expect("seats") {
            assert_eq!(seat["user"]["bot"], json!(true));
        }
    }
    // An external engine on a short clock: gamma challenges beta.
    let _gamma = bot(&base, &tokens[2], &format!("cmd:{GAMUT} engine"));
    let request = json!({"game": "loa", "options": {"size": "6", "move-limit": "40"},
        "clock": {"type": "realtime", "initial_ms": 10_000, "increment_ms": 200},
        "opponent": {"type": "challenge", "user": "beta"}});
    let (status, created) = call(
        &plain,
        reqwest::Method::POST,
        format!("{base}/api/games"),
        Some(&tokens[2]),
        Some(request),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["game"]["id"].as_str().expect("an id");
    let state = wait_for(&plain, &base, id, Duration::from_secs(120), finished).await;
    played_out(&state);
    let left = state["clocks"]["ms"].as_array().expect("clocks");
    assert!(left.iter().all(|ms| ms.as_i64() > Some(0)), "{left:?}");
}
