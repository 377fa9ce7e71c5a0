//! Time management under a clock: how much of the time left one move may
//! take.
//!
//! The caller gives the side to move's [`Clock`] (time left, increment,
//! moves to the next time control if known) in [`crate::Limits::clock`];
//! [`TimeBudget::allocate`] turns it into the move's **share** (the time
//! left after a safety reserve, with the increments to come, shared evenly
//! over the moves the side is expected still to play: [`moves_left`] from
//! [`GameProgress`], the game's typical or known length, the plies played,
//! the move limit; each move the game may still last after this one is
//! assumed to cost at least [`MIN_MOVE_COST`] beyond its increment, however
//! small its share), a **soft target** (2.2 shares: no new iteration of the
//! iterative deepening starts when it would most likely end past it, so a
//! move takes about its share on average; half as long again when the best
//! move just changed, 30 % less when it has settled) and a **hard cap**
//! (4.5 shares: the search stops there whatever it is doing), both at most
//! a twentieth of the time left (or the increment, or the even share, if
//! that is more: [`MOVE_CAP_DIVISOR`]; where that cap binds, the move may
//! use all of it: [`TimeBudget::capped`]). The reserve (a fixed
//! [`MOVE_OVERHEAD`] of 50 ms, a twentieth of the time left up to a second,
//! and a quarter of it up to 250 ms for a machine too busy to run the
//! search for a while) and the caps (the soft target at most 35 % and the
//! hard cap at most half of what is left after the reserve, unless this is
//! the last move before the time control) keep a search that overruns its
//! target, or a process that is not scheduled for a while, from losing on
//! time.

use crate::Limits;
use std::time::{Duration, Instant};

/// The clock of the side to move, for a search that decides its own time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the side to move's clock.
    pub left: Duration,
    /// Time added to it after each of its moves.
    pub increment: Duration,
    /// Moves of this side until the next time control adds time (`None`:
    /// the time left is for the rest of the game, sudden death).
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A clock with `left` and `increment`, for the rest of the game.
    pub fn new(left: Duration, increment: Duration) -> Clock {
        Clock {
            left,
            increment,
            moves_to_go: None,
        }
    }
}

/// Where a game stands, for estimating the moves still to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameProgress {
    /// Plies played so far.
    pub plies_played: u32,
    /// The game ends after at most this many more plies (its move limit),
    /// if it has one.
    pub plies_left_at_most: Option<u32>,
    /// How many plies a game between strong players usually lasts
    /// ([`crate::Evaluate::TYPICAL_PLIES`]).
    pub typical_plies: u32,
    /// The plies the game will most likely still last, when the game knows
    /// ([`crate::Evaluate::expected_plies_left`]); then `typical_plies`
    /// is not used.
    pub expected_plies_left: Option<u32>,
}

/// A fixed allowance per move for what the search's clock does not see:
/// setting up, answering, the controller's own reading of the clock.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(50);
/// The least a move costs whatever its budget (the first iterations, the
/// answer, the controller's turn): kept aside for each move still to play
/// after this one, so a long game at sudden death (Linear Pursuit's 300
/// plies at 1+0) does not spend early what its last moves need. Measured:
/// with nothing kept for them, 1 of 50 games of `max` against itself at
/// 1+0 ran out 21 plies before Linear Pursuit's move limit, its moves
/// costing about 16 ms each with a 5 ms budget on a loaded machine.
pub const MIN_MOVE_COST: Duration = Duration::from_millis(10);
/// The largest part of the reserve that grows with the time left.
const MAX_RESERVE: Duration = Duration::from_secs(1);
/// The most kept for stalls: a loaded machine may not run the search for a
/// few hundred milliseconds (measured: up to 0.3 s with two cores shared
/// by a dozen busy processes), a quarter of the time left up to this.
const STALL_RESERVE: Duration = Duration::from_millis(250);
/// The least hard cap when there is any time at all (a quarter of the time
/// left up to this): enough for the first iterations, so that the move is
/// searched rather than the first legal one played.
const MIN_HARD: Duration = Duration::from_millis(5);
/// The fewest moves the side to move is assumed still to play in a game
/// of unknown length (unless the move limit or the time control comes
/// sooner).
pub const MIN_MOVES_LEFT: u32 = 5;
/// A game of unknown length past its typical length is assumed to last
/// this fraction of it again (in fifths; measured on Lines of Action, whose
/// games past 40 plies lasted about 9 plies more).
const TAIL_FIFTHS: u32 = 1;
/// Moves added to a known length (what it cannot foresee).
pub const KNOWN_LENGTH_SLACK: u32 = 2;
/// The soft target in tenths of the even share of the time: a move ends
/// before its soft target (the iteration that would pass it does not
/// start), measured at about 45 % of it on average, so the target is set
/// above the share for moves to take about their share.
pub const SOFT_TENTHS: u32 = 22;
/// The hard cap in tenths of the even share.
pub const HARD_TENTHS: u32 = 45;
/// No move may take more than the time left divided by this (a twentieth),
/// or the move's even share of the time if that is more: the hard cap,
/// and the soft target with it, are at most that. Where it binds (a game
/// with fewer than about 90 moves to go, or a large increment), the move
/// may use the whole cap ([`TimeBudget::capped`]). Without it a short game
/// on a long clock gave single moves minutes (Lines of Action at 5+3: a
/// share of 16 s, a hard cap of 74 s, moves of up to 30 s seen), while
/// every other level answers within a second or two. The even share is
/// allowed because a game of few moves needs it: capped at a twentieth,
/// Lines of Action (about 22 moves a side) left a third of its clock
/// unused and lost about 100 Elo to the uncapped engine
/// (docs/time-management.md). The increment is always allowed (a move
/// that takes no more than it leaves the clock as it was), and the last
/// move before a time control is not capped (its time would not be needed
/// later).
pub const MOVE_CAP_DIVISOR: u32 = 20;

/// A capped move may use its whole cap only if the cap is more than this
/// many increments ([`TimeBudget::capped`]); otherwise it aims at the cap
/// as at any soft target.
pub const FULL_CAP_INCREMENTS: u32 = 2;

/// The time one move may take under a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The move's even share of the time left (with the increments to
    /// come): what a search without iterations (MCTS) takes.
    pub share: Duration,
    /// No iteration starts that would most likely end later than this.
    pub soft: Duration,
    /// The search stops at this time, finished or not.
    pub hard: Duration,
    /// The move cap ([`MOVE_CAP_DIVISOR`]) lowered the soft target, and
    /// the cap is more than `FULL_CAP_INCREMENTS` increments: the move
    /// may use the whole cap. An iteration then starts while the cap
    /// leaves it at least as long as the last one took, and the hard stop
    /// ends it (its completed root moves count), so capped moves take
    /// about the cap rather than half of it.
    pub capped: bool,
}

impl TimeBudget {
    /// The budget of the next move for `clock`, in a game at `progress`.
    pub fn allocate(clock: &Clock, progress: &GameProgress) -> TimeBudget {
        let reserve = MOVE_OVERHEAD
            + (clock.left / 20).min(MAX_RESERVE)
            + (clock.left / 4).min(STALL_RESERVE);
        let usable = clock.left.saturating_sub(reserve);
        let moves = moves_left(clock, progress);
        // The time of the moves to go (the increments of all but this move
        // come later, and each of those moves costs at least MIN_MOVE_COST),
        // shared evenly.
        // What this move may take at the most: the time left after the
        // reserve, less what each move the game may still last after it (up
        // to its move limit) costs at least beyond its increment.
        let later_most = moves_at_most(clock, progress).max(moves) - 1;
        let room =
            usable.saturating_sub(MIN_MOVE_COST.saturating_sub(clock.increment) * later_most);
        // With the increments of the moves expected, shared evenly.
        let horizon = room + clock.increment * (moves - 1);
        let even = horizon / moves;
        let last = moves == 1;
        let (soft_share, hard_share) = if last { (90, 100) } else { (35, 50) };
        let even = even.min(share(room, soft_share, 100));
        // At most a twentieth of the time left, the increment or the even
        // share, before the last move of a time control.
        let cap = if last {
            Duration::MAX
        } else {
            move_cap(clock).max(even)
        };
        let uncapped = share(even, SOFT_TENTHS, 10).min(share(room, soft_share, 100));
        let soft = uncapped.min(cap);
        let hard = share(even, HARD_TENTHS, 10)
            .min(share(room, hard_share, 100))
            .min(cap)
            .max(soft)
            .max(MIN_HARD.min(clock.left / 4));
        // A move may use its whole cap only where that leaves the clock
        // room: a cap near the increment, used whole every move, drains
        // the clock by each move's overhead (measured: `expert`, with two
        // threads on a loaded machine, lost 19 of 20 Chess Football games
        // on time at 1+0.1 that way).
        let capped = soft < uncapped && soft > clock.increment * FULL_CAP_INCREMENTS;
        TimeBudget {
            // Where the cap lowers the soft target, the move may use all of
            // it, as an iterative search does.
            share: if capped {
                soft
            } else {
                even.min(share(soft, 10, SOFT_TENTHS))
            },
            soft,
            hard,
            capped,
        }
    }
}

/// The most one move may take under `clock` (before the reserve and the
/// other caps): a [`MOVE_CAP_DIVISOR`]th of the time left, or the
/// increment if that is more.
fn move_cap(clock: &Clock) -> Duration {
    (clock.left / MOVE_CAP_DIVISOR).max(clock.increment)
}

/// `num / den` of `d`.
fn share(d: Duration, num: u32, den: u32) -> Duration {
    d * num / den
}

/// How many moves (of the side to move, this one included) the time left
/// is for: the expected rest of the game, capped by the move limit and the
/// time control. A game that knows its plies left gets their half and
/// [`KNOWN_LENGTH_SLACK`] more; otherwise the rest of the typical length,
/// and past it a fifth of the typical length more, and at least
/// [`MIN_MOVES_LEFT`] moves.
pub fn moves_left(clock: &Clock, progress: &GameProgress) -> u32 {
    let mut moves = match progress.expected_plies_left {
        Some(plies) => plies.div_ceil(2) + KNOWN_LENGTH_SLACK,
        None => {
            let typical = progress.typical_plies.max(2);
            let plies = typical
                .saturating_sub(progress.plies_played)
                .max(typical * TAIL_FIFTHS / 5);
            (plies / 2).max(MIN_MOVES_LEFT)
        }
    };
    if let Some(limit) = progress.plies_left_at_most {
        moves = moves.min(limit.div_ceil(2));
    }
    if let Some(n) = clock.moves_to_go {
        moves = moves.min(n);
    }
    moves.max(1)
}

/// The most moves (of the side to move, this one included) the time left
/// may have to last: to the move limit if the game has one (or the time
/// control, if it comes sooner), else the expected [`moves_left`].
fn moves_at_most(clock: &Clock, progress: &GameProgress) -> u32 {
    let most = progress
        .plies_left_at_most
        .map(|plies| plies.div_ceil(2))
        .into_iter()
        .chain(clock.moves_to_go)
        .min();
    most.unwrap_or_else(|| moves_left(clock, progress)).max(1)
}

/// When one search stops: the hard deadline, from the move time and the
/// clock, and the rule for starting another iteration.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimePlan {
    /// When the search started (the time of every rule counts from here).
    pub start: Instant,
    /// The search stops this long after `start`.
    pub hard: Option<Duration>,
    /// The clock's soft target.
    soft: Option<Duration>,
    /// The clock's even share for the move.
    share: Option<Duration>,
    /// The move cap bound the soft target ([`TimeBudget::capped`]).
    capped: bool,
    /// A fixed move time: no iteration starts past half of it.
    movetime: Option<Duration>,
}

impl TimePlan {
    /// The plan for `limits` in a game at `progress`, starting at `start`.
    pub fn new(limits: &Limits, progress: &GameProgress, start: Instant) -> TimePlan {
        let budget = limits
            .clock
            .map(|clock| TimeBudget::allocate(&clock, progress));
        let hard = [limits.movetime.map(hard_time), budget.map(|b| b.hard)]
            .into_iter()
            .flatten()
            .min();
        TimePlan {
            start,
            hard,
            soft: budget.map(|b| b.soft),
            share: budget.map(|b| b.share),
            capped: budget.is_some_and(|b| b.capped),
            movetime: limits.movetime,
        }
    }

    /// The instant the search must stop.
    pub fn deadline(&self) -> Option<Instant> {
        self.hard.map(|h| self.start + h)
    }

    /// Whether the search is timed at all (move time or clock).
    pub fn timed(&self) -> bool {
        self.hard.is_some()
    }

    /// The time a search without iterations (MCTS, the solver's first try)
    /// may aim at: the clock's even share, or the move time.
    pub fn target(&self) -> Option<Duration> {
        [self.share, self.movetime].into_iter().flatten().min()
    }

    /// Whether another iteration should start now, `elapsed` after the
    /// start, after an iteration that took `last` (the one before it
    /// `before`), whose best move is as `stability` says. Under a clock,
    /// the next iteration is expected to take `last` times the growth of
    /// the last two (between 1.5 and 6; 3 when unknown) and must end by the
    /// soft target: half as long again when the best move just changed,
    /// 30 % less when it has settled. Where the move cap bound the soft
    /// target, an iteration starts while the target leaves it as long as
    /// the last took: the hard stop (the cap) may end it.
    pub fn next_iteration(
        &self,
        elapsed: Duration,
        last: Duration,
        before: Option<Duration>,
        stability: Stability,
    ) -> bool {
        if self.movetime.is_some_and(|t| elapsed * 2 >= t) {
            return false;
        }
        let Some(soft) = self.soft else {
            return true;
        };
        if self.capped {
            return elapsed + last <= soft;
        }
        let growth = match before {
            Some(b) if b > Duration::from_micros(200) => {
                (last.as_secs_f64() / b.as_secs_f64()).clamp(1.5, 6.0)
            }
            _ => 3.0,
        };
        let target = match stability {
            Stability::Changed => soft * 3 / 2,
            Stability::Usual => soft,
            Stability::Settled => soft * 7 / 10,
        };
        elapsed + last.mul_f64(growth) <= target
    }
}

/// How settled the best move of the iterative deepening is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stability {
    /// The last iteration changed it (from depth [`Stability::FROM_DEPTH`]).
    Changed,
    /// Neither changed nor settled.
    Usual,
    /// The same for the last [`Stability::SETTLED_AFTER`] iterations (from
    /// depth [`Stability::FROM_DEPTH`]).
    Settled,
}

impl Stability {
    /// Iterations below this depth count as usual.
    pub const FROM_DEPTH: u32 = 5;
    /// Iterations of the same best move that settle it.
    pub const SETTLED_AFTER: u32 = 4;

    /// The stability after an iteration of `depth` whose best move has
    /// been the same for `same` iterations (0: it just changed).
    pub fn of(depth: u32, same: u32) -> Stability {
        if depth < Stability::FROM_DEPTH {
            Stability::Usual
        } else if same == 0 {
            Stability::Changed
        } else if same >= Stability::SETTLED_AFTER {
            Stability::Settled
        } else {
            Stability::Usual
        }
    }
}

/// The hard limit for a fixed move time: a small margin for returning.
fn hard_time(movetime: Duration) -> Duration {
    movetime.saturating_sub((movetime / 50).min(Duration::from_millis(20)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    fn progress(plies_played: u32) -> GameProgress {
        GameProgress {
            plies_played,
            plies_left_at_most: None,
            typical_plies: 80,
            expected_plies_left: None,
        }
    }

    #[test]
    fn moves_left_follow_the_game() {
        let clock = Clock::new(MS(60_000), Duration::ZERO);
        assert_eq!(moves_left(&clock, &progress(0)), 40);
        assert_eq!(moves_left(&clock, &progress(20)), 30);
        assert_eq!(moves_left(&clock, &progress(60)), 10);
        // Past the typical length: a fifth of it more.
        assert_eq!(moves_left(&clock, &progress(70)), 8);
        assert_eq!(moves_left(&clock, &progress(500)), 8);
        // Short games: at least MIN_MOVES_LEFT.
        let short = GameProgress {
            typical_plies: 6,
            ..progress(0)
        };
        assert_eq!(moves_left(&clock, &short), MIN_MOVES_LEFT);
        // The move limit and the time control come first.
        let near_limit = GameProgress {
            plies_left_at_most: Some(5),
            ..progress(0)
        };
        assert_eq!(moves_left(&clock, &near_limit), 3);
        let at_limit = GameProgress {
            plies_left_at_most: Some(0),
            ..progress(0)
        };
        assert_eq!(moves_left(&clock, &at_limit), 1);
        let control = Clock {
            moves_to_go: Some(7),
            ..clock
        };
        assert_eq!(moves_left(&control, &progress(0)), 7);
        // A known length: its half and the slack, however short.
        let known = GameProgress {
            expected_plies_left: Some(9),
            ..progress(500)
        };
        assert_eq!(moves_left(&clock, &known), 5 + KNOWN_LENGTH_SLACK);
        let ending = GameProgress {
            expected_plies_left: Some(0),
            ..progress(0)
        };
        assert_eq!(moves_left(&clock, &ending), KNOWN_LENGTH_SLACK);
    }

    /// A game of `plies_played` of a long game (400 plies typical: the
    /// twentieth of the time left does not cap its share).
    fn long(plies_played: u32) -> GameProgress {
        GameProgress {
            typical_plies: 400,
            ..progress(plies_played)
        }
    }

    #[test]
    fn sudden_death_shares_the_time_left_over_the_moves_to_go() {
        // 60 s, no increment, 200 moves to go: reserve 1 s + 250 ms + 50 ms,
        // and the least cost of the 199 moves after this one.
        let b = TimeBudget::allocate(&Clock::new(MS(60_000), Duration::ZERO), &long(0));
        let even = (MS(58_700) - MIN_MOVE_COST * 199) / 200;
        assert_eq!(b.share, even);
        assert_eq!(b.soft, even * SOFT_TENTHS / 10);
        assert_eq!(b.hard, even * HARD_TENTHS / 10);
        assert!(b.soft < b.hard);
    }

    #[test]
    fn the_increment_is_spent_too() {
        let none = TimeBudget::allocate(&Clock::new(MS(5_000), Duration::ZERO), &long(0));
        let inc = TimeBudget::allocate(&Clock::new(MS(5_000), MS(10)), &long(0));
        // 199 later increments shared over 200 moves: almost one each (an
        // increment of MIN_MOVE_COST pays for each move's least cost).
        assert_eq!(
            inc.soft,
            (MS(4_450) + MS(10) * 199) / 200 * SOFT_TENTHS / 10
        );
        assert!(inc.soft > none.soft);
        // An increment larger than the time left: at most 35 % of what is
        // left is aimed at, half of it spent at most.
        let rich = TimeBudget::allocate(&Clock::new(MS(1_000), MS(2_000)), &progress(0));
        assert_eq!(rich.soft, MS(650) * 35 / 100);
        assert_eq!(rich.hard, MS(650) / 2);
    }

    #[test]
    fn no_move_takes_more_than_a_twentieth_of_the_time_left() {
        // Lines of Action (45 plies typical) at 5+3, first move: 22 moves to
        // go. The even share of the usable time (300 s less the reserve of
        // 1.3 s) and the 21 increments to come would be 16.4 s, its soft
        // target 36 s and hard cap 74 s; a twentieth of 300 s is 15 s, so
        // both are 15 s, and the share (MCTS's time) 15 s / 2.2.
        let loa = GameProgress {
            typical_plies: 45,
            ..progress(0)
        };
        let clock = Clock::new(MS(300_000), MS(3_000));
        let uncapped = (MS(298_700) + MS(3_000) * 21) / 22;
        assert!(uncapped * HARD_TENTHS / 10 > MS(70_000));
        let b = TimeBudget::allocate(&clock, &loa);
        assert_eq!(move_cap(&clock), MS(15_000));
        // The even share is more than a twentieth: it is the cap, and the
        // move may use all of it.
        assert_eq!((b.soft, b.hard, b.share), (uncapped, uncapped, uncapped));
        assert!(b.capped);
        // Halfway, 150 s left for the 12 moves expected: about 15 s each, a
        // tenth of the time left (a twentieth would leave a third of the
        // clock unused at the end; measured in docs/time-management.md).
        let at_21 = GameProgress {
            plies_played: 21,
            ..loa
        };
        let half = TimeBudget::allocate(&Clock::new(MS(150_000), MS(3_000)), &at_21);
        assert!(half.capped && half.hard > MS(150_000) / MOVE_CAP_DIVISOR);
        // With less time left than twenty increments the increment is the
        // cap: 10 s left and 3 s more each move may take 3 s, or its even
        // share if more: here 35 % of the 9.2 s left after the reserve.
        let low = Clock::new(MS(10_000), MS(3_000));
        assert_eq!(move_cap(&low), MS(3_000));
        let b = TimeBudget::allocate(&low, &loa);
        assert_eq!((b.soft, b.hard), (MS(3_220), MS(3_220)));
        // A long game's share is below the cap: not changed.
        let b = TimeBudget::allocate(&Clock::new(MS(60_000), Duration::ZERO), &long(0));
        assert_eq!(b.hard, b.share * HARD_TENTHS / 10);
        assert!(b.hard < MS(60_000) / MOVE_CAP_DIVISOR);
        // Whatever the clock and the game, before the last move of a time
        // control: a twentieth of the time left, or the increment, or the
        // even share of the time left and the increments to come, or the
        // least hard cap.
        for left in [0, 20, 100, 1_000, 5_000, 60_000, 300_000, 3_600_000] {
            for inc in [0, 10, 100, 3_000, 30_000] {
                for typical in [6, 45, 200, 400] {
                    for plies in [0, 30, 150] {
                        let clock = Clock::new(MS(left), MS(inc));
                        let p = GameProgress {
                            typical_plies: typical,
                            ..progress(plies)
                        };
                        let b = TimeBudget::allocate(&clock, &p);
                        let moves = moves_left(&clock, &p);
                        let even = (MS(left) + MS(inc) * (moves - 1)) / moves;
                        let most = (MS(left) / MOVE_CAP_DIVISOR)
                            .max(MS(inc))
                            .max(even)
                            .max(MIN_HARD.min(MS(left) / 4));
                        assert!(b.hard <= most, "{clock:?} at {p:?}: {b:?}");
                        assert!(b.soft <= b.hard && b.share <= b.soft, "{b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_last_move_before_the_control_may_use_most_of_the_time() {
        let clock = Clock {
            moves_to_go: Some(1),
            ..Clock::new(MS(10_000), Duration::ZERO)
        };
        let b = TimeBudget::allocate(&clock, &progress(0));
        let usable = MS(10_000 - 50 - 500 - 250);
        assert_eq!(b.soft, usable * 9 / 10);
        assert_eq!(b.hard, usable);
    }

    #[test]
    fn the_budget_never_reaches_the_time_left() {
        for left in [0, 1, 5, 19, 20, 21, 50, 100, 1_000, 60_000, 3_600_000] {
            for inc in [0, 10, 1_000, 30_000] {
                for plies in [0, 40, 299, 1_000] {
                    for to_go in [None, Some(1), Some(2), Some(40)] {
                        for known in [None, Some(0), Some(3), Some(200)] {
                            let clock = Clock {
                                left: MS(left),
                                increment: MS(inc),
                                moves_to_go: to_go,
                            };
                            let p = GameProgress {
                                expected_plies_left: known,
                                ..progress(plies)
                            };
                            let b = TimeBudget::allocate(&clock, &p);
                            assert!(b.soft <= b.hard, "{clock:?}: {b:?}");
                            let margin = MS(left).saturating_sub(b.hard);
                            assert!(
                                margin >= MOVE_OVERHEAD.min(MS(left) * 3 / 4),
                                "{clock:?} at {p:?}: {b:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_game_that_goes_on_never_runs_out() {
        // Play 1,000 moves of 1+0, each taking the whole hard cap: the
        // clock never reaches zero (the search's own overrun is what
        // MOVE_OVERHEAD is for).
        let mut left = MS(60_000);
        for ply in (0..2_000).step_by(2) {
            let b = TimeBudget::allocate(&Clock::new(left, Duration::ZERO), &progress(ply));
            assert!(b.hard < left, "ply {ply}: {b:?} with {left:?} left");
            left -= b.hard;
        }
        assert!(left > Duration::ZERO);
    }

    #[test]
    fn a_long_game_keeps_time_for_its_last_moves() {
        // Linear Pursuit at 1+0: 300 plies at most, 200 typical. Every move
        // takes its whole hard cap, and never less than MIN_MOVE_COST (what
        // a move costs however small its budget): the clock lasts to the
        // move limit.
        let mut left = MS(60_000);
        for ply in (0..300).step_by(2) {
            let p = GameProgress {
                plies_played: ply,
                plies_left_at_most: Some(300 - ply),
                typical_plies: 200,
                expected_plies_left: None,
            };
            let b = TimeBudget::allocate(&Clock::new(left, Duration::ZERO), &p);
            let cost = b.hard.max(MIN_MOVE_COST);
            assert!(cost < left, "ply {ply}: {b:?} with {left:?} left");
            left -= cost;
        }
    }

    #[test]
    fn stability_needs_depth_and_repeats() {
        assert_eq!(Stability::of(4, 0), Stability::Usual);
        assert_eq!(Stability::of(5, 0), Stability::Changed);
        assert_eq!(Stability::of(9, 3), Stability::Usual);
        assert_eq!(Stability::of(9, 4), Stability::Settled);
        assert_eq!(Stability::of(3, 7), Stability::Usual);
    }

    #[test]
    fn the_plan_takes_the_tighter_of_move_time_and_clock() {
        let start = Instant::now();
        let p = progress(0);
        let fixed = TimePlan::new(&Limits::movetime(MS(1_000)), &p, start);
        assert_eq!(fixed.hard, Some(MS(980)));
        assert_eq!(fixed.target(), Some(MS(1_000)));
        let clock = Clock::new(MS(60_000), Duration::ZERO);
        let budget = TimeBudget::allocate(&clock, &p);
        let clocked = TimePlan::new(&Limits::clock(clock), &p, start);
        assert_eq!(clocked.hard, Some(budget.hard));
        assert_eq!(clocked.target(), Some(budget.share));
        let both = Limits {
            movetime: Some(MS(1_000)),
            ..Limits::clock(clock)
        };
        let both = TimePlan::new(&both, &p, start);
        assert_eq!(both.hard, Some(MS(980)));
        assert_eq!(both.target(), Some(MS(1_000)));
        let untimed = TimePlan::new(&Limits::depth(5), &p, start);
        assert!(!untimed.timed());
        assert!(untimed.next_iteration(MS(10_000), MS(5_000), None, Stability::Usual));
    }

    #[test]
    fn an_iteration_starts_only_if_it_should_end_by_the_soft_target() {
        let p = long(0);
        let clock = Clock::new(MS(600_000), Duration::ZERO);
        let budget = TimeBudget::allocate(&clock, &p); // below the cap
        assert!(!budget.capped);
        let soft = budget.soft;
        let plan = TimePlan::new(&Limits::clock(clock), &p, Instant::now());
        // Growth 2 (100 ms after 50 ms): ends 50 ms before the target, or
        // 50 ms after.
        assert!(plan.next_iteration(soft - MS(250), MS(100), Some(MS(50)), Stability::Usual));
        assert!(!plan.next_iteration(soft - MS(150), MS(100), Some(MS(50)), Stability::Usual));
        // Unknown growth: 3 times the last.
        assert!(plan.next_iteration(soft - MS(950), MS(300), None, Stability::Usual));
        assert!(!plan.next_iteration(soft - MS(850), MS(300), None, Stability::Usual));
        // An unstable best move may go half as far again.
        assert!(plan.next_iteration(soft - MS(150), MS(100), Some(MS(50)), Stability::Changed));
        assert!(!plan.next_iteration(soft * 3 / 2, MS(1), None, Stability::Changed));
        // A settled one stops sooner.
        let settled = soft * 7 / 10;
        assert!(!plan.next_iteration(settled - MS(150), MS(100), Some(MS(50)), Stability::Settled));
        assert!(plan.next_iteration(settled - MS(250), MS(100), Some(MS(50)), Stability::Settled));
        // A fixed move time: not past half of it.
        let fixed = TimePlan::new(&Limits::movetime(MS(1_000)), &p, Instant::now());
        assert!(fixed.next_iteration(MS(499), MS(400), Some(MS(100)), Stability::Usual));
        assert!(!fixed.next_iteration(MS(500), MS(1), None, Stability::Usual));
    }

    #[test]
    fn a_capped_move_may_use_the_whole_cap() {
        // 60 s for 40 moves: a soft target of 3.3 s, capped at 3 s. An
        // iteration starts while the cap leaves it as long as the last one
        // took, whatever the growth and the stability; the cap stops it.
        let p = progress(0);
        let clock = Clock::new(MS(60_000), Duration::ZERO);
        let budget = TimeBudget::allocate(&clock, &p);
        assert!(budget.capped);
        assert_eq!((budget.soft, budget.hard), (MS(3_000), MS(3_000)));
        let plan = TimePlan::new(&Limits::clock(clock), &p, Instant::now());
        for stability in [Stability::Changed, Stability::Usual, Stability::Settled] {
            assert!(plan.next_iteration(MS(1_900), MS(1_000), Some(MS(200)), stability));
            assert!(!plan.next_iteration(MS(2_100), MS(1_000), Some(MS(200)), stability));
        }
        assert_eq!(plan.deadline(), Some(plan.start + MS(3_000)));
    }
}
