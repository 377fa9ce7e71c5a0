//! What a chat message may say: at most [`MAX_CHARS`] characters once
//! trimmed, not empty, no control characters (a tab or newline becomes a
//! space; other controls and bidirectional overrides are removed, so a
//! message cannot disguise what follows it). The text is kept as typed
//! otherwise: the client renders it as text, never as HTML.

/// The longest message, in characters (as lichess).
pub const MAX_CHARS: usize = 140;

/// The message to store for `typed`, or why it is refused.
pub fn clean(typed: &str) -> Result<String, String> {
    if typed.chars().count() > MAX_CHARS * 4 {
        return Err(format!("a message has at most {MAX_CHARS} characters"));
    }
    let text: String = typed
        .chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if c.is_control() || is_bidi_control(c) => None,
            c => Some(c),
        })
        .collect();
    let text = text.trim();
    if text.is_empty() {
        return Err("the message is empty".into());
    }
    if text.chars().count() > MAX_CHARS {
        return Err(format!("a message has at most {MAX_CHARS} characters"));
    }
    Ok(text.to_owned())
}

/// Bidirectional embedding, override and isolate controls.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_trimmed_and_bounded() {
        assert_eq!(clean("  gg \n wp "), Ok("gg   wp".to_owned()));
        assert_eq!(clean("<b>hi</b>"), Ok("<b>hi</b>".to_owned()));
        assert_eq!(clean("a\u{202e}b\u{0}c"), Ok("abc".to_owned()));
        assert!(clean(" \n ").is_err());
        assert!(clean(&"é".repeat(MAX_CHARS)).is_ok());
        assert!(clean(&"é".repeat(MAX_CHARS + 1)).is_err());
        assert!(clean(&"x".repeat(100_000)).is_err());
    }
}
