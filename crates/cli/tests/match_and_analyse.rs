//! `gamut match` (built-in and external engines, the `result` line) and
//! `gamut analyse` (best move, score, principal variation).

mod common;

use common::{run, GAMUT};

/// The numbers of the last line, which must be `result W-D-L`.
fn result_line(out: &str) -> [u32; 3] {
    let last = out.lines().last().expect("output");
    let tally = last
        .strip_prefix("result ")
        .unwrap_or_else(|| panic!("last line: {last}"));
    let n: Vec<u32> = tally
        .split('-')
        .map(|x| x.parse().expect("number"))
        .collect();
    [n[0], n[1], n[2]]
}

#[test]
fn random_against_easy_ends_with_the_result_line() {
    let (out, err, ok) = run(
        &[
            "match",
            "loa",
            "--a",
            "random",
            "--b",
            "easy",
            "--games",
            "2",
            "--time-ms",
            "20",
        ],
        "",
    );
    assert!(ok, "{err}");
    let [w, d, l] = result_line(&out);
    assert_eq!(w + d + l, 2, "{out}");
    assert!(out.contains("game 1: A plays Black"), "{out}");
    assert!(out.contains("game 2: A plays White"), "{out}");
    assert!(out.contains("elo difference"), "{out}");
    // How the games ended, per reason: the counts add up to the games.
    let ends = out
        .lines()
        .find_map(|l| l.strip_prefix("ends (A's wins-draws-losses): "))
        .unwrap_or_else(|| panic!("no ends line: {out}"));
    let counted: u32 = ends
        .split(", ")
        .flat_map(|e| e.rsplit_once(' ').unwrap().1.split('-'))
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(counted, 2, "{out}");
    // No progress bar when stderr is not a terminal.
    assert!(err.is_empty(), "{err}");
}

#[test]
fn an_external_engine_over_the_protocol_in_parallel() {
    let external = format!("cmd:{GAMUT} engine");
    let (out, err, ok) = run(
        &[
            "match",
            "loa",
            "--a",
            "random",
            "--b",
            &external,
            "--games",
            "3",
            "--time-ms",
            "20",
            "--concurrency",
            "2",
            "--sprt",
            "0,100",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(!out.contains("forfeit"), "{out}");
    let [w, d, l] = result_line(&out);
    assert_eq!(w + d + l, 3, "{out}");
    assert!(out.contains("sprt elo0=0 elo1=100"), "{out}");
}

#[test]
fn a_decided_sprt_stops_the_match_early() {
    let (out, err, ok) = run(
        &[
            "match",
            "loa",
            "--a",
            "easy",
            "--b",
            "random",
            "--games",
            "60",
            "--time-ms",
            "10",
            "--sprt",
            "0,300",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("H1 accepted"), "{out}");
    let [w, d, l] = result_line(&out);
    assert!(w + d + l < 60, "{out}");
}

#[test]
fn a_broken_external_engine_forfeits() {
    let (out, _, ok) = run(
        &[
            "match",
            "loa",
            "--a",
            "random",
            "--b",
            "cmd:/bin/false",
            "--games",
            "2",
        ],
        "",
    );
    assert!(ok);
    assert!(out.contains("forfeit"), "{out}");
    assert_eq!(result_line(&out), [2, 0, 0]);
}

#[test]
fn bad_match_arguments_are_errors() {
    for args in [
        &["match", "loa", "--a", "best", "--b", "easy"][..],
        &[
            "match", "loa", "--a", "easy", "--b", "easy", "--sprt", "5,1",
        ],
        &["match", "loa", "--a", "easy", "--b", "easy", "--games", "0"],
        &[
            "match", "loa", "--a", "easy", "--b", "easy", "--option", "size=5",
        ],
    ] {
        let (_, err, ok) = run(args, "");
        assert!(!ok, "{args:?}");
        assert!(!err.is_empty());
    }
}

#[test]
fn analyse_prints_the_best_move_and_its_line() {
    let (out, err, ok) = run(
        &["analyse", "loa", "--time", "300", "--moves", "b1-d3 a2-c2"],
        "",
    );
    assert!(ok, "{err}");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect(&out);
    let pv = out.lines().find_map(|l| l.strip_prefix("pv ")).expect(&out);
    assert!(pv.starts_with(best), "{out}");
    assert!(out.lines().any(|l| l.starts_with("score ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("depth 1/")), "{out}");
}

#[test]
fn analyse_of_a_finished_game() {
    let finished = ".bb...../w......./......../......../......../......../......../.......w w";
    let (out, _, ok) = run(&["analyse", "loa", "--position", finished], "");
    assert!(ok);
    assert!(out.contains("the game is over: 1-0 (connection)"), "{out}");
    assert!(out.trim_end().ends_with("bestmove (none)"), "{out}");
}
