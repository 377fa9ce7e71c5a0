//! Puzzles ([`crate::http::puzzles`]): each puzzle's Glicko-2 rating
//! (`puzzle_ratings`), each person's per game with their streak
//! (`puzzle_players`), and each person's first try at each puzzle
//! (`puzzle_tries`, the rated one). The puzzles themselves are data of
//! the binary (`gamut_puzzles`).

use super::{Backend, RatingRow, Store};

/// A person's puzzle rating in one game, with their counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzlePlayerRow {
    /// The Glicko-2 rating (`games`: rated puzzles played).
    pub rating: RatingRow,
    /// Puzzles solved at the first try.
    pub solved: i64,
    /// Solved in a row at the first try, up to the latest.
    pub streak: i64,
    /// The longest such run.
    pub best_streak: i64,
}

/// A first try to record ([`Store::record_puzzle_try`]).
#[derive(Clone, Copy, Debug)]
pub struct PuzzleTryRow<'a> {
    /// Whose.
    pub user_id: &'a str,
    /// Which puzzle.
    pub puzzle_id: &'a str,
    /// Its game's name.
    pub game: &'a str,
    /// Whether it was solved.
    pub solved: bool,
    /// When (ms since the epoch).
    pub at: i64,
}

/// What recording a first try changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRated {
    /// The person's row before.
    pub before: PuzzlePlayerRow,
    /// And after.
    pub after: PuzzlePlayerRow,
    /// The puzzle's rating after.
    pub puzzle: RatingRow,
}

#[derive(sqlx::FromRow)]
struct PlayerRecord {
    rating: f64,
    deviation: f64,
    volatility: f64,
    plays: i64,
    solved: i64,
    streak: i64,
    best_streak: i64,
}

impl From<PlayerRecord> for PuzzlePlayerRow {
    fn from(r: PlayerRecord) -> Self {
        PuzzlePlayerRow {
            rating: RatingRow {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                games: r.plays,
            },
            solved: r.solved,
            streak: r.streak,
            best_streak: r.best_streak,
        }
    }
}

#[derive(sqlx::FromRow)]
struct GamePlayerRecord {
    game: String,
    #[sqlx(flatten)]
    player: PlayerRecord,
}

#[derive(sqlx::FromRow)]
struct PuzzleRatingRecord {
    rating: f64,
    deviation: f64,
    volatility: f64,
    plays: i64,
}

impl From<PuzzleRatingRecord> for RatingRow {
    fn from(r: PuzzleRatingRecord) -> Self {
        RatingRow {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: r.plays,
        }
    }
}

const PLAYER_COLUMNS: &str = "rating, deviation, volatility, plays, solved, streak, best_streak";

impl Store {
    /// `user_id`'s puzzle rows: `(game, row)` for each game they have
    /// played a rated puzzle of.
    pub async fn puzzle_players(
        &self,
        user_id: &str,
    ) -> Result<Vec<(String, PuzzlePlayerRow)>, sqlx::Error> {
        let records: Vec<GamePlayerRecord> = sqlx::query_as(&format!(
            "SELECT game, {PLAYER_COLUMNS} FROM puzzle_players WHERE user_id = $1"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(records
            .into_iter()
            .map(|r| (r.game, r.player.into()))
            .collect())
    }

    /// `user_id`'s puzzle row in `game`, if they have played one rated.
    pub async fn puzzle_player(
        &self,
        user_id: &str,
        game: &str,
    ) -> Result<Option<PuzzlePlayerRow>, sqlx::Error> {
        let record: Option<PlayerRecord> = sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM puzzle_players WHERE user_id = $1 AND game = $2"
        ))
        .bind(user_id)
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        Ok(record.map(Into::into))
    }

    /// The stored ratings of `game`'s puzzles that have been tried rated:
    /// `(puzzle id, rating)`.
    pub async fn puzzle_ratings(&self, game: &str) -> Result<Vec<(String, f64)>, sqlx::Error> {
        sqlx::query_as("SELECT puzzle_id, rating FROM puzzle_ratings WHERE game = $1")
            .bind(game)
            .fetch_all(&self.pool)
            .await
    }

    /// One puzzle's stored rating, if it has been tried rated.
    pub async fn puzzle_rating(&self, puzzle_id: &str) -> Result<Option<RatingRow>, sqlx::Error> {
        let record: Option<PuzzleRatingRecord> = sqlx::query_as(
            "SELECT rating, deviation, volatility, plays FROM puzzle_ratings WHERE puzzle_id = $1",
        )
        .bind(puzzle_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(record.map(Into::into))
    }

    /// `user_id`'s first tries in `game`: `(puzzle id, solved)`.
    pub async fn puzzle_tries(
        &self,
        user_id: &str,
        game: &str,
    ) -> Result<Vec<(String, bool)>, sqlx::Error> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT puzzle_id, solved FROM puzzle_tries WHERE user_id = $1 AND game = $2",
        )
        .bind(user_id)
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id, s)| (id, s != 0)).collect())
    }

    /// `user_id`'s first try at `puzzle_id`: whether it was solved.
    pub async fn puzzle_try(
        &self,
        user_id: &str,
        puzzle_id: &str,
    ) -> Result<Option<bool>, sqlx::Error> {
        let solved: Option<i64> = sqlx::query_scalar(
            "SELECT solved FROM puzzle_tries WHERE user_id = $1 AND puzzle_id = $2",
        )
        .bind(user_id)
        .bind(puzzle_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(solved.map(|s| s != 0))
    }

    /// Records `attempt` as its person's first try at its puzzle and
    /// rates both with `rate` (the person's row and the puzzle's rating
    /// before, to after), in one transaction; a person or puzzle without
    /// a row starts from `player_start` or `puzzle_start`. `None` (and
    /// nothing changed) when they had tried it already, so a puzzle is
    /// rated once per person however many requests race.
    pub async fn record_puzzle_try(
        &self,
        attempt: PuzzleTryRow<'_>,
        player_start: PuzzlePlayerRow,
        puzzle_start: RatingRow,
        rate: impl FnOnce(PuzzlePlayerRow, RatingRow) -> (PuzzlePlayerRow, RatingRow),
    ) -> Result<Option<PuzzleRated>, sqlx::Error> {
        // On PostgreSQL two people's tries at one puzzle lock its row in
        // turn (SQLite runs one writing transaction at a time).
        let lock = if self.backend == Backend::Postgres {
            " FOR UPDATE"
        } else {
            ""
        };
        let mut tx = self.pool.begin().await?;
        let first = sqlx::query(
            "INSERT INTO puzzle_tries (user_id, puzzle_id, game, solved, played_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (user_id, puzzle_id) DO NOTHING",
        )
        .bind(attempt.user_id)
        .bind(attempt.puzzle_id)
        .bind(attempt.game)
        .bind(i64::from(attempt.solved))
        .bind(attempt.at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if first == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO puzzle_ratings (puzzle_id, game, rating, deviation, volatility, plays) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (puzzle_id) DO NOTHING",
        )
        .bind(attempt.puzzle_id)
        .bind(attempt.game)
        .bind(puzzle_start.rating)
        .bind(puzzle_start.deviation)
        .bind(puzzle_start.volatility)
        .bind(puzzle_start.games)
        .execute(&mut *tx)
        .await?;
        let puzzle: PuzzleRatingRecord = sqlx::query_as(&format!(
            "SELECT rating, deviation, volatility, plays FROM puzzle_ratings WHERE puzzle_id = $1{lock}"
        ))
        .bind(attempt.puzzle_id)
        .fetch_one(&mut *tx)
        .await?;
        let before: Option<PlayerRecord> = sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM puzzle_players WHERE user_id = $1 AND game = $2{lock}"
        ))
        .bind(attempt.user_id)
        .bind(attempt.game)
        .fetch_optional(&mut *tx)
        .await?;
        let before = before.map_or(player_start, Into::into);
        let (after, puzzle) = rate(before, puzzle.into());
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, plays = $4 WHERE puzzle_id = $5",
        )
        .bind(puzzle.rating)
        .bind(puzzle.deviation)
        .bind(puzzle.volatility)
        .bind(puzzle.games)
        .bind(attempt.puzzle_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO puzzle_players (user_id, game, rating, deviation, volatility, plays, solved, streak, best_streak, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (user_id, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, plays = excluded.plays, solved = excluded.solved, \
             streak = excluded.streak, best_streak = excluded.best_streak, updated_at = excluded.updated_at",
        )
        .bind(attempt.user_id)
        .bind(attempt.game)
        .bind(after.rating.rating)
        .bind(after.rating.deviation)
        .bind(after.rating.volatility)
        .bind(after.rating.games)
        .bind(after.solved)
        .bind(after.streak)
        .bind(after.best_streak)
        .bind(attempt.at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(PuzzleRated {
            before,
            after,
            puzzle,
        }))
    }
}
