//! Random identifiers and tokens. The id types themselves are the
//! protocol's ([`gamut_protocol::ids`]); [`RandomId`] makes new ones.

use gamut_protocol::ids::{GameId, TournamentId, UserId};
use rand::distributions::Alphanumeric;
use rand::Rng;

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

/// An id type the server makes new values of.
pub trait RandomId: Sized {
    /// A new random id (16 lowercase letters and digits).
    fn random() -> Self;
}

macro_rules! random_id {
    ($($name:ident),*) => {$(
        impl RandomId for $name {
            fn random() -> Self {
                $name::parse(&new_id()).expect("a random token is an id")
            }
        }
    )*};
}

random_id!(GameId, UserId, TournamentId);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_ids_are_ids() {
        let id = GameId::random();
        assert_eq!(id.as_str().len(), 16);
        assert_eq!(GameId::parse(id.as_str()), Ok(id));
    }
}
