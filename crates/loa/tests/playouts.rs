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
