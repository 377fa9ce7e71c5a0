//! Games as the application handles them, for the HTTP handlers and the
//! tournament driver alike: seating people ([`human_seat`]), storing a new
//! game within the caps and starting it ([`store_new_game`]), joining a
//! waiting one ([`join_as`]), reading one ([`game_row`], [`load_state`])
//! and listing them ([`Listing`], [`lobby_view`]).

use crate::app::App;
use crate::error::{ApiError, ApiResult};
use crate::game::event::StoredEvent;
use crate::game::meta::{GameMeta, Pairing};
use crate::game::state::{summary_from_row, GameState};
use crate::limits;
use crate::rating;
use crate::store::{EventRow, GameFilter, GameRow, Joiner, NewGame};
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::game::GameSummary;
use gamut_protocol::ids::{now_ms, GameId};
use gamut_protocol::status::GameStatus;
use gamut_protocol::user::{Seat, UserView};
use gamut_protocol::views::LobbyView;
use gamut_protocol::ErrorCode;
use std::net::IpAddr;
use std::time::Duration;

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
    // Correspondence games nobody has moved in for `lobby_idle` are left
    // out (an abandoned untimed game would stay for ever): read more than
    // are shown, so that they do not crowd the list out.
    let live = Listing {
        status: Some(GameStatus::Live),
        limit: LOBBY_LIVE_GAMES * 3,
        ..Listing::default()
    };
    // Bots' seeks are for bots (who find them with `GET /api/games`):
    // the lobby's are the ones people can take.
    let mut seeks = list_summaries(app, &seeks).await?;
    seeks.retain(|s| !s.players.iter().flatten().any(crate::bots::is_bot_seat));
    let idle_ms = i64::try_from(app.lobby_idle.as_millis()).unwrap_or(i64::MAX);
    let active_since = now_ms().saturating_sub(idle_ms);
    let mut live = list_summaries(app, &live).await?;
    live.retain(|g| {
        g.speed != Speed::Correspondence || g.moved_at.unwrap_or(g.created_at) >= active_since
    });
    live.truncate(usize::try_from(LOBBY_LIVE_GAMES).unwrap_or(20));
    Ok(LobbyView { seeks, live })
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
