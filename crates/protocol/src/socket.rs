//! The socket protocol in one place: what a client sends to a game's
//! socket ([`ClientMessage`]: a request id and one [`ClientBody`]) and to
//! the lobby's ([`LobbyClientMessage`]), and everything the server sends
//! on them ([`ServerMessage`]). Each is a JSON text frame with a `type`;
//! client messages refuse unknown fields. (The analysis socket's messages
//! are in [`crate::analysis`], the tournament socket's in
//! [`crate::tournament`].)

use crate::chat::ChatLine;
use crate::game::{EventView, GameView};
use crate::notification::Notification;
use crate::views::LobbyView;
use crate::ErrorCode;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The longest move text accepted.
pub const MAX_MOVE: usize = 64;

/// The close code of a game's socket opened for an unknown game (4000 to
/// 4999 are the application's: 4404 like HTTP's 404).
pub const CLOSE_NO_SUCH_GAME: u16 = 4404;

/// A message from a client to a game's socket: an optional request `id`
/// (any integer, sent back with the `ack` or `error` it gets) beside the
/// fields of its [`ClientBody`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClientMessage {
    /// The request id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// What the message asks.
    #[serde(flatten)]
    pub body: ClientBody,
}

impl<'de> Deserialize<'de> for ClientMessage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut fields = Map::deserialize(d)?;
        let id = match fields.remove("id") {
            None | Some(Value::Null) => None,
            Some(id) => Some(i64::deserialize(id).map_err(D::Error::custom)?),
        };
        let body = ClientBody::deserialize(Value::Object(fields)).map_err(D::Error::custom)?;
        Ok(ClientMessage { id, body })
    }
}

/// What a client asks of a game, by `type`. (Variants without fields are
/// written with braces so that unknown fields are refused.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientBody {
    /// Play a move (or a hidden placement).
    Move {
        /// The move, in any notation the engine reads (1 to [`MAX_MOVE`]
        /// bytes).
        #[serde(rename = "move")]
        mv: String,
        /// Refuse the move unless the game is still at this version.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<i64>,
    },
    /// Resign.
    Resign {},
    /// Offer a draw.
    DrawOffer {},
    /// Accept the opponent's draw offer.
    DrawAccept {},
    /// Decline it.
    DrawDecline {},
    /// Ask to take back one's last move.
    TakebackRequest {},
    /// Grant the opponent's request.
    TakebackAccept {},
    /// Refuse it.
    TakebackDecline {},
    /// Abort before the second ply.
    Abort {},
    /// Set (or replace) one's premove (real-time games, not one's turn).
    Premove {
        /// The move, in any notation the engine reads.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Cancel one's premove.
    PremoveCancel {},
    /// Send what happened after version `since` (events, or the state).
    Sync {
        /// The last version the client has seen (none: the state).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<i64>,
    },
    /// Answered `pong`.
    Ping {},
}

impl ClientBody {
    /// The `type`s only a game's players may send (all but `sync` and
    /// `ping`).
    pub const PLAYER_TYPES: [&'static str; 11] = [
        "move",
        "resign",
        "draw-offer",
        "draw-accept",
        "draw-decline",
        "takeback-request",
        "takeback-accept",
        "takeback-decline",
        "abort",
        "premove",
        "premove-cancel",
    ];

    /// True for what only a game's players may ask.
    pub fn is_player_only(&self) -> bool {
        !matches!(self, ClientBody::Sync { .. } | ClientBody::Ping {})
    }

    /// The move text, for `move` and `premove`.
    pub fn move_text(&self) -> Option<&str> {
        match self {
            ClientBody::Move { mv, .. } | ClientBody::Premove { mv } => Some(mv),
            _ => None,
        }
    }
}

/// What a client message says even when it is malformed, read leniently
/// before the message itself: so that its refusal can name it (`id`), and
/// a spectator's action is refused as such.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Envelope {
    /// The message's `type`.
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// Its request id.
    #[serde(default)]
    pub id: Option<i64>,
}

impl Envelope {
    /// The envelope of a message text (empty if it has none).
    pub fn of(text: &str) -> Envelope {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// True if the message's type is one only players may send.
    pub fn is_player_only(&self) -> bool {
        self.kind
            .as_deref()
            .is_some_and(|kind| ClientBody::PLAYER_TYPES.contains(&kind))
    }
}

/// The only message the lobby's socket takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum LobbyClientMessage {
    /// Answered `pong`.
    Ping {},
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The full game state for this viewer.
    State {
        /// The state.
        state: Box<GameView>,
    },
    /// The events after the version the client asked from.
    Events {
        /// The events, oldest first (possibly none).
        events: Vec<EventView>,
    },
    /// One live event.
    Event {
        /// The event.
        event: EventView,
    },
    /// A client message's effect is stored.
    Ack {
        /// The message's id (`null` if it had none).
        id: Option<i64>,
        /// The game's version after it.
        version: i64,
    },
    /// A client message was refused (the game is unchanged), or the
    /// server cannot serve the socket.
    Error {
        /// The refused message's id, if it had one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// Why, for people.
        error: String,
        /// What kind of refusal, for programs and translations.
        code: ErrorCode,
        /// The values `error` quotes.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        params: BTreeMap<String, String>,
    },
    /// The answer to `premove` and `premove-cancel`: the socket's
    /// premove now (`null`: none), held by the game's task, not stored.
    #[serde(rename = "premove-set")]
    PremoveSet {
        /// The request's id.
        id: Option<i64>,
        /// The premove, as sent.
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    /// The socket's premove was played (its move event came just before),
    /// stored as any move.
    #[serde(rename = "premove-played")]
    PremovePlayed {
        /// The id of the request that set it.
        id: Option<i64>,
        /// The premove, as sent.
        #[serde(rename = "move")]
        mv: String,
        /// The game's version after it.
        version: i64,
    },
    /// The socket's premove was not played: illegal when the turn came,
    /// replaced from another connection, or a move was taken back.
    #[serde(rename = "premove-dropped")]
    PremoveDropped {
        /// The id of the request that set it.
        id: Option<i64>,
        /// The premove, as sent.
        #[serde(rename = "move")]
        mv: String,
        /// Why, for people.
        error: String,
        /// What kind of refusal, for programs and translations.
        code: ErrorCode,
        /// The values `error` quotes.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        params: BTreeMap<String, String>,
    },
    /// The answer to `ping`.
    Pong,
    /// The lobby, sent at once and at every change.
    Lobby(LobbyView),
    /// The user's last notifications, first on `GET /api/me/ws` (the
    /// socket carries every later one).
    Notifications {
        /// The last ones, newest first.
        notifications: Vec<Notification>,
        /// How many of them are unseen.
        unseen: usize,
    },
    /// A notification for the socket's user (`GET /api/me/ws`).
    Notification {
        /// It.
        notification: Notification,
    },
    /// A new chat message in the socket's room.
    Chat {
        /// `lobby`, `players` or `spectators`.
        room: String,
        /// The message.
        line: ChatLine,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value) -> Result<ClientMessage, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn client_messages_read_as_documented() {
        assert_eq!(
            read(json!({"type": "move", "move": "b1-b3", "id": 1, "version": 4})).unwrap(),
            ClientMessage {
                id: Some(1),
                body: ClientBody::Move {
                    mv: "b1-b3".into(),
                    version: Some(4),
                },
            }
        );
        assert_eq!(
            read(json!({"type": "takeback-decline"})).unwrap(),
            ClientMessage {
                id: None,
                body: ClientBody::TakebackDecline {},
            }
        );
        let sync = read(json!({"type": "sync", "since": 12, "id": null})).unwrap();
        assert_eq!(sync.body, ClientBody::Sync { since: Some(12) });
        let premove = read(json!({"type": "premove", "move": "b1-b3", "id": 2})).unwrap();
        assert_eq!(premove.body.move_text(), Some("b1-b3"));
        for message in [sync, premove] {
            let text = serde_json::to_value(&message).unwrap();
            assert_eq!(read(text).unwrap(), message);
        }
    }

    #[test]
    fn unknown_fields_and_types_are_refused() {
        for (bad, error) in [
            (
                json!({"type": "resign", "move": "b1-b3"}),
                "unknown field `move`",
            ),
            (json!({"type": "ping", "x": 1}), "unknown field `x`"),
            (json!({"type": "move"}), "missing field `move`"),
            (json!({"type": "seek"}), "unknown variant `seek`"),
            (json!({"type": "ping", "id": "7"}), "invalid type"),
            (json!("not an object"), "invalid type"),
        ] {
            let e = read(bad.clone()).unwrap_err();
            assert!(e.contains(error), "{bad}: {e}");
        }
        assert!(serde_json::from_value::<LobbyClientMessage>(json!({"type": "ping"})).is_ok());
        assert!(
            serde_json::from_value::<LobbyClientMessage>(json!({"type": "ping", "x": 1})).is_err()
        );
    }

    #[test]
    fn the_player_types_are_exactly_the_player_only_bodies() {
        let bodies = [
            ClientBody::Move {
                mv: "a".into(),
                version: None,
            },
            ClientBody::Resign {},
            ClientBody::DrawOffer {},
            ClientBody::DrawAccept {},
            ClientBody::DrawDecline {},
            ClientBody::TakebackRequest {},
            ClientBody::TakebackAccept {},
            ClientBody::TakebackDecline {},
            ClientBody::Abort {},
            ClientBody::Premove { mv: "a".into() },
            ClientBody::PremoveCancel {},
            ClientBody::Sync { since: None },
            ClientBody::Ping {},
        ];
        let mut player_types = Vec::new();
        for body in bodies {
            let json = serde_json::to_value(&body).unwrap();
            let kind = json["type"].as_str().unwrap().to_owned();
            if body.is_player_only() {
                player_types.push(kind);
            }
        }
        assert_eq!(player_types, ClientBody::PLAYER_TYPES);
    }

    #[test]
    fn the_envelope_of_a_malformed_message_still_names_it() {
        let e = Envelope::of(r#"{"type": "resign", "move": "b1-b3", "id": 7}"#);
        assert_eq!((e.kind.as_deref(), e.id), (Some("resign"), Some(7)));
        assert!(e.is_player_only());
        let e = Envelope::of(r#"{"type": "dance", "id": 8}"#);
        assert!(!e.is_player_only());
        assert_eq!(e.id, Some(8));
        assert_eq!(Envelope::of("[1, 2]"), Envelope::default());
    }

    #[test]
    fn server_messages_are_written_as_documented() {
        let cases = [
            (ServerMessage::Pong, json!({"type": "pong"})),
            (
                ServerMessage::Ack {
                    id: None,
                    version: 15,
                },
                json!({"type": "ack", "id": null, "version": 15}),
            ),
            (
                ServerMessage::Error {
                    id: Some(7),
                    error: "it is not your turn".into(),
                    code: ErrorCode::NotYourTurn,
                    params: BTreeMap::new(),
                },
                json!({"type": "error", "id": 7, "error": "it is not your turn", "code": "not_your_turn"}),
            ),
            (
                ServerMessage::Lobby(LobbyView {
                    seeks: Vec::new(),
                    live: Vec::new(),
                }),
                json!({"type": "lobby", "seeks": [], "live": []}),
            ),
        ];
        for (message, json) in cases {
            assert_eq!(serde_json::to_value(&message).unwrap(), json);
            assert_eq!(
                serde_json::from_value::<ServerMessage>(json).unwrap(),
                message
            );
        }
    }
}
