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
    /// Directory of the embedded `SQLite` database.
    #[arg(long, default_value = "./gamut-data")]
    data: PathBuf,
    /// A `postgres://` URL: store everything in `PostgreSQL` instead.
    #[arg(long)]
    database: Option<String>,
    /// The web client's directory (default: `web` here or in the workspace).
    #[arg(long)]
    web: Option<PathBuf>,
    /// How many computer moves may be computed at once (default: cores).
    #[arg(long)]
    ai_workers: Option<usize>,
    /// A solver table saved by `gamut solve --save` (repeatable): the
    /// computer at level `max` plays its proven positions perfectly in
    /// the games of the game and options it was made for.
    #[arg(long, value_name = "FILE")]
    solved: Vec<PathBuf>,
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
    /// The address of a reverse proxy in front of the server (repeatable):
    /// for requests from it, the client's address (which every
    /// per-address limit counts) is read from `X-Forwarded-For`, the
    /// right-most entry that is not a trusted proxy. Without it the header
    /// is ignored and the TCP peer is the client.
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Limits against abuse (defaults in docs/api.md, "Limits").
    #[command(flatten)]
    limits: Box<LimitArgs>,
}

/// The limits a deployment tunes (`gamut_server::ServerLimits`); each
/// flag left out keeps its default.
#[derive(Args, Debug)]
pub struct LimitArgs {
    /// New guests per address per minute (default 60).
    #[arg(long, value_name = "N")]
    guests_per_minute: Option<usize>,
    /// Sign-ups per address per minute (default 5).
    #[arg(long, value_name = "N")]
    signups_per_minute: Option<usize>,
    /// Failed sign-ins per username and address per minute (default 5).
    #[arg(long, value_name = "N")]
    signin_failures_per_minute: Option<usize>,
    /// Failed sign-ins per address per minute (default 20).
    #[arg(long, value_name = "N")]
    signin_failures_per_address: Option<usize>,
    /// Imports per address per minute (default 30).
    #[arg(long, value_name = "N")]
    imports_per_minute: Option<usize>,
    /// Distinct Linear Pursuit boards accepted besides the built-in one
    /// (default 100).
    #[arg(long, value_name = "N")]
    pursuit_boards: Option<usize>,
    /// Open seeks per user (default 5).
    #[arg(long, value_name = "N")]
    seeks_per_user: Option<usize>,
    /// Seeks a user may open per minute (default 20).
    #[arg(long, value_name = "N")]
    seeks_per_minute: Option<usize>,
    /// Milliseconds between two lobby messages at most, changes that come
    /// meanwhile sent together (default 500).
    #[arg(long, value_name = "MS")]
    lobby_interval_ms: Option<u64>,
    /// Live games against the computer per user (default 3).
    #[arg(long, value_name = "N")]
    computer_games_per_user: Option<usize>,
    /// Live games against the computer per address (default 6).
    #[arg(long, value_name = "N")]
    computer_games_per_address: Option<usize>,
    /// Takeback requests per player and game per minute (default 6).
    #[arg(long, value_name = "N")]
    takebacks_per_minute: Option<usize>,
    /// Game sockets per address (default 64).
    #[arg(long, value_name = "N")]
    sockets_per_address: Option<usize>,
    /// Lobby sockets per address (default 8).
    #[arg(long, value_name = "N")]
    lobby_sockets_per_address: Option<usize>,
    /// Messages per socket per second, bursts of twice as many (default 20).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    messages_per_second: Option<u32>,
    /// `sync` requests per socket per minute (default 12).
    #[arg(long, value_name = "N")]
    syncs_per_minute: Option<usize>,
    /// Seconds a silent socket stays open (default 90).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..))]
    socket_idle_secs: Option<u64>,
    /// Seconds a request's headers may take to arrive (default 5).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout_secs: Option<u64>,
    /// Seconds a request's body may take to arrive (default 10).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..))]
    body_timeout_secs: Option<u64>,
    /// Days an untimed game may go without a move (or any other event)
    /// before it ends (default 30; 0: never).
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u64).range(0..=36500))]
    untimed_expiry_days: Option<u64>,
    /// Chat messages per user per minute (default 10).
    #[arg(long, value_name = "N")]
    chat_per_minute: Option<usize>,
    /// Chat messages per address per minute (default 30).
    #[arg(long, value_name = "N")]
    chat_per_address_per_minute: Option<usize>,
    /// Analyses searching at once in the server (default: the cores less
    /// one, at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    analysis_workers: Option<u64>,
    /// Analyses running at once per address (default 4).
    #[arg(long, value_name = "N")]
    analyses_per_address: Option<usize>,
    /// Seconds one analysis request searches at most (default 30).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=3600))]
    analysis_max_secs: Option<u64>,
    /// Nodes one analysis request searches at most (default 200000000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    analysis_max_nodes: Option<u64>,
    /// Analysis sockets per address (default 8).
    #[arg(long, value_name = "N")]
    analysis_sockets_per_address: Option<usize>,
    /// Milliseconds an analysis searches before it gives its worker to a
    /// waiting request of another address or user (default 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600000))]
    analysis_slice_ms: Option<u64>,
    /// Game reviews queued or running at once in the server (default 4;
    /// each user: one).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    reviews: Option<u64>,
    /// Game reviews queued or running at once asked from one address
    /// (default 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    reviews_per_address: Option<u64>,
    /// Milliseconds a review searches each position at most (default 300).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=60000))]
    review_position_ms: Option<u64>,
    /// Nodes a review searches each position at most (default 2000000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    review_position_nodes: Option<u64>,
    /// Seconds a whole review searches at most (default 120).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=86400))]
    review_max_secs: Option<u64>,
    /// Tournaments upcoming or running one user may have created (default
    /// 2).
    #[arg(long, value_name = "N")]
    tournaments_per_user: Option<usize>,
    /// Tournaments upcoming or running in the server (default 20).
    #[arg(long, value_name = "N")]
    tournaments: Option<usize>,
    /// Players in one tournament (default 100).
    #[arg(long, value_name = "N")]
    tournament_players: Option<usize>,
    /// Games waiting or being played one person is seated in (default 50).
    #[arg(long, value_name = "N")]
    open_games_per_user: Option<usize>,
    /// Games waiting or being played from one address (default 100).
    #[arg(long, value_name = "N")]
    open_games_per_address: Option<usize>,
    /// Games waiting or being played in the server (default 20000).
    #[arg(long, value_name = "N")]
    open_games: Option<usize>,
    /// Challenges by name waiting for one person (default 10).
    #[arg(long, value_name = "N")]
    challenges_per_invitee: Option<usize>,
    /// `POST /api/positions` per address per minute (default 60).
    #[arg(long, value_name = "N")]
    positions_per_minute: Option<usize>,
    /// Name look-ups (`GET /api/users?prefix=`) per address per minute
    /// (default 60).
    #[arg(long, value_name = "N")]
    user_searches_per_minute: Option<usize>,
    /// Name look-ups in the whole server per minute (default 1200).
    #[arg(long, value_name = "N")]
    user_searches_per_minute_in_all: Option<usize>,
    /// Lesson progress requests per user per minute (default 60).
    #[arg(long, value_name = "N")]
    lesson_requests_per_minute: Option<usize>,
    /// Lesson progress requests per address per minute (default 300).
    #[arg(long, value_name = "N")]
    lesson_requests_per_address_per_minute: Option<usize>,
    /// Lesson progress requests in the whole server per minute (default 6000).
    #[arg(long, value_name = "N")]
    lesson_requests_per_minute_in_all: Option<usize>,
    /// Puzzle requests per user per minute (default 120).
    #[arg(long, value_name = "N")]
    puzzle_requests_per_minute: Option<usize>,
    /// Puzzle requests per address per minute (default 300).
    #[arg(long, value_name = "N")]
    puzzle_requests_per_address_per_minute: Option<usize>,
    /// Puzzle requests in the whole server per minute (default 12000).
    #[arg(long, value_name = "N")]
    puzzle_requests_per_minute_in_all: Option<usize>,
    /// New Linear Pursuit boards brought per address per hour (default 5).
    #[arg(long, value_name = "N")]
    new_boards_per_hour: Option<usize>,
    /// Bots one person makes in 24 hours, revoked ones included (default 5).
    #[arg(long, value_name = "N")]
    bots_per_day: Option<usize>,
    /// Bots made from one address in 24 hours (default 10).
    #[arg(long, value_name = "N")]
    bots_per_address_per_day: Option<usize>,
    /// Bots made in the server in 24 hours (default 500).
    #[arg(long, value_name = "N")]
    bots_per_day_in_all: Option<usize>,
    /// Seconds between two checks of a push socket's session (default 30).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=3600))]
    session_recheck_secs: Option<u64>,
    /// Fair play by session only: do not treat everyone at a live game's
    /// player's address as that player (for a test suite driving many
    /// browsers from one address; never on a public server).
    #[arg(long)]
    no_fair_play_by_address: bool,
}

impl LimitArgs {
    /// Sets the limits given on `limits`.
    fn apply(self, limits: &mut gamut_server::ServerLimits) {
        let set = |target: &mut usize, value: Option<usize>| {
            if let Some(v) = value {
                *target = v;
            }
        };
        set(&mut limits.guests_per_minute, self.guests_per_minute);
        set(&mut limits.signups_per_minute, self.signups_per_minute);
        set(
            &mut limits.signin_failures_per_minute,
            self.signin_failures_per_minute,
        );
        set(
            &mut limits.signin_failures_per_address,
            self.signin_failures_per_address,
        );
        set(&mut limits.imports_per_minute, self.imports_per_minute);
        set(&mut limits.pursuit_boards, self.pursuit_boards);
        set(&mut limits.seeks_per_user, self.seeks_per_user);
        set(&mut limits.seeks_per_minute, self.seeks_per_minute);
        if let Some(ms) = self.lobby_interval_ms {
            limits.lobby_interval = Duration::from_millis(ms);
        }
        set(
            &mut limits.computer_games_per_user,
            self.computer_games_per_user,
        );
        set(
            &mut limits.computer_games_per_address,
            self.computer_games_per_address,
        );
        set(&mut limits.takebacks_per_minute, self.takebacks_per_minute);
        set(&mut limits.sockets_per_address, self.sockets_per_address);
        set(
            &mut limits.lobby_sockets_per_address,
            self.lobby_sockets_per_address,
        );
        set(&mut limits.syncs_per_minute, self.syncs_per_minute);
        if let Some(n) = self.messages_per_second {
            limits.messages_per_second = n;
        }
        let secs = |target: &mut Duration, value: Option<u64>| {
            if let Some(s) = value {
                *target = Duration::from_secs(s);
            }
        };
        secs(&mut limits.socket_idle, self.socket_idle_secs);
        secs(&mut limits.header_read_timeout, self.header_timeout_secs);
        secs(&mut limits.body_read_timeout, self.body_timeout_secs);
        if let Some(days) = self.untimed_expiry_days {
            limits.untimed_expiry = (days > 0).then(|| Duration::from_secs(days * 86_400));
        }
        set(&mut limits.chat_per_minute, self.chat_per_minute);
        set(
            &mut limits.chat_per_address_per_minute,
            self.chat_per_address_per_minute,
        );
        let analysis = &mut limits.analysis;
        if let Some(n) = self.analysis_workers {
            analysis.workers = usize::try_from(n).unwrap_or(usize::MAX);
        }
        set(&mut analysis.per_address, self.analyses_per_address);
        secs(&mut analysis.max_time, self.analysis_max_secs);
        if let Some(n) = self.analysis_max_nodes {
            analysis.max_nodes = n;
        }
        set(
            &mut analysis.sockets_per_address,
            self.analysis_sockets_per_address,
        );
        if let Some(ms) = self.analysis_slice_ms {
            analysis.slice = Duration::from_millis(ms);
        }
        let review = &mut limits.review;
        if let Some(n) = self.reviews {
            review.running = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = self.reviews_per_address {
            review.per_address = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(ms) = self.review_position_ms {
            review.position_time = Duration::from_millis(ms);
        }
        if let Some(n) = self.review_position_nodes {
            review.position_nodes = n;
        }
        secs(&mut review.total_time, self.review_max_secs);
        let tournaments = &mut limits.tournaments;
        set(&mut tournaments.per_user, self.tournaments_per_user);
        set(&mut tournaments.total, self.tournaments);
        set(&mut tournaments.players, self.tournament_players);
        set(&mut limits.open_games_per_user, self.open_games_per_user);
        set(
            &mut limits.open_games_per_address,
            self.open_games_per_address,
        );
        set(&mut limits.open_games, self.open_games);
        set(
            &mut limits.challenges_per_invitee,
            self.challenges_per_invitee,
        );
        set(&mut limits.positions_per_minute, self.positions_per_minute);
        set(
            &mut limits.user_searches_per_minute,
            self.user_searches_per_minute,
        );
        set(
            &mut limits.user_searches_per_minute_in_all,
            self.user_searches_per_minute_in_all,
        );
        set(
            &mut limits.lesson_requests_per_minute,
            self.lesson_requests_per_minute,
        );
        set(
            &mut limits.lesson_requests_per_address_per_minute,
            self.lesson_requests_per_address_per_minute,
        );
        set(
            &mut limits.lesson_requests_per_minute_in_all,
            self.lesson_requests_per_minute_in_all,
        );
        set(
            &mut limits.puzzle_requests_per_minute,
            self.puzzle_requests_per_minute,
        );
        set(
            &mut limits.puzzle_requests_per_address_per_minute,
            self.puzzle_requests_per_address_per_minute,
        );
        set(
            &mut limits.puzzle_requests_per_minute_in_all,
            self.puzzle_requests_per_minute_in_all,
        );
        set(&mut limits.new_boards_per_hour, self.new_boards_per_hour);
        set(&mut limits.bots_per_day, self.bots_per_day);
        set(
            &mut limits.bots_per_address_per_day,
            self.bots_per_address_per_day,
        );
        set(&mut limits.bots_per_day_in_all, self.bots_per_day_in_all);
        secs(&mut limits.session_recheck, self.session_recheck_secs);
        if self.no_fair_play_by_address {
            limits.fair_play_by_address = false;
        }
    }
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
    for path in &args.solved {
        let file = gamut_games::SolvedFile::load(path)
            .with_context(|| format!("loading the solver table {}", path.display()))?;
        println!(
            "solved positions for {}: {} entries from {}",
            file.describe(),
            file.table.entries(),
            path.display()
        );
        config.solved.push(file);
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
    config.trusted_proxies = args.trusted_proxies;
    args.limits.apply(&mut config.limits);
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
