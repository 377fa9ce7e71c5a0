//! Ending a game, as pure rules the game's task calls
//! ([`crate::game::actor`] looks up the ratings and stores what they
//! decide): when a game is over without anyone acting (a flag, or an ending
//! of the game's rules: [`due`]), resigning, whether an ending is rated and
//! the new ratings, the `end` event, and the engine record's side of an
//! ending its rules did not make ([`record_end`], for replays).

use crate::game::event::StoredEvent;
use crate::game::meta::GameMeta;
use crate::game::state::GameState;
use crate::game::{aborter, expiry};
use crate::rating;
use crate::store::RatingRow;
use gamut_core::{EndReason, Outcome, Player};
use gamut_games::Match;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::game::{RatingChange, ResultView};
use gamut_protocol::ids::UserId;
use gamut_protocol::user::Seat;
use std::time::Duration;

/// How a live game ends at `now` without anyone acting, if it does: a side
/// whose time is out loses ([`flag`]), else the rules may have ended it,
/// else an untimed game may have been abandoned (nothing happened in it
/// for `untimed_expiry`: [`expiry::abandoned`]).
pub fn due(state: &GameState, now: i64, untimed_expiry: Option<Duration>) -> Option<Outcome> {
    if !state.live() {
        return None;
    }
    if let Some(side) = state.clocks.and_then(|c| c.flagged(now)) {
        return Some(flag(state, side));
    }
    state
        .game
        .outcome()
        .or_else(|| untimed_expiry.and_then(|after| expiry::abandoned(state, now, after)))
}

/// `side`'s time ran out in `state`: a loss on time, or in a days-per-move
/// game before its second ply an abort, never rated ([`gamut_protocol::clock`];
/// lichess does so, a game nobody began being no game).
pub fn flag(state: &GameState, side: Player) -> Outcome {
    let by_days = matches!(state.meta.clock, ClockControl::Correspondence { .. });
    if by_days && aborter::abortable(state) {
        Outcome::draw(EndReason::Aborted)
    } else {
        Outcome::win(side.other(), EndReason::Timeout)
    }
}

/// `side` resigns `state`: a loss, or while the game can still be
/// aborted (before its second ply, so before both sides have moved) an
/// abort, never rated — as lichess does.
pub fn resign(state: &GameState, side: Player) -> Outcome {
    if aborter::abortable(state) {
        Outcome::draw(EndReason::Aborted)
    } else {
        Outcome::win(side.other(), EndReason::Resignation)
    }
}

/// The players whose ratings an ending changes, first and second: both
/// seats' people, for a rated game that was not aborted.
pub fn rated_users(meta: &GameMeta, outcome: &Outcome) -> Option<[UserId; 2]> {
    if !meta.rated || aborter::is_abort(outcome) {
        return None;
    }
    match &meta.seats {
        [Some(Seat::Human { user: a, .. }), Some(Seat::Human { user: b, .. })] => {
            Some([a.id.clone(), b.id.clone()])
        }
        _ => None,
    }
}

/// The players' ratings after `outcome`, from `before` (first, second).
pub fn rate(before: [RatingRow; 2], outcome: &Outcome) -> [RatingRow; 2] {
    let (first, second) = rating::update(before[0], before[1], outcome.score_for(Player::First));
    [first, second]
}

/// The rating changes sent with the `end` event.
pub fn rating_changes(before: [RatingRow; 2], after: [RatingRow; 2]) -> [RatingChange; 2] {
    [0, 1].map(|i| RatingChange {
        before: before[i].rating,
        after: after[i].rating,
    })
}

/// The `end` event of `state` ending with `outcome` at `now` (clocks
/// stopped), with the rating changes of a rated game.
pub fn end_event(
    state: &GameState,
    outcome: Outcome,
    now: i64,
    ratings: Option<[RatingChange; 2]>,
) -> StoredEvent {
    StoredEvent::End {
        result: outcome.into(),
        clocks: state.clocks.map(|c| c.stopped(now)),
        ratings,
    }
}

/// Makes the engine's record end as `result` says, for the endings its
/// rules do not make themselves (resignation, a flag, agreement, abort).
pub fn record_end(game: &mut dyn Match, result: &ResultView) {
    let loser = result.winner.map(Player::other);
    match (result.reason, loser) {
        (EndReason::Resignation, Some(loser)) => game.resign(loser),
        (EndReason::Timeout, Some(loser)) => game.timeout(loser),
        (EndReason::Agreement, _) => game.agree_draw(),
        (EndReason::Aborted, _) => game.abort(),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_core::Player::{First, Second};
    use gamut_games::GameKind;

    /// `side` lost by resigning.
    fn resigned(side: Player) -> Outcome {
        Outcome::win(side.other(), EndReason::Resignation)
    }

    #[test]
    fn resigning_before_the_second_ply_aborts_the_game() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        state.meta.rated = true;
        let aborted = Outcome::draw(EndReason::Aborted);
        assert_eq!(resign(&state, First), aborted);
        testing::play_first_legal(&mut state);
        assert_eq!(
            resign(&state, First),
            aborted,
            "the second side never moved"
        );
        assert_eq!(rated_users(&state.meta, &resign(&state, Second)), None);
        testing::play_first_legal(&mut state);
        assert_eq!(resign(&state, First), resigned(First));
        assert_eq!(resign(&state, Second), resigned(Second));
        assert!(rated_users(&state.meta, &resign(&state, Second)).is_some());
    }

    #[test]
    fn a_flag_or_the_rules_end_a_live_game() {
        let clock = ClockControl::Realtime {
            initial_ms: 1_000,
            increment_ms: 0,
        };
        let state = testing::started(
            GameKind::Loa,
            &[("size", "6")],
            clock,
            testing::two_people(GameKind::Loa, &[]).meta.seats,
        );
        assert_eq!(due(&state, 999, None), None);
        assert_eq!(
            due(&state, 1_000, None),
            Some(Outcome::win(Second, EndReason::Timeout))
        );
        let mut ended = state.clone();
        let event = end_event(&state, resigned(First), 500, None);
        testing::apply(&mut ended, &event);
        assert_eq!(due(&ended, 5_000, None), None, "over already");
        let untimed = testing::two_people(GameKind::Loa, &[]);
        let day = Duration::from_secs(86_400);
        assert_eq!(due(&untimed, 86_400_000, None), None, "no expiry");
        assert_eq!(
            due(&untimed, 86_400_000, Some(day)),
            Some(Outcome::draw(EndReason::Aborted)),
            "abandoned"
        );
        let StoredEvent::End { result, clocks, .. } = event else {
            panic!("an end event");
        };
        assert_eq!(result.text, "0-1");
        let clocks = clocks.unwrap();
        assert_eq!((clocks.ms, clocks.running), ([500, 1_000], None));
    }

    #[test]
    fn a_days_per_move_flag_before_the_second_ply_aborts() {
        const DAY_MS: i64 = 86_400_000;
        let clock = ClockControl::Correspondence { days_per_move: 1 };
        let seats = testing::two_people(GameKind::Loa, &[]).meta.seats;
        let mut state = testing::started(GameKind::Loa, &[("size", "6")], clock, seats);
        assert_eq!(due(&state, DAY_MS - 1, None), None);
        let aborted = Some(Outcome::draw(EndReason::Aborted));
        assert_eq!(due(&state, DAY_MS, None), aborted, "nobody moved");
        let mv = state.legal()[0].clone();
        let event = crate::game::mover::play(&state, First, &mv, DAY_MS / 2).unwrap();
        testing::apply(&mut state, &event);
        assert_eq!(
            due(&state, DAY_MS * 3 / 2 - 1, None),
            None,
            "a day from the move"
        );
        assert_eq!(due(&state, DAY_MS * 3 / 2, None), aborted, "one ply only");
        let mv = state.legal()[0].clone();
        let event = crate::game::mover::play(&state, Second, &mv, DAY_MS).unwrap();
        testing::apply(&mut state, &event);
        assert_eq!(due(&state, 2 * DAY_MS - 1, None), None);
        let lost = Some(Outcome::win(Second, EndReason::Timeout));
        assert_eq!(due(&state, 2 * DAY_MS, None), lost, "first's day is up");
        // Real time loses on time whenever the flag falls.
        let realtime = ClockControl::Realtime {
            initial_ms: 1_000,
            increment_ms: 0,
        };
        let seats = testing::two_people(GameKind::Loa, &[]).meta.seats;
        let state = testing::started(GameKind::Loa, &[], realtime, seats);
        assert_eq!(
            flag(&state, First),
            Outcome::win(Second, EndReason::Timeout)
        );
    }

    #[test]
    fn only_rated_games_between_people_that_were_not_aborted_are_rated() {
        let mut state = testing::two_people(GameKind::Loa, &[]);
        let win = resigned(Second);
        assert_eq!(rated_users(&state.meta, &win), None, "unrated");
        state.meta.rated = true;
        assert_eq!(
            rated_users(&state.meta, &win),
            Some([testing::alice(), testing::bob()])
        );
        let aborted = Outcome::draw(EndReason::Aborted);
        assert_eq!(rated_users(&state.meta, &aborted), None);
        let mut computer = testing::against_computer(GameKind::Loa, &[]);
        computer.meta.rated = true;
        assert_eq!(rated_users(&computer.meta, &win), None);
    }

    #[test]
    fn the_winner_gains_rating() {
        let before = [rating::initial(); 2];
        let after = rate(before, &resigned(Second));
        let changes = rating_changes(before, after);
        assert!(changes[0].after > 1500.0 && changes[1].after < 1500.0);
        assert_eq!(changes[0].before, 1500.0);
        let drawn = rate(before, &Outcome::draw(EndReason::Agreement));
        assert!((drawn[0].rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn a_replayed_end_ends_the_engine_record() {
        for (outcome, reason) in [
            (resigned(First), EndReason::Resignation),
            (Outcome::win(First, EndReason::Timeout), EndReason::Timeout),
            (Outcome::draw(EndReason::Agreement), EndReason::Agreement),
            (Outcome::draw(EndReason::Aborted), EndReason::Aborted),
        ] {
            let mut state = testing::two_people(GameKind::Pursuit, &[]);
            record_end(state.game.as_mut(), &outcome.into());
            assert_eq!(state.game.outcome(), Some(outcome), "{reason}");
        }
    }
}
