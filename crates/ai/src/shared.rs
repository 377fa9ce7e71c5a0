//! State shared by the threads of one alpha-beta search: the
//! transposition table, the stop flags, the node count and the limits.

use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// What every search thread reads and updates.
pub(crate) struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// Set by the caller to stop the search.
    pub external_stop: &'a AtomicBool,
    /// Set when a limit is reached or the main thread is done.
    pub abort: AtomicBool,
    /// Nodes counted by every thread (flushed in batches).
    pub nodes: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// When the search must stop.
    pub deadline: Option<Instant>,
    /// How many nodes the search may visit.
    pub node_limit: Option<u64>,
}

impl<'a> Shared<'a> {
    /// Shared state for a search starting now.
    pub fn new(
        tt: &'a TranspositionTable,
        external_stop: &'a AtomicBool,
        deadline: Option<Instant>,
        node_limit: Option<u64>,
    ) -> Self {
        Shared {
            tt,
            external_stop,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            deadline,
            node_limit,
        }
    }

    /// Whether the search must stop now (checks the clock).
    pub fn must_stop(&self) -> bool {
        if self.abort.load(Ordering::Relaxed) {
            return true;
        }
        let over = self.external_stop.load(Ordering::Relaxed)
            || self
                .node_limit
                .is_some_and(|n| self.nodes.load(Ordering::Relaxed) >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if over {
            self.abort.store(true, Ordering::Relaxed);
        }
        over
    }

    /// Nodes the search may still visit (`u64::MAX` without a limit).
    pub fn nodes_left(&self) -> u64 {
        self.node_limit.map_or(u64::MAX, |n| {
            n.saturating_sub(self.nodes.load(Ordering::Relaxed))
        })
    }
}
