//! The puzzle data file: one puzzle per line, tab-separated, read and
//! written here.
//!
//! # Format
//!
//! A UTF-8 text file. Empty lines and lines starting with `#` are ignored
//! (the writer starts with `# gamut puzzles 1` and a `#` line naming the
//! columns). Every other line is one puzzle: ten fields separated by one
//! tab each, in this order:
//!
//! | field | content |
//! |---|---|
//! | `id` | the stable id (`loa-0001`): letters, digits, `-`, `_` |
//! | `game` | the game's short name (`loa`, `pursuit`, `football`) |
//! | `options` | `-` for the defaults, else `key=value` pairs joined by `;` |
//! | `position` | the position text before the solver's first move |
//! | `line` | the forced line, moves separated by one space (an odd number) |
//! | `themes` | theme ids joined by `,` (`connect-in-2,capture`), `-` for none |
//! | `source` | where the position came from (free text without tabs) |
//! | `proof` | `proven`, or `engine:<nodes>` |
//! | `rating` | the first rating guess (a number) |
//! | `refutations` | `-`, or items separated by one space: `<wrong first move>\|<reply>[,<reply>...]` (`<move>\|` when the move fails at once) |
//!
//! Moves never contain spaces, tabs, `|` or `,`, so the fields need no
//! quoting; the writer refuses a puzzle that breaks these rules
//! ([`FormatError`]) rather than write a file it could not read back.
//! [`parse`] checks the fields' shape (not the moves' legality: that is
//! [`crate::verify`]'s job) and never panics.

use crate::puzzle::{Proof, Puzzle};
use gamut_games::GameKind;
use std::fmt::Write;
use thiserror::Error;

/// The first line the writer puts in a file.
pub const HEADER: &str = "# gamut puzzles 1";

/// The column names, in order.
pub const COLUMNS: [&str; 10] = [
    "id",
    "game",
    "options",
    "position",
    "line",
    "themes",
    "source",
    "proof",
    "rating",
    "refutations",
];

/// A puzzle file that cannot be read, or a puzzle that cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// A line without exactly ten tab-separated fields.
    #[error("line {line}: {found} fields, expected {expected}", expected = COLUMNS.len())]
    Fields {
        /// 1-based line number.
        line: usize,
        /// Fields found.
        found: usize,
    },
    /// A field whose content is malformed.
    #[error("line {line}: field '{field}': {reason}")]
    Field {
        /// 1-based line number (0 when writing).
        line: usize,
        /// The field's column name.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// Two puzzles with one id.
    #[error("line {line}: the id '{id}' is used twice")]
    DuplicateId {
        /// 1-based line number of the second use.
        line: usize,
        /// The id.
        id: String,
    },
}

fn field_error(line: usize, field: &'static str, reason: impl Into<String>) -> FormatError {
    FormatError::Field {
        line,
        field,
        reason: reason.into(),
    }
}

/// Whether `s` is a move the format can hold.
fn good_move(s: &str) -> bool {
    !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c == '|' || c == ',')
}

fn good_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn good_theme(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Free text that fits one field: non-empty, no tab, no line break.
fn good_text(s: &str) -> bool {
    !s.trim().is_empty() && !s.contains(['\t', '\n', '\r'])
}

/// Read a puzzle file. Errors name the line and the field.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, FormatError> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = parse_line(line, n)?;
        if !ids.insert(puzzle.id.clone()) {
            return Err(FormatError::DuplicateId {
                line: n,
                id: puzzle.id,
            });
        }
        out.push(puzzle);
    }
    Ok(out)
}

/// Read one puzzle line (`n`: its line number, for errors).
pub fn parse_line(line: &str, n: usize) -> Result<Puzzle, FormatError> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, game, options, position, moves, themes, source, proof, rating, refutations] =
        fields[..]
    else {
        return Err(FormatError::Fields {
            line: n,
            found: fields.len(),
        });
    };
    if !good_id(id) {
        return Err(field_error(n, "id", format!("bad id '{id}'")));
    }
    let game: GameKind = game
        .parse()
        .map_err(|e: gamut_games::CatalogueError| field_error(n, "game", e.to_string()))?;
    let options = if options == "-" {
        Vec::new()
    } else {
        options
            .split(';')
            .map(|pair| {
                pair.split_once('=')
                    .filter(|(k, _)| !k.is_empty())
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or_else(|| field_error(n, "options", format!("'{pair}' is not key=value")))
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    if !good_text(position) {
        return Err(field_error(n, "position", "empty"));
    }
    let line_moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
    if line_moves.iter().any(|m| !good_move(m)) {
        return Err(field_error(
            n,
            "line",
            "a move is empty or holds a separator",
        ));
    }
    if line_moves.len().is_multiple_of(2) {
        return Err(field_error(
            n,
            "line",
            format!(
                "{} moves: a line ends with the solver's move (an odd number)",
                line_moves.len()
            ),
        ));
    }
    let themes: Vec<String> = if themes == "-" {
        Vec::new()
    } else {
        themes.split(',').map(str::to_string).collect()
    };
    if let Some(bad) = themes.iter().find(|t| !good_theme(t)) {
        return Err(field_error(n, "themes", format!("bad theme '{bad}'")));
    }
    if !good_text(source) {
        return Err(field_error(n, "source", "empty"));
    }
    let proof = match proof {
        "proven" => Proof::Proven,
        p => match p.strip_prefix("engine:").map(str::parse::<u64>) {
            Some(Ok(nodes)) => Proof::Engine { nodes },
            _ => {
                return Err(field_error(
                    n,
                    "proof",
                    format!("'{p}' is neither 'proven' nor 'engine:<nodes>'"),
                ))
            }
        },
    };
    let rating: f64 = rating
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite())
        .ok_or_else(|| field_error(n, "rating", format!("'{rating}' is not a number")))?;
    let refutations = if refutations == "-" {
        Vec::new()
    } else {
        refutations
            .split(' ')
            .map(|item| {
                let (mv, replies) = item
                    .split_once('|')
                    .ok_or_else(|| field_error(n, "refutations", format!("'{item}' has no '|'")))?;
                let replies: Vec<String> = if replies.is_empty() {
                    Vec::new()
                } else {
                    replies.split(',').map(str::to_string).collect()
                };
                if !good_move(mv) || replies.iter().any(|r| !good_move(r)) {
                    return Err(field_error(n, "refutations", format!("bad item '{item}'")));
                }
                Ok((mv.to_string(), replies))
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    Ok(Puzzle {
        id: id.to_string(),
        game,
        options,
        position: position.to_string(),
        line: line_moves,
        themes,
        source: source.to_string(),
        proof,
        rating,
        refutations,
    })
}

/// One puzzle as a line (without the line break), or why it cannot be
/// written.
pub fn write_line(p: &Puzzle) -> Result<String, FormatError> {
    let bad = |field, reason: &str| Err(field_error(0, field, format!("{}: {reason}", p.id)));
    if !good_id(&p.id) {
        return bad("id", "letters, digits, '-' and '_' only");
    }
    for (k, v) in &p.options {
        if k.is_empty() || k.contains(['=', ';']) || v.contains([';', '\t', '\n', '\r']) {
            return bad("options", "an option's key or value holds a separator");
        }
    }
    if !good_text(&p.position) {
        return bad("position", "empty, or holds a tab or a line break");
    }
    if p.line.len().is_multiple_of(2) || p.line.iter().any(|m| !good_move(m)) {
        return bad(
            "line",
            "an even number of moves, or a move holding a separator",
        );
    }
    if p.themes.iter().any(|t| !good_theme(t)) {
        return bad("themes", "lower-case letters, digits and '-' only");
    }
    if !good_text(&p.source) {
        return bad("source", "empty, or holds a tab or a line break");
    }
    if !p.rating.is_finite() {
        return bad("rating", "not a finite number");
    }
    for (m, r) in &p.refutations {
        if !good_move(m) || r.iter().any(|x| !good_move(x)) {
            return bad("refutations", "a move holding a separator");
        }
    }
    let options = if p.options.is_empty() {
        "-".to_string()
    } else {
        p.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";")
    };
    let themes = if p.themes.is_empty() {
        "-".to_string()
    } else {
        p.themes.join(",")
    };
    let proof = match p.proof {
        Proof::Proven => "proven".to_string(),
        Proof::Engine { nodes } => format!("engine:{nodes}"),
    };
    let refutations = if p.refutations.is_empty() {
        "-".to_string()
    } else {
        p.refutations
            .iter()
            .map(|(m, r)| format!("{m}|{}", r.join(",")))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok([
        p.id.as_str(),
        p.game.name(),
        &options,
        &p.position,
        &p.line.join(" "),
        &themes,
        &p.source,
        &proof,
        &p.rating.to_string(),
        &refutations,
    ]
    .join("\t"))
}

/// A whole file: the header, the column names, one line per puzzle.
pub fn write(puzzles: &[Puzzle]) -> Result<String, FormatError> {
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}");
    let _ = writeln!(out, "# {}", COLUMNS.join("\t"));
    for p in puzzles {
        out.push_str(&write_line(p)?);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        Puzzle {
            id: "football-0007".into(),
            game: GameKind::Football,
            options: vec![("half-length".into(), "45".into())],
            position: "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w play w 1 10 0-0 QRN/QRN -/- -"
                .into(),
            line: vec!["e4>c3".into(), "b6-c4".into(), "b7-b8=Q".into()],
            themes: vec!["goal-in-2".into(), "through-pass".into()],
            source: "self-play seed 7 game 12 ply 31".into(),
            proof: Proof::Engine { nodes: 200_000 },
            rating: 1500.0,
            refutations: vec![
                ("a1-a2".into(), vec!["b6-c4".into()]),
                ("d2-d3".into(), Vec::new()),
            ],
        }
    }

    #[test]
    fn a_file_round_trips() {
        let mut second = sample();
        second.id = "loa-0001".into();
        second.game = GameKind::Loa;
        second.options.clear();
        second.themes.clear();
        second.refutations.clear();
        second.proof = Proof::Proven;
        second.line = vec!["b1-d3".into()];
        second.rating = 1234.5;
        let puzzles = vec![sample(), second];
        let text = write(&puzzles).unwrap();
        assert!(text.starts_with(HEADER));
        assert_eq!(parse(&text).unwrap(), puzzles);
    }

    #[test]
    fn bad_lines_are_typed_errors() {
        let good = write_line(&sample()).unwrap();
        assert!(parse_line(&good, 1).is_ok());
        let with = |i: usize, v: &str| {
            let mut f: Vec<&str> = good.split('\t').collect();
            f[i] = v;
            f.join("\t")
        };
        assert!(matches!(
            parse_line("a\tb", 3),
            Err(FormatError::Fields { line: 3, found: 2 })
        ));
        for (i, v) in [
            (0, "bad id"),
            (1, "chess"),
            (2, "novalue"),
            (3, ""),
            (4, "a b"),
            (4, "a  b"),
            (5, "Bad"),
            (6, " "),
            (7, "engine:x"),
            (8, "NaN"),
            (8, "x"),
            (9, "a1-a2"),
        ] {
            assert!(
                matches!(
                    parse_line(&with(i, v), 5),
                    Err(FormatError::Field { line: 5, .. })
                ),
                "field {i} = {v:?}"
            );
        }
        let twice = format!("{good}\n{good}\n");
        assert!(matches!(
            parse(&twice),
            Err(FormatError::DuplicateId { line: 2, .. })
        ));
    }

    #[test]
    fn unwritable_puzzles_are_refused() {
        let mut p = sample();
        p.line.push("x".into());
        assert!(write_line(&p).is_err());
        let mut p = sample();
        p.source = "a\tb".into();
        assert!(write_line(&p).is_err());
        let mut p = sample();
        p.options.push(("board".into(), "20\n0-8".into()));
        assert!(write_line(&p).is_err());
    }
}
