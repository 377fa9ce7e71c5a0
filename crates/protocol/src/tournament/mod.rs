//! What the API sends about tournaments (`docs/api.md`, "Tournaments").

pub mod status;

use crate::clock::{ClockControl, Speed};
use crate::ids::{GameId, TournamentId};
use crate::requests::OptionValue;
use crate::user::UserView;
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use status::TournamentStatus;
use std::collections::BTreeMap;

/// A tournament in lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// Id.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Which game.
    pub game: GameKind,
    /// The game's complete options.
    pub options: BTreeMap<String, String>,
    /// The games' clock (real time).
    pub clock: ClockControl,
    /// The clock's speed (the games are rated in it).
    pub speed: Speed,
    /// Who created it.
    pub creator: UserView,
    /// Where it is in its life (at the time of the answer).
    pub status: TournamentStatus,
    /// When it starts.
    pub starts_at: i64,
    /// When it ends (no game starts after).
    pub ends_at: i64,
    /// When it was created.
    pub created_at: i64,
    /// Players who joined (paused ones included).
    pub players: usize,
}

/// A tournament with its standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    /// The tournament.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// Games paired so far.
    pub games: usize,
    /// Every player, best first.
    pub standings: Vec<Standing>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// 1 for the leader (players level on points are told apart by
    /// rating, then by who joined first).
    pub rank: usize,
    /// Who.
    pub user: UserView,
    /// Their rating in the tournament's game and speed, rounded.
    pub rating: i32,
    /// Their points.
    pub points: u32,
    /// The points of each finished game, oldest first (4: a doubled win).
    pub scores: Vec<u32>,
    /// True while their next win counts double (two wins in a row).
    pub fire: bool,
    /// Games won.
    pub wins: u32,
    /// Taking part (false once withdrawn: not paired until they come
    /// back).
    pub active: bool,
    /// The tournament game they are playing, if any.
    pub playing: Option<GameId>,
}

/// `GET /api/tournaments`: the upcoming and running ones, then the latest
/// finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentsView {
    /// Not finished, soonest first.
    pub open: Vec<TournamentSummary>,
    /// Finished, latest first.
    pub finished: Vec<TournamentSummary>,
}

/// The answer of the tournament endpoints that answer one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentAnswer {
    /// The tournament.
    pub tournament: TournamentView,
}

/// `GET /api/games/{id}/tournament`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTournamentView {
    /// The tournament the game was played in, if any.
    pub tournament: Option<TournamentLink>,
}

/// A tournament named for a link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentLink {
    /// Id.
    pub id: TournamentId,
    /// Name.
    pub name: String,
}

/// What a tournament socket sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum TournamentMessage {
    /// The tournament now (at once, then after every change).
    Tournament {
        /// The tournament.
        tournament: TournamentView,
    },
}

/// `POST /api/tournaments`: create an arena tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// Its name (default: the game's title and "arena").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Which game (its name, any case).
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// Any subset of the game's options.
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
    /// The games' clock (real time).
    pub clock: ClockControl,
    /// How long it lasts.
    pub duration_ms: i64,
    /// How long from now until it starts (default: at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_in_ms: Option<i64>,
}
