//! Game-independent search (alpha-beta, MCTS), per-game evaluation,
//! difficulty levels.

mod dynamic;
mod level;

pub use dynamic::think;
pub use level::Level;
