//! Varied openings for `gamut match`: a few random plies from a seeded
//! random generator, so that the games of a match differ and the match can
//! be repeated exactly. Each opening is played twice, once with each
//! engine moving first.

use super::player::Setup;
use anyhow::Result;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// How many times to draw an opening again when the random plies end the
/// game.
const TRIES: u32 = 100;

/// `count` openings of `plies` random plies each (fewer if every try ended
/// the game), from `seed`.
pub fn openings(setup: &Setup, count: usize, plies: usize, seed: u64) -> Result<Vec<Vec<String>>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut best: Vec<String> = Vec::new();
            for _ in 0..TRIES {
                let mut game = setup
                    .kind
                    .new_match(&setup.options, setup.start.as_deref())?;
                let mut moves = Vec::new();
                while moves.len() < plies && game.outcome().is_none() {
                    let Some(mv) = game.legal_moves().choose(&mut rng).cloned() else {
                        break;
                    };
                    game.play(&mv)?;
                    moves.push(mv);
                }
                if game.outcome().is_none() {
                    return Ok(moves);
                }
                // Keep the longest live prefix in case every try ends.
                moves.pop();
                if moves.len() > best.len() {
                    best = moves;
                }
            }
            Ok(best)
        })
        .collect()
}
