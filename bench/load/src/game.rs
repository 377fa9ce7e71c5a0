//! The clients: guest sessions over HTTP, a game slot that starts game
//! after game between its two players, and one task per WebSocket (two
//! players and maybe a spectator) playing random legal moves.

use crate::client::{
    game_message, guest_session, http_error, json_answer, message_type, move_message, read_message,
    request_error,
};
use crate::stats::{error_kind, Latency, Stats};
use crate::sys::{guest_source, ServerAddr};
use futures_util::{SinkExt, StreamExt};
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::game::{EventBody, EventView, GameView};
use gamut_protocol::ids::GameId;
use gamut_protocol::requests::{CreateGame, Opponent, SideChoice};
use gamut_protocol::socket::{ClientBody, ServerMessage};
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::{CreatedView, JoinedView};
use gamut_protocol::ErrorCode;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio::time::sleep_until;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// How long a socket may take to connect.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a move may wait for its ack before it counts as an error.
const ACK_TIMEOUT: Duration = Duration::from_secs(10);
/// After the run (or when a game is abandoned): how long outstanding acks
/// and the closing resignation are waited for.
pub const GRACE: Duration = Duration::from_secs(10);
/// Pause after a failed step before trying again.
pub const RETRY_PAUSE: Duration = Duration::from_secs(1);

/// Where the two players of a game are connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Pairing {
    /// The two players of a game on different servers (round-robin over
    /// `--server`; needs servers that share one database).
    Split,
    /// Both players of a game on the same server (games round-robin).
    Same,
}

/// Everything the tasks share.
pub struct Ctx {
    /// The servers.
    pub servers: Vec<ServerAddr>,
    /// For every request but new guests.
    pub http: reqwest::Client,
    /// For new guests, one per loopback source address.
    guest_clients: Mutex<HashMap<IpAddr, reqwest::Client>>,
    guests: AtomicUsize,
    /// Measurements.
    pub stats: Stats,
    /// The run's start.
    pub start: Instant,
    /// Games start over this long.
    pub ramp: Duration,
    /// No move is sent after this.
    pub deadline: Instant,
    /// The game slots (`--games`).
    pub slots: usize,
    /// Games to play, in turn.
    pub kinds: Vec<GameKind>,
    kind_counter: AtomicUsize,
    /// Think time before each move.
    pub think: Duration,
    /// The clock of every game.
    pub clock: ClockControl,
    /// Where a game's players connect.
    pub pairing: Pairing,
    /// One spectator per this many games (0: none).
    pub spectators_per: usize,
    /// Resign the games still live at the end.
    pub resign_at_end: bool,
    /// Every game started, for `--verify`.
    pub played: Mutex<Vec<Arc<GameShared>>>,
    /// Seed of the players' random choices.
    pub seed: u64,
}

impl Ctx {
    /// A context for a run starting now.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        servers: Vec<ServerAddr>,
        slots: usize,
        kinds: Vec<GameKind>,
        think: Duration,
        duration: Duration,
        ramp: Duration,
        clock: ClockControl,
        pairing: Pairing,
        spectators_per: usize,
        resign_at_end: bool,
        seed: u64,
    ) -> anyhow::Result<Ctx> {
        let start = Instant::now();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .tcp_nodelay(true)
            .build()?;
        Ok(Ctx {
            servers,
            http,
            guest_clients: Mutex::new(HashMap::new()),
            guests: AtomicUsize::new(0),
            stats: Stats::new(start + ramp),
            start,
            ramp,
            deadline: start + duration,
            slots,
            kinds,
            kind_counter: AtomicUsize::new(0),
            think,
            clock,
            pairing,
            spectators_per,
            resign_at_end,
            played: Mutex::new(Vec::new()),
            seed,
        })
    }

    fn guest_client(&self, ip: IpAddr) -> reqwest::Client {
        let mut map = self
            .guest_clients
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(ip)
            .or_insert_with(|| {
                reqwest::Client::builder()
                    .timeout(Duration::from_secs(30))
                    .local_address(ip)
                    .build()
                    .unwrap_or_else(|_| self.http.clone())
            })
            .clone()
    }

    /// A new guest session on `server`, or `None` once the run is over.
    async fn new_guest(&self, server: usize) -> Option<Guest> {
        while Instant::now() < self.deadline {
            let s = &self.servers[server];
            let client = if s.v4 {
                self.guest_client(guest_source(self.guests.fetch_add(1, Ordering::Relaxed)))
            } else {
                self.http.clone()
            };
            let sent = client.post(format!("{}/api/guest", s.base)).send().await;
            match sent {
                Ok(resp) if resp.status().is_success() => match guest_session(resp).await {
                    Ok(cookie) => {
                        return Some(Guest {
                            cookie,
                            http: client,
                        })
                    }
                    Err(kind) => self.stats.error(kind),
                },
                Ok(resp) => {
                    let kind = http_error("guest", resp).await;
                    self.stats.error(kind);
                }
                Err(e) => self.stats.error(request_error("guest", &e)),
            }
            self.pause(RETRY_PAUSE).await;
        }
        None
    }

    /// Sleeps for `d`, or until the deadline if sooner.
    pub async fn pause(&self, d: Duration) {
        let until = (Instant::now() + d).min(self.deadline);
        sleep_until(until.into()).await;
    }

    fn next_kind(&self) -> GameKind {
        let i = self.kind_counter.fetch_add(1, Ordering::Relaxed);
        self.kinds[i % self.kinds.len()]
    }

    /// A request to create a game of `game` on the run's clock, unrated, on
    /// a random side, against `opponent`.
    pub fn create_request(&self, game: GameKind, opponent: Opponent) -> CreateGame {
        CreateGame {
            game,
            options: Default::default(),
            clock: self.clock,
            rated: false,
            side: Some(SideChoice::Random),
            opponent,
            position: None,
        }
    }

    /// POST `body` (if any) to `path` on `server` as `guest`; the
    /// answer, or an error kind.
    async fn post<T: DeserializeOwned>(
        &self,
        what: &str,
        server: usize,
        path: &str,
        guest: &Guest,
        body: Option<&impl Serialize>,
    ) -> Result<T, String> {
        let mut req = guest
            .http
            .post(format!("{}{path}", self.servers[server].base))
            .header("cookie", &guest.cookie);
        if let Some(b) = body {
            req = req.json(b);
        }
        json_answer(what, req).await
    }
}

/// A game slot's guest: its session cookie (`gamut_session=…`) and the
/// client it was made with, whose loopback source address its games'
/// creations and joins come from, as a person's would come from their
/// own address (so the server's per-address caps count each guest's
/// block of addresses, not the whole run as one address).
#[derive(Clone)]
struct Guest {
    cookie: String,
    http: reqwest::Client,
}

/// One game as the load generator saw it.
pub struct GameShared {
    /// Its id.
    pub id: GameId,
    /// The game.
    pub kind: GameKind,
    /// The server it was created on.
    pub server: usize,
    /// When each ply was sent (index: ply).
    sent: Mutex<Vec<Option<Instant>>>,
    /// The moves acknowledged: (ply, move text), in the order acked.
    pub acked: Mutex<Vec<(u32, String)>>,
    /// The game ended during the run (by its rules or a clock).
    pub ended: AtomicBool,
    /// A player's socket failed: the others stop.
    abandon: watch::Sender<bool>,
}

impl GameShared {
    fn new(id: GameId, kind: GameKind, server: usize) -> GameShared {
        GameShared {
            id,
            kind,
            server,
            sent: Mutex::new(Vec::new()),
            acked: Mutex::new(Vec::new()),
            ended: AtomicBool::new(false),
            abandon: watch::channel(false).0,
        }
    }

    fn set_sent(&self, ply: u32, at: Instant) {
        let mut v = self
            .sent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let i = ply as usize;
        if v.len() <= i {
            v.resize(i + 1, None);
        }
        v[i] = Some(at);
    }

    fn sent_at(&self, ply: u32) -> Option<Instant> {
        let v = self
            .sent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        v.get(ply as usize).copied().flatten()
    }
}

/// One game slot (`--games` of them): after its start in the ramp, plays
/// games between its two guests until the run is over.
pub async fn run_slot(ctx: Arc<Ctx>, slot: usize) {
    let offset = ctx.ramp.mul_f64(slot as f64 / ctx.slots.max(1) as f64);
    sleep_until((ctx.start + offset).into()).await;
    let n = ctx.servers.len();
    let servers = match ctx.pairing {
        Pairing::Split => [(2 * slot) % n, (2 * slot + 1) % n],
        Pairing::Same => [slot % n, slot % n],
    };
    let mut guests: [Option<Guest>; 2] = [None, None];
    let mut round = 0usize;
    while Instant::now() < ctx.deadline {
        for p in 0..2 {
            if guests[p].is_none() {
                guests[p] = ctx.new_guest(servers[p]).await;
                if guests[p].is_none() {
                    return;
                }
            }
        }
        let creator = round % 2;
        let joiner = 1 - creator;
        round += 1;
        let (Some(c_guest), Some(j_guest)) = (guests[creator].clone(), guests[joiner].clone())
        else {
            continue;
        };
        let kind = ctx.next_kind();
        let request = ctx.create_request(kind, Opponent::Challenge { user: None });
        let created = ctx
            .post::<CreatedView>(
                "create",
                servers[creator],
                "/api/games",
                &c_guest,
                Some(&request),
            )
            .await;
        let id = match created {
            Ok(created) => created.game.id,
            Err(kind) => {
                if kind.contains("HTTP 401") {
                    guests[creator] = None;
                }
                ctx.stats.error(kind);
                ctx.pause(RETRY_PAUSE).await;
                continue;
            }
        };
        let join_path = format!("/api/games/{id}/join");
        if let Err(kind) = ctx
            .post::<JoinedView>("join", servers[joiner], &join_path, &j_guest, None::<&()>)
            .await
        {
            if kind.contains("HTTP 401") {
                guests[joiner] = None;
            }
            ctx.stats.error(kind);
            let _ = c_guest
                .http
                .delete(format!(
                    "{}/api/games/{id}",
                    ctx.servers[servers[creator]].base
                ))
                .header("cookie", &c_guest.cookie)
                .send()
                .await;
            ctx.pause(RETRY_PAUSE).await;
            continue;
        }
        let game = Arc::new(GameShared::new(id, kind, servers[creator]));
        ctx.played
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(game.clone());
        ctx.stats.games_started.fetch_add(1, Ordering::Relaxed);
        ctx.stats.games_live.fetch_add(1, Ordering::Relaxed);

        let seed = ctx.seed ^ ((slot as u64) << 24) ^ (round as u64);
        let mut tasks = vec![
            tokio::spawn(run_socket(
                ctx.clone(),
                game.clone(),
                servers[creator],
                Some(c_guest.cookie),
                Role::Creator,
                seed,
            )),
            tokio::spawn(run_socket(
                ctx.clone(),
                game.clone(),
                servers[joiner],
                Some(j_guest.cookie),
                Role::Joiner,
                seed ^ 0x9e37_79b9_7f4a_7c15,
            )),
        ];
        if ctx.spectators_per > 0 && slot % ctx.spectators_per == 0 {
            tasks.push(tokio::spawn(run_socket(
                ctx.clone(),
                game.clone(),
                slot % n,
                None,
                Role::Spectator,
                seed,
            )));
        }
        let mut broken = false;
        for t in tasks {
            if t.await.is_err() {
                ctx.stats.error("socket task panicked");
                broken = true;
            }
        }
        ctx.stats.games_live.fetch_sub(1, Ordering::Relaxed);
        if game.ended.load(Ordering::Relaxed) {
            ctx.stats.games_ended.fetch_add(1, Ordering::Relaxed);
        } else {
            broken = true;
        }
        if broken {
            ctx.pause(RETRY_PAUSE).await;
        }
    }
}

/// Who a socket is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// The player who created the game (resigns it at the end).
    Creator,
    /// The player who joined it.
    Joiner,
    /// A spectator.
    Spectator,
}

/// The game as one socket sees it.
#[derive(Default)]
struct View {
    have_state: bool,
    version: i64,
    you: Option<Player>,
    to_move: Option<Player>,
    legal: Vec<String>,
    plies: u32,
    finished: bool,
    syncing: bool,
}

/// A message sent and not answered yet.
struct Pending {
    id: i64,
    sent: Instant,
    ply: u32,
    mv: String,
    resign: bool,
}

/// One WebSocket's state.
struct Sock {
    ctx: Arc<Ctx>,
    game: Arc<GameShared>,
    role: Role,
    view: View,
    pending: Option<Pending>,
    next_id: i64,
    move_at: Option<Instant>,
    stopping: bool,
    resign_due: bool,
    /// A move refused as "not being played" before the game's end was seen.
    refused_unended: Option<String>,
    rng: SmallRng,
    out: Vec<String>,
}

impl Sock {
    fn player(&self) -> bool {
        self.role != Role::Spectator
    }

    fn handle_text(&mut self, text: &str) {
        let msg = match read_message::<ServerMessage>(text) {
            Ok(msg) => msg,
            Err(e) => {
                self.ctx.stats.error(e.kind("socket"));
                return;
            }
        };
        match msg {
            ServerMessage::State { state } => self.apply_state(*state),
            ServerMessage::Events { events } => {
                self.view.syncing = false;
                for e in events {
                    self.apply_event(e);
                }
            }
            ServerMessage::Event { event } => self.apply_event(event),
            ServerMessage::Ack { id, .. } => self.answered(id, None),
            ServerMessage::Error {
                id, error, code, ..
            } => self.answered(id, Some((&error, code))),
            ServerMessage::Pong => {}
            _ => self.ctx.stats.error(error_kind(
                "socket: unknown message type",
                &message_type(text),
            )),
        }
    }

    /// An answer to the message `id`: its `ack` (`refused`: `None`) or
    /// its refusal (the error's text and code).
    fn answered(&mut self, id: Option<i64>, refused: Option<(&str, ErrorCode)>) {
        let matches = self.pending.as_ref().is_some_and(|p| Some(p.id) == id);
        if !matches {
            match refused {
                Some((m, _)) => self.ctx.stats.error(error_kind("socket: server error", m)),
                None => self.ctx.stats.error("socket: ack of no pending message"),
            }
            return;
        }
        let Some(p) = self.pending.take() else {
            return;
        };
        match (refused, p.resign) {
            (None, false) => {
                let now = Instant::now();
                self.ctx.stats.latency(Latency::Ack, now - p.sent, now);
                self.game
                    .acked
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((p.ply, p.mv));
            }
            (None, true) => {}
            (Some((m, ErrorCode::NotBeingPlayed)), false) => {
                // The game ended just before: counted once its end is seen
                // (unless the run is over: then the creator resigned it).
                if self.stopping {
                } else if self.view.finished {
                    self.ctx.stats.end_races.fetch_add(1, Ordering::Relaxed);
                } else {
                    self.refused_unended = Some(m.to_owned());
                }
            }
            (Some((m, _)), false) => self.ctx.stats.error(error_kind("move refused", m)),
            (Some((m, _)), true) => {
                // The game may have ended meanwhile: that is no fault.
                if !self.view.finished {
                    self.ctx.stats.error(error_kind("resign refused", m));
                }
            }
        }
    }

    fn apply_state(&mut self, s: GameView) {
        self.view.have_state = true;
        self.view.syncing = false;
        self.view.version = s.version;
        self.view.you = s.you;
        self.view.to_move = s.to_move;
        self.view.legal = s.legal;
        self.view.plies = s.moves.len() as u32;
        if s.status == GameStatus::Finished {
            self.finish();
        }
    }

    fn apply_event(&mut self, e: EventView) {
        let version = e.version;
        if version <= self.view.version {
            return;
        }
        if version > self.view.version + 1 {
            if !self.view.syncing {
                self.ctx
                    .stats
                    .error("socket: gap in event versions (synced)");
                self.view.syncing = true;
                self.out.push(game_message(
                    None,
                    ClientBody::Sync {
                        since: Some(self.view.version),
                    },
                ));
            }
            return;
        }
        self.view.version = version;
        // The legal moves and the side to move after it, where it says.
        let (plies, to_move_after) = (e.body.plies(), e.body.to_move());
        let (legal, to_move) = match e.body {
            EventBody::Move {
                side,
                ply,
                legal,
                to_move,
                ..
            } => {
                let ply = ply as u32;
                self.view.plies = ply;
                let who = match self.role {
                    Role::Spectator => Some(Latency::ToSpectator),
                    _ if Some(side) != self.view.you => Some(Latency::ToOpponent),
                    _ => None,
                };
                if let (Some(who), Some(sent)) = (who, self.game.sent_at(ply)) {
                    let now = Instant::now();
                    self.ctx.stats.latency(who, now - sent, now);
                }
                (Some(legal), Some(to_move))
            }
            EventBody::Started { legal, .. }
            | EventBody::Takeback { legal, .. }
            | EventBody::Placements { legal, .. } => {
                self.view.plies = plies.unwrap_or(0) as u32;
                (Some(legal), to_move_after)
            }
            EventBody::HiddenPlacement { legal, .. } => (legal, None),
            EventBody::End { .. } => {
                self.finish();
                return;
            }
            _ => (None, None),
        };
        if let Some(legal) = legal {
            self.view.legal = legal;
        }
        if let Some(to_move) = to_move {
            self.view.to_move = to_move;
        }
    }

    fn finish(&mut self) {
        if self.refused_unended.take().is_some() {
            self.ctx.stats.end_races.fetch_add(1, Ordering::Relaxed);
        }
        self.view.finished = true;
        self.view.legal.clear();
        self.view.to_move = None;
        self.move_at = None;
        if !self.stopping {
            self.game.ended.store(true, Ordering::Relaxed);
        }
    }

    /// Schedules this player's next move when it is its turn.
    fn schedule(&mut self, now: Instant) {
        if self.player()
            && !self.stopping
            && !self.view.finished
            && self.pending.is_none()
            && self.move_at.is_none()
            && self.view.have_state
            && !self.view.syncing
            && self.view.you.is_some()
            && self.view.to_move == self.view.you
            && !self.view.legal.is_empty()
            && self.refused_unended.is_none()
        {
            self.move_at = Some(now + self.ctx.think);
        }
    }

    /// The move to send now, if it is still this player's turn.
    fn make_move(&mut self) -> Option<String> {
        self.move_at = None;
        if self.stopping
            || self.view.finished
            || self.pending.is_some()
            || self.view.syncing
            || self.view.to_move != self.view.you
        {
            return None;
        }
        let mv = self.view.legal.choose(&mut self.rng)?.clone();
        let ply = self.view.plies + 1;
        let id = self.next_id;
        self.next_id += 1;
        let (text, mv) = move_message(id, mv, self.view.version);
        let now = Instant::now();
        self.game.set_sent(ply, now);
        self.pending = Some(Pending {
            id,
            sent: now,
            ply,
            mv,
            resign: false,
        });
        Some(text)
    }

    /// The resignation to send now, if one is due.
    fn make_resign(&mut self) -> Option<String> {
        if !self.resign_due || self.pending.is_some() || self.view.finished {
            return None;
        }
        self.resign_due = false;
        let id = self.next_id;
        self.next_id += 1;
        self.pending = Some(Pending {
            id,
            sent: Instant::now(),
            ply: 0,
            mv: String::new(),
            resign: true,
        });
        Some(game_message(Some(id), ClientBody::Resign {}))
    }

    /// Stops playing: at the end of the run, or when the game is
    /// abandoned (`survivor`: this player resigns what is left of it).
    fn stop(&mut self, survivor: bool) {
        if self.stopping {
            return;
        }
        self.stopping = true;
        self.move_at = None;
        self.resign_due = self.player()
            && !self.view.finished
            && (survivor || (self.ctx.resign_at_end && self.role == Role::Creator));
    }

    fn done(&self) -> bool {
        self.pending.is_none() && (self.view.finished || (self.stopping && !self.resign_due))
    }
}

/// One WebSocket: connects, then plays (or watches) until the game ends,
/// the run is over or the game is abandoned.
async fn run_socket(
    ctx: Arc<Ctx>,
    game: Arc<GameShared>,
    server: usize,
    cookie: Option<String>,
    role: Role,
    seed: u64,
) {
    let player = role != Role::Spectator;
    let url = format!("{}/api/games/{}/ws", ctx.servers[server].ws_base, game.id);
    let Ok(mut req) = url.as_str().into_client_request() else {
        ctx.stats.error("socket: bad URL");
        return;
    };
    if let Some(c) = &cookie {
        match c.parse() {
            Ok(v) => {
                req.headers_mut().insert("cookie", v);
            }
            Err(_) => ctx.stats.error("socket: bad cookie"),
        }
    }
    let connected = tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async_with_config(req, None, true),
    )
    .await;
    let ws = match connected {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => {
            ctx.stats
                .error(error_kind("socket: connect failed", &e.to_string()));
            if player {
                game.abandon.send_replace(true);
            }
            return;
        }
        Err(_) => {
            ctx.stats.error("socket: connect timeout");
            if player {
                game.abandon.send_replace(true);
            }
            return;
        }
    };
    let (mut tx, mut rx) = ws.split();
    let mut abandoned = game.abandon.subscribe();
    let mut s = Sock {
        ctx: ctx.clone(),
        game: game.clone(),
        role,
        view: View::default(),
        pending: None,
        next_id: 1,
        move_at: None,
        stopping: false,
        resign_due: false,
        refused_unended: None,
        rng: SmallRng::seed_from_u64(seed),
        out: Vec::new(),
    };
    let far = ctx.deadline + Duration::from_secs(3600);
    let mut hard_stop = far;
    let mut failed = false;
    if *abandoned.borrow_and_update() {
        s.stop(true);
        hard_stop = Instant::now() + GRACE;
    }
    loop {
        if s.done() {
            break;
        }
        let move_at = s.move_at.unwrap_or(far);
        let ack_by = s.pending.as_ref().map_or(far, |p| p.sent + ACK_TIMEOUT);
        let stop_at = if s.stopping { hard_stop } else { ctx.deadline };
        tokio::select! {
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(t))) => s.handle_text(t.as_str()),
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    if !(s.view.finished || s.stopping && !player) {
                        ctx.stats.error("socket: closed by the server");
                        failed = true;
                    }
                    break;
                }
                Some(Ok(_)) => {}
            },
            () = sleep_until(move_at.into()), if s.move_at.is_some() => {
                if let Some(m) = s.make_move() {
                    s.out.push(m);
                }
            }
            () = sleep_until(ack_by.into()), if s.pending.is_some() => {
                let what = if s.pending.as_ref().is_some_and(|p| p.resign) { "resign" } else { "move" };
                ctx.stats.error(format!("{what}: no ack within {} s", ACK_TIMEOUT.as_secs()));
                s.pending = None;
            }
            () = sleep_until(stop_at.into()) => {
                if s.stopping {
                    if s.pending.is_some() {
                        ctx.stats.error("no ack by the end of the grace period");
                    }
                    break;
                }
                s.stop(false);
                hard_stop = Instant::now() + GRACE;
            }
            changed = abandoned.changed(), if !s.stopping => {
                if changed.is_ok() && *abandoned.borrow_and_update() {
                    s.stop(true);
                    hard_stop = Instant::now() + GRACE;
                }
            }
        }
        if let Some(r) = s.make_resign() {
            s.out.push(r);
        }
        s.schedule(Instant::now());
        let mut send_failed = false;
        for text in s.out.drain(..) {
            if tx.send(Message::Text(text.into())).await.is_err() {
                send_failed = true;
                break;
            }
        }
        if send_failed {
            ctx.stats.error("socket: send failed");
            failed = true;
            break;
        }
    }
    if let Some(m) = s.refused_unended.take() {
        ctx.stats.error(error_kind("move refused", &m));
    }
    if failed && player && !s.view.finished {
        game.abandon.send_replace(true);
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), tx.send(Message::Close(None))).await;
}
