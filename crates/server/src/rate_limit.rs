//! Limits against abuse: a sliding-window counter of attempts per key
//! ([`RateLimiter`]: failed sign-ins per username and address, sign-ups,
//! guests and imports per address, takebacks per player and game), a token
//! bucket for one connection's messages ([`TokenBucket`]), and counts of
//! open connections per address ([`ConnectionCounter`]).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Debug)]
pub struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket of `burst` tokens refilled at `rate` a second.
    pub fn new(rate: f64, burst: f64) -> Self {
        TokenBucket {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one (at `now`).
    pub fn take_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    /// How long until a token is there.
    pub fn wait(&self) -> Duration {
        Duration::from_secs_f64(((1.0 - self.tokens) / self.rate).max(0.0))
    }
}

/// Counts open connections per address, at most `max` each.
#[derive(Debug)]
pub struct ConnectionCounter {
    max: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open connection, counted until dropped.
#[derive(Debug)]
pub struct ConnectionGuard {
    addr: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl ConnectionCounter {
    /// At most `max` connections per address.
    pub fn new(max: usize) -> Self {
        ConnectionCounter {
            max,
            open: Arc::default(),
        }
    }

    /// Counts a new connection from `addr`, unless it has `max` already.
    pub fn open(&self, addr: IpAddr) -> Option<ConnectionGuard> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = open.entry(addr).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(ConnectionGuard {
            addr,
            open: self.open.clone(),
        })
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.addr) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_passes_a_burst_then_its_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(10.0, 3.0);
        assert!((0..3).all(|_| bucket.take_at(start)));
        assert!(!bucket.take_at(start));
        assert!(bucket.take_at(start + Duration::from_millis(100)));
        assert!(!bucket.take_at(start + Duration::from_millis(120)));
    }

    #[test]
    fn connections_are_counted_per_address_until_dropped() {
        let counter = ConnectionCounter::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = counter.open(a).unwrap();
        let _second = counter.open(a).unwrap();
        assert!(counter.open(a).is_none());
        assert!(counter.open(b).is_some());
        drop(first);
        assert!(counter.open(a).is_some());
    }

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
