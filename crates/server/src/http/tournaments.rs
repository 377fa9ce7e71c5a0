//! Arena tournaments over HTTP ([`crate::tournament`]): creating, listing
//! and reading them, joining and withdrawing, the socket that pushes a
//! tournament's standings, and the tournament of a game.

use crate::error::{ApiError, ApiResult};
use crate::games::{game_id, game_row};
use crate::http::games::check_clock;
use crate::limits::{count_attempt, with_board_quota, StoreCaps};
use crate::http::socket_session::SocketSession;
use crate::http::ws::{open_socket, serve_pushes, Pushes, MAX_MESSAGE, READ_BUFFER};
use crate::http::{json_body, require_user};
use crate::app::{App, AppState};
use crate::ids::RandomId;
use crate::store::caps::{Cap, Counted};
use crate::store::{TournamentListing, TournamentRow};
use crate::tournament::driver::message_text;
use crate::tournament::snapshot::{Snapshot, Tournament, PENDING_MS};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::ids::{now_ms, TournamentId};
use gamut_protocol::requests::option_pairs;
use gamut_protocol::tournament::status::TournamentStatus;
use gamut_protocol::tournament::{
    CreateTournament, GameTournamentView, TournamentAnswer, TournamentLink, TournamentSummary,
    TournamentsView,
};
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The longest tournament name, in characters.
pub const MAX_NAME: usize = 40;
/// How many finished tournaments the list shows.
pub const FINISHED_LISTED: i64 = 20;

/// The signed-in registered person, or 401/403 (tournament games are
/// rated: guests cannot take part; bots are never paired with people but
/// by a person's challenge, so they take no part either).
async fn registered(app: &App, headers: &HeaderMap, doing: &str) -> ApiResult<UserView> {
    let user = require_user(app, headers).await?;
    if user.guest {
        return Err(ApiError::forbidden(format!(
            "guests cannot {doing}: tournament games are rated; sign up first"
        ))
        .code(ErrorCode::TournamentGuest));
    }
    if user.bot {
        return Err(ApiError::forbidden(format!(
            "bots cannot {doing}: tournaments pair people with each other"
        )));
    }
    Ok(user)
}

/// Checks a duration in milliseconds against `min` and `max` (refused
/// with `code`, quoting both in minutes).
fn within(
    what: &str,
    code: ErrorCode,
    ms: i64,
    min: std::time::Duration,
    max: std::time::Duration,
) -> ApiResult<i64> {
    let millis = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    if ms < millis(min) || ms > millis(max) {
        return Err(ApiError::bad_request(format!(
            "{what} is {} to {} minutes ({} to {} ms)",
            min.as_secs() / 60,
            max.as_secs() / 60,
            millis(min),
            millis(max)
        ))
        .code(code)
        .param("min", min.as_secs() / 60)
        .param("max", max.as_secs() / 60));
    }
    Ok(ms)
}

/// The tournament a request describes, created by `creator` at `now`.
fn new_tournament(
    app: &App,
    req: &CreateTournament,
    creator: UserView,
    now: i64,
) -> ApiResult<Tournament> {
    let limits = &app.tournaments.limits;
    let kind = req.game;
    let options = kind
        .normalise_options(&option_pairs(&req.options).map_err(ApiError::bad_request)?)
        .map_err(ApiError::from)?;
    check_clock(&req.clock)?;
    if !matches!(req.clock, ClockControl::Realtime { .. }) {
        return Err(
            ApiError::bad_request("tournaments are played with a real-time clock")
                .code(ErrorCode::TournamentClock),
        );
    }
    let duration = within(
        "the duration",
        ErrorCode::TournamentDuration,
        req.duration_ms,
        limits.min_duration,
        limits.max_duration,
    )?;
    let delay = within(
        "the start",
        ErrorCode::TournamentStart,
        req.start_in_ms.unwrap_or(0),
        std::time::Duration::ZERO,
        limits.max_start_delay,
    )?;
    let name = match &req.name {
        None => format!("{} arena", kind.title()),
        Some(name) => crate::chat::text::clean(name)
            .ok()
            .filter(|n| n.chars().count() <= MAX_NAME)
            .ok_or_else(|| {
                ApiError::bad_request(format!("a tournament name has 1 to {MAX_NAME} characters"))
                    .code(ErrorCode::TournamentName)
                    .param("n", MAX_NAME)
            })?,
    };
    let starts_at = now + delay;
    Ok(Tournament {
        id: TournamentId::random(),
        name,
        creator,
        kind,
        options: options.into_iter().collect(),
        speed: req.clock.speed(),
        clock: req.clock,
        starts_at,
        ends_at: starts_at + duration,
        stored_status: TournamentStatus::at(now, starts_at, starts_at + duration, false),
        created_at: now,
    })
}

/// `POST /api/tournaments`.
pub async fn create(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TournamentAnswer>> {
    let user = registered(&app, &headers, "create tournaments").await?;
    let req: CreateTournament = json_body(body)?;
    let now = now_ms();
    let tournament = with_board_quota(&app, addr.ip(), || {
        new_tournament(&app, &req, user.clone(), now)
    })??;
    let row = tournament.to_row().map_err(ApiError::internal)?;
    // The caps hold for creations sent at once, to any process: counted in
    // the store, in the transaction that stores the tournament.
    let limits = &app.tournaments.limits;
    let caps = StoreCaps::default()
        .with(
            Cap::new(
                Counted::OpenTournamentsOf(user.id.as_str().to_owned()),
                limits.per_user,
            ),
            ApiError::too_many(format!(
                "you have {} tournaments upcoming or running already; wait for one to finish",
                limits.per_user
            ))
            .code(ErrorCode::TournamentsYours)
            .param("n", limits.per_user),
        )
        .with(
            Cap::new(Counted::OpenTournaments, limits.total),
            ApiError::too_many(format!(
                "{} tournaments are upcoming or running already; try again later",
                limits.total
            ))
            .code(ErrorCode::TournamentsAll)
            .param("n", limits.total),
        );
    app.store
        .insert_tournament(&row, caps.caps())
        .await
        .map_err(|e| caps.refusal(e))?;
    app.tournaments.changed();
    answer(&app, &tournament.id).await
}

/// The tournament named in a path, or 404.
async fn tournament_row(app: &App, id: &str) -> ApiResult<(TournamentId, TournamentRow)> {
    let not_found = || ApiError::not_found("no such tournament").code(ErrorCode::NoSuchTournament);
    let id = TournamentId::parse(id).map_err(|_| not_found())?;
    let row = app
        .store
        .tournament(id.as_str())
        .await?
        .ok_or_else(not_found)?;
    Ok((id, row))
}

/// A tournament read now.
async fn snapshot(app: &App, row: &TournamentRow) -> ApiResult<Snapshot> {
    Snapshot::load(&app.store, row, now_ms())
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))
}

/// The answer with tournament `id` as it is now.
async fn answer(app: &App, id: &TournamentId) -> ApiResult<Json<TournamentAnswer>> {
    let (_, row) = tournament_row(app, id.as_str()).await?;
    Ok(Json(TournamentAnswer {
        tournament: snapshot(app, &row).await?.view(now_ms()),
    }))
}

/// `GET /api/tournaments`.
pub async fn list(State(app): State<AppState>) -> ApiResult<Json<TournamentsView>> {
    let total = i64::try_from(app.tournaments.limits.total).unwrap_or(i64::MAX);
    let now = now_ms();
    let pending_after = now - PENDING_MS;
    let summary = |listing: &TournamentListing| -> ApiResult<TournamentSummary> {
        let tournament = Tournament::from_row(&listing.tournament).map_err(ApiError::internal)?;
        let players = usize::try_from(listing.players).unwrap_or(0);
        Ok(tournament.summary(now, players, listing.live > 0))
    };
    let (mut open, mut finished) = (Vec::new(), Vec::new());
    for listing in app
        .store
        .tournament_listings(false, total, pending_after)
        .await?
    {
        let summary = summary(&listing)?;
        // One that just finished, before the driver stored it so.
        if summary.status == TournamentStatus::Finished {
            finished.push(summary);
        } else {
            open.push(summary);
        }
    }
    for listing in app
        .store
        .tournament_listings(true, FINISHED_LISTED, pending_after)
        .await?
    {
        finished.push(summary(&listing)?);
    }
    Ok(Json(TournamentsView { open, finished }))
}

/// `GET /api/tournaments/{id}`.
pub async fn get(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<TournamentAnswer>> {
    let (id, _) = tournament_row(&app, &id).await?;
    answer(&app, &id).await
}

/// `POST /api/tournaments/{id}/join`: join, or come back after
/// withdrawing.
pub async fn join(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<TournamentAnswer>> {
    let user = registered(&app, &headers, "join tournaments").await?;
    let (id, row) = tournament_row(&app, &id).await?;
    let now = now_ms();
    if !snapshot(&app, &row).await?.status(now).open() {
        return Err(ApiError::conflict("the tournament is over").code(ErrorCode::TournamentOver));
    }
    count_attempt(
        &app.tournaments.actions,
        user.id.as_str(),
        "tournament joins and withdrawals",
    )?;
    let cap = app.tournaments.limits.players;
    let view = serde_json::to_string(&user).map_err(ApiError::internal)?;
    let cap_count = i64::try_from(cap).unwrap_or(i64::MAX);
    if !app
        .store
        .join_tournament(id.as_str(), user.id.as_str(), &view, cap_count, now)
        .await?
    {
        return Err(
            ApiError::conflict(format!("the tournament is full ({cap} players)"))
                .code(ErrorCode::TournamentFull)
                .param("n", cap),
        );
    }
    app.tournaments.changed();
    answer(&app, &id).await
}

/// `POST /api/tournaments/{id}/withdraw`: stop being paired (a game being
/// played goes on; joining again comes back with the points kept).
pub async fn withdraw(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<TournamentAnswer>> {
    let user = require_user(&app, &headers).await?;
    let (id, _) = tournament_row(&app, &id).await?;
    count_attempt(
        &app.tournaments.actions,
        user.id.as_str(),
        "tournament joins and withdrawals",
    )?;
    if !app
        .store
        .pause_entrant(id.as_str(), user.id.as_str())
        .await?
    {
        return Err(ApiError::conflict("you have not joined this tournament")
            .code(ErrorCode::TournamentNotJoined));
    }
    app.tournaments.changed();
    answer(&app, &id).await
}

/// `GET /api/games/{id}/tournament`.
pub async fn of_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<GameTournamentView>> {
    let id = game_id(&id)?;
    game_row(&app, &id).await?;
    let link = match app.store.tournament_of_game(id.as_str()).await? {
        Some((id, name)) => Some(TournamentLink {
            id: TournamentId::parse(&id).map_err(ApiError::internal)?,
            name,
        }),
        None => None,
    };
    Ok(Json(GameTournamentView { tournament: link }))
}

/// `GET /api/tournaments/{id}/ws`: the tournament at once, then after
/// every change; accepts only pings.
pub async fn socket(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let (id, row) = tournament_row(&app, &id).await?;
    let guard = open_socket(&app.guards.lobby_sockets, addr)?;
    let session = SocketSession::of(&app, &headers).await;
    // Followed before the first view is read: no change falls between.
    let mut pushes = TournamentPushes {
        feed: app.tournaments.subscribe(&id),
    };
    let first = message_text(&snapshot(&app, &row).await?, now_ms());
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |mut socket| async move {
            let _guard = guard;
            if socket.send(Message::Text(first)).await.is_ok() {
                let refusal = "the tournament socket accepts only ping";
                serve_pushes(&app, socket, &mut pushes, refusal, session).await;
            }
        })
        .into_response())
}

/// A tournament socket's pushes: the tournament's view after each change.
struct TournamentPushes {
    feed: tokio::sync::watch::Receiver<Option<Utf8Bytes>>,
}

impl Pushes for TournamentPushes {
    async fn next(&mut self) -> Option<Utf8Bytes> {
        loop {
            self.feed.changed().await.ok()?;
            if let Some(text) = self.feed.borrow_and_update().clone() {
                return Some(text);
            }
        }
    }
}
