//! Sign-up, sign-in, guests, sign-out.

use crate::auth::{self, clear_cookie, session_cookie, session_token};
use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use crate::limits::{count_attempt, too_many};
use crate::http::{current_user, json_body, require_user};
use crate::app::{App, AppState};
use crate::ids::random_token;
use crate::ids::RandomId;
use crate::store::GuestSignUp;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::header::SET_COOKIE;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamut_protocol::ids::{now_ms, UserId};
use gamut_protocol::requests::{Credentials, PasswordChange};
use gamut_protocol::user::UserView;
use gamut_protocol::views::{MeView, OkView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

fn signed_in(user: &UserView) -> Json<MeView> {
    Json(MeView {
        user: Some(user.clone()),
    })
}

async fn start_session(app: &App, user: &UserView) -> ApiResult<Response> {
    let token = random_token(32);
    app.store
        .create_session(&token, user.id.as_str(), now_ms())
        .await?;
    Ok(session_answer(app, &token, user))
}

/// The answer signing `user` in with the session `token` (its cookie).
fn session_answer(app: &App, token: &str, user: &UserView) -> Response {
    (
        [(
            SET_COOKIE,
            session_cookie(
                token,
                app.sessions.max_age_secs(),
                app.security.secure_cookies,
            ),
        )],
        signed_in(user),
    )
        .into_response()
}

/// `GET /api/me`.
pub async fn me(State(app): State<AppState>, headers: HeaderMap) -> ApiResult<Json<MeView>> {
    let user = current_user(&app, &headers).await?;
    Ok(Json(MeView { user }))
}

/// `POST /api/guest` (new guests are rate-limited per address).
pub async fn guest(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    if let Some(user) = current_user(&app, &headers).await? {
        return Ok(signed_in(&user).into_response());
    }
    let addr_key = addr.ip().to_string();
    count_attempt(
        &app.guests_by_addr,
        &addr_key,
        "new guests from this address",
    )?;
    for _ in 0..10 {
        let user = UserView {
            id: UserId::random(),
            name: format!("guest-{}", rand::random::<u32>() % 1_000_000),
            guest: true,
            bot: false,
        };
        if app.store.create_user(&user.to_row(), None).await? {
            return start_session(&app, &user).await;
        }
    }
    Err(ApiError::internal("could not name a guest"))
}

/// `POST /api/signup` (rate-limited per address: every valid attempt
/// counts, taken names included). From a guest session the guest becomes
/// the account ([`Store::register_guest`](crate::store::Store::register_guest)):
/// the same user, so their live games, seats, seeks and history carry over;
/// the session goes on under a new token.
pub async fn signup(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    let c: Credentials = json_body(body)?;
    auth::check_username(&c.username)?;
    auth::check_password(&c.password)?;
    let addr_key = addr.ip().to_string();
    count_attempt(&app.signup_by_addr, &addr_key, "sign-ups from this address")?;
    let hash = tokio::task::spawn_blocking(move || auth::hash_password(&c.password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let taken = || {
        ApiError::conflict(format!("username '{}' is taken", c.username))
            .code(ErrorCode::UsernameTaken)
            .param("name", &c.username)
    };
    if let Some((token, guest)) = guest_session(&app, &headers).await? {
        let new_token = random_token(32);
        let registered = app
            .store
            .register_guest(
                guest.id.as_str(),
                &c.username,
                &hash,
                &token,
                &new_token,
                now_ms(),
            )
            .await?;
        match registered {
            GuestSignUp::Registered => {
                let user = UserView {
                    id: guest.id,
                    name: c.username,
                    guest: false,
                    bot: false,
                };
                return Ok(session_answer(&app, &new_token, &user));
            }
            GuestSignUp::NameTaken => return Err(taken()),
            // Registered meanwhile (another tab): a new user, as below.
            GuestSignUp::NotAGuest => {}
        }
    }
    let user = UserView {
        id: UserId::random(),
        name: c.username.clone(),
        guest: false,
        bot: false,
    };
    if !app.store.create_user(&user.to_row(), Some(&hash)).await? {
        return Err(taken());
    }
    start_session(&app, &user).await
}

/// The caller's session token and user, if the session is a guest's (and
/// has not expired).
async fn guest_session(app: &App, headers: &HeaderMap) -> ApiResult<Option<(String, UserView)>> {
    let Some(token) = session_token(headers) else {
        return Ok(None);
    };
    Ok(current_user(app, headers)
        .await?
        .filter(|user| user.guest)
        .map(|user| (token, user)))
}

/// Ends the caller's session if it is a guest's: signing in from a guest
/// session replaces it (the guest's games stay the guest's).
async fn end_guest_session(app: &App, headers: &HeaderMap) -> ApiResult<()> {
    if let Some(token) = session_token(headers) {
        if let Some((user, _)) = app.store.session(&token).await? {
            if user.guest {
                app.store.delete_session(&token).await?;
                app.bus.publish_sessions_ended();
            }
        }
    }
    Ok(())
}

/// `POST /api/signin` (failures rate-limited per username and address, so
/// nobody elsewhere can lock a user out, and per address). An unknown
/// name costs the same argon2 verification as a wrong password
/// ([`auth::verify_sign_in`]) and gets the same answer.
pub async fn signin(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    let c: Credentials = json_body(body)?;
    if c.username.len() > 64 || c.password.len() > 256 {
        return Err(
            ApiError::unauthorized("wrong username or password").code(ErrorCode::WrongCredentials)
        );
    }
    let addr_key = addr.ip().to_string();
    let name_key = format!("{}\n{addr_key}", c.username.to_lowercase());
    let blocked = app
        .signin_by_name
        .blocked_for(&name_key)
        .max(app.signin_by_addr.blocked_for(&addr_key));
    if let Some(wait) = blocked {
        return Err(too_many("sign-in attempts", wait));
    }
    let found = app.store.user_by_name(&c.username).await?;
    // One argon2 verification on a blocking thread whether or not the name
    // has a password (a dummy hash stands in), so the time taken does not
    // tell whether it exists.
    let hash = found.as_ref().and_then(|(_, hash)| hash.clone());
    let password = c.password.clone();
    let ok = tokio::task::spawn_blocking(move || auth::verify_sign_in(&password, hash.as_deref()))
        .await
        .map_err(ApiError::internal)?;
    match found {
        Some((user, _)) if ok => {
            let user = UserView::from_row(&user).map_err(ApiError::internal)?;
            end_guest_session(&app, &headers).await?;
            start_session(&app, &user).await
        }
        _ => {
            app.signin_by_name.record_failure(&name_key);
            app.signin_by_addr.record_failure(&addr_key);
            Err(ApiError::unauthorized("wrong username or password")
                .code(ErrorCode::WrongCredentials))
        }
    }
}

/// `POST /api/signout`.
pub async fn signout(State(app): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    if let Some(token) = session_token(&headers) {
        app.store.delete_session(&token).await?;
        app.bus.publish_sessions_ended();
    }
    Ok(([(SET_COOKIE, clear_cookie())], Json(OkView::OK)).into_response())
}

/// `POST /api/signout-all`: ends every session of the caller, this one
/// included, and clears the cookie; open sockets can no longer act.
pub async fn signout_all(State(app): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let user = require_user(&app, &headers).await?;
    app.store
        .delete_user_sessions(user.id.as_str(), None)
        .await?;
    app.bus.publish_sessions_ended();
    Ok(([(SET_COOKIE, clear_cookie())], Json(OkView::OK)).into_response())
}

/// `POST /api/password`: changes a registered user's password (the current
/// one is checked, failures counted like sign-ins) and ends every other
/// session of the user.
pub async fn change_password(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let c: PasswordChange = json_body(body)?;
    if user.guest {
        return Err(ApiError::forbidden("guests have no password"));
    }
    auth::check_password(&c.new_password)?;
    let addr_key = addr.ip().to_string();
    let name_key = format!("{}\n{addr_key}", user.name.to_lowercase());
    if let Some(wait) = app.signin_by_name.blocked_for(&name_key) {
        return Err(too_many("sign-in attempts", wait));
    }
    let Some((_, Some(hash))) = app.store.user_by_name(&user.name).await? else {
        return Err(ApiError::forbidden("this account has no password"));
    };
    let password = c.password.clone();
    let ok = tokio::task::spawn_blocking(move || auth::verify_password(&password, &hash))
        .await
        .map_err(ApiError::internal)?;
    if !ok {
        app.signin_by_name.record_failure(&name_key);
        return Err(ApiError::unauthorized("wrong password").code(ErrorCode::WrongPassword));
    }
    let new = c.new_password;
    let hash = tokio::task::spawn_blocking(move || auth::hash_password(&new))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    app.store.set_password_hash(user.id.as_str(), &hash).await?;
    let token = session_token(&headers);
    app.store
        .delete_user_sessions(user.id.as_str(), token.as_deref())
        .await?;
    app.bus.publish_sessions_ended();
    Ok(Json(OkView::OK))
}
