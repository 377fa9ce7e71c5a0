//! The one-line position text, written and read back with full
//! validation. The format is described in the crate documentation.

use crate::bitboard::{kickoff_square, last_rank, own_goal, own_half};
use crate::{Football, FootballOptions, Kind, Phase, Square, Team};
use gamut_core::{Player, TextError};
use std::fmt::Write;

pub(crate) fn side_letter(p: Player) -> char {
    match p {
        Player::First => 'w',
        Player::Second => 'b',
    }
}

fn parse_side(t: &str, what: &str) -> Result<Player, TextError> {
    match t {
        "w" => Ok(Player::First),
        "b" => Ok(Player::Second),
        _ => Err(TextError::new(format!(
            "{what}: expected w or b, found '{t}'"
        ))),
    }
}

pub(crate) fn pieces_text(counts: [u8; 6]) -> String {
    let s: String = Kind::ALL
        .iter()
        .flat_map(|k| std::iter::repeat_n(k.letter(), usize::from(counts[k.index()])))
        .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

fn parse_pieces(t: &str) -> Result<[u8; 6], TextError> {
    let mut counts = [0u8; 6];
    if t == "-" {
        return Ok(counts);
    }
    let mut last = 0;
    for c in t.chars() {
        let k = Kind::from_letter(c)
            .ok_or_else(|| TextError::new(format!("pieces to place: bad letter '{c}'")))?;
        if k.index() < last {
            return Err(TextError::new(
                "pieces to place: letters must be in K Q R B N P order",
            ));
        }
        last = k.index();
        counts[k.index()] += 1;
        if counts.iter().sum::<u8>() > 6 {
            return Err(TextError::new("pieces to place: more than six"));
        }
    }
    Ok(counts)
}

fn parse_pair<'a>(t: &'a str, what: &str) -> Result<(&'a str, &'a str), TextError> {
    t.split_once('/')
        .ok_or_else(|| TextError::new(format!("{what}: expected two parts separated by '/'")))
}

impl Football {
    /// The position text (see the crate documentation).
    pub(crate) fn write_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank);
                match self.piece_at(sq) {
                    None => gap += 1,
                    Some((side, kind)) => {
                        if gap > 0 {
                            let _ = write!(s, "{gap}");
                            gap = 0;
                        }
                        let c = kind.letter();
                        s.push(if side == Player::First {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if gap > 0 {
                let _ = write!(s, "{gap}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let ball = self.ball.map_or("-".to_string(), |b| b.to_string());
        let team = |p: Player| self.teams[p.index()].map_or("-".to_string(), |t| t.to_string());
        let _ = write!(
            s,
            " {ball} {} {} {} {} {} {}-{} {}/{} {}/{} {}",
            side_letter(self.side),
            self.phase.name(),
            side_letter(self.kicker),
            self.half,
            self.actions,
            self.score[0],
            self.score[1],
            team(Player::First),
            team(Player::Second),
            pieces_text(self.to_place[0]),
            pieces_text(self.to_place[1]),
            self.last_goal.map_or('-', side_letter),
        );
        s
    }

    /// Read and validate a position text.
    pub(crate) fn read_text(options: &FootballOptions, text: &str) -> Result<Football, TextError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 11 {
            return Err(TextError::new(format!(
                "expected 11 fields (board ball side phase kicker half actions score teams to-place last-goal), found {}",
                fields.len()
            )));
        }
        let mut pos = Football::empty(options);
        pos.read_board(fields[0])?;
        let ball = match fields[1] {
            "-" => None,
            t => Some(
                Square::parse(t, 8)
                    .ok_or_else(|| TextError::new(format!("ball: '{t}' is not a square")))?,
            ),
        };
        pos.set_ball(ball);
        pos.side = parse_side(fields[2], "side to move")?;
        pos.phase = Phase::from_name(fields[3])
            .ok_or_else(|| TextError::new(format!("phase: unknown '{}'", fields[3])))?;
        pos.kicker = parse_side(fields[4], "kick-off side")?;
        pos.half = match fields[5] {
            "1" => 1,
            "2" => 2,
            t => {
                return Err(TextError::new(format!(
                    "half: expected 1 or 2, found '{t}'"
                )))
            }
        };
        pos.actions = fields[6]
            .parse()
            .map_err(|_| TextError::new(format!("actions: '{}' is not a number", fields[6])))?;
        let (a, b) = fields[7]
            .split_once('-')
            .ok_or_else(|| TextError::new("score: expected <white>-<black>"))?;
        for (i, t) in [a, b].into_iter().enumerate() {
            pos.score[i] = t
                .parse()
                .map_err(|_| TextError::new(format!("score: '{t}' is not a number 0-255")))?;
        }
        let (a, b) = parse_pair(fields[8], "teams")?;
        for (i, t) in [a, b].into_iter().enumerate() {
            pos.teams[i] = match t {
                "-" => None,
                t => Some(Team::parse(t).ok_or_else(|| {
                    TextError::new(format!("teams: '{t}' is not three of Q R B N P in order"))
                })?),
            };
        }
        let (a, b) = parse_pair(fields[9], "pieces to place")?;
        pos.to_place = [parse_pieces(a)?, parse_pieces(b)?];
        pos.last_goal = match fields[10] {
            "-" => None,
            t => Some(parse_side(t, "last goal")?),
        };
        pos.validate()?;
        Ok(pos)
    }

    fn read_board(&mut self, board: &str) -> Result<(), TextError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(TextError::new("board: expected 8 ranks separated by '/'"));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(TextError::new(format!("board: bad count '{c}'")));
                    }
                    file += d as u8;
                } else {
                    let kind = Kind::from_letter(c.to_ascii_uppercase())
                        .ok_or_else(|| TextError::new(format!("board: bad piece '{c}'")))?;
                    let side = if c.is_ascii_uppercase() {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let sq = Square::try_new(file, rank).ok_or_else(|| {
                        TextError::new(format!("board: rank {} is too long", rank + 1))
                    })?;
                    self.put(side, kind, sq);
                    file += 1;
                }
                if file > 8 {
                    return Err(TextError::new(format!(
                        "board: rank {} is too long",
                        rank + 1
                    )));
                }
            }
            if file != 8 {
                return Err(TextError::new(format!(
                    "board: rank {} does not have 8 squares",
                    rank + 1
                )));
            }
        }
        Ok(())
    }

    fn count(&self, side: Player) -> [u8; 6] {
        let mut n = [0u8; 6];
        for k in Kind::ALL {
            n[k.index()] = self.pieces(side, k).count_ones() as u8;
        }
        n
    }

    /// Check that the position can arise in a match and be played on.
    fn validate(&self) -> Result<(), TextError> {
        let err = |m: &str| Err(TextError::new(m));
        let limit = 2 * self.half_length;
        let holder = self.ball_side();
        if self.ball.is_some() && holder.is_none() {
            return err("ball: no piece stands on the ball's square");
        }
        if self.phase == Phase::Over {
            if self.half != 2 || self.actions != limit {
                return err("over: the match ends after the second half's last action");
            }
        } else if self.actions >= limit {
            return err("actions: the half would already be over");
        }
        if self.last_goal.is_some()
            && !(self.phase == Phase::Over || (self.phase == Phase::Place && self.occupied() == 0))
        {
            return err("last goal: a goal is followed by a new placement or the end");
        }
        if self.phase == Phase::Pick {
            let fresh = self.occupied() == 0
                && self.ball.is_none()
                && self.to_place == [[0; 6]; 2]
                && self.kicker == Player::First
                && self.half == 1
                && self.actions == 0
                && self.score == [0, 0];
            if !fresh {
                return err("pick: the team choice comes first, on an empty board");
            }
            let picked = [self.teams[0].is_some(), self.teams[1].is_some()];
            let order_ok = match self.side {
                Player::First => picked == [false, false],
                Player::Second => picked == [true, false],
            };
            if !order_ok {
                return err("pick: White picks first, then Black");
            }
            return Ok(());
        }
        let (Some(_), Some(_)) = (self.teams[0], self.teams[1]) else {
            return err("teams: both sides have picked once the team choice is over");
        };
        if self.phase == Phase::Place {
            return self.validate_placement();
        }
        if self.to_place != [[0; 6]; 2] {
            return err("pieces to place: only during placement");
        }
        for side in Player::BOTH {
            let n = self.count(side);
            if n[0] != 1 {
                return err("board: each side has exactly one King");
            }
            if n.iter().sum::<u8>() > 6 {
                return err("board: a side has at most six pieces");
            }
            if self.pieces(side, Kind::Pawn) & last_rank(side) != 0 {
                return err("board: a pawn on its last rank has promoted");
            }
        }
        if self.phase == Phase::Over {
            return if self.ball.is_none() {
                Ok(())
            } else {
                err("ball: no ball once the match is over")
            };
        }
        if holder.is_none() {
            return err("ball: a piece holds the ball during play");
        }
        let kings = self.pieces[0][0] | self.pieces[1][0];
        if self.occupied() == kings {
            return err("board: with only the two Kings left the position is reset");
        }
        if self.phase == Phase::KickOff && (self.side != self.kicker || holder != Some(self.kicker))
        {
            return err("kickoff: the kicking side is to move and holds the ball");
        }
        Ok(())
    }

    fn validate_placement(&self) -> Result<(), TextError> {
        let err = |m: &str| Err(TextError::new(m));
        let kicker = self.kicker;
        let other = kicker.other();
        for side in Player::BOTH {
            let team = self.teams[side.index()].map_or([0; 6], Team::pieces);
            let on_board = self.count(side);
            let left = self.to_place[side.index()];
            if (0..6).any(|k| on_board[k] + left[k] != team[k]) {
                return err("place: pieces on the board and to place make the side's six");
            }
            let occ = self.occupied[side.index()];
            if occ & !own_half(side) != 0
                || self.pieces(side, Kind::King) & !own_goal(side) != 0
                || self.pieces(side, Kind::Pawn) & own_goal(side) != 0
            {
                return err("place: pieces in their own half, King in goal, no Pawn in goal");
            }
        }
        let other_done = self.to_place[other.index()] == [0; 6];
        let kicker_started = self.occupied[kicker.index()] != 0;
        if self.to_place[kicker.index()] == [0; 6] {
            return err("place: the kicking side has placed everything: kick-off phase");
        }
        if !other_done && (kicker_started || self.side != other) {
            return err("place: the side that does not kick off places first");
        }
        if other_done && self.side != kicker {
            return err("place: the kicking side places after the other side");
        }
        let ko = kickoff_square(kicker);
        let ball_ok = if kicker_started {
            self.ball == Some(ko)
                && self.occupied[kicker.index()] & ko.bit() != 0
                && self.pieces(kicker, Kind::King) & ko.bit() == 0
        } else {
            self.ball.is_none()
        };
        if !ball_ok {
            return err("place: the kicking side's first piece, not the King, holds the ball on its kick-off square");
        }
        Ok(())
    }
}
