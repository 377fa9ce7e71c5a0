//! How long a search may run: time, nodes and depth limits, and the clock
//! of the side to move when the search decides its own time.

use crate::Clock;
use std::time::Duration;

/// Limits of one search. A limit that is `None` does not apply; with none
/// set the search runs until it is stopped or reaches its maximum depth.
/// A level's own budget caps these (see [`crate::Level::profile`]). With a
/// [`Clock`], the search takes the time its time manager allots the move
/// ([`crate::TimeBudget`]); a move time as well caps that.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for this move.
    pub movetime: Option<Duration>,
    /// Nodes to search (summed over threads).
    pub nodes: Option<u64>,
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The side to move's clock: the search decides its own time.
    pub clock: Option<Clock>,
}

impl Limits {
    /// Only a time limit.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }

    /// Only a node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// Only a depth limit.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Only a clock: the search decides its time.
    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    /// Both sets of limits at once: the tighter of each.
    pub fn tighter(self, other: Limits) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, None) => a,
                (None, b) => b,
            }
        }
        Limits {
            movetime: min(self.movetime, other.movetime),
            nodes: min(self.nodes, other.nodes),
            depth: min(self.depth, other.depth),
            clock: match (self.clock, other.clock) {
                (Some(a), Some(b)) => Some(if b.left < a.left { b } else { a }),
                (a, b) => a.or(b),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tighter_takes_the_smaller_of_each_limit() {
        let a = Limits {
            movetime: Some(Duration::from_secs(2)),
            nodes: None,
            depth: Some(9),
            clock: None,
        };
        let b = Limits {
            movetime: Some(Duration::from_secs(1)),
            nodes: Some(50),
            depth: None,
            clock: Some(Clock::new(Duration::from_secs(5), Duration::ZERO)),
        };
        assert_eq!(
            a.tighter(b),
            Limits {
                movetime: Some(Duration::from_secs(1)),
                nodes: Some(50),
                depth: Some(9),
                clock: b.clock,
            }
        );
        assert_eq!(
            Limits::default().tighter(Limits::default()),
            Limits::default()
        );
    }
}
