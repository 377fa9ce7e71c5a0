//! Time controls, the speeds derived from them, and a game's clocks (kept
//! by the server, stored with every event, sent in states and events).
//!
//! Correspondence play is lichess's days per move: the side to move has N
//! days for its move (N one of [`DAYS_PER_MOVE`]); after each of its moves
//! its time is N days again (no accumulation, no increment).

use gamut_core::Player;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The days a move may be given.
pub const DAYS_PER_MOVE: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

/// A day: the unit of [`DAYS_PER_MOVE`] (tests run servers with a shorter
/// one).
pub const DAY: Duration = Duration::from_secs(86_400);

/// Checks that `days` is one of [`DAYS_PER_MOVE`].
pub fn check_days(days: u32) -> Result<(), String> {
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

/// How much time the players get.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", from = "ClockControlBody")]
pub enum ClockControl {
    /// Real time: `initial_ms` each, plus `increment_ms` after each move
    /// (Fischer).
    Realtime {
        /// Starting time per side.
        initial_ms: i64,
        /// Added after each of a side's moves.
        increment_ms: i64,
    },
    /// Correspondence by days per move: the side to move has `days_per_move`
    /// days for its move, its time set back to that after each of its
    /// moves.
    Correspondence {
        /// Days per move: one of [`DAYS_PER_MOVE`].
        days_per_move: u32,
    },
    /// No clocks (correspondence without a deadline).
    Untimed,
}

/// How a [`ClockControl`] is read: `untimed` as a variant with (no) fields,
/// so that unknown fields are refused there too (serde lets a unit variant
/// of an internally tagged enum ignore them).
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClockControlBody {
    Realtime { initial_ms: i64, increment_ms: i64 },
    Correspondence { days_per_move: u32 },
    Untimed {},
}

impl From<ClockControlBody> for ClockControl {
    fn from(body: ClockControlBody) -> Self {
        match body {
            ClockControlBody::Realtime {
                initial_ms,
                increment_ms,
            } => ClockControl::Realtime {
                initial_ms,
                increment_ms,
            },
            ClockControlBody::Correspondence { days_per_move } => {
                ClockControl::Correspondence { days_per_move }
            }
            ClockControlBody::Untimed {} => ClockControl::Untimed,
        }
    }
}

impl ClockControl {
    /// Checks the limits (1 s to 24 h initial, increment up to 10 min;
    /// days per move from [`DAYS_PER_MOVE`]).
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
            ClockControl::Correspondence { days_per_move } => check_days(days_per_move),
            ClockControl::Untimed => Ok(()),
        }
    }

    /// True for the controls of correspondence play, untimed or by days
    /// per move (whose players are told of their turn and of the end
    /// outside the game's page).
    pub fn is_correspondence(&self) -> bool {
        !matches!(self, ClockControl::Realtime { .. })
    }

    /// The speed category: by the estimated game time (initial + 40 ×
    /// increment) for real time, [`Speed::Correspondence`] for days per
    /// move and untimed.
    pub fn speed(&self) -> Speed {
        match *self {
            ClockControl::Realtime {
                initial_ms,
                increment_ms,
            } => {
                let estimate = initial_ms + 40 * increment_ms;
                if estimate < 180_000 {
                    Speed::Bullet
                } else if estimate < 480_000 {
                    Speed::Blitz
                } else if estimate < 1_500_000 {
                    Speed::Rapid
                } else {
                    Speed::Classical
                }
            }
            ClockControl::Correspondence { .. } | ClockControl::Untimed => Speed::Correspondence,
        }
    }

    /// The clocks at the start of a game, `running`'s running; a day of a
    /// days-per-move control lasts `day` ([`DAY`]).
    pub fn start(&self, at: i64, running: Option<Player>, day: Duration) -> Option<Clocks> {
        let (ms, per_move) = match *self {
            ClockControl::Realtime { initial_ms, .. } => (initial_ms, None),
            ClockControl::Correspondence { days_per_move } => {
                let ms = per_move_ms(days_per_move, day);
                (ms, Some(ms))
            }
            ClockControl::Untimed => return None,
        };
        Some(Clocks {
            ms: [ms, ms],
            running,
            at,
            placing: [false, false],
            per_move,
        })
    }

    /// The increment.
    pub fn increment(&self) -> i64 {
        match *self {
            ClockControl::Realtime { increment_ms, .. } => increment_ms,
            ClockControl::Correspondence { .. } | ClockControl::Untimed => 0,
        }
    }
}

/// A game's speed, derived from its clock ([`ClockControl::speed`]);
/// ratings are kept per game and speed. Serialised as its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Below 3 minutes (initial + 40 × increment).
    Bullet,
    /// Below 8 minutes.
    Blitz,
    /// Below 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// Days per move, or untimed.
    Correspondence,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The speed's name (`blitz`), as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Speed {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.as_str() == s)
            .ok_or_else(|| format!("unknown speed '{s}'"))
    }
}

/// The clocks of a game: time left per side as of `at`, and which run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Milliseconds left per side (indexed by [`Player::index`]) as of `at`.
    pub ms: [i64; 2],
    /// The side whose clock runs (the side to move).
    #[serde(default, with = "crate::wire::option_side")]
    pub running: Option<Player>,
    /// The instant the values are for.
    pub at: i64,
    /// During a hidden simultaneous placement: the sides still placing,
    /// whose clocks all run.
    #[serde(default)]
    pub placing: [bool; 2],
    /// Days per move ([`ClockControl::Correspondence`]): the time each move
    /// gets (ms), fixed at the start. A side's time is set to it whenever
    /// its turn begins (after the other side's move, a takeback, at the
    /// start of a hidden placement phase) and after each of its own moves
    /// and placements; `None` in real time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move: Option<i64>,
}

impl Clocks {
    /// True if `side`'s clock runs.
    pub fn runs(&self, side: Player) -> bool {
        self.running == Some(side) || self.placing[side.index()]
    }

    /// `side`'s time left as of `at`.
    pub fn left(&self, side: Player) -> i64 {
        self.ms[side.index()]
    }

    /// The clocks as of `now` (every running clock charged).
    pub fn at(&self, now: i64) -> Clocks {
        let mut c = *self;
        for side in Player::BOTH {
            if c.runs(side) {
                c.ms[side.index()] -= (now - c.at).max(0);
            }
        }
        c.at = now;
        c
    }

    /// A side whose clock runs and whose time is out at `now`.
    pub fn flagged(&self, now: i64) -> Option<Player> {
        let c = self.at(now);
        Player::BOTH
            .into_iter()
            .find(|&side| c.runs(side) && c.left(side) <= 0)
    }

    /// When the first running clock runs out.
    pub fn deadline(&self) -> Option<i64> {
        Player::BOTH
            .into_iter()
            .filter(|&side| self.runs(side))
            .map(|side| self.at + self.left(side).max(0))
            .min()
    }

    /// After `side` moved at `now`: charge, add the increment (by days
    /// per move: set its time back to [`Clocks::per_move`]), switch to
    /// `next` (`None`: stop), whose turn begins.
    pub fn after_move(
        &self,
        side: Player,
        now: i64,
        increment: i64,
        next: Option<Player>,
    ) -> Clocks {
        let mut c = self.at(now);
        c.replenish(side, increment);
        if let Some(next) = next {
            c.begin_turn(next);
        }
        c.running = next;
        c
    }

    /// `side`'s turn begins: by days per move it has the whole time per
    /// move for it (whatever was left of an earlier turn cut short by a
    /// takeback); in real time nothing changes.
    fn begin_turn(&mut self, side: Player) {
        if let Some(per_move) = self.per_move {
            self.ms[side.index()] = per_move;
        }
    }

    /// What `side`'s move gives it back: the increment in real time, its
    /// full time per move by days per move.
    fn replenish(&mut self, side: Player, increment: i64) {
        let left = &mut self.ms[side.index()];
        *left = match self.per_move {
            Some(per_move) => per_move,
            None => *left + increment,
        };
    }

    /// `ms` given back to `side` if its clock runs (time it was charged
    /// for something not its own: the computer's wait for a worker).
    pub fn credited(self, side: Player, ms: i64) -> Clocks {
        let mut c = self;
        if c.runs(side) {
            c.ms[side.index()] += ms.max(0);
        }
        c
    }

    /// The clocks as of `now` with `side`'s running (alone), whose turn
    /// begins.
    pub fn resumed(self, now: i64, side: Player) -> Clocks {
        let mut c = self.at(now);
        c.begin_turn(side);
        c.running = Some(side);
        c.placing = [false, false];
        c
    }

    /// A hidden placement phase starts at `now`: both clocks run, both
    /// sides' turns begin.
    pub fn placing_from(self, now: i64) -> Clocks {
        let mut c = self.at(now);
        for side in Player::BOTH {
            c.begin_turn(side);
        }
        c.running = None;
        c.placing = [true, true];
        c
    }

    /// `side` placed a piece at `now` (`done`: its last one): charge, add
    /// the increment (as [`Clocks::after_move`]), and stop its clock if
    /// done.
    pub fn after_placement(&self, side: Player, now: i64, increment: i64, done: bool) -> Clocks {
        let mut c = self.at(now);
        c.replenish(side, increment);
        if done {
            c.placing[side.index()] = false;
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
    fn only_the_listed_days_are_accepted() {
        for days in DAYS_PER_MOVE {
            assert_eq!(check_days(days), Ok(()));
        }
        for days in [0, 4, 6, 15, 30, u32::MAX] {
            assert!(check_days(days).is_err(), "{days}");
        }
    }

    #[test]
    fn a_move_gets_whole_days() {
        assert_eq!(per_move_ms(3, DAY), 3 * 86_400_000);
        assert_eq!(per_move_ms(14, DAY), 14 * 86_400_000);
        assert_eq!(per_move_ms(2, Duration::from_millis(250)), 500);
        assert_eq!(per_move_ms(2, Duration::MAX), i64::MAX);
    }

    #[test]
    fn running_side_is_charged_and_gets_the_increment() {
        let control = ClockControl::Realtime {
            initial_ms: 60_000,
            increment_ms: 2_000,
        };
        let c = control.start(1_000, Some(Player::First), DAY).unwrap();
        assert_eq!(c.at(6_000).ms, [55_000, 60_000]);
        let c = c.after_move(
            Player::First,
            6_000,
            control.increment(),
            Some(Player::Second),
        );
        assert_eq!(c.ms, [57_000, 60_000]);
        assert_eq!(c.running, Some(Player::Second));
        assert_eq!(c.deadline(), Some(66_000));
        assert_eq!(c.flagged(65_999), None);
        assert_eq!(c.flagged(66_000), Some(Player::Second));
        assert_eq!(c.stopped(70_000).ms, [57_000, 0]);
        assert_eq!(c.credited(Player::Second, 500).ms, [57_000, 60_500]);
        assert_eq!(c.credited(Player::First, 500).ms, [57_000, 60_000]);
    }

    #[test]
    fn by_days_per_move_each_move_sets_the_movers_time_back() {
        const DAY_MS: i64 = 86_400_000;
        let control = ClockControl::Correspondence { days_per_move: 3 };
        assert_eq!(control.speed(), Speed::Correspondence);
        assert!(control.is_correspondence() && ClockControl::Untimed.is_correspondence());
        let (first, second) = (Player::First, Player::Second);
        let c = control.start(0, Some(first), DAY).unwrap();
        assert_eq!((c.ms, c.per_move), ([3 * DAY_MS; 2], Some(3 * DAY_MS)));
        assert_eq!(c.deadline(), Some(3 * DAY_MS));
        // First moves after a day: its time is three days again, no more.
        let c = c.after_move(first, DAY_MS, control.increment(), Some(second));
        assert_eq!(c.ms, [3 * DAY_MS, 3 * DAY_MS]);
        assert_eq!(c.deadline(), Some(4 * DAY_MS), "second's three days");
        // Second answers at once: first's deadline is three days on.
        let c = c.after_move(second, DAY_MS + 5, 0, Some(first));
        assert_eq!(c.deadline(), Some(4 * DAY_MS + 5));
        assert_eq!(c.flagged(4 * DAY_MS + 4), None);
        assert_eq!(c.flagged(4 * DAY_MS + 5), Some(first));
        // A turn that begins anew (a takeback) has the whole time too, and
        // so has the next turn of the side cut short.
        let c = c.at(2 * DAY_MS).resumed(2 * DAY_MS, second);
        assert_eq!(c.deadline(), Some(5 * DAY_MS));
        assert_eq!(c.left(first), 2 * DAY_MS + 5, "first's turn was cut short");
        let after = c.after_move(second, 2 * DAY_MS, 0, Some(first));
        assert_eq!(after.deadline(), Some(5 * DAY_MS), "first's three days");
        // A placement phase begins both turns; a placement counts as a move.
        let c = c.placing_from(3 * DAY_MS);
        assert_eq!(c.ms, [3 * DAY_MS; 2]);
        let c = c.after_placement(second, 4 * DAY_MS, 0, false);
        assert_eq!(c.ms, [2 * DAY_MS, 3 * DAY_MS]);
        // The day is the server's.
        let short = control.start(0, Some(first), Duration::from_millis(100));
        assert_eq!(short.unwrap().deadline(), Some(300));
        assert!(ClockControl::Correspondence { days_per_move: 4 }
            .validate()
            .is_err());
        assert_eq!(control.validate(), Ok(()));
    }

    #[test]
    fn speeds_follow_the_estimate() {
        let rt = |i, inc| ClockControl::Realtime {
            initial_ms: i,
            increment_ms: inc,
        };
        assert_eq!(rt(60_000, 0).speed(), Speed::Bullet);
        assert_eq!(rt(180_000, 2_000).speed(), Speed::Blitz);
        assert_eq!(rt(600_000, 5_000).speed(), Speed::Rapid);
        assert_eq!(rt(1_800_000, 0).speed(), Speed::Classical);
        assert_eq!(ClockControl::Untimed.speed(), Speed::Correspondence);
        assert!(rt(10, 0).validate().is_err());
    }

    #[test]
    fn both_clocks_run_while_both_sides_place() {
        let control = ClockControl::Realtime {
            initial_ms: 10_000,
            increment_ms: 0,
        };
        let (first, second) = (Player::First, Player::Second);
        let c = control
            .start(0, Some(first), DAY)
            .unwrap()
            .placing_from(1_000);
        assert_eq!(c.ms, [9_000, 10_000]);
        assert_eq!(c.at(3_000).ms, [7_000, 8_000]);
        assert_eq!(c.deadline(), Some(10_000));
        let c = c.after_placement(first, 3_000, 0, true);
        assert!(!c.runs(first) && c.runs(second));
        assert_eq!(c.at(4_000).ms, [7_000, 7_000]);
        assert_eq!(c.deadline(), Some(11_000));
        assert_eq!(c.flagged(11_000), Some(second));
        let c = c.resumed(5_000, first);
        assert_eq!(c.ms, [7_000, 6_000]);
        assert_eq!(c.placing, [false, false]);
    }

    #[test]
    fn speeds_are_named_as_stored() {
        for speed in Speed::ALL {
            assert_eq!(speed.as_str().parse::<Speed>(), Ok(speed));
            let json = serde_json::to_string(&speed).unwrap();
            assert_eq!(json, format!("\"{speed}\""));
        }
        assert_eq!(
            "ludicrous".parse::<Speed>(),
            Err("unknown speed 'ludicrous'".into())
        );
    }

    #[test]
    fn clock_json_is_as_stored_and_unknown_fields_are_refused() {
        let realtime = ClockControl::Realtime {
            initial_ms: 1_000,
            increment_ms: 0,
        };
        for (control, json) in [
            (
                realtime,
                r#"{"type":"realtime","initial_ms":1000,"increment_ms":0}"#,
            ),
            (ClockControl::Untimed, r#"{"type":"untimed"}"#),
            (
                ClockControl::Correspondence { days_per_move: 3 },
                r#"{"type":"correspondence","days_per_move":3}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&control).unwrap(), json);
            assert_eq!(serde_json::from_str::<ClockControl>(json).unwrap(), control);
        }
        for bad in [
            r#"{"type":"untimed","x":1}"#,
            r#"{"type":"realtime","initial_ms":1000,"increment_ms":0,"x":1}"#,
            r#"{"type":"sundial"}"#,
            r#"{"type":"correspondence"}"#,
            r#"{"type":"correspondence","days_per_move":3,"x":1}"#,
            r#"{"type":"correspondence","days_per_move":-1}"#,
        ] {
            assert!(serde_json::from_str::<ClockControl>(bad).is_err(), "{bad}");
        }
        let clocks = Clocks {
            ms: [1, 2],
            running: Some(Player::Second),
            at: 3,
            placing: [false, true],
            per_move: None,
        };
        let json = r#"{"ms":[1,2],"running":1,"at":3,"placing":[false,true]}"#;
        assert_eq!(serde_json::to_string(&clocks).unwrap(), json);
        assert_eq!(serde_json::from_str::<Clocks>(json).unwrap(), clocks);
        // Stored before hidden placement: no `placing`.
        let old: Clocks = serde_json::from_str(r#"{"ms":[1,2],"running":null,"at":3}"#).unwrap();
        assert_eq!((old.running, old.placing), (None, [false, false]));
        assert!(serde_json::from_str::<Clocks>(r#"{"ms":[1,2],"running":9,"at":3}"#).is_err());
        let by_days = Clocks {
            per_move: Some(5),
            ..clocks
        };
        let json = r#"{"ms":[1,2],"running":1,"at":3,"placing":[false,true],"per_move":5}"#;
        assert_eq!(serde_json::to_string(&by_days).unwrap(), json);
        assert_eq!(serde_json::from_str::<Clocks>(json).unwrap(), by_days);
    }
}
