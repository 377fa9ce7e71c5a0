//! The handlers' limits against abuse (issue 12): per-address and per-user
//! caps, the checks a socket makes before acting, and the lobby feed (each
//! lobby view computed once per change and sent to every lobby socket).
//! The numbers are [`ServerLimits`], settings of `gamut serve`.

use crate::app::{App, AppState};
use crate::config::ServerLimits;
use crate::connections::ConnectionCounter;
use crate::error::socket_error;
use crate::error::{ApiError, ApiResult};
use crate::game::meta::Pairing;
use crate::games::lobby_view;
use crate::rate_limit::{whole_seconds, KeyedLimiter};
use crate::store::caps::{Cap, CapError, Counted};
use axum::extract::ws::Utf8Bytes;
use gamut_protocol::ids::{now_ms, UserId};
use gamut_protocol::socket::ServerMessage;
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::watch;

/// The counters behind the limits.
#[derive(Debug)]
pub struct Guards {
    /// The numbers.
    pub limits: ServerLimits,
    /// Imports per address.
    pub imports_by_addr: KeyedLimiter,
    /// Takeback requests per player and game.
    pub takebacks: KeyedLimiter,
    /// Seeks opened per user.
    pub seeks_by_user: KeyedLimiter,
    /// Chat messages per user.
    pub chat_by_user: KeyedLimiter,
    /// Chat messages per address.
    pub chat_by_addr: KeyedLimiter,
    /// Game sockets open per address.
    pub game_sockets: ConnectionCounter,
    /// Lobby sockets open per address.
    pub lobby_sockets: ConnectionCounter,
    /// `POST /api/positions` per address.
    pub positions_by_addr: KeyedLimiter,
    /// Lesson progress requests per user.
    pub lessons_by_user: KeyedLimiter,
    /// Lesson progress requests per address.
    pub lessons_by_addr: KeyedLimiter,
    /// Lesson progress requests in the whole server (one key).
    pub lessons_in_all: KeyedLimiter,
    /// Puzzle requests per user.
    pub puzzles_by_user: KeyedLimiter,
    /// Puzzle requests per address.
    pub puzzles_by_addr: KeyedLimiter,
    /// Puzzle requests in the whole server (one key).
    pub puzzles_in_all: KeyedLimiter,
    /// Name look-ups per address.
    pub user_searches_by_addr: KeyedLimiter,
    /// Name look-ups in the whole server (one key).
    pub user_searches_in_all: KeyedLimiter,
    /// New custom boards brought per address ([`with_board_quota`]).
    pub boards_by_addr: KeyedLimiter,
}

impl Guards {
    /// Counters for `limits`.
    pub fn new(limits: &ServerLimits) -> Self {
        Guards {
            limits: limits.clone(),
            imports_by_addr: KeyedLimiter::per_minute(limits.imports_per_minute),
            takebacks: KeyedLimiter::per_minute(limits.takebacks_per_minute),
            seeks_by_user: KeyedLimiter::per_minute(limits.seeks_per_minute),
            chat_by_user: KeyedLimiter::per_minute(limits.chat_per_minute),
            chat_by_addr: KeyedLimiter::per_minute(limits.chat_per_address_per_minute),
            game_sockets: ConnectionCounter::new(limits.sockets_per_address),
            lobby_sockets: ConnectionCounter::new(limits.lobby_sockets_per_address),
            positions_by_addr: KeyedLimiter::per_minute(limits.positions_per_minute),
            lessons_by_user: KeyedLimiter::per_minute(limits.lesson_requests_per_minute),
            lessons_by_addr: KeyedLimiter::per_minute(
                limits.lesson_requests_per_address_per_minute,
            ),
            lessons_in_all: KeyedLimiter::per_minute(limits.lesson_requests_per_minute_in_all),
            puzzles_by_user: KeyedLimiter::per_minute(limits.puzzle_requests_per_minute),
            puzzles_by_addr: KeyedLimiter::per_minute(
                limits.puzzle_requests_per_address_per_minute,
            ),
            puzzles_in_all: KeyedLimiter::per_minute(limits.puzzle_requests_per_minute_in_all),
            user_searches_by_addr: KeyedLimiter::per_minute(limits.user_searches_per_minute),
            user_searches_in_all: KeyedLimiter::per_minute(limits.user_searches_per_minute_in_all),
            boards_by_addr: KeyedLimiter::per_hour(limits.new_boards_per_hour),
        }
    }
}

/// Runs `f`, which reads a visitor's options or position and may so bring
/// a board no game of the process uses yet (a Linear Pursuit custom board,
/// kept for the life of the process: [`gamut_core::interning`]), for a
/// visitor at `addr`: a new board is admitted only within the address's
/// quota ([`ServerLimits::new_boards_per_hour`]), past which the request is
/// refused (429), so no visitor can fill the process's boards.
pub fn with_board_quota<R>(app: &App, addr: IpAddr, f: impl Fn() -> R) -> ApiResult<R> {
    let (result, refused) = gamut_core::interning::with_new_entries(false, &f);
    if !refused {
        return Ok(result);
    }
    count_attempt(&app.guards.boards_by_addr, &addr.to_string(), "new boards")?;
    Ok(gamut_core::interning::with_new_entries(true, f).0)
}

/// 429: too many `what`, allowed again after `wait` (in whole seconds,
/// rounded up).
pub fn too_many(what: &str, wait: Duration) -> ApiError {
    let n = whole_seconds(wait);
    let error = ApiError::too_many(format!("too many {what}, retry in {n} s")).param("n", n);
    match what {
        "challenges" => error.code(ErrorCode::TooManyChallenges),
        "tournament joins and withdrawals" => error.code(ErrorCode::TournamentRate),
        _ => error
            .code(ErrorCode::TooMany)
            .param("what", rate_name(what)),
    }
}

/// The short name of a rate (`what` of [`ErrorCode::TooMany`]: the web
/// client's `error.too_many.<what>`).
fn rate_name(what: &str) -> &str {
    match what {
        "new guests from this address" => "guests",
        "sign-ups from this address" => "signups",
        "sign-in attempts" => "signins",
        "chat messages" => "chat",
        "new seeks" => "seeks",
        "position requests" => "positions",
        "lesson progress requests" => "lessons",
        "puzzle requests" => "puzzles",
        "new boards" => "boards",
        "name look-ups" => "names",
        "takeback requests" => "takebacks",
        "sync requests" => "syncs",
        other => other,
    }
}

/// Counts an attempt of `key` in `limiter`, or refuses it (429, not
/// counted) past the limit.
pub fn count_attempt(limiter: &KeyedLimiter, key: &str, what: &str) -> ApiResult<()> {
    match limiter.take(key) {
        Ok(_) => Ok(()),
        Err(wait) => Err(too_many(what, wait)),
    }
}

/// Caps checked in the store ([`crate::store::caps`]) with the refusal
/// each gives when full.
#[derive(Debug, Default)]
pub struct StoreCaps {
    caps: Vec<Cap>,
    refusals: Vec<ApiError>,
}

impl StoreCaps {
    /// Adds a cap and its refusal (a text alone is answered with the code
    /// [`ErrorCode::CapReached`]; every refusal is a 429).
    #[must_use]
    pub fn with(mut self, cap: Cap, refusal: impl Into<ApiError>) -> Self {
        let refusal = refusal.into();
        let code = if refusal.code.is_generic() {
            ErrorCode::CapReached
        } else {
            refusal.code
        };
        self.caps.push(cap);
        self.refusals.push(ApiError {
            status: axum::http::StatusCode::TOO_MANY_REQUESTS,
            code,
            ..refusal
        });
        self
    }

    /// The caps, for the store.
    pub fn caps(&self) -> &[Cap] {
        &self.caps
    }

    /// The answer to a capped insert's failure: 429 with the full cap's
    /// refusal, or the database's error.
    pub fn refusal(&self, error: CapError) -> ApiError {
        match error {
            CapError::Full(i) => self
                .refusals
                .get(i)
                .cloned()
                .unwrap_or_else(|| ApiError::too_many("too many").code(ErrorCode::CapReached)),
            CapError::Database(e) => e.into(),
        }
    }

    /// The caps on a new game (`new_game`: its pairing) or a new seat
    /// (`None`) of `user` sitting down from `addr`: open games per person
    /// and per address; for a new game also open games in all, those
    /// waiting for its `invitee`, and by its pairing open seeks or live
    /// games against the computer per person and per address.
    pub fn games(
        limits: &ServerLimits,
        user: &UserId,
        addr: IpAddr,
        new_game: Option<Pairing>,
        invitee: Option<&UserView>,
    ) -> StoreCaps {
        let mut caps = StoreCaps::default()
            .with(
                Cap::new(
                    Counted::OpenGamesOf(user.as_str().to_owned()),
                    limits.open_games_per_user,
                ),
                format!(
                    "you have {} games waiting or being played already; finish or cancel one first",
                    limits.open_games_per_user
                ),
            )
            .with(
                Cap::new(
                    Counted::OpenGamesFrom(addr.to_string()),
                    limits.open_games_per_address,
                ),
                format!(
                    "{} games are waiting or being played from this address already",
                    limits.open_games_per_address
                ),
            );
        match new_game {
            Some(Pairing::Seek) => {
                let cap = limits.seeks_per_user;
                caps = caps.with(
                    Cap::new(Counted::SeeksOf(user.as_str().to_owned()), cap),
                    format!("you have {cap} open seeks already; cancel one first"),
                );
            }
            Some(Pairing::Computer) => {
                let cap = limits.computer_games_per_user;
                caps = caps
                    .with(
                        Cap::new(Counted::ComputerGamesOf(user.as_str().to_owned()), cap),
                        format!(
                            "you are playing {cap} games against the computer already; finish one first"
                        ),
                    )
                    .with(
                        Cap::new(
                            Counted::ComputerGamesFrom(addr.to_string()),
                            limits.computer_games_per_address,
                        ),
                        format!(
                            "{} games against the computer are being played from this address already",
                            limits.computer_games_per_address
                        ),
                    );
            }
            Some(Pairing::Challenge) | None => {}
        }
        if new_game.is_some() {
            caps = caps.with(
                Cap::new(Counted::OpenGames, limits.open_games),
                format!(
                    "the server has {} games waiting or being played; try again later",
                    limits.open_games
                ),
            );
        }
        if let Some(invitee) = invitee {
            caps = caps.with(
                Cap::new(
                    Counted::ChallengesTo(invitee.id.as_str().to_owned()),
                    limits.challenges_per_invitee,
                ),
                format!(
                    "{} has {} challenges waiting already; try again later",
                    invitee.name, limits.challenges_per_invitee
                ),
            );
        }
        caps
    }
}

/// Refuses a new seek past the user's rate of new seeks (their cap of
/// open seeks is counted in the store: [`StoreCaps::games`]).
pub fn check_seek_rate(app: &App, user: &UserId) -> ApiResult<()> {
    count_attempt(&app.guards.seeks_by_user, user.as_str(), "new seeks")
}

/// When the session `token` expires (epoch ms) if it still belongs to
/// `user` and is valid, else `None`: a socket acts only while the session
/// it was opened with lasts (signing out, everywhere or by a password
/// change, ends it).
pub async fn session_expiry(app: &App, token: &str, user: &UserId) -> ApiResult<Option<i64>> {
    Ok(match app.store.session(token).await? {
        Some((row, last_used))
            if row.id == user.as_str() && !app.sessions.expired(last_used, now_ms()) =>
        {
            Some(app.sessions.expires_at(last_used))
        }
        _ => None,
    })
}

/// The lobby as every lobby socket gets it after a change: computed once
/// per change (only while someone watches), written once, and handed to
/// every socket. A socket computes its first view itself, after
/// subscribing, so it misses no change.
#[derive(Debug, Default)]
pub struct LobbyFeed {
    feed: OnceLock<watch::Receiver<Option<Utf8Bytes>>>,
    queries: AtomicU64,
}

impl LobbyFeed {
    /// How many times the lobby view was computed for lobby sockets (by the
    /// feed, and once per new socket), for the server's own tests.
    #[cfg(feature = "internals")]
    pub fn queries(&self) -> u64 {
        self.queries.load(Ordering::Relaxed)
    }

    /// The lobby messages after changes from now on (starting the feed on
    /// first use).
    pub fn subscribe(&self, app: &AppState) -> watch::Receiver<Option<Utf8Bytes>> {
        let mut rx = self
            .feed
            .get_or_init(|| {
                let (tx, rx) = watch::channel(None);
                let changes = app.bus.subscribe_lobby();
                tokio::spawn(run_feed(std::sync::Arc::downgrade(app), tx, changes));
                rx
            })
            .clone();
        rx.mark_unchanged();
        rx
    }

    /// The lobby message now, computed for one socket.
    pub async fn current(&self, app: &App) -> Utf8Bytes {
        self.queries.fetch_add(1, Ordering::Relaxed);
        lobby_text(app).await
    }
}

/// The lobby message, as text.
async fn lobby_text(app: &App) -> Utf8Bytes {
    let message = match lobby_view(app).await {
        Ok(view) => ServerMessage::Lobby(view),
        Err(e) => socket_error(None, e),
    };
    serde_json::to_string(&message)
        .unwrap_or_else(|e| format!(r#"{{"type": "error", "error": "{e}"}}"#))
        .into()
}

/// Computes the lobby after each change while anyone watches.
async fn run_feed(
    app: std::sync::Weak<App>,
    tx: watch::Sender<Option<Utf8Bytes>>,
    mut changes: tokio::sync::broadcast::Receiver<()>,
) {
    let mut last_sent: Option<tokio::time::Instant> = None;
    loop {
        match changes.recv().await {
            Ok(()) | Err(RecvError::Lagged(_)) => {}
            Err(RecvError::Closed) => return,
        }
        // The feed's own receiver is one; skip while nobody else watches.
        if tx.receiver_count() <= 1 {
            continue;
        }
        let Some(app) = app.upgrade() else { return };
        // At most one message per interval: the changes that come until
        // then are sent together.
        if let Some(last) = last_sent {
            tokio::time::sleep_until(last + app.guards.limits.lobby_interval).await;
        }
        last_sent = Some(tokio::time::Instant::now());
        // Changes that came meanwhile are all in the view sent now.
        while let Ok(()) | Err(TryRecvError::Lagged(_)) = changes.try_recv() {}
        app.lobby.queries.fetch_add(1, Ordering::Relaxed);
        tx.send_replace(Some(lobby_text(&app).await));
    }
}
