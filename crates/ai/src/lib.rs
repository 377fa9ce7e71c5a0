//! Game-independent search (alpha-beta, MCTS), per-game evaluation,
//! difficulty levels.
//!
//! The entry point for games handled by name is [`search`] (or the simpler
//! [`think`]): it takes a [`gamut_core::DynMatch`], an [`EngineSpec`]
//! (`random`, `easy`, `medium`, `hard`, `max`, `mcts`), [`Limits`] and a stop
//! flag, reports a [`SearchInfo`] after each iteration and returns a
//! [`SearchReport`] with the best move in notation.

mod dynamic;
mod level;
mod limits;
mod random_player;
mod report;
mod score;
mod spec;

pub use dynamic::{search, think};
pub use level::Level;
pub use limits::Limits;
pub use report::{SearchInfo, SearchReport};
pub use score::Score;
pub use spec::{EngineKind, EngineSpec};
