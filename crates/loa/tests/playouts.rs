//! Random playouts checked against the reference implementation at every
//! position (moves, outcome, hash, text round trip, move notation, bulk
//! count), for every board size, setup and simultaneous-connection rule.

use gamut_core::{check_playouts, GameOptions};
use gamut_loa::{Loa, LoaOptions};
use proptest::prelude::*;

fn options(size: u8, eggs: bool, mover_wins: bool) -> LoaOptions {
    LoaOptions::from_pairs([
        ("size", ["6", "7", "8"][usize::from(size - 6)]),
        ("setup", if eggs { "scrambled-eggs" } else { "standard" }),
        (
            "simultaneous",
            if mover_wins { "mover-wins" } else { "draw" },
        ),
    ])
    .expect("valid options")
}

#[test]
fn every_size_and_setup_plays_many_checked_games() {
    for size in 6..=8 {
        for eggs in [false, true] {
            let o = options(size, eggs, false);
            let stats = check_playouts::<Loa>(&o, 40, u64::from(size) * 2 + u64::from(eggs))
                .unwrap_or_else(|e| panic!("{o:?}: {e}"));
            assert_eq!(stats.games, 40);
            assert!(stats.wins[0] + stats.wins[1] > 0, "{o:?}: {stats:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_keep_the_invariants(
        size in 6u8..=8,
        eggs in any::<bool>(),
        mover_wins in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let o = options(size, eggs, mover_wins);
        if let Err(e) = check_playouts::<Loa>(&o, 2, seed) {
            prop_assert!(false, "{:?}: {}", o, e);
        }
    }
}

/// A random position text on a `size` board: each square empty, Black or
/// White (sparse or crowded), either side to move.
fn random_position(size: u8) -> impl Strategy<Value = String> {
    let n = usize::from(size);
    (
        prop::collection::vec(
            prop_oneof![6 => Just('.'), 1 => Just('b'), 1 => Just('w')],
            n * n,
        ),
        any::<bool>(),
    )
        .prop_map(move |(squares, black)| {
            let ranks: Vec<String> = squares.chunks(n).map(|r| r.iter().collect()).collect();
            format!("{} {}", ranks.join("/"), if black { "b" } else { "w" })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_positions_match_the_reference(
        (size, text) in (6u8..=8).prop_flat_map(|s| (Just(s), random_position(s))),
        mover_wins in any::<bool>(),
    ) {
        let o = options(size, false, mover_wins);
        // Texts the parser refuses (e.g. a side without pieces) are not
        // positions; the rest are checked like a playout's positions.
        if let Ok(pos) = <Loa as gamut_core::Game>::from_text(&o, &text) {
            gamut_core::check_position(&pos, &o).map_err(TestCaseError::fail)?;
        }
    }
}
