//! The levels are ordered: each level's budget is at least the one below
//! and its weaknesses no worse, and `easy` beats `random` in quick games.

use gamut_ai::{search_record, EngineSpec, Evaluate, Level, Limits};
use gamut_core::{GameRecord, Player};
use gamut_football::{Football, FootballOptions};
use gamut_loa::{Loa, LoaOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use std::sync::atomic::AtomicBool;

#[test]
fn profiles_grow_with_the_level() {
    let levels = &Level::ALL[1..];
    for pair in levels.windows(2) {
        let (low, high) = (pair[0].profile(), pair[1].profile());
        let more =
            |a: Option<u64>, b: Option<u64>| b.is_none() || a.is_some_and(|a| a <= b.unwrap());
        assert!(
            more(low.cap.depth.map(u64::from), high.cap.depth.map(u64::from)),
            "{pair:?}"
        );
        assert!(more(low.cap.nodes, high.cap.nodes), "{pair:?}");
        assert!(more(
            low.cap.movetime.map(|t| t.as_millis() as u64),
            high.cap.movetime.map(|t| t.as_millis() as u64)
        ));
        assert!(
            low.noise >= high.noise && low.blunder_chance >= high.blunder_chance,
            "{pair:?}"
        );
        assert!(low.max_threads <= high.max_threads, "{pair:?}");
    }
    assert!(Level::Easy.profile().cap.depth.is_some(), "easy is shallow");
    assert!(Level::Easy.profile().blunder_chance > 0.0, "easy blunders");
    assert_eq!(
        Level::Max.profile().cap,
        Limits::default(),
        "max has no cap"
    );
}

/// Play one game; the winner's index in `players`, or `None` for a draw.
fn play<G: Evaluate>(mut game: GameRecord<G>, players: [&EngineSpec; 2]) -> Option<usize> {
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() {
        let side = game.side_to_move().index();
        let r = search_record(&game, players[side], &Limits::default(), &stop, &mut |_| {});
        game.play_text(&r.best.expect("a live game has a move"))
            .unwrap();
    }
    game.outcome().unwrap().winner.map(Player::index)
}

/// Games `easy` wins of `games` against `random`, both seeded (game `g`
/// with seed `g`), so the count is the same at every run.
fn easy_beats_random<G: Evaluate>(new_game: impl Fn() -> GameRecord<G>, games: usize) -> usize {
    (0..games)
        .filter(|&g| {
            let easy = EngineSpec::level(Level::Easy).with_seed(g as u64);
            let random = EngineSpec::level(Level::Random).with_seed(g as u64 + 1000);
            // Alternate colours.
            let players = if g % 2 == 0 {
                [&easy, &random]
            } else {
                [&random, &easy]
            };
            play(new_game(), players) == Some(g % 2)
        })
        .count()
}

#[test]
fn easy_beats_random_at_lines_of_action() {
    let wins = easy_beats_random(|| GameRecord::<Loa>::new(LoaOptions::default()), 4);
    assert!(wins >= 3, "easy won {wins} of 4");
}

#[test]
fn easy_beats_random_at_linear_pursuit() {
    let wins = easy_beats_random(|| GameRecord::<Pursuit>::new(PursuitOptions::default()), 4);
    assert!(wins >= 3, "easy won {wins} of 4");
}

#[test]
fn easy_beats_random_at_chess_football() {
    let wins = easy_beats_random(
        || GameRecord::<Football>::new(FootballOptions::default()),
        2,
    );
    assert_eq!(wins, 2, "easy won {wins} of 2");
}

#[test]
fn a_seeded_player_repeats_its_choices() {
    let stop = AtomicBool::new(false);
    let mut game = GameRecord::<Loa>::new(LoaOptions::default());
    for ply in 0..12 {
        let spec = EngineSpec::level(if ply % 2 == 0 {
            Level::Easy
        } else {
            Level::Random
        })
        .with_seed(7);
        let choose = || search_record(&game, &spec, &Limits::default(), &stop, &mut |_| {}).best;
        let first = choose();
        for _ in 0..3 {
            assert_eq!(choose(), first, "ply {ply}");
        }
        game.play_text(&first.expect("a move")).unwrap();
    }
}
