//! The `PostgreSQL` bus, used when the server runs on `PostgreSQL`: several
//! server processes sharing one database see each other's events.
//!
//! Publishing delivers to this process's watchers at once (through an
//! [`InProcessBus`]). The other processes are told by the transaction that
//! stored the event: it sends a small `NOTIFY` on [`CHANNEL`] (which
//! process, which game reached which version), which `PostgreSQL` delivers
//! exactly when that transaction commits — so a process that dies after
//! storing an event cannot leave the others silent. Lobby changes are sent
//! after the fact (`pg_notify` from a small pool).
//!
//! One background task per process listens on that channel and ignores its
//! own notices. For a game someone here watches, it brings this process's
//! copy of the game ([`GameState`], kept per watched game) up to the
//! notified version: it loads only the events stored after the copy's
//! version, applies them ([`snapshot::apply_all`], the function every load
//! uses) and delivers their published form in order, so every watcher
//! receives the same [`Published`] events (and the same per-viewer
//! rendering) wherever it is connected. A game's first notice here loads
//! the copy from the database ([`GameState::load`]). Games are caught up
//! concurrently (each under its own lock, so a game's events stay in
//! order). A game nobody here watches is offered to [`PgBus::on_game`]'s
//! hook (which starts its task if this process owns it). A lobby notice
//! signals the local lobby; a chat notice carries its (short) message,
//! delivered to the room's local sockets, and a user notice its
//! notification, delivered to that user's local sockets.
//!
//! Notifications are not stored: after losing its connection the task
//! reconnects (with a growing back-off) and then catches up every watched
//! game from the database. A game event is delivered at most once per
//! process (events up to the last version delivered are skipped); a
//! watcher that still sees a gap catches up from the database itself.

use crate::store::notice::{Notice, CHANNEL};
use crate::bus::{EventBus, InProcessBus};
use crate::chat::ChatRoom;
use crate::game::event::Published;
use crate::game::snapshot;
use crate::game::state::GameState;
use crate::store::Store;
use anyhow::Context;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::Notification;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The first wait before reconnecting the listener.
const FIRST_RETRY: Duration = Duration::from_millis(100);
/// The longest wait before reconnecting; a connection that lasted this
/// long starts the back-off over.
const LAST_RETRY: Duration = Duration::from_secs(10);
/// How often the copies of games nobody here watches any more are dropped.
const PRUNE_EVERY: Duration = Duration::from_secs(10);

/// What this process knows of a watched game: its copy, once loaded.
type Copy = Arc<tokio::sync::Mutex<Option<GameState>>>;

/// What is told of a game nobody here watches (see [`PgBus::on_game`]).
type GameHook = Box<dyn Fn(&GameId) + Send + Sync>;

/// The bus over `PostgreSQL` `LISTEN`/`NOTIFY` (see the module docs).
pub struct PgBus {
    /// This process's watchers.
    local: InProcessBus,
    /// This process's id in its notices ([`Store::origin`]).
    origin: String,
    /// Where new events are loaded from.
    store: Store,
    /// The last version delivered here, per watched game.
    delivered: Mutex<HashMap<GameId, i64>>,
    /// This process's copy of each watched game.
    copies: Mutex<HashMap<GameId, Copy>>,
    /// Payloads to send after the fact (lobby changes), in order.
    outgoing: mpsc::UnboundedSender<String>,
    /// Told of notices of games nobody here watches.
    on_game: OnceLock<GameHook>,
    /// Whether the listener is connected: while it is not, this process
    /// may miss that sessions ended elsewhere ([`EventBus::sessions_epoch`]).
    listening: AtomicBool,
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
            origin: store.origin().to_owned(),
            store,
            delivered: Mutex::new(HashMap::new()),
            copies: Mutex::new(HashMap::new()),
            outgoing,
            on_game: OnceLock::new(),
            listening: AtomicBool::new(false),
        });
        let receiver = bus.clone().receive(url.to_owned(), listener);
        let task = tokio::spawn(async move {
            tokio::join!(send_notices(notifier, queue), receiver);
        });
        Ok((bus, task))
    }

    /// Sets what is told of each notice of a game nobody here watches
    /// (once; later calls are ignored).
    pub fn on_game(&self, hook: impl Fn(&GameId) + Send + Sync + 'static) {
        let _ = self.on_game.set(Box::new(hook));
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

    /// Forgets what is kept of games nobody here watches.
    fn prune(&self) {
        let watched = self.local.watched_games();
        {
            let mut delivered = self
                .delivered
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            delivered.retain(|game, _| watched.contains(game));
        }
        let mut copies = self
            .copies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        copies.retain(|game, _| watched.contains(game));
    }

    /// Listens until the connection is lost, reconnects with a back-off,
    /// and catches up after each (re)connection.
    async fn receive(self: Arc<Self>, url: String, mut listener: PgListener) {
        let mut retry = FIRST_RETRY;
        let mut pruned = Instant::now();
        loop {
            let connected_at = Instant::now();
            // Sessions may have ended while this process was not listening:
            // every socket checks its own again.
            self.local.publish_sessions_ended();
            self.listening.store(true, Ordering::SeqCst);
            // Anything may have changed while this process was not listening.
            self.catch_up_all().await;
            loop {
                match listener.try_recv().await {
                    Ok(Some(notification)) => self.on_notice(notification.payload()),
                    Ok(None) => {
                        tracing::warn!("lost the PostgreSQL event listener's connection");
                        break;
                    }
                    Err(e) => {
                        tracing::warn!("PostgreSQL event listener: {e}");
                        break;
                    }
                }
                if pruned.elapsed() >= PRUNE_EVERY {
                    pruned = Instant::now();
                    self.prune();
                }
            }
            self.listening.store(false, Ordering::SeqCst);
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
    /// ignored): a watched game is caught up in a task of its own.
    fn on_notice(self: &Arc<Self>, payload: &str) {
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
            Notice::Game { game, version, .. } => {
                if !self.local.watched(&game) {
                    if let Some(hook) = self.on_game.get() {
                        hook(&game);
                    }
                }
                if self.local.watched(&game) {
                    let bus = self.clone();
                    tokio::spawn(async move { bus.catch_up(&game, Some(version)).await });
                }
            }
            Notice::Lobby { .. } => self.local.publish_lobby(),
            Notice::Chat { room, line, .. } => {
                if let Ok(room) = ChatRoom::parse(&room) {
                    self.local.publish_chat(&room, Arc::new(line));
                }
            }
            Notice::User {
                user, notification, ..
            } => self.local.publish_user(&user, Arc::new(notification)),
            Notice::SessionsEnded { .. } => self.local.publish_sessions_ended(),
        }
    }

    /// Catches up every game watched here.
    async fn catch_up_all(&self) {
        self.prune();
        for game in &self.local.watched_games() {
            self.catch_up(game, None).await;
        }
    }

    /// Brings this process's copy of game `game_id` up to `latest` (its
    /// latest version, read from the database if `None`) and delivers the
    /// events after the last one delivered here (if nothing was, only the
    /// latest: a watcher that lacks more catches up itself).
    async fn catch_up(&self, game_id: &GameId, latest: Option<i64>) {
        if !self.local.watched(game_id) {
            self.prune();
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
        if self
            .last_delivered(game_id)
            .is_some_and(|last| last >= latest)
        {
            return;
        }
        let copy = {
            let mut copies = self
                .copies
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            copies.entry(game_id.clone()).or_default().clone()
        };
        let mut copy = copy.lock().await;
        let since = self.last_delivered(game_id).unwrap_or(latest - 1);
        if since >= latest {
            return;
        }
        let events = match copy.as_mut() {
            Some(state) => self.apply_new(state, since).await,
            None => match GameState::load(&self.store, game_id, since).await {
                Ok(Some((state, events))) => {
                    *copy = Some(state);
                    Ok(events)
                }
                Ok(None) => Err(anyhow::anyhow!("it is not stored")),
                Err(e) => Err(e),
            },
        };
        match events {
            Ok(events) => {
                for event in events {
                    self.deliver(game_id, Arc::new(event));
                }
            }
            Err(e) => {
                // Start again from the database next time.
                *copy = None;
                tracing::error!("catching up game {game_id}: {e:#}");
            }
        }
    }

    /// Applies the events stored after `state`'s version to it; the
    /// published form of those after `since`.
    async fn apply_new(&self, state: &mut GameState, since: i64) -> anyhow::Result<Vec<Published>> {
        let rows = self
            .store
            .events_after(state.meta.id.as_str(), state.version)
            .await?;
        snapshot::apply_all(state, &rows, since).map_err(anyhow::Error::msg)
    }
}

impl EventBus for PgBus {
    fn publish_game(&self, game_id: &GameId, event: Arc<Published>) {
        // The other processes were notified by the transaction that stored
        // the event (`Store::append_events`, `join_game`, `insert_game`).
        self.deliver(game_id, event);
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

    fn publish_chat(&self, room: &ChatRoom, line: Arc<ChatLine>) {
        self.local.publish_chat(room, line.clone());
        self.notify(&Notice::Chat {
            from: self.origin.clone(),
            room: room.key(),
            line: (*line).clone(),
        });
    }

    fn subscribe_chat(&self, room: &ChatRoom) -> broadcast::Receiver<Arc<ChatLine>> {
        self.local.subscribe_chat(room)
    }

    fn publish_user(&self, user: &UserId, notification: Arc<Notification>) {
        self.local.publish_user(user, notification.clone());
        self.notify(&Notice::User {
            from: self.origin.clone(),
            user: user.clone(),
            notification: (*notification).clone(),
        });
    }

    fn publish_sessions_ended(&self) {
        self.local.publish_sessions_ended();
        self.notify(&Notice::SessionsEnded {
            from: self.origin.clone(),
        });
    }

    fn sessions_epoch(&self) -> Option<u64> {
        // Read after the flag: a reconnection publishes before setting it.
        self.listening
            .load(Ordering::SeqCst)
            .then(|| self.local.sessions_epoch())
            .flatten()
    }

    fn subscribe_user(&self, user: &UserId) -> broadcast::Receiver<Arc<Notification>> {
        self.local.subscribe_user(user)
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
