//! Checks a bot's bearer token before any handler runs: a request with an
//! `Authorization` header signs in with it or not at all. A wrong token
//! (unknown, revoked or malformed) answers `401` and counts as a failed
//! sign-in from the address, in the same limiter as passwords (failed
//! sign-ins per address, `--signin-failures-per-address`), so tokens are
//! guessed no faster than passwords; past the limit `429`, before the
//! token is looked at. A good token goes on to the handler, which finds
//! its bot with [`crate::http::current_user`].

use crate::auth::authorization;
use crate::bots::token_hash;
use crate::error::ApiError;
use crate::limits::too_many;
use crate::app::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The error of a wrong token.
pub const WRONG_TOKEN: &str = "wrong or revoked bot token";

/// Middleware: refuses a request whose `Authorization` is not a bot's
/// token (see the module's documentation).
pub async fn check_bearer(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let Some(token) = authorization(request.headers()) else {
        return next.run(request).await;
    };
    let addr = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or_else(String::new, |ConnectInfo(addr)| addr.ip().to_string());
    if let Some(wait) = app.signin_by_addr.blocked_for(&addr) {
        return too_many("sign-in attempts", wait).into_response();
    }
    let known = match token {
        Some(token) => match app.store.bot_by_token_hash(&token_hash(&token)).await {
            Ok(bot) => bot.is_some(),
            Err(e) => return ApiError::from(e).into_response(),
        },
        None => false,
    };
    if !known {
        app.signin_by_addr.record_failure(&addr);
        return ApiError::unauthorized(WRONG_TOKEN)
            .code(ErrorCode::WrongToken)
            .into_response();
    }
    next.run(request).await
}

/// Whether the bot token with the hash `hash` (a socket's) still signs
/// `user` in (it was not revoked).
pub async fn bot_token_lasts(
    app: &crate::app::App,
    hash: &str,
    user: &gamut_protocol::ids::UserId,
) -> Result<bool, ApiError> {
    Ok(app
        .store
        .bot_by_token_hash(hash)
        .await?
        .is_some_and(|bot| bot.id == user.as_str()))
}
