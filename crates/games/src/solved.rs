//! Solver tables for games chosen at run time: a table saved by
//! `gamut solve --save` names in its header the game and the options it
//! was made for, so it can be opened without being told them, and then
//! given to the computer players of exactly those games
//! ([`Match::fits_solved`](crate::Match::fits_solved)).

use crate::{CatalogueError, GameKind};
use gamut_ai::solver::{table_tag, LoadError, SolvedTable};
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

/// A loaded solver table with the game and options it was made for.
#[derive(Clone, Debug)]
pub struct SolvedFile {
    /// The game.
    pub kind: GameKind,
    /// Its options, every one (`key`, `value`).
    pub options: Vec<(String, String)>,
    /// The table.
    pub table: Arc<SolvedTable>,
}

/// Why a solver table could not be opened.
#[derive(Debug, Error)]
pub enum SolvedFileError {
    /// The file is not a readable table.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Its header names a game or options this build does not have.
    #[error("the table's game: {0}")]
    Game(#[from] CatalogueError),
    /// Its header is not `name|key=value,…`.
    #[error("the table's header names no game and options: '{0}'")]
    Tag(String),
}

impl SolvedFile {
    /// Open the table saved at `path` for the game and options its
    /// header names.
    pub fn load(path: &Path) -> Result<SolvedFile, SolvedFileError> {
        let tag = table_tag(path)?;
        let (name, pairs) = tag
            .split_once('|')
            .ok_or_else(|| SolvedFileError::Tag(tag.clone()))?;
        let kind: GameKind = name.parse()?;
        let options = pairs
            .split(',')
            .filter(|p| !p.is_empty())
            .map(|p| {
                p.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or_else(|| SolvedFileError::Tag(tag.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let table = kind.new_match(&options, None)?.load_solved(path)?;
        Ok(SolvedFile {
            kind,
            options,
            table,
        })
    }

    /// "`game` (`key=value` …)": what the table is for, for people.
    pub fn describe(&self) -> String {
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{} ({})", self.kind.name(), options.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_ai::Solver;
    use gamut_core::GameOptions;
    use gamut_loa::{Loa, LoaOptions};

    fn six() -> LoaOptions {
        LoaOptions::from_pairs([("size", "6")]).unwrap()
    }

    #[test]
    fn a_table_opens_for_the_game_and_options_its_header_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("six.table");
        Solver::<Loa>::new(1).save(&six(), &path).unwrap();
        let file = SolvedFile::load(&path).unwrap();
        assert_eq!(file.kind, GameKind::Loa);
        assert!(file.options.contains(&("size".into(), "6".into())));
        assert!(file.describe().starts_with("loa (") && file.describe().contains("size=6"));
        let six_game = GameKind::Loa.new_match(&file.options, None).unwrap();
        let eight = GameKind::Loa.new_match(&[], None).unwrap();
        let football = GameKind::Football.new_match(&[], None).unwrap();
        assert!(six_game.fits_solved(&file.table));
        assert!(!eight.fits_solved(&file.table));
        assert!(!football.fits_solved(&file.table));
    }

    #[test]
    fn a_bad_file_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let missing = SolvedFile::load(&dir.path().join("none")).unwrap_err();
        assert!(
            matches!(missing, SolvedFileError::Load(LoadError::Io(_))),
            "{missing}"
        );
        let junk = dir.path().join("junk");
        std::fs::write(&junk, b"not a table at all").unwrap();
        let e = SolvedFile::load(&junk).unwrap_err();
        assert!(
            matches!(e, SolvedFileError::Load(LoadError::NotATable)),
            "{e}"
        );
        // A header cut short, and one naming a game this build lacks.
        let path = dir.path().join("six.table");
        Solver::<Loa>::new(1).save(&six(), &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&junk, &bytes[..20]).unwrap();
        let e = SolvedFile::load(&junk).unwrap_err();
        assert!(matches!(e, SolvedFileError::Load(LoadError::Length)), "{e}");
        let mut other = bytes[..12].to_vec();
        let tag = b"chess|size=8";
        other.extend_from_slice(&(tag.len() as u32).to_le_bytes());
        other.extend_from_slice(tag);
        std::fs::write(&junk, &other).unwrap();
        let e = SolvedFile::load(&junk).unwrap_err();
        assert!(matches!(e, SolvedFileError::Game(_)), "{e}");
        assert!(e.to_string().contains("chess"), "{e}");
        let mut untagged = bytes[..12].to_vec();
        untagged.extend_from_slice(&3u32.to_le_bytes());
        untagged.extend_from_slice(b"loa");
        std::fs::write(&junk, &untagged).unwrap();
        let e = SolvedFile::load(&junk).unwrap_err();
        assert!(matches!(e, SolvedFileError::Tag(_)), "{e}");
    }
}
