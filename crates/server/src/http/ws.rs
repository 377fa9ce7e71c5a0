//! The WebSocket endpoints: one socket per watched game (state, versioned
//! events, players' actions) and one for the lobby. Messages are the types
//! of [`gamut_protocol::socket`].

use crate::auth::credential;
use crate::chat::ChatRoom;
use crate::connections::{ConnectionCounter, ConnectionGuard};
use crate::error::socket_error;
use crate::error::ApiError;
use crate::game::actor::Action;
use crate::game::event::{Published, StoredEvent};
use crate::game::meta::GameMeta;
use crate::game::state::GameState;
use crate::http::chat_feed::ChatFeed;
use crate::http::decline_feed::DeclineFeed;
use crate::http::invitations;
use crate::limits::{count_attempt, too_many};
use crate::http::premove_feed::{self, HeldPremove, PremoveFeed};
use crate::http::socket_session::{check_due, SocketSession};
use crate::http::{current_user, query, require_user};
use crate::app::AppState;
use crate::rate_limit::{count, Quota, Throttle};
use axum::extract::rejection::QueryRejection;
use gamut_protocol::ErrorCode;
use axum::extract::ws::CloseFrame;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use gamut_core::Player;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::requests::SinceQuery;
use gamut_protocol::socket::{
    ClientBody, ClientMessage, Envelope, LobbyClientMessage, ServerMessage, CLOSE_NO_SUCH_GAME,
    MAX_MOVE,
};
use gamut_protocol::user::side_in;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::time::Instant;

/// The largest WebSocket message accepted.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// A socket's read buffer to begin with (it grows for a longer message):
/// clients send small messages, and the default (128 KiB, zeroed on every
/// read) made most of a live game's memory and a good part of its CPU.
pub(crate) const READ_BUFFER: usize = 4 * 1024;
/// How far behind a reconnecting client may be and still get events.
const MAX_CATCH_UP: i64 = 200;

/// `GET /api/games/{id}/ws`.
pub async fn game_ws(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    q: Result<Query<SinceQuery>, QueryRejection>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let guard = open_socket(&app.guards.game_sockets, addr)?;
    let known = match GameId::parse(&id) {
        Ok(id) => app.store.game(id.as_str()).await?.map(|row| (id, row)),
        Err(_) => None,
    };
    let Some((id, row)) = known else {
        // Upgraded, then closed with a code of its own: the client tells
        // an unknown game from an outage without asking again.
        return Ok(ws
            .on_upgrade(move |mut socket| async move {
                let _guard = guard;
                close_code(
                    &mut socket,
                    None,
                    no_such_game(),
                    CLOSE_NO_SUCH_GAME,
                )
                .await;
            })
            .into_response());
    };
    let user = current_user(&app, &headers).await?;
    // The seat the socket's chat starts in (moved on if it changes).
    let side = GameMeta::from_row(&row)
        .ok()
        .zip(user.as_ref())
        .and_then(|(meta, u)| meta.side_of(&u.id));
    // A player who plays from another address: fair play counts it too
    // (crate::fair_play).
    if let (Some(_), Some(u)) = (side, user.as_ref()) {
        if row.status == gamut_protocol::status::GameStatus::Live.as_str() {
            let address = addr.ip().to_string();
            app.store
                .add_seat_address(id.as_str(), u.id.as_str(), &address)
                .await?;
        }
    }
    let session = user.and_then(|u| Some(SocketSession::new(&app, u.id, credential(&headers)?)));
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| {
            let watch = Watch {
                app,
                id,
                session,
                side,
                guard,
            };
            watch_game(watch, q.since, socket)
        })
        .into_response())
}

/// Counts a socket from `addr`, or refuses it (429) past the cap.
pub(crate) fn open_socket(
    counter: &ConnectionCounter,
    addr: SocketAddr,
) -> Result<ConnectionGuard, ApiError> {
    counter
        .open(addr.ip())
        .ok_or_else(|| ApiError::too_many("too many open sockets from this address"))
}

/// What a game socket watches, and for whom.
struct Watch {
    app: AppState,
    id: GameId,
    /// The user and the credential (session or bot token) the socket was
    /// opened with.
    session: Option<SocketSession>,
    /// The user's seat when the socket opened.
    side: Option<Player>,
    /// Counts the socket among its address's.
    guard: ConnectionGuard,
}

/// The error of a socket closed because its session ended.
pub(crate) fn session_ended() -> ApiError {
    ApiError::unauthorized("your session has ended; sign in again").code(ErrorCode::SessionEnded)
}

/// Sends `error` and closes the socket (policy violation).
async fn close_with(socket: &mut WebSocket, id: Option<i64>, error: impl Into<ApiError>) {
    close_code(socket, id, error.into(), 1008).await;
}

/// Sends `error` and closes the socket with `code`.
async fn close_code(socket: &mut WebSocket, id: Option<i64>, error: ApiError, code: u16) {
    let reason = error.message.clone();
    send(socket, &socket_error(id, error)).await;
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// A socket's allowances: messages (bursts of twice the rate a second),
/// syncs (bursts of a quarter of the rate a minute), and the instant it
/// counts as idle.
struct Allowance {
    messages: Throttle,
    syncs: Throttle,
    idle: std::time::Duration,
    idle_at: Instant,
}

impl Allowance {
    fn new(limits: &crate::config::ServerLimits) -> Self {
        let rate = count(limits.messages_per_second as usize);
        let syncs = limits.syncs_per_minute;
        Allowance {
            messages: Throttle::new(
                Quota::per_second(rate).allow_burst(rate.saturating_mul(count(2))),
            ),
            syncs: Throttle::new(Quota::per_minute(count(syncs)).allow_burst(count(syncs / 4))),
            idle: limits.socket_idle,
            idle_at: Instant::now() + limits.socket_idle,
        }
    }

    /// A message came: false if it is one too many.
    fn heard(&mut self) -> bool {
        self.idle_at = Instant::now() + self.idle;
        self.messages.take().is_ok()
    }
}

/// The error a flooding client gets before its socket is closed.
pub fn flooded() -> ApiError {
    ApiError::too_many("too many messages; closing the connection").code(ErrorCode::Flood)
}

/// The error an idle socket gets before it is closed.
pub fn idle() -> ApiError {
    ApiError::too_many("no message for too long; closing the connection").code(ErrorCode::Idle)
}

/// The error a socket for an unknown game gets before it is closed.
fn no_such_game() -> ApiError {
    ApiError::not_found("no such game").code(ErrorCode::NoSuchGame)
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

/// Sends a message already written (`None`: it could not be written, and
/// the socket is closed).
async fn send_text(socket: &mut WebSocket, text: Option<Utf8Bytes>) -> bool {
    match text {
        Some(text) => socket.send(Message::Text(text)).await.is_ok(),
        None => false,
    }
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
    let published_after = if since.is_some() {
        from.max(0)
    } else {
        i64::MAX
    };
    let loaded = GameState::load(&app.store, id, published_after).await;
    let (state, events) = match loaded {
        Ok(Some(x)) => x,
        Ok(None) => {
            close_code(
                socket,
                None,
                no_such_game(),
                CLOSE_NO_SUCH_GAME,
            )
            .await;
            return None;
        }
        Err(e) => {
            let e = ApiError::internal(format!("{e:#}"));
            send(socket, &socket_error(None, e)).await;
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
            match invitations::view(app, &state, viewer).await {
                Ok(view) => ServerMessage::State {
                    state: Box::new(view),
                },
                Err(e) => {
                    send(socket, &socket_error(None, e)).await;
                    return None;
                }
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
    /// Send this answer to a premove request, and hold this premove.
    Premove(Box<ServerMessage>, Option<HeldPremove>),
    /// Catch up from this version (a `sync`).
    Sync(Option<i64>),
    /// Send this error (answering the request with this id) and close the
    /// socket.
    Close(Option<i64>, ApiError),
}

impl Reply {
    fn send(message: ServerMessage) -> Reply {
        Reply::Send(Box::new(message))
    }
}

/// The refusal of a spectator's action.
fn spectators() -> ApiError {
    ApiError::forbidden("spectators cannot act").code(gamut_protocol::ErrorCode::NotAPlayer)
}

/// What a player's message asks of the game's task.
enum PlayerAsk {
    /// An action of the game.
    Act(Action),
    /// Set (`Some`) or cancel (`None`) one's premove.
    Premove(Option<String>),
}

/// What `body` asks of the game's task, or (`Err`) the answer given at
/// once to `ping` and `sync`, which anyone may send.
fn player_ask(body: ClientBody) -> Result<PlayerAsk, Reply> {
    let action = match body {
        ClientBody::Ping {} => return Err(Reply::send(ServerMessage::Pong)),
        ClientBody::Sync { since } => return Err(Reply::Sync(since)),
        ClientBody::Premove { mv } => return Ok(PlayerAsk::Premove(Some(mv))),
        ClientBody::PremoveCancel {} => return Ok(PlayerAsk::Premove(None)),
        ClientBody::Move { mv, version } => Action::Move { mv, version },
        ClientBody::Resign {} => Action::Resign,
        ClientBody::DrawOffer {} => Action::DrawOffer,
        ClientBody::DrawAccept {} => Action::DrawAccept,
        ClientBody::DrawDecline {} => Action::DrawDecline,
        ClientBody::TakebackRequest {} => Action::TakebackRequest,
        ClientBody::TakebackAccept {} => Action::TakebackAccept,
        ClientBody::TakebackDecline {} => Action::TakebackDecline,
        ClientBody::Abort {} => Action::Abort,
    };
    Ok(PlayerAsk::Act(action))
}

/// Reads one client message and, for a player's action, performs it (if
/// the socket's session still lasts, and within the takeback limit).
async fn answer(
    app: &AppState,
    id: &GameId,
    player: Option<&mut SocketSession>,
    text: &str,
) -> Reply {
    let envelope = Envelope::of(text);
    // A spectator's action is refused as such, well-formed or not.
    if player.is_none() && envelope.is_player_only() {
        return Reply::send(socket_error(envelope.id, spectators()));
    }
    let ClientMessage {
        id: id_of_message,
        body,
    } = match serde_json::from_str::<ClientMessage>(text) {
        Ok(message) => message,
        Err(e) => {
            let error = ApiError::bad_request(format!("invalid message: {e}"))
                .code(ErrorCode::BadMessage);
            return Reply::send(socket_error(envelope.id, error));
        }
    };
    if body
        .move_text()
        .is_some_and(|mv| mv.is_empty() || mv.len() > MAX_MOVE)
    {
        let error = ApiError::bad_request(format!("a move has 1 to {MAX_MOVE} characters"))
            .code(ErrorCode::MoveLength)
            .param("n", MAX_MOVE);
        return Reply::send(socket_error(id_of_message, error));
    }
    let ask = match player_ask(body) {
        Ok(ask) => ask,
        Err(at_once) => return at_once,
    };
    let Some(session) = player else {
        return Reply::send(socket_error(id_of_message, spectators()));
    };
    match session.lasts_before_acting(app).await {
        Ok(true) => {}
        Ok(false) => return Reply::Close(id_of_message, session_ended()),
        Err(e) => return Reply::send(socket_error(id_of_message, e)),
    }
    let user = session.user();
    let action = match ask {
        PlayerAsk::Act(action) => action,
        PlayerAsk::Premove(mv) => {
            return match premove_feed::ask(app, id, user, id_of_message, mv).await {
                Ok((reply, held)) => Reply::Premove(Box::new(reply), held),
                Err(error) => Reply::send(error),
            };
        }
    };
    if matches!(action, Action::TakebackRequest) {
        let key = format!("{user}|{id}");
        if let Err(e) = count_attempt(&app.guards.takebacks, &key, "takeback requests") {
            return Reply::send(socket_error(id_of_message, e));
        }
    }
    Reply::send(match app.registry.act(id, user, action).await {
        Ok(version) => ServerMessage::Ack {
            id: id_of_message,
            version,
        },
        Err(e) => socket_error(id_of_message, e),
    })
}

async fn watch_game(watch: Watch, since: Option<i64>, mut socket: WebSocket) {
    let Watch {
        app,
        id,
        mut session,
        side,
        guard: _guard,
    } = watch;
    let user_id = session.as_ref().map(|s| s.user().clone());
    let mut allowance = Allowance::new(&app.guards.limits);
    let mut events = app.bus.subscribe_game(&id);
    // Chat too is followed before the state goes out: a message posted
    // after the client's first look at the history is not missed.
    let mut chat = ChatFeed::open(&app, ChatFeed::game_room(&id, side), user_id.as_ref()).await;
    let mut declines = DeclineFeed::open(&app, &id, user_id.as_ref(), side.is_some());
    let mut premove = PremoveFeed::default();
    let Some((mut version, mut viewer)) =
        catch_up(&app, &id, user_id.as_ref(), since, &mut socket).await
    else {
        return;
    };
    loop {
        if version > 0 {
            // Started: no longer waiting for anyone to accept.
            declines.close();
        }
        // A spectator who takes a seat moves to the players' room.
        chat.move_to(app.bus.as_ref(), ChatFeed::game_room(&id, viewer));
        tokio::select! {
            line = chat.next() => {
                let Some(line) = line else { return };
                if !send(&mut socket, &line).await {
                    return;
                }
            }
            declined = declines.next() => {
                if !send(&mut socket, &declined).await {
                    return;
                }
            }
            told = premove.next() => {
                // The premove's move event goes out before the word of it.
                let Some(told) = told else { continue };
                if !drain(&mut events, &mut version, viewer, &mut socket).await
                    || !send(&mut socket, &told).await
                {
                    return;
                }
            }
            () = tokio::time::sleep_until(allowance.idle_at) => {
                close_with(&mut socket, None, idle()).await;
                return;
            }
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => {
                        allowance.idle_at = Instant::now() + allowance.idle;
                        continue;
                    }
                };
                if !allowance.heard() {
                    close_with(&mut socket, None, flooded()).await;
                    return;
                }
                // Only a seated user acts; anyone else watches.
                let player = session.as_mut().filter(|_| viewer.is_some());
                let reply = match answer(&app, &id, player, &text).await {
                    Reply::Send(reply) => reply,
                    Reply::Premove(reply, held) => {
                        premove.hold(held);
                        reply
                    }
                    Reply::Close(id, error) => {
                        close_with(&mut socket, id, error).await;
                        return;
                    }
                    Reply::Sync(since) => match allowance.syncs.take() {
                        Err(wait) => {
                            let error = too_many("sync requests", wait);
                            Box::new(socket_error(Envelope::of(&text).id, error))
                        }
                        Ok(()) => {
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
                    },
                };
                // Events produced by the action go out before its ack.
                if !drain(&mut events, &mut version, viewer, &mut socket).await
                    || !send(&mut socket, &reply).await
                {
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
                        if !send_text(&mut socket, event.message(viewer)).await {
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

/// Queues the events already received on `events` after `version` (those
/// an action or a premove produced, sent before the word of it), moving
/// `version` on; false if the socket is gone. They are not flushed: the
/// word of the action, sent next, goes out with them in one write.
async fn drain(
    events: &mut broadcast::Receiver<Arc<Published>>,
    version: &mut i64,
    viewer: Option<Player>,
    socket: &mut WebSocket,
) -> bool {
    while let Ok(event) = events.try_recv() {
        if event.version > *version {
            *version = event.version;
            let Some(text) = event.message(viewer) else {
                return false;
            };
            if socket.feed(Message::Text(text)).await.is_err() {
                return false;
            }
        }
    }
    true
}

/// `GET /api/lobby/ws`: the lobby (open seeks and live games), sent again
/// at every change (computed once per change for every lobby socket:
/// [`crate::limits::LobbyFeed`]).
pub async fn lobby_ws(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let guard = open_socket(&app.guards.lobby_sockets, addr)?;
    let viewer = current_user(&app, &headers).await?.map(|u| u.id);
    let session = SocketSession::of(&app, &headers).await;
    // Followed before the upgrade is answered: a message posted once the
    // socket is open reaches it.
    let pushes = LobbyPushes {
        feed: app.lobby.subscribe(&app),
        chat: ChatFeed::open(&app, ChatRoom::Lobby, viewer.as_ref()).await,
    };
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch_lobby(app, socket, guard, pushes, session)))
}

async fn watch_lobby(
    app: AppState,
    mut socket: WebSocket,
    _guard: ConnectionGuard,
    mut pushes: LobbyPushes,
    session: Option<SocketSession>,
) {
    let first = app.lobby.current(&app).await;
    if socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    let refusal = "the lobby accepts only ping";
    serve_pushes(&app, socket, &mut pushes, refusal, session).await;
}

/// What a socket that only pushes sends next.
pub(crate) trait Pushes {
    /// Whether what is pushed is for the session's user alone (checked
    /// against the session before each push).
    const PRIVATE: bool = false;

    /// The next text to send, once there is one; `None` ends the socket.
    fn next(&mut self) -> impl std::future::Future<Output = Option<Utf8Bytes>> + Send;
}

/// The lobby socket's pushes: the lobby after each change, and the lobby's
/// chat.
struct LobbyPushes {
    feed: tokio::sync::watch::Receiver<Option<Utf8Bytes>>,
    chat: ChatFeed,
}

impl Pushes for LobbyPushes {
    async fn next(&mut self) -> Option<Utf8Bytes> {
        loop {
            tokio::select! {
                line = self.chat.next() => return line.and_then(|m| text_of(&m)),
                changed = self.feed.changed() => {
                    changed.ok()?;
                    if let Some(text) = self.feed.borrow_and_update().clone() {
                        return Some(text);
                    }
                }
            }
        }
    }
}

/// A user socket's pushes: the user's notifications.
struct UserPushes {
    notifications: tokio::sync::broadcast::Receiver<
        std::sync::Arc<gamut_protocol::notification::Notification>,
    >,
}

impl Pushes for UserPushes {
    const PRIVATE: bool = true;

    async fn next(&mut self) -> Option<Utf8Bytes> {
        loop {
            match self.notifications.recv().await {
                Ok(notification) => {
                    let notification = (*notification).clone();
                    return text_of(&ServerMessage::Notification { notification });
                }
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return None,
            }
        }
    }
}

/// A message as the text frame sent.
fn text_of(message: &ServerMessage) -> Option<Utf8Bytes> {
    serde_json::to_string(message).ok().map(Utf8Bytes::from)
}

/// Serves a socket that only pushes (`pushes`): the client may only ping
/// (anything else is answered `refusal`); a silent or flooding socket is
/// closed as a game socket is, and one opened with a `session` is closed
/// once the session ends ([`SocketSession`]: checked periodically, and
/// before each push of a [`Pushes::PRIVATE`] feed).
pub(crate) async fn serve_pushes<P: Pushes>(
    app: &AppState,
    mut socket: WebSocket,
    pushes: &mut P,
    refusal: &str,
    mut session: Option<SocketSession>,
) {
    let mut allowance = Allowance::new(&app.guards.limits);
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(allowance.idle_at) => {
                close_with(&mut socket, None, idle()).await;
                return;
            }
            () = check_due(session.as_ref()) => {
                if let Some(s) = session.as_mut() {
                    if !s.lasts(app).await {
                        close_with(&mut socket, None, session_ended()).await;
                        return;
                    }
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if !allowance.heard() {
                        close_with(&mut socket, None, flooded()).await;
                        return;
                    }
                    let reply = match serde_json::from_str::<LobbyClientMessage>(&text) {
                        Ok(LobbyClientMessage::Ping {}) => ServerMessage::Pong,
                        Err(_) => socket_error(None, refusal),
                    };
                    if !send(&mut socket, &reply).await {
                        return;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => allowance.idle_at = Instant::now() + allowance.idle,
            },
            text = pushes.next() => {
                let Some(text) = text else { return };
                if let (true, Some(s)) = (P::PRIVATE, session.as_mut()) {
                    if !s.lasts_before_acting(app).await.unwrap_or(true) {
                        close_with(&mut socket, None, session_ended()).await;
                        return;
                    }
                }
                if socket.send(Message::Text(text)).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// `GET /api/me/ws`: the signed-in user's last notifications at once
/// (`{"type": "notifications", …}`), then each new one as it comes
/// (`{"type": "notification", …}`); accepts only pings.
pub async fn user_ws(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let user = require_user(&app, &headers).await?;
    let guard = open_socket(&app.guards.game_sockets, addr)?;
    let session = credential(&headers).map(|c| SocketSession::new(&app, user.id.clone(), c));
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch_user(app, socket, guard, user.id, session)))
}

async fn watch_user(
    app: AppState,
    mut socket: WebSocket,
    _guard: ConnectionGuard,
    user: UserId,
    session: Option<SocketSession>,
) {
    let mut pushes = UserPushes {
        notifications: app.bus.subscribe_user(&user),
    };
    // The last ones first, read once subscribed: none falls between.
    let first = match crate::http::notifications::inbox(&app, &user).await {
        Ok(inbox) => ServerMessage::Notifications {
            notifications: inbox.notifications,
            unseen: inbox.unseen,
        },
        Err(e) => socket_error(None, e),
    };
    if !send(&mut socket, &first).await {
        return;
    }
    let refusal = "this socket accepts only ping";
    serve_pushes(&app, socket, &mut pushes, refusal, session).await;
}
