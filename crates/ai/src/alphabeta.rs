//! One thread of the alpha-beta search: negamax with principal variation
//! search, a shared transposition table, move ordering (TT move, tactical
//! moves, killers, history), late-move reductions, reverse futility
//! pruning, quiescence on tactical moves, mate-distance pruning and draws
//! by repetition and by the move limit. For multi-PV the root can leave
//! moves out (the first moves of the better lines).

use crate::evaluate::Evaluate;
use crate::history::{History, MAX_PLY};
use crate::score::{INFINITE, MATE, MATE_BOUND};
use crate::setup::SearchSetup;
use crate::shared::Shared;
use crate::tablebase::TableValue;
use crate::tt::{Bound, Entry};
use arrayvec::ArrayVec;
use gamut_core::{MoveList, Outcome, Player, MAX_MOVES};
use std::sync::atomic::Ordering;

/// Nodes between two looks at the clock and the shared counters.
const POLL_INTERVAL: u64 = 1024;
/// Quiescence plies at most.
const MAX_QUIESCENCE: usize = 12;
/// Slots of the repetition pre-filter (counts of path hashes).
const FILTER_SLOTS: usize = 1 << 12;

/// Deterministic evaluation noise (a level's deliberate weakness): the same
/// position always gets the same offset within one search.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Noise {
    /// Offsets are within ±this.
    pub amplitude: i32,
    /// Varies the offsets between searches.
    pub seed: u64,
}

impl Noise {
    fn offset(self, hash: u64) -> i32 {
        if self.amplitude == 0 {
            return 0;
        }
        let x = (hash ^ self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((x >> 33) % (2 * self.amplitude as u64 + 1)) as i32 - self.amplitude
    }
}

/// The principal variation below each ply (triangular table).
type Line<M> = ArrayVec<M, MAX_PLY>;

/// The search state of one thread.
pub(crate) struct Searcher<'a, G: Evaluate> {
    shared: &'a Shared<'a>,
    setup: &'a SearchSetup<G>,
    noise: Noise,
    /// How much worse than even a draw is for the side to move at the root
    /// (and better for its opponent).
    contempt: i32,
    history: History<G::Move>,
    /// Hashes of the game so far and of the current search path.
    path: Vec<u64>,
    /// How many `path` entries fall in each slot (skip most scans).
    filter: Vec<u16>,
    /// Nodes since the last flush to the shared counter.
    unflushed: u64,
    /// When to flush next.
    next_poll: u64,
    /// Whether this thread saw the stop.
    aborted: bool,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    pv: Vec<Line<G::Move>>,
    reductions: Vec<[u8; 64]>,
    /// Root moves the root search leaves out (multi-PV); usually empty.
    excluded: Vec<G::Move>,
}

impl<'a, G: Evaluate> Searcher<'a, G> {
    /// A thread's searcher over `setup`.
    pub fn new(
        shared: &'a Shared<'a>,
        setup: &'a SearchSetup<G>,
        noise: Noise,
        contempt: i32,
    ) -> Self {
        let mut s = Searcher {
            shared,
            setup,
            noise,
            contempt,
            history: History::new(),
            path: Vec::with_capacity(setup.history.len() + MAX_PLY + 2),
            filter: vec![0; FILTER_SLOTS],
            unflushed: 0,
            next_poll: 1,
            aborted: false,
            seldepth: 0,
            pv: vec![Line::new(); MAX_PLY + 1],
            reductions: (0..64)
                .map(|d| {
                    let mut row = [0u8; 64];
                    for (i, r) in row.iter_mut().enumerate().skip(1) {
                        if d > 0 {
                            *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.2) as u8;
                        }
                    }
                    row
                })
                .collect(),
            excluded: Vec::new(),
        };
        for &h in &setup.history {
            s.push(h);
        }
        s.push(setup.root.hash());
        s.next_poll = s.poll_interval();
        s
    }

    /// Whether this thread stopped because of the limits or the stop flag.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The principal variation of the last root search.
    pub fn root_pv(&self) -> &[G::Move] {
        &self.pv[0]
    }

    /// Nodes counted by every thread so far (flushed batches).
    pub fn shared_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> std::time::Duration {
        self.shared.start.elapsed()
    }

    /// What this thread searches.
    pub fn setup(&self) -> &'a SearchSetup<G> {
        self.setup
    }

    /// Nodes of this thread not yet added to the shared counter.
    pub fn unflushed(&self) -> u64 {
        self.unflushed
    }

    /// Leave `mv` out of the next root searches (multi-PV: it starts a
    /// better line), until [`Searcher::include_all`].
    pub fn exclude_root_move(&mut self, mv: G::Move) {
        self.excluded.push(mv);
    }

    /// Search every root move again.
    pub fn include_all(&mut self) {
        self.excluded.clear();
    }

    /// Start an iteration (resets the selective depth).
    pub fn new_iteration(&mut self) {
        self.seldepth = 0;
    }

    fn poll_interval(&self) -> u64 {
        POLL_INTERVAL.min(self.shared.nodes_left()).max(1)
    }

    fn push(&mut self, hash: u64) {
        self.path.push(hash);
        self.filter[hash as usize & (FILTER_SLOTS - 1)] += 1;
    }

    fn pop(&mut self) {
        let hash = self.path.pop().expect("the path is never empty");
        self.filter[hash as usize & (FILTER_SLOTS - 1)] -= 1;
    }

    /// Whether the current position (last on the path) occurred before.
    fn repeated(&self) -> bool {
        let (&hash, before) = self.path.split_last().expect("the path is never empty");
        self.filter[hash as usize & (FILTER_SLOTS - 1)] > 1
            && before.iter().rev().any(|&h| h == hash)
    }

    /// Count a node; `true` if the search must stop.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.unflushed += 1;
        if self.unflushed >= self.next_poll {
            self.flush();
        }
        self.aborted
    }

    /// Add this thread's nodes to the shared counter and check the limits.
    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
        if self.shared.must_stop() {
            self.aborted = true;
        }
        self.next_poll = self.poll_interval();
    }

    fn evaluate(&self, pos: &G) -> i32 {
        (pos.evaluate() + self.noise.offset(pos.hash())).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The score of a draw for `side`: below even for the root's side to
    /// move when the level has contempt, above even for its opponent.
    fn draw_score(&self, side: Player) -> i32 {
        if side == self.setup.root.side_to_move() {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Score of a finished position for its side to move.
    fn outcome_score(&self, outcome: Outcome, side: Player, ply: usize) -> i32 {
        match outcome.winner {
            None => self.draw_score(side),
            Some(w) if w == side => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The game-level draw rules at a non-root node.
    fn drawn_by_rule(&self, pos: &G, ply: usize) -> bool {
        (self.setup.repetition && self.repeated()) || self.setup.over_move_limit(pos, ply as u32)
    }

    /// The score of `pos`, `ply` plies below the root, if the setup's
    /// oracle (endgame tables, solved positions) knows its value: a mate
    /// score for a win or a loss that ends within the move limit, a draw
    /// otherwise.
    fn known_score(&self, pos: &G, ply: usize) -> Option<i32> {
        let oracle = self.setup.endings.as_ref()?;
        let left = self.setup.plies_left(pos, ply as u32);
        let value = oracle.probe(pos, left)?.within(left);
        let plies = |d: u16| (ply + usize::from(d)).min((MATE - MATE_BOUND) as usize) as i32;
        Some(match value {
            TableValue::Win(d) => MATE - plies(d),
            TableValue::Loss(d) => -(MATE - plies(d)),
            TableValue::Draw => self.draw_score(pos.side_to_move()),
        })
    }

    fn to_tt(score: i32, ply: usize) -> i32 {
        if score >= MATE_BOUND {
            score + ply as i32
        } else if score <= -MATE_BOUND {
            score - ply as i32
        } else {
            score
        }
    }

    fn from_tt(score: i32, ply: usize) -> i32 {
        if score >= MATE_BOUND {
            score - ply as i32
        } else if score <= -MATE_BOUND {
            score + ply as i32
        } else {
            score
        }
    }

    /// Search the root to `depth` within (`alpha`, `beta`).
    pub fn search_root(&mut self, depth: i32, alpha: i32, beta: i32) -> i32 {
        let root = self.setup.root.clone();
        self.negamax(&root, depth, 0, alpha, beta)
    }

    /// The score of `child` for the side that moved into it, searched
    /// within (`alpha`, `beta`) of that side: negated when the turn passed
    /// to the other side, as is when the same side moves again (placement
    /// runs, forced passes).
    fn child_score(
        &mut self,
        child: &G,
        same_side: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if same_side {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    /// Negamax alpha-beta with PVS. Returns 0 (to be ignored) when the
    /// search was stopped.
    fn negamax(&mut self, pos: &G, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = pos.side_to_move();
        if let Some(o) = pos.outcome() {
            return self.outcome_score(o, side, ply);
        }
        if ply > 0 && self.drawn_by_rule(pos, ply) {
            return self.draw_score(side);
        }
        if ply > 0 {
            if let Some(score) = self.known_score(pos, ply) {
                return score;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        if depth <= 0 {
            return if G::QUIESCENCE {
                self.quiescence(pos, ply, alpha, beta, 0)
            } else {
                self.evaluate(pos)
            };
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && i32::from(e.depth) >= depth {
                let s = Self::from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let eval = match entry {
            Some(e) => e.eval,
            None => self.evaluate(pos),
        };
        // Reverse futility pruning: far above beta near the leaves.
        if !pv_node && depth <= 3 && beta.abs() < MATE_BOUND && eval - 90 * depth >= beta {
            return eval;
        }

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut order = [0i32; MAX_MOVES];
        let tt_index = entry
            .and_then(|e| e.move_index)
            .map(usize::from)
            .filter(|&i| i < moves.len());
        let killers = self.history.killers(ply);
        let mut tactical = [false; MAX_MOVES];
        // Generation index of each move (the TT stores moves by index).
        let mut generated = [0u16; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            generated[i] = i as u16;
            let t = pos.tactical_value(mv);
            tactical[i] = t > 0;
            order[i] = if Some(i) == tt_index {
                1 << 30
            } else if t > 0 {
                (1 << 24) + t.min(1 << 20)
            } else if killers[0] == Some(mv) {
                1 << 22
            } else if killers[1] == Some(mv) {
                (1 << 22) - 1
            } else {
                self.history.score(side, &mv) + pos.order_hint(mv)
            };
        }
        // A root that leaves moves out (multi-PV) searches, and stores in
        // the table, only part of the position: its score is not the
        // position's.
        let restricted = ply == 0 && !self.excluded.is_empty();
        if restricted {
            self.drop_excluded(&mut moves, &mut order, &mut tactical, &mut generated);
        }

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut quiets_tried: ArrayVec<G::Move, 64> = ArrayVec::new();
        for n in 0..moves.len() {
            // Selection sort: bring the best-ordered remaining move to n.
            let mut pick = n;
            for j in n + 1..moves.len() {
                if order[j] > order[pick] {
                    pick = j;
                }
            }
            if pick != n {
                order.swap(n, pick);
                tactical.swap(n, pick);
                generated.swap(n, pick);
                moves.swap(n, pick);
            }
            let mv = moves[n];
            let quiet = !tactical[n];
            let mut child = pos.clone();
            child.play(mv);
            self.push(child.hash());
            let same = child.side_to_move() == side;
            let score = if n == 0 {
                self.child_score(&child, same, depth - 1, ply + 1, alpha, beta)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && n >= 3 && order[n] < (1 << 22) - 1 {
                    r = i32::from(self.reductions[depth.min(63) as usize][n.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let mut s =
                    self.child_score(&child, same, depth - 1 - r, ply + 1, alpha, alpha + 1);
                if s > alpha && r > 0 && !self.aborted {
                    s = self.child_score(&child, same, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = self.child_score(&child, same, depth - 1, ply + 1, alpha, beta);
                }
                s
            };
            self.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_index = Some(n);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend(tail[0].iter().take(MAX_PLY - 1).copied());
                    if alpha >= beta {
                        if quiet {
                            self.history.reward(side, ply, depth, mv, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(mv);
            }
        }
        if restricted {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                score: Self::to_tt(best, ply),
                eval,
                depth: depth.clamp(0, 255) as u8,
                move_index: best_index
                    .map(|n| generated[n])
                    .filter(|&i| i < 255)
                    .map(|i| i as u8),
                bound,
            },
        );
        best
    }

    /// Remove the excluded root moves from `moves`, keeping each kept
    /// move's ordering, tactical flag and generation index with it.
    fn drop_excluded(
        &self,
        moves: &mut MoveList<G::Move>,
        order: &mut [i32; MAX_MOVES],
        tactical: &mut [bool; MAX_MOVES],
        generated: &mut [u16; MAX_MOVES],
    ) {
        let mut kept = 0;
        for i in 0..moves.len() {
            if !self.excluded.contains(&moves[i]) {
                moves[kept] = moves[i];
                order[kept] = order[i];
                tactical[kept] = tactical[i];
                generated[kept] = generated[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Quiescence: stand pat or try the tactical moves.
    fn quiescence(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32, qply: usize) -> i32 {
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.outcome() {
            return self.outcome_score(o, pos.side_to_move(), ply);
        }
        let stand = self.evaluate(pos);
        if stand >= beta || qply >= MAX_QUIESCENCE || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut tactical: ArrayVec<(i32, G::Move), MAX_MOVES> = moves
            .iter()
            .filter_map(|&m| {
                let t = pos.tactical_value(m);
                (t > 0).then_some((t, m))
            })
            .collect();
        tactical.sort_unstable_by_key(|&(t, _)| std::cmp::Reverse(t));
        for (_, mv) in tactical {
            let mut child = pos.clone();
            child.play(mv);
            let score = if child.side_to_move() == pos.side_to_move() {
                self.quiescence(&child, ply + 1, alpha, beta, qply + 1)
            } else {
                -self.quiescence(&child, ply + 1, -beta, -alpha, qply + 1)
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
