//! The alpha-beta engine on Connect Four: forced wins, limits, the stop
//! flag, transposition-table correctness of proven scores, determinism,
//! game-level draw rules (repetition, move limit) and threads.

mod common;

use common::connect_four::{checked_proof, random_position, solve, C4Options, C4};
use common::toggle::{Toggle, ToggleOptions};
use gamut_ai::{search_record, search_setup, EngineSpec, Level, Limits, Score, SearchSetup};
use gamut_core::{Game, GameRecord, MoveList};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn position(opts: C4Options, moves: &str) -> C4 {
    C4::from_text(&opts, moves).unwrap()
}

fn max() -> EngineSpec {
    EngineSpec::level(Level::Max)
}

fn search(pos: &C4, limits: Limits) -> gamut_ai::SearchReport {
    let setup = SearchSetup::from_position(pos.clone());
    search_setup(
        &setup,
        &max(),
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn finds_a_forced_win_and_plays_it_out() {
    // Yellow holds c1 and d1 (Red c2, d2): b1 or e1 makes two threats.
    let mut pos = position(C4Options::default(), "ccdd");
    let report = search(&pos, Limits::depth(6));
    assert_eq!(report.info.score, Score::WinIn(3), "{report:?}");
    assert!(
        ["b", "e"].contains(&report.best.as_deref().unwrap()),
        "{report:?}"
    );
    pos.play(pos.parse_move(report.best.as_deref().unwrap()).unwrap());
    let mut replies = MoveList::new();
    pos.legal_moves(&mut replies);
    for &reply in &replies {
        let mut p = pos.clone();
        p.play(reply);
        let r = search(&p, Limits::depth(3));
        assert_eq!(r.info.score, Score::WinIn(1), "after {reply}: {r:?}");
    }
}

#[test]
fn blocks_an_immediate_threat() {
    // Red (to move) must stop Yellow's three in column a.
    let pos = position(C4Options::default(), "adadag");
    let report = search(&pos, Limits::depth(5));
    assert_eq!(report.best.as_deref(), Some("a"), "{report:?}");
}

#[test]
fn respects_depth_and_node_limits_and_reports_each_iteration() {
    let pos = C4::start(&C4Options::default());
    let mut depths = Vec::new();
    let setup = SearchSetup::from_position(pos.clone());
    let r = search_setup(
        &setup,
        &max(),
        &Limits::depth(7),
        &AtomicBool::new(false),
        &mut |i| depths.push(i.depth),
    );
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    assert_eq!(r.info.depth, 7);
    assert!(!r.info.pv.is_empty() && r.info.pv[0] == *r.best.as_ref().unwrap());
    let r = search(&pos, Limits::nodes(5_000));
    assert!(r.info.nodes <= 5_000, "{:?}", r.info);
    assert!(r.info.nodes >= 4_000, "{:?}", r.info);
    assert!(r.best.is_some());
}

#[test]
fn a_fixed_node_search_is_deterministic() {
    let pos = position(C4Options::default(), "dc");
    let a = search(&pos, Limits::nodes(30_000));
    let b = search(&pos, Limits::nodes(30_000));
    assert_eq!(a.best, b.best);
    assert_eq!(a.info.nodes, b.info.nodes);
    assert_eq!(a.info.pv, b.info.pv);
    let c = search(&pos, Limits::depth(8));
    let d = search(&pos, Limits::depth(8));
    assert_eq!((c.info.nodes, c.info.pv), (d.info.nodes, d.info.pv));
}

#[test]
fn the_stop_flag_ends_an_unlimited_search() {
    let pos = C4::start(&C4Options::default());
    let setup = SearchSetup::from_position(pos);
    let stop = AtomicBool::new(true);
    let r = search_setup(&setup, &max(), &Limits::default(), &stop, &mut |_| {});
    assert!(r.best.is_some(), "a move even when stopped at once");
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        search_setup(&setup, &max(), &Limits::default(), &stop, &mut |_| {})
    });
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "stopped after {:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
}

#[test]
fn a_move_time_is_kept() {
    let pos = C4::start(&C4Options::default());
    let t = Instant::now();
    let r = search(&pos, Limits::movetime(Duration::from_millis(200)));
    let took = t.elapsed();
    // Generous bound: the machine running the tests may be busy.
    assert!(took < Duration::from_millis(400), "took {took:?}");
    assert!(r.info.depth >= 3, "{:?}", r.info);
}

#[test]
fn proven_scores_agree_with_an_exact_solver() {
    // Small board, random positions: every win/loss the search claims
    // (through the transposition table's mate-score adjustments) is right.
    let opts = C4Options {
        width: 5,
        height: 4,
    };
    let mut rng = SmallRng::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..40 {
        let plies = [6usize, 8, 10].choose(&mut rng).copied().unwrap();
        let Some(pos) = random_position(&opts, plies, &mut rng) else {
            continue;
        };
        let r = search(&pos, Limits::depth(12));
        let Some(exact) = checked_proof(&pos, r.info.score) else {
            continue;
        };
        checked += 1;
        if exact == 1 {
            let mut after = pos.clone();
            after.play(after.parse_move(r.best.as_deref().unwrap()).unwrap());
            assert_eq!(solve(&after), -1, "winning move {r:?} in {}", pos.to_text());
        }
    }
    assert!(checked >= 10, "only {checked} proven positions");
}

#[test]
fn the_move_limit_turns_a_win_into_a_draw() {
    let pos = position(C4Options::default(), "ccdd");
    let mut setup = SearchSetup::from_position(pos);
    setup.plies_played = 4;
    setup.move_limit = Some(6);
    let r = search_setup(
        &setup,
        &max(),
        &Limits::depth(6),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(matches!(r.info.score, Score::Value(_)), "{r:?}");
}

#[test]
fn records_and_threads() {
    let record =
        GameRecord::from_position(C4Options::default(), position(C4Options::default(), "ccdd"));
    let stop = AtomicBool::new(false);
    let r = search_record(
        &record,
        &max().with_threads(2),
        &Limits::depth(7),
        &stop,
        &mut |_| {},
    );
    assert_eq!(r.info.score, Score::WinIn(3), "{r:?}");
    let mut over = GameRecord::<C4>::new(C4Options::default());
    for m in ["a", "b", "a", "b", "a", "b", "a"] {
        over.play_text(m).unwrap();
    }
    assert_eq!(
        search_record(&over, &max(), &Limits::depth(3), &stop, &mut |_| {}).best,
        None
    );
}

#[test]
fn a_repeated_position_is_a_draw() {
    // After two flips the start comes back: with the repetition rule the
    // search sees a draw (scored with `max`'s contempt, or 0 when the
    // scores are objective), without it the evaluation.
    let mut record = GameRecord::<Toggle>::new(ToggleOptions);
    record.play_text("flip").unwrap();
    record.play_text("flip").unwrap();
    let stop = AtomicBool::new(false);
    let r = search_record(&record, &max(), &Limits::depth(4), &stop, &mut |_| {});
    let draw = -Level::Max.profile().contempt;
    assert_eq!(r.info.score, Score::Value(draw), "{r:?}");
    // Analysis scores it objectively: a draw is 0.
    let r = search_record(
        &record,
        &max().objective(),
        &Limits::depth(4),
        &stop,
        &mut |_| {},
    );
    assert_eq!(r.info.score, Score::Value(0), "{r:?}");
    let mut setup = SearchSetup::from_record(&record);
    setup.repetition = false;
    let r = search_setup(&setup, &max(), &Limits::depth(4), &stop, &mut |_| {});
    assert_ne!(r.info.score, Score::Value(draw), "{r:?}");
}
