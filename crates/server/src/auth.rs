//! Accounts: username and password rules, argon2 hashes, session cookies,
//! and the credential a request carries (a session cookie or a bot's
//! bearer token, [`credential`]).

use crate::error::ApiError;
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::HeaderMap;
use gamut_protocol::ErrorCode;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "gamut_session";

/// Checks a username: 3–20 of `A-Z a-z 0-9 _ -`, not starting with `guest`.
pub fn check_username(name: &str) -> Result<(), ApiError> {
    if !(3..=20).contains(&name.len()) {
        return Err(ApiError::bad_request("a username has 3 to 20 characters")
            .code(ErrorCode::UsernameLength));
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return Err(
            ApiError::bad_request("a username has only letters, digits, '_' and '-'")
                .code(ErrorCode::UsernameChars),
        );
    }
    if name.to_ascii_lowercase().starts_with("guest") {
        return Err(
            ApiError::bad_request("usernames starting with 'guest' are reserved")
                .code(ErrorCode::UsernameGuest),
        );
    }
    Ok(())
}

/// Checks a password: 8–128 characters.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    if !(8..=128).contains(&password.chars().count()) {
        return Err(ApiError::bad_request("a password has 8 to 128 characters")
            .code(ErrorCode::PasswordLength));
    }
    Ok(())
}

/// The argon2 hash of `password`.
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("hashing: {e}"))
}

/// True if `password` matches the stored `hash` (a corrupt hash never
/// matches).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        #[cfg(test)]
        tests::VERIFICATIONS.with(|n| n.set(n.get() + 1));
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// The hash of a random password nobody knows, made once like every
/// stored hash ([`hash_password`], the same argon2 parameters): what a
/// sign-in checks the password against when the name has no password.
static DUMMY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    hash_password(&crate::ids::random_token(32)).expect("hashing a random password")
});

/// True if `password` matches `hash`, the stored hash of the user signing
/// in; `None` (no such user, or a guest or bot, who have no password)
/// never matches. Either way it costs one argon2 verification (without a
/// hash, against a dummy one made with the same parameters), so the time a
/// sign-in takes does not tell whether the name exists. Blocking: call it
/// on a blocking thread.
pub fn verify_sign_in(password: &str, hash: Option<&str>) -> bool {
    match hash {
        Some(hash) => verify_password(password, hash),
        None => {
            verify_password(password, &DUMMY_HASH);
            false
        }
    }
}

/// The session token in the request's cookies.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == SESSION_COOKIE)
        .map(|(_, v)| v.to_owned())
        .filter(|v| gamut_protocol::ids::is_id(v))
}

/// What a request signs in with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// A session cookie's token.
    Session(String),
    /// A bot's API token, as its stored hash ([`crate::bots::token_hash`]).
    Bot(String),
}

/// The request's `Authorization` header, if it has one: `Some(Some(token))`
/// for `Bearer <token>` with a token of the right shape, `Some(None)` for
/// anything else (refused as a wrong token).
pub fn authorization(headers: &HeaderMap) -> Option<Option<String>> {
    let value = headers.get(AUTHORIZATION)?;
    Some(
        value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|token| gamut_protocol::ids::is_id(token))
            .map(str::to_owned),
    )
}

/// The request's credential: a bot's bearer token if it carries one, else
/// its session cookie.
pub fn credential(headers: &HeaderMap) -> Option<Credential> {
    match authorization(headers) {
        Some(token) => token.map(|t| Credential::Bot(crate::bots::token_hash(&t))),
        None => session_token(headers).map(Credential::Session),
    }
}

/// The `Set-Cookie` value that stores `token` for `max_age_secs` seconds
/// (the session lifetime), marked `Secure` when `secure` (served over TLS).
pub fn session_cookie(token: &str, max_age_secs: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!(
        "{SESSION_COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age_secs}{secure}"
    )
}

/// The `Set-Cookie` value that clears the session.
pub fn clear_cookie() -> String {
    format!("{SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// How many argon2 verifications ran on this thread.
        pub(super) static VERIFICATIONS: Cell<u32> = const { Cell::new(0) };
    }

    /// How many argon2 verifications `f` runs.
    fn verifications(f: impl FnOnce()) -> u32 {
        let before = VERIFICATIONS.with(Cell::get);
        f();
        VERIFICATIONS.with(Cell::get) - before
    }

    #[test]
    fn a_sign_in_without_a_hash_still_verifies_once() {
        let h = hash_password("correct horse").unwrap();
        assert_eq!(
            verifications(|| assert!(verify_sign_in("correct horse", Some(&h)))),
            1
        );
        assert_eq!(
            verifications(|| assert!(!verify_sign_in("wrong horse", Some(&h)))),
            1
        );
        assert_eq!(
            verifications(|| assert!(!verify_sign_in("correct horse", None))),
            1
        );
        // The dummy has the parameters (and so the cost) of a real hash.
        let real = PasswordHash::new(&h).unwrap();
        let dummy = PasswordHash::new(&DUMMY_HASH).unwrap();
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.version, real.version);
        assert_eq!(dummy.params, real.params);
    }

    #[test]
    fn usernames_and_passwords_are_checked() {
        assert!(check_username("alice").is_ok());
        assert!(check_username("al").is_err());
        assert!(check_username("a b c").is_err());
        assert!(check_username("guest-1").is_err());
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
    }

    #[test]
    fn hashes_verify_only_the_right_password() {
        let h = hash_password("correct horse").unwrap();
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong horse", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(COOKIE, "a=b; gamut_session=abc123; c=d".parse().unwrap());
        assert_eq!(session_token(&headers).as_deref(), Some("abc123"));
        headers.insert(COOKIE, "gamut_session=../../x".parse().unwrap());
        assert_eq!(session_token(&headers), None);
    }

    #[test]
    fn a_bearer_token_is_the_credential_before_the_cookie() {
        let mut headers = HeaderMap::new();
        headers.insert(COOKIE, "gamut_session=abc123".parse().unwrap());
        assert_eq!(
            credential(&headers),
            Some(Credential::Session("abc123".into()))
        );
        headers.insert(AUTHORIZATION, "Bearer tok3n".parse().unwrap());
        let hash = crate::bots::token_hash("tok3n");
        assert_eq!(credential(&headers), Some(Credential::Bot(hash)));
        headers.insert(AUTHORIZATION, "Basic dXNlcjpwYXNz".parse().unwrap());
        assert_eq!(authorization(&headers), Some(None));
        assert_eq!(credential(&headers), None);
    }
}
