//! Game-independent search (alpha-beta, MCTS), per-game evaluation,
//! difficulty levels.
//!
//! The entry point for games handled by name is [`search`] (or the simpler
//! [`think`]): it takes a [`gamut_core::DynMatch`], an [`EngineSpec`]
//! (`random`, `easy`, `medium`, `hard`, `max`, `mcts`), [`Limits`] and a stop
//! flag, reports a [`SearchInfo`] after each iteration and returns a
//! [`SearchReport`] with the best move in notation.
//!
//! Typed code uses [`search_record`] / [`search_setup`] for any game that
//! implements [`Evaluate`].

mod alphabeta;
mod dynamic;
mod engine;
mod eval;
mod evaluate;
mod history;
mod iterative;
mod level;
mod limits;
mod mcts;
mod random_player;
mod report;
mod score;
mod setup;
mod shared;
mod signature;
mod spec;
mod tt;

pub use dynamic::{search, think};
pub use engine::{search_record, search_setup};
pub use evaluate::Evaluate;
pub use level::{Level, LevelProfile};
pub use limits::Limits;
pub use mcts::{search_mcts, MctsConfig, Playout};
pub use report::{SearchInfo, SearchReport};
pub use score::Score;
pub use setup::SearchSetup;
pub use signature::{bench_depth, bench_search};
pub use spec::{EngineKind, EngineSpec};
