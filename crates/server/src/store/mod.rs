//! Persistence: one schema in `SQLite` (embedded, WAL, `synchronous=FULL`) or
//! `PostgreSQL`, reached through sqlx's `Any` driver. The migrations in
//! `crates/server/migrations/` run at start (see `migrate`).
//!
//! Every game change is one row of `game_events` (primary key: game and
//! version) written in the same transaction as the game's summary row and
//! its snapshot (one row per game in `game_snapshots`: its state as of a
//! version, so loading it replays only the events after that), so a stored
//! event is never lost and two writers can never both store the same
//! version. Game events are written by one task per database, which stores
//! many games' events in one transaction (`writer`: group commit); on
//! `PostgreSQL` the notification of each event to the other server
//! processes is part of that transaction.
//!
//! Rows are decoded by column name into the records of `records`, which
//! check what the schema cannot (0/1 flags) so that bad contents give an
//! error naming the column, never a panic. The queries live by concern:
//! `users` (users and sessions), `bots` (bot accounts), `games` (games and their events),
//! `ratings`, `puzzles` and `processes` (the server processes sharing the
//! database).

mod bots;
pub mod caps;
mod chat;
mod games;
pub use games::{Joiner, NewGame};
mod lessons;
mod migrate;
pub(crate) mod notice;
mod notifications;
mod processes;
mod puzzles;
pub use puzzles::{PuzzlePlayerRow, PuzzleRated, PuzzleTryRow};
mod ratings;
mod records;
mod reviews;
mod tournaments;
pub use tournaments::{
    EntrantRow, PairingClaim, TournamentGameRow, TournamentListing, TournamentRow,
};
mod users;
mod writer;

use crate::ids::random_token;
use anyhow::Context;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};
use std::path::Path;
use std::sync::Arc;
use writer::Writer;

/// Which database a [`Store`] is on (a few statements differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    /// Embedded `SQLite`.
    Sqlite,
    Postgres,
}

/// A user as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    pub id: String,
    /// Display name.
    pub name: String,
    /// A guest (no password).
    pub guest: bool,
    /// A bot (plays through an API token: [`crate::bots`]).
    pub bot: bool,
}

/// A bot account as listed for its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRow {
    /// The bot's user.
    pub user: UserRow,
    /// When it was made (epoch ms).
    pub created_at: i64,
}

/// What became of a guest who signs up ([`Store::register_guest`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuestSignUp {
    /// The guest is now a registered user, under a new session token.
    Registered,
    /// The name is taken: nothing changed.
    NameTaken,
    /// The user is no longer a guest (registered meanwhile): nothing
    /// changed.
    NotAGuest,
}

/// A game's summary row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    /// Game name (`loa`).
    pub game: String,
    /// Options as a JSON object of strings.
    pub options: String,
    /// Start position text, if not the standard start.
    pub start_text: Option<String>,
    /// Clock control as JSON.
    pub clock: String,
    /// Speed category.
    pub speed: String,
    /// Rated game.
    pub rated: bool,
    /// `computer`, `seek` or `challenge`.
    pub kind: String,
    /// `waiting`, `live` or `finished`.
    pub status: String,
    /// The two seats as JSON (`None`: empty).
    pub seats: [Option<String>; 2],
    /// The user ids in the seats (for look-ups).
    pub users: [Option<String>; 2],
    /// Who created it.
    pub creator: String,
    /// Latest event version.
    pub version: i64,
    /// Plies played.
    pub moves: i64,
    /// Result as JSON, once finished.
    pub result: Option<String>,
    /// Creation time.
    pub created_at: i64,
    /// End time.
    pub ended_at: Option<i64>,
    /// The side to move (0/1), when known: live and not placing hidden.
    pub to_move: Option<i64>,
    /// When the last move was played.
    pub moved_at: Option<i64>,
    /// When the time of the side to act runs out, while a clock runs.
    pub deadline: Option<i64>,
}

/// A chat message as stored (its room aside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    pub id: String,
    /// Who wrote it.
    pub user: UserRow,
    pub at: i64,
    /// What it says.
    pub text: String,
}

/// A notification as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotificationRow {
    pub id: String,
    /// Whom it is for.
    pub user_id: String,
    /// What happened (`NotificationKind`'s name).
    pub kind: String,
    /// The game it is about.
    pub game_id: Option<String>,
    /// Who caused it.
    pub from: Option<UserRow>,
    /// For a rematch offer: the finished game it follows.
    pub after_game: Option<String>,
    /// For a turn by days per move: when the user's time runs out.
    pub deadline: Option<i64>,
    pub at: i64,
    /// Seen already.
    pub seen: bool,
}

/// One stored event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    /// Version (1, 2, ...).
    pub version: i64,
    /// When it happened.
    pub at: i64,
    /// The event as JSON.
    pub payload: String,
}

/// The changes to a game's summary row that go with a new event.
#[derive(Clone, Debug, PartialEq)]
pub struct GameUpdate {
    /// The new status, if it changed since the version the events follow
    /// (`None`: as stored; leaving it out spares the three indexes on the
    /// status a rewrite with every move).
    pub status: Option<String>,
    /// Plies played.
    pub moves: i64,
    /// Result JSON, once finished.
    pub result: Option<String>,
    /// End time, once finished.
    pub ended_at: Option<i64>,
    /// The side to move (0/1), when known: live and not placing hidden.
    pub to_move: Option<i64>,
    /// When the time of the side to act runs out, while a clock runs.
    pub deadline: Option<i64>,
    /// The game's state after the event, as the game's snapshot (`None`:
    /// keep the stored one).
    pub snapshot: Option<String>,
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// A rating change to store with an event.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    pub user_id: String,
    /// Game name.
    pub game: String,
    pub speed: String,
    /// The new rating.
    pub rating: RatingRow,
}

/// One point of a rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub speed: String,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When (the game's end).
    pub at: i64,
}

/// A user's results in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResults {
    /// Game name.
    pub game: String,
    /// Games won.
    pub wins: i64,
    /// Games drawn.
    pub draws: i64,
    /// Games lost.
    pub losses: i64,
}

/// Filters for listing games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Status wanted.
    pub status: Option<String>,
    /// Only games with this user in a seat.
    pub user_id: Option<String>,
    /// Only this game.
    pub game: Option<String>,
    /// Only `seek`s (the lobby) or other kinds.
    pub kind: Option<String>,
    /// Created before this instant.
    pub before: Option<i64>,
    /// At most this many.
    pub limit: i64,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    /// Reads, and the writes other than game events.
    pool: AnyPool,
    /// The writer of game events (group commit).
    writer: Writer,
    /// Which database.
    backend: Backend,
    /// This process's id among those sharing the database.
    origin: Arc<str>,
}

/// Why an event could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    /// Another writer stored that version first.
    #[error("the game changed meanwhile")]
    Conflict,
    /// The database failed.
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl Store {
    /// Opens `SQLite` in `data_dir` (created if missing) or `PostgreSQL` at
    /// `database_url`, and runs the migrations.
    pub async fn open(data_dir: &Path, database_url: Option<&str>) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        let (pool, backend) = match database_url {
            Some(url) => {
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    anyhow::bail!("--database must be a postgres:// URL");
                }
                // Ten for reads and other writes, one for the event writer.
                let pool = AnyPoolOptions::new()
                    .max_connections(11)
                    .connect(url)
                    .await
                    .context("connecting to PostgreSQL")?;
                (pool, Backend::Postgres)
            }
            None => {
                std::fs::create_dir_all(data_dir)
                    .with_context(|| format!("creating {}", data_dir.display()))?;
                let file = data_dir.join("gamut.sqlite3");
                let url = format!("sqlite://{}?mode=rwc", file.display());
                // Four readers (WAL lets them read during a write) and the
                // event writer. A connection to a file in this process
                // cannot drop: no round trip to the worker thread to test
                // it before each use (sqlx's default, a tenth of a move's
                // database work, issue 24).
                let pool = AnyPoolOptions::new()
                    .max_connections(5)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA journal_mode=WAL").await?;
                            conn.execute("PRAGMA synchronous=FULL").await?;
                            conn.execute("PRAGMA busy_timeout=5000").await?;
                            Ok(())
                        })
                    })
                    .connect(&url)
                    .await
                    .with_context(|| format!("opening {}", file.display()))?;
                (pool, Backend::Sqlite)
            }
        };
        migrate::run(&pool, backend)
            .await
            .context("migrating the database")?;
        let origin: Arc<str> = random_token(16).into();
        Ok(Store {
            writer: Writer::start(pool.clone(), backend, origin.clone()),
            pool,
            backend,
            origin,
        })
    }

    /// This process's id among the server processes sharing the database
    /// (the sender of its notifications on `PostgreSQL`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// True if other server processes sharing the database hear of its
    /// changes (`PostgreSQL`'s notifications, through the bus). Two
    /// processes may share a `SQLite` file too, but hear nothing of each
    /// other: they read the stored version before acting.
    pub fn shared(&self) -> bool {
        self.backend == Backend::Postgres
    }
}
