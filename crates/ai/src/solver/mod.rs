//! A proof-number solver generic over [`Game`]: proves whether the side to
//! move wins, loses or draws, with the game's repetition and move-limit
//! rules, in bounded memory; checks every claimed win with an independent
//! verifier; saves and reloads its table so that long runs resume.
//!
//! # Algorithm
//!
//! Depth-first proof-number search (df-pn, Nagai) with the 1+ε threshold
//! trick (ε = 1/4) and leaves initialised by mobility (proof number 1 and
//! the number of moves as disproof number where the attacker moves, the
//! reverse where the defender does). Each search answers one binary
//! question, "does the *attacker* force a board win?": a board win for the
//! attacker proves a leaf; a draw, a loss, the move limit and a repetition
//! disprove it. [`Solver::solve`] asks it twice: first for the side to
//! move (win, or not win); if not, for the opponent (loss, or draw). The
//! table ([`Solver::new`], a fixed number of megabytes) holds proof and
//! disproof numbers per (position, attacker, plies left under a move
//! limit), in buckets of four slots; the slot with the least search work
//! behind it is replaced first.
//!
//! # Threads
//!
//! [`Solver::with_threads`] runs each pass on several threads by root
//! splitting (module `split`): after a short single-threaded probe the
//! root's children are shared out, each thread proves or disproves whole
//! children in its own table, and only solved children's values are
//! combined, by the one-thread rule. Measured on 6x6 Lines of Action
//! positions (`docs/solver.md`, Threads): on a quiet two-core machine two
//! threads take 0.56–0.59 of one thread's wall time where the work is the
//! same, and 0.21–0.31 where solving the children one by one also saves
//! nodes (a loss whose children are refuted separately; a win whose
//! child's own proof, unlike one thread's, is verified). Under heavy load
//! from other work the second thread added no throughput (two threads got
//! the CPU of one), and a win where the other thread's work is wasted
//! costs up to 1.2 times; so the default is one thread.
//!
//! # Soundness: repetition and the move limit
//!
//! - **The move limit** makes a position's value depend on the plies
//!   left, so under a limit the plies left are part of every key: two
//!   nodes with the same board and different plies left never share an
//!   entry. A line reaching the limit is a drawn leaf.
//! - **Repetition** is searched as "a position already on the path (or in
//!   the game before the root, under the repetition rule) is a draw". For
//!   a root without history this gives the same value as the real rule
//!   (a draw at the third occurrence): a win found never repeats a
//!   position at all, so it wins under any count; and a side that can
//!   force one return to a position can force the same cycle again (its
//!   strategy from the first occurrence still works with more history,
//!   which only adds draws for it), so it reaches the third occurrence.
//!   Without the repetition rule and without a move limit a cycle is
//!   still not a win (a win must end the game); without the rule but with
//!   a limit, positions on a cycle differ in plies left and are distinct
//!   nodes.
//! - **Graph-history interaction.** A disproof that rests on a repetition
//!   is only valid for the path it was found on. The search tracks, for
//!   each disproof, the shallowest path position whose repetition it
//!   relies on; a disproof relying on no position above its own node holds
//!   from any path and is stored, one relying on an ancestor is used by
//!   that ancestor's search only and never stored. Disproofs in the table
//!   are therefore facts, and so is a draw found from a root without
//!   history. At a root with history a disproof resting on that history
//!   is reported as unknown.
//! - **Proofs** are not taken on trust: a proof assembled from table
//!   entries may, after replacements, chain through a cycle. Every proven
//!   win or loss is checked by [`verify_win`], which replays the strategy
//!   under the game's rules (every defence, every repetition and the move
//!   limit) without the table's numbers; a proof it rejects is reported as
//!   unverified, not as a result.
//!
//! # Saved tables in play
//!
//! A table saved by [`Solver::save`] can be given to the alpha-beta
//! ([`SolvedTable`], kept by a [`crate::SearchContext`]): at level `max`
//! a root it proves won is played by its verified proof (module
//! `solved`).

mod dfpn;
mod file;
mod solved;
mod split;
mod table;
mod verify;

pub use file::{table_tag, LoadError, VERSION as TABLE_VERSION};
pub use solved::{SolvedTable, SolvedView};
pub use verify::{verify_win, Strategy, Verified, VerifyError};

use crate::setup::SearchSetup;
use dfpn::{node_key, Dfpn, Stops, Value, NO_REF};
use gamut_core::{Game, GameOptions, MoveList, Player};
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::{Table, NO_MOVE};

/// The stack of the thread the solver and verifier run on (their
/// recursion follows the longest lines).
const STACK_BYTES: usize = 512 << 20;

/// About the bytes a table needs per node searched (a slot is 24 bytes),
/// to size the verifier's own table for a re-solve.
const SLOT_BYTES_ABOUT: u64 = 24;
/// The largest table (MB) the verifier makes of its own for a re-solve.
const RESOLVE_MAX_MB: u64 = 64;

/// A progress report of a running solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The side whose win is being proved in this pass.
    pub attacker: Player,
    /// The root's proof number (when last computed).
    pub pn: u32,
    /// The root's disproof number.
    pub dn: u32,
    /// Nodes expanded so far (all passes).
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// Table slots in use.
    pub table_used: usize,
    /// Table slots in all.
    pub table_capacity: usize,
}

impl Progress {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// The game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move forces a win.
    Win,
    /// The opponent forces a win.
    Loss,
    /// Neither side forces a win.
    Draw,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        })
    }
}

/// The answer of one pass: does the attacker force a win?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassResult {
    /// Yes (a proof, not yet verified).
    Proven,
    /// No.
    Disproven,
    /// Not known: stopped first, or a disproof resting on the game before
    /// the root.
    Unknown,
}

/// One pass of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// Whose win this pass tried to prove.
    pub attacker: Player,
    /// What it found.
    pub result: PassResult,
    /// The root's proof number at the end.
    pub pn: u32,
    /// The root's disproof number at the end.
    pub dn: u32,
    /// Nodes expanded in this pass.
    pub nodes: u64,
    /// Time this pass took.
    pub time: Duration,
    /// The root move proving (attacker to move) or refuting (defender to
    /// move) the root, as an index into its legal moves.
    best: Option<usize>,
}

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value for the side to move, if proven (and, for a win or a
    /// loss, verified).
    pub verdict: Option<Verdict>,
    /// A move achieving it (a winning move, or a drawing one), in notation.
    pub best: Option<String>,
    /// For a win or a loss: the longest line of the verified strategy, in
    /// plies (the win takes at most this long).
    pub depth: Option<u32>,
    /// The passes run (one or two).
    pub passes: Vec<Pass>,
    /// The verification of a proven win or loss.
    pub verification: Option<Result<Verified, VerifyError>>,
    /// Nodes expanded (all passes; verification not counted).
    pub nodes: u64,
    /// Time taken (verification included).
    pub time: Duration,
}

/// Limits of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Positions the verifier may visit.
    pub verify_positions: u64,
    /// Nodes the verifier may spend re-solving a position whose proof the
    /// table lost.
    pub resolve_nodes: u64,
    /// How often to report progress.
    pub report_every: Duration,
    /// With several threads: the nodes each pass first searches on one
    /// thread, to order the root's children, before sharing them out.
    pub split_after: u64,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            time: None,
            nodes: None,
            verify_positions: 50_000_000,
            resolve_nodes: 1_000_000,
            report_every: Duration::from_secs(1),
            split_after: split::SPLIT_AFTER,
        }
    }
}

/// The proof-number solver for game `G`, with its tables: one per
/// thread.
pub struct Solver<G: Game> {
    /// The first thread's table (the only one with one thread); the
    /// verifier re-solves into it.
    table: Table,
    /// The other threads' tables.
    more: Vec<Table>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Solver<{}>({:?}, {} threads)",
            G::NAME,
            self.table,
            self.threads()
        )
    }
}

/// Run `f` on a thread with a large stack.
fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("solver".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, f)
            .expect("start the solver thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// The tag of saved tables: the game and all its options.
pub(crate) fn tag<G: Game>(options: &G::Options) -> String {
    let pairs: Vec<String> = options
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!("{}|{}", G::NAME, pairs.join(","))
}

impl<G: Game> Solver<G> {
    /// A solver on one thread whose table takes about `megabytes` MB.
    pub fn new(megabytes: usize) -> Self {
        Self::with_threads(megabytes, 1)
    }

    /// A solver on `threads` threads (at least one), each with a table of
    /// about `megabytes / threads` MB. With more than one, each pass
    /// shares the root's children out to the threads (root splitting:
    /// module `split`).
    pub fn with_threads(megabytes: usize, threads: usize) -> Self {
        let threads = threads.max(1);
        let each = megabytes / threads;
        Solver {
            table: Table::new(each),
            more: (1..threads).map(|_| Table::new(each)).collect(),
            _game: PhantomData,
        }
    }

    /// The threads a pass runs on.
    pub fn threads(&self) -> usize {
        1 + self.more.len()
    }

    fn tables(&self) -> impl Iterator<Item = &Table> + Clone {
        std::iter::once(&self.table).chain(&self.more)
    }

    /// The tables' size in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.tables().map(Table::bytes).sum()
    }

    /// Table slots in use (all threads).
    pub fn table_used(&self) -> usize {
        self.tables().map(Table::used).sum()
    }

    /// Table slots in all (all threads).
    pub fn table_capacity(&self) -> usize {
        self.tables().map(Table::capacity).sum()
    }

    /// Forget everything stored.
    pub fn clear(&mut self) {
        self.table.clear();
        self.more.iter_mut().for_each(Table::clear);
    }

    /// Save the tables (every slot in use but path-dependent disproofs;
    /// with several threads, every thread's, one after the other) for a
    /// game with `options`; returns the slots written.
    pub fn save(&self, options: &G::Options, path: &Path) -> std::io::Result<u64> {
        let tables: Vec<&Table> = self.tables().collect();
        file::save(&tables, &tag::<G>(options), path)
    }

    /// Load a table saved by [`Solver::save`] for the same game and
    /// options, adding to what this one holds (with several threads, to
    /// every thread's table); returns the slots read.
    pub fn load(&mut self, options: &G::Options, path: &Path) -> Result<u64, LoadError> {
        let read = file::load(&mut self.table, &tag::<G>(options), path)?;
        // The tables have one size, so the first one's slots fit the others.
        for other in &mut self.more {
            for slot in self.table.facts() {
                other.put(*slot);
            }
        }
        Ok(read)
    }

    /// Solve the root of `setup`: win, loss or draw for the side to move,
    /// within `limits` and until `stop`, calling `on_progress` about every
    /// [`SolveLimits::report_every`].
    pub fn solve(
        &mut self,
        setup: &SearchSetup<G>,
        limits: &SolveLimits,
        stop: &AtomicBool,
        on_progress: &mut (dyn FnMut(&Progress) + Send),
    ) -> Solution {
        let start = Instant::now();
        let split_after = limits.split_after;
        let stops = Stops {
            stop,
            deadline: limits.time.map(|t| start + t),
            node_limit: limits.nodes,
            start,
            report_every: limits.report_every,
            shared: None,
        };
        on_big_stack(|| {
            let me = setup.root.side_to_move();
            let mut solution = Solution {
                verdict: None,
                best: None,
                depth: None,
                passes: Vec::new(),
                verification: None,
                nodes: 0,
                time: Duration::ZERO,
            };
            let first = self.pass(setup, me, &stops, 0, split_after, on_progress);
            solution.passes.push(first);
            solution.nodes = first.nodes;
            match first.result {
                PassResult::Proven => {
                    let v = self.verify(setup, me, limits, None, stop);
                    if let Ok(ok) = &v {
                        solution.verdict = Some(Verdict::Win);
                        solution.best.clone_from(&ok.first_move);
                        solution.depth = Some(ok.depth);
                    }
                    solution.verification = Some(v);
                }
                PassResult::Disproven => {
                    let second = self.pass(
                        setup,
                        me.other(),
                        &stops,
                        solution.nodes,
                        split_after,
                        on_progress,
                    );
                    solution.passes.push(second);
                    solution.nodes += second.nodes;
                    match second.result {
                        PassResult::Proven => {
                            let v = self.verify(setup, me.other(), limits, None, stop);
                            if let Ok(ok) = &v {
                                solution.verdict = Some(Verdict::Loss);
                                solution.depth = Some(ok.depth);
                            }
                            solution.verification = Some(v);
                        }
                        PassResult::Disproven => {
                            solution.verdict = Some(Verdict::Draw);
                            solution.best = second.best.map(|i| move_text(&setup.root, i));
                        }
                        PassResult::Unknown => {}
                    }
                }
                PassResult::Unknown => {}
            }
            solution.time = start.elapsed();
            solution
        })
    }

    /// One pass: does `attacker` force a win from the root of `setup`?
    /// With several threads, the root is split after `split_after` nodes.
    fn pass(
        &mut self,
        setup: &SearchSetup<G>,
        attacker: Player,
        stops: &Stops<'_>,
        nodes_before: u64,
        split_after: u64,
        on_progress: &mut (dyn FnMut(&Progress) + Send),
    ) -> Pass {
        let start = Instant::now();
        let (v, nodes): (Value, u64) = if self.more.is_empty() {
            let mut search = Dfpn::new(&mut self.table, setup, attacker, stops, on_progress);
            search.nodes_before = nodes_before;
            (search.run(), search.nodes)
        } else {
            let tables = std::iter::once(&mut self.table)
                .chain(&mut self.more)
                .collect();
            let start = split::Start {
                nodes_before,
                split_after,
            };
            split::run(tables, setup, attacker, stops, start, on_progress)
        };
        let result = if v.pn == 0 {
            PassResult::Proven
        } else if v.dn == 0 && v.min_ref == NO_REF {
            PassResult::Disproven
        } else {
            PassResult::Unknown
        };
        Pass {
            attacker,
            result,
            pn: v.pn,
            dn: v.dn,
            nodes,
            time: start.elapsed(),
            best: (v.best != NO_MOVE).then_some(usize::from(v.best)),
        }
    }

    /// Verify that `winner` wins from the root of `setup`, following the
    /// table's proofs (re-solving positions whose proof was replaced).
    fn verify(
        &mut self,
        setup: &SearchSetup<G>,
        winner: Player,
        limits: &SolveLimits,
        by: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<Verified, VerifyError> {
        let mut strategy = TableStrategy {
            table: &mut self.table,
            others: &self.more,
            setup,
            winner,
            resolve_nodes: limits.resolve_nodes,
            by,
            stop,
        };
        verify_win(setup, winner, &mut strategy, limits.verify_positions)
    }

    /// The moves the tables prove winning for `winner` in `pos`, `ply`
    /// plies below the root of `setup`, shortest proof first.
    pub fn proof_moves(
        &self,
        setup: &SearchSetup<G>,
        pos: &G,
        ply: u32,
        winner: Player,
    ) -> Vec<G::Move> {
        proven_children(self.tables(), setup, pos, ply, winner)
    }
}

/// The notation of the `index`th legal move of `pos`.
fn move_text<G: Game>(pos: &G, index: usize) -> String {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .get(index)
        .map_or_else(|| "(none)".to_string(), |&m| pos.move_text(m))
}

/// The moves of `pos` that win at once or lead to a position proven for
/// `winner` in one of `tables`, shortest proof first.
fn proven_children<'t, G: Game>(
    tables: impl Iterator<Item = &'t Table> + Clone,
    setup: &SearchSetup<G>,
    pos: &G,
    ply: u32,
    winner: Player,
) -> Vec<G::Move> {
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let mut found: Vec<(u16, G::Move)> = Vec::new();
    for &mv in &legal {
        let mut child = pos.clone();
        child.play(mv);
        if let Some(o) = child.outcome() {
            if o.winner == Some(winner) {
                found.push((0, mv));
            }
            continue;
        }
        let key = node_key(setup, &child, ply + 1, winner);
        let shortest = tables
            .clone()
            .filter_map(|t| t.get(key).filter(|s| s.proven()))
            .map(|s| s.depth)
            .min();
        if let Some(depth) = shortest {
            found.push((depth.saturating_add(1), mv));
        }
    }
    found.sort_by_key(|&(d, _)| d);
    found.into_iter().map(|(_, m)| m).collect()
}

/// The verifier's strategy from the solver's tables: proven children
/// first; with none left (replaced), a bounded re-solve of the position
/// (into `table`, or into a table of its own when `table` kept the
/// position's proof but not its children's). Past `by` it offers no move,
/// so the verification fails at once.
struct TableStrategy<'a, G: Game> {
    table: &'a mut Table,
    /// The other threads' tables, read only.
    others: &'a [Table],
    setup: &'a SearchSetup<G>,
    winner: Player,
    resolve_nodes: u64,
    by: Option<Instant>,
    stop: &'a AtomicBool,
}

impl<G: Game> Strategy<G> for TableStrategy<'_, G> {
    fn moves(&mut self, pos: &G, ply: u32, path: &[u64], out: &mut Vec<G::Move>) {
        if self.by.is_some_and(|by| Instant::now() >= by) {
            return;
        }
        let mut found = proven_children(
            std::iter::once(&*self.table).chain(self.others),
            self.setup,
            pos,
            ply,
            self.winner,
        );
        if found.is_empty() && self.resolve_nodes > 0 {
            let mut history = self.setup.history.clone();
            history.extend_from_slice(&path[..path.len().saturating_sub(1)]);
            let sub = SearchSetup {
                root: pos.clone(),
                history,
                plies_played: self.setup.plies_played.saturating_add(ply),
                repetition: self.setup.repetition,
                move_limit: self.setup.move_limit,
                endings: None,
            };
            let stops = Stops {
                stop: self.stop,
                deadline: self.by,
                node_limit: Some(self.resolve_nodes),
                start: Instant::now(),
                report_every: Duration::MAX,
                shared: None,
            };
            let mut quiet = |_: &Progress| {};
            let v = Dfpn::new(self.table, &sub, self.winner, &stops, &mut quiet).run();
            if v.pn == 0 {
                found = proven_children(
                    std::iter::once(&*self.table).chain(self.others),
                    self.setup,
                    pos,
                    ply,
                    self.winner,
                );
            }
            if found.is_empty() {
                // The table may have kept this position's proof and lost
                // its children's (replaced first: they hold less work),
                // and then the search above stops at once: prove it again
                // in a table of its own.
                let megabytes = (self.resolve_nodes.saturating_mul(SLOT_BYTES_ABOUT) >> 20)
                    .clamp(1, RESOLVE_MAX_MB) as usize;
                let mut own = Table::new(megabytes);
                let v = Dfpn::new(&mut own, &sub, self.winner, &stops, &mut quiet).run();
                if v.pn == 0 {
                    found =
                        proven_children(std::iter::once(&own), self.setup, pos, ply, self.winner);
                }
            }
        }
        out.extend(found);
    }
}

/// For the alpha-beta at full strength: try to prove a win for the side
/// to move at the root of `setup` within `nodes` nodes and `deadline`,
/// and verify the proof by `verify_by` (a proof not verified by then is
/// not used); the winning move, the verified proof's longest line and the
/// nodes spent, if proven.
pub(crate) fn proven_win<G: Game>(
    setup: &SearchSetup<G>,
    nodes: u64,
    deadline: Option<Instant>,
    verify_by: Option<Instant>,
    stop: &AtomicBool,
) -> Option<(String, u32, u64)> {
    let mut solver = Solver::<G>::new(16);
    let limits = SolveLimits {
        time: None,
        nodes: Some(nodes),
        verify_positions: nodes.saturating_mul(4),
        resolve_nodes: nodes / 4,
        report_every: Duration::MAX,
        split_after: 0,
    };
    let start = Instant::now();
    let stops = Stops {
        stop,
        deadline,
        node_limit: Some(nodes),
        start,
        report_every: Duration::MAX,
        shared: None,
    };
    let me = setup.root.side_to_move();
    on_big_stack(|| {
        let mut quiet = |_: &Progress| {};
        let pass = solver.pass(setup, me, &stops, 0, 0, &mut quiet);
        if pass.result != PassResult::Proven {
            return None;
        }
        let ok = solver.verify(setup, me, &limits, verify_by, stop).ok()?;
        Some((ok.first_move?, ok.depth, pass.nodes))
    })
}
