//! Bot accounts: users of kind bot, made by a registered person (their
//! owner), that sign in with an API token (`Authorization: Bearer
//! <token>`) instead of a session cookie. A bot plays like anyone else
//! (the same game socket, moves and invitations), except that it is never
//! paired with a person by a seek: a person plays a bot only by
//! challenging it by name ([`pairing_allowed`]).
//!
//! **Tokens.** A token is [`TOKEN_LEN`] random lowercase letters and
//! digits (36 symbols: about 5.17 bits each, 258 bits in all) from the
//! operating system's generator, shown once when the bot is made. The
//! database keeps only its SHA-256 ([`token_hash`]), so a copy of the
//! database signs no bot in. A fast unsalted hash is enough here, unlike
//! for passwords: salting and key stretching (argon2) protect secrets
//! people choose, which are few enough to guess; a 258-bit random token
//! cannot be guessed whatever the hash costs, so the hash only has to be
//! one-way. It also has to be deterministic: the token is looked up by its
//! hash (an indexed column), where a salted hash would mean checking every
//! bot's. Failed token attempts count as failed sign-ins from the address
//! (`--signin-failures-per-address`): see `http/bot_auth.rs`.

use gamut_protocol::user::{Seat, UserView};
use sha2::{Digest, Sha256};

/// The length of a bot token (letters and digits).
pub const TOKEN_LEN: usize = 50;

/// The most bots a person may own at once (a revoked bot no longer
/// counts).
pub const MAX_BOTS_PER_OWNER: usize = 5;

/// A new bot token.
pub fn new_token() -> String {
    crate::ids::random_token(TOKEN_LEN)
}

/// The stored form of `token`: its SHA-256, in lowercase hex.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `joiner` may take the free seat of a game whose other seat is
/// `waiting` without having been challenged by name: never when exactly
/// one of them is a bot (bots play bots through seeks; people play bots
/// only by challenging them).
pub fn pairing_allowed(waiting: &Seat, joiner: &UserView) -> bool {
    match waiting {
        Seat::Human { user, .. } => user.bot == joiner.bot,
        Seat::Computer { .. } => true,
    }
}

/// Whether `seat` is a bot's.
pub fn is_bot_seat(seat: &Seat) -> bool {
    matches!(seat, Seat::Human { user, .. } if user.bot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RandomId;
    use gamut_protocol::ids::UserId;

    #[test]
    fn tokens_are_long_random_ids_and_hash_to_hex() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), TOKEN_LEN);
        assert!(gamut_protocol::ids::is_id(&a));
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn bots_and_people_are_paired_only_with_their_own_kind() {
        let user = |bot| UserView {
            id: UserId::random(),
            name: "someone".into(),
            guest: false,
            bot,
        };
        let seat = |bot| Seat::person(user(bot), 1500);
        assert!(pairing_allowed(&seat(true), &user(true)));
        assert!(pairing_allowed(&seat(false), &user(false)));
        assert!(!pairing_allowed(&seat(true), &user(false)));
        assert!(!pairing_allowed(&seat(false), &user(true)));
    }
}
