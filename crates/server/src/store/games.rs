//! Games: summary rows, their events, seating and listing.

use super::caps::{Cap, CapError, CapLock};
use super::records::{convert_all, game_columns, EventRecord, GameRecord};
use super::writer::{self, Job};
use super::{
    AppendError, Backend, EventRow, GameFilter, GameRow, GameUpdate, NotificationRow, RatingUpdate,
    Store,
};
use sqlx::{Any, Database, Encode, Execute, Postgres, QueryBuilder, Type};
use tokio::sync::oneshot;

/// Seats a player in seat 0 or seat 1 of a waiting game and starts it.
const JOIN_SEAT: [&str; 2] = [
    "UPDATE games SET seat0 = $1, user0 = $2, status = 'live', version = 1, deadline = $4 WHERE id = $3 AND status = 'waiting' AND seat0 IS NULL AND version = 0",
    "UPDATE games SET seat1 = $1, user1 = $2, status = 'live', version = 1, deadline = $4 WHERE id = $3 AND status = 'waiting' AND seat1 IS NULL AND version = 0",
];

impl Store {
    /// Stores a new game, with its first event if it starts at once (the
    /// storage tests' way in; the server stores games within the caps).
    #[cfg(feature = "internals")]
    pub async fn insert_game(
        &self,
        game: &GameRow,
        first_event: Option<&EventRow>,
    ) -> Result<(), sqlx::Error> {
        let new = NewGame {
            game,
            first_event,
            seated_from: None,
            invitee: None,
        };
        match self.insert_game_capped(&new, &[]).await {
            Ok(()) => Ok(()),
            Err(CapError::Database(e)) => Err(e),
            Err(CapError::Full(_)) => Err(sqlx::Error::Protocol("no cap was given".into())),
        }
    }

    /// Stores a new game like [`Store::insert_game`], with the address its
    /// creator sat down from and the player it is for (a challenge by
    /// name), unless one of `caps` is full (checked under
    /// [`CapLock::Games`] in the same transaction).
    pub async fn insert_game_capped(
        &self,
        new: &NewGame<'_>,
        caps: &[Cap],
    ) -> Result<(), CapError> {
        let game = new.game;
        let mut tx = self.pool.begin().await?;
        if let Some(full) = Store::check_caps(&mut tx, &CapLock::Games, caps).await? {
            return Err(CapError::Full(full));
        }
        sqlx::query(concat!(
            "INSERT INTO games (",
            game_columns!(),
            ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)"
        ))
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(game.start_text.clone())
        .bind(&game.clock)
        .bind(&game.speed)
        .bind(i64::from(game.rated))
        .bind(&game.kind)
        .bind(&game.status)
        .bind(game.seats[0].clone())
        .bind(game.seats[1].clone())
        .bind(game.users[0].clone())
        .bind(game.users[1].clone())
        .bind(&game.creator)
        .bind(game.version)
        .bind(game.moves)
        .bind(game.result.clone())
        .bind(game.created_at)
        .bind(game.ended_at)
        .bind(game.to_move)
        .bind(game.moved_at)
        .bind(game.deadline)
        .execute(&mut *tx)
        .await?;
        if let Some((user, address)) = new.seated_from {
            insert_seat_address(&mut tx, &game.id, user, address).await?;
        }
        if let Some(invitee) = new.invitee {
            sqlx::query("INSERT INTO invitations (game_id, invitee) VALUES ($1, $2)")
                .bind(&game.id)
                .bind(invitee)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(event) = new.first_event {
            insert_event(&mut tx, &game.id, event).await?;
            self.notify_in(&mut tx, &game.id, event.version).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records that `user_id` plays `game_id` from `address` (kept once).
    pub async fn add_seat_address(
        &self,
        game_id: &str,
        user_id: &str,
        address: &str,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        insert_seat_address(&mut tx, game_id, user_id, address).await?;
        tx.commit().await
    }

    /// The live games a player of which is `user_id` or sat down or played
    /// from `address` (fair play: [`crate::fair_play`]), newest first, at
    /// most `limit`.
    pub async fn live_games_near(
        &self,
        user_id: &str,
        address: &str,
        limit: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT g.id FROM games g WHERE g.status = 'live' AND (g.user0 = $1 OR g.user1 = $1 \
             OR g.id IN (SELECT s.game_id FROM seat_addresses s WHERE s.address = $2)) \
             ORDER BY g.created_at DESC LIMIT $3",
        )
        .bind(user_id)
        .bind(address)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// On `PostgreSQL`, notifies the other server processes, from within
    /// `tx`, that game `id` reached `version` (delivered when it commits).
    async fn notify_in(
        &self,
        tx: &mut sqlx::Transaction<'_, Any>,
        id: &str,
        version: i64,
    ) -> Result<(), sqlx::Error> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        match writer::notice(&self.origin, id, version) {
            Some(notice) => writer::notify_all(tx, &[notice]).await,
            None => Ok(()),
        }
    }

    /// A game's summary row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let record: Option<GameRecord> = sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        record.map(GameRow::try_from).transpose()
    }

    /// A game's latest event version.
    pub async fn game_version(&self, id: &str) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A game's events, oldest first.
    pub async fn events(&self, id: &str) -> Result<Vec<EventRow>, sqlx::Error> {
        let records: Vec<EventRecord> = sqlx::query_as(
            "SELECT version, at, payload FROM game_events WHERE game_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(records.into_iter().map(EventRow::from).collect())
    }

    /// Game `id`'s snapshot: its version and state text, if it has one.
    pub async fn snapshot(&self, id: &str) -> Result<Option<(i64, String)>, sqlx::Error> {
        sqlx::query_as("SELECT version, state FROM game_snapshots WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A game's events after version `after`, oldest first.
    pub async fn events_after(&self, id: &str, after: i64) -> Result<Vec<EventRow>, sqlx::Error> {
        let records: Vec<EventRecord> = sqlx::query_as(
            "SELECT version, at, payload FROM game_events WHERE game_id = $1 AND version > $2 ORDER BY version",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        Ok(records.into_iter().map(EventRow::from).collect())
    }

    /// Stores game `id`'s snapshot `state` at `version` unless a newer one
    /// is stored (for games stored before snapshots, once replayed).
    pub async fn save_snapshot(
        &self,
        id: &str,
        version: i64,
        state: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        writer::save_snapshot(&mut conn, id, version, state).await
    }

    /// Stores `events` (at consecutive versions from the game's version +
    /// 1; at least one) with the summary changes (and snapshot) after the
    /// last, rating changes and the players' notifications (`told`), in one
    /// transaction, shared with other
    /// games' events stored at the same time (`writer`); returns once it is
    /// committed.
    pub async fn append_events(
        &self,
        game_id: &str,
        events: Vec<EventRow>,
        update: GameUpdate,
        ratings: Vec<RatingUpdate>,
        told: Vec<NotificationRow>,
    ) -> Result<(), AppendError> {
        if events.is_empty() {
            return Ok(());
        }
        let (reply, answer) = oneshot::channel();
        let job = Job {
            game_id: game_id.to_owned(),
            events,
            update,
            ratings,
            told,
            reply,
        };
        if !self.writer.send(job).await {
            return Err(AppendError::Db(sqlx::Error::PoolClosed));
        }
        answer
            .await
            .unwrap_or(Err(AppendError::Db(sqlx::Error::PoolClosed)))
    }

    /// Seats `joiner` in a waiting game and starts it with `started`
    /// (version 1), the side to move's time running out at `deadline` on a
    /// clock, unless one of `caps` is full (checked under
    /// [`CapLock::Games`] in the same transaction). `Ok(false)` if the game
    /// was not waiting or the seat was taken.
    pub async fn join_game(
        &self,
        game_id: &str,
        joiner: &Joiner<'_>,
        started: &EventRow,
        deadline: Option<i64>,
        caps: &[Cap],
    ) -> Result<bool, CapError> {
        let Joiner {
            seat,
            seat_json,
            user_id,
            address,
        } = *joiner;
        let mut tx = self.pool.begin().await?;
        if let Some(full) = Store::check_caps(&mut tx, &CapLock::Games, caps).await? {
            return Err(CapError::Full(full));
        }
        let changed = sqlx::query(JOIN_SEAT[usize::from(seat != 0)])
            .bind(seat_json)
            .bind(user_id)
            .bind(game_id)
            .bind(deadline)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if changed != 1 {
            return Ok(false);
        }
        if let Some(address) = address {
            insert_seat_address(&mut tx, game_id, user_id, address).await?;
        }
        insert_event(&mut tx, game_id, started).await?;
        self.notify_in(&mut tx, game_id, started.version).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes a waiting game created by `user_id`; `Ok(false)` if none.
    pub async fn cancel_waiting(&self, game_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
        let n =
            sqlx::query("DELETE FROM games WHERE id = $1 AND creator = $2 AND status = 'waiting'")
                .bind(game_id)
                .bind(user_id)
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(n == 1)
    }

    /// Games matching `filter`, newest first.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, sqlx::Error> {
        // sqlx 0.8 writes the placeholders of a query built for `Any` as
        // `?`, which PostgreSQL rejects (sqlx issue #3000). The same query
        // built for PostgreSQL has `$1, $2, ...`, which SQLite accepts too:
        // its text is run with the arguments of the `Any` build.
        let sql = list_query::<Postgres>(filter).into_sql();
        let mut any = list_query::<Any>(filter);
        let arguments = any
            .build()
            .take_arguments()
            .map_err(sqlx::Error::Encode)?
            .unwrap_or_default();
        let records: Vec<GameRecord> = QueryBuilder::<Any>::with_arguments(sql, arguments)
            .build_query_as()
            .fetch_all(&self.pool)
            .await?;
        convert_all(records)
    }

    /// Ids of every live game.
    pub async fn live_game_ids(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM games WHERE status = 'live'")
            .fetch_all(&self.pool)
            .await
    }

    /// Ids of the live untimed games whose last event happened before
    /// `cutoff` (`crate::game::expiry`).
    pub async fn quiet_untimed_games(&self, cutoff: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT g.id FROM games g WHERE g.status = 'live' AND g.speed = 'correspondence' \
             AND (SELECT e.at FROM game_events e WHERE e.game_id = g.id \
                  ORDER BY e.version DESC LIMIT 1) < $1",
        )
        .bind(cutoff)
        .fetch_all(&self.pool)
        .await
    }
}

/// The query of [`Store::list_games`] for the database `DB`.
fn list_query<'a, DB>(filter: &GameFilter) -> QueryBuilder<'a, DB>
where
    DB: Database,
    String: 'a + Encode<'a, DB> + Type<DB>,
    i64: 'a + Encode<'a, DB> + Type<DB>,
{
    let mut query = QueryBuilder::new(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE 1 = 1"
    ));
    if let Some(status) = &filter.status {
        query.push(" AND status = ").push_bind(status.clone());
    }
    if let Some(user) = &filter.user_id {
        query
            .push(" AND (user0 = ")
            .push_bind(user.clone())
            .push(" OR user1 = ")
            .push_bind(user.clone())
            .push(")");
    }
    if let Some(game) = &filter.game {
        query.push(" AND game = ").push_bind(game.clone());
    }
    if let Some(kind) = &filter.kind {
        query.push(" AND kind = ").push_bind(kind.clone());
    }
    query
        .push(" AND created_at < ")
        .push_bind(filter.before.unwrap_or(i64::MAX))
        .push(" ORDER BY created_at DESC LIMIT ")
        .push_bind(filter.limit);
    query
}

/// Who takes a seat of a waiting game ([`Store::join_game`]).
#[derive(Clone, Copy, Debug)]
pub struct Joiner<'a> {
    /// Seat 0 or 1.
    pub seat: usize,
    /// The seat, as stored.
    pub seat_json: &'a str,
    /// The joining user.
    pub user_id: &'a str,
    /// The address they sit down from.
    pub address: Option<&'a str>,
}

/// A new game as [`Store::insert_game_capped`] stores it.
#[derive(Clone, Copy, Debug)]
pub struct NewGame<'a> {
    /// Its row.
    pub game: &'a GameRow,
    /// Its first event, if it starts at once.
    pub first_event: Option<&'a EventRow>,
    /// The creator's user id and the address they sat down from.
    pub seated_from: Option<(&'a str, &'a str)>,
    /// The user it is for alone (a challenge by name).
    pub invitee: Option<&'a str>,
}

/// Records `user_id`'s address in `game_id` unless known.
async fn insert_seat_address(
    tx: &mut sqlx::Transaction<'_, Any>,
    game_id: &str,
    user_id: &str,
    address: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO seat_addresses (game_id, user_id, address) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, user_id, address) DO NOTHING",
    )
    .bind(game_id)
    .bind(user_id)
    .bind(address)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, Any>,
    game_id: &str,
    event: &EventRow,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO game_events (game_id, version, at, payload) VALUES ($1, $2, $3, $4)")
        .bind(game_id)
        .bind(event.version)
        .bind(event.at)
        .bind(&event.payload)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::list_query;
    use crate::store::records::game_columns;
    use crate::store::GameFilter;
    use sqlx::{Any, Arguments, Execute, Postgres};

    #[test]
    fn listing_binds_each_filter_once_in_order() {
        let filter = GameFilter {
            status: Some("live".into()),
            user_id: Some("u".into()),
            kind: Some("seek".into()),
            limit: 5,
            ..GameFilter::default()
        };
        assert_eq!(
            list_query::<Postgres>(&filter).sql(),
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE 1 = 1 AND status = $1 AND (user0 = $2 OR user1 = $3)",
                " AND kind = $4 AND created_at < $5 ORDER BY created_at DESC LIMIT $6"
            )
        );
        let mut any = list_query::<Any>(&filter);
        let arguments = any.build().take_arguments().expect("arguments");
        assert_eq!(arguments.map(|a| a.len()), Some(6));
    }
}
