//! A chat message as stored and sent ([`ChatLine`]); the rooms are
//! `lobby`, `players` and `spectators`.

use crate::user::UserView;
use serde::{Deserialize, Serialize};

/// One chat message, as stored and sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The message's id.
    pub id: String,
    /// Who wrote it.
    pub user: UserView,
    /// What it says (cleaned by the server).
    pub text: String,
    /// When (server time, ms).
    pub at: i64,
}
