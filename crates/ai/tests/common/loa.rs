//! Small Lines of Action positions: random 6x6 boards for the solver's
//! tests.

use gamut_core::{Game, GameOptions, Player};
use gamut_loa::{Loa, LoaOptions};
use rand::rngs::SmallRng;
use rand::Rng;

/// 6x6 Lines of Action with the default rules otherwise.
pub fn options() -> LoaOptions {
    LoaOptions::from_pairs([("size", "6")]).unwrap()
}

/// A random 6x6 position with `per_side` pieces a side, not finished,
/// with `to_move` to move (drawn at random when `None`).
pub fn random_position(rng: &mut SmallRng, per_side: usize, to_move: Option<Player>) -> Loa {
    loop {
        let mut cells = ['.'; 36];
        for c in ['b', 'w'] {
            let mut placed = 0;
            while placed < per_side {
                let i = rng.gen_range(0..36);
                if cells[i] == '.' {
                    cells[i] = c;
                    placed += 1;
                }
            }
        }
        let ranks: Vec<String> = cells.chunks(6).map(|r| r.iter().collect()).collect();
        let to_move = to_move.unwrap_or_else(|| {
            if rng.gen_bool(0.5) {
                Player::First
            } else {
                Player::Second
            }
        });
        let side = match to_move {
            Player::First => 'b',
            Player::Second => 'w',
        };
        let text = format!("{} {side}", ranks.join("/"));
        let pos = Loa::from_text(&options(), &text).expect("valid text");
        if pos.outcome().is_none() {
            return pos;
        }
    }
}
