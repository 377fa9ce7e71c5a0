//! The session (or bot token) a push socket was opened with, checked again
//! while the socket lasts: every [`crate::ServerLimits::session_recheck`],
//! and before anything private is sent, so a socket stops when its session
//! ends (sign-out, sign-out everywhere, a password change, expiry, a bot's
//! token revoked) as the game socket does on its next action.

use crate::auth::{credential, Credential};
use crate::http::ws::session_still_lasts;
use crate::http::current_user;
use crate::app::AppState;
use axum::http::HeaderMap;
use gamut_protocol::ids::UserId;
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
        }
    }

    /// Whether the session still lasts (a database error counts as lasting:
    /// the next check decides); the next periodic check is due a period
    /// from now.
    pub async fn lasts(&mut self, app: &AppState) -> bool {
        self.due = Instant::now() + self.every;
        match session_still_lasts(app, &self.user, &mut self.credential).await {
            Ok(lasts) => lasts,
            Err(e) => {
                tracing::warn!("cannot check a socket's session: {}", e.message);
                true
            }
        }
    }
}

/// The instant `session`'s next check is due, or never.
pub async fn check_due(session: Option<&SocketSession>) {
    match session {
        Some(s) => tokio::time::sleep_until(s.due).await,
        None => std::future::pending().await,
    }
}
