//! Rows as the queries return them, decoded by column name
//! (`#[derive(FromRow)]`), and their conversion into the store's public
//! types. What the schema cannot enforce (flags are 0 or 1) is checked here,
//! so bad contents give a [`sqlx::Error::ColumnDecode`] naming the column.

use super::{
    BotRow, ChatRow, EventRow, GameResults, GameRow, NotificationRow, RatingPoint, RatingRow,
    UserRow,
};

/// The columns of `games`, in the order of [`GameRecord`].
macro_rules! game_columns {
    () => {
        "id, game, options, start_text, clock, speed, rated, kind, status, seat0, seat1, user0, user1, creator, version, moves, result, created_at, ended_at, to_move, moved_at, deadline"
    };
}
pub(super) use game_columns;

/// A 0/1 column as a `bool`; anything else is an error naming `column`.
pub(super) fn flag(column: &str, value: i64) -> Result<bool, sqlx::Error> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(sqlx::Error::ColumnDecode {
            index: format!("{column:?}"),
            source: format!("expected 0 or 1, found {other}").into(),
        }),
    }
}

/// `id, name, guest, bot` of `users`.
#[derive(sqlx::FromRow)]
pub(super) struct UserRecord {
    id: String,
    name: String,
    guest: i64,
    bot: i64,
}

impl TryFrom<UserRecord> for UserRow {
    type Error = sqlx::Error;

    fn try_from(r: UserRecord) -> Result<UserRow, sqlx::Error> {
        Ok(UserRow {
            id: r.id,
            name: r.name,
            guest: flag("guest", r.guest)?,
            bot: flag("bot", r.bot)?,
        })
    }
}

/// A bot with when it was made.
#[derive(sqlx::FromRow)]
pub(super) struct BotRecord {
    #[sqlx(flatten)]
    user: UserRecord,
    created_at: i64,
}

impl TryFrom<BotRecord> for BotRow {
    type Error = sqlx::Error;

    fn try_from(r: BotRecord) -> Result<BotRow, sqlx::Error> {
        Ok(BotRow {
            user: r.user.try_into()?,
            created_at: r.created_at,
        })
    }
}

/// A chat message with its writer.
#[derive(sqlx::FromRow)]
pub(super) struct ChatRecord {
    chat_id: String,
    at: i64,
    text: String,
    #[sqlx(flatten)]
    user: UserRecord,
}

impl TryFrom<ChatRecord> for ChatRow {
    type Error = sqlx::Error;

    fn try_from(r: ChatRecord) -> Result<ChatRow, sqlx::Error> {
        Ok(ChatRow {
            id: r.chat_id,
            user: r.user.try_into()?,
            at: r.at,
            text: r.text,
        })
    }
}

/// A notification with the user who caused it (if any).
#[derive(sqlx::FromRow)]
pub(super) struct NotificationRecord {
    notification_id: String,
    user_id: String,
    kind: String,
    game_id: Option<String>,
    after_game: Option<String>,
    deadline: Option<i64>,
    at: i64,
    seen: i64,
    from_id: Option<String>,
    from_name: Option<String>,
    from_guest: Option<i64>,
    from_bot: Option<i64>,
}

impl TryFrom<NotificationRecord> for NotificationRow {
    type Error = sqlx::Error;

    fn try_from(r: NotificationRecord) -> Result<NotificationRow, sqlx::Error> {
        let from = match (r.from_id, r.from_name, r.from_guest, r.from_bot) {
            (Some(id), Some(name), Some(guest), Some(bot)) => Some(UserRow {
                id,
                name,
                guest: flag("from_guest", guest)?,
                bot: flag("from_bot", bot)?,
            }),
            _ => None,
        };
        Ok(NotificationRow {
            id: r.notification_id,
            user_id: r.user_id,
            kind: r.kind,
            game_id: r.game_id,
            after_game: r.after_game,
            deadline: r.deadline,
            from,
            at: r.at,
            seen: flag("seen", r.seen)?,
        })
    }
}

/// A user with their password hash.
#[derive(sqlx::FromRow)]
pub(super) struct CredentialsRecord {
    #[sqlx(flatten)]
    pub user: UserRecord,
    pub password_hash: Option<String>,
}

/// A session's user and last use.
#[derive(sqlx::FromRow)]
pub(super) struct SessionRecord {
    #[sqlx(flatten)]
    pub user: UserRecord,
    pub last_used_at: i64,
}

/// Every column of `games` ([`game_columns`]).
#[derive(sqlx::FromRow)]
pub(super) struct GameRecord {
    id: String,
    game: String,
    options: String,
    start_text: Option<String>,
    clock: String,
    speed: String,
    rated: i64,
    kind: String,
    status: String,
    seat0: Option<String>,
    seat1: Option<String>,
    user0: Option<String>,
    user1: Option<String>,
    creator: String,
    version: i64,
    moves: i64,
    result: Option<String>,
    created_at: i64,
    ended_at: Option<i64>,
    to_move: Option<i64>,
    moved_at: Option<i64>,
    deadline: Option<i64>,
}

impl TryFrom<GameRecord> for GameRow {
    type Error = sqlx::Error;

    fn try_from(r: GameRecord) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.id,
            game: r.game,
            options: r.options,
            start_text: r.start_text,
            clock: r.clock,
            speed: r.speed,
            rated: flag("rated", r.rated)?,
            kind: r.kind,
            status: r.status,
            seats: [r.seat0, r.seat1],
            users: [r.user0, r.user1],
            creator: r.creator,
            version: r.version,
            moves: r.moves,
            result: r.result,
            created_at: r.created_at,
            ended_at: r.ended_at,
            to_move: r.to_move,
            moved_at: r.moved_at,
            deadline: r.deadline,
        })
    }
}

/// `version, at, payload` of `game_events`.
#[derive(sqlx::FromRow)]
pub(super) struct EventRecord {
    version: i64,
    at: i64,
    payload: String,
}

impl From<EventRecord> for EventRow {
    fn from(r: EventRecord) -> EventRow {
        EventRow {
            version: r.version,
            at: r.at,
            payload: r.payload,
        }
    }
}

/// `rating, deviation, volatility, games` of `ratings`.
#[derive(sqlx::FromRow)]
pub(super) struct RatingRecord {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
}

impl From<RatingRecord> for RatingRow {
    fn from(r: RatingRecord) -> RatingRow {
        RatingRow {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: r.games,
        }
    }
}

/// A rating of a user with the game and speed it is for.
#[derive(sqlx::FromRow)]
pub(super) struct GameRatingRecord {
    pub game: String,
    pub speed: String,
    #[sqlx(flatten)]
    pub rating: RatingRecord,
}

/// A rating on a leaderboard: whose (by name) and the speed it is for.
#[derive(sqlx::FromRow)]
pub(super) struct LeaderRecord {
    pub name: String,
    pub bot: i64,
    pub speed: String,
    #[sqlx(flatten)]
    pub rating: RatingRecord,
}

/// Converts every record, stopping at the first bad one.
pub(super) fn convert_all<R, T>(records: Vec<R>) -> Result<Vec<T>, sqlx::Error>
where
    T: TryFrom<R, Error = sqlx::Error>,
{
    records.into_iter().map(T::try_from).collect()
}

#[cfg(test)]
mod tests {
    use super::flag;

    #[test]
    fn flags_are_zero_or_one() {
        assert!(!flag("guest", 0).expect("0"));
        assert!(flag("guest", 1).expect("1"));
        let error = flag("guest", 7).expect_err("7").to_string();
        assert!(
            error.contains("guest") && error.contains("found 7"),
            "{error}"
        );
    }
}

/// `speed, rating, deviation, at` of `rating_history`.
#[derive(sqlx::FromRow)]
pub(super) struct RatingPointRecord {
    speed: String,
    rating: f64,
    deviation: f64,
    at: i64,
}

impl From<RatingPointRecord> for RatingPoint {
    fn from(r: RatingPointRecord) -> RatingPoint {
        RatingPoint {
            speed: r.speed,
            rating: r.rating,
            deviation: r.deviation,
            at: r.at,
        }
    }
}

/// `game, wins, draws, losses` counted from `games`.
#[derive(sqlx::FromRow)]
pub(super) struct GameResultsRecord {
    game: String,
    wins: i64,
    draws: i64,
    losses: i64,
}

impl From<GameResultsRecord> for GameResults {
    fn from(r: GameResultsRecord) -> GameResults {
        GameResults {
            game: r.game,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        }
    }
}
