//! `gamut puzzles`: `verify` on a sample of each shipped file (the last
//! line is `verified <ok> of <total>`), a failing puzzle (exit status 1),
//! and a small reproducible `generate`.

mod common;

use common::run;

fn last_line(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

fn data(game: &str) -> String {
    format!("{}/../puzzles/data/{game}.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_sample_of_each_shipped_file_verifies() {
    for game in ["loa", "pursuit", "football"] {
        let path = data(game);
        let (out, err, ok) = run(&["puzzles", "verify", &path, "--sample", "4"], "");
        assert!(ok, "{game}: {out}{err}");
        assert_eq!(last_line(&out), "verified 4 of 4", "{game}: {out}");
    }
}

#[test]
fn a_wrong_puzzle_fails_verification() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    // `d4-e4` does not connect (the winning move is `d4-c4`).
    let text = "# gamut puzzles 1\nloa-0001\tloa\t-\t\
        .......w/......../.......w/......../...b..../.bw...../.b....../........ b\t\
        d4-e4\tconnect-in-1\thand-made\tproven\t1200\t-\n\
        loa-0002\tloa\t-\t\
        .......w/......../.......w/......../...b..../.bw...../.b....../........ b\t\
        d4-c4\tconnect-in-1\thand-made\tproven\t1200\t-\n";
    std::fs::write(&path, text).unwrap();
    let (out, _err, ok) = run(&["puzzles", "verify", path.to_str().unwrap()], "");
    assert!(!ok, "{out}");
    assert!(out.contains("FAIL loa-0001"), "{out}");
    assert_eq!(last_line(&out), "verified 1 of 2", "{out}");
}

#[test]
fn a_bad_file_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, "loa-0001\tloa\n").unwrap();
    let (out, err, ok) = run(&["puzzles", "verify", path.to_str().unwrap()], "");
    assert!(!ok);
    assert!(err.contains("fields"), "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn generate_is_reproducible_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for name in ["a.txt", "b.txt"] {
        let path = dir.path().join(name);
        let p = path.to_str().unwrap().to_string();
        let (out, err, ok) = run(
            &[
                "puzzles",
                "generate",
                "loa",
                "--self-play",
                "1",
                "--seed",
                "3",
                "--count",
                "2",
                "--most",
                "2",
                "--out",
                &p,
            ],
            "",
        );
        assert!(ok, "{out}{err}");
        assert!(out.contains("rejected by the uniqueness check"), "{out}");
        files.push(std::fs::read_to_string(&path).unwrap());
    }
    assert_eq!(files[0], files[1]);
    let p = dir.path().join("a.txt");
    let (out, err, ok) = run(&["puzzles", "verify", p.to_str().unwrap()], "");
    assert!(ok, "{out}{err}");
    assert!(last_line(&out).starts_with("verified "), "{out}");
}

/// `gamut puzzles generate loa --from-games <games> --out <out>`.
fn generate_from(games: &std::path::Path, out: &std::path::Path) -> (String, String, bool) {
    run(
        &[
            "puzzles",
            "generate",
            "loa",
            "--from-games",
            games.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    )
}

#[test]
fn generate_reads_game_records() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.txt");
    let out = dir.path().join("out.txt");
    // A set-up where only d4-c4 connects Black, then that move.
    let text = "[Game \"loa\"]\n[Id \"g1\"]\n\
        [Start \".......w/......../.......w/......../...b..../.bw...../.b....../........ b\"]\n\n\
        1. d4-c4 1-0\n";
    std::fs::write(&games, text).unwrap();
    let (stdout, err, ok) = generate_from(&games, &out);
    assert!(ok, "{stdout}{err}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("\td4-c4\tconnect-in-1\tgame g1 ply 0\t"),
        "{written}"
    );

    std::fs::write(&games, "[Game \"loa\"]\n\n1. a1-a9\n").unwrap();
    let (stdout, err, ok) = generate_from(&games, &out);
    assert!(!ok, "{stdout}");
    assert!(err.contains("a1-a9"), "{err}");
}
