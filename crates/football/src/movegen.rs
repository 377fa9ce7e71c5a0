//! Legal action generation for every phase, and bulk leaf counting (the
//! same rules, counted with popcounts instead of listed) for perft.

use crate::attacks::{self, BETWEEN};
use crate::bitboard::{
    kickoff_square, last_rank, own_goal, own_half, pawn_diagonals, pawn_pushes, target_goal,
};
use crate::{Football, FootballMove, Kind, Phase, Square, Squares, Team};
use gamut_core::{MoveList, Player};

/// What the ball holder can do: its kind, and the target squares of its
/// dribbles, passes and shots.
struct HolderTargets {
    kind: Kind,
    dribbles: u64,
    passes: u64,
    shots: u64,
}

/// The squares a non-pawn piece of `kind` on `sq` attacks with blockers
/// `occupied`.
#[inline]
fn piece_attacks(kind: Kind, sq: Square, occupied: u64) -> u64 {
    match kind {
        Kind::King => attacks::KING[sq.index()],
        Kind::Queen => attacks::queen(sq, occupied),
        Kind::Rook => attacks::rook(sq, occupied),
        Kind::Bishop => attacks::bishop(sq, occupied),
        _ => attacks::KNIGHT[sq.index()],
    }
}

/// The four promotions of a pawn arriving on its last rank, or no
/// promotion.
#[inline]
fn promotions(side: Player, to: Square) -> &'static [Option<Kind>] {
    const PROMOTE: [Option<Kind>; 4] = [
        Some(Kind::Queen),
        Some(Kind::Rook),
        Some(Kind::Bishop),
        Some(Kind::Knight),
    ];
    if Football::promotes(side, to) {
        &PROMOTE
    } else {
        &[None]
    }
}

/// The square a pawn of `side` came from to step onto `to`.
#[inline]
fn pawn_origin(side: Player, to: Square) -> Square {
    Square::lowest(match side {
        Player::First => to.bit() >> 8,
        Player::Second => to.bit() << 8,
    })
}

impl Football {
    /// Every legal action, written to `moves`.
    pub(crate) fn generate(&self, moves: &mut MoveList<FootballMove>) {
        match self.phase {
            Phase::Pick => self.generate_picks(moves),
            Phase::Place => self.generate_placements(moves),
            Phase::KickOff | Phase::Play => self.generate_play(moves),
            Phase::Over => {}
        }
    }

    /// The number of legal actions, counted without listing them where
    /// it matters (ordinary play).
    pub(crate) fn count_actions(&self) -> u64 {
        match self.phase {
            Phase::Play => self.count_play(),
            Phase::Over => 0,
            _ => {
                let mut moves = MoveList::new();
                self.generate(&mut moves);
                moves.len() as u64
            }
        }
    }

    fn generate_picks(&self, moves: &mut MoveList<FootballMove>) {
        for team in Team::all() {
            moves.push(FootballMove::Pick(team));
        }
    }

    fn generate_placements(&self, moves: &mut MoveList<FootballMove>) {
        let us = self.side;
        let empty = !self.occupied();
        let left = self.to_place[us.index()];
        if us == self.kicker && self.ball.is_none() {
            let to = kickoff_square(us);
            if empty & to.bit() != 0 {
                for kind in &Kind::ALL[1..] {
                    if left[kind.index()] > 0 {
                        moves.push(FootballMove::Place { kind: *kind, to });
                    }
                }
            }
            if !moves.is_empty() {
                return;
            }
        }
        let free = own_half(us) & empty;
        for kind in Kind::ALL {
            if left[kind.index()] == 0 {
                continue;
            }
            let targets = match kind {
                Kind::King => free & own_goal(us),
                Kind::Pawn => free & !own_goal(us),
                _ => free,
            };
            for to in Squares(targets) {
                moves.push(FootballMove::Place { kind, to });
            }
        }
    }

    /// Targets of the holder (a piece of the side to move) on `hs`.
    #[inline]
    fn holder_targets(&self, hs: Square) -> HolderTargets {
        let us = self.side;
        let all = self.occupied();
        let empty = !all;
        let kind = self.kind_at(us, hs).unwrap_or(Kind::Pawn);
        let (dribbles, lines) = if kind == Kind::Pawn {
            (
                pawn_pushes(us, hs.bit()) & empty,
                pawn_diagonals(us, hs.bit()),
            )
        } else {
            let a = piece_attacks(kind, hs, all);
            (a & empty, a)
        };
        let mut shots = lines & empty & target_goal(us);
        if self.keeper && shots != 0 {
            shots = self.keeper_allowed(hs, shots);
        }
        HolderTargets {
            kind,
            dribbles,
            passes: lines & self.occupied[us.index()],
            shots,
        }
    }

    /// The shots of `shots` from `from` that no opponent piece could stop
    /// (the `keeper` rule): no opponent reaches the target or a square the
    /// ball crosses in one move.
    fn keeper_allowed(&self, from: Square, shots: u64) -> u64 {
        let reach = self.reach(self.side.other());
        let mut allowed = 0;
        for to in Squares(shots) {
            if (BETWEEN[from.index()][to.index()] | to.bit()) & reach == 0 {
                allowed |= to.bit();
            }
        }
        allowed
    }

    fn push_holder(&self, moves: &mut MoveList<FootballMove>, hs: Square, t: &HolderTargets) {
        let us = self.side;
        for to in Squares(t.dribbles) {
            if t.kind == Kind::Pawn {
                for &promotion in promotions(us, to) {
                    moves.push(FootballMove::Dribble {
                        from: hs,
                        to,
                        promotion,
                    });
                }
            } else {
                moves.push(FootballMove::Dribble {
                    from: hs,
                    to,
                    promotion: None,
                });
            }
        }
        for to in Squares(t.passes) {
            moves.push(FootballMove::Pass { from: hs, to });
        }
        for to in Squares(t.shots) {
            moves.push(FootballMove::Shot { from: hs, to });
        }
    }

    fn generate_play(&self, moves: &mut MoveList<FootballMove>) {
        let us = self.side;
        let Some(hs) = self.ball else {
            moves.push(FootballMove::NoAction);
            return;
        };
        let hbit = hs.bit();
        if self.occupied[us.index()] & hbit != 0 {
            let holder = self.holder_targets(hs);
            if self.phase == Phase::KickOff {
                if holder.passes != 0 {
                    for to in Squares(holder.passes) {
                        moves.push(FootballMove::Pass { from: hs, to });
                    }
                    return;
                }
                if holder.dribbles | holder.shots != 0 {
                    self.push_holder(moves, hs, &holder);
                    return;
                }
            }
            self.generate_pieces(moves, !hbit, 0, hs);
            self.push_holder(moves, hs, &holder);
        } else {
            self.generate_pieces(moves, !0, hbit, hs);
        }
        if moves.is_empty() {
            moves.push(FootballMove::NoAction);
        }
    }

    /// Moves to empty squares of the side to move's pieces in `mask`, and
    /// their tackles on `tackle` (the opponent holder's bit, or 0).
    fn generate_pieces(
        &self,
        moves: &mut MoveList<FootballMove>,
        mask: u64,
        tackle: u64,
        hs: Square,
    ) {
        let us = self.side;
        let all = self.occupied();
        let empty = !all;
        let mine = &self.pieces[us.index()];
        for kind in &Kind::ALL[..5] {
            for from in Squares(mine[kind.index()] & mask) {
                let a = piece_attacks(*kind, from, all);
                for to in Squares(a & empty) {
                    moves.push(FootballMove::Move {
                        from,
                        to,
                        promotion: None,
                    });
                }
                if a & tackle != 0 {
                    moves.push(FootballMove::Tackle {
                        from,
                        to: hs,
                        promotion: None,
                    });
                }
            }
        }
        let pawns = mine[Kind::Pawn.index()] & mask;
        for to in Squares(pawn_pushes(us, pawns) & empty) {
            let from = pawn_origin(us, to);
            for &promotion in promotions(us, to) {
                moves.push(FootballMove::Move {
                    from,
                    to,
                    promotion,
                });
            }
        }
        if tackle != 0 {
            for from in Squares(pawn_diagonals(us.other(), tackle) & pawns) {
                for &promotion in promotions(us, hs) {
                    moves.push(FootballMove::Tackle {
                        from,
                        to: hs,
                        promotion,
                    });
                }
            }
        }
    }

    /// [`Football::count_actions`] in ordinary play, by popcounts.
    fn count_play(&self) -> u64 {
        let us = self.side;
        let Some(hs) = self.ball else {
            return 1;
        };
        let hbit = hs.bit();
        let all = self.occupied();
        let empty = !all;
        let last = last_rank(us);
        let mine = &self.pieces[us.index()];
        let ours = self.occupied[us.index()] & hbit != 0;
        let (mask, targets) = if ours {
            (!hbit, empty)
        } else {
            (!0, empty | hbit)
        };
        let mut n = 0u64;
        for from in Squares(mine[Kind::King.index()] & mask) {
            n += u64::from((attacks::KING[from.index()] & targets).count_ones());
        }
        for from in Squares(mine[Kind::Queen.index()] & mask) {
            n += u64::from((attacks::queen(from, all) & targets).count_ones());
        }
        for from in Squares(mine[Kind::Rook.index()] & mask) {
            n += u64::from((attacks::rook(from, all) & targets).count_ones());
        }
        for from in Squares(mine[Kind::Bishop.index()] & mask) {
            n += u64::from((attacks::bishop(from, all) & targets).count_ones());
        }
        for from in Squares(mine[Kind::Knight.index()] & mask) {
            n += u64::from((attacks::KNIGHT[from.index()] & targets).count_ones());
        }
        let pawns = mine[Kind::Pawn.index()] & mask;
        let pushes = pawn_pushes(us, pawns) & empty;
        n += u64::from(pushes.count_ones() + 3 * (pushes & last).count_ones());
        if ours {
            let t = self.holder_targets(hs);
            let mut d = t.dribbles.count_ones();
            if t.kind == Kind::Pawn {
                d += 3 * (t.dribbles & last).count_ones();
            }
            n += u64::from(d + t.passes.count_ones() + t.shots.count_ones());
        } else {
            let tacklers = (pawn_diagonals(us.other(), hbit) & pawns).count_ones();
            let per = if last & hbit != 0 { 4 } else { 1 };
            n += u64::from(tacklers * per);
        }
        n.max(1)
    }
}
