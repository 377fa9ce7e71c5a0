//! Lessons (issue 25): a signed-in user's progress through each game's
//! lesson steps. `GET /api/learn/progress` answers every game's done
//! steps; `PUT /api/learn/progress/{game}` replaces one game's. The
//! lessons are data of the web client; the server keeps one row per user
//! and game (the done steps as a 64-bit set: ids 1 to
//! [`gamut_protocol::learn::MAX_STEP`]), and counts each request against
//! a rate per address (before the session is read) and per user
//! ([`crate::ServerLimits::lesson_requests_per_minute`]). Visitors without
//! a session keep their progress in their browser.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::http::{json_body, require_user};
use crate::limits::count_attempt;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_games::GameKind;
use gamut_protocol::ids::now_ms;
use gamut_protocol::learn::{
    bits_to_steps, steps_to_bits, LearnProgressView, LessonProgress, LessonSteps, MAX_STEP,
};
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// What the rate limits call these requests.
const WHAT: &str = "lesson progress requests";

/// Counts a request from `addr` (refused past the address's rate or the
/// whole server's), then needs a session (401) and counts it for its user.
async fn admit(app: &AppState, addr: SocketAddr, headers: &HeaderMap) -> ApiResult<UserView> {
    count_attempt(&app.guards.lessons_by_addr, &addr.ip().to_string(), WHAT)?;
    count_attempt(&app.guards.lessons_in_all, "", WHAT)?;
    let user = require_user(app, headers).await?;
    count_attempt(&app.guards.lessons_by_user, user.id.as_str(), WHAT)?;
    Ok(user)
}

/// The game named `name` (its catalogue name, any case), or 404.
fn lesson_game(name: &str) -> ApiResult<GameKind> {
    name.parse().map_err(|_| {
        let shown: String = name.chars().take(40).collect();
        ApiError::not_found(format!("there are no lessons for the game '{shown}'"))
            .code(ErrorCode::LessonGame)
            .param("game", shown)
    })
}

/// `GET /api/learn/progress`: the caller's done steps in every game.
pub async fn progress(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> ApiResult<Json<LearnProgressView>> {
    let user = admit(&app, addr, &headers).await?;
    let stored = app.store.lesson_progress(user.id.as_str()).await?;
    let games = GameKind::ALL
        .iter()
        .map(|&game| LessonProgress {
            game,
            steps: stored
                .iter()
                .find(|(name, _)| name == game.name())
                .map_or_else(Vec::new, |&(_, bits)| bits_to_steps(bits)),
        })
        .collect();
    Ok(Json(LearnProgressView { games }))
}

/// `PUT /api/learn/progress/{game}`: replaces the caller's done steps in
/// `game` (a catalogue game, 404 otherwise; at most
/// [`MAX_STEP`] ids, each 1 to [`MAX_STEP`], 400 otherwise). Answers the
/// game's progress as stored.
pub async fn put_progress(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(game): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<LessonProgress>> {
    let user = admit(&app, addr, &headers).await?;
    let game = lesson_game(&game)?;
    let body: LessonSteps = json_body(body)?;
    let most = usize::try_from(MAX_STEP).unwrap_or(usize::MAX);
    if body.steps.len() > most {
        return Err(
            ApiError::bad_request(format!("at most {MAX_STEP} lesson steps at once"))
                .code(ErrorCode::LessonSteps)
                .param("n", MAX_STEP),
        );
    }
    let bits = steps_to_bits(&body.steps).map_err(|step| {
        ApiError::bad_request(format!(
            "a lesson step is numbered 1 to {MAX_STEP}, not {step}"
        ))
        .code(ErrorCode::LessonStep)
        .param("n", MAX_STEP)
        .param("step", step)
    })?;
    app.store
        .put_lesson_progress(user.id.as_str(), game.name(), bits, now_ms())
        .await?;
    Ok(Json(LessonProgress {
        game,
        steps: bits_to_steps(bits),
    }))
}
