//! The fixed facts of a game: which game, options, clock, seats.

use crate::clock::ClockControl;
use crate::store::{GameRow, UserRow};
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A user as shown to clients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// A guest.
    pub guest: bool,
}

impl From<&UserRow> for UserView {
    fn from(u: &UserRow) -> Self {
        UserView {
            id: u.id.clone(),
            name: u.name.clone(),
            guest: u.guest,
        }
    }
}

/// Who sits on one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Seat {
    /// A person, with their rating at the start.
    Human {
        /// The person.
        user: UserView,
        /// Rating for this game and speed when seated (rounded).
        rating: i64,
    },
    /// The computer at a level.
    Computer {
        /// The level's name.
        computer: String,
    },
}

impl Seat {
    /// The user id, for a person.
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Seat::Human { user, .. } => Some(&user.id),
            Seat::Computer { .. } => None,
        }
    }

    /// A name for records.
    pub fn display_name(&self) -> String {
        match self {
            Seat::Human { user, .. } => user.name.clone(),
            Seat::Computer { computer } => format!("computer ({computer})"),
        }
    }
}

/// The fixed facts of a game, read from its summary row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMeta {
    /// Game id.
    pub id: String,
    /// Which game.
    pub kind: GameKind,
    /// Complete options.
    pub options: Vec<(String, String)>,
    /// Start position text, if not the standard start.
    pub start: Option<String>,
    /// Clock control.
    pub clock: ClockControl,
    /// Speed category.
    pub speed: String,
    /// Rated.
    pub rated: bool,
    /// `computer`, `seek` or `challenge`.
    pub kind_of_game: String,
    /// The seats.
    pub seats: [Option<Seat>; 2],
    /// Creation time.
    pub created_at: i64,
}

impl GameMeta {
    /// Reads a summary row; errors name what is corrupt.
    pub fn from_row(row: &GameRow) -> Result<GameMeta, String> {
        let kind: GameKind = row
            .game
            .parse()
            .map_err(|e| format!("game {}: {e}", row.id))?;
        let options: BTreeMap<String, String> = serde_json::from_str(&row.options)
            .map_err(|e| format!("game {} options: {e}", row.id))?;
        let clock: ClockControl =
            serde_json::from_str(&row.clock).map_err(|e| format!("game {} clock: {e}", row.id))?;
        let seat = |s: &Option<String>| -> Result<Option<Seat>, String> {
            s.as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| format!("game {} seat: {e}", row.id))
        };
        Ok(GameMeta {
            id: row.id.clone(),
            kind,
            options: options.into_iter().collect(),
            start: row.start_text.clone(),
            clock,
            speed: row.speed.clone(),
            rated: row.rated,
            kind_of_game: row.kind.clone(),
            seats: [seat(&row.seats[0])?, seat(&row.seats[1])?],
            created_at: row.created_at,
        })
    }

    /// The side `user_id` plays, if any.
    pub fn side_of(&self, user_id: &str) -> Option<usize> {
        (0..2).find(|&i| self.seats[i].as_ref().and_then(Seat::user_id) == Some(user_id))
    }

    /// The computer's level on `side`, if the computer plays it.
    pub fn computer_level(&self, side: usize) -> Option<gamut_ai::Level> {
        match &self.seats[side] {
            Some(Seat::Computer { computer }) => computer.parse().ok(),
            _ => None,
        }
    }

    /// The value of option `key`.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Options as a JSON object.
    pub fn options_json(&self) -> serde_json::Value {
        options_json(&self.options)
    }
}

/// Option pairs as a JSON object.
pub fn options_json(options: &[(String, String)]) -> serde_json::Value {
    serde_json::Value::Object(
        options
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect(),
    )
}
