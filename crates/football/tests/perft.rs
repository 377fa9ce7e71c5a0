//! Perft from the standard test position (the rules file's reference
//! figures) and every line of `tests/data/football.perft`.

use gamut_core::{divide, perft, Game};
use gamut_football::{Football, FootballOptions};

fn start() -> Football {
    Football::perft_start(&FootballOptions::default())
}

#[test]
fn perft_depth_1_is_the_two_kick_off_passes() {
    let d = divide(&start(), 1);
    let mut moves: Vec<&str> = d.iter().map(|(m, _)| m.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["e4>c3", "e4>d2"]);
}

#[test]
fn perft_standard_test_position_depths_1_to_4() {
    let p = start();
    assert_eq!(perft(&p, 1), 2);
    assert_eq!(perft(&p, 2), 75);
    assert_eq!(perft(&p, 3), 2_923);
    assert_eq!(perft(&p, 4), 105_828);
}

#[test]
fn perft_standard_test_position_depth_5() {
    assert_eq!(perft(&start(), 5), 3_977_915);
}

#[test]
fn perft_file_lines() {
    let data = include_str!("data/football.perft");
    let options = FootballOptions::default();
    let mut lines = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (start, counts) = line.split_once(';').expect("a perft line has ... ; counts");
        let pos = if let Some(moves) = start.strip_prefix("moves ") {
            let mut pos = self::start();
            for text in moves.split_whitespace() {
                let mv = pos
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{text} in line {line}: {e}"));
                pos.play(mv);
            }
            pos
        } else if let Some(text) = start.strip_prefix("position ") {
            Football::from_text(&options, text.trim()).unwrap_or_else(|e| panic!("{line}: {e}"))
        } else {
            panic!("a perft line starts with 'moves' or 'position': {line}")
        };
        for item in counts.split_whitespace() {
            let (depth, count) = item.split_once('=').expect("depth=count");
            let depth: u32 = depth.parse().expect("depth");
            let count: u64 = count.parse().expect("count");
            assert_eq!(perft(&pos, depth), count, "depth {depth} of {line}");
        }
        lines += 1;
    }
    assert_eq!(lines, 17);
}
