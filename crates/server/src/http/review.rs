//! Game reviews (issue 15): `POST /api/games/{id}/review` queues the
//! engine's review of a finished game on the analysis pool (bounded per
//! user, per address and in all), `GET` answers how far it is and, once
//! done, the review ([`crate::review`]).

use crate::error::{ApiError, ApiResult};
use crate::games::load_state;
use crate::http::require_user;
use crate::app::AppState;
use crate::review::NOT_OVER;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_protocol::review::{Review, ReviewState, ReviewView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The review of `id` as being computed or stored (`none` otherwise).
/// The jobs are read before the store: a job is released only once its
/// review is stored, so a review that ends between the two reads is found
/// stored (read the other way round, it would be in neither).
async fn view(app: &AppState, id: &str) -> ApiResult<Option<ReviewView>> {
    if let Some((state, progress)) = app.reviews.progress(id) {
        return Ok(Some(ReviewView {
            state,
            progress: Some(progress),
            review: None,
        }));
    }
    let Some(text) = app.store.review(id).await? else {
        return Ok(None);
    };
    let review: Review = serde_json::from_str(&text).map_err(ApiError::internal)?;
    Ok(Some(ReviewView {
        state: ReviewState::Done,
        progress: None,
        review: Some(review),
    }))
}

/// `GET /api/games/{id}/review` (no session needed).
pub async fn get_review(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<ReviewView>> {
    if let Some(v) = view(&app, &id).await? {
        return Ok(Json(v));
    }
    load_state(&app, &id).await?;
    Ok(Json(ReviewView {
        state: ReviewState::None,
        progress: None,
        review: None,
    }))
}

/// `POST /api/games/{id}/review`: a session; finished games only (409);
/// one review per user, a cap per address
/// ([`crate::review::ReviewLimits::per_address`]) and one in all (429).
/// Answers as `GET`.
pub async fn start_review(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<ReviewView>> {
    let user = require_user(&app, &headers).await?;
    let state = load_state(&app, &id).await?;
    if state.result.is_none() {
        return Err(ApiError::conflict(NOT_OVER).code(ErrorCode::NotOver));
    }
    if let Some(v) = view(&app, &id).await? {
        return Ok(Json(v));
    }
    let moves = state.game.moves();
    let fresh = app
        .reviews
        .claim(&user.id, addr.ip(), &id, moves.len())?;
    if fresh {
        let app = app.clone();
        let id = id.clone();
        tokio::spawn(async move {
            let meta = &state.meta;
            let start = state.game.start_text();
            let computed = app
                .reviews
                .compute(
                    &app.analysis,
                    &id,
                    meta.kind,
                    &meta.options,
                    Some(&start),
                    &moves,
                    &state.movers,
                )
                .await;
            match computed.and_then(|r| Ok(serde_json::to_string(&r)?)) {
                Ok(text) => {
                    if let Err(e) = app
                        .store
                        .put_review(&id, &text, gamut_protocol::ids::now_ms())
                        .await
                    {
                        tracing::error!("cannot store the review of {id}: {e}");
                    }
                }
                Err(e) => tracing::error!("cannot review {id}: {e:#}"),
            }
            app.reviews.release(&id);
        });
    }
    Ok(Json(view(&app, &id).await?.unwrap_or(ReviewView {
        state: ReviewState::Queued,
        progress: None,
        review: None,
    })))
}
