//! Chat messages (the last [`KEPT_PER_ROOM`] of each room) and users'
//! mutes.

use super::records::{ChatRecord, UserRecord};
use super::{ChatRow, Store, UserRow};

/// Messages kept per room: older ones are deleted as new ones come.
pub const KEPT_PER_ROOM: i64 = 200;

impl Store {
    /// Stores `message` in `room` and deletes the room's messages older
    /// than its last [`KEPT_PER_ROOM`], in one transaction.
    pub async fn add_chat(&self, room: &str, message: &ChatRow) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO chat_messages (id, room, user_id, at, text) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&message.id)
        .bind(room)
        .bind(&message.user.id)
        .bind(message.at)
        .bind(&message.text)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM chat_messages WHERE room = $1 AND at < (SELECT at FROM chat_messages \
             WHERE room = $1 ORDER BY at DESC LIMIT 1 OFFSET $2)",
        )
        .bind(room)
        .bind(KEPT_PER_ROOM - 1)
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// The last `limit` messages of `room`, oldest first, without those of
    /// the users `viewer` muted.
    pub async fn chat(
        &self,
        room: &str,
        viewer: Option<&str>,
        limit: i64,
    ) -> Result<Vec<ChatRow>, sqlx::Error> {
        let records: Vec<ChatRecord> = sqlx::query_as(
            "SELECT c.id AS chat_id, c.at, c.text, u.id, u.name, u.guest, u.bot FROM chat_messages c \
             JOIN users u ON u.id = c.user_id WHERE c.room = $1 AND c.user_id NOT IN \
             (SELECT muted_id FROM chat_mutes WHERE user_id = $2) \
             ORDER BY c.at DESC, c.id DESC LIMIT $3",
        )
        .bind(room)
        .bind(viewer.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut rows = records
            .into_iter()
            .map(ChatRow::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        rows.reverse();
        Ok(rows)
    }

    /// `user_id` mutes `muted_id` (again: no change).
    pub async fn mute(&self, user_id: &str, muted_id: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO chat_mutes (user_id, muted_id) VALUES ($1, $2) \
             ON CONFLICT (user_id, muted_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(muted_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `user_id` no longer mutes `muted_id`; `false` if it did not.
    pub async fn unmute(&self, user_id: &str, muted_id: &str) -> Result<bool, sqlx::Error> {
        let n = sqlx::query("DELETE FROM chat_mutes WHERE user_id = $1 AND muted_id = $2")
            .bind(user_id)
            .bind(muted_id)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(n == 1)
    }

    /// The users `user_id` mutes, by name.
    pub async fn mutes(&self, user_id: &str) -> Result<Vec<UserRow>, sqlx::Error> {
        let records: Vec<UserRecord> = sqlx::query_as(
            "SELECT u.id, u.name, u.guest, u.bot FROM chat_mutes m JOIN users u ON u.id = m.muted_id \
             WHERE m.user_id = $1 ORDER BY u.name_key",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        records.into_iter().map(UserRow::try_from).collect()
    }
}
