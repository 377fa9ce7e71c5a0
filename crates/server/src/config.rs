//! How a server is started: address, storage, web client.

pub use crate::http::security::SecurityPolicy;
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
    /// How long a session stays valid since its last use (at least 1 s;
    /// also the cookie's `Max-Age`).
    pub session_lifetime: Duration,
    /// Allowed origins besides the server's own, and the cookie's `Secure`
    /// flag.
    pub security: SecurityPolicy,
}

impl ServerConfig {
    /// Defaults: 127.0.0.1:8080, `./gamut-data`, no web client, one AI
    /// worker per core (at least one), sessions valid for 30 days since
    /// their last use.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        ServerConfig {
            host: "127.0.0.1".into(),
            port: 8080,
            data_dir: data_dir.into(),
            database_url: None,
            web: WebDir::None,
            ai_workers: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            session_lifetime: DEFAULT_SESSION_LIFETIME,
            security: SecurityPolicy::default(),
        }
    }
}
