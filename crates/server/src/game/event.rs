//! The events that change a game, as stored (one row each) and as
//! published to viewers.

use crate::clock::Clocks;
use crate::game::meta::Seat;
use gamut_core::{Outcome, Player};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    /// The winning side, `None` for a draw.
    pub winner: Option<usize>,
    /// Why it ended (`connection`, `resignation`, ...).
    pub reason: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub text: String,
}

impl From<Outcome> for ResultView {
    fn from(o: Outcome) -> Self {
        ResultView {
            winner: o.winner.map(Player::index),
            reason: o.reason.as_str().to_owned(),
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

/// A change of a game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StoredEvent {
    /// Both seats are filled; play begins.
    Started {
        /// The seats.
        players: [Option<Seat>; 2],
        /// The clocks, if timed.
        clocks: Option<Clocks>,
    },
    /// A move.
    Move {
        /// Who moved.
        side: usize,
        /// The move, canonical notation.
        #[serde(rename = "move")]
        mv: String,
        /// The clocks after it.
        clocks: Option<Clocks>,
    },
    /// A draw offer.
    DrawOffer {
        /// Who offers.
        side: usize,
    },
    /// A draw offer declined.
    DrawDeclined {
        /// Who declined.
        side: usize,
    },
    /// A takeback request.
    TakebackRequest {
        /// Who asks.
        side: usize,
    },
    /// A takeback request declined.
    TakebackDeclined {
        /// Who declined.
        side: usize,
    },
    /// Moves taken back.
    Takeback {
        /// Who asked.
        side: usize,
        /// The plies taken back, last first.
        undone: Vec<String>,
        /// The clocks after it.
        clocks: Option<Clocks>,
    },
    /// A placement kept hidden until both sides have placed.
    HiddenPlacement {
        /// Who placed.
        side: usize,
        /// The placement.
        #[serde(rename = "move")]
        mv: String,
        /// The clocks after it.
        #[serde(default)]
        clocks: Option<Clocks>,
    },
    /// Every hidden placement revealed and played, in the engine's order.
    Placements {
        /// The placements.
        moves: Vec<String>,
        /// The clocks after them.
        clocks: Option<Clocks>,
    },
    /// The game ended.
    End {
        /// The result.
        result: ResultView,
        /// The clocks, stopped.
        clocks: Option<Clocks>,
        /// Rating changes `[first, second]` for rated games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[RatingChange; 2]>,
    },
}

/// An event as published: the stored event plus what viewers need to apply
/// it without rules code.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    /// Version.
    pub version: i64,
    /// When.
    pub at: i64,
    /// The event.
    pub event: StoredEvent,
    /// Position text after it.
    pub position: String,
    /// Side to move after it (`None` when over or hidden).
    pub to_move: Option<usize>,
    /// Legal moves after it.
    pub legal: Vec<String>,
    /// Plies played after it.
    pub moves: usize,
    /// During a hidden placement phase: placements per side and each side's
    /// legal placements.
    pub hidden: Option<([usize; 2], [Vec<String>; 2])>,
}

impl Published {
    /// The event as `viewer` (a side, or `None` for spectators) may see it.
    pub fn render(&self, viewer: Option<usize>) -> Value {
        let mut v = serde_json::to_value(&self.event).unwrap_or_else(|_| json!({}));
        let obj = match v.as_object_mut() {
            Some(obj) => obj,
            None => return json!({"version": self.version}),
        };
        obj.insert("version".into(), json!(self.version));
        obj.insert("at".into(), json!(self.at));
        match &self.event {
            StoredEvent::Started { .. }
            | StoredEvent::Move { .. }
            | StoredEvent::Takeback { .. }
            | StoredEvent::Placements { .. } => {
                obj.insert("position".into(), json!(self.position));
                obj.insert("to_move".into(), json!(self.to_move));
                obj.insert("legal".into(), json!(self.legal));
                match self.event {
                    StoredEvent::Move { .. } => obj.insert("ply".into(), json!(self.moves)),
                    // A placements event's `moves` is the list of placements.
                    StoredEvent::Placements { .. } => obj.insert("plies".into(), json!(self.moves)),
                    _ => obj.insert("moves".into(), json!(self.moves)),
                };
            }
            StoredEvent::HiddenPlacement { side, .. } => {
                if let Some((placed, legal)) = &self.hidden {
                    obj.insert("placed".into(), json!(placed));
                    obj.insert(
                        "done".into(),
                        json!([legal[0].is_empty(), legal[1].is_empty()]),
                    );
                    if viewer == Some(*side) {
                        obj.insert("legal".into(), json!(legal[*side]));
                    } else {
                        obj.remove("move");
                    }
                }
            }
            _ => {}
        }
        v
    }
}
