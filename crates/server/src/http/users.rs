//! Players: profile with ratings and results, rating histories, finished
//! games, leaderboards.

use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use crate::games::{list_summaries, Listing};
use crate::http::query;
use crate::app::AppState;
use axum::extract::rejection::QueryRejection;
use crate::limits::count_attempt;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::Json;
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::requests::{page_limit, PageQuery, RatingHistoryQuery, UserSearchQuery};
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::UserView;
use gamut_protocol::views::{
    UsersView,
    GamesView, LeaderEntry, LeaderboardView, ProfileView, RatingHistoryView, RatingPointView,
    RatingView, ResultsView,
};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

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

/// `GET /api/users?prefix=`: names to suggest when challenging by name,
/// at most `ServerLimits::user_searches_per_minute` per address and
/// `user_searches_per_minute_in_all` in the whole server (429).
pub async fn search(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    q: Result<Query<UserSearchQuery>, QueryRejection>,
) -> ApiResult<Json<UsersView>> {
    let q = query(q)?;
    let prefix = q.prefix.trim();
    if prefix.is_empty() || prefix.chars().count() > 20 {
        return Err(ApiError::bad_request("prefix: 1 to 20 characters"));
    }
    count_attempt(
        &app.guards.user_searches_by_addr,
        &addr.ip().to_string(),
        "name look-ups",
    )?;
    count_attempt(&app.guards.user_searches_in_all, "", "name look-ups")?;
    let limit = i64::try_from(UsersView::MAX).unwrap_or(10);
    let users = app
        .store
        .users_by_prefix(prefix, limit)
        .await?
        .iter()
        .map(UserView::from_row)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(Json(UsersView { users }))
}

/// `GET /api/users/{name}`.
pub async fn user(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<ProfileView>> {
    let (user, _) = app.store.user_by_name(&name).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{name}'"))
            .code(ErrorCode::NoPlayer)
            .param("name", &name)
    })?;
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
    let results = app
        .store
        .results_by_game(&user.id)
        .await?
        .into_iter()
        .map(|r| {
            let game = r
                .game
                .parse()
                .map_err(|e| ApiError::internal(format!("stored game: {e}")))?;
            Ok(ResultsView {
                game,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
            })
        })
        .collect::<ApiResult<_>>()?;
    let member_since = app.store.user_created_at(&user.id).await?.unwrap_or(0);
    Ok(Json(ProfileView {
        user: UserView::from_row(&user).map_err(ApiError::internal)?,
        member_since,
        ratings,
        results,
    }))
}

/// The most points of a rating history one answer holds.
pub const RATING_HISTORY_MAX: i64 = 500;

/// `GET /api/users/{name}/ratings?game=&speed=&limit=`: the rating after
/// each rated game, the newest `limit`, oldest first.
pub async fn rating_history(
    State(app): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<RatingHistoryQuery>, QueryRejection>,
) -> ApiResult<Json<RatingHistoryView>> {
    let q = query(q)?;
    let (user, _) = app.store.user_by_name(&name).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{name}'"))
            .code(ErrorCode::NoPlayer)
            .param("name", &name)
    })?;
    let limit = q.limit.unwrap_or(200).clamp(1, RATING_HISTORY_MAX);
    let points = app
        .store
        .rating_history(&user.id, q.game.name(), q.speed.map(Speed::as_str), limit)
        .await?
        .into_iter()
        .map(|p| {
            let (_, speed) = stored_kind_and_speed(q.game.name(), &p.speed)?;
            Ok(RatingPointView {
                speed,
                rating: p.rating,
                deviation: p.deviation,
                at: p.at,
            })
        })
        .collect::<ApiResult<_>>()?;
    Ok(Json(RatingHistoryView {
        game: q.game,
        speed: q.speed,
        points,
    }))
}

/// `GET /api/users/{name}/games`: finished games, newest first.
pub async fn user_games(
    State(app): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Json<GamesView>> {
    let q = query(q)?;
    let (user, _) = app.store.user_by_name(&name).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{name}'"))
            .code(ErrorCode::NoPlayer)
            .param("name", &name)
    })?;
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
        .filter(|(name, _, _, _)| seen.insert(name.clone()))
        .take(usize::try_from(limit).unwrap_or(50))
        .enumerate()
        .map(|(i, (name, bot, speed, r))| {
            let (_, speed) = stored_kind_and_speed(kind.name(), &speed)?;
            Ok(LeaderEntry {
                rank: i + 1,
                name,
                bot,
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
