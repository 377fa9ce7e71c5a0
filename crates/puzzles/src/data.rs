//! The shipped puzzles: `data/<game>.txt`, embedded in the binary and
//! parsed once, on first use. The files are checked by this crate's
//! tests (they parse, their ids are unique, and a sample verifies), so a
//! file that does not parse is a build that does not pass; should one
//! still fail at run time, its game has no puzzles rather than a panic.

use crate::format;
use crate::puzzle::Puzzle;
use gamut_games::GameKind;
use std::sync::LazyLock;

/// The text of a game's shipped file.
pub fn text(game: GameKind) -> &'static str {
    match game {
        GameKind::Loa => include_str!("../data/loa.txt"),
        GameKind::Pursuit => include_str!("../data/pursuit.txt"),
        GameKind::Football => include_str!("../data/football.txt"),
    }
}

/// Every game's shipped puzzles, in catalogue order, with any error of
/// parsing.
struct Shipped {
    by_game: Vec<(GameKind, Vec<Puzzle>)>,
    errors: Vec<(GameKind, format::FormatError)>,
}

static SHIPPED: LazyLock<Shipped> = LazyLock::new(|| {
    let mut by_game = Vec::new();
    let mut errors = Vec::new();
    for &game in GameKind::ALL {
        match format::parse(text(game)) {
            Ok(mut list) => {
                // A puzzle filed under another game is left out.
                list.retain(|p| p.game == game);
                by_game.push((game, list));
            }
            Err(e) => {
                errors.push((game, e));
                by_game.push((game, Vec::new()));
            }
        }
    }
    Shipped { by_game, errors }
});

/// The shipped puzzles of a game, parsed once.
pub fn puzzles(game: GameKind) -> &'static [Puzzle] {
    SHIPPED
        .by_game
        .iter()
        .find(|(g, _)| *g == game)
        .map_or(&[], |(_, list)| list.as_slice())
}

/// The shipped puzzle with this id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    SHIPPED
        .by_game
        .iter()
        .flat_map(|(_, list)| list)
        .find(|p| p.id == id)
}

/// Errors met parsing the shipped files (empty when all parse).
pub fn errors() -> Vec<(GameKind, format::FormatError)> {
    SHIPPED.errors.clone()
}
