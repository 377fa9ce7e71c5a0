//! The table of running game tasks: one per live game in this process,
//! started on demand (and for every live game at start-up).

use crate::error::ApiError;
use crate::game::actor::{self, Action, ActorContext, Command, PremoveTold};
use gamut_protocol::ids::{GameId, UserId};
use crate::game::refusal::Refusal;
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::{mpsc, oneshot};

/// Running game tasks by game id.
pub struct Registry {
    ctx: ActorContext,
    tasks: Mutex<HashMap<GameId, mpsc::Sender<Command>>>,
}

impl Registry {
    /// An empty table.
    pub fn new(ctx: ActorContext) -> Self {
        Registry {
            ctx,
            tasks: Mutex::new(HashMap::new()),
        }
    }

    /// The task of game `id`, started if not running.
    pub fn task(&self, id: &GameId) -> mpsc::Sender<Command> {
        let mut tasks = self
            .tasks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tx) = tasks.get(id).filter(|tx| !tx.is_closed()) {
            return tx.clone();
        }
        // Forget ended tasks as the table doubles (not on every look-up:
        // with thousands of live games that cost more than the move).
        if tasks.len().is_power_of_two() {
            tasks.retain(|_, tx| !tx.is_closed());
        }
        let (tx, rx) = mpsc::channel(64);
        tokio::spawn(actor::run(id.clone(), self.ctx.clone(), tx.clone(), rx));
        tasks.insert(id.clone(), tx.clone());
        tx
    }

    /// Makes sure game `id` has a running task (clocks, computer moves),
    /// and has it look again at what is due.
    pub fn ensure(&self, id: &GameId) {
        let _ = self.task(id).try_send(Command::Settle);
    }

    /// Performs `action` for `user_id` in game `id`; the version once
    /// stored.
    pub async fn act(
        &self,
        id: &GameId,
        user_id: &UserId,
        action: Action,
    ) -> Result<i64, ApiError> {
        for _ in 0..2 {
            let tx = self.task(id);
            let (reply, answer) = oneshot::channel();
            let cmd = Command::Act {
                user_id: user_id.clone(),
                action: action.clone(),
                reply,
            };
            if tx.send(cmd).await.is_err() {
                // The task ended meanwhile (the game just finished): retry once
                // with a new task, which answers from the stored state.
                continue;
            }
            return answer.await.unwrap_or_else(|_| {
                Err(ApiError::from(Refusal::NotBeingPlayed))
            });
        }
        Err(ApiError::from(Refusal::NotBeingPlayed))
    }

    /// Sets (`Some`) or cancels (`None`) `user_id`'s premove in game `id`
    /// (held by the game's task, not stored): for a premove set, where
    /// what becomes of it will be told.
    pub async fn premove(
        &self,
        id: &GameId,
        user_id: &UserId,
        mv: Option<String>,
    ) -> Result<Option<PremoveTold>, ApiError> {
        let (reply, answer) = oneshot::channel();
        let cmd = Command::Premove {
            user_id: user_id.clone(),
            mv,
            reply,
        };
        if self.task(id).send(cmd).await.is_err() {
            return Err(
                ApiError::from(Refusal::NotBeingPlayed)
            );
        }
        answer.await.unwrap_or_else(|_| {
            Err(ApiError::from(Refusal::NotBeingPlayed))
        })
    }
}
