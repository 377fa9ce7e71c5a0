//! The web's security basics against a real server: cross-site requests
//! and socket upgrades refused by Origin, bodies only as declared JSON (no
//! login CSRF by an HTML form), the security headers on pages and API, the
//! cookie's `Secure` flag when configured, and a record giving an option
//! twice refused. Each test fails without its fix.

use crate::common;

use common::{code_of, Backend, ErrorCode, TestServer};
use reqwest::header::HeaderMap;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A signed-up user's credentials, and a server with them registered.
async fn server_with_user() -> (TestServer, String) {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut c = server.client();
    c.post_ok(
        "/api/signup",
        json!({"username": "mallory", "password": "correct horse battery"}),
    )
    .await;
    (server, "mallory".to_owned())
}

/// POSTs `body` with `content_type` and extra headers; the status.
async fn raw_post(
    base: &str,
    path: &str,
    content_type: &str,
    body: &str,
    extra: &[(&str, &str)],
) -> (u16, HeaderMap) {
    let mut req = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .header("content-type", content_type)
        .body(body.to_owned());
    for &(k, v) in extra {
        req = req.header(k, v);
    }
    let resp = req.send().await.expect("request");
    (resp.status().as_u16(), resp.headers().clone())
}

#[tokio::test]
async fn a_form_cannot_sign_anyone_in() {
    let (server, user) = server_with_user().await;
    let form = format!("{{\"username\":\"{user}\",\"password\":\"correct horse battery\"}}");
    // What an HTML form can send (text/plain carries a JSON-looking body).
    for ct in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let (status, headers) = raw_post(&server.base, "/api/signin", ct, &form, &[]).await;
        assert_eq!(status, 415, "{ct}");
        assert!(headers.get("set-cookie").is_none(), "{ct}: no session");
    }
    let (status, headers) =
        raw_post(&server.base, "/api/signin", "application/json", &form, &[]).await;
    assert_eq!(status, 200);
    assert!(headers.get("set-cookie").is_some());
}

#[tokio::test]
async fn cross_site_state_changes_are_refused() {
    let (server, user) = server_with_user().await;
    let body = format!("{{\"username\":\"{user}\",\"password\":\"correct horse battery\"}}");
    let foreign = [("origin", "https://evil.example")];
    let (status, _) = raw_post(
        &server.base,
        "/api/signin",
        "application/json",
        &body,
        &foreign,
    )
    .await;
    assert_eq!(status, 403);
    let cross = [("sec-fetch-site", "cross-site")];
    let (status, _) = raw_post(&server.base, "/api/guest", "application/json", "{}", &cross).await;
    assert_eq!(status, 403);
    // The server's own origin passes.
    let own = server.base.clone();
    let (status, _) = raw_post(
        &server.base,
        "/api/guest",
        "application/json",
        "{}",
        &[("origin", own.as_str())],
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_game_socket_from_a_foreign_origin_is_refused() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut alice = server.guest().await;
    let id = alice.open_seek("loa").await;
    let url = format!(
        "{}/api/games/{id}/ws",
        server.base.replacen("http://", "ws://", 1)
    );
    let mut req = url.clone().into_client_request().unwrap();
    req.headers_mut()
        .insert("cookie", alice.cookie.clone().unwrap().parse().unwrap());
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(req).await;
    assert!(refused.is_err(), "a foreign origin must not get a socket");
    let mut req = url.into_client_request().unwrap();
    req.headers_mut()
        .insert("cookie", alice.cookie.clone().unwrap().parse().unwrap());
    req.headers_mut()
        .insert("origin", server.base.parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(req).await.is_ok(),
        "own origin"
    );
}

#[tokio::test]
async fn configured_origins_and_secure_cookies() {
    let server = TestServer::start_with(Backend::sqlite(), |config| {
        config.security.allowed_origins = vec!["https://play.example.org".into()];
        config.security.secure_cookies = true;
    })
    .await;
    let proxy = [("origin", "https://play.example.org")];
    let (status, headers) =
        raw_post(&server.base, "/api/guest", "application/json", "{}", &proxy).await;
    assert_eq!(status, 200);
    let cookie = headers.get("set-cookie").unwrap().to_str().unwrap();
    assert!(cookie.contains("; Secure"), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
}

#[tokio::test]
async fn security_headers_on_pages_and_api() {
    let server = TestServer::start(Backend::sqlite()).await;
    let resp = reqwest::get(format!("{}/api/catalogue", server.base))
        .await
        .unwrap();
    let h = resp.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["cache-control"], "no-store");
    assert_eq!(h["x-frame-options"], "DENY");
    assert!(h.contains_key("referrer-policy"));
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
}

#[tokio::test]
async fn a_record_gives_each_option_once() {
    let server = TestServer::start(Backend::sqlite()).await;
    let mut c = server.client();
    let record = "[Game \"pursuit\"]\n[Option \"move-limit=10\"]\n[Option \"move-limit=20\"]\n\n";
    let (status, body) = c.post("/api/import", json!({ "record": record })).await;
    assert_eq!(
        (status, code_of(&body)),
        (400, Some(ErrorCode::OptionTwice)),
        "{body}"
    );
    assert_eq!(body["params"]["key"], "move-limit", "{body}");
}
