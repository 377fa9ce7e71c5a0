//! Zobrist keys: one per (side, kind, square) and one per ball square,
//! `XORed` incrementally as pieces and the ball move; the rest of the match
//! state is mixed in when the hash is read.

use crate::{Kind, Phase, Square};
use gamut_core::zobrist::{keys, splitmix64};
use gamut_core::Player;

static PIECE_KEYS: [u64; 768] = keys(0xF007_BA11_0000_0001);
static BALL_KEYS: [u64; 64] = keys(0xF007_BA11_0000_0002);
const SIDE_KEY: u64 = 0xF007_BA11_0000_0003;

/// The key of `side`'s `kind` on `sq`.
#[inline]
pub(crate) fn piece_key(side: Player, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS[(side.index() * 6 + kind.index()) * 64 + sq.index()]
}

/// The key of the ball on `sq`.
#[inline]
pub(crate) fn ball_key(sq: Square) -> u64 {
    BALL_KEYS[sq.index()]
}

/// The match state besides pieces and ball, packed.
pub(crate) struct State {
    pub side: Player,
    pub phase: Phase,
    pub kicker: Player,
    pub half: u8,
    pub actions: u16,
    pub score: [u8; 2],
    pub last_goal: Option<Player>,
    /// Per side: picks per kind Q R B N P, two bits each (0 if none).
    pub teams: [u32; 2],
    pub to_place: [[u8; 6]; 2],
}

/// A 64-bit key of the match state (side, phase, kick-off side, half,
/// actions, score, last goal, teams, pieces to place).
pub(crate) fn state_key(s: &State) -> u64 {
    let a = s.side.index() as u64
        | (s.phase as u64) << 1
        | (s.kicker.index() as u64) << 4
        | u64::from(s.half) << 5
        | u64::from(s.actions) << 8
        | u64::from(s.score[0]) << 24
        | u64::from(s.score[1]) << 32
        | (s.last_goal.map_or(0, |p| p.index() as u64 + 1)) << 40;
    let mut b = u64::from(s.teams[0]) | u64::from(s.teams[1]) << 10;
    for (i, n) in s.to_place.iter().flatten().enumerate() {
        b |= u64::from(*n & 7) << (20 + 3 * i);
    }
    let side = if s.side == Player::Second {
        SIDE_KEY
    } else {
        0
    };
    splitmix64(a).1 ^ splitmix64(b ^ 0x5555_0000_0000_0000).1 ^ side
}
