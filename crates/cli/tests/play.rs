//! `gamut play` with piped input: a wrong move is answered with why and
//! the closest legal moves (`moves` lists them all), upper-case squares are
//! read, `undo` takes back a move pair, `hint`, `resign`, the end of
//! input; the board is drawn after each of your placements; Linear
//! Pursuit is drawn round a ring; `gamut analyse` explains its score.

mod common;

use common::run;

/// The moves a "closest legal moves: ..." line suggests.
fn suggestions(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .filter_map(|l| l.strip_prefix("closest legal moves: "))
        .map(|l| {
            l.split(" (type")
                .next()
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn illegal_moves_undo_hint_and_resign() {
    let input = "b1-d9\nh2-h4\nb1-d3\nundo\nhint\nmoves\nhelp\nresign\n";
    let (out, err, ok) = run(
        &["play", "loa", "--level", "easy", "--time-ms", "50"],
        input,
    );
    assert!(ok, "{err}");
    assert!(out.contains("you play Black"), "{out}");
    // A malformed and an illegal move: why, and a few close legal moves,
    // not the whole list; `moves` lists them all, once.
    assert!(out.contains("'b1-d9' is not a move"), "{out}");
    assert!(out.contains("'h2-h4' is not a legal move"), "{out}");
    let close = suggestions(&out);
    assert_eq!(close.len(), 2, "{out}");
    for moves in &close {
        assert!(!moves.is_empty() && moves.len() <= 5, "{out}");
    }
    assert!(
        close[0].iter().any(|m| m.starts_with("b1-")),
        "moves from b1 first: {out}"
    );
    assert!(out.contains("(type 'moves' for all 36)"), "{out}");
    assert_eq!(out.matches("legal moves (").count(), 1, "{out}");
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
fn upper_case_squares_are_read_and_commands_too() {
    let (out, err, ok) = run(
        &["play", "loa", "--level", "random"],
        "B1-B3\nMOVES\nQUIT\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("you play b1-b3 (B1-B3 read as b1-b3: squares are written in lower case)"),
        "{out}"
    );
    assert!(out.contains("legal moves ("), "{out}");
    assert!(out.contains("game left unfinished"), "{out}");
    // An upper-case move that is still wrong says how it was read.
    let (out, _, ok) = run(&["play", "loa", "--level", "random"], "H2-H4\n");
    assert!(ok);
    assert!(
        out.contains("H2-H4 read as h2-h4: 'h2-h4' is not a legal move"),
        "{out}"
    );
}

#[test]
fn the_football_board_is_drawn_after_each_placement() {
    // White picks, then places its Queen on the kick-off square and its
    // King on e1 (typed in upper case): each shows at once.
    let (out, err, ok) = run(
        &["play", "football", "--level", "random"],
        "pick:QRN\nQ@e4\nK@E1\nquit\n",
    );
    assert!(ok, "{err}");
    let after_queen = out.split("you play Q@e4").nth(1).expect("the Queen placed");
    let board = after_queen.split("your move>").next().unwrap();
    assert!(
        board
            .lines()
            .any(|l| l.starts_with("4 ") && l.contains('Q')),
        "{out}"
    );
    let after_king = out.split("you play K@e1").nth(1).expect("the King placed");
    let board = after_king.split("your move>").next().unwrap();
    assert!(
        board
            .lines()
            .any(|l| l.starts_with("1 ") && l.contains('K')),
        "{out}"
    );
    assert!(board.contains("to place RNPP"), "{out}");
}

#[test]
fn linear_pursuit_is_drawn_round_a_ring() {
    let (out, err, ok) = run(&["play", "pursuit", "--level", "random"], "quit\n");
    assert!(ok, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    // 0 at the top, 10 at the bottom, 5 right and 15 left on one row.
    let top = rows.iter().position(|r| r.trim() == "0").expect("0 on top");
    let bottom = rows
        .iter()
        .position(|r| r.trim() == "10")
        .expect("10 below");
    assert!(bottom > top + 20, "{out}");
    let middle = rows[top..bottom]
        .iter()
        .find(|r| r.trim_start().starts_with("15 ") && r.trim_end().ends_with(" 5"))
        .expect("15 left of 5 on one row");
    assert!(
        middle.contains(':') && middle.contains('.'),
        "outer and inner positions: {out}"
    );
    assert!(out.contains("inner lines (besides the circle):"), "{out}");
    assert!(out.contains("0: 8 12 | 1: 9 13"), "{out}");
}

#[test]
fn analyse_says_what_its_score_means_and_from_whose_side() {
    let (out, err, ok) = run(&["analyse", "loa", "--time", "200", "--depth", "3"], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("scores are from Black's side (Black is to move): positive is good for Black"),
        "{out}"
    );
    let meaning = out
        .lines()
        .find_map(|l| l.strip_prefix("meaning: "))
        .expect("a meaning line");
    assert!(
        meaning.contains("pawn-like unit")
            || meaning.contains("even position")
            || meaning.contains("by force"),
        "{out}"
    );
    // White to move: the side named follows the position.
    let (out, _, ok) = run(
        &[
            "analyse", "loa", "--time", "200", "--depth", "2", "--moves", "b1-b3",
        ],
        "",
    );
    assert!(ok);
    assert!(
        out.contains("scores are from White's side (White is to move)"),
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
