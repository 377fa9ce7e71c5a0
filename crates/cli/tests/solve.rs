//! `gamut solve`: the output contract (progress lines, the last line the
//! result), stopping by a node budget, and saved tables.

mod common;

use common::run;

const WIN: &str = "...w../....../b.b.../....../.w..w./b..... b";
const LOSS: &str = "....../....../..b.../....../.w..w./bb.... b";

/// Solve [`WIN`] on 6x6 in a 4 MB table.
const SOLVE_WIN: [&str; 8] = [
    "solve",
    "loa",
    "--option",
    "size=6",
    "--position",
    WIN,
    "--memory",
    "4",
];

fn last_line(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

#[test]
fn a_won_and_a_lost_position() {
    let (out, err, ok) = run(&SOLVE_WIN, "");
    assert!(ok, "{err}");
    assert_eq!(last_line(&out), "result win a4-b3", "{out}");
    assert!(out.contains("pass Black wins: proven"), "{out}");
    assert!(out.contains("verified: "), "{out}");

    let (out, err, ok) = run(
        &[
            "solve",
            "loa",
            "--option",
            "size=6",
            "--position",
            LOSS,
            "--memory",
            "4",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert_eq!(last_line(&out), "result loss", "{out}");
    assert!(out.contains("pass White wins: proven"), "{out}");
}

#[test]
fn two_threads_solve_a_won_and_a_lost_position() {
    let solve = |position: &str, more: &[&str]| {
        let base = [
            "solve",
            "loa",
            "--option",
            "size=6",
            "--position",
            position,
            "--memory",
            "4",
            "--threads",
            "2",
            "--progress",
            "0.01",
        ];
        let (out, err, ok) = run(&[&base[..], more].concat(), "");
        assert!(ok, "{err}");
        assert!(out.contains(", 2 threads\n"), "{out}");
        assert!(out.lines().any(|l| l.starts_with("progress ")), "{out}");
        out
    };
    // Solved by the probe on one thread, as without --threads.
    let out = solve(WIN, &[]);
    assert_eq!(last_line(&out), "result win a4-b3", "{out}");
    // Split at once: the threads may find another winning move first;
    // after it, the opponent is lost.
    let out = solve(WIN, &["--split-after", "0"]);
    assert!(out.contains("verified: "), "{out}");
    let last = last_line(&out);
    let mv = last
        .strip_prefix("result win ")
        .unwrap_or_else(|| panic!("{out}"));
    let out = solve(WIN, &["--split-after", "0", "--moves", mv]);
    assert_eq!(last_line(&out), "result loss", "{out}");
    let out = solve(LOSS, &["--split-after", "0"]);
    assert_eq!(last_line(&out), "result loss", "{out}");
    assert!(out.contains("pass White wins: proven"), "{out}");
    // 1 to 64 threads, each with at least 1 MB.
    for threads in ["0", "65"] {
        let (_, err, ok) = run(&["solve", "loa", "--threads", threads], "");
        assert!(!ok && err.contains("--threads"), "{err}");
    }
    let (_, err, ok) = run(&["solve", "loa", "--threads", "8", "--memory", "4"], "");
    assert!(
        !ok && err.contains("less than 1 MB for each of the 8 threads"),
        "{err}"
    );
}

#[test]
fn a_stopped_run_reports_progress_and_how_far_it_got() {
    let (out, err, ok) = run(
        &[
            "solve",
            "loa",
            "--option",
            "size=6",
            "--memory",
            "8",
            "--nodes",
            "30000",
            "--progress",
            "0.01",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("progress Black pn ") && l.contains(" nps ")),
        "{out}"
    );
    let last = last_line(&out);
    assert!(last.starts_with("result unknown ("), "{out}");
    assert!(last.contains("Black wins: pn "), "{last}");
}

#[test]
fn tables_are_saved_and_loaded() {
    let dir = std::env::temp_dir().join(format!("gamut-solve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("win.pns");
    let path = file.to_str().unwrap();
    let base = SOLVE_WIN;
    let (out, err, ok) = run(&[&base[..], &["--save", path]].concat(), "");
    assert!(ok, "{err}");
    assert!(out.contains("saved "), "{out}");
    let (out, err, ok) = run(&[&base[..], &["--load", path]].concat(), "");
    assert!(ok, "{err}");
    assert!(out.contains("loaded "), "{out}");
    assert_eq!(last_line(&out), "result win a4-b3", "{out}");
    // Another option set, and a file that is not a table.
    let (_, err, ok) = run(
        &[
            "solve",
            "loa",
            "--option",
            "size=6",
            "--option",
            "simultaneous=mover-wins",
            "--position",
            WIN,
            "--load",
            path,
        ],
        "",
    );
    assert!(!ok && err.contains("made for"), "{err}");
    std::fs::write(&file, "not a table").unwrap();
    let (_, err, ok) = run(&[&base[..], &["--load", path]].concat(), "");
    assert!(!ok && err.contains("not a gamut solver table"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endgame_tables_are_built_and_reported() {
    let (out, err, ok) = run(&["solve", "pursuit", "--endings", "KN v K"], "");
    assert!(ok, "{err}");
    assert!(out.contains("table K v K: "), "{out}");
    assert!(
        out.contains("table KN v K: 118560 positions (128000 indexes"),
        "{out}"
    );
    assert!(out.contains("  South to move: won "), "{out}");
    assert!(last_line(&out).starts_with("tables 2 built in "), "{out}");

    let (_, err, ok) = run(&["solve", "pursuit", "--endings", "KN"], "");
    assert!(!ok && err.contains("'KN v K'"), "{err}");
    let (_, err, ok) = run(&["solve", "loa", "--endings", "K v K"], "");
    assert!(
        !ok && err.contains("Lines of Action has no endgame tables"),
        "{err}"
    );
}

#[test]
fn analyse_shows_a_table_win_and_plays_a_saved_proof() {
    // South's Knight on 0 reaches 9 (a circumference segment, then an
    // inner line), where North's King stands.
    let ending = "N........kK........./.................... south play 1";
    let (out, err, ok) = run(
        &["analyse", "pursuit", "--position", ending, "--time", "200"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("bestmove 0x9"), "{out}");
    assert!(out.contains("score win in 1"), "{out}");

    // Two Knights win; their table is built on request (the solver's
    // verified proof of this position takes at most 7 plies, from 5-12).
    let knights = "K....N.N..k........./.................... south play 100";
    let (out, err, ok) = run(
        &[
            "analyse",
            "pursuit",
            "--position",
            knights,
            "--endings",
            "knn v k",
            "--time",
            "200",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("endings KNN v K: 2193360 positions"), "{out}");
    assert!(out.contains("score win in 7"), "{out}");
    assert!(out.contains("bestmove 5-12"), "{out}");

    let dir = std::env::temp_dir().join(format!("gamut-solved-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("win.pns");
    let path = file.to_str().unwrap();
    let base = ["--option", "size=6", "--position", WIN];
    let (_, err, ok) = run(
        &[
            &["solve", "loa"],
            &base[..],
            &["--memory", "4", "--save", path],
        ]
        .concat(),
        "",
    );
    assert!(ok, "{err}");
    let (out, err, ok) = run(
        &[
            &["analyse", "loa"],
            &base[..],
            &["--solved", path, "--time", "200"],
        ]
        .concat(),
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("solved positions: "), "{out}");
    assert!(out.contains("bestmove a4-b3"), "{out}");
    assert!(out.contains("score win in "), "{out}");
    // Both engines of a match get it: each wins the game it is Black in.
    let (out, err, ok) = run(
        &[
            &["match", "loa"],
            &base[..],
            &[
                "--a",
                "max",
                "--b",
                "max",
                "--games",
                "2",
                "--opening-plies",
                "0",
            ],
            &["--time-ms", "100", "--solved", path],
        ]
        .concat(),
        "",
    );
    assert!(ok, "{err}");
    assert_eq!(last_line(&out), "result 1-0-1", "{out}");
    // A table for other options is refused.
    let (_, err, ok) = run(
        &[
            &["analyse", "loa", "--option", "size=7", "--solved", path][..],
            &["--time", "100"],
        ]
        .concat(),
        "",
    );
    assert!(!ok && err.contains("the table was made for"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn serve_gives_solver_tables_to_the_computer() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("win.pns");
    let path = file.to_str().unwrap();
    let (_, err, ok) = run(&[&SOLVE_WIN[..], &["--save", path]].concat(), "");
    assert!(ok, "{err}");
    let data = dir.path().join("data");
    let mut child = Command::new(common::GAMUT)
        .args([
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--solved",
            path,
        ])
        .arg("--data")
        .arg(&data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gamut serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut told = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        let up = line.starts_with("Gamut is running at");
        told.push(line);
        if up {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let table = told
        .iter()
        .find(|l| l.starts_with("solved positions for loa ("))
        .unwrap_or_else(|| panic!("{told:?}"));
    assert!(
        table.contains("size=6") && table.contains(" entries from "),
        "{table}"
    );
    assert!(
        told.last().unwrap().starts_with("Gamut is running at"),
        "{told:?}"
    );

    // A file that is not a table stops the server before it starts.
    let junk = dir.path().join("junk");
    std::fs::write(&junk, "not a table").unwrap();
    let (out, err, ok) = run(
        &[
            "serve",
            "--port",
            "0",
            "--data",
            data.to_str().unwrap(),
            "--solved",
            junk.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("loading the solver table") && err.contains("not a gamut solver table"),
        "{err}"
    );
}
