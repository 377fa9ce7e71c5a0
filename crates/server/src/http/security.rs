//! The web's security basics, for every request and response:
//! - cross-site request refusal: a state-changing request (any method but
//!   `GET`, `HEAD`, `OPTIONS`) and every WebSocket upgrade must come from an
//!   allowed origin (the server's own, or one configured for deployments
//!   behind a proxy), judged by `Origin` and `Sec-Fetch-Site`; a request
//!   without either (a program, not a browser) is let through, since only
//!   browsers carry a victim's cookie to another site;
//! - a state-changing request with a body must say
//!   `Content-Type: application/json` (an HTML form cannot), which closes
//!   login CSRF by form;
//! - response headers: a Content-Security-Policy with no inline script,
//!   `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, framing
//!   refused (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), and
//!   `Cache-Control: no-store` on the API.

use crate::config::SecurityPolicy;
use crate::error::ApiError;
use crate::app::AppState;
use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_LENGTH, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HOST, ORIGIN,
    REFERRER_POLICY, TRANSFER_ENCODING, UPGRADE, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The Content-Security-Policy of every response: scripts, styles and
/// connections only from the server itself, no plug-ins, no framing.
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Whether a request with these headers may change state under `policy`: it comes
/// from no browser page, or from the server's own origin or an allowed
/// one.
pub fn same_site(policy: &SecurityPolicy, headers: &HeaderMap) -> bool {
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if let Some(origin) = headers.get(ORIGIN) {
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        return origin_allowed(policy, origin, headers);
    }
    // No Origin: a browser still says where the request came from.
    fetch_site.is_none_or(|site| matches!(site, "same-origin" | "none"))
}

/// Whether `origin` is the server's own (its `Host`) or configured.
fn origin_allowed(policy: &SecurityPolicy, origin: &str, headers: &HeaderMap) -> bool {
    let origin = origin.trim_end_matches('/');
    if policy
        .allowed_origins
        .iter()
        .any(|allowed| allowed.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let Some(host) = headers.get(HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let own = |scheme: &str| origin.eq_ignore_ascii_case(&format!("{scheme}://{host}"));
    own("http") || own("https")
}

/// Whether the request carries a body.
fn has_body(headers: &HeaderMap) -> bool {
    headers.contains_key(TRANSFER_ENCODING)
        || headers
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|n| n > 0)
}

/// Whether the body is declared JSON (`application/json`, any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// Refuses cross-site state changes and socket upgrades, and bodies that
/// are not declared JSON, before any handler runs.
pub async fn guard_requests(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let upgrade = headers.contains_key(UPGRADE);
    let changes_state = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if (changes_state || upgrade) && !same_site(&app.security, headers) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "cross-site request refused (its Origin is not this server's)",
        )
        .into_response();
    }
    if changes_state && has_body(headers) && !is_json(headers) {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "request bodies must be JSON (Content-Type: application/json)",
        )
        .into_response();
    }
    next.run(request).await
}

/// Adds the security headers to every response, and `no-store` to the
/// API's.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let set = |headers: &mut HeaderMap, name, value: &'static str| {
        headers
            .entry(name)
            .or_insert_with(|| HeaderValue::from_static(value));
    };
    set(
        headers,
        CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY_VALUE,
    );
    set(headers, X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, REFERRER_POLICY, "same-origin");
    set(headers, X_FRAME_OPTIONS, "DENY");
    if api {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for &(k, v) in pairs {
            h.insert(k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn own_and_configured_origins_pass_others_do_not() {
        let policy = SecurityPolicy {
            allowed_origins: vec!["https://play.example.org".into()],
            secure_cookies: false,
        };
        let host = ("host", "127.0.0.1:8080");
        assert!(same_site(&policy, &headers(&[host, ("origin", "http://127.0.0.1:8080")])));
        assert!(same_site(&policy, &headers(&[host, ("origin", "https://play.example.org")])));
        assert!(!same_site(&policy, &headers(&[host, ("origin", "https://evil.example")])));
        assert!(!same_site(&policy, &headers(&[host, ("origin", "null")])));
        // A program sends neither header; a browser's cross-site request
        // without Origin still says so.
        assert!(same_site(&policy, &headers(&[host])));
        assert!(!same_site(&policy, &headers(&[host, ("sec-fetch-site", "cross-site")])));
        assert!(same_site(&policy, &headers(&[host, ("sec-fetch-site", "same-origin")])));
    }

    #[test]
    fn only_json_bodies() {
        assert!(is_json(&headers(&[("content-type", "application/json")])));
        assert!(is_json(&headers(&[(
            "content-type",
            "Application/JSON; charset=utf-8"
        )])));
        assert!(!is_json(&headers(&[(
            "content-type",
            "application/x-www-form-urlencoded"
        )])));
        assert!(!is_json(&headers(&[("content-type", "text/plain")])));
        assert!(!is_json(&headers(&[])));
        assert!(has_body(&headers(&[("content-length", "12")])));
        assert!(!has_body(&headers(&[("content-length", "0")])));
    }
}
