//! Arena tournaments (lichess style): a fixed duration for one game, its
//! options and a real-time clock; players join and withdraw while it runs
//! and are paired as soon as they are free; a win is worth 2 points, a draw
//! 1, and after two wins in a row wins count double until the streak
//! breaks.
//!
//! The rules are pure and tested on their own: [`scoring`] (points and
//! streaks), [`standings`] (each player's record from the stored games,
//! the ranking), [`pairing`] (who plays whom, with which side) and
//! [`status`] (upcoming, running, finishing, finished).

pub mod pairing;
pub mod scoring;
pub mod standings;
pub mod status;
