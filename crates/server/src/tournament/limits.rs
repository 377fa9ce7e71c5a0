//! The bounds on tournaments (settings of `gamut serve`; documented in
//! `docs/api.md`, "Tournaments").

use std::time::Duration;

/// How many tournaments there may be, how long, and how big.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLimits {
    /// Upcoming or running tournaments one user may have created.
    pub per_user: usize,
    /// Tournaments not finished in the whole server.
    pub total: usize,
    /// Players in one tournament.
    pub players: usize,
    /// The shortest duration.
    pub min_duration: Duration,
    /// The longest duration.
    pub max_duration: Duration,
    /// How far ahead a tournament may start.
    pub max_start_delay: Duration,
    /// Joins and withdrawals per user per minute.
    pub actions_per_minute: usize,
}

impl Default for TournamentLimits {
    fn default() -> Self {
        TournamentLimits {
            per_user: 2,
            total: 20,
            players: 100,
            min_duration: Duration::from_secs(10 * 60),
            max_duration: Duration::from_secs(120 * 60),
            max_start_delay: Duration::from_secs(24 * 3600),
            actions_per_minute: 20,
        }
    }
}
