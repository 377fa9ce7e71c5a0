//! Failed sign-ins per key (a username and address, or an address): the
//! failures are counted, and a key whose failures used up its quota is
//! refused before its next password is checked.
//!
//! A governor limiter cannot be asked whether a key may try again without
//! counting a try, and a sign-in that succeeds must not count. So the
//! failures are counted in a [`KeyedLimiter`], and the failure that takes
//! a key's last allowance locks the key out for one replenish interval of
//! the quota (`60/n` s for `n` a minute), by when the quota allows one
//! more failure: [`FailureLimiter::blocked_for`] reads only that lock.

use crate::rate_limit::sweeper::Sweeper;
use crate::rate_limit::{per_minute, KeyedLimiter, MAX_KEYS};
use governor::clock::{Clock, DefaultClock, Reference};
use governor::nanos::Nanos;
use governor::Quota;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Counts failures per key against a [`Quota`]; a key that used it up is
/// blocked until the quota allows one more failure.
#[derive(Debug)]
pub struct FailureLimiter<C: Clock = DefaultClock> {
    failures: KeyedLimiter<C>,
    /// How long a key that used up its quota stays blocked.
    rest: Duration,
    /// The keys blocked, until when.
    blocked: Mutex<HashMap<String, C::Instant>>,
    sweeper: Sweeper,
}

impl FailureLimiter {
    /// `n` failures a minute per key, in bursts of up to `n`, on the real
    /// clock, bounded to [`MAX_KEYS`] keys.
    pub fn per_minute(n: usize) -> Self {
        FailureLimiter::with_clock(per_minute(n), DefaultClock::default(), MAX_KEYS)
    }
}

impl<C: Clock> FailureLimiter<C> {
    /// `quota` of failures per key on `clock`, sweeping past `max_keys`
    /// keys.
    pub fn with_clock(quota: Quota, clock: C, max_keys: usize) -> Self {
        FailureLimiter {
            failures: KeyedLimiter::with_clock(quota, clock, max_keys),
            rest: quota.replenish_interval(),
            blocked: Mutex::new(HashMap::new()),
            sweeper: Sweeper::new(max_keys),
        }
    }

    /// If `key` is blocked: how long until it is not. Counts nothing.
    pub fn blocked_for(&self, key: &str) -> Option<Duration> {
        let now = self.failures.clock().now();
        let mut blocked = self.blocked.lock().unwrap_or_else(PoisonError::into_inner);
        let until = *blocked.get(key)?;
        if until > now {
            return Some(until.duration_since(now).into());
        }
        blocked.remove(key);
        None
    }

    /// Counts a failure of `key`. The one that takes its last allowance
    /// blocks it for one replenish interval; one past its quota (which
    /// came while it was not yet blocked) blocks it until the quota allows
    /// one more.
    pub fn record_failure(&self, key: &str) {
        let wait = match self.failures.take(key) {
            Ok(0) => self.rest,
            Ok(_) => return,
            Err(wait) => wait,
        };
        let now = self.failures.clock().now();
        let until = now + Nanos::from(wait);
        let mut blocked = self.blocked.lock().unwrap_or_else(PoisonError::into_inner);
        self.sweeper.check(blocked.len(), || {
            blocked.retain(|_, until| *until > now);
            blocked.len()
        });
        let entry = blocked.entry(key.to_owned()).or_insert(until);
        *entry = (*entry).max(until);
    }

    /// How many keys it holds state for (counted failures and blocks).
    #[cfg(test)]
    pub fn keys(&self) -> usize {
        let blocked = self.blocked.lock().unwrap_or_else(PoisonError::into_inner);
        self.failures.keys() + blocked.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn fake(n: usize, max_keys: usize) -> (FailureLimiter<FakeRelativeClock>, FakeRelativeClock) {
        let clock = FakeRelativeClock::default();
        let limiter = FailureLimiter::with_clock(per_minute(n), clock.clone(), max_keys);
        (limiter, clock)
    }

    #[test]
    fn blocks_after_its_quota_of_failures_then_allows_one_per_interval() {
        // 5 a minute: one each 12 s after a burst of 5.
        let (limiter, clock) = fake(5, MAX_KEYS);
        for _ in 0..4 {
            assert_eq!(limiter.blocked_for("alice"), None);
            limiter.record_failure("alice");
            clock.advance(Duration::from_secs(1));
        }
        // Asking counts nothing.
        assert_eq!(limiter.blocked_for("alice"), None);
        assert_eq!(limiter.blocked_for("alice"), None);
        limiter.record_failure("alice");
        assert_eq!(limiter.blocked_for("alice"), Some(Duration::from_secs(12)));
        clock.advance(Duration::from_secs(11));
        assert_eq!(limiter.blocked_for("alice"), Some(Duration::from_secs(1)));
        clock.advance(Duration::from_secs(1));
        // One more failure, and it is blocked again.
        assert_eq!(limiter.blocked_for("alice"), None);
        limiter.record_failure("alice");
        assert_eq!(limiter.blocked_for("alice"), Some(Duration::from_secs(12)));
        // A minute without failures, and it has its burst again.
        clock.advance(Duration::from_secs(72));
        for _ in 0..4 {
            limiter.record_failure("alice");
            assert_eq!(limiter.blocked_for("alice"), None);
        }
        limiter.record_failure("alice");
        assert!(limiter.blocked_for("alice").is_some());
    }

    #[test]
    fn a_failure_past_the_quota_blocks_until_the_quota_allows_one() {
        // Two sign-ins checked at once, both failing: the second is past
        // the quota.
        let (limiter, clock) = fake(1, MAX_KEYS);
        limiter.record_failure("a");
        clock.advance(Duration::from_secs(20));
        limiter.record_failure("a");
        assert_eq!(limiter.blocked_for("a"), Some(Duration::from_secs(40)));
    }

    #[test]
    fn keys_are_blocked_independently() {
        let (limiter, _clock) = fake(2, MAX_KEYS);
        limiter.record_failure("alice\n10.0.0.1");
        limiter.record_failure("alice\n10.0.0.1");
        assert!(limiter.blocked_for("alice\n10.0.0.1").is_some());
        assert_eq!(limiter.blocked_for("alice\n10.0.0.2"), None);
        assert_eq!(limiter.blocked_for("bob\n10.0.0.1"), None);
    }

    #[test]
    fn keys_cycled_by_an_attacker_do_not_grow_it_without_limit() {
        let (limiter, clock) = fake(1, 100);
        // A new key blocked every second for an hour. With 1 a minute a
        // failure blocks for 60 s and its count is dropped 120 s after: at
        // most 120 recent counts and 60 blocks, and each map is swept past
        // twice what it kept.
        for i in 0..3_600 {
            let key = format!("key {i}");
            limiter.record_failure(&key);
            assert!(limiter.blocked_for(&key).is_some());
            assert!(
                limiter.keys() <= 2 * (121 + 61),
                "{} keys held",
                limiter.keys()
            );
            clock.advance(Duration::from_secs(1));
        }
    }
}
