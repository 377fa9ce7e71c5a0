//! The options of a Linear Pursuit game: board, set-up, Pawns, repetition
//! and move limit.

use crate::{setup, Board, PENTAGRAMS_NAME};
use gamut_core::option_parse as parse;
use gamut_core::{GameOptions, OptionError, OptionKind, OptionSpec};

/// How the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Setup {
    /// The rules file's Classic set-up (majors R N B K B N R on seven outer
    /// positions per side, Pawns in front of them).
    #[default]
    Classic,
    /// Players alternately place the Classic material, South first.
    Placement,
}

impl Setup {
    const NAMES: [&'static str; 2] = ["classic", "placement"];

    /// The option value (`classic`, `placement`).
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The options of Linear Pursuit.
///
/// | key | values | default |
/// |-----|--------|---------|
/// | `board` | `pentagrams` or a board text (a file on the command line) | `pentagrams` |
/// | `setup` | `classic`, `placement` | `classic` |
/// | `pawns` | `on`, `off` (play with or without Pawns) | `on` |
/// | `repetition` | `on` (threefold repetition draws), `off` | `on` |
/// | `move-limit` | plies of play (placements not counted) before the game is drawn, `0` for none | `300` |
///
/// Custom set-ups are positions: give a position text (`--position`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PursuitOptions {
    /// The board.
    pub board: &'static Board,
    /// The set-up.
    pub setup: Setup,
    /// Whether the set-up includes Pawns.
    pub pawns: bool,
    /// Whether threefold repetition draws.
    pub repetition: bool,
    /// Plies before the game is drawn (0: no limit).
    pub move_limit: u32,
}

/// The largest accepted move limit.
const MAX_MOVE_LIMIT: u32 = 1_000_000;

impl Default for PursuitOptions {
    fn default() -> Self {
        PursuitOptions {
            board: Board::pentagrams(),
            setup: Setup::Classic,
            pawns: true,
            repetition: true,
            move_limit: 300,
        }
    }
}

impl GameOptions for PursuitOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "board",
                kind: OptionKind::Text,
                default: PENTAGRAMS_NAME.to_string(),
                help:
                    "the board: pentagrams, or a board text (number of positions, then chords a-b)",
            },
            OptionSpec {
                key: "setup",
                kind: OptionKind::Choice {
                    choices: Setup::NAMES.to_vec(),
                },
                default: "classic".to_string(),
                help: "classic set-up, or alternate placement of the pieces",
            },
            OptionSpec {
                key: "pawns",
                kind: OptionKind::Flag,
                default: "on".to_string(),
                help: "play with Pawns",
            },
            OptionSpec {
                key: "repetition",
                kind: OptionKind::Flag,
                default: "on".to_string(),
                help: "threefold repetition is a draw",
            },
            OptionSpec {
                key: "move-limit",
                kind: OptionKind::Integer {
                    min: 0,
                    max: i64::from(MAX_MOVE_LIMIT),
                },
                default: "300".to_string(),
                help:
                    "plies of play (placements not counted) before the game is drawn (0: no limit)",
            },
        ]
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "board" => {
                self.board = if value.trim() == PENTAGRAMS_NAME {
                    Board::pentagrams()
                } else {
                    Board::parse(value)
                        .and_then(Board::intern)
                        .map_err(|e| OptionError::bad_value(key, value, e.to_string()))?
                };
            }
            "setup" => {
                self.setup = match parse::choice(key, value, &Setup::NAMES)? {
                    0 => Setup::Classic,
                    _ => Setup::Placement,
                };
            }
            "pawns" => self.pawns = parse::flag(key, value)?,
            "repetition" => self.repetition = parse::flag(key, value)?,
            "move-limit" => {
                self.move_limit = parse::integer(key, value, 0, i64::from(MAX_MOVE_LIMIT))? as u32;
            }
            _ => return Err(OptionError::unknown::<Self>(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "board" => Some(self.board.option_value()),
            "setup" => Some(self.setup.name().to_string()),
            "pawns" => Some(parse::flag_text(self.pawns)),
            "repetition" => Some(parse::flag_text(self.repetition)),
            "move-limit" => Some(self.move_limit.to_string()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), OptionError> {
        setup::start_position(self)
            .map(|_| ())
            .map_err(OptionError::Inconsistent)
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.repetition.then_some(3)
    }

    fn move_limit(&self) -> Option<u32> {
        (self.move_limit > 0).then_some(self.move_limit)
    }
}
