//! The application's shared state ([`App`]): the store, the live games,
//! the bus, the limits, the analysis and review pools, the tournaments.
//! The HTTP handlers, the tournament driver and the fair-play checks all
//! work on it; [`crate::server`] builds it.

use crate::bus::EventBus;
use crate::config::SecurityPolicy;
use crate::game::registry::Registry;
use crate::limits::{Guards, LobbyFeed};
use crate::rate_limit::{FailureLimiter, KeyedLimiter};
use crate::session::SessionLifetime;
use crate::store::Store;
use std::sync::Arc;

/// What every handler shares.
pub struct App {
    /// The database.
    pub store: Store,
    /// Running games.
    pub registry: Registry,
    /// Fan-out.
    pub bus: Arc<dyn EventBus>,
    /// Sign-in failures per username and address.
    pub signin_by_name: FailureLimiter,
    /// Sign-in failures per address.
    pub signin_by_addr: FailureLimiter,
    /// Sign-up attempts per address.
    pub signup_by_addr: KeyedLimiter,
    /// New guests per address.
    pub guests_by_addr: KeyedLimiter,
    /// How long sessions live.
    pub sessions: SessionLifetime,
    /// Allowed origins and cookie flags.
    pub security: SecurityPolicy,
    /// Limits against abuse: caps, rates, socket counts.
    pub guards: Guards,
    /// The lobby, computed once per change for every lobby socket.
    pub lobby: LobbyFeed,
    /// The analysis board's engine and its bounds.
    pub analysis: crate::analysis::Analyses,
    /// Game reviews being computed, and their bounds.
    pub reviews: crate::review::Reviews,
    /// Tournaments: their bounds, the driver's wake-up, the sockets' feeds.
    pub tournaments: crate::tournament::TournamentHub,
    /// A day of the days-per-move time controls
    /// ([`crate::ServerConfig::day`]).
    pub day: std::time::Duration,
    /// How long a correspondence game without a move stays in the
    /// lobby ([`crate::ServerConfig::lobby_idle`]).
    pub lobby_idle: std::time::Duration,
}

/// The shared state handed to handlers.
pub type AppState = Arc<App>;
