//! The payload of a `PostgreSQL` notification between server processes: who
//! sent it and what changed (a game's new version, or the lobby), never the
//! event itself (`PostgreSQL` limits payloads to 8000 bytes; receivers load
//! the events from the database) — but a chat message, which is short
//! (`chat::text::MAX_CHARS`), and a notification travel whole.

use crate::chat::ChatRoom;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{is_id, GameId, UserId};
use gamut_protocol::notification::Notification;
use serde::{Deserialize, Serialize};

/// The `PostgreSQL` notification channel of the server processes.
pub const CHANNEL: &str = "gamut_events";

/// The largest payload accepted (`PostgreSQL`'s own limit).
pub const MAX_PAYLOAD: usize = 8000;

/// What a server process tells the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Notice {
    /// Game `game` reached `version` (its events are stored).
    Game {
        /// The sending process.
        from: String,
        /// The game's id (checked when read).
        game: GameId,
        /// Its latest version.
        version: i64,
    },
    /// The lobby changed.
    Lobby {
        /// The sending process.
        from: String,
    },
    /// A chat message (stored) for a room.
    Chat {
        /// The sending process.
        from: String,
        /// The room's key ([`ChatRoom::key`], checked when read).
        room: String,
        /// The message.
        line: ChatLine,
    },
    /// A notification (stored) for a user.
    User {
        /// The sending process.
        from: String,
        /// Whom it is for.
        user: UserId,
        /// The notification.
        notification: Notification,
    },
    /// Sessions or bot tokens ended (their rows are gone): sockets check
    /// theirs again before acting.
    SessionsEnded {
        /// The sending process.
        from: String,
    },
}

impl Notice {
    /// The sending process.
    pub fn from(&self) -> &str {
        match self {
            Notice::Game { from, .. }
            | Notice::Lobby { from }
            | Notice::Chat { from, .. }
            | Notice::User { from, .. }
            | Notice::SessionsEnded { from } => from,
        }
    }

    /// The payload text (JSON).
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a payload; an error says what is wrong with it.
    pub fn decode(payload: &str) -> Result<Notice, String> {
        if payload.len() > MAX_PAYLOAD {
            return Err(format!("{} bytes is too long", payload.len()));
        }
        let notice: Notice =
            serde_json::from_str(payload).map_err(|e| format!("not a notice: {e}"))?;
        if !is_id(notice.from()) {
            return Err("the sender is not an id".into());
        }
        match &notice {
            Notice::Game { version, .. } if *version < 1 => {
                return Err(format!("version {version} is not positive"));
            }
            Notice::Chat { room, .. } => {
                ChatRoom::parse(room)?;
            }
            _ => {}
        }
        Ok(notice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_round_trip_and_stay_small() {
        let game = Notice::Game {
            from: "p1".into(),
            game: GameId::parse("abcdefgh12345678").unwrap(),
            version: 42,
        };
        let lobby = Notice::Lobby { from: "p1".into() };
        let sessions = Notice::SessionsEnded { from: "p1".into() };
        for notice in [game, lobby, sessions] {
            let text = notice.encode();
            assert!(text.len() < 100, "{text}");
            assert_eq!(Notice::decode(&text), Ok(notice));
        }
        assert_eq!(
            Notice::decode(r#"{"kind":"game","from":"p","game":"g","version":3}"#),
            Ok(Notice::Game {
                from: "p".into(),
                game: GameId::parse("g").unwrap(),
                version: 3
            })
        );
    }

    #[test]
    fn bad_payloads_are_errors() {
        let long = format!(r#"{{"kind":"lobby","from":"{}"}}"#, "a".repeat(MAX_PAYLOAD));
        for bad in [
            "",
            "lobby",
            "{}",
            "[1, 2]",
            r#"{"kind":"lobby"}"#,
            r#"{"kind":"lobby","from":""}"#,
            r#"{"kind":"party","from":"p"}"#,
            r#"{"kind":"game","from":"p","game":"g"}"#,
            r#"{"kind":"game","from":"p","game":"g","version":"3"}"#,
            r#"{"kind":"game","from":"p","game":"g","version":0}"#,
            r#"{"kind":"game","from":"p","game":"../x","version":3}"#,
            r#"{"kind":"game","from":"p q","game":"g","version":3}"#,
            r#"{"kind":"game","from":"p","game":"g","version":1e99}"#,
            long.as_str(),
        ] {
            assert!(Notice::decode(bad).is_err(), "{bad} was accepted");
        }
    }
}
