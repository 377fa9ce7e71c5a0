//! The `PostgreSQL` bus, used when the server runs on `PostgreSQL`: several
//! server processes sharing one database see each other's events.
//!
//! Publishing delivers to this process's watchers at once (through an
//! [`InProcessBus`]) and sends a small `NOTIFY` on [`CHANNEL`]: which
//! process sent it and which game reached which version (or "the lobby
//! changed"). One background task per process listens on that channel,
//! ignores its own notices and, for a game someone here watches, loads the
//! events stored after the last one delivered here and delivers them in
//! order — rebuilt from the database exactly as the publishing process
//! built them ([`GameState::load`]), so every watcher receives the same
//! [`Published`] events (and the same per-viewer rendering) wherever it is
//! connected. A lobby notice signals the local lobby.
//!
//! Notifications are not stored: after losing its connection the task
//! reconnects (with a growing back-off) and then catches up every watched
//! game from the database. A game event is delivered at most once per
//! process (events up to the last version delivered are skipped); a
//! watcher that still sees a gap catches up from the database itself.

use crate::bus::notice::Notice;
use crate::bus::{EventBus, InProcessBus};
use crate::game::event::Published;
use crate::game::state::GameState;
use crate::ids::{random_token, GameId};
use crate::store::Store;
use anyhow::Context;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The `PostgreSQL` notification channel of the server processes.
pub const CHANNEL: &str = "gamut_events";
/// The first wait before reconnecting the listener.
const FIRST_RETRY: Duration = Duration::from_millis(100);
/// The longest wait before reconnecting; a connection that lasted this
/// long starts the back-off over.
const LAST_RETRY: Duration = Duration::from_secs(10);

/// The bus over `PostgreSQL` `LISTEN`/`NOTIFY` (see the module docs).
pub struct PgBus {
    /// This process's watchers.
    local: InProcessBus,
    /// This process's id in its notices.
    origin: String,
    /// Where new events are loaded from.
    store: Store,
    /// The last version delivered here, per watched game.
    delivered: Mutex<HashMap<GameId, i64>>,
    /// Payloads to send, in order.
    outgoing: mpsc::UnboundedSender<String>,
}

impl PgBus {
    /// Connects to `PostgreSQL` at `url` (a small pool for sending, one
    /// listening connection) and starts the task that sends and receives
    /// notices; it runs until aborted.
    pub async fn start(url: &str, store: Store) -> anyhow::Result<(Arc<PgBus>, JoinHandle<()>)> {
        let notifier = PgPoolOptions::new()
            .max_connections(2)
            .connect(url)
            .await
            .context("connecting the event notifier to PostgreSQL")?;
        let listener = listen(url)
            .await
            .context("listening for events in PostgreSQL")?;
        let (outgoing, queue) = mpsc::unbounded_channel();
        let bus = Arc::new(PgBus {
            local: InProcessBus::default(),
            origin: random_token(16),
            store,
            delivered: Mutex::new(HashMap::new()),
            outgoing,
        });
        let receiver = bus.clone().receive(url.to_owned(), listener);
        let task = tokio::spawn(async move {
            tokio::join!(send_notices(notifier, queue), receiver);
        });
        Ok((bus, task))
    }

    /// Queues `notice` for the other processes.
    fn notify(&self, notice: &Notice) {
        // The queue closes only when the task is stopped (server shutdown).
        let _ = self.outgoing.send(notice.encode());
    }

    /// Delivers `event` of game `game_id` to this process's watchers unless
    /// it was delivered already (or a later one was).
    fn deliver(&self, game_id: &GameId, event: Arc<Published>) {
        let mut delivered = self
            .delivered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !self.local.watched(game_id) {
            delivered.remove(game_id);
            return;
        }
        let last = delivered.entry(game_id.clone()).or_insert(i64::MIN);
        if event.version > *last {
            *last = event.version;
            self.local.publish_game(game_id, event);
        }
    }

    /// The last version of game `game_id` delivered here.
    fn last_delivered(&self, game_id: &GameId) -> Option<i64> {
        let delivered = self
            .delivered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        delivered.get(game_id).copied()
    }

    /// Listens until the connection is lost, reconnects with a back-off,
    /// and catches up after each (re)connection.
    async fn receive(self: Arc<Self>, url: String, mut listener: PgListener) {
        let mut retry = FIRST_RETRY;
        loop {
            let connected_at = Instant::now();
            // Anything may have changed while this process was not listening.
            self.catch_up_all().await;
            loop {
                match listener.try_recv().await {
                    Ok(Some(notification)) => self.on_notice(notification.payload()).await,
                    Ok(None) => {
                        tracing::warn!("lost the PostgreSQL event listener's connection");
                        break;
                    }
                    Err(e) => {
                        tracing::warn!("PostgreSQL event listener: {e}");
                        break;
                    }
                }
            }
            if connected_at.elapsed() >= LAST_RETRY {
                retry = FIRST_RETRY;
            }
            listener = loop {
                tokio::time::sleep(retry).await;
                retry = (retry * 2).min(LAST_RETRY);
                match listen(&url).await {
                    Ok(listener) => break listener,
                    Err(e) => tracing::warn!(
                        "cannot reconnect the PostgreSQL event listener (retrying in {retry:?}): {e}"
                    ),
                }
            };
            tracing::info!("reconnected the PostgreSQL event listener");
        }
    }

    /// Handles one notification's payload (a bad one is logged and
    /// ignored).
    async fn on_notice(&self, payload: &str) {
        let notice = match Notice::decode(payload) {
            Ok(notice) => notice,
            Err(e) => {
                tracing::warn!("ignoring the notification {payload:.200}: {e}");
                return;
            }
        };
        if notice.from() == self.origin {
            return;
        }
        match notice {
            Notice::Game { game, version, .. } => self.catch_up(&game, Some(version)).await,
            Notice::Lobby { .. } => self.local.publish_lobby(),
        }
    }

    /// Catches up every game watched here.
    async fn catch_up_all(&self) {
        let watched = self.local.watched_games();
        {
            let mut delivered = self
                .delivered
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            delivered.retain(|game, _| watched.contains(game));
        }
        for game in &watched {
            self.catch_up(game, None).await;
        }
    }

    /// Delivers the events of game `game_id` stored after the last one
    /// delivered here (if nothing was, only the latest: a watcher that lacks
    /// more catches up itself). `latest`: its latest version, if known.
    async fn catch_up(&self, game_id: &GameId, latest: Option<i64>) {
        if !self.local.watched(game_id) {
            let mut delivered = self
                .delivered
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            delivered.remove(game_id);
            return;
        }
        let latest = match latest {
            Some(version) => version,
            None => match self.store.game_version(game_id.as_str()).await {
                Ok(Some(version)) => version,
                Ok(None) => return,
                Err(e) => {
                    tracing::error!("catching up game {game_id}: {e}");
                    return;
                }
            },
        };
        let since = match self.last_delivered(game_id) {
            Some(last) if last >= latest => return,
            Some(last) => last,
            None => latest - 1,
        };
        match GameState::load(&self.store, game_id, since).await {
            Ok(Some((_, events))) => {
                for event in events {
                    self.deliver(game_id, Arc::new(event));
                }
            }
            Ok(None) => tracing::warn!("notified of game {game_id}, which is not stored"),
            Err(e) => tracing::error!("catching up game {game_id}: {e:#}"),
        }
    }
}

impl EventBus for PgBus {
    fn publish_game(&self, game_id: &GameId, event: Arc<Published>) {
        let version = event.version;
        self.deliver(game_id, event);
        self.notify(&Notice::Game {
            from: self.origin.clone(),
            game: game_id.clone(),
            version,
        });
    }

    fn subscribe_game(&self, game_id: &GameId) -> broadcast::Receiver<Arc<Published>> {
        self.local.subscribe_game(game_id)
    }

    fn publish_lobby(&self) {
        self.local.publish_lobby();
        self.notify(&Notice::Lobby {
            from: self.origin.clone(),
        });
    }

    fn subscribe_lobby(&self) -> broadcast::Receiver<()> {
        self.local.subscribe_lobby()
    }
}

/// A connection listening on [`CHANNEL`] (reconnected by [`PgBus`], not by
/// itself).
async fn listen(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.eager_reconnect(false);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Sends the queued payloads as notifications, in order.
async fn send_notices(pool: PgPool, mut queue: mpsc::UnboundedReceiver<String>) {
    while let Some(payload) = queue.recv().await {
        let sent = sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(&payload)
            .execute(&pool)
            .await;
        if let Err(e) = sent {
            tracing::warn!("cannot notify the other server processes ({payload}): {e}");
        }
    }
}
