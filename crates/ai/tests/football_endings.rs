//! Chess Football's solved match endings: the wrapper game
//! [`FootballEnding`] (consistent, Football's hash, its ends), the solver
//! on it against an exhaustive minimax, and level `max` playing a proven
//! match win.

use gamut_ai::{
    search_setup, EngineSpec, Evaluate, FootballEnding, Level, Limits, Score, SearchSetup,
    SolveLimits, Solver, Verdict,
};
use gamut_core::{check_playouts_from, random_playout, Game, GameRecord, MoveList, Player};
use gamut_football::{Football, FootballOptions, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// White's Queen on d5 holds the ball, its shot to d8 open; no Black
/// piece can tackle it or reach d6, d7 or d8 in one action.
const OPEN_SHOT: &str = "5k1r/8/p6p/3Q4/8/8/R1P2P2/nN2K1q1 d5";

/// The rules file's standard test position's board, White's Knight on e4
/// holding the ball.
const STANDARD: &str = "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4";

/// A position of the second half with `board_ball` (board and ball
/// fields), `side` to move, `left` actions left and the score
/// `white`-`black`.
fn late(board_ball: &str, side: char, left: u16, white: u8, black: u8) -> Football {
    let text = format!(
        "{board_ball} {side} play b 2 {} {white}-{black} QRN/QRN -/- -",
        90 - left
    );
    Football::from_text(&FootballOptions::default(), &text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The wrapper's search setup of a lone position.
fn setup_of(pos: &Football) -> SearchSetup<FootballEnding> {
    SearchSetup::football_ending(&SearchSetup::from_position(pos.clone()))
}

/// The wrapper's value for the side to move (1 win, 0 draw or
/// undetermined, -1 loss) by plain minimax (Football positions never
/// repeat and there is no move limit), memoised by hash.
fn minimax(pos: &FootballEnding, memo: &mut HashMap<u64, i8>) -> i8 {
    if let Some(o) = pos.outcome() {
        return match o.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
        };
    }
    if let Some(&v) = memo.get(&pos.hash()) {
        return v;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -1;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play(mv);
        let v = minimax(&child, memo);
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
    memo.insert(pos.hash(), best);
    best
}

/// The solver's verdict for the side to move on the wrapper, with its
/// move and depth.
fn solve(pos: &Football) -> (Option<Verdict>, Option<String>, Option<u32>) {
    let mut solver = Solver::<FootballEnding>::new(16);
    let limits = SolveLimits {
        nodes: Some(2_000_000),
        ..SolveLimits::default()
    };
    let s = solver.solve(
        &setup_of(pos),
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    (s.verdict, s.best, s.depth)
}

/// The wrapper's minimax value after `mv` for the side that played it.
fn value_after(pos: &Football, mv: &str) -> i8 {
    let mut child = FootballEnding(pos.clone());
    child.play(pos.parse_move(mv).unwrap());
    let v = minimax(&child, &mut HashMap::new());
    if child.side_to_move() == pos.side_to_move() {
        v
    } else {
        -v
    }
}

#[test]
fn a_goal_with_the_last_action_is_a_proven_win_in_one() {
    let pos = late(OPEN_SHOT, 'w', 1, 0, 0);
    let (verdict, best, depth) = solve(&pos);
    assert_eq!((verdict, depth), (Some(Verdict::Win), Some(1)));
    let mut after = pos.clone();
    after.play(pos.parse_move(&best.unwrap()).unwrap());
    assert_eq!(after.outcome().and_then(|o| o.winner), Some(Player::First));
}

#[test]
fn an_unstoppable_goal_in_three_actions_waits_for_the_last() {
    // Scoring now (1-0, two actions left, Black kicking off) leaves the
    // match undetermined; a quiet action, any Black one, then the goal
    // wins it.
    let pos = late(OPEN_SHOT, 'w', 3, 0, 0);
    let (verdict, best, depth) = solve(&pos);
    assert_eq!((verdict, depth), (Some(Verdict::Win), Some(3)));
    let best = best.unwrap();
    assert_eq!(value_after(&pos, &best), 1, "{best}");
    assert_eq!(value_after(&pos, "d5>d8"), 0);
}

#[test]
fn a_side_that_cannot_stop_the_equaliser_has_no_proven_win() {
    // Black leads, but White's open shot comes on the last action.
    let pos = late(OPEN_SHOT, 'b', 3, 0, 1);
    let (verdict, _, _) = solve(&pos);
    assert_eq!(verdict, Some(Verdict::Draw));
    let setup = SearchSetup::from_position(pos.clone());
    let found = Football::proven_win(&setup, 1_000_000, None, None, &AtomicBool::new(false));
    assert_eq!(found, None);
}

#[test]
fn a_lead_the_opponent_cannot_overturn_is_a_proven_win() {
    // 2-0, four actions left, Black to move: Black needs two goals in its
    // two actions without holding the ball: it cannot.
    let pos = late(OPEN_SHOT, 'b', 4, 2, 0);
    assert_eq!(FootballEnding::decided(&pos), None);
    let (verdict, _, depth) = solve(&pos);
    assert_eq!(verdict, Some(Verdict::Loss), "White's win");
    assert!(depth.is_some_and(|d| d <= 4), "{depth:?}");
}

#[test]
fn goals_possible_count_each_sides_own_actions() {
    // Second half, White to move, three actions left, ten pieces besides
    // the Kings: White acts twice, Black once.
    let pos = late(OPEN_SHOT, 'w', 3, 0, 0);
    assert_eq!(FootballEnding::goals_possible(&pos, Player::First), 2);
    assert_eq!(FootballEnding::goals_possible(&pos, Player::Second), 1);
    assert_eq!(
        FootballEnding::decided(&late(OPEN_SHOT, 'w', 3, 0, 2)),
        None
    );
    let lead = late(OPEN_SHOT, 'w', 3, 0, 3);
    assert_eq!(FootballEnding::decided(&lead), Some(Player::Second));
    // With few pieces a reset could come first: every action counts.
    let few = late("5k2/8/8/3Q4/8/8/8/4K3 d5", 'w', 3, 0, 0);
    assert_eq!(FootballEnding::goals_possible(&few, Player::Second), 3);
    // In the first half the second half counts too.
    let text = "5k1r/8/p6p/3Q4/8/8/R1P2P2/nN2K1q1 d5 w play w 1 88 5-0 QRN/QRN -/- -";
    let first = Football::from_text(&FootballOptions::default(), text).unwrap();
    assert_eq!(FootballEnding::goals_possible(&first, Player::Second), 92);
    assert_eq!(FootballEnding::decided(&first), None);
}

#[test]
fn a_goal_scored_ends_the_wrapper_as_decided_or_undetermined() {
    // The goal with the match's second-to-last action: 2-0, Black kicks
    // off with the last one and cannot make up two goals.
    let pos = late(OPEN_SHOT, 'w', 2, 1, 0);
    let mut w = FootballEnding(pos.clone());
    w.play(pos.parse_move("d5>d8").unwrap());
    assert_eq!(w.0.phase(), Phase::Place);
    assert_eq!(w.outcome().and_then(|o| o.winner), Some(Player::First));
    // At 0-0 the same goal leaves 1-0 and Black's kick-off: undetermined.
    let pos = late(OPEN_SHOT, 'w', 2, 0, 0);
    let mut w = FootballEnding(pos.clone());
    w.play(pos.parse_move("d5>d8").unwrap());
    let o = w.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert_eq!(w.0.outcome(), None, "the real match goes on");
}

#[test]
fn the_wrapper_is_consistent_and_keeps_footballs_hash() {
    let options = FootballOptions::default();
    let mut starts = vec![
        late(OPEN_SHOT, 'w', 20, 0, 0),
        late(OPEN_SHOT, 'b', 9, 1, 2),
    ];
    // Late positions of random matches, in both halves.
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..6 {
        let mut pos = Football::start(&options);
        let plies = rng.gen_range(20..400);
        let mut moves = MoveList::new();
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play(moves[rng.gen_range(0..moves.len())]);
        }
        if pos.outcome().is_none() {
            starts.push(pos);
        }
    }
    for (i, start) in starts.iter().enumerate() {
        let wrapped = FootballEnding(start.clone());
        assert_eq!(wrapped.hash(), start.hash());
        check_playouts_from(&wrapped, &options, 20, i as u64).unwrap();
    }
}

#[test]
fn a_decided_match_ends_with_the_leader_winning_in_random_play() {
    let options = FootballOptions::default();
    let mut rng = SmallRng::seed_from_u64(11);
    let mut checked = 0;
    for game in 0..300u64 {
        // Random play from the second half's last actions, with goals.
        let side = if game % 2 == 0 { 'w' } else { 'b' };
        let left = rng.gen_range(1..=12);
        let (white, black) = (rng.gen_range(0..4), rng.gen_range(0..4));
        let mut pos = late(OPEN_SHOT, side, left, white, black);
        let mut moves = MoveList::new();
        while pos.outcome().is_none() {
            if let Some(leader) = FootballEnding::decided(&pos) {
                let (end, _) = random_playout(&pos, &options, &mut rng);
                assert_eq!(
                    end.and_then(|o| o.winner),
                    Some(leader),
                    "{}",
                    pos.to_text()
                );
                checked += 1;
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_solver_agrees_with_minimax_on_the_wrapper() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut seen = [0; 3];
    for case in 0..80u64 {
        let side = if case % 2 == 0 { 'w' } else { 'b' };
        let left = 1 + (case / 2 % 4) as u16;
        let (white, black) = (rng.gen_range(0..2), rng.gen_range(0..2));
        let board = if case % 8 < 4 { OPEN_SHOT } else { STANDARD };
        let mut pos = late(board, side, left + 1, white, black);
        // One random action first, so that the positions differ.
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.gen_range(0..moves.len())]);
        let wrapped = FootballEnding(pos.clone());
        if wrapped.outcome().is_some() {
            continue;
        }
        let exact = minimax(&wrapped, &mut HashMap::new());
        let (verdict, _, _) = solve(&pos);
        let expected = match exact {
            1 => Verdict::Win,
            -1 => Verdict::Loss,
            _ => Verdict::Draw,
        };
        assert_eq!(verdict, Some(expected), "{}", pos.to_text());
        seen[(exact + 1) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "losses, draws, wins: {seen:?}");
}

#[test]
fn level_max_plays_the_proven_match_win() {
    let pos = late(OPEN_SHOT, 'w', 3, 0, 0);
    assert!(pos.solver_nodes() > 0);
    let record = GameRecord::from_position(FootballOptions::default(), pos.clone());
    let setup = SearchSetup::from_record(&record);
    let report = search_setup(
        &setup,
        &EngineSpec::level(Level::Max),
        &Limits::depth(1),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(report.info.score, Score::WinIn(3), "{report:?}");
    let best = report.best.unwrap();
    assert_eq!(value_after(&pos, &best), 1, "{best}");
    // Not in the first half, nor while placing.
    let text = "5k1r/8/p6p/3Q4/8/8/R1P2P2/nN2K1q1 d5 w play w 1 88 0-0 QRN/QRN -/- -";
    let first = Football::from_text(&FootballOptions::default(), text).unwrap();
    assert_eq!(first.solver_nodes(), 0);
}

#[test]
fn a_proof_whose_table_lost_entries_is_still_verified() {
    // From a real game (hard against hard): Black wins in at most 8
    // plies. The solver's 16 MB table keeps a node's proof and loses its
    // children's entries on the way; the verifier re-solves that node in
    // a table of its own.
    let text = "1r6/3p1k2/2b5/1B1N1pP1/3q1P2/8/3B4/2K5 d2 b play w 2 82 0-1 BBN/QRB -/- -";
    let pos = Football::from_text(&FootballOptions::default(), text).unwrap();
    let (verdict, best, depth) = solve(&pos);
    assert_eq!(verdict, Some(Verdict::Win));
    assert!(depth.is_some_and(|d| d <= 8), "{depth:?}");
    assert!(best.is_some());
}
