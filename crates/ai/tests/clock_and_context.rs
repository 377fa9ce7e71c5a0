//! Searches under a clock and the transposition table kept between moves
//! (`SearchContext`). Nothing here depends on the machine's speed: the
//! clock tests only check that a move comes back.

use gamut_ai::{
    search_record, search_record_in, Clock, EngineSpec, Level, Limits, SearchContext, SearchReport,
};
use gamut_core::GameRecord;
use gamut_loa::{Loa, LoaOptions};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn start() -> GameRecord<Loa> {
    GameRecord::new(LoaOptions::default())
}

fn search_in(
    ctx: &mut SearchContext,
    game: &GameRecord<Loa>,
    spec: &str,
    depth: u32,
) -> SearchReport {
    let spec: EngineSpec = spec.parse().unwrap();
    search_record_in(
        ctx,
        game,
        &spec.with_seed(3),
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn a_kept_table_answers_the_same_search_with_fewer_nodes() {
    let game = start();
    let mut ctx = SearchContext::new();
    let first = search_in(&mut ctx, &game, "max", 5);
    assert!(ctx.holds_table());
    let again = search_in(&mut ctx, &game, "max", 5);
    assert!(
        again.info.nodes * 2 < first.info.nodes,
        "{} nodes, then {}",
        first.info.nodes,
        again.info.nodes
    );
    // A fresh context searches it all again.
    let fresh = search_in(&mut SearchContext::new(), &game, "max", 5);
    assert_eq!(fresh.info.nodes, first.info.nodes);
}

#[test]
fn the_table_carries_over_to_the_next_move() {
    let mut game = start();
    let mut ctx = SearchContext::new();
    let first = search_in(&mut ctx, &game, "max", 6);
    // Play the expected line: the engine's move and the reply it expected.
    for mv in first.info.pv.iter().take(2) {
        game.play_text(mv).unwrap();
    }
    let kept = search_in(&mut ctx, &game, "max", 5);
    let fresh = search_in(&mut SearchContext::new(), &game, "max", 5);
    assert!(
        kept.info.nodes < fresh.info.nodes,
        "kept {} nodes, fresh {}",
        kept.info.nodes,
        fresh.info.nodes
    );
    // Clearing forgets.
    ctx.clear();
    assert!(!ctx.holds_table());
}

#[test]
fn levels_with_noise_keep_no_table() {
    let game = start();
    let mut ctx = SearchContext::new();
    search_in(&mut ctx, &game, "medium", 3);
    assert!(!ctx.holds_table());
    search_in(&mut ctx, &game, "max", 2);
    assert!(ctx.holds_table());
    search_in(&mut ctx, &game, "hard", 2);
    assert!(!ctx.holds_table());
}

#[test]
fn a_search_under_a_clock_answers_even_without_time() {
    let game = start();
    let stop = AtomicBool::new(false);
    for (left, inc) in [(0, 0), (5, 0), (0, 5), (200, 10)] {
        let clock = Clock::new(Duration::from_millis(left), Duration::from_millis(inc));
        for spec in ["max", "medium", "mcts"] {
            let spec: EngineSpec = spec.parse().unwrap();
            let r = search_record(&game, &spec, &Limits::clock(clock), &stop, &mut |_| {});
            let mv = r
                .best
                .unwrap_or_else(|| panic!("{spec} {clock:?}: no move"));
            assert!(game.clone().play_text(&mv).is_ok(), "{mv}");
        }
    }
}

#[test]
fn a_clock_with_a_depth_limit_stops_at_the_depth() {
    // The clock is far from used up: the depth ends the search.
    let clock = Clock::new(Duration::from_secs(3_600), Duration::ZERO);
    let limits = Limits {
        depth: Some(3),
        ..Limits::clock(clock)
    };
    let r = search_record(
        &start(),
        &EngineSpec::level(Level::Max),
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(r.info.depth, 3);
}
