//! The server processes sharing a database (`server_processes`): each
//! records every second or so that it is alive ([`Store::heartbeat`]), and
//! the processes seen recently share out the games' clocks and computer
//! moves (`crate::cluster`).

use super::Store;

impl Store {
    /// Records that this process ([`Store::origin`]) is alive at `now`,
    /// forgets processes silent since before `forget_before`, and returns
    /// the ids of the processes seen since `live_since` (this one included),
    /// sorted.
    pub async fn heartbeat(
        &self,
        now: i64,
        live_since: i64,
        forget_before: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(
            "INSERT INTO server_processes (id, seen_at) VALUES ($1, $2) \
             ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(self.origin())
        .bind(now)
        .execute(&self.pool)
        .await?;
        sqlx::query("DELETE FROM server_processes WHERE seen_at < $1")
            .bind(forget_before)
            .execute(&self.pool)
            .await?;
        sqlx::query_scalar("SELECT id FROM server_processes WHERE seen_at >= $1 ORDER BY id")
            .bind(live_since)
            .fetch_all(&self.pool)
            .await
    }

}
