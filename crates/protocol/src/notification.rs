//! What a user is told outside a game's page (`GET /api/notifications`,
//! pushed on `GET /api/me/ws`): a challenge or a rematch offered to them,
//! one of them declined, their turn in a correspondence game, a game's end.

use crate::ids::GameId;
use crate::user::UserView;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotificationKind {
    /// `from` challenges the user to `game` (join it, or decline).
    Challenge,
    /// `from` declined the user's challenge `game`.
    ChallengeDeclined,
    /// `from` offers a rematch: the waiting `game`.
    Rematch,
    /// `from` declined the user's rematch offer.
    RematchDeclined,
    /// The user's turn in the correspondence `game` (`from` moved; by
    /// days per move, `deadline` says when the user's time runs out).
    YourTurn,
    /// `game` ended.
    GameEnded,
}

impl NotificationKind {
    /// Every kind.
    pub const ALL: [NotificationKind; 6] = [
        NotificationKind::Challenge,
        NotificationKind::ChallengeDeclined,
        NotificationKind::Rematch,
        NotificationKind::RematchDeclined,
        NotificationKind::YourTurn,
        NotificationKind::GameEnded,
    ];

    /// The kind's name, as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::Challenge => "challenge",
            NotificationKind::ChallengeDeclined => "challenge-declined",
            NotificationKind::Rematch => "rematch",
            NotificationKind::RematchDeclined => "rematch-declined",
            NotificationKind::YourTurn => "your-turn",
            NotificationKind::GameEnded => "game-ended",
        }
    }
}

impl fmt::Display for NotificationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for NotificationKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        NotificationKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| format!("unknown notification kind '{s}'"))
    }
}

/// One notification, as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    /// Its id.
    pub id: String,
    /// What happened.
    pub kind: NotificationKind,
    /// The game it is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// Who caused it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<UserView>,
    /// For a rematch offer: the finished game it follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<GameId>,
    /// For a turn by days per move: when the user's time for it runs out
    /// (server time, ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<i64>,
    /// When (server time, ms).
    pub at: i64,
    /// Seen by the user already.
    pub seen: bool,
}

impl Notification {
    /// The same, following the finished game `game`.
    #[must_use]
    pub fn after(mut self, game: &GameId) -> Self {
        self.after = Some(game.clone());
        self
    }

    /// The same, with the user's time running out at `deadline`.
    #[must_use]
    pub fn until(mut self, deadline: Option<i64>) -> Self {
        self.deadline = deadline;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_by_name() {
        for kind in NotificationKind::ALL {
            assert_eq!(kind.as_str().parse(), Ok(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{kind}\""));
        }
        assert!("nope".parse::<NotificationKind>().is_err());
    }
}
