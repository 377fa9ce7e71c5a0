//! The checker: right moves (the line's, or another immediate win), wrong
//! moves with their stored refutation, illegal moves and turns.

use gamut_games::GameKind;
use gamut_puzzles::{check, Proof, Puzzle, Verdict};

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

/// A connect-in-2 found by the generator (self-play seed 1 game 2).
fn connect_in_2() -> Puzzle {
    Puzzle {
        id: "loa-9001".into(),
        game: GameKind::Loa,
        options: Vec::new(),
        position: "......../.......w/..ww..../..w...../....b.../.w..b.../w...bw../..bw.... b"
            .into(),
        line: s(&["e4-d4", "d1-f1", "c1-e1"]),
        themes: s(&["connect-in-2"]),
        source: "self-play seed 1 game 2 ply 42".into(),
        proof: Proof::Proven,
        rating: 1500.0,
        refutations: vec![
            ("c1-a1".into(), s(&["d1-f1"])),
            ("e2-b2".into(), s(&["d1-f1"])),
        ],
    }
}

#[test]
fn the_line_is_right_move_by_move() {
    let p = connect_in_2();
    assert_eq!(
        check(&p, &[], "e4-d4"),
        Verdict::Right {
            reply: Some("d1-f1".into()),
            solved: false
        }
    );
    assert_eq!(
        check(&p, &s(&["e4-d4", "d1-f1"]), "c1-e1"),
        Verdict::Right {
            reply: None,
            solved: true
        }
    );
}

#[test]
fn wrong_moves_get_their_refutation() {
    let p = connect_in_2();
    assert_eq!(
        check(&p, &[], "c1-a1"),
        Verdict::Wrong {
            refutation: s(&["d1-f1"])
        }
    );
    // A legal move without a stored refutation.
    assert_eq!(
        check(&p, &[], "e3-g3"),
        Verdict::Wrong { refutation: vec![] }
    );
}

#[test]
fn illegal_moves_and_turns() {
    let p = connect_in_2();
    assert_eq!(check(&p, &[], "a1-a8"), Verdict::Illegal);
    assert_eq!(check(&p, &[], "nonsense"), Verdict::Illegal);
    // The opponent's turn.
    assert_eq!(check(&p, &s(&["e4-d4"]), "d1-f1"), Verdict::Illegal);
    // Played moves that are not legal.
    assert_eq!(
        check(&p, &s(&["a1-a8", "b1-b2"]), "c1-e1"),
        Verdict::Illegal
    );
    // Past the end.
    assert_eq!(
        check(&p, &s(&["e4-d4", "d1-f1", "c1-e1", "x"]), "c1-e1"),
        Verdict::Illegal
    );
    // Bad data is not a panic.
    let mut bad = connect_in_2();
    bad.position = "garbage".into();
    assert_eq!(check(&bad, &[], "e4-d4"), Verdict::Illegal);
}

#[test]
fn another_immediate_win_is_right() {
    // Black's d4 connects by d4-c4 and by d4-a1.
    let p = Puzzle {
        position: ".......w/......../.......w/......../...b..../.b....../.b....../........ b"
            .into(),
        line: s(&["d4-c4"]),
        refutations: Vec::new(),
        ..connect_in_2()
    };
    assert_eq!(
        check(&p, &[], "d4-a1"),
        Verdict::Right {
            reply: None,
            solved: true
        }
    );
}
