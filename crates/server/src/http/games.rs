//! Creating, joining, cancelling, listing and reading games; the lobby.

use crate::error::{ApiError, ApiResult};
use crate::game::event::StoredEvent;
use crate::game::meta::{GameMeta, Pairing};
use crate::game::state::{summary_from_row, GameState};
use crate::http::{current_user, json_body, query, require_user, App, AppState};
use crate::http::{invitations, limits};
use crate::ids::RandomId;
use crate::rating;
use crate::store::{EventRow, GameFilter, GameRow, Joiner, NewGame};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::game::{GameSummary, GameView};
use gamut_protocol::ids::{now_ms, GameId};
use gamut_protocol::requests::{page_limit, CreateGame, ListQuery, Opponent};
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::{Seat, UserView};
use gamut_protocol::views::{CreatedView, GamesView, JoinedView, LobbyView, OkView};
use gamut_protocol::ErrorCode;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

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
        return Err(ApiError::bad_request(
            "games from a set position are not rated",
        ));
    }
    let game = kind
        .new_match(options, Some(position.trim()))
        .map_err(|e| {
            ApiError::bad_request(format!("bad position: {e}"))
                .code(ErrorCode::BadPosition)
                .param("detail", e)
        })?;
    if game.outcome().is_some() {
        return Err(ApiError::bad_request(
            "the game is already over in that position",
        ));
    }
    Ok(game.start_text())
}

/// A human seat with the user's current rating (none for a guest, who is
/// never rated).
pub async fn human_seat(
    app: &App,
    user: &UserView,
    kind: GameKind,
    speed: Speed,
) -> ApiResult<Seat> {
    if user.guest {
        return Ok(Seat::person(user.clone(), 0));
    }
    let r = app
        .store
        .rating(user.id.as_str(), kind.name(), speed.as_str())
        .await?
        .unwrap_or_else(rating::initial);
    Ok(Seat::person(user.clone(), r.rating.round() as i32))
}

/// The `started` event for a game whose seats are now filled (a day of
/// a days-per-move control lasting `day`), and the deadline of the side
/// to move if a clock runs.
fn started_event(meta: &GameMeta, at: i64, day: Duration) -> ApiResult<(EventRow, Option<i64>)> {
    let state = GameState::new(meta.clone()).map_err(ApiError::internal)?;
    let first = state.game.side_to_move();
    let clocks = meta.clock.start(at, Some(first), day);
    let event = StoredEvent::Started {
        players: meta.seats.clone(),
        clocks,
    };
    let row = EventRow {
        version: 1,
        at,
        payload: serde_json::to_string(&event).map_err(ApiError::internal)?,
    };
    Ok((row, clocks.and_then(|c| c.deadline())))
}

/// A game's summary from its row.
pub fn summary(row: &GameRow) -> ApiResult<GameSummary> {
    summary_from_row(row).map_err(ApiError::internal)
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
        let options = kind
            .normalise_options(&pairs)
            .map_err(|e| ApiError::bad_request(format!("{e}")))?;
        let start = req
            .position
            .as_deref()
            .map(|p| start_position(kind, &options, p, req.rated))
            .transpose()?;
        Ok::<_, ApiError>((options, start))
    })??;
    req.clock.validate().map_err(ApiError::bad_request)?;
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

/// Where the person creating a game sits down from, and whom the game is
/// for: what the caps on open games count ([`limits::StoreCaps::games`]).
#[derive(Clone, Copy, Debug)]
pub struct Seated<'a> {
    /// The creator's address.
    pub addr: IpAddr,
    /// The player challenged by name, if any (stored as the game's
    /// invitee, in the same transaction).
    pub invitee: Option<&'a UserView>,
}

/// Stores the new game `meta` created by `creator` (started at once if
/// both seats are filled), starts its task and tells the lobby; its row.
/// A game a person creates (`seated`) is refused (429) past the caps on
/// open games, checked in the store's transaction; one the server pairs
/// (a tournament's) is bounded by its tournament.
pub async fn store_new_game(
    app: &App,
    meta: &GameMeta,
    creator: &UserView,
    seated: Option<Seated<'_>>,
) -> ApiResult<GameRow> {
    let now = meta.created_at;
    let starts_now = meta.seats.iter().all(Option::is_some);
    let (first_event, deadline) = if starts_now {
        let (event, deadline) = started_event(meta, now, app.day)?;
        (Some(event), deadline)
    } else {
        (None, None)
    };
    let status = if starts_now {
        GameStatus::Live
    } else {
        GameStatus::Waiting
    };
    let row = GameRow {
        deadline,
        ..meta
            .new_row(&creator.id, status, i64::from(starts_now))
            .map_err(ApiError::internal)?
    };
    let address = seated.map(|s| s.addr.to_string());
    let new = NewGame {
        game: &row,
        first_event: first_event.as_ref(),
        seated_from: address.as_deref().map(|a| (creator.id.as_str(), a)),
        invitee: seated.and_then(|s| s.invitee).map(|u| u.id.as_str()),
    };
    let caps = match seated {
        Some(s) => {
            let limits = &app.guards.limits;
            limits::StoreCaps::games(limits, &creator.id, s.addr, Some(meta.pairing), s.invitee)
        }
        None => limits::StoreCaps::default(),
    };
    app.store
        .insert_game_capped(&new, caps.caps())
        .await
        .map_err(|e| caps.refusal(e))?;
    if starts_now {
        app.registry.ensure(&meta.id);
    }
    if starts_now || meta.pairing == Pairing::Seek {
        app.bus.publish_lobby();
    }
    Ok(row)
}

/// The id in a path: a text that is not an id names no game.
pub fn game_id(id: &str) -> ApiResult<GameId> {
    GameId::parse(id).map_err(|_| ApiError::not_found("no such game").code(ErrorCode::NoSuchGame))
}

/// Game `id`'s row, or 404.
pub async fn game_row(app: &App, id: &GameId) -> ApiResult<GameRow> {
    app.store
        .game(id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found("no such game").code(ErrorCode::NoSuchGame))
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

/// Seats `user`, from `addr`, in the waiting game `id` and starts it; its
/// row. Refused (429) past the caps on open games of the person and the
/// address.
pub async fn join_as(app: &App, id: &GameId, user: &UserView, addr: IpAddr) -> ApiResult<GameRow> {
    let row = game_row(app, id).await?;
    let status: GameStatus = row.status.parse().map_err(ApiError::internal)?;
    if status != GameStatus::Waiting {
        return Err(
            ApiError::conflict("game is not waiting for a player").code(ErrorCode::NotWaiting)
        );
    }
    if row.creator == user.id.as_str() {
        return Err(ApiError::forbidden("you cannot join your own game").code(ErrorCode::OwnGame));
    }
    if row.rated && user.guest {
        return Err(
            ApiError::forbidden("guests cannot play rated games").code(ErrorCode::GuestRated)
        );
    }
    let mut meta = GameMeta::from_row(&row).map_err(ApiError::internal)?;
    let seat = meta.seats.iter().position(Option::is_none).ok_or_else(|| {
        ApiError::conflict("game is not waiting for a player").code(ErrorCode::NotWaiting)
    })?;
    let me = human_seat(app, user, meta.kind, meta.speed).await?;
    meta.seats[seat] = Some(me.clone());
    let (started, deadline) = started_event(&meta, now_ms(), app.day)?;
    let seat_text = serde_json::to_string(&me).map_err(ApiError::internal)?;
    let caps = limits::StoreCaps::games(&app.guards.limits, &user.id, addr, None, None);
    let address = addr.to_string();
    let joined = app
        .store
        .join_game(
            id.as_str(),
            &Joiner {
                seat,
                seat_json: &seat_text,
                user_id: user.id.as_str(),
                address: Some(&address),
            },
            &started,
            deadline,
            caps.caps(),
        )
        .await
        .map_err(|e| caps.refusal(e))?;
    if !joined {
        return Err(
            ApiError::conflict("game is not waiting for a player").code(ErrorCode::NotWaiting)
        );
    }
    // Watchers of the waiting game learn that it started.
    match GameState::load(&app.store, id, 0).await {
        Ok(Some((_, published))) => {
            for event in published.into_iter().take(1) {
                app.bus.publish_game(id, std::sync::Arc::new(event));
            }
        }
        Ok(None) => {}
        Err(e) => return Err(ApiError::internal(format!("{e:#}"))),
    }
    app.registry.ensure(id);
    app.bus.publish_lobby();
    game_row(app, id).await
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

/// Which games a list shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// Games with this status.
    pub status: Option<GameStatus>,
    /// Only games paired so.
    pub pairing: Option<Pairing>,
    /// Only games with this user (by id) in a seat.
    pub user_id: Option<String>,
    /// Only this game.
    pub game: Option<GameKind>,
    /// Created before this instant.
    pub before: Option<i64>,
    /// At most this many.
    pub limit: i64,
}

impl Listing {
    /// The store's filter for this listing.
    fn filter(&self) -> GameFilter {
        GameFilter {
            status: self.status.map(|s| s.as_str().to_owned()),
            user_id: self.user_id.clone(),
            game: self.game.map(|g| g.name().to_owned()),
            kind: self.pairing.map(|p| p.as_str().to_owned()),
            before: self.before,
            limit: self.limit,
        }
    }
}

/// Lists games (shared with the per-user history).
pub async fn list_summaries(app: &App, listing: &Listing) -> ApiResult<Vec<GameSummary>> {
    let rows = app.store.list_games(&listing.filter()).await?;
    rows.iter().map(summary).collect()
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

/// How many live games the lobby lists.
pub const LOBBY_LIVE_GAMES: i64 = 20;

/// The lobby: open seeks and the [`LOBBY_LIVE_GAMES`] newest games being
/// played, newest first.
pub async fn lobby_view(app: &App) -> ApiResult<LobbyView> {
    let seeks = Listing {
        status: Some(GameStatus::Waiting),
        pairing: Some(Pairing::Seek),
        limit: 100,
        ..Listing::default()
    };
    let live = Listing {
        status: Some(GameStatus::Live),
        limit: LOBBY_LIVE_GAMES,
        ..Listing::default()
    };
    // Bots' seeks are for bots (who find them with `GET /api/games`):
    // the lobby's are the ones people can take.
    let mut seeks = list_summaries(app, &seeks).await?;
    seeks.retain(|s| !s.players.iter().flatten().any(crate::bots::is_bot_seat));
    Ok(LobbyView {
        seeks,
        live: list_summaries(app, &live).await?,
    })
}

/// `GET /api/lobby`.
pub async fn lobby(State(app): State<AppState>) -> ApiResult<Json<LobbyView>> {
    Ok(Json(lobby_view(&app).await?))
}

/// Loads a game's state (rebuilt from its events); `id` as given in a
/// path.
pub async fn load_state(app: &App, id: &str) -> ApiResult<GameState> {
    let id = game_id(id)?;
    match GameState::load(&app.store, &id, i64::MAX).await {
        Ok(Some((state, _))) => Ok(state),
        Ok(None) => Err(ApiError::not_found("no such game").code(ErrorCode::NoSuchGame)),
        Err(e) => Err(ApiError::internal(format!("{e:#}"))),
    }
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
