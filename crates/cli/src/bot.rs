//! `gamut bot`: puts an engine online as a bot account (docs/api.md,
//! "Bots"). It signs in with the bot's token, listens on the bot's socket
//! (`GET /api/me/ws`) for challenges, accepts those it is set to play
//! (games, speeds, at most `--concurrency` games at once) and declines the
//! others, and plays each game on its own socket with the engine
//! ([`game`]). Its live games are looked up when it connects and every
//! [`LIVE_POLL`] after (`GET /api/games?status=live&player=`): so it also
//! plays the games it started itself (a seek or challenge made with its
//! token, which nobody notifies it of when taken). It reconnects after a
//! network drop, with a back-off: the bot's socket, then its live games and
//! the challenges still waiting, each game going on from the state the
//! server sends.

mod api;
mod game;

use crate::matches::player::EngineChoice;
use anyhow::{Context, Result};
use api::{next, send, Api, Backoff, Incoming};
use clap::Args;
use game::Engine;
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::game::{GameSummary, GameView};
use gamut_protocol::notification::{Notification, NotificationKind};
use gamut_protocol::socket::ServerMessage;
use gamut_protocol::status::GameStatus;
use gamut_protocol::views::{GamesView, MeView};
use serde_json::json;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the bot looks up its live games.
const LIVE_POLL: Duration = Duration::from_secs(3);

/// Arguments of `gamut bot`.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The server's URL (`http://127.0.0.1:8080`).
    #[arg(long)]
    server: String,
    /// The bot's API token (from `POST /api/bots`, or the web's account
    /// page). Also read from the environment variable `GAMUT_BOT_TOKEN`.
    #[arg(long, env = "GAMUT_BOT_TOKEN", hide_env_values = true)]
    token: String,
    /// The engine: a built-in one (random, easy, medium, hard, expert, max,
    /// mcts, optionally @threads) or `cmd:<program>` for an external engine
    /// speaking the engine protocol.
    #[arg(long, default_value = "max")]
    engine: EngineChoice,
    /// Search threads of the engine.
    #[arg(long)]
    threads: Option<usize>,
    /// Games the bot accepts, comma-separated (default: every game).
    #[arg(long, value_delimiter = ',')]
    games: Vec<GameKind>,
    /// Speeds the bot accepts, comma-separated (bullet, blitz, rapid,
    /// classical, correspondence; default: all).
    #[arg(long, value_delimiter = ',')]
    speeds: Vec<Speed>,
    /// Games played at once at most; challenges past it are declined.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    concurrency: u16,
    /// Thinking time per move, in milliseconds, in games without a running
    /// clock (untimed, days per move).
    #[arg(long, default_value_t = 1000)]
    untimed_move_ms: u64,
}

/// What the bot accepts.
struct Acceptance {
    games: Vec<GameKind>,
    speeds: Vec<Speed>,
    concurrency: usize,
}

impl Acceptance {
    /// Why the bot does not play the challenge `view`, if it does not.
    fn refusal(&self, view: &GameView) -> Option<String> {
        if !self.games.is_empty() && !self.games.contains(&view.game) {
            return Some(format!("it does not play {}", view.game));
        }
        if !self.speeds.is_empty() && !self.speeds.contains(&view.speed) {
            return Some(format!("it does not play {}", view.speed.as_str()));
        }
        let options: Vec<(String, String)> = view
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        match view.game.new_match(&options, None) {
            Ok(game) if game.hidden_placement() => Some("it cannot place hidden pieces".into()),
            Ok(_) => None,
            Err(e) => Some(format!("its options: {e}")),
        }
    }
}

/// The bot: its server, engine, and the games it plays.
struct Bot {
    api: Api,
    engine: Engine,
    accept: Acceptance,
    /// The games being played (by id).
    playing: Arc<Mutex<HashSet<String>>>,
}

/// Runs `gamut bot` until stopped.
pub fn run(args: BotArgs) -> Result<()> {
    let api = Api::new(&args.server, &args.token)?;
    let bot = Arc::new(Bot {
        api,
        engine: Engine {
            choice: args.engine,
            threads: args.threads,
            untimed_move: Duration::from_millis(args.untimed_move_ms.max(1)),
        },
        accept: Acceptance {
            games: args.games,
            speeds: args.speeds,
            concurrency: usize::from(args.concurrency),
        },
        playing: Arc::new(Mutex::new(HashSet::new())),
    });
    tokio::runtime::Runtime::new()
        .context("starting the runtime")?
        .block_on(bot.serve())
}

impl Bot {
    /// The bot's socket, opened again whenever it drops.
    async fn serve(self: Arc<Self>) -> Result<()> {
        let mut backoff = Backoff::new();
        let mut announced = false;
        loop {
            match self.session(&mut backoff, &mut announced).await {
                Ok(()) => eprintln!("bot: connection lost; reconnecting"),
                Err(e) => eprintln!("bot: {e:#}; trying again"),
            }
            backoff.wait().await;
        }
    }

    /// One connection of the bot's socket: resumes the live games, then
    /// answers challenges until the socket drops.
    async fn session(self: &Arc<Self>, backoff: &mut Backoff, announced: &mut bool) -> Result<()> {
        let me: MeView = self.api.get("/api/me").await?;
        let me = me.user.context("the token signs nobody in")?;
        let mut socket = self.api.socket("/api/me/ws").await?;
        backoff.reset();
        if !*announced {
            eprintln!("bot {} is online", me.name);
            *announced = true;
        }
        let live = format!("/api/games?status=live&player={}&limit=100", me.name);
        let mut ping = tokio::time::interval(Duration::from_secs(25));
        let mut poll = tokio::time::interval(LIVE_POLL);
        loop {
            tokio::select! {
                _ = poll.tick() => {
                    let games: GamesView = self.api.get(&live).await?;
                    for game in &games.games {
                        self.start_game(game);
                    }
                }
                incoming = next(&mut socket) => {
                    let Incoming::Text(value) = incoming else { return Ok(()) };
                    match serde_json::from_value::<ServerMessage>(value) {
                        Ok(ServerMessage::Notifications { notifications, .. }) => {
                            for n in notifications {
                                self.consider(&n).await;
                            }
                        }
                        Ok(ServerMessage::Notification { notification }) => {
                            self.consider(&notification).await;
                        }
                        _ => {}
                    }
                }
                _ = ping.tick() => {
                    if !send(&mut socket, &json!({"type": "ping"})).await {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Answers a notification: a challenge still waiting is accepted or
    /// declined.
    async fn consider(self: &Arc<Self>, n: &Notification) {
        if n.kind != NotificationKind::Challenge && n.kind != NotificationKind::Rematch {
            return;
        }
        let Some(id) = &n.game else { return };
        if let Err(e) = self.answer(id.as_str()).await {
            eprintln!("challenge {id}: {e:#}");
        }
    }

    async fn answer(self: &Arc<Self>, id: &str) -> Result<()> {
        let view: GameView = self.api.get(&format!("/api/games/{id}")).await?;
        if view.status != GameStatus::Waiting {
            return Ok(());
        }
        let busy = self.playing.lock().map_or(0, |p| p.len()) >= self.accept.concurrency;
        let refusal = match self.accept.refusal(&view) {
            Some(why) => Some(why),
            None if busy => Some("it plays as many games as it may".into()),
            None => None,
        };
        if let Some(why) = refusal {
            eprintln!("challenge {id}: declined ({why})");
            let _: serde_json::Value = self.api.post(&format!("/api/games/{id}/decline")).await?;
            return Ok(());
        }
        let joined: gamut_protocol::views::JoinedView =
            self.api.post(&format!("/api/games/{id}/join")).await?;
        eprintln!(
            "challenge {id}: accepted ({} {})",
            view.game,
            view.speed.as_str()
        );
        self.start_game(&joined.game);
        Ok(())
    }

    /// Plays `game` unless it is played already.
    fn start_game(self: &Arc<Self>, game: &GameSummary) {
        let id = game.id.to_string();
        let new = self
            .playing
            .lock()
            .is_ok_and(|mut playing| playing.insert(id.clone()));
        if !new {
            return;
        }
        let bot = Arc::clone(self);
        tokio::spawn(async move {
            game::play(bot.api.clone(), id.clone(), bot.engine.clone()).await;
            if let Ok(mut playing) = bot.playing.lock() {
                playing.remove(&id);
            }
        });
    }
}
