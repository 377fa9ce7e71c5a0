//! A game socket's premove: the one its player set through it (held by
//! the game's task, [`crate::game::actor`]; not stored, and gone when the
//! socket closes), and the message that tells the socket what became of
//! it (`premove-played`, `premove-dropped`). Nobody else hears of it.

use crate::error::socket_error;
use crate::game::actor::PremoveTold;
use crate::game::premover::Outcome;
use crate::app::App;
use gamut_protocol::ids::{GameId, UserId};
use gamut_protocol::socket::ServerMessage;

/// A premove set through this socket.
pub struct HeldPremove {
    /// The id of the request that set it.
    id: Option<i64>,
    /// The move, as sent.
    mv: String,
    /// Where the game's task tells what became of it.
    told: PremoveTold,
}

/// Sets (`Some`) or cancels (`None`) `user`'s premove in game `game` for
/// the request `id`: the answer (`premove-set`) and the premove the socket
/// now holds, or the error to send.
pub async fn ask(
    app: &App,
    game: &GameId,
    user: &UserId,
    id: Option<i64>,
    mv: Option<String>,
) -> Result<(ServerMessage, Option<HeldPremove>), ServerMessage> {
    match app.registry.premove(game, user, mv.clone()).await {
        Ok(told) => {
            let held = mv
                .clone()
                .zip(told)
                .map(|(mv, told)| HeldPremove { id, mv, told });
            Ok((ServerMessage::PremoveSet { id, mv }, held))
        }
        Err(e) => Err(socket_error(id, e)),
    }
}

/// The premove a socket holds, if any.
#[derive(Default)]
pub struct PremoveFeed {
    held: Option<HeldPremove>,
}

impl PremoveFeed {
    /// Holds `premove` instead of the one held (which its replacement or
    /// cancellation ended in the game's task already).
    pub fn hold(&mut self, premove: Option<HeldPremove>) {
        self.held = premove;
    }

    /// Once the held premove is played or dropped, the message saying so
    /// (`None` if the game's task let it go without a word: the game is
    /// over). Never resolves while none is held.
    pub async fn next(&mut self) -> Option<ServerMessage> {
        let Some(held) = self.held.as_mut() else {
            return std::future::pending().await;
        };
        let outcome = (&mut held.told).await;
        let held = self.held.take()?;
        let (id, mv) = (held.id, held.mv);
        match outcome.ok()? {
            Outcome::Played { version } => Some(ServerMessage::PremovePlayed { id, mv, version }),
            Outcome::Dropped { error } => Some(ServerMessage::PremoveDropped {
                id,
                mv,
                error: error.message,
                code: error.code,
                params: error.params,
            }),
        }
    }
}
