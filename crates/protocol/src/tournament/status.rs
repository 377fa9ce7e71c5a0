//! Where a tournament is in its life: upcoming until its start, running
//! until its end, then finishing while games started before the end are
//! still played, and finished once the last one has ended.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A tournament's status (stored and sent by its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    /// Not started yet: players may join.
    Upcoming,
    /// Started and not over: players join, withdraw and are paired.
    Running,
    /// Over, but some of its games are still being played: no new game.
    Finishing,
    /// Over, every game ended: the standings are final.
    Finished,
}

impl TournamentStatus {
    /// Every status.
    pub const ALL: [TournamentStatus; 4] = [
        TournamentStatus::Upcoming,
        TournamentStatus::Running,
        TournamentStatus::Finishing,
        TournamentStatus::Finished,
    ];

    /// The status at `now` of a tournament from `starts_at` to `ends_at`
    /// that has games being played or not (`games_live`).
    pub fn at(now: i64, starts_at: i64, ends_at: i64, games_live: bool) -> TournamentStatus {
        if now < starts_at {
            TournamentStatus::Upcoming
        } else if now < ends_at {
            TournamentStatus::Running
        } else if games_live {
            TournamentStatus::Finishing
        } else {
            TournamentStatus::Finished
        }
    }

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "running",
            TournamentStatus::Finishing => "finishing",
            TournamentStatus::Finished => "finished",
        }
    }

    /// True while players may join or come back.
    pub fn open(self) -> bool {
        matches!(self, TournamentStatus::Upcoming | TournamentStatus::Running)
    }
}

impl fmt::Display for TournamentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TournamentStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        TournamentStatus::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| format!("unknown tournament status '{s}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::TournamentStatus::{Finished, Finishing, Running, Upcoming};
    use super::*;

    #[test]
    fn a_tournament_runs_from_its_start_to_its_end_and_its_last_game() {
        assert_eq!(TournamentStatus::at(99, 100, 200, false), Upcoming);
        assert_eq!(TournamentStatus::at(100, 100, 200, false), Running);
        assert_eq!(TournamentStatus::at(199, 100, 200, true), Running);
        assert_eq!(TournamentStatus::at(200, 100, 200, true), Finishing);
        assert_eq!(TournamentStatus::at(200, 100, 200, false), Finished);
        assert!(Upcoming.open() && Running.open());
        assert!(!Finishing.open() && !Finished.open());
    }

    #[test]
    fn statuses_read_back_from_their_names() {
        for status in TournamentStatus::ALL {
            assert_eq!(status.as_str().parse(), Ok(status));
        }
        assert!("over".parse::<TournamentStatus>().is_err());
    }
}
