//! Session lifetime (sliding expiry, refreshed now and then, expired
//! sessions refused and deleted), the sign-up rate limit, and game
//! sockets that stop acting the moment their session ends (they remember
//! their last check until sessions end somewhere).

use crate::common;

use common::{
    challenge, decode, first_move, move_and_answer, untimed, Backend, Client, ErrorCode, MeView,
    TestServer, Ws,
};
use gamut_protocol::ids::now_ms;
use gamut_protocol::user::UserView;
use gamut_server::store::Store;
use serde_json::json;
use sqlx::any::AnyPoolOptions;
use sqlx::Executor;
use std::time::Duration;

/// The store of a running test server, opened a second time.
async fn open_store(server: &TestServer) -> Store {
    let url = server.backend.database_url();
    Store::open(&server.backend.data_dir(), url.as_deref())
        .await
        .expect("open the store")
}

/// The token in a client's `gamut_session=TOKEN` cookie.
fn token(client: &Client) -> String {
    let cookie = client.cookie.as_deref().expect("a session cookie");
    cookie
        .strip_prefix("gamut_session=")
        .expect("the session cookie")
        .to_owned()
}

/// `GET /api/me` with the client's cookie: the user and the `Set-Cookie`
/// header, if the server sent one.
async fn me_with_cookie(client: &Client) -> (Option<UserView>, Option<String>) {
    let resp = reqwest::Client::new()
        .get(format!("{}/api/me", client.base))
        .header(
            "cookie",
            client.cookie.as_deref().expect("a session cookie"),
        )
        .send()
        .await
        .expect("request");
    let set_cookie = resp
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().expect("ASCII cookie").to_owned());
    let body: serde_json::Value = resp.json().await.expect("JSON body");
    (decode::<MeView>(&body).user, set_cookie)
}

/// The name of the client's signed-in user, if any.
async fn name(client: &mut Client) -> Option<String> {
    client.me().await.user.map(|u| u.name)
}

/// Signs up `name`; the `Set-Cookie` header of the answer.
async fn sign_up(client: &mut Client, name: &str) -> String {
    let resp = reqwest::Client::new()
        .post(format!("{}/api/signup", client.base))
        .json(&json!({"username": name, "password": "correct horse"}))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 200);
    let set_cookie = resp
        .headers()
        .get("set-cookie")
        .expect("a session cookie")
        .to_str()
        .expect("ASCII cookie")
        .to_owned();
    let pair = set_cookie.split(';').next().expect("name=value");
    client.cookie = Some(pair.to_owned());
    set_cookie
}

async fn expiry(backend: Backend) {
    let server =
        TestServer::start_with(backend, |c| c.session_lifetime = Duration::from_secs(1)).await;
    let store = open_store(&server).await;
    let mut alice = server.client();
    let cookie = sign_up(&mut alice, "alice").await;
    assert!(cookie.contains("; Max-Age=1"), "{cookie}");
    let mut bob = server.client();
    sign_up(&mut bob, "bob").await;
    let mut guest = server.guest().await;
    assert_eq!(name(&mut alice).await.as_deref(), Some("alice"));
    assert!(guest.me().await.user.expect("a guest").guest);

    tokio::time::sleep(Duration::from_millis(1_100)).await;
    // Refused like an unknown session, and deleted on use.
    assert_eq!(alice.get_ok("/api/me").await, json!({"user": null}));
    assert_eq!(store.session(&token(&alice)).await.expect("query"), None);
    assert_eq!(guest.me().await, MeView { user: None });
    let refused = guest
        .post_refused(
            "/api/games",
            json!({"game": "loa", "clock": {"type": "untimed"}, "opponent": {"type": "seek"}}),
        )
        .await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));
    // An expired guest cookie gets a new guest.
    let again: MeView = guest.post_as("/api/guest", json!({})).await;
    assert!(again.user.as_ref().expect("a new guest").guest);
    assert_eq!(guest.me().await, again);
    // Bob's unused session is deleted by the periodic sweep.
    let bob_token = token(&bob);
    let mut swept = false;
    for _ in 0..50 {
        if store.session(&bob_token).await.expect("query").is_none() {
            swept = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(swept, "the expired session was not deleted");
    // Signing in again works.
    alice
        .post_ok(
            "/api/signin",
            json!({"username": "alice", "password": "correct horse"}),
        )
        .await;
    assert_eq!(name(&mut alice).await.as_deref(), Some("alice"));
}

test_on_every_backend!(expired_sessions_are_refused_and_deleted, expiry);

async fn sliding(backend: Backend) {
    let server =
        TestServer::start_with(backend, |c| c.session_lifetime = Duration::from_secs(2)).await;
    let store = open_store(&server).await;
    let mut alice = server.client();
    sign_up(&mut alice, "alice").await;
    let (_, created) = store
        .session(&token(&alice))
        .await
        .expect("query")
        .expect("a session");
    // Used every 0.4 s for twice its lifetime: it keeps working, and each
    // use (more than a tenth of the lifetime after the last) slides both
    // the stored last use and the cookie.
    for _ in 0..10 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        let (user, set_cookie) = me_with_cookie(&alice).await;
        assert_eq!(user.map(|u| u.name).as_deref(), Some("alice"));
        let set_cookie = set_cookie.expect("the cookie is sent again");
        assert!(
            set_cookie.starts_with(&format!("gamut_session={};", token(&alice)))
                && set_cookie.contains("; Max-Age=2"),
            "{set_cookie}"
        );
    }
    let (_, last_used) = store
        .session(&token(&alice))
        .await
        .expect("query")
        .expect("a session");
    assert!(last_used >= created + 3_600, "{created} {last_used}");
    // Then left unused, it expires.
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    assert_eq!(alice.me().await, MeView { user: None });
}

test_on_every_backend!(a_used_session_keeps_working, sliding);

async fn refresh_interval(backend: Backend) {
    let server = TestServer::start(backend).await;
    let store = open_store(&server).await;
    let mut alice = server.client();
    let cookie = sign_up(&mut alice, "alice").await;
    assert!(cookie.contains("; Max-Age=2592000"), "{cookie}");
    let (_, created) = store
        .session(&token(&alice))
        .await
        .expect("query")
        .expect("a session");
    // Within the refresh interval (an hour), uses write nothing and send
    // no cookie.
    for _ in 0..3 {
        let (user, set_cookie) = me_with_cookie(&alice).await;
        assert_eq!(user.map(|u| u.name).as_deref(), Some("alice"));
        assert_eq!(set_cookie, None);
    }
    let (_, last_used) = store
        .session(&token(&alice))
        .await
        .expect("query")
        .expect("a session");
    assert_eq!(last_used, created);
}

test_on_every_backend!(
    sessions_last_30_days_and_are_not_written_on_every_use,
    refresh_interval
);

async fn signup_limit(backend: Backend) {
    let server = TestServer::start(backend).await;
    let mut client = server.client();
    // Invalid requests do not count.
    for _ in 0..3 {
        let (s, _) = client
            .post(
                "/api/signup",
                json!({"username": "x", "password": "whatever123"}),
            )
            .await;
        assert_eq!(s, 400);
    }
    // Five sign-ups a minute from one address (taken names count too)...
    for name in ["user1", "user2", "user3", "user4"] {
        client
            .post_ok(
                "/api/signup",
                json!({"username": name, "password": "whatever123"}),
            )
            .await;
    }
    let refused = client
        .post_refused(
            "/api/signup",
            json!({"username": "USER1", "password": "whatever123"}),
        )
        .await;
    assert_eq!(refused, (409, ErrorCode::UsernameTaken));
    // ...then a clear 429 until the minute is over.
    let (s, v) = client
        .post(
            "/api/signup",
            json!({"username": "user6", "password": "whatever123"}),
        )
        .await;
    assert_eq!(s, 429, "{v}");
    // Only the error (an `ErrorView` writes back exactly what it read).
    let error = decode::<common::ErrorView>(&v);
    assert_eq!(error.code, ErrorCode::TooMany);
    assert_eq!(
        error.params.get("what").map(String::as_str),
        Some("signups")
    );
    let wait: u64 = error.params["n"].parse().expect("seconds");
    assert!((1..=60).contains(&wait), "{error:?}");
    // Signing in and guests are not affected.
    client
        .post_ok(
            "/api/signin",
            json!({"username": "user1", "password": "whatever123"}),
        )
        .await;
    server.guest().await;
}

test_on_every_backend!(sign_ups_are_rate_limited_per_address, signup_limit);

async fn upgrade(backend: Backend) {
    // A database as the server left it before sessions expired: only the
    // first migration, sessions without a last use.
    let url = match backend.database_url() {
        Some(url) => url,
        None => format!(
            "sqlite://{}?mode=rwc",
            backend.data_dir().join("gamut.sqlite3").display()
        ),
    };
    sqlx::any::install_default_drivers();
    let pool = AnyPoolOptions::new().connect(&url).await.expect("connect");
    let schema = include_str!("../../migrations/0001_init.sql");
    pool.execute(sqlx::raw_sql(schema))
        .await
        .expect("old schema");
    let now = now_ms();
    let day = 86_400_000;
    pool.execute(sqlx::raw_sql(&format!(
        "CREATE TABLE gamut_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL); \
         INSERT INTO gamut_migrations (version, applied_at) VALUES (1, {now}); \
         INSERT INTO users (id, name, name_key, password_hash, guest, created_at) \
           VALUES ('aliceid000000000', 'alice', 'alice', NULL, 0, {now}); \
         INSERT INTO sessions (token, user_id, created_at) VALUES ('recent', 'aliceid000000000', {}); \
         INSERT INTO sessions (token, user_id, created_at) VALUES ('stale', 'aliceid000000000', {})",
        now - day,
        now - 31 * day
    )))
    .await
    .expect("old rows");
    pool.close().await;

    let server = TestServer::start(backend).await;
    let store = open_store(&server).await;
    let (user, last_used) = store
        .session("recent")
        .await
        .expect("query")
        .expect("the recent session is kept");
    assert_eq!((user.name.as_str(), last_used), ("alice", now - day));
    let mut alice = server.client();
    alice.cookie = Some("gamut_session=recent".into());
    assert_eq!(name(&mut alice).await.as_deref(), Some("alice"));
    // The start-up sweep deleted the session unused for 31 days.
    assert_eq!(store.session("stale").await.expect("query"), None);
}

test_on_every_backend!(
    sessions_from_before_the_upgrade_count_from_their_creation,
    upgrade
);

async fn guest_limit(backend: Backend) {
    let server = TestServer::start(backend).await;
    // 60 new guests a minute from one address (a burst of 60, then one a
    // second: a slow run gets a few more before the first refusal)...
    let started = std::time::Instant::now();
    let mut first = server.guest().await;
    let mut created = 1;
    let error = loop {
        let (s, body) = server.client().post("/api/guest", json!({})).await;
        if s != 200 {
            assert_eq!(s, 429, "{body}");
            break decode::<common::ErrorView>(&body);
        }
        created += 1;
        assert!(created <= 200, "no refusal after {created} guests");
    };
    // ...then a clear 429.
    let refill = started.elapsed().as_secs() + 1;
    assert!(
        (60..=60 + refill).contains(&created),
        "{created} guests in {refill} s"
    );
    assert_eq!(error.code, ErrorCode::TooMany);
    assert_eq!(error.params.get("what").map(String::as_str), Some("guests"));
    // A guest who has a session keeps it.
    let again: MeView = first.post_as("/api/guest", json!({})).await;
    assert!(again.user.expect("the same guest").guest);
}

test_on_every_backend!(new_guests_are_rate_limited_per_address, guest_limit);

/// A game of `a` (first) and `b` in which `a`'s socket has acted twice (so
/// its session check is remembered): `a`'s socket, `b`'s, and a legal move
/// for `a`.
async fn after_acting(a: &mut Client, b: &mut Client) -> (Ws, Ws, String) {
    let options = json!({"size": "6"});
    let id = challenge(a, b, "loa", options, untimed(), false).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let state = wa.first_state().await;
    wb.first_state().await;
    let mut mv = first_move(&state).to_owned();
    for _ in 0..2 {
        mv = move_and_answer(&mut wa, &mut wb, &mv).await;
    }
    (wa, wb, mv)
}

/// `ws`'s move `mv` is refused because its session ended, and the socket
/// is closed.
async fn refused_for_ended_session(ws: &mut Ws, mv: &str) {
    let refused = ws.refused(json!({"type": "move", "move": mv})).await;
    assert_eq!(refused, ErrorCode::SessionEnded);
}

async fn ended_after_acting(backend: Backend) {
    let server = TestServer::start(backend).await;
    let creds = |name: &str| json!({"username": name, "password": "correct horse"});
    // Signing out.
    let (mut a, mut b) = server.two_guests().await;
    let (mut ws, _, mv) = after_acting(&mut a, &mut b).await;
    a.post_ok("/api/signout", json!({})).await;
    refused_for_ended_session(&mut ws, &mv).await;
    // Signing out everywhere, from another client.
    let mut alice = server.client();
    alice.post_ok("/api/signup", creds("alice")).await;
    let mut b = server.guest().await;
    let (mut ws, _, mv) = after_acting(&mut alice, &mut b).await;
    let mut elsewhere = server.client();
    elsewhere.post_ok("/api/signin", creds("alice")).await;
    elsewhere.post_ok("/api/signout-all", json!({})).await;
    refused_for_ended_session(&mut ws, &mv).await;
    // A password changed in another session.
    alice.post_ok("/api/signin", creds("alice")).await;
    let mut b = server.guest().await;
    let (mut ws, _, mv) = after_acting(&mut alice, &mut b).await;
    let mut elsewhere = server.client();
    elsewhere.post_ok("/api/signin", creds("alice")).await;
    let change = json!({"password": "correct horse", "new_password": "battery staple"});
    elsewhere.post_ok("/api/password", change).await;
    refused_for_ended_session(&mut ws, &mv).await;
    // A guest signing in ends the guest's session.
    let mut bob = server.client();
    bob.post_ok("/api/signup", creds("bob")).await;
    bob.post_ok("/api/signout", json!({})).await;
    let mut guest = server.guest().await;
    let mut b = server.guest().await;
    let (mut ws, _, mv) = after_acting(&mut guest, &mut b).await;
    guest.post_ok("/api/signin", creds("bob")).await;
    refused_for_ended_session(&mut ws, &mv).await;
    // The opponent, whose session lasts, still plays.
    let (mut a, mut b) = server.two_guests().await;
    let (mut wa, mut wb, mv) = after_acting(&mut a, &mut b).await;
    a.post_ok("/api/signout", json!({})).await;
    refused_for_ended_session(&mut wa, &mv).await;
    let resigned = wb.ask(json!({"type": "resign"})).await;
    assert!(
        matches!(resigned, common::ServerMessage::Ack { .. }),
        "{resigned:?}"
    );
}

test_on_every_backend!(
    a_socket_that_has_acted_is_refused_once_its_session_ends,
    ended_after_acting
);

async fn expired_after_acting(backend: Backend) {
    let server =
        TestServer::start_with(backend, |c| c.session_lifetime = Duration::from_secs(2)).await;
    let (mut a, mut b) = server.two_guests().await;
    let (mut ws, _, mv) = after_acting(&mut a, &mut b).await;
    // Nothing ended it anywhere: it expires by itself.
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    refused_for_ended_session(&mut ws, &mv).await;
}

test_on_every_backend!(
    a_socket_that_has_acted_is_refused_once_its_session_expires,
    expired_after_acting
);

async fn ended_in_another_process(backend: Backend) {
    let one = TestServer::start(backend).await;
    let two = gamut_server::Server::start(one.backend.config())
        .await
        .expect("a second process starts");
    let (mut a, mut b) = one.two_guests().await;
    // The socket is on the second process; the sign-out on the first.
    let mut on_two = a.clone();
    on_two.rebase(&format!("http://{}", two.addr()));
    let options = json!({"size": "6"});
    let id = challenge(&mut a, &mut b, "loa", options, untimed(), false).await;
    let mut ws = on_two.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let state = ws.first_state().await;
    wb.first_state().await;
    let mv = move_and_answer(&mut ws, &mut wb, first_move(&state)).await;
    a.post_ok("/api/signout", json!({})).await;
    // The second process hears of it through PostgreSQL within moments.
    tokio::time::sleep(Duration::from_millis(500)).await;
    refused_for_ended_session(&mut ws, &mv).await;
    two.stop();
}

test_on_postgres!(
    a_sign_out_in_one_process_stops_a_socket_in_another,
    ended_in_another_process
);
