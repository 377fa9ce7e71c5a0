//! What clients send over HTTP (`docs/api.md`): request bodies and query
//! strings, each refusing unknown fields with a clear error.

use crate::clock::{ClockControl, Speed};
use crate::status::GameStatus;
use gamut_ai::Level;
use gamut_core::Player;
use gamut_games::GameKind;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// Who the creator of a game plays against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// The computer at a level: starts at once, never rated.
    Computer {
        /// The level.
        #[serde(with = "crate::wire::text")]
        level: Level,
    },
    /// Anyone, from the lobby. (Variants with no fields are written with
    /// braces so that unknown fields are refused.)
    Seek {},
    /// Whoever gets the link, or only the player named `user` (who is
    /// told, and may decline).
    Challenge {
        /// The invited player's name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<String>,
    },
}

/// The creator's seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    /// The first player's.
    First,
    /// The second player's.
    Second,
    /// Either, at random.
    #[default]
    Random,
}

impl SideChoice {
    /// The side chosen, `None` for [`SideChoice::Random`] (the server
    /// draws one).
    pub fn fixed(self) -> Option<Player> {
        match self {
            SideChoice::First => Some(Player::First),
            SideChoice::Second => Some(Player::Second),
            SideChoice::Random => None,
        }
    }
}

/// The value of a game option in a request: its text, or for convenience a
/// number (`8`) or a flag (`true`: `on`, `false`: `off`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValue(pub String);

impl Serialize for OptionValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = OptionValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an option value (a string, a number or true/false)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_owned()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<OptionValue, E> {
                Ok(OptionValue(if v { "on" } else { "off" }.to_owned()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<OptionValue, E> {
                Ok(OptionValue(
                    serde_json::Number::from_f64(v)
                        .map_or_else(|| v.to_string(), |n| n.to_string()),
                ))
            }
        }
        d.deserialize_any(V)
    }
}

/// The most options a request may give.
pub const MAX_OPTIONS: usize = 32;

/// `POST /api/games`: create a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// Which game (its name, any case).
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// Any subset of the game's options (the rest take their defaults).
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
    /// The clock.
    pub clock: ClockControl,
    /// Rated (only between registered users).
    #[serde(default)]
    pub rated: bool,
    /// The creator's seat (default: random).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<SideChoice>,
    /// Who the creator plays against.
    pub opponent: Opponent,
    /// A position text to start from instead of the standard start (a
    /// custom set-up; never rated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

impl CreateGame {
    /// The options as `(key, value)` pairs; refused when there are too
    /// many.
    pub fn option_pairs(&self) -> Result<Vec<(String, String)>, String> {
        option_pairs(&self.options)
    }
}

/// Options as `(key, value)` pairs; refused when there are too many.
pub fn option_pairs(
    options: &BTreeMap<String, OptionValue>,
) -> Result<Vec<(String, String)>, String> {
    if options.len() > MAX_OPTIONS {
        return Err("too many options".into());
    }
    Ok(options
        .iter()
        .map(|(k, v)| (k.clone(), v.0.clone()))
        .collect())
}

/// `POST /api/signup` and `POST /api/signin`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The username.
    pub username: String,
    /// The password.
    pub password: String,
}

/// `POST /api/password`: the current password and the new one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The current password.
    pub password: String,
    /// The new password.
    pub new_password: String,
}

/// `POST /api/import`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportBody {
    /// The text record.
    pub record: String,
}

/// `GET /api/games` query.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// Which games (default: live).
    #[serde(default)]
    pub status: Option<GameStatus>,
    /// Only this player's (a username).
    #[serde(default)]
    pub player: Option<String>,
    /// Only this game (its name, any case).
    #[serde(default, with = "crate::wire::option_text")]
    pub game: Option<GameKind>,
    /// At most this many (1 to 100, default 50).
    #[serde(default)]
    pub limit: Option<i64>,
    /// Only games created before this instant.
    #[serde(default)]
    pub before: Option<i64>,
}

/// Paging query of a player's games and of leaderboards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageQuery {
    /// At most this many (1 to 100, default 50).
    #[serde(default)]
    pub limit: Option<i64>,
    /// Only games created before this instant.
    #[serde(default)]
    pub before: Option<i64>,
    /// Leaderboards: only this speed.
    #[serde(default)]
    pub speed: Option<Speed>,
}

/// `?game=&speed=&limit=` of a player's rating history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingHistoryQuery {
    /// Which game.
    pub game: GameKind,
    /// Only this speed (default: every speed).
    #[serde(default)]
    pub speed: Option<Speed>,
    /// At most this many points, the newest (1 to 500, default 200).
    #[serde(default)]
    pub limit: Option<i64>,
}

/// `?since=N` of a game's WebSocket.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SinceQuery {
    /// The last version the client has seen.
    #[serde(default)]
    pub since: Option<i64>,
}

/// The default and largest page of a list.
pub fn page_limit(limit: Option<i64>) -> i64 {
    limit.unwrap_or(50).clamp(1, 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn create(body: serde_json::Value) -> Result<CreateGame, String> {
        serde_json::from_value(body).map_err(|e| e.to_string())
    }

    #[test]
    fn a_create_request_reads_every_field() {
        let req = create(json!({
            "game": "LOA", "options": {"size": 6, "repetition": false, "setup": "standard"},
            "clock": {"type": "realtime", "initial_ms": 60000, "increment_ms": 0},
            "rated": false, "side": "second", "opponent": {"type": "computer", "level": "easy"},
            "position": null
        }))
        .unwrap();
        assert_eq!(req.game, GameKind::Loa);
        assert_eq!(req.side, Some(SideChoice::Second));
        assert_eq!(req.opponent, Opponent::Computer { level: Level::Easy });
        assert_eq!(
            req.option_pairs().unwrap(),
            vec![
                ("repetition".into(), "off".into()),
                ("setup".into(), "standard".into()),
                ("size".into(), "6".into())
            ]
        );
        let seek = create(json!({"game": "loa", "clock": {"type": "untimed"},
                                 "opponent": {"type": "seek"}}))
        .unwrap();
        assert_eq!((seek.opponent, seek.side), (Opponent::Seek {}, None));
    }

    #[test]
    fn unknown_fields_are_refused_everywhere() {
        let base =
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}});
        let mut cases = Vec::new();
        for (path, extra) in [
            ("", json!({"x": 1})),
            ("opponent", json!({"type": "seek", "x": 1})),
            ("opponent", json!({"type": "challenge", "x": 1})),
            (
                "opponent",
                json!({"type": "computer", "level": "easy", "x": 1}),
            ),
            ("clock", json!({"type": "untimed", "x": 1})),
            (
                "clock",
                json!({"type": "realtime", "initial_ms": 1000, "increment_ms": 0, "x": 1}),
            ),
        ] {
            let mut body = base.clone();
            if path.is_empty() {
                body["x"] = extra["x"].clone();
            } else {
                body[path] = extra;
            }
            cases.push(body);
        }
        for body in cases {
            let e = create(body.clone()).unwrap_err();
            assert!(e.contains("unknown field `x`"), "{body}: {e}");
        }
        let e = serde_json::from_value::<Credentials>(
            json!({"username": "a", "password": "b", "x": 1}),
        )
        .unwrap_err();
        assert!(e.to_string().contains("unknown field `x`"), "{e}");
    }

    #[test]
    fn bad_values_say_what_is_wrong() {
        for (body, error) in [
            (
                json!({"game": "chess", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
                "unknown game 'chess'",
            ),
            (
                json!({"game": "loa", "clock": {"type": "untimed"},
                    "opponent": {"type": "computer", "level": "godlike"}}),
                "unknown level 'godlike'",
            ),
            (
                json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"},
                    "side": "middle"}),
                "unknown variant `middle`",
            ),
            (
                json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"},
                    "options": {"size": [8]}}),
                "an option value",
            ),
        ] {
            let e = create(body.clone()).unwrap_err();
            assert!(e.contains(error), "{body}: {e}");
        }
    }
}

/// `POST /api/lobby/chat`, `POST /api/games/{id}/chat`: a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatPost {
    /// What it says (at most `chat::text::MAX_CHARS` characters).
    pub text: String,
}

/// `GET /api/users?prefix=`: names to suggest.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserSearchQuery {
    /// The start of the name (any case; 1 to 20 characters).
    pub prefix: String,
}

/// `POST /api/mutes`: whom to mute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuteRequest {
    /// The user's name.
    pub user: String,
}

/// `POST /api/notifications/seen`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenRequest {
    /// Those up to this instant (server time, ms) are seen.
    pub until: i64,
}
