//! Linear Pursuit rules engine (board as data).
