//! A fixed-capacity move list on the stack, filled by move generators.

/// The most moves any Gamut position can have (with a wide margin: the
/// largest known count is well under half of it).
pub const MAX_MOVES: usize = 256;

/// Fixed-capacity list of moves, written by [`crate::Game::legal_moves`]
/// without allocating.
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;
