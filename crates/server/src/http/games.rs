//! Creating, joining, cancelling, listing and reading games; the lobby.

use crate::clock::ClockControl;
use crate::error::{ApiError, ApiResult};
use crate::game::event::StoredEvent;
use crate::game::meta::{options_json, GameMeta, Seat, UserView};
use crate::game::state::{summary_from_row, GameState};
use crate::http::{current_user, json_body, query, require_user, App, AppState};
use crate::ids::{is_id, new_id, now_ms};
use crate::rating;
use crate::store::{EventRow, GameFilter, GameRow, UserRow};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_ai::Level;
use gamut_games::GameKind;
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// Who the creator plays against.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// The computer at a level.
    Computer {
        /// Level name.
        level: String,
    },
    /// Anyone, from the lobby.
    Seek,
    /// Whoever gets the link.
    Challenge,
}

/// `POST /api/games` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    game: String,
    #[serde(default)]
    options: Map<String, Value>,
    clock: ClockControl,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    side: Option<String>,
    opponent: Opponent,
    /// A position text to start from instead of the standard start (a
    /// custom set-up; never rated).
    #[serde(default)]
    position: Option<String>,
}

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
        .map_err(|e| ApiError::bad_request(format!("bad position: {e}")))?;
    if game.outcome().is_some() {
        return Err(ApiError::bad_request(
            "the game is already over in that position",
        ));
    }
    Ok(game.start_text())
}

/// A human seat with the user's current rating.
async fn human_seat(app: &App, user: &UserRow, game: &str, speed: &str) -> ApiResult<Seat> {
    let r = app
        .store
        .rating(&user.id, game, speed)
        .await?
        .unwrap_or_else(rating::initial);
    Ok(Seat::Human {
        user: UserView::from(user),
        rating: r.rating.round() as i64,
    })
}

fn option_pairs(options: &Map<String, Value>) -> ApiResult<Vec<(String, String)>> {
    if options.len() > 32 {
        return Err(ApiError::bad_request("too many options"));
    }
    options
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => if *b { "on" } else { "off" }.to_owned(),
                _ => {
                    return Err(ApiError::bad_request(format!(
                        "option '{k}' must be a string"
                    )))
                }
            };
            Ok((k.clone(), v))
        })
        .collect()
}

/// The `started` event for a game whose seats are now filled.
fn started_event(meta: &GameMeta, at: i64) -> ApiResult<EventRow> {
    let state = GameState::new(meta.clone()).map_err(ApiError::internal)?;
    let first = state.game.side_to_move().index();
    let event = StoredEvent::Started {
        players: meta.seats.clone(),
        clocks: meta.clock.start(at, Some(first)),
    };
    Ok(EventRow {
        version: 1,
        at,
        payload: serde_json::to_string(&event).map_err(ApiError::internal)?,
    })
}

fn seat_json(seat: &Option<Seat>) -> ApiResult<Option<String>> {
    seat.as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(ApiError::internal)
}

fn summary(row: &GameRow) -> ApiResult<Value> {
    summary_from_row(row).map_err(ApiError::internal)
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let user = require_user(&app, &headers).await?;
    let req: CreateGame = json_body(body)?;
    let kind: GameKind = req
        .game
        .parse()
        .map_err(|e| ApiError::bad_request(format!("{e}")))?;
    let options = kind
        .normalise_options(&option_pairs(&req.options)?)
        .map_err(|e| ApiError::bad_request(format!("{e}")))?;
    let start = req
        .position
        .as_deref()
        .map(|p| start_position(kind, &options, p, req.rated))
        .transpose()?;
    req.clock.validate().map_err(ApiError::bad_request)?;
    let speed = req.clock.speed();
    let side = match req.side.as_deref().unwrap_or("random") {
        "first" => 0,
        "second" => 1,
        "random" => usize::from(rand::random::<bool>()),
        other => {
            return Err(ApiError::bad_request(format!(
                "side '{other}' is not first, second or random"
            )))
        }
    };
    if req.rated && user.guest {
        return Err(ApiError::forbidden("guests cannot play rated games"));
    }
    let me = human_seat(&app, &user, kind.name(), speed).await?;
    let (kind_of_game, other) = match &req.opponent {
        Opponent::Computer { level } => {
            let level: Level = level.parse().map_err(ApiError::bad_request)?;
            if req.rated {
                return Err(ApiError::bad_request(
                    "games against the computer are not rated",
                ));
            }
            (
                "computer",
                Some(Seat::Computer {
                    computer: level.name().to_owned(),
                }),
            )
        }
        Opponent::Seek => ("seek", None),
        Opponent::Challenge => ("challenge", None),
    };
    let mut seats = [None, None];
    seats[side] = Some(me);
    seats[1 - side] = other;
    let now = now_ms();
    let meta = GameMeta {
        id: new_id(),
        kind,
        options: options.clone(),
        start: start.clone(),
        clock: req.clock,
        speed: speed.to_owned(),
        rated: req.rated,
        kind_of_game: kind_of_game.to_owned(),
        seats,
        created_at: now,
    };
    let starts_now = meta.seats.iter().all(Option::is_some);
    let first_event = if starts_now {
        Some(started_event(&meta, now)?)
    } else {
        None
    };
    let mut users = [None, None];
    users[side] = Some(user.id.clone());
    let row = GameRow {
        id: meta.id.clone(),
        game: kind.name().to_owned(),
        options: options_json(&options).to_string(),
        start_text: start,
        clock: serde_json::to_string(&req.clock).map_err(ApiError::internal)?,
        speed: speed.to_owned(),
        rated: req.rated,
        kind: kind_of_game.to_owned(),
        status: if starts_now { "live" } else { "waiting" }.to_owned(),
        seats: [seat_json(&meta.seats[0])?, seat_json(&meta.seats[1])?],
        users,
        creator: user.id.clone(),
        version: i64::from(starts_now),
        moves: 0,
        result: None,
        created_at: now,
        ended_at: None,
    };
    app.store.insert_game(&row, first_event.as_ref()).await?;
    if starts_now {
        app.registry.ensure(&row.id);
    }
    if starts_now || kind_of_game == "seek" {
        app.bus.publish_lobby();
    }
    Ok(Json(
        json!({"game": summary(&row)?, "url": format!("/game/{}", row.id)}),
    ))
}

async fn game_row(app: &App, id: &str) -> ApiResult<GameRow> {
    if !is_id(id) {
        return Err(ApiError::not_found("no such game"));
    }
    app.store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::not_found("no such game"))
}

/// `POST /api/games/{id}/join`.
pub async fn join(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let user = require_user(&app, &headers).await?;
    let row = game_row(&app, &id).await?;
    if row.status != "waiting" {
        return Err(ApiError::conflict("game is not waiting for a player"));
    }
    if row.creator == user.id {
        return Err(ApiError::forbidden("you cannot join your own game"));
    }
    if row.rated && user.guest {
        return Err(ApiError::forbidden("guests cannot play rated games"));
    }
    let mut meta = GameMeta::from_row(&row).map_err(ApiError::internal)?;
    let seat = meta
        .seats
        .iter()
        .position(Option::is_none)
        .ok_or_else(|| ApiError::conflict("game is not waiting for a player"))?;
    let me = human_seat(&app, &user, &row.game, &row.speed).await?;
    meta.seats[seat] = Some(me.clone());
    let started = started_event(&meta, now_ms())?;
    let seat_text = serde_json::to_string(&me).map_err(ApiError::internal)?;
    if !app
        .store
        .join_game(&id, seat, &seat_text, &user.id, &started)
        .await?
    {
        return Err(ApiError::conflict("game is not waiting for a player"));
    }
    // Watchers of the waiting game learn that it started.
    match GameState::load(&app.store, &id, 0).await {
        Ok(Some((_, published))) => {
            for event in published.into_iter().take(1) {
                app.bus.publish_game(&id, std::sync::Arc::new(event));
            }
        }
        Ok(None) => {}
        Err(e) => return Err(ApiError::internal(format!("{e:#}"))),
    }
    app.registry.ensure(&id);
    app.bus.publish_lobby();
    let row = game_row(&app, &id).await?;
    Ok(Json(json!({"game": summary(&row)?})))
}

/// `DELETE /api/games/{id}`.
pub async fn cancel(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let user = require_user(&app, &headers).await?;
    let row = game_row(&app, &id).await?;
    if !app.store.cancel_waiting(&row.id, &user.id).await? {
        return Err(ApiError::conflict(
            "only its creator can cancel a waiting game",
        ));
    }
    app.bus.publish_lobby();
    Ok(Json(json!({"ok": true})))
}

/// `GET /api/games` query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    status: Option<String>,
    player: Option<String>,
    game: Option<String>,
    limit: Option<i64>,
    before: Option<i64>,
}

/// Lists games by filter (shared with the per-user history).
pub async fn list_rows(app: &App, filter: GameFilter) -> ApiResult<Vec<Value>> {
    let rows = app.store.list_games(&filter).await?;
    rows.iter().map(summary).collect()
}

/// `GET /api/games`.
pub async fn list(
    State(app): State<AppState>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let status = q.status.unwrap_or_else(|| "live".into());
    if !["waiting", "live", "finished"].contains(&status.as_str()) {
        return Err(ApiError::bad_request("status is waiting, live or finished"));
    }
    let user_id = match &q.player {
        Some(name) => match app.store.user_by_name(name).await? {
            Some((user, _)) => Some(user.id),
            None => return Err(ApiError::not_found(format!("no player '{name}'"))),
        },
        None => None,
    };
    let game = match &q.game {
        Some(g) => Some(
            g.parse::<GameKind>()
                .map_err(|e| ApiError::bad_request(format!("{e}")))?
                .name()
                .to_owned(),
        ),
        None => None,
    };
    let filter = GameFilter {
        kind: (status == "waiting").then(|| "seek".to_owned()),
        status: Some(status),
        user_id,
        game,
        before: q.before,
        limit: q.limit.unwrap_or(50).clamp(1, 100),
    };
    Ok(Json(json!({"games": list_rows(&app, filter).await?})))
}

/// The open seeks, newest first.
pub async fn seeks(app: &App) -> ApiResult<Vec<Value>> {
    list_rows(
        app,
        GameFilter {
            status: Some("waiting".into()),
            kind: Some("seek".into()),
            limit: 100,
            ..GameFilter::default()
        },
    )
    .await
}

/// The games being played, newest first (the lobby shows the first
/// [`LOBBY_LIVE_GAMES`]).
pub async fn live_games(app: &App) -> ApiResult<Vec<Value>> {
    list_rows(
        app,
        GameFilter {
            status: Some("live".into()),
            limit: LOBBY_LIVE_GAMES,
            ..GameFilter::default()
        },
    )
    .await
}

/// How many live games the lobby lists.
pub const LOBBY_LIVE_GAMES: i64 = 20;

/// The lobby: open seeks and games being played.
pub async fn lobby_view(app: &App) -> ApiResult<Value> {
    Ok(json!({"seeks": seeks(app).await?, "live": live_games(app).await?}))
}

/// `GET /api/lobby`.
pub async fn lobby(State(app): State<AppState>) -> ApiResult<Json<Value>> {
    Ok(Json(lobby_view(&app).await?))
}

/// Loads a game's state (rebuilt from its events).
pub async fn load_state(app: &App, id: &str) -> ApiResult<GameState> {
    if !is_id(id) {
        return Err(ApiError::not_found("no such game"));
    }
    match GameState::load(&app.store, id, i64::MAX).await {
        Ok(Some((state, _))) => Ok(state),
        Ok(None) => Err(ApiError::not_found("no such game")),
        Err(e) => Err(ApiError::internal(format!("{e:#}"))),
    }
}

/// `GET /api/games/{id}`: the state as the caller may see it.
pub async fn get_game(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let state = load_state(&app, &id).await?;
    let viewer = current_user(&app, &headers)
        .await?
        .and_then(|u| state.meta.side_of(&u.id));
    Ok(Json(state.view(viewer)))
}
