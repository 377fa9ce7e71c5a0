//! Starting and stopping a server.

use crate::ai_pool::AiPool;
use crate::app::App;
use crate::bus::{EventBus, InProcessBus, PgBus};
use crate::cluster::Cluster;
use crate::config::ServerConfig;
use crate::game::actor::ActorContext;
use crate::game::expiry;
use crate::game::registry::Registry;
use crate::http::router;
use crate::limits::{Guards, LobbyFeed};
use crate::rate_limit::{FailureLimiter, KeyedLimiter};
use crate::session::{spawn_sweeper, SessionLifetime};
use crate::store::Store;
use anyhow::Context;
use gamut_protocol::ids::GameId;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// A running server.
pub struct Server {
    addr: SocketAddr,
    /// What the handlers share (for `Server::app`).
    #[cfg(feature = "internals")]
    app: Arc<App>,
    task: JoinHandle<std::io::Result<()>>,
    sweeper: JoinHandle<()>,
    /// Ends abandoned untimed games (none when they never expire).
    expiry_sweeper: Option<JoinHandle<()>>,
    /// The `PostgreSQL` bus's task (none on `SQLite`).
    bus_task: Option<JoinHandle<()>>,
    /// The heartbeat among processes sharing the database (none on
    /// `SQLite`).
    cluster_task: Option<JoinHandle<()>>,
    /// Runs the tournaments (`crate::tournament::driver`).
    tournaments: JoinHandle<()>,
}

impl Server {
    /// Opens the store, starts the event bus (over `PostgreSQL` `NOTIFY` when
    /// the store is `PostgreSQL`, so that every server process sharing it sees
    /// every event; in-process on `SQLite`), resumes every live game, starts
    /// deleting expired sessions and ending abandoned untimed games (now and
    /// periodically) and starts serving.
    pub async fn start(config: ServerConfig) -> anyhow::Result<Server> {
        let sessions = SessionLifetime::new(config.session_lifetime).map_err(anyhow::Error::msg)?;
        let store = Store::open(&config.data_dir, config.database_url.as_deref()).await?;
        let (bus, pg_bus, bus_task): (Arc<dyn EventBus>, _, _) =
            match config.database_url.as_deref() {
                Some(url) => {
                    let (bus, task) = PgBus::start(url, store.clone()).await?;
                    (bus.clone(), Some(bus), Some(task))
                }
                None => (Arc::new(InProcessBus::default()), None, None),
            };
        // With other processes on the database, the games' computer moves
        // are shared out among the live ones (crate::cluster).
        let cluster = if store.shared() {
            let cluster = Cluster::new(store.origin());
            cluster.beat(&store).await;
            cluster
        } else {
            Cluster::single()
        };
        let ctx = ActorContext {
            store: store.clone(),
            bus: bus.clone(),
            ai: AiPool::new(config.ai_workers)
                .with_solved(config.solved.iter().map(|f| f.table.clone()).collect()),
            cluster: cluster.clone(),
            untimed_expiry: config.limits.untimed_expiry,
        };
        // Limits against abuse (issue 12), the board cap process-wide.
        let limits = &config.limits;
        gamut_pursuit::set_board_limit(limits.pursuit_boards);
        let app = Arc::new(App {
            store: store.clone(),
            registry: Registry::new(ctx),
            bus,
            signin_by_name: FailureLimiter::per_minute(limits.signin_failures_per_minute),
            signin_by_addr: FailureLimiter::per_minute(limits.signin_failures_per_address),
            signup_by_addr: KeyedLimiter::per_minute(limits.signups_per_minute),
            guests_by_addr: KeyedLimiter::per_minute(limits.guests_per_minute),
            sessions,
            security: config.security.clone(),
            guards: Guards::new(limits),
            lobby: LobbyFeed::default(),
            analysis: crate::analysis::Analyses::new(&limits.analysis),
            reviews: crate::review::Reviews::new(&limits.review),
            day: config.day,
            lobby_idle: config.lobby_idle,
            tournaments: crate::tournament::TournamentHub::new(&limits.tournaments),
        });
        let live = store.live_game_ids().await.context("listing live games")?;
        let mut resumed = 0;
        for id in &live {
            match GameId::parse(id) {
                Ok(id) if cluster.owns(&id) => {
                    app.registry.ensure(&id);
                    resumed += 1;
                }
                Ok(_) => {}
                Err(e) => tracing::error!("not resuming a live game: {e}"),
            }
        }
        tracing::info!("resumed {resumed} of {} live games", live.len());
        // Untimed games nobody plays any more end (crate::game::expiry).
        let expiry_sweeper = config.limits.untimed_expiry.map(|after| {
            let weak = Arc::downgrade(&app);
            expiry::spawn_sweeper(store.clone(), cluster.clone(), after, move |id| {
                if let Some(app) = weak.upgrade() {
                    app.registry.ensure(id);
                }
            })
        });
        // A game this process owns is run here as soon as it is heard of
        // (a new game, or one whose owner died).
        let cluster_task = pg_bus.map(|pg_bus| {
            let weak = Arc::downgrade(&app);
            let owned = cluster.clone();
            pg_bus.on_game(move |id| {
                if let Some(app) = weak.upgrade() {
                    if owned.owns(id) {
                        app.registry.ensure(id);
                    }
                }
            });
            let weak = Arc::downgrade(&app);
            tokio::spawn(cluster.run(store.clone(), move |id| {
                if let Some(app) = weak.upgrade() {
                    app.registry.ensure(id);
                }
            }))
        });
        let listener = TcpListener::bind((config.host.as_str(), config.port))
            .await
            .with_context(|| format!("listening on {}:{}", config.host, config.port))?;
        let addr = listener.local_addr()?;
        let service = router(app.clone(), &config.web);
        let (header_timeout, body_timeout) = (limits.header_read_timeout, limits.body_read_timeout);
        let task = tokio::spawn(crate::listen::serve(
            listener,
            service,
            header_timeout,
            body_timeout,
            config.trusted_proxies.clone(),
        ));
        let sweeper = spawn_sweeper(store, sessions);
        // Tournaments resume where they were (everything is in the store).
        let tournaments = crate::tournament::driver::spawn(&app);
        Ok(Server {
            addr,
            #[cfg(feature = "internals")]
            app,
            task,
            sweeper,
            expiry_sweeper,
            bus_task,
            cluster_task,
            tournaments,
        })
    }

    /// What its handlers share (counters for the server's own tests).
    #[cfg(feature = "internals")]
    pub fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process is stopped or the server fails.
    pub async fn wait(self) -> anyhow::Result<()> {
        let served = self.task.await;
        self.sweeper.abort();
        self.tournaments.abort();
        if let Some(expiry_sweeper) = self.expiry_sweeper {
            expiry_sweeper.abort();
        }
        if let Some(bus_task) = self.bus_task {
            bus_task.abort();
        }
        if let Some(cluster_task) = self.cluster_task {
            cluster_task.abort();
        }
        served.context("server task")?.context("serving")
    }

    /// Stops serving.
    pub fn stop(self) {
        self.task.abort();
        self.sweeper.abort();
        self.tournaments.abort();
        if let Some(expiry_sweeper) = self.expiry_sweeper {
            expiry_sweeper.abort();
        }
        if let Some(bus_task) = self.bus_task {
            bus_task.abort();
        }
        if let Some(cluster_task) = self.cluster_task {
            cluster_task.abort();
        }
    }
}
