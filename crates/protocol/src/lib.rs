//! Gamut's wire protocol: the types that cross between the server and its
//! clients (the web client, `gamut bot`, the load generator, tests), with
//! serde and nothing else, so a client depends on this crate and not on
//! the server. It holds the refusals so far ([`ErrorBody`], [`ErrorCode`]);
//! the messages and views move here next (issue 22).

pub mod error;

pub use error::{ErrorBody, ErrorCode};
