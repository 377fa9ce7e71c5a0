//! Game-independent search (alpha-beta, MCTS), per-game evaluation,
//! difficulty levels.
//!
//! The entry point is [`search_record`] (or [`search_setup`]) for any game
//! that implements [`Evaluate`]: it takes a [`gamut_core::GameRecord`], an
//! [`EngineSpec`] (`random`, `easy`, `medium`, `hard`, `expert`, `max`,
//! `mcts`), [`Limits`] and a stop flag, reports a [`SearchInfo`] after each
//! iteration and returns a [`SearchReport`] with the best move in notation.
//! For analysis, [`EngineSpec::with_lines`] asks the alpha-beta engine for
//! several lines (multi-PV: each other root move's best line too, in
//! [`SearchInfo::more_lines`]).
//!
//! Under a clock ([`Limits::clock`]: time left, increment, moves to go) the
//! search decides its own time per move ([`TimeBudget`]: a soft target and a
//! hard cap). A player that plays a whole game keeps a [`SearchContext`]
//! (its transposition table) from move to move with [`search_record_in`].
//!
//! Solved results: [`solver`] proves positions with proof-number search
//! (and saves its table), [`tablebase`] solves endings with few pieces by
//! retrograde analysis; at level `max` the alpha-beta uses both through
//! [`tablebase::Oracle`] (a known win is played straight, known positions
//! are not searched further). Chess Football's last actions are proven on
//! [`FootballEnding`], its match endings.
//!
//! This crate knows no list of games: games handled by name (server,
//! protocols, command line) are searched through the catalogue
//! (`gamut-games`), whose entries require [`Evaluate`], so a game without
//! an evaluation cannot be listed there. The evaluations of Gamut's games
//! live here (module `eval`), one file per game.

mod alphabeta;
mod context;
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
pub mod tablebase;
mod time_manager;
mod tt;

pub use context::SearchContext;
pub use engine::{search_record, search_record_in, search_setup, search_setup_in};
pub use eval::FootballEnding;
pub use evaluate::Evaluate;
pub use level::{Level, LevelProfile};
pub use limits::Limits;
pub use mcts::{search_mcts, MctsConfig, Playout};
pub use report::{PvLine, SearchInfo, SearchReport};
pub use score::Score;
pub use setup::SearchSetup;
pub use signature::bench_search;
pub use solver::{Solution, SolveLimits, Solver, Verdict};
pub use spec::{EngineKind, EngineSpec};
pub use time_manager::{Clock, GameProgress, TimeBudget, MOVE_CAP_DIVISOR, MOVE_OVERHEAD};
