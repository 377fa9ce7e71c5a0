//! The state of one `gamut engine` session: engine settings, the game and
//! position set by the controller, the search's memory between the moves
//! of a game (its transposition table, kept until `newgame`), and the
//! search running on its own thread (so that `stop`, `isready` and `quit`
//! are answered at once).

use super::command::{Command, Go};
use super::info_line::info_lines;
use gamut_ai::{EngineKind, EngineSpec, Level, Limits, SearchContext};
use gamut_games::{GameKind, Match};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Where the engine's reply lines go (one call per line).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// The most search threads `setoption name Threads` accepts.
const MAX_THREADS: usize = 256;
/// The most lines `setoption name MultiPV` accepts (the search gives at
/// most one per legal move).
const MAX_LINES: usize = gamut_core::MAX_MOVES;

/// The game chosen with `newgame`.
struct Setup {
    kind: GameKind,
    options: Vec<(String, String)>,
}

/// A search running on its own thread; it gives the context back.
struct RunningSearch {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<SearchContext>,
}

/// One protocol session.
pub struct Session {
    out: Output,
    spec: EngineSpec,
    setup: Option<Setup>,
    game: Option<Box<dyn Match>>,
    /// The search's memory between moves (with the running search while
    /// one runs).
    context: Option<SearchContext>,
    search: Option<RunningSearch>,
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

impl Session {
    /// A session at full strength (`max`, one thread) writing to `out`.
    pub fn new(out: Output) -> Session {
        Session {
            out,
            spec: EngineSpec::level(Level::Max),
            setup: None,
            game: None,
            context: Some(SearchContext::new()),
            search: None,
        }
    }

    /// Carry out one line of input. Errors are answered with
    /// `info string error: ...`.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = match Command::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.error(&e);
                return Flow::Continue;
            }
        };
        let result = match command {
            Command::Hello => {
                self.hello();
                Ok(())
            }
            Command::IsReady => {
                self.send("readyok");
                Ok(())
            }
            Command::SetOption { name, value } => {
                self.finish_search();
                self.set_option(&name, &value)
            }
            Command::NewGame { game, options } => {
                self.finish_search();
                self.new_game(&game, options)
            }
            Command::Position { text, moves } => {
                self.finish_search();
                self.position(text.as_deref(), &moves)
            }
            Command::Go(go) => {
                self.finish_search();
                self.go(go)
            }
            Command::Stop => {
                self.finish_search();
                Ok(())
            }
            Command::Legal => self.game().map(|g| {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    self.send("legal");
                } else {
                    self.send(&format!("legal {}", moves.join(" ")));
                }
            }),
            Command::Show => self.game().map(|g| {
                for row in g.diagram().lines() {
                    self.send(&format!("info string {row}"));
                }
                self.send(&format!("info string position {}", g.position_text()));
            }),
            Command::Quit => return Flow::Quit,
        };
        if let Err(e) = result {
            self.error(&e);
        }
        Flow::Continue
    }

    /// Stop a running search (its `bestmove` is sent) and wait for it.
    pub fn finish_search(&mut self) {
        if let Some(running) = self.search.take() {
            running.stop.store(true, Ordering::Relaxed);
            match running.thread.join() {
                Ok(context) => self.context = Some(context),
                Err(_) => self.error("the search failed"),
            }
        }
    }

    fn send(&self, line: &str) {
        (self.out)(line);
    }

    fn error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    fn game(&self) -> Result<&dyn Match, String> {
        self.game
            .as_deref()
            .ok_or_else(|| "no game: send 'newgame <game>' first".to_string())
    }

    fn hello(&self) {
        self.send(&format!("id name gamut {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the Gamut developers");
        self.send(&format!(
            "id games {}",
            GameKind::ALL
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(" ")
        ));
        self.send(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            self.spec.threads
        ));
        self.send(&format!(
            "option name MultiPV type spin default {} min 1 max {MAX_LINES}",
            self.spec.lines
        ));
        let levels: String = Level::ALL.iter().map(|l| format!(" var {l}")).collect();
        self.send(&format!(
            "option name Level type combo default {}{levels}",
            self.spec.level
        ));
        self.send(&format!(
            "option name Engine type combo default {}{levels} var mcts",
            EngineSpec {
                threads: 1,
                lines: 1,
                ..self.spec
            }
        ));
        self.send("gamutok");
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "threads" => match value.parse::<usize>() {
                Ok(n @ 1..=MAX_THREADS) => self.spec.threads = n,
                _ => return Err(format!("Threads must be 1 to {MAX_THREADS}, got '{value}'")),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n @ 1..=MAX_LINES) => self.spec.lines = n,
                _ => return Err(format!("MultiPV must be 1 to {MAX_LINES}, got '{value}'")),
            },
            "level" => {
                let level: Level = value.parse()?;
                self.spec.level = level;
                self.spec.kind = match (level, self.spec.kind) {
                    (Level::Random, _) => EngineKind::Random,
                    (_, EngineKind::Random) => EngineKind::AlphaBeta,
                    (_, kind) => kind,
                };
            }
            "engine" => {
                if value.contains('@') {
                    return Err("set threads with 'setoption name Threads'".to_string());
                }
                let spec: EngineSpec = value.parse()?;
                self.spec = spec
                    .with_threads(self.spec.threads)
                    .with_lines(self.spec.lines);
            }
            _ => {
                return Err(format!(
                    "unknown option '{name}' (Threads, MultiPV, Level, Engine)"
                ))
            }
        }
        Ok(())
    }

    fn new_game(&mut self, game: &str, options: Vec<(String, String)>) -> Result<(), String> {
        let kind: GameKind = game.parse().map_err(|e| format!("{e}"))?;
        let record = kind.new_match(&options, None).map_err(|e| format!("{e}"))?;
        self.setup = Some(Setup { kind, options });
        self.game = Some(record);
        self.context = Some(SearchContext::new());
        Ok(())
    }

    fn position(&mut self, text: Option<&str>, moves: &[String]) -> Result<(), String> {
        let setup = self
            .setup
            .as_ref()
            .ok_or_else(|| "no game: send 'newgame <game>' first".to_string())?;
        let record = setup
            .kind
            .replay(&setup.options, text, moves)
            .map_err(|e| format!("{e}"))?;
        self.game = Some(record);
        Ok(())
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        let game = self.game()?.clone_match();
        if game.outcome().is_some() {
            self.send("bestmove (none)");
            return Ok(());
        }
        // The side to move's clock, if the controller sent it.
        let limits = Limits {
            clock: go.clocks.of(game.side_to_move()),
            ..go.limits
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (out, spec, flag) = (Arc::clone(&self.out), self.spec, Arc::clone(&stop));
        let mut context = self.context.take().unwrap_or_default();
        let thread = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let report = game.search_in(&mut context, &spec, &limits, &flag, &mut |info| {
                    for line in info_lines(info) {
                        out(&line);
                    }
                });
                if go.infinite {
                    // `infinite`: the answer waits for `stop`.
                    while !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                }
                out(&format!(
                    "bestmove {}",
                    report.best.as_deref().unwrap_or("(none)")
                ));
                context
            })
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.search = Some(RunningSearch { stop, thread });
        Ok(())
    }
}
