//! Glicko-2 ratings: one row per user, game and speed; the history of
//! each (one row per rated game); a user's results per game.

use super::records::{
    GameRatingRecord, GameResultsRecord, LeaderRecord, RatingPointRecord, RatingRecord,
};
use super::{GameResults, RatingPoint, RatingRow, RatingUpdate, Store};
use sqlx::Any;

impl Store {
    /// A user's rating for a game and speed.
    pub async fn rating(
        &self,
        user_id: &str,
        game: &str,
        speed: &str,
    ) -> Result<Option<RatingRow>, sqlx::Error> {
        let record: Option<RatingRecord> = sqlx::query_as(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND game = $2 AND speed = $3",
        )
        .bind(user_id)
        .bind(game)
        .bind(speed)
        .fetch_optional(&self.pool)
        .await?;
        Ok(record.map(RatingRow::from))
    }

    /// Every rating of a user: (game, speed, rating).
    pub async fn user_ratings(
        &self,
        user_id: &str,
    ) -> Result<Vec<(String, String, RatingRow)>, sqlx::Error> {
        let records: Vec<GameRatingRecord> = sqlx::query_as(
            "SELECT game, speed, rating, deviation, volatility, games FROM ratings WHERE user_id = $1 ORDER BY game, speed",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(records
            .into_iter()
            .map(|r| (r.game, r.speed, r.rating.into()))
            .collect())
    }

    /// A user's rating history for a game (one speed, or every speed):
    /// the newest `limit` points, oldest first.
    pub async fn rating_history(
        &self,
        user_id: &str,
        game: &str,
        speed: Option<&str>,
        limit: i64,
    ) -> Result<Vec<RatingPoint>, sqlx::Error> {
        let mut records: Vec<RatingPointRecord> = sqlx::query_as(
            "SELECT speed, rating, deviation, at FROM rating_history \
             WHERE user_id = $1 AND game = $2 AND (speed = $3 OR $4 = '') ORDER BY at DESC LIMIT $5",
        )
        .bind(user_id)
        .bind(game)
        .bind(speed.unwrap_or(""))
        .bind(speed.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        records.reverse();
        Ok(records.into_iter().map(RatingPoint::from).collect())
    }

    /// A user's wins, draws and losses per game, counted over their finished
    /// games (aborted games left out), by game name.
    pub async fn results_by_game(&self, user_id: &str) -> Result<Vec<GameResults>, sqlx::Error> {
        // The result is stored as compact JSON (`{"winner":0,"reason":…}`).
        let records: Vec<GameResultsRecord> = sqlx::query_as(
            "SELECT game, \
             SUM(CASE WHEN (user0 = $1 AND result LIKE '%\"winner\":0%') OR (user1 = $2 AND result LIKE '%\"winner\":1%') THEN 1 ELSE 0 END) AS wins, \
             SUM(CASE WHEN result LIKE '%\"winner\":null%' THEN 1 ELSE 0 END) AS draws, \
             SUM(CASE WHEN (user0 = $3 AND result LIKE '%\"winner\":1%') OR (user1 = $4 AND result LIKE '%\"winner\":0%') THEN 1 ELSE 0 END) AS losses \
             FROM games WHERE status = 'finished' AND (user0 = $5 OR user1 = $6) \
             AND result IS NOT NULL AND result NOT LIKE '%\"reason\":\"aborted\"%' \
             GROUP BY game ORDER BY game",
        )
        .bind(user_id)
        .bind(user_id)
        .bind(user_id)
        .bind(user_id)
        .bind(user_id)
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(records.into_iter().map(GameResults::from).collect())
    }

    /// Ratings for a game (one speed, or every speed), best first:
    /// (name, whether a bot, speed, rating).
    pub async fn leaderboard(
        &self,
        game: &str,
        speed: Option<&str>,
        limit: i64,
    ) -> Result<Vec<(String, bool, String, RatingRow)>, sqlx::Error> {
        let records: Vec<LeaderRecord> = sqlx::query_as(
            "SELECT u.name, u.bot, r.speed, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN users u ON u.id = r.user_id \
             WHERE r.game = $1 AND (r.speed = $2 OR $3 = '') AND r.games > 0 AND u.guest = 0 ORDER BY r.rating DESC LIMIT $4",
        )
        .bind(game)
        .bind(speed.unwrap_or(""))
        .bind(speed.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        records
            .into_iter()
            .map(|r| {
                let bot = super::records::flag("bot", r.bot)?;
                Ok((r.name, bot, r.speed, r.rating.into()))
            })
            .collect()
    }
}

/// Stores a user's new rating for a game and speed, replacing the old one,
/// and adds it to the user's rating history as of `at`.
pub(super) async fn save_rating(
    tx: &mut sqlx::Transaction<'_, Any>,
    r: &RatingUpdate,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rating_history (user_id, game, speed, rating, deviation, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&r.user_id)
    .bind(&r.game)
    .bind(&r.speed)
    .bind(r.rating.rating)
    .bind(r.rating.deviation)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO ratings (user_id, game, speed, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (user_id, game, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games",
    )
    .bind(&r.user_id)
    .bind(&r.game)
    .bind(&r.speed)
    .bind(r.rating.rating)
    .bind(r.rating.deviation)
    .bind(r.rating.volatility)
    .bind(r.rating.games)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
