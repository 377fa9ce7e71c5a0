//! What a chat message may say: at most [`MAX_CHARS`] characters once
//! trimmed, not empty, no control characters (a tab or newline becomes a
//! space; other controls and bidirectional overrides are removed, so a
//! message cannot disguise what follows it). The text is kept as typed
//! otherwise: the client renders it as text, never as HTML.

use crate::error::ApiError;
use gamut_protocol::ErrorCode;

/// The longest message, in characters (as lichess).
pub const MAX_CHARS: usize = 140;

/// The refusal of a message longer than [`MAX_CHARS`].
fn too_long() -> ApiError {
    ApiError::bad_request(format!("a message has at most {MAX_CHARS} characters"))
        .code(ErrorCode::ChatTooLong)
        .param("n", MAX_CHARS)
}

/// The message to store for `typed`, or why it is refused.
pub fn clean(typed: &str) -> Result<String, ApiError> {
    if typed.chars().count() > MAX_CHARS * 4 {
        return Err(too_long());
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
        return Err(ApiError::bad_request("the message is empty").code(ErrorCode::ChatEmpty));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(too_long());
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
