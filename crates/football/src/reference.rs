//! The slow, independent statement of the rules (`gamut_core::Reference`):
//! a mailbox board walked square by square, used only to check the
//! bitboard engine in tests.

use crate::{Football, FootballMove, Kind, Phase, Square, Team};
use gamut_core::{EndReason, Outcome, Player, Reference};

type Board = [[Option<(Player, Kind)>; 8]; 8];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn at(f: i8, r: i8) -> Option<Square> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Square::try_new(f as u8, r as u8)
    } else {
        None
    }
}

fn forward(side: Player) -> i8 {
    if side == Player::First {
        1
    } else {
        -1
    }
}

/// Whether `sq` is one of the goal squares that `side` defends.
fn in_goal_of(side: Player, sq: Square) -> bool {
    let back = if side == Player::First { 0 } else { 7 };
    sq.rank() == back && (2..=5).contains(&sq.file())
}

fn in_half_of(side: Player, sq: Square) -> bool {
    if side == Player::First {
        sq.rank() < 4
    } else {
        sq.rank() >= 4
    }
}

struct Walker {
    board: Board,
}

impl Walker {
    fn get(&self, sq: Square) -> Option<(Player, Kind)> {
        self.board[sq.file() as usize][sq.rank() as usize]
    }

    /// Squares along the piece's lines: for sliders up to and including the
    /// first piece; steps for King and Knight; the Pawn's diagonals.
    fn lines(&self, side: Player, kind: Kind, from: Square) -> Vec<Square> {
        let (f, r) = (from.file() as i8, from.rank() as i8);
        let mut out = Vec::new();
        let slide = |dirs: &[(i8, i8)], out: &mut Vec<Square>| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f, r);
                while let Some(s) = at(x + df, y + dr) {
                    out.push(s);
                    if self.get(s).is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        match kind {
            Kind::Queen => {
                slide(&ROOK_DIRS, &mut out);
                slide(&BISHOP_DIRS, &mut out);
            }
            Kind::Rook => slide(&ROOK_DIRS, &mut out),
            Kind::Bishop => slide(&BISHOP_DIRS, &mut out),
            Kind::King => {
                for (df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
                    out.extend(at(f + df, r + dr));
                }
            }
            Kind::Knight => {
                for (df, dr) in KNIGHT_JUMPS {
                    out.extend(at(f + df, r + dr));
                }
            }
            Kind::Pawn => {
                out.extend(at(f - 1, r + forward(side)));
                out.extend(at(f + 1, r + forward(side)));
            }
        }
        out
    }

    /// Empty squares the piece can move to.
    fn steps(&self, side: Player, kind: Kind, from: Square) -> Vec<Square> {
        if kind == Kind::Pawn {
            at(from.file() as i8, from.rank() as i8 + forward(side))
                .filter(|&s| self.get(s).is_none())
                .into_iter()
                .collect()
        } else {
            self.lines(side, kind, from)
                .into_iter()
                .filter(|&s| self.get(s).is_none())
                .collect()
        }
    }

    /// Squares strictly between two aligned squares.
    fn crossed(from: Square, to: Square) -> Vec<Square> {
        let df = (to.file() as i8 - from.file() as i8).signum();
        let dr = (to.rank() as i8 - from.rank() as i8).signum();
        let mut out = Vec::new();
        let (mut x, mut y) = (from.file() as i8 + df, from.rank() as i8 + dr);
        while let Some(s) = at(x, y) {
            if s == to {
                break;
            }
            out.push(s);
            x += df;
            y += dr;
        }
        out
    }
}

fn with_promotions(
    side: Player,
    kind: Kind,
    to: Square,
    make: impl Fn(Option<Kind>) -> FootballMove,
) -> Vec<FootballMove> {
    let last = if side == Player::First { 7 } else { 0 };
    if kind == Kind::Pawn && to.rank() == last {
        Kind::PROMOTIONS.iter().map(|&k| make(Some(k))).collect()
    } else {
        vec![make(None)]
    }
}

impl Football {
    fn walker(&self) -> Walker {
        let mut board: Board = [[None; 8]; 8];
        for sq in (0..64).map(Square::from_index) {
            board[sq.file() as usize][sq.rank() as usize] = self.piece_at(sq);
        }
        Walker { board }
    }

    fn reference_picks(&self) -> Vec<FootballMove> {
        let kinds = [
            Kind::Queen,
            Kind::Rook,
            Kind::Bishop,
            Kind::Knight,
            Kind::Pawn,
        ];
        let limit = |k: Kind| match k {
            Kind::Queen => 1,
            Kind::Pawn => 6,
            _ => 2,
        };
        let mut out = Vec::new();
        for a in 0..5 {
            for b in a..5 {
                for c in b..5 {
                    let picks = [kinds[a], kinds[b], kinds[c]];
                    let fits = kinds
                        .iter()
                        .all(|&k| picks.iter().filter(|&&p| p == k).count() as u8 <= limit(k));
                    if fits {
                        out.extend(Team::new(picks).map(FootballMove::Pick));
                    }
                }
            }
        }
        out
    }

    fn reference_placements(&self) -> Vec<FootballMove> {
        let us = self.side;
        let w = self.walker();
        let left = self.to_place(us);
        let mut out = Vec::new();
        if us == self.kicker && self.ball.is_none() {
            let file = 4;
            let rank = if us == Player::First { 3 } else { 4 };
            if let Some(to) = Square::try_new(file, rank).filter(|&s| w.get(s).is_none()) {
                for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::King) {
                    if left[kind.index()] > 0 {
                        out.push(FootballMove::Place { kind, to });
                    }
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        for kind in Kind::ALL {
            if left[kind.index()] == 0 {
                continue;
            }
            for to in (0..64).map(Square::from_index) {
                let ok = in_half_of(us, to)
                    && w.get(to).is_none()
                    && match kind {
                        Kind::King => in_goal_of(us, to),
                        Kind::Pawn => !in_goal_of(us, to),
                        _ => true,
                    };
                if ok {
                    out.push(FootballMove::Place { kind, to });
                }
            }
        }
        out
    }

    fn reference_play(&self) -> Vec<FootballMove> {
        let us = self.side;
        let them = us.other();
        let w = self.walker();
        let Some(ball) = self.ball else {
            return vec![FootballMove::NoAction];
        };
        let holder_side = w.get(ball).map(|(p, _)| p);
        let mut holder_passes = Vec::new();
        let mut holder_other = Vec::new();
        let mut others = Vec::new();
        for from in (0..64).map(Square::from_index) {
            let Some((side, kind)) = w.get(from) else {
                continue;
            };
            if side != us {
                continue;
            }
            let lines = w.lines(us, kind, from);
            if from == ball {
                for to in w.steps(us, kind, from) {
                    holder_other.extend(with_promotions(us, kind, to, |promotion| {
                        FootballMove::Dribble {
                            from,
                            to,
                            promotion,
                        }
                    }));
                }
                for &to in &lines {
                    match w.get(to) {
                        Some((p, _)) if p == us => {
                            holder_passes.push(FootballMove::Pass { from, to });
                        }
                        None if in_goal_of(them, to)
                            && self.reference_shot_ok(&w, kind, from, to) =>
                        {
                            holder_other.push(FootballMove::Shot { from, to });
                        }
                        _ => {}
                    }
                }
            } else {
                for to in w.steps(us, kind, from) {
                    others.extend(with_promotions(us, kind, to, |promotion| {
                        FootballMove::Move {
                            from,
                            to,
                            promotion,
                        }
                    }));
                }
                if holder_side == Some(them) && lines.contains(&ball) {
                    others.extend(with_promotions(us, kind, ball, |promotion| {
                        FootballMove::Tackle {
                            from,
                            to: ball,
                            promotion,
                        }
                    }));
                }
            }
        }
        if self.phase == Phase::KickOff && holder_side == Some(us) {
            if !holder_passes.is_empty() {
                return holder_passes;
            }
            if !holder_other.is_empty() {
                return holder_other;
            }
        }
        let mut all: Vec<FootballMove> = others;
        all.extend(holder_passes);
        all.extend(holder_other);
        if all.is_empty() {
            all.push(FootballMove::NoAction);
        }
        all
    }

    /// The `keeper` rule: no opponent piece can move, in one action, to
    /// the target or a square the ball crosses.
    fn reference_shot_ok(&self, w: &Walker, kind: Kind, from: Square, to: Square) -> bool {
        if !self.keeper_rule() {
            return true;
        }
        let mut path = vec![to];
        if matches!(kind, Kind::Queen | Kind::Rook | Kind::Bishop) {
            path.extend(Walker::crossed(from, to));
        }
        let them = self.side.other();
        for sq in (0..64).map(Square::from_index) {
            if let Some((p, k)) = w.get(sq) {
                if p == them && w.steps(them, k, sq).iter().any(|s| path.contains(s)) {
                    return false;
                }
            }
        }
        true
    }
}

impl Reference for Football {
    fn reference_moves(&self) -> Vec<FootballMove> {
        match self.phase {
            Phase::Pick => self.reference_picks(),
            Phase::Place => self.reference_placements(),
            Phase::KickOff | Phase::Play => self.reference_play(),
            Phase::Over => Vec::new(),
        }
    }

    fn reference_outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let (w, b) = (self.score(Player::First), self.score(Player::Second));
        Some(if w > b {
            Outcome::win(Player::First, EndReason::FinalScore)
        } else if b > w {
            Outcome::win(Player::Second, EndReason::FinalScore)
        } else {
            Outcome::draw(EndReason::FinalScore)
        })
    }
}
