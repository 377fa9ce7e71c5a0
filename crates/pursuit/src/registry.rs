//! The process-wide set of boards in use: each distinct board is leaked
//! once, so positions hold a cheap `&'static Board`.

use crate::Board;
use std::sync::Mutex;

/// Every board interned so far.
static BOARDS: Mutex<Vec<&'static Board>> = Mutex::new(Vec::new());

/// The shared copy of `board`, leaking it if it is new.
pub(crate) fn intern(board: Board) -> &'static Board {
    let mut boards = BOARDS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&known) = boards.iter().find(|&&b| *b == board) {
        return known;
    }
    let leaked: &'static Board = Box::leak(Box::new(board));
    boards.push(leaked);
    leaked
}
