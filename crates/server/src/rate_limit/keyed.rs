//! A keyed limiter: attempts per key (an address, a player and game), each
//! counted when made.

use crate::rate_limit::sweeper::Sweeper;
use crate::rate_limit::{per_minute, MAX_KEYS};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};
use std::time::Duration;

/// Lets through a [`Quota`] of attempts per key. Holds state per key;
/// once it holds more than its bound of keys it drops those back at a
/// fresh state (each time it has doubled since the last sweep).
#[derive(Debug)]
pub struct KeyedLimiter<C: Clock = DefaultClock> {
    limiter: RateLimiter<String, DashMapStateStore<String>, C, StateInformationMiddleware>,
    sweeper: Sweeper,
}

impl KeyedLimiter {
    /// `n` attempts a minute per key, in bursts of up to `n`, on the real
    /// clock, bounded to [`MAX_KEYS`] keys.
    pub fn per_minute(n: usize) -> Self {
        KeyedLimiter::with_clock(per_minute(n), DefaultClock::default(), MAX_KEYS)
    }

    /// `n` attempts an hour per key, in bursts of up to `n`, on the real
    /// clock, bounded to [`MAX_KEYS`] keys.
    pub fn per_hour(n: usize) -> Self {
        let quota = governor::Quota::per_hour(crate::rate_limit::count(n));
        KeyedLimiter::with_clock(quota, DefaultClock::default(), MAX_KEYS)
    }
}

impl<C: Clock> KeyedLimiter<C> {
    /// `quota` per key on `clock`, sweeping past `max_keys` keys.
    pub fn with_clock(quota: Quota, clock: C, max_keys: usize) -> Self {
        KeyedLimiter {
            limiter: RateLimiter::dashmap_with_clock(quota, clock).with_middleware(),
            sweeper: Sweeper::new(max_keys),
        }
    }

    /// Counts an attempt of `key`: how many more it may make at once; or,
    /// past its quota, how long until it may make one (counting nothing).
    pub fn take(&self, key: &str) -> Result<u32, Duration> {
        self.sweeper.check(self.limiter.len(), || {
            self.limiter.retain_recent();
            self.limiter.len()
        });
        match self.limiter.check_key(&key.to_owned()) {
            Ok(state) => Ok(state.remaining_burst_capacity()),
            Err(not_until) => Err(not_until.wait_time_from(self.limiter.clock().now())),
        }
    }

    /// How many keys it holds state for.
    #[cfg(test)]
    pub fn keys(&self) -> usize {
        self.limiter.len()
    }

    /// Its clock.
    pub fn clock(&self) -> &C {
        self.limiter.clock()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn fake(n: usize, max_keys: usize) -> (KeyedLimiter<FakeRelativeClock>, FakeRelativeClock) {
        let clock = FakeRelativeClock::default();
        let limiter = KeyedLimiter::with_clock(per_minute(n), clock.clone(), max_keys);
        (limiter, clock)
    }

    #[test]
    fn passes_a_burst_then_one_per_interval() {
        // 3 a minute: bursts of 3, then one each 20 s.
        let (limiter, clock) = fake(3, MAX_KEYS);
        assert_eq!(limiter.take("a"), Ok(2));
        assert_eq!(limiter.take("a"), Ok(1));
        assert_eq!(limiter.take("a"), Ok(0));
        assert_eq!(limiter.take("a"), Err(Duration::from_secs(20)));
        clock.advance(Duration::from_secs(5));
        // Refusals are not counted.
        assert_eq!(limiter.take("a"), Err(Duration::from_secs(15)));
        clock.advance(Duration::from_secs(15));
        assert_eq!(limiter.take("a"), Ok(0));
        assert_eq!(limiter.take("a"), Err(Duration::from_secs(20)));
        // A minute idle refills the burst.
        clock.advance(Duration::from_secs(60));
        assert_eq!(limiter.take("a"), Ok(2));
    }

    #[test]
    fn keys_are_limited_independently() {
        let (limiter, _clock) = fake(2, MAX_KEYS);
        assert!(limiter.take("a").is_ok());
        assert!(limiter.take("a").is_ok());
        assert!(limiter.take("a").is_err());
        assert_eq!(limiter.take("b"), Ok(1));
        assert_eq!(limiter.take("a\nb"), Ok(1));
        assert!(limiter.take("a").is_err());
    }

    #[test]
    fn keys_cycled_by_an_attacker_do_not_grow_it_without_limit() {
        let (limiter, clock) = fake(5, 100);
        // A new key every second for an hour: a key is back at a fresh
        // state 24 s after its attempt, and dropped at the next sweep.
        for i in 0..3_600 {
            assert_eq!(limiter.take(&format!("key {i}")), Ok(4));
            assert!(limiter.keys() <= 101, "{} keys held", limiter.keys());
            clock.advance(Duration::from_secs(1));
        }
        // Recent keys are kept, with their counts, even past the bound.
        let (limiter, _clock) = fake(5, 100);
        for i in 0..150 {
            assert_eq!(limiter.take(&format!("key {i}")), Ok(4));
        }
        assert_eq!(limiter.keys(), 150);
        for i in 0..150 {
            assert_eq!(limiter.take(&format!("key {i}")), Ok(3), "key {i}");
        }
    }
}
