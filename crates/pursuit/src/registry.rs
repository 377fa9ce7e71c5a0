//! The process-wide set of boards in use. Each distinct board is leaked
//! once, so positions hold a plain `&'static Board` that the search copies
//! for free (an `Arc` would cost two atomic operations per copied
//! position: 15-20 % of Linear Pursuit's perft and search speed). A board
//! is found by a hash lookup under a read lock, and the set is bounded
//! ([`set_board_limit`]): past the limit a new board is refused with a
//! clear error, so no stream of distinct boards can grow the process
//! without bound (the built-in boards are always there). A caller may
//! also refuse new boards on its thread ([`gamut_core::interning`]): a
//! server does, for visitors whose quota of new boards is spent.

use crate::{Board, BoardError};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::RwLock;

/// How many boards besides the built-in ones a process keeps by default
/// (a board of 64 positions takes about 70 KB).
pub const DEFAULT_BOARD_LIMIT: usize = 100;

/// Boards by the hash of their positions and chords; a bucket holds the
/// (rare) boards whose hashes collide.
static BOARDS: RwLock<Option<HashMap<u64, Vec<&'static Board>>>> = RwLock::new(None);

/// Boards interned beyond the built-in ones.
static CUSTOM: AtomicUsize = AtomicUsize::new(0);

/// The limit on boards beyond the built-in ones.
static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_BOARD_LIMIT);

/// Sets how many distinct boards besides the built-in ones this process
/// accepts (a server sets it from its settings; boards already in use stay).
pub fn set_board_limit(limit: usize) {
    LIMIT.store(limit, Ordering::Relaxed);
}

/// How many boards besides the built-in ones are in use.
pub fn custom_boards() -> usize {
    CUSTOM.load(Ordering::Relaxed)
}

/// The shared copy of `board`, leaking it if it is new; a new board past
/// the limit is refused unless it is `built_in`.
pub(crate) fn intern(board: Board, built_in: bool) -> Result<&'static Board, BoardError> {
    let key = board.key();
    let find = |boards: &HashMap<u64, Vec<&'static Board>>| {
        boards
            .get(&key)
            .and_then(|bucket| bucket.iter().copied().find(|&b| *b == board))
    };
    {
        let boards = BOARDS
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(known) = boards.as_ref().and_then(find) {
            return Ok(known);
        }
    }
    let mut boards = BOARDS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let boards = boards.get_or_insert_with(HashMap::new);
    if let Some(known) = find(boards) {
        return Ok(known);
    }
    if !built_in {
        if !gamut_core::interning::may_add() {
            return Err(BoardError::NewBoardRefused);
        }
        let limit = LIMIT.load(Ordering::Relaxed);
        if CUSTOM.load(Ordering::Relaxed) >= limit {
            return Err(BoardError::TooManyBoards { limit });
        }
        CUSTOM.fetch_add(1, Ordering::Relaxed);
    }
    let leaked: &'static Board = Box::leak(Box::new(board));
    boards.entry(key).or_default().push(leaked);
    Ok(leaked)
}
