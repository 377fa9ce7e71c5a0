//! Creating, joining, cancelling, listing and reading games; the lobby.

use crate::error::{ApiError, ApiResult};
use crate::games::{
    game_id, game_row, human_seat, join_as, list_summaries, load_state, lobby_view, store_new_game,
    summary, Listing, Seated,
};
use crate::game::meta::{GameMeta, Pairing};
use crate::http::{current_user, json_body, query, require_user};
use crate::app::AppState;
use crate::http::invitations;
use crate::limits;
use crate::ids::RandomId;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::{ClockControl, DAYS_PER_MOVE};
use gamut_protocol::game::GameView;
use gamut_protocol::ids::{now_ms, GameId};
use gamut_protocol::requests::{page_limit, CreateGame, ListQuery, Opponent};
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::Seat;
use gamut_protocol::views::{CreatedView, GamesView, JoinedView, LobbyView, OkView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The longest start position text accepted.
const MAX_POSITION: usize = 2048;

/// Checks a requested start position; its canonical text.
fn start_position(
    kind: GameKind,
    options: &[(String, String)],
    position: &str,
    rated: bool,
) -> ApiResult<String> {
    if position.len() > MAX_POSITION {
        return Err(ApiError::bad_request(format!(
            "the position is longer than {MAX_POSITION} characters"
        )));
    }
    if rated {
        return Err(
            ApiError::bad_request("games from a set position are not rated")
                .code(ErrorCode::PositionRated),
        );
    }
    let game = kind
        .new_match(options, Some(position.trim()))
        .map_err(|e| {
            ApiError::bad_request(format!("bad position: {e}"))
                .code(ErrorCode::BadPosition)
                .param("detail", e)
        })?;
    if game.outcome().is_some() {
        return Err(
            ApiError::bad_request("the game is already over in that position")
                .code(ErrorCode::PositionOver),
        );
    }
    Ok(game.start_text())
}

/// Checks a clock's limits: days per move not offered answer
/// [`ErrorCode::ClockDays`] with the days that are.
pub fn check_clock(clock: &ClockControl) -> ApiResult<()> {
    clock.validate().map_err(|e| {
        let error = ApiError::bad_request(e);
        match clock {
            ClockControl::Correspondence { .. } => error.code(ErrorCode::ClockDays).param(
                "days",
                DAYS_PER_MOVE.map(|d| d.to_string()).join(", "),
            ),
            _ => error,
        }
    })
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<CreatedView>> {
    let user = require_user(&app, &headers).await?;
    let req: CreateGame = json_body(body)?;
    let kind = req.game;
    let pairs = req.option_pairs().map_err(ApiError::bad_request)?;
    let (options, start) = limits::with_board_quota(&app, addr.ip(), || {
        let options = kind.normalise_options(&pairs).map_err(ApiError::from)?;
        let start = req
            .position
            .as_deref()
            .map(|p| start_position(kind, &options, p, req.rated))
            .transpose()?;
        Ok::<_, ApiError>((options, start))
    })??;
    check_clock(&req.clock)?;
    let speed = req.clock.speed();
    let side = req.side.unwrap_or_default().fixed().unwrap_or_else(|| {
        if rand::random::<bool>() {
            Player::Second
        } else {
            Player::First
        }
    });
    if req.rated && user.guest {
        return Err(
            ApiError::forbidden("guests cannot play rated games").code(ErrorCode::GuestRated)
        );
    }
    let me = human_seat(&app, &user, kind, speed).await?;
    let (pairing, other) = match req.opponent {
        Opponent::Computer { level } => {
            if req.rated {
                return Err(ApiError::bad_request(
                    "games against the computer are not rated",
                ));
            }
            (Pairing::Computer, Some(Seat::Computer { computer: level }))
        }
        Opponent::Seek {} => (Pairing::Seek, None),
        Opponent::Challenge { .. } => (Pairing::Challenge, None),
    };
    let invitee = match &req.opponent {
        Opponent::Challenge { user: Some(name) } => {
            let invitee = invitations::invitee(&app, &user, name).await?;
            invitations::check_challenge(&user, &invitee)?;
            limits::count_attempt(&app.guards.seeks_by_user, user.id.as_str(), "challenges")?;
            Some(invitee)
        }
        _ => None,
    };
    // Caps against abuse (open games per person, per address and in all,
    // open seeks, games against the computer, challenges waiting for the
    // invitee) are counted in the store when the game is stored
    // (`store_new_game`); the rate of new seeks here.
    if pairing == Pairing::Seek {
        limits::check_seek_rate(&app, &user.id)?;
    }
    let mut seats = [None, None];
    seats[side.index()] = Some(me);
    seats[side.other().index()] = other;
    let meta = GameMeta {
        id: GameId::random(),
        kind,
        options,
        start,
        clock: req.clock,
        speed,
        rated: req.rated,
        pairing,
        seats,
        created_at: now_ms(),
    };
    let sat = Seated {
        addr: addr.ip(),
        invitee: invitee.as_ref(),
    };
    let row = store_new_game(&app, &meta, &user, Some(sat)).await?;
    if let Some(invitee) = invitee {
        invitations::invite(&app, &meta.id, &user, &invitee).await?;
    }
    Ok(Json(CreatedView {
        game: summary(&row)?,
        url: format!("/game/{}", meta.id),
    }))
}

/// `POST /api/games/{id}/join`.
pub async fn join(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<JoinedView>> {
    let user = require_user(&app, &headers).await?;
    let id = game_id(&id)?;
    invitations::check_join(&app, &id, &user).await?;
    let row = join_as(&app, &id, &user, addr.ip()).await?;
    Ok(Json(JoinedView {
        game: summary(&row)?,
    }))
}

/// `DELETE /api/games/{id}`.
pub async fn cancel(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let row = game_row(&app, &game_id(&id)?).await?;
    if !app.store.cancel_waiting(&row.id, user.id.as_str()).await? {
        return Err(ApiError::conflict(
            "only its creator can cancel a waiting game",
        ));
    }
    app.bus.publish_lobby();
    Ok(Json(OkView::OK))
}

/// `GET /api/games`.
pub async fn list(
    State(app): State<AppState>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult<Json<GamesView>> {
    let q = query(q)?;
    let status = q.status.unwrap_or(GameStatus::Live);
    let user_id = match &q.player {
        Some(name) => match app.store.user_by_name(name).await? {
            Some((user, _)) => Some(user.id),
            None => {
                return Err(ApiError::not_found(format!("no player '{name}'"))
                    .code(ErrorCode::NoPlayer)
                    .param("name", name))
            }
        },
        None => None,
    };
    let listing = Listing {
        status: Some(status),
        // Challenges are private: waiting games listed are seeks.
        pairing: (status == GameStatus::Waiting).then_some(Pairing::Seek),
        user_id,
        game: q.game,
        before: q.before,
        limit: page_limit(q.limit),
    };
    Ok(Json(GamesView {
        games: list_summaries(&app, &listing).await?,
    }))
}

/// `GET /api/lobby`.
pub async fn lobby(State(app): State<AppState>) -> ApiResult<Json<LobbyView>> {
    Ok(Json(lobby_view(&app).await?))
}

/// `GET /api/games/{id}`: the state as the caller may see it.
pub async fn get_game(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<GameView>> {
    let state = load_state(&app, &id).await?;
    let viewer = current_user(&app, &headers)
        .await?
        .and_then(|u| state.meta.side_of(&u.id));
    Ok(Json(
        crate::http::invitations::view(&app, &state, viewer).await?,
    ))
}
