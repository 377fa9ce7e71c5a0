//! The WebSockets: one per watched game (state, versioned events, players'
//! actions) and one for the lobby.

use crate::error::ApiError;
use crate::game::actor::Action;
use crate::game::state::GameState;
use crate::http::games::lobby_view;
use crate::http::{current_user, query, AppState};
use crate::ids::is_id;
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The largest WebSocket message accepted.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// How far behind a reconnecting client may be and still get events.
const MAX_CATCH_UP: i64 = 200;

/// `?since=N`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SinceQuery {
    since: Option<i64>,
}

/// A message from a client.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClientMessage {
    #[serde(rename = "type")]
    kind: String,
    id: Option<i64>,
    #[serde(rename = "move")]
    mv: Option<String>,
    version: Option<i64>,
    since: Option<i64>,
}

/// `GET /api/games/{id}/ws`.
pub async fn game_ws(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    q: Result<Query<SinceQuery>, QueryRejection>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    if !is_id(&id) || app.store.game(&id).await?.is_none() {
        return Err(ApiError::not_found("no such game"));
    }
    let user = current_user(&app, &headers).await?;
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch_game(app, id, user.map(|u| u.id), q.since, socket))
        .into_response())
}

async fn send(socket: &mut WebSocket, value: Value) -> bool {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// Sends what a client at version `since` lacks: events or the full state.
/// Returns the version sent up to and the viewer's side.
async fn catch_up(
    app: &AppState,
    id: &str,
    user_id: Option<&str>,
    since: Option<i64>,
    socket: &mut WebSocket,
) -> Option<(i64, Option<usize>)> {
    let from = since.unwrap_or(-1);
    let loaded = GameState::load(&app.store, id, from.max(0)).await;
    let (state, events) = match loaded {
        Ok(Some(x)) => x,
        Ok(None) => {
            send(socket, json!({"type": "error", "error": "no such game"})).await;
            return None;
        }
        Err(e) => {
            let e = ApiError::internal(format!("{e:#}"));
            send(socket, json!({"type": "error", "error": e.message})).await;
            return None;
        }
    };
    let viewer = user_id.and_then(|u| state.meta.side_of(u));
    let ok = if since.is_some() && from <= state.version && state.version - from <= MAX_CATCH_UP {
        let events: Vec<Value> = events.iter().map(|e| e.render(viewer)).collect();
        send(socket, json!({"type": "events", "events": events})).await
    } else {
        send(
            socket,
            json!({"type": "state", "state": state.view(viewer)}),
        )
        .await
    };
    ok.then_some((state.version, viewer))
}

fn action_of(msg: &ClientMessage) -> Result<Action, String> {
    Ok(match msg.kind.as_str() {
        "move" => {
            let mv = msg.mv.clone().ok_or("a move message needs \"move\"")?;
            if mv.is_empty() || mv.len() > 64 {
                return Err("a move has 1 to 64 characters".into());
            }
            Action::Move {
                mv,
                version: msg.version,
            }
        }
        "resign" => Action::Resign,
        "draw-offer" => Action::DrawOffer,
        "draw-accept" => Action::DrawAccept,
        "draw-decline" => Action::DrawDecline,
        "takeback-request" => Action::TakebackRequest,
        "takeback-accept" => Action::TakebackAccept,
        "takeback-decline" => Action::TakebackDecline,
        "abort" => Action::Abort,
        other => return Err(format!("unknown message type '{other}'")),
    })
}

async fn watch_game(
    app: AppState,
    id: String,
    user_id: Option<String>,
    since: Option<i64>,
    mut socket: WebSocket,
) {
    let mut events = app.bus.subscribe_game(&id);
    let Some((mut version, mut viewer)) =
        catch_up(&app, &id, user_id.as_deref(), since, &mut socket).await
    else {
        return;
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                let msg: ClientMessage = match serde_json::from_str(&text) {
                    Ok(m) => m,
                    Err(e) => {
                        if !send(&mut socket, json!({"type": "error", "error": format!("invalid message: {e}")})).await {
                            return;
                        }
                        continue;
                    }
                };
                let reply = match msg.kind.as_str() {
                    "ping" => json!({"type": "pong"}),
                    "sync" => {
                        match catch_up(&app, &id, user_id.as_deref(), Some(msg.since.unwrap_or(-1)), &mut socket).await {
                            Some((v, side)) => {
                                version = v;
                                viewer = side;
                                continue;
                            }
                            None => return,
                        }
                    }
                    _ => match (&user_id, viewer) {
                        (Some(user), Some(_)) => match action_of(&msg) {
                            Ok(action) => match app.registry.act(&id, user, action).await {
                                Ok(v) => json!({"type": "ack", "id": msg.id, "version": v}),
                                Err(e) => json!({"type": "error", "id": msg.id, "error": e.message}),
                            },
                            Err(e) => json!({"type": "error", "id": msg.id, "error": e}),
                        },
                        _ => json!({"type": "error", "id": msg.id, "error": "spectators cannot act"}),
                    },
                };
                // Events produced by the action go out before its ack.
                while let Ok(event) = events.try_recv() {
                    if event.version > version {
                        version = event.version;
                        if !send(&mut socket, json!({"type": "event", "event": event.render(viewer)})).await {
                            return;
                        }
                    }
                }
                if !send(&mut socket, reply).await {
                    return;
                }
            }
            event = events.recv() => {
                match event {
                    Ok(event) => {
                        if event.version <= version {
                            continue;
                        }
                        if event.version > version + 1 {
                            match catch_up(&app, &id, user_id.as_deref(), Some(version), &mut socket).await {
                                Some((v, side)) => { version = v; viewer = side; }
                                None => return,
                            }
                            continue;
                        }
                        version = event.version;
                        if viewer.is_none() {
                            if let (Some(user), crate::game::event::StoredEvent::Started { players, .. }) = (&user_id, &event.event) {
                                viewer = (0..2).find(|&i| players[i].as_ref().and_then(|s| s.user_id()) == Some(user.as_str()));
                            }
                        }
                        if !send(&mut socket, json!({"type": "event", "event": event.render(viewer)})).await {
                            return;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {
                        match catch_up(&app, &id, user_id.as_deref(), None, &mut socket).await {
                            Some((v, side)) => { version = v; viewer = side; }
                            None => return,
                        }
                    }
                    Err(RecvError::Closed) => return,
                }
            }
        }
    }
}

/// `GET /api/lobby/ws`: the lobby (open seeks and live games), sent again
/// at every change.
pub async fn lobby_ws(State(app): State<AppState>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch_lobby(app, socket))
}

async fn watch_lobby(app: AppState, mut socket: WebSocket) {
    let mut changes = app.bus.subscribe_lobby();
    let mut dirty = true;
    loop {
        if dirty {
            // Changes that came meanwhile are all in the view sent now.
            while matches!(changes.try_recv(), Ok(()) | Err(TryRecvError::Lagged(_))) {}
            let message = match lobby_view(&app).await {
                Ok(mut view) => {
                    view["type"] = json!("lobby");
                    view
                }
                Err(e) => json!({"type": "error", "error": e.message}),
            };
            if !send(&mut socket, message).await {
                return;
            }
            dirty = false;
        }
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let reply = match serde_json::from_str::<Value>(&text) {
                        Ok(v) if v["type"] == "ping" => json!({"type": "pong"}),
                        _ => json!({"type": "error", "error": "the lobby accepts only ping"}),
                    };
                    if !send(&mut socket, reply).await {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => dirty = true,
                Err(RecvError::Closed) => return,
            },
        }
    }
}
