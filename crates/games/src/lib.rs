//! The catalogue of Gamut's games: the one list of games, for everything
//! that handles games by name (the command line, the engine protocol, the
//! server and, through `GET /api/catalogue`, the web client).
//!
//! The list is in `catalogue.rs`: one entry per game names its
//! [`GameKind`] variant, its engine type (a [`Game`] with an evaluation,
//! [`gamut_ai::Evaluate`]) and its [`Entry`] (web module, bench settings,
//! end reasons). [`CatalogueGame`] requires all of them, so a game missing
//! any does not compile.
//!
//! [`GameKind::dispatch`] calls a generic [`GameVisitor`] with the game's
//! engine type, so a driver is written once (generic over
//! [`CatalogueGame`]) and run for any game chosen at run time;
//! [`GameKind::new_match`] and [`GameKind::replay`] build text-driven
//! [`Match`] records that carry their engine ([`Match::search`],
//! [`Match::think`]).

mod catalogue;
mod entry;
mod playable;
mod solved;

pub use catalogue::GameKind;
pub use entry::{Bench, CatalogueGame, Entry, ReviewThresholds, RECORD_END_REASONS};
pub use playable::Match;
pub use solved::{SolvedFile, SolvedFileError};

use gamut_core::{
    EndReason, Game, GameOptions, GameRecord, MoveError, OptionError, OptionSpec, TextError,
};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A generic operation run for the game chosen at run time.
pub trait GameVisitor {
    /// What the operation returns.
    type Output;
    /// Run it for game `G`.
    fn visit<G: CatalogueGame>(self) -> Self::Output;
}

/// Errors building a game by name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// No game has that name.
    #[error("unknown game '{0}' (known: {known})", known = GameKind::names().join(", "))]
    UnknownGame(String),
    /// An option is unknown or has a bad value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A start position that could not be read.
    #[error(transparent)]
    Position(#[from] TextError),
    /// A move of a replayed game that is not legal.
    #[error("move {number} ({text}): {error}")]
    Move {
        /// 1-based index of the move.
        number: usize,
        /// The move as given.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

impl GameKind {
    /// The short names of every game.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|g| g.name()).collect()
    }

    /// The short name (`loa`).
    pub fn name(self) -> &'static str {
        struct V;
        impl GameVisitor for V {
            type Output = &'static str;
            fn visit<G: CatalogueGame>(self) -> &'static str {
                G::NAME
            }
        }
        self.dispatch(V)
    }

    /// The full name (`Lines of Action`).
    pub fn title(self) -> &'static str {
        struct V;
        impl GameVisitor for V {
            type Output = &'static str;
            fn visit<G: CatalogueGame>(self) -> &'static str {
                G::TITLE
            }
        }
        self.dispatch(V)
    }

    /// The game's catalogue entry.
    pub fn entry(self) -> Entry {
        struct V;
        impl GameVisitor for V {
            type Output = Entry;
            fn visit<G: CatalogueGame>(self) -> Entry {
                G::ENTRY
            }
        }
        self.dispatch(V)
    }

    /// The name of the game's web client module (`web/js/games/<name>.js`).
    pub fn web_module(self) -> &'static str {
        self.entry().web_module
    }

    /// How much a move may lose before a game review marks it
    /// ([`Entry::review`]).
    pub fn review_thresholds(self) -> ReviewThresholds {
        self.entry().review
    }

    /// Every way a game of this kind can end: its board rules' endings
    /// ([`Entry::end_reasons`]), then those of every game
    /// ([`RECORD_END_REASONS`]).
    pub fn end_reasons(self) -> Vec<EndReason> {
        let mut reasons = self.entry().end_reasons.to_vec();
        reasons.extend_from_slice(RECORD_END_REASONS);
        reasons
    }

    /// The fixed search of `gamut bench` from the standard start (default
    /// options), to the entry's depth ([`Entry::bench`]); deterministic.
    pub fn bench_search(self) -> gamut_ai::SearchReport {
        struct V;
        impl GameVisitor for V {
            type Output = gamut_ai::SearchReport;
            fn visit<G: CatalogueGame>(self) -> Self::Output {
                let record = GameRecord::<G>::new(G::Options::default());
                gamut_ai::bench_search(&record, G::ENTRY.bench.depth)
            }
        }
        self.dispatch(V)
    }

    /// The game's options, for user interfaces.
    pub fn option_specs(self) -> Vec<OptionSpec> {
        struct V;
        impl GameVisitor for V {
            type Output = Vec<OptionSpec>;
            fn visit<G: CatalogueGame>(self) -> Vec<OptionSpec> {
                G::Options::specs()
            }
        }
        self.dispatch(V)
    }

    /// Check options given as `(key, value)` pairs and return them complete
    /// (every option, defaults filled in).
    pub fn normalise_options(
        self,
        options: &[(String, String)],
    ) -> Result<Vec<(String, String)>, CatalogueError> {
        struct V<'a>(&'a [(String, String)]);
        impl GameVisitor for V<'_> {
            type Output = Result<Vec<(String, String)>, OptionError>;
            fn visit<G: CatalogueGame>(self) -> Self::Output {
                Ok(parse_options::<G>(self.0)?.to_pairs())
            }
        }
        Ok(self.dispatch(V(options))?)
    }

    /// A new game with these options, from the standard start or from a
    /// position text.
    pub fn new_match(
        self,
        options: &[(String, String)],
        start: Option<&str>,
    ) -> Result<Box<dyn Match>, CatalogueError> {
        struct V<'a>(&'a [(String, String)], Option<&'a str>);
        impl GameVisitor for V<'_> {
            type Output = Result<Box<dyn Match>, CatalogueError>;
            fn visit<G: CatalogueGame>(self) -> Self::Output {
                let options = parse_options::<G>(self.0)?;
                let record = match self.1 {
                    None => GameRecord::<G>::new(options),
                    Some(text) => {
                        let start = G::from_text(&options, text)?;
                        GameRecord::from_position(options, start)
                    }
                };
                Ok(Box::new(record))
            }
        }
        self.dispatch(V(options, start))
    }

    /// A game rebuilt from its options, start and moves (each checked).
    pub fn replay(
        self,
        options: &[(String, String)],
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn Match>, CatalogueError> {
        let mut m = self.new_match(options, start)?;
        for (i, text) in moves.iter().enumerate() {
            m.play(text).map_err(|error| CatalogueError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
        }
        Ok(m)
    }
}

/// Options of game `G` from `(key, value)` pairs over the defaults.
pub fn parse_options<G: Game>(pairs: &[(String, String)]) -> Result<G::Options, OptionError> {
    G::Options::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = CatalogueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_lowercase();
        Self::ALL
            .iter()
            .copied()
            .find(|g| g.name() == s)
            .ok_or(CatalogueError::UnknownGame(s))
    }
}
