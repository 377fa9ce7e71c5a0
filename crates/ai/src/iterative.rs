//! The alpha-beta engine: iterative deepening with aspiration windows on
//! one or more threads (lazy SMP: every thread searches the same root and
//! they share the transposition table), time and node limits, progress
//! reports, and multi-PV: for N lines each iteration searches the root N
//! times, each time without the first moves of the lines found before,
//! each line in an aspiration window around its own last score.

use crate::alphabeta::{Noise, Searcher};
use crate::evaluate::Evaluate;
use crate::history::MAX_PLY;
use crate::score::{INFINITE, MATE, MATE_BOUND};
use crate::setup::SearchSetup;
use crate::shared::Shared;
use crate::time_manager::{Stability, TimePlan};
use crate::tt::TranspositionTable;
use crate::{Limits, PvLine, Score, SearchInfo, SearchReport};
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
    /// Lines to search (multi-PV; at least 1, at most the legal moves).
    pub lines: usize,
}

/// A root move's line: its internal score and its moves.
#[derive(Clone, Debug)]
struct RootLine<M> {
    score: i32,
    pv: Vec<M>,
}

/// A completed (or usefully partial) iteration: its lines, best first
/// (one without multi-PV).
#[derive(Clone, Debug)]
struct Iteration<M> {
    depth: u32,
    seldepth: u32,
    lines: Vec<RootLine<M>>,
}

impl<M: Copy + PartialEq> Iteration<M> {
    /// The best line's first move.
    fn best_move(&self) -> Option<M> {
        self.lines.first().and_then(|l| l.pv.first().copied())
    }
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
    let lines = config.lines.clamp(1, moves.len().max(1));

    let (best, nodes) = std::thread::scope(|scope| {
        for thread in 1..config.threads.max(1) {
            let shared = &shared;
            scope.spawn(move || {
                let mut s = Searcher::new(shared, setup, config.noise, config.contempt);
                iterate(&mut s, thread, max_depth, lines, plan, &mut |_| {});
                s.flush();
            });
        }
        let mut main = Searcher::new(&shared, setup, config.noise, config.contempt);
        let best = iterate(&mut main, 0, max_depth, lines, plan, on_info);
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
            more_lines: Vec::new(),
        },
    };
    let best_move = best
        .and_then(|it| it.best_move())
        .or_else(|| moves.first().copied());
    SearchReport {
        best: best_move.map(|m| setup.root.move_text(m)),
        info,
    }
}

/// Iterative deepening of `lines` lines on one thread; thread 0 (the main
/// thread) reports progress and decides when to stop.
fn iterate<G: Evaluate>(
    s: &mut Searcher<'_, G>,
    thread: usize,
    max_depth: u32,
    lines: usize,
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
        let changed = if lines == 1 {
            let Some(changed) = search_line(s, depth, &mut best) else {
                break;
            };
            changed
        } else {
            // A stopped multi-PV iteration is dropped: its lines would be
            // of two depths.
            let Some(found) = search_lines(s, depth, lines, best.as_ref()) else {
                break;
            };
            let it = Iteration {
                depth,
                seldepth: s.seldepth as u32,
                lines: found,
            };
            let changed = best.as_ref().and_then(Iteration::best_move) != it.best_move();
            best = Some(it);
            changed
        };
        if main {
            let b = best.as_ref().expect("just completed");
            let nodes = s.shared_nodes() + s.unflushed();
            on_info(&info_of(s.setup(), b, nodes, s.elapsed()));
            let now = plan.start.elapsed();
            took = [Some(now.saturating_sub(ended)), took[0]];
            ended = now;
            same = if changed { 0 } else { same + 1 };
            let stability = Stability::of(depth, same);
            if b.lines.iter().all(|line| mate_found(line.score, b.depth))
                || !plan.next_iteration(now, took[0].unwrap_or_default(), took[1], stability)
            {
                break;
            }
        }
    }
    best
}

/// Search the root to `depth` in an aspiration window around `previous`
/// (the last iteration's score; from depth 5 and unless it is a forced
/// result), widened until the score falls inside it. `None` if the search
/// was stopped.
fn aspirate<G: Evaluate>(s: &mut Searcher<'_, G>, depth: u32, previous: i32) -> Option<i32> {
    let (mut alpha, mut beta, mut window) = if depth >= 5 && previous.abs() < MATE_BOUND {
        (previous - ASPIRATION, previous + ASPIRATION, ASPIRATION)
    } else {
        (-INFINITE, INFINITE, INFINITE)
    };
    loop {
        let score = s.search_root(depth as i32, alpha, beta);
        if s.aborted() {
            return None;
        }
        if score <= alpha && alpha > -INFINITE {
            window *= 2;
            alpha = (score - window).max(-INFINITE);
        } else if score >= beta && beta < INFINITE {
            window *= 2;
            beta = (score + window).min(INFINITE);
        } else {
            return Some(score);
        }
    }
}

/// One single-PV iteration to `depth`, its result in `best`; whether the
/// best move changed, or `None` if the search was stopped (`best` then
/// takes the stopped iteration's move if one beat the window).
fn search_line<G: Evaluate>(
    s: &mut Searcher<'_, G>,
    depth: u32,
    best: &mut Option<Iteration<G::Move>>,
) -> Option<bool> {
    let previous = best.as_ref().map_or(0, |b| b.lines[0].score);
    let score = aspirate(s, depth, previous);
    let pv = s.root_pv().to_vec();
    let changed = best.as_ref().and_then(Iteration::best_move) != pv.first().copied();
    let seldepth = s.seldepth as u32;
    match score {
        Some(score) => {
            *best = Some(Iteration {
                depth,
                seldepth,
                lines: vec![RootLine { score, pv }],
            });
            Some(changed)
        }
        None => {
            // A root move that completed in the stopped iteration and beat
            // the window is still the better choice.
            if !pv.is_empty() {
                match best.as_mut() {
                    Some(b) if changed => b.lines[0].pv = pv,
                    Some(_) => {}
                    None => {
                        *best = Some(Iteration {
                            depth,
                            seldepth,
                            lines: vec![RootLine { score: 0, pv }],
                        });
                    }
                }
            }
            None
        }
    }
}

/// One multi-PV iteration to `depth`: `count` root searches, each without
/// the first moves of the lines found before it in this iteration, each
/// in an aspiration window around the same line's score in `previous`;
/// the lines sorted by score (best first). `None` if the search was
/// stopped before every line was found.
fn search_lines<G: Evaluate>(
    s: &mut Searcher<'_, G>,
    depth: u32,
    count: usize,
    previous: Option<&Iteration<G::Move>>,
) -> Option<Vec<RootLine<G::Move>>> {
    let mut lines = Vec::with_capacity(count);
    for k in 0..count {
        let last = previous.and_then(|p| p.lines.get(k)).map_or(0, |l| l.score);
        let Some(score) = aspirate(s, depth, last) else {
            s.include_all();
            return None;
        };
        let pv = s.root_pv().to_vec();
        let Some(&first) = pv.first() else { break };
        s.exclude_root_move(first);
        lines.push(RootLine { score, pv });
    }
    s.include_all();
    // A later line may score above an earlier one (the window and the
    // table make searches differ a little): the best comes first.
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    Some(lines)
}

/// Whether a line of a completed iteration of `depth` found a forced
/// result well within the depth searched (no deeper iteration is needed).
fn mate_found(score: i32, depth: u32) -> bool {
    score.abs() >= MATE_BOUND && depth >= (MATE - score.abs()) as u32 + 3
}

/// A root line in notation.
fn line_text<G: Game>(root: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut text = Vec::with_capacity(moves.len());
    for &m in moves {
        text.push(pos.move_text(m));
        pos.play(m);
    }
    text
}

/// The report of an iteration: its lines in notation.
fn info_of<G: Game>(
    setup: &SearchSetup<G>,
    it: &Iteration<G::Move>,
    nodes: u64,
    time: Duration,
) -> SearchInfo {
    let (best, more) = it.lines.split_first().expect("an iteration has a line");
    SearchInfo {
        depth: it.depth,
        seldepth: it.seldepth.max(it.depth),
        score: Score::from_internal(best.score),
        nodes,
        time,
        pv: line_text(&setup.root, &best.pv),
        more_lines: more
            .iter()
            .map(|line| PvLine {
                score: Score::from_internal(line.score),
                pv: line_text(&setup.root, &line.pv),
            })
            .collect(),
    }
}
