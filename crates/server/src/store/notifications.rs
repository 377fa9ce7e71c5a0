//! Notifications (the last [`KEPT_PER_USER`] of each user), the challenges
//! sent to a named player, and rematch offers.

use super::records::NotificationRecord;
use super::{NotificationRow, Store};
use sqlx::AnyConnection;

/// Notifications kept per user: older ones are deleted as new ones come.
pub const KEPT_PER_USER: i64 = 100;

/// Stores `n` in the transaction `conn` is in, and deletes its user's
/// notifications older than the last [`KEPT_PER_USER`].
pub(super) async fn save_notification(
    conn: &mut AnyConnection,
    n: &NotificationRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO notifications (id, user_id, kind, game_id, from_user, after_game, at, seen, \
         deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)",
    )
    .bind(&n.id)
    .bind(&n.user_id)
    .bind(&n.kind)
    .bind(n.game_id.clone())
    .bind(n.from.as_ref().map(|u| u.id.clone()))
    .bind(n.after_game.clone())
    .bind(n.at)
    .bind(n.deadline)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "DELETE FROM notifications WHERE user_id = $1 AND at < (SELECT at FROM notifications \
         WHERE user_id = $1 ORDER BY at DESC LIMIT 1 OFFSET $2)",
    )
    .bind(&n.user_id)
    .bind(KEPT_PER_USER - 1)
    .execute(conn)
    .await?;
    Ok(())
}

impl Store {
    /// Stores `n` for its user and deletes that user's notifications older
    /// than the last [`KEPT_PER_USER`], in one transaction.
    pub async fn add_notification(&self, n: &NotificationRow) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        save_notification(&mut tx, n).await?;
        tx.commit().await
    }

    /// `user_id`'s last `limit` notifications, newest first.
    pub async fn notifications(
        &self,
        user_id: &str,
        limit: i64,
    ) -> Result<Vec<NotificationRow>, sqlx::Error> {
        let records: Vec<NotificationRecord> = sqlx::query_as(
            "SELECT n.id AS notification_id, n.user_id, n.kind, n.game_id, n.after_game, n.deadline, \
             n.at, n.seen, \
             u.id AS from_id, u.name AS from_name, u.guest AS from_guest, u.bot AS from_bot FROM notifications n \
             LEFT JOIN users u ON u.id = n.from_user WHERE n.user_id = $1 \
             ORDER BY n.at DESC, n.id DESC LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        records.into_iter().map(NotificationRow::try_from).collect()
    }

    /// Marks `user_id`'s notifications up to `until` (server time) seen.
    pub async fn mark_notifications_seen(
        &self,
        user_id: &str,
        until: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE notifications SET seen = 1 WHERE user_id = $1 AND at <= $2")
            .bind(user_id)
            .bind(until)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Whom the game `game_id` is for, if it was sent to one player.
    pub async fn invitee(&self, game_id: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT invitee FROM invitations WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Deletes the waiting game `game_id` whoever created it; `false` if it
    /// was not waiting (taken, or gone).
    pub async fn delete_waiting(&self, game_id: &str) -> Result<bool, sqlx::Error> {
        let n = sqlx::query("DELETE FROM games WHERE id = $1 AND status = 'waiting'")
            .bind(game_id)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(n == 1)
    }

    /// Records `by_user`'s rematch offer after `game_id`: the waiting game
    /// `new_game`. `false` if one is offered already (nothing changed); an
    /// earlier offer whose game no longer waits is replaced.
    pub async fn offer_rematch(
        &self,
        game_id: &str,
        new_game: &str,
        by_user: &str,
    ) -> Result<bool, sqlx::Error> {
        let n = sqlx::query(
            "INSERT INTO rematches (game_id, new_game, by_user) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET new_game = excluded.new_game, \
             by_user = excluded.by_user WHERE NOT EXISTS (SELECT 1 FROM games \
             WHERE games.id = rematches.new_game AND games.status = 'waiting')",
        )
        .bind(game_id)
        .bind(new_game)
        .bind(by_user)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// The rematch offered after `game_id` and still waiting: the new game
    /// and who offered (an offer whose game was cancelled, declined or
    /// started is none).
    pub async fn rematch(&self, game_id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT r.new_game, r.by_user FROM rematches r JOIN games g ON g.id = r.new_game \
             WHERE r.game_id = $1 AND g.status = 'waiting'",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await
    }

    /// The finished game whose rematch offer is the waiting game
    /// `new_game`, if it is one.
    pub async fn rematch_for(&self, new_game: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT game_id FROM rematches WHERE new_game = $1")
            .bind(new_game)
            .fetch_optional(&self.pool)
            .await
    }

    /// Forgets the rematch offered after `game_id`.
    pub async fn drop_rematch(&self, game_id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM rematches WHERE game_id = $1")
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
