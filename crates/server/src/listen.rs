//! The accept loop: `axum::serve`'s, with read timeouts. A connection
//! whose request headers do not arrive within the header timeout is
//! dropped (hyper's `header_read_timeout`), a request whose body does not
//! arrive within the body timeout is answered 408 (tower-http's
//! `RequestBodyTimeoutLayer`), so half-sent requests hold nothing for long.
//! Each connection gets `TCP_NODELAY` (small frames, a move's event then
//! its ack, go out at once instead of waiting for the client's delayed ACK)
//! and the client's address (`ConnectInfo`).

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// Serves `router` on `listener` until the task is aborted.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    body_timeout: Duration,
) -> std::io::Result<()> {
    let router = router.layer(RequestBodyTimeoutLayer::new(body_timeout));
    loop {
        let (tcp, addr) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a little.
                tracing::warn!("accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("TCP_NODELAY: {e}");
        }
        let router = router.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(addr));
                router.clone().oneshot(req.map(Body::new))
            });
            let mut builder = Builder::new(TokioExecutor::new());
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
            if let Err(e) = conn.await {
                tracing::trace!("connection from {addr}: {e}");
            }
        });
    }
}
