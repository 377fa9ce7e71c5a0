//! How long sessions live: a session is valid for a lifetime since its last
//! use (sliding). The stored last-use time is refreshed at most once per
//! refresh interval (an hour, or a tenth of a short lifetime), not on every
//! request, so a session stays valid for at least `lifetime - refresh` after
//! its last use. Expired sessions are deleted on use and by a periodic sweep.

use crate::store::Store;
use gamut_protocol::ids::now_ms;
use std::time::Duration;
use tokio::task::JoinHandle;

/// The longest interval between two refreshes of a session's stored
/// last-use time.
const MAX_REFRESH_MS: i64 = 3_600_000;

/// The shortest session lifetime accepted.
pub const MIN_LIFETIME: Duration = Duration::from_secs(1);

/// The session lifetime and the refresh interval derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionLifetime {
    lifetime_ms: i64,
    refresh_ms: i64,
}

impl SessionLifetime {
    /// Sessions valid for `lifetime` since their last use (at least
    /// [`MIN_LIFETIME`]; whole seconds, rounded up, as in the cookie).
    pub fn new(lifetime: Duration) -> Result<Self, String> {
        if lifetime < MIN_LIFETIME {
            return Err(format!(
                "the session lifetime must be at least {} s",
                MIN_LIFETIME.as_secs()
            ));
        }
        let secs = lifetime.as_nanos().div_ceil(1_000_000_000);
        let lifetime_ms = i64::try_from(secs * 1_000)
            .map_err(|_| "the session lifetime is too long".to_owned())?;
        Ok(SessionLifetime {
            lifetime_ms,
            refresh_ms: (lifetime_ms / 10).min(MAX_REFRESH_MS),
        })
    }

    /// The cookie's `Max-Age`, in seconds.
    pub fn max_age_secs(&self) -> i64 {
        self.lifetime_ms / 1_000
    }

    /// True if a session last used at `last_used` has expired at `now`.
    pub fn expired(&self, last_used: i64, now: i64) -> bool {
        now.saturating_sub(last_used) >= self.lifetime_ms
    }

    /// The instant (epoch ms) a session last used at `last_used` expires
    /// unless used again: [`SessionLifetime::expired`] from then on.
    pub fn expires_at(&self, last_used: i64) -> i64 {
        last_used.saturating_add(self.lifetime_ms)
    }

    /// True if a session last used at `last_used`, used again at `now`,
    /// should have its stored last-use time refreshed.
    pub fn needs_refresh(&self, last_used: i64, now: i64) -> bool {
        now.saturating_sub(last_used) >= self.refresh_ms
    }

    /// Sessions last used before this instant have expired at `now`.
    pub fn cutoff(&self, now: i64) -> i64 {
        now.saturating_sub(self.lifetime_ms) + 1
    }

    /// How often the periodic sweep deletes expired sessions: every refresh
    /// interval (an hour for long lifetimes).
    pub fn sweep_period(&self) -> Duration {
        Duration::from_millis(self.refresh_ms.unsigned_abs())
    }
}

/// Deletes the expired sessions now, then every [`SessionLifetime::sweep_period`].
/// Failures are logged and retried at the next sweep.
pub fn spawn_sweeper(store: Store, lifetime: SessionLifetime) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(lifetime.sweep_period());
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match store
                .delete_sessions_used_before(lifetime.cutoff(now_ms()))
                .await
            {
                Ok(0) => {}
                Ok(n) => tracing::info!("deleted {n} expired sessions"),
                Err(e) => tracing::warn!("deleting expired sessions: {e}"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_expires_a_lifetime_after_its_last_use() {
        let l = SessionLifetime::new(Duration::from_secs(30 * 86_400)).unwrap();
        let day = 86_400_000;
        assert_eq!(l.max_age_secs(), 30 * 86_400);
        assert!(!l.expired(0, 30 * day - 1));
        assert!(l.expired(0, 30 * day));
        assert_eq!(l.cutoff(30 * day), 1);
        assert!(!l.needs_refresh(0, 3_599_999));
        assert!(l.needs_refresh(0, 3_600_000));
        assert_eq!(l.sweep_period(), Duration::from_secs(3_600));
    }

    #[test]
    fn short_lifetimes_refresh_at_a_tenth_and_round_up_to_seconds() {
        let l = SessionLifetime::new(Duration::from_millis(1_500)).unwrap();
        assert_eq!(l.max_age_secs(), 2);
        assert!(!l.expired(0, 1_999));
        assert!(l.expired(0, 2_000));
        assert!(!l.needs_refresh(0, 199));
        assert!(l.needs_refresh(0, 200));
    }

    #[test]
    fn lifetimes_out_of_range_are_refused() {
        assert!(SessionLifetime::new(Duration::from_millis(999)).is_err());
        assert!(SessionLifetime::new(Duration::MAX).is_err());
    }
}
