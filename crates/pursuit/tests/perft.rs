//! Perft: the rules file's reference figures from the Classic start and
//! every line of the shared reference file `tests/data/pursuit.perft`.

use gamut_core::{divide, perft, Game};
use gamut_pursuit::{Pursuit, PursuitOptions, CLASSIC_TEXT};

const REFERENCE: &str = include_str!("data/pursuit.perft");

#[test]
fn perft_from_classic_matches_the_rules_file() {
    let start = Pursuit::start(&PursuitOptions::default());
    assert_eq!(start.to_text(), CLASSIC_TEXT);
    let expected = [14, 176, 2_258, 26_800, 325_846, 3_737_104];
    for (depth, &count) in (1..).zip(&expected) {
        assert_eq!(perft(&start, depth), count, "depth {depth}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Pursuit::start(&PursuitOptions::default());
    let lines = divide(&start, 3);
    assert_eq!(lines.len(), 14);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 2_258);
}

#[test]
fn every_reference_line_matches() {
    let options = PursuitOptions::default();
    let mut checked = 0;
    for (number, line) in REFERENCE.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (moves, counts) = line
            .strip_prefix("moves")
            .and_then(|rest| rest.split_once(';'))
            .unwrap_or_else(|| panic!("line {}: unexpected form", number + 1));
        let mut pos = Pursuit::start(&options);
        for text in moves.split_whitespace() {
            let mv = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("line {}: move {text}: {e}", number + 1));
            pos.play(mv);
        }
        for item in counts.split_whitespace() {
            let (depth, count) = item.split_once('=').expect("depth=count");
            let depth: u32 = depth.parse().expect("a depth");
            let count: u64 = count.parse().expect("a count");
            assert_eq!(
                perft(&pos, depth),
                count,
                "line {}, depth {depth}",
                number + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} figures checked");
}
