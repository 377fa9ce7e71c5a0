//! The exhaustive bounded search that proves puzzles: does the solver
//! force the goal ([`crate::goal::PuzzleGame::settle`]) within `n` of its
//! own moves, against every defence?
//!
//! A plain AND/OR search with a table of what each position has been
//! proven to allow (the fewest moves known to win, the most known not to
//! win). It is exact within its horizon: "wins within n" is a proof, and
//! so is "does not win within n". Lines of at most seven plies from a
//! position without history cannot repeat a position three times, so the
//! repetition rule plays no part; positions near the move limit are not
//! used ([`crate::goal::PuzzleGame::eligible`]). Every move played counts
//! as a node; past the budget the search gives up ([`OutOfBudget`]).

use crate::goal::PuzzleGame;
use gamut_core::{MoveList, Player};
use std::collections::HashMap;

/// The search ran out of its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// What is known of a position (solver to move).
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The fewest solver moves known to force the goal (`u8::MAX`: none).
    win_within: u8,
    /// The most solver moves known not to be enough (0: none).
    no_win_within: u8,
}

/// What the root of a puzzle candidate is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootResult<M> {
    /// Exactly one move forces the goal within `n` solver moves, and no
    /// move forces it in fewer.
    Unique {
        /// Solver moves needed.
        n: u8,
        /// The winning move.
        best: M,
        /// Every other legal move with the reply that refutes it within
        /// `n` (`None`: the move fails at once, or, for `n` = 1, no reply
        /// ends the game against the solver at once: any reply refutes).
        others: Vec<(M, Option<M>)>,
    },
    /// Several moves force the goal within `n` solver moves (the fewest).
    Several {
        /// Solver moves needed.
        n: u8,
        /// How many moves do.
        count: usize,
    },
    /// No move forces the goal within the horizon.
    None,
}

/// The bounded prover for one solver (the side to move at the root).
pub struct Prover<G: PuzzleGame> {
    solver: Player,
    nodes: u64,
    budget: u64,
    known: HashMap<u64, Known>,
    _game: std::marker::PhantomData<G>,
}

impl<G: PuzzleGame> Prover<G> {
    /// A prover for `solver` that plays at most `budget` moves.
    pub fn new(solver: Player, budget: u64) -> Self {
        Prover {
            solver,
            nodes: 0,
            budget,
            known: HashMap::new(),
            _game: std::marker::PhantomData,
        }
    }

    /// Moves played so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn child(&mut self, pos: &G, mv: G::Move) -> Result<G, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let mut after = pos.clone();
        after.play(mv);
        Ok(after)
    }

    /// Whether the solver, to move in `pos`, forces the goal within `n`
    /// of its moves.
    pub fn wins(&mut self, pos: &G, n: u8) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = pos.hash();
        if let Some(k) = self.known.get(&key) {
            if k.win_within <= n {
                return Ok(true);
            }
            if k.no_win_within >= n {
                return Ok(false);
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut open = Vec::with_capacity(moves.len());
        let mut won = false;
        for &m in &moves {
            let after = self.child(pos, m)?;
            match G::settle(pos, &after, self.solver) {
                Some(true) => {
                    won = true;
                    break;
                }
                Some(false) => {}
                None => open.push(after),
            }
        }
        if !won && n > 1 {
            for after in &open {
                if self.refutation(after, n - 1)?.is_none() {
                    won = true;
                    break;
                }
            }
        }
        let entry = self.known.entry(key).or_insert(Known {
            win_within: u8::MAX,
            no_win_within: 0,
        });
        if won {
            entry.win_within = entry.win_within.min(n);
        } else {
            entry.no_win_within = entry.no_win_within.max(n);
        }
        Ok(won)
    }

    /// The opponent, to move in `pos`: a reply after which the solver does
    /// not force the goal within `n` moves (`Some(reply)`), or `None` if
    /// every reply loses.
    pub fn refutation(&mut self, pos: &G, n: u8) -> Result<Option<G::Move>, OutOfBudget> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut open = Vec::with_capacity(moves.len());
        for &d in &moves {
            let after = self.child(pos, d)?;
            match G::settle(pos, &after, self.solver) {
                Some(false) => return Ok(Some(d)),
                Some(true) => {}
                None => open.push((d, after)),
            }
        }
        for (d, after) in &open {
            if !self.wins(after, n)? {
                return Ok(Some(*d));
            }
        }
        Ok(None)
    }

    /// The fewest solver moves (up to `most`) that force the goal from
    /// `pos`, solver to move; `None` beyond `most`.
    pub fn distance(&mut self, pos: &G, most: u8) -> Result<Option<u8>, OutOfBudget> {
        for n in 1..=most {
            if self.wins(pos, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The root's moves that force the goal within `n` solver moves, and
    /// the others with their refutations.
    #[allow(clippy::type_complexity)]
    pub fn winners(
        &mut self,
        pos: &G,
        n: u8,
    ) -> Result<(Vec<G::Move>, Vec<(G::Move, Option<G::Move>)>), OutOfBudget> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut win = Vec::new();
        let mut others = Vec::new();
        for &m in &moves {
            let after = self.child(pos, m)?;
            match G::settle(pos, &after, self.solver) {
                Some(true) => win.push(m),
                Some(false) => others.push((m, None)),
                None if n == 1 => {
                    // Any reply refutes a move that does not reach the
                    // goal at once; one is stored only if it ends the
                    // puzzle against the solver (the opponent wins or
                    // scores at once).
                    let mut replies = MoveList::new();
                    after.legal_moves(&mut replies);
                    let mut punish = None;
                    for &r in &replies {
                        let next = self.child(&after, r)?;
                        if G::settle(&after, &next, self.solver) == Some(false) {
                            punish = Some(r);
                            break;
                        }
                    }
                    others.push((m, punish));
                }
                None => match self.refutation(&after, n - 1)? {
                    None => win.push(m),
                    Some(r) => others.push((m, Some(r))),
                },
            }
        }
        Ok((win, others))
    }

    /// Classify a root: the fewest solver moves (up to `most`) that force
    /// the goal, and whether one move alone does.
    pub fn root(&mut self, pos: &G, most: u8) -> Result<RootResult<G::Move>, OutOfBudget> {
        for n in 1..=most {
            // Cheap first: most positions have no forced goal at all.
            if !self.wins(pos, n)? {
                continue;
            }
            let (win, others) = self.winners(pos, n)?;
            return Ok(match win[..] {
                [best] => RootResult::Unique { n, best, others },
                _ => RootResult::Several {
                    n,
                    count: win.len(),
                },
            });
        }
        Ok(RootResult::None)
    }
}
