//! `POST /api/bots`, `GET /api/bots`, `DELETE /api/bots/{name}`: a
//! registered person makes bot accounts (at most
//! [`MAX_BOTS_PER_OWNER`]), lists them and revokes their tokens. The token
//! is in the answer that makes the bot, and nowhere else ever after
//! ([`crate::bots`]).

use crate::auth::check_username;
use crate::bots::{new_token, token_hash, MAX_BOTS_PER_OWNER};
use crate::config::ServerLimits;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::UserRecord;
use crate::limits::StoreCaps;
use crate::http::{json_body, require_user};
use crate::app::{App, AppState};
use crate::ids::RandomId;
use crate::store::caps::{Cap, Counted};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_protocol::bots::{BotCreatedView, BotView, BotsView, NewBot};
use gamut_protocol::ids::{now_ms, UserId};
use gamut_protocol::user::UserView;
use gamut_protocol::views::OkView;
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// The caller, if a registered person (not a guest, not a bot).
async fn owner(app: &App, headers: &HeaderMap) -> ApiResult<UserView> {
    let user = require_user(app, headers).await?;
    if user.guest {
        return Err(ApiError::forbidden("sign up to make bots").code(ErrorCode::BotGuest));
    }
    if user.bot {
        return Err(ApiError::forbidden("bots cannot make bots").code(ErrorCode::BotMakesBot));
    }
    Ok(user)
}

/// A day, in milliseconds: the window of the caps on bots made.
const DAY_MS: i64 = 86_400_000;

/// The caps on a new bot of `owner` made from `address` at `now`: bots
/// held ([`MAX_BOTS_PER_OWNER`]), bots made in a day by the owner (revoked
/// ones count), from the address, and in all.
fn bot_caps(limits: &ServerLimits, owner: &UserId, address: &str, now: i64) -> StoreCaps {
    let since = now - DAY_MS;
    let owner = owner.as_str().to_owned();
    StoreCaps::default()
        .with(
            Cap::new(Counted::LiveBotsOf(owner.clone()), MAX_BOTS_PER_OWNER),
            ApiError::too_many(format!(
                "you have {MAX_BOTS_PER_OWNER} bots already; revoke one first"
            ))
            .code(ErrorCode::BotsHeld)
            .param("n", MAX_BOTS_PER_OWNER),
        )
        .with(
            Cap::new(Counted::BotsMadeBy(owner, since), limits.bots_per_day),
            ApiError::too_many(format!(
                "you made {} bots in the last 24 hours (revoked ones count); try again tomorrow",
                limits.bots_per_day
            ))
            .code(ErrorCode::BotsToday)
            .param("n", limits.bots_per_day),
        )
        .with(
            Cap::new(
                Counted::BotsMadeFrom(address.to_owned(), since),
                limits.bots_per_address_per_day,
            ),
            ApiError::too_many(format!(
                "{} bots were made from this address in the last 24 hours; try again tomorrow",
                limits.bots_per_address_per_day
            ))
            .code(ErrorCode::BotsFromAddress)
            .param("n", limits.bots_per_address_per_day),
        )
        .with(
            Cap::new(Counted::BotsMade(since), limits.bots_per_day_in_all),
            "too many bots were made on this server today; try again tomorrow".to_owned(),
        )
}

/// `POST /api/bots`: refused (429) past the caps on bots (held, made per
/// day by the owner, from the address, in all).
pub async fn create(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<BotCreatedView>> {
    let user = owner(&app, &headers).await?;
    let NewBot { name } = json_body(body)?;
    check_username(&name)?;
    let bot = UserView {
        id: UserId::random(),
        name,
        guest: false,
        bot: true,
    };
    let token = new_token();
    let now = now_ms();
    let address = addr.ip().to_string();
    // The caps are counted in the store, in the transaction that stores
    // the bot: requests sent at once, to any process, cannot all pass.
    let caps = bot_caps(&app.guards.limits, &user.id, &address, now);
    let stored = app
        .store
        .create_bot(
            &bot.to_row(),
            user.id.as_str(),
            &address,
            &token_hash(&token),
            now,
            caps.caps(),
        )
        .await
        .map_err(|e| caps.refusal(e))?;
    if !stored {
        return Err(
            ApiError::conflict(format!("username '{}' is taken", bot.name))
                .code(ErrorCode::UsernameTaken)
                .param("name", &bot.name),
        );
    }
    Ok(Json(BotCreatedView { bot, token }))
}

/// `GET /api/bots`.
pub async fn list(State(app): State<AppState>, headers: HeaderMap) -> ApiResult<Json<BotsView>> {
    let user = owner(&app, &headers).await?;
    let bots = app
        .store
        .bots_of(user.id.as_str())
        .await?
        .into_iter()
        .map(|row| {
            Ok(BotView {
                user: UserView::from_row(&row.user).map_err(ApiError::internal)?,
                created_at: row.created_at,
            })
        })
        .collect::<ApiResult<_>>()?;
    Ok(Json(BotsView {
        bots,
        limit: MAX_BOTS_PER_OWNER,
    }))
}

/// `DELETE /api/bots/{name}`: revokes the token of one of the caller's
/// bots (the bot's games and ratings stay; its name stays taken).
pub async fn revoke(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> ApiResult<Json<OkView>> {
    let user = owner(&app, &headers).await?;
    let mine = app.store.bots_of(user.id.as_str()).await?;
    let bot = mine
        .iter()
        .find(|b| b.user.name.eq_ignore_ascii_case(&name))
        .ok_or_else(|| ApiError::not_found(format!("you have no bot '{name}'")))?;
    app.store
        .revoke_bot(user.id.as_str(), &bot.user.id, now_ms())
        .await?;
    app.bus.publish_sessions_ended();
    Ok(Json(OkView::OK))
}
