//! The analysis probe (issue 15): one guest asks the analysis board's
//! engine (`GET /api/analysis/ws`) to search the start position of every
//! game and a position [`MID_GAME_PLIES`] random legal plies into it (the
//! plies from `POST /api/positions`), each with one line and with three
//! (multi-PV), and measures what the server's engine reaches: depth, nodes,
//! nodes per second as the server streams them and as the client measures
//! them (nodes over the time from its request to the last message), the
//! time to the first progress message, and the server's CPU meanwhile.

use crate::client::{read_message, text_of, Client, Socket};
use crate::probe::Probe;
use crate::stats::error_kind;
use crate::sys::{cpu_text, loopback_source, CpuMeter, ServerAddr, Source};
use futures_util::{SinkExt, StreamExt};
use gamut_games::GameKind;
use gamut_protocol::analysis::{
    AnalysisMessage, AnalysisRequest, PositionView, ScoreView, Source as PositionSource,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// How many random legal plies into a game its second position is.
pub const MID_GAME_PLIES: usize = 30;
/// The line counts each position is searched with.
const LINES: [u32; 2] = [1, 3];
/// How much longer than asked a search may take to send its last message.
const END_SLACK: Duration = Duration::from_secs(30);

/// One search and what it reached.
pub struct Analysis {
    /// The game.
    pub game: GameKind,
    /// Plies from the start to the position searched.
    pub plies: usize,
    /// Lines asked for (multi-PV).
    pub lines: u32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The deepest line searched.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second in the server's last message.
    pub server_nps: u64,
    /// The search's time in the server's last message.
    pub server_time: Duration,
    /// The request's send to the last message (`done`).
    pub elapsed: Duration,
    /// The request's send to the first progress message.
    pub first_info: Duration,
    /// Progress messages received.
    pub messages: u64,
    /// The first line's score, as text (`+32`, `win in 7`).
    pub score: String,
    /// The server's CPU over the search (percent of one core), and its
    /// threads' wait for a core.
    pub server_cpu: (Option<f64>, Option<f64>),
}

impl Analysis {
    /// Nodes over the client's elapsed time.
    pub fn client_nps(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs the probe on the first server: every game of `games`, its start
/// and a mid-game position, each with 1 and 3 lines, `secs` seconds each
/// (the server may allow less). `pid`: the server process to measure.
pub async fn run(
    server: &ServerAddr,
    pid: Option<u32>,
    games: &[GameKind],
    secs: f64,
    seed: u64,
) -> Probe<Analysis> {
    let mut probe = Probe::default();
    if let Err(e) = searches(server, pid, games, secs, seed, &mut probe).await {
        probe.errors.push(e);
    }
    probe
}

async fn searches(
    server: &ServerAddr,
    pid: Option<u32>,
    games: &[GameKind],
    secs: f64,
    seed: u64,
    probe: &mut Probe<Analysis>,
) -> Result<(), String> {
    let client = Client::new(server, loopback_source(Source::Analysis, 0))
        .map_err(|e| error_kind("analysis: no client", &e.to_string()))?;
    let cookie = client.guest().await?;
    let mut ws = client.socket("/api/analysis/ws", Some(&cookie)).await?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut id = 0i64;
    for &game in games {
        let mid = random_plies(&client, &cookie, game, MID_GAME_PLIES, &mut rng).await?;
        for moves in [Vec::new(), mid] {
            for lines in LINES {
                id += 1;
                match analyse(&mut ws, id, game, &moves, lines, secs, pid).await {
                    Ok(a) => probe.results.push(a),
                    Err(e) => probe.errors.push(e),
                }
            }
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), ws.send(Message::Close(None))).await;
    Ok(())
}

/// Up to `plies` random legal moves from the start of `game`, each from the
/// legal moves `POST /api/positions` gives; fewer if the game ends first
/// (the position after them is never over).
pub async fn random_plies(
    client: &Client,
    cookie: &str,
    game: GameKind,
    plies: usize,
    rng: &mut SmallRng,
) -> Result<Vec<String>, String> {
    let mut source = PositionSource {
        game: Some(game),
        ..PositionSource::default()
    };
    loop {
        let pos: PositionView = client
            .post("positions", "/api/positions", cookie, &source)
            .await?;
        if pos.legal.is_empty() {
            // Over: the position before it had legal moves.
            source.moves.pop();
            return Ok(source.moves);
        }
        if source.moves.len() >= plies {
            return Ok(source.moves);
        }
        let mv = pos.legal.choose(rng).cloned().unwrap_or_default();
        source.moves.push(mv);
    }
}

/// One search on the analysis socket, to its last message (`done`).
async fn analyse(
    ws: &mut Socket,
    id: i64,
    game: GameKind,
    moves: &[String],
    lines: u32,
    secs: f64,
    pid: Option<u32>,
) -> Result<Analysis, String> {
    let time_ms = (secs * 1000.0).round() as u64;
    let request = AnalysisRequest::Analyse {
        id: Some(id),
        game: Some(game),
        options: Default::default(),
        position: None,
        moves: moves.to_vec(),
        game_id: None,
        lines: Some(lines),
        time_ms: Some(time_ms),
        depth: None,
    };
    let mut meter = pid.map(CpuMeter::new);
    let sent = Instant::now();
    ws.send(Message::Text(text_of(&request).into()))
        .await
        .map_err(|e| error_kind("analysis socket: send failed", &e.to_string()))?;
    let until = sent + Duration::from_millis(time_ms) + END_SLACK;
    let mut first_info = None;
    let mut messages = 0u64;
    let last = loop {
        let msg = tokio::time::timeout_at(until.into(), ws.next())
            .await
            .map_err(|_| {
                format!(
                    "analysis: no last message within {} s",
                    (until - sent).as_secs()
                )
            })?;
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                return Err("analysis socket: closed by the server".to_owned())
            }
            Some(Ok(_)) => continue,
        };
        let now = Instant::now();
        let msg = read_message::<AnalysisMessage>(text.as_str())
            .map_err(|e| e.kind("analysis socket"))?;
        match msg {
            // The last message of an earlier search (a stopped one) is no
            // progress of this one.
            AnalysisMessage::Analysis { id: other, .. } if other != Some(id) => {}
            AnalysisMessage::Analysis { progress, .. } => {
                messages += 1;
                first_info.get_or_insert(now - sent);
                if progress.done {
                    break (progress, now);
                }
            }
            AnalysisMessage::Error { error, .. } => {
                return Err(error_kind("analysis: refused", &error))
            }
            AnalysisMessage::Pong => {
                return Err(error_kind("analysis socket: unexpected message", "pong"))
            }
        }
    };
    let (last, at) = last;
    let server_cpu = meter
        .as_mut()
        .map_or((None, None), |m| (m.sample(), m.last_wait_pct));
    Ok(Analysis {
        game,
        plies: moves.len(),
        lines,
        depth: last.depth,
        seldepth: last.seldepth,
        nodes: last.nodes,
        server_nps: last.nps,
        server_time: Duration::from_millis(last.time_ms),
        elapsed: at - sent,
        first_info: first_info.unwrap_or(at - sent),
        messages,
        score: score_text(last.score),
        server_cpu,
    })
}

/// `+32`, `win in 7`, `loss in 4` (plies).
fn score_text(score: ScoreView) -> String {
    match score {
        ScoreView::Value { value } => format!("{value:+}"),
        ScoreView::Win { plies } => format!("win in {plies}"),
        ScoreView::Loss { plies } => format!("loss in {plies}"),
    }
}

/// Prints the probe's table.
pub fn report(probe: &Probe<Analysis>, secs: f64) {
    println!(
        "analysis probe: {secs} s asked per search (the server's --analysis-max-secs caps it)"
    );
    println!(
        "  {:<9} {:>5} {:>5} {:>5} {:>8} {:>12} {:>12} {:>12} {:>10} {:>9} {:>9} {:>5} {:>12} {:>14}",
        "game", "plies", "lines", "depth", "seldepth", "nodes", "nps server", "nps client", "1st info", "server s", "client s", "msgs", "score", "server cpu (waited)"
    );
    for a in &probe.results {
        println!(
            "  {:<9} {:>5} {:>5} {:>5} {:>8} {:>12} {:>12} {:>12.0} {:>7.1} ms {:>9.2} {:>9.2} {:>5} {:>12} {:>14}",
            a.game.name(),
            a.plies,
            a.lines,
            a.depth,
            a.seldepth,
            a.nodes,
            a.server_nps,
            a.client_nps(),
            a.first_info.as_secs_f64() * 1000.0,
            a.server_time.as_secs_f64(),
            a.elapsed.as_secs_f64(),
            a.messages,
            a.score,
            cpu_text(a.server_cpu),
        );
    }
    for e in &probe.errors {
        println!("  error: {e}");
    }
}
