//! The Gamut game server: HTTP + WebSocket on one port, accounts, lobby,
//! real-time play with server-side clocks, computer opponents, history,
//! ratings, persistence in `SQLite` or `PostgreSQL`.
//!
//! Layout: [`Server::start`] opens the [`store::Store`] (running the
//! migrations), resumes every live game and serves the [`http`] router.
//! Each live game is owned by one task (an actor, [`game::actor`]) that
//! validates commands with the engines, stores every event durably before
//! acknowledging it, and publishes it through the [`bus::EventBus`] seam
//! (in-process on `SQLite`; over `PostgreSQL` `LISTEN`/`NOTIFY` on `PostgreSQL`,
//! so that several server processes sharing the database see each other's
//! events). A game's state is always rebuilt from its stored events, so
//! nothing lives only in memory.

#![warn(missing_docs)]

pub mod ai_pool;
pub mod analysis;
pub mod auth;
pub mod bots;
pub mod bus;
pub mod chat;
pub mod clock;
pub mod cluster;
pub mod config;
pub mod connections;
pub mod correspondence;
pub mod error;
pub mod fair_play;
pub mod game;
pub mod http;
pub mod ids;
pub mod listen;
pub mod notification;
pub mod rate_limit;
pub mod rating;
pub mod record;
pub mod review;
pub mod server;
pub mod session;
pub mod store;
pub mod tournament;
pub mod wire;

pub use config::{ServerConfig, ServerLimits, WebDir};
pub use error::ApiError;
pub use server::Server;
