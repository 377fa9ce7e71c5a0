//! A sliding-window counter of attempts per key (failed sign-ins per
//! username and per address, sign-ups per address).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Allows at most `max` counted attempts per key within `window_ms`.
#[derive(Debug)]
pub struct RateLimiter {
    max: usize,
    window_ms: i64,
    attempts: Mutex<HashMap<String, VecDeque<i64>>>,
}

impl RateLimiter {
    /// A limiter of `max` attempts per `window_ms`.
    pub fn new(max: usize, window_ms: i64) -> Self {
        RateLimiter {
            max,
            window_ms,
            attempts: Mutex::new(HashMap::new()),
        }
    }

    /// If `key` is blocked at `now`: the milliseconds until it is not.
    pub fn blocked_for(&self, key: &str, now: i64) -> Option<i64> {
        let mut map = self
            .attempts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let times = map.get_mut(key)?;
        while times.front().is_some_and(|&t| t <= now - self.window_ms) {
            times.pop_front();
        }
        if times.len() >= self.max {
            times.front().map(|&t| t + self.window_ms - now)
        } else {
            None
        }
    }

    /// Counts an attempt of `key` at `now`.
    pub fn record(&self, key: &str, now: i64) {
        let mut map = self
            .attempts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if map.len() > 100_000 {
            let window = self.window_ms;
            map.retain(|_, times| times.back().is_some_and(|&t| t > now - window));
        }
        map.entry(key.to_owned()).or_default().push_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_attempts_within_the_window() {
        let limiter = RateLimiter::new(2, 1_000);
        assert_eq!(limiter.blocked_for("a", 0), None);
        limiter.record("a", 0);
        limiter.record("a", 100);
        assert_eq!(limiter.blocked_for("a", 200), Some(800));
        assert_eq!(limiter.blocked_for("b", 200), None);
        assert_eq!(limiter.blocked_for("a", 1_000), None);
    }
}
