//! The fan-out seam: game and lobby events and chat messages are published
//! here and every WebSocket subscribes here.
//!
//! Two implementations: [`InProcessBus`] serves one process (`SQLite`, and
//! the tests); [`PgBus`] is used whenever the server runs on `PostgreSQL`, so
//! that several server processes sharing one database see each other's
//! events: it delivers locally at once and sends a small `NOTIFY` (which
//! game reached which version, or "the lobby changed"); the other processes
//! then load the new events from the database and deliver them to their own
//! watchers, exactly as they would have been delivered in-process.

mod in_process;
mod postgres;

pub use in_process::InProcessBus;
pub use postgres::PgBus;

use crate::chat::ChatRoom;
use crate::game::event::Published;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::Notification;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Where events are published and subscribed to.
pub trait EventBus: Send + Sync + 'static {
    /// Sends an event of game `game_id` (already stored) to its
    /// subscribers.
    fn publish_game(&self, game_id: &GameId, event: Arc<Published>);
    /// Subscribes to the events of game `game_id`.
    fn subscribe_game(&self, game_id: &GameId) -> broadcast::Receiver<Arc<Published>>;
    /// Signals that the lobby changed (a seek opened, closed or was taken, a
    /// game started or ended).
    fn publish_lobby(&self);
    /// Subscribes to lobby changes.
    fn subscribe_lobby(&self) -> broadcast::Receiver<()>;
    /// Sends a chat message (already stored) to the sockets in `room`.
    fn publish_chat(&self, room: &ChatRoom, line: Arc<ChatLine>);
    /// Subscribes to the messages of `room`.
    fn subscribe_chat(&self, room: &ChatRoom) -> broadcast::Receiver<Arc<ChatLine>>;
    /// Sends a notification (already stored) to `user`'s sockets.
    fn publish_user(&self, user: &UserId, notification: Arc<Notification>);
    /// Subscribes to `user`'s notifications.
    fn subscribe_user(&self, user: &UserId) -> broadcast::Receiver<Arc<Notification>>;
    /// Signals that sessions or bot tokens ended here (a sign-out, a
    /// password change, a revoked token), once the change is stored: every
    /// socket checks its own session again before its next action.
    fn publish_sessions_ended(&self);
    /// A count that grows whenever sessions ended, in this process or
    /// another: a socket whose last check saw the same count need not ask
    /// the database again ([`crate::http::socket_session`]). `None` while
    /// this process may miss such news (its `PostgreSQL` listener is
    /// down): then every action asks.
    fn sessions_epoch(&self) -> Option<u64>;
}
