//! Game records as the server exports them (`GET /api/games/{id}/record`,
//! accepted by `POST /api/import`): `[Key "value"]` headers (`Game`,
//! `Id`, `Option` repeated as `key=value`, `Start` for a set-up position,
//! ...), then the moves numbered per pair of plies (`1. b1-d3 a2-c2 2.
//! ...`), then the result (`1-0`, `0-1`, `1/2-1/2` or `*`). A file may
//! hold many records one after the other: a header line after a record's
//! moves or result starts the next record.
//!
//! This reader is the puzzle generator's own (the server's is private to
//! it); it reads the same text and, like it, checks the moves only when
//! the game is replayed.

use gamut_games::GameKind;
use thiserror::Error;

/// One game read from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// A name for puzzle sources: the `Id` header, else `#<n>` (1-based
    /// place in the file).
    pub label: String,
    /// The game (`Game` header).
    pub game: GameKind,
    /// `Option` headers as `(key, value)`.
    pub options: Vec<(String, String)>,
    /// The `Start` header: a set-up position text.
    pub start: Option<String>,
    /// The moves in notation.
    pub moves: Vec<String>,
}

/// A records file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A malformed line.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A record without a `Game` header, or with an unknown game.
    #[error("record {record} (ending at line {line}): {reason}")]
    Record {
        /// 1-based record number.
        record: usize,
        /// Its last line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

#[derive(Default)]
struct Partial {
    headers: Vec<(String, String)>,
    moves: Vec<String>,
    has_body: bool,
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn finish(p: Partial, record: usize, line: usize) -> Result<GameText, RecordError> {
    let err = |reason: String| RecordError::Record {
        record,
        line,
        reason,
    };
    let header = |key: &str| p.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let game: GameKind = header("Game")
        .ok_or_else(|| err("no [Game] header".into()))?
        .parse()
        .map_err(|e: gamut_games::CatalogueError| err(e.to_string()))?;
    let options = p
        .headers
        .iter()
        .filter(|(k, _)| k == "Option")
        .map(|(_, v)| {
            v.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| err(format!("option '{v}' is not key=value")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(GameText {
        label: header("Id").map_or_else(|| format!("#{record}"), Clone::clone),
        game,
        options,
        start: header("Start").cloned(),
        moves: p.moves,
    })
}

/// Read every record of `text`.
pub fn parse_records(text: &str) -> Result<Vec<GameText>, RecordError> {
    let mut out = Vec::new();
    let mut cur = Partial::default();
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |reason: &str| RecordError::Line {
            line: n,
            reason: reason.to_string(),
        };
        if let Some(inner) = line.strip_prefix('[') {
            if cur.has_body {
                let done = std::mem::take(&mut cur);
                out.push(finish(done, out.len() + 1, last_line)?);
            }
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| bad("a header ends with ']'"))?;
            let (key, value) = inner
                .split_once(' ')
                .ok_or_else(|| bad("a header is [Key \"value\"]"))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| bad("a header's value is quoted"))?;
            if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(bad("bad header name"));
            }
            cur.headers.push((
                key.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
        } else {
            if cur.headers.is_empty() {
                return Err(bad("moves before any [Game] header"));
            }
            cur.has_body = true;
            for token in line.split_whitespace() {
                match token {
                    "1-0" | "0-1" | "1/2-1/2" | "*" => {}
                    t if is_move_number(t) => {}
                    t => cur.moves.push(t.to_string()),
                }
            }
        }
        last_line = n;
    }
    if !cur.headers.is_empty() {
        out.push(finish(cur, out.len() + 1, last_line)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_records_are_read() {
        let text =
            "[Game \"loa\"]\n[Id \"abc\"]\n[Option \"size=6\"]\n\n1. b1-b3 a2-c2 2. c1-c3 1-0\n\
                    [Game \"football\"]\n\n1. pick:QRN pick:BNP *\n";
        let games = parse_records(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].label, "abc");
        assert_eq!(games[0].options, vec![("size".into(), "6".into())]);
        assert_eq!(games[0].moves, vec!["b1-b3", "a2-c2", "c1-c3"]);
        assert_eq!(games[1].game, GameKind::Football);
        assert_eq!(games[1].label, "#2");
    }

    #[test]
    fn bad_records_are_errors() {
        assert!(parse_records("[Game loa]").is_err());
        assert!(parse_records("1. a b").is_err());
        assert!(parse_records("[Game \"chess\"]\n1. e4").is_err());
        assert!(parse_records("[Id \"x\"]\n1. e4").is_err());
        assert!(parse_records("[Option \"size\"]\n[Game \"loa\"]\n1. e4").is_err());
    }
}
