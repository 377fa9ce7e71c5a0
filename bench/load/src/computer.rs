//! The computer scenario (issue 12): a *hog*, one guest trying to keep
//! many games against the computer at a strong level going (the server
//! refuses past its caps per user and per address: the refusals are
//! counted), moving as soon as it may so that the computer always thinks;
//! and a *probe*, another guest from another loopback address playing one
//! game at a time against the computer at an easy level, whose computer
//! reply delay (from its move's ack to the computer's move event) is what
//! a player beside the hog feels.

use crate::client::{game_message, message_type, read_message, Client, Unreadable, MIN_GAP};
use crate::game::{Ctx, GRACE, RETRY_PAUSE};
use crate::stats::{error_kind, Counts, SharedSamples};
use crate::sys::{loopback_source, Source};
use futures_util::{SinkExt, StreamExt};
use gamut_ai::Level;
use gamut_core::Player;
use gamut_protocol::game::{EventBody, EventView, GameView};
use gamut_protocol::ids::GameId;
use gamut_protocol::requests::Opponent;
use gamut_protocol::socket::{ClientBody, ServerMessage};
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::CreatedView;
use gamut_protocol::ErrorCode;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinSet;
use tokio::time::sleep_until;
use tokio_tungstenite::tungstenite::Message;

/// Which guest plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The guest hogging the computer.
    Hog,
    /// The guest measuring the computer's reply delay.
    Probe,
}

/// What one guest's games against the computer did.
#[derive(Default)]
pub struct Side {
    /// Games created.
    pub created: AtomicU64,
    /// Create requests.
    pub attempts: AtomicU64,
    /// Creations refused by the server's caps (`429`), by kind.
    pub refused: Counts,
    /// Games live now.
    pub live: AtomicU64,
    /// The most live at once.
    pub max_live: AtomicU64,
    /// Its moves acknowledged.
    pub moves: AtomicU64,
    /// The computer's reply delay: the guest's move's ack to the
    /// computer's move event.
    pub reply: SharedSamples,
}

/// Both guests' figures.
#[derive(Default)]
pub struct ComputerStats {
    /// The hog's.
    pub hog: Side,
    /// The probe's.
    pub probe: Side,
}

impl ComputerStats {
    fn side(&self, who: Who) -> &Side {
        match who {
            Who::Hog => &self.hog,
            Who::Probe => &self.probe,
        }
    }
}

/// How a guest plays its games against the computer.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Which guest.
    pub who: Who,
    /// The computer's level.
    pub level: Level,
    /// Its wait before each move (the hog: 0).
    pub think: Duration,
    /// Games it tries to keep going at once.
    pub games: usize,
    /// Send the creation requests of its game slots all at once (as a
    /// script would), instead of one after the other's answer.
    pub burst: bool,
}

/// One guest (from its own source address, on the first server) keeping
/// `plan.games` games against the computer going until the run is over:
/// each game slot creates a game, plays it to its end, and starts another;
/// a refused creation is retried after [`RETRY_PAUSE`]. The slots' creation
/// requests are sent one at a time (each after the previous one's answer)
/// unless `plan.burst`.
pub async fn run(ctx: Arc<Ctx>, plan: Plan, stats: Arc<ComputerStats>) {
    let block = match plan.who {
        Who::Hog => Source::Hog,
        Who::Probe => Source::Probe,
    };
    let client = match Client::new(&ctx.servers[0], loopback_source(block, 0)) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            ctx.stats
                .error(error_kind("computer games: no client", &e.to_string()));
            return;
        }
    };
    let Some(cookie) = client.guest_until_deadline(&ctx).await else {
        return;
    };
    let cookie = Arc::new(cookie);
    let one_at_a_time = Arc::new(tokio::sync::Mutex::new(()));
    let mut slots = JoinSet::new();
    for slot in 0..plan.games.max(1) {
        let (ctx, client, cookie, plan, stats, one_at_a_time) = (
            ctx.clone(),
            client.clone(),
            cookie.clone(),
            plan.clone(),
            stats.clone(),
            one_at_a_time.clone(),
        );
        slots.spawn(async move {
            let mut round = 0u64;
            while Instant::now() < ctx.deadline {
                round += 1;
                let seed = ctx.seed ^ ((plan.who as u64 + 1) << 40) ^ ((slot as u64) << 20) ^ round;
                let side = stats.side(plan.who);
                side.attempts.fetch_add(1, Ordering::Relaxed);
                let turn = if plan.burst {
                    None
                } else {
                    Some(one_at_a_time.clone().lock_owned().await)
                };
                match play_game(&ctx, &client, &cookie, &plan, &stats, seed, turn).await {
                    Ok(()) => {}
                    Err(kind) if kind.contains("HTTP 429") => {
                        side.refused.add(kind);
                        ctx.pause(RETRY_PAUSE).await;
                    }
                    Err(kind) => {
                        ctx.stats.error(kind);
                        ctx.pause(RETRY_PAUSE).await;
                    }
                }
            }
        });
    }
    while slots.join_next().await.is_some() {}
}

/// The game as the guest's socket sees it.
#[derive(Default)]
struct View {
    version: i64,
    you: Option<Player>,
    to_move: Option<Player>,
    legal: Vec<String>,
    finished: bool,
    syncing: bool,
}

impl View {
    fn state(&mut self, s: GameView) {
        self.syncing = false;
        self.version = s.version;
        self.you = s.you;
        self.to_move = s.to_move;
        self.legal = s.legal;
        self.finished = s.status == GameStatus::Finished;
    }
}

/// Creates one game against the computer and plays it until it ends or
/// the run is over (then resigns it). `Err`: the creation's error kind.
/// `turn`, held until the creation is answered, makes creations wait for
/// each other.
async fn play_game(
    ctx: &Ctx,
    client: &Client,
    cookie: &str,
    plan: &Plan,
    stats: &ComputerStats,
    seed: u64,
    turn: Option<tokio::sync::OwnedMutexGuard<()>>,
) -> Result<(), String> {
    let side = stats.side(plan.who);
    let request = ctx.create_request(ctx.kinds[0], Opponent::Computer { level: plan.level });
    let created = client
        .post::<CreatedView>("create (computer)", "/api/games", cookie, &request)
        .await;
    drop(turn);
    let id = created?.game.id;
    side.created.fetch_add(1, Ordering::Relaxed);
    let live = side.live.fetch_add(1, Ordering::Relaxed) + 1;
    side.max_live.fetch_max(live, Ordering::Relaxed);
    let played = play_socket(ctx, client, cookie, &id, plan, side, seed).await;
    side.live.fetch_sub(1, Ordering::Relaxed);
    if let Err(kind) = played {
        ctx.stats.error(kind);
        ctx.pause(RETRY_PAUSE).await;
    }
    Ok(())
}

/// Plays game `id` on its socket: `Err` with an error kind if the socket
/// failed.
async fn play_socket(
    ctx: &Ctx,
    client: &Client,
    cookie: &str,
    id: &GameId,
    plan: &Plan,
    side: &Side,
    seed: u64,
) -> Result<(), String> {
    let ws = client
        .socket(&format!("/api/games/{id}/ws"), Some(cookie))
        .await?;
    let (mut tx, mut rx) = ws.split();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut view = View::default();
    let far = ctx.deadline + Duration::from_secs(3600);
    // The message sent and not answered yet: (id, is a resignation).
    let mut pending: Option<(i64, bool)> = None;
    let mut next_id = 1i64;
    let mut move_at: Option<Instant> = None;
    let mut last_sent = Instant::now() - MIN_GAP;
    // The guest's last move awaiting the computer's reply: when it was
    // acked (`None` until then).
    let mut awaiting: Option<Option<Instant>> = None;
    let mut stopping = false;
    let mut hard_stop = far;
    let mut out: Vec<String> = Vec::new();
    let result = loop {
        if view.finished || (stopping && pending.is_none()) {
            break Ok(());
        }
        let stop_at = if stopping { hard_stop } else { ctx.deadline };
        tokio::select! {
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    let text = t.as_str();
                    let now = Instant::now();
                    match read_message::<ServerMessage>(text) {
                        Ok(ServerMessage::State { state }) => view.state(*state),
                        Ok(ServerMessage::Events { events }) => {
                            view.syncing = false;
                            for e in events {
                                apply_event(&mut view, e, &mut awaiting, side, &mut out, now);
                            }
                        }
                        Ok(ServerMessage::Event { event }) => apply_event(&mut view, event, &mut awaiting, side, &mut out, now),
                        Ok(ServerMessage::Ack { id, .. }) if pending.is_some_and(|p| Some(p.0) == id) => {
                            if pending.take().is_some_and(|p| !p.1) {
                                side.moves.fetch_add(1, Ordering::Relaxed);
                                if awaiting == Some(None) {
                                    awaiting = Some(Some(now));
                                }
                            }
                        }
                        Ok(ServerMessage::Error { id, error, code, .. }) if pending.is_some_and(|p| Some(p.0) == id) => {
                            pending = None;
                            awaiting = None;
                            // A move or resignation just after the game ended is no fault.
                            if code != ErrorCode::NotBeingPlayed {
                                ctx.stats.error(error_kind("computer game: refused", &error));
                            }
                        }
                        Ok(ServerMessage::Pong) => {}
                        Ok(other) => {
                            let error = match &other {
                                ServerMessage::Error { error, .. } => error.as_str(),
                                _ => "",
                            };
                            ctx.stats.error(error_kind(
                                "computer game socket: unexpected message",
                                &format!("{} {error}", message_type(text)),
                            ));
                        }
                        Err(e @ Unreadable::NotJson) => break Err(e.kind("computer game socket")),
                        Err(e) => ctx.stats.error(e.kind("computer game socket")),
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    break Err("computer game socket: closed by the server".to_owned());
                }
                Some(Ok(_)) => {}
            },
            () = sleep_until(move_at.unwrap_or(far).into()), if move_at.is_some() => {
                move_at = None;
                if !stopping && pending.is_none() && !view.syncing && view.to_move.is_some() && view.to_move == view.you {
                    if let Some(mv) = view.legal.choose(&mut rng) {
                        out.push(game_message(Some(next_id), ClientBody::Move { mv: mv.clone(), version: Some(view.version) }));
                        pending = Some((next_id, false));
                        next_id += 1;
                        awaiting = Some(None);
                    }
                }
            }
            () = sleep_until(stop_at.into()) => {
                if stopping {
                    break Err("computer game: no answer to the resignation".to_owned());
                }
                // The run is over: resign (after any move in flight).
                stopping = true;
                move_at = None;
                hard_stop = Instant::now() + GRACE;
            }
        }
        if stopping && pending.is_none() && !view.finished {
            out.push(game_message(Some(next_id), ClientBody::Resign {}));
            pending = Some((next_id, true));
            next_id += 1;
        }
        if !stopping
            && !view.finished
            && !view.syncing
            && pending.is_none()
            && move_at.is_none()
            && view.to_move.is_some()
            && view.to_move == view.you
            && !view.legal.is_empty()
        {
            move_at = Some((Instant::now() + plan.think).max(last_sent + MIN_GAP));
        }
        let mut failed = false;
        for text in out.drain(..) {
            last_sent = Instant::now();
            if tx.send(Message::Text(text.into())).await.is_err() {
                failed = true;
                break;
            }
        }
        if failed {
            break Err("computer game socket: send failed".to_owned());
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), tx.send(Message::Close(None))).await;
    result
}

/// Applies one event; a computer's move answering the guest's move is a
/// reply-delay sample (from its ack; 0 if it came before the ack).
fn apply_event(
    view: &mut View,
    e: EventView,
    awaiting: &mut Option<Option<Instant>>,
    side: &Side,
    out: &mut Vec<String>,
    now: Instant,
) {
    let version = e.version;
    if version <= view.version {
        return;
    }
    if version > view.version + 1 {
        if !view.syncing {
            view.syncing = true;
            out.push(game_message(
                None,
                ClientBody::Sync {
                    since: Some(view.version),
                },
            ));
        }
        return;
    }
    view.version = version;
    if let EventBody::Move { side: mover, .. } = &e.body {
        if Some(*mover) != view.you {
            if let Some(acked) = awaiting.take() {
                side.reply
                    .add(acked.map_or(Duration::ZERO, |at| now.saturating_duration_since(at)));
            }
        }
    }
    let (legal, to_move) = match e.body {
        EventBody::Started { legal, to_move, .. }
        | EventBody::Move { legal, to_move, .. }
        | EventBody::Takeback { legal, to_move, .. }
        | EventBody::Placements { legal, to_move, .. } => (Some(legal), Some(to_move)),
        EventBody::HiddenPlacement { legal, .. } => (legal, None),
        EventBody::End { .. } => {
            view.finished = true;
            view.legal.clear();
            view.to_move = None;
            return;
        }
        _ => (None, None),
    };
    if let Some(legal) = legal {
        view.legal = legal;
    }
    if let Some(to_move) = to_move {
        view.to_move = to_move;
    }
}

/// Prints the computer scenario's summary.
pub fn report(stats: &ComputerStats, probe: Option<&Plan>, hog: Option<&Plan>, game: &str) {
    let show = |name: &str, plan: &Plan, s: &Side| {
        println!(
            "computer {name} (level {}, {game}, think {} ms, {} game(s) at once, created {}): {} create attempts, {} created, {} refused; at most {} live at once; {} of its moves acked",
            plan.level,
            plan.think.as_millis(),
            plan.games,
            if plan.burst { "in a burst" } else { "one at a time" },
            s.attempts.load(Ordering::Relaxed),
            s.created.load(Ordering::Relaxed),
            s.refused.total(),
            s.max_live.load(Ordering::Relaxed),
            s.moves.load(Ordering::Relaxed),
        );
        for (kind, n) in &s.refused.snapshot() {
            println!("  {n:8}  {kind}");
        }
        println!(
            "  the computer's reply (its move's ack to the computer's move event): {}",
            s.reply.summary().line()
        );
    };
    if let Some(p) = probe {
        show("probe", p, &stats.probe);
    }
    if let Some(h) = hog {
        show("hog", h, &stats.hog);
    }
}
