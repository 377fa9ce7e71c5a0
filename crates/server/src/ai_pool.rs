//! The bounded pool where computer players think: at most `workers` moves
//! are computed at once, each on a blocking thread, so AI never delays
//! other games' tasks.

use gamut_ai::Level;
use gamut_games::Match;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Runs [`Match::think`] on at most `workers` threads at once.
#[derive(Clone, Debug)]
pub struct AiPool {
    permits: Arc<Semaphore>,
}

impl AiPool {
    /// A pool of `workers` (at least 1).
    pub fn new(workers: usize) -> Self {
        AiPool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
        }
    }

    /// The computer's move for the side to move of `game`, thinking at most
    /// `budget`; `None` if there is none.
    pub async fn think(
        &self,
        game: Box<dyn Match>,
        level: Level,
        budget: Duration,
    ) -> Option<String> {
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(move || game.think(level, budget))
            .await
            .ok()
            .flatten()
    }
}

/// How long the computer thinks at `level`, given its time left (`None`:
/// untimed): a level budget, at most a 30th of the time left.
pub fn budget(level: Level, time_left_ms: Option<i64>) -> Duration {
    let by_level: i64 = match level {
        Level::Random => 0,
        Level::Easy => 100,
        Level::Medium => 300,
        Level::Hard => 1_000,
        Level::Max => 3_000,
    };
    let ms = match time_left_ms {
        Some(left) => by_level.min(left.max(0) / 30),
        None => by_level,
    };
    Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}
