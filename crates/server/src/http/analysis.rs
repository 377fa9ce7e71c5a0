//! The analysis board (issue 15): `POST /api/positions` (a position of
//! any game after some moves: its text, legal moves, side to move and
//! outcome, so the board moves both sides freely) and `GET
//! /api/analysis/ws` (the engine's analysis of a position, streamed while
//! it thinks). The engine and its bounds are [`crate::analysis`].
//!
//! A position comes from a game (`game_id`: its options and start, then
//! the moves given) or is given (`game`, `options`, `position`, `moves`).
//! A live game's players may not analyse it through its id until it ends.

use crate::analysis::{Progress, MAX_LINES, MAX_MOVES};
use crate::error::{ApiError, ApiResult};
use crate::game::event::ResultView;
use crate::game::meta::{options_map, UserView};
use crate::http::games::load_state;
use crate::http::limits::{count_attempt, with_board_quota};
use crate::http::requests::{OptionValue, MAX_OPTIONS};
use crate::http::socket_session::{check_due, SocketSession};
use crate::http::ws::MAX_MESSAGE;
use crate::http::{current_user, json_body, require_user, AppState};
use crate::rate_limit::{count, Quota, Throttle};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamut_core::Player;
use gamut_games::{GameKind, Match};
use gamut_protocol::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Where a position comes from: a game (`game_id`) or the fields given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Which game (its name, any case); not needed with `game_id`.
    #[serde(
        default,
        with = "crate::wire::option_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub game: Option<GameKind>,
    /// Any subset of the game's options (ignored with `game_id`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, OptionValue>,
    /// The start position's text (default: the standard start; ignored
    /// with `game_id`, whose start is used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves played from the start, in notation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// A game whose options and start to use (refused to its players while
    /// it is live).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
}

pub use crate::fair_play::PLAYER_OF_LIVE_GAME;

impl Source {
    /// The game record this source names, for `user` asking from `addr`:
    /// refused (403) to a player of a live game any position of which is
    /// on its line ([`crate::fair_play`]).
    pub async fn resolve(
        &self,
        app: &AppState,
        user: Option<&UserView>,
        addr: IpAddr,
    ) -> ApiResult<Box<dyn Match>> {
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::bad_request(format!("at most {MAX_MOVES} moves")));
        }
        if self.options.len() > MAX_OPTIONS {
            return Err(ApiError::bad_request("too many options"));
        }
        let (kind, options, start) = match &self.game_id {
            Some(id) => {
                let state = load_state(app, id).await?;
                if self.game.is_some_and(|g| g != state.meta.kind) {
                    return Err(ApiError::bad_request("that game is of another kind"));
                }
                (
                    state.meta.kind,
                    state.meta.options.clone(),
                    Some(state.game.start_text()),
                )
            }
            None => {
                let kind = self
                    .game
                    .ok_or_else(|| ApiError::bad_request("which game? (game or game_id)"))?;
                let options = self
                    .options
                    .iter()
                    .map(|(k, v)| (k.clone(), v.0.clone()))
                    .collect();
                (kind, options, self.position.clone())
            }
        };
        let game = with_board_quota(app, addr, || {
            kind.replay(&options, start.as_deref(), &self.moves)
                .map_err(|e| ApiError::bad_request(e.to_string()))
        })??;
        crate::fair_play::check(app, user, addr, &*game).await?;
        Ok(game)
    }
}

/// `POST /api/positions`: a position after some moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionView {
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// Every option's value.
    pub options: BTreeMap<String, String>,
    /// The side names.
    pub sides: [String; 2],
    /// The start position's text.
    pub start: String,
    /// The moves from the start, in canonical notation.
    pub moves: Vec<String>,
    /// The position after them.
    pub position: String,
    /// The side to move.
    #[serde(with = "crate::wire::side")]
    pub to_move: Player,
    /// Its legal moves (none once the game is over).
    pub legal: Vec<String>,
    /// How the game ended at this position, if it did.
    pub outcome: Option<ResultView>,
}

impl PositionView {
    /// The view of a record's current position.
    pub fn of(game: &dyn Match) -> PositionView {
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
    let game = source.resolve(&app, user.as_ref(), addr.ip()).await?;
    Ok(Json(PositionView::of(&*game)))
}

/// A message to the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AnalysisRequest {
    /// Analyse a position (stopping the socket's analysis running, if any).
    Analyse {
        /// The client's number for this analysis, sent back with its
        /// progress.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// Which game (not needed with `game_id`).
        #[serde(
            default,
            with = "crate::wire::option_text",
            skip_serializing_if = "Option::is_none"
        )]
        game: Option<GameKind>,
        /// Options, as for `POST /api/games`.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        options: BTreeMap<String, OptionValue>,
        /// The start position's text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        /// Moves from the start.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        moves: Vec<String>,
        /// A game whose options and start to use.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_id: Option<String>,
        /// Lines wanted (multi-PV), 1 (the default) to
        /// [`crate::analysis::MAX_LINES`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lines: Option<u32>,
        /// Thinking time in milliseconds (at most the server's limit,
        /// which is the default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_ms: Option<u64>,
        /// Deepest iteration.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        depth: Option<u32>,
    },
    /// Stop the running analysis (its last progress comes with `done`).
    Stop,
    /// Keeps the socket open.
    Ping,
}

/// A message from the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnalysisMessage {
    /// The search's progress.
    Analysis {
        /// The request's `id`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// What the search found so far.
        #[serde(flatten)]
        progress: Progress,
    },
    /// A request was refused.
    Error {
        /// The request's `id`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<i64>,
        /// Why, for people.
        error: String,
        /// What kind of refusal, for programs and translations.
        code: ErrorCode,
        /// The values `error` quotes.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        params: BTreeMap<String, String>,
    },
    /// The answer to a ping.
    Pong,
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

impl AnalysisMessage {
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
                    let error = crate::http::ws::FLOOD_ERROR.to_owned();
                    send(&mut socket, &AnalysisMessage::refusal(None, error)).await;
                    break;
                }
                let request = match serde_json::from_str::<AnalysisRequest>(&text) {
                    Ok(r) => r,
                    Err(e) => {
                        let error = format!("invalid message: {e}");
                        if !send(&mut socket, &AnalysisMessage::refusal(None, error)).await {
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
                                send(&mut socket, &AnalysisMessage::refusal(id, error)).await;
                                break;
                            }
                        }
                        let source = Source { game, options, position, moves, game_id };
                        match start(&app, &user, addr, &source, lines, time_ms, depth).await {
                            Ok((stop, progress, task)) => {
                                current = Some(Current { id, stop, progress, task });
                                None
                            }
                            Err(e) => Some(AnalysisMessage::refusal(id, e)),
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
                        send(&mut socket, &AnalysisMessage::refusal(None, error)).await;
                        break;
                    }
                }
            }
            () = tokio::time::sleep_until(idle_at) => {
                let error = crate::http::ws::IDLE_ERROR.to_owned();
                send(&mut socket, &AnalysisMessage::refusal(None, error)).await;
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
        return Err(ApiError::bad_request(format!("lines: 1 to {MAX_LINES}")));
    }
    let game = source.resolve(app, Some(user), addr).await?;
    if game.outcome().is_some() {
        return Err(ApiError::bad_request("the game is over in that position"));
    }
    let running = app
        .analysis
        .claim(&user.id, addr)
        .map_err(|e| ApiError::too_many(e.to_owned()))?;
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
