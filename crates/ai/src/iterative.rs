//! The alpha-beta engine: iterative deepening with aspiration windows on
//! one or more threads (lazy SMP: every thread searches the same root and
//! they share the transposition table), time and node limits, progress
//! reports.

use crate::alphabeta::{Noise, Searcher};
use crate::evaluate::Evaluate;
use crate::history::MAX_PLY;
use crate::score::{INFINITE, MATE, MATE_BOUND};
use crate::setup::SearchSetup;
use crate::shared::Shared;
use crate::time_manager::{Stability, TimePlan};
use crate::tt::TranspositionTable;
use crate::{Limits, Score, SearchInfo, SearchReport};
use gamut_core::{Game, MoveList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest nominal iteration.
const MAX_DEPTH: u32 = (MAX_PLY - 8) as u32;
/// Aspiration windows start this wide (from depth 5).
const ASPIRATION: i32 = 40;

/// How to run the alpha-beta engine.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AlphaBetaConfig {
    /// Search threads (at least 1).
    pub threads: usize,
    /// Evaluation noise (0 for full strength).
    pub noise: Noise,
    /// Draw score below even for the side to move (0: none).
    pub contempt: i32,
}

/// A completed (or usefully partial) iteration.
#[derive(Clone, Debug)]
struct Iteration<M> {
    depth: u32,
    seldepth: u32,
    score: i32,
    pv: Vec<M>,
}

/// Search `setup` (whose root is not finished) within `limits` and the
/// time `plan` until `stop`, with the transposition table `tt` (ready for
/// this search), calling `on_info` after each completed iteration.
pub(crate) fn alphabeta<G: Evaluate>(
    setup: &SearchSetup<G>,
    config: &AlphaBetaConfig,
    limits: &Limits,
    plan: &TimePlan,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    let start = Instant::now();
    let shared = Shared::new(tt, stop, plan.deadline(), limits.nodes);
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut moves = MoveList::new();
    setup.root.legal_moves(&mut moves);
    // With one legal move and a clock, one iteration is enough.
    let max_depth = if moves.len() == 1 && plan.timed() {
        1
    } else {
        max_depth
    };

    let (best, nodes) = std::thread::scope(|scope| {
        for thread in 1..config.threads.max(1) {
            let shared = &shared;
            scope.spawn(move || {
                let mut s = Searcher::new(shared, setup, config.noise, config.contempt);
                iterate(&mut s, thread, max_depth, plan, &mut |_| {});
                s.flush();
            });
        }
        let mut main = Searcher::new(&shared, setup, config.noise, config.contempt);
        let best = iterate(&mut main, 0, max_depth, plan, on_info);
        shared.abort.store(true, Ordering::Relaxed);
        let nodes = shared.nodes.load(Ordering::Relaxed) + main.unflushed();
        (best, nodes)
    });
    let nodes = nodes.max(shared.nodes.load(Ordering::Relaxed));
    let info = match &best {
        Some(it) => info_of(setup, it, nodes, start.elapsed()),
        None => SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::Value(0),
            nodes,
            time: start.elapsed(),
            pv: Vec::new(),
        },
    };
    let best_move = best
        .and_then(|it| it.pv.first().copied())
        .or_else(|| moves.first().copied());
    SearchReport {
        best: best_move.map(|m| setup.root.move_text(m)),
        info,
    }
}

/// Iterative deepening on one thread; thread 0 (the main thread) reports
/// progress and decides when to stop.
fn iterate<G: Evaluate>(
    s: &mut Searcher<'_, G>,
    thread: usize,
    max_depth: u32,
    plan: &TimePlan,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<Iteration<G::Move>> {
    let main = thread == 0;
    let mut best: Option<Iteration<G::Move>> = None;
    // When the last iteration ended, how long it and the one before took.
    let mut ended = Duration::ZERO;
    let mut took: [Option<Duration>; 2] = [None, None];
    // Completed iterations in a row with the same best move.
    let mut same = 0;
    // Helper threads start one ply deeper every other thread, to spread out.
    let first = if main { 1 } else { 1 + (thread as u32 & 1) };
    for depth in first..=max_depth {
        s.new_iteration();
        let previous = best.as_ref().map_or(0, |b| b.score);
        let (mut alpha, mut beta, mut window) = if depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - ASPIRATION, previous + ASPIRATION, ASPIRATION)
        } else {
            (-INFINITE, INFINITE, INFINITE)
        };
        let score = loop {
            let score = s.search_root(depth as i32, alpha, beta);
            if s.aborted() {
                break None;
            }
            if score <= alpha && alpha > -INFINITE {
                window *= 2;
                alpha = (score - window).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                window *= 2;
                beta = (score + window).min(INFINITE);
            } else {
                break Some(score);
            }
        };
        let pv = s.root_pv().to_vec();
        let changed = best.as_ref().and_then(|b| b.pv.first()) != pv.first();
        match score {
            Some(score) => {
                best = Some(Iteration {
                    depth,
                    seldepth: s.seldepth as u32,
                    score,
                    pv,
                });
            }
            None => {
                // A root move that completed in the stopped iteration and
                // beat the window is still the better choice.
                if !pv.is_empty() {
                    if let Some(b) = best.as_mut() {
                        if b.pv.first() != pv.first() {
                            b.pv = pv;
                        }
                    } else {
                        best = Some(Iteration {
                            depth,
                            seldepth: s.seldepth as u32,
                            score: 0,
                            pv,
                        });
                    }
                }
                break;
            }
        }
        if main {
            let b = best.as_ref().expect("just completed");
            let nodes = s.shared_nodes() + s.unflushed();
            on_info(&info_of(s.setup(), b, nodes, s.elapsed()));
            let now = plan.start.elapsed();
            took = [Some(now.saturating_sub(ended)), took[0]];
            ended = now;
            same = if changed { 0 } else { same + 1 };
            let stability = Stability::of(depth, same);
            if mate_found(b)
                || !plan.next_iteration(now, took[0].unwrap_or_default(), took[1], stability)
            {
                break;
            }
        }
    }
    best
}

/// Whether a completed iteration found a forced result well within the
/// depth searched (no deeper iteration is needed).
fn mate_found<M>(it: &Iteration<M>) -> bool {
    it.score.abs() >= MATE_BOUND && it.depth >= (MATE - it.score.abs()) as u32 + 3
}

/// The report of an iteration: the PV in notation.
fn info_of<G: Game>(
    setup: &SearchSetup<G>,
    it: &Iteration<G::Move>,
    nodes: u64,
    time: Duration,
) -> SearchInfo {
    let mut pos = setup.root.clone();
    let mut pv = Vec::with_capacity(it.pv.len());
    for &m in &it.pv {
        pv.push(pos.move_text(m));
        pos.play(m);
    }
    SearchInfo {
        depth: it.depth,
        seldepth: it.seldepth.max(it.depth),
        score: Score::from_internal(it.score),
        nodes,
        time,
        pv,
    }
}
