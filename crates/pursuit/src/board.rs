//! The board as data: inner positions on a circle, joined by the
//! circumference and by inner lines (chords), read from a small text format,
//! with the move tables every position uses precomputed once per board.

use crate::registry;
use crate::{BoardError, Piece};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// The smallest number of inner positions a board may have (a circle needs
/// two distinct neighbours for every position).
pub const MIN_POSITIONS: usize = 3;
/// The largest number of inner positions (positions are bits of a `u64`).
pub const MAX_POSITIONS: usize = 64;

/// The text of the default board, `pentagrams`.
pub const PENTAGRAMS_TEXT: &str = include_str!("../boards/pentagrams.board");
/// The option value naming the default board.
pub const PENTAGRAMS_NAME: &str = "pentagrams";

/// A Linear Pursuit board: `size` inner positions numbered `0..size`
/// clockwise on a circle (each with an outer position behind it), the
/// circumference joining `i` to `i±1`, and the inner lines (chords).
///
/// Positions are bits of `u64` masks (bit `i` is position `i`). Besides the
/// adjacency the board holds the two-line move tables: for an origin `s`
/// and a middle `m`, the targets a Knight or a Bishop reaches through `m`
/// (never `s` itself: no backtracking).
///
/// Boards are interned ([`Board::intern`]): one `&'static Board` per
/// distinct board, so positions refer to their board with a plain
/// reference.
#[derive(Clone)]
pub struct Board {
    size: usize,
    all: u64,
    chords: Vec<(u8, u8)>,
    circumference: Vec<u64>,
    lines: Vec<u64>,
    knight_middles: Vec<u64>,
    knight_via: Vec<u64>,
    bishop_via: Vec<u64>,
    max_targets: [u32; 5],
    text: String,
}

impl Board {
    /// Read a board text.
    ///
    /// The format: `#` starts a comment that runs to the end of the line;
    /// the rest is whitespace-separated items. The first item is the number
    /// of inner positions `N` (3 to 64); every further item is an inner line
    /// `a-b` joining positions `a` and `b` (`0 <= a, b < N`, `a != b`, each
    /// chord once: `a-b` and `b-a` are the same chord). The circumference is
    /// implied. Example: `5 0-2 2-4 4-1 1-3 3-0` (a pentagram).
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut items = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace);
        let count_text = items.next().ok_or(BoardError::Empty)?;
        let count =
            parse_number(count_text).ok_or_else(|| BoardError::BadCount(count_text.to_string()))?;
        if !(MIN_POSITIONS as u64..=MAX_POSITIONS as u64).contains(&count) {
            return Err(BoardError::CountOutOfRange {
                count,
                min: MIN_POSITIONS,
                max: MAX_POSITIONS,
            });
        }
        let size = count as usize;
        let mut seen: HashMap<(u8, u8), &str> = HashMap::new();
        let mut chords = Vec::new();
        for item in items {
            let (a, b) = item
                .split_once('-')
                .ok_or_else(|| BoardError::BadChord(item.to_string()))?;
            let end = |e: &str| -> Result<u8, BoardError> {
                let n = parse_number(e).ok_or_else(|| BoardError::BadPosition {
                    chord: item.to_string(),
                    end: e.to_string(),
                })?;
                if n >= count {
                    return Err(BoardError::OutOfRange {
                        chord: item.to_string(),
                        position: n,
                        last: size - 1,
                    });
                }
                Ok(n as u8)
            };
            let (a, b) = (end(a)?, end(b)?);
            if a == b {
                return Err(BoardError::SelfLoop(item.to_string()));
            }
            let key = (a.min(b), a.max(b));
            if let Some(first) = seen.get(&key) {
                return Err(BoardError::Duplicate {
                    chord: item.to_string(),
                    first: first.to_string(),
                });
            }
            seen.insert(key, item);
            chords.push(key);
        }
        chords.sort_unstable();
        Ok(Board::build(size, chords))
    }

    /// The default board, `pentagrams`: 20 positions, an inner line from
    /// every `i` to `i±8` (mod 20).
    pub fn pentagrams() -> &'static Board {
        static PENTAGRAMS: OnceLock<&'static Board> = OnceLock::new();
        PENTAGRAMS.get_or_init(|| {
            let board =
                Board::parse(PENTAGRAMS_TEXT).expect("the built-in pentagrams board is valid");
            registry::intern(board, true).expect("built-in boards are always accepted")
        })
    }

    /// The one shared copy of this board (boards are compared by their
    /// positions and chords; each distinct board is leaked once, and a
    /// process keeps a bounded number of them: past
    /// [`set_board_limit`](crate::set_board_limit) a new board is
    /// [`BoardError::TooManyBoards`]).
    pub fn intern(self) -> Result<&'static Board, BoardError> {
        registry::intern(self, false)
    }

    /// A hash of the positions and chords (what equality compares).
    pub(crate) fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.size.hash(&mut hasher);
        self.chords.hash(&mut hasher);
        hasher.finish()
    }

    /// Whether this is the default board, `pentagrams`.
    pub fn is_pentagrams(&self) -> bool {
        self == Board::pentagrams()
    }

    fn build(size: usize, chords: Vec<(u8, u8)>) -> Board {
        let bit = |i: usize| 1u64 << i;
        let all = if size == 64 { u64::MAX } else { bit(size) - 1 };
        let circumference: Vec<u64> = (0..size)
            .map(|s| bit((s + 1) % size) | bit((s + size - 1) % size))
            .collect();
        let mut lines = vec![0u64; size];
        for &(a, b) in &chords {
            lines[a as usize] |= bit(b as usize);
            lines[b as usize] |= bit(a as usize);
        }
        let knight_middles: Vec<u64> = (0..size).map(|s| circumference[s] | lines[s]).collect();
        let mut knight_via = vec![0u64; size * size];
        let mut bishop_via = vec![0u64; size * size];
        for s in 0..size {
            for m in 0..size {
                let mut knight = 0;
                if circumference[s] & bit(m) != 0 {
                    knight |= lines[m];
                }
                if lines[s] & bit(m) != 0 {
                    knight |= circumference[m];
                    bishop_via[s * size + m] = lines[m] & !bit(s);
                }
                knight_via[s * size + m] = knight & !bit(s);
            }
        }
        let text = std::iter::once(size.to_string())
            .chain(chords.iter().map(|(a, b)| format!("{a}-{b}")))
            .collect::<Vec<_>>()
            .join(" ");
        let mut board = Board {
            size,
            all,
            chords,
            circumference,
            lines,
            knight_middles,
            knight_via,
            bishop_via,
            max_targets: [0; 5],
            text,
        };
        for piece in Piece::ALL {
            board.max_targets[piece.index()] = (0..size)
                .map(|s| board.reach(piece, s as u8, all).count_ones())
                .max()
                .unwrap_or(0);
        }
        board
    }

    /// The positions a piece of kind `piece` on inner position `s` reaches
    /// when exactly the positions in `empty` are empty (targets not
    /// filtered by what stands on them; capture rules are the caller's).
    #[inline]
    pub fn reach(&self, piece: Piece, s: u8, empty: u64) -> u64 {
        match piece {
            Piece::Pawn | Piece::Rook => self.lines(s),
            Piece::Bishop => self.bishop_reach(s, empty),
            Piece::Knight => self.knight_reach(s, empty),
            Piece::King => self.lines(s) | self.bishop_reach(s, empty),
        }
    }

    /// Targets of a Bishop move from `s` (two inner lines through an empty
    /// middle, not back to `s`).
    #[inline]
    pub fn bishop_reach(&self, s: u8, empty: u64) -> u64 {
        self.via_targets(&self.bishop_via, s, self.lines[s as usize] & empty)
    }

    /// Targets of a Knight move from `s` (a circumference segment and an
    /// inner line, in either order, through an empty middle, not back to
    /// `s`).
    #[inline]
    pub fn knight_reach(&self, s: u8, empty: u64) -> u64 {
        self.via_targets(&self.knight_via, s, self.knight_middles[s as usize] & empty)
    }

    /// The union of the targets a two-line move from `s` reaches through
    /// each of the (empty) `middles`, from a per-origin "via" table.
    #[inline]
    fn via_targets(&self, via: &[u64], s: u8, mut middles: u64) -> u64 {
        let row = &via[s as usize * self.size..(s as usize + 1) * self.size];
        let mut targets = 0;
        while middles != 0 {
            targets |= row[middles.trailing_zeros() as usize];
            middles &= middles - 1;
        }
        targets
    }

    /// The number of inner positions `N` (positions are `0..N`).
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The mask of all positions (`N` low bits set).
    #[inline]
    pub fn all(&self) -> u64 {
        self.all
    }

    /// The inner lines as `(a, b)` with `a < b`, sorted.
    pub fn chords(&self) -> &[(u8, u8)] {
        &self.chords
    }

    /// The two circumference neighbours of `s`, as a mask.
    #[inline]
    pub fn circumference(&self, s: u8) -> u64 {
        self.circumference[s as usize]
    }

    /// The positions joined to `s` by an inner line, as a mask.
    #[inline]
    pub fn lines(&self, s: u8) -> u64 {
        self.lines[s as usize]
    }

    /// The possible middles of a Knight move from `s` (circumference and
    /// inner-line neighbours), as a mask.
    #[inline]
    pub fn knight_middles(&self, s: u8) -> u64 {
        self.knight_middles[s as usize]
    }

    /// The targets of a Knight move from `s` through the middle `m` (empty
    /// if `m` is not a neighbour of `s`).
    #[inline]
    pub fn knight_via(&self, s: u8, m: u8) -> u64 {
        self.knight_via[s as usize * self.size + m as usize]
    }

    /// The targets of a Bishop move from `s` through the middle `m` (empty
    /// if `m` is not joined to `s` by an inner line).
    #[inline]
    pub fn bishop_via(&self, s: u8, m: u8) -> u64 {
        self.bishop_via[s as usize * self.size + m as usize]
    }

    /// The most targets a piece of this kind can have from any one position
    /// of this board (on an empty board). Bounds the number of moves.
    pub fn max_targets(&self, piece: Piece) -> u32 {
        self.max_targets[piece.index()]
    }

    /// The board in canonical one-line form (`N` then the sorted chords);
    /// [`Board::parse`] reads it back to an equal board.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The option value for this board: `pentagrams` for the default,
    /// otherwise the canonical text.
    pub fn option_value(&self) -> String {
        if self.is_pentagrams() {
            PENTAGRAMS_NAME.to_string()
        } else {
            self.text.clone()
        }
    }

    /// Whether the Classic set-up fits: an even number of positions, at
    /// least 14 (seven outer positions for each side).
    pub fn classic_fits(&self) -> bool {
        self.size & 1 == 0 && self.size >= 14
    }
}

/// A decimal number made of ASCII digits only (no sign).
fn parse_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        std::ptr::eq(self, other) || (self.size == other.size && self.chords == other.chords)
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.text)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentagrams_has_the_rules_file_chords() {
        let b = Board::pentagrams();
        assert_eq!(b.size(), 20);
        assert_eq!(b.chords().len(), 20);
        for i in 0..20u8 {
            let expected = (1u64 << ((i + 8) % 20)) | (1u64 << ((i + 12) % 20));
            assert_eq!(b.lines(i), expected, "lines of {i}");
            assert_eq!(b.circumference(i).count_ones(), 2);
        }
        assert!(b.classic_fits());
        assert_eq!(b.option_value(), "pentagrams");
    }

    #[test]
    fn two_line_tables_never_backtrack() {
        let b = Board::pentagrams();
        for s in 0..20u8 {
            for m in 0..20u8 {
                assert_eq!(b.knight_via(s, m) & (1 << s), 0);
                assert_eq!(b.bishop_via(s, m) & (1 << s), 0);
            }
        }
        // Bishop from 10: via 18 to 6, via 2 to 14.
        assert_eq!(b.bishop_reach(10, b.all()), (1 << 6) | (1 << 14));
    }

    #[test]
    fn canonical_text_reads_back() {
        let b = Board::parse("5 # a pentagram\n 3-0 0-2 2-4 4-1 1-3").unwrap();
        assert_eq!(b.text(), "5 0-2 0-3 1-3 1-4 2-4");
        assert_eq!(Board::parse(b.text()).unwrap(), b);
    }

    #[test]
    fn interning_shares_equal_boards() {
        let a = Board::parse("6 0-3 1-4").unwrap().intern().unwrap();
        let b = Board::parse("6 4-1 # same\n3-0").unwrap().intern().unwrap();
        assert!(std::ptr::eq(a, b));
        let p = Board::parse(PENTAGRAMS_TEXT).unwrap().intern().unwrap();
        assert!(std::ptr::eq(p, Board::pentagrams()));
    }
}
