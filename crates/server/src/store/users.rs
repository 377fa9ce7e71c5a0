//! Users and their sessions.

use super::records::{CredentialsRecord, SessionRecord, UserRecord};
use super::{GuestSignUp, Store, UserRow};
use gamut_protocol::ids::now_ms;

impl Store {
    /// Stores a new user; `Ok(false)` if the name is taken.
    pub async fn create_user(
        &self,
        user: &UserRow,
        password_hash: Option<&str>,
    ) -> Result<bool, sqlx::Error> {
        let result = sqlx::query(
            "INSERT INTO users (id, name, name_key, password_hash, guest, bot, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&user.id)
        .bind(&user.name)
        .bind(user.name.to_lowercase())
        .bind(password_hash.map(str::to_owned))
        .bind(i64::from(user.guest))
        .bind(i64::from(user.bot))
        .bind(now_ms())
        .execute(&self.pool)
        .await;
        match result {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Makes guest `user_id` a registered user named `name` with
    /// `password_hash`, in place: the same user, so every game, seat, seek
    /// and rating of the guest is the account's. The session `token` it
    /// signed up from goes on under `new_token` (remembering `token`, for
    /// the sockets opened with it: [`Store::renewed_session`]); `token`
    /// itself signs nobody in any more. One transaction.
    pub async fn register_guest(
        &self,
        user_id: &str,
        name: &str,
        password_hash: &str,
        token: &str,
        new_token: &str,
        now: i64,
    ) -> Result<GuestSignUp, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let upgraded = sqlx::query(
            "UPDATE users SET name = $1, name_key = $2, password_hash = $3, guest = 0 WHERE id = $4 AND guest = 1",
        )
        .bind(name)
        .bind(name.to_lowercase())
        .bind(password_hash)
        .bind(user_id)
        .execute(&mut *tx)
        .await;
        match upgraded {
            Ok(done) if done.rows_affected() == 0 => return Ok(GuestSignUp::NotAGuest),
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Ok(GuestSignUp::NameTaken)
            }
            Err(e) => return Err(e),
        }
        let renewed = sqlx::query(
            "UPDATE sessions SET token = $1, renewed_from = $2, last_used_at = $3 WHERE token = $4 AND user_id = $5",
        )
        .bind(new_token)
        .bind(token)
        .bind(now)
        .bind(token)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if renewed.rows_affected() == 0 {
            // The session ended meanwhile: the account gets a new one.
            sqlx::query(
                "INSERT INTO sessions (token, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(new_token)
            .bind(user_id)
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(GuestSignUp::Registered)
    }

    /// The token of the session renewed from `token`
    /// ([`Store::register_guest`]), if there is one.
    pub async fn renewed_session(&self, token: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT token FROM sessions WHERE renewed_from = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await
    }

    /// A user and password hash by name (ignoring case).
    pub async fn user_by_name(
        &self,
        name: &str,
    ) -> Result<Option<(UserRow, Option<String>)>, sqlx::Error> {
        let record: Option<CredentialsRecord> = sqlx::query_as(
            "SELECT id, name, guest, bot, password_hash FROM users WHERE name_key = $1",
        )
        .bind(name.to_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        record
            .map(|r| Ok((r.user.try_into()?, r.password_hash)))
            .transpose()
    }

    /// Registered people (no guests, no bots) whose names start with
    /// `prefix` (ignoring case), by name, at most `limit`.
    pub async fn users_by_prefix(
        &self,
        prefix: &str,
        limit: i64,
    ) -> Result<Vec<UserRow>, sqlx::Error> {
        let pattern = format!(
            "{}%",
            prefix
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let records: Vec<UserRecord> = sqlx::query_as(
            "SELECT id, name, guest, bot FROM users \
             WHERE name_key LIKE $1 ESCAPE '\\' AND guest = 0 AND bot = 0 \
             ORDER BY name_key LIMIT $2",
        )
        .bind(pattern)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        records.into_iter().map(UserRow::try_from).collect()
    }

    /// When a user's account was created (epoch ms).
    pub async fn user_created_at(&self, id: &str) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT created_at FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A user by id.
    pub async fn user_by_id(&self, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
        let record: Option<UserRecord> =
            sqlx::query_as("SELECT id, name, guest, bot FROM users WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        record.map(UserRow::try_from).transpose()
    }

    /// Stores a session, created and last used at `now`.
    pub async fn create_session(
        &self,
        token: &str,
        user_id: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO sessions (token, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token)
        .bind(user_id)
        .bind(now)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The user of a session and when the session was last used (expired
    /// or not).
    pub async fn session(&self, token: &str) -> Result<Option<(UserRow, i64)>, sqlx::Error> {
        let record: Option<SessionRecord> = sqlx::query_as(
            "SELECT u.id, u.name, u.guest, u.bot, s.last_used_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        record
            .map(|r| Ok((r.user.try_into()?, r.last_used_at)))
            .transpose()
    }

    /// Records that a session was used at `now` (never moving its last use
    /// back).
    pub async fn touch_session(&self, token: &str, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE token = $2 AND last_used_at < $3")
            .bind(now)
            .bind(token)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Deletes every session last used before `cutoff`; how many.
    pub async fn delete_sessions_used_before(&self, cutoff: i64) -> Result<u64, sqlx::Error> {
        let result = sqlx::query("DELETE FROM sessions WHERE last_used_at < $1")
            .bind(cutoff)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }

    /// Ends every session of a user but `except` (if any); how many.
    pub async fn delete_user_sessions(
        &self,
        user_id: &str,
        except: Option<&str>,
    ) -> Result<u64, sqlx::Error> {
        let result = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token <> $2")
            .bind(user_id)
            .bind(except.unwrap_or_default().to_owned())
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }

    /// Replaces a user's password hash.
    pub async fn set_password_hash(&self, user_id: &str, hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(hash.to_owned())
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends a session.
    pub async fn delete_session(&self, token: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
