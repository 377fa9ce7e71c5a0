//! Bot accounts (`/api/bots`): creating one and listing one's own.

use crate::user::UserView;
use serde::{Deserialize, Serialize};

/// `POST /api/bots`: the new bot's name (a username).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewBot {
    /// The bot's name.
    pub name: String,
}

/// The answer to `POST /api/bots`: the bot and its token (shown this once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotCreatedView {
    /// The bot's user.
    pub bot: UserView,
    /// Its API token, for `Authorization: Bearer <token>`.
    pub token: String,
}

/// One of the owner's bots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotView {
    /// The bot's user.
    pub user: UserView,
    /// When it was made (epoch ms).
    pub created_at: i64,
}

/// `GET /api/bots`: the caller's bots, oldest first, and how many they may
/// have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotsView {
    /// The bots.
    pub bots: Vec<BotView>,
    /// The most bots one person may have.
    pub limit: usize,
}
