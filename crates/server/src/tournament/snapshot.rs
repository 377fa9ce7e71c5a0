//! A tournament as read from the store: its fixed facts, its players and
//! its games, and what follows from them (each player's record, the
//! standings, who waits for a game). Everything is rebuilt from the stored
//! rows, so a restart loses nothing.

use super::pairing::Waiting;
use super::standings::{
    no_show as no_show_of, records, GameOutcome, RankKey, Record, TournamentGame,
};
use crate::rating;
use crate::store::{EntrantRow, Store, TournamentGameRow, TournamentRow};
use gamut_core::EndReason;
use gamut_games::GameKind;
use gamut_protocol::clock::{ClockControl, Speed};
use gamut_protocol::game::ResultView;
use gamut_protocol::ids::{GameId, TournamentId, UserId};
use gamut_protocol::status::GameStatus;
use gamut_protocol::tournament::status::TournamentStatus;
use gamut_protocol::tournament::{Standing, TournamentSummary, TournamentView};
use gamut_protocol::user::UserView;
use std::collections::{BTreeMap, HashMap};

/// How long a paired game may take to be stored: until then its players
/// count as playing it (a pairing whose game never came is void after).
pub const PENDING_MS: i64 = 30_000;

/// A tournament's fixed facts.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub id: TournamentId,
    pub name: String,
    /// Who created it.
    pub creator: UserView,
    /// Which game.
    pub kind: GameKind,
    /// The game's complete options.
    pub options: BTreeMap<String, String>,
    /// The games' clock.
    pub clock: ClockControl,
    /// Its speed.
    pub speed: Speed,
    pub starts_at: i64,
    pub ends_at: i64,
    /// The status as last stored.
    pub stored_status: TournamentStatus,
    /// Creation time.
    pub created_at: i64,
}

impl Tournament {
    /// Reads a stored tournament.
    pub fn from_row(row: &TournamentRow) -> Result<Tournament, String> {
        let corrupt =
            |what: &str, e: &dyn std::fmt::Display| format!("tournament {} {what}: {e}", row.id);
        let clock: ClockControl =
            serde_json::from_str(&row.clock).map_err(|e| corrupt("clock", &e))?;
        Ok(Tournament {
            id: TournamentId::parse(&row.id).map_err(|e| corrupt("id", &e))?,
            name: row.name.clone(),
            creator: serde_json::from_str(&row.creator).map_err(|e| corrupt("creator", &e))?,
            kind: row.game.parse().map_err(|e| corrupt("game", &e))?,
            options: serde_json::from_str(&row.options).map_err(|e| corrupt("options", &e))?,
            speed: clock.speed(),
            clock,
            starts_at: row.starts_at,
            ends_at: row.ends_at,
            stored_status: row.status.parse().map_err(|e| corrupt("status", &e))?,
            created_at: row.created_at,
        })
    }

    /// The row that stores it.
    pub fn to_row(&self) -> Result<TournamentRow, String> {
        Ok(TournamentRow {
            id: self.id.to_string(),
            name: self.name.clone(),
            creator: json(&self.creator)?,
            creator_id: self.creator.id.to_string(),
            game: self.kind.name().to_owned(),
            options: json(&self.options)?,
            clock: json(&self.clock)?,
            speed: self.speed.as_str().to_owned(),
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            status: self.stored_status.as_str().to_owned(),
            created_at: self.created_at,
        })
    }

    /// Its summary at `now`, with `players` and some games being played
    /// (`games_live`) or not.
    pub fn summary(&self, now: i64, players: usize, games_live: bool) -> TournamentSummary {
        TournamentSummary {
            id: self.id.clone(),
            name: self.name.clone(),
            game: self.kind,
            options: self.options.clone(),
            clock: self.clock,
            speed: self.speed,
            creator: self.creator.clone(),
            status: TournamentStatus::at(now, self.starts_at, self.ends_at, games_live),
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            created_at: self.created_at,
            players,
        }
    }

    /// The options as pairs (as games take them).
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
}

/// `value` as JSON text.
fn json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

/// A tournament's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub user: UserView,
    /// Their rating in the tournament's game and speed, rounded.
    pub rating: i32,
    /// Taking part (not paused).
    pub active: bool,
    /// When they joined.
    pub joined_at: i64,
    /// Games they were paired in (the claim counter of
    /// [`Store::claim_pairing`]).
    pub pairings: i64,
}

impl Entrant {
    fn from_row(row: &EntrantRow) -> Result<Entrant, String> {
        let user: UserView = serde_json::from_str(&row.user_view)
            .map_err(|e| format!("tournament player {}: {e}", row.user_id))?;
        let rating = row.rating.unwrap_or_else(|| rating::initial().rating);
        Ok(Entrant {
            user,
            rating: rating.round() as i32,
            active: match row.state.as_str() {
                "active" => true,
                "paused" => false,
                other => return Err(format!("tournament player state '{other}'")),
            },
            joined_at: row.joined_at,
            pairings: row.pairings,
        })
    }
}

/// A tournament with its players and games, as stored now.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players, in the order they joined.
    pub entrants: Vec<Entrant>,
    /// Its games, in the order they were paired.
    pub games: Vec<TournamentGame>,
    /// Each player's record (players without games have none).
    records: HashMap<UserId, Record>,
}

/// No games yet.
static NO_RECORD: std::sync::LazyLock<Record> = std::sync::LazyLock::new(Record::default);

impl Snapshot {
    /// Reads tournament `row` with its players and games at `now`.
    pub async fn load(store: &Store, row: &TournamentRow, now: i64) -> anyhow::Result<Snapshot> {
        let tournament = Tournament::from_row(row).map_err(anyhow::Error::msg)?;
        let entrants = store
            .entrants(&row.id, &row.game, tournament.speed.as_str())
            .await?
            .iter()
            .map(Entrant::from_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(anyhow::Error::msg)?;
        let games = store
            .tournament_games(&row.id)
            .await?
            .iter()
            .map(|g| game_of(g, now))
            .collect::<Result<Vec<_>, _>>()
            .map_err(anyhow::Error::msg)?;
        Ok(Snapshot::new(tournament, entrants, games))
    }

    /// The snapshot of `tournament` with `entrants` and `games`.
    pub fn new(
        tournament: Tournament,
        entrants: Vec<Entrant>,
        games: Vec<TournamentGame>,
    ) -> Snapshot {
        let records = records(&games);
        Snapshot {
            tournament,
            entrants,
            games,
            records,
        }
    }

    /// A player's record.
    pub fn record(&self, user: &UserId) -> &Record {
        self.records.get(user).unwrap_or(&NO_RECORD)
    }

    /// True if some of its games are being played (or created).
    pub fn games_live(&self) -> bool {
        self.games
            .iter()
            .any(|g| matches!(g.outcome, GameOutcome::Live | GameOutcome::Pending))
    }

    /// Its status at `now`.
    pub fn status(&self, now: i64) -> TournamentStatus {
        let t = &self.tournament;
        TournamentStatus::at(now, t.starts_at, t.ends_at, self.games_live())
    }

    /// The entrant `user`, if they joined.
    pub fn entrant(&self, user: &UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| &e.user.id == user)
    }

    fn rank_key(&self, entrant: &Entrant) -> RankKey {
        let points = self.record(&entrant.user.id).sheet.points;
        RankKey::new(points, entrant.rating, entrant.joined_at)
    }

    /// The active players not playing a game of the tournament.
    pub fn waiting(&self) -> Vec<Waiting<'_>> {
        self.entrants
            .iter()
            .filter(|e| e.active)
            .map(|e| (e, self.record(&e.user.id)))
            .filter(|(_, record)| record.playing.is_none() && !record.pending)
            .map(|(e, record)| Waiting {
                user: &e.user.id,
                rank: self.rank_key(e),
                record,
            })
            .collect()
    }

    /// Its summary at `now`.
    pub fn summary(&self, now: i64) -> TournamentSummary {
        self.tournament
            .summary(now, self.entrants.len(), self.games_live())
    }

    /// Its view with the standings at `now`.
    pub fn view(&self, now: i64) -> TournamentView {
        let mut ranked: Vec<&Entrant> = self.entrants.iter().collect();
        ranked.sort_by_key(|e| self.rank_key(e));
        let standings = ranked
            .into_iter()
            .enumerate()
            .map(|(i, e)| {
                let record = self.record(&e.user.id);
                Standing {
                    rank: i + 1,
                    user: e.user.clone(),
                    rating: e.rating,
                    points: record.sheet.points,
                    scores: record.sheet.scores.clone(),
                    fire: record.sheet.on_fire(),
                    wins: record.sheet.wins,
                    active: e.active,
                    playing: record.playing.clone(),
                }
            })
            .collect();
        TournamentView {
            summary: self.summary(now),
            games: self.games.len(),
            standings,
        }
    }
}

/// A stored tournament game as the standings see it at `now`.
fn game_of(row: &TournamentGameRow, now: i64) -> Result<TournamentGame, String> {
    let corrupt = |what: &str, e: &dyn std::fmt::Display| {
        format!("tournament game {} {what}: {e}", row.game_id)
    };
    let user = |id: &str| UserId::parse(id).map_err(|e| corrupt("player", &e));
    let status = row
        .status
        .as_deref()
        .map(str::parse::<GameStatus>)
        .transpose()
        .map_err(|e| corrupt("status", &e))?;
    let mut no_show = None;
    let outcome = match status {
        Some(GameStatus::Finished) => {
            let result: Option<ResultView> = row
                .result
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| corrupt("result", &e))?;
            match result {
                Some(r) if r.reason != EndReason::Aborted => {
                    let on_time = r.reason == EndReason::Timeout;
                    no_show = no_show_of(r.winner, on_time, row.moves.unwrap_or(0));
                    GameOutcome::Over(r.winner)
                }
                _ => GameOutcome::Aborted,
            }
        }
        Some(GameStatus::Live | GameStatus::Waiting) => GameOutcome::Live,
        None if now - row.created_at < PENDING_MS => GameOutcome::Pending,
        None => GameOutcome::Aborted,
    };
    Ok(TournamentGame {
        id: GameId::parse(&row.game_id).map_err(|e| corrupt("id", &e))?,
        players: [user(&row.user0)?, user(&row.user1)?],
        outcome,
        no_show,
    })
}
