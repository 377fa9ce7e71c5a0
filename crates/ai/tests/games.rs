//! Smoke tests of the engines on Gamut's games: a one-move Lines of Action
//! win, a hanging Linear Pursuit King, an open Chess Football goal, no move
//! in a finished game. (Every engine on every game and the fixed bench
//! search's node counts are tested over the whole catalogue, in
//! `gamut-games`.)

use gamut_ai::{search_record, EngineSpec, Evaluate, Level, Limits, Score};
use gamut_core::{Game, GameRecord, Player};
use gamut_football::Football;
use gamut_loa::Loa;
use gamut_pursuit::Pursuit;
use std::sync::atomic::AtomicBool;

fn record<G: Game>(text: &str) -> GameRecord<G> {
    let options = G::Options::default();
    let pos = G::from_text(&options, text).unwrap();
    GameRecord::from_position(options, pos)
}

/// The move of the player `spec`, seeded so that a level's deliberate
/// blunders cannot make a test fail by chance.
fn best<G: Evaluate>(game: &GameRecord<G>, spec: &str, limits: Limits) -> gamut_ai::SearchReport {
    let spec = spec.parse::<EngineSpec>().unwrap().with_seed(1);
    search_record(game, &spec, &limits, &AtomicBool::new(false), &mut |_| {})
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
                ..Limits::default()
            },
        );
        // The shot f4>f8 or the dribble f4-f8.
        game.play_text(r.best.as_deref().unwrap()).unwrap();
        assert_eq!(game.position().score(Player::First), 1, "{spec}: {r:?}");
    }
}

#[test]
fn finished_games_get_no_move() {
    let mut game = record::<Loa>(LOA_WIN_IN_ONE);
    game.play_text("e5-d5").unwrap();
    for level in Level::ALL {
        let r = best(
            &game,
            level.name(),
            Limits::movetime(std::time::Duration::from_millis(50)),
        );
        assert_eq!(r.best, None, "{level}");
    }
}
