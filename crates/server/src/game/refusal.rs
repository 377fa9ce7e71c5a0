//! Why a game refuses a player's request ([`Refusal`]): what the rule
//! modules (mover, drawer, takebacker, aborter, premover, the hidden
//! placements) and the game's task return, each carrying its data. The
//! edge turns one into the wire's error in one place
//! (`From<Refusal> for ApiError`: the HTTP status, the stable
//! [`ErrorCode`] and the params the English text quotes).

use crate::error::ApiError;
use gamut_protocol::ErrorCode;

/// A request the game refuses (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The asker does not sit in the game.
    #[error("you are not a player of this game")]
    NotAPlayer,
    /// The game is waiting or over.
    #[error("the game is not being played")]
    NotBeingPlayed,
    /// The side to move is the other.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The rules refuse the move.
    #[error("illegal move '{mv}': {reason}")]
    IllegalMove {
        /// The move as sent.
        mv: String,
        /// The rules' reason.
        reason: String,
    },
    /// The rules refuse the hidden placement.
    #[error("illegal placement '{mv}': {reason}")]
    IllegalPlacement {
        /// The placement as sent.
        mv: String,
        /// The rules' reason.
        reason: String,
    },
    /// More placements than any set-up has.
    #[error("too many placements")]
    TooManyPlacements,
    /// The side's hidden placements are complete.
    #[error("you have placed all your pieces")]
    PlacedAll,
    /// The move was meant for another version of the game.
    #[error("the game is at version {now}, not {yours}")]
    StaleVersion {
        /// The game's version.
        now: i64,
        /// The version the move was meant for.
        yours: i64,
    },
    /// The mover's time ran out before the move came.
    #[error("the game ended on time")]
    EndedOnTime,
    /// Another process stored a version first.
    #[error("the game changed meanwhile; try again")]
    ChangedMeanwhile,
    /// Aborting is for the first move only.
    #[error("a game can only be aborted before the second move")]
    AbortLate,
    /// The computer plays on.
    #[error("the computer does not accept draws")]
    ComputerNoDraws,
    /// A draw offer waits for its answer.
    #[error("a draw offer is already pending")]
    DrawPending,
    /// No offer of the opponent's to accept.
    #[error("no draw offer to accept")]
    NoDrawToAccept,
    /// No offer of the opponent's to decline.
    #[error("no draw offer to decline")]
    NoDrawToDecline,
    /// Hidden placements are not taken back.
    #[error("no takebacks during hidden placement")]
    TakebackHidden,
    /// The side has not moved.
    #[error("you have no move to take back")]
    TakebackNone,
    /// The moves to undo include placements of a hidden set-up.
    #[error("placements cannot be taken back")]
    TakebackPlacements,
    /// A takeback request waits for its answer.
    #[error("a takeback request is already pending")]
    TakebackPending,
    /// No request of the opponent's to accept.
    #[error("no takeback request to accept")]
    NoTakebackToAccept,
    /// No request of the opponent's to decline.
    #[error("no takeback request to decline")]
    NoTakebackToDecline,
    /// The rules could not undo a move.
    #[error("cannot take back: {reason}")]
    TakebackFailed {
        /// The rules' reason.
        reason: String,
    },
    /// Premoves need a real-time clock.
    #[error("premoves are only for games with a real-time clock")]
    PremoveUntimed,
    /// No premoves while pieces are placed.
    #[error("no premoves while pieces are being placed")]
    PremovePlacing,
    /// A premove waiting for a placement phase to end is not played.
    #[error("premoves are not played while pieces are being placed")]
    PremoveDuringPlacement,
    /// A premove set from another connection took this one's place.
    #[error("replaced by a premove from another connection")]
    PremoveReplaced,
    /// A takeback drops the premoves.
    #[error("a move was taken back")]
    PremoveTakenBack,
    /// On one's turn one moves.
    #[error("it is your turn: play the move")]
    PremoveOwnTurn,
    /// The stored game does not replay: a fault of the server, never of
    /// the player (logged, sent as a generic internal error).
    #[error("{0}")]
    Fault(String),
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        use Refusal as R;
        let text = refusal.to_string();
        let (error, code) = match &refusal {
            R::Fault(_) => return ApiError::internal(text),
            R::NotAPlayer => (ApiError::forbidden(text), ErrorCode::NotAPlayer),
            R::IllegalMove { .. } | R::IllegalPlacement { .. } => {
                (ApiError::bad_request(text), ErrorCode::IllegalMove)
            }
            R::TooManyPlacements => (ApiError::bad_request(text), ErrorCode::BadRequest),
            R::PlacedAll => (ApiError::bad_request(text), ErrorCode::PlacedAll),
            R::PremoveUntimed => (ApiError::bad_request(text), ErrorCode::PremoveUntimed),
            R::NotBeingPlayed => (ApiError::conflict(text), ErrorCode::NotBeingPlayed),
            R::NotYourTurn => (ApiError::conflict(text), ErrorCode::NotYourTurn),
            R::StaleVersion { .. } => (ApiError::conflict(text), ErrorCode::StaleVersion),
            R::EndedOnTime => (ApiError::conflict(text), ErrorCode::EndedOnTime),
            R::ChangedMeanwhile => (ApiError::conflict(text), ErrorCode::ChangedMeanwhile),
            R::AbortLate => (ApiError::conflict(text), ErrorCode::AbortLate),
            R::ComputerNoDraws => (ApiError::conflict(text), ErrorCode::ComputerNoDraws),
            R::DrawPending => (ApiError::conflict(text), ErrorCode::DrawPending),
            R::NoDrawToAccept | R::NoDrawToDecline => {
                (ApiError::conflict(text), ErrorCode::NoDrawOffer)
            }
            R::TakebackHidden => (ApiError::conflict(text), ErrorCode::TakebackHidden),
            R::TakebackNone => (ApiError::conflict(text), ErrorCode::TakebackNone),
            R::TakebackPlacements => (ApiError::conflict(text), ErrorCode::TakebackPlacements),
            R::TakebackPending => (ApiError::conflict(text), ErrorCode::TakebackPending),
            R::NoTakebackToAccept | R::NoTakebackToDecline => {
                (ApiError::conflict(text), ErrorCode::NoTakebackRequest)
            }
            R::TakebackFailed { .. } => (ApiError::conflict(text), ErrorCode::TakebackFailed),
            R::PremovePlacing | R::PremoveDuringPlacement => {
                (ApiError::conflict(text), ErrorCode::PremovePlacing)
            }
            R::PremoveOwnTurn => (ApiError::conflict(text), ErrorCode::PremoveOwnTurn),
            R::PremoveReplaced => (ApiError::conflict(text), ErrorCode::PremoveReplaced),
            R::PremoveTakenBack => (ApiError::conflict(text), ErrorCode::PremoveTakenBack),
        };
        let error = error.code(code);
        match refusal {
            R::IllegalMove { mv, reason } | R::IllegalPlacement { mv, reason } => {
                error.param("move", mv).param("detail", reason)
            }
            R::StaleVersion { now, yours } => error.param("now", now).param("yours", yours),
            R::TakebackFailed { reason } => error.param("detail", reason),
            _ => error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_has_its_status_code_and_params() {
        let e = ApiError::from(Refusal::IllegalMove {
            mv: "a1-a9".into(),
            reason: "off the board".into(),
        });
        assert_eq!(e.status.as_u16(), 400);
        assert_eq!(e.code, ErrorCode::IllegalMove);
        assert_eq!(e.params.get("move").map(String::as_str), Some("a1-a9"));
        assert_eq!(e.params.get("detail").map(String::as_str), Some("off the board"));
        let e = ApiError::from(Refusal::StaleVersion { now: 7, yours: 5 });
        assert_eq!((e.status.as_u16(), e.code), (409, ErrorCode::StaleVersion));
        assert_eq!(e.params.get("now").map(String::as_str), Some("7"));
        let e = ApiError::from(Refusal::NotAPlayer);
        assert_eq!((e.status.as_u16(), e.code), (403, ErrorCode::NotAPlayer));
        let e = ApiError::from(Refusal::Fault("the placements do not replay".into()));
        assert_eq!((e.status.as_u16(), e.code), (500, ErrorCode::Internal));
    }
}
