//! How a server is started: address, storage, web client.

use std::path::PathBuf;
use std::time::Duration;

/// The default session lifetime: 30 days since the last use.
pub const DEFAULT_SESSION_LIFETIME: Duration = Duration::from_secs(30 * 86_400);

/// Where the web client's files are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebDir {
    /// Serve this directory.
    Dir(PathBuf),
    /// Serve no web client (API only).
    None,
}

/// Which origins may make state-changing requests and open sockets, and
/// whether the session cookie is marked `Secure`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SecurityPolicy {
    /// Origins allowed besides the server's own (`https://play.example.org`),
    /// for deployments behind a proxy that rewrites `Host`.
    pub allowed_origins: Vec<String>,
    /// Mark the session cookie `Secure` (served over TLS, by the server or
    /// by a proxy in front of it).
    pub secure_cookies: bool,
}

/// Settings of a server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Address to listen on (`127.0.0.1`).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Directory of the `SQLite` database (used when `database_url` is `None`).
    pub data_dir: PathBuf,
    /// A `postgres://` URL: use `PostgreSQL` instead of `SQLite`.
    pub database_url: Option<String>,
    /// The web client.
    pub web: WebDir,
    /// How many computer moves may be thought about at once.
    pub ai_workers: usize,
    /// Solver tables (`gamut solve --save`) for the computer at level
    /// `max`, each used in the games of its game and options.
    pub solved: Vec<gamut_games::SolvedFile>,
    /// How long a session stays valid since its last use (at least 1 s;
    /// also the cookie's `Max-Age`).
    pub session_lifetime: Duration,
    /// Allowed origins besides the server's own, and the cookie's `Secure`
    /// flag.
    pub security: SecurityPolicy,
    /// Rates, caps and timeouts against abuse (`gamut serve` flags).
    pub limits: ServerLimits,
    /// Proxies whose `X-Forwarded-For` names the client's address
    /// (`--trusted-proxy`); the header of any other peer is ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How long a day of a days-per-move time control lasts
    /// (days per move): [`gamut_protocol::clock::DAY`]; only
    /// tests, which cannot wait for days, make it shorter.
    pub day: Duration,
    /// How long a correspondence or untimed game without a move stays in
    /// the lobby's games being played (a day): an abandoned one leaves it.
    pub lobby_idle: Duration,
}

/// The limits a deployment tunes (each a `gamut serve` flag; the defaults
/// are documented in `docs/api.md`, "Limits"). Rates are per client
/// address unless said otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// New guests per address per minute.
    pub guests_per_minute: usize,
    /// Sign-ups per address per minute.
    pub signups_per_minute: usize,
    /// Failed sign-ins per (username, address) per minute.
    pub signin_failures_per_minute: usize,
    /// Failed sign-ins per address per minute (any usernames).
    pub signin_failures_per_address: usize,
    /// Imports (`POST /api/import`) per address per minute.
    pub imports_per_minute: usize,
    /// Distinct Linear Pursuit boards the process accepts besides the
    /// built-in one (`gamut_pursuit::set_board_limit`).
    pub pursuit_boards: usize,
    /// Open seeks per user.
    pub seeks_per_user: usize,
    /// Seeks a user may open per minute.
    pub seeks_per_minute: usize,
    /// The shortest time between two lobby messages to the lobby sockets
    /// (changes that come meanwhile are sent together).
    pub lobby_interval: Duration,
    /// Live games against the computer per user.
    pub computer_games_per_user: usize,
    /// Live games against the computer created from one address.
    pub computer_games_per_address: usize,
    /// Takeback requests per player and game per minute.
    pub takebacks_per_minute: usize,
    /// Game sockets open per address.
    pub sockets_per_address: usize,
    /// Lobby sockets open per address.
    pub lobby_sockets_per_address: usize,
    /// Messages a socket may send per second (on average; bursts of twice
    /// as many pass).
    pub messages_per_second: u32,
    /// `sync` requests per socket per minute.
    pub syncs_per_minute: usize,
    /// A socket that sends nothing (not even a ping) this long is closed.
    pub socket_idle: Duration,
    /// A request whose headers take longer than this to arrive is dropped.
    pub header_read_timeout: Duration,
    /// A request whose body takes longer than this to arrive is refused.
    pub body_read_timeout: Duration,
    /// An untimed game in which nothing happens for this long ends
    /// (`game::expiry`); `None`: never.
    pub untimed_expiry: Option<Duration>,
    /// Chat messages per user per minute.
    pub chat_per_minute: usize,
    /// Chat messages per address per minute.
    pub chat_per_address_per_minute: usize,
    /// The analysis board's engine: workers, time and node budget per
    /// request, analyses per address (`analysis.rs`).
    pub analysis: crate::analysis::AnalysisLimits,
    /// Game reviews: how many at once, the search per position and per
    /// review (`review.rs`).
    pub review: crate::review::ReviewLimits,
    /// Tournaments: how many, how long, how big (`tournament/`).
    pub tournaments: crate::tournament::TournamentLimits,
    /// Waiting or live games one person is seated in (counted in the
    /// store: `store::caps`).
    pub open_games_per_user: usize,
    /// Waiting or live games whose players sat down from one address.
    pub open_games_per_address: usize,
    /// Waiting or live games in the whole server.
    pub open_games: usize,
    /// Challenges by name waiting for one person (from anyone).
    pub challenges_per_invitee: usize,
    /// `POST /api/positions` requests per address per minute.
    pub positions_per_minute: usize,
    /// Lesson progress requests (`GET /api/learn/progress`, `PUT
    /// /api/learn/progress/{game}`) per user per minute.
    pub lesson_requests_per_minute: usize,
    /// Lesson progress requests per address per minute.
    pub lesson_requests_per_address_per_minute: usize,
    /// Lesson progress requests in the whole server per minute.
    pub lesson_requests_per_minute_in_all: usize,
    /// Puzzle requests (every `/api/puzzles` and `/api/puzzle` endpoint)
    /// per user per minute.
    pub puzzle_requests_per_minute: usize,
    /// Puzzle requests per address per minute.
    pub puzzle_requests_per_address_per_minute: usize,
    /// Puzzle requests in the whole server per minute.
    pub puzzle_requests_per_minute_in_all: usize,
    /// Name look-ups (`GET /api/users?prefix=`) per address per minute.
    pub user_searches_per_minute: usize,
    /// Name look-ups in the whole server per minute.
    pub user_searches_per_minute_in_all: usize,
    /// New custom boards (boards no game of the process uses yet) that
    /// requests from one address may bring per hour.
    pub new_boards_per_hour: usize,
    /// Bots one person may create in 24 hours (revoked ones count).
    pub bots_per_day: usize,
    /// Bots created from one address in 24 hours.
    pub bots_per_address_per_day: usize,
    /// Bots created in the whole server in 24 hours.
    pub bots_per_day_in_all: usize,
    /// How often a socket opened with a session (or a bot token) that only
    /// pushes checks that the session still lasts; a private push (a
    /// notification) is checked before it is sent.
    pub session_recheck: Duration,
    /// Fair play links sessions by address (`fair_play.rs`): anyone
    /// asking from an address a live game's player plays from is that
    /// player. Off only where many people share one address on purpose (a
    /// test suite driving many browsers from loopback).
    pub fair_play_by_address: bool,
}

/// The default time an untimed game may go without any event: 30 days.
pub const DEFAULT_UNTIMED_EXPIRY: Duration = Duration::from_secs(30 * 86_400);

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            guests_per_minute: 60,
            signups_per_minute: 5,
            signin_failures_per_minute: 5,
            signin_failures_per_address: 20,
            imports_per_minute: 30,
            pursuit_boards: 100,
            seeks_per_user: 5,
            seeks_per_minute: 20,
            lobby_interval: Duration::from_millis(500),
            computer_games_per_user: 3,
            computer_games_per_address: 6,
            takebacks_per_minute: 6,
            sockets_per_address: 64,
            lobby_sockets_per_address: 8,
            messages_per_second: 20,
            syncs_per_minute: 12,
            socket_idle: Duration::from_secs(90),
            header_read_timeout: Duration::from_secs(5),
            body_read_timeout: Duration::from_secs(10),
            untimed_expiry: Some(DEFAULT_UNTIMED_EXPIRY),
            chat_per_minute: 10,
            chat_per_address_per_minute: 30,
            analysis: crate::analysis::AnalysisLimits::default(),
            review: crate::review::ReviewLimits::default(),
            tournaments: crate::tournament::TournamentLimits::default(),
            open_games_per_user: 50,
            open_games_per_address: 100,
            open_games: 20_000,
            challenges_per_invitee: 10,
            positions_per_minute: 60,
            lesson_requests_per_minute: 60,
            lesson_requests_per_address_per_minute: 300,
            lesson_requests_per_minute_in_all: 6_000,
            puzzle_requests_per_minute: 120,
            puzzle_requests_per_address_per_minute: 300,
            puzzle_requests_per_minute_in_all: 12_000,
            user_searches_per_minute: 60,
            user_searches_per_minute_in_all: 1_200,
            new_boards_per_hour: 5,
            bots_per_day: 5,
            bots_per_address_per_day: 10,
            bots_per_day_in_all: 500,
            session_recheck: Duration::from_secs(30),
            fair_play_by_address: true,
        }
    }
}

impl ServerConfig {
    /// Defaults: 127.0.0.1:8080, `./gamut-data`, no web client, one AI
    /// worker per core (at least one), no solver tables, sessions valid for 30 days since
    /// their last use, the default [`ServerLimits`], days of 24 hours.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        ServerConfig {
            host: "127.0.0.1".into(),
            port: 8080,
            data_dir: data_dir.into(),
            database_url: None,
            web: WebDir::None,
            ai_workers: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            solved: Vec::new(),
            session_lifetime: DEFAULT_SESSION_LIFETIME,
            security: SecurityPolicy::default(),
            limits: ServerLimits::default(),
            trusted_proxies: Vec::new(),
            day: gamut_protocol::clock::DAY,
            lobby_idle: gamut_protocol::clock::DAY,
        }
    }
}
