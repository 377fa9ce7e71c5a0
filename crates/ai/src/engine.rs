//! Run the engine an [`EngineSpec`] names on a position of a game that
//! implements [`Evaluate`]: apply the level's budget and weaknesses, pick
//! the algorithm.

use crate::alphabeta::Noise;
use crate::context::{SearchContext, TableUse};
use crate::evaluate::Evaluate;
use crate::iterative::{alphabeta, AlphaBetaConfig};
use crate::mcts::{search_mcts, MctsConfig};
use crate::setup::SearchSetup;
use crate::tablebase;
use crate::time_manager::TimePlan;
use crate::{EngineKind, EngineSpec, Level, Limits, Score, SearchInfo, SearchReport};
use gamut_core::{Game, GameRecord, MoveList};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Search the current position of `record` (its history gives repetition
/// draws, its options the move limit) with the engine `spec`, within
/// `limits` capped by the level's budget, until `stop`; `on_info` is called
/// after each completed iteration. `best` is `None` if the game is over.
///
/// Every search starts from an empty transposition table; a player that
/// plays move after move of one game keeps its table with
/// [`search_record_in`].
pub fn search_record<G: Evaluate>(
    record: &GameRecord<G>,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    search_record_in(
        &mut SearchContext::new(),
        record,
        spec,
        limits,
        stop,
        on_info,
    )
}

/// Like [`search_record`], with the transposition table of `context`: the
/// player's memory from its earlier moves in the same game (start a new
/// context, or clear it, for another game).
pub fn search_record_in<G: Evaluate>(
    context: &mut SearchContext,
    record: &GameRecord<G>,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    if record.outcome().is_some() {
        return SearchReport::unsearched(None);
    }
    search_setup_in(
        context,
        &SearchSetup::from_record(record),
        spec,
        limits,
        stop,
        on_info,
    )
}

/// Like [`search_record`], for a prepared [`SearchSetup`] whose root is
/// not finished by the board rules.
pub fn search_setup<G: Evaluate>(
    setup: &SearchSetup<G>,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    search_setup_in(
        &mut SearchContext::new(),
        setup,
        spec,
        limits,
        stop,
        on_info,
    )
}

/// Like [`search_setup`], with the transposition table of `context` (see
/// [`search_record_in`]).
pub fn search_setup_in<G: Evaluate>(
    context: &mut SearchContext,
    setup: &SearchSetup<G>,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    let start = Instant::now();
    if setup.root.outcome().is_some() {
        return SearchReport::unsearched(None);
    }
    let mut profile = spec.level.profile();
    if spec.objective {
        profile.contempt = 0;
    }
    let limits = limits.tighter(profile.cap);
    let plan = TimePlan::new(&limits, &setup.progress(), start);
    // Level max uses the game's solved endings: a known win is played
    // straight (unless several lines are asked for), and the search below
    // stops at every known position. A missing table is built only when
    // the move has time for it.
    let may_build = plan.hard.is_none_or(|hard| hard >= TABLE_BUILD_TIME);
    let with_endings = (spec.kind == EngineKind::AlphaBeta && spec.level == Level::Max)
        .then(|| tablebase::with_endings(setup, context.solved(), may_build))
        .flatten();
    let setup = with_endings.as_ref().unwrap_or(setup);
    if spec.lines == 1 {
        if let Some(report) = tablebase::known_win(setup) {
            on_info(&report.info);
            return report;
        }
    }
    let mut moves = MoveList::new();
    setup.root.legal_moves(&mut moves);
    let mut rng = match spec.seed {
        Some(seed) => SmallRng::seed_from_u64(seed ^ setup.root.hash()),
        None => SmallRng::from_entropy(),
    };
    let mut report = match spec.kind {
        EngineKind::Random => {
            let mv = moves.choose(&mut rng).map(|&m| setup.root.move_text(m));
            return SearchReport::unsearched(mv);
        }
        EngineKind::AlphaBeta => {
            // The solver proves one move: it cannot give several lines; and
            // a move with next to no time cannot prove anything.
            let worth = plan.target().is_none_or(|t| t / 4 >= MIN_PROOF_TIME);
            let budget = if spec.level == Level::Max && spec.lines == 1 && worth {
                setup.root.solver_nodes()
            } else {
                0
            };
            if budget > 0 {
                if let Some(report) = proven(setup, budget, &limits, &plan, stop) {
                    on_info(&report.info);
                    return report;
                }
            }
            let config = AlphaBetaConfig {
                threads: spec.threads.clamp(1, profile.max_threads),
                noise: Noise {
                    amplitude: profile.noise,
                    seed: if profile.noise > 0 { rng.gen() } else { 0 },
                },
                contempt: profile.contempt,
                lines: spec.lines,
            };
            let usage = TableUse {
                megabytes: profile.tt_megabytes,
                side: setup.root.side_to_move(),
                contempt: profile.contempt,
                keep: profile.noise == 0,
            };
            let tt = context.table(usage);
            let report = alphabeta(setup, &config, &limits, &plan, tt, stop, on_info);
            context.after_search(usage);
            report
        }
        EngineKind::Mcts => {
            // MCTS has no iterations: it takes the clock's even share.
            let limits = Limits {
                movetime: plan.target(),
                ..limits
            };
            search_mcts(setup, &MctsConfig::default(), &limits, stop, on_info)
        }
    };
    // A weak level sometimes plays a random move, but never throws away a
    // win it has found and never one that loses at once.
    let found_win = matches!(report.info.score, Score::WinIn(_));
    if !found_win && profile.blunder_chance > 0.0 && rng.gen_bool(profile.blunder_chance.min(1.0)) {
        if let Some(mv) = safe_random_move(&setup.root, &mut rng) {
            report.best = Some(setup.root.move_text(mv));
        }
    }
    report
}

/// The least time a missing endgame table may be built in, within a move:
/// the move's hard cap must be at least this (a 3-piece Linear Pursuit
/// table takes about 0.1 CPU second, several times that on a loaded
/// machine).
const TABLE_BUILD_TIME: Duration = Duration::from_secs(1);

/// The least time worth a proof attempt (a quarter of the move's target).
const MIN_PROOF_TIME: Duration = Duration::from_millis(2);

/// Level `max` in a small position: try to prove a win with the solver
/// within `nodes` and a quarter of the move's time (the move time, or the
/// clock's even share), and verify it by the move's hard deadline; a
/// proven, verified win is played at once (its score is the proof's
/// longest line). Otherwise the alpha-beta search goes on with what is
/// left of the time `plan`.
fn proven<G: Evaluate>(
    setup: &SearchSetup<G>,
    nodes: u64,
    limits: &Limits,
    plan: &TimePlan,
    stop: &AtomicBool,
) -> Option<SearchReport> {
    let start = Instant::now();
    let deadline = plan.target().map(|t| plan.start + t / 4);
    let nodes = limits.nodes.map_or(nodes, |n| n.min(nodes));
    let found = G::proven_win(setup, nodes, deadline, plan.deadline(), stop);
    let time = start.elapsed();
    let (mv, depth, nodes) = found?;
    Some(SearchReport {
        best: Some(mv.clone()),
        info: SearchInfo {
            depth,
            seldepth: depth,
            score: Score::WinIn(depth),
            nodes,
            time,
            pv: vec![mv],
            more_lines: Vec::new(),
        },
    })
}

/// A random legal move after which the opponent cannot win with its next
/// move (`None` if every move allows that).
fn safe_random_move<G: Game>(pos: &G, rng: &mut impl Rng) -> Option<G::Move> {
    let me = pos.side_to_move();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.shuffle(rng);
    let loses = |child: &G| {
        child
            .outcome()
            .is_some_and(|o| o.winner == Some(me.other()))
    };
    moves.into_iter().find(|&mv| {
        let mut child = pos.clone();
        child.play(mv);
        if loses(&child) {
            return false;
        }
        if child.outcome().is_some() {
            return true;
        }
        let mut replies = MoveList::new();
        child.legal_moves(&mut replies);
        !replies.iter().any(|&r| {
            let mut after = child.clone();
            after.play(r);
            loses(&after)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver;
    use gamut_pursuit::{Pursuit, PursuitMove, PursuitOptions};

    #[test]
    fn random_moves_of_weak_levels_do_not_lose_at_once() {
        // South's King on 10 is attacked by North's Rook on 2: only King
        // moves (10x2, 10-18) avoid losing it; the Pawn on 6 must wait.
        let text = "..r...P...K........./k................... south play 10";
        let pos = Pursuit::from_text(&PursuitOptions::default(), text).unwrap();
        let mut rng = rand::thread_rng();
        for _ in 0..20 {
            let mv = safe_random_move(&pos, &mut rng).unwrap();
            assert!(matches!(mv, PursuitMove::Step { from: 10, .. }), "{mv:?}");
        }
    }

    #[test]
    fn a_proof_not_verified_by_the_deadline_is_not_used() {
        // North's Rook on 2 takes South's King on 10: a proof in one ply,
        // which the move's hard deadline, already past, leaves unverified.
        let text = "..r...P...K.......p./k................... north play 10";
        let pos = Pursuit::from_text(&PursuitOptions::default(), text).unwrap();
        let setup = SearchSetup::from_position(pos);
        let stop = AtomicBool::new(false);
        let (mv, depth, _) = solver::proven_win(&setup, 10_000, None, None, &stop).unwrap();
        assert_eq!((mv.as_str(), depth), ("2x10", 1));
        let past = Some(Instant::now());
        assert_eq!(solver::proven_win(&setup, 10_000, None, past, &stop), None);
    }
}
