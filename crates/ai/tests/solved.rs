//! A solver's saved table given to level `max` (`SearchContext::set_solved`,
//! `gamut play/analyse --solved`): from a 6x6 Lines of Action position the
//! test solves and saves, `max` with the table wins against every reply
//! of the first moves and then against random replies, each of its moves
//! scored as a known win; a table for other options is refused.

mod common;

use common::loa::{options, random_position};
use gamut_ai::solver::{LoadError, SolvedTable};
use gamut_ai::{
    search_record_in, EngineSpec, Level, Limits, Score, SearchContext, SearchSetup, SolveLimits,
    Solver, Verdict,
};
use gamut_core::{Game, GameOptions, GameRecord, MoveList, Player};
use gamut_loa::{Loa, LoaOptions};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A won position whose proof takes at least seven plies, solved under
/// the game's real rules (repetition, move limit), and the file its table
/// is saved in.
fn solved_position(file: &str) -> (Loa, u32, PathBuf) {
    let mut rng = SmallRng::seed_from_u64(16);
    loop {
        let pos = random_position(&mut rng, 4, Some(Player::First));
        let record = GameRecord::from_position(options(), pos.clone());
        let mut solver = Solver::<Loa>::new(8);
        let limits = SolveLimits {
            nodes: Some(100_000),
            ..SolveLimits::default()
        };
        let s = solver.solve(
            &SearchSetup::from_record(&record),
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        if s.verdict == Some(Verdict::Win) && s.depth.unwrap() >= 7 {
            let path = std::env::temp_dir().join(format!("gamut-{}-{file}", std::process::id()));
            solver.save(&options(), &path).unwrap();
            return (pos, s.depth.unwrap(), path);
        }
    }
}

/// `max` with the table to move in `record`: its move, checked to be
/// scored as a known win.
fn table_move(record: &GameRecord<Loa>, context: &mut SearchContext) -> String {
    let report = search_record_in(
        context,
        record,
        &EngineSpec::level(Level::Max),
        &Limits::nodes(1),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(
        matches!(report.info.score, Score::WinIn(_)),
        "{}: {report:?}",
        record.position().to_text()
    );
    report.best.expect("a move")
}

/// Play on from `record` (the table's side to move) to the end: every
/// reply while `exhaustive` replies are left, then random ones; returns
/// the games played.
fn win_against_all(
    record: &GameRecord<Loa>,
    winner: Player,
    exhaustive: u32,
    context: &mut SearchContext,
    rng: &mut SmallRng,
) -> u32 {
    if let Some(o) = record.outcome() {
        assert_eq!(o.winner, Some(winner), "{o} after {:?}", record.moves());
        return 1;
    }
    let mut next = record.clone();
    next.play_text(&table_move(record, context)).unwrap();
    if let Some(o) = next.outcome() {
        assert_eq!(o.winner, Some(winner), "{o}");
        return 1;
    }
    let mut replies = MoveList::new();
    next.position().legal_moves(&mut replies);
    let mut replies: Vec<_> = replies.into_iter().collect();
    if exhaustive == 0 {
        replies.shuffle(rng);
        replies.truncate(1);
    }
    let mut games = 0;
    for reply in replies {
        let mut after = next.clone();
        after.play(reply).unwrap();
        games += win_against_all(&after, winner, exhaustive.saturating_sub(1), context, rng);
    }
    games
}

#[test]
fn max_with_a_solved_table_wins_against_every_reply() {
    let (pos, depth, path) = solved_position("solved.pns");
    let solved = Arc::new(SolvedTable::load::<Loa>(&options(), &path).unwrap());
    std::fs::remove_file(&path).unwrap();
    assert!(solved.entries() > 0);
    let mut context = SearchContext::new();
    context.set_solved(Some(solved));
    let record = GameRecord::from_position(options(), pos.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    let games = win_against_all(&record, pos.side_to_move(), 3, &mut context, &mut rng);
    assert!(
        games > 10,
        "{games} games from {} (proof {depth})",
        pos.to_text()
    );
}

#[test]
fn a_table_for_other_options_is_refused() {
    let (_, _, path) = solved_position("other.pns");
    let other = LoaOptions::from_pairs([("size", "6"), ("move-limit", "40")]).unwrap();
    let e = SolvedTable::load::<Loa>(&other, &path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(e, LoadError::WrongGame { .. }), "{e}");
}
