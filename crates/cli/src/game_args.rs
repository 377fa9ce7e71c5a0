//! Arguments shared by every command that sets up a game: the game name,
//! `--option key=value` (repeatable) and `--position TEXT`.

use anyhow::{bail, Context, Result};
use clap::Args;
use gamut_core::{Game, OptionKind};
use gamut_games::GameKind;

/// The game, its options and an optional start position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game (its short name).
    #[arg(help = game_help())]
    pub game: GameKind,
    /// A game option as key=value (repeatable), e.g. `--option size=6`.
    /// For a text option (a custom board), the value may name a file.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position text instead of the standard start.
    #[arg(long)]
    pub position: Option<String>,
}

/// The help of the game argument: the catalogue's short names.
pub fn game_help() -> String {
    format!("The game: {}", GameKind::names().join(", "))
}

impl GameArgs {
    /// The position of `--position` read with `options`, or `default`'s
    /// start position when none is given.
    pub fn start_position<G: Game>(
        &self,
        options: &G::Options,
        default: fn(&G::Options) -> G,
    ) -> Result<G> {
        Ok(match &self.position {
            Some(text) => G::from_text(options, text)?,
            None => default(options),
        })
    }

    /// The options as `(key, value)` pairs, files read for text options.
    pub fn option_pairs(&self) -> Result<Vec<(String, String)>> {
        let specs = self.game.option_specs();
        self.options
            .iter()
            .map(|o| {
                let Some((k, v)) = o.split_once('=') else {
                    bail!("option '{o}' is not of the form key=value");
                };
                let (k, v) = (k.trim().to_string(), v.trim().to_string());
                let is_text = specs
                    .iter()
                    .any(|s| s.key == k && s.kind == OptionKind::Text);
                if is_text && std::path::Path::new(&v).is_file() {
                    let text = std::fs::read_to_string(&v)
                        .with_context(|| format!("reading {v} for option {k}"))?;
                    return Ok((k, text));
                }
                Ok((k, v))
            })
            .collect()
    }
}
