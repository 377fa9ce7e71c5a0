//! Caps counted in the store, where every server process sharing the
//! database sees them (issue 21): a transaction that creates something a
//! visitor may make the server hold (a game, a bot, a tournament, a
//! tournament seat) first takes the cap's row in `cap_locks`, then counts,
//! then inserts, then commits. Transactions checking one cap therefore run
//! one after the other in every process (a row lock on `PostgreSQL`, whose
//! next statements see what the one before committed under READ COMMITTED;
//! the database's write lock on `SQLite`), so requests sent at once, to one
//! process or to several, cannot all pass the count before any is stored.

use super::Store;
use sqlx::{Any, Transaction};

/// The lock a group of caps is checked under (a row of `cap_locks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CapLock {
    /// Games: open games per person, per address, in all; challenges per
    /// invitee.
    Games,
    /// Bot accounts.
    Bots,
    /// Tournaments' creation.
    Tournaments,
    /// The players of one tournament.
    TournamentPlayers(String),
}

impl CapLock {
    fn key(&self) -> String {
        match self {
            CapLock::Games => "games".to_owned(),
            CapLock::Bots => "bots".to_owned(),
            CapLock::Tournaments => "tournaments".to_owned(),
            CapLock::TournamentPlayers(id) => format!("tournament-players:{id}"),
        }
    }
}

/// What a cap counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Waiting or live games the user is seated in (a creator sits in
    /// their game from the start).
    OpenGamesOf(String),
    /// Waiting or live games a player sat down in from the address.
    OpenGamesFrom(String),
    /// Waiting or live games in the whole server.
    OpenGames,
    /// Open seeks the user created.
    SeeksOf(String),
    /// Live games against the computer the user plays.
    ComputerGamesOf(String),
    /// Live games against the computer played from the address.
    ComputerGamesFrom(String),
    /// Challenges by name waiting for the user.
    ChallengesTo(String),
    /// Bots the owner made since the time (epoch ms), revoked ones too.
    BotsMadeBy(String, i64),
    /// Bots the owner has and has not revoked.
    LiveBotsOf(String),
    /// Bots made from the address since the time.
    BotsMadeFrom(String, i64),
    /// Bots made in the whole server since the time.
    BotsMade(i64),
    /// Tournaments not finished that the user created.
    OpenTournamentsOf(String),
    /// Tournaments not finished.
    OpenTournaments,
    /// Players of the tournament.
    PlayersOf(String),
}

/// A cap: at most `most` of `counted` (an insert is refused once the count
/// has reached it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cap {
    /// What is counted.
    pub counted: Counted,
    /// The most allowed.
    pub most: usize,
}

impl Cap {
    /// At most `most` of `counted`.
    pub fn new(counted: Counted, most: usize) -> Cap {
        Cap { counted, most }
    }
}

/// Open games: waiting for a player or being played.
const OPEN: &str = "g.status IN ('waiting', 'live')";
/// Live games against the computer.
const LIVE_COMPUTER: &str = "g.status = 'live' AND g.kind = 'computer'";
/// A user's games are counted as two index searches, seat 0's and seat
/// 1's (`UNION ALL`; `games_user0_status`, `games_user1_status`), each
/// game once: an `OR` of the seats made `SQLite` read every open game.
const NOT_SEAT0: &str = "AND (g.user0 IS NULL OR g.user0 <> $1)";

/// Counts `counted` within `tx`, up to `most`: the rows are read only
/// until the cap is reached, so checking a cap costs at most `most` rows
/// however many there are (many players behind one address, a full
/// server).
async fn count(
    tx: &mut Transaction<'static, Any>,
    counted: &Counted,
    most: i64,
) -> Result<i64, sqlx::Error> {
    let (sql, text, number): (String, Option<&str>, Option<i64>) = match counted {
        Counted::OpenGamesOf(user) => (
            format!(
                "SELECT 1 FROM games g WHERE g.user0 = $1 AND {OPEN} \
                 UNION ALL SELECT 1 FROM games g WHERE g.user1 = $1 AND {OPEN} {NOT_SEAT0}"
            ),
            Some(user),
            None,
        ),
        Counted::OpenGamesFrom(address) => (
            format!(
                "SELECT DISTINCT s.game_id FROM seat_addresses s JOIN games g ON g.id = s.game_id \
                 WHERE s.address = $1 AND {OPEN}"
            ),
            Some(address),
            None,
        ),
        Counted::OpenGames => (format!("SELECT 1 FROM games g WHERE {OPEN}"), None, None),
        Counted::SeeksOf(user) => (
            "SELECT 1 FROM games g WHERE g.status = 'waiting' AND g.kind = 'seek' AND g.creator = $1"
                .to_owned(),
            Some(user),
            None,
        ),
        Counted::ComputerGamesOf(user) => (
            format!(
                "SELECT 1 FROM games g WHERE g.user0 = $1 AND {LIVE_COMPUTER} \
                 UNION ALL SELECT 1 FROM games g WHERE g.user1 = $1 AND {LIVE_COMPUTER} {NOT_SEAT0}"
            ),
            Some(user),
            None,
        ),
        Counted::ComputerGamesFrom(address) => (
            "SELECT DISTINCT s.game_id FROM seat_addresses s JOIN games g ON g.id = s.game_id \
             WHERE s.address = $1 AND g.status = 'live' AND g.kind = 'computer'"
                .to_owned(),
            Some(address),
            None,
        ),
        Counted::ChallengesTo(user) => (
            "SELECT 1 FROM invitations i JOIN games g ON g.id = i.game_id \
             WHERE i.invitee = $1 AND g.status = 'waiting'"
                .to_owned(),
            Some(user),
            None,
        ),
        Counted::BotsMadeBy(owner, since) => (
            "SELECT 1 FROM bots WHERE owner_id = $1 AND created_at >= $2".to_owned(),
            Some(owner),
            Some(*since),
        ),
        Counted::LiveBotsOf(owner) => (
            "SELECT 1 FROM bots WHERE owner_id = $1 AND revoked_at IS NULL".to_owned(),
            Some(owner),
            None,
        ),
        Counted::BotsMadeFrom(address, since) => (
            "SELECT 1 FROM bots WHERE created_from = $1 AND created_at >= $2".to_owned(),
            Some(address),
            Some(*since),
        ),
        Counted::BotsMade(since) => (
            "SELECT 1 FROM bots WHERE created_at >= $1".to_owned(),
            None,
            Some(*since),
        ),
        Counted::OpenTournamentsOf(user) => (
            "SELECT 1 FROM tournaments WHERE status <> 'finished' AND creator_id = $1"
                .to_owned(),
            Some(user),
            None,
        ),
        Counted::OpenTournaments => (
            "SELECT 1 FROM tournaments WHERE status <> 'finished'".to_owned(),
            None,
            None,
        ),
        Counted::PlayersOf(id) => (
            "SELECT 1 FROM tournament_players WHERE tournament_id = $1".to_owned(),
            Some(id),
            None,
        ),
    };
    // The next parameter after the query's own.
    let limit = 1 + usize::from(text.is_some()) + usize::from(number.is_some());
    let sql = format!("SELECT COUNT(*) FROM ({sql} LIMIT ${limit}) AS counted");
    let mut query = sqlx::query_scalar::<_, i64>(&sql);
    if let Some(text) = text {
        query = query.bind(text.to_owned());
    }
    if let Some(number) = number {
        query = query.bind(number);
    }
    query.bind(most).fetch_one(&mut **tx).await
}

impl Store {
    /// Takes `lock` in `tx` (held until the transaction ends) and checks
    /// `caps` in order: the index of the first that is full, if any.
    pub(super) async fn check_caps(
        tx: &mut Transaction<'static, Any>,
        lock: &CapLock,
        caps: &[Cap],
    ) -> Result<Option<usize>, sqlx::Error> {
        if caps.is_empty() {
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO cap_locks (cap, taken) VALUES ($1, 1) \
             ON CONFLICT (cap) DO UPDATE SET taken = cap_locks.taken + 1",
        )
        .bind(lock.key())
        .execute(&mut **tx)
        .await?;
        for (i, cap) in caps.iter().enumerate() {
            let most = i64::try_from(cap.most).unwrap_or(i64::MAX);
            if count(tx, &cap.counted, most).await? >= most {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }
}

/// A capped insert's failure: a cap was full (its index in the caps
/// given), or the database failed.
#[derive(Debug, thiserror::Error)]
pub enum CapError {
    /// The cap at this index of the list was full; nothing was stored.
    #[error("cap {0} is full")]
    Full(usize),
    /// The database failed.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
