//! Live games: what a game is made of ([`meta`], [`status`]), the events
//! that change it ([`event`]), its state rebuilt from them ([`state`]) and
//! what clients see of it ([`view`]); the game's rules as small pure
//! modules — moves and hidden placements ([`mover`], with the hidden phase
//! of Chess Football in [`hidden`]), draw offers ([`drawer`]), takebacks
//! ([`takebacker`]), premoves ([`premover`]), aborting ([`aborter`]),
//! ending a game with its ratings ([`finisher`]) and abandoned untimed
//! games ([`expiry`]); the
//! task that owns each live game and calls them ([`actor`]) and the table
//! of running tasks ([`registry`]).

pub mod aborter;
pub mod actor;
pub mod drawer;
pub mod event;
pub mod expiry;
pub mod finisher;
pub mod hidden;
pub mod meta;
pub mod mover;
pub mod notices;
pub mod premover;
pub mod refusal;
pub mod registry;
pub mod snapshot;
pub mod state;
pub mod takebacker;

#[cfg(test)]
mod testing;
