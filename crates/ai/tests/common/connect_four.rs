//! Connect Four on a small configurable board (default 7x6), with a simple
//! threat-counting evaluation: the test game for the generic searches.

use gamut_ai::Evaluate;
use gamut_core::{
    zobrist, EndReason, Game, GameOptions, MoveList, OptionError, OptionSpec, Outcome, Player,
    TextError,
};

const KEYS: [u64; 2 * 64 + 1] = zobrist::keys(0xC4);

/// Board size: columns and rows (at most 8 x 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct C4Options {
    pub width: u32,
    pub height: u32,
}

impl Default for C4Options {
    fn default() -> Self {
        C4Options {
            width: 7,
            height: 6,
        }
    }
}

impl GameOptions for C4Options {
    fn specs() -> Vec<OptionSpec> {
        Vec::new()
    }
    fn set(&mut self, key: &str, _: &str) -> Result<(), OptionError> {
        Err(OptionError::unknown::<Self>(key))
    }
    fn get(&self, _: &str) -> Option<String> {
        None
    }
}

/// A position: bitboards with 8 bits per column (bit `8 * col + row`).
#[derive(Clone, Debug, PartialEq)]
pub struct C4 {
    opts: C4Options,
    stones: [u64; 2],
    plies: u32,
    hash: u64,
}

impl C4 {
    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    fn column_height(&self, col: u32) -> u32 {
        ((self.occupied() >> (8 * col)) & 0xFF).count_ones()
    }

    fn board_mask(&self) -> u64 {
        let column = (1u64 << self.opts.height) - 1;
        (0..self.opts.width).fold(0, |m, c| m | column << (8 * c))
    }

    /// Empty cells that would complete four for `stones`.
    fn threats(&self, stones: u64) -> u64 {
        let mut r = 0u64;
        for shift in [1u32, 8, 7, 9] {
            let p = (stones << shift) & (stones << (2 * shift));
            r |= p & (stones << (3 * shift));
            r |= p & (stones >> shift);
            let q = (stones >> shift) & (stones >> (2 * shift));
            r |= q & (stones << shift);
            r |= q & (stones >> (3 * shift));
        }
        r & self.board_mask() & !self.occupied()
    }

    fn has_four(stones: u64) -> bool {
        [1u32, 8, 7, 9].iter().any(|&s| {
            let m = stones & (stones >> s);
            m & (m >> (2 * s)) != 0
        })
    }

    /// Cells where a stone can be dropped now.
    fn playable(&self) -> u64 {
        (0..self.opts.width)
            .filter(|&c| self.column_height(c) < self.opts.height)
            .fold(0, |m, c| m | 1u64 << (8 * c + self.column_height(c)))
    }
}

impl Game for C4 {
    type Move = u8;
    type Options = C4Options;
    const NAME: &'static str = "c4";
    const TITLE: &'static str = "Connect Four";

    fn start(opts: &C4Options) -> Self {
        C4 {
            opts: *opts,
            stones: [0, 0],
            plies: 0,
            hash: 0,
        }
    }
    fn side_to_move(&self) -> Player {
        Player::from_index(self.plies as usize & 1)
    }
    fn side_name(player: Player) -> &'static str {
        ["Yellow", "Red"][player.index()]
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        // Centre columns first: generation order is part of the test game.
        let w = self.opts.width as i32;
        for k in 0..w {
            let c = w / 2 + if k % 2 == 1 { (k + 1) / 2 } else { -(k / 2) };
            if (0..w).contains(&c) && self.column_height(c as u32) < self.opts.height {
                moves.push(c as u8);
            }
        }
    }
    fn play(&mut self, col: u8) {
        let side = self.side_to_move().index();
        let bit = 8 * u32::from(col) + self.column_height(u32::from(col));
        self.stones[side] |= 1 << bit;
        self.hash ^= KEYS[side * 64 + bit as usize] ^ KEYS[128];
        self.plies += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        let mover = self.side_to_move().other();
        if Self::has_four(self.stones[mover.index()]) {
            Some(Outcome::win(mover, EndReason::Connection))
        } else if self.plies == self.opts.width * self.opts.height {
            Some(Outcome::draw(EndReason::NoMovesForEither))
        } else {
            None
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn compute_hash(&self) -> u64 {
        let mut h = if self.plies % 2 == 1 { KEYS[128] } else { 0 };
        for side in 0..2 {
            for bit in 0..64 {
                if self.stones[side] >> bit & 1 == 1 {
                    h ^= KEYS[side * 64 + bit];
                }
            }
        }
        h
    }
    fn move_text(&self, col: u8) -> String {
        ((b'a' + col) as char).to_string()
    }
    fn to_text(&self) -> String {
        let mut s = String::new();
        for c in 0..self.opts.width {
            for r in 0..self.column_height(c) {
                let bit = 1u64 << (8 * c + r);
                s.push(if self.stones[0] & bit != 0 { 'x' } else { 'o' });
            }
            s.push('/');
        }
        s
    }
    fn from_text(opts: &C4Options, text: &str) -> Result<Self, TextError> {
        // A move sequence ("ddc...") from the start.
        let mut pos = C4::start(opts);
        for ch in text.trim().chars() {
            let mv = pos
                .parse_move(&ch.to_string())
                .map_err(|e| TextError::new(e.to_string()))?;
            pos.play(mv);
        }
        Ok(pos)
    }
    fn diagram(&self) -> String {
        self.to_text()
    }
}

impl Evaluate for C4 {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move().index();
        let mine = self.threats(self.stones[me]).count_ones() as i32;
        let theirs = self.threats(self.stones[1 - me]).count_ones() as i32;
        let centre =
            (0..self.opts.height).fold(0u64, |m, r| m | 1 << (8 * (self.opts.width / 2) + r));
        let c = (self.stones[me] & centre).count_ones() as i32
            - (self.stones[1 - me] & centre).count_ones() as i32;
        40 * (mine - theirs) + 10 * c
    }

    fn tactical_value(&self, col: u8) -> i32 {
        let cell = self.playable() & (0xFF << (8 * u32::from(col)));
        let me = self.side_to_move().index();
        if self.threats(self.stones[me]) & cell != 0 {
            2
        } else if self.threats(self.stones[1 - me]) & cell != 0 {
            1
        } else {
            0
        }
    }
}

/// The exact game value for the side to move (1 win, 0 draw, -1 loss) by
/// plain negamax without any table (slow: small boards only).
pub fn solve(pos: &C4) -> i32 {
    if let Some(o) = pos.outcome() {
        return match o.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
        };
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -1;
    for &m in &moves {
        let mut child = pos.clone();
        child.play(m);
        best = best.max(-solve(&child));
        if best == 1 {
            break;
        }
    }
    best
}

/// The position after `plies` uniformly random moves from the start on a
/// board of `opts`; `None` if the game ended on the way.
pub fn random_position(opts: &C4Options, plies: usize, rng: &mut impl rand::Rng) -> Option<C4> {
    use rand::seq::SliceRandom;
    let mut pos = C4::start(opts);
    for _ in 0..plies {
        if pos.outcome().is_some() {
            return None;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        pos.play(*moves.choose(rng).unwrap());
    }
    pos.outcome().is_none().then_some(pos)
}

/// Check a search's proven score against the exact solver: `Some(exact)`
/// (1 win, -1 loss for the side to move) when the score claims a proof,
/// `None` for a plain value.
pub fn checked_proof(pos: &C4, score: gamut_ai::Score) -> Option<i32> {
    let claimed = match score {
        gamut_ai::Score::WinIn(_) => 1,
        gamut_ai::Score::LossIn(_) => -1,
        gamut_ai::Score::Value(_) => return None,
    };
    let exact = solve(pos);
    assert_eq!(exact, claimed, "{} {score:?}", pos.to_text());
    Some(exact)
}
