//! The review probe (issue 15): two guests play a game of each kind over
//! their game sockets with random legal moves to a number of plies, and the
//! player to move then resigns (a review needs a finished game; a game that
//! ends by its rules first is replaced by another, up to
//! [`MAX_ATTEMPTS`], and the longest is reviewed). One of them asks for
//! the game's review (`POST /api/games/{id}/review`) and polls it (`GET`)
//! until it is done: its wall time, time per position, and the marks it
//! gives.

use crate::client::{game_message, read_message, Client, Socket, Unreadable, MIN_GAP};
use crate::probe::Probe;
use crate::stats::error_kind;
use crate::sys::{cpu_text, loopback_source, CpuMeter, ServerAddr, Source};
use futures_util::{SinkExt, StreamExt};
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::game::{EventBody, EventView};
use gamut_protocol::ids::GameId;
use gamut_protocol::requests::{CreateGame, Opponent, SideChoice};
use gamut_protocol::review::{Mark, ReviewState, ReviewView};
use gamut_protocol::socket::{ClientBody, ServerMessage};
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::{CreatedView, JoinedView};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
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
pub const MARKS: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

/// One game's review and what it took.
pub struct Review {
    /// The game.
    pub game: GameKind,
    /// Its id.
    pub id: GameId,
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
    games: &[GameKind],
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
    for &game in games {
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
    game: GameKind,
    plies: usize,
    rng: &mut SmallRng,
) -> Result<Review, String> {
    let mut best: Option<(GameId, usize, String)> = None;
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
    let mut answer: ReviewView = client.post_empty("review", &path, cookie).await?;
    let mut queued = None;
    // `none` answers in a row, and in all: a review that vanished from the
    // computing ones but was not read from the store yet answers `none`
    // once; twice in a row, its computation failed.
    let (mut nones, mut none_answers) = (0, 0);
    loop {
        match answer.state {
            ReviewState::Done => break,
            ReviewState::Running => {
                queued.get_or_insert(asked.elapsed());
                nones = 0;
            }
            ReviewState::Queued => nones = 0,
            ReviewState::None if nones == 0 => {
                nones += 1;
                none_answers += 1;
            }
            ReviewState::None => {
                return Err(format!(
                    "review of {game} {id} ({played} plies, {ended}): state none after {:.1} s",
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
    let review = answer.review;
    let marked = review.as_ref().map_or(&[][..], |r| &r.plies[..]);
    let mut marks = [0u64; 3];
    for p in marked {
        if let Some(i) = MARKS.iter().position(|&m| p.mark == Some(m)) {
            marks[i] += 1;
        }
    }
    Ok(Review {
        game,
        id,
        attempts,
        played,
        ended,
        plies: marked.len(),
        positions: review.as_ref().map_or(0, |r| r.positions.len()),
        wall,
        queued: queued.unwrap_or(Duration::ZERO),
        marks,
        accuracy: review.as_ref().map_or([None, None], |r| r.accuracy),
        none_answers,
        server_cpu,
    })
}

/// The game as one player's socket sees it.
#[derive(Default)]
struct Seat {
    version: i64,
    you: Option<Player>,
    to_move: Option<Player>,
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
    fn apply(&mut self, msg: ServerMessage) -> Result<Option<String>, String> {
        match msg {
            ServerMessage::State { state } => {
                self.syncing = false;
                self.version = state.version;
                self.you = state.you;
                self.to_move = state.to_move;
                self.legal = state.legal;
                self.ply = state.moves.len();
                if state.status == GameStatus::Finished {
                    self.ended = Some(state.result.map_or("?", |r| r.reason.as_str()).to_owned());
                }
            }
            ServerMessage::Events { events } => {
                self.syncing = false;
                for e in events {
                    if let Some(sync) = self.event(e) {
                        return Ok(Some(sync));
                    }
                }
            }
            ServerMessage::Event { event } => return Ok(self.event(event)),
            ServerMessage::Error { error, .. } => {
                return Err(error_kind("review game: refused", &error))
            }
            _ => {}
        }
        Ok(None)
    }

    fn event(&mut self, e: EventView) -> Option<String> {
        let version = e.version;
        if version <= self.version {
            return None;
        }
        if version > self.version + 1 {
            if self.syncing {
                return None;
            }
            self.syncing = true;
            return Some(game_message(
                None,
                ClientBody::Sync {
                    since: Some(self.version),
                },
            ));
        }
        self.version = version;
        if let Some(plies) = e
            .body
            .plies()
            .filter(|_| !matches!(e.body, EventBody::Started { .. }))
        {
            self.ply = plies;
        }
        let to_move = e.body.to_move();
        let (legal, to_move) = match e.body {
            EventBody::Started { legal, .. }
            | EventBody::Move { legal, .. }
            | EventBody::Takeback { legal, .. }
            | EventBody::Placements { legal, .. } => (Some(legal), to_move),
            EventBody::HiddenPlacement { legal, .. } => (legal, None),
            EventBody::End { result, .. } => {
                self.ended = Some(result.reason.as_str().to_owned());
                self.legal.clear();
                self.to_move = None;
                return None;
            }
            _ => (None, None),
        };
        if let Some(legal) = legal {
            self.legal = legal;
        }
        if let Some(to_move) = to_move {
            self.to_move = to_move;
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
    game: GameKind,
    plies: usize,
    rng: &mut SmallRng,
) -> Result<(GameId, usize, String), String> {
    let request = CreateGame {
        game,
        options: Default::default(),
        clock: ClockControl::Untimed,
        rated: false,
        side: Some(SideChoice::Random),
        opponent: Opponent::Challenge { user: None },
        position: None,
    };
    let created: CreatedView = pair[0]
        .0
        .post("review game: create", "/api/games", &pair[0].1, &request)
        .await?;
    let id = created.game.id;
    pair[1]
        .0
        .post_empty::<JoinedView>(
            "review game: join",
            &format!("/api/games/{id}/join"),
            &pair[1].1,
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
                let body = if seat.ply >= plies {
                    resigned = true;
                    ClientBody::Resign {}
                } else {
                    let mv = seat.legal.choose(rng).cloned();
                    match mv {
                        Some(mv) => ClientBody::Move {
                            mv,
                            version: Some(seat.version),
                        },
                        None => return Err("review game: no legal move to play".to_owned()),
                    }
                };
                let text = game_message(Some(next_id), body);
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
        let msg = match read_message::<ServerMessage>(text.as_str()) {
            Ok(msg) => msg,
            // Messages of other kinds are none of the probe's business.
            Err(Unreadable::UnknownType(_)) => continue,
            Err(e) => return Err(e.kind("review game socket")),
        };
        if let ServerMessage::Ack { id, version } = msg {
            if pending.is_some_and(|p| p == (i, id.unwrap_or(0))) {
                pending = None;
                acked = acked.max(version);
            }
            continue;
        }
        if let Some(sync) = seats[i].apply(msg)? {
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
            r.game.name(),
            r.id.as_str(),
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
