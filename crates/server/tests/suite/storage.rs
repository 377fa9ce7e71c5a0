//! The database as the single source of truth: corrupt contents give
//! errors (never a crash), two server processes share one database, and
//! watchers of a waiting game see it start; and the store itself: databases
//! migrated before sqlx's migrator open at their version, processes starting
//! at once on a fresh `PostgreSQL` database all succeed, bad rows are errors
//! naming the column, ratings are replaced in place and listing filters.

use crate::common;

use common::{challenge, code_of, first_legal, small_loa, untimed, Backend, ErrorCode, TestServer};
use gamut_protocol::ids::now_ms;
use gamut_server::store::{
    AppendError, EventRow, GameFilter, GameRow, GameUpdate, RatingRow, RatingUpdate, Store, UserRow,
};
use serde_json::json;
use sqlx::any::AnyPoolOptions;
use sqlx::Executor;

async fn corrupt(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    let state = a.state(&id).await;
    let mut ws = a.ws(&id, None).await;
    ws.play(first_legal(&state)).await;
    let id2 = challenge(&mut a, &mut b, "pursuit", json!({}), untimed(), false).await;
    let id3 = challenge(&mut a, &mut b, "loa", json!({}), untimed(), false).await;

    let pool = raw_pool(&server.backend).await;
    sqlx::query("UPDATE game_events SET payload = $1 WHERE game_id = $2 AND version = 2")
        .bind(r#"{"kind": "move", "side": 7, "move": "nonsense"}"#)
        .bind(&id)
        .execute(&pool)
        .await
        .expect("corrupt an event");
    // Nor do the games' snapshots (written with their events or when first
    // loaded), so loading them replays their events.
    sqlx::query("UPDATE game_snapshots SET state = $1")
        .bind("not a snapshot")
        .execute(&pool)
        .await
        .expect("corrupt a snapshot");
    sqlx::query("UPDATE games SET options = $1, seat0 = $2 WHERE id = $3")
        .bind("not json")
        .bind("{\"user\": 5}")
        .bind(&id2)
        .execute(&pool)
        .await
        .expect("corrupt a game");

    sqlx::query("UPDATE game_events SET payload = $1 WHERE game_id = $2 AND version = 1")
        .bind(r#"{"kind": "started", "players": [null, null], "clocks": {"ms": [1, 1], "running": 9, "at": 0}}"#)
        .bind(&id3)
        .execute(&pool)
        .await
        .expect("corrupt the clocks");
    for game in [&id, &id2, &id3] {
        for path in [
            format!("/api/games/{game}"),
            format!("/api/games/{game}/replay"),
            format!("/api/games/{game}/export"),
        ] {
            let (s, v) = a.get(&path).await;
            assert_eq!(s, 500, "{path}: {v}");
            assert_eq!(code_of(&v), Some(ErrorCode::Internal), "{path}: {v}");
        }
    }
    let (s, v) = a.get("/api/games?status=live").await;
    assert_eq!(s, 500, "{v}");
    let mut ws = a.ws(&id, None).await;
    let m = ws.next().await;
    assert_eq!(
        (&m["type"], code_of(&m)),
        (&json!("error"), Some(ErrorCode::Internal))
    );
    let mut ws = b.ws(&id, None).await;
    let m = ws.next().await;
    assert_eq!(
        (&m["type"], code_of(&m)),
        (&json!("error"), Some(ErrorCode::Internal))
    );
    // The server is still up.
    assert_eq!(a.get_ok("/api/health").await, json!({"ok": true}));
    pool.close().await;
    // A restart resumes the live games it can and still serves.
    let server = TestServer::start(server.stop()).await;
    a.rebase(&server.base);
    assert_eq!(a.get_ok("/api/health").await, json!({"ok": true}));
    let (s, v) = a.get(&format!("/api/games/{id}")).await;
    assert_eq!((s, code_of(&v)), (500, Some(ErrorCode::Internal)), "{v}");
}

test_on_every_backend!(corrupt_contents_are_errors_not_crashes, corrupt);

async fn watch_start(backend: Backend) {
    let server = TestServer::start(backend).await;
    let (mut a, mut b) = server.two_guests().await;
    let (id, _) = a
        .create_game(
            json!({"game": "loa", "options": {"size": "6"}, "clock": untimed(), "side": "second",
                   "opponent": {"type": "challenge"}}),
        )
        .await;
    let mut ws = a.ws(&id, None).await;
    let first = ws.next().await;
    assert_eq!(first["state"]["status"], "waiting");
    assert_eq!(first["state"]["you"], json!(1));
    assert_eq!(first["state"]["legal"], json!([]));
    b.post_ok(&format!("/api/games/{id}/join"), json!({})).await;
    let started = ws.wait_for(|m| m["type"] == "event").await;
    assert_eq!(started["event"]["kind"], "started");
    assert_eq!(started["event"]["version"], json!(1));
    assert_eq!(started["event"]["to_move"], json!(0));
    assert!(started["event"]["legal"]
        .as_array()
        .is_some_and(|l| !l.is_empty()));
    // B moves; A sees it and may answer over the same socket.
    let mut wb = b.ws(&id, None).await;
    let mv = started["event"]["legal"][0]
        .as_str()
        .expect("move")
        .to_owned();
    wb.play(&mv).await;
    let moved = ws.wait_for(|m| m["type"] == "event").await;
    assert_eq!(moved["event"]["move"], json!(mv));
    assert_eq!(moved["event"]["ply"], json!(1));
    let reply = moved["event"]["legal"][0]
        .as_str()
        .expect("move")
        .to_owned();
    ws.play(&reply).await;
}

test_on_every_backend!(watchers_of_a_waiting_game_see_it_start, watch_start);

async fn two_processes(backend: Backend) {
    let one = TestServer::start(backend).await;
    let two = gamut_server::Server::start(one.backend.config())
        .await
        .expect("second server");
    let two_base = format!("http://{}", two.addr());
    let (mut a, mut b) = one.two_guests().await;
    let id = small_loa(&mut a, &mut b).await;
    // Sessions and games are shared: B plays through the second process.
    let mut wa = a.ws(&id, None).await;
    let state = a.state(&id).await;
    wa.play(first_legal(&state)).await;
    b.rebase(&two_base);
    let seen = b.state(&id).await;
    assert_eq!(seen["you"], json!(1));
    let mut wb = b.ws(&id, None).await;
    wb.play(first_legal(&seen)).await;
    // A's process catches up from the database before acting.
    let state = a.state(&id).await;
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    wa.play(first_legal(&state)).await;
    let seen = b.state(&id).await;
    assert_eq!(seen["moves"].as_array().map(Vec::len), Some(3));
    assert_eq!(seen["moves"], a.state(&id).await["moves"]);
    two.stop();
}

test_on_every_backend!(two_server_processes_share_one_database, two_processes);

// ---- the store itself: migrations, decoding, ratings, listing ----

/// A connection pool straight to the backend's database (created if
/// missing), bypassing the store.
async fn raw_pool(backend: &Backend) -> sqlx::AnyPool {
    let url = match backend.database_url() {
        Some(url) => url,
        None => format!(
            "sqlite://{}?mode=rwc",
            backend.data_dir().join("gamut.sqlite3").display()
        ),
    };
    sqlx::any::install_default_drivers();
    AnyPoolOptions::new().connect(&url).await.expect("connect")
}

/// Opens the store of `backend`.
async fn open_store(backend: &Backend) -> anyhow::Result<Store> {
    Store::open(&backend.data_dir(), backend.database_url().as_deref()).await
}

/// Migrates the database of `pool` as Gamut did before sqlx's migrator:
/// each migration file run in turn and recorded in `gamut_migrations`.
async fn migrate_the_old_way(pool: &sqlx::AnyPool, versions: &[i64]) {
    pool.execute(
        "CREATE TABLE IF NOT EXISTS gamut_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
    )
    .await
    .expect("old migrations table");
    let files = [
        include_str!("../../migrations/0001_init.sql"),
        include_str!("../../migrations/0002_session_last_use.sql"),
    ];
    for &version in versions {
        if let Some(sql) = usize::try_from(version - 1).ok().and_then(|i| files.get(i)) {
            pool.execute(sqlx::raw_sql(sql))
                .await
                .expect("old migration");
        }
        sqlx::query("INSERT INTO gamut_migrations (version, applied_at) VALUES ($1, $2)")
            .bind(version)
            .bind(now_ms())
            .execute(pool)
            .await
            .expect("record an old migration");
    }
}

/// Every migration's version: 1 to the number of files in `migrations/`.
fn every_migration() -> Vec<i64> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");
    let files = std::fs::read_dir(dir)
        .expect("the migrations")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "sql"))
        })
        .count();
    (1..=i64::try_from(files).expect("a count")).collect()
}

/// The versions recorded by sqlx's migrator.
async fn sqlx_versions(pool: &sqlx::AnyPool) -> Vec<i64> {
    sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = $1 ORDER BY version")
        .bind(true)
        .fetch_all(pool)
        .await
        .expect("applied migrations")
}

async fn legacy_database(backend: Backend) {
    let pool = raw_pool(&backend).await;
    migrate_the_old_way(&pool, &[1, 2]).await;
    // A session last used after it was created: running the second
    // migration again would fail (its column exists) or reset the last use.
    let now = now_ms();
    pool.execute(sqlx::raw_sql(&format!(
        "INSERT INTO users (id, name, name_key, password_hash, guest, created_at) \
           VALUES ('aliceid000000000', 'alice', 'alice', NULL, 0, {now}); \
         INSERT INTO sessions (token, user_id, created_at, last_used_at) \
           VALUES ('alices', 'aliceid000000000', {}, {now})",
        now - 1000
    )))
    .await
    .expect("old rows");

    let server = TestServer::start(backend).await;
    assert_eq!(sqlx_versions(&pool).await, every_migration());
    let old: Vec<i64> = sqlx::query_scalar("SELECT version FROM gamut_migrations ORDER BY version")
        .fetch_all(&pool)
        .await
        .expect("the old table is kept");
    assert_eq!(old, vec![1, 2]);
    let store = open_store(&server.backend).await.expect("open again");
    let (user, last_used) = store
        .session("alices")
        .await
        .expect("query")
        .expect("the session is kept");
    assert_eq!((user.name.as_str(), last_used), ("alice", now));

    // The migrated database plays, and replays after a restart.
    let mut alice = server.client();
    alice.cookie = Some("gamut_session=alices".into());
    assert_eq!(alice.get_ok("/api/me").await["user"]["name"], "alice");
    let mut b = server.guest().await;
    let id = small_loa(&mut alice, &mut b).await;
    let state = alice.state(&id).await;
    let mut ws = alice.ws(&id, None).await;
    ws.play(first_legal(&state)).await;
    let moves = alice.state(&id).await["moves"].clone();
    assert_eq!(moves.as_array().map(Vec::len), Some(1));
    drop(ws);
    let server = TestServer::start(server.stop()).await;
    alice.rebase(&server.base);
    assert_eq!(alice.state(&id).await["moves"], moves);
    assert_eq!(sqlx_versions(&pool).await, every_migration());
    pool.close().await;
}

test_on_every_backend!(
    a_database_migrated_the_old_way_opens_at_its_version_and_replays,
    legacy_database
);

async fn half_migrated(backend: Backend) {
    // Only the first migration, recorded the old way: the second runs now.
    let pool = raw_pool(&backend).await;
    migrate_the_old_way(&pool, &[1]).await;
    open_store(&backend).await.expect("open");
    assert_eq!(sqlx_versions(&pool).await, every_migration());
    let sessions: i64 = sqlx::query_scalar("SELECT COUNT(last_used_at) FROM sessions")
        .fetch_one(&pool)
        .await
        .expect("the second migration ran");
    assert_eq!(sessions, 0);
    pool.close().await;
}

test_on_every_backend!(
    a_database_migrated_the_old_way_gets_the_later_migrations,
    half_migrated
);

async fn unknown_legacy_version(backend: Backend) {
    let pool = raw_pool(&backend).await;
    migrate_the_old_way(&pool, &[1, 2, 99]).await;
    pool.close().await;
    let error = format!("{:#}", open_store(&backend).await.expect_err("refused"));
    assert!(
        error.contains("gamut_migrations records migration 99"),
        "{error}"
    );
}

test_on_every_backend!(
    an_unknown_migration_in_the_old_table_is_a_clear_error,
    unknown_legacy_version
);

async fn fresh_database(backend: Backend) {
    let store = open_store(&backend).await.expect("open");
    drop(store);
    open_store(&backend).await.expect("open again");
    let pool = raw_pool(&backend).await;
    assert_eq!(sqlx_versions(&pool).await, every_migration());
    // No old bookkeeping on a new database.
    let old = sqlx::query("SELECT version FROM gamut_migrations")
        .fetch_all(&pool)
        .await
        .map(|rows| rows.len());
    assert!(old.is_err(), "{old:?}");
    pool.close().await;
}

test_on_every_backend!(a_fresh_database_is_migrated_once, fresh_database);

async fn concurrent_start(backend: Backend) {
    // Three processes starting at once on a fresh database: the migrator's
    // advisory lock has them migrate it one after the other.
    let (a, b, c) = tokio::join!(
        open_store(&backend),
        open_store(&backend),
        open_store(&backend)
    );
    for store in [a, b, c] {
        let store = store.unwrap_or_else(|e| panic!("every store opens: {e:#}"));
        assert_eq!(
            store.live_game_ids().await.expect("query"),
            Vec::<String>::new()
        );
    }
    let pool = raw_pool(&backend).await;
    assert_eq!(sqlx_versions(&pool).await, every_migration());
    pool.close().await;
}

test_on_postgres!(
    stores_starting_at_once_on_a_fresh_database_all_succeed,
    concurrent_start
);

/// A game row for the store tests.
fn game_row(id: &str, created_at: i64) -> GameRow {
    GameRow {
        id: id.into(),
        game: "loa".into(),
        options: "{}".into(),
        start_text: None,
        clock: "{}".into(),
        speed: "correspondence".into(),
        rated: true,
        kind: "challenge".into(),
        status: "live".into(),
        seats: [Some("{}".into()), Some("{}".into())],
        users: [Some("alice".into()), Some("bob".into())],
        creator: "alice".into(),
        version: 1,
        moves: 0,
        result: None,
        created_at,
        ended_at: None,
        to_move: None,
        moved_at: None,
        deadline: None,
    }
}

/// The event of version `version`.
fn event(version: i64) -> EventRow {
    EventRow {
        version,
        at: version,
        payload: format!("{{\"v\": {version}}}"),
    }
}

async fn bad_rows(backend: Backend) {
    let store = open_store(&backend).await.expect("open");
    let user = UserRow {
        id: "aliceid000000000".into(),
        name: "alice".into(),
        guest: false,
        bot: false,
    };
    assert!(store.create_user(&user, Some("hash")).await.expect("user"));
    store
        .create_session("tok", &user.id, now_ms())
        .await
        .expect("session");
    store
        .insert_game(&game_row("g1", 1), Some(&event(1)))
        .await
        .expect("game");
    assert_eq!(
        store.game("g1").await.expect("game"),
        Some(game_row("g1", 1))
    );

    let pool = raw_pool(&backend).await;
    pool.execute("UPDATE users SET guest = 7")
        .await
        .expect("bad flag");
    pool.execute("UPDATE games SET rated = -1")
        .await
        .expect("bad flag");
    let error = store.user_by_id(&user.id).await.expect_err("bad guest");
    assert!(error.to_string().contains("\"guest\""), "{error}");
    let error = store.user_by_name("Alice").await.expect_err("bad guest");
    assert!(error.to_string().contains("found 7"), "{error}");
    assert!(store.session("tok").await.is_err());
    let error = store.game("g1").await.expect_err("bad rated");
    assert!(error.to_string().contains("\"rated\""), "{error}");
    assert!(store.list_games(&all_games()).await.is_err());

    pool.execute("UPDATE games SET rated = 1")
        .await
        .expect("good flag");
    assert!(store.game("g1").await.is_ok());
    if backend.database_url().is_none() {
        // SQLite keeps whatever it is given: text for a number.
        pool.execute("UPDATE games SET version = 'seven', ended_at = 'late'")
            .await
            .expect("bad types");
        pool.execute("UPDATE game_events SET at = 'noon'")
            .await
            .expect("bad types");
        let error = store.game("g1").await.expect_err("bad version");
        assert!(error.to_string().contains("column"), "{error}");
        assert!(store.game_version("g1").await.is_err());
        assert!(store.events("g1").await.is_err());
        assert!(store.list_games(&all_games()).await.is_err());
    }
    pool.close().await;
}

test_on_every_backend!(bad_rows_are_errors_naming_the_column, bad_rows);

async fn together(backend: Backend) {
    let store = open_store(&backend).await.expect("open");
    store
        .insert_game(&game_row("g1", 1), Some(&event(1)))
        .await
        .expect("game");
    let finished = GameUpdate {
        status: Some("finished".into()),
        moves: 1,
        result: Some("{}".into()),
        ended_at: Some(3),
        to_move: None,
        deadline: None,
        snapshot: None,
    };
    // A move and the end it brings: both rows, one summary change.
    store
        .append_events(
            "g1",
            vec![event(2), event(3)],
            finished.clone(),
            Vec::new(),
            Vec::new(),
        )
        .await
        .expect("append");
    assert_eq!(store.game_version("g1").await.expect("version"), Some(3));
    // A job overlapping stored versions writes none of its rows.
    let stale = store
        .append_events(
            "g1",
            vec![event(3), event(4)],
            finished,
            Vec::new(),
            Vec::new(),
        )
        .await;
    assert!(matches!(stale, Err(AppendError::Conflict)), "{stale:?}");
    let stored: Vec<(i64, String)> = store
        .events("g1")
        .await
        .expect("events")
        .into_iter()
        .map(|e| (e.version, e.payload))
        .collect();
    assert_eq!(stored, [1, 2, 3].map(|v| (v, event(v).payload)).to_vec());
    assert_eq!(store.game_version("g1").await.expect("version"), Some(3));
}

test_on_every_backend!(events_stored_together_commit_or_fail_together, together);

/// A filter matching every game.
fn all_games() -> GameFilter {
    GameFilter {
        limit: 100,
        ..GameFilter::default()
    }
}

async fn ratings(backend: Backend) {
    let store = open_store(&backend).await.expect("open");
    store
        .insert_game(&game_row("g1", 1), Some(&event(1)))
        .await
        .expect("game");
    let update = |version: i64, rating: f64| RatingUpdate {
        user_id: "alice".into(),
        game: "loa".into(),
        speed: "correspondence".into(),
        rating: RatingRow {
            rating,
            deviation: 300.0 - version as f64,
            volatility: 0.06,
            games: version - 1,
        },
    };
    for (version, rating) in [(2, 1510.5), (3, 1490.25)] {
        let game_update = GameUpdate {
            status: Some("live".into()),
            moves: version - 1,
            result: None,
            ended_at: None,
            to_move: None,
            deadline: None,
            snapshot: None,
        };
        store
            .append_events(
                "g1",
                vec![event(version)],
                game_update,
                vec![update(version, rating)],
                Vec::new(),
            )
            .await
            .expect("append");
    }
    let latest = update(3, 1490.25).rating;
    assert_eq!(
        store
            .rating("alice", "loa", "correspondence")
            .await
            .expect("rating"),
        Some(latest)
    );
    assert_eq!(
        store.user_ratings("alice").await.expect("ratings"),
        vec![("loa".to_owned(), "correspondence".to_owned(), latest)]
    );
    // A stale version is refused and changes nothing.
    let game_update = GameUpdate {
        status: Some("live".into()),
        moves: 9,
        result: None,
        ended_at: None,
        to_move: None,
        deadline: None,
        snapshot: None,
    };
    let stale = store
        .append_events(
            "g1",
            vec![event(3)],
            game_update,
            vec![update(9, 1.0)],
            Vec::new(),
        )
        .await;
    assert!(matches!(stale, Err(AppendError::Conflict)), "{stale:?}");
    assert_eq!(
        store
            .rating("alice", "loa", "correspondence")
            .await
            .expect("rating"),
        Some(latest)
    );
    let versions: Vec<i64> = store
        .events("g1")
        .await
        .expect("events")
        .iter()
        .map(|e| e.version)
        .collect();
    assert_eq!(versions, vec![1, 2, 3]);
}

test_on_every_backend!(a_new_rating_replaces_the_old_one, ratings);

async fn listing(backend: Backend) {
    let store = open_store(&backend).await.expect("open");
    let mut waiting = game_row("w", 10);
    waiting.status = "waiting".into();
    waiting.kind = "seek".into();
    waiting.users = [Some("carol".into()), None];
    let mut pursuit = game_row("p", 20);
    pursuit.game = "pursuit".into();
    pursuit.users = [Some("bob".into()), Some("carol".into())];
    for game in [&game_row("a", 5), &waiting, &pursuit, &game_row("b", 30)] {
        store.insert_game(game, None).await.expect("game");
    }
    let ids = |games: Vec<GameRow>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();
    let list = |filter: GameFilter| {
        let store = store.clone();
        async move { ids(store.list_games(&filter).await.expect("list")) }
    };
    assert_eq!(list(all_games()).await, ["b", "p", "w", "a"]);
    let filter = |f: fn(&mut GameFilter)| {
        let mut filter = all_games();
        f(&mut filter);
        filter
    };
    assert_eq!(
        list(filter(|f| f.status = Some("waiting".into()))).await,
        ["w"]
    );
    assert_eq!(
        list(filter(|f| f.user_id = Some("carol".into()))).await,
        ["p", "w"]
    );
    assert_eq!(
        list(filter(|f| f.user_id = Some("bob".into()))).await,
        ["b", "p", "a"]
    );
    assert_eq!(
        list(filter(|f| f.game = Some("pursuit".into()))).await,
        ["p"]
    );
    assert_eq!(list(filter(|f| f.kind = Some("seek".into()))).await, ["w"]);
    assert_eq!(list(filter(|f| f.before = Some(20))).await, ["w", "a"]);
    assert_eq!(list(filter(|f| f.limit = 2)).await, ["b", "p"]);
    let every = GameFilter {
        status: Some("live".into()),
        user_id: Some("bob".into()),
        game: Some("loa".into()),
        kind: Some("challenge".into()),
        before: Some(30),
        limit: 1,
    };
    assert_eq!(list(every).await, ["a"]);
}

test_on_every_backend!(games_are_listed_by_every_filter, listing);
