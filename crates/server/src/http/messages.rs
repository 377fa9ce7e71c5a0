//! The WebSocket messages (`docs/api.md`), each a JSON text frame with a
//! `type`: what clients send to a game ([`ClientMessage`]) and to the lobby
//! ([`LobbyClientMessage`]), and what the server sends ([`ServerMessage`]).
//! Client messages refuse unknown fields.

use crate::chat::ChatLine;
use crate::error::ApiError;
use crate::game::actor::Action;
use crate::game::view::{EventView, GameView};
use crate::http::views::LobbyView;
use crate::notification::Notification;
use gamut_protocol::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The longest move text accepted.
pub const MAX_MOVE: usize = 64;

/// A message from a client to a game's WebSocket. Each may carry an `id`
/// (any integer) to get an `ack` or `error` back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play a move (or a hidden placement).
    Move {
        /// The move, in any notation the engine reads.
        #[serde(rename = "move")]
        mv: String,
        /// Refuse the move unless the game is still at this version.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<i64>,
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Resign.
    Resign {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Offer a draw.
    DrawOffer {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Accept the opponent's draw offer.
    DrawAccept {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Decline it.
    DrawDecline {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Ask to take back one's last move.
    TakebackRequest {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Grant the opponent's request.
    TakebackAccept {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Refuse it.
    TakebackDecline {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Abort before the second ply.
    Abort {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Set (or replace) one's premove (real-time games, not one's turn).
    Premove {
        /// The move, in any notation the engine reads.
        #[serde(rename = "move")]
        mv: String,
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Cancel one's premove.
    PremoveCancel {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Send what happened after version `since` (events, or the state).
    Sync {
        /// The last version the client has seen (none: the state).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<i64>,
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
    /// Answered `pong`.
    Ping {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
    },
}

/// A client message, by what it asks of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Answer `pong`.
    Ping,
    /// Catch up from this version.
    Sync(Option<i64>),
    /// A player's request.
    Player(PlayerRequest),
}

/// What only a player may ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerRequest {
    /// An action of the game.
    Act(Action),
    /// Set (`Some`) or cancel (`None`) one's premove.
    Premove(Option<String>),
}

impl ClientMessage {
    /// The message's request id.
    pub fn id(&self) -> Option<i64> {
        match self {
            ClientMessage::Move { id, .. }
            | ClientMessage::Resign { id }
            | ClientMessage::DrawOffer { id }
            | ClientMessage::DrawAccept { id }
            | ClientMessage::DrawDecline { id }
            | ClientMessage::TakebackRequest { id }
            | ClientMessage::TakebackAccept { id }
            | ClientMessage::TakebackDecline { id }
            | ClientMessage::Abort { id }
            | ClientMessage::Premove { id, .. }
            | ClientMessage::PremoveCancel { id }
            | ClientMessage::Sync { id, .. }
            | ClientMessage::Ping { id } => *id,
        }
    }

    /// What the message asks for; a move (or premove) of a bad length is
    /// refused.
    pub fn request(self) -> Result<Request, String> {
        let check = |mv: &str| {
            if mv.is_empty() || mv.len() > MAX_MOVE {
                return Err(format!("a move has 1 to {MAX_MOVE} characters"));
            }
            Ok(())
        };
        let action = match self {
            ClientMessage::Ping { .. } => return Ok(Request::Ping),
            ClientMessage::Sync { since, .. } => return Ok(Request::Sync(since)),
            ClientMessage::Premove { mv, .. } => {
                check(&mv)?;
                return Ok(Request::Player(PlayerRequest::Premove(Some(mv))));
            }
            ClientMessage::PremoveCancel { .. } => {
                return Ok(Request::Player(PlayerRequest::Premove(None)));
            }
            ClientMessage::Move { mv, version, .. } => {
                check(&mv)?;
                Action::Move { mv, version }
            }
            ClientMessage::Resign { .. } => Action::Resign,
            ClientMessage::DrawOffer { .. } => Action::DrawOffer,
            ClientMessage::DrawAccept { .. } => Action::DrawAccept,
            ClientMessage::DrawDecline { .. } => Action::DrawDecline,
            ClientMessage::TakebackRequest { .. } => Action::TakebackRequest,
            ClientMessage::TakebackAccept { .. } => Action::TakebackAccept,
            ClientMessage::TakebackDecline { .. } => Action::TakebackDecline,
            ClientMessage::Abort { .. } => Action::Abort,
        };
        Ok(Request::Player(PlayerRequest::Act(action)))
    }
}

/// The `type` of a client message, read on its own (see [`Envelope`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MessageType {
    /// `move`.
    Move,
    /// `resign`.
    Resign,
    /// `draw-offer`.
    DrawOffer,
    /// `draw-accept`.
    DrawAccept,
    /// `draw-decline`.
    DrawDecline,
    /// `takeback-request`.
    TakebackRequest,
    /// `takeback-accept`.
    TakebackAccept,
    /// `takeback-decline`.
    TakebackDecline,
    /// `abort`.
    Abort,
    /// `premove`.
    Premove,
    /// `premove-cancel`.
    PremoveCancel,
    /// `sync`.
    Sync,
    /// `ping`.
    Ping,
    /// Anything else.
    #[serde(other)]
    Unknown,
}

impl MessageType {
    /// True for the types only players may send.
    pub fn is_action(self) -> bool {
        !matches!(
            self,
            MessageType::Sync | MessageType::Ping | MessageType::Unknown
        )
    }
}

/// What any client message carries, read leniently before the message
/// itself: so that the refusal of a malformed message can name it (`id`),
/// and a spectator's action is refused as such even when malformed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Envelope {
    /// The message's type.
    #[serde(rename = "type", default)]
    pub kind: Option<MessageType>,
    /// Its request id.
    #[serde(default)]
    pub id: Option<i64>,
}

impl Envelope {
    /// The envelope of a message text (empty if it has none).
    pub fn of(text: &str) -> Envelope {
        serde_json::from_str(text).unwrap_or_default()
    }
}

/// The only message the lobby's WebSocket takes.
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

impl ServerMessage {
    /// An error answering the message with request id `id`.
    pub fn error(id: Option<i64>, error: impl Into<ApiError>) -> ServerMessage {
        let e = error.into();
        ServerMessage::Error {
            id,
            error: e.message,
            code: e.code,
            params: e.params,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: serde_json::Value) -> Result<ClientMessage, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn client_messages_read_as_documented() {
        assert_eq!(
            read(json!({"type": "move", "move": "b1-b3", "id": 1, "version": 4})).unwrap(),
            ClientMessage::Move {
                mv: "b1-b3".into(),
                version: Some(4),
                id: Some(1)
            }
        );
        assert_eq!(
            read(json!({"type": "takeback-decline"})).unwrap(),
            ClientMessage::TakebackDecline { id: None }
        );
        assert_eq!(
            read(json!({"type": "sync", "since": 12}))
                .unwrap()
                .request(),
            Ok(Request::Sync(Some(12)))
        );
        assert_eq!(
            read(json!({"type": "ping"})).unwrap().request(),
            Ok(Request::Ping)
        );
        assert_eq!(
            read(json!({"type": "premove", "move": "b1-b3", "id": 2}))
                .unwrap()
                .request(),
            Ok(Request::Player(PlayerRequest::Premove(Some(
                "b1-b3".into()
            ))))
        );
        assert_eq!(
            read(json!({"type": "premove-cancel"})).unwrap().request(),
            Ok(Request::Player(PlayerRequest::Premove(None)))
        );
        let long = read(json!({"type": "premove", "move": "x".repeat(65)})).unwrap();
        assert!(long.request().is_err());
        let long = read(json!({"type": "move", "move": "x".repeat(100)})).unwrap();
        assert_eq!(
            long.request(),
            Err("a move has 1 to 64 characters".to_owned())
        );
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
    fn the_envelope_of_a_malformed_message_still_names_it() {
        let e = Envelope::of(r#"{"type": "resign", "move": "b1-b3", "id": 7}"#);
        assert_eq!((e.kind, e.id), (Some(MessageType::Resign), Some(7)));
        assert!(e.kind.is_some_and(MessageType::is_action));
        let e = Envelope::of(r#"{"type": "dance", "id": 8}"#);
        assert_eq!((e.kind, e.id), (Some(MessageType::Unknown), Some(8)));
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
                ServerMessage::error(
                    Some(7),
                    ApiError::conflict("it is not your turn").code(ErrorCode::NotYourTurn),
                ),
                json!({"type": "error", "id": 7, "error": "it is not your turn", "code": "not_your_turn"}),
            ),
            (
                ServerMessage::error(None, "invalid message"),
                json!({"type": "error", "error": "invalid message", "code": "bad_request"}),
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
