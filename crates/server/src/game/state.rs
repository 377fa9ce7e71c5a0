//! A game's state, rebuilt from its stored events by [`GameState::apply`]
//! (the same function the live game uses), and its views for clients
//! ([`GameView`], [`GameSummary`]).

use crate::game::event::{HiddenProgress, Published, StoredEvent, WireTexts};
use crate::game::hidden::HiddenPhase;
use crate::game::meta::GameMeta;
use crate::game::{drawer, finisher, premover, snapshot, takebacker};
use crate::store::{EventRow, GameRow, GameUpdate, Store};
use gamut_core::Player;
use gamut_games::Match;
use gamut_protocol::clock::Clocks;
use gamut_protocol::game::{RatingChange, ResultView};
use gamut_protocol::game::{GameSummary, GameView, HiddenView};
use gamut_protocol::ids::GameId;
use gamut_protocol::status::GameStatus;

/// A game as of its latest event.
pub struct GameState {
    /// The fixed facts.
    pub meta: GameMeta,
    /// The engine's record.
    pub game: Box<dyn Match>,
    /// Latest event version (0: none yet).
    pub version: i64,
    /// When the latest event happened (the game's creation before any).
    pub last_at: i64,
    /// Position text after each ply.
    pub positions: Vec<String>,
    /// The side that played each ply.
    pub movers: Vec<Player>,
    /// The clocks (timed games).
    pub clocks: Option<Clocks>,
    /// Both seats filled and play begun.
    pub started: bool,
    /// The side with a pending draw offer.
    pub draw_offer: Option<Player>,
    /// The side with a pending takeback request.
    pub takeback_request: Option<Player>,
    /// A hidden placement phase in progress.
    pub hidden: Option<HiddenPhase>,
    /// Placements were stored as open moves (by a server that did not hide
    /// them in this game): no hidden phase starts again.
    pub open_placements: bool,
    /// The result, once over.
    pub result: Option<ResultView>,
    /// A rated game's rating changes, once over.
    pub ratings: Option<[RatingChange; 2]>,
}

impl Clone for GameState {
    fn clone(&self) -> Self {
        GameState {
            meta: self.meta.clone(),
            game: self.game.clone_match(),
            version: self.version,
            last_at: self.last_at,
            positions: self.positions.clone(),
            movers: self.movers.clone(),
            clocks: self.clocks,
            started: self.started,
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            hidden: self.hidden.clone(),
            open_placements: self.open_placements,
            result: self.result.clone(),
            ratings: self.ratings,
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
            last_at: meta.created_at,
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
            ratings: None,
        })
    }

    /// Loads game `id` from the store — its snapshot and the events after
    /// it ([`snapshot::load`]), or when that cannot serve, every event —
    /// with the published form of every event after version `since`
    /// (`i64::MAX`: none). `Ok(None)` if there is no such game; corrupt
    /// contents give an error.
    pub async fn load(
        store: &Store,
        id: &GameId,
        since: i64,
    ) -> anyhow::Result<Option<(GameState, Vec<Published>)>> {
        let Some(row) = store.game(id.as_str()).await? else {
            return Ok(None);
        };
        let missing = match snapshot::load(store, &row, since).await? {
            snapshot::Loaded::Done(state, published) => return Ok(Some((*state, published))),
            snapshot::Loaded::Missing => true,
            snapshot::Loaded::Unusable => false,
        };
        let events = store.events(id.as_str()).await?;
        let loaded = Self::rebuild(&row, &events, since).map_err(anyhow::Error::msg)?;
        if missing {
            snapshot::save(store, &loaded.0).await;
        }
        Ok(Some(loaded))
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

    /// Where the game is in its life.
    pub fn status(&self) -> GameStatus {
        if self.result.is_some() {
            GameStatus::Finished
        } else if self.started {
            GameStatus::Live
        } else {
            GameStatus::Waiting
        }
    }

    /// True if the game is being played.
    pub fn live(&self) -> bool {
        self.started && self.result.is_none()
    }

    /// The side to move, while live and not in a hidden phase.
    pub fn to_move(&self) -> Option<Player> {
        (self.live() && self.hidden.is_none()).then(|| self.game.side_to_move())
    }

    /// When the time of the side to act runs out, while a clock runs.
    pub fn deadline(&self) -> Option<i64> {
        self.clocks
            .filter(|_| self.live())
            .and_then(|c| c.deadline())
    }

    /// The summary-row changes after the latest event, stored with the
    /// events after version `since`, when the status was `before` (and the
    /// snapshot when one is due: [`snapshot::due`]).
    pub fn update(&self, at: i64, since: i64, before: GameStatus) -> GameUpdate {
        let status = self.status();
        GameUpdate {
            status: (status != before).then(|| status.as_str().to_owned()),
            moves: i64::try_from(self.positions.len()).unwrap_or(i64::MAX),
            result: self
                .result
                .as_ref()
                .and_then(|r| serde_json::to_string(r).ok()),
            ended_at: self.result.as_ref().map(|_| at),
            to_move: self
                .to_move()
                .map(|side| i64::try_from(side.index()).unwrap_or(0)),
            deadline: self.deadline(),
            snapshot: snapshot::due(self, since).then(|| snapshot::encode(self)),
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
        let side = self.game.side_to_move();
        self.game
            .play(mv)
            .map_err(|e| format!("game {}: stored move '{mv}': {e}", self.meta.id))?;
        self.positions.push(self.game.position_text());
        self.movers.push(side);
        Ok(())
    }

    /// Applies a stored event (checked: a corrupt event is an error).
    pub fn apply(&mut self, version: i64, at: i64, event: &StoredEvent) -> Result<(), String> {
        self.draw_offer = drawer::pending_after(self.draw_offer, event);
        self.takeback_request = takebacker::pending_after(self.takeback_request, event);
        match event {
            StoredEvent::Started { players, clocks } => {
                self.meta.seats = players.clone();
                self.clocks = *clocks;
                self.started = true;
            }
            StoredEvent::Move { mv, clocks, .. } => {
                if self.hidden.take().is_some() {
                    self.open_placements = true;
                }
                self.play_recorded(mv)?;
                self.clocks = *clocks;
            }
            StoredEvent::DrawOffer { .. }
            | StoredEvent::DrawDeclined { .. }
            | StoredEvent::TakebackRequest { .. }
            | StoredEvent::TakebackDeclined { .. } => {}
            StoredEvent::Takeback { undone, clocks, .. } => {
                for _ in undone {
                    self.game
                        .undo()
                        .map_err(|e| format!("game {}: stored takeback: {e}", self.meta.id))?;
                    self.positions.pop();
                    self.movers.pop();
                }
                self.clocks = *clocks;
            }
            StoredEvent::HiddenPlacement { side, mv, clocks } => {
                self.clocks = *clocks;
                let phase = self.hidden.as_mut().ok_or_else(|| {
                    format!("game {}: placement outside a hidden phase", self.meta.id)
                })?;
                phase.push(*side, mv.clone());
            }
            StoredEvent::Placements { moves, clocks } => {
                for mv in moves {
                    self.play_recorded(mv)?;
                }
                self.hidden = None;
                self.clocks = *clocks;
            }
            StoredEvent::End {
                result,
                clocks,
                ratings,
            } => {
                finisher::record_end(self.game.as_mut(), result);
                self.result = Some(result.clone());
                self.ratings = *ratings;
                self.clocks = *clocks;
                self.hidden = None;
            }
        }
        self.version = version;
        self.last_at = at;
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
            hidden: self.hidden.as_ref().map(|h| HiddenProgress {
                placed: h.placed(),
                legal: Player::BOTH.map(|side| h.legal(self.game.as_ref(), side)),
            }),
            premoves: premover::candidates(self),
            wire: WireTexts::default(),
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

    /// The game summary (lists and lobby).
    #[cfg(test)]
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            to_move: self.to_move(),
            deadline: self.deadline(),
            ..summary(
                &self.meta,
                self.status(),
                self.positions.len(),
                self.result.clone(),
            )
        }
    }

    /// The full state as `viewer` (a side or `None`) may see it.
    pub fn view(&self, viewer: Option<Player>) -> GameView {
        let m = self.game.as_ref();
        let hidden = self.hidden.as_ref().map(|h| HiddenView {
            placed: h.placed(),
            done: Player::BOTH.map(|side| h.done(m, side)),
            yours: viewer
                .map(|side| h.placements(side).to_vec())
                .unwrap_or_default(),
            legal: viewer.map(|side| h.legal(m, side)).unwrap_or_default(),
        });
        GameView {
            id: self.meta.id.clone(),
            version: self.version,
            game: self.meta.kind,
            title: self.meta.kind.title().to_owned(),
            options: self.meta.options_map(),
            sides: Player::BOTH.map(|side| m.side_name(side).to_owned()),
            clock: self.meta.clock,
            speed: self.meta.speed,
            rated: self.meta.rated,
            status: self.status(),
            players: self.meta.seats.clone(),
            invitee: None,
            premoves: match viewer {
                Some(side) if self.to_move() == Some(side.other()) => premover::candidates(self),
                _ => Vec::new(),
            },
            you: viewer,
            start: m.start_text(),
            position: m.position_text(),
            moves: m.moves(),
            positions: self.positions.clone(),
            to_move: self.to_move(),
            legal: self.legal(),
            clocks: self.clocks,
            deadline: self.deadline(),
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            hidden,
            result: self.result.clone(),
            ratings: self.ratings,
        }
    }
}

/// A game summary from its parts.
pub fn summary(
    meta: &GameMeta,
    status: GameStatus,
    moves: usize,
    result: Option<ResultView>,
) -> GameSummary {
    GameSummary {
        id: meta.id.clone(),
        game: meta.kind,
        options: meta.options_map(),
        clock: meta.clock,
        speed: meta.speed,
        rated: meta.rated,
        status,
        players: meta.seats.clone(),
        moves,
        result,
        created_at: meta.created_at,
        to_move: None,
        moved_at: None,
        deadline: None,
    }
}

/// A game summary straight from a summary row (no replay); errors name
/// what is corrupt.
pub fn summary_from_row(row: &GameRow) -> Result<GameSummary, String> {
    let meta = GameMeta::from_row(row)?;
    let status: GameStatus = row
        .status
        .parse()
        .map_err(|e| format!("game {} status: {e}", row.id))?;
    let result: Option<ResultView> = row
        .result
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| format!("game {} result: {e}", row.id))?;
    let to_move = match row.to_move {
        None => None,
        Some(side @ (0 | 1)) => Some(Player::from_index(usize::try_from(side).unwrap_or(0))),
        Some(other) => return Err(format!("game {} to_move: {other}", row.id)),
    };
    Ok(GameSummary {
        // Only a live game has a side to move.
        to_move: to_move.filter(|_| status == GameStatus::Live),
        moved_at: row.moved_at,
        deadline: row.deadline.filter(|_| status == GameStatus::Live),
        ..summary(
            &meta,
            status,
            usize::try_from(row.moves).unwrap_or(0),
            result,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing;
    use gamut_games::GameKind;

    #[test]
    fn placements_stored_as_open_moves_still_replay() {
        // A game stored by a server that played simultaneous placements in
        // the open: its move events replay, and play goes on afterwards.
        let options = [("placement", "simultaneous")];
        let mut state = testing::against_computers(GameKind::Football, &options);
        let mut saw_hidden = false;
        for version in 2..40 {
            saw_hidden |= state.hidden.is_some();
            let side = state.game.side_to_move();
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

    #[test]
    fn a_view_reads_back_as_it_was_sent() {
        let mut state = testing::two_people(GameKind::Loa, &[("size", "6")]);
        testing::play_first_legal(&mut state);
        let view = state.view(Some(Player::Second));
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["you"], 1);
        assert_eq!(json["to_move"], 1);
        assert_eq!(json["status"], "live");
        assert_eq!(json["speed"], "correspondence");
        assert_eq!(json["options"]["size"], "6");
        assert_eq!(serde_json::from_value::<GameView>(json).unwrap(), view);
        assert_eq!(state.summary().status, GameStatus::Live);
    }

    #[test]
    fn a_summary_row_with_a_bad_status_or_result_is_an_error() {
        let state = testing::two_people(GameKind::Loa, &[]);
        let mut row = state
            .meta
            .new_row(&testing::alice(), GameStatus::Live, 1)
            .unwrap();
        row.to_move = Some(0);
        assert_eq!(summary_from_row(&row).unwrap(), state.summary());
        row.status = "sleeping".into();
        assert!(summary_from_row(&row).unwrap_err().contains("status"));
        row.status = "finished".into();
        row.result = Some(r#"{"winner": 3, "reason": "timeout", "text": "1-0"}"#.into());
        assert!(summary_from_row(&row).unwrap_err().contains("result"));
    }
}
