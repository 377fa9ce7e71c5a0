//! The generator's uniqueness check on hand-made positions: a position
//! where two moves reach the goal at once (or in the fewest moves) is
//! rejected; one where exactly one does is accepted, with its line.

use gamut_core::Game;
use gamut_games::{parse_options, CatalogueGame};
use gamut_puzzles::generate::{examine, Candidate};
use gamut_puzzles::goal::PuzzleGame;

fn examine_text<G: PuzzleGame + CatalogueGame>(text: &str, most: u8) -> Candidate {
    let options = parse_options::<G>(&[]).expect("default options");
    let pos = G::from_text(&options, text).expect("a valid position");
    examine(&options, &pos, most, 2_000_000, None)
}

/// Black's d4 joins b2-b3 by `d4-c4` and by `d4-a1` (over its own b2).
const LOA_TWO: &str = ".......w/......../.......w/......../...b..../.b....../.b....../........ b";
/// A White piece on c3 blocks the diagonal: only `d4-c4` connects.
const LOA_ONE: &str = ".......w/......../.......w/......../...b..../.bw...../.b....../........ b";

#[test]
fn loa_two_winning_moves_are_rejected() {
    assert_eq!(
        examine_text::<gamut_loa::Loa>(LOA_TWO, 3),
        Candidate::SeveralFirst
    );
}

#[test]
fn loa_one_winning_move_is_accepted() {
    let Candidate::Puzzle(found) = examine_text::<gamut_loa::Loa>(LOA_ONE, 3) else {
        panic!("not a puzzle");
    };
    assert_eq!(found.line, vec!["d4-c4".to_string()]);
    assert_eq!(found.themes[0], "connect-in-1");
    // Every other legal move has a stored refutation entry.
    let options = parse_options::<gamut_loa::Loa>(&[]).unwrap();
    let pos = gamut_loa::Loa::from_text(&options, LOA_ONE).unwrap();
    let mut moves = gamut_core::MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(found.refutations.len() + 1, moves.len());
}

/// South captures North's King on 1 with the Rook on 13 or the Knight on
/// 8 (along inner lines).
const PURSUIT_TWO: &str = "PrKrP..RN..pNR.p..Pb/kb.......B.B......n. south play 30";
/// Only `16x9` captures the King.
const PURSUIT_ONE: &str = "P.K...N..b....PRN..P/k........B.B.R.....b south play 38";

#[test]
fn pursuit_two_winning_moves_are_rejected() {
    assert_eq!(
        examine_text::<gamut_pursuit::Pursuit>(PURSUIT_TWO, 3),
        Candidate::SeveralFirst
    );
}

#[test]
fn pursuit_one_winning_move_is_accepted() {
    let Candidate::Puzzle(found) = examine_text::<gamut_pursuit::Pursuit>(PURSUIT_ONE, 3) else {
        panic!("not a puzzle");
    };
    assert_eq!(found.line, vec!["16x9".to_string()]);
    assert_eq!(found.themes[0], "win-in-1");
}

/// White's King scores by dribbling to f8 or by shooting there.
const FOOTBALL_TWO: &str = "p5K1/8/k6r/4R2n/pP6/1P6/2P5/P7 g8 w play b 1 44 1-0 RPP/RNN -/- -";
/// One action earlier: only `h7-g8` scores in two actions.
const FOOTBALL_ONE: &str = "p7/1k5K/7r/4R2n/pP6/1P6/2P5/P7 h7 w play b 1 42 1-0 RPP/RNN -/- -";

#[test]
fn football_two_winning_moves_are_rejected() {
    assert_eq!(
        examine_text::<gamut_football::Football>(FOOTBALL_TWO, 3),
        Candidate::SeveralFirst
    );
}

#[test]
fn football_one_winning_move_is_accepted() {
    let Candidate::Puzzle(found) = examine_text::<gamut_football::Football>(FOOTBALL_ONE, 3) else {
        panic!("not a puzzle");
    };
    assert_eq!(found.line[0], "h7-g8");
    assert_eq!(found.line.len(), 3);
    assert_eq!(found.themes[0], "goal-in-2");
}
