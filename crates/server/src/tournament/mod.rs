//! Arena tournaments (lichess style): a fixed duration for one game, its
//! options and a real-time clock; players join and withdraw while it runs
//! and are paired as soon as they are free; a win is worth 2 points, a draw
//! 1, and after two wins in a row wins count double until the streak
//! breaks. The games are ordinary rated games of the platform, marked with
//! their tournament.
//!
//! The rules are pure and tested on their own: [`scoring`] (points and
//! streaks), [`standings`] (each player's record from the stored games,
//! the ranking) and [`pairing`] (who plays whom, with which side); the
//! status (upcoming, running, finishing, finished) and the views are the
//! protocol's (`gamut_protocol::tournament`). [`snapshot`] reads
//! a tournament from the store and applies them; [`driver`] is the task
//! that starts the games and pushes the standings; [`hub`] is what it
//! shares with the handlers of `http/tournaments.rs`.

pub mod driver;
pub mod hub;
pub mod limits;
pub mod pairing;
pub mod scoring;
pub mod snapshot;
pub mod standings;

pub use hub::TournamentHub;
pub use limits::TournamentLimits;
