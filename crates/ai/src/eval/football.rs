//! Chess Football evaluation: the score (a goal is worth far more than
//! anything else), material (tackles remove pieces), the ball — who holds
//! it, how far it is from goal, whether a shot is open — pressure on the
//! ball holder (a tackle takes the ball; tackling a King with the ball is
//! a goal), control of the pitch, and cover of the own goal. Positional terms fade as the match
//! nears its end, when only goals count.
//!
//! In the match's last actions level `max` first tries to prove a match
//! win with the proof-number solver, on the match endings of
//! [`FootballEnding`] (module `football_endings`).

use crate::{solver, Evaluate, FootballEnding, SearchSetup};
use gamut_core::{Game, Player};
use gamut_football::{Football, FootballMove, Kind, Phase, Square, Squares};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// One goal.
const GOAL: i32 = 1_000;
/// Material by kind (K Q R B N P): the King can never leave the board.
const MATERIAL: [i32; 6] = [0, 90, 55, 35, 40, 15];
/// Holding the ball.
const POSSESSION: i32 = 40;
/// Per rank the ball holder has advanced towards the opponent's goal.
const ADVANCE: i32 = 12;
/// The ball holder can shoot at an empty goal square (its side to move:
/// a goal next action; otherwise the opponent may still stop it).
const OPEN_SHOT_TO_MOVE: i32 = 500;
const OPEN_SHOT_WAITING: i32 = 150;
/// Per opponent piece that can tackle the ball holder.
const PRESSURE: i32 = 35;
/// The ball holder can be tackled on the opponent's move.
const TACKLE_THREAT: i32 = 120;
/// Per teammate the ball holder can pass to.
const PASS_OPTION: i32 = 8;
/// Per own piece covering the own goal squares (when not holding the ball).
const GOAL_COVER: i32 = 10;
/// Per square a side's pieces attack (control of the pitch, also while
/// placing).
const CONTROL: i32 = 2;

/// The most actions left in the match at which level `max` tries to prove
/// a match win (see `docs/solver.md`, "Chess Football endings").
const PROOF_ACTIONS: u16 = 8;
/// The nodes such a proof may take.
const PROOF_NODES: u64 = 300_000;

/// Material of `side`: pieces on the board, still to place, or picked.
fn material(pos: &Football, side: Player) -> i32 {
    let on_board: i32 = Kind::ALL
        .into_iter()
        .map(|k| MATERIAL[k.index()] * pos.pieces(side, k).count_ones() as i32)
        .sum();
    let to_place: i32 = pos
        .to_place(side)
        .iter()
        .zip(MATERIAL)
        .map(|(&n, v)| i32::from(n) * v)
        .sum();
    if pos.phase() == Phase::Pick {
        return pos
            .team(side)
            .map_or(0, |t| t.picks().iter().map(|k| MATERIAL[k.index()]).sum());
    }
    on_board + to_place
}

/// How many ranks `sq` is in front of `side`'s own goal line.
fn advance(side: Player, sq: Square) -> i32 {
    match side {
        Player::First => i32::from(sq.rank()),
        Player::Second => 7 - i32::from(sq.rank()),
    }
}

/// The pieces of `side` that could move onto `sq` now (its tacklers if
/// the ball holder stands there).
fn tacklers(pos: &Football, side: Player, sq: Square) -> u32 {
    Kind::ALL
        .into_iter()
        .map(|k| {
            Squares(pos.pieces(side, k))
                .filter(|&from| pos.attacks_from(side, k, from) & sq.bit() != 0)
                .count() as u32
        })
        .sum()
}

/// The ball terms for the holder's side, positive for `holder`.
fn ball_value(pos: &Football, holder: Player, sq: Square, to_move: Player) -> i32 {
    let Some(kind) = pos.kind_at(holder, sq) else {
        return 0;
    };
    let lines = pos.attacks_from(holder, kind, sq);
    let mut v = POSSESSION + ADVANCE * advance(holder, sq);
    let open_goal = Football::target_goal(holder) & !pos.occupied();
    if lines & open_goal != 0 {
        v += if to_move == holder {
            OPEN_SHOT_TO_MOVE
        } else {
            OPEN_SHOT_WAITING
        };
    }
    v += PASS_OPTION * (lines & pos.occupied_by(holder)).count_ones() as i32;
    let threats = tacklers(pos, holder.other(), sq) as i32;
    v -= PRESSURE * threats;
    if threats > 0 && to_move != holder {
        // A tackle is coming; on a King (or on the own goal) it is a goal.
        let own_goal = Football::own_goal(holder) & sq.bit() != 0;
        v -= if kind == Kind::King || own_goal {
            GOAL / 2
        } else {
            TACKLE_THREAT
        };
    }
    v
}

impl Evaluate for Football {
    const QUIESCENCE: bool = true;
    // Two halves of 2 × 45 actions, with the team choice and placements.
    const TYPICAL_PLIES: u32 = 220;

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let them = me.other();
        let goals = GOAL * (i32::from(self.score(me)) - i32::from(self.score(them)));
        let mut positional = material(self, me) - material(self, them);
        positional += CONTROL
            * (self.attacks(me).count_ones() as i32 - self.attacks(them).count_ones() as i32);
        if let (Some(sq), Some(holder)) = (self.ball(), self.ball_side()) {
            let b = ball_value(self, holder, sq, me);
            positional += if holder == me { b } else { -b };
            let defender = holder.other();
            let cover = GOAL_COVER
                * (self.attacks(defender) & Football::own_goal(defender)).count_ones() as i32;
            positional += if defender == me { cover } else { -cover };
        }
        // Late in the second half positions matter less than goals.
        let left = if self.half() == 2 {
            i32::from(self.actions_left())
        } else {
            200
        };
        goals + positional * (20 + left.min(40)) / 60
    }

    /// The match's last actions (`PROOF_ACTIONS`, 8), in play (not while
    /// placing), unless the score already decides the match.
    fn solver_nodes(&self) -> u64 {
        let in_play = matches!(self.phase(), Phase::Play | Phase::KickOff);
        let last = self.half() == 2 && self.actions_left() <= PROOF_ACTIONS;
        if in_play && last && FootballEnding::decided(self).is_none() {
            PROOF_NODES
        } else {
            0
        }
    }

    /// Proven on the match endings ([`FootballEnding`]): a goal's new
    /// placement ends a line there, as a decided score or undetermined.
    fn proven_win(
        setup: &SearchSetup<Football>,
        nodes: u64,
        deadline: Option<Instant>,
        verify_by: Option<Instant>,
        stop: &AtomicBool,
    ) -> Option<(String, u32, u64)> {
        let endings = SearchSetup::football_ending(setup);
        solver::proven_win(&endings, nodes, deadline, verify_by, stop)
    }

    fn tactical_value(&self, mv: FootballMove) -> i32 {
        let goal = Football::target_goal(self.side_to_move());
        match mv {
            FootballMove::Shot { .. } => 1_000,
            FootballMove::Dribble { to, .. } | FootballMove::Pass { to, .. }
                if goal & to.bit() != 0 =>
            {
                1_000
            }
            FootballMove::Tackle { to, .. } => {
                let victim = self.kind_at(self.side_to_move().other(), to);
                if victim == Some(Kind::King)
                    || Football::own_goal(self.side_to_move().other()) & to.bit() != 0
                {
                    1_000
                } else {
                    500 + victim.map_or(0, |k| MATERIAL[k.index()])
                }
            }
            _ => 0,
        }
    }

    /// The actions left in this half and the next, the pieces still to
    /// place now and the placement of the second half (a goal adds a
    /// placement nobody can foresee).
    fn expected_plies_left(&self) -> Option<u32> {
        let placing: u32 = Player::BOTH
            .iter()
            .flat_map(|&side| self.to_place(side))
            .map(u32::from)
            .sum();
        let picks = if self.phase() == Phase::Pick { 2 } else { 0 };
        let second_half = if self.half() == 1 {
            2 * u32::from(self.half_length()) + 12
        } else {
            0
        };
        Some(u32::from(self.actions_left()) + placing + picks + second_half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_football::FootballOptions;

    #[test]
    fn shots_and_tackles_are_tactical() {
        let pos = Football::test_position(&FootballOptions::default());
        let mut moves = gamut_core::MoveList::new();
        pos.legal_moves(&mut moves);
        // The kick-off is a pass: nothing tactical yet.
        assert!(moves.iter().all(|&m| pos.tactical_value(m) == 0));
        assert!(pos.evaluate().abs() < GOAL / 2);
    }
}
