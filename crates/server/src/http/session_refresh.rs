//! Slides the session cookie with the session: when a request refreshed its
//! session's stored last-use time (about once an hour), the response sets
//! the cookie again with a fresh `Max-Age`, so the browser keeps it as long
//! as the server does.

use crate::auth::{session_cookie, session_token};
use crate::app::AppState;
use axum::extract::{Request, State};
use axum::http::header::SET_COOKIE;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use std::cell::Cell;

tokio::task_local! {
    /// Set while a request is handled: whether it refreshed its session.
    static REFRESHED: Cell<bool>;
}

/// Notes that the current request refreshed its session (outside a request,
/// e.g. in a WebSocket task, there is no response to set a cookie on, and
/// nothing happens).
pub fn mark_refreshed() {
    let _ = REFRESHED.try_with(|r| r.set(true));
}

/// Middleware: handles the request, then sets the session cookie again if
/// the session was refreshed and the handler set no cookie itself.
pub async fn resend_cookie(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let token = session_token(request.headers());
    let (mut response, refreshed) = REFRESHED
        .scope(Cell::new(false), async move {
            let response = next.run(request).await;
            (response, REFRESHED.with(Cell::get))
        })
        .await;
    if let Some(token) = token.filter(|_| refreshed) {
        let cookie = session_cookie(
            &token,
            app.sessions.max_age_secs(),
            app.security.secure_cookies,
        );
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            if !response.headers().contains_key(SET_COOKIE) {
                response.headers_mut().insert(SET_COOKIE, value);
            }
        }
    }
    response
}
