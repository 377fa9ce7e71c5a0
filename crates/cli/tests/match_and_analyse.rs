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

/// Where the go lines of a wrapped engine are written.
fn go_log(dir: &std::path::Path) -> std::path::PathBuf {
    dir.join("go.log")
}

/// An external engine that logs every `go` it gets and ignores its clock:
/// it waits 0.6 s before each search (a wrapper around `gamut engine`).
fn slow_engine(dir: &std::path::Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("slow-engine");
    let body = format!(
        "#!/bin/sh\n\
         while IFS= read -r line; do\n\
           case \"$line\" in\n\
             go*) echo \"$line\" >> '{log}'; sleep 0.6; echo 'go movetime 10' ;;\n\
             *) echo \"$line\" ;;\n\
           esac\n\
         done | exec '{GAMUT}' engine\n",
        log = go_log(dir).display()
    );
    std::fs::write(&script, body).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

#[test]
fn a_match_on_clocks_records_losses_on_time() {
    let dir = std::env::temp_dir().join(format!("gamut-clock-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = format!("cmd:{}", slow_engine(&dir).display());
    // B's clock (0.5 s) cannot last one of its moves (0.6 s at least): it
    // loses on time in both games; A (random) never does.
    let (out, err, ok) = run(
        &[
            "match", "loa", "--a", "random", "--b", &slow, "--games", "2", "--tc", "30+0",
            "--tc-b", "0.5+0",
        ],
        "",
    );
    let log = std::fs::read_to_string(go_log(&dir)).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ok, "{err}");
    assert!(out.contains("A clock 30+0 s, B clock 0.5+0 s"), "{out}");
    assert_eq!(result_line(&out), [2, 0, 0], "{out}");
    assert!(out.contains("(timeout)"), "{out}");
    assert!(
        out.contains("ends (A's wins-draws-losses): timeout 2-0-0"),
        "{out}"
    );
    assert!(out.contains("time losses: A 0, B 2"), "{out}");
    assert!(out.contains("thinking time: A "), "{out}");
    // B was told both clocks in the go fields of the protocol.
    let first = log.lines().next().unwrap_or_else(|| panic!("no go: {out}"));
    assert!(first.starts_with("go firsttime "), "{first}");
    for field in ["firsttime", "firstinc", "secondtime", "secondinc 0"] {
        assert!(first.contains(field), "{first}");
    }
}

#[test]
fn built_in_engines_on_clocks_and_fixed_times() {
    // A on a clock (its time manager), B a fixed time per move: the
    // summary says who thought how long; short games (6x6).
    let (out, err, ok) = run(
        &[
            "match", "loa", "--option", "size=6", "--a", "max", "--b", "max", "--games", "2",
            "--tc", "2+0.02", "--tc-b", "20ms",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("A clock 2+0.02 s, B 20 ms/move"), "{out}");
    let [w, d, l] = result_line(&out);
    assert_eq!(w + d + l, 2, "{out}");
    let times = out
        .lines()
        .find_map(|l| l.strip_prefix("thinking time: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(times.contains("left at the end"), "{times}");
}

#[test]
fn bad_time_controls_are_errors() {
    for tc in ["0+1", "5+x", "fast", "0ms"] {
        let (_, err, ok) = run(
            &["match", "loa", "--a", "easy", "--b", "easy", "--tc", tc],
            "",
        );
        assert!(!ok, "{tc}");
        assert!(err.contains("time control"), "{tc}: {err}");
    }
}
