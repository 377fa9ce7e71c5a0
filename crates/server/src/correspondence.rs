//! The days-per-move time control of correspondence play
//! ([`crate::clock::ClockControl::Correspondence`]), lichess's: the side to
//! move has N days for its move (N one of [`DAYS_PER_MOVE`]); after each of
//! its moves its time is N days again (no accumulation, no increment;
//! every turn has the whole N days, also one after a takeback), and
//! a side whose time runs out loses on time — before the game's second ply
//! the game is aborted instead (never rated:
//! [`crate::game::finisher::flag`]).
//!
//! Such a game runs on the same [`crate::clock::Clocks`] as a real-time
//! game: stored with every event (and in the game's snapshot), so a
//! deadline survives restarts, and [`crate::clock::Clocks::per_move`]
//! holds the time each move gets, fixed when the game starts
//! ([`per_move_ms`] of the server's day, [`crate::ServerConfig::day`]).
//!
//! **Timers.** No sweep and no periodic wake-up: the game's task (one per
//! live game, [`crate::game::actor`]) sleeps until the running clock's
//! deadline, as it does for a real-time game, so each correspondence game
//! has one entry in tokio's timer wheel (inserting, resetting and dropping
//! one is O(1)), re-armed only when the game changes (a move, an offer)
//! and fired once per deadline — for tens of thousands of games days
//! apart, a few firings a minute. A game whose deadline passed while no
//! process ran it ends as soon as one does: at start-up every live game's
//! task settles ([`crate::Server::start`]), and on `PostgreSQL` a process
//! that takes over a dead one's games does the same
//! ([`crate::cluster`]).

use std::time::Duration;

/// The days a move may be given.
pub const DAYS_PER_MOVE: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

/// A day: the unit of [`DAYS_PER_MOVE`] (tests run servers with a shorter
/// one, [`crate::ServerConfig::day`]).
pub const DAY: Duration = Duration::from_secs(86_400);

/// Checks that `days` is one of [`DAYS_PER_MOVE`].
pub fn check(days: u32) -> Result<(), String> {
    if DAYS_PER_MOVE.contains(&days) {
        Ok(())
    } else {
        Err(format!(
            "clock days_per_move must be one of {}",
            DAYS_PER_MOVE.map(|d| d.to_string()).join(", ")
        ))
    }
}

/// The time each move gets, in milliseconds: `days` of `day` (saturating).
pub fn per_move_ms(days: u32, day: Duration) -> i64 {
    let day_ms = i64::try_from(day.as_millis()).unwrap_or(i64::MAX);
    day_ms.saturating_mul(i64::from(days))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_listed_days_are_accepted() {
        for days in DAYS_PER_MOVE {
            assert_eq!(check(days), Ok(()));
        }
        for days in [0, 4, 6, 15, 30, u32::MAX] {
            let e = check(days).unwrap_err();
            assert_eq!(
                e, "clock days_per_move must be one of 1, 2, 3, 5, 7, 10, 14",
                "{days}"
            );
        }
    }

    #[test]
    fn a_move_gets_whole_days() {
        assert_eq!(per_move_ms(3, DAY), 3 * 86_400_000);
        assert_eq!(per_move_ms(14, DAY), 14 * 86_400_000);
        assert_eq!(per_move_ms(2, Duration::from_millis(250)), 500);
        assert_eq!(per_move_ms(2, Duration::MAX), i64::MAX);
    }
}
