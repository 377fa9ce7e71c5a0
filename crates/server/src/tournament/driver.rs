//! The task that runs the tournaments: it starts and ends them on time,
//! pairs their waiting players as soon as they are free (creating each
//! game through the same code path as a joined seek, so the game is an
//! ordinary rated game with its clock, storage and rating), and sends the
//! changed standings to the tournament sockets. It looks again whenever a
//! game starts or ends (the bus's lobby signal, which other server
//! processes' games raise too), when a tournament is created, joined or
//! left, and at the next start or end. Everything it needs is read from
//! the store on each look, so after a restart it goes on where it was.
//! A player who loses a game on time without making a move is taken to
//! have left and is withdrawn (as lichess does), so that opponents do not
//! wait out an empty chair game after game; joining again brings them
//! back.
//! Server processes sharing a database may all run it: a pairing is a
//! claim in the store ([`crate::store::Store::claim_pairing`]) that only
//! one of them wins.

use super::pairing::{pair, Pair};
use super::snapshot::Snapshot;
use super::standings::GameOutcome;
use crate::app::App;
use crate::game::meta::{GameMeta, Pairing};
use crate::games::{human_seat, store_new_game};
use crate::ids::RandomId;
use crate::store::PairingClaim;
use axum::extract::ws::Utf8Bytes;
use gamut_protocol::ids::{now_ms, GameId};
use gamut_protocol::tournament::status::TournamentStatus;
use gamut_protocol::tournament::TournamentMessage;
use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::task::JoinHandle;

/// The longest the driver sleeps without looking (a safety net: every
/// change it must act on wakes it).
const MAX_SLEEP: Duration = Duration::from_secs(30);
/// How long it waits after a failed look.
const RETRY: Duration = Duration::from_secs(2);

/// Starts the driver of `app`'s tournaments (it stops when `app` is
/// dropped).
pub fn spawn(app: &Arc<App>) -> JoinHandle<()> {
    let wake = app.tournaments.wake();
    let lobby = app.bus.subscribe_lobby();
    tokio::spawn(run(Arc::downgrade(app), wake, lobby))
}

async fn run(
    app: Weak<App>,
    wake: Arc<tokio::sync::Notify>,
    mut lobby: tokio::sync::broadcast::Receiver<()>,
) {
    // The tournament games seen being played, to tell which ended since.
    let mut live = HashSet::new();
    loop {
        let Some(strong) = app.upgrade() else { return };
        let sleep = match look(&strong, &mut live).await {
            Ok(Some(at)) => Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0)),
            Ok(None) => MAX_SLEEP,
            Err(e) => {
                tracing::error!("tournaments: {e:#}");
                RETRY
            }
        };
        drop(strong);
        tokio::select! {
            changed = lobby.recv() => {
                if let Err(tokio::sync::broadcast::error::RecvError::Closed) = changed {
                    return;
                }
                // Changes that came together are looked at together.
                while lobby.try_recv().is_ok() {}
            }
            () = wake.notified() => {}
            () = tokio::time::sleep(sleep.min(MAX_SLEEP)) => {}
        }
    }
}

/// Looks at every tournament not finished (`live`: its games seen being
/// played, kept from one look to the next): the next instant one of them
/// starts or ends, if any.
async fn look(app: &App, live: &mut HashSet<GameId>) -> anyhow::Result<Option<i64>> {
    let limit = i64::try_from(app.tournaments.limits.total).unwrap_or(i64::MAX);
    let rows = app.store.open_tournaments(limit.saturating_mul(2)).await?;
    let mut next: Option<i64> = None;
    for row in &rows {
        let now = now_ms();
        let mut snapshot = match Snapshot::load(&app.store, row, now).await {
            Ok(snapshot) => snapshot,
            Err(e) => {
                tracing::error!("tournament {}: {e:#}", row.id);
                continue;
            }
        };
        if withdraw_no_shows(app, &snapshot, live).await? {
            snapshot = Snapshot::load(&app.store, row, now_ms()).await?;
        }
        if snapshot.status(now) == TournamentStatus::Running && start_games(app, &snapshot).await {
            snapshot = Snapshot::load(&app.store, row, now_ms()).await?;
        }
        let now = now_ms();
        let status = snapshot.status(now);
        if status != snapshot.tournament.stored_status {
            app.store
                .set_tournament_status(&row.id, status.as_str())
                .await?;
        }
        let t = &snapshot.tournament;
        if app.tournaments.watched(&t.id) {
            app.tournaments.publish(&t.id, message_text(&snapshot, now));
        }
        let due = match status {
            TournamentStatus::Upcoming => Some(t.starts_at),
            TournamentStatus::Running => Some(t.ends_at),
            TournamentStatus::Finishing | TournamentStatus::Finished => None,
        };
        next = match (next, due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}

/// Withdraws the players of `snapshot` who lost a game on time without a
/// move since the last look (the games in `live` that ended); true if
/// any was. Notes the games being played in `live`.
async fn withdraw_no_shows(
    app: &App,
    snapshot: &Snapshot,
    live: &mut HashSet<GameId>,
) -> anyhow::Result<bool> {
    let mut withdrew = false;
    for game in &snapshot.games {
        if matches!(game.outcome, GameOutcome::Live | GameOutcome::Pending) {
            live.insert(game.id.clone());
            continue;
        }
        if !live.remove(&game.id) {
            continue;
        }
        if let Some(side) = game.no_show {
            let user = &game.players[side.index()];
            if snapshot.entrant(user).is_some_and(|e| e.active) {
                let t = snapshot.tournament.id.as_str();
                withdrew |= app.store.pause_entrant(t, user.as_str()).await?;
            }
        }
    }
    Ok(withdrew)
}

/// The tournament socket's message for `snapshot` at `now`.
pub fn message_text(snapshot: &Snapshot, now: i64) -> Utf8Bytes {
    let message = TournamentMessage::Tournament {
        tournament: snapshot.view(now),
    };
    serde_json::to_string(&message)
        .unwrap_or_else(|e| format!(r#"{{"type": "error", "error": "{e}"}}"#))
        .into()
}

/// Pairs the tournament's waiting players and starts their games; true if
/// any started.
async fn start_games(app: &App, snapshot: &Snapshot) -> bool {
    let mut started = false;
    for pair in pair(snapshot.waiting()) {
        match start_game(app, snapshot, &pair).await {
            Ok(true) => started = true,
            Ok(false) => {}
            Err(e) => tracing::error!(
                "tournament {}: pairing {} and {}: {e:#}",
                snapshot.tournament.id,
                pair.first,
                pair.second
            ),
        }
    }
    started
}

/// Claims `pair` and starts their game, unless the tournament is over or
/// another pairing of either player was stored first; true if it started.
async fn start_game(app: &App, snapshot: &Snapshot, pair: &Pair) -> anyhow::Result<bool> {
    let t = &snapshot.tournament;
    let now = now_ms();
    // A game paired after the end cannot start.
    if now >= t.ends_at {
        return Ok(false);
    }
    let (Some(first), Some(second)) = (
        snapshot.entrant(&pair.first),
        snapshot.entrant(&pair.second),
    ) else {
        return Ok(false);
    };
    let id = GameId::random();
    let claim = PairingClaim {
        tournament_id: t.id.as_str(),
        game_id: id.as_str(),
        users: [first.user.id.as_str(), second.user.id.as_str()],
        pairings: [first.pairings, second.pairings],
        at: now,
    };
    if !app.store.claim_pairing(&claim).await? {
        return Ok(false);
    }
    let seat = |user| async move {
        human_seat(app, user, t.kind, t.speed)
            .await
            .map_err(|e| anyhow::anyhow!(e.message))
    };
    let meta = GameMeta {
        id,
        kind: t.kind,
        options: t.option_pairs(),
        start: None,
        clock: t.clock,
        speed: t.speed,
        rated: true,
        pairing: Pairing::Challenge,
        seats: [
            Some(seat(&first.user).await?),
            Some(seat(&second.user).await?),
        ],
        created_at: now,
    };
    store_new_game(app, &meta, &first.user, None)
        .await
        .map_err(|e| anyhow::anyhow!(e.message))?;
    Ok(true)
}
