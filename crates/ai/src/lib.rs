//! Game-independent search (alpha-beta, MCTS), per-game evaluation,
//! difficulty levels.
//!
//! The entry point is [`search_record`] (or [`search_setup`]) for any game
//! that implements [`Evaluate`]: it takes a [`gamut_core::GameRecord`], an
//! [`EngineSpec`] (`random`, `easy`, `medium`, `hard`, `max`, `mcts`),
//! [`Limits`] and a stop flag, reports a [`SearchInfo`] after each
//! iteration and returns a [`SearchReport`] with the best move in notation.
//!
//! This crate knows no list of games: games handled by name (server,
//! protocols, command line) are searched through the catalogue
//! (`gamut-games`), whose entries require [`Evaluate`], so a game without
//! an evaluation cannot be listed there. The evaluations of Gamut's games
//! live here (module `eval`), one file per game.

mod alphabeta;
mod engine;
mod eval;
mod evaluate;
mod history;
mod iterative;
mod level;
mod limits;
mod mcts;
mod report;
mod score;
mod setup;
mod shared;
mod signature;
pub mod solver;
mod spec;
mod tt;

pub use engine::{search_record, search_setup};
pub use evaluate::Evaluate;
pub use level::{Level, LevelProfile};
pub use limits::Limits;
pub use mcts::{search_mcts, MctsConfig, Playout};
pub use report::{SearchInfo, SearchReport};
pub use score::Score;
pub use setup::SearchSetup;
pub use signature::bench_search;
pub use solver::{Solution, SolveLimits, Solver, Verdict};
pub use spec::{EngineKind, EngineSpec};
