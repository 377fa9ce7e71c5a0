//! The Monte-Carlo tree search engine with a solver (MCTS-Solver,
//! Winands, Björnsson & Saito): UCT selection, expansion on the second
//! visit, leaves valued by the static evaluation (squashed to a winning
//! chance) or by a random playout, and proven wins and losses propagated
//! up the tree so that solved lines are played perfectly.

use crate::evaluate::Evaluate;
use crate::score::Score;
use crate::setup::SearchSetup;
use crate::{Limits, SearchInfo, SearchReport};
use gamut_core::{MoveList, Outcome, Player};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a new leaf is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// The static evaluation, squashed to a winning chance.
    Evaluation,
    /// Random moves to the end (at most this many plies, then the
    /// evaluation).
    Random(u32),
}

/// Parameters of the MCTS engine.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// The UCT exploration constant.
    pub exploration: f64,
    /// How leaves are valued.
    pub playout: Playout,
    /// An evaluation of this many units is a winning chance of about 73%.
    pub eval_scale: f64,
    /// The tree stops growing at this many nodes (memory bound).
    pub max_nodes: usize,
    /// Seed of the playout random numbers (fixed: deterministic for a
    /// fixed number of simulations).
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.6,
            playout: Playout::Evaluation,
            eval_scale: 250.0,
            max_nodes: 2_000_000,
            seed: 0x5EED,
        }
    }
}

/// Simulations between two looks at the clock (a power of two).
const POLL_INTERVAL: u64 = 64;
/// Index meaning "no children yet".
const UNEXPANDED: u32 = u32::MAX;

/// A node of the tree: the position after `mv` (made by `mover`).
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    mover: Player,
    parent: u32,
    first_child: u32,
    children: u16,
    visits: u32,
    /// Sum of the rewards for `mover` (1 win, 0 loss).
    value: f64,
    /// A proven winner of the position, if solved.
    proven: Option<Player>,
    /// Plies to the end of the game along the proof.
    proof_plies: u32,
    /// A draw by the board or the game-level rules (not a proof).
    drawn: bool,
}

impl<M> Node<M> {
    /// A node not yet visited nor expanded, below `parent`.
    fn unvisited(mv: Option<M>, mover: Player, parent: u32) -> Node<M> {
        Node {
            mv,
            mover,
            parent,
            first_child: UNEXPANDED,
            children: 0,
            visits: 0,
            value: 0.0,
            proven: None,
            proof_plies: 0,
            drawn: false,
        }
    }
}

/// The MCTS search state.
struct Tree<'a, G: Evaluate> {
    setup: &'a SearchSetup<G>,
    config: MctsConfig,
    nodes: Vec<Node<G::Move>>,
    rng: SmallRng,
    /// Hashes of the game so far and of the current path.
    path: Vec<u64>,
    seldepth: u32,
}

/// Search `setup` (whose root is not finished) with MCTS within `limits`
/// until `stop`: `nodes` counts simulations; `depth` stops once a selection
/// reaches that depth. `on_info` is called after 256, 512, 1024, ...
/// simulations and at the end. Single-threaded; deterministic for a fixed
/// number of simulations.
pub fn search_mcts<G: Evaluate>(
    setup: &SearchSetup<G>,
    config: &MctsConfig,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    let start = Instant::now();
    let deadline = limits
        .movetime
        .map(|t| start + t.saturating_sub((t / 50).min(Duration::from_millis(20))));
    let mut tree = Tree::new(setup, *config);
    let mut simulations = 0u64;
    let mut next_report = 256u64;
    loop {
        tree.simulate();
        simulations += 1;
        if tree.nodes[0].proven.is_some() || limits.nodes.is_some_and(|n| simulations >= n) {
            break;
        }
        if limits.depth.is_some_and(|d| tree.seldepth >= d) {
            break;
        }
        if simulations & (POLL_INTERVAL - 1) == 0 {
            if stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if simulations >= next_report {
                next_report *= 2;
                on_info(&tree.info(simulations, start.elapsed()));
            }
        }
    }
    let info = tree.info(simulations, start.elapsed());
    on_info(&info);
    SearchReport {
        best: info.pv.first().cloned(),
        info,
    }
}

impl<'a, G: Evaluate> Tree<'a, G> {
    fn new(setup: &'a SearchSetup<G>, config: MctsConfig) -> Self {
        let root_mover = setup.root.side_to_move().other();
        let mut path = setup.history.clone();
        path.push(setup.root.hash());
        let mut tree = Tree {
            setup,
            config,
            nodes: vec![Node::unvisited(None, root_mover, UNEXPANDED)],
            rng: SmallRng::seed_from_u64(config.seed),
            path,
            seldepth: 0,
        };
        tree.expand(0, &setup.root);
        tree
    }

    /// Create the children of `node` (position `pos`), tactical moves
    /// first.
    fn expand(&mut self, node: usize, pos: &G) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut ordered: Vec<(i32, G::Move)> =
            moves.iter().map(|&m| (pos.tactical_value(m), m)).collect();
        ordered.sort_by_key(|&(t, _)| std::cmp::Reverse(t));
        let first = self.nodes.len() as u32;
        let mover = pos.side_to_move();
        for (_, mv) in ordered {
            self.nodes
                .push(Node::unvisited(Some(mv), mover, node as u32));
        }
        self.nodes[node].first_child = first;
        self.nodes[node].children = moves.len() as u16;
    }

    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        if n.first_child == UNEXPANDED {
            return 0..0;
        }
        n.first_child as usize..n.first_child as usize + usize::from(n.children)
    }

    /// One simulation: select, expand, value, back up.
    fn simulate(&mut self) {
        let mut pos = self.setup.root.clone();
        let mut node = 0usize;
        let base = self.path.len();
        let mut depth = 0u32;
        // Selection.
        while self.nodes[node].first_child != UNEXPANDED {
            node = self.select(node, pos.side_to_move());
            pos.play(self.nodes[node].mv.expect("children have moves"));
            self.path.push(pos.hash());
            depth += 1;
        }
        self.seldepth = self.seldepth.max(depth);
        // The leaf.
        let reward_first = if self.nodes[node].proven.is_some() || self.nodes[node].drawn {
            self.known_reward(node)
        } else if let Some(o) = pos.outcome() {
            self.finish(node, o)
        } else if self.drawn_by_rule(&pos, depth) {
            self.nodes[node].drawn = true;
            0.5
        } else {
            if self.nodes[node].visits >= 1 && self.nodes.len() < self.config.max_nodes {
                self.expand(node, &pos);
            }
            self.playout(pos, depth)
        };
        self.path.truncate(base);
        self.backup(node, reward_first);
    }

    /// The reward (for the first player) of a solved or drawn leaf.
    fn known_reward(&self, node: usize) -> f64 {
        match self.nodes[node].proven {
            Some(Player::First) => 1.0,
            Some(Player::Second) => 0.0,
            None => 0.5,
        }
    }

    /// Mark a finished leaf.
    fn finish(&mut self, node: usize, outcome: Outcome) -> f64 {
        match outcome.winner {
            Some(w) => {
                self.nodes[node].proven = Some(w);
                self.nodes[node].proof_plies = 0;
            }
            None => self.nodes[node].drawn = true,
        }
        self.known_reward(node)
    }

    fn drawn_by_rule(&self, pos: &G, depth: u32) -> bool {
        let (&hash, before) = self.path.split_last().expect("the path is never empty");
        (self.setup.repetition && before.contains(&hash)) || self.setup.over_move_limit(pos, depth)
    }

    /// UCT choice among the children of `node` (whose side to move is
    /// `side`), preferring proven wins and avoiding proven losses.
    fn select(&mut self, node: usize, side: Player) -> usize {
        let range = self.children(node);
        let log_n = f64::from(self.nodes[node].visits.max(1)).ln();
        let mut best = range.start;
        let mut best_value = f64::NEG_INFINITY;
        for c in range {
            let child = &self.nodes[c];
            let value = match child.proven {
                Some(w) if w == side => return c,
                Some(_) => -1e9,
                None if child.visits == 0 => 1e9,
                None => {
                    let n = f64::from(child.visits);
                    child.value / n + self.config.exploration * (log_n / n).sqrt()
                }
            };
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// The value of a new leaf for the first player.
    fn playout(&mut self, mut pos: G, depth: u32) -> f64 {
        if let Playout::Random(max_plies) = self.config.playout {
            let mut moves = MoveList::new();
            for ply in 0..max_plies {
                if let Some(o) = pos.outcome() {
                    return o.score_for(Player::First);
                }
                if self.setup.over_move_limit(&pos, depth + ply) {
                    return 0.5;
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                match moves.choose(&mut self.rng) {
                    Some(&m) => pos.play(m),
                    None => return 0.5,
                }
            }
            if let Some(o) = pos.outcome() {
                return o.score_for(Player::First);
            }
        }
        let chance = 1.0 / (1.0 + (-f64::from(pos.evaluate()) / self.config.eval_scale).exp());
        if pos.side_to_move() == Player::First {
            chance
        } else {
            1.0 - chance
        }
    }

    /// Add the simulation's result along the path and propagate proofs.
    fn backup(&mut self, leaf: usize, reward_first: f64) {
        let mut node = leaf;
        let mut proving = self.nodes[leaf].proven.is_some();
        loop {
            let n = &mut self.nodes[node];
            n.visits += 1;
            n.value += if n.mover == Player::First {
                reward_first
            } else {
                1.0 - reward_first
            };
            let parent = n.parent;
            if parent == UNEXPANDED {
                break;
            }
            if proving {
                proving = self.prove(parent as usize);
            }
            node = parent as usize;
        }
    }

    /// Try to solve `node` from its children; `true` if it is now proven.
    fn prove(&mut self, node: usize) -> bool {
        if self.nodes[node].proven.is_some() {
            return true;
        }
        let range = self.children(node);
        let Some(side) = range.clone().next().map(|c| self.nodes[c].mover) else {
            return false;
        };
        let mut fastest_win = None;
        let mut all_lost = true;
        let mut slowest_loss = 0;
        for c in range {
            let child = &self.nodes[c];
            match child.proven {
                Some(w) if w == side => {
                    fastest_win = Some(
                        fastest_win.map_or(child.proof_plies, |p: u32| p.min(child.proof_plies)),
                    );
                }
                Some(_) => slowest_loss = slowest_loss.max(child.proof_plies),
                None => all_lost = false,
            }
        }
        let n = &mut self.nodes[node];
        if let Some(plies) = fastest_win {
            n.proven = Some(side);
            n.proof_plies = plies + 1;
            true
        } else if all_lost {
            n.proven = Some(side.other());
            n.proof_plies = slowest_loss + 1;
            true
        } else {
            false
        }
    }

    /// The child of `node` to play: a proven win, else the most visited
    /// child that is not a proven loss.
    fn best_child(&self, node: usize) -> Option<usize> {
        let range = self.children(node);
        let side = self.nodes.get(range.start)?.mover;
        let key = |c: &usize| {
            let n = &self.nodes[*c];
            match n.proven {
                Some(w) if w == side => (2, u64::MAX - u64::from(n.proof_plies)),
                Some(_) => (0, u64::from(n.proof_plies)),
                None => (1, u64::from(n.visits)),
            }
        };
        range.max_by_key(key)
    }

    /// Progress: the most visited line and the root's value.
    fn info(&self, simulations: u64, time: Duration) -> SearchInfo {
        let mut pos = self.setup.root.clone();
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(c) = self.best_child(node) {
            if self.nodes[c].visits == 0 && self.nodes[c].proven.is_none() {
                break;
            }
            let mv = self.nodes[c].mv.expect("children have moves");
            pv.push(pos.move_text(mv));
            pos.play(mv);
            node = c;
        }
        let root = &self.nodes[0];
        let side = self.setup.root.side_to_move();
        let score = match root.proven {
            Some(w) if w == side => Score::WinIn(root.proof_plies),
            Some(_) => Score::LossIn(root.proof_plies),
            None => {
                let best = self.best_child(0).map(|c| &self.nodes[c]);
                let chance = best.map_or(0.5, |b| b.value / f64::from(b.visits.max(1)));
                let chance = chance.clamp(0.001, 0.999);
                Score::Value(
                    (self.config.eval_scale * (chance / (1.0 - chance)).ln()).round() as i32,
                )
            }
        };
        SearchInfo {
            depth: pv.len() as u32,
            seldepth: self.seldepth,
            score,
            nodes: simulations,
            time,
            pv,
            more_lines: Vec::new(),
        }
    }
}
