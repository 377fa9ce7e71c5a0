//! Arena scoring: a win is worth 2 points, a draw 1, a loss 0; after two
//! wins in a row every further win is worth double (4) until the streak
//! breaks (a draw or a loss), as in lichess arenas.

/// What one finished tournament game was for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

/// Points for a win.
pub const WIN_POINTS: u32 = 2;
/// Points for a draw.
pub const DRAW_POINTS: u32 = 1;
/// Points for a win while on a streak (doubled).
pub const STREAK_WIN_POINTS: u32 = 2 * WIN_POINTS;
/// Wins in a row after which wins count double.
pub const STREAK_LENGTH: u32 = 2;

/// A player's score sheet: the points of each finished game in order, the
/// total, and the streak.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    /// The points each game brought, oldest first.
    pub scores: Vec<u32>,
    /// Their sum.
    pub points: u32,
    /// Games won.
    pub wins: u32,
    /// Consecutive wins up to now.
    pub wins_in_row: u32,
}

impl Sheet {
    /// The sheet of `results`, oldest first.
    #[cfg(test)]
    pub fn of(results: impl IntoIterator<Item = GameScore>) -> Sheet {
        let mut sheet = Sheet::default();
        for result in results {
            sheet.add(result);
        }
        sheet
    }

    /// Adds the next game's result.
    pub fn add(&mut self, result: GameScore) {
        let points = match result {
            GameScore::Win if self.on_fire() => STREAK_WIN_POINTS,
            GameScore::Win => WIN_POINTS,
            GameScore::Draw => DRAW_POINTS,
            GameScore::Loss => 0,
        };
        if result == GameScore::Win {
            self.wins += 1;
            self.wins_in_row += 1;
        } else {
            self.wins_in_row = 0;
        }
        self.scores.push(points);
        self.points += points;
    }

    /// True while the next win counts double (the last two games or more
    /// were won).
    pub fn on_fire(&self) -> bool {
        self.wins_in_row >= STREAK_LENGTH
    }
}

#[cfg(test)]
mod tests {
    use super::GameScore::{Draw, Loss, Win};
    use super::*;

    #[test]
    fn wins_draws_and_losses_score_two_one_and_nothing() {
        let sheet = Sheet::of([Win, Draw, Loss, Draw, Win]);
        assert_eq!(sheet.scores, [2, 1, 0, 1, 2]);
        assert_eq!(sheet.points, 6);
        assert_eq!(sheet.wins, 2);
        assert!(!sheet.on_fire());
    }

    #[test]
    fn the_third_win_in_a_row_and_later_ones_count_double() {
        let sheet = Sheet::of([Win, Win, Win, Win]);
        assert_eq!(sheet.scores, [2, 2, 4, 4]);
        assert_eq!(sheet.points, 12);
        assert!(sheet.on_fire());
    }

    #[test]
    fn a_draw_or_a_loss_breaks_the_streak() {
        let sheet = Sheet::of([Win, Win, Draw, Win, Win, Win, Loss, Win]);
        assert_eq!(sheet.scores, [2, 2, 1, 2, 2, 4, 0, 2]);
        assert_eq!(sheet.points, 15);
        assert!(!sheet.on_fire());
        // A draw on fire is worth 1, not 2.
        assert_eq!(Sheet::of([Win, Win, Draw]).scores, [2, 2, 1]);
    }

    #[test]
    fn two_wins_put_a_player_on_fire() {
        let mut sheet = Sheet::of([Loss, Win]);
        assert!(!sheet.on_fire());
        sheet.add(Win);
        assert!(sheet.on_fire());
        assert_eq!(Sheet::default().points, 0);
    }
}
