//! What the stored games of a tournament say about each player: the score
//! sheet from their finished games, the game they are playing, and what
//! pairing needs (the last opponent, how often they had each side); and
//! the ranking. Computed from the stored results alone, so the standings
//! are the same after a restart.

use super::scoring::{GameScore, Sheet};
use gamut_core::Player;
use gamut_protocol::ids::{GameId, UserId};
use std::collections::HashMap;

/// A tournament game as stored: its players and how far it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The game.
    pub id: GameId,
    /// Its players, first side first.
    pub players: [UserId; 2],
    /// How it stands.
    pub outcome: GameOutcome,
    /// The side that lost it on time without making a move, if any.
    pub no_show: Option<Player>,
}

/// The side of a game that lost on time before making its first move
/// (`plies` played in all; the first side moves first), if it did.
pub fn no_show(winner: Option<Player>, on_time: bool, plies: i64) -> Option<Player> {
    let loser = winner?.other();
    let its_first_ply = i64::try_from(loser.index()).unwrap_or(0) + 1;
    (on_time && plies < its_first_ply).then_some(loser)
}

/// How a tournament game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    /// Being played.
    Live,
    /// Paired, its game being created (not stored yet).
    Pending,
    /// Over: won by this side, or drawn (`None`).
    Over(Option<Player>),
    /// Aborted (or never started): counts for nobody.
    Aborted,
}

/// One player's tournament so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Points of the finished games.
    pub sheet: Sheet,
    /// The game being played, if any.
    pub playing: Option<GameId>,
    /// Paired in a game being created.
    pub pending: bool,
    /// The opponent of the latest game.
    pub last_opponent: Option<UserId>,
    /// Games with the first side minus games with the second.
    pub balance: i32,
    /// The side of the latest game.
    pub last_side: Option<Player>,
}

/// Each player's record from `games` (in the order they were paired).
pub fn records<'a>(games: impl IntoIterator<Item = &'a TournamentGame>) -> HashMap<UserId, Record> {
    let mut records: HashMap<UserId, Record> = HashMap::new();
    for game in games {
        for side in [Player::First, Player::Second] {
            let me = &game.players[side.index()];
            let record = records.entry(me.clone()).or_default();
            record.last_opponent = Some(game.players[side.other().index()].clone());
            match game.outcome {
                GameOutcome::Live => record.playing = Some(game.id.clone()),
                GameOutcome::Pending => record.pending = true,
                GameOutcome::Over(winner) => record.sheet.add(match winner {
                    None => GameScore::Draw,
                    Some(w) if w == side => GameScore::Win,
                    Some(_) => GameScore::Loss,
                }),
                GameOutcome::Aborted => continue,
            }
            record.balance += if side == Player::First { 1 } else { -1 };
            record.last_side = Some(side);
        }
    }
    records
}

/// A player's rank among others: more points first, then the higher
/// rating, then the earlier to join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RankKey {
    points: std::cmp::Reverse<u32>,
    rating: std::cmp::Reverse<i32>,
    joined_at: i64,
}

impl RankKey {
    /// The key of a player with `points` and `rating` who joined at
    /// `joined_at`.
    pub fn new(points: u32, rating: i32, joined_at: i64) -> RankKey {
        RankKey {
            points: std::cmp::Reverse(points),
            rating: std::cmp::Reverse(rating),
            joined_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str) -> UserId {
        UserId::parse(name).unwrap()
    }

    fn game(n: u32, first: &str, second: &str, outcome: GameOutcome) -> TournamentGame {
        TournamentGame {
            id: GameId::parse(&format!("g{n}")).unwrap(),
            players: [user(first), user(second)],
            outcome,
            no_show: None,
        }
    }

    #[test]
    fn records_follow_the_games_in_order() {
        let games = [
            game(1, "a", "b", GameOutcome::Over(Some(Player::First))),
            game(2, "b", "a", GameOutcome::Over(Some(Player::Second))),
            game(3, "a", "c", GameOutcome::Over(None)),
            game(4, "c", "b", GameOutcome::Aborted),
            game(5, "b", "a", GameOutcome::Live),
            game(6, "d", "e", GameOutcome::Pending),
        ];
        let records = records(&games);
        let a = &records[&user("a")];
        assert_eq!(a.sheet.scores, [2, 2, 1]);
        assert_eq!(a.playing.as_ref().map(GameId::as_str), Some("g5"));
        assert_eq!(a.last_opponent, Some(user("b")));
        // The game being played counts for the sides.
        assert_eq!(a.balance, 0);
        assert_eq!(a.last_side, Some(Player::Second));
        let b = &records[&user("b")];
        assert_eq!(b.sheet.scores, [0, 0]);
        assert_eq!(b.balance, 1);
        let c = &records[&user("c")];
        assert_eq!(c.sheet.points, 1);
        // The aborted game counts for neither, but it was c's last opponent.
        assert_eq!(c.last_opponent, Some(user("b")));
        assert_eq!(c.balance, -1);
        assert_eq!(c.playing, None);
        // A game being created keeps its players from being paired again.
        assert!(records[&user("d")].pending && !a.pending);
        assert_eq!(records[&user("d")].playing, None);
    }

    #[test]
    fn a_loss_on_time_without_a_move_is_a_no_show() {
        use Player::{First, Second};
        // The first side never moved; the second never answered.
        assert_eq!(no_show(Some(Second), true, 0), Some(First));
        assert_eq!(no_show(Some(First), true, 1), Some(Second));
        assert_eq!(no_show(Some(First), true, 0), Some(Second));
        // Both moved, another ending, or a draw: no.
        assert_eq!(no_show(Some(First), true, 2), None);
        assert_eq!(no_show(Some(Second), true, 1), None);
        assert_eq!(no_show(Some(Second), false, 0), None);
        assert_eq!(no_show(None, true, 0), None);
    }

    #[test]
    fn points_rank_first_then_rating_then_joining() {
        let mut keys = [
            RankKey::new(4, 1500, 3),
            RankKey::new(6, 1400, 2),
            RankKey::new(4, 1600, 4),
            RankKey::new(4, 1500, 1),
        ];
        keys.sort();
        assert_eq!(
            keys,
            [
                RankKey::new(6, 1400, 2),
                RankKey::new(4, 1600, 4),
                RankKey::new(4, 1500, 1),
                RankKey::new(4, 1500, 3),
            ]
        );
    }
}
