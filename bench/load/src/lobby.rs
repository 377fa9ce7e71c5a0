//! The lobby scenario (issue 12): many anonymous lobby sockets
//! (`/api/lobby/ws`, no cookie), each counting the lobby messages it
//! receives, spread over loopback source addresses (the server caps lobby
//! sockets per address); and the seek churn, guests opening and cancelling
//! seeks in a loop as fast as the server answers, which changes the lobby
//! as often as a user can.

use crate::client::{connect_socket, text_of, Client};
use crate::game::{Ctx, RETRY_PAUSE};
use crate::stats::{error_kind, Counts, SharedSamples};
use crate::sys::{loopback_source, ServerAddr, Source};
use futures_util::{SinkExt, StreamExt};
use gamut_protocol::requests::Opponent;
use gamut_protocol::socket::{LobbyClientMessage, ServerMessage};
use gamut_protocol::views::CreatedView;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// A lobby socket pings this often (the web client pings every 25 s; the
/// server closes a socket silent for 90 s).
const PING_EVERY: Duration = Duration::from_secs(25);
/// How many lobby sockets connect at once.
const CONNECTING_AT_ONCE: usize = 64;
/// How long the sockets may take to open, all together.
const OPEN_TIMEOUT: Duration = Duration::from_secs(60);
/// Seeks each churning guest has in flight (each loop opens one, then
/// cancels it): the server's default cap of open seeks per user.
pub const SEEKS_IN_FLIGHT: usize = 5;
/// How every `lobby` message's text starts (the protocol writes the tag
/// first): lobby messages are counted on this, not parsed, as 800 sockets
/// get every change.
const LOBBY_PREFIX: &str = r#"{"type":"lobby""#;

/// What the lobby sockets saw.
#[derive(Default)]
pub struct LobbyStats {
    /// Sockets open now.
    pub open: AtomicU64,
    /// Sockets that connected.
    pub opened: AtomicU64,
    /// Sockets that could not connect.
    pub failed: AtomicU64,
    /// Lobby messages received, all sockets together.
    pub messages: AtomicU64,
    /// Their bytes.
    pub bytes: AtomicU64,
    /// Errors by kind (refused connections, closed sockets, error messages).
    pub errors: Counts,
}

/// The open lobby sockets.
pub struct LobbySockets {
    /// How many were asked for.
    pub asked: usize,
    /// From how many source addresses.
    pub addresses: usize,
    /// How long opening them took.
    pub opened_in: Duration,
    /// What they saw.
    pub stats: Arc<LobbyStats>,
    stop: watch::Sender<bool>,
    tasks: JoinSet<()>,
}

impl LobbySockets {
    /// Opens `n` lobby sockets (round-robin over `servers`), `per_address`
    /// from each loopback source address 127.2.x.y; returns once every one
    /// has connected or failed (at most [`OPEN_TIMEOUT`]).
    pub async fn open(servers: &[ServerAddr], n: usize, per_address: usize) -> LobbySockets {
        let per_address = per_address.max(1);
        let stats = Arc::new(LobbyStats::default());
        let (stop, stopped) = watch::channel(false);
        let gate = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
        let started = Instant::now();
        let mut tasks = JoinSet::new();
        for i in 0..n {
            let server = servers[i % servers.len()].clone();
            let source = server
                .v4
                .then(|| loopback_source(Source::Lobby, i / per_address));
            tasks.spawn(run_socket(
                server,
                source,
                stats.clone(),
                gate.clone(),
                stopped.clone(),
            ));
        }
        let settled = || {
            stats.opened.load(Ordering::Relaxed) + stats.failed.load(Ordering::Relaxed) >= n as u64
        };
        while !settled() && started.elapsed() < OPEN_TIMEOUT {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        LobbySockets {
            asked: n,
            addresses: if servers.iter().all(|s| s.v4) {
                n.div_ceil(per_address)
            } else {
                1
            },
            opened_in: started.elapsed(),
            stats,
            stop,
            tasks,
        }
    }

    /// Closes every socket (waiting at most 5 s).
    pub async fn close(mut self) {
        self.stop.send_replace(true);
        let all = async { while self.tasks.join_next().await.is_some() {} };
        if tokio::time::timeout(Duration::from_secs(5), all)
            .await
            .is_err()
        {
            self.tasks.abort_all();
        }
    }
}

/// One lobby socket: counts the lobby messages until told to stop.
async fn run_socket(
    server: ServerAddr,
    source: Option<std::net::IpAddr>,
    stats: Arc<LobbyStats>,
    gate: Arc<Semaphore>,
    mut stop: watch::Receiver<bool>,
) {
    let connected = {
        let _permit = gate.acquire().await;
        connect_socket(&server, source, "/api/lobby/ws", None).await
    };
    let ws = match connected {
        Ok(ws) => ws,
        Err(kind) => {
            stats.errors.add(format!("lobby {kind}"));
            stats.failed.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    stats.opened.fetch_add(1, Ordering::Relaxed);
    stats.open.fetch_add(1, Ordering::Relaxed);
    let (mut tx, mut rx) = ws.split();
    let mut ping = tokio::time::interval_at((Instant::now() + PING_EVERY).into(), PING_EVERY);
    let ping_text: Utf8Bytes = text_of(&LobbyClientMessage::Ping {}).into();
    loop {
        tokio::select! {
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    let text = t.as_str();
                    let lobby = text.starts_with(LOBBY_PREFIX)
                        || match serde_json::from_str::<ServerMessage>(text) {
                            Ok(ServerMessage::Lobby(_)) => true,
                            Ok(ServerMessage::Pong) => false,
                            Ok(ServerMessage::Error { error, .. }) => {
                                stats.errors.add(error_kind("lobby socket: server error", &error));
                                false
                            }
                            _ => {
                                let start: String = text.chars().take(60).collect();
                                stats.errors.add(error_kind("lobby socket: server error", &start));
                                false
                            }
                        };
                    if lobby {
                        stats.messages.fetch_add(1, Ordering::Relaxed);
                        stats.bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    if !*stop.borrow() {
                        stats.errors.add("lobby socket: closed by the server");
                    }
                    break;
                }
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if tx.send(Message::Text(ping_text.clone())).await.is_err() {
                    stats.errors.add("lobby socket: send failed");
                    break;
                }
            }
            _ = stop.changed() => break,
        }
    }
    stats.open.fetch_sub(1, Ordering::Relaxed);
    let _ = tokio::time::timeout(Duration::from_secs(1), tx.send(Message::Close(None))).await;
}

/// What the seek churn did.
#[derive(Default)]
pub struct ChurnStats {
    /// Seeks opened and cancelled.
    pub cycles: AtomicU64,
    /// Seeks refused by the server's cap (`429`), by kind.
    pub refused: Counts,
    /// Each cycle's time: the seek's creation to its cancellation's answer.
    pub cycle_time: SharedSamples,
}

/// One churning guest (`guest`: its number, for its source address
/// 127.3.x.y and its server): [`SEEKS_IN_FLIGHT`] loops, each opening a
/// seek and cancelling it at once, until the run is over.
pub async fn run_churn(ctx: Arc<Ctx>, guest: usize, stats: Arc<ChurnStats>) {
    let server = &ctx.servers[guest % ctx.servers.len()];
    let client = match Client::new(server, loopback_source(Source::Seeks, guest)) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            ctx.stats
                .error(error_kind("seek churn: no client", &e.to_string()));
            return;
        }
    };
    let Some(cookie) = client.guest_until_deadline(&ctx).await else {
        return;
    };
    let cookie = Arc::new(cookie);
    let mut loops = JoinSet::new();
    for _ in 0..SEEKS_IN_FLIGHT {
        loops.spawn(churn_loop(
            ctx.clone(),
            client.clone(),
            cookie.clone(),
            stats.clone(),
        ));
    }
    while loops.join_next().await.is_some() {}
}

async fn churn_loop(
    ctx: Arc<Ctx>,
    client: Arc<Client>,
    cookie: Arc<String>,
    stats: Arc<ChurnStats>,
) {
    let request = ctx.create_request(ctx.kinds[0], Opponent::Seek {});
    while Instant::now() < ctx.deadline {
        let began = Instant::now();
        let created = client
            .post::<CreatedView>("seek", "/api/games", &cookie, &request)
            .await;
        let id = match created {
            Ok(created) => created.game.id,
            Err(kind) if kind.contains("HTTP 429") => {
                stats.refused.add(kind);
                ctx.pause(RETRY_PAUSE).await;
                continue;
            }
            Err(kind) => {
                ctx.stats.error(kind);
                ctx.pause(RETRY_PAUSE).await;
                continue;
            }
        };
        // Cancelled even after the deadline: no seek is left open.
        match client
            .delete("cancel seek", &format!("/api/games/{id}"), &cookie)
            .await
        {
            Ok(()) => {
                stats.cycles.fetch_add(1, Ordering::Relaxed);
                stats.cycle_time.add(began.elapsed());
            }
            Err(kind) => {
                ctx.stats.error(kind);
                ctx.pause(RETRY_PAUSE).await;
            }
        }
    }
}

/// Prints the lobby scenario's summary: the sockets, the messages they got
/// between `from` and `to` (counts at the run's start and end, over
/// `secs`), and the churn.
pub fn report(
    lobby: Option<&LobbySockets>,
    churn: Option<(usize, &ChurnStats)>,
    counts: (u64, u64, u64, u64),
    secs: f64,
) {
    let (messages_from, messages_to, bytes_from, bytes_to) = counts;
    let secs = secs.max(1e-9);
    if let Some(l) = lobby {
        let s = &l.stats;
        let open = s.opened.load(Ordering::Relaxed);
        let messages = messages_to.saturating_sub(messages_from);
        let bytes = bytes_to.saturating_sub(bytes_from);
        println!(
            "lobby sockets: {open} of {} opened ({} failed) from {} source address(es), in {:.1} s before the games; {} still open at the end",
            l.asked,
            s.failed.load(Ordering::Relaxed),
            l.addresses,
            l.opened_in.as_secs_f64(),
            s.open.load(Ordering::Relaxed),
        );
        println!(
            "lobby messages received during the run: {messages} in {secs:.1} s = {:.0}/s ({:.2} per socket per second), {:.1} MB = {:.2} MB/s",
            messages as f64 / secs,
            messages as f64 / secs / open.max(1) as f64,
            bytes as f64 / 1e6,
            bytes as f64 / 1e6 / secs,
        );
    }
    if let Some((guests, c)) = churn {
        let cycles = c.cycles.load(Ordering::Relaxed);
        println!(
            "seek churn: {guests} guest(s), {SEEKS_IN_FLIGHT} seeks in flight each: {cycles} seeks opened and cancelled = {:.1}/s ({:.1} lobby changes/s); cycle {}",
            cycles as f64 / secs,
            2.0 * cycles as f64 / secs,
            c.cycle_time.summary().line(),
        );
        let refused = c.refused.snapshot();
        if !refused.is_empty() {
            println!("  refused seeks:");
            for (kind, n) in &refused {
                println!("  {n:8}  {kind}");
            }
        }
    }
}

/// The lobby's errors, to add to the run's.
pub fn errors(lobby: Option<&LobbySockets>) -> BTreeMap<String, u64> {
    lobby.map(|l| l.stats.errors.snapshot()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_protocol::views::LobbyView;

    #[test]
    fn lobby_messages_start_with_the_prefix_counted() {
        let lobby = ServerMessage::Lobby(LobbyView {
            seeks: Vec::new(),
            live: Vec::new(),
        });
        let text = serde_json::to_string(&lobby).unwrap();
        assert!(text.starts_with(LOBBY_PREFIX), "{text}");
        let pong = serde_json::to_string(&ServerMessage::Pong).unwrap();
        assert!(!pong.starts_with(LOBBY_PREFIX), "{pong}");
    }
}
