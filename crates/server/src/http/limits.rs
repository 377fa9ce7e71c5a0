//! The handlers' limits against abuse (issue 12): per-address and per-user
//! caps, the checks a socket makes before acting, and the lobby feed (each
//! lobby view computed once per change and sent to every lobby socket).
//! The numbers are [`ServerLimits`], settings of `gamut serve`.

use crate::config::ServerLimits;
use crate::connections::ConnectionCounter;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::Pairing;
use crate::game::status::GameStatus;
use crate::http::games::lobby_view;
use crate::http::messages::ServerMessage;
use crate::http::{App, AppState};
use crate::ids::{now_ms, GameId, UserId};
use crate::rate_limit::{whole_seconds, KeyedLimiter};
use crate::store::GameFilter;
use axum::extract::ws::Utf8Bytes;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::watch;

/// The counters behind the limits.
#[derive(Debug)]
pub struct Guards {
    /// The numbers.
    pub limits: ServerLimits,
    /// Imports per address.
    pub imports_by_addr: KeyedLimiter,
    /// Takeback requests per player and game.
    pub takebacks: KeyedLimiter,
    /// Seeks opened per user.
    pub seeks_by_user: KeyedLimiter,
    /// Chat messages per user.
    pub chat_by_user: KeyedLimiter,
    /// Chat messages per address.
    pub chat_by_addr: KeyedLimiter,
    /// Held from the caps' check to the insert of a seek or a game
    /// against the computer, so that creations sent at once cannot all
    /// pass the check before any is stored.
    pub creating: tokio::sync::Mutex<()>,
    /// Game sockets open per address.
    pub game_sockets: ConnectionCounter,
    /// Lobby sockets open per address.
    pub lobby_sockets: ConnectionCounter,
    /// Games against the computer by the address that created them (pruned
    /// of finished games when checked).
    computer_games_by_addr: Mutex<HashMap<IpAddr, Vec<GameId>>>,
}

impl Guards {
    /// Counters for `limits`.
    pub fn new(limits: &ServerLimits) -> Self {
        Guards {
            limits: limits.clone(),
            imports_by_addr: KeyedLimiter::per_minute(limits.imports_per_minute),
            takebacks: KeyedLimiter::per_minute(limits.takebacks_per_minute),
            seeks_by_user: KeyedLimiter::per_minute(limits.seeks_per_minute),
            chat_by_user: KeyedLimiter::per_minute(limits.chat_per_minute),
            chat_by_addr: KeyedLimiter::per_minute(limits.chat_per_address_per_minute),
            creating: tokio::sync::Mutex::new(()),
            game_sockets: ConnectionCounter::new(limits.sockets_per_address),
            lobby_sockets: ConnectionCounter::new(limits.lobby_sockets_per_address),
            computer_games_by_addr: Mutex::new(HashMap::new()),
        }
    }

    /// Records that `addr` created the computer game `id`.
    pub fn computer_game_created(&self, addr: IpAddr, id: &GameId) {
        self.computer_games_by_addr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(addr)
            .or_default()
            .push(id.clone());
    }
}

/// 429: too many `what`, allowed again after `wait` (in whole seconds,
/// rounded up).
pub fn too_many(what: &str, wait: Duration) -> ApiError {
    ApiError::too_many(format!(
        "too many {what}, retry in {} s",
        whole_seconds(wait)
    ))
}

/// Counts an attempt of `key` in `limiter`, or refuses it (429, not
/// counted) past the limit.
pub fn count_attempt(limiter: &KeyedLimiter, key: &str, what: &str) -> ApiResult<()> {
    match limiter.take(key) {
        Ok(_) => Ok(()),
        Err(wait) => Err(too_many(what, wait)),
    }
}

/// How many of `user`'s games are `status` and paired `pairing` (counting
/// up to `cap`).
async fn count_games(
    app: &App,
    user: &UserId,
    status: GameStatus,
    pairing: Pairing,
    cap: usize,
) -> ApiResult<usize> {
    let filter = GameFilter {
        status: Some(status.as_str().to_owned()),
        user_id: Some(user.as_str().to_owned()),
        game: None,
        kind: Some(pairing.as_str().to_owned()),
        before: None,
        limit: i64::try_from(cap).unwrap_or(i64::MAX),
    };
    Ok(app.store.list_games(&filter).await?.len())
}

/// Refuses a new seek past the user's cap of open seeks or their rate of
/// new seeks.
pub async fn check_seeks(app: &App, user: &UserId) -> ApiResult<()> {
    let cap = app.guards.limits.seeks_per_user;
    if count_games(app, user, GameStatus::Waiting, Pairing::Seek, cap).await? >= cap {
        return Err(ApiError::too_many(format!(
            "you have {cap} open seeks already; cancel one first"
        )));
    }
    count_attempt(&app.guards.seeks_by_user, user.as_str(), "new seeks")
}

/// Refuses a new game against the computer past the caps per user and per
/// address of live games against the computer.
pub async fn check_computer_games(app: &App, user: &UserId, addr: IpAddr) -> ApiResult<()> {
    let limits = &app.guards.limits;
    let cap = limits.computer_games_per_user;
    if count_games(app, user, GameStatus::Live, Pairing::Computer, cap).await? >= cap {
        return Err(ApiError::too_many(format!(
            "you are playing {cap} games against the computer already; finish one first"
        )));
    }
    let ids = app
        .guards
        .computer_games_by_addr
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&addr)
        .cloned()
        .unwrap_or_default();
    let mut live = Vec::new();
    let checked = ids.clone();
    for id in ids {
        let row = app.store.game(id.as_str()).await?;
        if row.is_some_and(|r| r.status == GameStatus::Live.as_str()) {
            live.push(id);
        }
    }
    let full = live.len() >= limits.computer_games_per_address;
    {
        let mut map = app
            .guards
            .computer_games_by_addr
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let entry = map.entry(addr).or_default();
        // Keep those created meanwhile, drop those that ended.
        entry.retain(|id| live.contains(id) || !checked.contains(id));
        if entry.is_empty() {
            map.remove(&addr);
        }
    }
    if full {
        return Err(ApiError::too_many(format!(
            "{} games against the computer are being played from this address already",
            limits.computer_games_per_address
        )));
    }
    Ok(())
}

/// Whether the session `token` still belongs to `user` and is valid: a
/// socket acts only while the session it was opened with lasts (signing
/// out, everywhere or by a password change, ends it).
pub async fn session_lasts(app: &App, token: Option<&str>, user: &UserId) -> ApiResult<bool> {
    let Some(token) = token else {
        return Ok(false);
    };
    Ok(match app.store.session(token).await? {
        Some((row, last_used)) => {
            row.id == user.as_str() && !app.sessions.expired(last_used, now_ms())
        }
        None => false,
    })
}

/// The lobby as every lobby socket gets it after a change: computed once
/// per change (only while someone watches), written once, and handed to
/// every socket. A socket computes its first view itself, after
/// subscribing, so it misses no change.
#[derive(Debug, Default)]
pub struct LobbyFeed {
    feed: OnceLock<watch::Receiver<Option<Utf8Bytes>>>,
    queries: AtomicU64,
}

impl LobbyFeed {
    /// How many times the lobby view was computed for lobby sockets (by the
    /// feed, and once per new socket).
    pub fn queries(&self) -> u64 {
        self.queries.load(Ordering::Relaxed)
    }

    /// The lobby messages after changes from now on (starting the feed on
    /// first use).
    pub fn subscribe(&self, app: &AppState) -> watch::Receiver<Option<Utf8Bytes>> {
        let mut rx = self
            .feed
            .get_or_init(|| {
                let (tx, rx) = watch::channel(None);
                let changes = app.bus.subscribe_lobby();
                tokio::spawn(run_feed(std::sync::Arc::downgrade(app), tx, changes));
                rx
            })
            .clone();
        rx.mark_unchanged();
        rx
    }

    /// The lobby message now, computed for one socket.
    pub async fn current(&self, app: &App) -> Utf8Bytes {
        self.queries.fetch_add(1, Ordering::Relaxed);
        lobby_text(app).await
    }
}

/// The lobby message, as text.
async fn lobby_text(app: &App) -> Utf8Bytes {
    let message = match lobby_view(app).await {
        Ok(view) => ServerMessage::Lobby(view),
        Err(e) => ServerMessage::error(None, e.message),
    };
    serde_json::to_string(&message)
        .unwrap_or_else(|e| format!(r#"{{"type": "error", "error": "{e}"}}"#))
        .into()
}

/// Computes the lobby after each change while anyone watches.
async fn run_feed(
    app: std::sync::Weak<App>,
    tx: watch::Sender<Option<Utf8Bytes>>,
    mut changes: tokio::sync::broadcast::Receiver<()>,
) {
    let mut last_sent: Option<tokio::time::Instant> = None;
    loop {
        match changes.recv().await {
            Ok(()) | Err(RecvError::Lagged(_)) => {}
            Err(RecvError::Closed) => return,
        }
        // The feed's own receiver is one; skip while nobody else watches.
        if tx.receiver_count() <= 1 {
            continue;
        }
        let Some(app) = app.upgrade() else { return };
        // At most one message per interval: the changes that come until
        // then are sent together.
        if let Some(last) = last_sent {
            tokio::time::sleep_until(last + app.guards.limits.lobby_interval).await;
        }
        last_sent = Some(tokio::time::Instant::now());
        // Changes that came meanwhile are all in the view sent now.
        while let Ok(()) | Err(TryRecvError::Lagged(_)) = changes.try_recv() {}
        app.lobby.queries.fetch_add(1, Ordering::Relaxed);
        tx.send_replace(Some(lobby_text(&app).await));
    }
}
