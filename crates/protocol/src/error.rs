//! Refusals on the wire. Every error a client gets, HTTP or WebSocket,
//! is `{"error": "<English text>", "code": "<stable code>", "params":
//! {…}}` ([`ErrorBody`]): the text is for people, the code for programs and
//! translations (the web client shows `error.<code>` of its catalogue with
//! the params). A code never changes meaning once published; the generic
//! codes ([`ErrorCode::is_generic`]) stand for refusals not given a code of
//! their own yet, whose text is the only detail.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// What a refusal is, as a stable code (`snake_case` on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorCode {
    /// The request is malformed or invalid (a generic refusal: the text says why).
    BadRequest,
    /// A session is needed (generic).
    Unauthorized,
    /// The caller may not do this (generic).
    Forbidden,
    /// No such thing (generic).
    Missing,
    /// It conflicts with the current state (generic).
    Conflict,
    /// Too many requests (generic).
    RateLimited,
    /// A fault of the server (logged; the text stays generic).
    Internal,
    /// Wrong username or password.
    WrongCredentials,
    /// A rate was passed: `what` (`guests`, `signups`, `signins`, `chat`, `seeks`, `positions`, `boards`, …), retry in `n` seconds.
    TooMany,
    /// A session is needed.
    SignInFirst,
    /// Guests cannot play rated games.
    GuestRated,
    /// The username `name` is taken.
    UsernameTaken,
    /// A username has 3 to 20 characters.
    UsernameLength,
    /// A username has only letters, digits, `_` and `-`.
    UsernameChars,
    /// Usernames starting with `guest` are reserved.
    UsernameGuest,
    /// A password has 8 to 128 characters.
    PasswordLength,
    /// No such game.
    NoSuchGame,
    /// No player `name`.
    NoPlayer,
    /// The game is not waiting for a player.
    NotWaiting,
    /// One cannot join one's own game.
    OwnGame,
    /// The game changed meanwhile (another process stored a version first).
    ChangedMeanwhile,
    /// The game is at version `now`, not `yours`.
    StaleVersion,
    /// The game ended on time.
    EndedOnTime,
    /// It is not the caller's turn.
    NotYourTurn,
    /// A premove on one's own turn.
    PremoveOwnTurn,
    /// Premoves are only for games with a real-time clock.
    PremoveUntimed,
    /// No premoves while pieces are being placed.
    PremovePlacing,
    /// The premove was replaced by one from another connection.
    PremoveReplaced,
    /// The premove was dropped: a move was taken back.
    PremoveTakenBack,
    /// The move `move` is illegal; `detail` says why (the rules engine's words).
    IllegalMove,
    /// The caller is not a player of this game.
    NotAPlayer,
    /// The game is not being played.
    NotBeingPlayed,
    /// A game can only be aborted before the second move.
    AbortLate,
    /// The computer does not accept draws.
    ComputerNoDraws,
    /// A draw offer is already pending.
    DrawPending,
    /// No draw offer to answer.
    NoDrawOffer,
    /// A takeback request is already pending.
    TakebackPending,
    /// No takeback request to answer.
    NoTakebackRequest,
    /// No takebacks during hidden placement.
    TakebackHidden,
    /// Placements cannot be taken back.
    TakebackPlacements,
    /// The caller has no move to take back.
    TakebackNone,
    /// The takeback failed; `detail` says why.
    TakebackFailed,
    /// The caller has placed all their pieces.
    PlacedAll,
    /// The start position cannot be used; `detail` says why.
    BadPosition,
    /// The record has no `[Game]` header.
    RecordNoGame,
    /// The chat message is empty.
    ChatEmpty,
    /// A chat message has at most `n` characters.
    ChatTooLong,
    /// One cannot mute oneself.
    MuteSelf,
    /// One cannot challenge oneself.
    ChallengeSelf,
    /// The challenge was sent to another player.
    ChallengeOther,
    /// The challenge was not sent to the caller.
    ChallengeNotYours,
    /// Too many challenges; retry in `n` seconds.
    TooManyChallenges,
    /// The game is not over.
    NotOver,
    /// No rematch was offered.
    NoRematch,
    /// The caller offered this rematch.
    OwnRematch,
    /// A rematch was offered already.
    RematchPending,
    /// The tournament is over.
    TournamentOver,
    /// The tournament is full (`n` players).
    TournamentFull,
    /// The caller has not joined this tournament.
    TournamentNotJoined,
    /// No such tournament.
    NoSuchTournament,
    /// Guests take no part in tournaments.
    TournamentGuest,
    /// The caller has `n` tournaments upcoming or running already.
    TournamentsYours,
    /// `n` tournaments are upcoming or running already.
    TournamentsAll,
    /// Too many tournament joins and withdrawals; retry in `n` seconds.
    TournamentRate,
    /// Fair play: the caller plays this live game, which gets no engine view until it ends.
    PlayerOfLiveGame,
    /// A cap on what one person, one address or the server may hold was reached (the text says which).
    CapReached,
    /// The socket's session has ended.
    SessionEnded,
    /// The caller has an analysis running already; stop it first.
    AnalysisRunning,
    /// Too many analyses are running from this address.
    AnalysesFromAddress,
    /// The caller has a review being computed already.
    ReviewRunning,
    /// Too many reviews are being computed; retry in a minute.
    ReviewsBusy,
    /// Too many reviews are being computed for this address.
    ReviewsFromAddress,
    /// Too many socket messages: the socket is closed.
    Flood,
    /// No socket message for too long: the socket is closed.
    Idle,
    /// A socket message that cannot be read (not JSON, an unknown type or field, a missing field).
    BadMessage,
    /// A move has 1 to `n` characters.
    MoveLength,
    /// The game is already over in the position given.
    PositionOver,
    /// Games from a set position are not rated.
    PositionRated,
    /// The game has no option `key`.
    UnknownOption,
    /// The value `value` of the option `key` is not allowed; `detail` says why.
    BadOption,
    /// The days per move must be one of `days`.
    ClockDays,
    /// Move `n` (`move`) of the record cannot be played; `detail` says why.
    RecordMove,
    /// The record gives the option `key` more than once.
    OptionTwice,
    /// The current password given is wrong.
    WrongPassword,
    /// The bot token is wrong or revoked.
    WrongToken,
    /// Guests cannot make bots: sign up first.
    BotGuest,
    /// Bots cannot make bots.
    BotMakesBot,
    /// The caller has `n` bots already; revoke one first.
    BotsHeld,
    /// The caller made `n` bots in the last 24 hours (revoked ones count).
    BotsToday,
    /// `n` bots were made from this address in the last 24 hours.
    BotsFromAddress,
    /// A tournament game has no rematch: the tournament pairs its players again.
    RematchTournament,
    /// Tournaments are played with a real-time clock.
    TournamentClock,
    /// A tournament lasts `min` to `max` minutes.
    TournamentDuration,
    /// A tournament starts in `min` to `max` minutes.
    TournamentStart,
    /// A tournament name has 1 to `n` characters.
    TournamentName,
    /// An analysis shows 1 to `n` lines.
    AnalysisLines,
    /// There are no lessons for the game `game`.
    LessonGame,
    /// A lesson step is numbered 1 to `n`; `step` is not.
    LessonStep,
    /// At most `n` lesson steps may be sent at once.
    LessonSteps,
    /// There are no puzzles for the game `game`.
    PuzzleGame,
    /// There is no puzzle `id`.
    PuzzleUnknown,
    /// No puzzle of `game` has the theme `theme`.
    PuzzleTheme,
    /// `played` is not the puzzle's line so far, ending with a reply.
    PuzzleLine,
    /// The move `move` is not legal in the puzzle's position.
    PuzzleMove,
}

impl ErrorCode {
    /// Every code.
    pub const ALL: &[ErrorCode] = &[
        ErrorCode::BadRequest,
        ErrorCode::Unauthorized,
        ErrorCode::Forbidden,
        ErrorCode::Missing,
        ErrorCode::Conflict,
        ErrorCode::RateLimited,
        ErrorCode::Internal,
        ErrorCode::WrongCredentials,
        ErrorCode::TooMany,
        ErrorCode::SignInFirst,
        ErrorCode::GuestRated,
        ErrorCode::UsernameTaken,
        ErrorCode::UsernameLength,
        ErrorCode::UsernameChars,
        ErrorCode::UsernameGuest,
        ErrorCode::PasswordLength,
        ErrorCode::NoSuchGame,
        ErrorCode::NoPlayer,
        ErrorCode::NotWaiting,
        ErrorCode::OwnGame,
        ErrorCode::ChangedMeanwhile,
        ErrorCode::StaleVersion,
        ErrorCode::EndedOnTime,
        ErrorCode::NotYourTurn,
        ErrorCode::PremoveOwnTurn,
        ErrorCode::PremoveUntimed,
        ErrorCode::PremovePlacing,
        ErrorCode::PremoveReplaced,
        ErrorCode::PremoveTakenBack,
        ErrorCode::IllegalMove,
        ErrorCode::NotAPlayer,
        ErrorCode::NotBeingPlayed,
        ErrorCode::AbortLate,
        ErrorCode::ComputerNoDraws,
        ErrorCode::DrawPending,
        ErrorCode::NoDrawOffer,
        ErrorCode::TakebackPending,
        ErrorCode::NoTakebackRequest,
        ErrorCode::TakebackHidden,
        ErrorCode::TakebackPlacements,
        ErrorCode::TakebackNone,
        ErrorCode::TakebackFailed,
        ErrorCode::PlacedAll,
        ErrorCode::BadPosition,
        ErrorCode::RecordNoGame,
        ErrorCode::ChatEmpty,
        ErrorCode::ChatTooLong,
        ErrorCode::MuteSelf,
        ErrorCode::ChallengeSelf,
        ErrorCode::ChallengeOther,
        ErrorCode::ChallengeNotYours,
        ErrorCode::TooManyChallenges,
        ErrorCode::NotOver,
        ErrorCode::NoRematch,
        ErrorCode::OwnRematch,
        ErrorCode::RematchPending,
        ErrorCode::TournamentOver,
        ErrorCode::TournamentFull,
        ErrorCode::TournamentNotJoined,
        ErrorCode::NoSuchTournament,
        ErrorCode::TournamentGuest,
        ErrorCode::TournamentsYours,
        ErrorCode::TournamentsAll,
        ErrorCode::TournamentRate,
        ErrorCode::PlayerOfLiveGame,
        ErrorCode::CapReached,
        ErrorCode::SessionEnded,
        ErrorCode::AnalysisRunning,
        ErrorCode::AnalysesFromAddress,
        ErrorCode::ReviewRunning,
        ErrorCode::ReviewsBusy,
        ErrorCode::ReviewsFromAddress,
        ErrorCode::Flood,
        ErrorCode::Idle,
        ErrorCode::BadMessage,
        ErrorCode::MoveLength,
        ErrorCode::PositionOver,
        ErrorCode::PositionRated,
        ErrorCode::UnknownOption,
        ErrorCode::BadOption,
        ErrorCode::ClockDays,
        ErrorCode::RecordMove,
        ErrorCode::OptionTwice,
        ErrorCode::WrongPassword,
        ErrorCode::WrongToken,
        ErrorCode::BotGuest,
        ErrorCode::BotMakesBot,
        ErrorCode::BotsHeld,
        ErrorCode::BotsToday,
        ErrorCode::BotsFromAddress,
        ErrorCode::RematchTournament,
        ErrorCode::TournamentClock,
        ErrorCode::TournamentDuration,
        ErrorCode::TournamentStart,
        ErrorCode::TournamentName,
        ErrorCode::AnalysisLines,
        ErrorCode::LessonGame,
        ErrorCode::LessonStep,
        ErrorCode::LessonSteps,
        ErrorCode::PuzzleGame,
        ErrorCode::PuzzleUnknown,
        ErrorCode::PuzzleTheme,
        ErrorCode::PuzzleLine,
        ErrorCode::PuzzleMove,
    ];

    /// The code as sent.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::Missing => "missing",
            ErrorCode::Conflict => "conflict",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
            ErrorCode::WrongCredentials => "wrong_credentials",
            ErrorCode::TooMany => "too_many",
            ErrorCode::SignInFirst => "sign_in_first",
            ErrorCode::GuestRated => "guest_rated",
            ErrorCode::UsernameTaken => "username_taken",
            ErrorCode::UsernameLength => "username_length",
            ErrorCode::UsernameChars => "username_chars",
            ErrorCode::UsernameGuest => "username_guest",
            ErrorCode::PasswordLength => "password_length",
            ErrorCode::NoSuchGame => "no_such_game",
            ErrorCode::NoPlayer => "no_player",
            ErrorCode::NotWaiting => "not_waiting",
            ErrorCode::OwnGame => "own_game",
            ErrorCode::ChangedMeanwhile => "changed_meanwhile",
            ErrorCode::StaleVersion => "stale_version",
            ErrorCode::EndedOnTime => "ended_on_time",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::PremoveOwnTurn => "premove_own_turn",
            ErrorCode::PremoveUntimed => "premove_untimed",
            ErrorCode::PremovePlacing => "premove_placing",
            ErrorCode::PremoveReplaced => "premove_replaced",
            ErrorCode::PremoveTakenBack => "premove_taken_back",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::NotBeingPlayed => "not_being_played",
            ErrorCode::AbortLate => "abort_late",
            ErrorCode::ComputerNoDraws => "computer_no_draws",
            ErrorCode::DrawPending => "draw_pending",
            ErrorCode::NoDrawOffer => "no_draw_offer",
            ErrorCode::TakebackPending => "takeback_pending",
            ErrorCode::NoTakebackRequest => "no_takeback_request",
            ErrorCode::TakebackHidden => "takeback_hidden",
            ErrorCode::TakebackPlacements => "takeback_placements",
            ErrorCode::TakebackNone => "takeback_none",
            ErrorCode::TakebackFailed => "takeback_failed",
            ErrorCode::PlacedAll => "placed_all",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::RecordNoGame => "record_no_game",
            ErrorCode::ChatEmpty => "chat_empty",
            ErrorCode::ChatTooLong => "chat_too_long",
            ErrorCode::MuteSelf => "mute_self",
            ErrorCode::ChallengeSelf => "challenge_self",
            ErrorCode::ChallengeOther => "challenge_other",
            ErrorCode::ChallengeNotYours => "challenge_not_yours",
            ErrorCode::TooManyChallenges => "too_many_challenges",
            ErrorCode::NotOver => "not_over",
            ErrorCode::NoRematch => "no_rematch",
            ErrorCode::OwnRematch => "own_rematch",
            ErrorCode::RematchPending => "rematch_pending",
            ErrorCode::TournamentOver => "tournament_over",
            ErrorCode::TournamentFull => "tournament_full",
            ErrorCode::TournamentNotJoined => "tournament_not_joined",
            ErrorCode::NoSuchTournament => "no_such_tournament",
            ErrorCode::TournamentGuest => "tournament_guest",
            ErrorCode::TournamentsYours => "tournaments_yours",
            ErrorCode::TournamentsAll => "tournaments_all",
            ErrorCode::TournamentRate => "tournament_rate",
            ErrorCode::PlayerOfLiveGame => "player_of_live_game",
            ErrorCode::CapReached => "cap_reached",
            ErrorCode::SessionEnded => "session_ended",
            ErrorCode::AnalysisRunning => "analysis_running",
            ErrorCode::AnalysesFromAddress => "analyses_from_address",
            ErrorCode::ReviewRunning => "review_running",
            ErrorCode::ReviewsBusy => "reviews_busy",
            ErrorCode::ReviewsFromAddress => "reviews_from_address",
            ErrorCode::Flood => "flood",
            ErrorCode::Idle => "idle",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::MoveLength => "move_length",
            ErrorCode::PositionOver => "position_over",
            ErrorCode::PositionRated => "position_rated",
            ErrorCode::UnknownOption => "unknown_option",
            ErrorCode::BadOption => "bad_option",
            ErrorCode::ClockDays => "clock_days",
            ErrorCode::RecordMove => "record_move",
            ErrorCode::OptionTwice => "option_twice",
            ErrorCode::WrongPassword => "wrong_password",
            ErrorCode::WrongToken => "wrong_token",
            ErrorCode::BotGuest => "bot_guest",
            ErrorCode::BotMakesBot => "bot_makes_bot",
            ErrorCode::BotsHeld => "bots_held",
            ErrorCode::BotsToday => "bots_today",
            ErrorCode::BotsFromAddress => "bots_from_address",
            ErrorCode::RematchTournament => "rematch_tournament",
            ErrorCode::TournamentClock => "tournament_clock",
            ErrorCode::TournamentDuration => "tournament_duration",
            ErrorCode::TournamentStart => "tournament_start",
            ErrorCode::TournamentName => "tournament_name",
            ErrorCode::AnalysisLines => "analysis_lines",
            ErrorCode::LessonGame => "lesson_game",
            ErrorCode::LessonStep => "lesson_step",
            ErrorCode::LessonSteps => "lesson_steps",
            ErrorCode::PuzzleGame => "puzzle_game",
            ErrorCode::PuzzleUnknown => "puzzle_unknown",
            ErrorCode::PuzzleTheme => "puzzle_theme",
            ErrorCode::PuzzleLine => "puzzle_line",
            ErrorCode::PuzzleMove => "puzzle_move",
        }
    }

    /// Whether this code only says the kind of refusal (its HTTP status),
    /// the text giving the detail.
    pub fn is_generic(self) -> bool {
        matches!(
            self,
            ErrorCode::BadRequest
                | ErrorCode::Unauthorized
                | ErrorCode::Forbidden
                | ErrorCode::Missing
                | ErrorCode::Conflict
                | ErrorCode::RateLimited
                | ErrorCode::Internal
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error as sent: the text for people, the code, and the values the
/// text quotes (a move, a name, a number of seconds), by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// What went wrong, in English.
    pub error: String,
    /// What kind of refusal it is.
    pub code: ErrorCode,
    /// The values the text quotes (none: left out).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_written_as_named() {
        let mut seen = std::collections::HashSet::new();
        for &code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
        }
    }

    #[test]
    fn a_body_without_params_leaves_them_out() {
        let body = ErrorBody {
            error: "it is not your turn".into(),
            code: ErrorCode::NotYourTurn,
            params: BTreeMap::new(),
        };
        assert_eq!(
            serde_json::to_string(&body).unwrap(),
            r#"{"error":"it is not your turn","code":"not_your_turn"}"#
        );
    }
}
