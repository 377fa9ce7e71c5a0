//! Players: profile with ratings, finished games, leaderboards.

use crate::clock::Speed;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserView;
use crate::game::status::GameStatus;
use crate::http::games::{list_summaries, Listing};
use crate::http::requests::{page_limit, PageQuery};
use crate::http::views::{GamesView, LeaderEntry, LeaderboardView, ProfileView, RatingView};
use crate::http::{query, AppState};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::Json;
use gamut_games::GameKind;

/// A game and a speed as the store names them, checked.
fn stored_kind_and_speed(game: &str, speed: &str) -> ApiResult<(GameKind, Speed)> {
    let kind = game
        .parse()
        .map_err(|e| ApiError::internal(format!("stored rating: {e}")))?;
    let speed = speed
        .parse()
        .map_err(|e| ApiError::internal(format!("stored rating: {e}")))?;
    Ok((kind, speed))
}

/// `GET /api/users/{name}`.
pub async fn user(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<ProfileView>> {
    let (user, _) = app
        .store
        .user_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no player '{name}'")))?;
    let ratings = app
        .store
        .user_ratings(&user.id)
        .await?
        .into_iter()
        .map(|(game, speed, r)| {
            let (game, speed) = stored_kind_and_speed(&game, &speed)?;
            Ok(RatingView {
                game,
                speed,
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                games: r.games,
            })
        })
        .collect::<ApiResult<_>>()?;
    Ok(Json(ProfileView {
        user: UserView::from_row(&user).map_err(ApiError::internal)?,
        ratings,
    }))
}

/// `GET /api/users/{name}/games`: finished games, newest first.
pub async fn user_games(
    State(app): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Json<GamesView>> {
    let q = query(q)?;
    let (user, _) = app
        .store
        .user_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no player '{name}'")))?;
    let listing = Listing {
        status: Some(GameStatus::Finished),
        user_id: Some(user.id),
        before: q.before,
        limit: page_limit(q.limit),
        ..Listing::default()
    };
    Ok(Json(GamesView {
        games: list_summaries(&app, &listing).await?,
    }))
}

/// `GET /api/leaderboard/{game}`.
pub async fn leaderboard(
    State(app): State<AppState>,
    Path(game): Path<String>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Json<LeaderboardView>> {
    let q = query(q)?;
    let kind: GameKind = game
        .parse()
        .map_err(|e| ApiError::bad_request(format!("{e}")))?;
    let limit = page_limit(q.limit);
    let rows = app
        .store
        .leaderboard(kind.name(), q.speed.map(Speed::as_str), limit * 5)
        .await?;
    let mut seen = std::collections::HashSet::new();
    let entries = rows
        .into_iter()
        .filter(|(name, _, _)| seen.insert(name.clone()))
        .take(usize::try_from(limit).unwrap_or(50))
        .enumerate()
        .map(|(i, (name, speed, r))| {
            let (_, speed) = stored_kind_and_speed(kind.name(), &speed)?;
            Ok(LeaderEntry {
                rank: i + 1,
                name,
                speed,
                rating: r.rating,
                deviation: r.deviation,
                games: r.games,
            })
        })
        .collect::<ApiResult<_>>()?;
    Ok(Json(LeaderboardView {
        game: kind,
        speed: q.speed,
        entries,
    }))
}
