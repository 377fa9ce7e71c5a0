//! JSON request bodies and WebSocket messages into the server's types (chat
//! messages cleaned as stored, and cleaning again changes nothing): the
//! first byte picks the type, the rest is the JSON. `serde_json::from_slice`
//! must not panic, and a value read writes back (`serde_json::to_vec`) as
//! JSON that reads back to an equal value. WebSocket frames go the way the
//! server reads them (`Envelope::of`, then `ClientMessage` and its
//! `request()`).
#![no_main]

use gamut_protocol::clock::{ClockControl, Speed};
use gamut_protocol::game::ResultView;
use gamut_protocol::requests::{
    ChatPost, CreateGame, Credentials, ImportBody, ListQuery, MuteRequest, Opponent, OptionValue,
    PageQuery, SeenRequest, SinceQuery,
};
use gamut_protocol::socket::{ClientMessage, Envelope, LobbyClientMessage, ServerMessage};
use gamut_protocol::status::GameStatus;
use gamut_server::chat::text;
use gamut_server::game::event::StoredEvent;
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::fmt::Debug;

/// Reads `T`; what it reads round-trips.
fn check<T: DeserializeOwned + Serialize + PartialEq + Debug>(json: &[u8]) -> Option<T> {
    let value = serde_json::from_slice::<T>(json).ok()?;
    let written = serde_json::to_vec(&value)
        .unwrap_or_else(|e| panic!("{value:?} read from JSON does not write: {e}"));
    let back = serde_json::from_slice::<T>(&written).unwrap_or_else(|e| {
        panic!(
            "{value:?} written as {} does not read back: {e}",
            String::from_utf8_lossy(&written)
        )
    });
    assert_eq!(
        back,
        value,
        "written as {}",
        String::from_utf8_lossy(&written)
    );
    Some(value)
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, json)) = data.split_first() else {
        return;
    };
    match which % 19 {
        0 => {
            if let Some(create) = check::<CreateGame>(json) {
                let _ = create.option_pairs();
                let _ = create.clock.validate();
            }
        }
        1 => drop(check::<Opponent>(json)),
        2 => {
            if let Some(clock) = check::<ClockControl>(json) {
                let _ = clock.validate();
            }
        }
        3 => drop(check::<Credentials>(json)),
        4 => drop(check::<ImportBody>(json)),
        5 => drop(check::<ListQuery>(json)),
        6 => drop(check::<PageQuery>(json)),
        7 => drop(check::<SinceQuery>(json)),
        8 => drop(check::<StoredEvent>(json)),
        9 => drop(check::<ResultView>(json)),
        10 => drop(check::<OptionValue>(json)),
        11 => drop(check::<GameStatus>(json)),
        12 => drop(check::<Speed>(json)),
        13 => drop(check::<LobbyClientMessage>(json)),
        14 => drop(check::<ServerMessage>(json)),
        15 => {
            // A chat message, and what the server would store of it.
            if let Some(post) = check::<ChatPost>(json) {
                if let Ok(clean) = text::clean(&post.text) {
                    assert!(!clean.is_empty() && clean.chars().count() <= text::MAX_CHARS);
                    assert_eq!(text::clean(&clean).as_deref(), Ok(clean.as_str()));
                }
            }
        }
        16 => drop(check::<MuteRequest>(json)),
        17 => drop(check::<SeenRequest>(json)),
        _ => {
            // A game WebSocket text frame, as `http::ws` reads it.
            drop(serde_json::from_slice::<Value>(json));
            if let Ok(text) = std::str::from_utf8(json) {
                let envelope = Envelope::of(text);
                let _ = envelope.is_player_only();
                if let Some(message) = check::<ClientMessage>(json) {
                    let _ = message.body.is_player_only();
                    let _ = message.body.move_text();
                }
            }
        }
    }
});
