//! What clients see of a game (`docs/api.md`): the game summary of lists
//! and the lobby ([`GameSummary`]), the full state as one viewer may see it
//! ([`GameView`]), events ([`EventView`]) and the result ([`ResultView`]).

use crate::clock::{ClockControl, Clocks, Speed};
use crate::ids::GameId;
use crate::status::GameStatus;
use crate::user::Seat;
use gamut_core::{EndReason, Outcome, Player};
use gamut_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A game summary (lists, the lobby, creating and joining).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Id.
    pub id: GameId,
    /// Which game.
    pub game: GameKind,
    /// Complete options.
    pub options: BTreeMap<String, String>,
    /// Clock control.
    pub clock: ClockControl,
    /// Speed.
    pub speed: Speed,
    /// Rated.
    pub rated: bool,
    /// Status.
    pub status: GameStatus,
    /// The seats, `null` while empty.
    pub players: [Option<Seat>; 2],
    /// Plies played.
    pub moves: usize,
    /// The result, once finished.
    pub result: Option<ResultView>,
    /// Creation time.
    pub created_at: i64,
    /// The side to move (`null` unless live; also while both sides place
    /// hidden pieces, or before the first move of a game just joined).
    #[serde(default, with = "crate::wire::option_side")]
    pub to_move: Option<Player>,
    /// When the last move was played (`null` before the first).
    pub moved_at: Option<i64>,
    /// When the time of the side to act runs out (server time, ms), while
    /// a clock runs in a live game; `null` otherwise.
    pub deadline: Option<i64>,
}

/// A hidden placement phase as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenView {
    /// Placements made per side in this phase.
    pub placed: [usize; 2],
    /// Whether each side has placed all its pieces.
    pub done: [bool; 2],
    /// The viewer's own placements (empty for spectators).
    pub yours: Vec<String>,
    /// The viewer's legal next placements (empty when done or for
    /// spectators).
    pub legal: Vec<String>,
}

/// The game state: everything a client needs to draw and play a game, as
/// seen by one viewer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// Id.
    pub id: GameId,
    /// Latest event version.
    pub version: i64,
    /// Which game.
    pub game: GameKind,
    /// The game's full name.
    pub title: String,
    /// Complete options.
    pub options: BTreeMap<String, String>,
    /// The sides' names, first and second.
    pub sides: [String; 2],
    /// Clock control.
    pub clock: ClockControl,
    /// Speed.
    pub speed: Speed,
    /// Rated.
    pub rated: bool,
    /// Status.
    pub status: GameStatus,
    /// The seats, `null` while empty.
    pub players: [Option<Seat>; 2],
    /// The name of the player a waiting challenge was sent to alone
    /// (`null` for a seek, a link, and once started).
    #[serde(default)]
    pub invitee: Option<String>,
    /// For the player not to move in a real-time game: the moves they may
    /// premove (each legal after some move of the opponent).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub premoves: Vec<String>,
    /// The viewer's side, `null` for spectators.
    #[serde(default, with = "crate::wire::option_side")]
    pub you: Option<Player>,
    /// The start position text.
    pub start: String,
    /// The current position text.
    pub position: String,
    /// The moves played.
    pub moves: Vec<String>,
    /// The position text after each ply.
    pub positions: Vec<String>,
    /// The side to move (`null` when over, not started or hidden).
    #[serde(default, with = "crate::wire::option_side")]
    pub to_move: Option<Player>,
    /// The legal moves of the side to move.
    pub legal: Vec<String>,
    /// The clocks (`null` when untimed).
    pub clocks: Option<Clocks>,
    /// When the time of the side to act runs out (server time, ms), while
    /// a clock runs; `null` otherwise.
    pub deadline: Option<i64>,
    /// The side with a pending draw offer.
    #[serde(default, with = "crate::wire::option_side")]
    pub draw_offer: Option<Player>,
    /// The side with a pending takeback request.
    #[serde(default, with = "crate::wire::option_side")]
    pub takeback_request: Option<Player>,
    /// A hidden placement phase in progress.
    pub hidden: Option<HiddenView>,
    /// The result, once finished.
    pub result: Option<ResultView>,
    /// A finished rated game's rating changes `[first, second]` (as in its
    /// `end` event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<[RatingChange; 2]>,
}

/// An event as sent to one viewer: its version and time, and what happened
/// (`kind` and its fields, flattened beside them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventView {
    /// Version.
    pub version: i64,
    /// When (server time).
    pub at: i64,
    /// What happened.
    #[serde(flatten)]
    pub body: EventBody,
    /// For the player not to move in a real-time game, after an event
    /// that changed the position: the moves they may premove (each legal
    /// after some move of the opponent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premoves: Option<Vec<String>>,
}

/// What an event did, by `kind`. Events that change the position carry the
/// resulting `position`, `to_move`, `legal` (for the side to move, as this
/// viewer sees it) and `clocks`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EventBody {
    /// Both seats are filled; play begins.
    Started {
        /// The seats.
        players: [Option<Seat>; 2],
        /// The clocks, if timed.
        clocks: Option<Clocks>,
        /// The position.
        position: String,
        /// The side to move.
        #[serde(default, with = "crate::wire::option_side")]
        to_move: Option<Player>,
        /// Its legal moves.
        legal: Vec<String>,
        /// Plies played (a set position starts at none).
        moves: usize,
    },
    /// A move.
    Move {
        /// Who moved.
        #[serde(with = "crate::wire::side")]
        side: Player,
        /// The move in canonical notation.
        #[serde(rename = "move")]
        mv: String,
        /// The clocks after it.
        clocks: Option<Clocks>,
        /// The position after it.
        position: String,
        /// The side to move next.
        #[serde(default, with = "crate::wire::option_side")]
        to_move: Option<Player>,
        /// Its legal moves.
        legal: Vec<String>,
        /// The move's number (1: the first ply).
        ply: usize,
    },
    /// A draw offer.
    DrawOffer {
        /// Who offers.
        #[serde(with = "crate::wire::side")]
        side: Player,
    },
    /// A draw offer declined.
    DrawDeclined {
        /// Who declined.
        #[serde(with = "crate::wire::side")]
        side: Player,
    },
    /// A takeback request.
    TakebackRequest {
        /// Who asks.
        #[serde(with = "crate::wire::side")]
        side: Player,
    },
    /// A takeback request declined.
    TakebackDeclined {
        /// Who declined.
        #[serde(with = "crate::wire::side")]
        side: Player,
    },
    /// Moves taken back.
    Takeback {
        /// Who asked.
        #[serde(with = "crate::wire::side")]
        side: Player,
        /// The moves taken back, last first.
        undone: Vec<String>,
        /// The clocks after it.
        clocks: Option<Clocks>,
        /// The position after it.
        position: String,
        /// The side to move.
        #[serde(default, with = "crate::wire::option_side")]
        to_move: Option<Player>,
        /// Its legal moves.
        legal: Vec<String>,
        /// Plies left.
        moves: usize,
    },
    /// A placement kept hidden until both sides have placed.
    HiddenPlacement {
        /// Who placed.
        #[serde(with = "crate::wire::side")]
        side: Player,
        /// The placement: only in the copy sent to its side.
        #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
        /// The clocks after it.
        clocks: Option<Clocks>,
        /// Placements made per side.
        placed: [usize; 2],
        /// Whether each side has placed all its pieces.
        done: [bool; 2],
        /// The placing side's legal next placements: only in its copy.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        legal: Option<Vec<String>>,
    },
    /// Every hidden placement revealed, in the engine's order.
    Placements {
        /// The placements.
        moves: Vec<String>,
        /// The clocks after them.
        clocks: Option<Clocks>,
        /// The position after them.
        position: String,
        /// The side to move.
        #[serde(default, with = "crate::wire::option_side")]
        to_move: Option<Player>,
        /// Its legal moves.
        legal: Vec<String>,
        /// Plies played.
        plies: usize,
    },
    /// The game ended.
    End {
        /// The result.
        result: ResultView,
        /// The clocks, stopped.
        clocks: Option<Clocks>,
        /// Rating changes `[first, second]`, for rated games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[RatingChange; 2]>,
    },
}

impl EventBody {
    /// The side that acted, for events one side makes.
    pub fn side(&self) -> Option<Player> {
        match self {
            EventBody::Move { side, .. }
            | EventBody::DrawOffer { side }
            | EventBody::DrawDeclined { side }
            | EventBody::TakebackRequest { side }
            | EventBody::TakebackDeclined { side }
            | EventBody::Takeback { side, .. }
            | EventBody::HiddenPlacement { side, .. } => Some(*side),
            EventBody::Started { .. } | EventBody::Placements { .. } | EventBody::End { .. } => {
                None
            }
        }
    }

    /// The position after the event, for events that change it.
    pub fn position(&self) -> Option<&str> {
        match self {
            EventBody::Started { position, .. }
            | EventBody::Move { position, .. }
            | EventBody::Takeback { position, .. }
            | EventBody::Placements { position, .. } => Some(position),
            _ => None,
        }
    }

    /// Plies played after the event, for events that change the position
    /// (a placement phase's reveal counts its placements).
    pub fn plies(&self) -> Option<usize> {
        match self {
            EventBody::Move { ply, .. } => Some(*ply),
            EventBody::Started { moves, .. } | EventBody::Takeback { moves, .. } => Some(*moves),
            EventBody::Placements { plies, .. } => Some(*plies),
            _ => None,
        }
    }

    /// The side to move after the event, for events that change the
    /// position (`Some(None)`: none, the game over or hidden).
    pub fn to_move(&self) -> Option<Option<Player>> {
        match self {
            EventBody::Started { to_move, .. }
            | EventBody::Move { to_move, .. }
            | EventBody::Takeback { to_move, .. }
            | EventBody::Placements { to_move, .. } => Some(*to_move),
            _ => None,
        }
    }

    /// The legal moves after the event, for events that change the
    /// position.
    pub fn legal(&self) -> Option<&[String]> {
        match self {
            EventBody::Started { legal, .. }
            | EventBody::Move { legal, .. }
            | EventBody::Takeback { legal, .. }
            | EventBody::Placements { legal, .. } => Some(legal),
            _ => None,
        }
    }

    /// The clocks after the event, for events that carry them.
    pub fn clocks(&self) -> Option<Option<Clocks>> {
        match self {
            EventBody::Started { clocks, .. }
            | EventBody::Move { clocks, .. }
            | EventBody::Takeback { clocks, .. }
            | EventBody::HiddenPlacement { clocks, .. }
            | EventBody::Placements { clocks, .. }
            | EventBody::End { clocks, .. } => Some(*clocks),
            _ => None,
        }
    }

    /// The result, for an `end` event.
    pub fn result(&self) -> Option<&ResultView> {
        match self {
            EventBody::End { result, .. } => Some(result),
            _ => None,
        }
    }
}

/// A finished game's result (stored in the `end` event and the summary
/// row; sent in summaries, states and `end` events).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    /// The winning side, `None` for a draw.
    #[serde(default, with = "crate::wire::option_side")]
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: EndReason,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub text: String,
}

impl ResultView {
    /// The result as an engine outcome.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            reason: self.reason,
        }
    }
}

impl From<Outcome> for ResultView {
    fn from(o: Outcome) -> Self {
        ResultView {
            winner: o.winner,
            reason: o.reason,
            text: o.result_text().to_owned(),
        }
    }
}

/// One side's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_read_back_from_their_json() {
        for json in [
            json!({"version": 2, "at": 5, "kind": "move", "side": 0, "move": "b1-b3",
                   "clocks": null, "position": "p", "to_move": 1, "legal": ["x"], "ply": 1}),
            json!({"version": 9, "at": 5, "kind": "draw-offer", "side": 1}),
            json!({"version": 20, "at": 5, "kind": "end",
                   "result": {"winner": 0, "reason": "connection", "text": "1-0"}, "clocks": null}),
            json!({"version": 30, "at": 5, "kind": "hidden-placement", "side": 1,
                   "clocks": null, "placed": [3, 2], "done": [false, false]}),
        ] {
            let event: EventView = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(serde_json::to_value(&event).unwrap(), json);
        }
        let event: EventView =
            serde_json::from_value(json!({"version": 9, "at": 5, "kind": "draw-offer", "side": 1}))
                .unwrap();
        assert_eq!(event.body.side(), Some(Player::Second));
        assert_eq!(event.body.position(), None);
    }
}
