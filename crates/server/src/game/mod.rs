//! Live games: what a game is made of ([`meta`]), the events that change it
//! ([`event`]), its state rebuilt from them ([`state`]), the hidden
//! simultaneous placement of Chess Football ([`hidden`]), the task that owns
//! each live game ([`actor`]) and the table of running tasks ([`registry`]).

pub mod actor;
pub mod event;
pub mod hidden;
pub mod meta;
pub mod registry;
pub mod state;
