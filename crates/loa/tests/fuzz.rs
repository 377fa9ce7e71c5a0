//! Arbitrary and mangled text given to the position reader and the move
//! reader gives errors, never panics; whatever is accepted round-trips.

use gamut_core::{Game, GameOptions};
use gamut_loa::{Loa, LoaOptions};
use proptest::prelude::*;

fn options(size: u8) -> LoaOptions {
    LoaOptions::from_pairs([("size", ["6", "7", "8"][usize::from(size - 6)])])
        .expect("valid options")
}

/// Texts built from the characters of the format, so that many get deep
/// into validation.
fn format_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('b'),
            Just('w'),
            Just('.'),
            Just('/'),
            Just(' '),
            Just('p'),
            Just('a'),
            Just('s'),
            Just('x'),
            Just('1'),
            Just('é')
        ],
        0..90,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn check_text(size: u8, text: &str) -> Result<(), TestCaseError> {
    let o = options(size);
    if let Ok(pos) = Loa::from_text(&o, text) {
        let back = Loa::from_text(&o, &pos.to_text());
        prop_assert_eq!(back, Ok(pos.clone()));
        prop_assert_eq!(pos.hash(), pos.compute_hash());
        let _ = pos.outcome();
        let _ = pos.diagram();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_position_text_never_panics(size in 6u8..=8, text in any::<String>()) {
        check_text(size, &text)?;
    }

    #[test]
    fn format_like_position_text_never_panics(size in 6u8..=8, text in format_like()) {
        check_text(size, &text)?;
    }

    #[test]
    fn mangled_start_text_never_panics(
        size in 6u8..=8,
        eggs in any::<bool>(),
        at in any::<prop::sample::Index>(),
        c in prop_oneof![Just('b'), Just('w'), Just('.'), Just('/'), Just(' '), Just('z')],
    ) {
        let mut o = options(size);
        if eggs {
            o.set("setup", "scrambled-eggs").expect("valid option");
        }
        let mut chars: Vec<char> = Loa::start(&o).to_text().chars().collect();
        let i = at.index(chars.len());
        chars[i] = c;
        let text: String = chars.into_iter().collect();
        check_text(size, &text)?;
    }

    #[test]
    fn arbitrary_move_text_never_panics(size in 6u8..=8, text in any::<String>()) {
        let pos = Loa::start(&options(size));
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert_eq!(pos.move_text(mv), text.trim());
        }
    }

    #[test]
    fn move_like_text_never_panics(
        size in 6u8..=8,
        text in "[a-j]{0,2}[0-9]{0,2}[-x–]?[a-j]{0,2}[0-9]{0,2}",
    ) {
        let pos = Loa::start(&options(size));
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert_eq!(pos.move_text(mv), text.trim());
        }
    }
}
