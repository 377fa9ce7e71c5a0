//! What the tournaments' handlers and their driver share: the limits, the
//! lock that makes the caps hold for creations sent at once, the rate of
//! joins and withdrawals, the driver's wake-up call, and the feeds of the
//! tournament sockets (each tournament's view, computed once per change
//! by the driver and handed to every socket watching it).

use super::limits::TournamentLimits;
use crate::rate_limit::KeyedLimiter;
use axum::extract::ws::Utf8Bytes;
use gamut_protocol::ids::TournamentId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{watch, Notify};

/// The tournaments' shared state (one per server, in [`crate::app::App`]).
#[derive(Debug)]
pub struct TournamentHub {
    /// The bounds.
    pub limits: TournamentLimits,
    /// Joins and withdrawals per user.
    pub actions: KeyedLimiter,
    /// Wakes the driver (a tournament was created, joined or left).
    wake: Arc<Notify>,
    /// Each watched tournament's latest view (JSON text of the socket's
    /// message).
    feeds: Mutex<HashMap<TournamentId, watch::Sender<Option<Utf8Bytes>>>>,
}

impl TournamentHub {
    /// The shared state for `limits`.
    pub fn new(limits: &TournamentLimits) -> Self {
        TournamentHub {
            limits: limits.clone(),
            actions: KeyedLimiter::per_minute(limits.actions_per_minute),
            wake: Arc::new(Notify::new()),
            feeds: Mutex::new(HashMap::new()),
        }
    }

    /// Tells the driver that a tournament changed (it looks again at
    /// once, or as soon as it is done with what it is doing).
    pub fn changed(&self) {
        self.wake.notify_one();
    }

    /// What the driver waits on.
    pub fn wake(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// The views of tournament `id` sent from now on.
    pub fn subscribe(&self, id: &TournamentId) -> watch::Receiver<Option<Utf8Bytes>> {
        let mut feeds = self.feeds.lock().unwrap_or_else(PoisonError::into_inner);
        feeds.retain(|_, tx| tx.receiver_count() > 0);
        feeds
            .entry(id.clone())
            .or_insert_with(|| watch::channel(None).0)
            .subscribe()
    }

    /// True if a socket watches tournament `id`.
    pub fn watched(&self, id: &TournamentId) -> bool {
        let feeds = self.feeds.lock().unwrap_or_else(PoisonError::into_inner);
        feeds.get(id).is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// Sends tournament `id`'s view `text` to its sockets, unless it is
    /// the one they had.
    pub fn publish(&self, id: &TournamentId, text: Utf8Bytes) {
        let feeds = self.feeds.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tx) = feeds.get(id) {
            tx.send_if_modified(|current| {
                let changed = current.as_ref() != Some(&text);
                if changed {
                    *current = Some(text);
                }
                changed
            });
        }
    }
}
