//! The verifier: an independent check of a claimed win, by walking the
//! strategy move by move under the game's own rules.
//!
//! It uses nothing of the solver but the moves a [`Strategy`] proposes
//! for the winning side: at the winner's turns one proposed move must
//! lead to a verified position, at the loser's turns every legal move
//! must. A line that ends in anything but the winner's board win, that
//! reaches the move limit, or that repeats a position (of the path, or of
//! the game before the root under the repetition rule) fails. Verified
//! positions are remembered (keyed by position and, under a move limit,
//! the plies left) and never re-verified; failures are not remembered
//! (they may depend on the path). Because a position is only remembered
//! once its whole subtree is verified, and a position on the current path
//! is never yet remembered, every line of the verified strategy visits
//! positions in strictly decreasing order of verification: no line
//! repeats a position, so the strategy wins under any repetition rule.

use crate::setup::SearchSetup;
use gamut_core::{Game, MoveList, Player};
use std::collections::HashMap;
use std::fmt;

/// Proposes the winner's moves to the verifier.
pub trait Strategy<G: Game> {
    /// Candidate moves for the winner in `pos` (`ply` plies below the
    /// root; `path` holds the hashes of the positions from the root to
    /// `pos`, `pos` last), best first. The verifier tries them in order.
    fn moves(&mut self, pos: &G, ply: u32, path: &[u64], out: &mut Vec<G::Move>);
}

impl<G: Game, F: FnMut(&G, u32, &[u64], &mut Vec<G::Move>)> Strategy<G> for F {
    fn moves(&mut self, pos: &G, ply: u32, path: &[u64], out: &mut Vec<G::Move>) {
        self(pos, ply, path, out);
    }
}

/// A verified win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The winner's verified first move, in notation, when the winner is
    /// to move at the root.
    pub first_move: Option<String>,
    /// Distinct positions of the verified strategy.
    pub positions: u64,
    /// The longest line of the strategy, in plies (an upper bound on the
    /// plies the win takes against any defence).
    pub depth: u32,
}

/// Why a claimed win was not verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// A defence the strategy does not beat: the line (in notation) and
    /// what happens at its end.
    Refuted {
        /// The moves from the root.
        line: Vec<String>,
        /// What ends the line: not a win, the move limit, a repetition, no
        /// move proposed.
        why: &'static str,
    },
    /// More positions than the budget allows.
    OutOfBudget(u64),
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Refuted { line, why } => {
                write!(f, "refuted after '{}': {why}", line.join(" "))
            }
            VerifyError::OutOfBudget(n) => write!(f, "not finished within {n} positions"),
        }
    }
}

impl std::error::Error for VerifyError {}

struct Walk<'a, G: Game> {
    setup: &'a SearchSetup<G>,
    winner: Player,
    strategy: &'a mut dyn Strategy<G>,
    /// Hashes: the game before the root (repetition rule), then the path.
    path: Vec<u64>,
    base: usize,
    cycles: bool,
    verified: HashMap<u64, u32>,
    budget: u64,
    line: Vec<String>,
    first_move: Option<String>,
}

/// Check that `winner` wins from `setup`'s root by following `strategy`,
/// visiting at most `budget` distinct positions.
pub fn verify_win<G: Game>(
    setup: &SearchSetup<G>,
    winner: Player,
    strategy: &mut dyn Strategy<G>,
    budget: u64,
) -> Result<Verified, VerifyError> {
    let mut path = Vec::new();
    if setup.repetition {
        path.extend_from_slice(&setup.history);
    }
    let base = path.len();
    let mut walk = Walk {
        setup,
        winner,
        strategy,
        path,
        base,
        cycles: setup.repetition || setup.move_limit.is_none(),
        verified: HashMap::new(),
        budget,
        line: Vec::new(),
        first_move: None,
    };
    let root = setup.root.clone();
    let depth = walk.win(&root, 0)?;
    Ok(Verified {
        first_move: walk.first_move,
        positions: walk.verified.len() as u64,
        depth,
    })
}

impl<G: Game> Walk<'_, G> {
    fn refuted(&self, why: &'static str) -> VerifyError {
        VerifyError::Refuted {
            line: self.line.clone(),
            why,
        }
    }

    fn key(&self, pos: &G, ply: u32) -> u64 {
        let left = self.setup.move_limit.map_or(0, |limit| {
            let played = pos
                .limit_plies()
                .unwrap_or(self.setup.plies_played.saturating_add(ply));
            limit.saturating_sub(played) + 1
        });
        pos.hash() ^ u64::from(left).wrapping_mul(0xA24B_AED4_963E_E407)
    }

    /// The length of the longest line to the win from `pos`.
    fn win(&mut self, pos: &G, ply: u32) -> Result<u32, VerifyError> {
        if let Some(o) = pos.outcome() {
            return if o.winner == Some(self.winner) {
                Ok(0)
            } else {
                Err(self.refuted("the game ends without the win"))
            };
        }
        if ply > 0 {
            if self.setup.over_move_limit(pos, ply) {
                return Err(self.refuted("the move limit draws"));
            }
            if self.cycles && self.path[..].contains(&pos.hash()) {
                return Err(self.refuted("a position repeats"));
            }
        }
        let key = self.key(pos, ply);
        if let Some(&d) = self.verified.get(&key) {
            return Ok(d);
        }
        if self.verified.len() as u64 >= self.budget {
            return Err(VerifyError::OutOfBudget(self.budget));
        }
        self.path.push(pos.hash());
        let result = if pos.side_to_move() == self.winner {
            self.attack(pos, ply)
        } else {
            self.defend(pos, ply)
        };
        self.path.pop();
        let depth = result?;
        self.verified.insert(key, depth);
        Ok(depth)
    }

    fn attack(&mut self, pos: &G, ply: u32) -> Result<u32, VerifyError> {
        let mut candidates = Vec::new();
        let path_from_root = self.path[self.base..].to_vec();
        self.strategy
            .moves(pos, ply, &path_from_root, &mut candidates);
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let mut last = self.refuted("no winning move proposed");
        for mv in candidates {
            if !legal.contains(&mv) {
                last = self.refuted("an illegal move proposed");
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.line.push(pos.move_text(mv));
            let r = self.win(&child, ply + 1);
            self.line.pop();
            match r {
                Ok(d) => {
                    if ply == 0 {
                        self.first_move = Some(pos.move_text(mv));
                    }
                    return Ok(d + 1);
                }
                Err(e @ VerifyError::OutOfBudget(_)) => return Err(e),
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn defend(&mut self, pos: &G, ply: u32) -> Result<u32, VerifyError> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut depth = 0;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            self.line.push(pos.move_text(mv));
            let r = self.win(&child, ply + 1);
            self.line.pop();
            depth = depth.max(r? + 1);
        }
        Ok(depth)
    }
}
