//! Notifications over HTTP: a user reads their last ones and marks them
//! seen ([`send`] tells a user something; the socket is
//! `crate::http::ws::user_ws`).

use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use crate::http::{json_body, require_user};
use crate::app::{App, AppState};
use crate::notification;
use crate::store::NotificationRow;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::Notification;
use gamut_protocol::requests::SeenRequest;
use gamut_protocol::user::UserView;
use gamut_protocol::views::{NotificationsView, OkView};

/// Notifications a read returns.
const READ: i64 = 50;

/// Tells `user` of `notification` ([`notification::send`]).
pub async fn send(app: &App, user: &UserId, notification: Notification) -> ApiResult<()> {
    notification::send(&app.store, app.bus.as_ref(), user, notification).await?;
    Ok(())
}

/// `user`'s last notifications and how many are unseen.
pub async fn inbox(app: &App, user: &UserId) -> ApiResult<NotificationsView> {
    let rows = app.store.notifications(user.as_str(), READ).await?;
    let notifications: Vec<Notification> = rows
        .iter()
        .map(notification_of)
        .collect::<Result<_, _>>()
        .map_err(ApiError::internal)?;
    let unseen = notifications.iter().filter(|n| !n.seen).count();
    Ok(NotificationsView {
        notifications,
        unseen,
    })
}

/// A stored notification as sent.
fn notification_of(row: &NotificationRow) -> Result<Notification, String> {
    Ok(Notification {
        id: row.id.clone(),
        kind: row.kind.parse()?,
        game: row
            .game_id
            .as_deref()
            .map(GameId::parse)
            .transpose()
            .map_err(|e| e.to_string())?,
        from: row.from.as_ref().map(UserView::from_row).transpose()?,
        after: row
            .after_game
            .as_deref()
            .map(GameId::parse)
            .transpose()
            .map_err(|e| e.to_string())?,
        deadline: row.deadline,
        at: row.at,
        seen: row.seen,
    })
}

/// `GET /api/notifications`: the last 50, newest first, and how many are
/// unseen.
pub async fn list(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<NotificationsView>> {
    let user = require_user(&app, &headers).await?;
    Ok(Json(inbox(&app, &user.id).await?))
}

/// `POST /api/notifications/seen`: `{"until": MS}` marks those up to then
/// seen.
pub async fn seen(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let req: SeenRequest = json_body(body)?;
    app.store
        .mark_notifications_seen(user.id.as_str(), req.until)
        .await?;
    Ok(Json(OkView::OK))
}
