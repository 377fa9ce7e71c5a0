//! A client of one server from one loopback source address: guest
//! sessions, JSON requests with a session cookie, and sockets bound to
//! that address (so that the server's per-address caps count it apart
//! from the other clients); the protocol's messages to and from the
//! sockets; and the error kinds of refused or failed requests.

use crate::game::{Ctx, CONNECT_TIMEOUT, RETRY_PAUSE};
use crate::stats::error_kind;
use crate::sys::ServerAddr;
use gamut_protocol::socket::{ClientBody, ClientMessage, Envelope};
use gamut_protocol::views::MeView;
use gamut_protocol::ErrorBody;
use serde::de::DeserializeOwned;
use serde::Serialize;
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
            .send()
            .await
            .map_err(|e| request_error("guest", &e))?;
        if !resp.status().is_success() {
            return Err(http_error("guest", resp).await);
        }
        guest_session(resp).await
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

    /// POST `body` to `path` with the session `cookie`: the answer, or an
    /// error kind (`what: HTTP 429 …`, `what: bad answer`).
    pub async fn post<T: DeserializeOwned>(
        &self,
        what: &str,
        path: &str,
        cookie: &str,
        body: &impl Serialize,
    ) -> Result<T, String> {
        json_answer(what, self.post_to(path, cookie).json(body)).await
    }

    /// POST to `path` without a body, with the session `cookie`: the
    /// answer, or an error kind.
    pub async fn post_empty<T: DeserializeOwned>(
        &self,
        what: &str,
        path: &str,
        cookie: &str,
    ) -> Result<T, String> {
        json_answer(what, self.post_to(path, cookie)).await
    }

    fn post_to(&self, path: &str, cookie: &str) -> reqwest::RequestBuilder {
        self.http
            .post(format!("{}{path}", self.server.base))
            .header("cookie", cookie)
    }

    /// GET `path` (with the session `cookie`, if any): the answer, or an
    /// error kind.
    pub async fn get<T: DeserializeOwned>(
        &self,
        what: &str,
        path: &str,
        cookie: Option<&str>,
    ) -> Result<T, String> {
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

/// Sends `req`: its answer, or an error kind (`what: HTTP 429 …`, `what:
/// bad answer` when it is not a `T`).
pub async fn json_answer<T: DeserializeOwned>(
    what: &str,
    req: reqwest::RequestBuilder,
) -> Result<T, String> {
    match req.send().await {
        Ok(resp) if resp.status().is_success() => {
            resp.json::<T>().await.map_err(|e| request_error(what, &e))
        }
        Ok(resp) => Err(http_error(what, resp).await),
        Err(e) => Err(request_error(what, &e)),
    }
}

/// The session of a new guest from the successful answer to `POST
/// /api/guest` (a [`MeView`]): its `gamut_session=…` cookie, or an error
/// kind.
pub async fn guest_session(resp: reqwest::Response) -> Result<String, String> {
    let cookie = session_cookie(&resp);
    let me: MeView = resp.json().await.map_err(|e| request_error("guest", &e))?;
    if me.user.is_none() {
        return Err("guest: no user in the answer".to_owned());
    }
    cookie.ok_or_else(|| "guest: no session cookie".to_owned())
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
    let message = serde_json::from_str::<ErrorBody>(&body).map_or(body, |e| e.error);
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

/// The text of a message to a socket (the protocol's client messages
/// always serialise).
pub fn text_of(message: &impl Serialize) -> String {
    serde_json::to_string(message).expect("a client message serialises")
}

/// The text of a message to a game's socket: `body`, with request `id`.
pub fn game_message(id: Option<i64>, body: ClientBody) -> String {
    text_of(&ClientMessage { id, body })
}

/// The text of a `move` of `mv` with request `id`, meant for the game at
/// `version`; and the move, given back.
pub fn move_message(id: i64, mv: String, version: i64) -> (String, String) {
    let message = ClientMessage {
        id: Some(id),
        body: ClientBody::Move {
            mv,
            version: Some(version),
        },
    };
    let text = text_of(&message);
    match message.body {
        ClientBody::Move { mv, .. } => (text, mv),
        _ => unreachable!("built as a move"),
    }
}

/// Why a socket's text frame is not the message expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// It is not JSON.
    NotJson,
    /// Its `type` is none the protocol knows.
    UnknownType(String),
    /// A message of this `type` that the protocol cannot read: why.
    Malformed(String, String),
}

impl Unreadable {
    /// Its error kind, for a message on `socket`: `socket: message is not
    /// JSON`, `socket: unknown message type: <type>`, or `socket:
    /// unreadable message: <type>: <why>`.
    pub fn kind(&self, socket: &str) -> String {
        match self {
            Unreadable::NotJson => format!("{socket}: message is not JSON"),
            Unreadable::UnknownType(kind) => {
                error_kind(&format!("{socket}: unknown message type"), kind)
            }
            Unreadable::Malformed(kind, why) => error_kind(
                &format!("{socket}: unreadable message"),
                &format!("{kind}: {why}"),
            ),
        }
    }
}

/// The message a socket's text frame holds.
pub fn read_message<T: DeserializeOwned>(text: &str) -> Result<T, Unreadable> {
    serde_json::from_str(text).map_err(|e| {
        if !e.is_data() {
            return Unreadable::NotJson;
        }
        let kind = message_type(text);
        let why = e.to_string();
        if why.starts_with(&format!("unknown variant `{kind}`")) {
            Unreadable::UnknownType(kind)
        } else {
            Unreadable::Malformed(kind, why)
        }
    })
}

/// The `type` of a message's text (empty if it has none): to name a
/// message that is not expected where it came.
pub fn message_type(text: &str) -> String {
    Envelope::of(text).kind.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_protocol::socket::ServerMessage;

    #[test]
    fn client_messages_are_written_as_the_protocol_says() {
        let (text, mv) = move_message(3, "b1-b3".into(), 7);
        assert_eq!(mv, "b1-b3");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"type": "move", "move": "b1-b3", "id": 3, "version": 7})
        );
        assert_eq!(
            game_message(None, ClientBody::Sync { since: Some(4) }),
            r#"{"type":"sync","since":4}"#
        );
    }

    #[test]
    fn unreadable_messages_have_an_error_kind() {
        let read = |text: &str| read_message::<ServerMessage>(text).map_err(|e| e.kind("socket"));
        assert_eq!(read(r#"{"type":"pong"}"#), Ok(ServerMessage::Pong));
        assert_eq!(read("{"), Err("socket: message is not JSON".to_owned()));
        assert_eq!(
            read(r#"{"type":"dance","x":1}"#),
            Err("socket: unknown message type: dance".to_owned())
        );
        let e = read(r#"{"type":"ack","id":1}"#).unwrap_err();
        assert!(
            e.starts_with("socket: unreadable message: ack: missing field `version`"),
            "{e}"
        );
    }
}
