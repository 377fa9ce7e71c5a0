//! Linear Pursuit evaluation: material (pieces in play and out of play
//! valued by how far they move on this board), King safety (enemy pieces
//! attacking the King's lines: the King itself, the positions it could
//! move to, how many of its moves are safe, and how much of the King's
//! component enemy hunters reach), mobility (every side's
//! targets, which also guards against the no-legal-move loss), majors
//! still out of play, and winning potential.
//!
//! Winning potential: Kings, Rooks and Bishops only ever move along inner
//! lines, so a King can only be captured by pieces of the inner-line
//! component it stands in, and by Knights (which also use the
//! circumference). On `pentagrams` the Kings start in different
//! components, so only Knights can capture a King in play. These pieces
//! are a side's *hunters*, each worth a bonus. A material lead against a
//! King in play counts in full only with the force to take away all of
//! that King's moves (two hunters, or one hunter and two own Pawns in the
//! King's component); with less it counts half, and without any hunter
//! little: a lone King always has a move, so such positions are drawn
//! unless everything the other side has is blocked in. Without this, the
//! side ahead trades down into a lead it cannot convert and the game is
//! drawn by the move limit.

use super::pursuit_endings;
use crate::tablebase::{Oracle, TableStats};
use crate::Evaluate;
use gamut_core::{Game, Player};
use gamut_pursuit::{Board, Location, Piece, Pursuit, PursuitMove, PursuitOptions};
use std::sync::Arc;

/// A Pawn, the unit.
const PAWN: i32 = 100;
/// Value of an out-of-play major relative to the same piece in play (%).
const OUT_OF_PLAY_PERCENT: i32 = 85;
/// Per reachable target of a piece in play.
const MOBILITY: i32 = 6;
/// Per enemy piece attacking the King now.
const KING_ATTACKER: i32 = 120;
/// Per enemy piece attacking one of the King's escape positions.
const ESCAPE_ATTACKER: i32 = 15;
/// Per King move short of the most a King has on this board that is not
/// safe (blocked by an own piece, or attacked), while the enemy has a
/// hunter.
const KING_CRAMPED: i32 = 25;
/// A King still on its outer position cannot be captured.
const KING_OUT_OF_PLAY: i32 = 40;
/// Per hunter (a piece that could ever capture the enemy King), for the
/// first [`HUNTERS_COUNTED`].
const HUNTER: i32 = 60;
/// Per position of the enemy King's inner-line component (the King in
/// play) that a hunter reaches now: the net closing around the King.
const REGION_CONTROL: i32 = 20;
/// Hunters beyond this many earn no bonus.
const HUNTERS_COUNTED: u32 = 2;
/// A lead without hunters against a King in play is divided by this.
const NO_HUNTER_DIVISOR: i32 = 8;
/// Twice the hunters plus the blockers a lead needs to count in full
/// against a King in play.
const FULL_FORCE: u32 = 4;
/// A lead with less force than [`FULL_FORCE`] is divided by this.
const WEAK_FORCE_DIVISOR: i32 = 2;
/// The King's value for move ordering (capturing it wins).
const KING_VALUE: i32 = 20_000;

/// The value of a piece in play on this position's board.
fn value(pos: &Pursuit, piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => PAWN,
        Piece::King => KING_VALUE,
        major => 150 + 40 * pos.board().max_targets(major) as i32,
    }
}

/// The kind of `side`'s piece on inner position `s`.
fn kind_on(pos: &Pursuit, side: Player, s: u8) -> Option<Piece> {
    Piece::ALL
        .into_iter()
        .find(|&p| pos.pieces(side, p) >> s & 1 == 1)
}

/// The positions of a mask.
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            s
        })
    })
}

/// The inner positions a piece on inner position `s` that moves only along
/// inner lines (King, Rook, Bishop) could ever reach: the inner-line
/// component of `s`.
fn line_component(board: &Board, s: u8) -> u64 {
    let mut component = 1u64 << s;
    loop {
        let grown = bits(component).fold(component, |m, t| m | board.lines(t));
        if grown == component {
            return component;
        }
        component = grown;
    }
}

/// What a side has for hunting the enemy King.
#[derive(Clone, Copy, Debug)]
struct Hunt {
    /// Pieces that could ever capture the King: Knights anywhere, and
    /// Kings, Rooks and Bishops in play or about to enter inside the King's
    /// inner-line component (for a King out of play: the component it
    /// enters).
    hunters: u32,
    /// Own Pawns in play inside that component: they cannot capture the
    /// King but block its moves (and it may only take them where no hunter
    /// covers them).
    blockers: u32,
    /// Whether the King is in play (out of play it cannot be captured, but
    /// any piece can block it in).
    king_in_play: bool,
    /// The King's inner-line component (where it is hunted).
    region: u64,
}

impl Hunt {
    /// `side`'s hunt against the enemy King (`None` while that King is
    /// still to place or captured).
    fn of(pos: &Pursuit, side: Player) -> Option<Hunt> {
        let (k, king_in_play) = match pos.king(side.other())? {
            Location::Inner(k) => (k, true),
            Location::Outer(k) => (k, false),
        };
        let region = line_component(pos.board(), k);
        let line_movers = [Piece::King, Piece::Rook, Piece::Bishop]
            .into_iter()
            .map(|p| ((pos.pieces(side, p) | pos.outer_pieces(side, p)) & region).count_ones())
            .sum::<u32>();
        Some(Hunt {
            hunters: pos.count(side, Piece::Knight) + line_movers,
            blockers: (pos.pieces(side, Piece::Pawn) & region).count_ones(),
            king_in_play,
            region,
        })
    }

    /// The part of `lead` this hunt can convert: little without a hunter,
    /// half with too little force to take every move from a lone King
    /// (a hunter covers about two of its moves, a blocker one).
    fn convertible(self, lead: i32) -> i32 {
        if !self.king_in_play {
            lead
        } else if self.hunters == 0 {
            lead / NO_HUNTER_DIVISOR
        } else if 2 * self.hunters + self.blockers < FULL_FORCE {
            lead / WEAK_FORCE_DIVISOR
        } else {
            lead
        }
    }
}

/// Everything for `side` (material, mobility, out-of-play pieces, King
/// safety, hunters), in centipawns; `hunt` is `side`'s [`Hunt`] and
/// `enemy_hunt` the enemy's (`None`: no King to hunt).
fn side_value(pos: &Pursuit, side: Player, hunt: Option<Hunt>, enemy_hunt: Option<Hunt>) -> i32 {
    let board = pos.board();
    let empty = pos.empty();
    let own = pos.occupied(side);
    let enemy = side.other();
    let enemy_pawns = pos.pieces(enemy, Piece::Pawn);
    let enemy_majors = pos.occupied(enemy) & !enemy_pawns;
    let region = hunt.map_or(0, |h| h.region);
    let mut total = 0;
    // Positions of the enemy King's component that hunters reach now.
    let mut hunted = 0;
    for piece in Piece::ALL {
        let in_play = pos.pieces(side, piece);
        if piece != Piece::King {
            let v = value(pos, piece);
            total += v * in_play.count_ones() as i32;
            total +=
                v * OUT_OF_PLAY_PERCENT / 100 * pos.outer_pieces(side, piece).count_ones() as i32;
            total += v * i32::from(pos.in_hand(side, piece));
        }
        for s in bits(in_play) {
            let reach = board.reach(piece, s, empty);
            if piece == Piece::Knight || (piece != Piece::Pawn && region >> s & 1 == 1) {
                hunted |= reach & region;
            }
            let mut targets = reach & !own;
            if piece == Piece::Pawn {
                targets &= !enemy_majors;
            }
            total += MOBILITY * targets.count_ones() as i32;
        }
    }
    // Majors that can enter now.
    let enterable = pos.outer_occupied(side) & empty;
    total += MOBILITY * enterable.count_ones() as i32;
    if let Some(h) = hunt {
        total += HUNTER * h.hunters.min(HUNTERS_COUNTED) as i32;
        if h.king_in_play {
            total += REGION_CONTROL * hunted.count_ones() as i32;
        }
    }
    match pos.king(side) {
        Some(Location::Inner(k)) => {
            // Pawns never capture a King.
            let king_attackers = |s: u8| pos.attackers(s, enemy) & !enemy_pawns;
            total -= KING_ATTACKER * king_attackers(k).count_ones() as i32;
            let escapes = (board.lines(k) | board.bishop_reach(k, empty)) & !own;
            let mut safe = 0;
            for e in bits(escapes) {
                let attackers = king_attackers(e).count_ones();
                total -= ESCAPE_ATTACKER * attackers.min(2) as i32;
                safe += u32::from(attackers == 0);
            }
            if enemy_hunt.is_some_and(|h| h.hunters > 0) {
                let short = board.max_targets(Piece::King).saturating_sub(safe);
                total -= KING_CRAMPED * short as i32;
            }
        }
        Some(Location::Outer(_)) => total += KING_OUT_OF_PLAY,
        None => {}
    }
    total
}

impl Evaluate for Pursuit {
    const QUIESCENCE: bool = true;
    // Games run long; many reach the 300-ply move limit (which caps the
    // estimate near the end).
    const TYPICAL_PLIES: u32 = 200;

    /// Endings with at most five pieces (Kings included) are worth a try,
    /// unless an endgame table knows the position.
    fn solver_nodes(&self) -> u64 {
        if pursuit_endings::covers(self) {
            return 0;
        }
        let pieces: u32 = [Player::First, Player::Second]
            .into_iter()
            .map(|side| self.occupied(side).count_ones() + self.outer_occupied(side).count_ones())
            .sum();
        if pieces <= 5 && !self.placing() {
            200_000
        } else {
            0
        }
    }

    fn endings(&self, may_build: bool) -> Option<Arc<dyn Oracle<Pursuit>>> {
        pursuit_endings::endings(self, may_build)
    }

    fn build_endings(options: &PursuitOptions, material: &str) -> Result<Vec<TableStats>, String> {
        pursuit_endings::build_report(options, material)
    }

    fn evaluate(&self) -> i32 {
        let side = self.side_to_move();
        let ours = Hunt::of(self, side);
        let theirs = Hunt::of(self, side.other());
        let lead =
            side_value(self, side, ours, theirs) - side_value(self, side.other(), theirs, ours);
        // Only what the leader can convert against a King in play counts.
        match if lead > 0 { ours } else { theirs } {
            Some(hunt) => hunt.convertible(lead),
            None => lead,
        }
    }

    fn tactical_value(&self, mv: PursuitMove) -> i32 {
        let PursuitMove::Step { from, to } = mv else {
            return 0;
        };
        let side = self.side_to_move();
        let Some(victim) = kind_on(self, side.other(), to) else {
            return 0;
        };
        let attacker = kind_on(self, side, from).map_or(PAWN, |p| value(self, p).min(1_000));
        // Most valuable victim first, then least valuable attacker.
        16 * value(self, victim).min(4_000) - attacker / 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_pursuit::PursuitOptions;

    #[test]
    fn the_start_is_balanced() {
        let pos = Pursuit::start(&PursuitOptions::default());
        assert_eq!(pos.evaluate(), 0);
    }

    #[test]
    fn captures_are_tactical_and_the_king_capture_comes_first() {
        // North: Rook on 2, Pawn on 18; South: King on 10, Pawn on 6.
        let text = "..r...P...K.......p./k................... north play 10";
        let pos = Pursuit::from_text(&PursuitOptions::default(), text).unwrap();
        let mut moves = gamut_core::MoveList::new();
        pos.legal_moves(&mut moves);
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&m| pos.tactical_value(m))
            .unwrap();
        assert_eq!(best, PursuitMove::Step { from: 2, to: 10 });
        assert!(moves.iter().any(|&m| pos.tactical_value(m) == 0));
    }

    fn position(text: &str) -> Pursuit {
        Pursuit::from_text(&PursuitOptions::default(), text).unwrap()
    }

    #[test]
    fn only_knights_hunt_a_king_in_play_on_pentagrams() {
        // North's lone King on 0 moves within 0, 4, 8, 12, 16. South: King
        // on 10, Rook on 7, Knight on 9 (another component), Pawns on 8 and
        // 12 (in the King's component: blockers) and 13 (not).
        let pos = position("k......RPNK.PP....../.................... south play 40");
        let hunt = Hunt::of(&pos, Player::First).unwrap();
        assert_eq!((hunt.hunters, hunt.blockers), (1, 2));
        assert!(hunt.king_in_play);
        let hunt = Hunt::of(&pos, Player::Second).unwrap();
        assert_eq!((hunt.hunters, hunt.blockers), (0, 0));
        // A King out of play is hunted in the component it enters.
        let pos = position(".......N..K........./k................... south play 40");
        let hunt = Hunt::of(&pos, Player::First).unwrap();
        assert_eq!(hunt.hunters, 1);
        assert!(!hunt.king_in_play);
    }

    #[test]
    fn a_lead_without_hunters_counts_for_little() {
        // South is two Rooks and a Bishop up, none of which can ever reach
        // North's King: a draw in all but name.
        let no_hunter = position("k......R.BK..R....../.................... south play 40");
        // The same with two Knights for the Rook and the Bishop: winnable.
        let two_knights = position("k......N.NK..R....../.................... south play 40");
        // One Knight covers two of the King's four moves: not enough alone.
        let one_knight = position("k......N.BK..R....../.................... south play 40");
        let lead = |pos: &Pursuit| pos.evaluate();
        assert!(lead(&no_hunter) < 100, "{}", lead(&no_hunter));
        assert!(lead(&two_knights) > 500, "{}", lead(&two_knights));
        assert!(lead(&one_knight) > lead(&no_hunter));
        assert!(lead(&two_knights) > 2 * lead(&one_knight));
        // The same from North's side.
        let north = position("k......R.BK..R....../.................... north play 40");
        assert!(lead(&north) > -100, "{}", lead(&north));
    }
}
