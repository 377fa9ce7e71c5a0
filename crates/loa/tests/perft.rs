//! Perft against the rules file's reference figures and every line of the
//! reference file `tests/data/loa.perft` (copied from the shared rules).

use gamut_core::{divide, perft, Game, GameOptions};
use gamut_loa::{Loa, LoaOptions};

fn options(pairs: &[(&str, &str)]) -> LoaOptions {
    LoaOptions::from_pairs(pairs.iter().copied()).expect("valid options")
}

fn check_start(pairs: &[(&str, &str)], expected: &[u64]) {
    let start = Loa::start(&options(pairs));
    for (depth, &count) in (1..).zip(expected) {
        assert_eq!(perft(&start, depth), count, "{pairs:?} depth {depth}");
    }
}

#[test]
fn standard_start_through_depth_5() {
    check_start(&[], &[36, 1_244, 44_952, 1_563_208, 55_963_132]);
}

#[test]
fn scrambled_eggs_through_depth_5() {
    check_start(
        &[("setup", "scrambled-eggs")],
        &[32, 992, 32_000, 1_002_260, 32_396_552],
    );
}

#[test]
fn six_by_six_through_depth_4() {
    check_start(&[("size", "6")], &[24, 524, 11_440, 234_560]);
}

#[test]
fn divide_sums_to_perft() {
    let start = Loa::start(&LoaOptions::default());
    let lines = divide(&start, 3);
    assert_eq!(lines.len(), 36);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 44_952);
    assert!(lines.iter().any(|(m, _)| m == "b1-d3"));
    assert!(lines.iter().any(|(m, _)| m == "c1xa3"));
}

#[test]
fn every_line_of_the_reference_file() {
    let data = include_str!("data/loa.perft");
    let options = LoaOptions::default();
    let mut checked = 0;
    for line in data.lines().filter(|l| l.starts_with("moves")) {
        let (moves, counts) = line.split_once(';').expect("a ';' in each line");
        let mut pos = Loa::start(&options);
        for text in moves.split_whitespace().skip(1) {
            let mv = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text} in {line}: {e}"));
            pos.play(mv);
        }
        for field in counts.split_whitespace() {
            let (depth, count) = field.split_once('=').expect("depth=count");
            let depth: u32 = depth.parse().expect("a depth");
            let count: u64 = count.parse().expect("a count");
            assert_eq!(perft(&pos, depth), count, "depth {depth} after {moves}");
            checked += 1;
        }
    }
    assert_eq!(checked, 48);
}
