//! What the HTTP endpoints answer (`docs/api.md`), one type per answer:
//! the server builds them and clients read answers back into them. The
//! game's own views (summary, state, events) are in [`crate::game`].

use crate::clock::Speed;
use crate::game::{GameSummary, ResultView};
use crate::user::UserView;
use gamut_ai::Level;
use gamut_core::{EndReason, OptionKind, OptionSpec, Player};
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `{"ok": true}`: health, sign-out, cancelling a seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OkView {
    /// Always true.
    pub ok: bool,
}

impl OkView {
    /// `{"ok": true}`.
    pub const OK: OkView = OkView { ok: true };
}

/// `GET /api/me`, `POST /api/guest`, `/api/signup`, `/api/signin`: the
/// signed-in user, or `null`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeView {
    /// The user.
    pub user: Option<UserView>,
}

/// `GET /api/lobby` (and the lobby WebSocket's message): open seeks and
/// games being played, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyView {
    /// Open seeks (`waiting`).
    pub seeks: Vec<GameSummary>,
    /// Games being played (`live`).
    pub live: Vec<GameSummary>,
}

/// `POST /api/games`: the new game and its page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatedView {
    /// The game.
    pub game: GameSummary,
    /// Its page (`/game/{id}`), to share a challenge.
    pub url: String,
}

/// `POST /api/games/{id}/join`: the game, now live.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JoinedView {
    /// The game.
    pub game: GameSummary,
}

/// `GET /api/games`, `GET /api/users/{name}/games`: game summaries, newest
/// first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesView {
    /// The games.
    pub games: Vec<GameSummary>,
}

/// The result of a replayed game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ReplayResult {
    /// The game's result (a stored game's, or the rules' for an imported
    /// record).
    Game(ResultView),
    /// What an imported record's headers say of a result the rules did not
    /// reach, when its `[Reason]` is not one of the rules' reasons: its
    /// `[Result]` text and `[Reason]` header as they are.
    Record(RecordedResult),
}

/// A result as an imported record states it, in words the rules do not
/// use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedResult {
    /// The winner its `[Result]` names (`1-0`, `0-1`), `null` otherwise.
    #[serde(default, with = "crate::wire::option_side")]
    pub winner: Option<Player>,
    /// The `[Reason]` header, if any.
    pub reason: Option<String>,
    /// The `[Result]` header.
    pub text: String,
}

/// `GET /api/games/{id}/replay` and `POST /api/import`: the start, every
/// move and the position after every ply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayView {
    /// Which game.
    pub game: GameKind,
    /// Complete options.
    pub options: BTreeMap<String, String>,
    /// The sides' names.
    pub sides: [String; 2],
    /// An imported record's headers (the last of a repeated one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<BTreeMap<String, String>>,
    /// The start position text.
    pub start: String,
    /// The moves.
    pub moves: Vec<String>,
    /// The position text after each ply.
    pub positions: Vec<String>,
    /// The result, if over.
    pub result: Option<ReplayResult>,
}

/// One rating of a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    /// Which game.
    pub game: GameKind,
    /// Which speed.
    pub speed: Speed,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// `GET /api/users/{name}`: the user, their ratings and results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProfileView {
    /// The user.
    pub user: UserView,
    /// When the account was created (epoch ms).
    pub member_since: i64,
    /// Their ratings, by game and speed.
    pub ratings: Vec<RatingView>,
    /// Their finished games' results per game (aborted games left out).
    pub results: Vec<ResultsView>,
}

/// A player's wins, draws and losses in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultsView {
    /// Which game.
    pub game: GameKind,
    /// Games won.
    pub wins: i64,
    /// Games drawn.
    pub draws: i64,
    /// Games lost.
    pub losses: i64,
}

/// One point of a rating history: the rating after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPointView {
    /// Which speed.
    pub speed: Speed,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When (the game's end, epoch ms).
    pub at: i64,
}

/// `GET /api/users/{name}/ratings`: a player's rating history in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingHistoryView {
    /// Which game.
    pub game: GameKind,
    /// Only this speed (`null`: every speed).
    pub speed: Option<Speed>,
    /// The newest points, oldest first.
    pub points: Vec<RatingPointView>,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderEntry {
    /// 1 for the best.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// A bot (`"bot": true`; left out for people).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// The speed of this rating.
    pub speed: Speed,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
}

/// `GET /api/leaderboard/{game}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardView {
    /// Which game.
    pub game: GameKind,
    /// The speed asked for (`null`: every speed, each player's best).
    pub speed: Option<Speed>,
    /// Best first.
    pub entries: Vec<LeaderEntry>,
}

/// What values an option takes, as the engines declare them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKindView {
    /// One of these words.
    Choice {
        /// The allowed values.
        choices: Vec<String>,
    },
    /// An integer in a range (inclusive).
    Integer {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// `on` or `off`.
    Flag,
    /// Free text.
    Text,
}

impl From<&OptionKind> for OptionKindView {
    fn from(kind: &OptionKind) -> Self {
        match kind {
            OptionKind::Choice { choices } => OptionKindView::Choice {
                choices: choices.iter().map(|&c| c.to_owned()).collect(),
            },
            OptionKind::Integer { min, max } => OptionKindView::Integer {
                min: *min,
                max: *max,
            },
            OptionKind::Flag => OptionKindView::Flag,
            OptionKind::Text => OptionKindView::Text,
        }
    }
}

/// One option of a game, to render the create form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionSpecView {
    /// The name used in `key=value`.
    pub key: String,
    /// What values it takes.
    pub kind: OptionKindView,
    /// The default value.
    pub default: String,
    /// One line for players.
    pub help: String,
}

impl From<&OptionSpec> for OptionSpecView {
    fn from(spec: &OptionSpec) -> Self {
        OptionSpecView {
            key: spec.key.to_owned(),
            kind: (&spec.kind).into(),
            default: spec.default.clone(),
            help: spec.help.to_owned(),
        }
    }
}

/// One game of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogueGameView {
    /// Its name.
    pub name: GameKind,
    /// Its full name.
    pub title: String,
    /// The sides' names, first and second.
    pub sides: Vec<String>,
    /// Its options.
    pub options: Vec<OptionSpecView>,
    /// The web client's module (`/js/games/<module>.js`).
    pub module: String,
    /// Every reason a game of this kind can end with (its rules' first).
    pub end_reasons: Vec<EndReason>,
}

/// `GET /api/catalogue`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogueView {
    /// The games, in catalogue order.
    pub games: Vec<CatalogueGameView>,
    /// The computer's levels, weakest first.
    #[serde(with = "crate::wire::texts")]
    pub levels: Vec<Level>,
    /// The speeds, fastest first.
    pub speeds: Vec<Speed>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_core::EndReason;
    use serde_json::json;

    #[test]
    fn replay_results_keep_a_record_s_own_words() {
        let game = json!({"winner": 1, "reason": "timeout", "text": "0-1"});
        let record = json!({"winner": null, "reason": "the cat sat on the board", "text": "1-0"});
        let no_reason = json!({"winner": null, "reason": null, "text": "1-0"});
        let read =
            |v: &serde_json::Value| serde_json::from_value::<ReplayResult>(v.clone()).unwrap();
        assert!(matches!(read(&game), ReplayResult::Game(r) if r.reason == EndReason::Timeout));
        assert!(matches!(read(&record), ReplayResult::Record(_)));
        for v in [game, record, no_reason] {
            assert_eq!(serde_json::to_value(read(&v)).unwrap(), v);
        }
    }
}

/// A chat room's last messages, oldest first (without those of users the
/// viewer muted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatView {
    /// `lobby`, `players` or `spectators`.
    pub room: String,
    /// The messages.
    pub lines: Vec<crate::chat::ChatLine>,
}

/// `GET /api/users?prefix=`: registered people whose names start so, by
/// name (at most [`UsersView::MAX`]; no guests, no bots).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsersView {
    /// Them.
    pub users: Vec<UserView>,
}

impl UsersView {
    /// The most names one answer suggests.
    pub const MAX: usize = 10;
}

/// The users the viewer mutes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MutesView {
    /// Them, by name.
    pub users: Vec<UserView>,
}

/// A user's last notifications, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotificationsView {
    /// Them.
    pub notifications: Vec<crate::notification::Notification>,
    /// How many of them are unseen.
    pub unseen: usize,
}

/// The rematch offered after a game, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchView {
    /// The waiting game that would be the rematch.
    pub game: Option<crate::ids::GameId>,
    /// Who offered it.
    pub by: Option<UserView>,
}
