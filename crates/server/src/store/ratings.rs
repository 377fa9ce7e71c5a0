//! Glicko-2 ratings: one row per user, game and speed.

use super::records::{GameRatingRecord, LeaderRecord, RatingRecord};
use super::{RatingRow, RatingUpdate, Store};
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

    /// Ratings for a game (one speed, or every speed), best first:
    /// (name, speed, rating).
    pub async fn leaderboard(
        &self,
        game: &str,
        speed: Option<&str>,
        limit: i64,
    ) -> Result<Vec<(String, String, RatingRow)>, sqlx::Error> {
        let records: Vec<LeaderRecord> = sqlx::query_as(
            "SELECT u.name, r.speed, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN users u ON u.id = r.user_id \
             WHERE r.game = $1 AND (r.speed = $2 OR $3 = '') AND r.games > 0 AND u.guest = 0 ORDER BY r.rating DESC LIMIT $4",
        )
        .bind(game)
        .bind(speed.unwrap_or(""))
        .bind(speed.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(records
            .into_iter()
            .map(|r| (r.name, r.speed, r.rating.into()))
            .collect())
    }
}

/// Stores a user's new rating for a game and speed, replacing the old one.
pub(super) async fn save_rating(
    tx: &mut sqlx::Transaction<'_, Any>,
    r: &RatingUpdate,
) -> Result<(), sqlx::Error> {
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
