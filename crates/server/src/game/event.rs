//! The events that change a game, as stored (one row each, JSON:
//! [`StoredEvent`]) and as published to viewers ([`Published`], rendered
//! per viewer into the wire's [`EventView`]).

use axum::extract::ws::Utf8Bytes;
use gamut_core::Player;
use gamut_protocol::clock::Clocks;
use gamut_protocol::game::{EventBody, EventView, RatingChange, ResultView};
use gamut_protocol::user::Seat;
use gamut_protocol::socket::ServerMessage;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

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
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
        /// The move, canonical notation.
        #[serde(rename = "move")]
        mv: String,
        /// The clocks after it.
        clocks: Option<Clocks>,
    },
    /// A draw offer.
    DrawOffer {
        /// Who offers.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
    },
    /// A draw offer declined.
    DrawDeclined {
        /// Who declined.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
    },
    /// A takeback request.
    TakebackRequest {
        /// Who asks.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
    },
    /// A takeback request declined.
    TakebackDeclined {
        /// Who declined.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
    },
    /// Moves taken back.
    Takeback {
        /// Who asked.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
        /// The plies taken back, last first.
        undone: Vec<String>,
        /// The clocks after it.
        clocks: Option<Clocks>,
    },
    /// A placement kept hidden until both sides have placed.
    HiddenPlacement {
        /// Who placed.
        #[serde(with = "gamut_protocol::wire::side")]
        side: Player,
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

/// Where each side is in a hidden placement phase, after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenProgress {
    /// Placements made per side.
    pub placed: [usize; 2],
    /// Each side's legal next placements (empty: done).
    pub legal: [Vec<String>; 2],
}

/// An event as published: the stored event plus what viewers need to apply
/// it without rules code.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    pub version: i64,
    pub at: i64,
    /// The event.
    pub event: StoredEvent,
    /// Position text after it.
    pub position: String,
    /// Side to move after it (`None` when over or hidden).
    pub to_move: Option<Player>,
    /// Legal moves after it.
    pub legal: Vec<String>,
    /// Plies played after it.
    pub moves: usize,
    /// During a hidden placement phase: where each side is.
    pub hidden: Option<HiddenProgress>,
    /// What the side not to move may premove after it
    /// ([`crate::game::premover::candidates`]).
    pub premoves: Vec<String>,
    /// Its socket message for each kind of viewer, written once.
    pub wire: WireTexts,
}

/// An event's socket message (`{"type": "event", ...}`) for each kind of
/// viewer (spectators, the first side, the second side), each written the
/// first time a socket sends it: every socket of a game shares one of the
/// three texts rather than rendering and writing its own.
#[derive(Debug, Default)]
pub struct WireTexts([OnceLock<Option<Utf8Bytes>>; 3]);

impl Clone for WireTexts {
    /// A copy writes its texts anew (they are a cache).
    fn clone(&self) -> Self {
        WireTexts::default()
    }
}

impl PartialEq for WireTexts {
    /// Texts are a cache: any two are equal.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Published {
    /// The socket message of the event for `viewer` (a side, or `None`
    /// for spectators), written once per kind of viewer; `None` if it
    /// cannot be written.
    pub fn message(&self, viewer: Option<Player>) -> Option<Utf8Bytes> {
        let slot = viewer.map_or(0, |side| side.index() + 1);
        self.wire.0[slot]
            .get_or_init(|| {
                let message = ServerMessage::Event {
                    event: self.render(viewer),
                };
                match serde_json::to_string(&message) {
                    Ok(text) => Some(Utf8Bytes::from(text)),
                    Err(e) => {
                        tracing::error!("cannot write a WebSocket message: {e}");
                        None
                    }
                }
            })
            .clone()
    }

    /// The event as `viewer` (a side, or `None` for spectators) may see it:
    /// a hidden placement's move and legal placements only for its side.
    pub fn render(&self, viewer: Option<Player>) -> EventView {
        let position = || self.position.clone();
        let legal = || self.legal.clone();
        let body = match self.event.clone() {
            StoredEvent::Started { players, clocks } => EventBody::Started {
                players,
                clocks,
                position: position(),
                to_move: self.to_move,
                legal: legal(),
                moves: self.moves,
            },
            StoredEvent::Move { side, mv, clocks } => EventBody::Move {
                side,
                mv,
                clocks,
                position: position(),
                to_move: self.to_move,
                legal: legal(),
                ply: self.moves,
            },
            StoredEvent::DrawOffer { side } => EventBody::DrawOffer { side },
            StoredEvent::DrawDeclined { side } => EventBody::DrawDeclined { side },
            StoredEvent::TakebackRequest { side } => EventBody::TakebackRequest { side },
            StoredEvent::TakebackDeclined { side } => EventBody::TakebackDeclined { side },
            StoredEvent::Takeback {
                side,
                undone,
                clocks,
            } => EventBody::Takeback {
                side,
                undone,
                clocks,
                position: position(),
                to_move: self.to_move,
                legal: legal(),
                moves: self.moves,
            },
            StoredEvent::HiddenPlacement { side, mv, clocks } => {
                let own = viewer == Some(side);
                let progress = self.hidden.clone().unwrap_or(HiddenProgress {
                    placed: [0, 0],
                    legal: [Vec::new(), Vec::new()],
                });
                let done = [progress.legal[0].is_empty(), progress.legal[1].is_empty()];
                EventBody::HiddenPlacement {
                    side,
                    mv: own.then_some(mv),
                    clocks,
                    placed: progress.placed,
                    done,
                    legal: own.then(|| progress.legal[side.index()].clone()),
                }
            }
            StoredEvent::Placements { moves, clocks } => EventBody::Placements {
                moves,
                clocks,
                position: position(),
                to_move: self.to_move,
                legal: legal(),
                plies: self.moves,
            },
            StoredEvent::End {
                result,
                clocks,
                ratings,
            } => EventBody::End {
                result,
                clocks,
                ratings,
            },
        };
        // The premove candidates go to the side not to move alone.
        let waiting = self.to_move.map(Player::other);
        let premoves = (viewer.is_some() && viewer == waiting && !self.premoves.is_empty())
            .then(|| self.premoves.clone());
        EventView {
            version: self.version,
            at: self.at,
            body,
            premoves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn stored_events_keep_their_json() {
        // As stored by every version of the server: sides are 0 and 1.
        let stored = [
            json!({"kind": "move", "side": 1, "move": "b1-b3", "clocks": null}),
            json!({"kind": "draw-offer", "side": 0}),
            json!({"kind": "takeback", "side": 0, "undone": ["a", "b"], "clocks": null}),
            json!({"kind": "end", "result": {"winner": 0, "reason": "resignation", "text": "1-0"},
                   "clocks": {"ms": [5, 0], "running": null, "at": 9, "placing": [false, false]}}),
            json!({"kind": "end", "result": {"winner": null, "reason": "aborted", "text": "1/2-1/2"},
                   "clocks": null, "ratings": [{"before": 1500.0, "after": 1400.0},
                                               {"before": 1500.0, "after": 1600.0}]}),
        ];
        for json in stored {
            let event: StoredEvent = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(serde_json::to_value(&event).unwrap(), json);
        }
        let event: StoredEvent =
            serde_json::from_value(json!({"kind": "hidden-placement", "side": 1, "move": "K@e8"}))
                .unwrap();
        assert_eq!(
            event,
            StoredEvent::HiddenPlacement {
                side: Player::Second,
                mv: "K@e8".into(),
                clocks: None
            }
        );
        for bad in [
            json!({"kind": "move", "side": 7, "move": "x", "clocks": null}),
            json!({"kind": "end", "result": {"winner": 0, "reason": "boredom", "text": "1-0"},
                   "clocks": null}),
            json!({"kind": "started", "players": [null, null],
                   "clocks": {"ms": [1, 1], "running": 9, "at": 0}}),
        ] {
            assert!(
                serde_json::from_value::<StoredEvent>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_hidden_placement_shows_its_move_only_to_its_side() {
        let published = Published {
            version: 5,
            at: 9,
            event: StoredEvent::HiddenPlacement {
                side: Player::Second,
                mv: "K@e8".into(),
                clocks: None,
            },
            position: "p".into(),
            to_move: None,
            legal: Vec::new(),
            moves: 3,
            hidden: Some(HiddenProgress {
                placed: [0, 1],
                legal: [vec!["K@e1".into()], vec!["Q@d8".into()]],
            }),
            premoves: Vec::new(),
            wire: WireTexts::default(),
        };
        let own = serde_json::to_value(published.render(Some(Player::Second))).unwrap();
        assert_eq!(
            own,
            json!({"version": 5, "at": 9, "kind": "hidden-placement", "side": 1, "move": "K@e8",
                   "clocks": null, "placed": [0, 1], "done": [false, false], "legal": ["Q@d8"]})
        );
        for viewer in [None, Some(Player::First)] {
            let other = serde_json::to_value(published.render(viewer)).unwrap();
            assert_eq!(
                other,
                json!({"version": 5, "at": 9, "kind": "hidden-placement", "side": 1,
                       "clocks": null, "placed": [0, 1], "done": [false, false]})
            );
        }
    }
}
