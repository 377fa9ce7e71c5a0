//! The time controls of `gamut match` and the clocks the match keeps: a
//! clock per side (`60+0`, `5+0.05`: seconds and increment in seconds,
//! Fischer) or a fixed time per move (`200ms`). The runner measures each
//! move; a side whose move takes longer than its clock had left loses on
//! time.

use gamut_ai::Clock;
use gamut_core::Player;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much time one engine of a match gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: `initial` for the game, `increment` added after each move.
    Clock {
        /// Time for the whole game.
        initial: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time for each move (`go movetime`); no clock, no loss on
    /// time.
    MoveTime(Duration),
}

impl FromStr for TimeControl {
    type Err = String;

    /// `<seconds>+<increment seconds>` (`60+0`, `5+0.05`; `60` alone is
    /// `60+0`) or `<n>ms` (a fixed time per move).
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let usage = || {
            format!("bad time control '{s}': write <seconds>+<increment> (60+0, 5+0.05) or <n>ms")
        };
        if let Some(ms) = s.strip_suffix("ms") {
            let n: u64 = ms.trim().parse().map_err(|_| usage())?;
            if n == 0 {
                return Err(usage());
            }
            return Ok(TimeControl::MoveTime(Duration::from_millis(n)));
        }
        let (initial, increment) = s.split_once('+').unwrap_or((s, "0"));
        let seconds = |x: &str| {
            x.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=86_400.0).contains(v))
                .map(Duration::from_secs_f64)
                .ok_or_else(usage)
        };
        let (initial, increment) = (seconds(initial)?, seconds(increment)?);
        if initial.is_zero() {
            return Err(usage());
        }
        Ok(TimeControl::Clock { initial, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock { initial, increment } => write!(
                f,
                "clock {}+{} s",
                initial.as_secs_f64(),
                increment.as_secs_f64()
            ),
            TimeControl::MoveTime(t) => write!(f, "{} ms/move", t.as_millis()),
        }
    }
}

/// What one side is told for its move: its fixed move time, or the clocks
/// (its own, and the other side's if that one plays on a clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    /// The fixed time of the move, for a side without a clock.
    pub movetime: Option<Duration>,
    /// Each side's clock (indexed by [`Player::index`]), for the sides that
    /// play on one.
    pub clocks: [Option<Clock>; 2],
}

impl Think {
    /// The clock of `side`, if it plays on one.
    pub fn clock(&self, side: Player) -> Option<Clock> {
        self.clocks[side.index()]
    }

    /// The `go` command of the engine protocol for it.
    pub fn go_command(&self) -> String {
        let mut go = "go".to_string();
        if let Some(t) = self.movetime {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        for (side, name) in [(Player::First, "first"), (Player::Second, "second")] {
            if let Some(c) = self.clock(side) {
                go.push_str(&format!(
                    " {name}time {} {name}inc {}",
                    c.left.as_millis(),
                    c.increment.as_millis()
                ));
            }
        }
        go
    }
}

/// The time of both sides in one game of a match.
#[derive(Clone, Debug)]
pub struct GameClocks {
    controls: [TimeControl; 2],
    left: [Duration; 2],
    /// Time each side has spent thinking.
    pub used: [Duration; 2],
    /// Moves each side has made.
    pub moves: [u32; 2],
}

impl GameClocks {
    /// Clocks at the start of a game, with each side's control.
    pub fn new(controls: [TimeControl; 2]) -> GameClocks {
        let left = controls.map(|c| match c {
            TimeControl::Clock { initial, .. } => initial,
            TimeControl::MoveTime(_) => Duration::ZERO,
        });
        GameClocks {
            controls,
            left,
            used: [Duration::ZERO; 2],
            moves: [0; 2],
        }
    }

    /// What `side`, to move, is told.
    pub fn think(&self, side: Player) -> Think {
        let clocks = [Player::First, Player::Second].map(|s| match self.controls[s.index()] {
            TimeControl::Clock { increment, .. } => {
                Some(Clock::new(self.left[s.index()], increment))
            }
            TimeControl::MoveTime(_) => None,
        });
        Think {
            movetime: match self.controls[side.index()] {
                TimeControl::MoveTime(t) => Some(t),
                TimeControl::Clock { .. } => None,
            },
            clocks,
        }
    }

    /// The time left on `side`'s clock (`None`: no clock).
    pub fn left(&self, side: Player) -> Option<Duration> {
        match self.controls[side.index()] {
            TimeControl::Clock { .. } => Some(self.left[side.index()]),
            TimeControl::MoveTime(_) => None,
        }
    }

    /// Charge `side` for a move that took `took`; `false` if it ran out of
    /// time (its clock had less left), else its increment is added.
    pub fn charge(&mut self, side: Player, took: Duration) -> bool {
        let i = side.index();
        self.used[i] += took;
        self.moves[i] += 1;
        match self.controls[i] {
            TimeControl::Clock { increment, .. } => {
                if took > self.left[i] {
                    self.left[i] = Duration::ZERO;
                    return false;
                }
                self.left[i] = self.left[i] - took + increment;
                true
            }
            TimeControl::MoveTime(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn time_controls_are_read() {
        assert_eq!(
            "60+0".parse::<TimeControl>().unwrap(),
            TimeControl::Clock {
                initial: MS(60_000),
                increment: MS(0)
            }
        );
        assert_eq!(
            "5+0.05".parse::<TimeControl>().unwrap(),
            TimeControl::Clock {
                initial: MS(5_000),
                increment: MS(50)
            }
        );
        assert_eq!(
            "10".parse::<TimeControl>().unwrap(),
            "10+0".parse::<TimeControl>().unwrap()
        );
        assert_eq!(
            "150ms".parse::<TimeControl>().unwrap(),
            TimeControl::MoveTime(MS(150))
        );
        for bad in [
            "", "0+1", "-5+0", "5+x", "x", "0ms", "1.5ms", "5+-1", "inf+0",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        assert_eq!(
            "5+0.05".parse::<TimeControl>().unwrap().to_string(),
            "clock 5+0.05 s"
        );
        assert_eq!(TimeControl::MoveTime(MS(200)).to_string(), "200 ms/move");
    }

    #[test]
    fn clocks_run_down_gain_increments_and_flag() {
        let clock = TimeControl::Clock {
            initial: MS(1_000),
            increment: MS(100),
        };
        let mut c = GameClocks::new([clock, TimeControl::MoveTime(MS(50))]);
        assert_eq!(
            c.think(Player::First).go_command(),
            "go firsttime 1000 firstinc 100"
        );
        assert_eq!(
            c.think(Player::Second).go_command(),
            "go movetime 50 firsttime 1000 firstinc 100"
        );
        assert!(c.charge(Player::First, MS(400)));
        assert_eq!(c.left(Player::First), Some(MS(700)));
        assert!(c.charge(Player::Second, MS(5_000)), "no clock, no flag");
        assert_eq!(c.left(Player::Second), None);
        assert!(c.charge(Player::First, MS(700)), "exactly the time left");
        assert_eq!(c.left(Player::First), Some(MS(100)));
        assert!(!c.charge(Player::First, MS(101)));
        assert_eq!(c.used, [MS(1_201), MS(5_000)]);
        assert_eq!(c.moves, [3, 1]);
        let both = GameClocks::new([clock, clock]);
        assert_eq!(
            both.think(Player::Second).go_command(),
            "go firsttime 1000 firstinc 100 secondtime 1000 secondinc 100"
        );
    }
}
