//! `docs/api.md` against the wire types: every JSON example there that is
//! complete (valid JSON, no `…`) must read as one of the server's request,
//! answer or message types and write back as the very same JSON, so the
//! documented format and the code cannot drift apart.

use gamut_protocol::analysis::ScoreView;
use gamut_protocol::analysis::{AnalysisMessage, AnalysisRequest, PositionView, Source};
use gamut_protocol::bots::{BotCreatedView, BotsView, NewBot};
use gamut_protocol::chat::ChatLine;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::game::ResultView;
use gamut_protocol::game::{EventView, GameSummary, GameView, HiddenView};
use gamut_protocol::notification::Notification;
use gamut_protocol::puzzles::{
    PuzzleMove, PuzzleMoveView, PuzzleSolutionView, PuzzleView, PuzzlesView,
};
use gamut_protocol::requests::{ChatPost, CreateGame, Credentials, ImportBody, MuteRequest};
use gamut_protocol::review::ReviewView;
use gamut_protocol::socket::{ClientMessage, LobbyClientMessage, ServerMessage};
use gamut_protocol::tournament::CreateTournament;
use gamut_protocol::tournament::{GameTournamentView, TournamentView};
use gamut_protocol::user::UserView;
use gamut_protocol::views::{
    CatalogueView, ChatView, CreatedView, GamesView, JoinedView, LeaderboardView, LobbyView,
    MeView, MutesView, NotificationsView, OkView, ProfileView, RatingHistoryView, RematchView,
    ReplayView,
};
use gamut_protocol::ErrorBody as ErrorView;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// The API documentation.
const API_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md"));

/// True if `value` reads as `T` and `T` writes it back unchanged.
fn is<T: DeserializeOwned + Serialize>(value: &Value) -> bool {
    serde_json::from_value::<T>(value.clone())
        .ok()
        .and_then(|t| serde_json::to_value(t).ok())
        .as_ref()
        == Some(value)
}

/// A wire type: its name, and whether a value is exactly an example of it.
type Candidate = (&'static str, fn(&Value) -> bool);

/// The wire type `value` is an exact example of, if any.
fn wire_type(value: &Value) -> Option<&'static str> {
    let candidates: [Candidate; 50] = [
        ("ErrorView", is::<ErrorView>),
        ("OkView", is::<OkView>),
        ("MeView", is::<MeView>),
        ("UserView", is::<UserView>),
        ("ClockControl", is::<ClockControl>),
        ("ResultView", is::<ResultView>),
        ("GameSummary", is::<GameSummary>),
        ("GameView", is::<GameView>),
        ("HiddenView", is::<HiddenView>),
        ("EventView", is::<EventView>),
        ("CatalogueView", is::<CatalogueView>),
        ("LobbyView", is::<LobbyView>),
        ("CreatedView", is::<CreatedView>),
        ("JoinedView", is::<JoinedView>),
        ("GamesView", is::<GamesView>),
        ("ReplayView", is::<ReplayView>),
        ("ProfileView", is::<ProfileView>),
        ("RatingHistoryView", is::<RatingHistoryView>),
        ("LeaderboardView", is::<LeaderboardView>),
        ("ServerMessage", is::<ServerMessage>),
        ("ClientMessage", is::<ClientMessage>),
        ("LobbyClientMessage", is::<LobbyClientMessage>),
        ("CreateGame", is::<CreateGame>),
        ("Credentials", is::<Credentials>),
        ("ImportBody", is::<ImportBody>),
        ("ChatView", is::<ChatView>),
        ("ChatLine", is::<ChatLine>),
        ("MutesView", is::<MutesView>),
        ("ChatPost", is::<ChatPost>),
        ("MuteRequest", is::<MuteRequest>),
        ("NotificationsView", is::<NotificationsView>),
        ("RematchView", is::<RematchView>),
        ("Notification", is::<Notification>),
        ("PositionView", is::<PositionView>),
        ("AnalysisRequest", is::<AnalysisRequest>),
        ("AnalysisMessage", is::<AnalysisMessage>),
        ("Source", is::<Source>),
        ("ScoreView", is::<ScoreView>),
        ("ReviewView", is::<ReviewView>),
        ("NewBot", is::<NewBot>),
        ("BotCreatedView", is::<BotCreatedView>),
        ("BotsView", is::<BotsView>),
        ("TournamentView", is::<TournamentView>),
        ("CreateTournament", is::<CreateTournament>),
        ("GameTournamentView", is::<GameTournamentView>),
        ("PuzzlesView", is::<PuzzlesView>),
        ("PuzzleView", is::<PuzzleView>),
        ("PuzzleMove", is::<PuzzleMove>),
        ("PuzzleMoveView", is::<PuzzleMoveView>),
        ("PuzzleSolutionView", is::<PuzzleSolutionView>),
    ];
    candidates
        .iter()
        .find(|(_, matches)| matches(value))
        .map(|(name, _)| *name)
}

/// The complete JSON examples of the documentation: each `json` code block
/// that is valid JSON as a whole, else each of its lines that is.
fn examples(markdown: &str) -> Vec<Value> {
    let mut found = Vec::new();
    for block in markdown.split("```json\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        if let Ok(value) = serde_json::from_str(block) {
            found.push(value);
            continue;
        }
        found.extend(
            block
                .lines()
                .filter_map(|line| serde_json::from_str::<Value>(line.trim()).ok()),
        );
    }
    found
}

#[test]
fn every_complete_example_is_exactly_a_wire_type() {
    let examples = examples(API_MD);
    assert!(examples.len() >= 30, "found {} examples", examples.len());
    let mut kinds = Vec::new();
    for example in &examples {
        let kind = wire_type(example)
            .unwrap_or_else(|| panic!("docs/api.md: {example} is no wire type exactly"));
        kinds.push(kind);
    }
    // The long examples are among them.
    for kind in [
        "GameSummary",
        "CatalogueView",
        "CreateGame",
        "ReplayView",
        "ProfileView",
        "RatingHistoryView",
        "LeaderboardView",
        "ClientMessage",
        "ServerMessage",
        "TournamentView",
        "CreateTournament",
    ] {
        assert!(kinds.contains(&kind), "no {kind} example: {kinds:?}");
    }
}

#[test]
fn a_wrong_example_would_be_caught() {
    // An extra field, a renamed one, a side that is not 0 or 1.
    for wrong in [
        r#"{"ok": true, "extra": 1}"#,
        r#"{"winner": 0, "why": "connection", "text": "1-0"}"#,
        r#"{"winner": 2, "reason": "connection", "text": "1-0"}"#,
        r#"{"type": "move", "mv": "b1-b3"}"#,
    ] {
        let value: Value = serde_json::from_str(wrong).expect("JSON");
        assert_eq!(wire_type(&value), None, "{wrong}");
    }
}

/// Every error code is in the documentation's table and has its message in
/// every language of the web client (`error.<code>`): a code added without
/// them fails here, so no refusal reaches a player untranslated.
#[test]
fn every_error_code_is_documented_and_translated() {
    use gamut_protocol::ErrorCode;
    let i18n = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/i18n");
    let mut languages = 0;
    for entry in std::fs::read_dir(i18n).expect("web/i18n") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        languages += 1;
        let text = std::fs::read_to_string(&path).expect("read");
        let catalogue: serde_json::Map<String, Value> =
            serde_json::from_str(&text).expect("a JSON object");
        for code in ErrorCode::ALL {
            assert!(
                catalogue.contains_key(&format!("error.{code}")),
                "{}: no error.{code}",
                path.display()
            );
        }
    }
    assert!(languages >= 5, "{languages} languages");
    for code in ErrorCode::ALL {
        assert!(
            API_MD.contains(&format!("| `{code}` |")),
            "docs/api.md's Error codes table lacks {code}"
        );
    }
}
