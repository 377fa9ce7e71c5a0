//! The analysis board (issue 15): `POST /api/positions` (a position of
//! any game after some moves: its text, legal moves, side to move and
//! outcome, so the board moves both sides freely) and `GET
//! /api/analysis/ws` (the engine's analysis of a position, streamed while
//! it thinks). The engine and its bounds are [`crate::analysis`].
//!
//! A position comes from a game (`game_id`: its options and start, then
//! the moves given) or is given (`game`, `options`, `position`, `moves`).
//! A live game's players may not analyse it through its id until it ends.

use crate::analysis::{MAX_LINES, MAX_MOVES};
use crate::error::{ApiError, ApiResult};
use crate::game::meta::options_map;
use crate::games::load_state;
use crate::limits::{count_attempt, with_board_quota};
use crate::http::socket_session::{check_due, SocketSession};
use crate::http::ws::MAX_MESSAGE;
use crate::http::{current_user, json_body, require_user};
use crate::app::AppState;
use crate::rate_limit::{count, Quota, Throttle};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamut_core::Player;
use gamut_games::Match;
use gamut_protocol::analysis::{AnalysisMessage, AnalysisRequest, PositionView, Progress, Source};
use gamut_protocol::game::ResultView;
use gamut_protocol::requests::MAX_OPTIONS;
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;


/// The game record this source names, for `user` asking from `addr`:
/// refused (403) to a player of a live game any position of which is
/// on its line ([`crate::fair_play`]).
pub async fn resolve(
    source: &Source,
    app: &AppState,
    user: Option<&UserView>,
    addr: IpAddr,
) -> ApiResult<Box<dyn Match>> {
    if source.moves.len() > MAX_MOVES {
        return Err(ApiError::bad_request(format!("at most {MAX_MOVES} moves")));
    }
    if source.options.len() > MAX_OPTIONS {
        return Err(ApiError::bad_request("too many options"));
    }
    let (kind, options, start) = match &source.game_id {
        Some(id) => {
            let state = load_state(app, id).await?;
            if source.game.is_some_and(|g| g != state.meta.kind) {
                return Err(ApiError::bad_request("that game is of another kind"));
            }
            (
                state.meta.kind,
                state.meta.options.clone(),
                Some(state.game.start_text()),
            )
        }
        None => {
            let kind = source
                .game
                .ok_or_else(|| ApiError::bad_request("which game? (game or game_id)"))?;
            let options = source
                .options
                .iter()
                .map(|(k, v)| (k.clone(), v.0.clone()))
                .collect();
            (kind, options, source.position.clone())
        }
    };
    let game = with_board_quota(app, addr, || {
        kind.replay(&options, start.as_deref(), &source.moves)
            .map_err(|e| ApiError::bad_request(e.to_string()))
    })??;
    crate::fair_play::check(app, user, addr, &*game).await?;
    Ok(game)
}

/// The view of a record's current position.
pub fn position_view(game: &dyn Match) -> PositionView {
    let outcome = game.outcome();
    PositionView {
        game: game.kind(),
        options: options_map(&game.options()),
        sides: Player::BOTH.map(|p| game.side_name(p).to_owned()),
        start: game.start_text(),
        moves: game.moves(),
        position: game.position_text(),
        to_move: game.side_to_move(),
        legal: if outcome.is_some() {
            Vec::new()
        } else {
            game.legal_moves()
        },
        outcome: outcome.map(ResultView::from),
    }
}

/// `POST /api/positions`: at most
/// [`crate::ServerLimits::positions_per_minute`] per address (429).
pub async fn position(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<PositionView>> {
    count_attempt(
        &app.guards.positions_by_addr,
        &addr.ip().to_string(),
        "position requests",
    )?;
    let source: Source = json_body(body)?;
    let user = current_user(&app, &headers).await?;
    let game = resolve(&source, &app, user.as_ref(), addr.ip()).await?;
    Ok(Json(position_view(&*game)))
}

/// `GET /api/analysis/ws`: needs a session (401 without); at most
/// [`crate::analysis::AnalysisLimits::sockets_per_address`] per address
/// (429).
pub async fn analysis_ws(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let user = require_user(&app, &headers).await?;
    let session = SocketSession::of(&app, &headers).await;
    let guard =
        app.analysis.sockets.open(addr.ip()).ok_or_else(|| {
            ApiError::too_many("too many open analysis sockets from this address")
        })?;
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            let _guard = guard;
            serve(app, user, session, addr.ip(), socket).await;
        })
        .into_response())
}

/// The socket's running analysis.
struct Current {
    id: Option<i64>,
    stop: Arc<AtomicBool>,
    progress: mpsc::UnboundedReceiver<Progress>,
    task: JoinHandle<()>,
}

/// The refusal `error` of the request `id`.
fn refusal(id: Option<i64>, error: impl Into<ApiError>) -> AnalysisMessage {
    let e = error.into();
    AnalysisMessage::Error {
        id,
        error: e.message,
        code: e.code,
        params: e.params,
    }
}

impl Current {
    /// Stops the search and waits for its end (its claim given back).
    async fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.task.await;
    }
}

async fn send(socket: &mut WebSocket, message: &AnalysisMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(e) => {
            tracing::error!("cannot write an analysis message: {e}");
            false
        }
    }
}

async fn next_progress(current: &mut Option<Current>) -> Option<Progress> {
    match current {
        Some(c) => c.progress.recv().await,
        None => std::future::pending().await,
    }
}

/// Serves one analysis socket of `user` (opened with `session`, which is
/// checked periodically and before each analysis: the socket closes, its
/// analysis stopped, once the session ends).
async fn serve(
    app: AppState,
    user: UserView,
    mut session: Option<SocketSession>,
    addr: IpAddr,
    mut socket: WebSocket,
) {
    let limits = &app.guards.limits;
    let rate = count(limits.messages_per_second as usize);
    let throttle =
        Throttle::new(Quota::per_second(rate).allow_burst(rate.saturating_mul(count(2))));
    let idle = limits.socket_idle;
    let mut idle_at = Instant::now() + idle;
    let mut current: Option<Current> = None;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => break,
                    _ => continue,
                };
                idle_at = Instant::now() + idle;
                if throttle.take().is_err() {
                    let error = crate::http::ws::flooded();
                    send(&mut socket, &refusal(None, error)).await;
                    break;
                }
                let request = match serde_json::from_str::<AnalysisRequest>(&text) {
                    Ok(r) => r,
                    Err(e) => {
                        let error = ApiError::bad_request(format!("invalid message: {e}"))
                            .code(ErrorCode::BadMessage);
                        if !send(&mut socket, &refusal(None, error)).await {
                            break;
                        }
                        continue;
                    }
                };
                let reply = match request {
                    AnalysisRequest::Ping => Some(AnalysisMessage::Pong),
                    AnalysisRequest::Stop => {
                        if let Some(c) = &current {
                            c.stop.store(true, Ordering::Relaxed);
                        }
                        None
                    }
                    AnalysisRequest::Analyse { id, game, options, position, moves, game_id, lines, time_ms, depth } => {
                        if let Some(c) = current.take() {
                            c.finish().await;
                        }
                        if let Some(s) = session.as_mut() {
                            if !s.lasts(&app).await {
                                let error = crate::http::ws::session_ended();
                                send(&mut socket, &refusal(id, error)).await;
                                break;
                            }
                        }
                        let source = Source { game, options, position, moves, game_id };
                        match start(&app, &user, addr, &source, lines, time_ms, depth).await {
                            Ok((stop, progress, task)) => {
                                current = Some(Current { id, stop, progress, task });
                                None
                            }
                            Err(e) => Some(refusal(id, e)),
                        }
                    }
                };
                if let Some(reply) = reply {
                    if !send(&mut socket, &reply).await {
                        break;
                    }
                }
            }
            progress = next_progress(&mut current) => {
                let id = current.as_ref().and_then(|c| c.id);
                match progress {
                    Some(progress) => {
                        let done = progress.done;
                        if !send(&mut socket, &AnalysisMessage::Analysis { id, progress }).await {
                            break;
                        }
                        if done {
                            if let Some(c) = current.take() {
                                c.finish().await;
                            }
                        }
                    }
                    None => {
                        if let Some(c) = current.take() {
                            c.finish().await;
                        }
                    }
                }
            }
            () = check_due(session.as_ref()) => {
                if let Some(s) = session.as_mut() {
                    if !s.lasts(&app).await {
                        let error = crate::http::ws::session_ended();
                        send(&mut socket, &refusal(None, error)).await;
                        break;
                    }
                }
            }
            () = tokio::time::sleep_until(idle_at) => {
                let error = crate::http::ws::idle();
                send(&mut socket, &refusal(None, error)).await;
                break;
            }
        }
    }
    if let Some(c) = current.take() {
        c.finish().await;
    }
}

type Started = (
    Arc<AtomicBool>,
    mpsc::UnboundedReceiver<Progress>,
    JoinHandle<()>,
);

/// Starts an analysis of `source` for `user`, within the bounds.
async fn start(
    app: &AppState,
    user: &UserView,
    addr: IpAddr,
    source: &Source,
    lines: Option<u32>,
    time_ms: Option<u64>,
    depth: Option<u32>,
) -> ApiResult<Started> {
    let lines = lines.unwrap_or(1);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::bad_request(format!("lines: 1 to {MAX_LINES}"))
            .code(ErrorCode::AnalysisLines)
            .param("n", MAX_LINES));
    }
    let game = resolve(source, app, Some(user), addr).await?;
    if game.outcome().is_some() {
        return Err(
            ApiError::bad_request("the game is over in that position")
                .code(ErrorCode::PositionOver),
        );
    }
    let running = app
        .analysis
        .claim(&user.id, addr)?;
    let limits = app.analysis.budget(time_ms, depth);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::unbounded_channel();
    let task = {
        let (app, stop) = (app.clone(), stop.clone());
        tokio::spawn(async move {
            app.analysis
                .run(running, game, lines, limits, stop, tx)
                .await;
        })
    };
    Ok((stop, rx, task))
}
