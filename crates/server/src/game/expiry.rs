//! Abandoned untimed games. An untimed game has no clock to end it when a
//! player leaves, so one in which nothing happens (no move, offer or any
//! other event) for the expiry time (`ServerLimits::untimed_expiry`, 30
//! days by default) ends, the lichess way: before its second ply it is
//! aborted (never rated); after that the side that was to act and did not
//! loses on time (`timeout`), as a player who leaves a game does on
//! lichess — against the computer, the absent person. [`abandoned`] is the
//! rule, asked by [`crate::game::finisher::due`] whenever the game's task
//! looks at what is due; [`spawn_sweeper`] has the tasks of the games that
//! went quiet look.

use crate::cluster::Cluster;
use crate::game::aborter;
use crate::game::state::GameState;
use crate::store::Store;
use gamut_core::{EndReason, Outcome, Player};
use gamut_protocol::ids::{now_ms, GameId};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How `state` ends at `now` for having gone without any event for
/// `after`, if it does: only a live untimed game does.
pub fn abandoned(state: &GameState, now: i64, after: Duration) -> Option<Outcome> {
    if !state.live() || state.clocks.is_some() {
        return None;
    }
    if now.saturating_sub(state.last_at) < millis(after) {
        return None;
    }
    if aborter::abortable(state) {
        return Some(Outcome::draw(EndReason::Aborted));
    }
    Some(match absent(state) {
        Some(side) => Outcome::win(side.other(), EndReason::Timeout),
        // Both sides owed a hidden placement: nobody to blame.
        None => Outcome::draw(EndReason::Aborted),
    })
}

/// The side that was to act: the side to move, or during a hidden
/// placement phase the one side not done placing.
fn absent(state: &GameState) -> Option<Player> {
    let Some(phase) = &state.hidden else {
        return state.to_move();
    };
    let mut placing = Player::BOTH
        .into_iter()
        .filter(|&side| !phase.done(state.game.as_ref(), side));
    match (placing.next(), placing.next()) {
        (Some(side), None) => Some(side),
        _ => None,
    }
}

/// `d` in whole milliseconds (saturating).
fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// How often the sweep looks for quiet games: a tenth of the expiry time,
/// at most an hour (and at least 50 ms).
pub fn sweep_period(after: Duration) -> Duration {
    (after / 10).clamp(Duration::from_millis(50), Duration::from_secs(3_600))
}

/// Looks, now and every [`sweep_period`], for the live untimed games that
/// this process runs ([`Cluster::owns`]) whose last event is older than
/// `after`, and hands each to `settle` (the registry's `ensure`: its task
/// then ends it by [`abandoned`], stored and told like any other end).
/// Failures are logged and retried at the next sweep.
pub fn spawn_sweeper(
    store: Store,
    cluster: Arc<Cluster>,
    after: Duration,
    settle: impl Fn(&GameId) + Send + 'static,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(sweep_period(after));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let cutoff = now_ms().saturating_sub(millis(after));
            match store.quiet_untimed_games(cutoff).await {
                Ok(ids) => {
                    for id in ids {
                        match GameId::parse(&id) {
                            Ok(id) if cluster.owns(&id) => settle(&id),
                            Ok(_) => {}
                            Err(e) => tracing::error!("not expiring a game: {e}"),
                        }
                    }
                }
                Err(e) => tracing::warn!("looking for abandoned untimed games: {e}"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_core::Player::{First, Second};
    use gamut_games::GameKind;
    use gamut_protocol::clock::ClockControl;

    const DAY: Duration = Duration::from_secs(86_400);
    const DAY_MS: i64 = 86_400_000;

    #[test]
    fn a_quiet_untimed_game_is_aborted_before_its_second_ply() {
        let mut state = testing::against_computer(GameKind::Loa, &[("size", "6")]);
        assert_eq!(abandoned(&state, DAY_MS - 1, DAY), None, "not yet");
        let aborted = Some(Outcome::draw(EndReason::Aborted));
        assert_eq!(abandoned(&state, DAY_MS, DAY), aborted);
        testing::play_first_legal(&mut state);
        assert_eq!(abandoned(&state, DAY_MS, DAY), aborted);
    }

    #[test]
    fn later_the_side_that_was_to_move_loses_on_time() {
        let mut state = testing::against_computer(GameKind::Loa, &[("size", "6")]);
        testing::play_first_legal(&mut state);
        testing::play_first_legal(&mut state);
        // The last event's time counts, not the game's start.
        state.last_at = 5 * DAY_MS;
        assert_eq!(abandoned(&state, 6 * DAY_MS - 1, DAY), None);
        let lost = Outcome::win(Second, EndReason::Timeout);
        assert_eq!(abandoned(&state, 6 * DAY_MS, DAY), Some(lost));
        testing::play_first_legal(&mut state);
        let lost = Outcome::win(First, EndReason::Timeout);
        assert_eq!(abandoned(&state, 7 * DAY_MS, DAY), Some(lost));
    }

    #[test]
    fn timed_and_finished_games_do_not_expire() {
        let timed = ClockControl::Realtime {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        let seats = testing::two_people(GameKind::Loa, &[]).meta.seats;
        let state = testing::started(GameKind::Loa, &[], timed, seats);
        assert_eq!(abandoned(&state, 100 * DAY_MS, DAY), None);
        let mut over = testing::two_people(GameKind::Loa, &[]);
        let end =
            crate::game::finisher::end_event(&over, Outcome::draw(EndReason::Agreement), 0, None);
        testing::apply(&mut over, &end);
        assert_eq!(abandoned(&over, 100 * DAY_MS, DAY), None);
    }

    #[test]
    fn the_sweep_looks_ten_times_per_expiry_at_most_hourly() {
        assert_eq!(sweep_period(30 * DAY), Duration::from_secs(3_600));
        assert_eq!(
            sweep_period(Duration::from_secs(2)),
            Duration::from_millis(200)
        );
        assert_eq!(sweep_period(Duration::ZERO), Duration::from_millis(50));
    }
}
