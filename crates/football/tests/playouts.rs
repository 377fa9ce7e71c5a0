//! Random whole matches from the match start (team choice, placements,
//! kick-offs, goals, resets, both halves) checked position by position
//! against the slow reference rules with `gamut_core::check_playouts`.

use gamut_core::{
    check_playouts, check_playouts_from, random_playout, Game, GameOptions, MoveList,
};
use gamut_football::{Football, FootballOptions};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn options(half_length: u16, keeper: bool) -> FootballOptions {
    let rule = if keeper { "keeper" } else { "open-path" };
    FootballOptions::from_pairs([
        ("half-length", half_length.to_string().as_str()),
        ("shot-rule", rule),
    ])
    .expect("valid options")
}

#[test]
fn whole_matches_with_default_options_keep_every_invariant() {
    let o = FootballOptions::default();
    let stats = check_playouts::<Football>(&o, 6, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stats.games, 6);
    assert_eq!(stats.wins[0] + stats.wins[1] + stats.draws, 6);
}

#[test]
fn whole_matches_from_the_standard_test_position_keep_every_invariant() {
    let o = FootballOptions::default();
    let start = Football::perft_start(&o);
    check_playouts_from(&start, &o, 6, 2).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn random_matches_finish_with_goals_and_both_halves() {
    let o = options(30, false);
    let mut rng = SmallRng::seed_from_u64(3);
    let (mut goals, mut second_halves, mut finished) = (0, 0, 0);
    for _ in 0..200 {
        let mut pos = Football::start(&o);
        let mut moves = MoveList::new();
        while pos.outcome().is_none() {
            moves.clear();
            pos.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            let before = pos.clone();
            pos.play(mv);
            goals += u32::from(pos.last_goal().is_some());
            if before.half() == 1 && pos.half() == 2 {
                second_halves += 1;
            }
        }
        finished += 1;
        assert_eq!(pos.actions_played(), 60);
    }
    assert_eq!(finished, 200);
    assert_eq!(second_halves, 200);
    assert!(goals > 100, "random matches score goals ({goals})");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_whole_matches_match_the_reference(
        seed in any::<u64>(),
        half_length in 1u16..12,
        keeper in any::<bool>(),
    ) {
        let o = options(half_length, keeper);
        let stats = check_playouts::<Football>(&o, 3, seed).map_err(TestCaseError::fail)?;
        // Every short match reaches its final whistle.
        prop_assert_eq!(stats.wins[0] + stats.wins[1] + stats.draws, 3);
        let mut rng = SmallRng::seed_from_u64(seed);
        let (outcome, _) = random_playout(&Football::start(&o), &o, &mut rng);
        prop_assert!(outcome.is_some());
    }
}
