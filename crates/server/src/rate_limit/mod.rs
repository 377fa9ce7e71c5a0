//! Limits against abuse by rate, on the GCRA of the `governor` crate: a
//! quota of `n` a minute (or a second) allows bursts of up to its burst
//! size, then one more each `1/n` of the period.
//!
//! - [`KeyedLimiter`]: attempts per key (sign-ups, guests and imports per
//!   address, takebacks per player and game), each counted when made.
//! - [`FailureLimiter`]: failed sign-ins per username and address, and per
//!   address: failures are counted, and a key whose failures used up its
//!   quota is refused before its next password is checked.
//! - [`Throttle`]: one connection's messages and syncs.
//!
//! The keyed limiters hold state per key; [`KeyedLimiter`] drops the keys
//! back at a fresh state whenever it holds more than a bound
//! ([`MAX_KEYS`]), so an attacker cycling keys cannot grow it without
//! limit. Open connections per address are counted in
//! [`crate::connections`].

mod failures;
mod keyed;
mod sweeper;
mod throttle;

pub use failures::FailureLimiter;
pub use governor::Quota;
pub use keyed::KeyedLimiter;
pub use throttle::Throttle;

use std::num::NonZeroU32;
use std::time::Duration;

/// The keys a keyed limiter holds before it drops those back at a fresh
/// state.
pub const MAX_KEYS: usize = 100_000;

/// `n` as a quota's count: at least one, at most `u32::MAX`.
pub fn count(n: usize) -> NonZeroU32 {
    NonZeroU32::new(u32::try_from(n).unwrap_or(u32::MAX)).unwrap_or(NonZeroU32::MIN)
}

/// `n` a minute, in bursts of up to `n` (at least one).
pub fn per_minute(n: usize) -> Quota {
    Quota::per_minute(count(n))
}

/// `wait` in whole seconds, rounded up (for "retry in N s").
pub fn whole_seconds(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_never_zero_and_seconds_round_up() {
        assert_eq!(count(0).get(), 1);
        assert_eq!(count(7).get(), 7);
        assert_eq!(count(usize::MAX).get(), u32::MAX);
        assert_eq!(per_minute(6).replenish_interval(), Duration::from_secs(10));
        assert_eq!(per_minute(6).burst_size().get(), 6);
        assert_eq!(whole_seconds(Duration::from_millis(11_001)), 12);
        assert_eq!(whole_seconds(Duration::from_secs(12)), 12);
        assert_eq!(whole_seconds(Duration::ZERO), 0);
    }
}
