//! A side's team choice: the three pieces picked from its own box on top
//! of the King and two Pawns every side has, and the box limits.

use crate::Kind;
use std::fmt;

/// How many pieces of each kind a side's own box holds for its picks
/// (indexed by [`Kind::index`]): the other 13 pieces of its half of a chess
/// set, 1 Queen, 2 Rooks, 2 Bishops, 2 Knights and the 6 Pawns left after
/// its two. Each side picks from its own box, whatever the other picked.
pub const BOX: [u8; 6] = [0, 1, 2, 2, 2, 6];

/// Three picked pieces, kept in notation order (Q R B N P).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Team {
    picks: [Kind; 3],
}

impl Team {
    /// The team of these three picks (any order), if none is a King and no
    /// kind exceeds the box on its own.
    pub fn new(mut picks: [Kind; 3]) -> Option<Team> {
        picks.sort();
        let team = Team { picks };
        let ok = Kind::ALL.iter().all(|&k| team.count(k) <= BOX[k.index()]);
        ok.then_some(team)
    }

    /// Every team a side can pick from its box (27), notation order.
    pub fn all() -> impl Iterator<Item = Team> {
        let kinds = &Kind::ALL[1..];
        kinds.iter().enumerate().flat_map(move |(i, &a)| {
            kinds[i..].iter().enumerate().flat_map(move |(j, &b)| {
                kinds[i + j..]
                    .iter()
                    .filter_map(move |&c| Team::new([a, b, c]))
            })
        })
    }

    /// The three picks, in notation order.
    pub const fn picks(self) -> [Kind; 3] {
        self.picks
    }

    /// How many pieces of `kind` were picked.
    pub fn count(self, kind: Kind) -> u8 {
        self.picks.iter().filter(|&&k| k == kind).count() as u8
    }

    /// The side's six pieces per kind (indexed by [`Kind::index`]): the
    /// King, two Pawns and the picks.
    pub fn pieces(self) -> [u8; 6] {
        let mut n = [1, 0, 0, 0, 0, 2];
        for k in self.picks {
            n[k.index()] += 1;
        }
        n
    }

    /// Read the three letters in notation order (`QRN`, `NNP`).
    pub fn parse(text: &str) -> Option<Team> {
        let mut chars = text.chars();
        let mut picks = [Kind::Pawn; 3];
        for p in &mut picks {
            *p = Kind::from_letter(chars.next()?)?;
        }
        if chars.next().is_some() {
            return None;
        }
        let team = Team::new(picks)?;
        (team.picks == picks).then_some(team)
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in self.picks {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_teams_respect_the_box() {
        let all: Vec<Team> = Team::all().collect();
        // Multisets of 3 from Q R B N P (35), minus the five with two or
        // more Queens and RRR, BBB, NNN: 27.
        assert_eq!(all.len(), 27);
        for t in &all {
            assert_eq!(Team::parse(&t.to_string()), Some(*t));
        }
        assert!(
            Team::parse("RQN").is_none(),
            "letters must be in Q R B N P order"
        );
        assert!(Team::parse("QQR").is_none());
        assert!(Team::parse("KQR").is_none());
        assert!(Team::parse("QR").is_none());
    }
}
