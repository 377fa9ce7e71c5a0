//! Lesson progress ([`crate::http::lessons`]): one row per user and game,
//! the done steps' ids as a 64-bit set (`gamut_protocol::learn`).

use super::Store;

impl Store {
    /// The done steps of every game `user_id` has begun: `(game, set)`
    /// pairs, the set as stored (step `i` is bit `i - 1`).
    pub async fn lesson_progress(&self, user_id: &str) -> Result<Vec<(String, u64)>, sqlx::Error> {
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT game, steps FROM lesson_progress WHERE user_id = $1")
                .bind(user_id)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|(game, steps)| (game, u64::from_ne_bytes(steps.to_ne_bytes())))
            .collect())
    }

    /// Stores the done steps of `user_id` in `game` (the set `steps`),
    /// replacing those stored: one row per user and game.
    pub async fn put_lesson_progress(
        &self,
        user_id: &str,
        game: &str,
        steps: u64,
        at: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO lesson_progress (user_id, game, steps, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, game) DO UPDATE SET steps = excluded.steps, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(game)
        .bind(i64::from_ne_bytes(steps.to_ne_bytes()))
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
