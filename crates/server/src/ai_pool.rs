//! The bounded pool where computer players think: at most `workers` moves
//! are computed at once, each on a blocking thread, so AI never delays
//! other games' tasks. Waiting requests are served fairly, round-robin by
//! owner (the person the computer plays): one user with twenty games
//! waiting gets one turn in the pool, then every other waiting user gets
//! one, so nobody's game waits behind another user's queue.

use gamut_ai::Level;
use gamut_games::Match;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// Runs [`Match::think`] on at most `workers` threads at once, taking
/// waiting requests round-robin by owner.
#[derive(Clone, Debug)]
pub struct AiPool {
    queue: Arc<FairQueue>,
}

impl AiPool {
    /// A pool of `workers` (at least 1).
    pub fn new(workers: usize) -> Self {
        AiPool {
            queue: Arc::new(FairQueue::new(workers.max(1))),
        }
    }

    /// A worker for `owner` (the user the computer plays), once its turn
    /// in the pool comes: the time until then is the queue's, not the
    /// computer's, and the game's task gives it back to the computer's
    /// clock.
    pub async fn worker(&self, owner: &str) -> Worker {
        Worker {
            permit: self.queue.acquire(owner).await,
        }
    }
}

/// One of the pool's workers, held until it has thought.
#[derive(Debug)]
pub struct Worker {
    permit: Permit,
}

impl Worker {
    /// The computer's move for the side to move of `game` (`None` if it
    /// has none), thinking at most `budget` on a blocking thread.
    pub async fn think(
        self,
        game: Box<dyn Match>,
        level: Level,
        budget: Duration,
    ) -> Option<String> {
        let permit = self.permit;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            game.think(level, budget)
        })
        .await
        .ok()
        .flatten()
    }
}

/// A counting semaphore whose waiters are served round-robin by owner.
#[derive(Debug)]
struct FairQueue {
    state: Mutex<QueueState>,
}

#[derive(Debug)]
struct QueueState {
    /// Workers free now.
    free: usize,
    /// Each owner's waiters, oldest first.
    waiting: HashMap<String, VecDeque<oneshot::Sender<Permit>>>,
    /// Owners with waiters, in the order their next turn comes.
    ring: VecDeque<String>,
}

/// A worker, given back to the queue when dropped.
#[derive(Debug)]
struct Permit {
    queue: Option<Arc<FairQueue>>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(queue) = self.queue.take() {
            FairQueue::release(&queue);
        }
    }
}

impl FairQueue {
    fn new(workers: usize) -> Self {
        FairQueue {
            state: Mutex::new(QueueState {
                free: workers,
                waiting: HashMap::new(),
                ring: VecDeque::new(),
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A worker for `owner`, when its turn comes.
    async fn acquire(self: &Arc<Self>, owner: &str) -> Permit {
        let receiver = {
            let mut state = self.lock();
            if state.free > 0 && state.ring.is_empty() {
                state.free -= 1;
                return Permit {
                    queue: Some(self.clone()),
                };
            }
            let (sender, receiver) = oneshot::channel();
            let queue = state.waiting.entry(owner.to_owned()).or_default();
            queue.push_back(sender);
            if queue.len() == 1 {
                state.ring.push_back(owner.to_owned());
            }
            receiver
        };
        match receiver.await {
            Ok(permit) => permit,
            // The queue is never dropped while a request waits on it.
            Err(_) => Permit { queue: None },
        }
    }

    /// Gives a worker back: to the next owner's oldest waiter, or free.
    fn release(queue: &Arc<FairQueue>) {
        let mut state = queue.lock();
        while let Some(owner) = state.ring.pop_front() {
            let Some(waiters) = state.waiting.get_mut(&owner) else {
                continue;
            };
            let next = waiters.pop_front();
            if waiters.is_empty() {
                state.waiting.remove(&owner);
            } else {
                state.ring.push_back(owner);
            }
            if let Some(sender) = next {
                let permit = Permit {
                    queue: Some(queue.clone()),
                };
                match sender.send(permit) {
                    Ok(()) => return,
                    // That request was given up: the permit comes back
                    // here through its drop, so stop handing it on.
                    Err(mut unused) => {
                        unused.queue = None;
                        continue;
                    }
                }
            }
        }
        state.free += 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiters_are_served_round_robin_by_owner() {
        let queue = Arc::new(FairQueue::new(1));
        let busy = queue.acquire("someone").await;
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // The greedy owner queues five requests before the patient one.
        for (i, owner) in ["greedy", "greedy", "greedy", "greedy", "greedy", "patient"]
            .into_iter()
            .enumerate()
        {
            let (queue, served) = (queue.clone(), served.clone());
            tasks.push(tokio::spawn(async move {
                let permit = queue.acquire(owner).await;
                served.lock().unwrap().push((owner, i));
                tokio::task::yield_now().await;
                drop(permit);
            }));
            tokio::task::yield_now().await;
        }
        drop(busy);
        for t in tasks {
            t.await.unwrap();
        }
        let order: Vec<&str> = served.lock().unwrap().iter().map(|&(o, _)| o).collect();
        assert_eq!(order[..2], ["greedy", "patient"], "{order:?}");
        assert_eq!(queue.lock().free, 1, "every worker given back");
    }

    #[tokio::test]
    async fn a_given_up_request_does_not_lose_the_worker() {
        let queue = Arc::new(FairQueue::new(1));
        let busy = queue.acquire("a").await;
        let waiting = {
            let queue = queue.clone();
            tokio::spawn(async move { queue.acquire("b").await })
        };
        tokio::task::yield_now().await;
        waiting.abort();
        let _ = waiting.await;
        drop(busy);
        let again = tokio::time::timeout(Duration::from_secs(1), queue.acquire("c")).await;
        assert!(again.is_ok(), "the worker came back");
    }
}
