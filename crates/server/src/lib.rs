//! The Gamut game server: HTTP + WebSocket on one port, accounts, lobby,
//! real-time play with server-side clocks, computer opponents, history,
//! ratings, persistence in `SQLite` or `PostgreSQL`.
//!
//! Its public API is what starting one needs: [`Server::start`] with a
//! [`ServerConfig`]. Clients speak `gamut-protocol`; the modules here are
//! private (the `internals` feature opens a few for the server's own
//! storage tests and the fuzz targets). `docs/architecture.md` maps them.
//!
//! Layout: [`Server::start`] opens the store (running the migrations),
//! resumes every live game and serves the HTTP router. Each live game is
//! owned by one task (an actor, `game::actor`) that validates commands
//! with the engines, stores every event durably before acknowledging it,
//! and publishes it through the `bus::EventBus` seam
//! (in-process on `SQLite`; over `PostgreSQL` `LISTEN`/`NOTIFY` on `PostgreSQL`,
//! so that several server processes sharing the database see each other's
//! events). A game's state is always rebuilt from its stored events, so
//! nothing lives only in memory.

/// Declares modules that are private, or public with the `internals`
/// feature (the server's storage and pool tests, the fuzz targets).
macro_rules! internal_modules {
    ($($name:ident),* $(,)?) => {$(
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        mod $name;
    )*};
}

internal_modules!(analysis, bus, chat, game, http, record, store);

mod ai_pool;
mod app;
mod auth;
mod bots;
mod cluster;
mod config;
mod connections;
mod error;
mod fair_play;
mod games;
mod ids;
mod limits;
mod listen;
mod notification;
mod rate_limit;
mod rating;
mod review;
mod server;
mod session;
mod tournament;

pub use analysis::AnalysisLimits;
pub use config::{SecurityPolicy, ServerConfig, ServerLimits, WebDir};
pub use review::ReviewLimits;
pub use server::Server;
pub use tournament::TournamentLimits;
