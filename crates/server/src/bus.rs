//! The fan-out seam: game and lobby events are published here and every
//! WebSocket subscribes here. [`InProcessBus`] serves one process; several
//! processes sharing one PostgreSQL would plug in an implementation over
//! the database (LISTEN/NOTIFY) or a broker behind the same trait.

use crate::game::event::Published;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Where events are published and subscribed to.
pub trait EventBus: Send + Sync + 'static {
    /// Sends an event of game `game_id` to its subscribers.
    fn publish_game(&self, game_id: &str, event: Arc<Published>);
    /// Subscribes to the events of game `game_id`.
    fn subscribe_game(&self, game_id: &str) -> broadcast::Receiver<Arc<Published>>;
    /// Signals that the lobby changed (a seek opened, closed or was taken, a
    /// game started or ended).
    fn publish_lobby(&self);
    /// Subscribes to lobby changes.
    fn subscribe_lobby(&self) -> broadcast::Receiver<()>;
}

/// The in-process bus: one broadcast channel per watched game.
#[derive(Debug)]
pub struct InProcessBus {
    games: Mutex<HashMap<String, broadcast::Sender<Arc<Published>>>>,
    lobby: broadcast::Sender<()>,
}

impl Default for InProcessBus {
    fn default() -> Self {
        InProcessBus {
            games: Mutex::new(HashMap::new()),
            lobby: broadcast::channel(16).0,
        }
    }
}

impl EventBus for InProcessBus {
    fn publish_game(&self, game_id: &str, event: Arc<Published>) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tx) = games.get(game_id) {
            if tx.send(event).is_err() {
                games.remove(game_id);
            }
        }
    }

    fn subscribe_game(&self, game_id: &str) -> broadcast::Receiver<Arc<Published>> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.retain(|_, tx| tx.receiver_count() > 0);
        games
            .entry(game_id.to_owned())
            .or_insert_with(|| broadcast::channel(256).0)
            .subscribe()
    }

    fn publish_lobby(&self) {
        let _ = self.lobby.send(());
    }

    fn subscribe_lobby(&self) -> broadcast::Receiver<()> {
        self.lobby.subscribe()
    }
}
