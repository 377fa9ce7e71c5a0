//! `GET /api/health` and `GET /api/catalogue`.

use crate::clock::SPEEDS;
use axum::Json;
use gamut_ai::Level;
use gamut_core::Player;
use gamut_games::GameKind;
use serde_json::{json, Value};

/// `GET /api/health`.
pub async fn health() -> Json<Value> {
    Json(json!({"ok": true}))
}

/// `GET /api/catalogue`: games (in catalogue order, each with its options,
/// sides, web client module and end reasons), levels, speeds.
pub async fn catalogue() -> Json<Value> {
    let games: Vec<Value> = GameKind::ALL
        .iter()
        .map(|&kind| {
            let sides = kind
                .new_match(&[], None)
                .map(|m| vec![m.side_name(Player::First), m.side_name(Player::Second)])
                .unwrap_or_default();
            json!({
                "name": kind.name(),
                "title": kind.title(),
                "sides": sides,
                "options": kind.option_specs(),
                "module": kind.web_module(),
                "end_reasons": kind.end_reasons(),
            })
        })
        .collect();
    let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    Json(json!({"games": games, "levels": levels, "speeds": SPEEDS}))
}
