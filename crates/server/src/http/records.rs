//! Replays, export as a text record, import of a text record.

use crate::error::{ApiError, ApiResult};
use crate::game::meta::options_map;
use crate::game::state::GameState;
use crate::games::load_state;
use crate::http::json_body;
use crate::app::AppState;
use crate::record::TextRecord;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::Json;
use gamut_core::{DynMatch, EndReason, Outcome, Player};
use gamut_games::GameKind;
use gamut_protocol::game::ResultView;
use gamut_protocol::requests::ImportBody;
use gamut_protocol::user::Seat;
use gamut_protocol::views::{RecordedResult, ReplayResult, ReplayView};
use gamut_protocol::ErrorCode;
use std::net::SocketAddr;

/// Start, moves, and the position after every ply of a record.
fn replay_view(
    kind: GameKind,
    options: &[(String, String)],
    game: &dyn DynMatch,
    result: Option<ReplayResult>,
) -> ApiResult<ReplayView> {
    let moves = game.moves();
    let mut walk = kind
        .new_match(options, Some(&game.start_text()))
        .map_err(|e| ApiError::internal(format!("{e}")))?;
    let mut positions = Vec::with_capacity(moves.len());
    for mv in &moves {
        walk.play(mv)
            .map_err(|e| ApiError::internal(format!("{e}")))?;
        positions.push(walk.position_text());
    }
    Ok(ReplayView {
        game: kind,
        options: options_map(options),
        sides: Player::BOTH.map(|p| game.side_name(p).to_owned()),
        headers: None,
        start: game.start_text(),
        moves,
        positions,
        result,
    })
}

/// `GET /api/games/{id}/replay`.
pub async fn replay(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<ReplayView>> {
    let state = load_state(&app, &id).await?;
    let mut view = replay_view(
        state.meta.kind,
        &state.meta.options,
        state.game.as_ref(),
        state.result.clone().map(ReplayResult::Game),
    )?;
    view.positions = state.positions;
    Ok(Json(view))
}

fn export_record(state: &GameState) -> TextRecord {
    let meta = &state.meta;
    let mut headers = vec![
        ("Game".to_owned(), meta.kind.name().to_owned()),
        ("Title".to_owned(), meta.kind.title().to_owned()),
        ("Id".to_owned(), meta.id.to_string()),
    ];
    for (side, key) in Player::BOTH.into_iter().zip(["First", "Second"]) {
        let name = meta
            .seat(side)
            .map_or_else(|| "?".into(), Seat::display_name);
        headers.push((key.to_owned(), name));
    }
    for (k, v) in &meta.options {
        headers.push(("Option".to_owned(), format!("{k}={v}")));
    }
    let clock = match meta.clock {
        gamut_protocol::clock::ClockControl::Realtime {
            initial_ms,
            increment_ms,
        } => format!("{initial_ms}+{increment_ms}"),
        gamut_protocol::clock::ClockControl::Correspondence { days_per_move } => {
            format!("{days_per_move}d/move")
        }
        gamut_protocol::clock::ClockControl::Untimed => "-".to_owned(),
    };
    headers.push(("Clock".to_owned(), clock));
    if let Some(start) = &meta.start {
        headers.push(("Start".to_owned(), start.clone()));
    }
    headers.push(("Date".to_owned(), date_text(meta.created_at)));
    let result = state.result.as_ref().map(|r| r.text.clone());
    headers.push((
        "Result".to_owned(),
        result.clone().unwrap_or_else(|| "*".into()),
    ));
    if let Some(r) = &state.result {
        headers.push(("Reason".to_owned(), r.reason.to_string()));
    }
    TextRecord {
        headers,
        moves: state.game.moves(),
        result: Some(result.unwrap_or_else(|| "*".into())),
    }
}

/// `YYYY-MM-DD` of an epoch-milliseconds instant (UTC).
fn date_text(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `GET /api/games/{id}/export`.
pub async fn export(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let state = load_state(&app, &id).await?;
    Ok((
        [(CONTENT_TYPE, "text/plain; charset=utf-8")],
        export_record(&state).to_text(),
    ))
}

/// `POST /api/import`: replays a text record; stores nothing. Needs no
/// session: rate-limited per address.
pub async fn import(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<ReplayView>> {
    let key = addr.ip().to_string();
    crate::limits::count_attempt(&app.guards.imports_by_addr, &key, "imports")?;
    let body: ImportBody = json_body(body)?;
    let view =
        crate::limits::with_board_quota(&app, addr.ip(), || replay_record(&body.record))??;
    Ok(Json(view))
}

/// The result a record states for a game its moves do not finish (a
/// resignation, a timeout, an agreement): the game's own when its text and
/// reason are the rules' words, else as written.
fn stated_result(text: &str, reason: Option<&str>) -> ReplayResult {
    let winner = Outcome::winner_of(text);
    match (winner, reason.map(str::parse::<EndReason>)) {
        (Some(winner), Some(Ok(reason))) => ReplayResult::Game(ResultView {
            winner,
            reason,
            text: text.to_owned(),
        }),
        _ => ReplayResult::Record(RecordedResult {
            winner: winner.flatten(),
            reason: reason.map(str::to_owned),
            text: text.to_owned(),
        }),
    }
}

/// The replay of a text record: its game and options headers, its moves
/// replayed, its result and headers (the fuzz target `record_import` runs
/// it on any text).
pub fn replay_record(text: &str) -> ApiResult<ReplayView> {
    let record = TextRecord::parse(text).map_err(ApiError::bad_request)?;
    let kind: GameKind = record
        .header("Game")
        .ok_or_else(|| {
            ApiError::bad_request("the record has no [Game] header").code(ErrorCode::RecordNoGame)
        })?
        .parse()
        .map_err(|e| ApiError::bad_request(format!("{e}")))?;
    let mut pairs = Vec::new();
    for (k, v) in &record.headers {
        if k == "Option" {
            let (key, value) = v
                .split_once('=')
                .ok_or_else(|| ApiError::bad_request(format!("option '{v}' is not key=value")))?;
            let key = key.trim();
            if pairs.iter().any(|(k, _): &(String, String)| k == key) {
                return Err(ApiError::bad_request(format!(
                    "option '{key}' is given twice (a record gives each option once)"
                ))
                .code(ErrorCode::OptionTwice)
                .param("key", key));
            }
            pairs.push((key.to_owned(), value.trim().to_owned()));
        }
    }
    let options = kind.normalise_options(&pairs).map_err(ApiError::from)?;
    let game = kind
        .replay(&options, record.header("Start"), &record.moves)
        .map_err(ApiError::from)?;
    let result = match game.outcome() {
        Some(o) => Some(ReplayResult::Game(ResultView::from(o))),
        None => record
            .header("Result")
            .filter(|&text| text != "*")
            .map(|text| stated_result(text, record.header("Reason"))),
    };
    let mut view = replay_view(kind, &options, game.as_ref(), result)?;
    view.headers = Some(record.headers.iter().cloned().collect());
    Ok(view)
}


#[cfg(test)]
mod tests {
    use super::date_text;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date_text(0), "1970-01-01");
        assert_eq!(date_text(1_796_000_000_000), "2026-11-30");
        assert_eq!(date_text(951_782_400_000), "2000-02-29");
    }
}
