//! The task that owns one live game: it takes players' actions in order,
//! has the game's rules decide on them ([`mover`], [`drawer`],
//! [`takebacker`], [`aborter`], [`finisher`]: pure functions of the state),
//! stores each resulting event (the acknowledgement comes only after the
//! commit), publishes it, runs the clocks (flagging a side whose time is
//! out), asks the AI pool for the computer's moves, and holds each
//! player's premove until the turn comes ([`premover`]).

use crate::game::refusal::Refusal;
use crate::ai_pool::{self, AiPool};
use crate::bus::EventBus;
use crate::cluster::Cluster;
use crate::error::ApiError;
use crate::game::event::{Published, StoredEvent};
use crate::game::state::GameState;
use crate::game::takebacker::Request;
use crate::game::{aborter, drawer, finisher, mover, notices, premover, takebacker};
use crate::rating;
use crate::store::{AppendError, EventRow, RatingUpdate, Store};
use gamut_ai::Level;
use gamut_core::{Outcome, Player};
use gamut_games::Match;
use gamut_protocol::ids::{now_ms, GameId, UserId};
use gamut_protocol::user::Seat;
use gamut_protocol::ErrorCode;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};
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
        user_id: UserId,
        action: Action,
        /// Where the answer goes.
        reply: oneshot::Sender<Result<i64, ApiError>>,
    },
    /// A player sets (`Some(move)`) or cancels (`None`) their premove.
    /// The reply, for a premove set, is where its [`premover::Outcome`]
    /// will be told (the premove lasts while that receiver is kept).
    Premove {
        user_id: UserId,
        /// The premove, in notation.
        mv: Option<String>,
        /// Where the answer goes.
        reply: oneshot::Sender<Result<Option<PremoveTold>, ApiError>>,
    },
    /// Look again at what is due (this process may have become the
    /// game's owner: `crate::cluster`).
    Settle,
    /// The computer's request for `version` has a worker: its wait in
    /// the pool's queue ends, its thinking begins.
    AiStarted {
        /// The version it thinks for.
        version: i64,
    },
    /// The computer's move.
    AiMove {
        /// The version it was computed for.
        version: i64,
        /// The computer's side.
        side: Player,
        /// The move.
        mv: Option<String>,
    },
}

/// Where what became of a premove is told.
pub type PremoveTold = oneshot::Receiver<premover::Outcome>;

/// What a game's task needs from the server.
#[derive(Clone)]
pub struct ActorContext {
    /// The database.
    pub store: Store,
    /// Fan-out.
    pub bus: Arc<dyn EventBus>,
    /// Where computer moves are computed.
    pub ai: AiPool,
    /// Which games' computer moves this process makes.
    pub cluster: Arc<Cluster>,
    /// How long an untimed game may go without any event
    /// (`crate::game::expiry`; `None`: for ever).
    pub untimed_expiry: Option<Duration>,
}

/// Runs game `id` until it ends (or every sender is dropped).
pub async fn run(
    id: GameId,
    ctx: ActorContext,
    tx: mpsc::Sender<Command>,
    mut rx: mpsc::Receiver<Command>,
) {
    // Other server processes sharing the database may change the game: its
    // events reach this task through the bus (subscribed before loading,
    // so none falls in between).
    let mut others = ctx.store.shared().then(|| ctx.bus.subscribe_game(&id));
    let state = match GameState::load(&ctx.store, &id, i64::MAX).await {
        Ok(Some((state, _))) => state,
        Ok(None) => {
            return refuse_all(
                rx,
                ApiError::not_found("no such game").code(ErrorCode::NoSuchGame),
            )
            .await
        }
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
        ai_waiting: None,
        premoves: [None, None],
    };
    actor.settle().await;
    while actor.state.live() {
        let deadline = actor.state.clocks.and_then(|c| c.deadline()).map(|d| {
            Instant::now() + Duration::from_millis(u64::try_from(d - now_ms()).unwrap_or(0))
        });
        let cmd = tokio::select! {
            // Another process's events first, so that an action answering
            // one finds it applied.
            biased;
            event = next_event(&mut others) => {
                if actor.follow(event).await {
                    actor.settle().await;
                }
                continue;
            }
            cmd = rx.recv() => cmd,
            () = sleep_until_some(deadline) => {
                actor.settle().await;
                continue;
            }
        };
        let Some(cmd) = cmd else { break };
        match cmd {
            Command::Settle => {}
            Command::Act {
                user_id,
                action,
                reply,
            } => {
                let result = actor.act(&user_id, action).await;
                let _ = reply.send(result);
            }
            Command::Premove { user_id, mv, reply } => {
                let _ = reply.send(actor.set_premove(&user_id, mv));
            }
            Command::AiStarted { version } => {
                if actor.ai_waiting.is_some_and(|(v, ..)| v == version) {
                    actor.give_back_wait(now_ms());
                    actor.ai_waiting = None;
                }
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
    refuse_all(
        rx,
        ApiError::from(Refusal::NotBeingPlayed),
    )
    .await;
}

/// The next event of the game on the bus (never, without a subscription;
/// a closed bus ends the subscription).
async fn next_event(
    others: &mut Option<broadcast::Receiver<Arc<Published>>>,
) -> Result<Arc<Published>, RecvError> {
    match others {
        Some(rx) => {
            let event = rx.recv().await;
            if matches!(event, Err(RecvError::Closed)) {
                *others = None;
            }
            event
        }
        None => std::future::pending().await,
    }
}

/// Sleeps until `deadline` (forever without one).
async fn sleep_until_some(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => sleep_until(deadline).await,
        None => std::future::pending().await,
    }
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

/// What the rules decided on an action other than a move.
enum Decision {
    /// Store this event.
    Event(StoredEvent),
    /// End the game so.
    End(Outcome),
    /// Take back this side's last move.
    TakeBack(Player),
}

struct Actor {
    state: GameState,
    ctx: ActorContext,
    tx: mpsc::Sender<Command>,
    ai_version: Option<i64>,
    /// While the computer's request for this version waits for a worker:
    /// the version, the computer's side, and the instant up to which the
    /// wait was given back to its clock.
    ai_waiting: Option<(i64, Player, i64)>,
    /// Each side's premove (indexed by [`Player::index`]).
    premoves: [Option<Premove>; 2],
}

/// A premove waiting for its side's turn.
struct Premove {
    /// The move, as sent.
    mv: String,
    /// Where its outcome is told (closed: its socket is gone, and the
    /// premove with it).
    told: oneshot::Sender<premover::Outcome>,
}

impl Actor {
    /// Stores `event` and what follows from it by the rules (the reveal
    /// of completed hidden placements; the end of a game the rules
    /// finished, with its ratings) in one commit, then publishes them: a
    /// game-ending move is never acknowledged or seen without its end.
    /// `ratings` go with an `event` that ends the game. `at` is the instant
    /// the event's clocks were taken at, stamped on it and on what follows
    /// (so an event's clocks and its time agree). The new version.
    ///
    /// The events are applied to the state in place (a copy of the state
    /// would copy the whole record, every move of it, for each move); if
    /// they cannot be stored, the state is read again from the store.
    async fn commit(
        &mut self,
        event: StoredEvent,
        ratings: Vec<RatingUpdate>,
        at: i64,
    ) -> Result<i64, ApiError> {
        let was_live = self.state.live();
        let status_before = self.state.status();
        let since = self.state.version;
        let applied = self.apply_all(event, ratings, at).await;
        let (rows, published, ratings, moved) = match applied {
            Ok(applied) => applied,
            Err(e) => {
                self.reload().await;
                return Err(e);
            }
        };
        let ended = was_live && !self.state.live();
        let told = notices::after(&self.state, moved, ended);
        let rows_told = told
            .iter()
            .map(|(user, n)| crate::notification::row(n, user))
            .collect();
        let stored = self
            .ctx
            .store
            .append_events(
                self.state.meta.id.as_str(),
                rows,
                self.state.update(at, since, status_before),
                ratings,
                rows_told,
            )
            .await;
        if let Err(e) = stored {
            self.reload().await;
            return Err(match e {
                AppendError::Conflict => ApiError::from(Refusal::ChangedMeanwhile),
                AppendError::Db(e) => e.into(),
            });
        }
        self.drop_premoves_after(published.iter().map(|p| &p.event));
        for event in published {
            self.ctx
                .bus
                .publish_game(&self.state.meta.id, Arc::new(event));
        }
        if ended {
            // The game leaves the lobby's list of live games.
            self.ctx.bus.publish_lobby();
        }
        for (user, notification) in told {
            self.ctx.bus.publish_user(&user, Arc::new(notification));
        }
        Ok(self.state.version)
    }

    /// Applies `event` and what follows from it by the rules to the state
    /// ([`Actor::commit`]): the rows to store, the events to publish, the
    /// rating changes, and whether the position changed.
    async fn apply_all(
        &mut self,
        event: StoredEvent,
        mut ratings: Vec<RatingUpdate>,
        at: i64,
    ) -> Result<(Vec<EventRow>, Vec<Published>, Vec<RatingUpdate>, bool), ApiError> {
        let mut rows = Vec::with_capacity(2);
        let mut published = Vec::with_capacity(2);
        let mut pending = Some(event);
        let mut moved = false;
        while let Some(event) = pending.take() {
            moved |= matches!(
                event,
                StoredEvent::Move { .. }
                    | StoredEvent::Placements { .. }
                    | StoredEvent::Takeback { .. }
            );
            let version = self.state.version + 1;
            self.state
                .apply(version, at, &event)
                .map_err(ApiError::internal)?;
            let payload = serde_json::to_string(&event).map_err(ApiError::internal)?;
            rows.push(EventRow {
                version,
                at,
                payload,
            });
            published.push(self.state.published(&event, at));
            if let Some(reveal) = mover::reveal(&self.state, at)? {
                pending = Some(reveal);
            } else if let Some(outcome) = self
                .state
                .live()
                .then(|| self.state.game.outcome())
                .flatten()
            {
                let (end, updates) = self.ending(&self.state, outcome, at).await?;
                pending = Some(end);
                ratings = updates;
            }
        }
        Ok((rows, published, ratings, moved))
    }

    /// Takes in an event of the game from the bus (this task's own, or
    /// another process's); true if the state changed.
    async fn follow(&mut self, event: Result<Arc<Published>, RecvError>) -> bool {
        match event {
            Ok(event) if event.version <= self.state.version => false,
            Ok(event) if event.version == self.state.version + 1 => {
                if let Err(e) = self.state.apply(event.version, event.at, &event.event) {
                    tracing::error!("game {}: {e}", self.state.meta.id);
                    self.reload().await;
                }
                self.drop_premoves_after([&event.event]);
                true
            }
            Ok(_) | Err(RecvError::Lagged(_)) => {
                self.reload().await;
                true
            }
            Err(RecvError::Closed) => false,
        }
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
        let now = now_ms();
        self.give_back_wait(now);
        if let Some(outcome) = finisher::due(&self.state, now, self.ctx.untimed_expiry) {
            if let Err(e) = self.end(outcome).await {
                tracing::error!("game {}: end: {}", self.state.meta.id, e.message);
            }
            return;
        }
        self.play_premove().await;
        if !self.state.live()
            || self.ai_version == Some(self.state.version)
            || !self.ctx.cluster.owns(&self.state.meta.id)
        {
            return;
        }
        if let Some((side, level, game)) = self.computer_turn() {
            self.ai_version = Some(self.state.version);
            // By days per move it thinks as in an untimed game: days are
            // no budget for a search.
            let left = self
                .state
                .clocks
                .filter(|c| c.per_move.is_none())
                .map(|c| c.at(now).left(side));
            let budget = ai_pool::budget(level, left);
            let version = self.state.version;
            let pool = self.ctx.ai.clone();
            let tx = self.tx.clone();
            // The pool takes turns by the person the computer plays (the
            // game itself when the computer plays itself).
            let meta = &self.state.meta;
            let owner = meta
                .seat(side.other())
                .and_then(Seat::user_id)
                .map_or_else(|| meta.id.to_string(), UserId::to_string);
            self.ai_waiting = Some((version, side, now));
            tokio::spawn(async move {
                let asked = Instant::now();
                let worker = pool.worker(&owner, level).await;
                let waited = asked.elapsed();
                if waited > Duration::from_millis(500) {
                    tracing::info!("computer move waited {waited:?} for a worker");
                }
                let _ = tx.send(Command::AiStarted { version }).await;
                let mv = worker.think(game, level, budget).await;
                let _ = tx.send(Command::AiMove { version, side, mv }).await;
            });
        }
    }

    /// Sets (or with `None` cancels) `user_id`'s premove: where its
    /// outcome will be told. A premove it replaces is told it was
    /// dropped.
    fn set_premove(
        &mut self,
        user_id: &UserId,
        mv: Option<String>,
    ) -> Result<Option<PremoveTold>, ApiError> {
        let side = self.state.meta.side_of(user_id).ok_or_else(|| {
            ApiError::from(Refusal::NotAPlayer)
        })?;
        if mv.is_some() {
            premover::check(&self.state, side)?;
        }
        let slot = &mut self.premoves[side.index()];
        if let Some(old) = slot.take() {
            let error = ApiError::from(Refusal::PremoveReplaced);
            let _ = old.told.send(premover::Outcome::Dropped { error });
        }
        Ok(mv.map(|mv| {
            let (told, outcome) = oneshot::channel();
            *slot = Some(Premove { mv, told });
            outcome
        }))
    }

    /// Plays the premove of the side to move, if it has one (its socket
    /// still open), and tells its socket what became of it.
    async fn play_premove(&mut self) {
        let Some(side) = self.state.to_move() else {
            return;
        };
        let Some(premove) = self.premoves[side.index()].take() else {
            return;
        };
        if premove.told.is_closed() {
            return;
        }
        let now = now_ms();
        let outcome = match premover::play(&self.state, side, &premove.mv, now) {
            Ok(event) => match self.commit(event, Vec::new(), now).await {
                Ok(version) => premover::Outcome::Played { version },
                Err(e) => premover::Outcome::Dropped { error: e },
            },
            Err(e) => premover::Outcome::Dropped { error: e.into() },
        };
        let _ = premove.told.send(outcome);
    }

    /// Drops every premove after `events` if one of them took moves back.
    fn drop_premoves_after<'a>(&mut self, events: impl IntoIterator<Item = &'a StoredEvent>) {
        let taken_back = events
            .into_iter()
            .any(|e| matches!(e, StoredEvent::Takeback { .. }));
        if !taken_back {
            return;
        }
        for premove in self.premoves.iter_mut().filter_map(Option::take) {
            let error = ApiError::from(Refusal::PremoveTakenBack);
            let _ = premove.told.send(premover::Outcome::Dropped { error });
        }
    }

    /// Gives the time the computer's request has waited for a worker (up
    /// to `now`) back to the computer's clock: only its thinking is
    /// charged. Kept in the state's clocks, so the move's event stores it.
    fn give_back_wait(&mut self, now: i64) {
        let Some((version, side, since)) = self.ai_waiting else {
            return;
        };
        if version != self.state.version {
            self.ai_waiting = None;
            return;
        }
        if let Some(clocks) = self.state.clocks.as_mut() {
            *clocks = clocks.credited(side, now - since);
        }
        self.ai_waiting = Some((version, side, now));
    }

    /// The computer's side that has to act now, its level and the game as
    /// it may see it: the game itself, or during a hidden placement phase a
    /// copy without the other side's placements.
    fn computer_turn(&self) -> Option<(Player, Level, Box<dyn Match>)> {
        let meta = &self.state.meta;
        if let Some(phase) = &self.state.hidden {
            return Player::BOTH.into_iter().find_map(|side| {
                let level = meta.computer_level(side)?;
                let view = phase.view_for(self.state.game.as_ref(), side)?;
                Some((side, level, view))
            });
        }
        let side = self.state.to_move()?;
        let level = meta.computer_level(side)?;
        Some((side, level, self.state.game.clone_match()))
    }

    /// Ends the game with `outcome`, rating a rated game.
    async fn end(&mut self, outcome: Outcome) -> Result<i64, ApiError> {
        let now = now_ms();
        let (event, updates) = self.ending(&self.state, outcome, now).await?;
        self.commit(event, updates, now).await
    }

    /// The event ending `state`'s game with `outcome` at `now`, and the
    /// rating changes of a rated game.
    async fn ending(
        &self,
        state: &GameState,
        outcome: Outcome,
        now: i64,
    ) -> Result<(StoredEvent, Vec<RatingUpdate>), ApiError> {
        let (ratings, updates) = match finisher::rated_users(&state.meta, &outcome) {
            Some(users) => {
                let meta = &state.meta;
                let (game, speed) = (meta.kind.name(), meta.speed.as_str());
                let mut before = [rating::initial(); 2];
                for (i, user) in users.iter().enumerate() {
                    if let Some(r) = self.ctx.store.rating(user.as_str(), game, speed).await? {
                        before[i] = r;
                    }
                }
                let after = finisher::rate(before, &outcome);
                let updates = users
                    .iter()
                    .zip(after)
                    .map(|(user, rating)| RatingUpdate {
                        user_id: user.to_string(),
                        game: game.to_owned(),
                        speed: speed.to_owned(),
                        rating,
                    })
                    .collect();
                (Some(finisher::rating_changes(before, after)), updates)
            }
            None => (None, Vec::new()),
        };
        Ok((finisher::end_event(state, outcome, now, ratings), updates))
    }

    /// `side` plays `mv` (checked by the rules), with the clocks; the new
    /// version (with the reveal or the end it brings: [`Actor::commit`]).
    async fn play(&mut self, side: Player, mv: &str) -> Result<i64, ApiError> {
        let now = now_ms();
        if self.state.clocks.and_then(|c| c.flagged(now)).is_some() {
            self.settle().await;
            return Err(Refusal::EndedOnTime.into());
        }
        let event = mover::play(&self.state, side, mv, now)?;
        self.commit(event, Vec::new(), now).await
    }

    /// Handles a player's action. Another server process sharing the
    /// database may have moved on (and its event not reached this task
    /// yet; on `SQLite`, where two processes may share a file, it never
    /// does). The action is judged as if the stored state had been read
    /// first, without reading it for every action (a query per move): a
    /// commit that finds the stored version changed has reloaded the
    /// state, and a refusal is given only once the stored version is
    /// known to be this task's; otherwise the action is judged once more
    /// on the state as stored.
    async fn act(&mut self, user_id: &UserId, action: Action) -> Result<i64, ApiError> {
        let refused = match self.act_once(user_id, action.clone()).await {
            Ok(version) => return Ok(version),
            Err(e) if e.code == ErrorCode::ChangedMeanwhile => {
                return self.act_once(user_id, action).await
            }
            Err(e) => e,
        };
        let stored = self
            .ctx
            .store
            .game_version(self.state.meta.id.as_str())
            .await?;
        if stored == Some(self.state.version) {
            return Err(refused);
        }
        self.reload().await;
        self.act_once(user_id, action).await
    }

    /// [`Actor::act`] on the state as this task has it.
    async fn act_once(&mut self, user_id: &UserId, action: Action) -> Result<i64, ApiError> {
        let side = self.state.meta.side_of(user_id).ok_or_else(|| {
            ApiError::from(Refusal::NotAPlayer)
        })?;
        if !self.state.live() {
            return Err(Refusal::NotBeingPlayed.into());
        }
        let against_computer = self.state.meta.computer_level(side.other()).is_some();
        let state = &self.state;
        let decision = match action {
            Action::Move { mv, version } => {
                if let Some(expected) = version.filter(|&v| v != state.version) {
                    return Err(Refusal::StaleVersion {
                        now: state.version,
                        yours: expected,
                    }
                    .into());
                }
                return self.play(side, &mv).await;
            }
            Action::Resign => Decision::End(finisher::resign(state, side)),
            Action::Abort => Decision::End(aborter::abort(state)?),
            Action::DrawOffer => {
                Decision::Event(drawer::offer(state.draw_offer, side, against_computer)?)
            }
            Action::DrawAccept => Decision::End(drawer::accept(state.draw_offer, side)?),
            Action::DrawDecline => Decision::Event(drawer::decline(state.draw_offer, side)?),
            Action::TakebackRequest => match takebacker::request(state, side, against_computer)? {
                Request::Ask(event) => Decision::Event(event),
                Request::Grant => Decision::TakeBack(side),
            },
            Action::TakebackAccept => Decision::TakeBack(takebacker::accept(state, side)?),
            Action::TakebackDecline => Decision::Event(takebacker::decline(state, side)?),
        };
        match decision {
            Decision::Event(event) => self.commit(event, Vec::new(), now_ms()).await,
            Decision::End(outcome) => self.end(outcome).await,
            Decision::TakeBack(requester) => {
                let now = now_ms();
                let event = takebacker::take_back(&self.state, requester, now)?;
                self.commit(event, Vec::new(), now).await
            }
        }
    }
}
