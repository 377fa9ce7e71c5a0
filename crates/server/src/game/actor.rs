//! The task that owns one live game: it takes players' actions in order,
//! checks them with the engine, stores each resulting event (the
//! acknowledgement comes only after the commit), publishes it, runs the
//! clocks (flagging a side whose time is out) and asks the AI pool for the
//! computer's moves.

use crate::ai_pool::{self, AiPool};
use crate::bus::EventBus;
use crate::clock::Clocks;
use crate::error::ApiError;
use crate::game::event::{RatingChange, ResultView, StoredEvent};
use crate::game::meta::Seat;
use crate::game::state::GameState;
use crate::ids::now_ms;
use crate::rating;
use crate::store::{AppendError, EventRow, RatingUpdate, Store};
use gamut_ai::Level;
use gamut_core::{EndReason, Outcome, Player};
use gamut_games::Match;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Duration, Instant};

/// What a player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play a move (optionally only if the game is still at `version`).
    Move {
        /// The move in notation.
        mv: String,
        /// Expected current version.
        version: Option<i64>,
    },
    /// Resign.
    Resign,
    /// Offer a draw.
    DrawOffer,
    /// Accept the opponent's draw offer.
    DrawAccept,
    /// Decline it.
    DrawDecline,
    /// Ask to take back one's last move.
    TakebackRequest,
    /// Grant the opponent's request.
    TakebackAccept,
    /// Refuse it.
    TakebackDecline,
    /// Abort before the second ply.
    Abort,
}

/// A message to a game's task.
#[derive(Debug)]
pub enum Command {
    /// A player's action; the reply is the new version once stored.
    Act {
        /// Who acts.
        user_id: String,
        /// What.
        action: Action,
        /// Where the answer goes.
        reply: oneshot::Sender<Result<i64, ApiError>>,
    },
    /// The computer's move, computed for `version`.
    AiMove {
        /// The version it was computed for.
        version: i64,
        /// The computer's side.
        side: usize,
        /// The move.
        mv: Option<String>,
    },
}

/// What a game's task needs from the server.
#[derive(Clone)]
pub struct ActorContext {
    /// The database.
    pub store: Store,
    /// Fan-out.
    pub bus: Arc<dyn EventBus>,
    /// Where computer moves are computed.
    pub ai: AiPool,
}

/// Runs game `id` until it ends (or every sender is dropped).
pub async fn run(
    id: String,
    ctx: ActorContext,
    tx: mpsc::Sender<Command>,
    mut rx: mpsc::Receiver<Command>,
) {
    let state = match GameState::load(&ctx.store, &id, i64::MAX).await {
        Ok(Some((state, _))) => state,
        Ok(None) => return refuse_all(rx, ApiError::not_found("no such game")).await,
        Err(e) => {
            let error = ApiError::internal(format!("cannot load game {id}: {e:#}"));
            return refuse_all(rx, error).await;
        }
    };
    let mut actor = Actor {
        state,
        ctx,
        tx,
        ai_version: None,
    };
    actor.settle().await;
    while actor.state.live() {
        let deadline = actor.state.clocks.and_then(|c| c.deadline()).map(|d| {
            Instant::now() + Duration::from_millis(u64::try_from(d - now_ms()).unwrap_or(0))
        });
        let cmd = match deadline {
            Some(deadline) => tokio::select! {
                cmd = rx.recv() => cmd,
                () = sleep_until(deadline) => {
                    actor.settle().await;
                    continue;
                }
            },
            None => rx.recv().await,
        };
        let Some(cmd) = cmd else { break };
        match cmd {
            Command::Act {
                user_id,
                action,
                reply,
            } => {
                let result = actor.act(&user_id, action).await;
                let _ = reply.send(result);
            }
            Command::AiMove { version, side, mv } => {
                actor.ai_version = None;
                if version == actor.state.version {
                    match mv {
                        Some(mv) => {
                            if let Err(e) = actor.play(side, &mv).await {
                                tracing::error!(
                                    "game {}: computer move {mv}: {}",
                                    actor.state.meta.id,
                                    e.message
                                );
                            }
                        }
                        None => tracing::error!(
                            "game {}: the computer found no move",
                            actor.state.meta.id
                        ),
                    }
                }
            }
        }
        actor.settle().await;
    }
    refuse_all(rx, ApiError::conflict("the game is not being played")).await;
}

/// Stops taking commands and answers those queued with `error`.
async fn refuse_all(mut rx: mpsc::Receiver<Command>, error: ApiError) {
    rx.close();
    while let Some(cmd) = rx.recv().await {
        if let Command::Act { reply, .. } = cmd {
            let _ = reply.send(Err(error.clone()));
        }
    }
}

struct Actor {
    state: GameState,
    ctx: ActorContext,
    tx: mpsc::Sender<Command>,
    ai_version: Option<i64>,
}

impl Actor {
    /// Stores `event`, applies and publishes it; the new version.
    async fn commit(
        &mut self,
        event: StoredEvent,
        ratings: Vec<RatingUpdate>,
    ) -> Result<i64, ApiError> {
        let at = now_ms();
        let mut next = self.state.clone();
        let version = next.version + 1;
        next.apply(version, at, &event)
            .map_err(ApiError::internal)?;
        let payload = serde_json::to_string(&event).map_err(ApiError::internal)?;
        let row = EventRow {
            version,
            at,
            payload,
        };
        match self
            .ctx
            .store
            .append_event(&next.meta.id, &row, &next.update(at), &ratings)
            .await
        {
            Ok(()) => {}
            Err(AppendError::Conflict) => {
                self.reload().await;
                return Err(ApiError::conflict("the game changed meanwhile; try again"));
            }
            Err(AppendError::Db(e)) => return Err(e.into()),
        }
        let published = next.published(&event, at);
        self.state = next;
        self.ctx
            .bus
            .publish_game(&self.state.meta.id, Arc::new(published));
        Ok(version)
    }

    async fn reload(&mut self) {
        match GameState::load(&self.ctx.store, &self.state.meta.id, i64::MAX).await {
            Ok(Some((state, _))) => self.state = state,
            Ok(None) => tracing::error!("game {} vanished", self.state.meta.id),
            Err(e) => tracing::error!("cannot reload game {}: {e:#}", self.state.meta.id),
        }
    }

    /// Ends the game on the clock or the rules if due, and starts the
    /// computer thinking if it is to move.
    async fn settle(&mut self) {
        if !self.state.live() {
            return;
        }
        let now = now_ms();
        if let Some(side) = self.state.clocks.and_then(|c| c.flagged(now)) {
            let result = Outcome::win(Player::from_index(1 - side), EndReason::Timeout);
            if let Err(e) = self.end(result.into()).await {
                tracing::error!("game {}: flag: {}", self.state.meta.id, e.message);
            }
            return;
        }
        if let Some(outcome) = self.state.game.outcome() {
            if let Err(e) = self.end(outcome.into()).await {
                tracing::error!("game {}: end: {}", self.state.meta.id, e.message);
            }
            return;
        }
        if self.ai_version == Some(self.state.version) {
            return;
        }
        if let Some((side, level, game)) = self.computer_turn() {
            self.ai_version = Some(self.state.version);
            let left = self.state.clocks.map(|c| c.at(now).ms[side]);
            let budget = ai_pool::budget(level, left);
            let version = self.state.version;
            let pool = self.ctx.ai.clone();
            let tx = self.tx.clone();
            // The pool takes turns by the person the computer plays (the
            // game itself when the computer plays itself).
            let meta = &self.state.meta;
            let owner = meta.seats[1 - side]
                .as_ref()
                .and_then(Seat::user_id)
                .unwrap_or(&meta.id)
                .to_owned();
            tokio::spawn(async move {
                let thought = pool.think(&owner, game, level, budget).await;
                if thought.waited > Duration::from_millis(500) {
                    tracing::info!("computer move waited {:?} for a worker", thought.waited);
                }
                let mv = thought.mv;
                let _ = tx.send(Command::AiMove { version, side, mv }).await;
            });
        }
    }

    /// The computer's side that has to act now, its level and the game as
    /// it may see it: the game itself, or during a hidden placement phase a
    /// copy without the other side's placements.
    fn computer_turn(&self) -> Option<(usize, Level, Box<dyn Match>)> {
        let meta = &self.state.meta;
        if let Some(phase) = &self.state.hidden {
            return (0..2).find_map(|side| {
                let level = meta.computer_level(side)?;
                let view = phase.view_for(self.state.game.as_ref(), side)?;
                Some((side, level, view))
            });
        }
        let side = self.state.to_move()?;
        let level = meta.computer_level(side)?;
        Some((side, level, self.state.game.clone_match()))
    }

    /// Ends the game with `result` (rating a rated game).
    async fn end(&mut self, result: ResultView) -> Result<i64, ApiError> {
        let now = now_ms();
        let clocks = self.state.clocks.map(|c| c.stopped(now));
        let (ratings, updates) = self.ratings(&result).await?;
        let version = self
            .commit(
                StoredEvent::End {
                    result,
                    clocks,
                    ratings,
                },
                updates,
            )
            .await?;
        // The game leaves the lobby's list of live games.
        self.ctx.bus.publish_lobby();
        Ok(version)
    }

    async fn ratings(
        &self,
        result: &ResultView,
    ) -> Result<(Option<[RatingChange; 2]>, Vec<RatingUpdate>), ApiError> {
        let meta = &self.state.meta;
        let rated_end = meta.rated && result.reason != "aborted";
        let users = match (&meta.seats[0], &meta.seats[1]) {
            (Some(Seat::Human { user: a, .. }), Some(Seat::Human { user: b, .. })) if rated_end => {
                [a.id.clone(), b.id.clone()]
            }
            _ => return Ok((None, Vec::new())),
        };
        let game = meta.kind.name();
        let mut before = [rating::initial(); 2];
        for (i, user) in users.iter().enumerate() {
            if let Some(r) = self.ctx.store.rating(user, game, &meta.speed).await? {
                before[i] = r;
            }
        }
        let first_score = match result.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let (a, b) = rating::update(before[0], before[1], first_score);
        let changes = [
            RatingChange {
                before: before[0].rating,
                after: a.rating,
            },
            RatingChange {
                before: before[1].rating,
                after: b.rating,
            },
        ];
        let updates = users
            .iter()
            .zip([a, b])
            .map(|(user, r)| RatingUpdate {
                user_id: user.clone(),
                game: game.to_owned(),
                speed: meta.speed.clone(),
                rating: r,
            })
            .collect();
        Ok((Some(changes), updates))
    }

    /// `side` plays `mv` (checked), with the clocks; the new version.
    async fn play(&mut self, side: usize, mv: &str) -> Result<i64, ApiError> {
        let now = now_ms();
        if self.state.clocks.and_then(|c| c.flagged(now)).is_some() {
            self.settle().await;
            return Err(ApiError::conflict("the game ended on time"));
        }
        if let Some(phase) = &self.state.hidden {
            let canonical = phase
                .check(self.state.game.as_ref(), side, mv)
                .map_err(ApiError::bad_request)?;
            let mut after = phase.clone();
            after.pending[side].push(canonical.clone());
            let done = after.done(self.state.game.as_ref(), side);
            let increment = self.state.meta.clock.increment();
            let clocks = self
                .state
                .clocks
                .map(|c| c.after_placement(side, now, increment, done));
            let event = StoredEvent::HiddenPlacement {
                side,
                mv: canonical,
                clocks,
            };
            let version = self.commit(event, Vec::new()).await?;
            return self.reveal_if_done(version).await;
        }
        if self.state.to_move() != Some(side) {
            return Err(ApiError::conflict("it is not your turn"));
        }
        let mut probe = self.state.game.clone_box();
        let canonical = probe
            .play(mv)
            .map_err(|e| ApiError::bad_request(format!("illegal move '{mv}': {e}")))?;
        let next = (probe.outcome().is_none()).then(|| probe.side_to_move().index());
        let clocks = self
            .state
            .clocks
            .map(|c| c.after_move(side, now, self.state.meta.clock.increment(), next));
        self.commit(
            StoredEvent::Move {
                side,
                mv: canonical,
                clocks,
            },
            Vec::new(),
        )
        .await
    }

    /// When both sides have placed, plays every hidden placement.
    async fn reveal_if_done(&mut self, version: i64) -> Result<i64, ApiError> {
        let Some(phase) = &self.state.hidden else {
            return Ok(version);
        };
        let game = self.state.game.as_ref();
        if !(phase.done(game, 0) && phase.done(game, 1)) {
            return Ok(version);
        }
        let moves = phase.in_engine_order();
        let mut probe = self.state.game.clone_box();
        for mv in &moves {
            probe
                .play(mv)
                .map_err(|e| ApiError::internal(format!("revealing {mv}: {e}")))?;
        }
        let now = now_ms();
        let clocks = self
            .state
            .clocks
            .map(|c| Clocks::resumed(c, now, probe.side_to_move().index()));
        self.commit(StoredEvent::Placements { moves, clocks }, Vec::new())
            .await
    }

    /// Handles a player's action.
    async fn act(&mut self, user_id: &str, action: Action) -> Result<i64, ApiError> {
        // Another server process sharing the database may have moved on.
        if self.ctx.store.game_version(&self.state.meta.id).await? != Some(self.state.version) {
            self.reload().await;
        }
        let side = self
            .state
            .meta
            .side_of(user_id)
            .ok_or_else(|| ApiError::forbidden("you are not a player of this game"))?;
        if !self.state.live() {
            return Err(ApiError::conflict("the game is not being played"));
        }
        let opponent = 1 - side;
        let against_computer = self.state.meta.computer_level(opponent).is_some();
        match action {
            Action::Move { mv, version } => {
                if version.is_some_and(|v| v != self.state.version) {
                    return Err(ApiError::conflict(format!(
                        "the game is at version {}, not {}",
                        self.state.version,
                        version.unwrap_or_default()
                    )));
                }
                self.play(side, &mv).await
            }
            Action::Resign => {
                self.end(Outcome::win(Player::from_index(opponent), EndReason::Resignation).into())
                    .await
            }
            Action::Abort => {
                if self.state.positions.len() >= 2 {
                    return Err(ApiError::conflict(
                        "a game can only be aborted before the second move",
                    ));
                }
                self.end(Outcome::draw(EndReason::Aborted).into()).await
            }
            Action::DrawOffer => {
                if against_computer {
                    return Err(ApiError::conflict("the computer does not accept draws"));
                }
                if self.state.draw_offer.is_some() {
                    return Err(ApiError::conflict("a draw offer is already pending"));
                }
                self.commit(StoredEvent::DrawOffer { side }, Vec::new())
                    .await
            }
            Action::DrawAccept => {
                if self.state.draw_offer != Some(opponent) {
                    return Err(ApiError::conflict("no draw offer to accept"));
                }
                self.end(Outcome::draw(EndReason::Agreement).into()).await
            }
            Action::DrawDecline => {
                if self.state.draw_offer != Some(opponent) {
                    return Err(ApiError::conflict("no draw offer to decline"));
                }
                self.commit(StoredEvent::DrawDeclined { side }, Vec::new())
                    .await
            }
            Action::TakebackRequest => {
                self.takeback_plies(side)?;
                if self.state.takeback_request.is_some() {
                    return Err(ApiError::conflict("a takeback request is already pending"));
                }
                if against_computer {
                    return self.takeback(side).await;
                }
                self.commit(StoredEvent::TakebackRequest { side }, Vec::new())
                    .await
            }
            Action::TakebackAccept => {
                if self.state.takeback_request != Some(opponent) {
                    return Err(ApiError::conflict("no takeback request to accept"));
                }
                self.takeback(opponent).await
            }
            Action::TakebackDecline => {
                if self.state.takeback_request != Some(opponent) {
                    return Err(ApiError::conflict("no takeback request to decline"));
                }
                self.commit(StoredEvent::TakebackDeclined { side }, Vec::new())
                    .await
            }
        }
    }

    /// The moves a takeback for `side` would undo, last first.
    fn takeback_plies(&self, side: usize) -> Result<Vec<String>, ApiError> {
        if self.state.hidden.is_some() {
            return Err(ApiError::conflict("no takebacks during hidden placement"));
        }
        let last = self
            .state
            .movers
            .iter()
            .rposition(|&s| s == side)
            .ok_or_else(|| ApiError::conflict("you have no move to take back"))?;
        let game = &self.state.game;
        let moves = game.moves();
        let undone: Vec<String> = moves[last..].iter().rev().cloned().collect();
        if game.hidden_placement() && (last..moves.len()).any(|ply| game.placed_at(ply)) {
            return Err(ApiError::conflict("placements cannot be taken back"));
        }
        Ok(undone)
    }

    async fn takeback(&mut self, side: usize) -> Result<i64, ApiError> {
        let undone = self.takeback_plies(side)?;
        let mut probe = self.state.game.clone_box();
        for _ in &undone {
            probe
                .undo()
                .map_err(|e| ApiError::conflict(format!("cannot take back: {e}")))?;
        }
        let now = now_ms();
        let clocks = self
            .state
            .clocks
            .map(|c| Clocks::resumed(c, now, probe.side_to_move().index()));
        self.commit(
            StoredEvent::Takeback {
                side,
                undone,
                clocks,
            },
            Vec::new(),
        )
        .await
    }
}
