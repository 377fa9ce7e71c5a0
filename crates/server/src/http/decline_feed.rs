//! What the socket of a waiting game's creator hears of the invited
//! player: their decline of the challenge (the `challenge-declined`
//! notification about this game, sent on the socket as it is on the
//! user's own socket), so a waiting page learns that nobody is coming.
//! Followed only while the game waits.

use crate::app::App;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::{Notification, NotificationKind};
use gamut_protocol::socket::ServerMessage;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// A socket's feed of declines of its game.
pub struct DeclineFeed {
    game: GameId,
    notifications: Option<broadcast::Receiver<Arc<Notification>>>,
}

impl DeclineFeed {
    /// The feed of game `game` for `user`, followed if they are seated
    /// (the creator is the only one seated in a waiting game).
    pub fn open(app: &App, game: &GameId, user: Option<&UserId>, seated: bool) -> DeclineFeed {
        DeclineFeed {
            game: game.clone(),
            notifications: user
                .filter(|_| seated)
                .map(|user| app.bus.subscribe_user(user)),
        }
    }

    /// Stops following (the game is no longer waiting).
    pub fn close(&mut self) {
        self.notifications = None;
    }

    /// The next decline of the game, as the message to send. Never
    /// resolves once closed.
    pub async fn next(&mut self) -> ServerMessage {
        loop {
            let Some(rx) = self.notifications.as_mut() else {
                return std::future::pending().await;
            };
            match rx.recv().await {
                Ok(notification)
                    if notification.kind == NotificationKind::ChallengeDeclined
                        && notification.game.as_ref() == Some(&self.game) =>
                {
                    let notification = (*notification).clone();
                    return ServerMessage::Notification { notification };
                }
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => self.notifications = None,
            }
        }
    }
}
