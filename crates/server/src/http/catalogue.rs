//! `GET /api/health` and `GET /api/catalogue`.

use axum::Json;
use gamut_ai::Level;
use gamut_core::Player;
use gamut_games::GameKind;
use gamut_protocol::clock::Speed;
use gamut_protocol::views::{CatalogueGameView, CatalogueView, OkView};

/// `GET /api/health`.
pub async fn health() -> Json<OkView> {
    Json(OkView::OK)
}

/// The catalogue: games (in catalogue order, each with its options, sides,
/// web client module and end reasons), levels, speeds.
pub fn catalogue_view() -> CatalogueView {
    let games = GameKind::ALL
        .iter()
        .map(|&kind| {
            let sides = kind
                .new_match(&[], None)
                .map(|m| Player::BOTH.map(|p| m.side_name(p).to_owned()).to_vec())
                .unwrap_or_default();
            CatalogueGameView {
                name: kind,
                title: kind.title().to_owned(),
                sides,
                options: kind.option_specs().iter().map(Into::into).collect(),
                module: kind.web_module().to_owned(),
                end_reasons: kind.end_reasons(),
            }
        })
        .collect();
    CatalogueView {
        games,
        levels: Level::ALL.to_vec(),
        speeds: Speed::ALL.to_vec(),
    }
}

/// `GET /api/catalogue`.
pub async fn catalogue() -> Json<CatalogueView> {
    Json(catalogue_view())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_reads_back_as_it_was_sent() {
        let view = catalogue_view();
        let json = serde_json::to_value(&view).unwrap();
        let expected = serde_json::json!({
            "name": "loa", "title": "Lines of Action", "sides": ["Black", "White"],
            "module": "loa"
        });
        let loa = &json["games"][0];
        for key in ["name", "title", "sides", "module"] {
            assert_eq!(loa[key], expected[key], "{key}");
        }
        assert_eq!(json["levels"][0], "random");
        assert_eq!(json["speeds"][4], "correspondence");
        // The options exactly as the engines declare them.
        let specs = serde_json::to_value(GameKind::Loa.option_specs()).unwrap();
        assert_eq!(loa["options"], specs);
        assert_eq!(serde_json::from_value::<CatalogueView>(json).unwrap(), view);
    }
}
