//! Glicko-2 ratings (the `skillratings` crate): new players start at
//! 1500 ± 350, volatility 0.06.

use crate::store::RatingRow;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A new player's rating.
pub fn initial() -> RatingRow {
    let r = Glicko2Rating::new();
    RatingRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: 0,
    }
}

/// The new ratings of the first and second player after a game where the
/// first player scored `first_score` (1, 0.5 or 0).
pub fn update(first: RatingRow, second: RatingRow, first_score: f64) -> (RatingRow, RatingRow) {
    let outcome = if first_score > 0.75 {
        Outcomes::WIN
    } else if first_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = glicko2(
        &to_glicko(first),
        &to_glicko(second),
        &outcome,
        &Glicko2Config::new(),
    );
    (
        from_glicko(a, first.games + 1),
        from_glicko(b, second.games + 1),
    )
}

fn to_glicko(r: RatingRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from_glicko(r: Glicko2Rating, games: i64) -> RatingRow {
    RatingRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_what_the_loser_loses() {
        let (a, b) = update(initial(), initial(), 1.0);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!((a.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-6);
        assert!(a.deviation < 350.0);
        assert_eq!((a.games, b.games), (1, 1));
        let (c, d) = update(initial(), initial(), 0.5);
        assert!((c.rating - 1500.0).abs() < 1e-6 && (d.rating - 1500.0).abs() < 1e-6);
    }
}
