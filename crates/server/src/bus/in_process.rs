//! The in-process bus: a broadcast channel per watched game, one for the
//! lobby, one per chat room someone is in and one per user with a
//! notification socket open. It serves a server on `SQLite` alone, and is the local half of
//! the `PostgreSQL` bus.

use crate::bus::EventBus;
use crate::chat::ChatRoom;
use crate::game::event::Published;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::Notification;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Events a game's channel holds for a socket that has not read them
/// yet. A socket further behind is told it lagged and catches up from the
/// store (`http::ws`), so this bounds memory, not what a viewer gets: the
/// channel's slots are allocated when it opens, and with 256 they were a
/// fifth of a live game's memory (issue 24).
const GAME_CAPACITY: usize = 32;

/// The in-process bus: one broadcast channel per watched game.
#[derive(Debug)]
pub struct InProcessBus {
    games: Channels<GameId, Published>,
    lobby: broadcast::Sender<()>,
    rooms: Mutex<HashMap<ChatRoom, broadcast::Sender<Arc<ChatLine>>>>,
    users: Mutex<HashMap<UserId, broadcast::Sender<Arc<Notification>>>>,
    /// How many times sessions ended ([`EventBus::sessions_epoch`]).
    sessions_ended: AtomicU64,
}

impl Default for InProcessBus {
    fn default() -> Self {
        InProcessBus {
            games: Mutex::new(HashMap::new()),
            lobby: broadcast::channel(16).0,
            rooms: Mutex::new(HashMap::new()),
            users: Mutex::new(HashMap::new()),
            sessions_ended: AtomicU64::new(0),
        }
    }
}

impl InProcessBus {
    /// True if someone in this process watches game `game_id`.
    pub fn watched(&self, game_id: &GameId) -> bool {
        let games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games.get(game_id).is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// The games someone in this process watches.
    pub fn watched_games(&self) -> Vec<GameId> {
        let games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games
            .iter()
            .filter(|(_, tx)| tx.receiver_count() > 0)
            .map(|(id, _)| id.clone())
            .collect()
    }
}

impl EventBus for InProcessBus {
    fn publish_game(&self, game_id: &GameId, event: Arc<Published>) {
        publish_keyed(&self.games, game_id, event);
    }

    fn subscribe_game(&self, game_id: &GameId) -> broadcast::Receiver<Arc<Published>> {
        subscribe_keyed(&self.games, game_id, GAME_CAPACITY)
    }

    fn publish_lobby(&self) {
        let _ = self.lobby.send(());
    }

    fn subscribe_lobby(&self) -> broadcast::Receiver<()> {
        self.lobby.subscribe()
    }

    fn publish_chat(&self, room: &ChatRoom, line: Arc<ChatLine>) {
        publish_keyed(&self.rooms, room, line);
    }

    fn subscribe_chat(&self, room: &ChatRoom) -> broadcast::Receiver<Arc<ChatLine>> {
        subscribe_keyed(&self.rooms, room, 64)
    }

    fn publish_user(&self, user: &UserId, notification: Arc<Notification>) {
        publish_keyed(&self.users, user, notification);
    }

    fn subscribe_user(&self, user: &UserId) -> broadcast::Receiver<Arc<Notification>> {
        subscribe_keyed(&self.users, user, 16)
    }

    fn publish_sessions_ended(&self) {
        // SeqCst: a socket that reads the count after this sees the change
        // (the deletion was stored before this call).
        self.sessions_ended.fetch_add(1, Ordering::SeqCst);
    }

    fn sessions_epoch(&self) -> Option<u64> {
        Some(self.sessions_ended.load(Ordering::SeqCst))
    }
}

/// Channels by key (games, chat rooms, users), each kept while it has
/// receivers.
type Channels<K, T> = Mutex<HashMap<K, broadcast::Sender<Arc<T>>>>;

/// Sends `item` on `key`'s channel, if anyone listens.
fn publish_keyed<K: Eq + std::hash::Hash, T>(channels: &Channels<K, T>, key: &K, item: Arc<T>) {
    let mut channels = channels
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(tx) = channels.get(key) {
        if tx.send(item).is_err() {
            channels.remove(key);
        }
    }
}

/// A receiver on `key`'s channel (made with room for `capacity` items if
/// new; channels nobody listens to any more are dropped then, so the
/// sweep costs one pass per new channel, not per receiver).
fn subscribe_keyed<K: Eq + std::hash::Hash + Clone, T>(
    channels: &Channels<K, T>,
    key: &K,
    capacity: usize,
) -> broadcast::Receiver<Arc<T>> {
    let mut channels = channels
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(tx) = channels.get(key) {
        return tx.subscribe();
    }
    channels.retain(|_, tx| tx.receiver_count() > 0);
    channels
        .entry(key.clone())
        .or_insert_with(|| broadcast::channel(capacity).0)
        .subscribe()
}
