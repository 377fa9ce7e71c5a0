//! Chat: rooms ([`ChatRoom`]: the lobby, each game's players, each game's
//! spectators), what a message may say ([`text::clean`]), and the message
//! as stored and sent ([`ChatLine`]).
//!
//! Messages are stored before they are delivered (a message acknowledged
//! to its writer survives a crash), delivered through the bus to every
//! socket of the room, and never rendered as HTML by the client. A user's
//! mutes hide the muted users' messages from that user only.

pub mod room;
pub mod text;

pub use room::ChatRoom;
