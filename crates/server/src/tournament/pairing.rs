//! Arena pairing: the players waiting for a game (free and not paused) are
//! paired at once, each with the nearest in the ranking (points, then
//! rating) who was not their last opponent; an immediate rematch is made
//! only when no one else is left to pair with. Sides alternate: the player who had the
//! first side less often gets it, then the one who had the second side
//! last time.

use super::standings::{RankKey, Record};
use gamut_core::Player;
use gamut_protocol::ids::UserId;

/// A player waiting for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting<'a> {
    pub user: &'a UserId,
    /// Where they rank now.
    pub rank: RankKey,
    /// Their tournament so far.
    pub record: &'a Record,
}

/// Two players to seat in a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The first side's player.
    pub first: UserId,
    /// The second side's player.
    pub second: UserId,
}

/// Pairs `waiting` (in any order); one player is left waiting when they
/// are an odd number (the lowest ranked one, or one whose only partner
/// would be a rematch).
pub fn pair(mut waiting: Vec<Waiting<'_>>) -> Vec<Pair> {
    waiting.sort_by(|a, b| a.rank.cmp(&b.rank).then_with(|| a.user.cmp(b.user)));
    let mut free: Vec<Option<Waiting<'_>>> = waiting.into_iter().map(Some).collect();
    let mut pairs = Vec::new();
    for i in 0..free.len() {
        let Some(me) = free[i].take() else { continue };
        let others = (i + 1..free.len()).filter(|&j| free[j].is_some());
        let rematch = |j: &usize| {
            free[*j]
                .as_ref()
                .is_some_and(|other| played_last(&me, other))
        };
        // Everyone left may be a rematch: then the nearest.
        let partner = others.clone().find(|j| !rematch(j)).or(others.min());
        match partner.and_then(|j| free[j].take()) {
            Some(other) => pairs.push(sides(&me, &other)),
            None => free[i] = Some(me),
        }
    }
    pairs
}

/// True if `a` and `b` played each other in their latest games.
fn played_last(a: &Waiting<'_>, b: &Waiting<'_>) -> bool {
    a.record.last_opponent.as_ref() == Some(b.user)
        || b.record.last_opponent.as_ref() == Some(a.user)
}

/// Seats `a` (the higher ranked) and `b`.
fn sides(a: &Waiting<'_>, b: &Waiting<'_>) -> Pair {
    let a_first = match a.record.balance.cmp(&b.record.balance) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            a.record.last_side != Some(Player::First) || b.record.last_side == Some(Player::First)
        }
    };
    let (first, second) = if a_first { (a, b) } else { (b, a) };
    Pair {
        first: first.user.clone(),
        second: second.user.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Player_ {
        user: UserId,
        points: u32,
        rating: i32,
        record: Record,
    }

    fn player(name: &str, points: u32, rating: i32) -> Player_ {
        Player_ {
            user: UserId::parse(name).unwrap(),
            points,
            rating,
            record: Record::default(),
        }
    }

    fn last_played(mut p: Player_, opponent: &str, side: Player) -> Player_ {
        p.record.last_opponent = Some(UserId::parse(opponent).unwrap());
        p.record.last_side = Some(side);
        p.record.balance += if side == Player::First { 1 } else { -1 };
        p
    }

    fn pairs_of(players: &[Player_]) -> Vec<(String, String)> {
        let waiting = players
            .iter()
            .enumerate()
            .map(|(i, p)| Waiting {
                user: &p.user,
                rank: RankKey::new(p.points, p.rating, i as i64),
                record: &p.record,
            })
            .collect();
        pair(waiting)
            .into_iter()
            .map(|p| (p.first.to_string(), p.second.to_string()))
            .collect()
    }

    fn names(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect()
    }

    #[test]
    fn free_players_are_paired_by_score_then_rating() {
        let players = [
            player("low", 0, 1400),
            player("top", 6, 1500),
            player("mid", 2, 1500),
            player("strong", 2, 1800),
        ];
        assert_eq!(
            pairs_of(&players),
            names(&[("top", "strong"), ("mid", "low")])
        );
    }

    #[test]
    fn an_odd_player_out_waits() {
        assert_eq!(pairs_of(&[player("a", 0, 1500)]), names(&[]));
        let three = [
            player("a", 4, 1500),
            player("b", 2, 1500),
            player("c", 0, 1500),
        ];
        assert_eq!(pairs_of(&three), names(&[("a", "b")]));
        assert_eq!(pairs_of(&[]), names(&[]));
    }

    #[test]
    fn no_immediate_rematch_while_someone_else_waits() {
        let players = [
            last_played(player("a", 2, 1500), "b", Player::First),
            last_played(player("b", 0, 1500), "a", Player::Second),
            player("c", 0, 1400),
        ];
        // a and b just played: a meets c, and b waits.
        assert_eq!(pairs_of(&players), names(&[("c", "a")]));
        let four = [
            last_played(player("a", 2, 1500), "b", Player::First),
            last_played(player("b", 2, 1500), "a", Player::Second),
            last_played(player("c", 0, 1500), "d", Player::First),
            last_played(player("d", 0, 1500), "c", Player::Second),
        ];
        // Both had the first side last time: the higher ranked keeps it.
        assert_eq!(pairs_of(&four), names(&[("a", "c"), ("b", "d")]));
    }

    #[test]
    fn the_same_two_meet_again_when_nobody_else_waits() {
        let players = [
            last_played(player("a", 2, 1500), "b", Player::First),
            last_played(player("b", 0, 1500), "a", Player::Second),
        ];
        assert_eq!(pairs_of(&players), names(&[("b", "a")]));
    }

    #[test]
    fn sides_alternate_fairly() {
        // Fewer games with the first side gets the first side.
        let mut a = player("a", 2, 1500);
        a.record.balance = 1;
        let b = player("b", 0, 1500);
        assert_eq!(pairs_of(&[a, b]), names(&[("b", "a")]));
        // Even balance: who had the second side last time gets the first.
        let mut a = last_played(player("a", 2, 1500), "x", Player::First);
        a.record.balance = 0;
        let mut b = last_played(player("b", 0, 1500), "y", Player::Second);
        b.record.balance = 0;
        assert_eq!(pairs_of(&[a, b]), names(&[("b", "a")]));
        // Nothing to tell them apart: the higher ranked takes the first.
        let fresh = [player("a", 0, 1600), player("b", 0, 1500)];
        assert_eq!(pairs_of(&fresh), names(&[("a", "b")]));
    }
}
