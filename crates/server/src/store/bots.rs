//! Bot accounts: the `bots` table (owner, the token's hash) beside the
//! bot's user row (`users.bot = 1`).

use super::caps::{Cap, CapError, CapLock};
use super::records::{BotRecord, UserRecord};
use super::{BotRow, Store, UserRow};

impl Store {
    /// Stores the bot `user` of `owner_id`, made from `address`, with its
    /// token's hash, in one transaction, unless one of `caps` is full
    /// (checked under [`CapLock::Bots`] in the same transaction);
    /// `Ok(false)` if the name is taken.
    pub async fn create_bot(
        &self,
        user: &UserRow,
        owner_id: &str,
        address: &str,
        token_hash: &str,
        now: i64,
        caps: &[Cap],
    ) -> Result<bool, CapError> {
        let mut tx = self.pool.begin().await?;
        if let Some(full) = Store::check_caps(&mut tx, &CapLock::Bots, caps).await? {
            return Err(CapError::Full(full));
        }
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
            Err(e) => return Err(e.into()),
        }
        sqlx::query(
            "INSERT INTO bots (user_id, owner_id, token_hash, created_at, created_from) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&user.id)
        .bind(owner_id)
        .bind(token_hash)
        .bind(now)
        .bind(address)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The bots of `owner_id` whose tokens are not revoked, oldest first.
    pub async fn bots_of(&self, owner_id: &str) -> Result<Vec<BotRow>, sqlx::Error> {
        let records: Vec<BotRecord> = sqlx::query_as(
            "SELECT u.id, u.name, u.guest, u.bot, b.created_at FROM bots b JOIN users u ON u.id = b.user_id \
             WHERE b.owner_id = $1 AND b.revoked_at IS NULL ORDER BY b.created_at, u.name_key",
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
            "SELECT u.id, u.name, u.guest, u.bot FROM bots b JOIN users u ON u.id = b.user_id WHERE b.token_hash = $1 AND b.revoked_at IS NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        record.map(UserRow::try_from).transpose()
    }

    /// Revokes the token of `owner_id`'s bot `bot_id` at `now`: the bot
    /// can no longer sign in (its user, games and ratings stay; its row
    /// stays too, without the token's hash, and counts against the owner's
    /// bots made over time); false if it is not one of theirs.
    pub async fn revoke_bot(
        &self,
        owner_id: &str,
        bot_id: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE bots SET revoked_at = $3, token_hash = 'revoked:' || user_id \
             WHERE owner_id = $1 AND user_id = $2 AND revoked_at IS NULL",
        )
        .bind(owner_id)
        .bind(bot_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }
}
