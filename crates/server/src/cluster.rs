//! Which server process runs each live game's computer moves when several
//! processes share one `PostgreSQL` database, and taking over the games of
//! a process that died.
//!
//! Every process records every [`HEARTBEAT`] that it is alive
//! ([`Store::heartbeat`]); the processes seen within [`LIVE_WINDOW`] are
//! the live ones. A game's owner is the live process that ranks first for
//! it by rendezvous hashing (the largest hash of process id and game id),
//! so every process agrees on it without asking, and when a process stops
//! (killed or stopped) only its own games move, each to the process that
//! ranks next. The owner always has the game's task running (it starts the
//! tasks of the games it gains: [`Cluster::run`], and of new games as it
//! hears of them), and only the owner asks the AI pool for the computer's
//! moves. Clocks are kept by every task of the game (each process where
//! someone plays it, and the owner): a flag is stored once, the others'
//! attempts are stale versions.
//!
//! On `SQLite` there is one process, which owns every game
//! ([`Cluster::single`]).

use crate::store::Store;
use gamut_protocol::ids::{now_ms, GameId};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// How often a process says it is alive.
pub const HEARTBEAT: Duration = Duration::from_millis(500);
/// A process not heard from for this long is taken for dead (its games
/// move to the others).
pub const LIVE_WINDOW: Duration = Duration::from_millis(2_000);
/// Rows of processes silent this long are deleted.
const FORGET: Duration = Duration::from_secs(3_600);

/// This process's view of the processes sharing the database.
#[derive(Debug)]
pub struct Cluster {
    /// This process's id ([`Store::origin`]).
    me: String,
    /// The live processes' ids, sorted (empty: only this one).
    live: RwLock<Vec<String>>,
}

impl Cluster {
    /// A cluster of one process, which owns every game.
    pub fn single() -> Arc<Cluster> {
        Arc::new(Cluster {
            me: String::new(),
            live: RwLock::new(Vec::new()),
        })
    }

    /// The view of process `me` (its [`Store::origin`]), alone until the
    /// first heartbeat.
    pub fn new(me: &str) -> Arc<Cluster> {
        Arc::new(Cluster {
            me: me.to_owned(),
            live: RwLock::new(Vec::new()),
        })
    }

    /// True if this process runs game `id`'s computer moves.
    pub fn owns(&self, id: &GameId) -> bool {
        let live = self
            .live
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        owner(&live, id.as_str()).is_none_or(|owner| owner == self.me)
    }

    /// Replaces the live processes (sorted ids); true if they changed.
    fn set_live(&self, mut ids: Vec<String>) -> bool {
        if !ids.contains(&self.me) {
            // This process is alive whatever the table says.
            ids.push(self.me.clone());
            ids.sort();
        }
        let mut live = self
            .live
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if *live == ids {
            return false;
        }
        *live = ids;
        true
    }

    /// Records that this process is alive and reads which processes are;
    /// true if they changed (a failure is logged: no change).
    pub async fn beat(&self, store: &Store) -> bool {
        let now = now_ms();
        let window = i64::try_from(LIVE_WINDOW.as_millis()).unwrap_or(i64::MAX);
        let forget = i64::try_from(FORGET.as_millis()).unwrap_or(i64::MAX);
        match store.heartbeat(now, now - window, now - forget).await {
            Ok(live) => self.set_live(live),
            Err(e) => {
                tracing::warn!("cannot record that this process is alive: {e}");
                false
            }
        }
    }

    /// Says this process is alive every [`HEARTBEAT`], and whenever the
    /// live processes change (a process joined, or one stopped saying so)
    /// calls `gained` with every live game this process owns now (so it
    /// runs their tasks). Runs until aborted.
    pub async fn run(self: Arc<Self>, store: Store, gained: impl Fn(&GameId) + Send + Sync) {
        let mut tick = tokio::time::interval(HEARTBEAT);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if !self.beat(&store).await {
                continue;
            }
            let processes = self.live.read().map_or(0, |l| l.len());
            tracing::info!("{processes} server processes share the database");
            match store.live_game_ids().await {
                Ok(ids) => {
                    for id in ids.iter().filter_map(|id| GameId::parse(id).ok()) {
                        if self.owns(&id) {
                            gained(&id);
                        }
                    }
                }
                Err(e) => tracing::warn!("cannot list the live games to take over: {e}"),
            }
        }
    }
}

/// The owner of game `game` among the processes `live`: the one with the
/// largest hash of (process, game); `None` if there are none.
fn owner<'a>(live: &'a [String], game: &str) -> Option<&'a str> {
    live.iter()
        .max_by_key(|p| fnv1a(p.as_bytes(), game.as_bytes()))
        .map(String::as_str)
}

/// FNV-1a (64 bits) of `a`, a separator and `b`: the same in every process.
fn fnv1a(a: &[u8], b: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in a.iter().chain(&[0xff]).chain(b) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // FNV's low bits mix poorly over similar keys; finish with a mixer.
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^ (hash >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn every_process_agrees_and_a_dead_ones_games_spread_over_the_rest() {
        let three = ids(3);
        let games: Vec<String> = (0..3000).map(|i| format!("game{i}")).collect();
        let mut counts = [0usize; 3];
        for g in &games {
            let owner = owner(&three, g).unwrap();
            counts[three.iter().position(|p| p == owner).unwrap()] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        // p1 dies: only its games move, to both of the others.
        let two = vec!["p0".to_owned(), "p2".to_owned()];
        let mut moved_to = [0usize; 3];
        for g in &games {
            let before = owner(&three, g).unwrap();
            let after = owner(&two, g).unwrap();
            if before == "p1" {
                moved_to[two.iter().position(|p| p == after).unwrap() * 2] += 1;
            } else {
                assert_eq!(before, after);
            }
        }
        assert!(moved_to[0] > 300 && moved_to[2] > 300, "{moved_to:?}");
    }

    #[test]
    fn a_lone_process_owns_everything() {
        let game = GameId::parse("abc").unwrap();
        assert!(Cluster::single().owns(&game));
        let cluster = Cluster::new("p1");
        assert!(cluster.owns(&game));
        assert!(cluster.set_live(ids(3)));
        assert!(!cluster.set_live(ids(3)));
        let owned = (0..300)
            .filter(|i| cluster.owns(&GameId::parse(&format!("g{i}")).unwrap()))
            .count();
        assert!((50..200).contains(&owned), "{owned}");
    }
}
