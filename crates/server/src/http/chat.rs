//! Chat over HTTP: reading a room's last messages, writing one (stored,
//! then delivered to the room's sockets through the bus), and each user's
//! mutes. Who is in which room: [`room_of`].

use crate::chat::{text, ChatRoom};
use crate::error::{ApiError, ApiResult};
use crate::game::meta::GameMeta;
use crate::game::meta::UserRecord;
use crate::http::chat_feed::ChatFeed;
use crate::limits::count_attempt;
use crate::http::{current_user, json_body, require_user};
use crate::app::{App, AppState};
use crate::ids::new_id;
use crate::store::ChatRow;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_protocol::chat::ChatLine;
use gamut_protocol::ids::{now_ms, GameId};
use gamut_protocol::requests::{ChatPost, MuteRequest};
use gamut_protocol::user::UserView;
use gamut_protocol::views::{ChatView, MutesView, OkView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;
use std::sync::Arc;

/// Messages a room's history returns.
const HISTORY: i64 = 50;

/// The room of game `id` for `viewer`: its players' room for a seated
/// user, its spectators' room for anyone else.
pub fn room_of(meta: &GameMeta, viewer: Option<&UserView>) -> ChatRoom {
    ChatFeed::game_room(&meta.id, viewer.and_then(|u| meta.side_of(&u.id)))
}

/// The game `id`'s stored description.
async fn game_meta(app: &App, id: &str) -> ApiResult<GameMeta> {
    let id = GameId::parse(id).map_err(|e| ApiError::not_found(e.to_string()))?;
    let row = app
        .store
        .game(id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found("no such game").code(ErrorCode::NoSuchGame))?;
    GameMeta::from_row(&row).map_err(ApiError::internal)
}

/// `room`'s last messages for `viewer`.
async fn history(app: &App, room: &ChatRoom, viewer: Option<&UserView>) -> ApiResult<ChatView> {
    let rows = app
        .store
        .chat(&room.key(), viewer.map(|u| u.id.as_str()), HISTORY)
        .await?;
    let lines = rows
        .iter()
        .map(line_of)
        .collect::<Result<_, _>>()
        .map_err(ApiError::internal)?;
    Ok(ChatView {
        room: room.kind().to_owned(),
        lines,
    })
}

/// A stored message as sent.
fn line_of(row: &ChatRow) -> Result<ChatLine, String> {
    Ok(ChatLine {
        id: row.id.clone(),
        user: UserView::from_row(&row.user)?,
        text: row.text.clone(),
        at: row.at,
    })
}

/// Stores `user`'s message in `room` (within the chat limits, per user and
/// per address) and delivers it.
async fn post(
    app: &App,
    addr: SocketAddr,
    user: UserView,
    room: &ChatRoom,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<ChatLine>> {
    let req: ChatPost = json_body(body)?;
    let text = text::clean(&req.text)?;
    let guards = &app.guards;
    count_attempt(&guards.chat_by_user, user.id.as_str(), "chat messages")?;
    count_attempt(
        &guards.chat_by_addr,
        &addr.ip().to_string(),
        "chat messages",
    )?;
    let line = ChatLine {
        id: new_id(),
        user,
        text,
        at: now_ms(),
    };
    let row = ChatRow {
        id: line.id.clone(),
        user: line.user.to_row(),
        at: line.at,
        text: line.text.clone(),
    };
    app.store.add_chat(&room.key(), &row).await?;
    app.bus.publish_chat(room, Arc::new(line.clone()));
    Ok(Json(line))
}

/// `GET /api/lobby/chat`.
pub async fn lobby_history(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<ChatView>> {
    let viewer = current_user(&app, &headers).await?;
    Ok(Json(
        history(&app, &ChatRoom::Lobby, viewer.as_ref()).await?,
    ))
}

/// `POST /api/lobby/chat`.
pub async fn lobby_post(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<ChatLine>> {
    let user = require_user(&app, &headers).await?;
    post(&app, addr, user, &ChatRoom::Lobby, body).await
}

/// `GET /api/games/{id}/chat`: the viewer's room of the game.
pub async fn game_history(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<ChatView>> {
    let viewer = current_user(&app, &headers).await?;
    let meta = game_meta(&app, &id).await?;
    let room = room_of(&meta, viewer.as_ref());
    Ok(Json(history(&app, &room, viewer.as_ref()).await?))
}

/// `POST /api/games/{id}/chat`: into the writer's room of the game.
pub async fn game_post(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<ChatLine>> {
    let user = require_user(&app, &headers).await?;
    let meta = game_meta(&app, &id).await?;
    let room = room_of(&meta, Some(&user));
    post(&app, addr, user, &room, body).await
}

/// `GET /api/mutes`.
pub async fn mutes(State(app): State<AppState>, headers: HeaderMap) -> ApiResult<Json<MutesView>> {
    let user = require_user(&app, &headers).await?;
    let users = app
        .store
        .mutes(user.id.as_str())
        .await?
        .iter()
        .map(UserView::from_row)
        .collect::<Result<_, _>>()
        .map_err(ApiError::internal)?;
    Ok(Json(MutesView { users }))
}

/// `POST /api/mutes`: mute a user by name.
pub async fn mute(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let req: MuteRequest = json_body(body)?;
    let (muted, _) = app.store.user_by_name(&req.user).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{}'", req.user))
            .code(ErrorCode::NoPlayer)
            .param("name", &req.user)
    })?;
    if muted.id == user.id.as_str() {
        return Err(ApiError::bad_request("you cannot mute yourself").code(ErrorCode::MuteSelf));
    }
    app.store.mute(user.id.as_str(), &muted.id).await?;
    Ok(Json(OkView::OK))
}

/// `DELETE /api/mutes/{name}`.
pub async fn unmute(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let (muted, _) = app.store.user_by_name(&name).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{name}'"))
            .code(ErrorCode::NoPlayer)
            .param("name", &name)
    })?;
    app.store.unmute(user.id.as_str(), &muted.id).await?;
    Ok(Json(OkView::OK))
}
