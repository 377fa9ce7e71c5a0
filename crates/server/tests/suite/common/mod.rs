//! Test harness: a real server on a loopback port with a fresh database
//! (`SQLite` in a temporary directory, or a fresh `PostgreSQL` database when
//! `GAMUT_TEST_POSTGRES_URL` is set), HTTP clients with sessions, and
//! WebSocket clients.
//!
//! Answers are read into the server's own view types ([`decode`]: every
//! answer must read as its type and write back as the very same JSON), so
//! the tests check the wire format against the types and `docs/api.md`
//! cannot drift from the code unnoticed. Every WebSocket message is read
//! as a [`ServerMessage`] that way, even by the tests that look at the raw
//! JSON.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
// The view types the tests read answers into (each test crate uses some).
#[allow(unused_imports)]
pub use gamut_protocol::game::ResultView;
#[allow(unused_imports)]
pub use gamut_protocol::game::{EventBody, EventView, GameSummary, GameView};
use gamut_protocol::review::ReviewState;
use gamut_protocol::review::ReviewView;
#[allow(unused_imports)]
pub use gamut_protocol::socket::ServerMessage;
#[allow(unused_imports)]
pub use gamut_protocol::views::{
    CatalogueView, CreatedView, GamesView, JoinedView, LeaderboardView, LobbyView, MeView, OkView,
    ProfileView, ReplayResult, ReplayView,
};
pub use gamut_protocol::ErrorBody as ErrorView;
pub use gamut_protocol::ErrorCode;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Reads a JSON answer as `T`, and checks that `T` writes it back exactly:
/// the type knows every field the server sent, under the same names and in
/// the same shapes. Fails the test otherwise.
pub fn decode<T: DeserializeOwned + Serialize>(value: &Value) -> T {
    let what = std::any::type_name::<T>();
    let typed: T = serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("{value} does not read as {what}: {e}"));
    let back = serde_json::to_value(&typed).expect("a view serialises");
    assert_eq!(&back, value, "{what} does not write back what was read");
    typed
}

/// The params of an error, as sent (`[("n", "3")]`).
pub fn params(pairs: &[(&str, &str)]) -> std::collections::BTreeMap<String, String> {
    pairs
        .iter()
        .map(|&(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// An error message's code, read from a message as JSON (the code of
/// `{"type": "error", …}` or of an HTTP error body).
pub fn code_of(message: &Value) -> Option<ErrorCode> {
    message
        .get("code")
        .and_then(|c| serde_json::from_value(c.clone()).ok())
}

/// Where a test's data lives.
pub enum Backend {
    /// `SQLite` in this directory.
    Sqlite(tempfile::TempDir),
    /// A fresh `PostgreSQL` database (and a directory for the unused --data).
    Postgres(String, tempfile::TempDir),
}

impl Backend {
    /// A fresh `SQLite` backend.
    pub fn sqlite() -> Backend {
        Backend::Sqlite(tempfile::tempdir().expect("temp dir"))
    }

    /// A fresh `PostgreSQL` database, if `GAMUT_TEST_POSTGRES_URL` is set.
    pub async fn postgres() -> Option<Backend> {
        let url = std::env::var("GAMUT_TEST_POSTGRES_URL").ok()?;
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&url)
            .await
            .expect("connect to GAMUT_TEST_POSTGRES_URL");
        // Unique per process and per call: pid, time and a counter.
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!(
            "gamut_test_{}_{}_{n}",
            std::process::id(),
            gamut_protocol::ids::now_ms()
        );
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .expect("create test database");
        let base = match url.rfind('/') {
            Some(i)
                if url[..i].contains("://") && url[..i].len() > url.find("://").unwrap() + 2 =>
            {
                &url[..i]
            }
            _ => url.as_str(),
        };
        let base = base.split('?').next().unwrap_or(base).to_owned();
        Some(Backend::Postgres(
            format!("{base}/{name}"),
            tempfile::tempdir().expect("temp dir"),
        ))
    }

    /// The server configuration for this backend (port 0).
    pub fn config(&self) -> gamut_server::ServerConfig {
        let mut config = gamut_server::ServerConfig::new(self.data_dir());
        config.port = 0;
        config.ai_workers = 2;
        if let Backend::Postgres(url, _) = self {
            config.database_url = Some(url.clone());
        }
        config
    }

    /// The data directory.
    pub fn data_dir(&self) -> std::path::PathBuf {
        match self {
            Backend::Sqlite(d) | Backend::Postgres(_, d) => d.path().to_owned(),
        }
    }

    /// The `--database` URL, for `PostgreSQL`.
    pub fn database_url(&self) -> Option<String> {
        match self {
            Backend::Postgres(url, _) => Some(url.clone()),
            Backend::Sqlite(_) => None,
        }
    }
}

/// Runs `body` against `SQLite`, then against `PostgreSQL` when configured
/// (printing a note when not).
#[macro_export]
macro_rules! on_every_backend {
    ($body:ident) => {{
        $body(common::Backend::sqlite()).await;
        match common::Backend::postgres().await {
            Some(pg) => $body(pg).await,
            None => {
                eprintln!("note: GAMUT_TEST_POSTGRES_URL is unset; skipping the PostgreSQL run")
            }
        }
    }};
}

/// Declares the `#[tokio::test]` `$test`, which runs the scenario `$body`
/// on every backend (see [`on_every_backend`]).
#[macro_export]
macro_rules! test_on_every_backend {
    ($test:ident, $body:ident) => {
        #[tokio::test]
        async fn $test() {
            on_every_backend!($body);
        }
    };
}

/// Declares the `#[tokio::test]` `$test`, which runs the scenario `$body`
/// on `PostgreSQL` when `GAMUT_TEST_POSTGRES_URL` is set (printing a note
/// when not): for what only `PostgreSQL` offers, such as live fan-out
/// between server processes.
#[macro_export]
macro_rules! test_on_postgres {
    ($test:ident, $body:ident) => {
        #[tokio::test]
        async fn $test() {
            match common::Backend::postgres().await {
                Some(pg) => $body(pg).await,
                None => eprintln!("note: GAMUT_TEST_POSTGRES_URL is unset; skipping this PostgreSQL-only test"),
            }
        }
    };
}

/// A running in-process server.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    server: gamut_server::Server,
    /// Keeps the data alive.
    pub backend: Backend,
}

impl TestServer {
    /// Starts a server on `backend`.
    pub async fn start(backend: Backend) -> TestServer {
        TestServer::start_with(backend, |_| {}).await
    }

    /// Starts a server on `backend` with the configuration changed by
    /// `configure` (e.g. a short session lifetime).
    pub async fn start_with(
        backend: Backend,
        configure: impl FnOnce(&mut gamut_server::ServerConfig),
    ) -> TestServer {
        let mut config = backend.config();
        configure(&mut config);
        let server = gamut_server::Server::start(config)
            .await
            .expect("server starts");
        TestServer {
            base: format!("http://{}", server.addr()),
            server,
            backend,
        }
    }

    /// A client with no session.
    pub fn client(&self) -> Client {
        let mut c = bare_client();
        c.rebase(&self.base);
        c
    }

    /// A client with a guest session.
    pub async fn guest(&self) -> Client {
        let mut c = self.client();
        c.post_ok("/api/guest", json!({})).await;
        c
    }

    /// Two clients with guest sessions.
    pub async fn two_guests(&self) -> (Client, Client) {
        (self.guest().await, self.guest().await)
    }

    /// A client signed up as `name` (password "correct horse").
    pub async fn registered(&self, name: &str) -> Client {
        let mut c = self.client();
        c.post_ok(
            "/api/signup",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
        c
    }

    /// The running server (its counters).
    pub fn server(&self) -> &gamut_server::Server {
        &self.server
    }

    /// Stops it, keeping the data.
    pub fn stop(self) -> Backend {
        self.server.stop();
        self.backend
    }
}

/// A client with no session and no server yet (see [`Client::rebase`]).
pub fn bare_client() -> Client {
    Client {
        base: String::new(),
        http: reqwest::Client::new(),
        cookie: None,
        bearer: None,
        forwarded_for: None,
    }
}

/// An HTTP client with its session cookie (a clone shares the session).
#[derive(Clone)]
pub struct Client {
    /// Server base URL.
    pub base: String,
    http: reqwest::Client,
    /// `gamut_session=...`.
    pub cookie: Option<String>,
    /// A bot's token, sent as `Authorization: Bearer <token>`.
    pub bearer: Option<String>,
    /// Sent as `X-Forwarded-For` (the client's address for a server that
    /// trusts loopback as its proxy: `trusted_proxies`).
    pub forwarded_for: Option<String>,
}

impl Client {
    /// Same server, another base (after a restart).
    pub fn rebase(&mut self, base: &str) {
        self.base = base.to_owned();
    }

    fn remember(&mut self, resp: &reqwest::Response) {
        for v in resp.headers().get_all("set-cookie") {
            if let Some(pair) = v.to_str().ok().and_then(|s| s.split(';').next()) {
                if pair.ends_with('=') {
                    self.cookie = None;
                } else {
                    self.cookie = Some(pair.to_owned());
                }
            }
        }
    }

    /// Sends a request; returns status and JSON body.
    pub async fn send(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        if let Some(t) = &self.bearer {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if let Some(a) = &self.forwarded_for {
            req = req.header("x-forwarded-for", a);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.expect("request");
        self.remember(&resp);
        let status = resp.status().as_u16();
        let text = resp.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    /// GET, expecting 200.
    pub async fn get_ok(&mut self, path: &str) -> Value {
        let (s, v) = self.get(path).await;
        assert_eq!(s, 200, "GET {path}: {v}");
        v
    }

    /// POST, expecting 200.
    pub async fn post_ok(&mut self, path: &str, body: Value) -> Value {
        let (s, v) = self.send(reqwest::Method::POST, path, Some(body)).await;
        assert_eq!(s, 200, "POST {path}: {v}");
        v
    }

    /// GET, expecting 200 and an answer of type `T` (see [`decode`]).
    pub async fn get_as<T: DeserializeOwned + Serialize>(&mut self, path: &str) -> T {
        decode(&self.get_ok(path).await)
    }

    /// POST `body`, expecting 200 and an answer of type `T` (see
    /// [`decode`]).
    pub async fn post_as<T: DeserializeOwned + Serialize>(&mut self, path: &str, body: Value) -> T {
        decode(&self.post_ok(path, body).await)
    }

    /// Sends a request expected to fail: its status and the error (the
    /// answer must be an [`ErrorView`]; its English text is for people, so
    /// tests look at the code and the params).
    pub async fn refusal(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, ErrorView) {
        let (s, v) = self.send(method.clone(), path, body).await;
        assert!(s >= 400, "{method} {path} succeeded: {v}");
        (s, decode::<ErrorView>(&v))
    }

    /// Sends a request expected to fail: its status and error code.
    pub async fn refused(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, ErrorCode) {
        let (s, e) = self.refusal(method, path, body).await;
        (s, e.code)
    }

    /// GET expected to fail: status and error code.
    pub async fn get_refused(&mut self, path: &str) -> (u16, ErrorCode) {
        self.refused(reqwest::Method::GET, path, None).await
    }

    /// POST expected to fail: status and error code.
    pub async fn post_refused(&mut self, path: &str, body: Value) -> (u16, ErrorCode) {
        self.refused(reqwest::Method::POST, path, Some(body)).await
    }

    /// POST expected to fail: status and the error (its code and params).
    pub async fn post_refusal(&mut self, path: &str, body: Value) -> (u16, ErrorView) {
        self.refusal(reqwest::Method::POST, path, Some(body)).await
    }

    /// The signed-in user (`GET /api/me`), if any.
    pub async fn me(&mut self) -> MeView {
        self.get_as("/api/me").await
    }

    /// GET; status and body.
    pub async fn get(&mut self, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    /// POST; status and body.
    pub async fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    /// Opens an untimed seek of `game` in the lobby; its id.
    pub async fn open_seek(&mut self, game: &str) -> String {
        let request =
            json!({"game": game, "clock": {"type": "untimed"}, "opponent": {"type": "seek"}});
        self.create_game(request).await.0
    }

    /// Creates a game (`POST /api/games`, expecting 200); returns its id
    /// and the whole answer.
    pub async fn create_game(&mut self, request: Value) -> (String, Value) {
        let created = self.post_ok("/api/games", request).await;
        let id = decode::<CreatedView>(&created).game.id.to_string();
        (id, created)
    }

    /// Creates a game (`POST /api/games`, expecting 200); the answer.
    pub async fn create(&mut self, request: Value) -> CreatedView {
        self.post_as("/api/games", request).await
    }

    /// The game state as this client sees it, as JSON.
    pub async fn state(&mut self, id: &str) -> Value {
        self.get_ok(&format!("/api/games/{id}")).await
    }

    /// The game state as this client sees it.
    pub async fn view(&mut self, id: &str) -> GameView {
        self.get_as(&format!("/api/games/{id}")).await
    }

    /// Opens the game's WebSocket (`since`: last version seen).
    pub async fn ws(&self, id: &str, since: Option<i64>) -> Ws {
        match since {
            Some(v) => self.socket(&format!("/api/games/{id}/ws?since={v}")).await,
            None => self.socket(&format!("/api/games/{id}/ws")).await,
        }
    }

    /// Opens the WebSocket at `path` (with this client's session, if any).
    pub async fn socket(&self, path: &str) -> Ws {
        let stream = raw_socket(self, path).await.expect("ws connect");
        Ws {
            stream,
            next_id: 1,
            ended: None,
        }
    }
}

/// A WebSocket as opened, without the test client's reading helpers.
pub type RawSocket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens the WebSocket at `path` as `client` (its session or bot token,
/// and its `X-Forwarded-For`); the HTTP status if the upgrade is refused.
pub async fn raw_socket(client: &Client, path: &str) -> Result<RawSocket, u16> {
    let ws_base = client.base.replacen("http://", "ws://", 1);
    let mut req = format!("{ws_base}{path}")
        .into_client_request()
        .expect("ws request");
    if let Some(c) = &client.cookie {
        req.headers_mut()
            .insert("cookie", c.parse().expect("cookie header"));
    }
    if let Some(t) = &client.bearer {
        let value = format!("Bearer {t}").parse().expect("authorization header");
        req.headers_mut().insert("authorization", value);
    }
    if let Some(a) = &client.forwarded_for {
        let value = a.parse().expect("x-forwarded-for header");
        req.headers_mut().insert("x-forwarded-for", value);
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((stream, _)) => Ok(stream),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err(resp.status().as_u16()),
        Err(e) => panic!("ws connect: {e}"),
    }
}

/// Polls the review of `id` until done (60 s at most).
pub async fn review_done(client: &mut Client, id: &str) -> ReviewView {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let v: ReviewView = client.get_as(&format!("/api/games/{id}/review")).await;
        if v.state == ReviewState::Done {
            return v;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "review of {id} not done: {v:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays `n` plies of the standard 6×6 start (the first legal move each
/// time), then the first player resigns.
pub async fn short_game(a: &mut Client, b: &mut Client, n: usize) -> String {
    let id = small_loa(a, b).await;
    let mut wa = a.ws(&id, None).await;
    let mut wb = b.ws(&id, None).await;
    let mut state = wa.first_state().await;
    wb.first_state().await;
    for i in 0..n {
        let mv = state.legal[0].clone();
        let ws = if i % 2 == 0 { &mut wa } else { &mut wb };
        ws.play(&mv).await;
        state = a.view(&id).await;
    }
    assert_eq!(wa.action("resign").await, "ack");
    wa.wait_end().await;
    id
}

/// A WebSocket client.
pub struct Ws {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: i64,
    /// The result, once an end event (or a finished state) was received.
    ended: Option<ResultView>,
}

impl Ws {
    /// The next message as JSON (fails the test after 20 s, or if it is
    /// not a [`ServerMessage`]).
    pub async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(20), self.stream.next())
                .await
                .expect("a message within 20 s")
                .expect("socket open")
                .expect("message");
            if let Message::Text(t) = msg {
                let m: Value = serde_json::from_str(&t).expect("JSON message");
                match decode::<ServerMessage>(&m) {
                    ServerMessage::Event {
                        event:
                            EventView {
                                body: EventBody::End { result, .. },
                                ..
                            },
                    } => self.ended = Some(result),
                    ServerMessage::State { state } if state.result.is_some() => {
                        self.ended = state.result;
                    }
                    _ => {}
                }
                return m;
            }
        }
    }

    /// The next message.
    pub async fn message(&mut self) -> ServerMessage {
        decode(&self.next().await)
    }

    /// Waits for a message satisfying `pred`.
    pub async fn wait_message(&mut self, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let m = self.message().await;
            if pred(&m) {
                return m;
            }
        }
    }

    /// Waits for a single event satisfying `pred`.
    pub async fn event(&mut self, pred: impl Fn(&EventView) -> bool) -> EventView {
        loop {
            if let ServerMessage::Event { event } = self.message().await {
                if pred(&event) {
                    return event;
                }
            }
        }
    }

    /// Waits for the next single event.
    pub async fn any_event(&mut self) -> EventView {
        self.event(|_| true).await
    }

    /// The full state this socket starts with (fails unless it is one).
    pub async fn first_state(&mut self) -> GameView {
        match self.message().await {
            ServerMessage::State { state } => *state,
            other => panic!("expected a state, got {other:?}"),
        }
    }

    /// Sends a message.
    pub async fn send(&mut self, v: Value) {
        self.stream
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("ws send");
    }

    /// Sends `v` with a fresh id and returns the `ack` or `error` answering
    /// it (events before it are skipped).
    pub async fn request(&mut self, v: Value) -> Value {
        serde_json::to_value(self.ask(v).await).expect("a message serialises")
    }

    /// Sends `v` with a fresh id and returns the `ack` or `error` answering
    /// it (events before it are skipped).
    pub async fn ask(&mut self, mut v: Value) -> ServerMessage {
        let id = self.next_id;
        self.next_id += 1;
        v["id"] = json!(id);
        self.send(v).await;
        loop {
            match self.message().await {
                m @ (ServerMessage::Ack { id: Some(n), .. }
                | ServerMessage::Error { id: Some(n), .. })
                    if n == id =>
                {
                    return m;
                }
                _ => {}
            }
        }
    }

    /// Sends `v` and returns the error refusing it (fails the test if it is
    /// acknowledged): its code and params.
    pub async fn refusal(&mut self, v: Value) -> ErrorView {
        match self.ask(v.clone()).await {
            ServerMessage::Error {
                error,
                code,
                params,
                ..
            } => ErrorView {
                error,
                code,
                params,
            },
            other => panic!("{v} was not refused: {other:?}"),
        }
    }

    /// Sends `v` and returns the code of the error refusing it (fails the
    /// test if it is acknowledged).
    pub async fn refused(&mut self, v: Value) -> ErrorCode {
        self.refusal(v).await.code
    }

    /// Sends the bare action `{"type": kind}`; returns the answer's type
    /// (`"ack"` or `"error"`).
    pub async fn action(&mut self, kind: &str) -> &'static str {
        match self.ask(json!({ "type": kind })).await {
            ServerMessage::Ack { .. } => "ack",
            _ => "error",
        }
    }

    /// Plays a move; panics unless acknowledged. The game's version after
    /// it.
    pub async fn play(&mut self, mv: &str) -> i64 {
        match self.ask(json!({"type": "move", "move": mv})).await {
            ServerMessage::Ack { version, .. } => version,
            other => panic!("move {mv}: {other:?}"),
        }
    }

    /// Waits for the game's end (an `end` event, or a full state of a
    /// finished game after falling behind); returns the result.
    pub async fn wait_end(&mut self) -> Value {
        serde_json::to_value(self.wait_result().await).expect("a result serialises")
    }

    /// Waits for the game's end (an `end` event, or a full state of a
    /// finished game after falling behind); returns the result.
    pub async fn wait_result(&mut self) -> ResultView {
        while self.ended.is_none() {
            self.next().await;
        }
        self.ended.clone().expect("a result")
    }

    /// Waits for a message satisfying `pred`.
    pub async fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await;
            if pred(&m) {
                return m;
            }
        }
    }
}

/// Creates a game between `a` (first) and `b` (second) via a challenge.
pub async fn challenge(
    a: &mut Client,
    b: &mut Client,
    game: &str,
    options: Value,
    clock: Value,
    rated: bool,
) -> String {
    let created = a
        .post_ok(
            "/api/games",
            json!({"game": game, "options": options, "clock": clock, "rated": rated,
                   "side": "first", "opponent": {"type": "challenge"}}),
        )
        .await;
    let id = decode::<CreatedView>(&created).game.id.to_string();
    let joined: JoinedView = b.post_as(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(joined.game.id.as_str(), id);
    id
}

/// Untimed clock control.
pub fn untimed() -> Value {
    json!({"type": "untimed"})
}

/// Creates an untimed, unrated 6×6 Lines of Action game between `a` (first)
/// and `b` via a challenge.
pub async fn small_loa(a: &mut Client, b: &mut Client) -> String {
    challenge(a, b, "loa", json!({"size": "6"}), untimed(), false).await
}

/// The first legal move of a game state (or event), as JSON.
pub fn first_legal(state: &Value) -> &str {
    state["legal"][0].as_str().expect("move")
}

/// The number of moves played in a game state, as JSON.
pub fn moves_len(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

/// The first legal move of a game state.
pub fn first_move(state: &GameView) -> &str {
    state.legal.first().expect("a legal move")
}

/// `mover` plays `mv` and `answerer` its first legal reply, each seen
/// by the other's socket: the first legal move for `mover` after it.
pub async fn move_and_answer(mover: &mut Ws, answerer: &mut Ws, mv: &str) -> String {
    let version = mover.play(mv).await;
    let seen = answerer.event(|e| e.version == version).await;
    let version = answerer.play(&legal_after(&seen)[0]).await;
    let seen = mover.event(|e| e.version == version).await;
    legal_after(&seen)[0].clone()
}

/// The legal moves after an event that changes the position.
pub fn legal_after(event: &EventView) -> &[String] {
    event
        .body
        .legal()
        .expect("an event that changes the position")
}

/// The server as a child process (`gamut-server`, the binary of this
/// crate), killed when dropped.
pub struct ServerProcess {
    /// The process.
    pub child: std::process::Child,
    /// `http://ADDR`.
    pub base: String,
}

/// Starts `gamut-server` on `backend` (its database when on `PostgreSQL`) and
/// waits for the address it listens on.
pub fn spawn_server(backend: &Backend) -> ServerProcess {
    spawn_server_with(backend, &[])
}

/// Starts `gamut-server` on `backend` with the further flags `args` (as
/// `--day-ms 500`), and waits for the address it listens on.
pub fn spawn_server_with(backend: &Backend, args: &[&str]) -> ServerProcess {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamut-server"));
    cmd.arg("--data").arg(backend.data_dir()).args(args);
    if let Some(url) = backend.database_url() {
        cmd.arg("--database").arg(url);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn gamut-server");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read address");
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected output {line:?}"))
        .to_owned();
    ServerProcess {
        child,
        base: format!("http://{addr}"),
    }
}

impl ServerProcess {
    /// SIGKILL, then reap.
    pub fn kill9(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reap");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
