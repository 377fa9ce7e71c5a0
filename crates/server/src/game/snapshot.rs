//! A game's snapshot: its state as of one version in a form that is small
//! to store (one row per game, `game_snapshots`, rewritten in the same
//! transaction as the events every [`EVERY`] versions and when the game
//! ends: [`due`]) and rebuilds the [`GameState`] without its
//! events — the record's moves are replayed on the engine, which is what
//! the engine keeps (repetition history and all); everything else (seats,
//! clocks, pending offers, a hidden placement phase, the result) is taken
//! as stored. Loading a game reads the snapshot, then applies only the
//! events stored after it ([`GameState::load`]).
//!
//! [`restore`] of [`encode`] gives back the same state as replaying every
//! event (checked below on games with every kind of event).

use crate::game::event::{Published, StoredEvent};
use crate::game::finisher;
use crate::game::hidden::HiddenPhase;
use crate::game::meta::GameMeta;
use crate::game::state::GameState;
use crate::store::{EventRow, GameRow, Store};
use gamut_core::Player;
use gamut_protocol::clock::Clocks;
use gamut_protocol::game::{RatingChange, ResultView};
use gamut_protocol::user::Seat;
use serde::{Deserialize, Serialize};

/// The stored form (JSON).
#[derive(Debug, Serialize, Deserialize)]
struct Snapshot {
    /// The version it is the state of.
    version: i64,
    /// When that version's event happened (snapshots stored before this
    /// was kept have none: such a game replays its events until its next
    /// event stores a new snapshot).
    #[serde(default)]
    at: Option<i64>,
    /// The seats.
    seats: [Option<Seat>; 2],
    /// The record's moves (after any takebacks).
    moves: Vec<String>,
    /// The clocks.
    clocks: Option<Clocks>,
    /// Play begun.
    started: bool,
    /// A pending draw offer's side.
    #[serde(default, with = "gamut_protocol::wire::option_side")]
    draw_offer: Option<Player>,
    /// A pending takeback request's side.
    #[serde(default, with = "gamut_protocol::wire::option_side")]
    takeback_request: Option<Player>,
    /// A hidden placement phase: the side that places first and each side's
    /// placements so far.
    hidden: Option<Hidden>,
    /// Placements were stored as open moves.
    open_placements: bool,
    /// The result, once over.
    result: Option<ResultView>,
    /// A rated game's rating changes, once over (snapshots stored before
    /// they were kept have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ratings: Option<[RatingChange; 2]>,
}

/// A hidden placement phase as stored.
#[derive(Debug, Serialize, Deserialize)]
struct Hidden {
    /// The side the engine lets place first.
    #[serde(with = "gamut_protocol::wire::side")]
    first: Player,
    /// Each side's placements.
    pending: [Vec<String>; 2],
}

/// A snapshot is stored when the version passes a multiple of this: a
/// game loads from its snapshot and at most this many events after it.
/// Writing one with every event cost each move an encoding of the whole
/// record (every move's text) and a second row to write.
pub const EVERY: i64 = 32;

/// Whether `state`, stored with the events after version `since`, is
/// stored with its snapshot: when the version passes a multiple of
/// [`EVERY`], and when the game has ended.
pub fn due(state: &GameState, since: i64) -> bool {
    state.result.is_some() || state.version / EVERY > since / EVERY
}

/// `state`'s snapshot text.
pub fn encode(state: &GameState) -> String {
    let snapshot = Snapshot {
        version: state.version,
        at: Some(state.last_at),
        seats: state.meta.seats.clone(),
        moves: state.game.moves(),
        clocks: state.clocks,
        started: state.started,
        draw_offer: state.draw_offer,
        takeback_request: state.takeback_request,
        hidden: state.hidden.as_ref().map(|h| Hidden {
            first: h.first,
            pending: h.pending.clone(),
        }),
        open_placements: state.open_placements,
        result: state.result.clone(),
        ratings: state.ratings,
    };
    serde_json::to_string(&snapshot).unwrap_or_default()
}

/// The game of `meta` as of the snapshot `text`; an error says what is
/// wrong with it.
pub fn restore(meta: GameMeta, text: &str) -> Result<GameState, String> {
    let id = meta.id.clone();
    let snapshot: Snapshot =
        serde_json::from_str(text).map_err(|e| format!("game {id} snapshot: {e}"))?;
    let at = snapshot
        .at
        .ok_or_else(|| format!("game {id} snapshot: no time of its last event"))?;
    let mut state = GameState::new(meta)?;
    state.meta.seats = snapshot.seats;
    for mv in &snapshot.moves {
        let side = state.game.side_to_move();
        state
            .game
            .play(mv)
            .map_err(|e| format!("game {id} snapshot: move '{mv}': {e}"))?;
        state.positions.push(state.game.position_text());
        state.movers.push(side);
    }
    if let Some(result) = &snapshot.result {
        finisher::record_end(state.game.as_mut(), result);
    }
    state.version = snapshot.version;
    state.last_at = at;
    state.clocks = snapshot.clocks;
    state.started = snapshot.started;
    state.draw_offer = snapshot.draw_offer;
    state.takeback_request = snapshot.takeback_request;
    state.hidden = snapshot.hidden.map(|h| HiddenPhase {
        first: h.first,
        pending: h.pending,
    });
    state.open_placements = snapshot.open_placements;
    state.result = snapshot.result;
    state.ratings = snapshot.ratings;
    Ok(state)
}

/// What [`load`] found.
pub enum Loaded {
    /// The game, from its snapshot and the events after it, with the
    /// published form of those after `since`.
    Done(Box<GameState>, Vec<Published>),
    /// No snapshot is stored (a game stored before snapshots, or one
    /// without a change since it started): replay, then store one.
    Missing,
    /// The snapshot cannot serve: events older than it are wanted, it
    /// lacks its event's time (stored before it was kept), or it does not
    /// read (logged): replay.
    Unusable,
}

/// Game `row` from its snapshot and the events stored after it, with the
/// published form of the events after `since` (see [`Loaded`]).
pub async fn load(store: &Store, row: &GameRow, since: i64) -> anyhow::Result<Loaded> {
    let Some((version, text)) = store.snapshot(&row.id).await? else {
        return Ok(Loaded::Missing);
    };
    if since < version {
        return Ok(Loaded::Unusable);
    }
    if !has_time(&text) {
        // Stored before snapshots kept their event's time.
        return Ok(Loaded::Unusable);
    }
    let mut state = match GameMeta::from_row(row).and_then(|meta| restore(meta, &text)) {
        Ok(state) if state.version == version => state,
        Ok(_) => {
            tracing::error!("game {}: the snapshot's version is not its row's", row.id);
            return Ok(Loaded::Unusable);
        }
        Err(e) => {
            tracing::error!("{e}; replaying its events");
            return Ok(Loaded::Unusable);
        }
    };
    let events = store.events_after(&row.id, version).await?;
    let published = apply_all(&mut state, &events, since).map_err(anyhow::Error::msg)?;
    Ok(Loaded::Done(Box::new(state), published))
}

/// Applies the stored `events` (which must follow `state`'s version) to
/// `state`; the published form of those after `since`.
pub fn apply_all(
    state: &mut GameState,
    events: &[EventRow],
    since: i64,
) -> Result<Vec<Published>, String> {
    let mut published = Vec::new();
    for e in events {
        if e.version != state.version + 1 {
            return Err(format!(
                "game {}: event {} follows {}",
                state.meta.id, e.version, state.version
            ));
        }
        let event: StoredEvent = serde_json::from_str(&e.payload)
            .map_err(|err| format!("game {} event {}: {err}", state.meta.id, e.version))?;
        state.apply(e.version, e.at, &event)?;
        if e.version > since {
            published.push(state.published(&event, e.at));
        }
    }
    Ok(published)
}

/// Stores `state`'s snapshot (after a replay that found none); a failure
/// is logged (the game replays again next time).
pub async fn save(store: &Store, state: &GameState) {
    if state.version == 0 {
        return;
    }
    let text = encode(state);
    if let Err(e) = store
        .save_snapshot(state.meta.id.as_str(), state.version, &text)
        .await
    {
        tracing::warn!("game {}: cannot store its snapshot: {e}", state.meta.id);
    }
}

/// True if a snapshot text holds the time of its last event.
fn has_time(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Time {
        at: Option<i64>,
    }
    serde_json::from_str::<Time>(text).is_ok_and(|t| t.at.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{drawer, mover, takebacker, testing};
    use gamut_core::{EndReason, Outcome};
    use gamut_games::GameKind;
    use gamut_protocol::clock::ClockControl;
    use gamut_protocol::user::{Seat, UserView};

    /// The parts of two states that must agree.
    fn assert_same(restored: &GameState, replayed: &GameState) {
        assert_eq!(restored.version, replayed.version);
        assert_eq!(restored.last_at, replayed.last_at);
        assert_eq!(restored.positions, replayed.positions);
        assert_eq!(restored.movers, replayed.movers);
        assert_eq!(restored.clocks, replayed.clocks);
        assert_eq!(restored.started, replayed.started);
        assert_eq!(restored.draw_offer, replayed.draw_offer);
        assert_eq!(restored.takeback_request, replayed.takeback_request);
        assert_eq!(restored.hidden, replayed.hidden);
        assert_eq!(restored.open_placements, replayed.open_placements);
        assert_eq!(restored.result, replayed.result);
        assert_eq!(restored.game.moves(), replayed.game.moves());
        assert_eq!(restored.game.outcome(), replayed.game.outcome());
        assert_eq!(restored.legal(), replayed.legal());
        for viewer in [None, Some(Player::First), Some(Player::Second)] {
            assert_eq!(restored.view(viewer), replayed.view(viewer));
        }
    }

    /// Plays `plies` events of every kind on `state` (deterministic), checking
    /// a restored snapshot against it after each.
    fn check_game(mut state: GameState, plies: usize, seed: usize) {
        let mut now = 1_000;
        for i in 0..plies {
            let restored = restore(state.meta.clone(), &encode(&state)).unwrap();
            assert_same(&restored, &state);
            if !state.live() {
                return;
            }
            now += 500;
            let roll = (i * 7 + seed) % 23;
            let event = if let Some(phase) = &state.hidden {
                let side = Player::BOTH
                    .into_iter()
                    .find(|&s| !phase.done(state.game.as_ref(), s))
                    .unwrap_or(Player::First);
                let legal = phase.legal(state.game.as_ref(), side);
                match legal.get((i + seed) % legal.len().max(1)) {
                    Some(mv) => mover::play(&state, side, mv, now).unwrap(),
                    None => match mover::reveal(&state, now).unwrap() {
                        Some(reveal) => reveal,
                        None => return,
                    },
                }
            } else {
                let side = state.to_move().unwrap();
                match roll {
                    3 if state.draw_offer.is_none() => drawer::offer(None, side, false).unwrap(),
                    4 if state.draw_offer.is_some() => {
                        drawer::decline(state.draw_offer, state.draw_offer.unwrap().other())
                            .unwrap()
                    }
                    5 if !state.positions.is_empty() && state.takeback_request.is_none() => {
                        match takebacker::request(&state, side.other(), false) {
                            Ok(takebacker::Request::Ask(event)) => event,
                            _ => continue,
                        }
                    }
                    6 if state.takeback_request.is_some() => {
                        let requester = state.takeback_request.unwrap();
                        takebacker::take_back(&state, requester, now).unwrap()
                    }
                    _ if i + 1 == plies => finisher::end_event(
                        &state,
                        Outcome {
                            winner: Some(side.other()),
                            reason: EndReason::Resignation,
                        },
                        now,
                        None,
                    ),
                    _ => {
                        let legal = state.legal();
                        let mv = legal[(i * 13 + seed) % legal.len()].clone();
                        mover::play(&state, side, &mv, now).unwrap()
                    }
                }
            };
            testing::apply(&mut state, &event);
            if let Some(reveal) = (state.hidden.is_some())
                .then(|| mover::reveal(&state, now).unwrap())
                .flatten()
            {
                testing::apply(&mut state, &reveal);
            }
        }
        let restored = restore(state.meta.clone(), &encode(&state)).unwrap();
        assert_same(&restored, &state);
    }

    #[test]
    fn a_restored_snapshot_is_the_replayed_game() {
        for (seed, &kind) in GameKind::ALL.iter().enumerate() {
            check_game(testing::two_people(kind, &[]), 60, seed);
            check_game(testing::two_people(kind, &[]), 9, seed + 5);
        }
        let timed = ClockControl::Realtime {
            initial_ms: 60_000,
            increment_ms: 1_000,
        };
        let person = |name: &str| {
            Some(Seat::Human {
                user: UserView {
                    id: gamut_protocol::ids::UserId::parse(name).unwrap(),
                    name: name.into(),
                    guest: false,
                    bot: false,
                },
                rating: Some(1500),
            })
        };
        let seats = [person("alice"), person("bob")];
        check_game(
            testing::started(GameKind::Football, &[], timed, seats.clone()),
            80,
            2,
        );
        check_game(
            testing::started(
                GameKind::Football,
                &[("placement", "simultaneous")],
                timed,
                seats,
            ),
            80,
            3,
        );
    }

    #[test]
    fn a_snapshot_is_due_every_32_versions_and_at_the_end() {
        let mut state = testing::two_people(GameKind::Loa, &[]);
        state.version = 31;
        assert!(!due(&state, 30));
        state.version = 32;
        assert!(due(&state, 31));
        // A move and the end it brings pass 32 together.
        state.version = 33;
        assert!(due(&state, 31));
        assert!(!due(&state, 32));
        state.result = Some(ResultView {
            winner: None,
            reason: gamut_core::EndReason::Aborted,
            text: "1/2-1/2".into(),
        });
        assert!(due(&state, 32));
    }

    #[test]
    fn a_snapshot_without_its_events_time_is_not_restored() {
        let state = testing::two_people(GameKind::Loa, &[]);
        let text = encode(&state);
        assert!(has_time(&text));
        let old = text.replace(&format!("\"at\":{},", state.last_at), "");
        assert_ne!(old, text);
        assert!(!has_time(&old));
        assert!(restore(state.meta.clone(), &old).is_err());
    }

    #[test]
    fn a_bad_snapshot_is_an_error() {
        let state = testing::two_people(GameKind::Loa, &[]);
        for bad in ["", "{}", r#"{"version": 3, "moves": ["z9-z9"]}"#] {
            assert!(restore(state.meta.clone(), bad).is_err(), "{bad}");
        }
        let mut text = encode(&state);
        text = text.replace("\"moves\":[]", "\"moves\":[\"nonsense\"]");
        let Err(e) = restore(state.meta.clone(), &text) else {
            panic!("a bad move was restored");
        };
        assert!(e.contains("nonsense"), "{e}");
    }
}
