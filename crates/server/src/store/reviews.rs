//! Game reviews ([`crate::review`]): one row per reviewed game, its result
//! as JSON, written once.

use super::Store;

impl Store {
    /// The stored review of `game_id` (its JSON), if any.
    pub async fn review(&self, game_id: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT result FROM reviews WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Stores the review of `game_id` (a review already stored is kept: a
    /// game's review is computed once).
    pub async fn put_review(
        &self,
        game_id: &str,
        result: &str,
        at: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO reviews (game_id, result, at) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(result)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
