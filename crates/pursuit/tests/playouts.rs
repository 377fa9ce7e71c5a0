//! Random playouts checked against the slow reference rules
//! (`gamut_core::check_playouts`): Classic and Placement, with and without
//! Pawns, on `pentagrams`, on the example board `star16`, and from a custom
//! set-up on a tiny board.

mod common;

use common::options_for;
use gamut_core::{check_playouts, check_playouts_from, Game, GameOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use proptest::prelude::*;

const STAR16: &str = include_str!("../boards/star16.board");

fn options(board: &str, setup: &str, pawns: &str) -> PursuitOptions {
    let mut o = options_for(board);
    o.set("setup", setup).unwrap();
    o.set("pawns", pawns).unwrap();
    o.validate().unwrap();
    o
}

fn check(o: &PursuitOptions, games: u32, seed: u64) {
    let stats = check_playouts::<Pursuit>(o, games, seed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stats.games, u64::from(games));
}

#[test]
fn classic_playouts_match_the_reference() {
    check(&options("pentagrams", "classic", "on"), 40, 1);
    check(&options("pentagrams", "classic", "off"), 20, 2);
}

#[test]
fn placement_playouts_match_the_reference() {
    check(&options("pentagrams", "placement", "on"), 20, 3);
    check(&options("pentagrams", "placement", "off"), 20, 4);
}

#[test]
fn custom_board_playouts_match_the_reference() {
    check(&options(STAR16, "classic", "on"), 30, 5);
    check(&options(STAR16, "placement", "on"), 20, 6);
}

#[test]
fn tiny_board_custom_setup_playouts_match_the_reference() {
    // Six positions, the three diameters; a King, a Knight and a Pawn each.
    let o = options_for("6 0-3 1-4 2-5");
    let start = Pursuit::from_text(&o, "P..p../KN.kn. south").unwrap();
    check_playouts_from(&start, &o, 50, 7).unwrap_or_else(|e| panic!("{e}"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_seeds_keep_the_invariants(seed in any::<u64>(), setup in 0..4usize) {
        let (board, kind) = [
            ("pentagrams", "classic"),
            ("pentagrams", "placement"),
            (STAR16, "classic"),
            (STAR16, "placement"),
        ][setup];
        let o = options(board, kind, "on");
        check_playouts::<Pursuit>(&o, 3, seed).map_err(TestCaseError::fail)?;
    }
}

/// A sparse position in play: each side's King and up to three more
/// pieces, in play or out of play (majors), at distinct places.
fn sparse_position() -> impl Strategy<Value = String> {
    let piece = (0..5usize, 0..20u8, any::<bool>());
    (
        (0..20u8, any::<bool>()),
        (0..20u8, any::<bool>()),
        prop::collection::vec(piece.clone(), 0..4),
        prop::collection::vec(piece, 0..4),
        any::<bool>(),
    )
        .prop_map(|(south_king, north_king, south, north, south_to_move)| {
            let mut inner = ['.'; 20];
            let mut outer = ['.'; 20];
            let mut put = |(at, out): (u8, bool), letter: char| {
                let ring = if out && !letter.eq_ignore_ascii_case(&'P') {
                    &mut outer
                } else {
                    &mut inner
                };
                if ring[at as usize] == '.' {
                    ring[at as usize] = letter;
                }
            };
            put(south_king, 'K');
            put(north_king, 'k');
            for (pieces, upper) in [(&south, true), (&north, false)] {
                for &(kind, at, out) in pieces {
                    let letter = ['R', 'N', 'B', 'Q', 'P'][kind];
                    put(
                        (at, out),
                        if upper {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        },
                    );
                }
            }
            let side = if south_to_move { "south" } else { "north" };
            let ring = |r: [char; 20]| r.iter().collect::<String>();
            format!("{}/{} {side} play 1", ring(inner), ring(outer))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sparse_positions_match_the_reference(text in sparse_position()) {
        let o = PursuitOptions::default();
        // Two Kings on one place leave one King: not a valid position.
        if let Ok(pos) = Pursuit::from_text(&o, &text) {
            gamut_core::check_position(&pos, &o).map_err(TestCaseError::fail)?;
        }
    }
}
