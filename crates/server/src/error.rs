//! The error every HTTP handler and WebSocket command returns: a status, a
//! clear message and a stable code, sent as `{"error": "...", "code":
//! "...", "params": {...}}` ([`ErrorBody`]).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamut_core::OptionError;
use gamut_games::CatalogueError;
use gamut_protocol::socket::ServerMessage;
use gamut_protocol::{ErrorBody, ErrorCode};
use std::collections::BTreeMap;

/// An error answered to a client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people.
    pub message: String,
    /// What kind of refusal it is, for programs and translations.
    pub code: ErrorCode,
    /// The values the message quotes, by name.
    pub params: BTreeMap<String, String>,
}

/// The generic code of a status (a refusal not given a code of its own).
fn generic_code(status: StatusCode) -> ErrorCode {
    match status {
        StatusCode::UNAUTHORIZED => ErrorCode::Unauthorized,
        StatusCode::FORBIDDEN => ErrorCode::Forbidden,
        StatusCode::NOT_FOUND => ErrorCode::Missing,
        StatusCode::CONFLICT => ErrorCode::Conflict,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        s if s.is_server_error() => ErrorCode::Internal,
        _ => ErrorCode::BadRequest,
    }
}

impl ApiError {
    /// An error with a status and message (and the status's generic code).
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            code: generic_code(status),
            params: BTreeMap::new(),
        }
    }

    /// The same error with the code `code`.
    #[must_use]
    pub fn code(mut self, code: ErrorCode) -> Self {
        self.code = code;
        self
    }

    /// The same error quoting `value` as `name`.
    #[must_use]
    pub fn param(mut self, name: &str, value: impl ToString) -> Self {
        self.params.insert(name.to_owned(), value.to_string());
        self
    }

    /// The error as sent.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.message.clone(),
            code: self.code,
            params: self.params.clone(),
        }
    }
    /// 400: the input is malformed or invalid.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    /// 401: a session is needed.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }
    /// 403: the caller may not do this.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    /// 409: conflicts with the current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    /// 429: too many attempts.
    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, message)
    }
    /// 500: a fault of the server (logged; the message stays generic).
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {detail}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal server error")
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(format!("database: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// A game's refusal of a request's options, start or moves (400): an
/// unknown option, a bad option value, a move of a record that cannot be
/// played, each with its code and the values it quotes; the rest with the
/// generic code.
impl From<CatalogueError> for ApiError {
    fn from(e: CatalogueError) -> Self {
        let error = ApiError::bad_request(e.to_string());
        match e {
            CatalogueError::Option(OptionError::Unknown { key, .. }) => {
                error.code(ErrorCode::UnknownOption).param("key", key)
            }
            CatalogueError::Option(OptionError::BadValue { key, value, why }) => error
                .code(ErrorCode::BadOption)
                .param("key", key)
                .param("value", value)
                .param("detail", why),
            CatalogueError::Move {
                number,
                text,
                error: why,
            } => error
                .code(ErrorCode::RecordMove)
                .param("n", number)
                .param("move", text)
                .param("detail", why),
            _ => error,
        }
    }
}

/// A refusal given as text alone (a malformed message): 400's generic code.
impl From<String> for ApiError {
    fn from(message: String) -> Self {
        ApiError::bad_request(message)
    }
}

impl From<&str> for ApiError {
    fn from(message: &str) -> Self {
        ApiError::bad_request(message)
    }
}

/// The result type of handlers.
pub type ApiResult<T> = Result<T, ApiError>;

/// The socket's refusal of the message with request id `id`.
pub fn socket_error(id: Option<i64>, error: impl Into<ApiError>) -> ServerMessage {
    let e = error.into();
    ServerMessage::Error {
        id,
        error: e.message,
        code: e.code,
        params: e.params,
    }
}
