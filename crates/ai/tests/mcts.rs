//! The MCTS engine on Connect Four: the solver proves forced wins, threats
//! are blocked, limits and determinism hold, random playouts work.

mod common;

use common::connect_four::{checked_proof, random_position, C4Options, C4};
use gamut_ai::{search_mcts, Limits, MctsConfig, Playout, Score, SearchSetup};
use gamut_core::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;

fn run(moves: &str, config: &MctsConfig, limits: Limits) -> gamut_ai::SearchReport {
    let pos = C4::from_text(&C4Options::default(), moves).unwrap();
    let setup = SearchSetup::from_position(pos);
    search_mcts(
        &setup,
        config,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn the_solver_proves_a_forced_win() {
    let r = run("ccdd", &MctsConfig::default(), Limits::nodes(200_000));
    assert_eq!(r.info.score, Score::WinIn(3), "{r:?}");
    assert!(["b", "e"].contains(&r.best.as_deref().unwrap()), "{r:?}");
    assert!(
        r.info.nodes < 200_000,
        "the proof ends the search early: {:?}",
        r.info
    );
}

#[test]
fn the_solver_proves_a_forced_loss() {
    // After Yellow's e1 Red cannot stop both b1 and f1.
    let r = run("ccdde", &MctsConfig::default(), Limits::nodes(200_000));
    assert_eq!(r.info.score, Score::LossIn(2), "{r:?}");
}

#[test]
fn blocks_an_immediate_threat() {
    let r = run("adadag", &MctsConfig::default(), Limits::nodes(3_000));
    assert_eq!(r.best.as_deref(), Some("a"), "{r:?}");
}

#[test]
fn random_playouts_and_determinism() {
    let config = MctsConfig {
        playout: Playout::Random(60),
        ..MctsConfig::default()
    };
    let a = run("dd", &config, Limits::nodes(2_000));
    let b = run("dd", &config, Limits::nodes(2_000));
    assert_eq!(a.info.nodes, 2_000);
    assert_eq!(
        (a.best, a.info.pv, a.info.score),
        (b.best, b.info.pv, b.info.score)
    );
    let r = run("ccdd", &config, Limits::nodes(200_000));
    assert_eq!(r.info.score, Score::WinIn(3), "{r:?}");
}

#[test]
fn a_depth_limit_bounds_the_tree() {
    let r = run("", &MctsConfig::default(), Limits::depth(3));
    assert!(r.info.seldepth >= 3 && r.best.is_some(), "{r:?}");
}

#[test]
fn proofs_agree_with_an_exact_solver() {
    let opts = C4Options {
        width: 5,
        height: 4,
    };
    let mut rng = SmallRng::seed_from_u64(9);
    let mut proven = 0;
    for _ in 0..30 {
        let Some(pos) = random_position(&opts, 8, &mut rng) else {
            continue;
        };
        let setup = SearchSetup::from_position(pos.clone());
        let r = search_mcts(
            &setup,
            &MctsConfig::default(),
            &Limits::nodes(20_000),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        if checked_proof(&pos, r.info.score).is_none() {
            continue;
        }
        proven += 1;
    }
    assert!(proven >= 5, "only {proven} proofs");
}

#[test]
fn the_stop_flag_ends_an_unlimited_search() {
    let setup = SearchSetup::from_position(C4::start(&C4Options::default()));
    let stop = AtomicBool::new(false);
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        search_mcts(
            &setup,
            &MctsConfig::default(),
            &Limits::default(),
            &stop,
            &mut |_| {},
        )
    });
    assert!(r.best.is_some() && r.info.nodes > 0, "{r:?}");
}
