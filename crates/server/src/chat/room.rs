//! Chat rooms: the lobby's, and two per game — its players' (the two seated
//! people; spectators never read it) and its spectators' (everyone else
//! watching; the players do not read it while the game is live, as on
//! lichess, so that nobody can whisper advice to a player).

use gamut_protocol::ids::{GameId, IdError};
use std::fmt;

/// A chat room.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChatRoom {
    /// The lobby's room.
    Lobby,
    /// A game's players.
    Players(GameId),
    /// A game's spectators.
    Spectators(GameId),
}

impl ChatRoom {
    /// The room's key, as stored: `lobby`, `players:<game>`,
    /// `spectators:<game>`.
    pub fn key(&self) -> String {
        self.to_string()
    }

    /// The room of a key ([`ChatRoom::key`]).
    pub fn parse(key: &str) -> Result<ChatRoom, String> {
        let bad = |e: IdError| e.to_string();
        match key.split_once(':') {
            None if key == "lobby" => Ok(ChatRoom::Lobby),
            Some(("players", id)) => GameId::parse(id).map(ChatRoom::Players).map_err(bad),
            Some(("spectators", id)) => GameId::parse(id).map(ChatRoom::Spectators).map_err(bad),
            _ => Err(format!("'{key}' is not a chat room")),
        }
    }

    /// The room's name as sent to clients: `lobby`, `players` or
    /// `spectators`.
    pub fn kind(&self) -> &'static str {
        match self {
            ChatRoom::Lobby => "lobby",
            ChatRoom::Players(_) => "players",
            ChatRoom::Spectators(_) => "spectators",
        }
    }
}

impl fmt::Display for ChatRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChatRoom::Lobby => f.write_str("lobby"),
            ChatRoom::Players(id) => write!(f, "players:{id}"),
            ChatRoom::Spectators(id) => write!(f, "spectators:{id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_bad_keys_are_refused() {
        let id = GameId::parse("abc123").unwrap();
        for room in [
            ChatRoom::Lobby,
            ChatRoom::Players(id.clone()),
            ChatRoom::Spectators(id),
        ] {
            assert_eq!(ChatRoom::parse(&room.key()), Ok(room));
        }
        for bad in ["", "lobby:x", "players:", "players:a b", "others:abc"] {
            assert!(ChatRoom::parse(bad).is_err(), "{bad}");
        }
    }
}
