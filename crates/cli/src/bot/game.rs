//! One game of the bot: its socket (`GET /api/games/{id}/ws`), the state
//! kept from the server's events, and the engine asked for a move whenever
//! it is the bot's turn, with the game's real clocks. The engine is the
//! one `gamut match` drives ([`MatchPlayer`]: a built-in level with its
//! time manager, or an external program told `go firsttime .. secondtime
//! .. firstinc .. secondinc ..`). A dropped socket is opened again (with a
//! back-off) and the game goes on from the state the server sends.

use super::api::{next, send, Api, Backoff, Incoming, Socket};
use crate::matches::clock::Think;
use crate::matches::player::{EngineChoice, MatchPlayer, Setup};
use anyhow::{anyhow, Result};
use gamut_ai::Clock;
use gamut_core::Player;
use gamut_protocol::clock::{ClockControl, Clocks};
use gamut_protocol::game::{EventBody, EventView, GameView};
use gamut_protocol::ids::now_ms;
use gamut_protocol::socket::ServerMessage;
use gamut_protocol::status::GameStatus;
use serde_json::json;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How often a silent socket is pinged (the server closes one silent for
/// 90 s).
const PING_EVERY: Duration = Duration::from_secs(25);
/// The close code of a socket for an unknown game.
const NO_SUCH_GAME: u16 = 4404;

/// How the bot thinks in its games.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The engine.
    pub choice: EngineChoice,
    /// Its search threads, if set.
    pub threads: Option<usize>,
    /// The time per move in games without a running clock (untimed, days
    /// per move).
    pub untimed_move: Duration,
}

/// Plays game `id` to its end, reconnecting whenever the socket drops.
pub async fn play(api: Api, id: String, engine: Engine) {
    let mut player = Some(MatchPlayer::new(&engine.choice, engine.threads));
    let mut backoff = Backoff::new();
    let mut setup_done = false;
    loop {
        let socket = match api.socket(&format!("/api/games/{id}/ws")).await {
            Ok(socket) => socket,
            Err(e) => {
                eprintln!("game {id}: {e:#}; trying again");
                backoff.wait().await;
                continue;
            }
        };
        backoff.reset();
        let mut game = Game {
            api: &api,
            id: &id,
            engine: &engine,
            player: &mut player,
            setup_done: &mut setup_done,
            view: None,
            thinking: None,
            sent: None,
            next_id: 1,
        };
        match game.run(socket).await {
            Ok(Ended::Over) => return,
            Ok(Ended::Dropped) => {
                eprintln!("game {id}: connection lost; reconnecting");
                backoff.wait().await;
            }
            Err(e) => {
                eprintln!("game {id}: {e:#}; leaving it");
                return;
            }
        }
    }
}

/// How a socket's run ended.
enum Ended {
    /// The game is over (or gone).
    Over,
    /// The connection dropped.
    Dropped,
}

/// A search running on a blocking thread, for the position after `plies`
/// plies.
struct Thinking {
    plies: usize,
    task: JoinHandle<(MatchPlayer, Result<String>)>,
}

/// One connection's view of the game.
struct Game<'a> {
    api: &'a Api,
    id: &'a str,
    engine: &'a Engine,
    /// The engine, while no search has it.
    player: &'a mut Option<MatchPlayer>,
    /// Whether the engine was set up for this game (once, even over
    /// reconnections: a built-in engine keeps its transposition table).
    setup_done: &'a mut bool,
    view: Option<GameView>,
    thinking: Option<Thinking>,
    /// The plies played when the bot sent its last move: no new search
    /// until the position changes (its event may come after its `ack`) or
    /// the move is refused.
    sent: Option<usize>,
    next_id: i64,
}

impl Game<'_> {
    async fn run(&mut self, mut socket: Socket) -> Result<Ended> {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        let ended = loop {
            self.maybe_think()?;
            let thinking = async {
                match self.thinking.as_mut() {
                    Some(t) => Some((&mut t.task).await),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                incoming = next(&mut socket) => match incoming {
                    Incoming::Text(value) => match serde_json::from_value::<ServerMessage>(value) {
                        Ok(message) => {
                            if let Some(ended) = self.receive(&mut socket, message).await {
                                break ended;
                            }
                        }
                        Err(e) => eprintln!("game {}: an unreadable message: {e}", self.id),
                    },
                    Incoming::Closed(Some(NO_SUCH_GAME)) => break Ended::Over,
                    Incoming::Closed(_) => break Ended::Dropped,
                },
                done = thinking => {
                    let plies = self.thinking.take().map_or(0, |t| t.plies);
                    let Some(Ok((player, chosen))) = done else {
                        return Err(anyhow!("the engine's thread failed"));
                    };
                    *self.player = Some(player);
                    if !self.play(&mut socket, plies, chosen?).await {
                        break Ended::Dropped;
                    }
                }
                _ = ping.tick() => {
                    if !send(&mut socket, &json!({"type": "ping"})).await {
                        break Ended::Dropped;
                    }
                }
            }
        };
        // A search still running finishes on its own; its engine comes
        // back for the next connection.
        if let Some(thinking) = self.thinking.take() {
            if let Ok((player, _)) = thinking.task.await {
                *self.player = Some(player);
            }
        }
        Ok(ended)
    }

    /// Takes in one message; `Some` when the socket's run should end.
    async fn receive(&mut self, socket: &mut Socket, message: ServerMessage) -> Option<Ended> {
        match message {
            ServerMessage::State { state } => self.view = Some(*state),
            ServerMessage::Events { events } => {
                for event in events {
                    self.apply(event);
                }
            }
            ServerMessage::Event { event } => {
                let takeback = matches!(
                    event.body,
                    EventBody::TakebackRequest { side } if Some(side) != self.you()
                );
                self.apply(event);
                if takeback && !send(socket, &json!({"type": "takeback-decline"})).await {
                    return Some(Ended::Dropped);
                }
            }
            ServerMessage::Error { error, .. } => {
                eprintln!("game {}: the server says: {error}", self.id);
                // Whatever was refused, start again from the full state.
                self.sent = None;
                match self.api.get(&format!("/api/games/{}", self.id)).await {
                    Ok(view) => self.view = Some(view),
                    Err(_) => return Some(Ended::Dropped),
                }
            }
            _ => {}
        }
        match self.view.as_ref().map(|v| v.status) {
            Some(GameStatus::Finished) => {
                let result = self.view.as_ref().and_then(|v| v.result.as_ref());
                let text = result.map_or("over", |r| r.text.as_str());
                eprintln!("game {}: {text}", self.id);
                Some(Ended::Over)
            }
            _ => None,
        }
    }

    fn you(&self) -> Option<Player> {
        self.view.as_ref().and_then(|v| v.you)
    }

    /// Applies one event to the state (a gap or an event that is not a
    /// plain move makes the next state come from a `sync`).
    fn apply(&mut self, event: EventView) {
        let Some(view) = self.view.as_mut() else {
            return;
        };
        if event.version <= view.version {
            return;
        }
        view.version = event.version;
        match event.body {
            EventBody::Started {
                players,
                clocks,
                position,
                to_move,
                legal,
                ..
            } => {
                view.players = players;
                set_position(view, clocks, position, to_move, legal);
                view.status = GameStatus::Live;
            }
            EventBody::Move {
                mv,
                clocks,
                position,
                to_move,
                legal,
                ..
            } => {
                view.moves.push(mv);
                set_position(view, clocks, position, to_move, legal);
            }
            EventBody::Takeback {
                clocks,
                position,
                to_move,
                legal,
                moves,
                ..
            } => {
                self.sent = None;
                view.moves.truncate(moves);
                set_position(view, clocks, position, to_move, legal);
            }
            EventBody::Placements {
                moves,
                clocks,
                position,
                to_move,
                legal,
                ..
            } => {
                view.moves.extend(moves);
                set_position(view, clocks, position, to_move, legal);
            }
            EventBody::End { result, clocks, .. } => {
                view.status = GameStatus::Finished;
                view.result = Some(result);
                view.clocks = clocks;
                view.legal.clear();
                view.to_move = None;
            }
            _ => {}
        }
    }

    /// Starts a search if it is the bot's turn and none runs.
    fn maybe_think(&mut self) -> Result<()> {
        let Some(view) = self.view.as_ref() else {
            return Ok(());
        };
        if self.thinking.is_some()
            || self.sent == Some(view.moves.len())
            || view.status != GameStatus::Live
            || view.to_move.is_none()
            || view.to_move != view.you
            || view.legal.is_empty()
        {
            return Ok(());
        }
        let Some(mut player) = self.player.take() else {
            return Ok(());
        };
        let setup = setup_of(view)?;
        let think = think_of(view, self.engine.untimed_move);
        let moves = view.moves.clone();
        let first_time = !*self.setup_done;
        *self.setup_done = true;
        let plies = moves.len();
        let task = tokio::task::spawn_blocking(move || {
            let chosen = (|| {
                if first_time {
                    player.new_game(&setup)?;
                }
                let mut game = setup
                    .kind
                    .new_match(&setup.options, setup.start.as_deref())?;
                for mv in &moves {
                    game.play(mv)?;
                }
                player.choose(&setup, &*game, &think)
            })();
            (player, chosen)
        });
        self.thinking = Some(Thinking { plies, task });
        Ok(())
    }

    /// Sends the move chosen for the position after `plies` plies, if the
    /// game is still there; false if the socket is gone.
    async fn play(&mut self, socket: &mut Socket, plies: usize, mv: String) -> bool {
        let Some(view) = self.view.as_ref() else {
            return true;
        };
        if view.moves.len() != plies || view.to_move != view.you {
            return true;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.sent = Some(plies);
        let message = json!({"type": "move", "move": mv, "version": view.version, "id": id});
        send(socket, &message).await
    }
}

/// Sets in `view` what an event that changes the position carries: the
/// clocks, the position, the side to move and its legal moves.
fn set_position(
    view: &mut GameView,
    clocks: Option<Clocks>,
    position: String,
    to_move: Option<Player>,
    legal: Vec<String>,
) {
    view.clocks = clocks;
    view.position = position;
    view.to_move = to_move;
    view.legal = legal;
}

/// The game's setup for the engine (the start as a position text only
/// when it is not the standard one).
fn setup_of(view: &GameView) -> Result<Setup> {
    let kind = view.game;
    let options: Vec<(String, String)> = view
        .options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let standard = kind.new_match(&options, None)?.start_text();
    Ok(Setup {
        kind,
        start: (view.start != standard).then(|| view.start.clone()),
        options,
    })
}

/// The time the engine gets: the clocks of a real-time game (the running
/// side's time counted down to now), else a fixed time per move.
fn think_of(view: &GameView, untimed_move: Duration) -> Think {
    let increment = match view.clock {
        ClockControl::Realtime { increment_ms, .. } => Some(increment_ms),
        _ => None,
    };
    match (increment, view.clocks.as_ref()) {
        (Some(increment_ms), Some(clocks)) => Think {
            movetime: None,
            clocks: [Player::First, Player::Second]
                .map(|side| Some(clock_of(clocks, side, increment_ms, now_ms()))),
        },
        _ => Think {
            movetime: Some(untimed_move),
            clocks: [None, None],
        },
    }
}

/// `side`'s clock at `now` (the server's clock and this machine's are
/// taken to agree; the time manager keeps a reserve for the difference
/// and the network).
fn clock_of(clocks: &Clocks, side: Player, increment_ms: i64, now: i64) -> Clock {
    let mut left = clocks.ms[side.index()];
    if clocks.running == Some(side) {
        left -= (now - clocks.at).max(0);
    }
    let ms = |v: i64| Duration::from_millis(u64::try_from(v.max(0)).unwrap_or(0));
    Clock::new(ms(left), ms(increment_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_clock_counts_down_to_now() {
        let clocks = Clocks {
            ms: [10_000, 8_000],
            running: Some(Player::Second),
            at: 1_000,
            ..serde_json::from_value(json!({"ms": [0, 0], "running": null, "at": 0}))
                .expect("clocks")
        };
        let first = clock_of(&clocks, Player::First, 500, 4_000);
        assert_eq!(first.left, Duration::from_millis(10_000));
        assert_eq!(first.increment, Duration::from_millis(500));
        let second = clock_of(&clocks, Player::Second, 500, 4_000);
        assert_eq!(second.left, Duration::from_millis(5_000));
        let flagged = clock_of(&clocks, Player::Second, 0, 100_000);
        assert_eq!(flagged.left, Duration::ZERO);
    }
}
