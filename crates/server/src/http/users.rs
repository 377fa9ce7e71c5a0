//! Players: profile with ratings, finished games, leaderboards.

use crate::clock::SPEEDS;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserView;
use crate::http::games::list_rows;
use crate::http::{query, AppState};
use crate::store::GameFilter;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::Json;
use gamut_games::GameKind;
use serde::Deserialize;
use serde_json::{json, Value};

/// `GET /api/users/{name}`.
pub async fn user(State(app): State<AppState>, Path(name): Path<String>) -> ApiResult<Json<Value>> {
    let (user, _) = app
        .store
        .user_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no player '{name}'")))?;
    let ratings: Vec<Value> = app
        .store
        .user_ratings(&user.id)
        .await?
        .into_iter()
        .map(|(game, speed, r)| {
            json!({"game": game, "speed": speed, "rating": r.rating, "deviation": r.deviation,
                   "volatility": r.volatility, "games": r.games})
        })
        .collect();
    Ok(Json(
        json!({"user": UserView::from(&user), "ratings": ratings}),
    ))
}

/// Paging query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageQuery {
    limit: Option<i64>,
    before: Option<i64>,
    speed: Option<String>,
}

/// `GET /api/users/{name}/games`: finished games, newest first.
pub async fn user_games(
    State(app): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let (user, _) = app
        .store
        .user_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no player '{name}'")))?;
    let filter = GameFilter {
        status: Some("finished".into()),
        user_id: Some(user.id),
        before: q.before,
        limit: q.limit.unwrap_or(50).clamp(1, 100),
        ..GameFilter::default()
    };
    Ok(Json(json!({"games": list_rows(&app, filter).await?})))
}

/// `GET /api/leaderboard/{game}`.
pub async fn leaderboard(
    State(app): State<AppState>,
    Path(game): Path<String>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let kind: GameKind = game
        .parse()
        .map_err(|e| ApiError::bad_request(format!("{e}")))?;
    if let Some(speed) = &q.speed {
        if !SPEEDS.contains(&speed.as_str()) {
            return Err(ApiError::bad_request(format!("unknown speed '{speed}'")));
        }
    }
    let limit = q.limit.unwrap_or(50).clamp(1, 100);
    let rows = app
        .store
        .leaderboard(kind.name(), q.speed.as_deref(), limit * 5)
        .await?;
    let mut seen = std::collections::HashSet::new();
    let entries: Vec<Value> = rows
        .into_iter()
        .filter(|(name, _, _)| seen.insert(name.clone()))
        .take(usize::try_from(limit).unwrap_or(50))
        .enumerate()
        .map(|(i, (name, speed, r))| {
            json!({"rank": i + 1, "name": name, "speed": speed, "rating": r.rating,
                   "deviation": r.deviation, "games": r.games})
        })
        .collect();
    Ok(Json(
        json!({"game": kind.name(), "speed": q.speed, "entries": entries}),
    ))
}
