//! Starting and stopping a server.

use crate::ai_pool::AiPool;
use crate::bus::{EventBus, InProcessBus, PgBus};
use crate::cluster::Cluster;
use crate::config::ServerConfig;
use crate::game::actor::ActorContext;
use crate::game::registry::Registry;
use crate::http::{router, App};
use crate::ids::GameId;
use crate::rate_limit::RateLimiter;
use crate::session::{spawn_sweeper, SessionLifetime};
use crate::store::Store;
use anyhow::Context;
use axum::serve::ListenerExt;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// A running server.
pub struct Server {
    addr: SocketAddr,
    task: JoinHandle<std::io::Result<()>>,
    sweeper: JoinHandle<()>,
    /// The `PostgreSQL` bus's task (none on `SQLite`).
    bus_task: Option<JoinHandle<()>>,
    /// The heartbeat among processes sharing the database (none on
    /// `SQLite`).
    cluster_task: Option<JoinHandle<()>>,
}

impl Server {
    /// Opens the store, starts the event bus (over `PostgreSQL` `NOTIFY` when
    /// the store is `PostgreSQL`, so that every server process sharing it sees
    /// every event; in-process on `SQLite`), resumes every live game, starts
    /// deleting expired sessions (now and periodically) and starts serving.
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
            ai: AiPool::new(config.ai_workers),
            cluster: cluster.clone(),
        };
        let app = Arc::new(App {
            store: store.clone(),
            registry: Registry::new(ctx),
            bus,
            signin_by_name: RateLimiter::new(5, 60_000),
            signin_by_addr: RateLimiter::new(20, 60_000),
            signup_by_addr: RateLimiter::new(5, 60_000),
            guests_by_addr: RateLimiter::new(60, 60_000),
            sessions,
            security: config.security.clone(),
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
        let service = router(app, &config.web).into_make_service_with_connect_info::<SocketAddr>();
        // Small frames (a move's event, then its ack) go out at once
        // instead of waiting for the client's delayed ACK (~40 ms).
        let listener = listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::warn!("TCP_NODELAY: {e}");
            }
        });
        let task = tokio::spawn(async move { axum::serve(listener, service).await });
        let sweeper = spawn_sweeper(store, sessions);
        Ok(Server {
            addr,
            task,
            sweeper,
            bus_task,
            cluster_task,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process is stopped or the server fails.
    pub async fn wait(self) -> anyhow::Result<()> {
        let served = self.task.await;
        self.sweeper.abort();
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
        if let Some(bus_task) = self.bus_task {
            bus_task.abort();
        }
        if let Some(cluster_task) = self.cluster_task {
            cluster_task.abort();
        }
    }
}
