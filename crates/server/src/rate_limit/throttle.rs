//! A direct (not keyed) limiter: one connection's messages or syncs.

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use std::time::Duration;

/// Lets through a [`Quota`] of cells: bursts of up to its burst size, then
/// one each replenish interval.
#[derive(Debug)]
pub struct Throttle<C: Clock = DefaultClock> {
    limiter: RateLimiter<NotKeyed, InMemoryState, C, NoOpMiddleware<C::Instant>>,
}

impl Throttle {
    /// A throttle of `quota` on the real clock, its burst available at
    /// once.
    pub fn new(quota: Quota) -> Self {
        Throttle::with_clock(quota, DefaultClock::default())
    }
}

impl<C: Clock> Throttle<C> {
    /// A throttle of `quota` on `clock`.
    pub fn with_clock(quota: Quota, clock: C) -> Self {
        Throttle {
            limiter: RateLimiter::direct_with_clock(quota, clock),
        }
    }

    /// Takes a cell, or tells how long until there is one (and takes
    /// nothing).
    pub fn take(&self) -> Result<(), Duration> {
        self.limiter
            .check()
            .map_err(|not_until| not_until.wait_time_from(self.limiter.clock().now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate_limit::count;
    use governor::clock::FakeRelativeClock;

    #[test]
    fn passes_a_burst_then_its_rate() {
        let clock = FakeRelativeClock::default();
        // 10 a second, bursts of 3.
        let quota = Quota::per_second(count(10)).allow_burst(count(3));
        let throttle = Throttle::with_clock(quota, clock.clone());
        assert!((0..3).all(|_| throttle.take().is_ok()));
        assert_eq!(throttle.take(), Err(Duration::from_millis(100)));
        clock.advance(Duration::from_millis(40));
        assert_eq!(throttle.take(), Err(Duration::from_millis(60)));
        clock.advance(Duration::from_millis(60));
        assert_eq!(throttle.take(), Ok(()));
        assert!(throttle.take().is_err());
        // Idle, it saves up its burst again, no more.
        clock.advance(Duration::from_secs(10));
        assert!((0..3).all(|_| throttle.take().is_ok()));
        assert!(throttle.take().is_err());
    }
}
