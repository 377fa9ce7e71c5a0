//! `gamut serve`: the platform (HTTP + WebSocket server and web client).

use anyhow::Context;
use clap::Args;
use gamut_server::{Server, ServerConfig, WebDir};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of `gamut serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Directory of the embedded SQLite database.
    #[arg(long, default_value = "./gamut-data")]
    data: PathBuf,
    /// A postgres:// URL: store everything in PostgreSQL instead.
    #[arg(long)]
    database: Option<String>,
    /// The web client's directory (default: `web` here or in the workspace).
    #[arg(long)]
    web: Option<PathBuf>,
    /// How many computer moves may be computed at once (default: cores).
    #[arg(long)]
    ai_workers: Option<usize>,
    /// Days a session stays valid since its last use (default: 30).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3650))]
    session_days: Option<u64>,
    /// An origin allowed to use the API besides the server's own address,
    /// e.g. `https://play.example.org` behind a proxy (repeatable).
    #[arg(long = "allowed-origin", value_name = "URL")]
    allowed_origins: Vec<String>,
    /// Mark the session cookie `Secure` (the site is served over HTTPS,
    /// e.g. by a proxy in front). Default: on when an allowed origin is
    /// `https://`.
    #[arg(long)]
    secure_cookies: bool,
}

/// The web client: `--web`, else `./web`, else the workspace's `web/`.
fn web_dir(arg: Option<PathBuf>) -> anyhow::Result<WebDir> {
    if let Some(dir) = arg {
        anyhow::ensure!(dir.is_dir(), "--web {}: not a directory", dir.display());
        return Ok(WebDir::Dir(dir));
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    Ok([PathBuf::from("web"), workspace]
        .into_iter()
        .find(|d| d.join("index.html").is_file())
        .map_or(WebDir::None, WebDir::Dir))
}

/// Runs the server until the process is stopped.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let mut config = ServerConfig::new(args.data);
    config.host = args.host;
    config.port = args.port;
    config.database_url = args.database;
    config.web = web_dir(args.web)?;
    if let Some(n) = args.ai_workers {
        config.ai_workers = n;
    }
    if let Some(days) = args.session_days {
        config.session_lifetime = Duration::from_secs(days * 86_400);
    }
    config.security.secure_cookies = args.secure_cookies
        || args
            .allowed_origins
            .iter()
            .any(|o| o.starts_with("https://"));
    config.security.allowed_origins = args.allowed_origins;
    let runtime = tokio::runtime::Runtime::new().context("starting the runtime")?;
    runtime.block_on(async move {
        if config.web == WebDir::None {
            eprintln!("note: no web client found (web/index.html); serving the API only");
        }
        let server = Server::start(config).await?;
        println!("Gamut is running at http://{}/", server.addr());
        server.wait().await
    })
}
