//! A game's state, rebuilt from its stored events by [`GameState::apply`]
//! (the same function the live game uses), and its views for clients.

use crate::clock::Clocks;
use crate::game::event::{Published, ResultView, StoredEvent};
use crate::game::hidden::HiddenPhase;
use crate::game::meta::GameMeta;
use crate::store::{EventRow, GameRow, GameUpdate, Store};
use gamut_core::Player;
use gamut_games::Match;
use serde_json::{json, Value};

/// A game as of its latest event.
pub struct GameState {
    /// The fixed facts.
    pub meta: GameMeta,
    /// The engine's record.
    pub game: Box<dyn Match>,
    /// Latest event version (0: none yet).
    pub version: i64,
    /// Position text after each ply.
    pub positions: Vec<String>,
    /// The side that played each ply.
    pub movers: Vec<usize>,
    /// The clocks (timed games).
    pub clocks: Option<Clocks>,
    /// Both seats filled and play begun.
    pub started: bool,
    /// The side with a pending draw offer.
    pub draw_offer: Option<usize>,
    /// The side with a pending takeback request.
    pub takeback_request: Option<usize>,
    /// A hidden placement phase in progress.
    pub hidden: Option<HiddenPhase>,
    /// Placements were stored as open moves (by a server that did not hide
    /// them in this game): no hidden phase starts again.
    pub open_placements: bool,
    /// The result, once over.
    pub result: Option<ResultView>,
}

impl Clone for GameState {
    fn clone(&self) -> Self {
        GameState {
            meta: self.meta.clone(),
            game: self.game.clone_match(),
            version: self.version,
            positions: self.positions.clone(),
            movers: self.movers.clone(),
            clocks: self.clocks,
            started: self.started,
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            hidden: self.hidden.clone(),
            open_placements: self.open_placements,
            result: self.result.clone(),
        }
    }
}

impl GameState {
    /// A game before any event.
    pub fn new(meta: GameMeta) -> Result<GameState, String> {
        let game = meta
            .kind
            .new_match(&meta.options, meta.start.as_deref())
            .map_err(|e| format!("game {}: {e}", meta.id))?;
        Ok(GameState {
            meta,
            game,
            version: 0,
            positions: Vec::new(),
            movers: Vec::new(),
            clocks: None,
            started: false,
            draw_offer: None,
            takeback_request: None,
            hidden: None,
            open_placements: false,
            result: None,
        })
    }

    /// Rebuilds game `id` from the store, with the published form of every
    /// event after version `since`. `Ok(None)` if there is no such game;
    /// corrupt contents give an error.
    pub async fn load(
        store: &Store,
        id: &str,
        since: i64,
    ) -> anyhow::Result<Option<(GameState, Vec<Published>)>> {
        let Some(row) = store.game(id).await? else {
            return Ok(None);
        };
        let events = store.events(id).await?;
        Self::rebuild(&row, &events, since)
            .map(Some)
            .map_err(anyhow::Error::msg)
    }

    /// Rebuilds a game from its row and events.
    pub fn rebuild(
        row: &GameRow,
        events: &[EventRow],
        since: i64,
    ) -> Result<(GameState, Vec<Published>), String> {
        let meta = GameMeta::from_row(row)?;
        let mut state = GameState::new(meta)?;
        let mut published = Vec::new();
        for e in events {
            if e.version != state.version + 1 {
                return Err(format!(
                    "game {}: event {} follows {}",
                    row.id, e.version, state.version
                ));
            }
            let event: StoredEvent = serde_json::from_str(&e.payload)
                .map_err(|err| format!("game {} event {}: {err}", row.id, e.version))?;
            state.apply(e.version, e.at, &event)?;
            if e.version > since {
                published.push(state.published(&event, e.at));
            }
        }
        Ok((state, published))
    }

    /// `waiting`, `live` or `finished`.
    pub fn status(&self) -> &'static str {
        if self.result.is_some() {
            "finished"
        } else if self.started {
            "live"
        } else {
            "waiting"
        }
    }

    /// True if the game is being played.
    pub fn live(&self) -> bool {
        self.started && self.result.is_none()
    }

    /// The side to move, while live and not in a hidden phase.
    pub fn to_move(&self) -> Option<usize> {
        (self.live() && self.hidden.is_none()).then(|| self.game.side_to_move().index())
    }

    /// The summary-row changes after the latest event.
    pub fn update(&self, at: i64) -> GameUpdate {
        GameUpdate {
            status: self.status().to_owned(),
            moves: i64::try_from(self.positions.len()).unwrap_or(i64::MAX),
            result: self
                .result
                .as_ref()
                .and_then(|r| serde_json::to_string(r).ok()),
            ended_at: self.result.as_ref().map(|_| at),
        }
    }

    /// Starts a hidden placement phase if one begins here.
    fn refresh_hidden(&mut self, at: i64) {
        if self.hidden.is_none()
            && !self.open_placements
            && self.live()
            && self.game.hidden_placement()
        {
            self.hidden = HiddenPhase::begin(self.game.as_ref());
            if self.hidden.is_some() {
                self.clocks = self.clocks.map(|c| c.placing_from(at));
            }
        }
    }

    fn play_recorded(&mut self, mv: &str) -> Result<(), String> {
        let side = self.game.side_to_move().index();
        self.game
            .play(mv)
            .map_err(|e| format!("game {}: stored move '{mv}': {e}", self.meta.id))?;
        self.positions.push(self.game.position_text());
        self.movers.push(side);
        Ok(())
    }

    /// Applies a stored event (checked: a corrupt event is an error).
    pub fn apply(&mut self, version: i64, at: i64, event: &StoredEvent) -> Result<(), String> {
        let side_ok = |side: usize| {
            if side < 2 {
                Ok(())
            } else {
                Err(format!("game {}: bad side {side}", self.meta.id))
            }
        };
        let clocks_ok = |clocks: &Option<Clocks>| match clocks {
            Some(Clocks {
                running: Some(side),
                ..
            }) if *side > 1 => Err(format!("game {}: bad clocks", self.meta.id)),
            _ => Ok(()),
        };
        match event {
            StoredEvent::Started { clocks, .. }
            | StoredEvent::Move { clocks, .. }
            | StoredEvent::Takeback { clocks, .. }
            | StoredEvent::Placements { clocks, .. }
            | StoredEvent::HiddenPlacement { clocks, .. }
            | StoredEvent::End { clocks, .. } => clocks_ok(clocks)?,
            _ => {}
        }
        match event {
            StoredEvent::Started { players, clocks } => {
                self.meta.seats = players.clone();
                self.clocks = *clocks;
                self.started = true;
            }
            StoredEvent::Move { side, mv, clocks } => {
                side_ok(*side)?;
                if self.hidden.take().is_some() {
                    self.open_placements = true;
                }
                self.play_recorded(mv)?;
                self.clocks = *clocks;
                self.draw_offer = None;
                self.takeback_request = None;
            }
            StoredEvent::DrawOffer { side } => {
                side_ok(*side)?;
                self.draw_offer = Some(*side);
            }
            StoredEvent::DrawDeclined { .. } => self.draw_offer = None,
            StoredEvent::TakebackRequest { side } => {
                side_ok(*side)?;
                self.takeback_request = Some(*side);
            }
            StoredEvent::TakebackDeclined { .. } => self.takeback_request = None,
            StoredEvent::Takeback { undone, clocks, .. } => {
                for _ in undone {
                    self.game
                        .undo()
                        .map_err(|e| format!("game {}: stored takeback: {e}", self.meta.id))?;
                    self.positions.pop();
                    self.movers.pop();
                }
                self.clocks = *clocks;
                self.takeback_request = None;
                self.draw_offer = None;
            }
            StoredEvent::HiddenPlacement { side, mv, clocks } => {
                side_ok(*side)?;
                self.clocks = *clocks;
                let phase = self.hidden.as_mut().ok_or_else(|| {
                    format!("game {}: placement outside a hidden phase", self.meta.id)
                })?;
                phase.pending[*side].push(mv.clone());
            }
            StoredEvent::Placements { moves, clocks } => {
                for mv in moves {
                    self.play_recorded(mv)?;
                }
                self.hidden = None;
                self.clocks = *clocks;
            }
            StoredEvent::End { result, clocks, .. } => {
                if let Some(w) = result.winner {
                    side_ok(w)?;
                }
                let loser = result.winner.map(|w| Player::from_index(w).other());
                match (result.reason.as_str(), loser) {
                    ("resignation", Some(l)) => self.game.resign(l),
                    ("timeout", Some(l)) => self.game.timeout(l),
                    ("agreement", _) => self.game.agree_draw(),
                    ("aborted", _) => self.game.abort(),
                    _ => {}
                }
                self.result = Some(result.clone());
                self.clocks = *clocks;
                self.hidden = None;
                self.draw_offer = None;
                self.takeback_request = None;
            }
        }
        self.version = version;
        self.refresh_hidden(at);
        Ok(())
    }

    /// The published form of `event`, just applied.
    pub fn published(&self, event: &StoredEvent, at: i64) -> Published {
        Published {
            version: self.version,
            at,
            event: event.clone(),
            position: self.game.position_text(),
            to_move: self.to_move(),
            legal: self.legal(),
            moves: self.positions.len(),
            hidden: self.hidden.as_ref().map(|h| {
                (
                    h.placed(),
                    [
                        h.legal(self.game.as_ref(), 0),
                        h.legal(self.game.as_ref(), 1),
                    ],
                )
            }),
        }
    }

    /// Legal moves of the side to move (none when over, not started or
    /// hidden).
    pub fn legal(&self) -> Vec<String> {
        if self.to_move().is_some() {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// Game summary JSON (lists and lobby).
    pub fn summary(&self) -> Value {
        summary_json(
            &self.meta,
            self.status(),
            self.positions.len(),
            self.result.as_ref(),
        )
    }

    /// The full state as `viewer` (a side or `None`) may see it.
    pub fn view(&self, viewer: Option<usize>) -> Value {
        let m = self.game.as_ref();
        let hidden = self.hidden.as_ref().map(|h| {
            json!({
                "placed": h.placed(),
                "done": [h.done(m, 0), h.done(m, 1)],
                "yours": viewer.map(|s| h.pending[s].clone()).unwrap_or_default(),
                "legal": viewer.map(|s| h.legal(m, s)).unwrap_or_default(),
            })
        });
        json!({
            "id": self.meta.id,
            "version": self.version,
            "game": self.meta.kind.name(),
            "title": self.meta.kind.title(),
            "options": self.meta.options_json(),
            "sides": [m.side_name(Player::First), m.side_name(Player::Second)],
            "clock": self.meta.clock,
            "speed": self.meta.speed,
            "rated": self.meta.rated,
            "status": self.status(),
            "players": self.meta.seats,
            "you": viewer,
            "start": m.start_text(),
            "position": m.position_text(),
            "moves": m.moves(),
            "positions": self.positions,
            "to_move": self.to_move(),
            "legal": self.legal(),
            "clocks": self.clocks,
            "draw_offer": self.draw_offer,
            "takeback_request": self.takeback_request,
            "hidden": hidden,
            "result": self.result,
        })
    }
}

/// Game summary JSON from its parts.
pub fn summary_json(
    meta: &GameMeta,
    status: &str,
    moves: usize,
    result: Option<&ResultView>,
) -> Value {
    json!({
        "id": meta.id,
        "game": meta.kind.name(),
        "options": meta.options_json(),
        "clock": meta.clock,
        "speed": meta.speed,
        "rated": meta.rated,
        "status": status,
        "players": meta.seats,
        "moves": moves,
        "result": result,
        "created_at": meta.created_at,
    })
}

/// Game summary JSON straight from a summary row (no replay).
pub fn summary_from_row(row: &GameRow) -> Result<Value, String> {
    let meta = GameMeta::from_row(row)?;
    let result: Option<ResultView> = row
        .result
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| format!("game {} result: {e}", row.id))?;
    Ok(summary_json(
        &meta,
        &row.status,
        usize::try_from(row.moves).unwrap_or(0),
        result.as_ref(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ClockControl;
    use crate::game::meta::Seat;
    use gamut_games::GameKind;

    fn football_vs_computer() -> GameState {
        let computer = || {
            Some(Seat::Computer {
                computer: "easy".into(),
            })
        };
        let meta = GameMeta {
            id: "g".into(),
            kind: GameKind::Football,
            options: vec![("placement".into(), "simultaneous".into())],
            start: None,
            clock: ClockControl::Untimed,
            speed: "correspondence".into(),
            rated: false,
            kind_of_game: "computer".into(),
            seats: [computer(), computer()],
            created_at: 0,
        };
        let mut state = GameState::new(meta).unwrap();
        let started = StoredEvent::Started {
            players: [computer(), computer()],
            clocks: None,
        };
        state.apply(1, 0, &started).unwrap();
        state
    }

    #[test]
    fn placements_stored_as_open_moves_still_replay() {
        // A game stored by a server that played simultaneous placements in
        // the open: its move events replay, and play goes on afterwards.
        let mut state = football_vs_computer();
        let mut saw_hidden = false;
        for version in 2..40 {
            saw_hidden |= state.hidden.is_some();
            let side = state.game.side_to_move().index();
            let mv = state.game.legal_moves()[0].clone();
            let event = StoredEvent::Move {
                side,
                mv,
                clocks: None,
            };
            state.apply(version, 0, &event).unwrap();
        }
        assert!(saw_hidden, "a hidden phase would have begun");
        assert!(state.open_placements && state.hidden.is_none());
        assert!(state.to_move().is_some());
        assert!(!state.game.placing());
    }
}
