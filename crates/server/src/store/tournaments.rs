//! Tournaments ([`crate::tournament`]): the tournaments, their players
//! (with a counter of pairings that makes a pairing a claim: two pairings
//! of one player can never both be stored), and which games are theirs.

use super::caps::{Cap, CapError, CapLock, Counted};
use super::Store;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    /// The creator, as the wire's user object (JSON).
    pub creator: String,
    /// The creator's id.
    pub creator_id: String,
    /// Game name.
    pub game: String,
    /// Complete options (a JSON object of strings).
    pub options: String,
    /// The clock control (JSON).
    pub clock: String,
    /// Its speed.
    pub speed: String,
    /// Start (epoch ms).
    pub starts_at: i64,
    /// End (epoch ms).
    pub ends_at: i64,
    /// Status as last stored (`upcoming`, `running`, `finishing`,
    /// `finished`).
    pub status: String,
    /// Creation time.
    pub created_at: i64,
}

/// A tournament's player as stored, with their rating in its game and
/// speed.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct EntrantRow {
    /// User id.
    pub user_id: String,
    /// The user as the wire's user object (JSON).
    pub user_view: String,
    /// `active` or `paused`.
    pub state: String,
    /// Games they were paired in.
    pub pairings: i64,
    /// When they joined.
    pub joined_at: i64,
    /// Their rating, if they have one.
    pub rating: Option<f64>,
}

/// A tournament game as stored, with how its game stands.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentGameRow {
    /// Game id.
    pub game_id: String,
    /// First side's user id.
    pub user0: String,
    /// Second side's user id.
    pub user1: String,
    /// When it was paired.
    pub created_at: i64,
    /// The game's status (`None`: the game is not stored, or not yet).
    pub status: Option<String>,
    /// The game's result (JSON), once finished.
    pub result: Option<String>,
    /// Plies played (`None`: the game is not stored).
    pub moves: Option<i64>,
}

/// A tournament with what its summary needs besides.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentListing {
    /// The tournament.
    #[sqlx(flatten)]
    pub tournament: TournamentRow,
    /// Its players.
    pub players: i64,
    /// Its games being played (or being created).
    pub live: i64,
}

/// One pairing to store: the game and its players with their pairing
/// counts as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingClaim<'a> {
    /// The tournament.
    pub tournament_id: &'a str,
    /// The new game's id.
    pub game_id: &'a str,
    /// The players, first side first.
    pub users: [&'a str; 2],
    /// Their `pairings` as read.
    pub pairings: [i64; 2],
    pub at: i64,
}

const TOURNAMENT_COLUMNS: &str = "id, name, creator, creator_id, game, options, clock, speed, \
     starts_at, ends_at, status, created_at";

impl Store {
    /// Stores a new tournament.
    /// Stores a new tournament unless one of `caps` is full (checked under
    /// [`CapLock::Tournaments`] in the same transaction).
    pub async fn insert_tournament(&self, t: &TournamentRow, caps: &[Cap]) -> Result<(), CapError> {
        let mut tx = self.pool.begin().await?;
        if let Some(full) = Store::check_caps(&mut tx, &CapLock::Tournaments, caps).await? {
            return Err(CapError::Full(full));
        }
        sqlx::query(&format!(
            "INSERT INTO tournaments ({TOURNAMENT_COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        ))
        .bind(&t.id)
        .bind(&t.name)
        .bind(&t.creator)
        .bind(&t.creator_id)
        .bind(&t.game)
        .bind(&t.options)
        .bind(&t.clock)
        .bind(&t.speed)
        .bind(t.starts_at)
        .bind(t.ends_at)
        .bind(&t.status)
        .bind(t.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A tournament.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
    }

    /// The tournaments not finished, soonest first (at most `limit`).
    pub async fn open_tournaments(&self, limit: i64) -> Result<Vec<TournamentRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status <> 'finished' \
             ORDER BY starts_at, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// The tournaments not finished, soonest first, or (`finished`) the
    /// latest finished, at most `limit`, with their players and live games
    /// counted (a game not stored counts as live if paired after
    /// `pending_after`): one query for a whole list.
    pub async fn tournament_listings(
        &self,
        finished: bool,
        limit: i64,
        pending_after: i64,
    ) -> Result<Vec<TournamentListing>, sqlx::Error> {
        let (which, order) = if finished {
            ("status = 'finished'", "ends_at DESC, id")
        } else {
            ("status <> 'finished'", "starts_at, id")
        };
        sqlx::query_as(&format!(
            "SELECT {TOURNAMENT_COLUMNS}, \
             (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players, \
             (SELECT COUNT(*) FROM tournament_games g LEFT JOIN games x ON x.id = g.game_id \
              WHERE g.tournament_id = t.id AND (x.status IN ('live', 'waiting') \
              OR (x.id IS NULL AND g.created_at > $2))) AS live \
             FROM tournaments t WHERE {which} ORDER BY {order} LIMIT $1"
        ))
        .bind(limit)
        .bind(pending_after)
        .fetch_all(&self.pool)
        .await
    }

    /// Stores a tournament's status.
    pub async fn set_tournament_status(&self, id: &str, status: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE tournaments SET status = $1 WHERE id = $2")
            .bind(status)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A tournament's players, with their ratings in `game` and `speed`,
    /// in the order they joined.
    pub async fn entrants(
        &self,
        tournament_id: &str,
        game: &str,
        speed: &str,
    ) -> Result<Vec<EntrantRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT p.user_id, p.user_view, p.state, p.pairings, p.joined_at, r.rating \
             FROM tournament_players p LEFT JOIN ratings r \
             ON r.user_id = p.user_id AND r.game = $2 AND r.speed = $3 \
             WHERE p.tournament_id = $1 ORDER BY p.joined_at, p.user_id",
        )
        .bind(tournament_id)
        .bind(game)
        .bind(speed)
        .fetch_all(&self.pool)
        .await
    }

    /// Adds a player (`user_view`: the wire's user object) to a tournament,
    /// or makes a paused one active again, if it has fewer than `cap`
    /// players (a returning player always may); `Ok(false)` if it is full.
    pub async fn join_tournament(
        &self,
        tournament_id: &str,
        user_id: &str,
        user_view: &str,
        cap: i64,
        at: i64,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let back = sqlx::query(
            "UPDATE tournament_players SET state = 'active' \
             WHERE tournament_id = $1 AND user_id = $2",
        )
        .bind(tournament_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if back == 0 {
            // Counted under the tournament's cap lock: joins at once, in any
            // process, are counted one after the other.
            let lock = CapLock::TournamentPlayers(tournament_id.to_owned());
            let cap = Cap::new(
                Counted::PlayersOf(tournament_id.to_owned()),
                usize::try_from(cap).unwrap_or(0),
            );
            if Store::check_caps(&mut tx, &lock, &[cap]).await?.is_some() {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO tournament_players \
                 (tournament_id, user_id, user_view, state, pairings, joined_at) \
                 VALUES ($1, $2, $3, 'active', 0, $4)",
            )
            .bind(tournament_id)
            .bind(user_id)
            .bind(user_view)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Pauses a tournament's player; `Ok(false)` if they are not in it.
    pub async fn pause_entrant(
        &self,
        tournament_id: &str,
        user_id: &str,
    ) -> Result<bool, sqlx::Error> {
        let n = sqlx::query(
            "UPDATE tournament_players SET state = 'paused' \
             WHERE tournament_id = $1 AND user_id = $2",
        )
        .bind(tournament_id)
        .bind(user_id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// A tournament's games in the order they were paired, with their
    /// games' status and result (none for a game not stored).
    pub async fn tournament_games(
        &self,
        tournament_id: &str,
    ) -> Result<Vec<TournamentGameRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT t.game_id, t.user0, t.user1, t.created_at, g.status, g.result, g.moves \
             FROM tournament_games t LEFT JOIN games g ON g.id = t.game_id \
             WHERE t.tournament_id = $1 ORDER BY t.created_at, t.game_id",
        )
        .bind(tournament_id)
        .fetch_all(&self.pool)
        .await
    }

    /// Stores a pairing: the tournament's game and both players' pairing
    /// counts, if neither count changed since it was read (no other
    /// pairing of either player was stored meanwhile, by this process or
    /// another); `Ok(false)` otherwise, storing nothing.
    pub async fn claim_pairing(&self, claim: &PairingClaim<'_>) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        for (user, pairings) in claim.users.iter().zip(claim.pairings) {
            let n = sqlx::query(
                "UPDATE tournament_players SET pairings = pairings + 1 \
                 WHERE tournament_id = $1 AND user_id = $2 AND pairings = $3",
            )
            .bind(claim.tournament_id)
            .bind(*user)
            .bind(pairings)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n != 1 {
                return Ok(false);
            }
        }
        sqlx::query(
            "INSERT INTO tournament_games (game_id, tournament_id, user0, user1, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(claim.game_id)
        .bind(claim.tournament_id)
        .bind(claim.users[0])
        .bind(claim.users[1])
        .bind(claim.at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The tournament (id and name) game `game_id` belongs to, if any.
    pub async fn tournament_of_game(
        &self,
        game_id: &str,
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT t.id, t.name FROM tournament_games g JOIN tournaments t \
             ON t.id = g.tournament_id WHERE g.game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await
    }
}
