//! `gamut play` with piped input: illegal input shows the legal moves,
//! `undo` takes back a move pair, `hint`, `resign`, the end of input.

mod common;

use common::run;

#[test]
fn illegal_moves_undo_hint_and_resign() {
    let input = "b1-d9\nh2-h4\nb1-d3\nundo\nhint\nmoves\nhelp\nresign\n";
    let (out, err, ok) = run(
        &["play", "loa", "--level", "easy", "--time-ms", "50"],
        input,
    );
    assert!(ok, "{err}");
    assert!(out.contains("you play Black"), "{out}");
    // A malformed and an illegal move are both answered with the list.
    assert_eq!(out.matches("legal moves: ").count(), 3, "{out}");
    assert!(out.contains("'b1-d9' is not a move"), "{out}");
    assert!(out.contains("'h2-h4' is not a legal move"), "{out}");
    assert!(out.contains("b1-d3 ") || out.contains("b1-d3\n"), "{out}");
    assert!(out.contains("you play b1-d3"), "{out}");
    assert!(out.contains("the computer plays"), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("take back your last move"), "{out}");
    assert!(
        out.contains("game over: 0-1 (resignation): the computer wins"),
        "{out}"
    );
}

#[test]
fn undo_before_any_move_and_end_of_input() {
    let (out, err, ok) = run(
        &["play", "loa", "--side", "second", "--level", "random"],
        "undo\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("you play White"), "{out}");
    assert!(out.contains("the computer plays"), "{out}");
    assert!(
        out.contains("there is no move of yours to take back"),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("end of input: game left unfinished"),
        "{out}"
    );
}

#[test]
fn quit_and_bad_side() {
    let (out, _, ok) = run(&["play", "loa", "--side", "black"], "quit\n");
    assert!(ok);
    assert!(out.contains("game left unfinished"), "{out}");
    let (_, err, ok) = run(&["play", "loa", "--side", "purple"], "");
    assert!(!ok);
    assert!(err.contains("unknown side"), "{err}");
}
