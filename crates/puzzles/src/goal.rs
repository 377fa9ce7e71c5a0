//! What each game's puzzles are about: the goal the solver reaches (a
//! connection, the King's capture, a goal scored), which positions may
//! become puzzles, and the themes read off a solved line.
//!
//! [`PuzzleGame`] is implemented for the three engines, and
//! [`with_game`] runs a [`PuzzleVisitor`] with the engine of a
//! [`GameKind`]: its `match` has no catch-all arm, so a game added to the
//! catalogue without puzzles does not compile here.

use gamut_core::{EndReason, Game, GameOptions, Player};
use gamut_football::{Football, Phase};
use gamut_games::{CatalogueGame, GameKind};
use gamut_loa::Loa;
use gamut_pursuit::Pursuit;

/// A game with puzzles.
pub trait PuzzleGame: CatalogueGame {
    /// The length theme's prefix: `connect-in` gives `connect-in-2`.
    const LENGTH_THEME: &'static str;
    /// Whether the proof-number solver (which proves game wins) also
    /// confirms a puzzle: true where the goal is winning the game.
    const GOAL_IS_WIN: bool;

    /// After a move from `before` to `after`: `Some(true)` if the solver
    /// (`solver`) has reached the goal, `Some(false)` if the puzzle is
    /// over without it (the opponent won or scored, or the game ended),
    /// `None` if play goes on.
    fn settle(before: &Self, after: &Self, solver: Player) -> Option<bool> {
        let _ = before;
        after.outcome().map(|o| o.winner == Some(solver))
    }

    /// Whether `pos` may be a puzzle's start with a line of at most
    /// `plies` plies (in play, not near the move limit).
    fn eligible(pos: &Self, options: &Self::Options, plies: u32) -> bool {
        if pos.outcome().is_some() || pos.placing() {
            return false;
        }
        match (options.move_limit(), pos.limit_plies()) {
            (Some(limit), Some(done)) => done + plies + 2 < limit,
            _ => true,
        }
    }

    /// The game's themes of a solved line (the length theme is added by
    /// the caller): `root` the start, `line` the moves.
    fn themes(root: &Self, line: &[String]) -> Vec<String>;
}

/// The solver's moves of a line (every other move from the first).
fn solver_moves(line: &[String]) -> impl Iterator<Item = &String> {
    line.iter().step_by(2)
}

impl PuzzleGame for Loa {
    const LENGTH_THEME: &'static str = "connect-in";
    const GOAL_IS_WIN: bool = true;

    fn themes(_root: &Self, line: &[String]) -> Vec<String> {
        let mut t = Vec::new();
        if solver_moves(line).any(|m| m.contains('x')) {
            t.push("capture".to_string());
        }
        if line.len() > 1 && line.iter().skip(1).step_by(2).any(|m| m.contains('x')) {
            t.push("under-fire".to_string());
        }
        t
    }
}

impl PuzzleGame for Pursuit {
    const LENGTH_THEME: &'static str = "win-in";
    const GOAL_IS_WIN: bool = true;

    fn eligible(pos: &Self, options: &Self::Options, plies: u32) -> bool {
        !pos.is_drawn()
            && pos.outcome().is_none()
            && !pos.placing()
            && options
                .move_limit()
                .is_none_or(|limit| pos.ply() + plies + 2 < limit)
    }

    fn themes(root: &Self, line: &[String]) -> Vec<String> {
        let mut t = Vec::new();
        // How the line ends: the King captured, or no legal moves left.
        let mut end = root.clone();
        for text in line {
            match end.parse_move(text) {
                Ok(m) => end.play(m),
                Err(_) => break,
            }
        }
        match end.outcome().map(|o| o.reason) {
            Some(EndReason::KingCaptured) => t.push("king-capture".to_string()),
            Some(EndReason::NoLegalMoves) => t.push("no-moves".to_string()),
            _ => {}
        }
        if line.len() > 1 {
            t.push("king-hunt".to_string());
        }
        let mine: Vec<&String> = solver_moves(line).collect();
        if mine.iter().any(|m| m.starts_with('e')) {
            t.push("enter".to_string());
        }
        if mine.len() > 1 && mine[..mine.len() - 1].iter().any(|m| m.contains('x')) {
            t.push("capture".to_string());
        }
        // The last move captures: along the circumference, or along an
        // inner line (a chord).
        let n = root.board().size() as u32;
        if let Some((a, b)) = mine.last().and_then(|m| m.split_once('x')) {
            if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                let d = a.abs_diff(b);
                let along = if d == 1 || d + 1 == n {
                    "circumference"
                } else {
                    "inner-line"
                };
                t.push(along.to_string());
            }
        }
        t
    }
}

impl PuzzleGame for Football {
    const LENGTH_THEME: &'static str = "goal-in";
    const GOAL_IS_WIN: bool = false;

    fn settle(before: &Self, after: &Self, solver: Player) -> Option<bool> {
        if after.score(solver) > before.score(solver) {
            return Some(true);
        }
        if after.score(solver.other()) > before.score(solver.other())
            || after.outcome().is_some()
            || after.half() != before.half()
        {
            return Some(false);
        }
        None
    }

    fn eligible(pos: &Self, _options: &Self::Options, plies: u32) -> bool {
        pos.phase() == Phase::Play && u32::from(pos.actions_left()) > plies + 1
    }

    fn themes(_root: &Self, line: &[String]) -> Vec<String> {
        let mut t = Vec::new();
        let mine: Vec<&String> = solver_moves(line).collect();
        if let Some(last) = mine.last() {
            t.push(
                if last.contains('>') {
                    "shot"
                } else {
                    "dribble"
                }
                .to_string(),
            );
        }
        if mine.len() > 1 && mine[..mine.len() - 1].iter().any(|m| m.contains('>')) {
            t.push("through-pass".to_string());
        }
        if mine.iter().any(|m| m.contains('x')) {
            t.push("tackle".to_string());
        }
        t
    }
}

/// An operation run with the engine of a game that has puzzles.
pub trait PuzzleVisitor {
    /// What it returns.
    type Output;
    /// Run it for `G`.
    fn visit<G: PuzzleGame>(self) -> Self::Output;
}

/// Run `visitor` with the engine of `kind`.
pub fn with_game<V: PuzzleVisitor>(kind: GameKind, visitor: V) -> V::Output {
    match kind {
        GameKind::Loa => visitor.visit::<Loa>(),
        GameKind::Pursuit => visitor.visit::<Pursuit>(),
        GameKind::Football => visitor.visit::<Football>(),
    }
}

/// The length theme of a line with `solver_moves` solver moves.
pub fn length_theme<G: PuzzleGame>(solver_moves: usize) -> String {
    format!("{}-{solver_moves}", G::LENGTH_THEME)
}
