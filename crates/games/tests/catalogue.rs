//! The catalogue over every game: each engine plays each game from the
//! start, the fixed bench search is deterministic and takes the node count
//! its entry records, the entries' end reasons are the ones the games give,
//! finished games get no move, and names and records round-trip.

use gamut_ai::{EngineSpec, Level, Limits};
use gamut_core::{random_playout, DynMatch};
use gamut_games::{CatalogueGame, GameKind, GameVisitor, Match};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn start(kind: GameKind) -> Box<dyn Match> {
    kind.new_match(&[], None)
        .expect("the default options are valid")
}

#[test]
fn every_engine_plays_every_game_from_the_start() {
    for &kind in GameKind::ALL {
        let game = start(kind);
        assert_eq!(game.kind(), kind);
        for spec in ["random", "easy", "medium", "mcts", "max@2"] {
            let spec: EngineSpec = spec.parse().unwrap();
            let r = game.search(
                &spec,
                &Limits::nodes(3_000),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let mv = r.best.unwrap_or_else(|| panic!("{kind} {spec}: no move"));
            assert!(game.legal_moves().contains(&mv), "{kind} {spec}: {mv}");
        }
    }
}

#[test]
fn the_bench_search_is_deterministic() {
    for &kind in GameKind::ALL {
        let bench = kind.entry().bench;
        let a = kind.bench_search();
        let b = start(kind).bench_search();
        assert_eq!(a.info.depth, bench.depth, "{kind}");
        assert_eq!(a.info.nodes, b.info.nodes, "{kind}");
        assert_eq!((a.best, a.info.pv), (b.best, b.info.pv), "{kind}");
        assert_eq!(
            a.info.nodes, bench.nodes,
            "{kind}: the node count recorded in its entry (crates/games/src/catalogue.rs)"
        );
    }
}

#[test]
fn finished_games_get_no_move() {
    for &kind in GameKind::ALL {
        let mut game = start(kind);
        game.abort();
        for level in Level::ALL {
            assert_eq!(game.think(level, Duration::from_millis(20)), None, "{kind}");
        }
    }
}

/// The end reasons of random games of `G`.
struct Endings;

impl GameVisitor for Endings {
    type Output = BTreeSet<String>;
    fn visit<G: CatalogueGame>(self) -> Self::Output {
        let options = G::Options::default();
        let start = G::start(&options);
        let mut rng = SmallRng::seed_from_u64(7);
        (0..40)
            .filter_map(|_| random_playout(&start, &options, &mut rng).0)
            .map(|o| o.reason.to_string())
            .collect()
    }
}

#[test]
fn random_games_end_only_in_the_entries_end_reasons() {
    for &kind in GameKind::ALL {
        let listed: BTreeSet<String> = kind.end_reasons().iter().map(ToString::to_string).collect();
        for reason in kind.dispatch(Endings) {
            assert!(
                listed.contains(&reason),
                "{kind} ended in '{reason}', which its entry does not list"
            );
        }
    }
}

#[test]
fn names_parse_back_and_records_replay() {
    let mut modules = BTreeSet::new();
    for &kind in GameKind::ALL {
        assert_eq!(kind.name().parse::<GameKind>().unwrap(), kind);
        assert_eq!(kind.to_string(), kind.name());
        assert!(
            modules.insert(kind.web_module()),
            "{kind}: web module used twice"
        );
        let mut game = start(kind);
        let first = game.legal_moves()[0].clone();
        let played = game.play(&first).unwrap();
        let again = kind
            .replay(&game.options(), Some(&game.start_text()), &game.moves())
            .unwrap();
        assert_eq!(again.position_text(), game.position_text(), "{kind}");
        assert_eq!(again.moves(), vec![played]);
        let copy = again.clone_match();
        assert_eq!(copy.kind(), kind);
        let rules: &dyn DynMatch = copy.as_ref();
        assert_eq!(rules.game_name(), kind.name());
    }
    assert!("chess".parse::<GameKind>().is_err());
}

/// What `try_move` and `replies` must give: the answers of a copy of the
/// record that plays each move.
fn by_playing(game: &dyn Match) -> (Vec<(String, Option<gamut_core::Player>)>, Vec<String>) {
    let mover = game.side_to_move();
    let mut tried = Vec::new();
    let mut replies = Vec::new();
    for mv in game.legal_moves() {
        let mut next = game.clone_box();
        let canonical = next.play(&mv).expect("a legal move plays");
        tried.push((
            canonical,
            next.outcome().is_none().then(|| next.side_to_move()),
        ));
        if next.side_to_move() == mover || next.placing() {
            continue;
        }
        for reply in next.legal_moves() {
            if !replies.contains(&reply) {
                replies.push(reply);
            }
        }
    }
    (tried, replies)
}

#[test]
fn moves_tried_and_replies_agree_with_playing_them() {
    // Long random games of every game and option set that ends by
    // repetition or the move limit, checked at every ply.
    let cases: [(GameKind, &[(&str, &str)]); 5] = [
        (GameKind::Loa, &[("size", "6"), ("move-limit", "40")]),
        (GameKind::Loa, &[]),
        (GameKind::Pursuit, &[]),
        (GameKind::Football, &[]),
        (GameKind::Football, &[("placement", "simultaneous")]),
    ];
    let mut rng = SmallRng::seed_from_u64(7);
    for (kind, options) in cases {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|&(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        let mut game = kind.new_match(&options, None).expect("valid options");
        for _ in 0..160 {
            let (tried, replies) = by_playing(game.as_ref());
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            for (mv, expected) in moves.iter().zip(&tried) {
                assert_eq!(&game.try_move(mv).unwrap(), expected, "{kind} {mv}");
            }
            assert_eq!(
                game.replies(),
                replies,
                "{kind} at {}",
                game.position_text()
            );
            let mv = &moves[rand::Rng::gen_range(&mut rng, 0..moves.len())];
            game.play(mv).unwrap();
        }
        assert!(game.try_move("nonsense").is_err());
    }
}
