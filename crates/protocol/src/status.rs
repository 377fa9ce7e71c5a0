//! Where a game is in its life: [`GameStatus`], stored in the summary row
//! and sent in every game summary and state.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A game's status (serialised, and stored, as `waiting`, `live` or
/// `finished`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// A seek or challenge nobody has accepted yet.
    Waiting,
    /// Being played.
    Live,
    /// Over (with a result).
    Finished,
}

impl GameStatus {
    /// Every status, in a game's order.
    pub const ALL: [GameStatus; 3] = [GameStatus::Waiting, GameStatus::Live, GameStatus::Finished];

    /// The status's name, as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Live => "live",
            GameStatus::Finished => "finished",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        GameStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown game status '{s}' (waiting, live or finished)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back_what_they_write() {
        for status in GameStatus::ALL {
            assert_eq!(status.as_str().parse::<GameStatus>(), Ok(status));
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{status}\""));
            assert_eq!(serde_json::from_str::<GameStatus>(&json).unwrap(), status);
        }
        let e = "sleeping".parse::<GameStatus>().unwrap_err();
        assert_eq!(
            e,
            "unknown game status 'sleeping' (waiting, live or finished)"
        );
    }
}
