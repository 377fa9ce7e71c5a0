//! The shipped puzzle files: they parse, hold at least 300 puzzles per
//! game with unique ids, `find` finds them, and every stored line is
//! accepted by the checker move by move (no search: the full re-proof of
//! a sample is the CLI test's `gamut puzzles verify`).

use gamut_games::GameKind;
use gamut_puzzles::{check, data_errors, find, puzzles, Verdict};

#[test]
fn every_file_parses_and_is_large_enough() {
    assert!(data_errors().is_empty(), "{:?}", data_errors());
    for &game in GameKind::ALL {
        let list = puzzles(game);
        assert!(list.len() >= 300, "{game}: {} puzzles", list.len());
        for p in list {
            assert_eq!(p.game, game);
            assert!(p.id.starts_with(game.name()), "{}", p.id);
            assert_eq!(find(&p.id).map(|q| &q.id), Some(&p.id));
            assert!(!p.themes.is_empty(), "{}", p.id);
        }
    }
    assert!(find("no-such-puzzle").is_none());
}

#[test]
fn the_checker_accepts_every_stored_line() {
    for &game in GameKind::ALL {
        for p in puzzles(game) {
            let mut played: Vec<String> = Vec::new();
            for (i, mv) in p.line.iter().enumerate().step_by(2) {
                let verdict = check(p, &played, mv);
                let last = i + 1 == p.line.len();
                let expected = Verdict::Right {
                    reply: if last {
                        None
                    } else {
                        Some(p.line[i + 1].clone())
                    },
                    solved: last,
                };
                assert_eq!(verdict, expected, "{} move {}", p.id, i + 1);
                played.push(mv.clone());
                if !last {
                    played.push(p.line[i + 1].clone());
                }
            }
            for (wrong, refutation) in p.refutations.iter().take(3) {
                assert_eq!(
                    check(p, &[], wrong),
                    Verdict::Wrong {
                        refutation: refutation.clone()
                    },
                    "{} {wrong}",
                    p.id
                );
            }
        }
    }
}
