//! Errors of reading a board description (see [`crate::Board::parse`]).

use thiserror::Error;

/// A board text that could not be read; the message says what is wrong and
/// where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The text holds no number of positions.
    #[error("the board text is empty: expected the number of positions, then chords like 0-8")]
    Empty,
    /// The first item is not a number.
    #[error("'{0}' is not a number of positions (the board text starts with the number of inner positions)")]
    BadCount(String),
    /// The number of positions is outside the supported range.
    #[error("a board needs between {min} and {max} positions, not {count}")]
    CountOutOfRange {
        /// The number given.
        count: u64,
        /// Smallest supported number.
        min: usize,
        /// Largest supported number.
        max: usize,
    },
    /// An item that is not of the form `a-b`.
    #[error("'{0}' is not a chord: expected two position numbers joined by '-', like 0-8")]
    BadChord(String),
    /// A chord end that is not a number.
    #[error("chord '{chord}': '{end}' is not a position number")]
    BadPosition {
        /// The chord as written.
        chord: String,
        /// The offending end.
        end: String,
    },
    /// A chord end that is not on the board.
    #[error(
        "chord '{chord}': position {position} is not on the board (positions are 0 to {last})"
    )]
    OutOfRange {
        /// The chord as written.
        chord: String,
        /// The offending position.
        position: u64,
        /// The highest position number.
        last: usize,
    },
    /// A chord from a position to itself.
    #[error("chord '{0}' joins a position to itself")]
    SelfLoop(String),
    /// The process already keeps as many distinct boards as it accepts.
    #[error(
        "this server already plays {limit} different boards besides the built-in ones; \
         play on one of those (or pentagrams)"
    )]
    TooManyBoards {
        /// The limit ([`crate::set_board_limit`]).
        limit: usize,
    },
    /// A board no game of this process uses yet, where the caller refused
    /// new boards ([`gamut_core::interning::with_new_entries`]).
    #[error("this board is new to the server, and no new board may be brought now")]
    NewBoardRefused,
    /// The same chord twice (`a-b` and `b-a` are the same chord).
    #[error("chord '{chord}' repeats chord '{first}'")]
    Duplicate {
        /// The repeated chord as written.
        chord: String,
        /// Where it first appeared, as written.
        first: String,
    },
}
