//! Game-independent search (alpha-beta, MCTS), per-game evaluation, difficulty levels.
