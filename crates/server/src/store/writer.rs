//! The one writer of game events per database (group commit).
//!
//! [`Store::append_events`](super::Store::append_events) does not write
//! itself: it queues a [`Job`] for this task and awaits its own answer.
//! The task takes every job queued (up to [`MAX_BATCH`]), stores them all
//! in one transaction on its own connection — each job's event rows (a
//! move and the end it brings are one job), the game's summary row (only
//! `WHERE version = <the version before the job's first event>`), its snapshot
//! and its rating changes, and on `PostgreSQL` one `pg_notify` per stored
//! event — commits once, then answers each job. So many games' moves share
//! one commit (one `fsync`), and on `SQLite` the game events no longer
//! fight over the database's one write lock (reads go on the pool's other
//! connections, which WAL lets run during a write).
//!
//! A job whose version is stale (another writer stored it first) is a
//! [`AppendError::Conflict`] for that job only: its event is inserted
//! first with `ON CONFLICT DO NOTHING`, so a conflict has written nothing
//! (or the job's rows, deleted again at once), and the others in the batch go
//! on. If the batch fails for another reason (the database refused a
//! statement, the connection broke), it is rolled back and every job is
//! tried again alone, so one bad job fails only its own caller; an answer
//! is sent only after its transaction committed or failed. The jobs of a
//! batch are stored in the order of their games' ids, so that the writers
//! of several processes sharing one `PostgreSQL` database take the rows'
//! locks in one order (they deadlocked otherwise).

use super::notifications::save_notification;
use super::ratings::save_rating;
use super::{AppendError, Backend, EventRow, GameUpdate, NotificationRow, RatingUpdate};
use crate::store::notice::{Notice, CHANNEL};
use gamut_protocol::ids::GameId;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The most jobs stored in one transaction.
pub(super) const MAX_BATCH: usize = 2048;
/// Jobs waiting for the writer beyond which callers wait to queue theirs.
const QUEUE: usize = 16 * 1024;
/// `pg_notify` calls per statement.
const NOTIFY_CHUNK: usize = 64;

/// A game's events to store together, with what goes with them, and where
/// the answer goes.
pub(super) struct Job {
    /// The game.
    pub game_id: String,
    /// The events, at consecutive versions from the game's version + 1
    /// (at least one): a move and the end it brings are stored at once.
    pub events: Vec<EventRow>,
    /// The summary row's changes (and the snapshot).
    pub update: GameUpdate,
    /// Rating changes.
    pub ratings: Vec<RatingUpdate>,
    /// Notifications to the players (stored with the events).
    pub told: Vec<NotificationRow>,
    /// The answer.
    pub reply: oneshot::Sender<Result<(), AppendError>>,
}

/// The writer's handle: where jobs are queued.
#[derive(Clone, Debug)]
pub(super) struct Writer {
    queue: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer of `pool`; `origin` names this process in the
    /// notifications it sends (`PostgreSQL`). The task ends when every
    /// handle is dropped.
    pub(super) fn start(pool: AnyPool, backend: Backend, origin: Arc<str>) -> Writer {
        let (queue, jobs) = mpsc::channel(QUEUE);
        tokio::spawn(run(pool, backend, origin, jobs));
        Writer { queue }
    }

    /// Queues `job`; `false` if the writer is gone.
    pub(super) async fn send(&self, job: Job) -> bool {
        self.queue.send(job).await.is_ok()
    }
}

/// The writer's loop.
async fn run(pool: AnyPool, backend: Backend, origin: Arc<str>, mut jobs: mpsc::Receiver<Job>) {
    let mut conn: Option<PoolConnection<Any>> = None;
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while jobs.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match pool.acquire().await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    let message = e.to_string();
                    for job in batch.drain(..) {
                        let _ = job
                            .reply
                            .send(Err(AppendError::Db(sqlx::Error::Protocol(message.clone()))));
                    }
                    continue;
                }
            },
        };
        // Every writer (one per process) takes the rows' locks in the same
        // order, so two processes' batches cannot deadlock on PostgreSQL.
        batch.sort_by(|a, b| (&a.game_id, a.first()).cmp(&(&b.game_id, b.first())));
        let jobs_ref: Vec<&Job> = batch.iter().collect();
        match store_batch(c, backend, &origin, &jobs_ref).await {
            Ok(outcomes) => {
                for (job, outcome) in batch.drain(..).zip(outcomes) {
                    let _ = job.reply.send(outcome);
                }
            }
            Err(e) if batch.len() == 1 => {
                conn = None;
                if let Some(job) = batch.pop() {
                    let _ = job.reply.send(Err(AppendError::Db(e)));
                }
            }
            Err(e) => {
                tracing::warn!(
                    "storing {} events at once failed ({e}); storing each alone",
                    batch.len()
                );
                conn = None;
                for job in batch.drain(..) {
                    let outcome = match alone(&pool, backend, &origin, &job).await {
                        Ok(outcome) => outcome,
                        Err(e) => Err(AppendError::Db(e)),
                    };
                    let _ = job.reply.send(outcome);
                }
            }
        }
    }
}

/// Stores `job` in a transaction of its own, on a fresh connection.
async fn alone(
    pool: &AnyPool,
    backend: Backend,
    origin: &str,
    job: &Job,
) -> Result<Result<(), AppendError>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let mut outcomes = store_batch(&mut conn, backend, origin, &[job]).await?;
    Ok(outcomes.pop().unwrap_or(Err(AppendError::Conflict)))
}

/// Stores `jobs` in one transaction: each job's outcome (stored or a
/// conflict), or the error that rolled it all back.
async fn store_batch(
    conn: &mut AnyConnection,
    backend: Backend,
    origin: &str,
    jobs: &[&Job],
) -> Result<Vec<Result<(), AppendError>>, sqlx::Error> {
    let mut tx = conn.begin().await?;
    let mut outcomes = Vec::with_capacity(jobs.len());
    let mut notices = Vec::new();
    for job in jobs {
        let stored = store_one(&mut tx, job).await?;
        if stored && backend == Backend::Postgres {
            if let Some(notice) = notice(origin, &job.game_id, job.last()) {
                notices.push(notice);
            }
        }
        outcomes.push(if stored {
            Ok(())
        } else {
            Err(AppendError::Conflict)
        });
    }
    notify_all(&mut tx, &notices).await?;
    tx.commit().await?;
    Ok(outcomes)
}

/// Stores one job in `tx`; `false` on a stale version (nothing written).
async fn store_one(tx: &mut sqlx::Transaction<'_, Any>, job: &Job) -> Result<bool, sqlx::Error> {
    let (id, update) = (&job.game_id, &job.update);
    let (first, last) = (job.first(), job.last());
    // When the job's last event happened (a move's time, a rating's).
    let at = job.events.last().map_or(0, |e| e.at);
    for event in &job.events {
        let inserted = sqlx::query(
            "INSERT INTO game_events (game_id, version, at, payload) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, version) DO NOTHING",
        )
        .bind(id)
        .bind(event.version)
        .bind(event.at)
        .bind(&event.payload)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if inserted != 1 {
            undo(tx, id, first, event.version - 1).await?;
            return Ok(false);
        }
    }
    // The status only when it changed: naming it rewrites its indexes.
    let (status_set, status) = match &update.status {
        Some(status) => ("status = $10, ", Some(status)),
        None => ("", None),
    };
    let sql = format!(
        "UPDATE games SET {status_set}version = $1, moves = $2, result = $3, ended_at = $4, \
         to_move = $5, moved_at = CASE WHEN moves <> $2 THEN $6 ELSE moved_at END, \
         deadline = $7 WHERE id = $8 AND version = $9"
    );
    let mut query = sqlx::query(&sql)
        .bind(last)
        .bind(update.moves)
        .bind(update.result.clone())
        .bind(update.ended_at)
        .bind(update.to_move)
        .bind(at)
        .bind(update.deadline)
        .bind(id)
        .bind(first - 1);
    if let Some(status) = status {
        query = query.bind(status);
    }
    let changed = query.execute(&mut **tx).await?.rows_affected();
    if changed != 1 {
        // The summary row is not at the version before (or is gone).
        undo(tx, id, first, last).await?;
        return Ok(false);
    }
    if let Some(snapshot) = &update.snapshot {
        save_snapshot(tx, id, last, snapshot).await?;
    }
    for r in &job.ratings {
        save_rating(tx, r, at).await?;
    }
    for n in &job.told {
        save_notification(tx, n).await?;
    }
    Ok(true)
}

/// Deletes the event rows `from..=to` of game `id` this job wrote.
async fn undo(
    tx: &mut sqlx::Transaction<'_, Any>,
    id: &str,
    from: i64,
    to: i64,
) -> Result<(), sqlx::Error> {
    if from <= to {
        sqlx::query(
            "DELETE FROM game_events WHERE game_id = $1 AND version >= $2 AND version <= $3",
        )
        .bind(id)
        .bind(from)
        .bind(to)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

impl Job {
    /// The version of its first event.
    fn first(&self) -> i64 {
        self.events.first().map_or(0, |e| e.version)
    }

    /// The version of its last event (the game's version once stored).
    fn last(&self) -> i64 {
        self.events.last().map_or(0, |e| e.version)
    }
}

/// Replaces game `id`'s snapshot with `state` at `version` if that is
/// newer than the one stored.
pub(super) async fn save_snapshot(
    conn: &mut AnyConnection,
    id: &str,
    version: i64,
    state: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO game_snapshots (game_id, version, state) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state \
         WHERE game_snapshots.version < excluded.version",
    )
    .bind(id)
    .bind(version)
    .bind(state)
    .execute(conn)
    .await?;
    Ok(())
}

/// The notification that game `game_id` reached `version`, sent by
/// `origin`.
pub(super) fn notice(origin: &str, game_id: &str, version: i64) -> Option<String> {
    let game = GameId::parse(game_id).ok()?;
    Some(
        Notice::Game {
            from: origin.to_owned(),
            game,
            version,
        }
        .encode(),
    )
}

/// Sends `notices` on [`CHANNEL`] from within the transaction `conn` is in
/// (`PostgreSQL` delivers them exactly when, and only if, it commits).
pub(super) async fn notify_all(
    conn: &mut AnyConnection,
    notices: &[String],
) -> Result<(), sqlx::Error> {
    for chunk in notices.chunks(NOTIFY_CHUNK) {
        let calls: Vec<String> = (0..chunk.len())
            .map(|i| format!("pg_notify($1, ${})", i + 2))
            .collect();
        let sql = format!("SELECT {}", calls.join(", "));
        let mut query = sqlx::query(&sql).bind(CHANNEL);
        for payload in chunk {
            query = query.bind(payload);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}
