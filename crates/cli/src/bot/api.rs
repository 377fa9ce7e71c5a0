//! The server as a bot sees it: JSON over HTTP and WebSocket, every
//! request signed with the bot's token (`Authorization: Bearer <token>`,
//! docs/api.md "Bots"). Answers are read into the protocol's types
//! (`gamut_protocol`'s views and messages), the ones the server writes, so
//! the bot and the server share one contract.

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long one HTTP request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A connection's WebSocket.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The server's address and the bot's token.
#[derive(Clone, Debug)]
pub struct Api {
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Api {
    /// The API of the server at `base` (`http://host:port`), for the bot
    /// with `token`.
    pub fn new(base: &str, token: &str) -> Result<Api> {
        let base = base.trim_end_matches('/').to_owned();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            bail!("the server's URL must start with http:// or https:// (got '{base}')");
        }
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .build()
            .context("making the HTTP client")?;
        Ok(Api {
            base,
            token: token.trim().to_owned(),
            http,
        })
    }

    fn authorization(&self) -> String {
        format!("Bearer {}", self.token)
    }

    /// `GET path`, read as `T`.
    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T> {
        let request = self.http.get(format!("{}{path}", self.base));
        self.answer(request, path).await
    }

    /// `POST path` with an empty JSON body, read as `T`.
    pub async fn post<T: DeserializeOwned>(&self, path: &str) -> Result<T> {
        let request = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&serde_json::json!({}));
        self.answer(request, path).await
    }

    async fn answer<T: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
        path: &str,
    ) -> Result<T> {
        let response = request
            .header("authorization", self.authorization())
            .send()
            .await
            .with_context(|| format!("{path}: no answer from the server"))?;
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .with_context(|| format!("{path}: an answer that is not JSON"))?;
        if !status.is_success() {
            let error = body["error"].as_str().unwrap_or("no message");
            bail!("{path}: {status}: {error}");
        }
        serde_json::from_value(body).with_context(|| format!("{path}: an unexpected answer"))
    }

    /// Opens the WebSocket at `path`.
    pub async fn socket(&self, path: &str) -> Result<Socket> {
        let url = format!("{}{path}", self.base)
            .replacen("http://", "ws://", 1)
            .replacen("https://", "wss://", 1);
        let mut request = url.as_str().into_client_request()?;
        let value = HeaderValue::from_str(&self.authorization())
            .map_err(|_| anyhow!("the token cannot go in a header"))?;
        request.headers_mut().insert("authorization", value);
        let (socket, _) =
            tokio::time::timeout(REQUEST_TIMEOUT, tokio_tungstenite::connect_async(request))
                .await
                .map_err(|_| anyhow!("{path}: no answer from the server"))?
                .with_context(|| format!("{path}: cannot connect"))?;
        Ok(socket)
    }
}

/// What came on a socket.
pub enum Incoming {
    /// A text message, as JSON.
    Text(Value),
    /// The socket was closed, with the server's close code if it gave one.
    Closed(Option<u16>),
}

/// The next message of `socket` that matters (pings and pongs skipped).
pub async fn next(socket: &mut Socket) -> Incoming {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => match serde_json::from_str(&text) {
                Ok(value) => return Incoming::Text(value),
                Err(_) => continue,
            },
            Some(Ok(Message::Close(frame))) => {
                return Incoming::Closed(frame.map(|f| u16::from(f.code)))
            }
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return Incoming::Closed(None),
        }
    }
}

/// Sends `message` on `socket`; false if the socket is gone.
pub async fn send(socket: &mut Socket, message: &Value) -> bool {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .is_ok()
}

/// Waits between attempts to reconnect: 0.5 s, then twice as long each
/// time up to [`Backoff::MAX`]; [`Backoff::reset`] once connected.
#[derive(Debug)]
pub struct Backoff {
    next: Duration,
}

impl Backoff {
    /// The longest wait.
    pub const MAX: Duration = Duration::from_secs(30);
    const FIRST: Duration = Duration::from_millis(500);

    /// A back-off at its first wait.
    pub fn new() -> Backoff {
        Backoff { next: Self::FIRST }
    }

    /// Waits, and makes the next wait longer.
    pub async fn wait(&mut self) {
        tokio::time::sleep(self.next).await;
        self.next = (self.next * 2).min(Self::MAX);
    }

    /// Connected: the next wait is the first again.
    pub fn reset(&mut self) {
        self.next = Self::FIRST;
    }
}
