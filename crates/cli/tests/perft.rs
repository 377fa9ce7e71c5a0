//! `gamut perft`'s output contract, for every game of the catalogue: with
//! `--divide` one `<move> <count>` line per legal move, and always the bare
//! total as the last line.

mod common;

use common::run;
use gamut_games::GameKind;

/// Leaf counts at depths 1 and 2 from each game's perft start (the rules
/// files' reference figures).
fn reference(game: &str) -> Option<[u64; 2]> {
    match game {
        "loa" => Some([36, 1_244]),
        "pursuit" => Some([14, 176]),
        "football" => Some([2, 75]),
        _ => None,
    }
}

fn last_line(out: &str) -> &str {
    out.lines().last().expect("some output")
}

#[test]
fn every_game_keeps_the_perft_output_contract() {
    assert!(!GameKind::ALL.is_empty());
    for game in GameKind::ALL {
        let name = game.name();
        let (one, err, ok) = run(&["perft", name, "--depth", "1"], "");
        assert!(ok, "{name}: {err}");
        let (two, err, ok) = run(&["perft", name, "--depth", "2"], "");
        assert!(ok, "{name}: {err}");
        let d1: u64 = last_line(&one).parse().expect("bare total");
        let d2: u64 = last_line(&two).parse().expect("bare total");
        if let Some(expected) = reference(name) {
            assert_eq!([d1, d2], expected, "{name}");
        }

        let (divided, err, ok) = run(&["perft", name, "--depth", "2", "--divide"], "");
        assert!(ok, "{name}: {err}");
        let lines: Vec<&str> = divided.lines().collect();
        let (total, per_move) = lines.split_last().expect("output");
        assert_eq!(total.parse::<u64>().expect("bare total"), d2, "{name}");
        assert_eq!(per_move.len() as u64, d1, "{name}: one line per move");
        let mut sum = 0;
        for line in per_move {
            let (mv, count) = line.rsplit_once(' ').expect("'<move> <count>'");
            assert!(!mv.is_empty() && !mv.contains(' '), "{name}: {line}");
            sum += count.parse::<u64>().expect("count");
        }
        assert_eq!(sum, d2, "{name}: the lines add up to the total");
    }
}

#[test]
fn bad_perft_input_is_an_error_not_a_panic() {
    let (_, err, ok) = run(&["perft", "loa", "--depth", "1", "--moves", "z9-z9"], "");
    assert!(!ok);
    assert!(err.starts_with("error:"), "{err}");
    let (_, err, ok) = run(&["perft", "chess", "--depth", "1"], "");
    assert!(!ok);
    assert!(err.contains("unknown game"), "{err}");
}

#[test]
fn a_finished_position_has_no_moves_in_perft_and_divide() {
    // A King just captured, a goal just scored, a side connected.
    let finished = [
        (
            "pursuit",
            "...p..............R./.....K.............. north play 1",
            "",
        ),
        (
            "football",
            "7k/8/8/8/8/8/3R4/4K3 d2 w play w 1 10 0-0 QRN/BNP -/- -",
            "d2>d8",
        ),
        (
            "loa",
            "bb.....w/......../......../......../......../......../......../w....... w",
            "",
        ),
    ];
    for (game, position, moves) in finished {
        for depth in ["1", "3"] {
            let args = [
                "perft",
                game,
                "--position",
                position,
                "--moves",
                moves,
                "--depth",
                depth,
            ];
            let (out, err, ok) = run(&args, "");
            assert!(ok, "{game}: {err}");
            assert_eq!(out.trim(), "0", "{game} perft {depth}");
            let (out, err, ok) = run(&[&args[..], &["--divide"]].concat(), "");
            assert!(ok, "{game}: {err}");
            assert_eq!(out.trim(), "0", "{game} divide {depth}: nothing listed");
        }
    }
}
