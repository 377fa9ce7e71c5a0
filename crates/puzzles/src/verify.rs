//! The verifier: re-prove a stored puzzle from its text alone. The first
//! move must force the goal by the stored proof kind and be the only move
//! that does in the fewest moves; every move of the line must be legal,
//! each later solver move unique, each reply the best defence (the solver
//! still needs all its remaining moves), and the last move must reach the
//! goal; every stored refutation must be legal and refute its move.

use crate::generate::solver_proves_win;
use crate::goal::{with_game, PuzzleGame, PuzzleVisitor};
use crate::puzzle::{Proof, Puzzle};
use crate::search::{OutOfBudget, Prover, RootResult};
use gamut_ai::{EngineSpec, Level, Limits, Solver};
use gamut_core::GameRecord;
use gamut_games::parse_options;
use std::sync::atomic::AtomicBool;
use thiserror::Error;

/// Why a puzzle failed verification.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{id}: {reason}")]
pub struct VerifyFailure {
    /// The puzzle's id.
    pub id: String,
    /// What is wrong.
    pub reason: String,
}

/// The verifier's budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyLimits {
    /// The bounded prover's nodes per puzzle.
    pub prover_nodes: u64,
    /// The proof-number solver's nodes per puzzle.
    pub solver_nodes: u64,
}

impl Default for VerifyLimits {
    fn default() -> Self {
        VerifyLimits {
            prover_nodes: 4_000_000,
            solver_nodes: 1_000_000,
        }
    }
}

/// Re-prove `puzzle`.
pub fn verify(puzzle: &Puzzle, limits: &VerifyLimits) -> Result<(), VerifyFailure> {
    with_game(puzzle.game, Verify { puzzle, limits }).map_err(|reason| VerifyFailure {
        id: puzzle.id.clone(),
        reason,
    })
}

struct Verify<'a> {
    puzzle: &'a Puzzle,
    limits: &'a VerifyLimits,
}

fn budget(_: OutOfBudget) -> String {
    "the prover's node budget ran out".to_string()
}

impl PuzzleVisitor for Verify<'_> {
    type Output = Result<(), String>;

    fn visit<G: PuzzleGame>(self) -> Result<(), String> {
        let Verify { puzzle, limits } = self;
        let options = parse_options::<G>(&puzzle.options).map_err(|e| e.to_string())?;
        let root = G::from_text(&options, &puzzle.position).map_err(|e| e.to_string())?;
        if puzzle.line.len().is_multiple_of(2) {
            return Err("the line does not end with the solver's move".into());
        }
        let n = puzzle.solver_moves();
        let n8 = u8::try_from(n).map_err(|_| "the line is too long".to_string())?;
        let solver = root.side_to_move();
        let first = root
            .parse_move(&puzzle.line[0])
            .map_err(|e| format!("first move {}: {e}", puzzle.line[0]))?;
        let mut prover = Prover::<G>::new(solver, limits.prover_nodes);
        match puzzle.proof {
            Proof::Proven => {
                match prover.root(&root, n8).map_err(budget)? {
                    RootResult::Unique { n: m, best, .. } if m == n8 && best == first => {}
                    RootResult::Unique { n: m, best, .. } => {
                        return Err(format!(
                            "the prover finds {} forcing the goal in {m}, not {} in {n}",
                            root.move_text(best),
                            puzzle.line[0]
                        ))
                    }
                    RootResult::Several { n: m, count } => {
                        return Err(format!("{count} moves force the goal in {m}: not unique"))
                    }
                    RootResult::None => {
                        return Err(format!("no move forces the goal in {n}"));
                    }
                }
                if G::GOAL_IS_WIN {
                    let mut dfpn = Solver::<G>::new(16);
                    if !solver_proves_win(&mut dfpn, &options, &root, limits.solver_nodes) {
                        return Err("the proof-number solver does not prove the win".into());
                    }
                }
            }
            Proof::Engine { nodes } => {
                let record = GameRecord::from_position(options.clone(), root.clone());
                let mut spec = EngineSpec::level(Level::Max);
                spec.seed = Some(0);
                let report = gamut_ai::search_record(
                    &record,
                    &spec,
                    &Limits::nodes(nodes),
                    &AtomicBool::new(false),
                    &mut |_| {},
                );
                if report.best.as_deref() != Some(puzzle.line[0].as_str()) {
                    return Err(format!(
                        "max at {nodes} nodes plays {}, not {}",
                        report.best.as_deref().unwrap_or("nothing"),
                        puzzle.line[0]
                    ));
                }
            }
        }
        // The line.
        let mut pos = root.clone();
        for (i, text) in puzzle.line.iter().enumerate() {
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("line move {} ({text}): {e}", i + 1))?;
            let left = u8::try_from(n - i / 2).map_err(|_| "the line is too long".to_string())?;
            if i % 2 == 0 && i > 0 && puzzle.proof == Proof::Proven && left > 1 {
                let (win, _) = prover.winners(&pos, left).map_err(budget)?;
                if win != [mv] {
                    return Err(format!(
                        "line move {} ({text}): {} moves force the goal here, not this one alone",
                        i + 1,
                        win.len()
                    ));
                }
            }
            let mut after = pos.clone();
            after.play(mv);
            let settled = G::settle(&pos, &after, solver);
            let last = i + 1 == puzzle.line.len();
            match (last, settled) {
                (true, Some(true)) => {}
                (true, _) => return Err(format!("the last move ({text}) does not reach the goal")),
                (false, None) => {}
                (false, Some(_)) => {
                    return Err(format!(
                        "line move {} ({text}) ends the puzzle early",
                        i + 1
                    ))
                }
            }
            if i % 2 == 1 && puzzle.proof == Proof::Proven {
                // A reply must be a best defence: the solver needs all
                // its remaining moves.
                let left = u8::try_from(n - i / 2 - 1).map_err(|_| "too long".to_string())?;
                if prover.wins(&after, left - 1).map_err(budget)? {
                    return Err(format!("reply {} ({text}) loses faster", i + 1));
                }
            }
            pos = after;
        }
        // The refutations.
        for (wrong, replies) in &puzzle.refutations {
            let m = root
                .parse_move(wrong)
                .map_err(|e| format!("refuted move {wrong}: {e}"))?;
            if m == first {
                return Err(format!("the solution {wrong} has a refutation"));
            }
            let mut after = root.clone();
            after.play(m);
            if G::settle(&root, &after, solver).is_some() {
                if replies.is_empty() {
                    continue;
                }
                return Err(format!(
                    "refuted move {wrong} ends the puzzle but has replies"
                ));
            }
            let mut before = after.clone();
            for r in replies {
                let rm = after
                    .parse_move(r)
                    .map_err(|e| format!("refutation {r} of {wrong}: {e}"))?;
                before = after.clone();
                after.play(rm);
            }
            if puzzle.proof == Proof::Proven && replies.len() == 1 && n > 1 {
                let refuted = match G::settle(&before, &after, solver) {
                    Some(escaped) => !escaped,
                    None => !prover.wins(&after, n8 - 1).map_err(budget)?,
                };
                if !refuted {
                    return Err(format!("{wrong} {} still wins in {n}", replies[0]));
                }
            }
        }
        Ok(())
    }
}
