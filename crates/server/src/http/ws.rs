//! The WebSocket endpoints: one socket per watched game (state, versioned
//! events, players' actions) and one for the lobby. Messages are the types
//! of [`crate::http::messages`].

use crate::error::ApiError;
use crate::game::event::StoredEvent;
use crate::game::meta::side_in;
use crate::game::state::GameState;
use crate::http::games::lobby_view;
use crate::http::messages::{
    ClientMessage, Envelope, LobbyClientMessage, MessageType, Request, ServerMessage,
};
use crate::http::requests::SinceQuery;
use crate::http::{current_user, query, AppState};
use crate::ids::{GameId, UserId};
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use gamut_core::Player;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The largest WebSocket message accepted.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// A socket's read buffer to begin with (it grows for a longer message):
/// clients send small messages, and the default (128 KiB, zeroed on every
/// read) made most of a live game's memory and a good part of its CPU.
const READ_BUFFER: usize = 4 * 1024;
/// How far behind a reconnecting client may be and still get events.
const MAX_CATCH_UP: i64 = 200;

/// `GET /api/games/{id}/ws`.
pub async fn game_ws(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    q: Result<Query<SinceQuery>, QueryRejection>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let id = GameId::parse(&id).map_err(|_| ApiError::not_found("no such game"))?;
    if app.store.game(id.as_str()).await?.is_none() {
        return Err(ApiError::not_found("no such game"));
    }
    let user = current_user(&app, &headers).await?;
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch_game(app, id, user.map(|u| u.id), q.since, socket))
        .into_response())
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> bool {
    let text = match serde_json::to_string(message) {
        Ok(text) => text,
        Err(e) => {
            tracing::error!("cannot write a WebSocket message: {e}");
            return false;
        }
    };
    socket.send(Message::Text(text.into())).await.is_ok()
}

/// Sends what a client at version `since` lacks: events or the full state.
/// Returns the version sent up to and the viewer's side.
async fn catch_up(
    app: &AppState,
    id: &GameId,
    user_id: Option<&UserId>,
    since: Option<i64>,
    socket: &mut WebSocket,
) -> Option<(i64, Option<Player>)> {
    let from = since.unwrap_or(-1);
    // Without `since` only the state is sent: no events to publish.
    let published_after = if since.is_some() { from.max(0) } else { i64::MAX };
    let loaded = GameState::load(&app.store, id, published_after).await;
    let (state, events) = match loaded {
        Ok(Some(x)) => x,
        Ok(None) => {
            send(socket, &ServerMessage::error(None, "no such game")).await;
            return None;
        }
        Err(e) => {
            let e = ApiError::internal(format!("{e:#}"));
            send(socket, &ServerMessage::error(None, e.message)).await;
            return None;
        }
    };
    let viewer = user_id.and_then(|u| state.meta.side_of(u));
    let message =
        if since.is_some() && from <= state.version && state.version - from <= MAX_CATCH_UP {
            ServerMessage::Events {
                events: events.iter().map(|e| e.render(viewer)).collect(),
            }
        } else {
            ServerMessage::State {
                state: Box::new(state.view(viewer)),
            }
        };
    send(socket, &message)
        .await
        .then_some((state.version, viewer))
}

/// What to do with one text message from a game's client.
enum Reply {
    /// Send this.
    Send(Box<ServerMessage>),
    /// Catch up from this version (a `sync`).
    Sync(Option<i64>),
}

impl Reply {
    fn send(message: ServerMessage) -> Reply {
        Reply::Send(Box::new(message))
    }
}

/// Reads one client message and, for a player's action, performs it.
async fn answer(app: &AppState, id: &GameId, player: Option<&UserId>, text: &str) -> Reply {
    let envelope = Envelope::of(text);
    // A spectator's action is refused as such, well-formed or not.
    if player.is_none() && envelope.kind.is_some_and(MessageType::is_action) {
        return Reply::send(ServerMessage::error(envelope.id, "spectators cannot act"));
    }
    let message = match serde_json::from_str::<ClientMessage>(text) {
        Ok(message) => message,
        Err(e) => {
            let error = format!("invalid message: {e}");
            return Reply::send(ServerMessage::error(envelope.id, error));
        }
    };
    let id_of_message = message.id();
    let action = match message.request() {
        Ok(Request::Ping) => return Reply::send(ServerMessage::Pong),
        Ok(Request::Sync(since)) => return Reply::Sync(since),
        Ok(Request::Act(action)) => action,
        Err(e) => return Reply::send(ServerMessage::error(id_of_message, e)),
    };
    let Some(user) = player else {
        return Reply::send(ServerMessage::error(id_of_message, "spectators cannot act"));
    };
    Reply::send(match app.registry.act(id, user, action).await {
        Ok(version) => ServerMessage::Ack {
            id: id_of_message,
            version,
        },
        Err(e) => ServerMessage::error(id_of_message, e.message),
    })
}

async fn watch_game(
    app: AppState,
    id: GameId,
    user_id: Option<UserId>,
    since: Option<i64>,
    mut socket: WebSocket,
) {
    let mut events = app.bus.subscribe_game(&id);
    let Some((mut version, mut viewer)) =
        catch_up(&app, &id, user_id.as_ref(), since, &mut socket).await
    else {
        return;
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => continue,
                };
                // Only a seated user acts; anyone else watches.
                let player = user_id.as_ref().filter(|_| viewer.is_some());
                let reply = match answer(&app, &id, player, &text).await {
                    Reply::Send(reply) => reply,
                    Reply::Sync(since) => {
                        let since = Some(since.unwrap_or(-1));
                        match catch_up(&app, &id, user_id.as_ref(), since, &mut socket).await {
                            Some((v, side)) => {
                                version = v;
                                viewer = side;
                                continue;
                            }
                            None => return,
                        }
                    }
                };
                // Events produced by the action go out before its ack.
                while let Ok(event) = events.try_recv() {
                    if event.version > version {
                        version = event.version;
                        let event = ServerMessage::Event { event: event.render(viewer) };
                        if !send(&mut socket, &event).await {
                            return;
                        }
                    }
                }
                if !send(&mut socket, &reply).await {
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
                            match catch_up(&app, &id, user_id.as_ref(), Some(version), &mut socket).await {
                                Some((v, side)) => { version = v; viewer = side; }
                                None => return,
                            }
                            continue;
                        }
                        version = event.version;
                        if viewer.is_none() {
                            if let (Some(user), StoredEvent::Started { players, .. }) = (&user_id, &event.event) {
                                viewer = side_in(players, user);
                            }
                        }
                        let event = ServerMessage::Event { event: event.render(viewer) };
                        if !send(&mut socket, &event).await {
                            return;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {
                        match catch_up(&app, &id, user_id.as_ref(), None, &mut socket).await {
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
    ws.read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
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
                Ok(view) => ServerMessage::Lobby(view),
                Err(e) => ServerMessage::error(None, e.message),
            };
            if !send(&mut socket, &message).await {
                return;
            }
            dirty = false;
        }
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let reply = match serde_json::from_str::<LobbyClientMessage>(&text) {
                        Ok(LobbyClientMessage::Ping {}) => ServerMessage::Pong,
                        Err(_) => ServerMessage::error(None, "the lobby accepts only ping"),
                    };
                    if !send(&mut socket, &reply).await {
                        return;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => dirty = true,
                Err(RecvError::Closed) => return,
            },
        }
    }
}
