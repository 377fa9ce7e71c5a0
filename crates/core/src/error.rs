//! Errors of text parsing, move input and option setting.

use thiserror::Error;

/// A position text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position text: {0}")]
pub struct TextError(pub String);

impl TextError {
    /// An error with that message.
    pub fn new(msg: impl Into<String>) -> TextError {
        TextError(msg.into())
    }
}

/// A move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("'{text}' is not a move in this game's notation: {why}")]
    Syntax {
        /// The offending text.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// Well-formed, but not legal here.
    #[error("'{0}' is not a legal move in this position")]
    Illegal(String),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// Nothing to take back.
    #[error("there is no move to take back")]
    NothingToUndo,
}

/// An option that could not be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// The game has no option of that name.
    #[error("unknown option '{key}' (known: {known})")]
    Unknown {
        /// The unknown name.
        key: String,
        /// The names this game knows, comma-separated.
        known: String,
    },
    /// The value is not allowed for that option.
    #[error("bad value '{value}' for option '{key}': {why}")]
    BadValue {
        /// Option name.
        key: String,
        /// Offending value.
        value: String,
        /// What is allowed.
        why: String,
    },
    /// The options do not fit together.
    #[error("inconsistent options: {0}")]
    Inconsistent(String),
}
