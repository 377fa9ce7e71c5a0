//! The session (or bot token) a socket was opened with, checked again while
//! the socket lasts, so a socket stops when its session ends (sign-out,
//! sign-out everywhere, a password change, expiry, a bot's token revoked):
//! a game socket before each action, a push socket before anything private
//! is sent and every [`crate::ServerLimits::session_recheck`].
//!
//! A check before an action asks the database only when it could answer
//! differently from the last one: when sessions ended somewhere since (the
//! bus's [`crate::bus::EventBus::sessions_epoch`], which every sign-out,
//! password change and revoked token moves once its change is stored, in
//! every process), when the session may have expired, or when the last
//! check is a recheck period old. A move thus costs no session query, and
//! an action after a sign-out's answer is refused as before (in another
//! process sharing `PostgreSQL`, once its notice arrives: milliseconds).

use crate::app::AppState;
use crate::auth::{credential, Credential};
use crate::error::ApiError;
use crate::http::bot_auth::bot_token_lasts;
use crate::http::current_user;
use crate::limits::session_expiry;
use axum::http::HeaderMap;
use gamut_protocol::ids::{now_ms, UserId};
use std::time::Duration;
use tokio::time::Instant;

/// A socket's session, and when to check it next.
#[derive(Debug)]
pub struct SocketSession {
    user: UserId,
    credential: Credential,
    every: Duration,
    /// When the next periodic check is due.
    pub due: Instant,
    /// What the last check that found the session lasting saw, while it
    /// may be trusted.
    trusted: Option<Trust>,
}

/// A check's answer, good until sessions end somewhere or it expires.
#[derive(Clone, Copy, Debug)]
struct Trust {
    /// The bus's count of ended sessions when the check began.
    epoch: u64,
    /// When the session expires unless used (epoch ms).
    expires_at: i64,
}

impl SocketSession {
    /// The session of a socket opening with `headers`, if signed in.
    pub async fn of(app: &AppState, headers: &HeaderMap) -> Option<SocketSession> {
        let user = current_user(app, headers).await.ok().flatten()?;
        Some(SocketSession::new(app, user.id, credential(headers)?))
    }

    /// `user`'s session with `credential`.
    pub fn new(app: &AppState, user: UserId, credential: Credential) -> SocketSession {
        let every = app.guards.limits.session_recheck;
        SocketSession {
            user,
            credential,
            every,
            due: Instant::now() + every,
            trusted: None,
        }
    }

    /// The socket's user.
    pub fn user(&self) -> &UserId {
        &self.user
    }

    /// Whether the session still lasts, asking the database (a database
    /// error counts as lasting: the next check decides); the next periodic
    /// check is due a period from now.
    pub async fn lasts(&mut self, app: &AppState) -> bool {
        match self.check(app).await {
            Ok(lasts) => lasts,
            Err(e) => {
                tracing::warn!("cannot check a socket's session: {}", e.message);
                true
            }
        }
    }

    /// Whether the session still lasts, before an action or a private push:
    /// the last check's answer while nothing can have changed it (see the
    /// module docs), else the database's.
    pub async fn lasts_before_acting(&mut self, app: &AppState) -> Result<bool, ApiError> {
        if let (Some(trust), Some(epoch)) = (self.trusted, app.bus.sessions_epoch()) {
            if trust.epoch == epoch && now_ms() < trust.expires_at && Instant::now() < self.due {
                return Ok(true);
            }
        }
        self.check(app).await
    }

    /// Asks the database, and trusts a lasting answer until the bus's
    /// count read before asking moves.
    async fn check(&mut self, app: &AppState) -> Result<bool, ApiError> {
        let epoch = app.bus.sessions_epoch();
        self.due = Instant::now() + self.every;
        let expiry = expiry(app, &self.user, &mut self.credential).await?;
        self.trusted = epoch
            .zip(expiry)
            .map(|(epoch, expires_at)| Trust { epoch, expires_at });
        Ok(expiry.is_some())
    }
}

/// When the socket's session (`user`'s, with `credential`) expires if it
/// still lasts (a bot's token: never, unless revoked), else `None`. A
/// session renewed under a new token since (a guest who signed up: the
/// same user, now registered) is followed: the socket goes on with the new
/// token, which the old one gives no other way to learn.
async fn expiry(
    app: &AppState,
    user: &UserId,
    credential: &mut Credential,
) -> Result<Option<i64>, ApiError> {
    let token = match credential {
        Credential::Bot(hash) => {
            return Ok(bot_token_lasts(app, hash, user).await?.then_some(i64::MAX));
        }
        Credential::Session(token) => token,
    };
    if let Some(at) = session_expiry(app, token, user).await? {
        return Ok(Some(at));
    }
    let Some(renewed) = app.store.renewed_session(token).await? else {
        return Ok(None);
    };
    let at = session_expiry(app, &renewed, user).await?;
    if at.is_some() {
        *token = renewed;
    }
    Ok(at)
}

/// The instant `session`'s next check is due, or never.
pub async fn check_due(session: Option<&SocketSession>) {
    match session {
        Some(s) => tokio::time::sleep_until(s.due).await,
        None => std::future::pending().await,
    }
}
