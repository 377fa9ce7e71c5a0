//! Rematches: after a finished game, either player offers one — the same
//! game, options, clock and rating, the sides swapped. Against the computer
//! it starts at once. Between two people the offer is a waiting game sent
//! to the opponent alone (notified); the opponent accepts by offering too
//! (or joining it) and may decline (the waiting game is then deleted and
//! the offerer told).

use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use crate::game::meta::{GameMeta, Pairing};
use crate::games::{game_id, game_row, human_seat, join_as, store_new_game, summary, Seated};
use crate::http::{notifications, require_user};
use crate::app::{App, AppState};
use crate::ids::RandomId;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_core::Player;
use gamut_protocol::ids::{now_ms, GameId, UserId};
use gamut_protocol::notification::NotificationKind;
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::{Seat, UserView};
use gamut_protocol::views::{CreatedView, OkView, RematchView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The finished game `id`, and the side `user` played in it.
async fn finished_game(app: &App, id: &GameId, user: &UserView) -> ApiResult<(GameMeta, Player)> {
    let row = game_row(app, id).await?;
    if row.status != GameStatus::Finished.as_str() {
        return Err(ApiError::conflict("the game is not over").code(ErrorCode::NotOver));
    }
    let meta = GameMeta::from_row(&row).map_err(ApiError::internal)?;
    let side = meta.side_of(&user.id).ok_or_else(|| {
        ApiError::forbidden("you are not a player of this game").code(ErrorCode::NotAPlayer)
    })?;
    Ok((meta, side))
}

/// The new game's answer.
async fn created(app: &App, id: &GameId) -> ApiResult<Json<CreatedView>> {
    let row = game_row(app, id).await?;
    Ok(Json(CreatedView {
        game: summary(&row)?,
        url: format!("/game/{id}"),
    }))
}

/// `POST /api/games/{id}/rematch`: offers a rematch, or accepts the
/// opponent's offer; the new game.
pub async fn offer(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<CreatedView>> {
    let user = require_user(&app, &headers).await?;
    let id = game_id(&id)?;
    let (old, side) = finished_game(&app, &id, &user).await?;
    // A tournament pairs its players again itself (crate::tournament).
    if app.store.tournament_of_game(id.as_str()).await?.is_some() {
        return Err(ApiError::conflict(
            "a tournament game has no rematch: the tournament pairs you again",
        )
        .code(ErrorCode::RematchTournament));
    }
    let me = human_seat(&app, &user, old.kind, old.speed).await?;
    let mut meta = GameMeta {
        id: GameId::random(),
        seats: [None, None],
        created_at: now_ms(),
        ..old.clone()
    };
    // The sides swapped.
    meta.seats[side.other().index()] = Some(me);
    let opponent = match old.seat(side.other()) {
        Some(computer @ Seat::Computer { .. }) => {
            meta.seats[side.index()] = Some(computer.clone());
            let sat = Seated {
                addr: addr.ip(),
                invitee: None,
            };
            store_new_game(&app, &meta, &user, Some(sat)).await?;
            return created(&app, &meta.id).await;
        }
        Some(Seat::Human { user: opponent, .. }) => opponent.clone(),
        None => return Err(ApiError::internal("a finished game with an empty seat")),
    };
    if let Some(answer) = accept(&app, &id, &user, addr.ip()).await? {
        return Ok(answer);
    }
    meta.pairing = Pairing::Challenge;
    let sat = Seated {
        addr: addr.ip(),
        invitee: Some(&opponent),
    };
    store_new_game(&app, &meta, &user, Some(sat)).await?;
    if !app
        .store
        .offer_rematch(id.as_str(), meta.id.as_str(), user.id.as_str())
        .await?
    {
        // The opponent offered at the same moment: take theirs.
        app.store.delete_waiting(meta.id.as_str()).await?;
        if let Some(answer) = accept(&app, &id, &user, addr.ip()).await? {
            return Ok(answer);
        }
        return Err(
            ApiError::conflict("a rematch was offered already").code(ErrorCode::RematchPending)
        );
    }
    let told = crate::notification::fresh(NotificationKind::Rematch, Some(&meta.id), Some(&user))
        .after(&id);
    notifications::send(&app, &opponent.id, told).await?;
    created(&app, &meta.id).await
}

/// If a rematch of `id` was offered: `user`'s own offer again, or the
/// opponent's, which `user` now joins.
async fn accept(
    app: &App,
    id: &GameId,
    user: &UserView,
    addr: std::net::IpAddr,
) -> ApiResult<Option<Json<CreatedView>>> {
    let Some((new_game, by)) = app.store.rematch(id.as_str()).await? else {
        return Ok(None);
    };
    let new_game = GameId::parse(&new_game).map_err(ApiError::internal)?;
    if by == user.id.as_str() {
        return created(app, &new_game).await.map(Some);
    }
    join_as(app, &new_game, user, addr).await?;
    app.store.drop_rematch(id.as_str()).await?;
    created(app, &new_game).await.map(Some)
}

/// `POST /api/games/{id}/rematch/decline`: the opponent of the offer
/// declines it.
pub async fn decline(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let id = game_id(&id)?;
    finished_game(&app, &id, &user).await?;
    let Some((new_game, by)) = app.store.rematch(id.as_str()).await? else {
        return Err(ApiError::conflict("no rematch was offered").code(ErrorCode::NoRematch));
    };
    if by == user.id.as_str() {
        return Err(ApiError::conflict("you offered this rematch").code(ErrorCode::OwnRematch));
    }
    app.store.delete_waiting(&new_game).await?;
    app.store.drop_rematch(id.as_str()).await?;
    let by = UserId::parse(&by).map_err(ApiError::internal)?;
    let told =
        crate::notification::fresh(NotificationKind::RematchDeclined, Some(&id), Some(&user));
    notifications::send(&app, &by, told).await?;
    Ok(Json(OkView::OK))
}

/// `GET /api/games/{id}/rematch`: the rematch offered after the game.
pub async fn pending(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<RematchView>> {
    let id = game_id(&id)?;
    let Some((new_game, by)) = app.store.rematch(id.as_str()).await? else {
        return Ok(Json(RematchView {
            game: None,
            by: None,
        }));
    };
    let by = app
        .store
        .user_by_id(&by)
        .await?
        .map(|u| UserView::from_row(&u))
        .transpose()
        .map_err(ApiError::internal)?;
    Ok(Json(RematchView {
        game: Some(GameId::parse(&new_game).map_err(ApiError::internal)?),
        by,
    }))
}
