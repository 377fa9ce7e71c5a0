//! Gamut's wire protocol: every type that crosses between the server and
//! its clients (the web client, `gamut bot`, the load generator, tests),
//! so that a client depends on this crate and not on the server.
//!
//! It holds data and the rules of its shape (serde, checked ids, clock
//! arithmetic every side needs), nothing that does I/O: no runtime, no
//! database, no HTTP. The game libraries it names (the catalogue's
//! [`gamut_games::GameKind`], the computer's [`gamut_ai::Level`], the
//! rules' [`gamut_core::Player`]) are pure.
//!
//! - [`socket`]: the game and lobby sockets' messages, both ways;
//! - [`game`]: a game as one viewer sees it, its events and result;
//! - [`requests`] and [`views`]: the HTTP bodies, queries and answers;
//! - [`error`]: every refusal, `{"error", "code", "params"}`;
//! - [`analysis`], [`review`], [`tournament`], [`notification`],
//!   [`chat`], [`bots`], [`learn`], [`puzzles`]: those features' messages and views;
//! - [`ids`], [`clock`], [`status`], [`user`]: the values they share;
//!   [`wire`]: serde adaptors for them.

pub mod analysis;
pub mod bots;
pub mod chat;
pub mod clock;
pub mod error;
pub mod game;
pub mod ids;
pub mod learn;
pub mod notification;
pub mod puzzles;
pub mod requests;
pub mod review;
pub mod socket;
pub mod status;
pub mod tournament;
pub mod user;
pub mod views;
pub mod wire;

pub use error::{ErrorBody, ErrorCode};
