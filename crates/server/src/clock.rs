//! Time controls and the server-side clocks.

use serde::{Deserialize, Serialize};

/// How much time the players get.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClockControl {
    /// Real time: `initial_ms` each, plus `increment_ms` after each move
    /// (Fischer).
    Realtime {
        /// Starting time per side.
        initial_ms: i64,
        /// Added after each of a side's moves.
        increment_ms: i64,
    },
    /// No clocks (correspondence).
    Untimed,
}

impl ClockControl {
    /// Checks the limits (1 s to 24 h initial, increment up to 10 min).
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            ClockControl::Realtime {
                initial_ms,
                increment_ms,
            } => {
                if !(1_000..=86_400_000).contains(&initial_ms) {
                    return Err("clock initial_ms must be between 1000 and 86400000".into());
                }
                if !(0..=600_000).contains(&increment_ms) {
                    return Err("clock increment_ms must be between 0 and 600000".into());
                }
                Ok(())
            }
            ClockControl::Untimed => Ok(()),
        }
    }

    /// The speed category (`bullet`, `blitz`, `rapid`, `classical`,
    /// `correspondence`).
    pub fn speed(&self) -> &'static str {
        match *self {
            ClockControl::Realtime {
                initial_ms,
                increment_ms,
            } => {
                let estimate = initial_ms + 40 * increment_ms;
                if estimate < 180_000 {
                    "bullet"
                } else if estimate < 480_000 {
                    "blitz"
                } else if estimate < 1_500_000 {
                    "rapid"
                } else {
                    "classical"
                }
            }
            ClockControl::Untimed => "correspondence",
        }
    }

    /// The clocks at the start of a game, the first side's running.
    pub fn start(&self, at: i64, running: Option<usize>) -> Option<Clocks> {
        match *self {
            ClockControl::Realtime { initial_ms, .. } => Some(Clocks {
                ms: [initial_ms, initial_ms],
                running,
                at,
                placing: [false, false],
            }),
            ClockControl::Untimed => None,
        }
    }

    /// The increment.
    pub fn increment(&self) -> i64 {
        match *self {
            ClockControl::Realtime { increment_ms, .. } => increment_ms,
            ClockControl::Untimed => 0,
        }
    }
}

/// Every speed, fastest first.
pub const SPEEDS: [&str; 5] = ["bullet", "blitz", "rapid", "classical", "correspondence"];

/// The clocks of a game: time left per side as of `at`, and which run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Milliseconds left per side as of `at`.
    pub ms: [i64; 2],
    /// The side whose clock runs (the side to move).
    pub running: Option<usize>,
    /// The instant the values are for.
    pub at: i64,
    /// During a hidden simultaneous placement: the sides still placing,
    /// whose clocks all run.
    #[serde(default)]
    pub placing: [bool; 2],
}

impl Clocks {
    /// True if `side`'s clock runs.
    pub fn runs(&self, side: usize) -> bool {
        self.running == Some(side) || self.placing.get(side).copied().unwrap_or(false)
    }

    /// The clocks as of `now` (every running clock charged).
    pub fn at(&self, now: i64) -> Clocks {
        let mut c = *self;
        for side in 0..2 {
            if c.runs(side) {
                c.ms[side] -= (now - c.at).max(0);
            }
        }
        c.at = now;
        c
    }

    /// A side whose clock runs and whose time is out at `now`.
    pub fn flagged(&self, now: i64) -> Option<usize> {
        let c = self.at(now);
        (0..2).find(|&side| c.runs(side) && c.ms[side] <= 0)
    }

    /// When the first running clock runs out.
    pub fn deadline(&self) -> Option<i64> {
        (0..2)
            .filter(|&side| self.runs(side))
            .map(|side| self.at + self.ms[side].max(0))
            .min()
    }

    /// After `side` moved at `now`: charge, add the increment, switch to
    /// `next` (`None`: stop).
    pub fn after_move(&self, side: usize, now: i64, increment: i64, next: Option<usize>) -> Clocks {
        let mut c = self.at(now);
        c.ms[side] += increment;
        c.running = next;
        c
    }

    /// The clocks as of `now` with `side`'s running (alone).
    pub fn resumed(self, now: i64, side: usize) -> Clocks {
        let mut c = self.at(now);
        c.running = Some(side);
        c.placing = [false, false];
        c
    }

    /// A hidden placement phase starts at `now`: both clocks run.
    pub fn placing_from(self, now: i64) -> Clocks {
        let mut c = self.at(now);
        c.running = None;
        c.placing = [true, true];
        c
    }

    /// `side` placed a piece at `now` (`done`: its last one): charge, add
    /// the increment, and stop its clock if done.
    pub fn after_placement(&self, side: usize, now: i64, increment: i64, done: bool) -> Clocks {
        let mut c = self.at(now);
        c.ms[side] += increment;
        if done {
            c.placing[side] = false;
        }
        c
    }

    /// Stopped at `now`, time charged, no time below zero.
    pub fn stopped(&self, now: i64) -> Clocks {
        let mut c = self.at(now);
        c.running = None;
        c.placing = [false, false];
        c.ms = [c.ms[0].max(0), c.ms[1].max(0)];
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_side_is_charged_and_gets_the_increment() {
        let control = ClockControl::Realtime {
            initial_ms: 60_000,
            increment_ms: 2_000,
        };
        let c = control.start(1_000, Some(0)).unwrap();
        assert_eq!(c.at(6_000).ms, [55_000, 60_000]);
        let c = c.after_move(0, 6_000, control.increment(), Some(1));
        assert_eq!(c.ms, [57_000, 60_000]);
        assert_eq!(c.running, Some(1));
        assert_eq!(c.deadline(), Some(66_000));
        assert_eq!(c.flagged(65_999), None);
        assert_eq!(c.flagged(66_000), Some(1));
        assert_eq!(c.stopped(70_000).ms, [57_000, 0]);
    }

    #[test]
    fn speeds_follow_the_estimate() {
        let rt = |i, inc| ClockControl::Realtime {
            initial_ms: i,
            increment_ms: inc,
        };
        assert_eq!(rt(60_000, 0).speed(), "bullet");
        assert_eq!(rt(180_000, 2_000).speed(), "blitz");
        assert_eq!(rt(600_000, 5_000).speed(), "rapid");
        assert_eq!(rt(1_800_000, 0).speed(), "classical");
        assert_eq!(ClockControl::Untimed.speed(), "correspondence");
        assert!(rt(10, 0).validate().is_err());
    }

    #[test]
    fn both_clocks_run_while_both_sides_place() {
        let control = ClockControl::Realtime {
            initial_ms: 10_000,
            increment_ms: 0,
        };
        let c = control.start(0, Some(0)).unwrap().placing_from(1_000);
        assert_eq!(c.ms, [9_000, 10_000]);
        assert_eq!(c.at(3_000).ms, [7_000, 8_000]);
        assert_eq!(c.deadline(), Some(10_000));
        let c = c.after_placement(0, 3_000, 0, true);
        assert!(!c.runs(0) && c.runs(1));
        assert_eq!(c.at(4_000).ms, [7_000, 7_000]);
        assert_eq!(c.deadline(), Some(11_000));
        assert_eq!(c.flagged(11_000), Some(1));
        let c = c.resumed(5_000, 0);
        assert_eq!(c.ms, [7_000, 6_000]);
        assert_eq!(c.placing, [false, false]);
    }
}
