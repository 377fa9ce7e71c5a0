//! A socket's chat feed: the messages of the room it is in (the lobby's,
//! or its viewer's room of the game: [`crate::http::chat::room_of`]),
//! without those of the users its viewer mutes (read when the socket
//! opens). A socket whose viewer takes a seat moves to the players' room.

use crate::bus::EventBus;
use crate::chat::ChatRoom;
use crate::app::App;
use gamut_core::Player;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::socket::ServerMessage;
use std::collections::HashSet;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// The chat messages one socket receives.
pub struct ChatFeed {
    room: ChatRoom,
    lines: broadcast::Receiver<Arc<ChatLine>>,
    muted: HashSet<String>,
}

impl ChatFeed {
    /// The feed of `room` for `viewer` (the mutes read from the store; a
    /// store error leaves none, so chat still flows).
    pub async fn open(app: &App, room: ChatRoom, viewer: Option<&UserId>) -> ChatFeed {
        let muted = match viewer {
            Some(user) => match app.store.mutes(user.as_str()).await {
                Ok(users) => users.into_iter().map(|u| u.id).collect(),
                Err(e) => {
                    tracing::warn!("cannot read the mutes of {user}: {e}");
                    HashSet::new()
                }
            },
            None => HashSet::new(),
        };
        ChatFeed {
            lines: app.bus.subscribe_chat(&room),
            room,
            muted,
        }
    }

    /// The room of game `id` for a viewer seated as `side` (`None`: a
    /// spectator).
    pub fn game_room(id: &GameId, side: Option<Player>) -> ChatRoom {
        match side {
            Some(_) => ChatRoom::Players(id.clone()),
            None => ChatRoom::Spectators(id.clone()),
        }
    }

    /// Moves the feed to `room` if it is elsewhere.
    pub fn move_to(&mut self, bus: &dyn EventBus, room: ChatRoom) {
        if room != self.room {
            self.lines = bus.subscribe_chat(&room);
            self.room = room;
        }
    }

    /// The next message to send (waiting for one); `None` once the bus is
    /// gone. Messages missed by a slow socket are skipped (the history has
    /// them).
    pub async fn next(&mut self) -> Option<ServerMessage> {
        loop {
            match self.lines.recv().await {
                Ok(line) if !self.muted.contains(line.user.id.as_str()) => {
                    return Some(ServerMessage::Chat {
                        room: self.room.kind().to_owned(),
                        line: (*line).clone(),
                    });
                }
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return None,
            }
        }
    }
}
