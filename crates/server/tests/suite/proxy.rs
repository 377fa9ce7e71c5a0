//! Client addresses behind a proxy (`--trusted-proxy`, issue 21): the
//! per-address limits count the address `X-Forwarded-For` names only when
//! the request comes from a trusted proxy (here loopback), HTTP requests
//! and WebSocket upgrades alike; and a sign-in answers an unknown name
//! exactly as a wrong password.

use crate::common;

use common::{decode, Backend, ErrorCode, ErrorView, TestServer};
use gamut_server::ServerConfig;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

async fn server_with(configure: impl FnOnce(&mut ServerConfig)) -> TestServer {
    TestServer::start_with(Backend::sqlite(), configure).await
}

/// `POST /api/guest` with no session, carrying `X-Forwarded-For:
/// forwarded` if given; the status.
async fn new_guest(server: &TestServer, forwarded: Option<&str>) -> u16 {
    let mut req = reqwest::Client::new()
        .post(format!("{}/api/guest", server.base))
        .json(&json!({}));
    if let Some(f) = forwarded {
        req = req.header("x-forwarded-for", f);
    }
    req.send().await.expect("request").status().as_u16()
}

/// Opens a lobby socket carrying `X-Forwarded-For: forwarded`; the HTTP
/// status if refused.
async fn lobby_socket(
    server: &TestServer,
    forwarded: &str,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    u16,
> {
    let url = format!(
        "{}/api/lobby/ws",
        server.base.replacen("http://", "ws://", 1)
    );
    let mut req = url.into_client_request().expect("ws request");
    req.headers_mut()
        .insert("x-forwarded-for", forwarded.parse().expect("header"));
    match tokio_tungstenite::connect_async(req).await {
        Ok((stream, _)) => Ok(stream),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err(resp.status().as_u16()),
        Err(e) => panic!("ws connect: {e}"),
    }
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_the_peer_is_trusted() {
    let server = server_with(|c| c.limits.guests_per_minute = 2).await;
    assert_eq!(new_guest(&server, Some("203.0.113.1")).await, 200);
    assert_eq!(new_guest(&server, Some("203.0.113.2")).await, 200);
    // Whatever the header says, it is the third guest from loopback.
    assert_eq!(new_guest(&server, Some("203.0.113.3")).await, 429);
    assert_eq!(new_guest(&server, None).await, 429);
}

#[tokio::test]
async fn a_trusted_proxy_names_the_client() {
    let server = server_with(|c| {
        c.limits.guests_per_minute = 2;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    for _ in 0..2 {
        assert_eq!(new_guest(&server, Some("203.0.113.1")).await, 200);
    }
    assert_eq!(new_guest(&server, Some("203.0.113.1")).await, 429);
    // Another client behind the proxy has its own quota; what the first
    // client wrote left of the proxy's entry does not matter.
    assert_eq!(new_guest(&server, Some("203.0.113.2")).await, 200);
    assert_eq!(
        new_guest(&server, Some("198.51.100.9, 203.0.113.2")).await,
        200
    );
    assert_eq!(new_guest(&server, Some("203.0.113.2")).await, 429);
    assert_eq!(
        new_guest(&server, Some("203.0.113.1, 2001:db8::2")).await,
        200
    );
    // Without the header, the proxy itself is the client.
    assert_eq!(new_guest(&server, None).await, 200);
}

#[tokio::test]
async fn socket_caps_count_the_forwarded_client() {
    let server = server_with(|c| {
        c.limits.lobby_sockets_per_address = 1;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let _a = lobby_socket(&server, "203.0.113.1").await.expect("first");
    let _b = lobby_socket(&server, "203.0.113.2")
        .await
        .expect("another client");
    assert_eq!(lobby_socket(&server, "203.0.113.1").await.err(), Some(429));
}

#[tokio::test]
async fn an_unknown_name_is_answered_as_a_wrong_password() {
    let server = server_with(|_| {}).await;
    server.registered("alice").await;
    let guest = server.guest().await.me().await.user.expect("a guest").name;
    let mut answers = Vec::new();
    for name in ["alice", "nobody-here", guest.as_str()] {
        let resp = reqwest::Client::new()
            .post(format!("{}/api/signin", server.base))
            .json(&json!({"username": name, "password": "wrong horse"}))
            .send()
            .await
            .expect("request");
        let status = resp.status().as_u16();
        let body = resp.json().await.expect("JSON");
        answers.push((status, decode::<ErrorView>(&body)));
    }
    // The same answer to all three, whole (nothing tells the names apart).
    let (status, first) = &answers[0];
    assert_eq!((*status, first.code), (401, ErrorCode::WrongCredentials));
    assert!(first.params.is_empty(), "{first:?}");
    assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
}
