//! What the generic searches need from a game beyond its rules: a static
//! evaluation and which moves are tactical.

use crate::solver;
use crate::tablebase::{Oracle, TableStats};
use crate::SearchSetup;
use gamut_core::Game;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// A game the computer can play: [`Game`] plus a heuristic evaluation.
///
/// This crate implements it for each of Gamut's games (module `eval`, one
/// file per game); the catalogue (`gamut-games`) requires it of every game
/// it lists, so a game cannot be offered without one.
pub trait Evaluate: Game {
    /// Whether quiescence search (tactical moves only, after the nominal
    /// depth) is worth it for this game.
    const QUIESCENCE: bool = false;

    /// How many plies a game between strong players usually lasts from the
    /// start: the time manager's estimate of the moves still to play under
    /// a clock (see [`crate::TimeBudget`]), unless
    /// [`Evaluate::expected_plies_left`] knows better.
    const TYPICAL_PLIES: u32 = 80;

    /// The value of this position (not finished: [`Game::outcome`] is
    /// `None`) for the side to move; about 100 is one pawn-like unit, and
    /// the value must stay well inside ±20,000.
    fn evaluate(&self) -> i32;

    /// How tactical a legal move is: 0 for a quiet move; positive for a
    /// capture, a shot or a threat, larger for moves to try first. Tactical
    /// moves are ordered early and are the moves quiescence searches.
    fn tactical_value(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A static guess of how good a quiet move is, to order quiet moves
    /// before the search has history for them (small: within about ±200).
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Nodes worth spending, at level `max`, on proving a win from this
    /// position with the proof-number solver before the alpha-beta runs
    /// (a proven and verified win is played at once). 0, the default:
    /// never. Games return a budget for small positions (6x6 Lines of
    /// Action, endings with few pieces).
    fn solver_nodes(&self) -> u64 {
        0
    }

    /// Try to prove a win for the side to move at the root of `setup`
    /// within `nodes` nodes (the budget of [`Evaluate::solver_nodes`]) and
    /// `deadline`, the proof verified by `verify_by` (a proof not verified
    /// by then is not used): the winning move in notation, the verified
    /// proof's longest line in plies (the win is certain after at most
    /// that many) and the nodes spent. The default proves it under the
    /// game's own rules; a game whose wins lie too far away for that
    /// proves them on a game of its own that ends earlier, each of whose
    /// wins is a real one (Chess Football: the match endings of
    /// [`crate::FootballEnding`]).
    fn proven_win(
        setup: &SearchSetup<Self>,
        nodes: u64,
        deadline: Option<Instant>,
        verify_by: Option<Instant>,
        stop: &AtomicBool,
    ) -> Option<(String, u32, u64)> {
        solver::proven_win(setup, nodes, deadline, verify_by, stop)
    }

    /// Solved endings for a search from this position at level `max`:
    /// exact results of positions with its material and the materials its
    /// captures lead to (see [`crate::tablebase`]), or `None`, the default:
    /// the game has no tables, or this position has too much material.
    /// Called once per search, at the root; missing tables are built here
    /// on first use when `may_build` (the search has time for it), else
    /// only tables built before are used.
    fn endings(&self, may_build: bool) -> Option<Arc<dyn Oracle<Self>>> {
        let _ = may_build;
        None
    }

    /// Build the endgame tables of `material` (in the game's own notation,
    /// such as Linear Pursuit's `KN v K`) for a game with `options`, with
    /// every table they need, and keep them for this process's searches
    /// ([`Evaluate::endings`]); the statistics of the tables kept for
    /// these options, smallest first and that of `material` last
    /// (`--endings` of `gamut solve`, `play` and `analyse`). The default:
    /// the game has no tables.
    fn build_endings(_options: &Self::Options, _material: &str) -> Result<Vec<TableStats>, String> {
        Err(format!("{} has no endgame tables", Self::TITLE))
    }

    /// The plies the game will most likely still last from this position,
    /// for a game whose length is known (a fixed number of moves), for the
    /// time manager. `None`, the default: estimated from
    /// [`Evaluate::TYPICAL_PLIES`] and the plies played.
    fn expected_plies_left(&self) -> Option<u32> {
        None
    }
}
