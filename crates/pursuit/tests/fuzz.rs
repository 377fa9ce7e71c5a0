//! Fuzz-style properties: arbitrary text given to the position reader, the
//! move reader, the board reader and the options gives an error or a valid
//! result, never a panic.

use gamut_core::{Game, GameOptions};
use gamut_pursuit::{Board, Pursuit, PursuitOptions, CLASSIC_TEXT};
use proptest::prelude::*;

/// Characters that appear in valid position texts, plus a few others.
const POSITION_CHARS: &str = "KRBNPkrbnp./ 0123456789southnorthplaydrawnplace:xQ-";

fn mutated_classic() -> impl Strategy<Value = String> {
    let chars: Vec<char> = POSITION_CHARS.chars().collect();
    proptest::collection::vec(
        (0..CLASSIC_TEXT.len(), proptest::sample::select(chars)),
        1..4,
    )
    .prop_map(|edits| {
        let mut text: Vec<char> = CLASSIC_TEXT.chars().collect();
        for (i, c) in edits {
            text[i] = c;
        }
        text.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_position_text_never_panics(text in ".{0,80}") {
        let _ = Pursuit::from_text(&PursuitOptions::default(), &text);
    }

    #[test]
    fn mutated_position_text_is_valid_or_an_error(text in mutated_classic()) {
        if let Ok(pos) = Pursuit::from_text(&PursuitOptions::default(), &text) {
            // Accepted texts give positions that behave.
            let back = Pursuit::from_text(&PursuitOptions::default(), &pos.to_text()).unwrap();
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let _ = pos.outcome();
            let _ = pos.diagram();
        }
    }

    #[test]
    fn arbitrary_move_text_never_panics(text in "[-exo@KRBNPdraw0-9 ]{0,12}|.{0,20}") {
        let pos = Pursuit::start(&PursuitOptions::default());
        let _ = pos.parse_move(&text);
        let placing = Pursuit::start(&PursuitOptions::from_pairs([("setup", "placement")]).unwrap());
        let _ = placing.parse_move(&text);
    }

    #[test]
    fn arbitrary_board_text_never_panics(text in "[0-9# \n-]{0,60}|.{0,60}") {
        if let Ok(board) = Board::parse(&text) {
            prop_assert_eq!(Board::parse(board.text()).unwrap(), board);
        }
    }

    #[test]
    fn arbitrary_option_values_never_panic(key in "board|setup|pawns|repetition|move-limit|x", value in ".{0,30}") {
        let mut o = PursuitOptions::default();
        if o.set(&key, &value).is_ok() {
            let _ = o.validate();
        }
    }
}
