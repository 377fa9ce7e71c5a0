//! A client of one server from one loopback source address: guest
//! sessions, JSON requests with a session cookie, and sockets bound to
//! that address (so that the server's per-address caps count it apart
//! from the other clients); and the error kinds of refused or failed
//! requests.

use crate::game::{Ctx, CONNECT_TIMEOUT, RETRY_PAUSE};
use crate::stats::error_kind;
use crate::sys::ServerAddr;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::WebSocketStream;

/// The shortest gap between two messages a client sends on one socket:
/// under the server's default of 20 messages per socket per second.
pub const MIN_GAP: Duration = Duration::from_millis(60);

/// A WebSocket opened by [`connect_socket`].
pub type Socket = WebSocketStream<TcpStream>;

/// HTTP requests to one server from one source address.
pub struct Client {
    server: ServerAddr,
    source: Option<IpAddr>,
    http: reqwest::Client,
}

impl Client {
    /// A client of `server` from `source` (an IPv6 server is only reached
    /// from `::1`: `source` is then ignored).
    pub fn new(server: &ServerAddr, source: IpAddr) -> anyhow::Result<Client> {
        let source = server.v4.then_some(source);
        let mut builder = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .tcp_nodelay(true);
        if let Some(ip) = source {
            builder = builder.local_address(ip);
        }
        Ok(Client {
            server: server.clone(),
            source,
            http: builder.build()?,
        })
    }

    /// A new guest session: its `gamut_session=…` cookie, or an error kind.
    pub async fn guest(&self) -> Result<String, String> {
        let resp = self
            .http
            .post(format!("{}/api/guest", self.server.base))
            .json(&json!({}))
            .send()
            .await
            .map_err(|e| request_error("guest", &e))?;
        if !resp.status().is_success() {
            return Err(http_error("guest", resp).await);
        }
        let cookie = session_cookie(&resp);
        let _ = resp.bytes().await;
        cookie.ok_or_else(|| "guest: no session cookie".to_owned())
    }

    /// A new guest session, retried (errors counted in the run's stats)
    /// until the run is over: `None` then.
    pub async fn guest_until_deadline(&self, ctx: &Ctx) -> Option<String> {
        while Instant::now() < ctx.deadline {
            match self.guest().await {
                Ok(cookie) => return Some(cookie),
                Err(kind) => ctx.stats.error(kind),
            }
            ctx.pause(RETRY_PAUSE).await;
        }
        None
    }

    /// POST `path` with the session `cookie`: the JSON answer, or an error
    /// kind (`what: HTTP 429 …`).
    pub async fn post(
        &self,
        what: &str,
        path: &str,
        cookie: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        let mut req = self
            .http
            .post(format!("{}{path}", self.server.base))
            .header("cookie", cookie);
        if let Some(b) = body {
            req = req.json(&b);
        }
        json_answer(what, req).await
    }

    /// GET `path` (with the session `cookie`, if any): the JSON answer, or
    /// an error kind.
    pub async fn get(&self, what: &str, path: &str, cookie: Option<&str>) -> Result<Value, String> {
        let mut req = self.http.get(format!("{}{path}", self.server.base));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        json_answer(what, req).await
    }

    /// DELETE `path` with the session `cookie`, or an error kind.
    pub async fn delete(&self, what: &str, path: &str, cookie: &str) -> Result<(), String> {
        match self
            .http
            .delete(format!("{}{path}", self.server.base))
            .header("cookie", cookie)
            .send()
            .await
        {
            Ok(resp) if resp.status().is_success() => {
                let _ = resp.bytes().await;
                Ok(())
            }
            Ok(resp) => Err(http_error(what, resp).await),
            Err(e) => Err(request_error(what, &e)),
        }
    }

    /// A WebSocket to `path` from this client's source address.
    pub async fn socket(&self, path: &str, cookie: Option<&str>) -> Result<Socket, String> {
        connect_socket(&self.server, self.source, path, cookie).await
    }
}

/// A WebSocket to `path` on `server` (with the session `cookie`, if any)
/// from the loopback address `source` (`None`: the system's choice), within
/// [`CONNECT_TIMEOUT`]; or an error kind (`socket: connect failed: …`).
pub async fn connect_socket(
    server: &ServerAddr,
    source: Option<IpAddr>,
    path: &str,
    cookie: Option<&str>,
) -> Result<Socket, String> {
    let url = format!("{}{path}", server.ws_base);
    let mut req = url
        .as_str()
        .into_client_request()
        .map_err(|_| "socket: bad URL".to_owned())?;
    if let Some(c) = cookie {
        let value = c.parse().map_err(|_| "socket: bad cookie".to_owned())?;
        req.headers_mut().insert("cookie", value);
    }
    let connect = async {
        let tcp = if server.addr.is_ipv4() {
            TcpSocket::new_v4()
        } else {
            TcpSocket::new_v6()
        }
        .map_err(|e| error_kind("socket: cannot create", &e.to_string()))?;
        if let Some(ip) = source.filter(|ip| ip.is_ipv4() == server.addr.is_ipv4()) {
            tcp.bind(SocketAddr::new(ip, 0)).map_err(|e| {
                error_kind("socket: cannot bind the source address", &e.to_string())
            })?;
        }
        let stream = tcp
            .connect(server.addr)
            .await
            .map_err(|e| error_kind("socket: connect failed", &e.to_string()))?;
        let _ = stream.set_nodelay(true);
        tokio_tungstenite::client_async_with_config(req, stream, None)
            .await
            .map(|(ws, _)| ws)
            .map_err(|e| error_kind("socket: connect failed", &e.to_string()))
    };
    tokio::time::timeout(CONNECT_TIMEOUT, connect)
        .await
        .unwrap_or_else(|_| Err("socket: connect timeout".to_owned()))
}

/// Sends `req`: its JSON answer, or an error kind (`what: HTTP 429 …`).
pub async fn json_answer(what: &str, req: reqwest::RequestBuilder) -> Result<Value, String> {
    match req.send().await {
        Ok(resp) if resp.status().is_success() => resp
            .json::<Value>()
            .await
            .map_err(|e| request_error(what, &e)),
        Ok(resp) => Err(http_error(what, resp).await),
        Err(e) => Err(request_error(what, &e)),
    }
}

/// The `gamut_session=…` pair a response sets.
pub fn session_cookie(resp: &reqwest::Response) -> Option<String> {
    resp.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|s| s.split(';').next())
        .find(|pair| pair.starts_with("gamut_session=") && !pair.ends_with('='))
        .map(str::to_owned)
}

/// An error kind for a refused request: `what: HTTP 409 <message>`.
pub async fn http_error(what: &str, resp: reqwest::Response) -> String {
    let status = resp.status().as_u16();
    let body = resp.text().await.unwrap_or_default();
    let message = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_owned))
        .unwrap_or(body);
    error_kind(&format!("{what}: HTTP {status}"), &message)
}

/// An error kind for a request that failed: `what: timeout` etc.
pub fn request_error(what: &str, e: &reqwest::Error) -> String {
    let how = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "cannot connect"
    } else if e.is_decode() {
        "bad answer"
    } else {
        "request failed"
    };
    format!("{what}: {how}")
}

/// The strings of a JSON array (none if it is not one).
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
