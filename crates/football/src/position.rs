//! The [`Football`] position: pieces by side and kind, the ball, the match
//! state (phase, half, action counter, score, kick-off side, teams, pieces
//! left to place), the public accessors an evaluation needs, and how an
//! action changes the position.

use crate::attacks;
use crate::bitboard::{
    kickoff_square, last_rank, own_goal, pawn_diagonals, pawn_pushes, target_goal,
};
use crate::hash;
use crate::options::ShotRule;
use crate::{FootballMove, FootballOptions, Kind, Phase, Square, Squares, Team};
use gamut_core::Player;

/// A Chess Football position: everything needed to continue the match.
///
/// Bitboards by side and kind (bit `s` = square index `s`, `a1` = 0), the
/// ball holder's square, and the match state. See the crate documentation
/// for the position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Football {
    pub(crate) pieces: [[u64; 6]; 2],
    pub(crate) occupied: [u64; 2],
    pub(crate) ball: Option<Square>,
    pub(crate) side: Player,
    pub(crate) phase: Phase,
    pub(crate) kicker: Player,
    pub(crate) half: u8,
    pub(crate) actions: u16,
    pub(crate) score: [u8; 2],
    pub(crate) last_goal: Option<Player>,
    pub(crate) teams: [Option<Team>; 2],
    pub(crate) to_place: [[u8; 6]; 2],
    pub(crate) half_length: u16,
    pub(crate) keeper: bool,
    /// Zobrist hash of pieces and ball, kept incrementally.
    pub(crate) board_hash: u64,
}

impl Football {
    /// An empty board in the team-choice phase, White to move.
    pub(crate) fn empty(options: &FootballOptions) -> Football {
        Football {
            pieces: [[0; 6]; 2],
            occupied: [0; 2],
            ball: None,
            side: Player::First,
            phase: Phase::Pick,
            kicker: Player::First,
            half: 1,
            actions: 0,
            score: [0; 2],
            last_goal: None,
            teams: [None; 2],
            to_place: [[0; 6]; 2],
            half_length: options.half_length,
            keeper: options.shot_rule == ShotRule::Keeper,
            board_hash: 0,
        }
    }

    // ----- accessors -------------------------------------------------------

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Player, kind: Kind) -> u64 {
        self.pieces[side.index()][kind.index()]
    }

    /// The squares of all of `side`'s pieces.
    #[inline]
    pub fn occupied_by(&self, side: Player) -> u64 {
        self.occupied[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Player, Kind)> {
        Player::BOTH
            .into_iter()
            .find_map(|p| self.kind_at(p, sq).map(|k| (p, k)))
    }

    /// The kind of `side`'s piece on `sq`, if any.
    #[inline]
    pub fn kind_at(&self, side: Player, sq: Square) -> Option<Kind> {
        let bb = &self.pieces[side.index()];
        let bit = sq.bit();
        if self.occupied[side.index()] & bit == 0 {
            return None;
        }
        (0..6).find(|&k| bb[k] & bit != 0).map(Kind::from_index)
    }

    /// The square of the piece holding the ball (`None` during team choice,
    /// before the kicking side's first placement, and when the match is
    /// over).
    #[inline]
    pub fn ball(&self) -> Option<Square> {
        self.ball
    }

    /// The side holding the ball, if a piece holds it.
    pub fn ball_side(&self) -> Option<Player> {
        let b = self.ball?;
        Player::BOTH
            .into_iter()
            .find(|p| self.occupied[p.index()] & b.bit() != 0)
    }

    /// Goals scored by `side`.
    #[inline]
    pub fn score(&self, side: Player) -> u8 {
        self.score[side.index()]
    }

    /// The half being played: 1 or 2.
    #[inline]
    pub fn half(&self) -> u8 {
        self.half
    }

    /// Actions played in this half (placements not counted).
    #[inline]
    pub fn actions_played(&self) -> u16 {
        self.actions
    }

    /// Actions left in this half (`2 * half-length` in all).
    #[inline]
    pub fn actions_left(&self) -> u16 {
        (2 * self.half_length).saturating_sub(self.actions)
    }

    /// The half length in moves per side (from the options).
    #[inline]
    pub fn half_length(&self) -> u16 {
        self.half_length
    }

    /// Whether the `keeper` shot rule is in force.
    #[inline]
    pub fn keeper_rule(&self) -> bool {
        self.keeper
    }

    /// The phase of the match.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side that kicks off (or kicked off last).
    #[inline]
    pub fn kicker(&self) -> Player {
        self.kicker
    }

    /// The side that scored with the action just played, if any.
    #[inline]
    pub fn last_goal(&self) -> Option<Player> {
        self.last_goal
    }

    /// `side`'s team choice, once made.
    #[inline]
    pub fn team(&self, side: Player) -> Option<Team> {
        self.teams[side.index()]
    }

    /// How many pieces of each kind `side` still has to place (indexed by
    /// [`Kind::index`]).
    #[inline]
    pub fn to_place(&self, side: Player) -> [u8; 6] {
        self.to_place[side.index()]
    }

    /// The goal `side` defends (c1–f1 for White, c8–f8 for Black).
    #[inline]
    pub fn own_goal(side: Player) -> u64 {
        own_goal(side)
    }

    /// The goal `side` scores in.
    #[inline]
    pub fn target_goal(side: Player) -> u64 {
        target_goal(side)
    }

    /// The kick-off square of `side` (e4 for White, e5 for Black).
    #[inline]
    pub fn kickoff_square(side: Player) -> Square {
        kickoff_square(side)
    }

    /// The squares the piece of `side` and `kind` on `sq` attacks: where it
    /// could tackle, pass or shoot (sliding lines stop at the first piece,
    /// which is included; a Pawn's two diagonal-forward squares).
    #[inline]
    pub fn attacks_from(&self, side: Player, kind: Kind, sq: Square) -> u64 {
        let occ = self.occupied();
        match kind {
            Kind::King => attacks::KING[sq.index()],
            Kind::Queen => attacks::queen(sq, occ),
            Kind::Rook => attacks::rook(sq, occ),
            Kind::Bishop => attacks::bishop(sq, occ),
            Kind::Knight => attacks::KNIGHT[sq.index()],
            Kind::Pawn => pawn_diagonals(side, sq.bit()),
        }
    }

    /// Every square attacked by some piece of `side`.
    pub fn attacks(&self, side: Player) -> u64 {
        let mut all = pawn_diagonals(side, self.pieces(side, Kind::Pawn));
        for kind in &Kind::ALL[..5] {
            for sq in Squares(self.pieces(side, *kind)) {
                all |= self.attacks_from(side, *kind, sq);
            }
        }
        all
    }

    /// Every empty square some piece of `side` could move to in one action
    /// (Pawns: one step straight forward).
    pub fn reach(&self, side: Player) -> u64 {
        let empty = !self.occupied();
        let mut all = pawn_pushes(side, self.pieces(side, Kind::Pawn));
        for kind in &Kind::ALL[..5] {
            for sq in Squares(self.pieces(side, *kind)) {
                all |= self.attacks_from(side, *kind, sq);
            }
        }
        all & empty
    }

    // ----- changing the position ------------------------------------------

    #[inline]
    pub(crate) fn put(&mut self, side: Player, kind: Kind, sq: Square) {
        self.pieces[side.index()][kind.index()] |= sq.bit();
        self.occupied[side.index()] |= sq.bit();
        self.board_hash ^= hash::piece_key(side, kind, sq);
    }

    #[inline]
    fn remove(&mut self, side: Player, kind: Kind, sq: Square) {
        self.pieces[side.index()][kind.index()] &= !sq.bit();
        self.occupied[side.index()] &= !sq.bit();
        self.board_hash ^= hash::piece_key(side, kind, sq);
    }

    #[inline]
    pub(crate) fn set_ball(&mut self, ball: Option<Square>) {
        if let Some(b) = self.ball {
            self.board_hash ^= hash::ball_key(b);
        }
        if let Some(b) = ball {
            self.board_hash ^= hash::ball_key(b);
        }
        self.ball = ball;
    }

    /// Move `side`'s piece from `from` to `to`, promoting a pawn if asked.
    #[inline]
    fn relocate(&mut self, side: Player, from: Square, to: Square, promotion: Option<Kind>) {
        let kind = self.kind_at(side, from).unwrap_or(Kind::Pawn);
        self.remove(side, kind, from);
        self.put(side, promotion.unwrap_or(kind), to);
    }

    /// Clear the board and start a placement phase with `kicker` kicking
    /// off: the other side places its six pieces first.
    pub(crate) fn begin_placement(&mut self, kicker: Player) {
        for side in Player::BOTH {
            for kind in Kind::ALL {
                for sq in Squares(self.pieces(side, kind)) {
                    self.remove(side, kind, sq);
                }
            }
            self.to_place[side.index()] = self.teams[side.index()].map_or([0; 6], Team::pieces);
        }
        self.set_ball(None);
        self.kicker = kicker;
        self.phase = Phase::Place;
        self.side = kicker.other();
    }

    /// Play an action generated by the move generator.
    pub(crate) fn make(&mut self, mv: FootballMove) {
        self.last_goal = None;
        let us = self.side;
        let them = us.other();
        let mut goal = false;
        let mut kings_only = false;
        match mv {
            FootballMove::Pick(team) => {
                self.teams[us.index()] = Some(team);
                if us == Player::First {
                    self.side = them;
                } else {
                    self.begin_placement(Player::First);
                }
                return;
            }
            FootballMove::Place { kind, to } => {
                self.place(kind, to);
                return;
            }
            FootballMove::Move {
                from,
                to,
                promotion,
            } => self.relocate(us, from, to, promotion),
            FootballMove::Dribble {
                from,
                to,
                promotion,
            } => {
                self.relocate(us, from, to, promotion);
                self.set_ball(Some(to));
                goal = target_goal(us) & to.bit() != 0;
            }
            FootballMove::Pass { to, .. } => {
                self.set_ball(Some(to));
                goal = target_goal(us) & to.bit() != 0;
            }
            FootballMove::Shot { .. } => goal = true,
            FootballMove::Tackle {
                from,
                to,
                promotion,
            } => match self.kind_at(them, to) {
                None => {}
                Some(Kind::King) => goal = true,
                Some(victim) => {
                    self.remove(them, victim, to);
                    self.relocate(us, from, to, promotion);
                    self.set_ball(Some(to));
                    goal = target_goal(us) & to.bit() != 0;
                    kings_only = !goal
                        && self.occupied[0] == self.pieces[0][0]
                        && self.occupied[1] == self.pieces[1][0];
                }
            },
            FootballMove::NoAction => {}
        }
        self.actions += 1;
        self.phase = Phase::Play;
        self.side = them;
        if goal {
            self.score[us.index()] = self.score[us.index()].saturating_add(1);
            self.last_goal = Some(us);
        }
        if self.actions >= 2 * self.half_length {
            if self.half == 1 {
                self.half = 2;
                self.actions = 0;
                self.begin_placement(Player::Second);
            } else {
                self.phase = Phase::Over;
                self.set_ball(None);
            }
        } else if goal {
            self.begin_placement(them);
        } else if kings_only {
            self.begin_placement(self.kicker);
        }
    }

    fn place(&mut self, kind: Kind, to: Square) {
        let us = self.side;
        self.put(us, kind, to);
        let left = &mut self.to_place[us.index()][kind.index()];
        *left = left.saturating_sub(1);
        if us == self.kicker && self.ball.is_none() {
            self.set_ball(Some(to));
        }
        if self.to_place[us.index()] == [0; 6] {
            if us == self.kicker {
                self.phase = Phase::KickOff;
            } else {
                self.side = self.kicker;
            }
        }
    }

    /// Whether a pawn of `side` arriving on `to` promotes.
    #[inline]
    pub(crate) fn promotes(side: Player, to: Square) -> bool {
        last_rank(side) & to.bit() != 0
    }
}
