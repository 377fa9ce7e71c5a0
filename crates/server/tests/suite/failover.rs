//! Failover between server processes: three real `gamut-server` processes
//! on one `PostgreSQL` database, the two players of each game on different
//! processes, and kill -9 of one of them mid-game. Its players reconnect
//! to the others and go on; no acknowledged move is lost, no game is left
//! stuck (every move reaches the opponent wherever it is connected, also
//! the moves stored just before the kill), the clock of a game whose
//! players were all on the killed process still falls, and the computer
//! still answers in games against it. `PostgreSQL` only (skipped with a note
//! without `GAMUT_TEST_POSTGRES_URL`); bounded (about 15 s).

use crate::common;

use common::{challenge, Backend, Client};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The server process killed.
const KILLED: usize = 0;
/// How long a message may take before the game counts as stuck.
const STUCK: Duration = Duration::from_secs(6);

use common::{spawn_server as spawn, ServerProcess as Process};

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a player last saw of its game.
#[derive(Clone, Debug, Default)]
struct Seen {
    version: i64,
    to_move: Option<u64>,
    legal: Vec<String>,
    result: Option<Value>,
}

impl Seen {
    /// Takes in one server message.
    fn take(&mut self, m: &Value) {
        match m["type"].as_str() {
            Some("state") => {
                let s = &m["state"];
                self.version = s["version"].as_i64().unwrap_or(0);
                self.to_move = s["to_move"].as_u64();
                self.legal = strings(&s["legal"]);
                if s["status"] == "finished" {
                    self.result = Some(s["result"].clone());
                }
            }
            Some("event") => self.event(&m["event"]),
            Some("events") => {
                for e in m["events"].as_array().into_iter().flatten() {
                    self.event(e);
                }
            }
            _ => {}
        }
    }

    fn event(&mut self, e: &Value) {
        let version = e["version"].as_i64().unwrap_or(0);
        if version <= self.version {
            return;
        }
        self.version = version;
        if e.get("legal").is_some() {
            self.to_move = e["to_move"].as_u64();
            self.legal = strings(&e["legal"]);
        }
        if e["kind"] == "end" {
            self.result = Some(e["result"].clone());
            self.to_move = None;
            self.legal.clear();
        }
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m.as_str().map(str::to_owned))
        .collect()
}

/// A player: its session, the process it is connected to and its socket
/// (`None` while broken).
struct Player {
    client: Client,
    server: usize,
    game: String,
    socket: Option<Stream>,
    seen: Seen,
    next_id: i64,
}

/// What reading a socket gave.
enum Read {
    Message(Value),
    Broken,
    Timeout,
}

impl Player {
    async fn new(base: &str, server: usize) -> Player {
        let mut client = common::bare_client();
        client.rebase(base);
        client.post_ok("/api/guest", json!({})).await;
        Player {
            client,
            server,
            game: String::new(),
            socket: None,
            seen: Seen::default(),
            next_id: 1,
        }
    }

    /// Opens the game's socket on the current process (with `since` when
    /// something was seen already) and reads the first message.
    async fn connect(&mut self) {
        let ws_base = self.client.base.replacen("http://", "ws://", 1);
        let since = if self.seen.version > 0 {
            format!("?since={}", self.seen.version)
        } else {
            String::new()
        };
        let url = format!("{ws_base}/api/games/{}/ws{since}", self.game);
        let mut req = url.into_client_request().expect("ws request");
        if let Some(c) = &self.client.cookie {
            req.headers_mut()
                .insert("cookie", c.parse().expect("cookie"));
        }
        let (stream, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("ws connect");
        self.socket = Some(stream);
        match self.read(STUCK).await {
            Read::Message(_) => {}
            _ => panic!("game {}: no first message after connecting", self.game),
        }
    }

    /// Moves to process `server` (at `base`) and reconnects.
    async fn reconnect(&mut self, server: usize, base: &str) {
        self.server = server;
        self.client.rebase(base);
        self.connect().await;
    }

    /// The next message (taken into `seen`).
    async fn read(&mut self, within: Duration) -> Read {
        let Some(socket) = self.socket.as_mut() else {
            return Read::Broken;
        };
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, socket.next()).await {
                Err(_) => return Read::Timeout,
                Ok(Some(Ok(Message::Text(text)))) => {
                    let m: Value = serde_json::from_str(&text).expect("JSON message");
                    self.seen.take(&m);
                    return Read::Message(m);
                }
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(_)) | None) => {
                    self.socket = None;
                    return Read::Broken;
                }
            }
        }
    }

    /// Sends a move; its message id (`None`: the socket is broken).
    async fn send_move(&mut self, mv: &str) -> Option<i64> {
        let id = self.next_id;
        self.next_id += 1;
        let msg = json!({"type": "move", "move": mv, "version": self.seen.version, "id": id});
        let socket = self.socket.as_mut()?;
        if socket
            .send(Message::Text(msg.to_string().into()))
            .await
            .is_err()
        {
            self.socket = None;
            return None;
        }
        Some(id)
    }

    /// Reads until the answer to message `id`: `Some(version)` for an ack,
    /// `None` for an error or a broken socket.
    async fn answer(&mut self, id: i64) -> Option<i64> {
        loop {
            match self.read(STUCK).await {
                Read::Message(m) if m["id"] == json!(id) && m["type"] == "ack" => {
                    return m["version"].as_i64();
                }
                Read::Message(m) if m["id"] == json!(id) => {
                    eprintln!("game {}: move refused: {m}", self.game);
                    return None;
                }
                Read::Message(_) => {}
                Read::Broken => return None,
                Read::Timeout => panic!("game {}: no answer to a move within {STUCK:?}", self.game),
            }
        }
    }

    /// Reads until it has seen version `version` (reconnecting to `base` if
    /// its socket breaks); panics if that takes longer than [`STUCK`].
    async fn wait_version(&mut self, version: i64, spare: (usize, &str)) {
        let deadline = Instant::now() + STUCK;
        while self.seen.version < version && self.seen.result.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.read(left).await {
                Read::Message(_) => {}
                Read::Broken => self.reconnect(spare.0, spare.1).await,
                Read::Timeout => panic!(
                    "game {} is stuck: version {version} never reached the player on process {} \
                     (it saw {})",
                    self.game, self.server, self.seen.version
                ),
            }
        }
    }
}

/// Another live process for a player of process `server` after the kill.
fn spare(server: usize, game: usize) -> usize {
    if server != KILLED {
        server
    } else {
        1 + game % 2
    }
}

/// One game between two people on different processes, played until
/// `until`; returns the acknowledged moves (version, move) and how many
/// were acknowledged after `killed_at`.
async fn play_people(
    mut players: [Player; 2],
    bases: Vec<String>,
    index: usize,
    until: Instant,
    killed_at: Instant,
) -> (String, Vec<(i64, String)>, usize) {
    let mut acked = Vec::new();
    let mut after_kill = 0;
    let mut turn = 0usize;
    while Instant::now() < until {
        let seen = if players[0].seen.version >= players[1].seen.version {
            players[0].seen.clone()
        } else {
            players[1].seen.clone()
        };
        if seen.result.is_some() {
            break;
        }
        let Some(side) = seen.to_move.map(|s| s as usize) else {
            break;
        };
        let (mover, other) = if side == 0 {
            let [a, b] = &mut players;
            (a, b)
        } else {
            let [a, b] = &mut players;
            (b, a)
        };
        if mover.seen.version < seen.version {
            let spare_of = spare(mover.server, index);
            mover
                .wait_version(seen.version, (spare_of, &bases[spare_of]))
                .await;
        }
        if mover.seen.legal.is_empty() {
            // Over by the rules: the end event follows.
            let spare_of = spare(mover.server, index);
            mover
                .wait_version(mover.seen.version + 1, (spare_of, &bases[spare_of]))
                .await;
            continue;
        }
        turn += 1;
        let mv = mover.seen.legal[turn * 7 % mover.seen.legal.len()].clone();
        let version = match mover.send_move(&mv).await {
            Some(id) => mover.answer(id).await,
            None => None,
        };
        let Some(version) = version else {
            // Broken (the process was killed) or refused: reconnect if need
            // be, and look again.
            if mover.socket.is_none() {
                let to = spare(mover.server, index);
                mover.reconnect(to, &bases[to]).await;
            }
            continue;
        };
        acked.push((version, mv));
        if Instant::now() > killed_at {
            after_kill += 1;
        }
        // About 25 moves a second: the games last past the kill.
        tokio::time::sleep(Duration::from_millis(40)).await;
        // The move reaches the opponent, wherever it is connected.
        let spare_of = spare(other.server, index);
        other
            .wait_version(version, (spare_of, &bases[spare_of]))
            .await;
    }
    (players[0].game.clone(), acked, after_kill)
}

/// One game against the computer, played until `until`; returns the
/// computer's moves seen after `killed_at`, and whether the game ended
/// (its end seen, before or after the kill).
async fn play_computer(
    mut player: Player,
    bases: Vec<String>,
    index: usize,
    until: Instant,
    killed_at: Instant,
) -> (usize, bool) {
    let mut answered_after_kill = 0;
    let mut turn = 0usize;
    while Instant::now() < until && player.seen.result.is_none() {
        if player.seen.to_move != Some(0) {
            // The computer's turn: it must answer.
            let before = player.seen.version;
            let spare_of = spare(player.server, index);
            player
                .wait_version(before + 1, (spare_of, &bases[spare_of]))
                .await;
            if Instant::now() > killed_at {
                answered_after_kill += 1;
            }
            continue;
        }
        if player.seen.legal.is_empty() {
            // Over by the rules: the end event follows.
            let spare_of = spare(player.server, index);
            player
                .wait_version(player.seen.version + 1, (spare_of, &bases[spare_of]))
                .await;
            continue;
        }
        turn += 1;
        let mv = player.seen.legal[turn * 5 % player.seen.legal.len()].clone();
        let acked = match player.send_move(&mv).await {
            Some(id) => player.answer(id).await,
            None => None,
        };
        if acked.is_none() && player.socket.is_none() {
            let to = spare(player.server, index);
            player.reconnect(to, &bases[to]).await;
        }
    }
    (answered_after_kill, player.seen.result.is_some())
}

async fn failover(backend: Backend) {
    let started = Instant::now();
    let mut processes: Vec<Option<Process>> = (0..3).map(|_| Some(spawn(&backend))).collect();
    let bases: Vec<String> = processes
        .iter()
        .map(|p| p.as_ref().expect("process").base.clone())
        .collect();
    let clock = json!({"type": "realtime", "initial_ms": 300_000, "increment_ms": 0});

    // Six games between people on different processes (four with a player
    // on the one to be killed).
    let mut people = Vec::new();
    for k in 0..6 {
        let (sa, sb) = (k % 3, (k + 1) % 3);
        let mut a = Player::new(&bases[sa], sa).await;
        let mut b = Player::new(&bases[sb], sb).await;
        let id = challenge(
            &mut a.client,
            &mut b.client,
            "loa",
            json!({}),
            clock.clone(),
            false,
        )
        .await;
        for p in [&mut a, &mut b] {
            p.game.clone_from(&id);
            p.connect().await;
        }
        people.push([a, b]);
    }
    // Four games against the computer, their players on the process to be
    // killed (whichever process owns a game makes the computer's moves).
    let mut computers = Vec::new();
    for _ in 0..4 {
        let mut p = Player::new(&bases[KILLED], KILLED).await;
        let (id, _) = p
            .client
            .create_game(json!({"game": "loa", "clock": clock, "side": "first",
                                "opponent": {"type": "computer", "level": "random"}}))
            .await;
        p.game = id;
        p.connect().await;
        computers.push(p);
    }
    // A game whose players are both on the process to be killed, short of
    // time: the side to move after the kill never moves, and its clock must
    // still fall (on a process that remains).
    let mut flagger = Player::new(&bases[KILLED], KILLED).await;
    let mut waiter = Player::new(&bases[KILLED], KILLED).await;
    let short = json!({"type": "realtime", "initial_ms": 4_000, "increment_ms": 0});
    let flag_game = challenge(
        &mut flagger.client,
        &mut waiter.client,
        "loa",
        json!({}),
        short,
        false,
    )
    .await;
    for p in [&mut flagger, &mut waiter] {
        p.game.clone_from(&flag_game);
        p.connect().await;
    }
    let first = flagger.seen.legal[0].clone();
    let id = flagger.send_move(&first).await.expect("send");
    assert!(
        flagger.answer(id).await.is_some(),
        "the first move is acked"
    );

    let killed_at = Instant::now() + Duration::from_secs(2);
    let until = killed_at + Duration::from_secs(6);
    let mut tasks = Vec::new();
    for (k, players) in people.into_iter().enumerate() {
        tasks.push(tokio::spawn(play_people(
            players,
            bases.clone(),
            k,
            until,
            killed_at,
        )));
    }
    let mut computer_tasks = Vec::new();
    for (k, player) in computers.into_iter().enumerate() {
        computer_tasks.push(tokio::spawn(play_computer(
            player,
            bases.clone(),
            k,
            until,
            killed_at,
        )));
    }
    tokio::time::sleep_until(killed_at.into()).await;
    if let Some(mut killed) = processes[KILLED].take() {
        killed.child.kill().expect("kill -9");
        killed.child.wait().expect("reap");
    }

    // The players of the short game reconnect elsewhere; the clock falls.
    waiter.socket = None;
    waiter.reconnect(1, &bases[1]).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while waiter.seen.result.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        match waiter.read(left).await {
            Read::Message(_) => {}
            Read::Timeout => panic!(
                "the short game's clock did not fall after its processes died (it saw {:?})",
                waiter.seen
            ),
            Read::Broken => panic!("the short game's socket broke"),
        }
    }
    let result = waiter.seen.result.clone().unwrap_or_default();
    assert_eq!(result["reason"], "timeout", "{result}");
    assert_eq!(result["winner"], json!(0), "{result}");

    let mut check = common::bare_client();
    check.rebase(&bases[2]);
    for task in tasks {
        let (game, acked, after_kill) = task.await.expect("a game's task");
        eprintln!(
            "game {game}: {} moves acknowledged, {after_kill} after the kill",
            acked.len()
        );
        assert!(
            after_kill >= 2,
            "game {game}: only {after_kill} moves after the kill"
        );
        // Every acknowledged move is stored, at its version.
        let state = check.state(&game).await;
        let stored = strings(&state["moves"]);
        let end_version = (state["status"] == "finished")
            .then(|| state["version"].as_i64())
            .flatten();
        for (version, mv) in &acked {
            // A game-ending move's ack carries the version of its end,
            // stored with it.
            let own = if Some(*version) == end_version {
                version - 1
            } else {
                *version
            };
            let ply = usize::try_from(own - 2).expect("a move's version");
            assert_eq!(
                stored.get(ply),
                Some(mv),
                "game {game}: the move acknowledged at version {version} is not stored"
            );
        }
    }
    for task in computer_tasks {
        let (answered, ended) = task.await.expect("a computer game's task");
        eprintln!("a game against the computer: {answered} answers after the kill");
        assert!(
            answered >= 1 || ended,
            "the computer stopped answering after the kill"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
}

test_on_postgres!(
    killing_one_of_three_processes_loses_no_ack_and_leaves_no_game_stuck,
    failover
);
