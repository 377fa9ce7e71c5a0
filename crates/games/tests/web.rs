//! The web client has what the catalogue promises for every game: the
//! module the entry names (`web/js/games/<module>.js`) and, in every
//! message catalogue of `web/i18n/`, the game's title, side names, rules
//! summary, option labels and every end reason.

use gamut_core::Player;
use gamut_games::GameKind;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn web() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

#[test]
fn every_game_has_its_web_module() {
    for &kind in GameKind::ALL {
        let path = web().join(format!("js/games/{}.js", kind.web_module()));
        assert!(path.is_file(), "{kind}: no {}", path.display());
    }
}

#[test]
fn every_language_translates_every_game() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(web().join("i18n"))
        .expect("web/i18n")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no message catalogues in web/i18n");
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let messages: Value = serde_json::from_str(&text).unwrap();
        for &kind in GameKind::ALL {
            let name = kind.name();
            let mut keys = vec![format!("game.{name}"), format!("rules.{name}.summary")];
            keys.extend(Player::BOTH.map(|p| format!("side.{name}.{}", p.index())));
            keys.extend(kind.end_reasons().iter().map(|r| format!("reason.{r}")));
            keys.extend(
                kind.option_specs()
                    .iter()
                    .map(|o| format!("option.{name}.{}", o.key)),
            );
            for key in keys {
                if messages.get(&key).is_none() {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "missing translations:\n{}",
        missing.join("\n")
    );
}
