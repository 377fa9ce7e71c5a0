//! Who plays: a user as clients see one ([`UserView`]) and who sits on a
//! side of a game ([`Seat`]).

use crate::ids::UserId;
use gamut_ai::Level;
use gamut_core::Player;
use serde::{Deserialize, Serialize};

/// A user as shown to clients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserView {
    /// Id.
    pub id: UserId,
    /// Name.
    pub name: String,
    /// A guest.
    pub guest: bool,
    /// A bot account ([`crate::bots`]): sent as `"bot": true`, left out
    /// for people (and read as `false` where it is absent, e.g. in seats
    /// stored before bots existed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// Who sits on one side (stored as JSON in the summary row and in the
/// `started` event, sent in `players`). A seat shows the person as they
/// were seated (name, guest or not, rating), like a score sheet; who plays
/// it is the user id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, from = "StoredSeat")]
pub enum Seat {
    /// A person, with their rating at the start.
    Human {
        /// The person.
        user: UserView,
        /// Rating for this game and speed when seated (rounded); none for
        /// a guest, who is never rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<i32>,
    },
    /// The computer at a level.
    Computer {
        /// The level (by name: `easy`).
        #[serde(with = "crate::wire::text")]
        computer: Level,
    },
}

/// A seat as read: seats of guests stored with a rating (before guests'
/// seats left it out) read without it.
#[derive(Deserialize)]
#[serde(untagged)]
enum StoredSeat {
    Human {
        user: UserView,
        #[serde(default)]
        rating: Option<i32>,
    },
    Computer {
        #[serde(with = "crate::wire::text")]
        computer: Level,
    },
}

impl From<StoredSeat> for Seat {
    fn from(seat: StoredSeat) -> Seat {
        match seat {
            StoredSeat::Human { user, rating } => Seat::Human {
                rating: rating.filter(|_| !user.guest),
                user,
            },
            StoredSeat::Computer { computer } => Seat::Computer { computer },
        }
    }
}

impl Seat {
    /// `user`'s seat, with their `rating` unless they are a guest.
    pub fn person(user: UserView, rating: i32) -> Seat {
        Seat::Human {
            rating: (!user.guest).then_some(rating),
            user,
        }
    }

    /// The user id, for a person.
    pub fn user_id(&self) -> Option<&UserId> {
        match self {
            Seat::Human { user, .. } => Some(&user.id),
            Seat::Computer { .. } => None,
        }
    }

    /// A name for records.
    pub fn display_name(&self) -> String {
        match self {
            Seat::Human { user, .. } => user.name.clone(),
            Seat::Computer { computer } => format!("computer ({computer})"),
        }
    }
}

/// The side `user` sits on in `seats`, if any.
pub fn side_in(seats: &[Option<Seat>; 2], user: &UserId) -> Option<Player> {
    Player::BOTH
        .into_iter()
        .find(|p| seats[p.index()].as_ref().and_then(Seat::user_id) == Some(user))
}
