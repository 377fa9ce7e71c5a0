//! Persistence: one schema in SQLite (embedded, WAL, `synchronous=FULL`) or
//! PostgreSQL, reached through sqlx's `Any` driver. Migrations run at start.
//!
//! Every game change is one row of `game_events` (primary key: game and
//! version) written in the same transaction as the game's summary row, so a
//! stored event is never lost and two writers can never both store the same
//! version.

use crate::ids::now_ms;
use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use std::path::Path;

/// The migrations, in order: (version, SQL).
const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../migrations/0001_init.sql")),
    (2, include_str!("../migrations/0002_session_last_use.sql")),
];

/// A user as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// A guest (no password).
    pub guest: bool,
}

/// A game's summary row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Id.
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
    /// New status.
    pub status: String,
    /// Plies played.
    pub moves: i64,
    /// Result JSON, once finished.
    pub result: Option<String>,
    /// End time, once finished.
    pub ended_at: Option<i64>,
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    /// Rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// A rating change to store with an event.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// Whose.
    pub user_id: String,
    /// Game name.
    pub game: String,
    /// Speed.
    pub speed: String,
    /// The new rating.
    pub rating: RatingRow,
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
    pool: AnyPool,
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

const GAME_COLUMNS: &str = "id, game, options, start_text, clock, speed, rated, kind, status, seat0, seat1, user0, user1, creator, version, moves, result, created_at, ended_at";

impl Store {
    /// Opens SQLite in `data_dir` (created if missing) or PostgreSQL at
    /// `database_url`, and runs the migrations.
    pub async fn open(data_dir: &Path, database_url: Option<&str>) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        let pool = match database_url {
            Some(url) => {
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    anyhow::bail!("--database must be a postgres:// URL");
                }
                AnyPoolOptions::new()
                    .max_connections(10)
                    .connect(url)
                    .await
                    .context("connecting to PostgreSQL")?
            }
            None => {
                std::fs::create_dir_all(data_dir)
                    .with_context(|| format!("creating {}", data_dir.display()))?;
                let file = data_dir.join("gamut.sqlite3");
                let url = format!("sqlite://{}?mode=rwc", file.display());
                AnyPoolOptions::new()
                    .max_connections(4)
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
                    .with_context(|| format!("opening {}", file.display()))?
            }
        };
        let store = Store { pool };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> anyhow::Result<()> {
        self.pool
            .execute("CREATE TABLE IF NOT EXISTS gamut_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)")
            .await?;
        for &(version, sql) in MIGRATIONS {
            let done: Option<AnyRow> =
                sqlx::query("SELECT version FROM gamut_migrations WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&self.pool)
                    .await?;
            if done.is_some() {
                continue;
            }
            let mut tx = self.pool.begin().await?;
            let without_comments: String = sql
                .lines()
                .filter(|l| !l.trim_start().starts_with("--"))
                .collect::<Vec<_>>()
                .join("\n");
            for statement in without_comments
                .split(';')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                tx.execute(statement)
                    .await
                    .with_context(|| format!("migration {version}"))?;
            }
            sqlx::query("INSERT INTO gamut_migrations (version, applied_at) VALUES ($1, $2)")
                .bind(version)
                .bind(now_ms())
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    // ---- users and sessions ----

    /// Stores a new user; `Ok(false)` if the name is taken.
    pub async fn create_user(
        &self,
        user: &UserRow,
        password_hash: Option<&str>,
    ) -> Result<bool, sqlx::Error> {
        let result = sqlx::query(
            "INSERT INTO users (id, name, name_key, password_hash, guest, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&user.id)
        .bind(&user.name)
        .bind(user.name.to_lowercase())
        .bind(password_hash.map(str::to_owned))
        .bind(i64::from(user.guest))
        .bind(now_ms())
        .execute(&self.pool)
        .await;
        match result {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// A user and password hash by name (ignoring case).
    pub async fn user_by_name(
        &self,
        name: &str,
    ) -> Result<Option<(UserRow, Option<String>)>, sqlx::Error> {
        let row =
            sqlx::query("SELECT id, name, guest, password_hash FROM users WHERE name_key = $1")
                .bind(name.to_lowercase())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| Ok((user_from(&r)?, r.try_get::<Option<String>, _>(3)?)))
            .transpose()
    }

    /// A user by id.
    pub async fn user_by_id(&self, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
        let row = sqlx::query("SELECT id, name, guest FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| user_from(&r)).transpose()
    }

    /// Stores a session, created and last used at `now`.
    pub async fn create_session(
        &self,
        token: &str,
        user_id: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO sessions (token, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token)
        .bind(user_id)
        .bind(now)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The user of a session and when the session was last used (expired
    /// or not).
    pub async fn session(&self, token: &str) -> Result<Option<(UserRow, i64)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.guest, s.last_used_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((user_from(&r)?, r.try_get(3)?))).transpose()
    }

    /// Records that a session was used at `now` (never moving its last use
    /// back).
    pub async fn touch_session(&self, token: &str, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE token = $2 AND last_used_at < $3")
            .bind(now)
            .bind(token)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Deletes every session last used before `cutoff`; how many.
    pub async fn delete_sessions_used_before(&self, cutoff: i64) -> Result<u64, sqlx::Error> {
        let result = sqlx::query("DELETE FROM sessions WHERE last_used_at < $1")
            .bind(cutoff)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }

    /// Ends a session.
    pub async fn delete_session(&self, token: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    // ---- games ----

    /// Stores a new game, with its first event if it starts at once.
    pub async fn insert_game(
        &self,
        game: &GameRow,
        first_event: Option<&EventRow>,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(&format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)"
        ))
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(game.start_text.clone())
        .bind(&game.clock)
        .bind(&game.speed)
        .bind(i64::from(game.rated))
        .bind(&game.kind)
        .bind(&game.status)
        .bind(game.seats[0].clone())
        .bind(game.seats[1].clone())
        .bind(game.users[0].clone())
        .bind(game.users[1].clone())
        .bind(&game.creator)
        .bind(game.version)
        .bind(game.moves)
        .bind(game.result.clone())
        .bind(game.created_at)
        .bind(game.ended_at)
        .execute(&mut *tx)
        .await?;
        if let Some(event) = first_event {
            insert_event(&mut tx, &game.id, event).await?;
        }
        tx.commit().await
    }

    /// A game's summary row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| game_from(&r)).transpose()
    }

    /// A game's latest event version.
    pub async fn game_version(&self, id: &str) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get(0)).transpose()
    }

    /// A game's events, oldest first.
    pub async fn events(&self, id: &str) -> Result<Vec<EventRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT version, at, payload FROM game_events WHERE game_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    version: r.try_get(0)?,
                    at: r.try_get(1)?,
                    payload: r.try_get(2)?,
                })
            })
            .collect()
    }

    /// Stores `event` (whose version must be the game's version + 1) with
    /// the summary changes and rating changes, in one transaction.
    pub async fn append_event(
        &self,
        game_id: &str,
        event: &EventRow,
        update: &GameUpdate,
        ratings: &[RatingUpdate],
    ) -> Result<(), AppendError> {
        let mut tx = self.pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE games SET version = $1, status = $2, moves = $3, result = $4, ended_at = $5 WHERE id = $6 AND version = $7",
        )
        .bind(event.version)
        .bind(&update.status)
        .bind(update.moves)
        .bind(update.result.clone())
        .bind(update.ended_at)
        .bind(game_id)
        .bind(event.version - 1)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed != 1 {
            return Err(AppendError::Conflict);
        }
        match insert_event(&mut tx, game_id, event).await {
            Ok(()) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(AppendError::Conflict)
            }
            Err(e) => return Err(e.into()),
        }
        for r in ratings {
            sqlx::query("DELETE FROM ratings WHERE user_id = $1 AND game = $2 AND speed = $3")
                .bind(&r.user_id)
                .bind(&r.game)
                .bind(&r.speed)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO ratings (user_id, game, speed, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&r.user_id)
            .bind(&r.game)
            .bind(&r.speed)
            .bind(r.rating.rating)
            .bind(r.rating.deviation)
            .bind(r.rating.volatility)
            .bind(r.rating.games)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Seats a player in a waiting game and starts it with `started`
    /// (version 1). `Ok(false)` if the game was not waiting or the seat was
    /// taken.
    pub async fn join_game(
        &self,
        game_id: &str,
        seat: usize,
        seat_json: &str,
        user_id: &str,
        started: &EventRow,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let (seat_col, user_col) = if seat == 0 {
            ("seat0", "user0")
        } else {
            ("seat1", "user1")
        };
        let changed = sqlx::query(&format!(
            "UPDATE games SET {seat_col} = $1, {user_col} = $2, status = 'live', version = 1 WHERE id = $3 AND status = 'waiting' AND {seat_col} IS NULL AND version = 0"
        ))
        .bind(seat_json)
        .bind(user_id)
        .bind(game_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed != 1 {
            return Ok(false);
        }
        insert_event(&mut tx, game_id, started).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes a waiting game created by `user_id`; `Ok(false)` if none.
    pub async fn cancel_waiting(&self, game_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
        let n =
            sqlx::query("DELETE FROM games WHERE id = $1 AND creator = $2 AND status = 'waiting'")
                .bind(game_id)
                .bind(user_id)
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(n == 1)
    }

    /// Games matching `filter`, newest first.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, sqlx::Error> {
        let mut sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE 1 = 1");
        let mut binds: Vec<String> = Vec::new();
        let mut add = |sql: &mut String, clause: &str, value: String| {
            binds.push(value);
            sql.push_str(&clause.replace('?', &format!("${}", binds.len())));
        };
        if let Some(s) = &filter.status {
            add(&mut sql, " AND status = ?", s.clone());
        }
        if let Some(u) = &filter.user_id {
            add(&mut sql, " AND (user0 = ?", u.clone());
            add(&mut sql, " OR user1 = ?)", u.clone());
        }
        if let Some(g) = &filter.game {
            add(&mut sql, " AND game = ?", g.clone());
        }
        if let Some(k) = &filter.kind {
            add(&mut sql, " AND kind = ?", k.clone());
        }
        let before_index = binds.len() + 1;
        sql.push_str(&format!(
            " AND created_at < ${before_index} ORDER BY created_at DESC LIMIT ${}",
            before_index + 1
        ));
        let mut query = sqlx::query(&sql);
        for b in binds {
            query = query.bind(b);
        }
        let rows = query
            .bind(filter.before.unwrap_or(i64::MAX))
            .bind(filter.limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from).collect()
    }

    /// Ids of every live game.
    pub async fn live_game_ids(&self) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'live'")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }

    /// A user's rating for a game and speed.
    pub async fn rating(
        &self,
        user_id: &str,
        game: &str,
        speed: &str,
    ) -> Result<Option<RatingRow>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND game = $2 AND speed = $3",
        )
        .bind(user_id)
        .bind(game)
        .bind(speed)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| rating_from(&r, 0)).transpose()
    }

    /// Every rating of a user: (game, speed, rating).
    pub async fn user_ratings(
        &self,
        user_id: &str,
    ) -> Result<Vec<(String, String, RatingRow)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT game, speed, rating, deviation, volatility, games FROM ratings WHERE user_id = $1 ORDER BY game, speed",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, rating_from(r, 2)?)))
            .collect()
    }

    /// Ratings for a game (one speed, or every speed), best first:
    /// (name, speed, rating).
    pub async fn leaderboard(
        &self,
        game: &str,
        speed: Option<&str>,
        limit: i64,
    ) -> Result<Vec<(String, String, RatingRow)>, sqlx::Error> {
        let sql = "SELECT u.name, r.speed, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN users u ON u.id = r.user_id \
                   WHERE r.game = $1 AND (r.speed = $2 OR $3 = '') AND r.games > 0 AND u.guest = 0 ORDER BY r.rating DESC LIMIT $4";
        let rows = sqlx::query(sql)
            .bind(game)
            .bind(speed.unwrap_or(""))
            .bind(speed.unwrap_or(""))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, rating_from(r, 2)?)))
            .collect()
    }
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: &str,
    event: &EventRow,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO game_events (game_id, version, at, payload) VALUES ($1, $2, $3, $4)")
        .bind(game_id)
        .bind(event.version)
        .bind(event.at)
        .bind(&event.payload)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

fn user_from(r: &AnyRow) -> Result<UserRow, sqlx::Error> {
    Ok(UserRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        guest: r.try_get::<i64, _>(2)? != 0,
    })
}

fn rating_from(r: &AnyRow, at: usize) -> Result<RatingRow, sqlx::Error> {
    Ok(RatingRow {
        rating: r.try_get(at)?,
        deviation: r.try_get(at + 1)?,
        volatility: r.try_get(at + 2)?,
        games: r.try_get(at + 3)?,
    })
}

fn game_from(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        options: r.try_get(2)?,
        start_text: r.try_get(3)?,
        clock: r.try_get(4)?,
        speed: r.try_get(5)?,
        rated: r.try_get::<i64, _>(6)? != 0,
        kind: r.try_get(7)?,
        status: r.try_get(8)?,
        seats: [r.try_get(9)?, r.try_get(10)?],
        users: [r.try_get(11)?, r.try_get(12)?],
        creator: r.try_get(13)?,
        version: r.try_get(14)?,
        moves: r.try_get(15)?,
        result: r.try_get(16)?,
        created_at: r.try_get(17)?,
        ended_at: r.try_get(18)?,
    })
}
