//! Schema migrations: the files of `crates/server/migrations/`
//! (`NNNN_description.sql`), embedded at compile time and applied by sqlx's
//! [`Migrator`], which records them in `_sqlx_migrations` with a checksum of
//! each file. An applied migration must therefore never be edited: add a new
//! file instead (an edited one makes start-up fail with a clear error).
//!
//! On `PostgreSQL` the migrator holds an advisory lock (one per database) while
//! it works, so processes starting at once on a fresh database migrate it one
//! after the other. `SQLite` needs no lock: one process owns its data
//! directory.
//!
//! Databases migrated before sqlx did it record their migrations in
//! `gamut_migrations (version, applied_at)`. Those versions are copied into
//! `_sqlx_migrations` (under the same lock, with the checksums of the files,
//! which have not changed since) before the migrator runs, so such a database
//! is recognised at its version and nothing is applied twice. The old table
//! is left as it was.

use super::Backend;
use anyhow::Context;
use sqlx::migrate::{Migrate, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};

/// The migrations, from `crates/server/migrations/`.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// The table in which Gamut recorded its migrations before using sqlx's.
const LEGACY_TABLE: &str = "gamut_migrations";

/// Brings the database of `pool` up to date.
pub(super) async fn run(pool: &AnyPool, backend: Backend) -> anyhow::Result<()> {
    let mut conn = pool.acquire().await.context("connecting")?;
    match migrate(&mut conn, backend).await {
        Ok(()) => Ok(()),
        Err(e) => {
            // A failed migration may leave the advisory lock taken on this
            // connection; closing it releases the lock for other processes.
            let _ = conn.close().await;
            Err(e)
        }
    }
}

async fn migrate(conn: &mut PoolConnection<Any>, backend: Backend) -> anyhow::Result<()> {
    let conn: &mut AnyConnection = conn;
    // The migrator takes this lock again (PostgreSQL advisory locks nest
    // within a session) and releases it once when done; holding it from here
    // on puts the bridging of the old bookkeeping under it too.
    conn.lock().await.context("taking the migration lock")?;
    bridge_legacy(conn, backend).await?;
    MIGRATOR.run(&mut *conn).await?;
    conn.unlock()
        .await
        .context("releasing the migration lock")?;
    Ok(())
}

/// Copies the versions recorded in [`LEGACY_TABLE`], if it exists, into
/// `_sqlx_migrations` (those already there are kept).
async fn bridge_legacy(conn: &mut AnyConnection, backend: Backend) -> anyhow::Result<()> {
    let exists_sql = match backend {
        Backend::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = $1",
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1"
        }
    };
    let exists: i64 = sqlx::query_scalar(exists_sql)
        .bind(LEGACY_TABLE)
        .fetch_one(&mut *conn)
        .await
        .context("looking for the old migrations table")?;
    if exists == 0 {
        return Ok(());
    }
    let versions: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM gamut_migrations ORDER BY version")
            .fetch_all(&mut *conn)
            .await
            .context("reading the old migrations table")?;
    conn.ensure_migrations_table().await?;
    let mut tx = conn.begin().await?;
    for version in versions {
        let migration = MIGRATOR
            .iter()
            .find(|m| m.version == version && !m.migration_type.is_down_migration())
            .with_context(|| {
                format!(
                    "{LEGACY_TABLE} records migration {version}, which this version of Gamut \
                     does not have (was the database migrated by a newer one?)"
                )
            })?;
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (version) DO NOTHING",
        )
        .bind(version)
        .bind(migration.description.to_string())
        .bind(true)
        .bind(migration.checksum.to_vec())
        .bind(0_i64)
        .execute(&mut *tx)
        .await
        .with_context(|| format!("recording old migration {version}"))?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::MIGRATOR;

    #[test]
    fn the_migrations_are_numbered_from_one_without_gaps() {
        let versions: Vec<i64> = MIGRATOR.iter().map(|m| m.version).collect();
        let expected: Vec<i64> = (1..=versions.len() as i64).collect();
        assert_eq!(versions, expected);
        assert!(MIGRATOR.iter().all(|m| !m.no_tx));
    }
}
