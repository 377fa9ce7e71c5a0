//! Run the engine an [`EngineSpec`] names on a position of a game that
//! implements [`Evaluate`]: apply the level's budget and weaknesses, pick
//! the algorithm.

use crate::alphabeta::Noise;
use crate::evaluate::Evaluate;
use crate::iterative::{alphabeta, AlphaBetaConfig};
use crate::mcts::{search_mcts, MctsConfig};
use crate::setup::SearchSetup;
use crate::{EngineKind, EngineSpec, Limits, Score, SearchInfo, SearchReport};
use gamut_core::{GameRecord, MoveList};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Search the current position of `record` (its history gives repetition
/// draws, its options the move limit) with the engine `spec`, within
/// `limits` capped by the level's budget, until `stop`; `on_info` is called
/// after each completed iteration. `best` is `None` if the game is over.
pub fn search_record<G: Evaluate>(
    record: &GameRecord<G>,
    spec: &EngineSpec,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchReport {
    if record.outcome().is_some() {
        return empty_report(None);
    }
    search_setup(
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
    if setup.root.outcome().is_some() {
        return empty_report(None);
    }
    let profile = spec.level.profile();
    let limits = limits.tighter(profile.cap);
    let mut moves = MoveList::new();
    setup.root.legal_moves(&mut moves);
    let mut rng = rand::thread_rng();
    let random_move = || {
        moves
            .choose(&mut rand::thread_rng())
            .map(|&m| setup.root.move_text(m))
    };
    let mut report = match spec.kind {
        EngineKind::Random => return empty_report(random_move()),
        EngineKind::AlphaBeta => {
            let config = AlphaBetaConfig {
                threads: spec.threads.clamp(1, profile.max_threads),
                noise: Noise {
                    amplitude: profile.noise,
                    seed: if profile.noise > 0 { rng.gen() } else { 0 },
                },
                tt_megabytes: profile.tt_megabytes,
            };
            alphabeta(setup, &config, &limits, stop, on_info)
        }
        EngineKind::Mcts => search_mcts(setup, &MctsConfig::default(), &limits, stop, on_info),
    };
    // A weak level sometimes plays a random move, but never throws away a
    // win it has found.
    let found_win = matches!(report.info.score, Score::WinIn(_));
    if !found_win && profile.blunder_chance > 0.0 && rng.gen_bool(profile.blunder_chance.min(1.0)) {
        report.best = random_move();
    }
    report
}

/// The report of a search that did not search.
fn empty_report(best: Option<String>) -> SearchReport {
    SearchReport {
        info: SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::Value(0),
            nodes: 0,
            time: Duration::ZERO,
            pv: best.iter().cloned().collect(),
        },
        best,
    }
}
