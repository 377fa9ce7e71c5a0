//! Challenges sent to one player by name: only that player may join (the
//! link alone is not enough), is notified, and may decline (the waiting
//! game is then deleted and its creator told). A rematch offer between
//! people is such a challenge too, declined here as well.

use crate::bots::pairing_allowed;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::GameMeta;
use crate::game::meta::UserRecord;
use crate::games::{game_id, game_row};
use crate::http::notifications;
use crate::http::require_user;
use crate::app::{App, AppState};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::notification::NotificationKind;
use gamut_protocol::user::UserView;
use gamut_protocol::views::OkView;
use gamut_protocol::ErrorCode;

/// The player named `name` whom `creator` challenges (not oneself).
pub async fn invitee(app: &App, creator: &UserView, name: &str) -> ApiResult<UserView> {
    let (row, _) = app.store.user_by_name(name).await?.ok_or_else(|| {
        ApiError::not_found(format!("no player '{name}'"))
            .code(ErrorCode::NoPlayer)
            .param("name", name)
    })?;
    let user = UserView::from_row(&row).map_err(ApiError::internal)?;
    if user.id == creator.id {
        return Err(
            ApiError::bad_request("you cannot challenge yourself").code(ErrorCode::ChallengeSelf)
        );
    }
    Ok(user)
}

/// Tells `invitee` that `game` (stored as theirs alone with the game:
/// [`crate::games::Seated`]) challenges them.
pub async fn invite(
    app: &App,
    game: &GameId,
    creator: &UserView,
    invitee: &UserView,
) -> ApiResult<()> {
    let told = crate::notification::fresh(NotificationKind::Challenge, Some(game), Some(creator));
    notifications::send(app, &invitee.id, told).await
}

/// Refuses `user` joining `game` if it was sent to someone else, or if it
/// was sent to nobody and would pair a bot with a person
/// ([`crate::bots::pairing_allowed`]).
pub async fn check_join(app: &App, game: &GameId, user: &UserView) -> ApiResult<()> {
    match app.store.invitee(game.as_str()).await? {
        Some(invitee) if invitee != user.id.as_str() => Err(ApiError::forbidden(
            "this challenge was sent to another player",
        )
        .code(ErrorCode::ChallengeOther)),
        Some(_) => Ok(()),
        None => {
            let meta =
                GameMeta::from_row(&game_row(app, game).await?).map_err(ApiError::internal)?;
            let waiting = meta.seats.iter().flatten();
            if waiting.into_iter().all(|seat| pairing_allowed(seat, user)) {
                Ok(())
            } else {
                Err(ApiError::forbidden(BOTS_APART))
            }
        }
    }
}

/// Why a bot and a person cannot be paired but by a challenge by name.
pub const BOTS_APART: &str =
    "bots and people play each other only when a person challenges a bot by name";

/// Refuses a challenge by name from a bot to a person (a person plays a
/// bot only by challenging it).
pub fn check_challenge(creator: &UserView, invitee: &UserView) -> ApiResult<()> {
    if creator.bot && !invitee.bot {
        return Err(ApiError::forbidden(BOTS_APART));
    }
    Ok(())
}

/// `POST /api/games/{id}/decline`: the invited player declines the
/// challenge.
pub async fn decline(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<OkView>> {
    let user = require_user(&app, &headers).await?;
    let id = game_id(&id)?;
    if app.store.invitee(id.as_str()).await?.as_deref() != Some(user.id.as_str()) {
        return Err(ApiError::forbidden("this challenge was not sent to you")
            .code(ErrorCode::ChallengeNotYours));
    }
    let row = game_row(&app, &id).await?;
    if !app.store.delete_waiting(id.as_str()).await? {
        return Err(
            ApiError::conflict("game is not waiting for a player").code(ErrorCode::NotWaiting)
        );
    }
    let creator = UserId::parse(&row.creator).map_err(ApiError::internal)?;
    // A rematch offer declined so is declined as a rematch.
    let told = match app.store.rematch_for(id.as_str()).await? {
        Some(after) => {
            app.store.drop_rematch(&after).await?;
            let after = GameId::parse(&after).map_err(ApiError::internal)?;
            crate::notification::fresh(NotificationKind::RematchDeclined, Some(&after), Some(&user))
        }
        None => {
            crate::notification::fresh(NotificationKind::ChallengeDeclined, Some(&id), Some(&user))
        }
    };
    notifications::send(&app, &creator, told).await?;
    Ok(Json(OkView::OK))
}

/// The name of the player a waiting game (`state`) was sent to alone,
/// if it was (`null` once it started).
pub async fn invitee_name(
    app: &App,
    state: &crate::game::state::GameState,
) -> ApiResult<Option<String>> {
    if state.status() != gamut_protocol::status::GameStatus::Waiting {
        return Ok(None);
    }
    let Some(invitee) = app.store.invitee(state.meta.id.as_str()).await? else {
        return Ok(None);
    };
    Ok(app.store.user_by_id(&invitee).await?.map(|user| user.name))
}

/// The game state as `viewer` sees it, with the invited player of a
/// waiting challenge (`invitee`).
pub async fn view(
    app: &App,
    state: &crate::game::state::GameState,
    viewer: Option<gamut_core::Player>,
) -> ApiResult<gamut_protocol::game::GameView> {
    let invitee = invitee_name(app, state).await?;
    Ok(gamut_protocol::game::GameView {
        invitee,
        ..state.view(viewer)
    })
}
