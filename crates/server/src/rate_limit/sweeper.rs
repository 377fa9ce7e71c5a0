//! When to sweep a map that grows with the keys it is asked about.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Sweeps a map once it holds more than a bound, and afterwards once it
/// holds twice what the last sweep left (at least the bound): a sweep is
/// linear in the map's size, so sweeps cost a constant per insertion even
/// while every key is recent and nothing can be dropped.
#[derive(Debug)]
pub(crate) struct Sweeper {
    bound: usize,
    next: AtomicUsize,
}

impl Sweeper {
    /// Sweeps past `bound` keys.
    pub(crate) fn new(bound: usize) -> Self {
        Sweeper {
            bound,
            next: AtomicUsize::new(bound),
        }
    }

    /// Runs `sweep` (which returns the size it leaves) if `len` is past the
    /// mark.
    pub(crate) fn check(&self, len: usize, sweep: impl FnOnce() -> usize) {
        if len > self.next.load(Ordering::Relaxed) {
            let left = sweep();
            self.next
                .store(left.saturating_mul(2).max(self.bound), Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweeps_past_the_bound_then_past_twice_what_was_left() {
        let sweeper = Sweeper::new(10);
        let mut swept = 0;
        sweeper.check(10, || unreachable!("not past the bound"));
        sweeper.check(11, || {
            swept += 1;
            8
        });
        // Nothing could be dropped: the next sweep waits for 2 × 8 = 16.
        sweeper.check(16, || unreachable!("not past twice what was left"));
        sweeper.check(17, || {
            swept += 1;
            2
        });
        // Back to the bound.
        sweeper.check(11, || {
            swept += 1;
            0
        });
        assert_eq!(swept, 3);
    }
}
