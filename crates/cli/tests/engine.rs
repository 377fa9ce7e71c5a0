//! `gamut engine`: a protocol session with the real binary — handshake,
//! position and search, errors for bad input, `stop` of an infinite search.

mod common;

use common::{run, GAMUT};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// A running `gamut engine`.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(GAMUT)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start gamut engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("wait");
        assert!(status.success());
    }
}

#[test]
fn handshake_search_and_legal_moves() {
    let mut e = Engine::start();
    e.send("gamut");
    let hello = e.until("gamutok");
    assert!(hello[0].starts_with("id name gamut "), "{hello:?}");
    assert!(hello
        .iter()
        .any(|l| l.starts_with("id games ") && l.contains("loa")));
    for option in ["Threads", "MultiPV", "Level", "Engine"] {
        let prefix = format!("option name {option} type ");
        assert!(hello.iter().any(|l| l.starts_with(&prefix)), "{hello:?}");
    }
    e.send("setoption name Threads value 1");
    e.send("setoption name Level value easy");
    e.send("newgame loa");
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);

    e.send("position startpos moves b1-d3 a2-c2");
    e.send("legal");
    let legal = e.until("legal");
    let moves: Vec<String> = legal[0]
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    assert!(!moves.is_empty());
    e.send("go depth 2");
    let search = e.until("bestmove");
    let best = search
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(moves.contains(&best), "{best} not in {moves:?}");
    for info in &search[..search.len() - 1] {
        assert!(info.starts_with("info "), "{info}");
    }
    e.quit();
}

#[test]
fn multi_pv_numbers_the_lines_of_each_iteration() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("newgame loa");
    e.send("go depth 3");
    let search = e.until("bestmove");
    let deepest: Vec<&String> = search
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(deepest.len(), 3, "{search:?}");
    let mut firsts = Vec::new();
    for (k, line) in deepest.iter().enumerate() {
        assert!(
            line.contains(&format!(" multipv {} score ", k + 1)),
            "{line}"
        );
        let pv = line.split(" pv ").nth(1).expect("a pv");
        firsts.push(pv.split_whitespace().next().unwrap().to_string());
    }
    let distinct: std::collections::BTreeSet<&String> = firsts.iter().collect();
    assert_eq!(
        distinct.len(),
        3,
        "three different first moves: {deepest:?}"
    );
    let best = search.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_eq!(best, firsts[0]);
    e.quit();
}

#[test]
fn bad_commands_are_answered_with_errors() {
    let mut e = Engine::start();
    for (command, expected) in [
        ("position startpos", "no game"),
        ("go depth 1", "no game"),
        ("newgame chess", "unknown game"),
        ("newgame loa size=5", "size"),
        ("frobnicate", "unknown command"),
        ("go depth x", "whole number"),
        ("setoption name Threads value 0", "Threads"),
        ("setoption name MultiPV value 0", "MultiPV"),
        ("setoption name Colour value red", "unknown option"),
        ("setoption name Level value godlike", "unknown level"),
    ] {
        expect_error(&mut e, command, expected);
    }
    e.send("newgame loa");
    for (command, expected) in [
        ("position startpos moves b1-d9", "move 1"),
        ("position startpos moves b1-d3 b1-d3", "move 2"),
        ("position text nonsense", "position"),
        ("position", "usage"),
    ] {
        expect_error(&mut e, command, expected);
    }
    // Still alive and still at the start.
    e.send("legal");
    let legal = e.until("legal");
    assert_eq!(legal[0].split_whitespace().count(), 1 + 36);
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut e = Engine::start();
    e.send("newgame loa");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    let lines = e.until("bestmove");
    let best = lines.last().unwrap();
    assert_ne!(best, "bestmove (none)");
    e.quit();
}

/// Black is connected: the game is over.
const FINISHED: &str = ".bb...../w......./......../......../......../......../......../.......w w";

#[test]
fn a_finished_game_has_no_best_move() {
    let input = format!("newgame loa\nposition text {FINISHED}\ngo depth 3\nlegal\n");
    let (out, _, ok) = run(&["engine"], &input);
    assert!(ok);
    assert_eq!(out, "bestmove (none)\nlegal\n");
}

#[test]
fn the_end_of_input_still_sends_the_best_move() {
    let (out, _, ok) = run(&["engine"], "newgame loa\nposition startpos\ngo depth 1\n");
    assert!(ok);
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
}

/// Send `command` and check that the engine answers it with an error that
/// mentions `expected` (and is still ready afterwards).
fn expect_error(e: &mut Engine, command: &str, expected: &str) {
    e.send(command);
    e.send("isready");
    let answer = e.until("readyok");
    assert!(
        answer[0].starts_with("info string error: ") && answer[0].contains(expected),
        "{command}: {answer:?}"
    );
}

#[test]
fn both_football_sides_may_pick_the_same_team() {
    let mut e = Engine::start();
    e.send("newgame football");
    e.send("position startpos moves pick:QRN");
    e.send("legal");
    let legal = e.until("legal");
    let black: Vec<&str> = legal[0].split_whitespace().skip(1).collect();
    assert_eq!(black.len(), 27, "{black:?}");
    assert!(black.contains(&"pick:QRN"));
    e.send("position startpos moves pick:QRN pick:QRN");
    e.send("legal");
    let placements = e.until("legal");
    assert!(placements[0].contains("K@"), "{placements:?}");
    e.quit();
}

#[test]
fn go_with_clocks_plays_a_move_for_the_side_to_move() {
    let mut e = Engine::start();
    e.send("newgame loa");
    // Black (the first side) to move; White's clock is not its own.
    e.send("position startpos");
    e.send("go firsttime 2000 secondtime 1 firstinc 10 secondinc 10 movestogo 20");
    let first = e.until("bestmove");
    let best = first
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert_ne!(best, "(none)");
    // White to move with almost no time left: still a legal move.
    e.send(&format!("position startpos moves {best}"));
    e.send("legal");
    let legal = e.until("legal");
    e.send("go firsttime 60000 secondtime 0");
    let reply = e.until("bestmove");
    let mv = reply.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(
        legal[0].split_whitespace().skip(1).any(|m| m == mv),
        "{mv}: {legal:?}"
    );
    for (command, expected) in [
        ("go movestogo 0", "movestogo"),
        ("go firsttime", "needs a number"),
        ("go wtime 100", "unknown go parameter"),
    ] {
        expect_error(&mut e, command, expected);
    }
    e.quit();
}

#[test]
fn the_table_is_kept_between_moves_of_a_game() {
    // The same search twice in one game: the second finds the first's
    // results in the kept table and visits fewer nodes; `newgame` forgets.
    let mut e = Engine::start();
    let nodes = |lines: &[String]| -> u64 {
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .expect("an info line");
        let words: Vec<&str> = info.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "nodes").unwrap();
        words[at + 1].parse().unwrap()
    };
    e.send("newgame loa");
    e.send("position startpos");
    e.send("go depth 5");
    let first = nodes(&e.until("bestmove"));
    e.send("go depth 5");
    let again = nodes(&e.until("bestmove"));
    assert!(again < first, "{first} then {again}");
    e.send("newgame loa");
    e.send("position startpos");
    e.send("go depth 5");
    assert_eq!(nodes(&e.until("bestmove")), first);
    e.quit();
}
