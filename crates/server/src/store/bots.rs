//! Bot accounts: the `bots` table (owner, the token's hash) beside the
//! bot's user row (`users.bot = 1`).

use super::records::{BotRecord, UserRecord};
use super::{BotRow, Store, UserRow};

impl Store {
    /// Stores the bot `user` of `owner_id` with its token's hash, in one
    /// transaction; `Ok(false)` if the name is taken.
    pub async fn create_bot(
        &self,
        user: &UserRow,
        owner_id: &str,
        token_hash: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO users (id, name, name_key, password_hash, guest, bot, created_at) VALUES ($1, $2, $3, NULL, 0, 1, $4)",
        )
        .bind(&user.id)
        .bind(&user.name)
        .bind(user.name.to_lowercase())
        .bind(now)
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
            Err(e) => return Err(e),
        }
        sqlx::query(
            "INSERT INTO bots (user_id, owner_id, token_hash, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(&user.id)
        .bind(owner_id)
        .bind(token_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The bots of `owner_id` whose tokens are not revoked, oldest first.
    pub async fn bots_of(&self, owner_id: &str) -> Result<Vec<BotRow>, sqlx::Error> {
        let records: Vec<BotRecord> = sqlx::query_as(
            "SELECT u.id, u.name, u.guest, u.bot, b.created_at FROM bots b JOIN users u ON u.id = b.user_id \
             WHERE b.owner_id = $1 ORDER BY b.created_at, u.name_key",
        )
        .bind(owner_id)
        .fetch_all(&self.pool)
        .await?;
        records.into_iter().map(BotRow::try_from).collect()
    }

    /// The bot whose token has the hash `token_hash`, unless revoked.
    pub async fn bot_by_token_hash(
        &self,
        token_hash: &str,
    ) -> Result<Option<UserRow>, sqlx::Error> {
        let record: Option<UserRecord> = sqlx::query_as(
            "SELECT u.id, u.name, u.guest, u.bot FROM bots b JOIN users u ON u.id = b.user_id WHERE b.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        record.map(UserRow::try_from).transpose()
    }

    /// Revokes the token of `owner_id`'s bot `bot_id`: the bot can no
    /// longer sign in (its user, games and ratings stay); false if it is
    /// not one of theirs.
    pub async fn revoke_bot(&self, owner_id: &str, bot_id: &str) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("DELETE FROM bots WHERE owner_id = $1 AND user_id = $2")
            .bind(owner_id)
            .bind(bot_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
