//! JSON request bodies and messages into the server's types: the first byte
//! picks the type, the rest is the JSON; `serde_json::from_slice` must not
//! panic (the WebSocket `ClientMessage` is private to `http::ws`: its
//! frames are read as `serde_json::Value` here).
#![no_main]

use gamut_server::clock::ClockControl;
use gamut_server::game::event::{ResultView, StoredEvent};
use gamut_server::http::accounts::Credentials;
use gamut_server::http::games::{CreateGame, ListQuery, Opponent};
use gamut_server::http::records::ImportBody;
use gamut_server::http::users::PageQuery;
use gamut_server::http::ws::SinceQuery;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&which, json)) = data.split_first() else {
        return;
    };
    match which % 11 {
        0 => drop(serde_json::from_slice::<CreateGame>(json)),
        1 => drop(serde_json::from_slice::<Opponent>(json)),
        2 => drop(serde_json::from_slice::<ClockControl>(json)),
        3 => drop(serde_json::from_slice::<Credentials>(json)),
        4 => drop(serde_json::from_slice::<ImportBody>(json)),
        5 => drop(serde_json::from_slice::<ListQuery>(json)),
        6 => drop(serde_json::from_slice::<PageQuery>(json)),
        7 => drop(serde_json::from_slice::<SinceQuery>(json)),
        8 => drop(serde_json::from_slice::<StoredEvent>(json)),
        9 => drop(serde_json::from_slice::<ResultView>(json)),
        _ => {
            // WebSocket text frames are read as JSON first.
            drop(serde_json::from_slice::<Value>(json));
        }
    }
});
