//! The review probe (issue 15): two guests play a game of each kind over
//! their game sockets with random legal moves to a number of plies, and the
//! player to move then resigns (a review needs a finished game; a game that
//! ends by its rules first is replaced by another, up to
//! [`MAX_ATTEMPTS`], and the longest is reviewed). One of them asks for
//! the game's review (`POST /api/games/{id}/review`) and polls it (`GET`)
//! until it is done: its wall time, time per position, and the marks it
//! gives.

use crate::client::{strings, Client, Socket, MIN_GAP};
use crate::probe::Probe;
use crate::stats::error_kind;
use crate::sys::{cpu_text, loopback_source, CpuMeter, ServerAddr, Source};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::time::{sleep_until, timeout_at};
use tokio_tungstenite::tungstenite::Message;

/// Games started per kind at most to reach the plies asked for.
pub const MAX_ATTEMPTS: usize = 5;
/// Between two polls of a review.
const POLL: Duration = Duration::from_millis(100);
/// How long a game's socket may stay silent while it is played.
const SILENCE: Duration = Duration::from_secs(30);
/// How long a review may take to be done.
const REVIEW_TIMEOUT: Duration = Duration::from_secs(600);
/// The marks a review gives, in `Review::marks` order.
pub const MARKS: [&str; 3] = ["inaccuracy", "mistake", "blunder"];

/// One game's review and what it took.
pub struct Review {
    /// The game (`loa`, …).
    pub game: String,
    /// Its id.
    pub id: String,
    /// Games started to get it.
    pub attempts: usize,
    /// Plies played.
    pub played: usize,
    /// How it ended (`resigned`, or its result's reason).
    pub ended: String,
    /// Plies the review marks (`plies`), positions it evaluated.
    pub plies: usize,
    /// Positions evaluated (`positions`: the start and after each ply).
    pub positions: usize,
    /// The `POST` to the `GET` that answered `done`.
    pub wall: Duration,
    /// The `POST` to the first answer `running` (the wait for the pool).
    pub queued: Duration,
    /// Inaccuracies, mistakes and blunders.
    pub marks: [u64; 3],
    /// Each side's accuracy.
    pub accuracy: [Option<f64>; 2],
    /// Answers `none` while it was computed (the server's `GET` between
    /// storing it and forgetting the computation).
    pub none_answers: u32,
    /// The server's CPU over the review (percent of one core), and its
    /// threads' wait for a core.
    pub server_cpu: (Option<f64>, Option<f64>),
}

/// Runs the probe on the first server: a game of each of `games` played to
/// `plies` plies and reviewed. `pid`: the server process to measure.
pub async fn run(
    server: &ServerAddr,
    pid: Option<u32>,
    games: &[String],
    plies: usize,
    seed: u64,
) -> Probe<Review> {
    let mut probe = Probe::default();
    let guests = async {
        let mut pair = Vec::new();
        for k in 0..2 {
            let client = Client::new(server, loopback_source(Source::Review, k))
                .map_err(|e| error_kind("review: no client", &e.to_string()))?;
            let cookie = client.guest().await?;
            pair.push((client, cookie));
        }
        Ok::<_, String>(pair)
    };
    let pair = match guests.await {
        Ok(p) => p,
        Err(e) => {
            probe.errors.push(e);
            return probe;
        }
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    for game in games {
        match play_and_review(&pair, pid, game, plies, &mut rng).await {
            Ok(r) => probe.results.push(r),
            Err(e) => probe.errors.push(e),
        }
    }
    probe
}

async fn play_and_review(
    pair: &[(Client, String)],
    pid: Option<u32>,
    game: &str,
    plies: usize,
    rng: &mut SmallRng,
) -> Result<Review, String> {
    let mut best: Option<(String, usize, String)> = None;
    let mut attempts = 0;
    while attempts < MAX_ATTEMPTS {
        attempts += 1;
        let played = play(pair, game, plies, rng).await?;
        let reached = played.1 >= plies;
        if best.as_ref().is_none_or(|b| played.1 > b.1) {
            best = Some(played);
        }
        if reached {
            break;
        }
    }
    let (id, played, ended) = best.ok_or_else(|| "review: no game played".to_owned())?;
    let (client, cookie) = &pair[0];
    let path = format!("/api/games/{id}/review");
    let mut meter = pid.map(CpuMeter::new);
    let asked = Instant::now();
    let mut answer = client.post("review", &path, cookie, None).await?;
    let mut queued = None;
    // `none` answers in a row, and in all: a review that vanished from the
    // computing ones but was not read from the store yet answers `none`
    // once; twice in a row, its computation failed.
    let (mut nones, mut none_answers) = (0, 0);
    loop {
        match answer["state"].as_str().unwrap_or("") {
            "done" => break,
            "running" => {
                queued.get_or_insert(asked.elapsed());
                nones = 0;
            }
            "queued" => nones = 0,
            "none" if nones == 0 => {
                nones += 1;
                none_answers += 1;
            }
            other => {
                return Err(format!(
                    "review of {game} {id} ({played} plies, {ended}): state {other} after {:.1} s",
                    asked.elapsed().as_secs_f64()
                ))
            }
        }
        if asked.elapsed() > REVIEW_TIMEOUT {
            return Err(format!(
                "review: not done within {} s",
                REVIEW_TIMEOUT.as_secs()
            ));
        }
        tokio::time::sleep(POLL).await;
        answer = client.get("review", &path, None).await?;
    }
    let wall = asked.elapsed();
    let server_cpu = meter
        .as_mut()
        .map_or((None, None), |m| (m.sample(), m.last_wait_pct));
    let review = &answer["review"];
    let marked = review["plies"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut marks = [0u64; 3];
    for p in marked {
        if let Some(i) = MARKS.iter().position(|m| p["mark"] == *m) {
            marks[i] += 1;
        }
    }
    Ok(Review {
        game: game.to_owned(),
        id,
        attempts,
        played,
        ended,
        plies: marked.len(),
        positions: review["positions"].as_array().map_or(0, Vec::len),
        wall,
        queued: queued.unwrap_or(Duration::ZERO),
        marks,
        accuracy: [
            review["accuracy"][0].as_f64(),
            review["accuracy"][1].as_f64(),
        ],
        none_answers,
        server_cpu,
    })
}

/// The game as one player's socket sees it.
#[derive(Default)]
struct Seat {
    version: i64,
    you: Option<u64>,
    to_move: Option<u64>,
    legal: Vec<String>,
    ply: usize,
    /// Its result's reason once it ended.
    ended: Option<String>,
    /// A `sync` is asked for (a gap in versions).
    syncing: bool,
    last_sent: Option<Instant>,
}

impl Seat {
    /// Applies a message from the server; a `sync` to send, if a gap in
    /// versions is seen. `Err`: an error kind.
    fn apply(&mut self, msg: &Value) -> Result<Option<String>, String> {
        match msg["type"].as_str().unwrap_or("") {
            "state" => {
                let s = &msg["state"];
                self.syncing = false;
                self.version = s["version"].as_i64().unwrap_or(0);
                self.you = s["you"].as_u64();
                self.to_move = s["to_move"].as_u64();
                self.legal = strings(&s["legal"]);
                self.ply = s["moves"].as_array().map_or(0, Vec::len);
                if s["status"] == "finished" {
                    self.ended = Some(s["result"]["reason"].as_str().unwrap_or("?").to_owned());
                }
            }
            "events" => {
                self.syncing = false;
                for e in msg["events"].as_array().into_iter().flatten() {
                    if let Some(sync) = self.event(e) {
                        return Ok(Some(sync));
                    }
                }
            }
            "event" => return Ok(self.event(&msg["event"])),
            "error" => {
                return Err(error_kind(
                    "review game: refused",
                    msg["error"].as_str().unwrap_or(""),
                ))
            }
            _ => {}
        }
        Ok(None)
    }

    fn event(&mut self, e: &Value) -> Option<String> {
        let version = e["version"].as_i64()?;
        if version <= self.version {
            return None;
        }
        if version > self.version + 1 {
            if self.syncing {
                return None;
            }
            self.syncing = true;
            return Some(json!({"type": "sync", "since": self.version}).to_string());
        }
        self.version = version;
        match e["kind"].as_str().unwrap_or("") {
            "move" => self.ply = e["ply"].as_u64().map_or(self.ply + 1, |p| p as usize),
            "placements" => self.ply = e["plies"].as_u64().map_or(self.ply, |p| p as usize),
            "takeback" => self.ply = e["moves"].as_u64().map_or(self.ply, |p| p as usize),
            "end" => {
                self.ended = Some(e["result"]["reason"].as_str().unwrap_or("?").to_owned());
                self.legal.clear();
                self.to_move = None;
                return None;
            }
            _ => {}
        }
        if e.get("legal").is_some() {
            self.legal = strings(&e["legal"]);
        }
        if e.get("to_move").is_some() {
            self.to_move = e["to_move"].as_u64();
        }
        None
    }

    /// Its player is to act, with nothing in flight.
    fn to_act(&self) -> bool {
        self.ended.is_none() && !self.syncing && self.to_move.is_some() && self.to_move == self.you
    }
}

/// Plays one game of `game` between the two guests (an untimed private
/// challenge) to `plies` plies, then the player to move resigns; or to its
/// end by its rules. Returns its id, the plies played and how it ended.
async fn play(
    pair: &[(Client, String)],
    game: &str,
    plies: usize,
    rng: &mut SmallRng,
) -> Result<(String, usize, String), String> {
    let created = pair[0]
        .0
        .post(
            "review game: create",
            "/api/games",
            &pair[0].1,
            Some(json!({
                "game": game,
                "clock": {"type": "untimed"},
                "rated": false,
                "side": "random",
                "opponent": {"type": "challenge"},
            })),
        )
        .await?;
    let id = created["game"]["id"]
        .as_str()
        .ok_or_else(|| "review game: no id in the answer".to_owned())?
        .to_owned();
    pair[1]
        .0
        .post(
            "review game: join",
            &format!("/api/games/{id}/join"),
            &pair[1].1,
            None,
        )
        .await?;
    let path = format!("/api/games/{id}/ws");
    let mut sockets = [
        pair[0].0.socket(&path, Some(&pair[0].1)).await?,
        pair[1].0.socket(&path, Some(&pair[1].1)).await?,
    ];
    let mut seats = [Seat::default(), Seat::default()];
    let played = drive(&mut sockets, &mut seats, plies, rng).await;
    for ws in &mut sockets {
        let _ = tokio::time::timeout(Duration::from_secs(1), ws.send(Message::Close(None))).await;
    }
    let ended = played?;
    Ok((id, seats[0].ply.max(seats[1].ply), ended))
}

/// The moves of both seats until the game has ended (and the last action
/// is acked): how it ended.
async fn drive(
    sockets: &mut [Socket; 2],
    seats: &mut [Seat; 2],
    plies: usize,
    rng: &mut SmallRng,
) -> Result<String, String> {
    // The action in flight: (seat, id).
    let mut pending: Option<(usize, i64)> = None;
    let mut next_id = 1i64;
    // The version of the last action acked: a seat acts once it has seen it.
    let mut acked = 0i64;
    let mut resigned = false;
    loop {
        if pending.is_none() {
            if let Some(reason) = seats.iter().find_map(|s| s.ended.clone()) {
                return Ok(if resigned {
                    "resigned".to_owned()
                } else {
                    reason
                });
            }
            if let Some(i) = (0..2).find(|&i| seats[i].to_act() && seats[i].version >= acked) {
                let seat = &mut seats[i];
                let text = if seat.ply >= plies {
                    resigned = true;
                    json!({"type": "resign", "id": next_id}).to_string()
                } else {
                    let mv = seat.legal.choose(rng).cloned();
                    match mv {
                        Some(mv) => json!({"type": "move", "move": mv, "id": next_id, "version": seat.version}).to_string(),
                        None => return Err("review game: no legal move to play".to_owned()),
                    }
                };
                if let Some(at) = seat.last_sent {
                    sleep_until((at + MIN_GAP).into()).await;
                }
                seat.last_sent = Some(Instant::now());
                send(&mut sockets[i], text).await?;
                pending = Some((i, next_id));
                next_id += 1;
            }
        }
        let until = Instant::now() + SILENCE;
        let [a, b] = sockets;
        let (i, msg) = tokio::select! {
            m = timeout_at(until.into(), a.next()) => (0, m),
            m = timeout_at(until.into(), b.next()) => (1, m),
        };
        let text = match msg {
            Err(_) => return Err(format!("review game: nothing for {} s", SILENCE.as_secs())),
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => {
                return Err("review game socket: closed by the server".to_owned())
            }
            Ok(Some(Ok(_))) => continue,
        };
        let msg: Value = serde_json::from_str(text.as_str())
            .map_err(|_| "review game socket: message is not JSON".to_owned())?;
        if msg["type"] == "ack"
            && pending.is_some_and(|p| p == (i, msg["id"].as_i64().unwrap_or(0)))
        {
            pending = None;
            acked = acked.max(msg["version"].as_i64().unwrap_or(0));
            continue;
        }
        if let Some(sync) = seats[i].apply(&msg)? {
            send(&mut sockets[i], sync).await?;
        }
    }
}

async fn send(ws: &mut Socket, text: String) -> Result<(), String> {
    ws.send(Message::Text(text.into()))
        .await
        .map_err(|e| error_kind("review game socket: send failed", &e.to_string()))
}

/// Prints the probe's table.
pub fn report(probe: &Probe<Review>, plies: usize) {
    println!(
        "review probe: a game of each to {plies} plies (random legal moves, then the player to move resigns), reviewed"
    );
    println!(
        "  {:<9} {:<16} {:>5} {:<24} {:>8} {:>9} {:>9} {:>8} {:>7} {:>11} {:>8} {:>8} {:>13} {:>14}",
        "game", "id", "games", "ended", "reviewed", "positions", "wall s", "ms/pos", "queued", "inaccuracies", "mistakes", "blunders", "accuracy", "server cpu (waited)"
    );
    for r in &probe.results {
        let acc = |a: Option<f64>| a.map_or("-".to_owned(), |v| format!("{v:.0}"));
        println!(
            "  {:<9} {:<16} {:>5} {:<24} {:>8} {:>9} {:>9.2} {:>8.0} {:>5.0}ms {:>11} {:>8} {:>8} {:>13} {:>14}",
            r.game,
            r.id,
            r.attempts,
            format!("{} at ply {}", r.ended, r.played),
            r.plies,
            r.positions,
            r.wall.as_secs_f64(),
            r.wall.as_secs_f64() * 1000.0 / r.positions.max(1) as f64,
            r.queued.as_secs_f64() * 1000.0,
            r.marks[0],
            r.marks[1],
            r.marks[2],
            format!("{} / {}", acc(r.accuracy[0]), acc(r.accuracy[1])),
            cpu_text(r.server_cpu),
        );
    }
    for r in probe.results.iter().filter(|r| r.none_answers > 0) {
        println!(
            "  note: the review of {} {} answered `none` {} time(s) while it was being finished",
            r.game, r.id, r.none_answers
        );
    }
    for e in &probe.errors {
        println!("  error: {e}");
    }
}
