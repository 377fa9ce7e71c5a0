//! Shared pieces of the fuzz targets: the option sets each game is fuzzed
//! under, and the "every generated move is legal and round-trips" check.

use gamut_core::{check_position, Game, GameOptions, MoveList, Reference};
use gamut_football::Football;
use gamut_loa::Loa;
use gamut_pursuit::Pursuit;

/// Option sets for Lines of Action (the default first).
pub const LOA_OPTIONS: &[&[(&str, &str)]] = &[
    &[],
    &[("size", "6")],
    &[("size", "7")],
    &[("setup", "scrambled-eggs")],
    &[
        ("simultaneous", "mover-wins"),
        ("repetition", "off"),
        ("move-limit", "0"),
    ],
    &[
        ("size", "6"),
        ("setup", "scrambled-eggs"),
        ("move-limit", "5"),
    ],
];

/// A 64-position board (the largest: every mask bit in use).
pub const BOARD_64: &str = "64 0-32 1-9 2-40 3-61 5-37 7-20 10-50 13-63 16-48 21-29 30-62 33-45";

/// Option sets for Linear Pursuit (the default first), custom boards
/// included (three distinct boards, each valid with its set-up, so the process-wide board limit is
/// never reached).
pub const PURSUIT_OPTIONS: &[&[(&str, &str)]] = &[
    &[],
    &[("setup", "placement")],
    &[("pawns", "off")],
    &[("repetition", "off"), ("move-limit", "0")],
    &[("move-limit", "3")],
    &[("board", "14 0-7 3-10 2-9")],
    &[("board", "15 0-5 5-10 0-10 1-8"), ("setup", "placement")],
    // 256 moves at most: a full move list.
    &[
        ("board", BOARD_64),
        ("setup", "placement"),
        ("pawns", "off"),
    ],
    &[("board", BOARD_64)],
];

/// Option sets for Chess Football (the default first).
pub const FOOTBALL_OPTIONS: &[&[(&str, &str)]] = &[
    &[],
    &[("shot-rule", "keeper")],
    &[("half-length", "1")],
    &[("placement", "simultaneous")],
    &[("half-length", "3"), ("shot-rule", "keeper")],
];

/// The games, by the selector byte of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Lines of Action.
    Loa,
    /// Linear Pursuit.
    Pursuit,
    /// Chess Football.
    Football,
}

/// The game and option set a selector byte picks: `b % 3` the game,
/// `b / 3` (modulo their number) its option set.
pub fn select(b: u8) -> (Which, &'static [(&'static str, &'static str)]) {
    let (which, sets) = match b % 3 {
        0 => (Which::Loa, LOA_OPTIONS),
        1 => (Which::Pursuit, PURSUIT_OPTIONS),
        _ => (Which::Football, FOOTBALL_OPTIONS),
    };
    (which, sets[usize::from(b / 3) % sets.len()])
}

/// Options of `G` from fixed pairs (always valid).
pub fn options<G: Game>(pairs: &[(&str, &str)]) -> G::Options {
    G::Options::from_pairs(pairs.iter().copied()).expect("fuzz option sets are valid")
}

/// Checks `pos` as the playout tests do ([`check_position`]: the moves
/// agree with the reference generator, parse back from their notation, the
/// hash is the recomputed one, the text round-trips), then plays every
/// legal move on a copy: the child's incremental hash is its recomputed
/// one and its text reads back (while the game is not over). Panics on the first failure.
pub fn check_deep<G: Reference>(pos: &G, options: &G::Options) {
    if let Err(e) = check_position(pos, options) {
        panic!("{}: {e}\nposition: {}", G::NAME, pos.to_text());
    }
    if pos.outcome().is_some() {
        // A finished position may still list moves (perft counts them);
        // nobody plays them.
        return;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play(mv);
        assert_eq!(
            child.hash(),
            child.compute_hash(),
            "{}: hash after {} from {}",
            G::NAME,
            pos.move_text(mv),
            pos.to_text()
        );
        let text = child.to_text();
        if let Err(e) = G::from_text(options, &text) {
            panic!(
                "{}: text {text} after {} from {} rejected: {e}",
                G::NAME,
                pos.move_text(mv),
                pos.to_text()
            );
        }
    }
}

/// Walks from `start`: checks every position reached ([`check_deep`]) and
/// plays the move each byte of `choices` picks (modulo the number of legal
/// moves), until the game ends or the bytes run out.
pub fn walk<G: Reference>(start: G, options: &G::Options, choices: &[u8]) {
    let mut pos = start;
    let mut moves = MoveList::new();
    check_deep(&pos, options);
    for &c in choices {
        if pos.outcome().is_some() {
            return;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves[usize::from(c) % moves.len()];
        pos.play(mv);
        check_deep(&pos, options);
    }
}

/// Runs `f` with the game type a selector picks.
#[macro_export]
macro_rules! with_game {
    ($which:expr, $g:ident => $body:expr) => {
        match $which {
            $crate::Which::Loa => {
                type $g = gamut_loa::Loa;
                $body
            }
            $crate::Which::Pursuit => {
                type $g = gamut_pursuit::Pursuit;
                $body
            }
            $crate::Which::Football => {
                type $g = gamut_football::Football;
                $body
            }
        }
    };
}

/// Keeps the engine types named (the macro refers to them by path).
#[allow(dead_code)]
fn _types(_: Loa, _: Pursuit, _: Football) {}
