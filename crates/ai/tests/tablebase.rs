//! Endgame tables of Linear Pursuit (`gamut_ai::tablebase`) on samples of
//! their positions, on `pentagrams` (the default board) and on `star16`:
//! agreement with an exhaustive minimax written here (values under a move
//! limit and the exact distances), with the proof-number solver and with
//! the alpha-beta's mate scores; and level `max` winning a table-won
//! ending against `max` within the table's distance.

use gamut_ai::tablebase::{EndgameTable, Oracle, TableLimits, TableValue, Tablebase};
use gamut_ai::{
    search_record, search_setup, EngineSpec, Evaluate, Level, Limits, Score, SearchSetup,
    SolveLimits, Solver, Verdict,
};
use gamut_core::{Game, GameOptions, GameRecord, MoveList, Player, Retrograde};
use gamut_pursuit::{Board, Pursuit, PursuitMaterial, PursuitOptions};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Room for every table of these tests.
const LIMITS: TableLimits = TableLimits {
    table_indexes: 1 << 23,
    total_indexes: 1 << 25,
};

/// Options for the `star16` board shipped with the engine.
fn star16() -> PursuitOptions {
    let mut o = PursuitOptions::default();
    o.set("board", include_str!("../../pursuit/boards/star16.board"))
        .expect("star16 is valid");
    o
}

/// The tables of the tests: three pieces on both boards, and one of four
/// pieces on `star16`.
fn tables() -> Vec<Arc<EndgameTable<Pursuit>>> {
    let mut base = Tablebase::<Pursuit>::new(LIMITS);
    let mut out = Vec::new();
    for (board, texts) in [
        (
            Board::pentagrams(),
            &["KN v K", "K v KR", "KB v K", "KP v K"][..],
        ),
        (star16().board, &["KN v K", "KR v K", "KN v KP"][..]),
    ] {
        for text in texts {
            let m = PursuitMaterial::parse(board, text).unwrap();
            out.push(base.build(&m).unwrap());
        }
    }
    out
}

/// About `count` positions of `table`, spread over its indexes.
fn sample(table: &EndgameTable<Pursuit>, count: u64) -> Vec<(Pursuit, TableValue)> {
    let n = table.stats().indexes;
    let step = (n / count).max(1) | 1;
    (0..n)
        .step_by(step as usize)
        .filter_map(|i| {
            let pos = Pursuit::from_index(table.material(), i)?;
            let value = table.value_at(i)?;
            Some((pos, value))
        })
        .collect()
}

/// 1, 0 or -1: the side to move wins, draws or loses `value`.
fn sign(value: TableValue) -> i8 {
    match value {
        TableValue::Win(_) => 1,
        TableValue::Draw => 0,
        TableValue::Loss(_) => -1,
    }
}

/// The exact value (1, 0, -1) of `pos` for its side to move when the game
/// is drawn after `left` more plies, by plain memoised minimax over every
/// move (no repetition rule).
fn minimax(pos: &Pursuit, left: u32, memo: &mut HashMap<(u64, u32), i8>) -> i8 {
    if let Some(o) = pos.outcome() {
        return match o.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
        };
    }
    if left == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&(pos.hash(), left)) {
        return v;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -1;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play(mv);
        best = best.max(-minimax(&child, left - 1, memo));
        if best == 1 {
            break;
        }
    }
    memo.insert((pos.hash(), left), best);
    best
}

/// The longest horizon the minimax checks.
const HORIZON: u32 = 14;

#[test]
fn values_and_distances_agree_with_minimax() {
    let mut checked = [0u32; 3];
    for table in tables() {
        let mut memo = HashMap::new();
        for (pos, value) in sample(&table, 150) {
            for left in [0, 1, 2, 3, 5, 8] {
                let want = minimax(&pos, left, &mut memo);
                assert_eq!(
                    sign(value.within(Some(left))),
                    want,
                    "{} ({value}) with {left} plies left",
                    pos.to_text()
                );
            }
            // A win or a loss in d: decided with d plies left, not with
            // d - 1.
            if let Some(d) = value.distance().map(u32::from).filter(|&d| d <= HORIZON) {
                assert_eq!(
                    minimax(&pos, d, &mut memo),
                    sign(value),
                    "{}",
                    pos.to_text()
                );
                if d > 0 {
                    assert_eq!(minimax(&pos, d - 1, &mut memo), 0, "{}", pos.to_text());
                }
            }
            checked[(1 - sign(value)) as usize] += 1;
        }
    }
    assert!(
        checked.iter().all(|&n| n > 20),
        "won/drawn/lost {checked:?}"
    );
}

#[test]
fn values_agree_with_the_proof_number_solver() {
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for table in tables() {
        for (pos, value) in sample(&table, 16) {
            if pos.outcome().is_some() {
                continue;
            }
            let left = value.distance().map_or(10, |d| u32::from(d).min(10));
            let setup = SearchSetup {
                move_limit: Some(pos.ply() + left),
                ..SearchSetup::from_position(pos.clone())
            };
            let solution = Solver::<Pursuit>::new(8).solve(
                &setup,
                &SolveLimits::default(),
                &stop,
                &mut |_| {},
            );
            let want = match value.within(Some(left)) {
                TableValue::Win(_) => Verdict::Win,
                TableValue::Loss(_) => Verdict::Loss,
                TableValue::Draw => Verdict::Draw,
            };
            assert_eq!(solution.verdict, Some(want), "{} ({value})", pos.to_text());
            if let (Some(depth), Some(d)) = (solution.depth, value.distance()) {
                // The proof's longest line is never shorter than perfect
                // play's distance.
                assert!(depth >= u32::from(d), "{}: {depth} < {d}", pos.to_text());
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
}

/// An oracle that knows nothing: the alpha-beta without the tables.
#[derive(Debug)]
struct Nothing;

impl Oracle<Pursuit> for Nothing {
    fn probe(&self, _: &Pursuit, _: Option<u32>) -> Option<TableValue> {
        None
    }
}

#[test]
fn wins_and_losses_agree_with_the_alpha_beta_mate_scores() {
    let mut checked = 0;
    for table in tables() {
        for (pos, value) in sample(&table, 60) {
            let Some(d) = value.distance().filter(|&d| (1..=7).contains(&d)) else {
                continue;
            };
            let setup = SearchSetup {
                endings: Some(Arc::new(Nothing)),
                ..SearchSetup::from_position(pos.clone())
            };
            let report = search_setup(
                &setup,
                &EngineSpec::level(Level::Max),
                &Limits::depth(u32::from(d) + 2),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            // The search may find a longer win than perfect play's (it
            // prunes), never a shorter one, and never the wrong result.
            let d = u32::from(d);
            match (value, report.info.score) {
                (TableValue::Win(_), Score::WinIn(n)) | (TableValue::Loss(_), Score::LossIn(n)) => {
                    eprintln!("{} {value} {n}", pos.to_text());
                    assert!(n >= d, "{}: {value}, search {n}", pos.to_text());
                }
                (_, score) => panic!("{}: {value}, search {score}", pos.to_text()),
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
}

/// A won position of `table` with the longest win for the first player.
fn longest_win(table: &EndgameTable<Pursuit>) -> (Pursuit, u16) {
    let longest = table.stats().longest_win[0];
    (0..table.stats().indexes)
        .find_map(|i| {
            let pos = Pursuit::from_index(table.material(), i)?;
            (pos.side_to_move() == Player::First
                && table.value_at(i) == Some(TableValue::Win(longest)))
            .then_some((pos, longest))
        })
        .expect("a longest win")
}

#[test]
fn max_wins_a_table_won_ending_against_max_within_the_table_distance() {
    let cases = [
        (PursuitOptions::default(), "KN v K"),
        (PursuitOptions::default(), "KP v K"),
        // Two Knights win from almost everywhere, at most in 21 plies;
        // level max uses a four-piece table once it is built.
        (PursuitOptions::default(), "KNN v K"),
        (star16(), "KN v K"),
        (star16(), "KP v K"),
    ];
    for (options, text) in cases {
        {
            if PursuitMaterial::parse(options.board, text)
                .unwrap()
                .pieces()
                > 3
            {
                Pursuit::build_endings(&options, text).unwrap();
            }
            let material = PursuitMaterial::parse(options.board, text).unwrap();
            let table = Tablebase::<Pursuit>::new(LIMITS).build(&material).unwrap();
            let (start, distance) = longest_win(&table);
            let mut record = GameRecord::from_position(options.clone(), start.clone());
            let spec = EngineSpec::level(Level::Max).with_seed(1);
            let mut first = true;
            while record.outcome().is_none() {
                let report = search_record(
                    &record,
                    &spec,
                    &Limits::nodes(3_000),
                    &AtomicBool::new(false),
                    &mut |_| {},
                );
                if first {
                    assert_eq!(report.info.score, Score::WinIn(u32::from(distance)));
                    first = false;
                }
                record.play_text(report.best.as_deref().unwrap()).unwrap();
                assert!(record.moves().len() <= usize::from(distance), "{record:?}");
            }
            let outcome = record.outcome().unwrap();
            assert_eq!(
                outcome.winner,
                Some(Player::First),
                "{}: {outcome}",
                start.to_text()
            );
            assert_eq!(
                record.moves().len(),
                usize::from(distance),
                "{}",
                start.to_text()
            );
        }
    }
}
