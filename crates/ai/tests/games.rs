//! Smoke tests of the engines on Gamut's games through the dynamic API:
//! a one-move Lines of Action win, a hanging Linear Pursuit King, an open
//! Chess Football goal, every engine on every game, and the fixed bench
//! search's node count.

use gamut_ai::{bench_search, search, EngineSpec, Level, Limits, Score};
use gamut_core::{DynMatch, Game, GameRecord, Player};
use gamut_football::{Football, FootballOptions};
use gamut_loa::{Loa, LoaOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use std::sync::atomic::AtomicBool;

fn record<G: Game>(text: &str) -> GameRecord<G> {
    let options = G::Options::default();
    let pos = G::from_text(&options, text).unwrap();
    GameRecord::from_position(options, pos)
}

fn best(game: &dyn DynMatch, spec: &str, limits: Limits) -> gamut_ai::SearchReport {
    let spec: EngineSpec = spec.parse().unwrap();
    search(game, &spec, &limits, &AtomicBool::new(false), &mut |_| {})
}

/// Black connects with e5-d5, e5-b2 or c4-d4.
const LOA_WIN_IN_ONE: &str =
    "w......w/......../......../....b.../..b...../..b...../......../.......w b";

#[test]
fn loa_plays_a_winning_move() {
    for spec in ["easy", "max", "mcts"] {
        let mut game = record::<Loa>(LOA_WIN_IN_ONE);
        let r = best(&game, spec, Limits::depth(3));
        game.play_text(r.best.as_deref().unwrap()).unwrap();
        assert_eq!(
            game.outcome().and_then(|o| o.winner),
            Some(Player::First),
            "{spec}: {r:?}"
        );
        if spec != "easy" {
            assert_eq!(r.info.score, Score::WinIn(1), "{spec}: {r:?}");
        }
    }
}

#[test]
fn pursuit_captures_a_hanging_king() {
    // North's Rook on 2 attacks South's King on 10 along the chord 2-10.
    let text = "..r.......K........./k................... north play 10";
    for spec in ["medium", "max", "mcts"] {
        let game = record::<Pursuit>(text);
        let r = best(&game, spec, Limits::depth(4));
        assert_eq!(r.best.as_deref(), Some("2x10"), "{spec}: {r:?}");
        assert_eq!(r.info.score, Score::WinIn(1), "{spec}: {r:?}");
    }
}

#[test]
fn football_scores_an_open_goal() {
    // White's Queen on f4 holds the ball; the f-file is open up to f8.
    let text = "4k2r/3q4/1np3p1/8/4NQ2/2P1P3/8/R3K3 f4 w play w 1 10 0-0 QRN/QRN -/- -";
    for spec in ["medium", "max", "mcts"] {
        let mut game = record::<Football>(text);
        let r = best(
            &game,
            spec,
            Limits {
                depth: Some(4),
                nodes: Some(50_000),
                movetime: None,
            },
        );
        // The shot f4>f8 or the dribble f4-f8.
        game.play_text(r.best.as_deref().unwrap()).unwrap();
        assert_eq!(game.position().score(Player::First), 1, "{spec}: {r:?}");
    }
}

#[test]
fn every_engine_plays_every_game_from_the_start() {
    let games: Vec<Box<dyn DynMatch>> = vec![
        Box::new(GameRecord::<Loa>::new(LoaOptions::default())),
        Box::new(GameRecord::<Pursuit>::new(PursuitOptions::default())),
        Box::new(GameRecord::<Football>::new(FootballOptions::default())),
    ];
    for game in &games {
        for spec in ["random", "easy", "medium", "mcts", "max@2"] {
            let r = best(game.as_ref(), spec, Limits::nodes(3_000));
            let mv = r
                .best
                .unwrap_or_else(|| panic!("{} {spec}: no move", game.game_name()));
            assert!(
                game.legal_moves().contains(&mv),
                "{} {spec}: {mv}",
                game.game_name()
            );
        }
    }
}

#[test]
fn finished_games_get_no_move() {
    let mut game = record::<Loa>(LOA_WIN_IN_ONE);
    game.play_text("e5-d5").unwrap();
    for level in Level::ALL {
        assert_eq!(
            gamut_ai::think(&game, level, std::time::Duration::from_millis(50)),
            None
        );
    }
}

/// Node counts of the fixed bench search (update them when the search, an
/// evaluation or a game's move generation order changes on purpose).
const BENCH_NODES: [(&str, u64); 3] = [
    ("loa", 135_213),
    ("pursuit", 111_875),
    ("football", 436_751),
];

#[test]
fn the_bench_search_is_deterministic() {
    let games: Vec<Box<dyn DynMatch>> = vec![
        Box::new(GameRecord::<Loa>::new(LoaOptions::default())),
        Box::new(GameRecord::<Pursuit>::new(PursuitOptions::default())),
        Box::new(GameRecord::<Football>::new(FootballOptions::default())),
    ];
    for (game, (name, nodes)) in games.iter().zip(BENCH_NODES) {
        assert_eq!(game.game_name(), name);
        let a = bench_search(game.as_ref());
        let b = bench_search(game.as_ref());
        assert_eq!(a.info.nodes, b.info.nodes, "{name}");
        assert_eq!((a.best, a.info.pv), (b.best, b.info.pv), "{name}");
        assert_eq!(a.info.nodes, nodes, "{name}: recorded node count");
    }
}
