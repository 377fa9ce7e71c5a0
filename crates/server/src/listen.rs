//! The accept loop: `axum::serve`'s, with read timeouts. A connection
//! whose request headers do not arrive within the header timeout is
//! dropped (hyper's `header_read_timeout`), a request whose body does not
//! arrive within the body timeout is answered 408 (tower-http's
//! `RequestBodyTimeoutLayer`), so half-sent requests hold nothing for long.
//! Each connection gets `TCP_NODELAY` (small frames, a move's event then
//! its ack, go out at once instead of waiting for the client's delayed ACK)
//! and the client's address (`ConnectInfo`): the TCP peer's, or, when
//! the peer is a trusted proxy (`--trusted-proxy`), the one its
//! `X-Forwarded-For` names ([`client_addr`]), so that every per-address
//! limit counts the real client behind the proxy, WebSocket upgrades
//! included.

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// Serves `router` on `listener` until the task is aborted; requests from
/// the `trusted_proxies` get the client address their `X-Forwarded-For`
/// names ([`client_addr`]).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    body_timeout: Duration,
    trusted_proxies: Vec<IpAddr>,
) -> std::io::Result<()> {
    let trusted: Arc<[IpAddr]> = trusted_proxies.into();
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
        let trusted = trusted.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
                let client = client_addr(addr, req.headers(), &trusted);
                req.extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(client));
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

/// The client's address for a request from the TCP peer `peer` carrying
/// `headers`. Only when the peer is one of the `trusted` proxies is
/// `X-Forwarded-For` read (every such header, in order, as one
/// comma-separated list; each proxy appends the address it got the
/// request from): the client is the right-most entry that is not itself a
/// trusted proxy, or the left-most if all are. Entries left of it are
/// never looked at (the client wrote them). Without the header, or when
/// that right-most untrusted entry is not an address, the client is the
/// peer. An address taken from the header gets port 0 (the port is not
/// known). IPv4-mapped IPv6 addresses count as their IPv4 address.
pub fn client_addr(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> SocketAddr {
    let is_trusted = |ip: &IpAddr| {
        let ip = ip.to_canonical();
        trusted.iter().any(|t| t.to_canonical() == ip)
    };
    if trusted.is_empty() || !is_trusted(&peer.ip()) {
        return peer;
    }
    // Each entry: its address, or `None` if it is not one.
    let entries: Vec<Option<IpAddr>> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|value| match value.to_str() {
            Ok(list) => list
                .split(',')
                .map(str::trim)
                .filter(|entry| !entry.is_empty())
                .map(forwarded_ip)
                .collect::<Vec<_>>(),
            Err(_) => vec![None],
        })
        .collect();
    for entry in entries.iter().rev() {
        match entry {
            Some(ip) if is_trusted(ip) => {}
            Some(ip) => return SocketAddr::new(*ip, 0),
            None => return peer,
        }
    }
    match entries.first() {
        Some(Some(ip)) => SocketAddr::new(*ip, 0),
        _ => peer,
    }
}

/// One `X-Forwarded-For` entry's address: `1.2.3.4`, `2001:db8::1`, or
/// either with a port (`1.2.3.4:5678`, `[2001:db8::1]:5678`), as some
/// proxies write it.
fn forwarded_ip(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<SocketAddr>().map(|a| a.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEER: &str = "127.0.0.1:40000";

    fn peer() -> SocketAddr {
        PEER.parse().unwrap()
    }

    fn ips(list: &[&str]) -> Vec<IpAddr> {
        list.iter().map(|ip| ip.parse().unwrap()).collect()
    }

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", v.parse().unwrap());
        }
        headers
    }

    /// The client address for `values` from the default peer trusting
    /// `trusted`.
    fn client(values: &[&str], trusted: &[&str]) -> SocketAddr {
        client_addr(peer(), &headers(values), &ips(trusted))
    }

    fn forwarded(ip: &str) -> SocketAddr {
        SocketAddr::new(ip.parse().unwrap(), 0)
    }

    #[test]
    fn the_header_of_an_untrusted_peer_is_ignored() {
        assert_eq!(client(&["203.0.113.7"], &[]), peer());
        assert_eq!(client(&["203.0.113.7"], &["10.0.0.1"]), peer());
    }

    #[test]
    fn a_trusted_peer_without_the_header_is_the_client() {
        assert_eq!(client(&[], &["127.0.0.1"]), peer());
        assert_eq!(client(&[""], &["127.0.0.1"]), peer());
    }

    #[test]
    fn the_right_most_untrusted_entry_is_the_client() {
        let trusted = ["127.0.0.1", "10.0.0.2"];
        assert_eq!(client(&["203.0.113.7"], &trusted), forwarded("203.0.113.7"));
        // The client claims 1.1.1.1; the proxies appended what they saw.
        assert_eq!(
            client(&["1.1.1.1, 203.0.113.7,10.0.0.2"], &trusted),
            forwarded("203.0.113.7")
        );
        // Several headers are one list, in order.
        assert_eq!(
            client(&["1.1.1.1", "203.0.113.7", " 10.0.0.2 "], &trusted),
            forwarded("203.0.113.7")
        );
    }

    #[test]
    fn ipv6_and_ports_are_read() {
        let trusted = ["127.0.0.1", "::1"];
        assert_eq!(client(&["2001:db8::7"], &trusted), forwarded("2001:db8::7"));
        assert_eq!(
            client(&["[2001:db8::7]:443, ::1"], &trusted),
            forwarded("2001:db8::7")
        );
        assert_eq!(
            client(&["203.0.113.7:5678"], &trusted),
            forwarded("203.0.113.7")
        );
        // An IPv4-mapped peer or entry is its IPv4 address.
        let mapped: SocketAddr = "[::ffff:127.0.0.1]:40000".parse().unwrap();
        let h = headers(&["::ffff:203.0.113.7"]);
        assert_eq!(
            client_addr(mapped, &h, &ips(&trusted)),
            forwarded("203.0.113.7")
        );
    }

    #[test]
    fn garbage_where_the_client_should_be_leaves_the_peer() {
        let trusted = ["127.0.0.1"];
        assert_eq!(client(&["not an address"], &trusted), peer());
        assert_eq!(client(&["203.0.113.7, unknown"], &trusted), peer());
        // Garbage the client wrote left of the real entry does not matter.
        assert_eq!(
            client(&["garbage, 203.0.113.7"], &trusted),
            forwarded("203.0.113.7")
        );
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", "203.0.113.7".parse().unwrap());
        h.append(
            "x-forwarded-for",
            axum::http::HeaderValue::from_bytes(b"\xff").unwrap(),
        );
        assert_eq!(client_addr(peer(), &h, &ips(&trusted)), peer());
    }

    #[test]
    fn when_every_entry_is_trusted_the_left_most_is_the_client() {
        let trusted = ["127.0.0.1", "10.0.0.1", "10.0.0.2"];
        assert_eq!(
            client(&["10.0.0.1, 10.0.0.2"], &trusted),
            forwarded("10.0.0.1")
        );
    }
}
