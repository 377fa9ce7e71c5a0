//! The HTTP side: the router and its handlers, and helpers for reading
//! requests safely (size-limited, validated, JSON errors). What goes over
//! the wire is typed in `gamut-protocol`; the state handlers share is
//! [`crate::app::App`].

pub mod accounts;
pub mod analysis;
pub mod bot_auth;
pub mod bots;
pub mod catalogue;
pub mod chat;
pub mod chat_feed;
pub mod decline_feed;
pub mod games;
pub mod invitations;
pub mod lessons;
pub mod puzzles;
pub mod notifications;
pub mod premove_feed;
pub mod records;
pub mod rematch;
pub mod review;
pub mod security;
pub mod session_refresh;
pub mod socket_session;
pub mod tournaments;
pub mod users;
pub mod ws;

use crate::app::{App, AppState};
use crate::auth::{credential, Credential};
use crate::config::WebDir;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query};
use axum::http::HeaderMap;
use axum::middleware::from_fn_with_state;
use axum::routing::{delete, get, post, put};
use axum::Router;
use gamut_protocol::ids::now_ms;
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use serde::de::DeserializeOwned;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

/// The largest request body accepted.
pub const MAX_BODY: usize = 64 * 1024;

/// The router: the API under `/api/`, the web client everywhere else.
pub fn router(app: AppState, web: &WebDir) -> Router {
    let api = Router::new()
        .route("/health", get(catalogue::health))
        .route("/catalogue", get(catalogue::catalogue))
        .route("/me", get(accounts::me))
        .route("/guest", post(accounts::guest))
        .route("/signup", post(accounts::signup))
        .route("/signin", post(accounts::signin))
        .route("/signout", post(accounts::signout))
        .route("/signout-all", post(accounts::signout_all))
        .route("/password", post(accounts::change_password))
        .route("/bots", get(bots::list).post(bots::create))
        .route("/bots/{name}", delete(bots::revoke))
        .route("/lobby", get(games::lobby))
        .route("/lobby/ws", get(ws::lobby_ws))
        .route(
            "/lobby/chat",
            get(chat::lobby_history).post(chat::lobby_post),
        )
        .route("/games", get(games::list).post(games::create))
        .route("/games/{id}", get(games::get_game).delete(games::cancel))
        .route("/games/{id}/join", post(games::join))
        .route("/games/{id}/decline", post(invitations::decline))
        .route(
            "/games/{id}/rematch",
            get(rematch::pending).post(rematch::offer),
        )
        .route("/games/{id}/rematch/decline", post(rematch::decline))
        .route("/notifications", get(notifications::list))
        .route("/notifications/seen", post(notifications::seen))
        .route("/me/ws", get(ws::user_ws))
        .route("/games/{id}/ws", get(ws::game_ws))
        .route(
            "/games/{id}/chat",
            get(chat::game_history).post(chat::game_post),
        )
        .route("/mutes", get(chat::mutes).post(chat::mute))
        .route("/mutes/{name}", delete(chat::unmute))
        .route("/games/{id}/replay", get(records::replay))
        .route("/games/{id}/export", get(records::export))
        .route("/import", post(records::import))
        .route("/users", get(users::search))
        .route("/users/{name}", get(users::user))
        .route("/users/{name}/games", get(users::user_games))
        .route("/users/{name}/ratings", get(users::rating_history))
        .route("/leaderboard/{game}", get(users::leaderboard))
        .route("/positions", post(analysis::position))
        .route("/analysis/ws", get(analysis::analysis_ws))
        .route("/learn/progress", get(lessons::progress))
        .route("/learn/progress/{game}", put(lessons::put_progress))
        .route("/puzzles", get(puzzles::index))
        .route("/puzzles/{game}/next", get(puzzles::next))
        .route("/puzzles/{game}/daily", get(puzzles::daily_puzzle))
        .route("/puzzle/{id}", get(puzzles::get))
        .route("/puzzle/{id}/moves", post(puzzles::play))
        .route("/puzzle/{id}/solution", post(puzzles::solution))
        .route(
            "/games/{id}/review",
            get(review::get_review).post(review::start_review),
        )
        .route(
            "/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/tournaments/{id}", get(tournaments::get))
        .route("/tournaments/{id}/join", post(tournaments::join))
        .route("/tournaments/{id}/withdraw", post(tournaments::withdraw))
        .route("/tournaments/{id}/ws", get(tournaments::socket))
        .route("/games/{id}/tournament", get(tournaments::of_game))
        .fallback(|| async { ApiError::not_found("no such endpoint") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(from_fn_with_state(app.clone(), bot_auth::check_bearer))
        .layer(from_fn_with_state(app.clone(), security::guard_requests))
        .layer(from_fn_with_state(
            app.clone(),
            session_refresh::resend_cookie,
        ))
        .with_state(app);
    let router = Router::new().nest("/api", api);
    let router = match web {
        WebDir::Dir(dir) => {
            let index = ServeFile::new(dir.join("index.html"));
            router.fallback_service(ServeDir::new(dir).fallback(index))
        }
        WebDir::None => router,
    };
    router
        .layer(axum::middleware::from_fn(security::security_headers))
        .layer(TraceLayer::new_for_http())
}

/// Reads a JSON body (size-limited) into `T`, with a clear error.
pub fn json_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> ApiResult<T> {
    let bytes = body.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("invalid request body: {e}")))
}

/// Reads query parameters, with a clear error.
pub fn query<T>(q: Result<Query<T>, QueryRejection>) -> ApiResult<T> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::bad_request(format!("invalid query: {}", e.body_text())))
}

/// The signed-in user (guest, registered or a bot), if any. A bot signs in
/// with its bearer token (a wrong one never reaches a handler:
/// [`bot_auth`]). An expired session is deleted and counts as none; a live
/// one has its last use refreshed now and then (see [`crate::session`]).
pub async fn current_user(app: &App, headers: &HeaderMap) -> ApiResult<Option<UserView>> {
    let token = match credential(headers) {
        None => return Ok(None),
        Some(Credential::Bot(hash)) => {
            return app
                .store
                .bot_by_token_hash(&hash)
                .await?
                .map(|row| UserView::from_row(&row).map_err(ApiError::internal))
                .transpose();
        }
        Some(Credential::Session(token)) => token,
    };
    let Some((user, last_used)) = app.store.session(&token).await? else {
        return Ok(None);
    };
    let now = now_ms();
    if app.sessions.expired(last_used, now) {
        app.store.delete_session(&token).await?;
        return Ok(None);
    }
    if app.sessions.needs_refresh(last_used, now) {
        app.store.touch_session(&token, now).await?;
        session_refresh::mark_refreshed();
    }
    UserView::from_row(&user)
        .map(Some)
        .map_err(ApiError::internal)
}

/// The signed-in user, or 401.
pub async fn require_user(app: &App, headers: &HeaderMap) -> ApiResult<UserView> {
    current_user(app, headers).await?.ok_or_else(|| {
        ApiError::unauthorized("sign in or play as a guest first").code(ErrorCode::SignInFirst)
    })
}
