//! Random identifiers and the server clock.

use rand::distributions::Alphanumeric;
use rand::Rng;
use std::time::{SystemTime, UNIX_EPOCH};

/// A new random id of 16 lowercase letters and digits (games, users).
pub fn new_id() -> String {
    random_token(16)
}

/// A new random token of `len` lowercase letters and digits.
pub fn random_token(len: usize) -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(|c| (c as char).to_ascii_lowercase())
        .collect()
}

/// Milliseconds since the Unix epoch, server time.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// True if `id` has the shape of an id (guards database look-ups).
pub fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}
