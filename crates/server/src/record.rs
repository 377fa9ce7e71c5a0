//! Games as text records: `[Key "value"]` headers, then the moves numbered
//! per pair of plies, then the result.

use std::fmt::Write;

/// A parsed text record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextRecord {
    /// Headers in order (`Option` may repeat).
    pub headers: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

/// The longest record accepted.
pub const MAX_RECORD: usize = 60_000;

impl TextRecord {
    /// The first value of header `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.headers {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{k} \"{v}\"]");
        }
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            line.push_str(mv);
            line.push(' ');
        }
        line.push_str(self.result.as_deref().unwrap_or("*"));
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads a record; errors say which line is wrong.
    pub fn parse(text: &str) -> Result<TextRecord, String> {
        if text.len() > MAX_RECORD {
            return Err(format!("a record has at most {MAX_RECORD} bytes"));
        }
        let mut record = TextRecord::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {}: a header ends with ']'", n + 1))?;
                let (key, value) = inner
                    .split_once(' ')
                    .ok_or_else(|| format!("line {}: a header is [Key \"value\"]", n + 1))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| format!("line {}: a header's value is quoted", n + 1))?;
                if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
                    return Err(format!("line {}: bad header name '{key}'", n + 1));
                }
                record.headers.push((
                    key.to_owned(),
                    value.replace("\\\"", "\"").replace("\\\\", "\\"),
                ));
                continue;
            }
            for token in line.split_whitespace() {
                if record.result.is_some() {
                    return Err(format!("line {}: '{token}' after the result", n + 1));
                }
                match token {
                    "1-0" | "0-1" | "1/2-1/2" | "*" => record.result = Some(token.to_owned()),
                    t if is_move_number(t) => {}
                    t => record.moves.push(t.to_owned()),
                }
            }
        }
        Ok(record)
    }
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let record = TextRecord {
            headers: vec![
                ("Game".into(), "loa".into()),
                ("Option".into(), "size=6".into()),
                ("First".into(), "a \"quoted\" name".into()),
            ],
            moves: vec!["b1-b3".into(), "a2-c2".into(), "e4>c3".into()],
            result: Some("1-0".into()),
        };
        let text = record.to_text();
        assert!(text.contains("1. b1-b3 a2-c2 2. e4>c3 1-0"));
        assert_eq!(TextRecord::parse(&text).unwrap(), record);
    }

    #[test]
    fn bad_records_are_errors() {
        assert!(TextRecord::parse("[Game loa]").is_err());
        assert!(TextRecord::parse("[Game \"loa\"\n").is_err());
        assert!(TextRecord::parse("1. a b 1-0 c").is_err());
        assert!(TextRecord::parse(&"x ".repeat(40_000)).is_err());
    }
}
