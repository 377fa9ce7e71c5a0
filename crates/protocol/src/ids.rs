//! Identifiers ([`GameId`], [`UserId`], [`TournamentId`]: opaque strings
//! of letters and digits, checked wherever they come from) and the clock
//! every time on the wire is read on ([`now_ms`]).
//!
//! A seek or a challenge is a waiting game: it is named by its [`GameId`].

use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch: the unit of every time on the wire.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// True if `id` has the shape of an id: 1 to 64 ASCII letters and digits
/// (guards database look-ups).
pub fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A text that is not an id (see [`is_id`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} '{text:.64}' is not an id (1 to 64 letters and digits)")]
pub struct IdError {
    /// What kind of id was expected (`game id`, `user id`).
    pub what: &'static str,
    /// The text given.
    pub text: String,
}

/// Declares an id type: a checked string (serialised as the string).
macro_rules! id_type {
    ($(#[doc = $doc:literal])* $name:ident, $what:literal) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Checks that `text` is an id.
            pub fn parse(text: &str) -> Result<Self, IdError> {
                if is_id(text) {
                    Ok($name(text.to_owned()))
                } else {
                    Err(IdError {
                        what: $what,
                        text: text.to_owned(),
                    })
                }
            }

            /// The id's text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl FromStr for $name {
            type Err = IdError;
            fn from_str(text: &str) -> Result<Self, IdError> {
                $name::parse(text)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                $name::parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

id_type!(
    /// A game's id (also the id of a seek or challenge: a waiting game).
    GameId,
    "game id"
);

id_type!(
    /// A user's id (guest or registered).
    UserId,
    "user id"
);

id_type!(
    /// A tournament's id.
    TournamentId,
    "tournament id"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_everywhere_they_are_read() {
        let id = GameId::parse("abc123").unwrap();
        assert_eq!(id.to_string().parse::<GameId>(), Ok(id.clone()));
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, "\"abc123\"");
        assert_eq!(serde_json::from_str::<GameId>(&json).unwrap(), id);
        for bad in ["", "../etc", "a b", &"x".repeat(65)] {
            let e = UserId::parse(bad).unwrap_err();
            assert!(e.to_string().starts_with("user id '"), "{e}");
            let quoted = serde_json::to_string(bad).unwrap();
            assert!(serde_json::from_str::<UserId>(&quoted).is_err(), "{bad}");
        }
    }
}
