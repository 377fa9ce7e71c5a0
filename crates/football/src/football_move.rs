//! One action of a match (team choice, placement, move, dribble, pass,
//! shot, tackle, or no action) and its text in the rules file's notation.

use crate::{Kind, Square, Team};
use std::fmt;

/// One action of the game. Small and `Copy`; the variant says what the
/// action does, and [`fmt::Display`] writes the rules file's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FootballMove {
    /// A piece without the ball moves to an empty square (`b1-c3`).
    Move {
        /// Where the piece stands.
        from: Square,
        /// The empty square it moves to.
        to: Square,
        /// The new kind of a pawn reaching its last rank.
        promotion: Option<Kind>,
    },
    /// The ball holder moves to an empty square with the ball (`e4-e5`).
    Dribble {
        /// Where the holder stands.
        from: Square,
        /// The empty square it moves to.
        to: Square,
        /// The new kind of a pawn reaching its last rank.
        promotion: Option<Kind>,
    },
    /// The holder passes to a teammate, who becomes the holder (`e4>c3`).
    Pass {
        /// The passer's square (it stays there).
        from: Square,
        /// The teammate's square.
        to: Square,
    },
    /// The holder shoots to an empty square of the opponent's goal: a goal
    /// (`d4>d8`).
    Shot {
        /// The shooter's square.
        from: Square,
        /// The empty goal square.
        to: Square,
    },
    /// A piece captures the opponent's ball holder and takes the ball
    /// (`b5xe5`).
    Tackle {
        /// The tackler's square.
        from: Square,
        /// The holder's square.
        to: Square,
        /// The new kind of a pawn reaching its last rank.
        promotion: Option<Kind>,
    },
    /// A piece is placed on an empty square of its side's half (`K@e1`).
    Place {
        /// The kind placed.
        kind: Kind,
        /// Where.
        to: Square,
    },
    /// A side picks its three extra pieces (`pick:QRN`).
    Pick(Team),
    /// No legal action: the turn passes (`pass`).
    NoAction,
}

impl FootballMove {
    /// The square the action starts from, for moves of a piece on the board.
    pub fn from(self) -> Option<Square> {
        match self {
            FootballMove::Move { from, .. }
            | FootballMove::Dribble { from, .. }
            | FootballMove::Pass { from, .. }
            | FootballMove::Shot { from, .. }
            | FootballMove::Tackle { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The target square, for every action on the board.
    pub fn to(self) -> Option<Square> {
        match self {
            FootballMove::Move { to, .. }
            | FootballMove::Dribble { to, .. }
            | FootballMove::Pass { to, .. }
            | FootballMove::Shot { to, .. }
            | FootballMove::Tackle { to, .. }
            | FootballMove::Place { to, .. } => Some(to),
            _ => None,
        }
    }

    /// The promotion kind, if a pawn promotes.
    pub fn promotion(self) -> Option<Kind> {
        match self {
            FootballMove::Move { promotion, .. }
            | FootballMove::Dribble { promotion, .. }
            | FootballMove::Tackle { promotion, .. } => promotion,
            _ => None,
        }
    }
}

impl fmt::Display for FootballMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, sep, to) = match *self {
            FootballMove::Move { from, to, .. } | FootballMove::Dribble { from, to, .. } => {
                (from, '-', to)
            }
            FootballMove::Pass { from, to } | FootballMove::Shot { from, to } => (from, '>', to),
            FootballMove::Tackle { from, to, .. } => (from, 'x', to),
            FootballMove::Place { kind, to } => return write!(f, "{kind}@{to}"),
            FootballMove::Pick(team) => return write!(f, "pick:{team}"),
            FootballMove::NoAction => return f.write_str("pass"),
        };
        write!(f, "{from}{sep}{to}")?;
        if let Some(k) = self.promotion() {
            write!(f, "={k}")?;
        }
        Ok(())
    }
}

/// Check that a text has the shape of an action in the notation (without
/// asking whether it is legal): `Err` says what is wrong.
pub fn check_syntax(text: &str) -> Result<(), String> {
    if text == "pass" {
        return Ok(());
    }
    if let Some(picks) = text.strip_prefix("pick:") {
        return Team::parse(picks)
            .map(|_| ())
            .ok_or_else(|| "a pick is three of Q R B N P in that order".to_string());
    }
    if let Some((piece, square)) = text.split_once('@') {
        let mut chars = piece.chars();
        let kind = chars.next().and_then(Kind::from_letter);
        if kind.is_none() || chars.next().is_some() {
            return Err("a placement starts with one of K Q R B N P".to_string());
        }
        return Square::parse(square, 8)
            .map(|_| ())
            .ok_or_else(|| format!("'{square}' is not a square"));
    }
    let (body, promotion) = match text.split_once('=') {
        Some((body, p)) => (body, Some(p)),
        None => (text, None),
    };
    if let Some(p) = promotion {
        let mut chars = p.chars();
        match (chars.next().and_then(Kind::from_letter), chars.next()) {
            (Some(Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight), None) => {}
            _ => return Err("a promotion is =Q, =R, =B or =N".to_string()),
        }
    }
    let sep = body
        .find(['-', 'x', '>'])
        .ok_or_else(|| "expected from-to, fromxto, from>to, K@e1, pick:QRN or pass".to_string())?;
    let (from, to) = (&body[..sep], &body[sep + 1..]);
    if Square::parse(from, 8).is_none() || Square::parse(to, 8).is_none() {
        return Err("expected two squares such as e4 and c3".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(t: &str) -> Square {
        Square::parse(t, 8).unwrap()
    }

    #[test]
    fn notation_matches_the_rules_file() {
        let m = FootballMove::Move {
            from: sq("b1"),
            to: sq("c3"),
            promotion: None,
        };
        assert_eq!(m.to_string(), "b1-c3");
        let t = FootballMove::Tackle {
            from: sq("b5"),
            to: sq("e5"),
            promotion: None,
        };
        assert_eq!(t.to_string(), "b5xe5");
        let p = FootballMove::Pass {
            from: sq("e4"),
            to: sq("c3"),
        };
        assert_eq!(p.to_string(), "e4>c3");
        let d = FootballMove::Dribble {
            from: sq("b7"),
            to: sq("b8"),
            promotion: Some(Kind::Queen),
        };
        assert_eq!(d.to_string(), "b7-b8=Q");
        let k = FootballMove::Place {
            kind: Kind::King,
            to: sq("e1"),
        };
        assert_eq!(k.to_string(), "K@e1");
        let team = Team::parse("NNP").unwrap();
        assert_eq!(FootballMove::Pick(team).to_string(), "pick:NNP");
        assert_eq!(FootballMove::NoAction.to_string(), "pass");
    }

    #[test]
    fn syntax_check_accepts_notation_and_rejects_junk() {
        for ok in [
            "b1-c3", "b5xe5", "e4>c3", "b7-b8=Q", "K@e1", "pick:QRN", "pass",
        ] {
            assert_eq!(check_syntax(ok), Ok(()), "{ok}");
        }
        for bad in [
            "", "b1c3", "b1-c9", "b7-b8=K", "X@e1", "pick:RQN", "Ke1", "e4>", "é-é",
        ] {
            assert!(check_syntax(bad).is_err(), "{bad}");
        }
    }
}
