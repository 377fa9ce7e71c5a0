//! The proof-number solver against exhaustive search (a plain minimax
//! written here) on small positions of 6x6 Lines of Action, Linear
//! Pursuit endings and Connect Four, against the alpha-beta's mate
//! scores; the verifier on real and corrupted proofs; saved tables; the
//! engine playing a proven win; two threads agreeing with one.

mod common;

use common::connect_four::{random_position, C4Options};
use common::loa::random_position as random_loa;
use common::toggle::{Toggle, ToggleOptions};
use gamut_ai::solver::{verify_win, PassResult, Progress, VerifyError};
use gamut_ai::{
    search_setup, EngineSpec, Level, Limits, Score, SearchSetup, SolveLimits, Solver, Verdict,
};
use gamut_core::{Game, GameOptions, MoveList, Player};
use gamut_loa::{Loa, LoaOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The value for the side to move (1 win, 0 draw, -1 loss) by plain
/// minimax under the game's rules as `setup` gives them: a board result,
/// then a draw at the *third* occurrence of a position (counting the path
/// from the root), then the move limit. `memo` (only without the
/// repetition rule, where values do not depend on the path) caches values
/// by position and plies left.
fn minimax<G: Game>(
    setup: &SearchSetup<G>,
    pos: &G,
    ply: u32,
    path: &mut Vec<u64>,
    memo: &mut Option<HashMap<(u64, u32), i8>>,
) -> i8 {
    if let Some(o) = pos.outcome() {
        return match o.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
        };
    }
    if setup.repetition && path.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
        return 0;
    }
    if setup.over_move_limit(pos, ply) {
        return 0;
    }
    if let Some(m) = memo.as_ref() {
        if let Some(&v) = m.get(&(pos.hash(), ply)) {
            return v;
        }
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    path.push(pos.hash());
    let mut best = -1;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play(mv);
        let v = minimax(setup, &child, ply + 1, path, memo);
        let v = if child.side_to_move() == pos.side_to_move() {
            v
        } else {
            -v
        };
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    path.pop();
    if let Some(m) = memo.as_mut() {
        m.insert((pos.hash(), ply), best);
    }
    best
}

fn exact<G: Game>(setup: &SearchSetup<G>) -> i8 {
    let mut memo = (!setup.repetition).then(HashMap::new);
    minimax(setup, &setup.root, 0, &mut Vec::new(), &mut memo)
}

fn quiet() -> impl FnMut(&Progress) + Send {
    |_: &Progress| {}
}

fn solve<G: Game>(setup: &SearchSetup<G>) -> gamut_ai::Solution {
    let mut solver = Solver::<G>::new(32);
    solver.solve(
        setup,
        &SolveLimits::default(),
        &AtomicBool::new(false),
        &mut quiet(),
    )
}

fn value_of(v: Verdict) -> i8 {
    match v {
        Verdict::Win => 1,
        Verdict::Draw => 0,
        Verdict::Loss => -1,
    }
}

/// `setup` with the move limit `plies` plies after its root.
fn limited<G: Game>(root: G, plies: u32, repetition: bool) -> SearchSetup<G> {
    let base = root.limit_plies().unwrap_or(0);
    SearchSetup {
        root,
        history: Vec::new(),
        plies_played: 0,
        repetition,
        move_limit: Some(base + plies),
        endings: None,
    }
}

/// Check the solver against minimax on `setup`; returns the value.
fn agree<G: Game>(setup: &SearchSetup<G>) -> i8 {
    let want = exact(setup);
    let got = solve(setup);
    let verdict = got
        .verdict
        .unwrap_or_else(|| panic!("unsolved {}: {got:?}", setup.root.to_text()));
    assert_eq!(
        value_of(verdict),
        want,
        "{} (limit {:?}, repetition {}): {got:?}",
        setup.root.to_text(),
        setup.move_limit,
        setup.repetition
    );
    if verdict == Verdict::Win {
        assert!(got.best.is_some());
        assert!(got.verification.as_ref().is_some_and(Result::is_ok));
    }
    want
}

#[test]
fn small_loa_positions_agree_with_minimax() {
    let mut rng = SmallRng::seed_from_u64(16);
    let mut seen = [0usize; 3];
    for i in 0..60 {
        let pos = random_loa(&mut rng, 2 + i % 3, None);
        // Without the repetition rule (values by position and plies left).
        let v = agree(&limited(pos.clone(), 7, false));
        seen[(v + 1) as usize] += 1;
        // With it: the real three-fold rule in the minimax, first
        // repetitions as draws in the solver (the same values).
        if i % 3 == 0 {
            agree(&limited(pos, 5, true));
        }
    }
    // The set has wins, losses and draws.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn mover_wins_loa_positions_agree_with_minimax() {
    let options = LoaOptions {
        size: 6,
        simultaneous: gamut_loa::Simultaneous::MoverWins,
        ..LoaOptions::default()
    };
    let mut rng = SmallRng::seed_from_u64(61);
    for _ in 0..20 {
        let text = random_loa(&mut rng, 3, None).to_text();
        let pos = Loa::from_text(&options, &text).unwrap();
        agree(&limited(pos, 6, false));
    }
}

/// Pursuit endings on `pentagrams`: the Kings and one or two pieces.
const PURSUIT_ENDINGS: &[&str] = &[
    // K+N v K, both Kings in play.
    "K.....N...........k./.................... south play 280",
    "k.........K...N...../.................... north play 280",
    // K+R v K and K+B v K.
    "K....R....k........./.................... south play 280",
    "K.........k....B..../.................... south play 284",
    // K+N+P v K, K+N v K+P.
    "K..P..N...k........./.................... south play 284",
    "K.....N...k..p....../.................... north play 284",
    // K+R v K+N.
    "K....R....k.....n.../.................... south play 286",
];

#[test]
fn pursuit_endings_agree_with_minimax() {
    let options = PursuitOptions::default();
    for text in PURSUIT_ENDINGS {
        let pos = Pursuit::from_text(&options, text).expect(text);
        let left = options.move_limit().unwrap() - pos.limit_plies().unwrap();
        let setup = SearchSetup {
            root: pos.clone(),
            history: Vec::new(),
            plies_played: 0,
            repetition: false,
            move_limit: options.move_limit(),
            endings: None,
        };
        assert!(left <= 20);
        agree(&setup);
        // With repetition, a shorter horizon keeps the minimax small.
        let mut short = setup;
        short.repetition = true;
        short.move_limit = Some(pos.limit_plies().unwrap() + 6);
        agree(&short);
    }
}

#[test]
fn connect_four_agrees_with_minimax_and_the_alpha_beta_mate_scores() {
    let opts = C4Options {
        width: 5,
        height: 4,
    };
    let mut rng = SmallRng::seed_from_u64(4);
    let mut compared = 0;
    while compared < 25 {
        let Some(pos) = random_position(&opts, 8, &mut rng) else {
            continue;
        };
        if pos.outcome().is_some() {
            continue;
        }
        let setup = SearchSetup::from_position(pos.clone());
        let v = agree(&setup);
        let report = search_setup(
            &setup,
            &EngineSpec::level(Level::Max),
            &Limits::depth(14),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let solution = solve(&setup);
        match report.info.score {
            Score::WinIn(n) => {
                assert_eq!(v, 1);
                // The proof's longest line is never shorter than the
                // shortest forced win.
                assert!(solution.depth.unwrap() >= n, "{solution:?} vs win in {n}");
            }
            Score::LossIn(n) => {
                assert_eq!(v, -1);
                assert!(solution.depth.unwrap() >= n);
            }
            Score::Value(_) => {}
        }
        compared += 1;
    }
}

#[test]
fn a_forced_repetition_is_a_draw_and_a_cycle_is_not_a_win() {
    // Toggle's only move flips a bit: the game only repeats.
    let root = Toggle::start(&ToggleOptions);
    let mut setup = SearchSetup::from_position(root);
    setup.repetition = true;
    assert_eq!(solve(&setup).verdict, Some(Verdict::Draw));
    setup.repetition = false;
    assert_eq!(solve(&setup).verdict, Some(Verdict::Draw));
}

/// `setup` solved on two threads, the root's children shared out after
/// `split_after` nodes on one thread.
fn solve_on_two<G: Game>(setup: &SearchSetup<G>, split_after: u64) -> gamut_ai::Solution {
    let mut solver = Solver::<G>::with_threads(32, 2);
    assert_eq!(solver.threads(), 2);
    let limits = SolveLimits {
        split_after,
        ..SolveLimits::default()
    };
    solver.solve(setup, &limits, &AtomicBool::new(false), &mut quiet())
}

#[test]
fn two_threads_agree_with_one() {
    let mut setups = Vec::new();
    let mut rng = SmallRng::seed_from_u64(16);
    for i in 0..30 {
        let pos = random_loa(&mut rng, 2 + i % 3, None);
        setups.push(limited(pos.clone(), 7, false));
        if i % 3 == 0 {
            setups.push(limited(pos, 5, true));
        }
    }
    let mut seen = [0usize; 3];
    for setup in &setups {
        let one = solve(setup);
        let verdict = one.verdict.expect("solved on one thread");
        seen[(value_of(verdict) + 1) as usize] += 1;
        // At once (every root child searched by a thread) and after a
        // probe on one thread.
        for split_after in [0, 300] {
            let two = solve_on_two(setup, split_after);
            let what = format!("{} after {split_after}", setup.root.to_text());
            assert_eq!(two.verdict, one.verdict, "{what}: {two:?}");
            assert_eq!(
                two.passes.iter().map(|p| p.result).collect::<Vec<_>>(),
                one.passes.iter().map(|p| p.result).collect::<Vec<_>>(),
                "{what}"
            );
            assert!(two.nodes > 0 || one.nodes == 0, "{what}: {two:?}");
            match verdict {
                Verdict::Win | Verdict::Loss => {
                    assert!(
                        two.verification.as_ref().is_some_and(Result::is_ok),
                        "{what}: {two:?}"
                    );
                    assert_eq!(two.best.is_some(), verdict == Verdict::Win, "{what}");
                }
                Verdict::Draw => assert!(two.best.is_some(), "{what}: {two:?}"),
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");

    // Pursuit endings under the move limit, with repetition on a shorter
    // horizon.
    let options = PursuitOptions::default();
    for text in PURSUIT_ENDINGS {
        let pos = Pursuit::from_text(&options, text).expect(text);
        let mut setup = limited(pos.clone(), 20, false);
        setup.move_limit = options.move_limit();
        let short = limited(pos, 6, true);
        for setup in [setup, short] {
            let one = solve(&setup).verdict;
            assert!(one.is_some(), "{text}");
            assert_eq!(solve_on_two(&setup, 0).verdict, one, "{text}");
        }
    }

    // Draws by repetition only (the root's children repeat the root).
    let root = Toggle::start(&ToggleOptions);
    for repetition in [true, false] {
        let mut setup = SearchSetup::from_position(root.clone());
        setup.repetition = repetition;
        assert_eq!(solve_on_two(&setup, 0).verdict, Some(Verdict::Draw));
    }

    // Stopped by the node budget: unknown, as on one thread.
    let start = SearchSetup::from_position(Loa::start(&LoaOptions {
        size: 6,
        ..LoaOptions::default()
    }));
    let limits = SolveLimits {
        nodes: Some(20_000),
        split_after: 0,
        ..SolveLimits::default()
    };
    let stopped = Solver::<Loa>::with_threads(8, 2).solve(
        &start,
        &limits,
        &AtomicBool::new(false),
        &mut quiet(),
    );
    assert_eq!(stopped.verdict, None, "{stopped:?}");
    assert_eq!(stopped.passes[0].result, PassResult::Unknown);
}

/// A won 6x6 position and its solver (table kept).
fn won_loa() -> (SearchSetup<Loa>, Solver<Loa>) {
    let mut rng = SmallRng::seed_from_u64(7);
    loop {
        let pos = random_loa(&mut rng, 4, None);
        let setup = limited(pos, 9, false);
        let mut solver = Solver::<Loa>::new(4);
        let s = solver.solve(
            &setup,
            &SolveLimits::default(),
            &AtomicBool::new(false),
            &mut quiet(),
        );
        if s.verdict == Some(Verdict::Win) && s.depth.unwrap() >= 5 {
            return (setup, solver);
        }
    }
}

#[test]
fn the_verifier_accepts_real_proofs_and_rejects_a_corrupted_one() {
    let (setup, solver) = won_loa();
    let me = setup.root.side_to_move();
    let mut real = |pos: &Loa, ply: u32, _: &[u64], out: &mut Vec<_>| {
        out.extend(solver.proof_moves(&setup, pos, ply, me));
    };
    let ok = verify_win(&setup, me, &mut real, 1_000_000).expect("a real proof");
    assert!(ok.depth >= 5 && ok.first_move.is_some());

    // Corrupt it: at the first position three plies down the main line,
    // propose a move the table does not prove (or none).
    let mut corrupted = |pos: &Loa, ply: u32, _: &[u64], out: &mut Vec<_>| {
        let proven = solver.proof_moves(&setup, pos, ply, me);
        if ply == 2 {
            let mut legal = MoveList::new();
            pos.legal_moves(&mut legal);
            out.extend(
                legal
                    .iter()
                    .copied()
                    .filter(|m| !proven.contains(m))
                    .take(1),
            );
        } else {
            out.extend(proven);
        }
    };
    let err = verify_win(&setup, me, &mut corrupted, 1_000_000).expect_err("corrupted");
    assert!(matches!(err, VerifyError::Refuted { .. }), "{err}");

    // Claiming the win for the other side fails too.
    let mut theirs = |pos: &Loa, ply: u32, _: &[u64], out: &mut Vec<_>| {
        out.extend(solver.proof_moves(&setup, pos, ply, me.other()));
    };
    assert!(verify_win(&setup, me.other(), &mut theirs, 1_000_000).is_err());
    // And a budget too small is reported as such.
    assert_eq!(
        verify_win(&setup, me, &mut real, 2),
        Err(VerifyError::OutOfBudget(2))
    );
}

#[test]
fn saved_tables_round_trip_and_bad_files_are_refused() {
    let (setup, solver) = won_loa();
    let dir = std::env::temp_dir().join(format!("gamut-solver-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.pns");
    let options = LoaOptions {
        size: 6,
        ..LoaOptions::default()
    };
    let written = solver.save(&options, &path).unwrap();
    assert!(written as usize <= solver.table_used() && written > 0);

    let mut back = Solver::<Loa>::new(4);
    assert_eq!(back.load(&options, &path).unwrap(), written);
    let me = setup.root.side_to_move();
    assert_eq!(
        back.proof_moves(&setup, &setup.root, 0, me),
        solver.proof_moves(&setup, &setup.root, 0, me)
    );
    // Resuming from the table: solved again, with far fewer nodes.
    let again = back.solve(
        &setup,
        &SolveLimits::default(),
        &AtomicBool::new(false),
        &mut quiet(),
    );
    assert_eq!(again.verdict, Some(Verdict::Win));
    assert!(again.nodes <= 2, "{again:?}");

    // Other options, a flipped byte, a truncated file, another format.
    let other = LoaOptions {
        simultaneous: gamut_loa::Simultaneous::MoverWins,
        ..options
    };
    let e = Solver::<Loa>::new(1).load(&other, &path).unwrap_err();
    assert!(e.to_string().contains("made for"), "{e}");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 20] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let e = Solver::<Loa>::new(1).load(&options, &path).unwrap_err();
    assert!(e.to_string().contains("checksum"), "{e}");
    std::fs::write(&path, &bytes[..n - 3]).unwrap();
    let e = Solver::<Loa>::new(1).load(&options, &path).unwrap_err();
    assert!(e.to_string().contains("truncated"), "{e}");
    std::fs::write(&path, b"GAMUTPNS\x09\0\0\0").unwrap();
    let e = Solver::<Loa>::new(1).load(&options, &path).unwrap_err();
    assert!(e.to_string().contains("version 9"), "{e}");
    std::fs::write(&path, b"hello").unwrap();
    let e = Solver::<Loa>::new(1).load(&options, &path).unwrap_err();
    assert!(e.to_string().contains("not a gamut solver table"), "{e}");

    // Two threads' tables saved in one file, loaded by one thread.
    let mut two = Solver::<Loa>::with_threads(8, 2);
    let limits = SolveLimits {
        split_after: 0,
        ..SolveLimits::default()
    };
    let stop = AtomicBool::new(false);
    let first = two.solve(&setup, &limits, &stop, &mut quiet());
    assert_eq!(first.verdict, Some(Verdict::Win));
    let written = two.save(&options, &path).unwrap();
    assert!(written as usize <= two.table_used() && written > 0);
    let mut one = Solver::<Loa>::new(8);
    assert_eq!(one.load(&options, &path).unwrap(), written);
    let again = one.solve(&setup, &SolveLimits::default(), &stop, &mut quiet());
    assert_eq!(again.verdict, Some(Verdict::Win));
    assert!(again.nodes <= 2, "{again:?}");
    // And a file loaded by two threads gives each of them the table.
    let mut both = Solver::<Loa>::with_threads(8, 2);
    both.load(&options, &path).unwrap();
    assert!(both.table_used() > one.table_used(), "{both:?}");
    let again = both.solve(&setup, &limits, &stop, &mut quiet());
    assert_eq!(again.verdict, Some(Verdict::Win));
    assert!(again.nodes <= 2, "{again:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn level_max_plays_a_proven_win_straight() {
    let (setup, _) = won_loa();
    let me = setup.root.side_to_move();
    let report = search_setup(
        &setup,
        &EngineSpec::level(Level::Max),
        &Limits::movetime(std::time::Duration::from_secs(5)),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let Score::WinIn(n) = report.info.score else {
        panic!("{report:?}");
    };
    // The move is a verified win.
    let mut after = setup.root.clone();
    after.play(after.parse_move(report.best.as_deref().unwrap()).unwrap());
    let mut child = setup.clone();
    child.root = after;
    child.plies_played += 1;
    let v = exact(&child);
    let v = if child.root.side_to_move() == me {
        v
    } else {
        -v
    };
    assert_eq!(v, 1, "{report:?}");
    assert!(n >= 1);
    let _ = Player::First;
}
