//! The fixed facts of a game: which game, options, clock, how it was
//! paired, seats; read from and written to the store's summary row (whose
//! columns are text: the conversions, with clear errors, are here).

use crate::store::{GameRow, UserRow};
use gamut_ai::Level;
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::{ClockControl, Speed};
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::{side_in, Seat, UserView};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A user's stored row, read and written.
pub trait UserRecord: Sized {
    /// The user of a stored row (its id checked).
    fn from_row(u: &UserRow) -> Result<Self, String>;
    /// The row storing this user.
    fn to_row(&self) -> UserRow;
}

impl UserRecord for UserView {
    fn from_row(u: &UserRow) -> Result<UserView, String> {
        Ok(UserView {
            id: UserId::parse(&u.id).map_err(|e| e.to_string())?,
            name: u.name.clone(),
            guest: u.guest,
            bot: u.bot,
        })
    }

    fn to_row(&self) -> UserRow {
        UserRow {
            id: self.id.to_string(),
            name: self.name.clone(),
            guest: self.guest,
            bot: self.bot,
        }
    }
}

/// How the players of a game were brought together (stored in the summary
/// row's `kind` column as `computer`, `seek` or `challenge`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pairing {
    /// Against the computer: starts at once.
    Computer,
    /// An open seek, listed in the lobby.
    Seek,
    /// A private challenge: not listed, shared by its link.
    Challenge,
}

impl Pairing {
    /// Every pairing.
    pub const ALL: [Pairing; 3] = [Pairing::Computer, Pairing::Seek, Pairing::Challenge];

    /// The name stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Pairing::Computer => "computer",
            Pairing::Seek => "seek",
            Pairing::Challenge => "challenge",
        }
    }
}

impl fmt::Display for Pairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Pairing {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Pairing::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| format!("unknown pairing '{s}' (computer, seek or challenge)"))
    }
}

/// The fixed facts of a game, read from its summary row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMeta {
    /// Game id.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// Complete options.
    pub options: Vec<(String, String)>,
    /// Start position text, if not the standard start.
    pub start: Option<String>,
    /// Clock control.
    pub clock: ClockControl,
    /// Speed category.
    pub speed: Speed,
    pub rated: bool,
    /// How the players were paired.
    pub pairing: Pairing,
    /// The seats (indexed by [`Player::index`]).
    pub seats: [Option<Seat>; 2],
    /// Creation time.
    pub created_at: i64,
}

impl GameMeta {
    /// Reads a summary row; errors name the game and what is corrupt.
    pub fn from_row(row: &GameRow) -> Result<GameMeta, String> {
        let corrupt = |what: &str, e: &dyn fmt::Display| format!("game {} {what}: {e}", row.id);
        let id = GameId::parse(&row.id).map_err(|e| corrupt("id", &e))?;
        let kind: GameKind = row.game.parse().map_err(|e| corrupt("game", &e))?;
        let options: BTreeMap<String, String> =
            serde_json::from_str(&row.options).map_err(|e| corrupt("options", &e))?;
        let clock: ClockControl =
            serde_json::from_str(&row.clock).map_err(|e| corrupt("clock", &e))?;
        let speed: Speed = row.speed.parse().map_err(|e| corrupt("speed", &e))?;
        let pairing: Pairing = row.kind.parse().map_err(|e| corrupt("kind", &e))?;
        let seat = |s: &Option<String>| -> Result<Option<Seat>, String> {
            s.as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| corrupt("seat", &e))
        };
        Ok(GameMeta {
            id,
            kind,
            options: options.into_iter().collect(),
            start: row.start_text.clone(),
            clock,
            speed,
            rated: row.rated,
            pairing,
            seats: [seat(&row.seats[0])?, seat(&row.seats[1])?],
            created_at: row.created_at,
        })
    }

    /// The summary row of this game when it is created by `creator`, with
    /// `status` and at `version` (no moves, no result yet).
    pub fn new_row(
        &self,
        creator: &UserId,
        status: GameStatus,
        version: i64,
    ) -> Result<GameRow, String> {
        let json = |seat: &Option<Seat>| {
            seat.as_ref()
                .map(serde_json::to_string)
                .transpose()
                .map_err(|e| e.to_string())
        };
        let user =
            |seat: &Option<Seat>| seat.as_ref().and_then(Seat::user_id).map(UserId::to_string);
        Ok(GameRow {
            id: self.id.to_string(),
            game: self.kind.name().to_owned(),
            options: serde_json::to_string(&self.options_map()).map_err(|e| e.to_string())?,
            start_text: self.start.clone(),
            clock: serde_json::to_string(&self.clock).map_err(|e| e.to_string())?,
            speed: self.speed.as_str().to_owned(),
            rated: self.rated,
            kind: self.pairing.as_str().to_owned(),
            status: status.as_str().to_owned(),
            seats: [json(&self.seats[0])?, json(&self.seats[1])?],
            users: [user(&self.seats[0]), user(&self.seats[1])],
            creator: creator.to_string(),
            version,
            moves: 0,
            result: None,
            created_at: self.created_at,
            ended_at: None,
            to_move: None,
            moved_at: None,
            deadline: None,
        })
    }

    /// The side `user` plays, if any.
    pub fn side_of(&self, user: &UserId) -> Option<Player> {
        side_in(&self.seats, user)
    }

    /// Who sits on `side`.
    pub fn seat(&self, side: Player) -> Option<&Seat> {
        self.seats[side.index()].as_ref()
    }

    /// The computer's level on `side`, if the computer plays it.
    pub fn computer_level(&self, side: Player) -> Option<Level> {
        match self.seat(side) {
            Some(Seat::Computer { computer }) => Some(*computer),
            _ => None,
        }
    }

    /// The options as a map (sent and stored as a JSON object).
    pub fn options_map(&self) -> BTreeMap<String, String> {
        options_map(&self.options)
    }
}

/// Option pairs as a map (a JSON object of strings).
pub fn options_map(options: &[(String, String)]) -> BTreeMap<String, String> {
    options.iter().cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        GameRow {
            id: "g1".into(),
            game: "loa".into(),
            options: r#"{"size":"6"}"#.into(),
            start_text: None,
            clock: r#"{"type":"untimed"}"#.into(),
            speed: "correspondence".into(),
            rated: false,
            kind: "computer".into(),
            status: "live".into(),
            seats: [
                Some(r#"{"user":{"id":"u1","name":"alice","guest":false},"rating":1500}"#.into()),
                Some(r#"{"computer":"easy"}"#.into()),
            ],
            users: [Some("u1".into()), None],
            creator: "u1".into(),
            version: 1,
            moves: 0,
            result: None,
            created_at: 7,
            ended_at: None,
            to_move: None,
            moved_at: None,
            deadline: None,
        }
    }

    #[test]
    fn a_row_reads_into_types_and_back() {
        let meta = GameMeta::from_row(&row()).unwrap();
        assert_eq!(meta.kind, GameKind::Loa);
        assert_eq!(meta.speed, Speed::Correspondence);
        assert_eq!(meta.pairing, Pairing::Computer);
        let alice = UserId::parse("u1").unwrap();
        assert_eq!(meta.side_of(&alice), Some(Player::First));
        assert_eq!(meta.computer_level(Player::Second), Some(Level::Easy));
        assert_eq!(meta.computer_level(Player::First), None);
        let creator = alice.clone();
        let back = meta.new_row(&creator, GameStatus::Live, 1).unwrap();
        assert_eq!(back, row());
    }

    #[test]
    fn a_guest_seat_carries_no_rating() {
        let guest = UserView {
            id: UserId::parse("u1").unwrap(),
            name: "guest-1".into(),
            guest: true,
            bot: false,
        };
        let seat = Seat::person(guest.clone(), 1500);
        let json = serde_json::to_string(&seat).unwrap();
        assert_eq!(
            json,
            r#"{"user":{"id":"u1","name":"guest-1","guest":true}}"#
        );
        assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), seat);
        // Stored before guests' seats left the rating out.
        let old = r#"{"user":{"id":"u1","name":"guest-1","guest":true},"rating":1500}"#;
        assert_eq!(serde_json::from_str::<Seat>(old).unwrap(), seat);
        let person = Seat::person(
            UserView {
                guest: false,
                ..guest
            },
            1612,
        );
        let json = serde_json::to_string(&person).unwrap();
        assert!(json.ends_with(r#""rating":1612}"#), "{json}");
        assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), person);
        let computer = r#"{"computer":"easy"}"#;
        let seat: Seat = serde_json::from_str(computer).unwrap();
        assert_eq!(serde_json::to_string(&seat).unwrap(), computer);
    }

    #[test]
    fn corrupt_rows_are_errors_naming_the_column() {
        for (change, column) in [
            (
                (|r: &mut GameRow| r.game = "chess".into()) as fn(&mut GameRow),
                "game",
            ),
            (|r| r.speed = "ludicrous".into(), "speed"),
            (|r| r.kind = "tournament".into(), "kind"),
            (|r| r.clock = r#"{"type":"sundial"}"#.into(), "clock"),
            (|r| r.options = "not json".into(), "options"),
            (
                |r| r.seats[1] = Some(r#"{"computer":"godlike"}"#.into()),
                "seat",
            ),
            (|r| r.seats[0] = Some(r#"{"user":5}"#.into()), "seat"),
            (|r| r.id = "../x".into(), "id"),
        ] {
            let mut r = row();
            change(&mut r);
            let e = GameMeta::from_row(&r).unwrap_err();
            assert!(e.contains(&format!(" {column}: ")), "{column}: {e}");
        }
    }
}
