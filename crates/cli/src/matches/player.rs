//! The players of `gamut match`: a built-in engine or an external program
//! speaking the engine protocol (`cmd:<path>`).

use super::clock::Think;
use super::external::ExternalEngine;
use anyhow::{bail, Result};
use gamut_ai::solver::SolvedTable;
use gamut_ai::{EngineSpec, Limits, SearchContext};
use gamut_games::{GameKind, Match};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The game every player of a match is set up for.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The game.
    pub kind: GameKind,
    /// Its options as given on the command line.
    pub options: Vec<(String, String)>,
    /// The start position text, or `None` for the standard start.
    pub start: Option<String>,
}

/// Which engine plays one side of a match, as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// A built-in engine (`random`, `easy`, ..., `max`, `mcts`).
    Builtin(EngineSpec),
    /// `cmd:<program> [args]`: an external engine.
    Command(String),
}

impl FromStr for EngineChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.strip_prefix("cmd:") {
            Some(cmd) if cmd.trim().is_empty() => Err("'cmd:' needs a program".to_string()),
            Some(cmd) => Ok(EngineChoice::Command(cmd.trim().to_string())),
            None => Ok(EngineChoice::Builtin(s.parse()?)),
        }
    }
}

impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineChoice::Builtin(spec) => write!(f, "{spec}"),
            EngineChoice::Command(cmd) => write!(f, "cmd:{cmd}"),
        }
    }
}

/// A player of one side: picks moves for the games of a match.
pub enum MatchPlayer {
    /// A built-in engine searching in this process, with its memory of the
    /// game's earlier moves (cleared for each game).
    Builtin(EngineSpec, SearchContext),
    /// An external program (started on first use, restarted after a
    /// failure).
    External {
        /// The command line.
        command: String,
        /// Search threads to ask for.
        threads: Option<usize>,
        /// The running program.
        engine: Option<ExternalEngine>,
    },
}

impl MatchPlayer {
    /// A player for `choice`; `threads` (if given) is the thread count of
    /// every engine.
    pub fn new(choice: &EngineChoice, threads: Option<usize>) -> MatchPlayer {
        match choice {
            EngineChoice::Builtin(spec) => {
                let spec = threads.map_or(*spec, |t| spec.with_threads(t));
                MatchPlayer::Builtin(spec, SearchContext::new())
            }
            EngineChoice::Command(command) => MatchPlayer::External {
                command: command.clone(),
                threads,
                engine: None,
            },
        }
    }

    /// The same player with a solver's saved table (`--solved`), if it is
    /// a built-in engine: at level max it plays a position the table
    /// proves won by its verified proof.
    pub fn with_solved(mut self, solved: Option<&Arc<SolvedTable>>) -> MatchPlayer {
        if let MatchPlayer::Builtin(_, context) = &mut self {
            context.set_solved(solved.cloned());
        }
        self
    }

    /// Get ready for a new game.
    pub fn new_game(&mut self, setup: &Setup) -> Result<()> {
        match self {
            MatchPlayer::Builtin(_, context) => {
                context.clear();
                Ok(())
            }
            MatchPlayer::External {
                command,
                threads,
                engine,
            } => {
                if engine.is_none() {
                    *engine = Some(ExternalEngine::start(command, *threads)?);
                }
                let result = engine.as_mut().map_or(Ok(()), |e| e.new_game(setup));
                if result.is_err() {
                    *engine = None;
                }
                result
            }
        }
    }

    /// The move to play in `game` (which has not ended), in the time
    /// `think` gives: a fixed move time, or the clocks.
    pub fn choose(&mut self, setup: &Setup, game: &dyn Match, think: &Think) -> Result<String> {
        match self {
            MatchPlayer::Builtin(spec, context) => {
                let stop = AtomicBool::new(false);
                let limits = Limits {
                    movetime: think.movetime,
                    clock: think.clock(game.side_to_move()),
                    ..Limits::default()
                };
                let report = game.search_in(context, spec, &limits, &stop, &mut |_| {});
                match report.best {
                    Some(m) => Ok(m),
                    None => bail!("engine {spec} found no move in a game that is not over"),
                }
            }
            MatchPlayer::External { engine, .. } => {
                let Some(running) = engine.as_mut() else {
                    bail!("the external engine is not running");
                };
                let result = running.choose(setup, &game.moves(), think, game.side_to_move());
                if result.is_err() {
                    // Start afresh for the next game.
                    *engine = None;
                }
                result
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_choices() {
        assert_eq!(
            "max".parse::<EngineChoice>().unwrap(),
            EngineChoice::Builtin("max".parse().unwrap())
        );
        assert_eq!(
            "cmd:bench/peers/x/engine --fast"
                .parse::<EngineChoice>()
                .unwrap(),
            EngineChoice::Command("bench/peers/x/engine --fast".into())
        );
        assert!("cmd:".parse::<EngineChoice>().is_err());
        assert!("strongest".parse::<EngineChoice>().is_err());
        assert_eq!("mcts".parse::<EngineChoice>().unwrap().to_string(), "mcts");
    }
}
